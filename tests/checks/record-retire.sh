#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# RISC-V retire traces from qemu-riscv64: on a workload (wordcount, first
# 120000 instructions including libc start-up) the retire trace's loads with
# a value are exactly the ldval trace of the same program (same order, same
# values); next pc = pc + len unless the record is a taken control transfer;
# memory accesses carry an address; and the class of every executed pc agrees
# with riscv64-linux-gnu-objdump's mnemonic (an independent decoder check).
# Then the checker must reject a retire trace with one load value changed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check_begin record-retire "$H" rv-programs

p=$BUILD/programs/rv/wordcount
riscv64-linux-gnu-objdump -d -M no-aliases "$p" > "$tmp/p.dis"
"$H" record --kind retire --max 120000 -o "$tmp/r.hwpt" -- "$p"
"$H" record --kind ldval --max 15000 --text -o "$tmp/l.txt" -- "$p"
"$H" stats "$tmp/r.hwpt" | grep -q '^kind *retire' || fail "retire trace has the wrong kind"
"$H" convert "$tmp/r.hwpt" "$tmp/r.txt"
"$PY" tests/checks/record_check.py retire "$tmp/r.txt" "$tmp/l.txt" --dis "$tmp/p.dis"

# qemu bb/edge of a RISC-V program: leaders = first pc + edge targets
for k in bb edge; do
  "$H" record --tool qemu --kind $k --text -o "$tmp/q$k.txt" -- "$BUILD/programs/rv/knownloads"
done
"$PY" tests/checks/record_check.py bbedge "$tmp/qbb.txt" "$tmp/qedge.txt"

# mutation: change the value of the 100th load in the retire trace
"$PY" - "$tmp/r.txt" "$tmp/bad.txt" <<'PYEOF'
import sys
n = 0
out = open(sys.argv[2], 'w')
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) == 8 and f[2] == '2' and int(f[3], 16) & 1:
        n += 1
        if n == 100:
            f[6] = 'abc'
            line = ' '.join(f) + '\n'
    out.write(line)
PYEOF
cmp -s "$tmp/r.txt" "$tmp/bad.txt" && fail "mutation did not change the trace"
if "$PY" tests/checks/record_check.py retire "$tmp/bad.txt" "$tmp/l.txt" > "$tmp/bad.out"; then
  fail "the checker accepted a retire trace with a wrong load value"
fi
echo "PASS record-retire: retire loads = ldval, control flow consistent, classes agree with objdump"
