#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine strat: the lockstep regression (default configuration) catches
# a missing read-during-write bypass of the counter table (two
# events of one set on consecutive cycles).
set -eu
tests/mutate.sh strat-bypass strat default strat/hwp_strat.v \
  's/wire \[SW-1:0\]    old_w = b_fwd_q ? lw_data_q : rdata;/wire [SW-1:0]    old_w = rdata;/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/strat-bypass/sim.log
