// SPDX-License-Identifier: Apache-2.0
// Board shell for the multi-hash interval profiler (rtl/mhash, Narayanasamy
// et al. 2003) behind the link (hwp_link): CONFIG registers 1..7 =
// cfg_tables, cfg_cons, cfg_reset, cfg_shield, cfg_retain, cfg_interval,
// cfg_thr (reset values = the `hwprof run --engine mhash` defaults: 4 tables
// (at most MAX_TABLES), C1-R0, shielding, retaining, interval 10000,
// threshold 100 = 1%); INFO build parameters 1..8 = the engine's parameters
// in header order. Output records: 0x01 CAND a b count, 0x02 EOI n; after
// EOS, once the engine has been quiet (input ready, no output) for QUIET
// clocks (the engine has no flush: the unfinished interval is not reported),
// 0xF1 COUNTERS refused promotions and 0xF0 END. docs/protocol.md.
`default_nettype none
module hwp_shell_mhash #(
    parameter integer W          = 64,        // engine: tuple field width
    parameter integer N_COUNTERS = 2048,      // engine: total counters
    parameter integer CW         = 24,        // engine: counter width
    parameter integer EW         = 8,         // engine: epoch tag width
    parameter integer MAX_TABLES = 16,        // engine: banks
    parameter integer ACC_K      = 100,       // engine: accumulator entries
    parameter integer LW         = 32,        // engine: interval counter width
    parameter [31:0]  SEED       = 32'h1,     // engine: hash seed
    parameter integer QUIET      = 64,        // clocks of quiet after EOS before END
    parameter [7:0]   BOARD_ID   = 8'd0,      // link: INFO board id
    parameter [31:0]  CLK_KHZ    = 32'd12000, // link: clock in kHz
    parameter [31:0]  BOOT_DIV   = 32'h682b,  // link: boot-rate divisor (24.8)
    parameter [31:0]  FALLBACK   = 32'd1200000, // link: SET_BAUD fall-back clocks
    parameter integer OQ_AW      = 9,        // link: log2 output-queue bytes (8 or 9)
    parameter integer NS_LOG     = 3,         // link: log2 receive slots
    parameter integer LED_W      = 18         // link: LED stretch bits
) (
    input  wire clk_i,
    input  wire rst_i,
    input  wire uart_rx_i,
    output wire uart_tx_o,
    output wire led_act_o,
    output wire led_err_o
);
    wire        eng_rst, eos, cfg_def, cfg_we, chk_ok;
    wire [7:0]  cfg_reg, chk_reg;
    wire [63:0] cfg_val, chk_val;
    wire        rec_valid, rec_ready;
    wire [63:0] rec_a, rec_b, rec_c, rec_d;          // rec_c, rec_d: retire fields, not used here
    wire        unused_rec_cd = &{1'b0, rec_c, rec_d};
    wire        orec_valid, orec_ready;
    wire [3:0]  info_idx;
    reg  [31:0] info_val;

    localparam integer TDEF_I = (MAX_TABLES < 4) ? MAX_TABLES : 4;
    localparam [31:0] TDEF = TDEF_I;
    localparam [31:0] TMAX = MAX_TABLES;
    localparam [63:0] LMAX = (64'd1 << LW) - 64'd1;
    localparam [63:0] CMAX = (64'd1 << CW) - 64'd1;
    reg  [4:0]    tables_q;
    reg           cons_q, reset_q, shield_q, retain_q;
    reg  [LW-1:0] interval_q;
    reg  [CW-1:0] thr_q;
    always @(posedge clk_i) begin
        if (rst_i || cfg_def) begin
            tables_q <= TDEF[4:0]; cons_q <= 1'b1; reset_q <= 1'b0; shield_q <= 1'b1; retain_q <= 1'b1;
            interval_q <= 10000; thr_q <= 100;
        end else if (cfg_we) begin
            case (cfg_reg)
                8'd1: tables_q <= cfg_val[4:0];
                8'd2: cons_q <= cfg_val[0];
                8'd3: reset_q <= cfg_val[0];
                8'd4: shield_q <= cfg_val[0];
                8'd5: retain_q <= cfg_val[0];
                8'd6: interval_q <= cfg_val[LW-1:0];
                8'd7: thr_q <= cfg_val[CW-1:0];
                default: ;
            endcase
        end
    end
    wire unused_cfg = &{1'b0, cfg_val[63:LW]};
    assign chk_ok = (chk_reg == 8'd1 && chk_val >= 64'd1 && chk_val <= {32'd0, TMAX}) ||
                    (chk_reg >= 8'd2 && chk_reg <= 8'd5 && chk_val <= 64'd1) ||
                    (chk_reg == 8'd6 && chk_val >= 64'd1 && chk_val <= LMAX) ||
                    (chk_reg == 8'd7 && chk_val >= 64'd1 && chk_val <= CMAX);

    localparam [31:0] P1 = W, P2 = N_COUNTERS, P3 = CW, P4 = EW, P5 = MAX_TABLES, P6 = ACC_K, P7 = LW;
    always @(*) begin
        case (info_idx)
            4'd0: info_val = P1;
            4'd1: info_val = P2;
            4'd2: info_val = P3;
            4'd3: info_val = P4;
            4'd4: info_val = P5;
            4'd5: info_val = P6;
            4'd6: info_val = P7;
            default: info_val = SEED;
        endcase
    end

    wire          e_out_valid, e_out_eoi;
    wire [W-1:0]  e_out_a, e_out_b;
    wire [CW-1:0] e_out_count;
    wire [31:0]   e_refused, e_promotions;
    hwp_mhash #(
        .W(W), .N_COUNTERS(N_COUNTERS), .CW(CW), .EW(EW), .MAX_TABLES(MAX_TABLES), .ACC_K(ACC_K),
        .LW(LW), .SEED(SEED)
    ) u_eng (
        .clk_i(clk_i), .rst_i(rst_i || eng_rst),
        .cfg_tables_i(tables_q), .cfg_cons_i(cons_q), .cfg_reset_i(reset_q), .cfg_shield_i(shield_q),
        .cfg_retain_i(retain_q), .cfg_interval_i(interval_q), .cfg_thr_i(thr_q),
        .in_valid_i(rec_valid), .in_ready_o(rec_ready), .in_a_i(rec_a[W-1:0]), .in_b_i(rec_b[W-1:0]),
        .out_valid_o(e_out_valid), .out_ready_i(orec_ready), .out_eoi_o(e_out_eoi),
        .out_a_o(e_out_a), .out_b_o(e_out_b), .out_count_o(e_out_count), .stat_refused_o(e_refused),
        .stat_promotions_o(e_promotions)
    );
    generate
        if (W < 64) begin : g_unused
            wire unused_hi = &{1'b0, rec_a[63:W], rec_b[63:W]};
        end
    endgenerate

    // after EOS: QUIET clocks with the engine idle, then COUNTERS, then END
    reg  [7:0] quiet_q;
    reg  [1:0] fin_q;                  // 0 running, 1 COUNTERS next, 2 END next, 3 done
    localparam [31:0] QUIET_N = QUIET;
    always @(posedge clk_i) begin
        if (rst_i || cfg_def || !eos) begin
            quiet_q <= 8'd0; fin_q <= 2'd0;
        end else if (fin_q == 2'd0) begin
            if (e_out_valid || !rec_ready || rec_valid) quiet_q <= 8'd0;
            else if (quiet_q == QUIET_N[7:0]) fin_q <= 2'd1;
            else quiet_q <= quiet_q + 8'd1;
        end else if (fin_q != 2'd3 && orec_ready) begin
            fin_q <= fin_q + 2'd1;
        end
    end
    wire fin = fin_q == 2'd1 || fin_q == 2'd2;
    assign orec_valid = e_out_valid || fin;
    wire [7:0]  orec_tag = fin ? (fin_q == 2'd1 ? 8'hf1 : 8'hf0) : e_out_eoi ? 8'h02 : 8'h01;
    wire [1:0]  orec_n   = fin ? (fin_q == 2'd1 ? 2'd2 : 2'd0) : e_out_eoi ? 2'd1 : 2'd3;
    wire [63:0] cnt64    = {{(64 - CW){1'b0}}, e_out_count};
    wire [63:0] orec_f0  = fin ? {32'd0, e_refused} : e_out_eoi ? cnt64 : {{(64 - W){1'b0}}, e_out_a};
    wire [63:0] orec_f1  = fin ? {32'd0, e_promotions} : {{(64 - W){1'b0}}, e_out_b};
    wire [63:0] orec_f2  = cnt64;

    localparam integer OW = (W > 32) ? W : 32;   // widest output field
    // no host port: the link refuses HOSTOP (its HOSTOP parameter is 0)
    wire        unused_hop_v;
    wire [7:0]  unused_hop_op;
    wire [15:0] unused_hop_addr;
    wire [63:0] unused_hop_data;
    hwp_link #(
        .NS_LOG(NS_LOG), .OQ_AW(OQ_AW), .OW(OW), .NF(2), .W(W), .NPARAM(8), .BOARD_ID(BOARD_ID), .ENGINE_ID(8'd1),
        .KIND(8'd2), .CLK_KHZ(CLK_KHZ), .BOOT_DIV(BOOT_DIV), .FALLBACK(FALLBACK), .LED_W(LED_W)
    ) u_link (
        .clk_i(clk_i), .rst_i(rst_i), .rx_i(uart_rx_i), .tx_o(uart_tx_o),
        .eng_rst_o(eng_rst), .eos_o(eos), .cfg_def_o(cfg_def), .cfg_we_o(cfg_we), .cfg_reg_o(cfg_reg),
        .cfg_val_o(cfg_val), .chk_reg_o(chk_reg), .chk_val_o(chk_val), .chk_ok_i(chk_ok),
        .rec_valid_o(rec_valid), .rec_ready_i(rec_ready), .rec_a_o(rec_a), .rec_b_o(rec_b), .rec_c_o(rec_c), .rec_d_o(rec_d),
        .orec_valid_i(orec_valid), .orec_ready_o(orec_ready), .orec_tag_i(orec_tag), .orec_n_i(orec_n),
        .orec_cont_i(1'b0), .orec_last_i(1'b1),
        .orec_f0_i(orec_f0), .orec_f1_i(orec_f1), .orec_f2_i(orec_f2),
        .hop_valid_o(unused_hop_v), .hop_ready_i(1'b1), .hop_op_o(unused_hop_op),
        .hop_addr_o(unused_hop_addr), .hop_data_o(unused_hop_data),
        .done_i(fin_q == 2'd3),
        .irq_i(1'b0), .info_idx_o(info_idx), .info_val_i(info_val), .led_act_o(led_act_o),
        .led_err_o(led_err_o)
    );
endmodule
`default_nettype wire
