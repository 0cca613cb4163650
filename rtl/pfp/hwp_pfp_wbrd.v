// SPDX-License-Identifier: Apache-2.0
//
// hwp_pfp_wbrd: the descriptor read stage of hwp_pfp's table update. It
// holds the update decode handed over last cycle (the leader and, per
// decode slot, whether it held a profile instruction of that block, its pc
// and the flag it saw) and reads the leader's set for the apply stage
// (hwp_pfp_wb.v): hit and way, the replacement victim, and the hit entry's
// prediction bit, lock bit and follow. The apply stage writes the table at
// the same edge as this read is registered, so its write is forwarded into
// the read (the entry it writes and the set's LRU bit): the read is the
// table as the apply stage will see it next cycle. Twin of the update
// pipeline of pfp_step (cmodel/pfp/pfp.c), which applies each update two
// front-end cycles after decode to the table as it is then.
`default_nettype none

module hwp_pfp_wbrd #(
    parameter integer DEC_W    = 4,
    parameter integer SET_BITS = 6,
    parameter integer PC_W     = 32
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  go_i,
    // the update decode hands over this cycle
    input  wire                  upd_i,
    input  wire [PC_W-1:0]       upd_L_i,
    input  wire [DEC_W-1:0]      upd_sv_i,
    input  wire [DEC_W*PC_W-1:0] upd_pc_i,
    input  wire [DEC_W-1:0]      upd_flag_i,
    // the table (entry {set, way}) and its LRU bits
    input  wire [(2<<SET_BITS)-1:0]         bdt_v_i,
    input  wire [(2<<SET_BITS)-1:0]         bdt_pred_i,
    input  wire [(2<<SET_BITS)-1:0]         bdt_lock_i,
    input  wire [(2<<SET_BITS)*(PC_W-1-SET_BITS)-1:0]   bdt_tag_i,
    input  wire [(2<<SET_BITS)*PC_W-1:0]    bdt_follow_i,
    input  wire [(1<<SET_BITS)-1:0] lru_i,
    // the entry the apply stage writes if the front end advances (forwarded)
    input  wire                  wr_i,
    input  wire [PC_W-1:0]       wr_L_i,
    input  wire                  wr_way_i,
    input  wire                  wr_pred_i,
    input  wire                  wr_lock_i,
    input  wire [PC_W-1:0]       wr_follow_i,
    // the candidates of that follow, registers of the apply stage: its
    // follow before the update, or pc_i + 4 of the last slot i that
    // extends it (wr_ext_i, one bit per slot)
    input  wire [PC_W-1:0]       wr_base_i,
    input  wire [DEC_W*PC_W-1:0] wr_p4_i,
    input  wire [DEC_W-1:0]      wr_ext_i,
    // the held update and its read, for the apply stage's registers
    output wire                  v_o,
    output wire [PC_W-1:0]       L_o,
    output wire [DEC_W-1:0]      sv_o,
    output wire [DEC_W-1:0]      flag_o,
    output wire                  hit_o,
    output wire                  way_o,      // the hit way, else the victim
    output wire                  pred_o,
    output wire                  lock_o,
    output wire [PC_W-1:0]       follow_o,
    // the update's own address compares, for the apply stage's rules
    output wire [PC_W-1:0]       L4_o,       // leader + 4 (an allocated entry's follow)
    output wire [DEC_W*PC_W-1:0] p4_o,       // pc_j + 4
    output wire [DEC_W-1:0]      geL_o,      // pc_j >= leader + 4
    output wire [DEC_W-1:0]      eq_o,       // pc_j == leader
    output wire [DEC_W*DEC_W-1:0] ge_o,      // [j*DEC_W + i], i < j: pc_j >= pc_i + 4
    output wire [DEC_W-1:0]      gef_o       // pc_j >= follow_o
);
    localparam integer TAG_W = PC_W - 1 - SET_BITS;
    reg                  v_q;
    reg [PC_W-1:0]       L_q;
    reg [DEC_W-1:0]      sv_q, flag_q;
    reg [DEC_W*PC_W-1:0] pc_q;
    always @(posedge clk_i) begin
        if (rst_i) begin
            v_q <= 1'b0;
            L_q <= {PC_W{1'b0}};
            sv_q <= {DEC_W{1'b0}};
            flag_q <= {DEC_W{1'b0}};
            pc_q <= {(DEC_W*PC_W){1'b0}};
        end else if (go_i) begin
            v_q <= upd_i;
            L_q <= upd_L_i;
            sv_q <= upd_sv_i;
            flag_q <= upd_flag_i;
            pc_q <= upd_pc_i;
        end
    end

    wire [SET_BITS-1:0] s   = L_q[SET_BITS:1];
    wire [TAG_W-1:0]    tag = L_q[PC_W-1:1+SET_BITS];
    // forwarding: the apply stage writes way wr_way_i of this set
    wire fs  = wr_i && wr_L_i[SET_BITS:1] == s;
    wire f0  = fs && !wr_way_i;
    wire f1  = fs && wr_way_i;
    wire ftag = wr_L_i[PC_W-1:1+SET_BITS] == tag;
    wire v0  = f0 || bdt_v_i[{s, 1'b0}];
    wire v1  = f1 || bdt_v_i[{s, 1'b1}];
    wire h0  = f0 ? ftag : bdt_v_i[{s, 1'b0}] && (bdt_tag_i[({s, 1'b0})*TAG_W +: TAG_W] == tag);
    wire h1  = f1 ? ftag : bdt_v_i[{s, 1'b1}] && (bdt_tag_i[({s, 1'b1})*TAG_W +: TAG_W] == tag);
    wire lru = fs ? !wr_way_i : lru_i[s];
    wire hway   = !h0 && h1;
    wire victim = !v0 ? 1'b0 : !v1 ? 1'b1 : lru;
    // both ways' payload read by the set alone, the apply stage's write
    // forwarded into its way, and the hit way chosen last (it waits for the
    // tag compares)
    wire            pr0 = f0 ? wr_pred_i : bdt_pred_i[{s, 1'b0}];
    wire            pr1 = f1 ? wr_pred_i : bdt_pred_i[{s, 1'b1}];
    wire            lk0 = f0 ? wr_lock_i : bdt_lock_i[{s, 1'b0}];
    wire            lk1 = f1 ? wr_lock_i : bdt_lock_i[{s, 1'b1}];
    wire [PC_W-1:0] fo0 = f0 ? wr_follow_i : bdt_follow_i[({s, 1'b0})*PC_W +: PC_W];
    wire [PC_W-1:0] fo1 = f1 ? wr_follow_i : bdt_follow_i[({s, 1'b1})*PC_W +: PC_W];
    assign v_o      = v_q;
    assign L_o      = L_q;
    assign sv_o     = sv_q;
    assign flag_o   = flag_q;
    assign hit_o    = h0 || h1;
    assign way_o    = (h0 || h1) ? hway : victim;
    assign pred_o   = hway ? pr1 : pr0;
    assign lock_o   = hway ? lk1 : lk0;
    assign follow_o = hway ? fo1 : fo0;

    // address compares that need only the held update: done here so the
    // apply stage's follow chain starts from registers
    wire [PC_W-1:0] L4 = L_q + 4;
    genvar gj, gi;
    generate
        for (gj = 0; gj < DEC_W; gj = gj + 1) begin : g_cmp
            assign p4_o[gj*PC_W +: PC_W] = pc_q[gj*PC_W +: PC_W] + 4;
            assign geL_o[gj] = pc_q[gj*PC_W +: PC_W] >= L4;
            assign eq_o[gj]  = pc_q[gj*PC_W +: PC_W] == L_q;
            for (gi = 0; gi < DEC_W; gi = gi + 1) begin : g_ge
                if (gi < gj) begin : g_lt
                    assign ge_o[gj*DEC_W + gi] = pc_q[gj*PC_W +: PC_W] >= p4_o[gi*PC_W +: PC_W];
                end else begin : g_na
                    assign ge_o[gj*DEC_W + gi] = 1'b0;
                end
            end
        end
    endgenerate
    assign L4_o = L4;

    // pc_j >= follow_o, each candidate of follow_o compared at once: both
    // ways' table follows, and the follow the apply stage writes, as each
    // of its candidates (its base, or pc_i + 4) selected by its extend bits
    // last; then the forwarding and the hit way as for follow_o
    wire [PC_W-1:0] tf0 = bdt_follow_i[({s, 1'b0})*PC_W +: PC_W];
    wire [PC_W-1:0] tf1 = bdt_follow_i[({s, 1'b1})*PC_W +: PC_W];
    integer ci;
    reg [DEC_W-1:0] c_t0, c_t1, c_w;
    reg [DEC_W*DEC_W-1:0] c_p;   // [j*DEC_W + i]: pc_j >= wr_p4_i[i]
    reg [PC_W-1:0] pj;
    always @* begin
        for (ci = 0; ci < DEC_W*DEC_W; ci = ci + 1)
            c_p[ci] = pc_q[(ci/DEC_W)*PC_W +: PC_W] >= wr_p4_i[(ci%DEC_W)*PC_W +: PC_W];
        for (ci = 0; ci < DEC_W; ci = ci + 1) begin
            pj = pc_q[ci*PC_W +: PC_W];
            c_t0[ci] = pj >= tf0;
            c_t1[ci] = pj >= tf1;
            c_w[ci]  = pj >= wr_base_i;
        end
    end
    generate
        for (gj = 0; gj < DEC_W; gj = gj + 1) begin : g_gef
            reg cw;
            integer i;
            always @* begin
                cw = c_w[gj];
                for (i = 0; i < DEC_W; i = i + 1)
                    if (wr_ext_i[i]) cw = c_p[gj*DEC_W + i];
            end
            wire g0 = f0 ? cw : c_t0[gj];
            wire g1 = f1 ? cw : c_t1[gj];
            assign gef_o[gj] = hway ? g1 : g0;
        end
    endgenerate

    wire unused_ok = &{1'b0, wr_L_i[0]};
endmodule

`default_nettype wire
