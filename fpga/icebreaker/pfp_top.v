// SPDX-License-Identifier: Apache-2.0
// iCEBreaker (iCE40UP5K-SG48) board top: the link (rtl/link) and the profile
// flag predictor front end, one clock domain at the 12 MHz oscillator (pin
// 35), UART on FTDI channel B (RX pin 6, TX pin 9). Green LED: link activity,
// red LED: errors. Engine parameters: the UP5K configuration of
// tb/pfp/engine.mk (SYNTH_GPARAMS_ice40: 1-wide, 2 x 4 descriptors, 16-record
// window, 16-bit addresses, 8-bit counters). Its counters wrap at 256 and its
// addresses are 16 bits, so `hwprof stream` refuses it (the result could not
// equal `hwprof run`, which models 32-bit addresses and 64-bit counters);
// the scripted host (tb/board/host_smoke.py) drives it. docs/fpga.md.
`default_nettype none
module pfp_top (
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
    hwp_shell_pfp #(
        .FETCH_W(1), .DEC_W(1), .FQ(4), .WIN_BITS(4), .SET_BITS(2), .MIN_LEN(4), .SKIP_BITS(2),
        .BR_PEN(3), .PC_W(16), .CNT_W(8),
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
