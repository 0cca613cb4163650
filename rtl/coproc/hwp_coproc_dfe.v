// SPDX-License-Identifier: Apache-2.0
//
// hwp_coproc_dfe: the co-processor's decoder / field extractor (Zilles and
// Sohi 2001, section 3.3): decodes the head sample's RISC-V instruction word
// into its opcode class, register fields and sign-extended immediate, so the
// microcode needs no shift-and-mask sequences. 32-bit encodings are
// classified from the major opcode (rd/rs1 for jal/jalr: calling
// convention, funct7 for OP, funct5 for AMO); compressed encodings and
// records of other ISAs (RISCV = 0) use the pre-decoded class of the record.
// Combinational. C model: cp_dfe_decode() in cmodel/coproc/coproc.c.
`default_nettype none

module hwp_coproc_dfe #(
    parameter integer RISCV = 1  // 1: decode RISC-V words; 0: use rec_cls_i only
) (
    input  wire [31:0] insn_i,
    input  wire [3:0]  rec_cls_i,
    output reg  [3:0]  cls_o,
    output reg  [4:0]  rd_o,
    output reg  [4:0]  rs1_o,
    output reg  [4:0]  rs2_o,
    output reg  [31:0] imm_o
);
    wire [6:0]  op    = insn_i[6:0];
    wire [4:0]  rd    = insn_i[11:7];
    wire [4:0]  rs1   = insn_i[19:15];
    wire [4:0]  rs2   = insn_i[24:20];
    wire [31:0] imm_i = {{20{insn_i[31]}}, insn_i[31:20]};
    wire [31:0] imm_s = {{20{insn_i[31]}}, insn_i[31:25], insn_i[11:7]};
    wire [31:0] imm_b = {{19{insn_i[31]}}, insn_i[31], insn_i[7], insn_i[30:25], insn_i[11:8], 1'b0};
    wire [31:0] imm_u = {insn_i[31:12], 12'd0};
    wire [31:0] imm_j = {{11{insn_i[31]}}, insn_i[31], insn_i[19:12], insn_i[20], insn_i[30:21], 1'b0};
    wire rd_link  = (rd == 5'd1) || (rd == 5'd5);
    wire rs1_link = (rs1 == 5'd1) || (rs1 == 5'd5);

    always @(*) begin
        cls_o = rec_cls_i;
        rd_o  = 5'd0;
        rs1_o = 5'd0;
        rs2_o = 5'd0;
        imm_o = 32'd0;
        if (RISCV != 0 && insn_i[1:0] == 2'b11) begin
            rd_o  = rd;
            rs1_o = rs1;
            rs2_o = rs2;
            case (op)
                7'h03, 7'h07: begin cls_o = 4'd2; imm_o = imm_i; end
                7'h23, 7'h27: begin cls_o = 4'd3; imm_o = imm_s; end
                7'h2f: cls_o = (insn_i[31:27] == 5'd3) ? 4'd3 : 4'd2;
                7'h63: begin cls_o = 4'd4; imm_o = imm_b; end
                7'h6f: begin cls_o = rd_link ? 4'd6 : 4'd5; imm_o = imm_j; end
                7'h67: begin
                    cls_o = rd_link ? 4'd6 : ((rd == 5'd0 && rs1_link) ? 4'd7 : 4'd8);
                    imm_o = imm_i;
                end
                7'h13, 7'h1b: begin cls_o = 4'd1; imm_o = imm_i; end
                7'h17, 7'h37: begin cls_o = 4'd1; imm_o = imm_u; end
                7'h33, 7'h3b: cls_o = (insn_i[31:25] == 7'd1) ? 4'd9 : 4'd1;
                7'h43, 7'h47, 7'h4b, 7'h4f, 7'h53: cls_o = 4'd10;
                7'h73: begin cls_o = 4'd11; imm_o = imm_i; end
                default: cls_o = 4'd0;
            endcase
        end
    end
endmodule

`default_nettype wire
