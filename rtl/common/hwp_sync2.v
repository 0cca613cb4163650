// SPDX-License-Identifier: Apache-2.0
//
// hwp_sync2: a W-bit two-flop synchronizer into the clock domain of clk_i.
// Only for values of which at most one bit changes between two samples of
// the destination clock (gray-coded pointers), or for levels that are held
// long enough: each bit is synchronized on its own, so bits that change
// together may arrive one clock apart.
//
// With HWP_SIM_META defined (simulation only; the clock-domain-crossing
// check tests/checks/async-fifo.sh defines it) the first flop behaves like
// one that went metastable: each bit of the source's latest change is taken
// at this clock or, at random (seeded by +meta_seed=N), one clock later
// (until then it keeps the value from before the change). A source that
// changes several bits at once (a binary pointer) is then seen torn, as it
// can be in silicon.
`default_nettype none

module hwp_sync2 #(
    parameter integer W = 1
) (
    input  wire         clk_i,
    input  wire [W-1:0] d_i,
    output wire [W-1:0] q_o
`ifdef FORMAL
    ,
    input  wire [W-1:0] f_alt_i,     // the value a bit caught mid-change may take
    output wire [W-1:0] f_s1_o       // the first flop (proofs relate it to the source)
`endif
);
    reg [W-1:0] s1_q, s2_q;

`ifdef FORMAL
    // Proofs see the first flop as it may behave in silicon: any bit may
    // resolve (at the solver's choice, f_late) to f_alt_i instead of d_i.
    // The proof drives f_alt_i with the source's value before its latest
    // change in the bits that changed since the previous sample (d_i
    // elsewhere), which is exactly what a metastable flop can resolve to.
    (* anyseq *) reg [W-1:0] f_late;
    always @(posedge clk_i) begin
        s1_q <= (d_i & ~f_late) | (f_alt_i & f_late);
        s2_q <= s1_q;
    end
`elsif HWP_SIM_META
    // d_prev: the value d_i held before its latest change; d_last_q: d_i at
    // the previous clock. Only bits of the latest change, made since the
    // previous clock, can be caught mid-transition; a late bit keeps d_prev's
    // value for one clock (never a value d_i did not hold, never going back).
    integer seed, b;
    reg [W-1:0] d_cur, d_prev, late, was_late_q, d_last_q;
    initial begin
        if (!$value$plusargs("meta_seed=%d", seed)) seed = 1;
        s1_q = {W{1'b0}};
        s2_q = {W{1'b0}};
        was_late_q = {W{1'b0}};
        d_cur = {W{1'b0}};
        d_prev = {W{1'b0}};
        d_last_q = {W{1'b0}};
    end
    always @(d_i) begin
        d_prev = d_cur;
        d_cur  = d_i;
    end
    always @(posedge clk_i) begin
        for (b = 0; b < W; b = b + 1)
            late[b] = (($random(seed) & 1) != 0) && !was_late_q[b] &&
                      (d_prev[b] === 1'b0 || d_prev[b] === 1'b1) && (d_i[b] !== d_prev[b]) &&
                      (d_i[b] !== d_last_q[b]);
        s1_q <= (d_i & ~late) | (d_prev & late);
        s2_q <= s1_q;
        was_late_q <= late;
        d_last_q   <= d_i;
    end
`else
    always @(posedge clk_i) begin
        s1_q <= d_i;
        s2_q <= s1_q;
    end
`endif
    assign q_o = s2_q;
`ifdef FORMAL
    assign f_s1_o = s1_q;
`endif
endmodule

`default_nettype wire
