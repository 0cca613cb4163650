// SPDX-License-Identifier: Apache-2.0
// The link's STATUS counters (docs/protocol.md, STATUS) in one small block
// RAM instead of flip-flops and adders: N counters of up to 32 bits, each
// wrapping at its own width (WIDTHS), with the value of a flip-flop counter
// at every clock.
//
// Counter i is (zero_q[i] ? 0 : ram[i]) + pend i (mod 2^width): pend
// takes this clock's increments (0..3 each), a clear sets it to the clear
// value (0 or 1) and marks the RAM word as zero. A flusher walks the
// counters round robin, one per clock, as a two-clock read-modify-write:
//   read   clock t:   ram[f] read (registered output)
//   write  clock t+1: ram[f] <= (zero ? 0 : word) + pend[f]; pend[f] takes
//                     only this clock's increments, zero[f] falls
// The word read at t is current at t+1: only the flusher writes, and at t it
// writes the counter it read at t-1. A clear wins over the write of the
// same clock (zero set, pend = clear value; the word written is ignored).
// "zero ? 0 : word" costs no data multiplexer: a counter marked zero (or
// cleared in the read clock) reads word N, which is never written and holds
// 0, instead of its own. The RAM keeps the counters modulo 2^32; the width
// is applied to the value read out.
//
// Reading a counter (rd_req_i with rd_idx_i) takes the RAM's read port for
// one clock instead of the flusher, but not while the flusher writes that
// counter, nor in the clock after a read: rd_take_o is high in the clock
// the read is issued (the user then drops rd_req_i), and in the next clock
// rd_ok_o is high with the value in rd_val_o (for that clock only): the
// counter's value in the clock after the take.
// A read takes the port at most every other clock, so the flusher writes
// every counter at least once in 2N clocks, and pend i never exceeds its
// clear value plus the increments of 2N clocks; PWIDTHS gives each counter
// the bits that bound needs (the user states the bound of its increments).
`default_nettype none
module hwp_link_cnt #(
    parameter integer N  = 10,                 // counters (<= 15: word N is the zero word)
    parameter [N*6-1:0] WIDTHS = {N{6'd32}},   // counter i's width (1..32) at [6*i +: 6]
    parameter integer PW = 6,                  // pending-increment bits of the widest counter
    parameter [N*3-1:0] PWIDTHS = {N{3'd6}}    // counter i's pending bits (2..PW) at [3*i +: 3]
) (
    input  wire          clk_i,
    input  wire          rst_i,                // every counter 0
    input  wire [2*N-1:0] inc_i,               // counter i += inc_i[2*i +: 2]
    input  wire [N-1:0]  clr_i,                // counter i = clr_val_i[i] (wins over inc_i)
    input  wire [N-1:0]  clr_val_i,
    input  wire          rd_req_i,
    input  wire [3:0]    rd_idx_i,
    output wire          rd_take_o,
    output wire          rd_ok_o,
    output wire [31:0]   rd_val_o
);
    // the word read is never the one written (no read-during-write bypass;
    // simulation poisons that case)
    (* ram_style = "block", no_rw_check *) reg [31:0] ram [0:15];
    initial ram[N] = 32'd0;
    reg  [31:0]   ram_q;                       // registered read port
    reg  [N*PW-1:0] pend_q;                    // counter i's at [PW*i +: PW]
    reg  [N-1:0]  zero_q;
    reg  [3:0]    f_q;                         // next counter to flush
    reg           wv_q;                        // write stage: flush of w_q
    reg  [3:0]    w_q;
    localparam integer LAST_I = N - 1;
    localparam [3:0] LAST = LAST_I[3:0];
    reg           rv_q;                        // the word read last clock is r_idx_q's
    reg  [3:0]    r_idx_q;

    // the counter at the RAM's output, complete: zero, pending, width
    function [31:0] mask_of;
        input [5:0] w;
        begin
            mask_of = (w >= 6'd32) ? 32'hffffffff : ((32'd1 << w) - 32'd1);
        end
    endfunction
    wire [3:0]  o_idx  = rv_q ? r_idx_q : w_q;
    wire [31:0] o_val  = ram_q + {{(32 - PW){1'b0}}, pend_q[PW * o_idx +: PW]};
    wire [31:0] o_mask = mask_of(WIDTHS[6 * r_idx_q +: 6]);

    assign rd_take_o = rd_req_i && !rv_q && !(wv_q && w_q == rd_idx_i);
    wire   flush_rd  = !rd_take_o;
    assign rd_ok_o   = rv_q;
    assign rd_val_o  = o_val & o_mask;
    wire   w_en      = wv_q && !rv_q;
    localparam integer ZW_I = N;
    localparam [3:0] ZW = ZW_I[3:0];           // the zero word
    wire [3:0]  r_cnt  = rd_take_o ? rd_idx_i : f_q;
    wire [3:0]  r_addr = (zero_q[r_cnt] || clr_i[r_cnt]) ? ZW : r_cnt;

    always @(posedge clk_i) begin
        ram_q <= ram[r_addr];
`ifndef SYNTHESIS
        if (w_en && r_addr == w_q) ram_q <= ~ram[w_q];
`endif
        if (w_en) ram[w_q] <= o_val;
    end

    // pending bits of counter i
    function [PW-1:0] pmask_of;
        input [2:0] w;
        begin
            pmask_of = ({{(PW - 1){1'b0}}, 1'b1} << w) - {{(PW - 1){1'b0}}, 1'b1};
        end
    endfunction

    integer i;
    always @(posedge clk_i) begin
        if (rst_i) begin
            f_q <= 4'd0; wv_q <= 1'b0; w_q <= 4'd0; rv_q <= 1'b0; r_idx_q <= 4'd0;
            zero_q <= {N{1'b1}};
            pend_q <= {(N * PW){1'b0}};
        end else begin
            rv_q <= rd_take_o;
            if (rd_take_o) r_idx_q <= rd_idx_i;
            wv_q <= flush_rd;
            if (flush_rd) begin
                w_q <= f_q;
                f_q <= (f_q == LAST) ? 4'd0 : f_q + 4'd1;
            end
            for (i = 0; i < N; i = i + 1) begin
                if (clr_i[i]) begin
                    pend_q[PW * i +: PW] <= {{(PW - 1){1'b0}}, clr_val_i[i]};
                    zero_q[i] <= 1'b1;
                end else if (w_en && {28'd0, w_q} == i) begin
                    pend_q[PW * i +: PW] <= {{(PW - 2){1'b0}}, inc_i[2 * i +: 2]};
                    zero_q[i] <= 1'b0;
                end else begin
                    pend_q[PW * i +: PW] <= (pend_q[PW * i +: PW] + {{(PW - 2){1'b0}}, inc_i[2 * i +: 2]}) &
                                            pmask_of(PWIDTHS[3 * i +: 3]);
                end
            end
        end
    end
endmodule
`default_nettype wire
