#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# hwprof run/eval --engine rap: bad parameters are rejected with a clear
# message and exit status 2; on every bundled trace (code: *-bb, branch
# targets: *-edge, values: *-ldval, addresses: *-ldaddr, retired pcs:
# rv-*-retire) at eps = 10% and 1% with the default 4096
# entries, eval must report node counts that sum to the events, estimates
# that are lower bounds and a maximum error within eps (docs/rap.md: the
# bound is guaranteed when no update overflowed a full TCAM; the overflow
# count is printed, and run warns when it is not zero).
set -u
cd "$(dirname "$0")/../.."
hw=build/hwprof
fails=0
t=tests/traces/synthetic-zipf.txt

bad() { # expected-message-regex args...
  local re=$1; shift
  local out rc
  out=$("$hw" run --engine rap "$@" "$t" 2>&1); rc=$?
  if [ $rc -ne 2 ] || ! grep -Eq "$re" <<<"$out"; then
    echo "FAIL: hwprof run --engine rap $* -> exit $rc: $out"; fails=$((fails + 1))
  else
    echo "ok: $* rejected: $(head -1 <<<"$out")"
  fi
}
bad 'eps must be in \(0, 1\)' --eps 0
bad 'eps must be in \(0, 1\)' --eps 1
bad 'eps must be in \(0, 1\)' --eps -0.5
bad 'branching factor must be a power of two' --branching 3
bad 'branching factor must be a power of two' --branching 1
bad 'entries must be 5\.\.65536' --entries 4
bad 'not a multiple of log2' --width 33
bad 'width must be 16\.\.64' --width 8
bad 'unknown or incomplete option' --bogus

# a key that does not fit the width is an error, not a silent truncation
out=$(printf '1ffffffff\n' | "$hw" run --engine rap - 2>&1); rc=$?
if [ $rc -ne 1 ] || ! grep -q 'does not fit in --width 32' <<<"$out"; then
  echo "FAIL: a 33-bit key with --width 32 -> exit $rc: $out"; fails=$((fails + 1))
fi

# a retire trace is profiled on its pc (field a); it has no field b
r=tests/traces/rv-knownloads-retire.hwpt
if [ -f $r ]; then
  out=$("$hw" run --engine rap --field b $r 2>&1); rc=$?
  if [ $rc -ne 1 ] || ! grep -q 'field b needs a tuple2 trace' <<<"$out"; then
    echo "FAIL: --field b on a retire trace -> exit $rc: $out"; fails=$((fails + 1))
  fi
  out=$("$hw" run --engine rap $r 2>&1); rc=$?
  if [ $rc -ne 0 ] || ! grep -q ' field a: 20853 events' <<<"$out"; then
    echo "FAIL: run on a retire trace -> exit $rc: $out"; fails=$((fails + 1))
  fi
fi

shopt -s nullglob
traces=(tests/traces/*-bb.hwpt tests/traces/*-edge.hwpt tests/traces/*-ldval.hwpt
        tests/traces/*-ldaddr.hwpt tests/traces/*-retire.hwpt)
[ ${#traces[@]} -gt 0 ] || traces=("$t")
for f in "${traces[@]}"; do
  for eps in 0.1 0.01; do
    js=$("$hw" eval --engine rap --json --eps $eps "$f" 2>&1); rc=$?
    if [ $rc -ne 0 ] && grep -q 'does not fit' <<<"$js"; then
      js=$("$hw" eval --engine rap --json --eps $eps --width 64 "$f" 2>&1); rc=$?
    fi
    if [ $rc -ne 0 ]; then echo "FAIL: eval $f eps $eps: exit $rc: $js"; fails=$((fails + 1)); continue; fi
    v=$(python3 -c '
import json, sys
d = json.loads(sys.argv[1])
need = ["max_error_frac_of_n", "hot_avg_error_pct", "hot_max_error_pct", "nodes_max", "nodes_avg", "events"]
miss = [k for k in need if k not in d]
ok = not miss and d["lower_bound_ok"] and d["sum_equals_events"] \
     and d["max_error_frac_of_n"] <= d["eps"] and d["within_eps"]
print(("ok" if ok else "BAD") + " events=%d nodes_max=%d max_err=%.5f eps=%g overflow=%d hot=%d missing=%s" % (
    d["events"], d["nodes_max"], d["max_error_frac_of_n"], d["eps"], d["overflow"], d["hot_ranges"], miss))
' "$js")
    echo "$f eps=$eps: $v"
    case $v in ok*) ;; *) fails=$((fails + 1)) ;; esac
  done
done
# run prints the hot ranges
out=$("$hw" run --engine rap --eps 0.01 "${traces[0]}" 2>&1 || true)
grep -q '^hot ranges' <<<"$out" || { echo "FAIL: run output without hot ranges: $out"; fails=$((fails + 1)); }
grep -q '^warning: the TCAM was full' <<<"$out" && { echo "FAIL: run warns of a full TCAM with 4096 entries"; fails=$((fails + 1)); }
# a TCAM too small for the tree: run says the bound may not hold (the same
# printer serves stream), and the JSON says it is not guaranteed
out=$("$hw" run --engine rap --eps 0.01 --entries 8 "${traces[0]}" 2>&1 || true)
if grep -q '^warning: the TCAM was full for [1-9][0-9]* updates.*may not hold' <<<"$out" &&
   "$hw" run --engine rap --json --eps 0.01 --entries 8 "${traces[0]}" | grep -q '"bound_guaranteed":false'; then
  echo "ok: run with 8 entries warns that the error bound may not hold"
else
  echo "FAIL: run with 8 entries does not warn of the full TCAM: $out"; fails=$((fails + 1))
fi
[ $fails -eq 0 ] && echo "rap-cli: all passed" || echo "rap-cli: $fails failures"
[ $fails -eq 0 ]
