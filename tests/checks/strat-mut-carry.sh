#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine strat: the lockstep regression (tagged configuration) catches
# a tagged compressor that resets the counts on replacement (E5)
# instead of carrying hit + miss over to the new tuple (section 4.1).
set -eu
tests/mutate.sh strat-carry strat tagged strat/hwp_strat.v \
  's/n_rep  = {1'"'"'b0, e_hit} + {{(CNT_W-MISS_W){1'"'"'b0}}, n_miss};/n_rep  = {{CNT_W{1'"'"'b0}}, 1'"'"'b1};/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/strat-carry/sim.log
