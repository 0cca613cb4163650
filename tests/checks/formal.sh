#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SymbiYosys proofs (tests/formal/*.sby, `make formal`), then every mutant
# of tests/formal/mutants.txt: the mutation must change its file and the
# proof it names must FAIL on the mutated copy of rtl/, by a failed assertion
# or an unreached cover (not by an error).
#   tests/checks/formal.sh                 every quick proof, then every mutant
#   tests/checks/formal.sh --list          the items, one per line: "proof NAME" / "mutant NAME"
#   tests/checks/formal.sh proof NAME      one proof
#   tests/checks/formal.sh mutant NAME     one mutant
# A proof whose .sby has a line "# make formal only" takes too long for
# `make test`: it is left out of the list (its mutants, which fail fast,
# stay in); `make formal` runs it.
set -u
cd "$(dirname "$0")/../.."

mutant() {
  local want=$1 name proof file expr m
  while IFS='|' read -r name proof file expr; do
    name=$(echo $name); proof=$(echo $proof); file=$(echo $file); expr=$(echo "$expr" | sed 's/^ *//; s/ *$//')
    [ "$name" = "$want" ] || continue
    m=build/mut/formal-$name
    rm -rf "$m" && mkdir -p "$m" && cp -r rtl "$m/rtl"
    sed -i -e "$expr" "$m/rtl/$file"
    if cmp -s "rtl/$file" "$m/rtl/$file"; then
      echo "FAIL formal mutant $name: the mutation did not change rtl/$file"; return 1
    fi
    if bash tests/formal/run.sh --rtl "$m/rtl" --tag "mut-$name" --prove-only "$proof" > "$m/run.log" 2>&1; then
      echo "FAIL formal mutant $name: $proof still passes (log: $m/run.log)"; return 1
    elif ! grep -q -E 'Assert failed|Unreached cover' "build/formal/mut-$name/$proof/sby.log"; then
      echo "FAIL formal mutant $name: $proof stopped without a failed property (log: build/formal/mut-$name/$proof/sby.log)"; return 1
    fi
    echo "PASS formal mutant $name: $proof fails"; return 0
  done < tests/formal/mutants.txt
  echo "FAIL formal mutant $want: not in tests/formal/mutants.txt"; return 1
}

list() {
  local f
  for f in tests/formal/*.sby; do
    grep -q '^# make formal only' "$f" || echo "proof $(basename "$f" .sby)"
  done
  sed 's/#.*//' tests/formal/mutants.txt | awk -F'|' 'NF >= 4 { gsub(/ /, "", $1); print "mutant " $1 }'
}

case ${1:-} in
  --list) list; exit 0 ;;
  proof) bash tests/formal/run.sh "$2"; exit ;;
  mutant) mutant "$2"; exit ;;
  -h|--help) sed -n '3,13p' "$0"; exit 0 ;;
esac
fail=0
while read -r kind name; do
  if [ "$kind" = proof ]; then bash tests/formal/run.sh "$name" || fail=1
  else mutant "$name" || fail=1
  fi
done < <(list)
exit $fail
