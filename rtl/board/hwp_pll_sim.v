// SPDX-License-Identifier: Apache-2.0
//
// hwp_pll_sim: the behavioural PLL model the board PLL wrappers
// (rtl/board/hwp_pll_ecp5.v, hwp_pll_ice40.v) use under HWP_SIM_PLL. The
// engine clock is the testbench's sim_eclk_i, at whatever ratio and phase
// the test chooses (tb/board/board_main.cpp: --eclk-ratio, random phase);
// locked_o rises after 16 reference clocks, as the lock output of a real
// PLL rises some time after configuration. Synthesizable (a counter), so a
// gate-level netlist of a board top can carry it too.
`default_nettype none

module hwp_pll_sim (
    input  wire clk_i,                 // reference (board) clock
    input  wire sim_eclk_i,            // the engine clock the testbench drives
    output wire eclk_o,
    output wire locked_o
);
    reg [4:0] lock_q = 5'd0;
    always @(posedge clk_i) if (!lock_q[4]) lock_q <= lock_q + 5'd1;
    assign eclk_o   = sim_eclk_i;
    assign locked_o = lock_q[4];
endmodule

`default_nettype wire
