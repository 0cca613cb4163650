#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The icebreaker board model with strat (Verilator, the composed fpga/icebreaker/hwp_board.v) on a pty,
# driven by the scripted host tb/board/host_smoke.py: INFO, SET_BAUD to 3
# Mbaud, sequencing (duplicate, gap), corrupt / unknown frames, CONFIG errors,
# TUPLES, EOS, POLL/OUT chunks until END, STATUS counters.
exec bash "$(dirname "$0")/../../tb/board/pty_smoke.sh" icebreaker strat
