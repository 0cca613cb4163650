# RTL of the composed board tops fpga/<board>/hwp_board.v besides the
# engine's own (SIM_RTL of tb/<engine>/engine.mk); paths relative to rtl/.
# Include path: rtl/board and fpga/<board> (hwp_engines.vh, hwp_sizes.vh).
# Read by fpga/synth.sh, tests/lint.sh and tb/board/, which add the engine's
# adapter rtl/board/hwp_adapt_<engine>.v.
link/hwp_uart_rx.v
link/hwp_uart_tx.v
link/hwp_link_dec.v
link/hwp_link_cnt.v
link/hwp_link.v
common/hwp_fifo_fwft.v
link/hwp_shell_cdc.v
common/hwp_sync2.v
common/hwp_async_fifo.v
common/hwp_rst_sync.v
board/hwp_pll_sim.v
board/hwp_pll_ecp5.v
board/hwp_pll_ice40.v
board/hwp_board_core.v
