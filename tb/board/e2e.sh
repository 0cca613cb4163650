#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End to end without hardware: the Verilator model of a board top
# (tb/board/, the RTL of the composed fpga/<board>/hwp_board.v) on a pty, driven by the
# unmodified `build/hwprof stream`; the printed profile must be identical to
# `build/hwprof run` (C model) on the same records and options. Run once on a
# clean line, then with bit flips and dropped bytes injected in both
# directions (the link statistics must then show retransmissions); then two
# sessions one after the other on one model (the board stays at 3 Mbaud;
# E2E_OPTS2 adds hwprof options to the second session only).
#   tb/board/e2e.sh <board> <engine> <trace> <events> [-- hwprof options]
# (the run with errors uses the first E2E_ERR_EVENTS records, default 3000,
#  with --flip E2E_FLIP --drop E2E_DROP, default 0.001 each)
# Prints one "ok ..." line per run with bytes per tuple and tuples/s, and
# "PASS link-e2e ..." / "FAIL link-e2e ...". Every line of `hwprof run`'s
# output is compared (the board reports every figure).
# pfp: TRACE must be an instrumented stream (hwprof instrument); its record
# limit option is --max.
set -u
cd "$(dirname "$0")/../.."
[ $# -ge 4 ] || { echo "usage: tb/board/e2e.sh <board> <engine> <trace> <events> [-- options]" >&2; exit 2; }
board=$1 eng=$2 trace=$3 n=$4; shift 4
[ "${1:-}" = -- ] && shift
opts=("$@")
HW=build/hwprof
make -s all >/dev/null || { echo "FAIL link-e2e $board/$eng: make"; exit 1; }
bin=$(nice bash tb/board/build.sh "$board" "$eng") || { echo "FAIL link-e2e $board/$eng: model build"; exit 1; }
B=build/board-sim/$board/$eng/e2e; mkdir -p "$B"
fail=0
max=--max-events; [ "$eng" = pfp ] && max=--max; [ "$eng" = coproc ] && max=--max-records
ne=${E2E_ERR_EVENTS:-3000}; [ "$ne" -le "$n" ] || ne=$n
for k in "$n" "$ne"; do
  "$HW" run --engine "$eng" $max "$k" "${opts[@]}" "$trace" 2>/dev/null > "$B/run-$k.txt"
  [ -s "$B/run-$k.txt" ] || { echo "FAIL link-e2e $board/$eng: hwprof run printed nothing"; exit 1; }
done

one() { # name errors(0|1) events model-options...
  local name=$1 errs=$2 n=$3; shift 3
  rm -f "$B/pty"
  "$bin" --pty-file "$B/pty" --max-cycles 2000000000 "$@" > "$B/$name.model" 2>&1 &
  local pid=$!
  for _ in $(seq 100); do [ -s "$B/pty" ] && break; sleep 0.05; done
  if [ ! -s "$B/pty" ]; then echo "FAIL link-e2e $board/$eng $name: no pty"; kill "$pid"; fail=1; return; fi
  local t0=$SECONDS
  timeout 170 "$HW" stream --port "$(cat "$B/pty")" --engine "$eng" --timeout ${E2E_TIMEOUT_MS:-600} --retries 20 $max "$n" \
      "${opts[@]}" "$trace" > "$B/$name.stream" 2> "$B/$name.err"
  local rc=$?
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && kill "$pid"
  wait "$pid" 2>/dev/null
  if [ $rc -ne 0 ]; then
    echo "FAIL link-e2e $board/$eng $name: hwprof stream exit $rc: $(grep -v '^link:' "$B/$name.err" | head -3)"
    fail=1; return
  fi
  if ! cmp -s "$B/run-$n.txt" "$B/$name.stream"; then
    echo "FAIL link-e2e $board/$eng $name: profile differs from hwprof run"
    diff "$B/run-$n.txt" "$B/$name.stream" | head -6; fail=1; return
  fi
  local link rt
  link=$(grep '^link:' "$B/$name.err")
  rt=$(sed -E 's/.* retransmits=([0-9]+).*/\1/' <<<"$link")
  if [ "$errs" = 1 ] && [ "${rt:-0}" -eq 0 ]; then
    echo "FAIL link-e2e $board/$eng $name: errors injected but no retransmission"; fail=1; return
  fi
  local model
  model=$(grep '^BOARD' "$B/$name.model")
  local cyc
  cyc=$(sed -E 's/.* cycles=([0-9]+).*/\1/' <<<"$model")
  local tps
  tps=$(awk -v n="$n" -v c="$cyc" -v b="$board" 'BEGIN { hz = (b == "ulx3s") ? 25e6 : 12e6; printf "%.0f", n * hz / c }')
  echo "ok $board/$eng $name: $(wc -l < "$B/run-$n.txt") lines identical; $n tuples in $cyc board cycles = $tps tuples/s at the board clock (whole session); $(sed -E 's/^link: //; s/ (seconds|tuples_per_s|bytes_per_s|probes|err_unknown|err_too_long|out_dup|dev_unknown|dev_stalls|dev_applied|dev_out_records)=[^ ]*//g' <<<"$link"); $(sed -E 's/^BOARD //; s/board=[^ ]* engine=[^ ]* //' <<<"$model") ($((SECONDS - t0)) s)"
}
one clean 0 "$n" --log "$B/clean.log"
hz=12000000; [ "$board" = ulx3s ] && hz=25000000
echo "rate $board/$eng: $(python3 tb/board/log_rate.py "$B/clean.log" "$n" "$hz") (clean run; 3 Mbaud line)"
one errors 1 "$ne" --flip "${E2E_FLIP:-0.001}" --drop "${E2E_DROP:-0.001}" --seed 7
# two sessions on one board: the second host finds the board still at 3 Mbaud
ns=2000; [ "$ns" -le "$n" ] || ns=$n
# (E2E_OPTS2: options added to the second session only, e.g. another CONFIG)
read -ra opts2 <<<"${E2E_OPTS2:-}"
"$HW" run --engine "$eng" $max "$ns" "${opts[@]}" "$trace" 2>/dev/null > "$B/run-again1.txt"
"$HW" run --engine "$eng" $max "$ns" "${opts[@]}" ${opts2[@]+"${opts2[@]}"} "$trace" 2>/dev/null > "$B/run-again2.txt"
rm -f "$B/pty"
"$bin" --pty-file "$B/pty" --sessions 2 --max-cycles 2000000000 > "$B/again.model" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -s "$B/pty" ] && break; sleep 0.05; done
for k in 1 2; do
  more=(); [ $k = 2 ] && more=(${opts2[@]+"${opts2[@]}"})
  timeout 120 "$HW" stream --port "$(cat "$B/pty")" --engine "$eng" --timeout ${E2E_TIMEOUT_MS:-600} --retries 20 \
      $max "$ns" "${opts[@]}" ${more[@]+"${more[@]}"} "$trace" > "$B/again$k.stream" 2> "$B/again$k.err" || break
done
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && kill "$pid"
wait "$pid" 2>/dev/null
if cmp -s "$B/run-again1.txt" "$B/again1.stream" && cmp -s "$B/run-again2.txt" "$B/again2.stream"; then
  echo "ok $board/$eng: two sessions on one board model, both identical to hwprof run ($ns records${opts2[*]:+; second with ${opts2[*]}})"
else
  echo "FAIL link-e2e $board/$eng: second session: $(grep -v '^link:' "$B/again2.err" 2>/dev/null | head -2)"; fail=1
fi
if [ $fail -eq 0 ]; then echo "PASS link-e2e $board/$eng trace=$(basename "$trace") events=$n"; else echo "FAIL link-e2e $board/$eng"; fi
exit $fail
