// SPDX-License-Identifier: Apache-2.0
//
// hwp_pll_ecp5: the engine clock of an ECP5 board from its 25 MHz
// oscillator (EHXPLLL, feedback from CLKOP), ENG_MHZ a multiple of 5 from
// 5 to 200. Output = 25 MHz x CLKFB_DIV / CLKI_DIV exactly: for a multiple
// of 25 CLKI_DIV 1 and CLKFB_DIV ENG_MHZ / 25 (as yowasp-ecppll chooses
// them), otherwise CLKI_DIV 5 and CLKFB_DIV ENG_MHZ / 5 (phase detector at
// 5 MHz, above the part's 3.125 MHz minimum); CLKOP_DIV 600 / ENG_MHZ (VCO
// at or near 600 MHz, inside 400..800), CLKOP_CPHASE CLKOP_DIV / 2 - 1. The
// board clock goes on unchanged (clk_o) for the link.
//
// HWP_SIM_PLL (simulation): the behavioural model rtl/board/hwp_pll_sim.v.
`default_nettype none

module hwp_pll_ecp5 #(
    parameter integer ENG_MHZ = 50     // engine clock (MHz), a multiple of 5
) (
`include "hwp_pll_ports.vh"
);
    assign clk_o = clk_i;
`ifdef HWP_SIM_PLL
    hwp_pll_sim u_sim (.clk_i(clk_i), .sim_eclk_i(sim_eclk_i), .eclk_o(eclk_o), .locked_o(locked_o));
    wire [31:0] unused_eng_mhz = ENG_MHZ;   // the testbench chooses the frequency
`else
    localparam integer IN_DIV = (ENG_MHZ % 25 == 0) ? 1 : 5;
    localparam integer FB_DIV = ENG_MHZ * IN_DIV / 25;
    localparam integer OP_DIV = 600 / ENG_MHZ;
    (* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
    EHXPLLL #(
        .PLLRST_ENA("DISABLED"), .INTFB_WAKE("DISABLED"), .STDBY_ENABLE("DISABLED"),
        .DPHASE_SOURCE("DISABLED"), .OUTDIVIDER_MUXA("DIVA"),
        .CLKI_DIV(IN_DIV), .CLKFB_DIV(FB_DIV), .CLKOP_ENABLE("ENABLED"), .CLKOP_DIV(OP_DIV),
        .CLKOP_CPHASE(OP_DIV / 2 - 1), .CLKOP_FPHASE(0), .FEEDBK_PATH("CLKOP")
    ) u_pll (
        .RST(1'b0), .STDBY(1'b0), .CLKI(clk_i), .CLKOP(eclk_o), .CLKFB(eclk_o),
        .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1), .PHASESTEP(1'b1),
        .PHASELOADREG(1'b1), .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0), .LOCK(locked_o)
    );
`endif
endmodule

`default_nettype wire
