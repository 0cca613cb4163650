#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End to end without hardware for strat: the Verilator model of the ULX3S board
# top (the composed top fpga/ulx3s/hwp_board.v: link at 25 MHz, strat at the
# PLL clock, 2x in the model, behind asynchronous FIFOs) on a pty, driven by the
# unmodified `hwprof stream` at 3 Mbaud; the profile must equal `hwprof run`
# on the same records (first 10000 of gzip-edge.hwpt) and the board build's
# parameters, on a clean line and with bit flips and dropped bytes injected
# in both directions (tb/board/e2e.sh). With the A_k aggregator on: the
# ULX3S top has A_4, so --ak-entries 4 (without --ak the size is not checked).
exec bash "$(dirname "$0")/../../tb/board/e2e.sh" ulx3s strat tests/traces/gzip-edge.hwpt 10000 -- --rate 16 --ak --ak-entries 4
