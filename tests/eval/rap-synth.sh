#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine rap: board-sized FPGA builds for docs/results/rap.md, through the
# project flow fpga/synth.sh (out-of-context bench, Yosys, nextpnr, pack).
# The board configurations live here rather than in tb/rap/engine.mk so that
# `make test` (synth-check) only elaborates the small default configuration.
#
#   tests/eval/rap-synth.sh <icebreaker|ulx3s> [lut|ram]   (default ram)
#
# icebreaker (iCE40 UP5K): the ice40 configuration of tb/rap/engine.mk (the
#   one the lockstep regression runs): 48 entries, W = 32, b = 4, RAM TCAM
#   with 8-bit slices (256-word block RAMs, 257-cycle entry writes) and
#   per-bit write enables, bit-serial arbiter with the level limit in the
#   TCAM, lean slot logic, 24-bit counters, 2-slot buffer with 8-bit counts;
#   synth_ice40 -dsp (eps * n on two SB_MAC16); target 30 MHz
# ulx3s (ECP5-85F): 512 entries, W = 32, b = 4, 32-bit counters, RAM TCAM
#   with 4-bit slices (17-cycle writes), one-hot arbiter; target 75 MHz
# RAP_N=n overrides the entry count (the variant argument applies to ulx3s).
# Outputs in build/synth-rap-<variant>[-n<N>]/<board>/rap/ (summary.json,
# report.json, nextpnr.log, ...).
set -euo pipefail
cd "$(dirname "$0")/../.."
board=${1:-}
var=${2:-ram}
case $var in lut) tram=0 ;; ram) tram=1 ;; *) echo "rap-synth: variant lut|ram" >&2; exit 2 ;; esac
common="-GW=32 -GK=2 -GCW=32 -GCB=16 -GMERGE_FIRST=1024 -GMERGE_Q=2 -GOPT_TCAM_RAM=$tram"
case $board in
  icebreaker)
    g=$(make -s --no-print-directory print-SIM_GPARAMS_ice40 ENGINE=rap) || exit 1
    f=""; for p in $g; do case $p in N=*) [ -n "${RAP_N:-}" ] || f+=" -G$p" ;; *) f+=" -G$p" ;; esac; done
    [ -z "${RAP_N:-}" ] || f+=" -GN=$RAP_N"
    export SYNTH_VFLAGS_ice40="${f# }" SYNTH_FREQ_icebreaker=30 SYNTH_OPTS_ice40=-dsp
    var=ice40 ;;
  ulx3s)      export SYNTH_VFLAGS_ecp5="$common -GTCAM_CHUNK=4 -GN=${RAP_N:-512} -GSB=3" SYNTH_FREQ_ulx3s=75 ;;
  -h|--help) sed -n '3,18p' "$0"; exit 0 ;;
  *) echo "usage: tests/eval/rap-synth.sh <icebreaker|ulx3s> [lut|ram]" >&2; exit 2 ;;
esac
export SYNTHROOT=${SYNTHROOT:-build/synth-rap-$var${RAP_N:+-n$RAP_N}}
bash fpga/synth.sh "$board" rap
