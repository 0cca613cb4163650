#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine coproc: the lockstep regression (small configuration, value
# program) catches a data-array saturating increment that wraps instead of
# saturating (dinc writes dr + 1 even at the counter maximum).
set -eu
tests/mutate.sh coproc-satwrap coproc small coproc/hwp_coproc.v \
  's/(dsat ? dr : dr + 32'"'"'d1)/(dr + 32'"'"'d1)/' \
  tests/traces/rv-lz-retire.hwpt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/coproc-satwrap/sim.log
