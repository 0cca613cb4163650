// SPDX-License-Identifier: Apache-2.0
// ULX3S (LFE5U-85F-6BG381C) board top: the link (rtl/link) and the profile
// flag predictor front end, one clock domain at the 25 MHz oscillator (G2),
// UART on the FT231X (FPGA receives on M1 ftdi_txd, transmits on L4
// ftdi_rxd). LED 0: link activity, LED 1: errors. Engine parameters: the
// `default` configuration of tb/pfp/engine.mk (4-wide, fetch queue 32, 2 x 16
// descriptors, 32-record window, skips of up to 7) with 32-bit addresses and
// 64-bit counters, the widths `hwprof run --engine pfp` models, so that
// `hwprof stream --engine pfp --win-bits 5 --sets 16 --skip-bits 3` prints
// exactly what `hwprof run` prints with the same options. docs/fpga.md.
`default_nettype none
module pfp_top (
    input  wire       clk_i,
    input  wire       uart_rx_i,
    output wire       uart_tx_o,
    output wire [7:0] led_o
);
    // power-on reset: 15 clocks after configuration
    reg  [3:0] por_q = 4'd0;
    wire       rst = !(&por_q);
    always @(posedge clk_i) if (rst) por_q <= por_q + 4'd1;

    wire act, err;
    hwp_shell_pfp #(
        .FETCH_W(4), .DEC_W(4), .FQ(32), .WIN_BITS(5), .SET_BITS(4), .MIN_LEN(4), .SKIP_BITS(3),
        .BR_PEN(3), .PC_W(32), .CNT_W(64),
        .BOARD_ID(8'd2), .CLK_KHZ(32'd25000), .BOOT_DIV(32'hd904), .FALLBACK(32'd2500000)
    ) u_shell (
        .clk_i(clk_i), .rst_i(rst), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .led_act_o(act), .led_err_o(err)
    );
    assign led_o = {6'd0, err, act};
endmodule
`default_nettype wire
