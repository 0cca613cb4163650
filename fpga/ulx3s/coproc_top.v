// SPDX-License-Identifier: Apache-2.0
// ULX3S (LFE5U-85F-6BG381C) board top: the link (rtl/link) and the profiling
// co-processor in virtual time (rtl/link/hwp_shell_coproc.v), UART on the
// FT231X (FPGA receives on M1 ftdi_txd, transmits on L4 ftdi_rxd). LED 0:
// link activity, LED 1: errors. The co-processor reaches 16.3 MHz on the
// ECP5-85F (docs/results/coproc.md), below the 25 MHz oscillator (G2), so
// the whole design runs at 12.5 MHz from a divide-by-two flip-flop (3 Mbaud
// is then 4.17 clocks per bit, the link's minimum is 4). Engine parameters:
// the default sizes of docs/coproc.md (256 x 64-bit microcode, 64-entry
// CAM, 512-word data array, 16-entry sample buffer, 4096-bit PC filter
// table), the options `hwprof run --engine coproc` uses by default; shell
// FIFOs of 256 retire records and 64 host-port commands. It does not fit the
// iCE40 UP5K (docs/coproc.md): no iCEBreaker top. docs/fpga.md.
`default_nettype none
module coproc_top (
    input  wire       clk_i,
    input  wire       uart_rx_i,
    output wire       uart_tx_o,
    output wire [7:0] led_o
);
    reg  clk_half_q = 1'b0;
    always @(posedge clk_i) clk_half_q <= !clk_half_q;
    wire clk = clk_half_q;

    // power-on reset: 15 clocks after configuration
    reg  [3:0] por_q = 4'd0;
    wire       rst = !(&por_q);
    always @(posedge clk) if (rst) por_q <= por_q + 4'd1;

    wire act, err;
    hwp_shell_coproc #(
        .UC_AW(8), .CAM_AW(6), .DA_AW(9), .SB_AW(4), .FT_AW(12), .RISCV(1), .RF_AW(8), .CF_AW(6),
        .BOARD_ID(8'd2), .CLK_KHZ(32'd12500), .BOOT_DIV(32'h6c82), .FALLBACK(32'd1250000)
    ) u_shell (
        .clk_i(clk), .rst_i(rst), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .led_act_o(act), .led_err_o(err)
    );
    assign led_o = {6'd0, err, act};
endmodule
`default_nettype wire
