// SPDX-License-Identifier: Apache-2.0
// Engine adapter for the multi-hash interval profiler (rtl/mhash,
// Narayanasamy et al. 2003) in the two-clock board shell (rtl/link/
// hwp_shell_cdc.v), port bundle rtl/board/hwp_adapt_ports.vh. Link domain:
// the CONFIG registers cfg_tables .. cfg_thr, their reset values (the
// `hwprof run --engine mhash` defaults; tables at most MAX_TABLES) and range
// check, the INFO build parameters and the output record tags, as mhash's
// description sets them (hwp_desc_mhash.vh, written by `make gen` from
// cmodel/link/engdesc.def). Engine domain:
// the engine, fed <a, b> words {b, a} (IFW = 2W); its records leave as
// {kind, count, b, a} (OFW = 2 + max(2W + CW, 96)), kind 0 = 0x01 CAND a b
// count, 1 = 0x02 EOI count. The engine has no flush (the unfinished
// interval is not reported): after EOS, once every interval its tuples
// completed has sent its end-of-interval record and the engine has then
// been idle (input ready, no output) for QUIET engine clocks, kind 2 = 0xF1
// COUNTERS refused promotions conflicts (as {kind, conflicts, promotions,
// refused}, 32 bits each) and kind 3 = 0xF0 END follow. docs/protocol.md.
`default_nettype none
module hwp_adapt_mhash #(
    parameter integer W          = 64,        // engine: tuple field width
    parameter integer N_COUNTERS = 2048,      // engine: total counters
    parameter integer CW         = 24,        // engine: counter width
    parameter integer EW         = 8,         // engine: epoch tag width
    parameter integer MAX_TABLES = 16,        // engine: banks
    parameter integer ACC_K      = 100,       // engine: accumulator entries
    parameter integer ACC_WAYS   = 0,         // engine: hashed accumulator ways (0: registers)
    parameter integer ACC_SETS   = 0,         // engine: hashed accumulator slots per way (0 with ACC_WAYS 0)
    parameter integer ACC_STASH  = 0,         // engine: hashed accumulator stash entries
    parameter integer LW         = 32,        // engine: interval counter width
    parameter [31:0]  SEED       = 32'h1,     // engine: hash seed
    parameter integer QUIET      = 64,        // engine clocks idle after EOS before COUNTERS
    parameter integer IFW        = 2 * W,     // input word (fixed by W)
    parameter integer OFW        = 2 + ((2 * W + CW > 96) ? 2 * W + CW : 96)   // output word (fixed by W, CW)
) (
`include "hwp_adapt_ports.vh"
);
    // ---------------------------------------------------------------- CONFIG, INFO (link domain)
    // the CONFIG registers cfg_<name>_q (quasi-static), their range check
    // chk_ok_o and the INFO word, as the engine's description sets them
