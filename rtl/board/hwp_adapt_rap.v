// SPDX-License-Identifier: Apache-2.0
// Engine adapter for range-adaptive profiling (rtl/rap, Mysore et al. 2008)
// in the two-clock board shell (rtl/link/hwp_shell_cdc.v), port bundle
// rtl/board/hwp_adapt_ports.vh; records as docs/protocol.md lists them. Link
// domain: CONFIG register eps_q (reset value the `hwprof run --engine rap`
// default eps = 0.1), its range check, the INFO build parameters and the
// output record tags as rap's description sets them (hwp_desc_rap.vh,
// written by `make gen` from cmodel/link/engdesc.def).
// Engine domain: the engine, fed the key (IFW = W); every readout record
// leaves as one word {type, f0, len, count} (OFW = 138: type 2 bits, f0 and
// count 64, len 8): type 0 a node (f0 the prefix), 1 a counter (f0 its
// value), 2 the event-weighted live-node sum that follows counter 6, 3 END
// once the engine is done after EOS. The link side turns them into 0x01 NODE
// prefix len count, one 0xF1 COUNTERS record in pieces (the first counter
// opens it, the sum closes it) and 0xF0 END. docs/protocol.md, "Engines on
// the link".
`default_nettype none
module hwp_adapt_rap #(
    parameter integer W            = 32,        // engine: key width
    parameter integer K            = 2,         // engine: log2 branching factor
    parameter integer N            = 64,        // engine: TCAM entries
    parameter integer CW           = 32,        // engine: counter width
    parameter integer SB           = 3,         // engine: log2 stage-0 buffer slots
    parameter integer CB           = 16,        // engine: stage-0 count width
    parameter [31:0]  MERGE_FIRST  = 32'd1024,  // engine: first merge batch
    parameter integer MERGE_Q      = 2,         // engine: merge period factor
    parameter integer OPT_TCAM_RAM = 0,         // engine: RAM TCAM
    parameter integer TCAM_CHUNK   = 4,         // engine: RAM TCAM slice bits
    parameter integer TCAM_BITWE   = 0,         // engine: RAM TCAM per-bit write enables
    parameter integer ARB_SERIAL   = 0,         // engine: stage-2 arbiter variant
    parameter integer ARB_RG       = 0,         // engine: tournament levels per register
    parameter integer ARB_OREG     = 0,         // engine: tournament result register
    parameter integer OPT_CREG     = 0,         // engine: registered counter/prefix reads
    parameter integer OPT_INREG    = 0,         // engine: input skid register before the buffer
    parameter integer LIVE_SUM     = 1,         // engine: OPT_LIVE_SUM (COUNTERS field 8)
    parameter integer IFW          = W,         // input word (fixed by W)
    parameter integer OFW          = 138        // output word (fixed)
) (
`include "hwp_adapt_ports.vh"
);
    // ---------------------------------------------------------------- CONFIG, INFO (link domain)
    // the CONFIG registers cfg_<name>_q (quasi-static), their range check
    // chk_ok_o and the INFO word, as the engine's description sets them
