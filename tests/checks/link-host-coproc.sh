#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# The profiling co-processor over the link, host side, in virtual time
# (docs/protocol.md, "coproc"): the C device model (tests/link/devemu_main.c
# with cmodel/coproc/cp_vtime.c's sequencer) serves a pty and the unmodified
# `build/hwprof stream --engine coproc` drives it. The printed profile must be
# byte-identical to `build/hwprof run --engine coproc` on the same records
# and options: the value program (reduced sizes, short timer periods:
# interrupts, thrash partitioning, timer copies, masking, unmasking) and the
# edge program (a full table interrupts the host), each on a clean line and
# with bit flips and dropped bytes injected in both directions (the
# statistics must then show retransmissions).
set -u
cd "$(dirname "$0")/../.."
B=build/link-coproc
mkdir -p "$B"
HW=build/hwprof
fail=0
bad() { echo "link-host-coproc: FAIL: $*"; fail=1; }

. tests/link/devemu.sh
build_emu || { echo "link-host-coproc: FAIL: cannot build the device emulator"; exit 1; }

SIZES="--cam-aw 3 --da-aw 5 --sb-aw 2 --ft-aw 8"
BUILD="--set CAM_AW=3 --set DA_AW=5 --set SB_AW=2 --set FT_AW=8"
TIMERS="--part-period 20000 --copy-period 30000 --remask-period 70000"

# case NAME "EMU ARGS" ERRORS(0|1) RUN-OPTIONS...
run_case() {
    local name=$1 emu=$2 errs=$3
    shift 3
    start_emu --engine coproc $emu || return
    local tmo="--timeout 500"
    [ "$errs" = 1 ] && tmo="--timeout 20 --retries 40"
    timeout 300 "$HW" stream --engine coproc --port "$PTY" $tmo "$@" > "$B/$name.stream" \
        2> "$B/$name.stream.err"
    local rc=$?
    stop_emu
    "$HW" run --engine coproc "$@" > "$B/$name.run" 2>/dev/null
    stream_matches_run "$name" $rc || return
    local rtx
    rtx=$(sed -n 's/.* retransmits=\([0-9]*\).*/\1/p' "$B/$name.stream.err")
    if [ "$errs" = 1 ] && [ "${rtx:-0}" -eq 0 ]; then
        bad "$name: errors were injected but nothing was retransmitted"
        return
    fi
    echo "link-host-coproc: $name: identical to hwprof run ($(head -1 "$B/$name.run" | cut -d: -f2);" \
         "$(grep -o 'virtual cycles=[0-9]* requests=[0-9]*' "$B/$name.stream.err"), retransmits ${rtx:-?})"
}

T=tests/traces/rv-lz-retire.hwpt
run_case value "$BUILD" 0 $SIZES $TIMERS --max-records 100000 $T
run_case value-default "" 0 --max-records 20000 $T
run_case value-err "$BUILD --flip 0.001 --drop 0.001 --seed 3" 1 $SIZES $TIMERS --max-records 40000 $T
run_case edge "$BUILD" 0 --program edge $SIZES --max-records 50000 tests/traces/rv-sort-retire.hwpt
run_case edge-err "$BUILD --flip 0.001 --drop 0.001 --seed 7" 1 --program edge $SIZES \
    --max-records 20000 tests/traces/rv-sort-retire.hwpt

# a build that does not match the options: clear message, exit 1
start_emu --engine coproc &&
"$HW" stream --engine coproc --port "$PTY" $SIZES --max-records 100 $T > /dev/null 2> "$B/mismatch.err"
rc=$?
stop_emu
if [ $rc -ne 1 ] || ! grep -q "CAM_AW" "$B/mismatch.err"; then
    bad "build mismatch: exit $rc, $(head -2 "$B/mismatch.err")"
fi

[ $fail -eq 0 ] && echo "link-host-coproc: PASS"
exit $fail