`include "hwp_desc_mhash.vh"
    assign info_o = desc_info;

    // ---------------------------------------------------------------- words (link domain)
    assign rec_w_o    = {rec_b_i[W-1:0], rec_a_i[W-1:0]};
    wire   unused_rec = &{1'b0, rec_c_i, rec_d_i, cfg_val_i[63:LW]};
    generate
        if (W < 64) begin : g_unused
            wire unused_hi = &{1'b0, rec_a_i[63:W], rec_b_i[63:W]};
        end
    endgenerate
    wire [1:0]  o_kind    = orec_w_i[OFW-1:OFW-2];
    wire [63:0] o_a       = {{(64 - W){1'b0}}, orec_w_i[W-1:0]};
    wire [63:0] o_b       = {{(64 - W){1'b0}}, orec_w_i[2*W-1:W]};
    wire [63:0] o_cnt     = {{(64 - CW){1'b0}}, orec_w_i[2*W+CW-1:2*W]};
    assign orec_done_o = o_kind == 2'd3;
    assign orec_tag_o  = o_kind == 2'd0 ? TAG_CAND : o_kind == 2'd1 ? TAG_EOI : o_kind == 2'd2 ? TAG_COUNTERS : TAG_END;
    assign orec_n_o    = o_kind == 2'd0 ? TAG_CAND_NF[1:0] : o_kind == 2'd1 ? TAG_EOI_NF[1:0] :
                         o_kind == 2'd2 ? TAG_COUNTERS_NF[1:0] : TAG_END_NF[1:0];
    assign orec_cont_o = 1'b0;
    assign orec_last_o = 1'b1;
    assign orec_f0_o   = o_kind == 2'd1 ? o_cnt : o_kind == 2'd2 ? {32'd0, orec_w_i[31:0]} : o_a;
    assign orec_f1_o   = o_kind == 2'd2 ? {32'd0, orec_w_i[63:32]} : o_b;
    assign orec_f2_o   = o_kind == 2'd2 ? {32'd0, orec_w_i[95:64]} : o_cnt;

    // ---------------------------------------------------------------- engine (engine domain)
    wire          e_out_valid, e_out_eoi;
    wire [W-1:0]  e_out_a, e_out_b;
    wire [CW-1:0] e_out_count;
    wire [31:0]   e_refused, e_promotions, e_conflict;
    hwp_mhash #(
        .W(W), .N_COUNTERS(N_COUNTERS), .CW(CW), .EW(EW), .MAX_TABLES(MAX_TABLES), .ACC_K(ACC_K),
        .ACC_WAYS(ACC_WAYS), .ACC_SETS(ACC_WAYS > 0 ? ACC_SETS : 64), .ACC_STASH(ACC_STASH),
        .LW(LW), .SEED(SEED)
    ) u_eng (
        .clk_i(eclk_i), .rst_i(erst_i),
        .cfg_tables_i(cfg_tables_q), .cfg_cons_i(cfg_cons_q), .cfg_reset_i(cfg_reset_q),
        .cfg_shield_i(cfg_shield_q), .cfg_retain_i(cfg_retain_q), .cfg_interval_i(cfg_interval_q),
        .cfg_thr_i(cfg_thr_q),
        .in_valid_i(in_valid_i), .in_ready_o(in_ready_o), .in_a_i(in_w_i[W-1:0]), .in_b_i(in_w_i[2*W-1:W]),
        .out_valid_o(e_out_valid), .out_ready_i(out_ready_i), .out_eoi_o(e_out_eoi),
        .out_a_o(e_out_a), .out_b_o(e_out_b), .out_count_o(e_out_count), .stat_refused_o(e_refused),
        .stat_promotions_o(e_promotions), .stat_conflict_o(e_conflict)
    );

    // intervals completed by the tuples taken whose end-of-interval record
    // has not left yet: the dump of an interval scans the accumulator while
    // the engine takes tuples and shows no output, so idle ports alone do
    // not say that every record is out. The engine takes the tuple that
    // ends an interval only once the previous dump has loaded its
    // end-of-interval record, so only a few are pending at a time (4 bits
    // hold 15).
    reg  [1:0]    fin_q;               // 0 running, 1 COUNTERS next, 2 END next, 3 done
    wire          fin = fin_q == 2'd1 || fin_q == 2'd2;
    reg  [LW-1:0] ivl_pos_q;           // tuples taken in the current interval
    reg  [3:0]    ivl_pend_q;
    wire          take    = in_valid_i && in_ready_o;
    wire          ivl_end = take && ivl_pos_q == cfg_interval_q - 1'b1;
    wire          eoi_out = e_out_valid && e_out_eoi && out_ready_i && !fin;
    always @(posedge eclk_i) begin
        if (erst_i) begin
            ivl_pos_q <= {LW{1'b0}}; ivl_pend_q <= 4'd0;
        end else begin
            if (take) ivl_pos_q <= ivl_end ? {LW{1'b0}} : ivl_pos_q + 1'b1;
            ivl_pend_q <= ivl_pend_q + {3'd0, ivl_end} - {3'd0, eoi_out};
        end
    end

    // after EOS: every completed interval's records out, then QUIET clocks
    // with the engine idle, then COUNTERS, then END
    reg  [7:0] quiet_q;
    localparam [31:0] QUIET_N = QUIET;
    always @(posedge eclk_i) begin
        if (erst_i || !eos_i) begin
            quiet_q <= 8'd0; fin_q <= 2'd0;
        end else if (fin_q == 2'd0) begin
            if (e_out_valid || !in_ready_o || in_valid_i || ivl_pend_q != 4'd0) quiet_q <= 8'd0;
            else if (quiet_q == QUIET_N[7:0]) fin_q <= 2'd1;
            else quiet_q <= quiet_q + 8'd1;
        end else if (fin_q != 2'd3 && out_ready_i) begin
            fin_q <= fin_q + 2'd1;
        end
    end
    assign out_valid_o = e_out_valid || fin;
    localparam integer RW = 2 * W + CW;  // a record's bits
    wire [OFW-3:0] stat_w = {{(OFW - 98){1'b0}}, e_conflict, e_promotions, e_refused};
    wire [OFW-3:0] rec_w  = {{(OFW - 2 - RW){1'b0}}, e_out_count, e_out_b, e_out_a};
    assign out_w_o = fin ? {fin_q == 2'd1 ? 2'd2 : 2'd3, stat_w} : {1'b0, e_out_eoi, rec_w};
    // no host port, no interrupt
    wire   unused_hop = in_hop_i;
    assign irq_o      = 1'b0;
endmodule
`default_nettype wire
