// SPDX-License-Identifier: Apache-2.0
// iCEBreaker (iCE40UP5K-SG48) composed board top: the 12 MHz oscillator pin
// (35) feeds the SB_PLL40_2_PAD (rtl/board/hwp_pll_ice40.v), whose port A
// clocks the link at 12 MHz and port B the engine at HWP_ENG_MHZ
// (fpga/icebreaker/hwp_sizes.vh); UART on FTDI channel B (RX pin 6, TX pin
// 9); green LED: link activity, red LED: errors. The engine is the one
// HWP_ENGINE_<NAME> names (rtl/board/hwp_board_core.v). docs/fpga.md.
`default_nettype none
module hwp_board (
`ifdef HWP_SIM_PLL
    input  wire sim_eclk_i,
`endif
    input  wire clk_i,
    input  wire uart_rx_i,
    output wire uart_tx_o,
    output wire led_g_n_o,
    output wire led_r_n_o
);
    wire act, err, unused_locked;    // two LEDs: activity and errors
    hwp_board_core #(.BOARD_ID(8'd1), .CLK_KHZ(32'd12000), .BOOT_DIV(32'h682b), .FALLBACK(32'd1200000)) u_core (
        .clk_i(clk_i), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o), .led_act_o(act), .led_err_o(err),
`ifdef HWP_SIM_PLL
        .sim_eclk_i(sim_eclk_i),
`endif
        .locked_o(unused_locked));
    assign led_g_n_o = !act;
    assign led_r_n_o = !err;
endmodule
`default_nettype wire
