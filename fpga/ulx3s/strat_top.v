// SPDX-License-Identifier: Apache-2.0
// ULX3S (LFE5U-85F-6BG381C) board top: the link (rtl/link) and the
// stratified sampler, one clock domain at the 25 MHz oscillator (G2), UART
// on the FT231X (FPGA receives on M1 ftdi_txd, transmits on L4 ftdi_rxd).
// LED 0: link activity, LED 1: errors. Engine parameters: the ECP5
// configuration of tb/strat/engine.mk (SYNTH_VFLAGS_ecp5) with an A_4
// aggregation buffer instead of A_16: with A_16, 56 % of nextpnr's routing
// overuse was the buffer and 34 % its output selection, and the top did not
// route in an hour; with A_4 it routes in about a minute. docs/fpga.md.
`default_nettype none
module strat_top (
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
    hwp_shell_strat #(
        .W(64), .IDX_W(11), .WAYS(2), .CNT_W(16), .MISS_W(3), .TAG_W(2), .AK_K(4), .FIFO_AW(9),
        .HASH_SEED(32'h1),
        .BOARD_ID(8'd2), .CLK_KHZ(32'd25000), .BOOT_DIV(32'hd904), .FALLBACK(32'd2500000)
    ) u_shell (
        .clk_i(clk_i), .rst_i(rst), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .led_act_o(act), .led_err_o(err)
    );
    assign led_o = {6'd0, err, act};
endmodule
`default_nettype wire
