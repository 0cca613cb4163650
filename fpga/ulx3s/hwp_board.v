// SPDX-License-Identifier: Apache-2.0
// ULX3S (LFE5U-85F-6BG381C) composed board top: the 25 MHz oscillator (G2)
// clocks the link, the EHXPLLL (rtl/board/hwp_pll_ecp5.v) the engine at
// HWP_ENG_MHZ (fpga/ulx3s/hwp_sizes.vh); UART on the FT231X (FPGA receives
// on M1 ftdi_txd, transmits on L4 ftdi_rxd); LED 0: link activity, LED 1:
// errors, LED 2: PLL locked. The engine is the one HWP_ENGINE_<NAME> names
// (rtl/board/hwp_board_core.v). docs/fpga.md. With HWP_SOC (make synth
// TOP=soc) the engine sits beside the SoC's core (docs/soc.md): LED 3 the
// program exited, LED 4 it ended on a trap or a bus error.
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
`ifdef HWP_SOC
    wire soc_exit, soc_fault;
    assign led_o = {3'd0, soc_fault, soc_exit, locked, err, act};
`else
    assign led_o = {5'd0, locked, err, act};
`endif
    hwp_board_core #(.BOARD_ID(8'd2), .CLK_KHZ(32'd25000), .BOOT_DIV(32'hd904), .FALLBACK(32'd2500000)) u_core (
`ifdef HWP_SIM_PLL
        .sim_eclk_i(sim_eclk_i),
`endif
`ifdef HWP_SOC
        .soc_exit_o(soc_exit), .soc_fault_o(soc_fault),
`endif
        .clk_i(clk_i), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o), .led_act_o(act), .led_err_o(err),
        .locked_o(locked));
endmodule
`default_nettype wire
