#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine mhash: the lockstep regression catches the loss of read-modify-write
# forwarding (back-to-back tuples on the same counter read a stale word).
set -eu
tests/mutate.sh mhash-fwd mhash t4c1r0 mhash/hwp_mhash.v \
  's/word = (fwd_en_q\[sj\] \&\& fwd_addr_q\[DB\*sj +: DB\] == s3_addr_q\[DB\*sj +: DB\])/word = (1'"'"'b0)/' \
  tests/traces/synthetic-zipf.txt
! grep -q 'build failed' build/mut/mhash-fwd/sim.log
