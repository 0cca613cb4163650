#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine strat: the lockstep regression (default configuration) catches
# a missing read-during-write bypass of the counter table (two
# events of one set on consecutive cycles).
set -eu
tests/mutate.sh strat-bypass strat default strat/hwp_strat.v \
  's/(lw_v_q \&\& lw_set_q == b_set) ? lw_data_q : rdata/(1'"'"'b0 \&\& lw_set_q == b_set) ? lw_data_q : rdata/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/strat-bypass/sim.log
