// SPDX-License-Identifier: Apache-2.0
// Board shell for range-adaptive profiling (rtl/rap, Mysore et al. 2008)
// behind the link (hwp_link): CONFIG register 1 = eps_q (reset value 6553,
// the `hwprof run --engine rap` default eps = 0.1); INFO build parameters
// 1..12 = the engine's parameters in header order, 13 = LIVE_SUM. Input
// records: tuple1 (the key). Output records: 0x01 NODE prefix len count for
// every node of the readout, one 0xF1 COUNTERS record holding the 7 counter
// values in readout order and the event-weighted live-node sum
// (stat_live_sum_o; 0 with LIVE_SUM = 0, which INFO says), then 0xF0 END. docs/protocol.md, "Engines on the link".
`default_nettype none
module hwp_shell_rap #(
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
    parameter integer LIVE_SUM     = 1,         // engine: OPT_LIVE_SUM (COUNTERS field 8)
    parameter [7:0]   BOARD_ID     = 8'd0,      // link: INFO board id
    parameter [31:0]  CLK_KHZ      = 32'd12000, // link: clock in kHz
    parameter [31:0]  BOOT_DIV     = 32'h682b,  // link: boot-rate divisor (24.8)
    parameter [31:0]  FALLBACK     = 32'd1200000, // link: SET_BAUD fall-back clocks
    parameter integer OQ_AW        = 9,         // link: log2 output-queue bytes (8 or 9)
    parameter integer NS_LOG       = 3,         // link: log2 receive slots
    parameter integer LED_W        = 18         // link: LED stretch bits
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
    reg         end_q, sum_q;

    reg  [15:0] eps_q;
    always @(posedge clk_i) begin
        if (rst_i || cfg_def) eps_q <= 16'd6553;
        else if (cfg_we && cfg_reg == 8'd1) eps_q <= cfg_val[15:0];
    end
    wire unused_cfg = &{1'b0, cfg_val[63:16], rec_b};
    assign chk_ok = chk_reg == 8'd1 && chk_val >= 64'd1 && chk_val <= 64'd65535;

    localparam [31:0] P1 = W, P2 = K, P3 = N, P4 = CW, P5 = SB, P6 = CB, P8 = MERGE_Q,
                      P9 = OPT_TCAM_RAM, P10 = TCAM_CHUNK, P11 = TCAM_BITWE, P12 = ARB_SERIAL,
                      P13 = LIVE_SUM;
    always @(*) begin
        case (info_idx)
            4'd0: info_val = P1;
            4'd1: info_val = P2;
            4'd2: info_val = P3;
            4'd3: info_val = P4;
            4'd4: info_val = P5;
            4'd5: info_val = P6;
            4'd6: info_val = MERGE_FIRST;
            4'd7: info_val = P8;
            4'd8: info_val = P9;
            4'd9: info_val = P10;
            4'd10: info_val = P11;
            4'd11: info_val = P12;
            default: info_val = P13;
        endcase
    end

    wire          e_out_valid, e_out_kind, e_done;
    wire [W-1:0]  e_out_prefix;
    wire [7:0]    e_out_len;
    wire [CW-1:0] e_out_count;
    wire [CW-1:0] unused_dbg_n;
    wire [16:0]   unused_dbg_live;
    wire [4:0]    unused_dbg_state;
    wire [63:0]   e_live_sum;
    hwp_rap #(
        .W(W), .K(K), .N(N), .CW(CW), .SB(SB), .CB(CB), .MERGE_FIRST(MERGE_FIRST), .MERGE_Q(MERGE_Q),
        .OPT_TCAM_RAM(OPT_TCAM_RAM), .TCAM_CHUNK(TCAM_CHUNK), .TCAM_BITWE(TCAM_BITWE),
        .ARB_SERIAL(ARB_SERIAL), .OPT_LIVE_SUM(LIVE_SUM)
    ) u_eng (
        .clk_i(clk_i), .rst_i(rst_i || eng_rst), .eps_q_i(eps_q),
        .in_valid_i(rec_valid), .in_ready_o(rec_ready), .in_id_i(rec_a[W-1:0]), .eos_i(eos),
        .out_valid_o(e_out_valid), .out_ready_i(orec_ready), .out_kind_o(e_out_kind),
        .out_prefix_o(e_out_prefix), .out_len_o(e_out_len), .out_count_o(e_out_count), .done_o(e_done),
        .dbg_n_o(unused_dbg_n), .dbg_live_o(unused_dbg_live), .dbg_state_o(unused_dbg_state),
        .stat_live_sum_o(e_live_sum)
    );
    generate
        if (W < 64) begin : g_unused
            wire unused_hi = &{1'b0, rec_a[63:W]};
        end
    endgenerate

    // nodes -> NODE; counter records -> one COUNTERS record in pieces (the
    // first opens it, the live-node sum piece after counter 6 closes it); END
    // after done_o
    wire c6_sent  = e_out_valid && e_out_kind && e_out_len == 8'd6 && orec_ready;
    wire send_sum = sum_q;
    wire send_end = eos && e_done && !end_q && !eng_rst && !e_out_valid && !send_sum;
    wire [7:0]  orec_tag = send_end ? 8'hf0 : (e_out_kind || send_sum) ? 8'hf1 : 8'h01;
    wire [1:0]  orec_n   = send_end ? 2'd0 : (e_out_kind || send_sum) ? 2'd1 : 2'd3;
    wire        orec_cont = send_sum || (!send_end && e_out_kind && e_out_len != 8'd0);
    wire        orec_last = send_sum || send_end || !e_out_kind;
    wire [63:0] orec_f0  = send_sum ? e_live_sum :
                           e_out_kind ? {{(64 - CW){1'b0}}, e_out_count} : {{(64 - W){1'b0}}, e_out_prefix};
    wire [63:0] orec_f1  = {56'd0, e_out_len};
    wire [63:0] orec_f2  = {{(64 - CW){1'b0}}, e_out_count};
    assign orec_valid = e_out_valid || send_end || send_sum;
    always @(posedge clk_i) begin
        if (rst_i || cfg_def) end_q <= 1'b0;
        else if (send_end && orec_ready) end_q <= 1'b1;
        if (rst_i || eng_rst) sum_q <= 1'b0;
        else if (c6_sent) sum_q <= 1'b1;
        else if (sum_q && orec_ready) sum_q <= 1'b0;
    end

    // widest output field: the live-node sum is below 2^(CW + 17) (at most
    // 2^17 - 1 live nodes over fewer than 2^CW events; 0 with LIVE_SUM = 0)
    localparam integer OW0 = (W > CW) ? W : CW;
    localparam integer OWS = (CW + 17 > 64) ? 64 : CW + 17;
    localparam integer OW  = (LIVE_SUM != 0 && OWS > OW0) ? OWS : OW0;
    // no host port: the link refuses HOSTOP (its HOSTOP parameter is 0)
    wire        unused_hop_v;
    wire [7:0]  unused_hop_op;
    wire [15:0] unused_hop_addr;
    wire [63:0] unused_hop_data;
    hwp_link #(
        .NS_LOG(NS_LOG), .OQ_AW(OQ_AW), .OW(OW), .NF(1), .W(W), .NPARAM(13), .BOARD_ID(BOARD_ID), .ENGINE_ID(8'd3),
        .KIND(8'd1), .CLK_KHZ(CLK_KHZ), .BOOT_DIV(BOOT_DIV), .FALLBACK(FALLBACK), .LED_W(LED_W)
    ) u_link (
        .clk_i(clk_i), .rst_i(rst_i), .rx_i(uart_rx_i), .tx_o(uart_tx_o),
        .eng_rst_o(eng_rst), .eos_o(eos), .cfg_def_o(cfg_def), .cfg_we_o(cfg_we), .cfg_reg_o(cfg_reg),
        .cfg_val_o(cfg_val), .chk_reg_o(chk_reg), .chk_val_o(chk_val), .chk_ok_i(chk_ok),
        .rec_valid_o(rec_valid), .rec_ready_i(rec_ready), .rec_a_o(rec_a), .rec_b_o(rec_b), .rec_c_o(rec_c), .rec_d_o(rec_d),
        .orec_valid_i(orec_valid), .orec_ready_o(orec_ready), .orec_tag_i(orec_tag), .orec_n_i(orec_n),
        .orec_cont_i(orec_cont), .orec_last_i(orec_last),
        .orec_f0_i(orec_f0), .orec_f1_i(orec_f1), .orec_f2_i(orec_f2),
        .hop_valid_o(unused_hop_v), .hop_ready_i(1'b1), .hop_op_o(unused_hop_op),
        .hop_addr_o(unused_hop_addr), .hop_data_o(unused_hop_data),
        .done_i(end_q), .irq_i(1'b0),
        .info_idx_o(info_idx), .info_val_i(info_val), .led_act_o(led_act_o), .led_err_o(led_err_o)
    );
endmodule
`default_nettype wire
