#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The events-per-clock figures of docs/results/rap.md come from the cycle
# model (hwprof eval --cycle-model). This check runs the RTL itself (lockstep
# simulation, no idle cycles, no backpressure) on a bundled code trace and
# requires the same clock count as the cycle model run by the CLI with the
# same configuration (LUT TCAM, 16 entries, 4 buffer slots, eps = 10%).
# The CLI's cycle model has no tournament registers (stage 2 in one clock),
# so the RTL is the default configuration with ARB_RG=0, built in its own
# directory (build/rap-throughput) so that the regression's build stays.
set -u
cd "$(dirname "$0")/../.."
t=tests/traces/gzip-bb.hwpt
[ -f "$t" ] || t=tests/traces/synthetic-zipf.txt
field=(); case $t in *.txt) field=(--field b) ;; esac
g=$(make -s --no-print-directory print-SIM_GPARAMS_default ENGINE=rap) || exit 1
g="$(sed 's/ARB_RG=[0-9]*//' <<<"$g") ARB_RG=0"
out=$(make --no-print-directory sim ENGINE=rap CONFIG=default TRACE="$t" IDLE=0 STALL=0 \
  SIMROOT=build/rap-throughput "SIM_GPARAMS_default=$g" 2>&1)
rtl=$(grep -o '^PASS .* cycles=[0-9]*' <<<"$out" | grep -o 'cycles=[0-9]*' | cut -d= -f2)
js=$(build/hwprof eval --engine rap --json --entries 16 --buffer 4 --eps 0.1 --cycle-model "${field[@]}" "$t")
model=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["cycles"])' "$js")
echo "RTL lockstep (idle 0, stall 0): ${rtl:-none} clocks; cycle model via hwprof eval: $model clocks"
[ -n "$rtl" ] && [ "$rtl" = "$model" ]
