// SPDX-License-Identifier: Apache-2.0
// Board shell for the stratified sampler (rtl/strat, Sastry, Bodik, Smith
// 2001) behind the link (hwp_link): CONFIG registers 1..7 = cfg_mode,
// cfg_rate, cfg_rthr, cfg_evict, cfg_replace, cfg_seed, cfg_ak_en (reset
// values = the `hwprof run --engine strat` defaults: H[P_256], r = 256,
// rthr = 256, evict 16, replace 4, LFSR seed 1, no A_k); INFO build
// parameters 1..9 = the engine's parameters in header order. Output records:
// 0x01 MSG a b count; after EOS (flush_i) and done_o, 0xF0 END.
// docs/protocol.md, "Engines on the link".
`default_nettype none
module hwp_shell_strat #(
    parameter integer W         = 64,          // engine: tuple field width
    parameter integer IDX_W     = 11,          // engine: log2 counters
    parameter integer WAYS      = 2,           // engine: associativity
    parameter integer CNT_W     = 16,          // engine: counter bits
    parameter integer MISS_W    = 3,           // engine: miss counter bits
    parameter integer TAG_W     = 2,           // engine: partial tag bits
    parameter integer AK_K      = 16,          // engine: A_k entries
    parameter integer FIFO_AW   = 9,           // engine: output FIFO depth log2
    parameter [31:0]  HASH_SEED = 32'h1,       // engine: hash seed
    parameter [7:0]   BOARD_ID  = 8'd0,        // link: INFO board id
    parameter [31:0]  CLK_KHZ   = 32'd12000,   // link: clock in kHz
    parameter [31:0]  BOOT_DIV  = 32'h682b,    // link: boot-rate divisor (24.8)
    parameter [31:0]  FALLBACK  = 32'd1200000, // link: SET_BAUD fall-back clocks
    parameter integer OQ_AW     = 9,         // link: log2 output-queue bytes (8 or 9)
    parameter integer NS_LOG    = 3,           // link: log2 receive slots
    parameter integer LED_W     = 18           // link: LED stretch bits
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
    wire [7:0]  orec_tag;
    wire [1:0]  orec_n;
    wire [63:0] orec_f0, orec_f1, orec_f2;
    wire [3:0]  info_idx;
    reg  [31:0] info_val;
    reg         end_q;                 // END queued

    // CONFIG registers
    reg  [2:0]        mode_q;
    reg  [CNT_W:0]    rate_q, evict_q;
    reg  [16:0]       rthr_q;
    reg  [MISS_W:0]   replace_q;
    reg  [31:0]       seed_q;
    reg               ak_q;
    localparam [63:0] RMAX = 64'd1 << CNT_W;
    localparam [63:0] MMAX = 64'd1 << MISS_W;
    always @(posedge clk_i) begin
        if (rst_i || cfg_def) begin
            mode_q <= 3'd4; rate_q <= 256; rthr_q <= 17'd256; evict_q <= 16;
            replace_q <= 4; seed_q <= 32'd1; ak_q <= 1'b0;
        end else if (cfg_we) begin
            case (cfg_reg)
                8'd1: mode_q <= cfg_val[2:0];
                8'd2: rate_q <= cfg_val[CNT_W:0];
                8'd3: rthr_q <= cfg_val[16:0];
                8'd4: evict_q <= cfg_val[CNT_W:0];
                8'd5: replace_q <= cfg_val[MISS_W:0];
                8'd6: seed_q <= cfg_val[31:0];
                8'd7: ak_q <= cfg_val[0];
                default: ;
            endcase
        end
    end
    wire unused_cfg = &{1'b0, cfg_val[63:32]};
    assign chk_ok = (chk_reg == 8'd1 && chk_val <= 64'd6) ||
                    ((chk_reg == 8'd2 || chk_reg == 8'd4) && chk_val >= 64'd1 && chk_val <= RMAX) ||
                    (chk_reg == 8'd3 && chk_val <= 64'd65536) ||
                    (chk_reg == 8'd5 && chk_val >= 64'd1 && chk_val <= MMAX) ||
                    (chk_reg == 8'd6 && chk_val >= 64'd1 && chk_val <= 64'hffff_ffff) ||
                    (chk_reg == 8'd7 && chk_val <= 64'd1);

    // INFO: build parameters in header order
    localparam [31:0] P1 = W, P2 = IDX_W, P3 = WAYS, P4 = CNT_W, P5 = MISS_W, P6 = TAG_W,
                      P7 = AK_K, P8 = FIFO_AW;
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
            default: info_val = HASH_SEED;
        endcase
    end

    // engine
    wire          e_out_valid, e_done;
    wire [W-1:0]  e_out_a, e_out_b;
    wire [31:0]   e_out_count;
    hwp_strat #(
        .W(W), .IDX_W(IDX_W), .WAYS(WAYS), .CNT_W(CNT_W), .MISS_W(MISS_W), .TAG_W(TAG_W),
        .AK_K(AK_K), .FIFO_AW(FIFO_AW), .HASH_SEED(HASH_SEED)
    ) u_eng (
        .clk_i(clk_i), .rst_i(rst_i || eng_rst),
        .cfg_mode_i(mode_q), .cfg_rate_i(rate_q), .cfg_rthr_i(rthr_q), .cfg_evict_i(evict_q),
        .cfg_replace_i(replace_q), .cfg_seed_i(seed_q), .cfg_ak_en_i(ak_q),
        .in_valid_i(rec_valid), .in_ready_o(rec_ready), .in_a_i(rec_a[W-1:0]), .in_b_i(rec_b[W-1:0]),
        .flush_i(eos),
        .out_valid_o(e_out_valid), .out_ready_i(orec_ready && !e_done), .out_a_o(e_out_a),
        .out_b_o(e_out_b), .out_count_o(e_out_count), .done_o(e_done)
    );
    generate
        if (W < 64) begin : g_unused
            wire unused_hi = &{1'b0, rec_a[63:W], rec_b[63:W]};
        end
    endgenerate

    // output records: messages, then END once the engine is done
    wire send_end = eos && e_done && !end_q && !eng_rst;
    assign orec_valid = e_out_valid || send_end;
    assign orec_tag   = send_end && !e_out_valid ? 8'hf0 : 8'h01;
    assign orec_n     = send_end && !e_out_valid ? 2'd0 : 2'd3;
    assign orec_f0    = {{(64 - W){1'b0}}, e_out_a};
    assign orec_f1    = {{(64 - W){1'b0}}, e_out_b};
    assign orec_f2    = {32'd0, e_out_count};
    always @(posedge clk_i) begin
        if (rst_i || cfg_def) end_q <= 1'b0;
        else if (send_end && !e_out_valid && orec_ready) end_q <= 1'b1;
    end

    localparam integer OW = (W > 32) ? W : 32;   // widest output field
    // no host port: the link refuses HOSTOP (its HOSTOP parameter is 0)
    wire        unused_hop_v;
    wire [7:0]  unused_hop_op;
    wire [15:0] unused_hop_addr;
    wire [63:0] unused_hop_data;
    hwp_link #(
        .NS_LOG(NS_LOG), .OQ_AW(OQ_AW), .OW(OW), .NF(2), .W(W), .NPARAM(9), .BOARD_ID(BOARD_ID), .ENGINE_ID(8'd2),
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
        .done_i(end_q), .irq_i(1'b0),
        .info_idx_o(info_idx), .info_val_i(info_val), .led_act_o(led_act_o), .led_err_o(led_err_o)
    );
endmodule
`default_nettype wire
