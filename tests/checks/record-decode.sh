#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The RV64GC decoder (cmodel/common/riscv.c) against binutils over whole
# statically linked binaries (~92 K instructions each, glibc included):
# every instruction in `riscv64-linux-gnu-objdump -d -M no-aliases` of the
# sort workload and of the FP/atomics mix (tests/programs/fpmix.c) must get
# objdump's length and class, and rd/rs1/rs2/imm where objdump's operands give
# them. Then a decoder with one field perturbed must be rejected.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check_begin record-decode "$BUILD/tests/test_riscv" rv-programs
dec=$BUILD/tests/test_riscv
for p in sort fpmix; do
  riscv64-linux-gnu-objdump -d -M no-aliases "$BUILD/programs/rv/$p" > "$tmp/$p.dis"
  "$PY" tests/checks/record_check.py decode "$tmp/$p.dis" "$dec"
done
printf '#!/bin/sh\n"%s" --decode | awk '"'"'$3 == "store" { $8 = $8 + 8 } { print }'"'"'\n' "$PWD/$dec" > "$tmp/bad"
chmod +x "$tmp/bad"
if "$PY" tests/checks/record_check.py decode "$tmp/sort.dis" "$tmp/bad" > "$tmp/bad.out"; then
  fail "a decoder with wrong store offsets was accepted"
fi
echo "PASS record-decode: decoder agrees with objdump on every instruction of two static binaries"
