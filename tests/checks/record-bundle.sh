#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The bundled traces in tests/traces are what tests/traces/README.md says:
# every listed file exists, reads to the end, is zstd-compressed, has the
# trace kind its name implies (bb tuple1; edge/ldaddr/ldval tuple2; retire
# retire) and the listed record and distinct counts; every
# <program>-<kind>.hwpt file recorded by record-all.sh is listed; at least four different
# x86-64 programs and RISC-V retire traces are present.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
H=$BUILD/hwprof
make -s --no-print-directory "$H" > /dev/null
fail() { echo "FAIL record-bundle: $*"; exit 1; }
readme=tests/traces/README.md
n=0
while IFS='|' read -r _ file kind _ _ recs dist _; do
  f=$(tr -d ' `' <<< "$file"); kind=$(tr -d ' ' <<< "$kind")
  recs=$(tr -d ' ' <<< "$recs"); dist=${dist%% (*}; dist=$(tr -d ' ' <<< "$dist")
  t=tests/traces/$f
  [ -f "$t" ] || fail "$f listed but missing"
  st=$("$H" stats --top 1 "$t") || fail "$f does not read"
  k=$(awk '$1 == "kind" {print $2}' <<< "$st")
  z=$(awk '$1 == "kind" {print $3}' <<< "$st")
  r=$(awk '$1 == "records" {print $2}' <<< "$st")
  d=$(awk '$1 == "distinct" {print $2}' <<< "$st")
  case $kind in bb) want=tuple1 ;; retire) want=retire ;; *) want=tuple2 ;; esac
  [ "$k" = "$want" ] || fail "$f: kind $k, want $want"
  [ "$z" = "(zstd)" ] || fail "$f: not zstd-compressed"
  [ "$r" = "$recs" ] || fail "$f: $r records, README says $recs"
  [ "$d" = "$dist" ] || fail "$f: $d distinct, README says $dist"
  [ "$f" = "${f%-*}-$kind.hwpt" ] || fail "$f: name does not end in -$kind.hwpt"
  n=$((n + 1))
done < <(grep -E '^\| `[^`]+\.hwpt` \|' "$readme")
[ $n -ge 20 ] || fail "only $n traces listed"
for t in tests/traces/{gzip,sqlite3,perl,sort,rv-*}-{bb,edge,ldaddr,ldval,retire}.hwpt; do
  [ -e "$t" ] || continue
  grep -q "^| \`$(basename "$t")\` |" "$readme" || fail "$(basename "$t") is not listed in the README"
done
progs=$(grep -E '^\| `[^`]+\.hwpt` \|' "$readme" | grep -v '`rv-' | sed 's/^| `\([^-]*\)-.*/\1/' | sort -u | wc -l)
[ "$progs" -ge 4 ] || fail "only $progs different x86-64 programs"
ls tests/traces/rv-*-retire.hwpt > /dev/null 2>&1 || fail "no RISC-V retire traces"
echo "PASS record-bundle: $n bundled traces match the README ($progs x86-64 programs + RISC-V)"
