// SPDX-License-Identifier: Apache-2.0
//
// hwp_strat_ak: the A_k second-level compressor of Sastry et al. section 3.4
// (an associative table of k counters in front of the output), followed by
// the registered output stage of engine strat.
//
// Three stages. K0 registers the output FIFO's head message <a, b, count>
// beside the match comparators (the FIFO's block RAM is placed away from
// them). K1 takes K0's message and registers it with its match vector
// (which entries hold the same tuple, as partial matches), computed against
// the table as it will be after this cycle's K2 action (an insertion or
// eviction at ptr this cycle is forwarded). K2 then acts:
//   hit                   add the count to the matching entry (no output)
//   hit, entry >= 2^31    the entry leaves with its count, the message takes
//                         it (so a 32-bit count never overflows: messages
//                         carry less than 2^25 events)
//   miss, entry[ptr] free insert at ptr, ptr advances (no output)
//   miss, entry[ptr] used entry[ptr] leaves, the message takes it, ptr advances
// K2 acts only in a clock in which the output register is free (or being
// emptied), whatever the action. flush_start_i (end of stream, everything upstream empty) starts a
// scan that sends every valid entry, index 0 first, one per cycle; fl_done_o
// stays high afterwards. With en_i low K2 passes messages through.
// Mirrors strat_ak_classify/strat_ak_apply and strat_cyc_step (cmodel/strat).
`default_nettype none

module hwp_strat_ak #(
    parameter integer W     = 64,  // tuple field width
    parameter integer MCW   = 17,  // count width of incoming messages (<= 25)
    parameter integer AK_K  = 16   // entries
) (
    input  wire           clk_i,
    input  wire           rst_i,
    input  wire           en_i,          // A_k on (run-time configuration)
    input  wire           head_valid_i,
    input  wire [W-1:0]   head_a_i,
    input  wire [W-1:0]   head_b_i,
    input  wire [MCW-1:0] head_count_i,
    output wire           pop_o,         // the head moves into K0
    output wire           busy_o,        // K0 or K1 holds a message
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
    reg [AK_K*32-1:0] c_q /* verilator public_flat_rd */;  // entry i at [32*i +: 32]
    // a second copy of the tuples, written with a_q/b_q and read only at
    // rd_i (evicted entry, flush scan): an AK_K x 2W memory with
    // asynchronous read maps to distributed RAM (ECP5 TRELLIS_DPR16X4), so
    // the read is the RAM's own decoder instead of a 2W-bit AK_K:1
    // multiplexer over the registers the match compares use. The iCE40 has
    // no distributed RAM (HWP_ICE40, fpga/lib.sh): there the read is from
    // a_q/b_q and the copy is left out.
`ifdef HWP_ICE40
    localparam RCOPY = 0;