`include "hwp_desc_rap.vh"
    assign info_o = desc_info;

    // ---------------------------------------------------------------- words (link domain)
    assign rec_w_o    = rec_a_i[W-1:0];
    wire   unused_rec = &{1'b0, rec_b_i, rec_c_i, rec_d_i, cfg_val_i[63:16]};
    generate
        if (W < 64) begin : g_unused
            wire unused_hi = &{1'b0, rec_a_i[63:W]};
        end
    endgenerate
    localparam [1:0] T_NODE = 2'd0, T_CTR = 2'd1, T_SUM = 2'd2, T_END = 2'd3;
    wire [1:0]  o_t   = orec_w_i[137:136];
    wire [7:0]  o_len = orec_w_i[71:64];
    assign orec_done_o = o_t == T_END;
    assign orec_tag_o  = o_t == T_END ? TAG_END : o_t == T_NODE ? TAG_NODE : TAG_COUNTERS;
    assign orec_n_o    = o_t == T_END ? 2'd0 : o_t == T_NODE ? 2'd3 : 2'd1;
    assign orec_cont_o = o_t == T_SUM || (o_t == T_CTR && o_len != 8'd0);
    assign orec_last_o = o_t != T_CTR;
    assign orec_f0_o   = orec_w_i[135:72];
    assign orec_f1_o   = {56'd0, o_len};
    assign orec_f2_o   = orec_w_i[63:0];

    // ---------------------------------------------------------------- engine (engine domain)
    wire          e_out_valid, e_out_kind, e_done;
    wire [W-1:0]  e_out_prefix;
    wire [7:0]    e_out_len;
    wire [CW-1:0] e_out_count;
    wire [CW-1:0] unused_dbg_n;
    wire [16:0]   unused_dbg_live;
    wire [4:0]    unused_dbg_state;
    wire [63:0]   e_live_sum;
    reg           end_q;                 // END passed to the output FIFO
    reg           sum_q;                 // the live-node sum is next (after counter 6)
    hwp_rap #(
        .W(W), .K(K), .N(N), .CW(CW), .SB(SB), .CB(CB), .MERGE_FIRST(MERGE_FIRST), .MERGE_Q(MERGE_Q),
        .OPT_TCAM_RAM(OPT_TCAM_RAM), .TCAM_CHUNK(TCAM_CHUNK), .TCAM_BITWE(TCAM_BITWE),
        .ARB_SERIAL(ARB_SERIAL), .ARB_RG(ARB_RG), .ARB_OREG(ARB_OREG), .OPT_CREG(OPT_CREG), .OPT_INREG(OPT_INREG),
        .OPT_LIVE_SUM(LIVE_SUM)
    ) u_eng (
        .clk_i(eclk_i), .rst_i(erst_i), .eps_q_i(cfg_eps_q),
        .in_valid_i(in_valid_i), .in_ready_o(in_ready_o), .in_id_i(in_w_i[W-1:0]), .eos_i(eos_i),
        .out_valid_o(e_out_valid), .out_ready_i(out_ready_i && !sum_q), .out_kind_o(e_out_kind),
        .out_prefix_o(e_out_prefix), .out_len_o(e_out_len), .out_count_o(e_out_count), .done_o(e_done),
        .dbg_n_o(unused_dbg_n), .dbg_live_o(unused_dbg_live), .dbg_state_o(unused_dbg_state),
        .stat_live_sum_o(e_live_sum)
    );
    // readout records; the sum right after counter 6; END once the engine is done
    wire        c6_sent  = e_out_valid && !sum_q && e_out_kind && e_out_len == 8'd6 && out_ready_i;
    wire        send_end = eos_i && e_done && !end_q && !e_out_valid && !sum_q;
    wire [63:0] count64  = {{(64 - CW){1'b0}}, e_out_count};
    wire [1:0]  t        = sum_q ? T_SUM : e_out_valid ? (e_out_kind ? T_CTR : T_NODE) : T_END;
    wire [63:0] f0       = sum_q ? e_live_sum : e_out_kind ? count64 : {{(64 - W){1'b0}}, e_out_prefix};
    assign out_valid_o = sum_q || e_out_valid || send_end;
    assign out_w_o     = {t, f0, e_out_len, count64};
    always @(posedge eclk_i) begin
        if (erst_i) begin
            end_q <= 1'b0; sum_q <= 1'b0;
        end else begin
            if (send_end && out_ready_i) end_q <= 1'b1;
            if (c6_sent) sum_q <= 1'b1;
            else if (sum_q && out_ready_i) sum_q <= 1'b0;
        end
    end
    // no host port, no interrupt
    wire   unused_hop = in_hop_i;
    assign irq_o      = 1'b0;
endmodule
`default_nettype wire
