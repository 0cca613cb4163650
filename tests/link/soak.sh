#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Soak of the link (make soak, not in make test): SOAK_N tuples (default 10
# million, a phased zipf trace from hwprof gen) streamed by the unmodified
# `hwprof stream` to the C device emulator over a pseudo-terminal with bit
# flips and dropped bytes in both directions. Every tuple is counted: the
# board must report exactly SOAK_N accepted (hwprof stream checks STATUS) and
# the printed profile must equal `hwprof run` on the same trace. Prints the
# link statistics and "PASS soak ..." or "FAIL soak ...".
set -u
cd "$(dirname "$0")/../.."
B=build/soak
mkdir -p "$B"
N=${SOAK_N:-10000000}
HW=build/hwprof
bad() { echo "FAIL soak: $*"; exit 1; }
. tests/link/devemu.sh
build_emu || bad "cannot build the device emulator"
T=$B/phased-$N.hwpt
[ -f "$T" ] || "$HW" gen --dist phased --n "$N" --distinct 2000 --pcs 64 --seed 5 "$T" || bad "hwprof gen"
opts=(--engine mhash --interval 100000)
"$HW" run "${opts[@]}" "$T" > "$B/run.txt" 2>/dev/null || bad "hwprof run"
start_emu --engine mhash --flip 0.0002 --drop 0.0002 --seed 3 --slots 8 || exit 1
s=$SECONDS
timeout 7200 "$HW" stream --port "$PTY" "${opts[@]}" --timeout 20 --retries 40 "$T" \
    > "$B/stream.txt" 2> "$B/stream.err"
rc=$?
stop_emu
grep '^link:' "$B/stream.err"
grep '^devemu:' "$B/emu.err" | tail -1
[ $rc -eq 0 ] || bad "hwprof stream exit $rc: $(grep -v '^link:' "$B/stream.err" | tail -3)"
cmp -s "$B/run.txt" "$B/stream.txt" || bad "the profile differs from hwprof run ($(diff "$B/run.txt" "$B/stream.txt" | wc -l) diff lines)"
echo "PASS soak: $N tuples with errors injected, profile equal to hwprof run ($(wc -l < "$B/run.txt") lines), $((SECONDS - s)) s"
