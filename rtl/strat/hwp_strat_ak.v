// SPDX-License-Identifier: Apache-2.0
//
// hwp_strat_ak: the A_k second-level compressor of Sastry et al. section 3.4
// (an associative table of k counters in front of the output), followed by
// the registered output stage of engine strat.
//
// Each cycle it looks at the output FIFO's head message <a, b, count>:
//   hit                 add the count to the matching entry (no output)
//   hit, sum > 2^32-1   the entry leaves with its count, the message takes it
//   miss, entry[ptr] free   insert at ptr, ptr advances (no output)
//   miss, entry[ptr] used   entry[ptr] leaves, the message takes it, ptr advances
// A message that makes an entry leave waits until the output register is
// free. flush_start_i (end of stream, everything upstream empty) starts a
// scan that sends every valid entry, index 0 first, one per cycle; fl_done_o
// stays high afterwards. With en_i low the stage passes messages through.
// Mirrors strat_ak_classify/strat_ak_apply and strat_cyc_step (cmodel/strat).
`default_nettype none

module hwp_strat_ak #(
    parameter integer W     = 64,  // tuple field width
    parameter integer MCW   = 17,  // count width of incoming messages
    parameter integer AK_K  = 16   // entries
) (
    input  wire           clk_i,
    input  wire           rst_i,
    input  wire           en_i,          // A_k on (run-time configuration)
    input  wire           head_valid_i,
    input  wire [W-1:0]   head_a_i,
    input  wire [W-1:0]   head_b_i,
    input  wire [MCW-1:0] head_count_i,
    output reg            pop_o,
    input  wire           flush_start_i,
    output wire           fl_done_o,
    output wire           out_valid_o,
    input  wire           out_ready_i,
    output wire [W-1:0]   out_a_o,
    output wire [W-1:0]   out_b_o,
    output wire [31:0]    out_count_o
);
    localparam integer KW = (AK_K > 1) ? $clog2(AK_K) : 1;

    reg            v_q   [0:AK_K-1] /* verilator public_flat_rd */;
    reg [W-1:0]    a_q   [0:AK_K-1] /* verilator public_flat_rd */;
    reg [W-1:0]    b_q   [0:AK_K-1] /* verilator public_flat_rd */;
    reg [31:0]     c_q   [0:AK_K-1] /* verilator public_flat_rd */;
    reg [KW-1:0]   ptr_q /* verilator public_flat_rd */;
    reg            fl_active_q, fl_done_q;
    reg [KW-1:0]   fl_idx_q;
    reg            o_v_q;
    reg [W-1:0]    o_a_q, o_b_q;
    reg [31:0]     o_c_q;

    wire [31:0] head_c = {{(32-MCW){1'b0}}, head_count_i};
    wire        out_free = !o_v_q || out_ready_i;

    // associative search (lowest matching index; entries are unique anyway)
    reg          hit_f;
    reg [KW-1:0] hit_i;
    integer i;
    always @* begin
        hit_f = 1'b0;
        hit_i = {KW{1'b0}};
        for (i = AK_K - 1; i >= 0; i = i - 1) begin
            if (v_q[i] && a_q[i] == head_a_i && b_q[i] == head_b_i) begin
                hit_f = 1'b1;
                hit_i = i[KW-1:0];
            end
        end
    end
    wire [32:0]   sum     = {1'b0, c_q[hit_i]} + {1'b0, head_c};
    wire          ovf     = sum[32];
    wire [KW-1:0] slot    = hit_f ? hit_i : ptr_q;
    wire          emits   = hit_f ? ovf : v_q[ptr_q];
    wire [KW-1:0] ptr_inc = (ptr_q == AK_K[KW-1:0] - 1'b1) ? {KW{1'b0}} : ptr_q + 1'b1;
    wire [KW-1:0] fl_last = AK_K[KW-1:0] - 1'b1;

    // one read mux for both the evicted entry and the flush scan
    wire [KW-1:0] rd_i = fl_active_q ? fl_idx_q : slot;

    // what happens this cycle
    reg          take;     // the head message is consumed into the table
    reg          load;     // the output register gets a new message
    reg [W-1:0]  ld_a, ld_b;
    reg [31:0]   ld_c;
    always @* begin
        take  = 1'b0;
        load  = 1'b0;
        pop_o = 1'b0;
        ld_a  = a_q[rd_i];
        ld_b  = b_q[rd_i];
        ld_c  = c_q[rd_i];
        if (en_i) begin
            if (fl_active_q) begin
                load = out_free && v_q[fl_idx_q];
            end else if (head_valid_i && (!emits || out_free)) begin
                take  = 1'b1;
                pop_o = 1'b1;
                load  = emits;
            end
        end else if (head_valid_i && out_free) begin
            pop_o = 1'b1;
            load  = 1'b1;
            ld_a  = head_a_i;
            ld_b  = head_b_i;
            ld_c  = head_c;
        end
    end

    integer j;
    always @(posedge clk_i) begin
        if (rst_i) begin
            for (j = 0; j < AK_K; j = j + 1) v_q[j] <= 1'b0;
            ptr_q       <= {KW{1'b0}};
            fl_active_q <= 1'b0;
            fl_done_q   <= 1'b0;
            fl_idx_q    <= {KW{1'b0}};
            o_v_q       <= 1'b0;
        end else begin
            if (load) o_v_q <= 1'b1;
            else if (out_ready_i) o_v_q <= 1'b0;
            if (en_i && fl_active_q && out_free) begin
                v_q[fl_idx_q] <= 1'b0;
                if (fl_idx_q == fl_last) begin
                    fl_active_q <= 1'b0;
                    fl_done_q   <= 1'b1;
                end else begin
                    fl_idx_q <= fl_idx_q + 1'b1;
                end
            end
            if (take) begin
                v_q[slot] <= 1'b1;
                if (!hit_f) ptr_q <= ptr_inc;  // insert or evict at ptr
            end
            if (en_i && flush_start_i) begin
                fl_active_q <= 1'b1;
                fl_idx_q    <= {KW{1'b0}};
            end
        end
    end

    // entry data: not reset (only valid entries are ever read)
    always @(posedge clk_i) begin
        if (take) begin
            a_q[slot] <= head_a_i;
            b_q[slot] <= head_b_i;
            c_q[slot] <= (hit_f && !ovf) ? sum[31:0] : head_c;
        end
        if (load) begin
            o_a_q <= ld_a;
            o_b_q <= ld_b;
            o_c_q <= ld_c;
        end
    end

    assign fl_done_o   = fl_done_q;
    assign out_valid_o = o_v_q;
    assign out_a_o     = o_a_q;
    assign out_b_o     = o_b_q;
    assign out_count_o = o_c_q;
endmodule

`default_nettype wire
