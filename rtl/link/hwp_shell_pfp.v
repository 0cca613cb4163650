// SPDX-License-Identifier: Apache-2.0
// Board shell for the profile flag predictor front end (rtl/pfp, Vaswani,
// Srikant and Thazhuthaveetil, selective dispatch and the profile flag
// predictor) behind the link (hwp_link): the link takes retire records
// (pc, insn, meta = class | flags << 8 | length << 16 | rd << 24, value,
// addr) and the shell hands the engine the fields its front end reads: pc
// (PC_W bits), insn, class (a class above 15 is passed as 0: the front end
// only tells classes 4..8 apart, as pfp_kind() does), the taken flag
// (meta bit 10, HWP_RF_TAKEN), length 2, and bit 0 of the value.
// CONFIG register 1 = pfp_en (reset value 1, as `hwprof run --engine pfp`);
// INFO build parameters 1..10 = the engine's parameters in header order.
// The engine's disp_ready_i is tied to 1 (as hwprof run's model), and it
// needs no clock enable: its front end advances only when every record it
// may look at is in its window, or after EOS.
// dispatch_hash (as hwprof run): hwp_pfp_dhash hashes the engine's
// dispatch slots through a FIFO (it never holds the engine; see its bound).
// Once EOS is applied, the engine reports done and the FIFO has drained, the
// shell queues 0xF1 COUNTERS (the 19 statistics in enum pfp_stat order, in
// seven pieces of at most three fields), 0x02 DHASH (hash, overflow flag)
// and 0xF0 END. docs/protocol.md.
`default_nettype none
module hwp_shell_pfp #(
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
    parameter [7:0]   BOARD_ID  = 8'd0,       // link: INFO board id
    parameter [31:0]  CLK_KHZ   = 32'd12000,  // link: clock in kHz
    parameter [31:0]  BOOT_DIV  = 32'h682b,   // link: boot-rate divisor (24.8)
    parameter [31:0]  FALLBACK  = 32'd1200000, // link: SET_BAUD fall-back clocks
    parameter integer OQ_AW     = 9,          // link: log2 output-queue bytes (8 or 9)
    parameter integer NS_LOG    = 3,          // link: log2 receive slots
    parameter integer LED_W     = 18          // link: LED stretch bits
) (
    input  wire clk_i,
    input  wire rst_i,
    input  wire uart_rx_i,
    output wire uart_tx_o,
    output wire led_act_o,
    output wire led_err_o
);
    localparam integer NSTAT = 19;
    wire        eng_rst, eos, cfg_def, cfg_we, chk_ok;
    wire [7:0]  cfg_reg, chk_reg;
    wire [63:0] cfg_val, chk_val;
    wire        rec_valid, rec_ready;
    wire [63:0] rec_a, rec_b, rec_c, rec_d;
    wire        orec_valid, orec_ready;
    wire [3:0]  info_idx;
    reg  [31:0] info_val;

    // CONFIG register 1: pfp_en
    reg         pfp_en_q;
    always @(posedge clk_i) begin
        if (rst_i || cfg_def) pfp_en_q <= 1'b1;
        else if (cfg_we && cfg_reg == 8'd1) pfp_en_q <= cfg_val[0];
    end
    assign chk_ok = chk_reg == 8'd1 && chk_val <= 64'd1;
    wire unused_cfg = &{1'b0, cfg_val[63:1]};

    localparam [31:0] P1 = FETCH_W, P2 = DEC_W, P3 = FQ, P4 = WIN_BITS, P5 = SET_BITS, P6 = MIN_LEN,
                      P7 = SKIP_BITS, P8 = BR_PEN, P9 = PC_W, P10 = CNT_W;
    always @(*) begin
        case (info_idx)
            4'd0: info_val = P1;
            4'd1: info_val = P2;
            4'd2: info_val = P3;
            4'd3: info_val = P4;
            4'd4: info_val = P5;
            4'd5: info_val = P6;
            4'd6: info_val = P7;
            4'd7: info_val = P8;
            4'd8: info_val = P9;
            default: info_val = P10;
        endcase
    end

    // the fields of a retire record the front end reads
    wire [31:0] r_insn = rec_b[31:0];
    wire [31:0] r_meta = rec_b[63:32];
    wire [3:0]  r_cls  = r_meta[7:4] == 4'd0 ? r_meta[3:0] : 4'd0;
    wire        r_tkn  = r_meta[10];
    wire        r_len2 = r_meta[23:16] == 8'd2;
    wire        r_val  = rec_c[0];
    wire unused_rec = &{1'b0, r_meta[31:24], r_meta[15:11], r_meta[9:8], rec_c[63:1], rec_d};
    generate
        if (PC_W < 64) begin : g_unused_pc
            wire unused_pc = &{1'b0, rec_a[63:PC_W]};
        end
    endgenerate

    wire                   e_go, e_done, e_bdt_write;
    wire [DEC_W*PC_W-1:0]  e_spc;
    wire [DEC_W*4-1:0]     e_skind;
    wire [3:0]             e_disp_n, e_disp_pi_n, e_res_cnt;
    wire [PC_W-1:0]        e_disp_pc, e_lar;
    wire [NSTAT*CNT_W-1:0] e_stat;
    wire [WIN_BITS:0]      e_hd, e_fp, e_tl;
    wire [7:0]             e_fq_n, e_flags;
    wire [2*PC_W+2:0]      e_bdt;
    hwp_pfp #(
        .FETCH_W(FETCH_W), .DEC_W(DEC_W), .FQ(FQ), .WIN_BITS(WIN_BITS), .SET_BITS(SET_BITS),
        .MIN_LEN(MIN_LEN), .SKIP_BITS(SKIP_BITS), .BR_PEN(BR_PEN), .PC_W(PC_W), .CNT_W(CNT_W)
    ) u_eng (
        .clk_i(clk_i), .rst_i(rst_i || eng_rst),
        .in_valid_i(rec_valid), .in_ready_o(rec_ready), .in_pc_i(rec_a[PC_W-1:0]), .in_insn_i(r_insn),
        .in_cls_i(r_cls), .in_taken_i(r_tkn), .in_val_i(r_val), .in_len2_i(r_len2), .eos_i(eos),
        .disp_ready_i(1'b1), .pfp_en_i(pfp_en_q),
        .go_o(e_go), .done_o(e_done), .disp_n_o(e_disp_n), .disp_pi_n_o(e_disp_pi_n), .disp_pc_o(e_disp_pc),
        .disp_slot_pc_o(e_spc), .disp_slot_kind_o(e_skind),
        .bdt_write_o(e_bdt_write), .stat_o(e_stat), .hd_o(e_hd), .fp_o(e_fp), .tl_o(e_tl), .fq_n_o(e_fq_n),
        .flags_o(e_flags), .res_cnt_o(e_res_cnt), .lar_o(e_lar), .dbg_bdt_idx_i({(SET_BITS + 1){1'b0}}),
        .dbg_bdt_o(e_bdt)
    );
    wire unused_eng = &{1'b0, e_go, e_bdt_write, e_disp_pi_n, e_disp_pc, e_hd, e_fp, e_tl,
                        e_fq_n, e_flags, e_res_cnt, e_lar, e_bdt};

    // dispatch FIFO and hash unit (rtl/pfp/hwp_pfp_dhash.v)
    wire        drained, dh_ovf;
    wire [63:0] dh_hash;
    hwp_pfp_dhash #(.DEC_W(DEC_W), .WIN_BITS(WIN_BITS), .PC_W(PC_W)) u_dh (
        .clk_i(clk_i), .rst_i(rst_i || eng_rst), .disp_n_i(e_disp_n), .disp_slot_pc_i(e_spc),
        .disp_slot_kind_i(e_skind), .drained_o(drained),
        .hash_o(dh_hash), .ovf_o(dh_ovf)
    );

    // after EOS, once the engine is done and the FIFO has drained: COUNTERS in
    // pieces 0..6, DHASH, then END
    reg  [2:0] fin_q;                  // 0 running, 1 COUNTERS, 2 DHASH, 3 END, 4 done
    reg  [2:0] pc_q;                   // COUNTERS piece
    always @(posedge clk_i) begin
        if (rst_i || cfg_def || !eos) begin
            fin_q <= 3'd0; pc_q <= 3'd0;
        end else if (fin_q == 3'd0) begin
            if (e_done && drained) fin_q <= 3'd1;
        end else if (fin_q != 3'd4 && orec_ready) begin
            if (fin_q == 3'd1 && pc_q != 3'd6) pc_q <= pc_q + 3'd1;
            else fin_q <= fin_q + 3'd1;
        end
    end
    function [63:0] stat_sel;
        input integer s;
        begin
            stat_sel = 64'd0;
            if (s < NSTAT) stat_sel[CNT_W-1:0] = e_stat[s*CNT_W +: CNT_W];
        end
    endfunction
    reg  [63:0] f0, f1, f2;
    always @(*) begin
        if (fin_q == 3'd2) begin
            f0 = dh_hash; f1 = {63'd0, dh_ovf}; f2 = 64'd0;
        end else case (pc_q)
            3'd0: begin f0 = stat_sel(0);  f1 = stat_sel(1);  f2 = stat_sel(2);  end
            3'd1: begin f0 = stat_sel(3);  f1 = stat_sel(4);  f2 = stat_sel(5);  end
            3'd2: begin f0 = stat_sel(6);  f1 = stat_sel(7);  f2 = stat_sel(8);  end
            3'd3: begin f0 = stat_sel(9);  f1 = stat_sel(10); f2 = stat_sel(11); end
            3'd4: begin f0 = stat_sel(12); f1 = stat_sel(13); f2 = stat_sel(14); end
            3'd5: begin f0 = stat_sel(15); f1 = stat_sel(16); f2 = stat_sel(17); end
            default: begin f0 = stat_sel(18); f1 = 64'd0; f2 = 64'd0; end
        endcase
    end
    wire        ctr = fin_q == 3'd1;
    wire        dh  = fin_q == 3'd2;
    assign orec_valid = ctr || dh || fin_q == 3'd3;
    wire [7:0]  orec_tag  = ctr ? 8'hf1 : dh ? 8'h02 : 8'hf0;
    wire [1:0]  orec_n    = dh ? 2'd2 : !ctr ? 2'd0 : pc_q == 3'd6 ? 2'd1 : 2'd3;
    wire        orec_cont = ctr && pc_q != 3'd0;
    wire        orec_last = !ctr || pc_q == 3'd6;

    localparam integer OW = 64;        // the 64-bit hash
    // no host port: the link refuses HOSTOP (its HOSTOP parameter is 0)
    wire        unused_hop_v;
    wire [7:0]  unused_hop_op;
    wire [15:0] unused_hop_addr;
    wire [63:0] unused_hop_data;
    hwp_link #(
        .NS_LOG(NS_LOG), .OQ_AW(OQ_AW), .OW(OW), .NF(5), .W(PC_W), .RVW(1), .RAW(1), .NPARAM(10),
        .BOARD_ID(BOARD_ID), .ENGINE_ID(8'd4), .KIND(8'd3), .CLK_KHZ(CLK_KHZ), .BOOT_DIV(BOOT_DIV),
        .FALLBACK(FALLBACK), .LED_W(LED_W)
    ) u_link (
        .clk_i(clk_i), .rst_i(rst_i), .rx_i(uart_rx_i), .tx_o(uart_tx_o),
        .eng_rst_o(eng_rst), .eos_o(eos), .cfg_def_o(cfg_def), .cfg_we_o(cfg_we), .cfg_reg_o(cfg_reg),
        .cfg_val_o(cfg_val), .chk_reg_o(chk_reg), .chk_val_o(chk_val), .chk_ok_i(chk_ok),
        .rec_valid_o(rec_valid), .rec_ready_i(rec_ready), .rec_a_o(rec_a), .rec_b_o(rec_b),
        .rec_c_o(rec_c), .rec_d_o(rec_d),
        .orec_valid_i(orec_valid), .orec_ready_o(orec_ready), .orec_tag_i(orec_tag), .orec_n_i(orec_n),
        .orec_cont_i(orec_cont), .orec_last_i(orec_last),
        .orec_f0_i(f0), .orec_f1_i(f1), .orec_f2_i(f2),
        .hop_valid_o(unused_hop_v), .hop_ready_i(1'b1), .hop_op_o(unused_hop_op),
        .hop_addr_o(unused_hop_addr), .hop_data_o(unused_hop_data),
        .done_i(fin_q == 3'd4),
        .irq_i(1'b0), .info_idx_o(info_idx), .info_val_i(info_val), .led_act_o(led_act_o),
        .led_err_o(led_err_o)
    );
endmodule
`default_nettype wire
