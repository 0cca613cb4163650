// SPDX-License-Identifier: Apache-2.0
// iCEBreaker (iCE40UP5K-SG48) board top: the link (rtl/link) and the
// range-adaptive profiler, one clock domain at the 12 MHz oscillator (pin 35),
// UART on FTDI channel B (RX pin 6, TX pin 9). Green LED: link activity,
// red LED: errors. Engine parameters: the UP5K configuration of
// tb/rap/engine.mk (configuration ram, the 64-entry block-RAM TCAM) (SYNTH_VFLAGS_ice40). docs/fpga.md.
`default_nettype none
module rap_top (
    input  wire clk_i,
    input  wire uart_rx_i,
    output wire uart_tx_o,
    output wire led_g_n_o,
    output wire led_r_n_o
);
    // power-on reset: 15 clocks after configuration
    reg  [3:0] por_q = 4'd0;
    wire       rst = !(&por_q);
    always @(posedge clk_i) if (rst) por_q <= por_q + 4'd1;

    wire act, err;
    hwp_shell_rap #(
        .W(32), .K(2), .N(64), .CW(32), .SB(3), .CB(16), .MERGE_FIRST(32'd1024), .MERGE_Q(2),
        .OPT_TCAM_RAM(1), .TCAM_CHUNK(4),
        .LIVE_SUM(0),  // the live-node sum (nodes_avg) does not fit the UP5K: stream prints '-'
        .BOARD_ID(8'd1), .CLK_KHZ(32'd12000), .BOOT_DIV(32'h682b), .FALLBACK(32'd1200000),
        .NS_LOG(2), .OQ_AW(8)
    ) u_shell (
        .clk_i(clk_i), .rst_i(rst), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .led_act_o(act), .led_err_o(err)
    );
    assign led_g_n_o = !act;
    assign led_r_n_o = !err;
endmodule
`default_nettype wire
