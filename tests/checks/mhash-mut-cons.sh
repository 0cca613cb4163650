#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine mhash: the lockstep regression catches conservative update broken
# into "increment every counter" (C1 behaves as C0) in the default config.
set -eu
tests/mutate.sh mhash-cons mhash t4c1r0 mhash/hwp_mhash.v \
  's/else if (!(cfg_cons_i \&\& nv != mn))/else if (1'"'"'b1)/' \
  tests/traces/synthetic-zipf.txt
! grep -q "build failed" build/mut/mhash-cons/sim.log
