#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine strat: the lockstep regression (pfifo configuration) catches
# an output FIFO that takes messages when full instead of
# stalling the input (messages would be lost).
set -eu
tests/mutate.sh strat-fifo strat pfifo strat/hwp_strat.v \
  's/wire             en = !clr_q \&\& !f_cnt\[FIFO_AW\];/wire             en = !clr_q;/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/strat-fifo/sim.log
