#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine strat: the lockstep regression (tagged configuration) catches
# a tagged compressor that drops the evicted tuple's hit count on replacement
# (E5) instead of carrying hit + miss over to the new tuple (section 4.1).
set -eu
tests/mutate.sh strat-carry strat tagged strat/hwp_strat.v \
  's/w_nrep\[w\*(CNT_W+1) +: CNT_W+1\] = {1'"'"'b0, w_hit\[w\*CNT_W +: CNT_W\]} +/w_nrep[w*(CNT_W+1) +: CNT_W+1] = {(CNT_W+1){1'"'"'b0}} +/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/strat-carry/sim.log
