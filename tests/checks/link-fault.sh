#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Fault injection on the link, end to end through a pseudo-terminal: the
# unmodified `build/hwprof stream` against the C device emulator
# (tests/link/devemu_main.c) with faults beyond bit flips and dropped bytes.
# Every case either ends with the profile equal to `hwprof run` on the same
# records (nothing lost, nothing counted twice), or with a non-zero exit that
# names the tuples the board confirmed; never a wrong profile with exit 0.
#   reset-boot    the device power-cycles mid-stream with the host at the boot
#                 rate (no rate switch to lose the line): the device has no
#                 session, refuses the host's next packets with ERR(session);
#                 the host must stop, naming the confirmed tuples
#   reset-fast    the same at 3 Mbaud (the device comes back at the boot rate)
#   blackout      the line dies for good: the host gives up after its retries
#   burst         the line dies for 300 ms, shorter than the retries: the run
#                 completes with retransmissions and an exact profile
#   host-killed   a host is killed mid-stream; a new host on the same device
#                 gets the exact profile
set -u
cd "$(dirname "$0")/../.."
TAG=link-fault
. tests/link/fault_lib.sh
. tests/link/devemu.sh
build_emu || { echo "link-fault: FAIL: cannot build the device emulator"; exit 1; }

T=tests/traces/gzip-edge.hwpt
N=20000
"$HW" run --engine mhash --max-events $N "$T" > "$B/run.txt" 2>/dev/null || bad "hwprof run failed"

# stream_case NAME "EMU ARGS" "STREAM ARGS": runs one stream, leaves rc in RC
stream_case() {
  local name=$1 emu=$2 sargs=$3
  start_emu --engine mhash $emu || { RC=99; return; }
  # shellcheck disable=SC2086
  timeout 120 "$HW" stream --port "$PTY" --engine mhash --max-events $N $sargs "$T" \
      > "$B/$name.out" 2> "$B/$name.err"
  RC=$?
  stop_emu
}

stream_case reset-boot "--reset-after 9000" "--baud 115200 --timeout 200 --retries 3"
must_stop reset-boot
grep -q 'no open session' "$B/reset-boot.err" || bad "reset-boot: the host did not name the device reset"
stream_case reset-fast "--reset-after 30000" "--timeout 100 --retries 3"
must_stop reset-fast
stream_case blackout "--blackout-after 20000" "--timeout 50 --retries 3"
must_stop blackout
stream_case burst "--blackout-after 20000 --blackout-ms 300" "--timeout 100 --retries 8"
must_match burst
grep -q 'retransmits=0 ' "$B/burst.err" && bad "burst: no retransmission after a dead line"

# host killed mid-stream, then a new host on the same device
start_emu --engine mhash --engine-rate 20000 || exit 1
timeout -s KILL 1 "$HW" stream --port "$PTY" --engine mhash --max-events $N --timeout 200 "$T" \
    > "$B/killed.out" 2> "$B/killed.err"
krc=$?
[ $krc -eq 137 ] || bad "host-killed: the first host was not killed mid-stream (exit $krc)"
timeout 120 "$HW" stream --port "$PTY" --engine mhash --max-events $N --timeout 200 "$T" \
    > "$B/host-killed.out" 2> "$B/host-killed.err"
RC=$?
stop_emu
must_match host-killed

if [ $fail -eq 0 ]; then echo "PASS link-fault"; else echo "FAIL link-fault"; fi
exit $fail
