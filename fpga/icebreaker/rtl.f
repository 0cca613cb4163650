# RTL of the board tops in this folder besides the engine's own (SIM_RTL of
# tb/<engine>/engine.mk); paths relative to rtl/. Read by fpga/synth.sh,
# tests/lint.sh and tb/board/.
link/hwp_uart_rx.v
link/hwp_uart_tx.v
link/hwp_link_dec.v
common/hwp_fifo_fwft.v
link/hwp_link.v
link/hwp_shell_strat.v
link/hwp_shell_rap.v
link/hwp_shell_pfp.v
