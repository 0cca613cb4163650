// SPDX-License-Identifier: Apache-2.0
// Engine adapter for the stratified sampler (rtl/strat, Sastry, Bodik, Smith
// 2001) in the two-clock board shell (rtl/link/hwp_shell_cdc.v), port bundle
// rtl/board/hwp_adapt_ports.vh. Link domain: the CONFIG registers cfg_mode ..
// cfg_ak_en, their reset values (the `hwprof run --engine strat` defaults)
// and range check, the INFO build parameters and the output record tags, all
// as strat's description sets them (hwp_desc_strat.vh, written by `make gen`
// from cmodel/link/engdesc.def). Engine domain: the engine, fed <a, b>
// words {b, a} (IFW = 2W); its messages leave as {0, count, b, a} (OFW = 2W + 33) and, after EOS and
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
    // ---------------------------------------------------------------- CONFIG, INFO (link domain)
    // the CONFIG registers cfg_<name>_q (quasi-static), their range check
    // chk_ok_o and the INFO word, as the engine's description sets them
`include "hwp_desc_strat.vh"
    assign info_o = desc_info;

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
    assign orec_tag_o  = o_end ? TAG_END : TAG_MSG;
    assign orec_n_o    = o_end ? TAG_END_NF[1:0] : TAG_MSG_NF[1:0];
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
        .cfg_mode_i(cfg_mode_q), .cfg_rate_i(cfg_rate_q), .cfg_rthr_i(cfg_rthr_q),
        .cfg_evict_i(cfg_evict_q), .cfg_replace_i(cfg_replace_q), .cfg_seed_i(cfg_seed_q),
        .cfg_ak_en_i(cfg_ak_en_q),
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
