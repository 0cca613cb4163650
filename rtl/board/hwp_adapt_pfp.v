// SPDX-License-Identifier: Apache-2.0
// Engine adapter for the profile flag predictor front end (rtl/pfp, Vaswani,
// Srikant and Thazhuthaveetil) in the two-clock board shell
// (rtl/link/hwp_shell_cdc.v), port bundle rtl/board/hwp_adapt_ports.vh; the
// fields and records as docs/protocol.md lists them. Link domain: CONFIG register
// pfp_en, its reset value and check, the INFO build parameters and the output
// record tags as pfp's description sets them (hwp_desc_pfp.vh, written by
// `make gen` from cmodel/link/engdesc.def); a retire record becomes the fields
// the front end reads, one input word {val, len2, taken, class, insn, pc}
// (IFW = PC_W + 39; a class above 15 is passed as 0, taken is meta bit 10).
// Engine domain: the engine with disp_ready tied to 1 and the dispatch hash
// (hwp_pfp_dhash) beside it; once EOS is in, the engine is done and the
// hash FIFO has drained, the output words are record pieces of one field
// each, a 5-bit index i: 0..18 COUNTERS field i (19 statistics in enum
// pfp_stat order), 19 and 20 DHASH (hash, overflow flag), 21 END (OFW = 5).
// docs/protocol.md, "Engines on the link".
// The field values do not cross in the words: the link domain reads them
// from the engine's statistics and the hash unit directly. They are final
// before the first word is written into the output FIFO (the engine is
// done, which stops its statistics one clock after its last cycle, and the
// hash has taken every dispatched entry: the words start a clock after
// that), and a word reaches the link domain only through the FIFO's
// synchronizers, so every value the link reads has been stable for two
// board clocks or more; they change again only in the engine's reset, which
// the link enters after clearing its encoder (the shell's reset crossing).
// This keeps the FIFO five bits wide instead of a piece's three 64-bit
// fields.
`default_nettype none
module hwp_adapt_pfp #(
    parameter integer FETCH_W   = 4,          // engine: fetch width
    parameter integer DEC_W     = 4,          // engine: decode width
    parameter integer FQ        = 32,         // engine: fetch queue entries
    parameter integer WIN_BITS  = 5,          // engine: log2 of the record window
    parameter integer SET_BITS  = 4,          // engine: log2 of the descriptor table sets
    parameter integer MIN_LEN   = 4,          // engine: shortest skipped block
    parameter integer SKIP_BITS = 3,          // engine: longest skip 2^SKIP_BITS - 1
    parameter integer BR_PEN    = 3,          // engine: branch misprediction cycles
    parameter integer PC_W      = 32,         // engine: address bits
    parameter integer CNT_W     = 64,         // engine: statistics counter bits
    parameter integer IFW       = PC_W + 39,  // input word (fixed by PC_W)
    parameter integer OFW       = 5           // output word (fixed)
) (
`include "hwp_adapt_ports.vh"
);
    localparam integer NSTAT = 19;
    // ---------------------------------------------------------------- CONFIG, INFO (link domain)
    // the CONFIG registers cfg_<name>_q (quasi-static), their range check
    // chk_ok_o and the INFO word, as the engine's description sets them
