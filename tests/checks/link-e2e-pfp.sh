#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End to end without hardware for pfp: the Verilator model of the ULX3S board
# top (the composed fpga/ulx3s/hwp_board.v: link at 25 MHz, pfp at its own
# clock behind asynchronous FIFOs) on a pty, driven by the
# unmodified `hwprof stream` at 3 Mbaud; the statistics must equal `hwprof
# run` on the same records (the first 6000 of sort-retire.hwpt instrumented
# for basic-block profiling, 25% on, as tb/pfp/engine.mk's sort-bb-25) and
# the board build's parameters, on a clean line and with bit flips and
# dropped bytes injected in both directions (2000 records; tb/board/e2e.sh).
set -u
cd "$(dirname "$0")/../.."
make -s all >/dev/null || { echo "FAIL link-e2e ulx3s/pfp: make"; exit 1; }
tr=build/board-sim/pfp-traces/sort-bb-25.hwpt
mkdir -p "$(dirname "$tr")"
build/hwprof instrument -k bb -p 25 -w 4000 -o "$tr.tmp" tests/traces/pfp/sort-retire.hwpt 2>/dev/null &&
  mv -f "$tr.tmp" "$tr" || { echo "FAIL link-e2e ulx3s/pfp: hwprof instrument"; exit 1; }
# the second of the two sessions on one model switches profile flag prediction
# off (CONFIG pfp_en = 0)
E2E_ERR_EVENTS=2000 E2E_OPTS2=--no-pfp exec bash tb/board/e2e.sh ulx3s pfp "$tr" 6000 -- --win-bits 5 --sets 16 --skip-bits 3
