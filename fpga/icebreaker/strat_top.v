// SPDX-License-Identifier: Apache-2.0
// iCEBreaker (iCE40UP5K-SG48) board top: the link (rtl/link) and the
// stratified sampler, one clock domain at the 12 MHz oscillator (pin 35),
// UART on FTDI channel B (RX pin 6, TX pin 9). Green LED: link activity,
// red LED: errors. Engine parameters: the UP5K configuration of
// tb/strat/engine.mk (SYNTH_VFLAGS_ice40) with 16-bit tuple fields (as
// mhash's UP5K configuration) and A_2 instead of 32-bit fields and A_4, so
// that the link fits next to it (5581 logic cells, 105%, with W = 32 and
// A_2; A_k is off by default: cfg_ak_en = 0). docs/fpga.md.
`default_nettype none
module strat_top (
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
    hwp_shell_strat #(
        .W(16), .IDX_W(11), .WAYS(2), .CNT_W(16), .MISS_W(3), .TAG_W(2), .AK_K(2), .FIFO_AW(8),
        .HASH_SEED(32'h1),
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
