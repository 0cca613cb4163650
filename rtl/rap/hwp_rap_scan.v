// SPDX-License-Identifier: Apache-2.0
//
// Slot scanner of the RAP engine (merge batches and readout): the set bits
// of a vector loaded in one clock come out one per clock, lowest slot first,
// each from a register (idx_o), so the slot that addresses the counter and
// prefix RAMs never passes through a search in the same clock.
//
// The loaded vector (lv_q) is cut into NG chunks of CS slots, with a
// registered summary bit per chunk (cs_q: the chunk still has slots to
// emit). The chunk register ck_q holds the slots of the current chunk not
// yet emitted; each clock the lowest one moves to the output register, and
// when ck_q empties (or is about to), the lowest chunk left in cs_q is
// loaded into it. No path searches more than max(NG, CS) slots, and the
// output keeps one slot per clock after the first: the first slot is in the
// output register three clocks after load_i (lv_q, ck_q, out), every later
// one a clock after the previous one was taken (take_i), whatever the chunk
// layout. A slot waits in the output register until it is taken; a load
// leaves the output register alone (it may hold a slot of the previous
// load), so the caller loads the next vector as soon as busy_o falls.
`default_nettype none

module hwp_rap_scan #(
    parameter integer N  = 64,  // vector width
    parameter integer IB = 6,   // index width, 2^IB >= N (IB >= 2)
    parameter integer TW = 5    // tag width
) (
    input  wire          clk_i,
    input  wire          rst_i,
    input  wire          load_i,   // capture vec_i (only when busy_o is low)
    input  wire [N-1:0]  vec_i,
    input  wire [TW-1:0] tag_i,    // stored with each slot as it enters the output register
    input  wire          take_i,   // the slot in the output register is taken this clock
    output wire          v_o,      // the output register holds a slot
    output wire [IB-1:0] idx_o,
    output wire [TW-1:0] tag_o,
    output wire          busy_o    // slots of the last load not yet in the output register
);
    localparam integer CB = (IB + 1) / 2;   // slot-in-chunk bits
    localparam integer CS = 1 << CB;        // slots per chunk
    localparam integer GB = IB - CB;        // chunk-number bits
    localparam integer NG = 1 << GB;        // chunks
    localparam integer NP = 1 << IB;

    reg  [NP-1:0] lv_q;     // the loaded vector
    reg  [NG-1:0] cs_q;     // chunks not yet moved into ck_q
    reg  [CS-1:0] ck_q;     // the current chunk's slots not yet emitted
    reg  [GB-1:0] ckg_q;    // its chunk number
    reg           xv_q;
    reg  [IB-1:0] x_q;
    reg  [TW-1:0] xt_q;

    wire [NP-1:0] vec_p = {{(NP-N){1'b0}}, vec_i};
    // summary of a vector being loaded
    reg  [NG-1:0] cs_ld;
    integer gi;
    always @(*)
        for (gi = 0; gi < NG; gi = gi + 1) cs_ld[gi] = |vec_p[gi*CS +: CS];

    // the lowest slot of the current chunk, and the chunk without it
    wire          ck_any;
    wire [CB-1:0] ck_idx;
    hwp_rap_lsb #(.N(CS), .IB(CB)) u_ck (.v_i(ck_q), .any_o(ck_any), .idx_o(ck_idx));
    wire [CS-1:0] ck_rest = ck_q & (ck_q - 1'b1);
    // the lowest chunk left
    wire          g_any;
    wire [GB-1:0] g_idx;
    hwp_rap_lsb #(.N(NG), .IB(GB)) u_g (.v_i(cs_q), .any_o(g_any), .idx_o(g_idx));
    wire [CS-1:0] g_vec = lv_q[g_idx*CS +: CS];

    wire          emit = ck_any && (!xv_q || take_i);
    // ck_q takes the next chunk when it is empty or gives its last slot now
    wire          refill = !ck_any || (emit && ck_rest == {CS{1'b0}});
    // the summary without the chunk taken (per-chunk enables)
    reg  [NG-1:0] cs_left;
    integer gj;
    always @(*)
        for (gj = 0; gj < NG; gj = gj + 1) cs_left[gj] = cs_q[gj] && gj[GB-1:0] != g_idx;

    always @(posedge clk_i) begin
        if (load_i) begin
            lv_q <= vec_p;
            cs_q <= cs_ld;
            ck_q <= {CS{1'b0}};
        end else if (refill) begin
            ck_q <= g_any ? g_vec : {CS{1'b0}};
            ckg_q <= g_idx;
            cs_q <= cs_left;
        end else if (emit) begin
            ck_q <= ck_rest;
        end
        if (emit) begin
            x_q <= {ckg_q, ck_idx};
            xt_q <= tag_i;
        end
        if (rst_i) begin
            cs_q <= {NG{1'b0}};
            ck_q <= {CS{1'b0}};
            xv_q <= 1'b0;
        end else if (emit) begin
            xv_q <= 1'b1;
        end else if (take_i) begin
            xv_q <= 1'b0;
        end
    end

    assign v_o = xv_q;
    assign idx_o = x_q;
    assign tag_o = xt_q;
    assign busy_o = (cs_q != {NG{1'b0}}) || ck_any;
endmodule

`default_nettype wire
