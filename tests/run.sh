#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make test`: everything CI runs. Builds, then runs the C unit tests, every
# mutant of tests/mutants.txt, every tests/checks/*.sh script, lint, the Yosys synthesis check and every engine
# configuration's lockstep regression on the bundled traces, JOBS at a time
# (default: the number of cores). Each item prints PASS/FAIL lines as it
# finishes; the run ends with "N passed, N failed" and fails if anything
# failed. Logs: build/test-logs/.
set -u
cd "$(dirname "$0")/.."
logs=build/test-logs
rm -rf "$logs"
mkdir -p "$logs/res"
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
t0=$(date +%s)
export HWPROF_PROGRESS=0

# One item: runs a command into its log, then prints and records its verdict.
#   kind single: the exit status is the verdict.
#   kind multi:  the command prints "PASS ..."/"FAIL ..." lines; each counts;
#                a non-zero exit without any FAIL line counts as one failure.
item() { # kind name command...
  local kind=$1 name=$2; shift 2
  local key=${name//[^A-Za-z0-9_.-]/_}
  local log=$logs/$key.log s=$(date +%s)
  "$@" > "$log" 2>&1
  local rc=$? el=$(( $(date +%s) - s )) np nf out
  if [ "$kind" = single ]; then
    if [ $rc -eq 0 ]; then np=1 nf=0; else np=0 nf=1; fi
    out=$(printf '%s %-50s %4ss' "$([ $rc -eq 0 ] && echo PASS || echo FAIL)" "$name" "$el")
  else
    np=$(grep -c '^PASS ' "$log") nf=$(grep -c '^FAIL ' "$log")
    out=$(grep -E '^(PASS|FAIL) ' "$log" | sed 's/^/  /')
    if [ "$nf" -eq 0 ] && { [ $rc -ne 0 ] || [ "$np" -eq 0 ]; }; then
      nf=1; out+=$'\n'"FAIL $name: exit $rc with $np PASS lines"
    fi
    out+=$'\n'"     $name: ${el}s"
  fi
  if [ "$nf" -gt 0 ]; then
    out+=$'\n'"     (log: $log)"$'\n'"$(grep -v '^PASS ' "$log" | tail -n 25 | sed 's/^/     | /')"
  fi
  echo "$np $nf $name" > "$logs/res/$key"
  printf '%s\n' "$out"
}

# Runs an item in the background, at most JOBS at a time.
spawn() {
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  item "$@" &
}

echo "== build"
item single "build (make all unit)" make -j"$JOBS" all unit
if grep -q '^0 1 ' "$logs"/res/*; then
  echo "0 passed, 1 failed"
  exit 1
fi

echo "== unit tests, checks, lint, synthesis check, lockstep regressions ($JOBS at a time)"
for t in build/tests/*; do
  [ -x "$t" ] && spawn single "unit $(basename "$t")" timeout 600 "$t"
done
# the long items first, so that the two lanes finish together
for e in $(make -s print-ENGINES); do
  for c in $(make -s print-SIM_CONFIGS ENGINE="$e"); do
    spawn multi "sim $e/$c" make --no-print-directory sim ENGINE="$e" CONFIG="$c"
  done
done
for m in $(bash tests/mutants.sh --list); do
  spawn multi "mutant $m" bash tests/mutants.sh "$m"
done
# each proof and each formal mutant is its own item (tests/checks/formal.sh)
while read -r kind name; do
  spawn multi "formal $kind $name" timeout 900 bash tests/checks/formal.sh "$kind" "$name"
done < <(bash tests/checks/formal.sh --list)
for c in tests/checks/*.sh; do
  case $(basename "$c") in formal.sh | lib.sh) continue ;; esac
  [ -f "$c" ] && spawn single "check $(basename "$c" .sh)" timeout 900 bash "$c"
done
[ -f tests/lint.sh ] && spawn multi lint bash tests/lint.sh
[ -f fpga/synth-check.sh ] && spawn multi synth-check env SYNTH_SET=board bash fpga/synth-check.sh
wait

# after the regressions (their simulators are built): every signal of every
# GTKWave layout must be in a dump of its engine (make wave opens it)
wave_layouts() {
  local fail=0 e c
  for e in $(make -s print-ENGINES); do
    c=$(make -s print-SIM_CONFIGS ENGINE="$e"); c=${c%% *}
    make --no-print-directory -s wave-dump ENGINE="$e" MAX_EVENTS=200 >/dev/null 2>&1 \
      || { echo "FAIL wave-layout $e: make wave-dump failed"; fail=1; continue; }
    "${PYTHON:-python3}" tests/wave-layouts.py "tb/$e/$e.gtkw" "build/sim/$e/$c/wave.fst" || fail=1
  done
  return $fail
}
item multi "wave layouts" wave_layouts

pass=0 fail=0 failed=()
for r in "$logs"/res/*; do
  read -r np nf name < "$r"
  pass=$((pass + np)); fail=$((fail + nf))
  [ "$nf" -gt 0 ] && failed+=("$name")
done
echo "== done in $(( $(date +%s) - t0 ))s"
[ "$fail" -ne 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
