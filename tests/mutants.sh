#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Mutation checks: every row of tests/mutants.txt is one mutant of the RTL
# that the lockstep regression must catch. For each: the sed expression is
# applied to a copy of rtl/ (tests/mutate.sh: it must change the file), the
# engine's regression runs on the mutant with the given configuration and
# trace, and the mutant counts as caught only if the mutant built, the run
# ends in FAIL with its waveform written, and the first mismatching field matches the row's `field`
# pattern (an extended regex; the field is printed either way).
#   tests/mutants.sh --list        the mutants' names
#   tests/mutants.sh [NAME ...]    run them (default: all); one PASS/FAIL line each
# Row format (| separated; the sed expression is last and may contain |):
#   name | engine | config | file under rtl/ | trace | field | make argument | sed expression
# A trace under build/ is made first (make TRACE ENGINE=engine), as the pfp
# instrumented traces are.
# Rows with engine `check` mutate a file that a check script, not the lockstep
# regression, must catch (an adapter or the device emulator that disagrees
# with its engine description, a description edited without `make gen`):
#   name | check | tests/checks/<script>.sh | file from the tree's root | | field | | sed expression
# A file under rtl/ is mutated in a copy of rtl/ that the script gets as
# RTL_DIR (board models built under BOARD_SIM_TAG=mut-<name>); any other file
# in a copy of the source tree, where the script runs. Caught only if the
# mutant changed the file, the script exits non-zero and one of its output
# lines matches `field` (an extended regex).
set -u
cd "$(dirname "$0")/.."
table=tests/mutants.txt
rows() { grep -v '^[[:space:]]*\(#\|$\)' "$table"; }
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }
if [ "${1:-}" = --list ]; then
  rows | while IFS='|' read -r name _; do trim "$name"; echo; done
  exit 0
fi
# check_mutant NAME SCRIPT FILE FIELD EXPR: one `check` row (see above)
check_mutant() {
  local name=$1 script=$2 file=$3 field=$4 expr=$5 root=build/mut/$1 rc log
  rm -rf "$root" && mkdir -p "$root"
  log=$root/check.log
  if [[ $file == rtl/* ]]; then
    cp -r rtl "$root/rtl"
    sed -i -e "$expr" "$root/$file"
    if cmp -s "$file" "$root/$file"; then
      echo "FAIL mutant $name: the mutation did not change $file (stale sed expression?)"; fail=1; return
    fi
    RTL_DIR="$root/rtl" BOARD_SIM_TAG="mut-$name" bash "$script" >"$log" 2>&1
    rc=$?
  else
    mkdir -p "$root/tree"
    git ls-files -co --exclude-standard -z | grep -zv '^build/' | tar -c --null -T - -f - | tar -x -C "$root/tree" -f -
    sed -i -e "$expr" "$root/tree/$file"
    if cmp -s "$file" "$root/tree/$file"; then
      echo "FAIL mutant $name: the mutation did not change $file (stale sed expression?)"; fail=1; return
    fi
    (cd "$root/tree" && bash "$script") >"$log" 2>&1
    rc=$?
  fi
  if [ $rc -eq 0 ]; then
    echo "FAIL mutant $name: $script passed on the mutant ($log)"; fail=1; return
  fi
  if ! grep -qE "$field" "$log"; then
    echo "FAIL mutant $name: $script failed, but no line matches /$field/ ($log)"; fail=1; return
  fi
  echo "PASS mutant $name: $script fails: $(grep -m1 -E "$field" "$log")"
}
want=" $* "
fail=0 ran=0
while IFS='|' read -r name engine config file trace field marg expr; do
  name=$(trim "$name"); engine=$(trim "$engine"); config=$(trim "$config"); file=$(trim "$file")
  trace=$(trim "$trace"); field=$(trim "$field"); marg=$(trim "$marg"); expr=$(trim "$expr")
  [ $# -eq 0 ] || [[ $want == *" $name "* ]] || continue
  ran=$((ran + 1))
  if [[ $trace == build/* ]] && ! make --no-print-directory -s "$trace" ENGINE="$engine" >/dev/null 2>&1; then
    echo "FAIL mutant $name: cannot make its trace $trace"; fail=1; continue
  fi
  if [ "$engine" = check ]; then
    check_mutant "$name" "$config" "$file" "$field" "$expr"
    continue
  fi
  args=()
  [ -z "$marg" ] || args=("$marg")
  out=$(tests/mutate.sh "$name" "$engine" "$config" "$file" "$expr" "$trace" "${args[@]+"${args[@]}"}" 2>&1)
  rc=$?
  log=build/mut/$name/sim.log
  if grep -q 'build failed' "$log" 2>/dev/null; then
    echo "FAIL mutant $name: the mutant did not build ($log)"; fail=1; continue
  fi
  if [ $rc -ne 0 ]; then
    echo "FAIL mutant $name: $(tail -n 1 <<<"$out")"; fail=1; continue
  fi
  first=$(sed -nE 's/^  ([^ ].*[^ ]) +expected \(C model\).*/\1/p' "$log" | head -n 1)
  at=$(grep -m1 -oE '^cycle [0-9]+' "$log")
  if ! grep -q '^wave: ' "$log"; then
    echo "FAIL mutant $name: caught, but the failing run wrote no waveform ($log)"; fail=1; continue
  fi
  if [ -n "$field" ] && ! grep -qE "^($field)" <<<"$first"; then
    echo "FAIL mutant $name: caught, but the first mismatch is '$first', not /$field/ ($log)"; fail=1; continue
  fi
  echo "PASS mutant $name: caught at $at, first mismatch $first"
done < <(rows)
[ $ran -gt 0 ] || { echo "FAIL mutants: no mutant matched '$*'"; exit 1; }
exit $fail
