#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make test`: everything CI runs. Builds, then runs the C unit tests, lint,
# the Yosys synthesis check, every engine's lockstep regression on the bundled
# traces and every tests/checks/*.sh script. Each item prints one PASS/FAIL
# line; the run ends with "N passed, N failed" and fails if anything failed.
# Logs: build/test-logs/.
set -u
cd "$(dirname "$0")/.."
logs=build/test-logs
mkdir -p "$logs"
pass=0
fail=0
failed=()
t0=$(date +%s)

verdict() { # name rc seconds log
  if [ "$2" -eq 0 ]; then
    pass=$((pass + 1)); printf 'PASS %-52s %4ss\n' "$1" "$3"
  else
    fail=$((fail + 1)); failed+=("$1"); printf 'FAIL %-52s %4ss  (log: %s)\n' "$1" "$3" "$4"
    [ -f "$4" ] && tail -n 15 "$4" | sed 's/^/     | /'
  fi
}

run_item() { # name log command...
  local name=$1 log=$2; shift 2
  local s=$(date +%s)
  "$@" > "$log" 2>&1
  local rc=$?
  verdict "$name" "$rc" "$(( $(date +%s) - s ))" "$log"
}

# Runs a command that prints its own "PASS <what>" / "FAIL <what>" lines and
# counts each of them; a non-zero exit without any FAIL line counts as one.
run_multi() { # name log command...
  local name=$1 log=$2; shift 2
  local s=$(date +%s)
  "$@" > "$log" 2>&1
  local rc=$?
  local el=$(( $(date +%s) - s ))
  local np nf
  np=$(grep -c '^PASS ' "$log")
  nf=$(grep -c '^FAIL ' "$log")
  grep -E '^(PASS|FAIL) ' "$log" | sed 's/^/  /'
  pass=$((pass + np)); fail=$((fail + nf))
  if [ "$nf" -gt 0 ]; then
    failed+=("$name"); echo "     (log: $log)"
    grep -B 12 '^FAIL ' "$log" | grep -v '^PASS ' | tail -n 30 | sed 's/^/     | /'
  elif [ "$rc" -ne 0 ] || [ "$np" -eq 0 ]; then
    fail=$((fail + 1)); failed+=("$name")
    echo "FAIL $name: exit $rc with $np PASS lines (log: $log)"; tail -n 15 "$log" | sed 's/^/     | /'
  fi
  echo "     $name: ${el}s"
}

echo "== build"
run_item "build (make all unit)" "$logs/build.log" make -j2 all unit
if [ "$fail" -ne 0 ]; then
  echo "$pass passed, $fail failed"
  exit 1
fi

echo "== C unit tests"
for t in build/tests/*; do
  [ -x "$t" ] || continue
  n=$(basename "$t")
  run_item "unit $n" "$logs/unit-$n.log" timeout 600 "$t"
done

echo "== checks (tests/checks)"
for c in tests/checks/*.sh; do
  [ -f "$c" ] || continue
  n=$(basename "$c" .sh)
  run_item "check $n" "$logs/check-$n.log" timeout 900 bash "$c"
done

if [ -f tests/lint.sh ]; then
  echo "== lint (verilator --lint-only -Wall)"
  run_multi lint "$logs/lint.log" bash tests/lint.sh
fi

if [ -f fpga/synth-check.sh ]; then
  echo "== synthesis check (yosys, iCE40 + ECP5)"
  run_multi synth-check "$logs/synth-check.log" bash fpga/synth-check.sh
fi

echo "== lockstep regressions (make sim)"
for e in $(make -s print-ENGINES); do
  run_multi "sim $e" "$logs/sim-$e.log" make --no-print-directory sim ENGINE="$e"
done

echo "== done in $(( $(date +%s) - t0 ))s"
if [ "$fail" -ne 0 ]; then
  echo "failed: ${failed[*]}"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
