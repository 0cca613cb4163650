// SPDX-License-Identifier: Apache-2.0
//
// hwp_pfp_lookup: the predictor lookup stage of hwp_pfp, between fetch and
// the skip decision. Fetch ends its group in front of a leader candidate
// and latches the candidate's pc here (state 1); the next front-end cycle
// reads the candidate's descriptor from the table as it is at the start of
// that cycle and registers whether the block is skippable and by how much
// (state 2); fetch then takes the candidate first in its group and decides
// the skip from these registers alone. A squash (fetch restarts elsewhere)
// drops the latched candidate. Twin of the "predictor lookup" step of
// pfp_step (cmodel/pfp/pfp.c).
`default_nettype none

module hwp_pfp_lookup #(
    parameter integer SET_BITS  = 6,
    parameter integer SKIP_BITS = 4,
    parameter integer PC_W      = 32
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    input  wire                 go_i,        // the front end advances this cycle
    input  wire                 squash_i,    // fetch restarts behind a mispredicted skip
    input  wire                 latch_i,     // fetch ended its group in front of a candidate
    input  wire [PC_W-1:0]      latch_pc_i,  // that candidate's pc
    input  wire                 use_i,       // fetch took the candidate with the result
    // the descriptor table (entry {set, way})
    input  wire [(2<<SET_BITS)-1:0]        bdt_v_i,
    input  wire [(2<<SET_BITS)-1:0]        bdt_pred_i,
    input  wire [(2<<SET_BITS)-1:0]        bdt_lock_i,
    input  wire [(2<<SET_BITS)*(PC_W-1-SET_BITS)-1:0]  bdt_tag_i,
    input  wire [(2<<SET_BITS)-1:0]        bdt_lok_i,   // block length skippable
    input  wire [(2<<SET_BITS)*SKIP_BITS-1:0] bdt_n_i,  // instructions after the leader
    output wire [1:0]           st_o,        // 0 idle, 1 latched, 2 result ready
    output wire                 ok_o,        // the block is skippable
    output wire [SKIP_BITS-1:0] n_o          // instructions after the leader to skip
);
    localparam integer TAG_W = PC_W - 1 - SET_BITS;

    reg  [1:0]           st_q;
    reg  [PC_W-1:0]      pc_q;
    reg                  ok_q;
    reg  [SKIP_BITS-1:0] n_q;

    // table read for the latched pc: set = pc[SET_BITS:1], tag above it
    wire [SET_BITS-1:0] s   = pc_q[SET_BITS:1];
    wire [TAG_W-1:0]    tag = pc_q[PC_W-1:1+SET_BITS];
    // both ways in parallel (tag compare, the stored length test),
    // the hit way chosen last
    wire h0 = bdt_v_i[{s, 1'b0}] && (bdt_tag_i[({s, 1'b0})*TAG_W +: TAG_W] == tag);
    wire h1 = bdt_v_i[{s, 1'b1}] && (bdt_tag_i[({s, 1'b1})*TAG_W +: TAG_W] == tag);
    // the block length test and skip count of the entry's follow, worked
    // out when the entry was written (hwp_pfp_wb.v): no arithmetic after
    // the read
    wire ok0 = !bdt_lock_i[{s, 1'b0}] && !bdt_pred_i[{s, 1'b0}] && bdt_lok_i[{s, 1'b0}];
    wire ok1 = !bdt_lock_i[{s, 1'b1}] && !bdt_pred_i[{s, 1'b1}] && bdt_lok_i[{s, 1'b1}];
    wire ok_d = h0 ? ok0 : (h1 && ok1);
    wire [SKIP_BITS-1:0] n_d = h0 ? bdt_n_i[({s, 1'b0})*SKIP_BITS +: SKIP_BITS]
                                  : bdt_n_i[({s, 1'b1})*SKIP_BITS +: SKIP_BITS];

    // a candidate is latched when the stage is idle or its result is taken
    // this cycle (fetch stops in front of the candidate at the fetch pointer
    // while its lookup is under way: that one is not latched again)
    wire take = latch_i && (st_q == 2'd0 || use_i);
    always @(posedge clk_i) begin
        if (rst_i) begin
            st_q <= 2'd0;
            pc_q <= {PC_W{1'b0}};
            ok_q <= 1'b0;
            n_q  <= {SKIP_BITS{1'b0}};
        end else if (go_i) begin
            if (st_q == 2'd1) begin
                ok_q <= ok_d;
                n_q  <= n_d;
            end
            // the pc matters in states 1 and 2 only: it is loaded whenever
            // the stage may take a candidate, so its enable does not wait
            // for the fetch run
            if (st_q == 2'd0 || use_i) pc_q <= latch_pc_i;
            if (squash_i)     st_q <= 2'd0;
            else if (take)    st_q <= 2'd1;
            else if (use_i)   st_q <= 2'd0;
            else if (st_q == 2'd1) st_q <= 2'd2;
        end
    end

    assign st_o = st_q;
    assign ok_o = ok_q;
    assign n_o  = n_q;

    wire unused_ok = &{1'b0, pc_q[0]};   // not part of set or tag (always 0)
endmodule

`default_nettype wire
