#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine mhash: the lockstep regression catches a promotions counter
# (stat_promotions_o) that counts every promotion attempt, refused ones
# included, in the config with a tiny accumulator (t16c0r1: thousands of
# refused promotions on the synthetic trace).
set -eu
tests/mutate.sh mhash-promo mhash t16c0r1 mhash/hwp_mhash.v \
  's/if (ins) promo_q <= promo_q + 32'"'"'d1;/if (promo) promo_q <= promo_q + 32'"'"'d1;/' \
  tests/traces/synthetic-zipf.txt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/mhash-promo/sim.log