`else
    localparam RCOPY = 1;
`endif
    reg [W-1:0]    ra_q  [0:AK_K-1];
    reg [W-1:0]    rb_q  [0:AK_K-1];
    reg [KW-1:0]   ptr_q /* verilator public_flat_rd */;
    reg            fl_active_q, fl_done_q;
    reg [KW-1:0]   fl_idx_q;
    reg            o_v_q;
    reg [W-1:0]    o_a_q, o_b_q;
    reg [31:0]     o_c_q;
    // K0
    reg            k0_v_q;
    reg [W-1:0]    k0_a_q, k0_b_q;
    reg [MCW-1:0]  k0_c_q;
    // K1
    reg            k1_v_q;
    reg [W-1:0]    k1_a_q, k1_b_q;
    reg [MCW-1:0]  k1_c_q;
    // K1's match vector as NCH partial matches per entry (entry j, chunk c
    // at j*NCH + c: that chunk of the tuples is equal; chunk 0 also needs
    // the entry valid): each comparator in front of K1 is a quarter of the
    // tuple wide, and K2 ANDs the NCH bits of an entry
    localparam integer NCH = 4;
    localparam integer CH  = (2 * W + NCH - 1) / NCH;  // chunk bits
    reg [AK_K*NCH-1:0] k1_mc_q;
    reg [AK_K-1:0]     k1_m;
    integer e;
    always @* begin
        for (e = 0; e < AK_K; e = e + 1) k1_m[e] = &k1_mc_q[e*NCH +: NCH];
    end

    wire [31:0] k1_c     = {{(32-MCW){1'b0}}, k1_c_q};
    wire        out_free = !o_v_q || out_ready_i;

    // K2: the registered match vector is one-hot or zero, so the hit entry
    // needs no index: each entry adds to its own count (c_nx), and what
    // leaves on an overflowing hit is K1's own tuple with the entry's count
    // (an AND-OR over the entries). The entry read (rd_i) is only ever ptr
    // or the flush scan's.
    reg          hit_f, ovf;
    reg [31:0]   c_hit;
    reg [AK_K*32-1:0] c_nx;  // entry i's count if K1's message hits it
    integer i;
    always @* begin
        hit_f = 1'b0;
        ovf   = 1'b0;
        c_hit = 32'd0;
        for (i = 0; i < AK_K; i = i + 1) begin
            hit_f = hit_f | k1_m[i];
            ovf   = ovf | (k1_m[i] & c_q[32*i + 31]);
            c_hit = c_hit | ({32{k1_m[i]}} & c_q[32*i +: 32]);
            c_nx[32*i +: 32] = c_q[32*i + 31] ? k1_c : c_q[32*i +: 32] + k1_c;
        end
    end
    wire          emits   = hit_f ? ovf : v_q[ptr_q];
    wire [KW-1:0] ptr_inc = (ptr_q == AK_K[KW-1:0] - 1'b1) ? {KW{1'b0}} : ptr_q + 1'b1;
    wire [KW-1:0] fl_last = AK_K[KW-1:0] - 1'b1;
    // one read mux for both the evicted entry and the flush scan
    wire [KW-1:0] rd_i = fl_active_q ? fl_idx_q : ptr_q;

    // what K2 does this cycle
    reg          take;     // K1's message is consumed (into the table or the output)
    reg          load;     // the output register gets a new message
    reg [W-1:0]  ld_a, ld_b;
    reg [31:0]   ld_c;
    always @* begin
        take = 1'b0;
        load = 1'b0;
        ld_a = (RCOPY != 0) ? ra_q[rd_i] : a_q[rd_i];
        ld_b = (RCOPY != 0) ? rb_q[rd_i] : b_q[rd_i];
        ld_c = c_q[32*rd_i +: 32];
        if (!fl_active_q && hit_f) begin
            ld_a = k1_a_q;
            ld_b = k1_b_q;
            ld_c = c_hit;
        end
        if (en_i) begin
            if (fl_active_q) begin
                load = out_free && v_q[fl_idx_q];
            end else if (k1_v_q && out_free) begin
                // K2 acts only when the output register is free, whether or
                // not this action emits: take, and so K1's load, does not
                // wait for the match vector's decode
                take = 1'b1;
                load = emits;
            end
        end else if (k1_v_q && out_free) begin
            take = 1'b1;
            load = 1'b1;
            ld_a = k1_a_q;
            ld_b = k1_b_q;
            ld_c = k1_c;
        end
    end
    wire tbl_wr  = en_i && take;              // K2 writes the hit entry or entry ptr
    wire tuple_w = tbl_wr && !hit_f;          // ... ptr, with a new tuple (insert / evict)

    // K1: K0's match vector against the table after this cycle's K2
    wire k1_load = k0_v_q && (!k1_v_q || take);
    wire k0_load = head_valid_i && (!k0_v_q || k1_load);
    // chunks of a tuple {a, b}, zero-padded to NCH * CH bits
    function automatic [NCH*CH-1:0] pad(input [W-1:0] a, input [W-1:0] b);
        begin
            pad = {(NCH*CH){1'b0}};
            pad[2*W-1:0] = {a, b};
        end
    endfunction
    wire [NCH*CH-1:0] k0_t = pad(k0_a_q, k0_b_q);
    wire [NCH*CH-1:0] k1_t = pad(k1_a_q, k1_b_q);
    reg  [NCH*CH-1:0] e_t;
    reg  [AK_K*NCH-1:0] m_d;
    integer j, c;
    always @* begin
        for (j = 0; j < AK_K; j = j + 1) begin
            e_t = pad(a_q[j], b_q[j]);
            for (c = 0; c < NCH; c = c + 1) begin
                if (tuple_w && ptr_q == j[KW-1:0])
                    m_d[j*NCH + c] = k0_t[c*CH +: CH] == k1_t[c*CH +: CH];
                else
                    m_d[j*NCH + c] = (c != 0 || v_q[j]) && e_t[c*CH +: CH] == k0_t[c*CH +: CH];
            end
        end
    end

    integer r;  // reset loop (its own variable: one driver per process)
    always @(posedge clk_i) begin
        if (rst_i) begin
            for (r = 0; r < AK_K; r = r + 1) v_q[r] <= 1'b0;
            ptr_q       <= {KW{1'b0}};
            fl_active_q <= 1'b0;
            fl_done_q   <= 1'b0;
            fl_idx_q    <= {KW{1'b0}};
            o_v_q       <= 1'b0;
            k0_v_q      <= 1'b0;
            k1_v_q      <= 1'b0;
        end else begin
            if (load) o_v_q <= 1'b1;
            else if (out_ready_i) o_v_q <= 1'b0;
            if (k0_load) k0_v_q <= 1'b1;
            else if (k1_load) k0_v_q <= 1'b0;
            if (k1_load) k1_v_q <= 1'b1;
            else if (take) k1_v_q <= 1'b0;
            if (en_i && fl_active_q && out_free) begin
                v_q[fl_idx_q] <= 1'b0;
                if (fl_idx_q == fl_last) begin
                    fl_active_q <= 1'b0;
                    fl_done_q   <= 1'b1;
                end else begin
                    fl_idx_q <= fl_idx_q + 1'b1;
                end
            end
            if (tuple_w) begin  // insert or evict at ptr
                v_q[ptr_q] <= 1'b1;
                ptr_q      <= ptr_inc;
            end
            if (en_i && flush_start_i) begin
                fl_active_q <= 1'b1;
                fl_idx_q    <= {KW{1'b0}};
            end
        end
    end

    // data: not reset (only valid entries and messages are ever read)
    integer n;
    always @(posedge clk_i) begin
        if (k0_load) begin
            k0_a_q <= head_a_i;
            k0_b_q <= head_b_i;
            k0_c_q <= head_count_i;
        end
        if (k1_load) begin
            k1_a_q <= k0_a_q;
            k1_b_q <= k0_b_q;
            k1_c_q <= k0_c_q;
            k1_mc_q <= m_d;
        end
        if (tuple_w) begin
            a_q[ptr_q]  <= k1_a_q;
            b_q[ptr_q]  <= k1_b_q;
            ra_q[ptr_q] <= k1_a_q;
            rb_q[ptr_q] <= k1_b_q;
        end
        for (n = 0; n < AK_K; n = n + 1) begin
            if (tbl_wr && k1_m[n]) c_q[32*n +: 32] <= c_nx[32*n +: 32];
            else if (tuple_w && ptr_q == n[KW-1:0]) c_q[32*n +: 32] <= k1_c;
        end
        if (load) begin
            o_a_q <= ld_a;
            o_b_q <= ld_b;
            o_c_q <= ld_c;
        end
    end

    assign pop_o       = k0_load;
    assign busy_o      = k0_v_q || k1_v_q;
    assign fl_done_o   = fl_done_q;
    assign out_valid_o = o_v_q;
    assign out_a_o     = o_a_q;
    assign out_b_o     = o_b_q;
    assign out_count_o = o_c_q;
endmodule

`default_nettype wire
