#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine strat: the lockstep regression (crsmall configuration) catches
# a wrong LFSR tap (the random samplers' select decisions).
set -eu
tests/mutate.sh strat-lfsr strat crsmall strat/hwp_strat.v \
  's/32'"'"'h8020_0003/32'"'"'h8020_0005/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/strat-lfsr/sim.log
