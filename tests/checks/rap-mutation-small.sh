#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The rap lockstep regression catches mutants of the iCE40-sized structures:
#  1. the RAM TCAM's level-limit slice lets entries at the limit level match
#     (ice40 configuration: bit-serial arbiter with the limit in the TCAM);
#  2. the bit-serial arbiter ignores the lowest level bit (ramfull);
#  3. the live-node sum charges a periodic merge batch's folds to the head
#     eviction tag instead of the last committed one (ram: stat_live_sum_o
#     differs from the cycle model at the first periodic batch).
set -eu
trace=tests/traces/synthetic-zipf.txt
# a mutant must be caught by a lockstep mismatch, not by a failed build
built() { if grep -q 'build failed' "build/mut/$1/sim.log"; then echo "mutant $1 did not build"; exit 1; fi; }
tests/mutate.sh rap-tlim rap ice40 rap/hwp_rap_tcam_ram.v \
  's/lvl_q} < {{(32-CHUNK)/lvl_q} <= {{(32-CHUNK)/' \
  "$trace"
built rap-tlim
tests/mutate.sh rap-serbit rap ramfull rap/hwp_rap.v \
  's/best_lvl\[ab\] = |(cand \& lbit);/best_lvl[ab] = |(cand \& lbit) \&\& ab != 0;/' \
  "$trace"
built rap-serbit
tests/mutate.sh rap-lsumtag rap ram rap/hwp_rap.v \
  's/(l_dec \&\& m_per_q) ? tl_q : tq_q\[tq_h_q\]/tq_q[tq_h_q]/' \
  "$trace"
built rap-lsumtag
