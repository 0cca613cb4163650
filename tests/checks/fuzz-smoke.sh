#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A short libFuzzer run of every fuzz target (Makefile FUZZ_TARGETS: the trace
# reader, the host side of the link, the device emulator, the co-processor
# assembler, the pfp instrumenter, the RTL payload decoder and the RTL device
# side of the link against their C counterparts), FUZZ_SMOKE_SECONDS each (default 30); the
# full 10-minute runs are `make fuzz FUZZ_TARGET=<t> FUZZ_SECONDS=600`. Fails
# on any crash, leak, hang, UB report or broken invariant of a target.
set -euo pipefail
cd "$(dirname "$0")/../.."
fail=0
for t in $(make -s print-FUZZ_TARGETS); do
  log=build/fuzz/smoke-$t.log
  mkdir -p build/fuzz
  if make --no-print-directory fuzz FUZZ_TARGET="$t" FUZZ_SECONDS="${FUZZ_SMOKE_SECONDS:-30}" >"$log" 2>&1; then
    echo "PASS fuzz $t: $(grep -m1 '^stat::number_of_executed_units' "$log" | awk '{print $2}') inputs, $(grep 'DONE' "$log" | grep -o 'cov: [0-9]*' | tail -1)"
  else
    echo "FAIL fuzz $t (log: $log)"; tail -n 30 "$log"; fail=1
  fi
done
exit $fail
