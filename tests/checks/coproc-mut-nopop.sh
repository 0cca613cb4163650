#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine coproc: the lockstep regression (small configuration, value
# program) catches a `done` that does not pop the sample buffer (the next
# routine starts on the same sample again).
set -eu
tests/mutate.sh coproc-nopop coproc small coproc/hwp_coproc.v \
  '/cur_imm_q <= hd_imm;/{n;s/sb_rd_q <= .*/sb_rd_q <= sb_rd_q;/}' \
  tests/traces/rv-lz-retire.hwpt
# the mutant must have compiled (a FAIL from a build error proves nothing)
! grep -q 'build failed' build/mut/coproc-nopop/sim.log
