// SPDX-License-Identifier: Apache-2.0
// ULX3S (LFE5U-85F-6BG381C) composed board top: the 25 MHz oscillator (G2)
// clocks the link, the EHXPLLL (rtl/board/hwp_pll_ecp5.v) the engine at
// HWP_ENG_MHZ (fpga/ulx3s/hwp_sizes.vh); UART on the FT231X (FPGA receives
// on M1 ftdi_txd, transmits on L4 ftdi_rxd); LED 0: link activity, LED 1:
// errors, LED 2: PLL locked. The engine is the one HWP_ENGINE_<NAME> names
// (rtl/board/hwp_board_core.v). docs/fpga.md.
`default_nettype none
module hwp_board (
    input  wire       clk_i,
    input  wire       uart_rx_i,
    output wire       uart_tx_o,
`ifdef HWP_SIM_PLL
    input  wire       sim_eclk_i,
`endif
    output wire [7:0] led_o
);
    wire locked, act, err;
    assign led_o = {5'd0, locked, err, act};
    hwp_board_core #(.BOARD_ID(8'd2), .CLK_KHZ(32'd25000), .BOOT_DIV(32'hd904), .FALLBACK(32'd2500000)) u_core (
`ifdef HWP_SIM_PLL
        .sim_eclk_i(sim_eclk_i),
`endif
        .clk_i(clk_i), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o), .led_act_o(act), .led_err_o(err),
        .locked_o(locked));
endmodule
`default_nettype wire
