#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The hash unit's lockstep regression catches a broken random table and a
# broken fold, and stops at the first affected record.
set -eu
trace=tests/traces/synthetic-zipf.txt

# 1. One random-table entry changed (entry 0x25 of function 0, field b only).
tests/mutate.sh hash-table hash default common/hwp_hash.v \
  's/rom_b\[i\] = TABLE\[TW\*i +: TW\];/rom_b[i] = TABLE[TW*i +: TW] ^ ((i == 37) ? 1 : 0);/' \
  "$trace"
log=build/mut/hash-table/sim.log
# The first record whose field b (64 bits) contains the byte 0x25 must be the
# one named in the first mismatch (its tag is the record index).
want=$(grep -v '^#' "$trace" | awk '{ v = sprintf("%016s", $2); gsub(/ /, "0", v);
  for (i = 1; i <= 16; i += 2) if (substr(v, i, 2) == "25") { print NR - 1; exit } }')
got=$(grep -m1 -o 'out_idx_o\[0\] (tag=[0-9]*)' "$log" | grep -o '[0-9]*)' | tr -d ')')
echo "first record with byte 0x25 in b: $want; first mismatch at record: $got"
[ -n "$want" ] && [ "$want" = "$got" ]
grep -q '^wave: ' "$log"

# 2. One fold bit dropped.
tests/mutate.sh hash-fold hash default common/hwp_hash.v \
  's/idx_d\[BITS\*fn + k\] ^ mix\[s + k\];/idx_d[BITS*fn + k] ^ (mix[s + k] \& (k != 3));/' \
  "$trace"
