#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The rap lockstep regression catches pipeline mutants of rtl/rap/hwp_rap.v:
#  1. the stage-2 arbiter picks the shortest (non-root) match, not the longest;
#  2. stage 3 loses its forwarding path for back-to-back hits on one counter.
set -eu
trace=tests/traces/synthetic-zipf.txt
# a mutant must be caught by a lockstep mismatch, not by a failed build
built() { if grep -q 'build failed' "build/mut/$1/sim.log"; then echo "mutant $1 did not build"; exit 1; fi; }
tests/mutate.sh rap-shortest rap default rap/hwp_rap.v \
  's/if (any_lvl\[al\] \&\& al < arb_lim) best_lvl = al\[LB-1:0\];/if (any_lvl[al] \&\& al < arb_lim \&\& best_lvl == {LB{1'"'"'b0}}) best_lvl = al[LB-1:0];/' \
  "$trace"
built rap-shortest
tests/mutate.sh rap-nofwd rap default rap/hwp_rap.v \
  's/(fw_v_q \&\& fw_idx_q == s3_idx_q)/(1'"'"'b0 \&\& fw_idx_q == s3_idx_q)/' \
  "$trace"
built rap-nofwd
