#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Mutation test helper: copies rtl/ to build/mut/<name>/rtl, applies one sed
# expression to one file, checks that the file really changed, runs the
# lockstep regression on the mutant and succeeds only if it prints FAIL.
#   tests/mutate.sh NAME ENGINE CONFIG FILE SED_EXPR TRACE [extra make args]
# The sim output is left in build/mut/<name>/sim.log.
set -u
name=$1 engine=$2 config=$3 file=$4 expr=$5 trace=$6
shift 6
root=build/mut/$name
rm -rf "$root" && mkdir -p "$root"
cp -r rtl "$root/rtl"
sed -i -e "$expr" "$root/rtl/$file"
if cmp -s "rtl/$file" "$root/rtl/$file"; then
  echo "mutate $name: the mutation did not change rtl/$file (stale sed expression?)"
  exit 1
fi
make --no-print-directory sim ENGINE="$engine" CONFIG="$config" TRACE="$trace" SIM_COPT=-O0 \
  RTL_DIR="$root/rtl" SIMROOT="$root/sim" "$@" > "$root/sim.log" 2>&1
grep -E '^(FAIL|PASS)' "$root/sim.log" | tail -1
if grep -q '^FAIL ' "$root/sim.log"; then
  exit 0
fi
echo "mutate $name: mutant was NOT caught (see $root/sim.log)"
exit 1
