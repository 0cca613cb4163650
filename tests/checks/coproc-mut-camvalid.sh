#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine coproc: the lockstep regression (small configuration, value
# program) catches an associative array that ignores the valid bits
# (invalidated slots keep matching).
set -eu
tests/mutate.sh coproc-camvalid coproc small coproc/hwp_coproc.v \
  's/if (cam_valid_q\[k\] \&\& cam_key_q\[k\] == A)/if (cam_key_q[k] == A)/' \
  tests/traces/rv-lz-retire.hwpt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/coproc-camvalid/sim.log
