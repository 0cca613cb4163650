#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End to end without hardware for rap: the Verilator model of the ULX3S board
# top (the composed fpga/ulx3s/hwp_board.v: link at 25 MHz, rap with 128
# entries at its own clock behind asynchronous FIFOs) on a pty, driven by the
# unmodified `hwprof stream` at 3 Mbaud; the profile must equal `hwprof run`
# on the same records (first 10000 of gzip-bb.hwpt) and the board build's
# parameters, on a clean line and with bit flips and dropped bytes injected
# in both directions (tb/board/e2e.sh).
exec bash "$(dirname "$0")/../../tb/board/e2e.sh" ulx3s rap tests/traces/gzip-bb.hwpt 10000 -- --entries 128 --buffer 8
