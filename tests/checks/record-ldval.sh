#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Acceptance of `hwprof record` load values and addresses on the known-loads
# program (tests/programs/knownloads.c): the ldval trace of the RISC-V build
# (qemu-riscv64) and of the x86-64 build (qemu-x86_64) must hold exactly the
# table values at the pcs of sum64/sum32/sum8/sum16 (from nm -S), in order;
# the ldaddr traces (qemu-riscv64, valgrind lackey on x86-64) exactly the
# table addresses. Then the checker itself must reject a trace with one value
# changed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check_begin record-ldval "$H" rv-programs
chk() { "$PY" tests/checks/record_check.py "$@"; }
src=tests/programs/knownloads.c

rv=$BUILD/programs/rv/knownloads
riscv64-linux-gnu-nm -S "$rv" > "$tmp/rv.nm"
riscv64-linux-gnu-objdump -d -M no-aliases "$rv" > "$tmp/rv.dis"
"$H" record --kind ldval --text -o "$tmp/rv.ldval" -- "$rv"
"$H" record --kind ldaddr --tool qemu --text -o "$tmp/rv.ldaddr" -- "$rv"
chk known --src $src --syms "$tmp/rv.nm" --dis "$tmp/rv.dis" --isa rv --kind ldval "$tmp/rv.ldval"
chk known --src $src --syms "$tmp/rv.nm" --dis "$tmp/rv.dis" --isa rv --kind ldaddr "$tmp/rv.ldaddr"

x86=$BUILD/programs/x86/knownloads
nm -S "$x86" > "$tmp/x86.nm"
objdump -d "$x86" > "$tmp/x86.dis"
"$H" record --kind ldval --tool qemu --text -o "$tmp/x86.ldval" -- "$x86"
"$H" record --kind ldaddr --tool lackey --text -o "$tmp/x86.ldaddr" -- "$x86"
chk known --src $src --syms "$tmp/x86.nm" --dis "$tmp/x86.dis" --isa x86 --kind ldval "$tmp/x86.ldval"
chk known --src $src --syms "$tmp/x86.nm" --dis "$tmp/x86.dis" --isa x86 --kind ldaddr "$tmp/x86.ldaddr"

# The checker must be able to fail: change one table value in the trace.
sed '0,/ 7ffffff0$/s// 7ffffff1/' "$tmp/rv.ldval" > "$tmp/rv.bad"
cmp -s "$tmp/rv.ldval" "$tmp/rv.bad" && fail "mutation did not change the trace"
if chk known --src $src --syms "$tmp/rv.nm" --dis "$tmp/rv.dis" --isa rv --kind ldval "$tmp/rv.bad" > "$tmp/bad.out"; then
  fail "the checker accepted a trace with a wrong value"
fi
echo "PASS record-ldval: known loads exact on RISC-V (ldval, ldaddr) and x86-64 (ldval, lackey ldaddr)"
