// SPDX-License-Identifier: Apache-2.0
// ULX3S (LFE5U-85F-6BG381C) board top: the link (rtl/link) and the
// multi-hash interval profiler, one clock domain at the 25 MHz oscillator (G2), UART
// on the FT231X (FPGA receives on M1 ftdi_txd, transmits on L4 ftdi_rxd).
// LED 0: link activity, LED 1: errors. Engine parameters: the ECP5
// configuration of tb/mhash/engine.mk (SYNTH_GPARAMS_ecp5) (SYNTH_VFLAGS_ecp5). docs/fpga.md.
`default_nettype none
module mhash_top (
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
    hwp_shell_mhash #(
        .W(64), .N_COUNTERS(2048), .CW(24), .EW(8), .MAX_TABLES(16), .ACC_K(32), .LW(32), .SEED(32'h1),
        .BOARD_ID(8'd2), .CLK_KHZ(32'd25000), .BOOT_DIV(32'hd904), .FALLBACK(32'd2500000)
    ) u_shell (
        .clk_i(clk_i), .rst_i(rst), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .led_act_o(act), .led_err_o(err)
    );
    assign led_o = {6'd0, err, act};
endmodule
`default_nettype wire
