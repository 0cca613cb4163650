// SPDX-License-Identifier: Apache-2.0
// The ULX3S composed board top (fpga/ulx3s/hwp_board.v) with a monitor on
// each of its four pointer crossings (tests/checks/board-cdc.sh, Verilator,
// HWP_SIM_PLL and HWP_SIM_META): at every clock of the destination domain,
// the synchronized pointer must be a value the source pointer really held
// (one of its last 16 values: the view lags the source by up to three destination clocks, twelve source steps at 4:1). A FIFO whose pointers cross torn (binary
// pointers under the synchronizers' metastability model) is seen here even
// when the words it delivers happen to be right: with one read or write per
// clock and a bit at most one clock late, a torn pointer is rarely acted on.
// A violation prints "CDC ERROR ..." and ends the simulation.
`default_nettype none
module hwp_board_cdc (
    input  wire       clk_i,
    input  wire       sim_eclk_i,
    input  wire       uart_rx_i,
    output wire       uart_tx_o,
    output wire [7:0] led_o
);
    hwp_board dut (.clk_i(clk_i), .sim_eclk_i(sim_eclk_i), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
                   .led_o(led_o));
    localparam integer PW = 5;   // XAW + 1 pointer bits (hwp_shell_cdc's default XAW = 4)
    wire lclk = dut.u_core.u_shell.lclk_i, eclk = dut.u_core.u_shell.eclk_i;
    hwp_cdc_mon #(.W(PW), .NAME("input FIFO write pointer")) m_iw (.sclk_i(lclk), .src_i(dut.u_core.u_shell.u_in.wgray_q),
        .dclk_i(eclk), .view_i(dut.u_core.u_shell.u_in.wgray_w));
    hwp_cdc_mon #(.W(PW), .NAME("input FIFO read pointer")) m_ir (.sclk_i(eclk), .src_i(dut.u_core.u_shell.u_in.rgray_q),
        .dclk_i(lclk), .view_i(dut.u_core.u_shell.u_in.rgray_w));
    hwp_cdc_mon #(.W(PW), .NAME("output FIFO write pointer")) m_ow (.sclk_i(eclk), .src_i(dut.u_core.u_shell.u_out.wgray_q),
        .dclk_i(lclk), .view_i(dut.u_core.u_shell.u_out.wgray_w));
    hwp_cdc_mon #(.W(PW), .NAME("output FIFO read pointer")) m_or (.sclk_i(lclk), .src_i(dut.u_core.u_shell.u_out.rgray_q),
        .dclk_i(eclk), .view_i(dut.u_core.u_shell.u_out.rgray_w));
endmodule

// one crossing: the source's last 16 distinct values, and the destination's view checked against them
module hwp_cdc_mon #(
    parameter integer W = 5,
    parameter         NAME = "pointer"
) (
    input wire         sclk_i,
    input wire [W-1:0] src_i,
    input wire         dclk_i,
    input wire [W-1:0] view_i
);
    reg [W-1:0] hist [0:15];
    reg         seen;
    integer     i;
    initial for (i = 0; i < 16; i = i + 1) hist[i] = {W{1'b0}};
    always @(posedge sclk_i) begin
        if (src_i != hist[0]) begin
            for (i = 15; i > 0; i = i - 1) hist[i] <= hist[i-1];
            hist[0] <= src_i;
        end
    end
    always @(posedge dclk_i) begin
        seen = (view_i == src_i);
        for (i = 0; i < 16; i = i + 1) if (view_i == hist[i]) seen = 1'b1;
        if (!seen) begin
            $display("CDC ERROR %s: the other domain sees %0h, a value the source never held (source %0h)",
                     NAME, view_i, src_i);
            $finish;
        end
    end
endmodule
`default_nettype wire
