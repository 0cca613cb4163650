// SPDX-License-Identifier: Apache-2.0
// Port lists of the vendor PLL primitives the board tops instantiate
// (rtl/board/hwp_pll_*.v), for `verilator --lint-only` of the synthesis
// variant only: Yosys brings the real cells. Names and widths as in Yosys'
// ecp5/cells_bb.v and ice40/cells_sim.v.
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off DECLFILENAME */
/* verilator lint_off UNDRIVEN */
/* verilator lint_off UNUSEDPARAM */
module EHXPLLL #(
    parameter CLKI_DIV = 1, parameter CLKFB_DIV = 1, parameter CLKOP_DIV = 8, parameter CLKOP_CPHASE = 0,
    parameter CLKOP_FPHASE = 0, parameter CLKOP_ENABLE = "ENABLED", parameter FEEDBK_PATH = "CLKOP",
    parameter OUTDIVIDER_MUXA = "DIVA", parameter PLLRST_ENA = "DISABLED", parameter INTFB_WAKE = "DISABLED",
    parameter STDBY_ENABLE = "DISABLED", parameter DPHASE_SOURCE = "DISABLED"
) (
    input wire CLKI, input wire CLKFB, input wire PHASESEL1, input wire PHASESEL0, input wire PHASEDIR,
    input wire PHASESTEP, input wire PHASELOADREG, input wire STDBY, input wire PLLWAKESYNC, input wire RST,
    input wire ENCLKOP, output wire CLKOP, output wire LOCK
);
endmodule
module SB_PLL40_2_PAD #(
    parameter FEEDBACK_PATH = "SIMPLE", parameter PLLOUT_SELECT_PORTB = "GENCLK",
    parameter [3:0] DIVR = 4'd0, parameter [6:0] DIVF = 7'd0, parameter [2:0] DIVQ = 3'd0,
    parameter [2:0] FILTER_RANGE = 3'd0
) (
    input wire PACKAGEPIN, output wire PLLOUTGLOBALA, output wire PLLOUTGLOBALB, input wire EXTFEEDBACK,
    input wire [7:0] DYNAMICDELAY, output wire LOCK, input wire BYPASS, input wire RESETB,
    input wire LATCHINPUTVALUE, input wire SDI, input wire SCLK
);
endmodule
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_on UNDRIVEN */
/* verilator lint_on DECLFILENAME */
/* verilator lint_on UNUSEDSIGNAL */
