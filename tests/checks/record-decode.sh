#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The RV64GC decoder (cmodel/common/riscv.c) against binutils over whole
# statically linked binaries (~92 K instructions each, glibc included):
# every instruction in `riscv64-linux-gnu-objdump -d -M no-aliases` of the
# sort workload and of the FP/atomics mix (tests/programs/fpmix.c) must get
# objdump's length and class, and rd/rs1/rs2/imm where objdump's operands give
# them. Then a decoder with one field perturbed must be rejected.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
PY=${PYTHON:-python3}
command -v "$PY" > /dev/null || PY=python3
make -s --no-print-directory "$BUILD/tests/test_riscv" rv-programs > /dev/null
tmp=$(mktemp -d "$BUILD/check-record-decode.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
dec=$BUILD/tests/test_riscv
for p in sort fpmix; do
  riscv64-linux-gnu-objdump -d -M no-aliases "$BUILD/programs/rv/$p" > "$tmp/$p.dis"
  "$PY" tests/checks/record_check.py decode "$tmp/$p.dis" "$dec"
done
printf '#!/bin/sh\n"%s" --decode | awk '"'"'$3 == "store" { $8 = $8 + 8 } { print }'"'"'\n' "$PWD/$dec" > "$tmp/bad"
chmod +x "$tmp/bad"
if "$PY" tests/checks/record_check.py decode "$tmp/sort.dis" "$tmp/bad" > "$tmp/bad.out"; then
  echo "FAIL record-decode: a decoder with wrong store offsets was accepted"; exit 1
fi
echo "PASS record-decode: decoder agrees with objdump on every instruction of two static binaries"
