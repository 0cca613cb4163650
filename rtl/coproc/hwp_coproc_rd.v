// SPDX-License-Identifier: Apache-2.0
//
// hwp_coproc_rd: the read stage of the co-processor's microcode pipeline
// (Zilles and Sohi 2001, section 3.2; fetch, decode, read, execute). It
// takes the value operands A and B as the decode stage registered them (a_i,
// b_i: value, constant or index register or a head-sample field, selected in
// decode with the execute stage's register write forwarded) or the
// data-array word dr, looks A up in the associative array (hit, lowest
// matching valid entry, by a binary tree), computes the value ALU's result
// and compares dr with the counter maximum, and registers all of it for the
// execute stage (index ALU, branch, writes: hwp_coproc.v). It runs beside
// the previous microinstruction's execute stage: dr is the block RAM's word
// (da_i) or its bypass (dalt_i), and hwp_coproc.v holds a microinstruction
// in decode while the one ahead of it is here if that one writes a register
// this one reads as A or B, the CAM, or the LFSR both use. The CAM compares
// a registered A only: a microinstruction whose A is dr stays here two
// cycles and is looked up from drh_i, its dr registered in the first (and
// dalt_i in the second).
// C model: cp_read() in cmodel/coproc/coproc.c.
`default_nettype none

module hwp_coproc_rd #(
    parameter integer CAM_AW = 6    // associative array entries = 2^CAM_AW
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  en_i,        // a valid read-stage microinstruction (and ce_i)
    input  wire [16:0]           word_i,      // microinstruction bits 16:0: vop vD A B
    input  wire [31:0]           da_i,        // data-array block RAM's word
    input  wire                  dram_i,      // dr is da_i (else dalt_i)
    input  wire [31:0]           dalt_i,      // dr bypassed, or drh_i in a second read cycle
    input  wire [31:0]           drh_i,       // dr registered in its first read cycle
    input  wire [31:0]           a_i,         // operand A unless it is dr (registered in decode)
    input  wire [31:0]           b_i,         // operand B unless it is dr (registered in decode)
    input  wire [31:0]           lfsr_i,
    input  wire [5:0]            cntw_i,      // data-array counter width
    input  wire [32*(1<<CAM_AW)-1:0] cam_key_i,
    input  wire [(1<<CAM_AW)-1:0]    cam_valid_i,
    output reg  [31:0]           a_o,         // operand A (the CAM write key)
    output reg  [31:0]           dr_o,
    output reg  [31:0]           vres_o,
    output reg                   vsat_o,
    output reg                   hit_o,
    output reg  [CAM_AW-1:0]     midx_o,
    output reg                   dsat_o,      // dr >= 2^cntw - 1
    output reg  [31:0]           dinc_o       // dinc's result: dr + 1, saturating
);
    localparam integer CAM_N = 1 << CAM_AW;
    wire [3:0] vop = word_i[3:0];
    wire [4:0] va  = word_i[11:7];
    wire [4:0] vb  = word_i[16:12];
    wire unused_vd = &{1'b0, word_i[6:4]};

    // dr: the block RAM's word, which arrives last, or (selected before it
    // arrives) the bypassed word or, in a second read cycle, drh_i; A and B
    // take the block RAM's word through one multiplexer
    wire [31:0] dr = dram_i ? da_i : dalt_i;
    wire a_dr = va == 5'd23;
    wire b_dr = vb == 5'd23;
    wire [31:0] a_alt = a_dr ? dalt_i : a_i;
    wire [31:0] b_alt = b_dr ? dalt_i : b_i;
    wire [31:0] A = (a_dr && dram_i) ? da_i : a_alt;
    wire [31:0] B = (b_dr && dram_i) ? da_i : b_alt;
    // the CAM's copy of A never comes from the block RAM: a microinstruction
    // with A = dr is looked up in its second read cycle, from drh_i
    wire [31:0] A_cam = va == 5'd23 ? drh_i : a_i;

    // associative lookup of A: lowest matching valid entry, by a binary tree
    // over the match vector (node n has children 2n and 2n+1, the leaves
    // CAM_N..2 CAM_N-1 are the entries): log2(CAM_N) levels of two-way choice
    reg [2*CAM_N-1:0] tv;            // a match below node n
    reg [CAM_AW*2*CAM_N-1:0] tix;    // the lowest matching entry below node n
    integer n;
    always @(*) begin
        tv = {2*CAM_N{1'b0}};
        tix = {CAM_AW*2*CAM_N{1'b0}};
        for (n = 0; n < CAM_N; n = n + 1) begin
            tv[CAM_N + n] = cam_valid_i[n] && cam_key_i[32*n +: 32] == A_cam;
            tix[CAM_AW*(CAM_N + n) +: CAM_AW] = n[CAM_AW-1:0];
        end
        for (n = CAM_N - 1; n >= 1; n = n - 1) begin
            tv[n] = tv[2*n] | tv[2*n+1];
            tix[CAM_AW*n +: CAM_AW] = tv[2*n] ? tix[CAM_AW*2*n +: CAM_AW] : tix[CAM_AW*(2*n+1) +: CAM_AW];
        end
    end
    wire hit = tv[1];
    wire [CAM_AW-1:0] midx = hit ? tix[CAM_AW +: CAM_AW] : {CAM_AW{1'b0}};
    wire unused_tree = &{1'b0, tv[0], tix[CAM_AW-1:0]};

    // value ALU: one adder and one subtractor (its borrow is A < B) serve
    // the arithmetic, saturating and comparison operations
    reg [31:0] vres;
    reg vsat;
    wire [32:0] wide = {1'b0, A} + {1'b0, B};
    wire [32:0] diff = {1'b0, A} - {1'b0, B};
    wire lt = diff[32];
    wire eq = A == B;
    always @(*) begin
        vres = 32'd0;
        vsat = 1'b0;
        case (vop)
            4'd0: vres = 32'd0;
            4'd1: vres = A;
            4'd2: vres = wide[31:0];
            4'd3: vres = diff[31:0];
            4'd4: begin vsat = wide[32]; vres = wide[32] ? 32'hffffffff : wide[31:0]; end
            4'd5: begin vsat = lt; vres = lt ? 32'd0 : diff[31:0]; end
            4'd6: vres = A & B;
            4'd7: vres = A | B;
            4'd8: vres = A ^ B;
            4'd9: vres = A >> B[4:0];
            4'd10: vres = A << B[4:0];
            4'd11: vres = lfsr_i & B;
            4'd12: vres = {31'd0, eq};
            4'd13: vres = {31'd0, !eq};
            4'd14: vres = {31'd0, lt};
            default: vres = {31'd0, lt || eq};
        endcase
    end

    wire [31:0] cmax = 32'hffffffff >> (6'd32 - cntw_i);
    wire dsat = dr >= cmax;

    always @(posedge clk_i) begin
        if (rst_i) begin
            a_o <= 32'd0; dr_o <= 32'd0; vres_o <= 32'd0; vsat_o <= 1'b0;
            hit_o <= 1'b0; midx_o <= {CAM_AW{1'b0}}; dsat_o <= 1'b0; dinc_o <= 32'd0;
        end else if (en_i) begin
            a_o <= A;
            dr_o <= dr;
            vres_o <= vres;
            vsat_o <= vsat;
            hit_o <= hit;
            midx_o <= midx;
            dsat_o <= dsat;
            dinc_o <= (dsat ? dr : dr + 32'd1);
        end
    end
endmodule

`default_nettype wire
