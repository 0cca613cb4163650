#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine strat: the lockstep regression (tagsmall configuration) catches
# an A_k replacement pointer that also advances on hits.
set -eu
tests/mutate.sh strat-akptr strat tagsmall strat/hwp_strat_ak.v \
  's/if (!hit_f) ptr_q <= ptr_inc;/if (1'"'"'b1) ptr_q <= ptr_inc;/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/strat-akptr/sim.log
