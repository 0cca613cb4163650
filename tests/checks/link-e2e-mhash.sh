#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End to end without hardware for mhash: the Verilator model of the ULX3S board
# top (the composed fpga/ulx3s/hwp_board.v with rtl/board/hwp_adapt_mhash.v,
# engine and link in two clock domains) on a pty, driven by the
# unmodified `hwprof stream` at 3 Mbaud; the profile must equal `hwprof run`
# on the same records (first 6000 of gzip-edge.hwpt, 2000 with errors; the mhash model is the slowest) and the board build's
# parameters, on a clean line and with bit flips and dropped bytes injected
# in both directions (tb/board/e2e.sh).
E2E_ERR_EVENTS=2000 exec bash "$(dirname "$0")/../../tb/board/e2e.sh" ulx3s mhash tests/traces/gzip-edge.hwpt 6000 -- --accumulator 100 --acc-ways 4 --acc-sets 64 --acc-stash 8 --max-tables 4 --interval 1000
