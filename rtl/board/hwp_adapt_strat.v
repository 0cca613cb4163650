// SPDX-License-Identifier: Apache-2.0
// Engine adapter for the stratified sampler (rtl/strat, Sastry, Bodik, Smith
// 2001) in the two-clock board shell (rtl/link/hwp_shell_cdc.v), port bundle
// rtl/board/hwp_adapt_ports.vh. Link domain: CONFIG registers 1..7 =
// cfg_mode, cfg_rate, cfg_rthr, cfg_evict, cfg_replace, cfg_seed, cfg_ak_en
// (reset values = the `hwprof run --engine strat` defaults: H[P_256], r =
// 256, rthr = 256, evict 16, replace 4, LFSR seed 1, no A_k), their range
// check, INFO build parameters 1..9 = the engine's parameters in header
// order. Engine domain: the engine, fed <a, b> words {b, a} (IFW = 2W); its
// messages leave as {0, count, b, a} (OFW = 2W + 33) and, after EOS and
// done_o, one word {1, ...} that the link side turns into 0xF0 END; 0x01
// MSG a b count otherwise. docs/protocol.md, "Engines on the link".
`default_nettype none
module hwp_adapt_strat #(
    parameter integer W         = 64,          // engine: tuple field width
    parameter integer IDX_W     = 11,          // engine: log2 counters
    parameter integer WAYS      = 2,           // engine: associativity
    parameter integer CNT_W     = 16,          // engine: counter bits
    parameter integer MISS_W    = 3,           // engine: miss counter bits
    parameter integer TAG_W     = 2,           // engine: partial tag bits
    parameter integer AK_K      = 16,          // engine: A_k entries
    parameter integer FIFO_AW   = 9,           // engine: output FIFO depth log2
    parameter [31:0]  HASH_SEED = 32'h1,       // engine: hash seed
    parameter integer OREG      = 0,           // engine: registered block-RAM outputs
    parameter integer IFW       = 2 * W,       // input word (fixed by W)
    parameter integer OFW       = 2 * W + 33   // output word (fixed by W)
) (
`include "hwp_adapt_ports.vh"
);
    // ---------------------------------------------------------------- CONFIG (link domain, quasi-static)
    reg  [2:0]        mode_q;
    reg  [CNT_W:0]    rate_q, evict_q;
    reg  [16:0]       rthr_q;
    reg  [MISS_W:0]   replace_q;
    reg  [31:0]       seed_q;
    reg               ak_q;
    localparam [63:0] RMAX = 64'd1 << CNT_W;
    localparam [63:0] MMAX = 64'd1 << MISS_W;
    always @(posedge lclk_i) begin
        if (lrst_i || cfg_def_i) begin
            mode_q <= 3'd4; rate_q <= 256; rthr_q <= 17'd256; evict_q <= 16;
            replace_q <= 4; seed_q <= 32'd1; ak_q <= 1'b0;
        end else if (cfg_we_i) begin
            case (cfg_reg_i)
                8'd1: mode_q <= cfg_val_i[2:0];
                8'd2: rate_q <= cfg_val_i[CNT_W:0];
                8'd3: rthr_q <= cfg_val_i[16:0];
                8'd4: evict_q <= cfg_val_i[CNT_W:0];
                8'd5: replace_q <= cfg_val_i[MISS_W:0];
                8'd6: seed_q <= cfg_val_i[31:0];
                8'd7: ak_q <= cfg_val_i[0];
                default: ;
            endcase
        end
    end
    assign chk_ok_o = (chk_reg_i == 8'd1 && chk_val_i <= 64'd6) ||
                      ((chk_reg_i == 8'd2 || chk_reg_i == 8'd4) && chk_val_i >= 64'd1 && chk_val_i <= RMAX) ||
                      (chk_reg_i == 8'd3 && chk_val_i <= 64'd65536) ||
                      (chk_reg_i == 8'd5 && chk_val_i >= 64'd1 && chk_val_i <= MMAX) ||
                      (chk_reg_i == 8'd6 && chk_val_i >= 64'd1 && chk_val_i <= 64'hffff_ffff) ||
                      (chk_reg_i == 8'd7 && chk_val_i <= 64'd1);

    // ---------------------------------------------------------------- INFO: build parameters in header order
    localparam [31:0] P1 = W, P2 = IDX_W, P3 = WAYS, P4 = CNT_W, P5 = MISS_W, P6 = TAG_W,
                      P7 = AK_K, P8 = FIFO_AW;
    assign info_o = {{224{1'b0}}, HASH_SEED, P8, P7, P6, P5, P4, P3, P2, P1};

    // ---------------------------------------------------------------- words (link domain)
    assign rec_w_o     = {rec_b_i[W-1:0], rec_a_i[W-1:0]};
    wire   unused_rec  = &{1'b0, rec_c_i, rec_d_i, cfg_val_i[63:32]};
    generate
        if (W < 64) begin : g_unused
            wire unused_hi = &{1'b0, rec_a_i[63:W], rec_b_i[63:W]};
        end
    endgenerate
    wire   o_end       = orec_w_i[OFW-1];
    assign orec_done_o = o_end;
    assign orec_tag_o  = o_end ? 8'hf0 : 8'h01;
    assign orec_n_o    = o_end ? 2'd0 : 2'd3;
    assign orec_cont_o = 1'b0;
    assign orec_last_o = 1'b1;
    assign orec_f0_o   = {{(64 - W){1'b0}}, orec_w_i[W-1:0]};
    assign orec_f1_o   = {{(64 - W){1'b0}}, orec_w_i[2*W-1:W]};
    assign orec_f2_o   = {32'd0, orec_w_i[2*W+31:2*W]};

    // ---------------------------------------------------------------- engine (engine domain)
    wire          e_out_valid, e_done;
    wire [W-1:0]  e_out_a, e_out_b;
    wire [31:0]   e_out_count;
    reg           end_q;                 // END passed to the output FIFO
    hwp_strat #(
        .W(W), .IDX_W(IDX_W), .WAYS(WAYS), .CNT_W(CNT_W), .MISS_W(MISS_W), .TAG_W(TAG_W),
        .AK_K(AK_K), .FIFO_AW(FIFO_AW), .HASH_SEED(HASH_SEED), .OREG(OREG)
    ) u_eng (
        .clk_i(eclk_i), .rst_i(erst_i),
        .cfg_mode_i(mode_q), .cfg_rate_i(rate_q), .cfg_rthr_i(rthr_q), .cfg_evict_i(evict_q),
        .cfg_replace_i(replace_q), .cfg_seed_i(seed_q), .cfg_ak_en_i(ak_q),
        .in_valid_i(in_valid_i), .in_ready_o(in_ready_o), .in_a_i(in_w_i[W-1:0]), .in_b_i(in_w_i[2*W-1:W]),
        .flush_i(eos_i),
        .out_valid_o(e_out_valid), .out_ready_i(out_ready_i && !e_done), .out_a_o(e_out_a),
        .out_b_o(e_out_b), .out_count_o(e_out_count), .done_o(e_done)
    );
    // messages, then END once the engine is done
    wire send_end = eos_i && e_done && !end_q;
    assign out_valid_o = e_out_valid || send_end;
    assign out_w_o     = {send_end && !e_out_valid, e_out_count, e_out_b, e_out_a};
    always @(posedge eclk_i) begin
        if (erst_i) end_q <= 1'b0;
        else if (send_end && !e_out_valid && out_ready_i) end_q <= 1'b1;
    end
    // no host port, no interrupt
    wire   unused_hop = in_hop_i;
    assign irq_o      = 1'b0;
endmodule
`default_nettype wire
