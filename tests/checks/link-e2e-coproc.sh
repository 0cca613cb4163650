#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End to end without hardware for the profiling co-processor, in virtual
# time: the Verilator model of the ULX3S board top (the composed
# fpga/ulx3s/hwp_board.v: the link at the board clock, the adapter's
# sequencer and the co-processor at the PLL's engine clock,
# rtl/board/hwp_adapt_coproc.v) on a pty, driven by
# the unmodified `hwprof stream --engine coproc` at 3 Mbaud (the host
# software runs on the host, the board runs the co-processor between its
# decisions). The printed profile must be byte-identical to `hwprof run
# --engine coproc` on the same records and options: the first 8000 records
# of rv-lz-retire with short host timers (timer copies every 1000 cycles,
# partition switches every 700, unmasking every 2500: STOP, copy out, clear,
# RUN through the host port, virtual-time stops at the timers; the program
# load and the final bit-table read-back take about 10000 of the 18086
# virtual cycles), on a clean line, then the first 6000 with bit flips and
# dropped bytes injected in both directions (0.03 % of the bytes each), then
# two sessions on one board model (tb/board/e2e.sh).
set -u
cd "$(dirname "$0")/../.."
export E2E_ERR_EVENTS=6000 E2E_TIMEOUT_MS=300 E2E_FLIP=0.0003 E2E_DROP=0.0003
exec bash tb/board/e2e.sh ulx3s coproc tests/traces/rv-lz-retire.hwpt 8000 -- \
  --copy-period 1000 --part-period 700 --remask-period 2500
