#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# A board reset in the middle of a stream, on the RTL: the unmodified
# `build/hwprof stream` against the Verilator model of the ULX3S board with
# strat (tb/board/board_main.cpp, --reset-after N: the model is built anew
# after N host bytes, every register at its power-up value). The device
# comes back without a session, so the host's next sequenced packets are
# refused with ERR(SESSION) rather than taken for duplicates of packets it
# has forgotten; the host must stop with a non-zero exit naming the tuples
# the board confirmed, and print no profile. Then the same model streams
# the whole trace in a new session (the host's HELLO(1) opens it) and must
# print hwprof run's profile. tests/checks/link-fault.sh does the same and
# more against the C emulator.
#   reset-boot   the host stays at the boot rate (no rate switch to lose)
#   reset-fast   at 3 Mbaud: the device comes back at the boot rate
# The model runs some 10 times slower than the board, so the host's
# time-outs are longer than against the emulator (a 256-byte packet takes
# 22 ms of board time at the boot rate).
set -u
cd "$(dirname "$0")/../.."
TAG=board-fault
. tests/link/fault_lib.sh
make -s all >/dev/null || { echo "FAIL board-fault: make"; exit 1; }
bin=$(nice bash tb/board/build.sh ulx3s strat) || { echo "FAIL board-fault: model build"; exit 1; }

T=tests/traces/gzip-edge.hwpt
N=4000
opts=(--engine strat --max-events $N --rate 16 --ak --ak-entries 4)
"$HW" run "${opts[@]}" "$T" > "$B/run.txt" 2>/dev/null || bad "hwprof run failed"

# board_case NAME "MODEL ARGS" "STREAM ARGS" [SESSIONS]: one model, SESSIONS
# streams (the last one's verdict in RC, each in $B/NAME[-k].out/.err)
board_case() {
  local name=$1 margs=$2 sargs=$3 ns=${4:-1} k pid
  rm -f "$B/pty"
  # shellcheck disable=SC2086
  "$bin" --pty-file "$B/pty" --sessions "$ns" --max-cycles 3000000000 $margs > "$B/$name.model" 2>&1 &
  pid=$!
  for _ in $(seq 100); do [ -s "$B/pty" ] && break; sleep 0.05; done
  for k in $(seq "$ns"); do
    local o=$name; [ "$k" -gt 1 ] && o=$name-$k
    # shellcheck disable=SC2086
    timeout 300 "$HW" stream --port "$(cat "$B/pty")" "${opts[@]}" $sargs "$T" > "$B/$o.out" 2> "$B/$o.err"
    RC=$?
    [ "$k" -eq 1 ] && RC1=$RC
  done
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && kill "$pid"
  wait "$pid" 2>/dev/null
  grep -q 'resets=1' "$B/$name.model" || bad "$name: the model did not power-cycle: $(tail -1 "$B/$name.model")"
}

board_case reset-boot "--reset-after 3000" "--baud 115200 --timeout 4000 --retries 3" 2
RC2=$RC; RC=$RC1
must_stop reset-boot
grep -q 'no open session' "$B/reset-boot.err" || bad "reset-boot: the host did not name the device reset"
RC=$RC2
must_match reset-boot-2
board_case reset-fast "--reset-after 8000" "--timeout 1000 --retries 3"
must_stop reset-fast

if [ $fail -eq 0 ]; then echo "PASS board-fault"; else echo "FAIL board-fault"; fi
exit $fail
