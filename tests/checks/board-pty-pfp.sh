#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The icebreaker board model with pfp (Verilator, the composed fpga/icebreaker/hwp_board.v) on a pty,
# driven by the scripted host tb/board/host_smoke.py: INFO, SET_BAUD to 3
# Mbaud, sequencing (duplicate, gap), corrupt / unknown frames, CONFIG errors,
# retire-record TUPLES (64-bit value deltas valid, a 33-bit insn refused),
# EOS, POLL/OUT chunks until END (19-field COUNTERS, DHASH with the overflow flag
# clear), STATUS counters.
exec bash "$(dirname "$0")/../../tb/board/pty_smoke.sh" icebreaker pfp
