#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The rap lockstep regression catches tree-maintenance mutants of
# rtl/rap/hwp_rap.v:
#  1. a split skips child 0 (inserts only the other missing children);
#  2. the merge decision ignores the ancestor's count (folds a node whenever
#     its own count is within the threshold).
set -eu
trace=tests/traces/synthetic-zipf.txt
# a mutant must be caught by a lockstep mismatch, not by a failed build
built() { if grep -q 'build failed' "build/mut/$1/sim.log"; then echo "mutant $1 did not build"; exit 1; fi; }
tests/mutate.sh rap-skipchild rap default rap/hwp_rap.v \
  's/miss_d = ~pres_q;/miss_d = ~pres_q \& ~{{(B-1){1'"'"'b0}}, 1'"'"'b1};/' \
  "$trace"
built rap-skipchild
tests/mutate.sh rap-mergeanc rap default rap/hwp_rap.v \
  's/wire \[CW+7:0\] m_lhs = m_sum \* H8;/wire [CW+7:0] m_lhs = mc_cx_q * H8;/' \
  "$trace"
built rap-mergeanc
