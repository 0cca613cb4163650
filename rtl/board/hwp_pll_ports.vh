// SPDX-License-Identifier: Apache-2.0
// The ports of a board PLL wrapper (hwp_pll_ecp5.v, hwp_pll_ice40.v), so that
// rtl/board/hwp_board_core.v instantiates either the same way.
    input  wire clk_i,                 // board oscillator
`ifdef HWP_SIM_PLL
    input  wire sim_eclk_i,            // the engine clock the testbench drives
`endif
    output wire clk_o,                 // board clock (link)
    output wire eclk_o,                // engine clock
    output wire locked_o
