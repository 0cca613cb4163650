#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The hash unit is pipelined at one tuple per clock: with no idle input
# cycles and no backpressure, N records take N + 2 (latency) + 1 cycles.
set -eu
out=$(make --no-print-directory sim ENGINE=hash CONFIG=default IDLE=0 STALL=0 SIMROOT=build/check-hash-throughput \
      TRACE=tests/traces/synthetic-zipf.txt | grep -E '^(PASS|FAIL)')
echo "$out"
ev=$(sed 's/.* events=\([0-9]*\).*/\1/' <<<"$out")
cy=$(sed 's/.* cycles=\([0-9]*\).*/\1/' <<<"$out")
echo "events=$ev cycles=$cy"
grep -q '^PASS' <<<"$out"
[ "$cy" -le $((ev + 3)) ]
