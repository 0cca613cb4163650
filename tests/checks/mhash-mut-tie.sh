#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine mhash: the lockstep regression catches conservative update without
# its tie rule (of several minimum counters only the lowest-numbered bank's is
# incremented) in the default config.
set -eu
tests/mutate.sh mhash-tie mhash t4c1r0 mhash/hwp_mhash.v \
  's/^    reg \[CW-1:0\] nv;/    reg [CW-1:0] nv; reg tie_seen;/;
   s/^        we    = {NB{1'"'"'b0}};/        we = {NB{1'"'"'b0}}; tie_seen = 1'"'"'b0;/;
   s/else if (!(cfg_cons_i \&\& nv != mn))/else if (!(cfg_cons_i \&\& (nv != mn || (tie_seen \&\& s3_en_q[wj]))))/;
   s/^                nv = (nv == CMAX) ? CMAX : nv + 1'"'"'b1;/                begin nv = (nv == CMAX) ? CMAX : nv + 1'"'"'b1; if (s3_en_q[wj]) tie_seen = 1'"'"'b1; end/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/mhash-tie/sim.log
