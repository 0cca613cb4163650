#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine strat: the lockstep regression (pfifo configuration) catches
# an A_k whose K1 stage does not forward K2's insertion into the
# match vector (a message right behind a message with the same tuple).
set -eu
tests/mutate.sh strat-akfwd strat pfifo strat/hwp_strat_ak.v \
  's/if (tuple_w \&\& ptr_q == j\[KW-1:0\]) m_d\[j\] = same_as_k1;/if (1'"'"'b0) m_d[j] = same_as_k1;/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/strat-akfwd/sim.log
