#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SymbiYosys proofs (tests/formal/*.sby, `make formal`), then every mutant
# of tests/formal/mutants.txt: the mutation must change its file and the
# proof it names must FAIL on the mutated copy of rtl/, by a failed assertion
# or an unreached cover (not by an error).
set -u
cd "$(dirname "$0")/../.."
fail=0
bash tests/formal/run.sh || fail=1
while IFS='|' read -r name proof file expr; do
  name=$(echo $name); proof=$(echo $proof); file=$(echo $file); expr=$(echo "$expr" | sed 's/^ *//; s/ *$//')
  case $name in ''|\#*) continue ;; esac
  m=build/mut/formal-$name
  rm -rf "$m" && mkdir -p "$m" && cp -r rtl "$m/rtl"
  sed -i -e "$expr" "$m/rtl/$file"
  if cmp -s "rtl/$file" "$m/rtl/$file"; then
    echo "FAIL formal mutant $name: the mutation did not change rtl/$file"; fail=1; continue
  fi
  if bash tests/formal/run.sh --rtl "$m/rtl" --tag "mut-$name" --prove-only "$proof" > "$m/run.log" 2>&1; then
    echo "FAIL formal mutant $name: $proof still passes (log: $m/run.log)"; fail=1
  elif ! grep -q -E 'Assert failed|Unreached cover' "build/formal/mut-$name/$proof/sby.log"; then
    echo "FAIL formal mutant $name: $proof stopped without a failed property (log: build/formal/mut-$name/$proof/sby.log)"; fail=1
  else
    echo "PASS formal mutant $name: $proof fails"
  fi
done < tests/formal/mutants.txt
exit $fail
