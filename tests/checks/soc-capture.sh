#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SoC's retire capture (docs/soc.md): tests/soc/lz.c, built with the SoC
# runtime, runs on the Verilated SoC (PicoRV32's RVFI port -> retire trace)
# and under qemu-riscv32 (hwprof record --kind retire); the two traces must
# be equal record for record (pc, insn, class, flags, len, rd, value, addr:
# canonical text forms compared with cmp). The program's own check must pass
# (exit 0, its output line), and hwprof run --engine rap, mhash and strat
# must read the capture. Then the comparison must reject a capture with one
# load value changed and one with the last record dropped.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check_begin soc-capture "$H" soc-build build/soc/prog/lz.elf

elf=$BUILD/soc/prog/lz.elf
# same: TRACE_A TRACE_B -> 0 if equal; prints the first difference
same() {
  "$H" convert --to text "$1" "$tmp/a.txt"
  "$H" convert --to text "$2" "$tmp/b.txt"
  if ! cmp -s "$tmp/a.txt" "$tmp/b.txt"; then
    echo "records: $(wc -l < "$tmp/a.txt") vs $(wc -l < "$tmp/b.txt"); first difference (line: pc insn class flags len rd value addr):"
    diff "$tmp/a.txt" "$tmp/b.txt" | head -n 6
    return 1
  fi
}

set +e
bash tb/soc/soc-run.sh "$elf" "$tmp/soc.hwpt" > "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
set -e
[ $rc -eq 0 ] || { cat "$tmp/err.txt"; fail "the SoC run exited with $rc"; }
grep -q '^lz: 6000 bytes -> .* round trip ok$' "$tmp/out.txt" || { cat "$tmp/out.txt"; fail "program output wrong"; }

"$H" record --kind retire -o "$tmp/qemu.hwpt" -- "$elf" 2> "$tmp/rec.txt" > /dev/null \
  || { cat "$tmp/rec.txt"; fail "hwprof record (qemu-riscv32) failed"; }
n=$("$H" stats "$tmp/soc.hwpt" | awk '$1 == "records" { print $2 }')
same "$tmp/soc.hwpt" "$tmp/qemu.hwpt" || fail "RVFI capture differs from the qemu-riscv32 retire trace"
[ "$n" -gt 100000 ] || fail "only $n records"

for e in rap mhash strat; do
  "$H" run --engine $e "$tmp/soc.hwpt" > "$tmp/run-$e.txt" 2>&1 || { tail -5 "$tmp/run-$e.txt"; fail "hwprof run --engine $e on the capture failed"; }
done

# the comparison must fail on a difference: one load value changed, the last record dropped
"$H" convert --to text "$tmp/soc.hwpt" "$tmp/s.txt"
awk '!done && $3 == "2" && $4 == "3" && ++k == 1000 { $7 = "abc"; done = 1 } { print }' "$tmp/s.txt" > "$tmp/m1.txt"
sed '$d' "$tmp/s.txt" > "$tmp/m2.txt"
for m in m1 m2; do
  cmp -s "$tmp/s.txt" "$tmp/$m.txt" && fail "mutation $m did not change the trace"
  same "$tmp/$m.txt" "$tmp/qemu.hwpt" > /dev/null && fail "the comparison accepted mutated capture $m"
done
echo "PASS soc-capture: lz on the SoC, $n RVFI retire records = qemu-riscv32 retire trace; rap, mhash, strat read it; 2 mutants rejected"
