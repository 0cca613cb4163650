#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine coproc: the lockstep regression (small configuration, value
# program) catches a decode stage that reads the index register file without
# forwarding the execute stage's result (stale data-array addresses).
set -eu
tests/mutate.sh coproc-nofwd coproc small coproc/hwp_coproc.v \
  's/(e_fire \&\& iwe \&\& id == d_di) ? ires : i_q\[d_di\]/i_q[d_di]/' \
  tests/traces/rv-lz-retire.hwpt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/coproc-nofwd/sim.log
