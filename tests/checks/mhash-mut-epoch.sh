#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine mhash: the lockstep regression catches stale counters (epoch tag
# ignored, so the hash tables are never cleared at interval end).
set -eu
tests/mutate.sh mhash-epoch mhash t4c1r0 mhash/hwp_mhash.v \
  's/if (word\[CW +: EW\] == ep_q) v\[CW\*sj +: CW\] = word\[CW-1:0\];/v[CW*sj +: CW] = word[CW-1:0];/' \
  tests/traces/synthetic-zipf.txt
! grep -q 'build failed' build/mut/mhash-epoch/sim.log
