#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine coproc: the lockstep regression (isa configuration, ISA exerciser
# program) catches a data array without the read-during-write bypass (a
# read-modify-write of the word written by the previous microinstruction
# sees the stale value).
set -eu
tests/mutate.sh coproc-nobyp coproc isa coproc/hwp_coproc.v \
  's/byp_hit_q <= dwe \&\& .*/byp_hit_q <= 1'"'"'b0;/' \
  tests/traces/rv-lz-retire.hwpt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/coproc-nobyp/sim.log
