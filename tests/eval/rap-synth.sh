#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine rap: board-sized FPGA builds for docs/results/rap.md, through the
# project flow fpga/synth.sh (out-of-context bench, Yosys, nextpnr, pack).
# The board configurations live here rather than in tb/rap/engine.mk so that
# `make test` (synth-check) only elaborates the small default configuration.
#
#   tests/eval/rap-synth.sh <icebreaker|ulx3s> [lut|ram]   (default ram)
#
# icebreaker (iCE40 UP5K): 64 entries, W = 32, b = 4, target 30 MHz
# ulx3s (ECP5-85F):        512 entries, W = 32, b = 4, target 75 MHz
# The RAM TCAM uses 8-bit slices (256-word block RAMs, 257-cycle entry writes)
# on the iCE40 (30 block RAMs) and 4-bit slices (17-cycle writes) on the ECP5,
# which has block RAMs to spare. RAP_N=n overrides the entry count. Outputs in
# build/synth/<board>/rap-<variant>/ (summary.json, nextpnr.log, ...).
set -euo pipefail
cd "$(dirname "$0")/../.."
board=${1:-}
var=${2:-ram}
case $var in lut) tram=0 ;; ram) tram=1 ;; *) echo "rap-synth: variant lut|ram" >&2; exit 2 ;; esac
common="-GW=32 -GK=2 -GCW=32 -GCB=16 -GMERGE_FIRST=1024 -GMERGE_Q=2 -GOPT_TCAM_RAM=$tram"
case $board in
  icebreaker) export SYNTH_VFLAGS_ice40="$common -GTCAM_CHUNK=8 -GN=${RAP_N:-64} -GSB=2" SYNTH_FREQ_icebreaker=30 ;;
  ulx3s)      export SYNTH_VFLAGS_ecp5="$common -GTCAM_CHUNK=4 -GN=${RAP_N:-512} -GSB=3" SYNTH_FREQ_ulx3s=75 ;;
  -h|--help) sed -n '3,13p' "$0"; exit 0 ;;
  *) echo "usage: tests/eval/rap-synth.sh <icebreaker|ulx3s> [lut|ram]" >&2; exit 2 ;;
esac
export SYNTHROOT=${SYNTHROOT:-build/synth-rap-$var${RAP_N:+-n$RAP_N}}
bash fpga/synth.sh "$board" rap
