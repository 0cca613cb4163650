// SPDX-License-Identifier: Apache-2.0
//
// hwp_pll_ice40: the engine clock of an iCE40 UP5K board from its 12 MHz
// oscillator pin (SB_PLL40_2_PAD: port A passes the oscillator on to the
// global network for the link, port B is the PLL output), ENG_MHZ a
// multiple of 3 from 18 to 96. Dividers as yowasp-icepll chooses them:
// DIVR 0 (12 MHz at the phase detector, FILTER_RANGE 1), DIVQ the smallest
// with a VCO of ENG_MHZ * 2^DIVQ >= 533 MHz, DIVF = ENG_MHZ * 2^DIVQ / 12 - 1.
//
// HWP_SIM_PLL (simulation): the behavioural model rtl/board/hwp_pll_sim.v.
`default_nettype none

module hwp_pll_ice40 #(
    parameter integer ENG_MHZ = 18     // engine clock (MHz), a multiple of 3
) (
`include "hwp_pll_ports.vh"
);
`ifdef HWP_SIM_PLL
    assign clk_o = clk_i;
    hwp_pll_sim u_sim (.clk_i(clk_i), .sim_eclk_i(sim_eclk_i), .eclk_o(eclk_o), .locked_o(locked_o));
    wire [31:0] unused_eng_mhz = ENG_MHZ;   // the testbench chooses the frequency
`else
    localparam integer DIVQ = (ENG_MHZ >= 67) ? 3 : (ENG_MHZ >= 34) ? 4 : (ENG_MHZ >= 17) ? 5 : 6;
    localparam integer DIVF = ENG_MHZ * (1 << DIVQ) / 12 - 1;
    SB_PLL40_2_PAD #(
        .FEEDBACK_PATH("SIMPLE"), .PLLOUT_SELECT_PORTB("GENCLK"),
        .DIVR(4'd0), .DIVF(DIVF[6:0]), .DIVQ(DIVQ[2:0]), .FILTER_RANGE(3'd1)
    ) u_pll (
        .PACKAGEPIN(clk_i), .PLLOUTGLOBALA(clk_o), .PLLOUTGLOBALB(eclk_o),
        .EXTFEEDBACK(1'b0), .DYNAMICDELAY(8'd0), .LOCK(locked_o), .BYPASS(1'b0), .RESETB(1'b1),
        .LATCHINPUTVALUE(1'b0), .SDI(1'b0), .SCLK(1'b0)
    );
`endif
endmodule

`default_nettype wire
