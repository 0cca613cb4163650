#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `hwprof record` with valgrind lackey on a real, unmodified Debian binary
# (gzip -c of a small generated file): bb, edge and ldaddr traces are
# non-empty and of the right kind, the leaders are exactly the first pc plus
# every edge target, and every ldaddr pc is an executed instruction. Then the
# error paths: program missing (1), usage (2), a tool log that does not parse
# (1, names the line), --max terminating an endless program.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check_begin record-lackey "$H" rv-programs

"$BUILD/programs/geninput" text 4000 3 > "$tmp/in.txt"
for k in bb edge ldaddr; do
  "$H" record --kind $k -o "$tmp/$k.hwpt" -- gzip -c "$tmp/in.txt" > "$tmp/$k.gz"
  gzip -dc "$tmp/$k.gz" | cmp -s - "$tmp/in.txt" || fail "gzip output under lackey is wrong ($k)"
  "$H" stats "$tmp/$k.hwpt" > "$tmp/$k.stats"
  recs=$(awk '$1 == "records" {print $2}' "$tmp/$k.stats")
  kind=$(awk '$1 == "kind" {print $2}' "$tmp/$k.stats")
  want=tuple2; [ $k = bb ] && want=tuple1
  [ "$kind" = "$want" ] || fail "$k trace has kind '$kind', want $want"
  [ "${recs:-0}" -gt 1000 ] || fail "$k trace has ${recs:-0} records"
  "$H" convert "$tmp/$k.hwpt" "$tmp/$k.txt"
  echo "ok $k: $recs records, kind $kind"
done
"$PY" tests/checks/record_check.py bbedge "$tmp/bb.txt" "$tmp/edge.txt"
# ldaddr pcs must be executed instructions: every load pc lies in a block
# whose leader was recorded at or before it (same run, deterministic layout
# under valgrind)
"$PY" - "$tmp/bb.txt" "$tmp/ldaddr.txt" <<'PYEOF'
import sys, bisect
lead = sorted(set(int(l.split()[0], 16) for l in open(sys.argv[1]) if l.strip() and l[0] != '#'))
bad = 0
pcs = set(int(l.split()[0], 16) for l in open(sys.argv[2]) if l.strip() and l[0] != '#')
for pc in pcs:
    i = bisect.bisect_right(lead, pc)
    if i == 0 or pc - lead[i - 1] > 4096:
        bad += 1
print(('FAIL' if bad else 'ok') + ' ldaddr: %d distinct load pcs, %d not after a leader' % (len(pcs), bad))
sys.exit(1 if bad else 0)
PYEOF

# error paths
set +e
"$H" record --kind bb -o "$tmp/x" -- "$tmp/no-such-program" 2> "$tmp/e1"; rc=$?
[ $rc -eq 1 ] && grep -q "not found" "$tmp/e1" || fail "missing program: exit $rc"
"$H" record --kind nosuch -o "$tmp/x" -- true 2> /dev/null; rc=$?
[ $rc -eq 2 ] || fail "bad --kind: exit $rc, want 2"
printf '#!/bin/sh\necho "==1== hello" >&3\necho "I  0401000,3" >&3\necho "garbage" >&3\n' > "$tmp/fake"
chmod +x "$tmp/fake"
"$H" record --kind bb --tool-path "$tmp/fake" -o "$tmp/x" -- true 2> "$tmp/e3"; rc=$?
[ $rc -eq 1 ] && grep -q "log line 3" "$tmp/e3" || fail "unparsable log: exit $rc, $(cat "$tmp/e3")"
[ ! -e "$tmp/x" ] || fail "a failed recording left its output behind"
timeout 60 "$H" record --kind bb --max 5000 -o "$tmp/yes.hwpt" -- yes > /dev/null 2> "$tmp/e4"; rc=$?
[ $rc -eq 0 ] || fail "--max on an endless program: exit $rc $(cat "$tmp/e4")"
n=$("$H" stats "$tmp/yes.hwpt" | awk '$1 == "records" {print $2}')
[ "$n" = 5000 ] || fail "--max 5000 wrote $n records"
set -e
echo "PASS record-lackey: gzip bb/edge/ldaddr consistent; error paths and --max ok"
