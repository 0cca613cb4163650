#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine coproc: the lockstep regression with random clock-enable-low cycles
# (small configuration, --param ce_idle=0.25) catches a register that ignores
# ce_i: the drop counter counts on ce_i = 0 cycles too.
set -eu
tests/mutate.sh coproc-noce coproc small coproc/hwp_coproc.v \
  's/else if (ce_i \&\& tag \&\& !push) dropped_q/else if (tag \&\& !push) dropped_q/' \
  tests/traces/rv-lz-retire.hwpt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/coproc-noce/sim.log
