#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# hwprof instrument + eval --engine pfp on a real retire trace: both
# instrumentation kinds, three sampling windows; the dispatched streams with
# and without profile flag prediction must be identical (eval checks it and
# exits 1 otherwise), the report must carry its keys, skipping must reduce
# fetches for basic-block profiling and never for call-graph profiling
# (3-instruction blocks < MIN_LEN), and bad input must be refused.
set -eu
H=build/hwprof
src=tests/traces/pfp/sort-retire.hwpt
tmp=$(mktemp -d build/pfp-eval.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
for k in bb cg; do
  for p in 0 10 50; do
    $H instrument -k $k -p $p -w 4000 -o "$tmp/s.hwpt" "$src" 2>/dev/null
    $H eval --engine pfp --json "$tmp/s.hwpt" > "$tmp/e.json"
    python3 - "$tmp/e.json" "$k" "$p" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); k = sys.argv[2]; p = sys.argv[3]
for key in ("fetched", "fetched_no_pfp", "fetch_reduction_pct", "mispredictions", "cycles",
            "cycles_no_pfp", "dispatched_pi", "skipped_blocks", "misfetches"):
    assert key in d, key
assert d["dispatch_identical"] is True
assert d["dispatched_pi"] == d["dispatched_pi_no_pfp"]
if k == "bb":
    assert d["fetch_reduction_pct"] > 5, d["fetch_reduction_pct"]
    assert d["cycles"] < d["cycles_no_pfp"]
else:
    assert d["skipped_blocks"] == 0 and d["fetched"] == d["fetched_no_pfp"]
if p == "0":
    assert d["dispatched_pi"] == 0 and d["mispredictions"] == 0
print(f"pfp eval {k} {p}%: fetch -{d['fetch_reduction_pct']:.1f}%, cycles {d['cycles']} vs {d['cycles_no_pfp']}")
PY
  done
done
# bad input: a tuple trace, a bad option
printf '1 2\n3 4\n' > "$tmp/t.txt"
if $H instrument -o "$tmp/x.hwpt" "$tmp/t.txt" 2>/dev/null; then echo "tuple trace accepted"; exit 1; fi
if $H eval --engine pfp "$tmp/t.txt" 2>/dev/null; then echo "eval accepted a tuple trace"; exit 1; fi
set +e; $H eval --engine pfp --sets 3 "$src" 2>/dev/null; rc=$?; set -e
[ $rc -eq 2 ] || { echo "--sets 3: exit $rc, want 2"; exit 1; }
echo "pfp eval checks passed"