`include "hwp_desc_pfp.vh"
    assign info_o = desc_info;

    // ---------------------------------------------------------------- words (link domain)
    wire [31:0] r_meta = rec_b_i[63:32];
    wire [3:0]  r_cls  = r_meta[7:4] == 4'd0 ? r_meta[3:0] : 4'd0;
    assign rec_w_o = {rec_c_i[0], r_meta[23:16] == 8'd2, r_meta[10], r_cls, rec_b_i[31:0], rec_a_i[PC_W-1:0]};
    wire unused_rec = &{1'b0, r_meta[31:24], r_meta[15:11], r_meta[9:8], rec_c_i[63:1], rec_d_i, cfg_val_i[63:1]};
    generate
        if (PC_W < 64) begin : g_unused_pc
            wire unused_pc = &{1'b0, rec_a_i[63:PC_W]};
        end
    endgenerate
    // output word i (link domain): the record piece and its one field
    localparam [4:0] I_HASH = 5'd19, I_OVF = 5'd20, I_END = 5'd21;
    wire [4:0]  o_i   = orec_w_i;
    wire        o_ctr = o_i < I_HASH;
    wire [NSTAT*CNT_W-1:0] e_stat;
    wire        dh_ovf;
    wire [63:0] dh_hash;
    wire [63:0] o_stat;
    generate
        if (CNT_W < 64) begin : g_stat
            assign o_stat = {{(64 - CNT_W){1'b0}}, e_stat[o_i*CNT_W +: CNT_W]};
        end else begin : g_stat64
            assign o_stat = e_stat[o_i*CNT_W +: CNT_W];
        end
    endgenerate
    wire [63:0] o_f = o_ctr ? o_stat : o_i == I_HASH ? dh_hash : {63'd0, o_i == I_OVF && dh_ovf};
    assign orec_done_o = o_i == I_END;
    assign orec_tag_o  = o_ctr ? TAG_COUNTERS : o_i == I_END ? TAG_END : TAG_DHASH;
    assign orec_n_o    = o_i == I_END ? 2'd0 : 2'd1;
    assign orec_cont_o = o_i != 5'd0 && o_i != I_HASH && o_i != I_END;
    assign orec_last_o = o_i == 5'd18 || o_i == I_OVF || o_i == I_END;
    assign orec_f0_o   = o_f;
    assign orec_f1_o   = 64'd0;
    assign orec_f2_o   = 64'd0;

    // ---------------------------------------------------------------- engine (engine domain)
    wire                   e_go, e_done, e_bdt_write;
    wire [DEC_W*PC_W-1:0]  e_spc;
    wire [DEC_W*4-1:0]     e_skind;
    wire [3:0]             e_disp_n, e_disp_pi_n, e_res_cnt;
    wire [PC_W-1:0]        e_disp_pc, e_lar;
    wire [WIN_BITS:0]      e_hd, e_fp, e_tl;
    wire [7:0]             e_fq_n, e_flags;
    wire [2*PC_W+2:0]      e_bdt;
    hwp_pfp #(
        .FETCH_W(FETCH_W), .DEC_W(DEC_W), .FQ(FQ), .WIN_BITS(WIN_BITS), .SET_BITS(SET_BITS),
        .MIN_LEN(MIN_LEN), .SKIP_BITS(SKIP_BITS), .BR_PEN(BR_PEN), .PC_W(PC_W), .CNT_W(CNT_W)
    ) u_eng (
        .clk_i(eclk_i), .rst_i(erst_i),
        .in_valid_i(in_valid_i), .in_ready_o(in_ready_o), .in_pc_i(in_w_i[PC_W-1:0]),
        .in_insn_i(in_w_i[PC_W +: 32]), .in_cls_i(in_w_i[PC_W + 32 +: 4]), .in_taken_i(in_w_i[PC_W + 36]),
        .in_len2_i(in_w_i[PC_W + 37]), .in_val_i(in_w_i[PC_W + 38]), .eos_i(eos_i),
        .disp_ready_i(1'b1), .pfp_en_i(cfg_pfp_en_q),
        .go_o(e_go), .done_o(e_done), .disp_n_o(e_disp_n), .disp_pi_n_o(e_disp_pi_n), .disp_pc_o(e_disp_pc),
        .disp_slot_pc_o(e_spc), .disp_slot_kind_o(e_skind),
        .bdt_write_o(e_bdt_write), .stat_o(e_stat), .hd_o(e_hd), .fp_o(e_fp), .tl_o(e_tl), .fq_n_o(e_fq_n),
        .flags_o(e_flags), .res_cnt_o(e_res_cnt), .lar_o(e_lar), .dbg_bdt_idx_i({(SET_BITS + 1){1'b0}}),
        .dbg_bdt_o(e_bdt)
    );
    wire unused_eng = &{1'b0, e_go, e_bdt_write, e_disp_pi_n, e_disp_pc, e_hd, e_fp, e_tl,
                        e_fq_n, e_flags, e_res_cnt, e_lar, e_bdt};
    wire        drained;
    hwp_pfp_dhash #(.DEC_W(DEC_W), .WIN_BITS(WIN_BITS), .PC_W(PC_W)) u_dh (
        .clk_i(eclk_i), .rst_i(erst_i), .disp_n_i(e_disp_n), .disp_slot_pc_i(e_spc),
        .disp_slot_kind_i(e_skind), .drained_o(drained),
        .hash_o(dh_hash), .ovf_o(dh_ovf)
    );
    // after EOS, once the engine is done and the hash FIFO has drained:
    // words 0 .. I_END
    reg  [1:0] fin_q;                  // 0 running, 1 sending, 2 done
    reg  [4:0] i_q;                    // word being offered
    always @(posedge eclk_i) begin
        if (erst_i || !eos_i) begin
            fin_q <= 2'd0; i_q <= 5'd0;
        end else if (fin_q == 2'd0) begin
            if (e_done && drained) fin_q <= 2'd1;
        end else if (fin_q == 2'd1 && out_ready_i) begin
            if (i_q == I_END) fin_q <= 2'd2;
            else i_q <= i_q + 5'd1;
        end
    end
    assign out_valid_o = fin_q == 2'd1;
    assign out_w_o     = i_q;
    // no host port, no interrupt
    wire   unused_hop = in_hop_i;
    assign irq_o      = 1'b0;
endmodule
`default_nettype wire
