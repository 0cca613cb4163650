#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine coproc: the lockstep regression (small configuration, value
# program, whose host reads the PC filter bit table back at the end) catches
# a host port that answers bit-table reads from the register path (zero)
# instead of the table's host copy. No re-masking, so the loads masked
# during the run are still set when the table is read back.
set -eu
tests/mutate.sh coproc-btread coproc small coproc/hwp_coproc.v \
  "s/4'd5: rsp_src_new = 2'd3;/4'd5: rsp_src_new = 2'd0;/" \
  tests/traces/rv-lz-retire.hwpt SIMFLAGS="--param remask_period=0"
! grep -q 'build failed' build/mut/coproc-btread/sim.log
