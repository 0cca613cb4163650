#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine coproc: `hwprof asm` round trip and exit statuses. For both bundled
# programs, assemble -> disassemble -> assemble must give a byte-identical
# image; a source error must exit 1 with FILE:LINE:COLUMN; usage errors exit 2.
set -eu
d=build/check-coproc-asm
rm -rf "$d" && mkdir -p "$d"
H=build/hwprof
for p in value edge; do
  $H asm tests/coproc/$p.s -o $d/$p.img 2>/dev/null
  $H asm --disasm $d/$p.img -o $d/$p.dis.s
  $H asm $d/$p.dis.s -o $d/$p.2.img 2>/dev/null
  cmp $d/$p.img $d/$p.2.img
  # and the disassembly is a fixed point
  $H asm --disasm $d/$p.2.img -o $d/$p.dis2.s
  cmp $d/$p.dis.s $d/$p.dis2.s
  echo "round trip $p: $(stat -c %s $d/$p.img) bytes identical"
done
printf 'ld: match s.pc ; br nhit, nowhere\n' > $d/bad.s
set +e
$H asm $d/bad.s -o $d/bad.img 2> $d/bad.err; rc=$?
set -e
[ $rc -eq 1 ] || { echo "bad source: exit $rc, expected 1"; exit 1; }
grep -q "^$d/bad.s:1:27: undefined label 'nowhere'" $d/bad.err || { echo "bad source message:"; cat $d/bad.err; exit 1; }
[ ! -e $d/bad.img ] || { echo "an image was written for a bad source"; exit 1; }
set +e
$H asm $d/bad.s > /dev/null 2>&1; rc1=$?
$H asm --frob > /dev/null 2>&1; rc2=$?
$H asm --help > /dev/null 2>&1; rc3=$?
printf 'HWPCIMG1\001\000\000\000\000\000\000\000' > $d/trunc.img
$H asm --disasm $d/trunc.img > /dev/null 2> $d/trunc.err; rc4=$?
set -e
[ $rc1 -eq 2 ] && [ $rc2 -eq 2 ] && [ $rc3 -eq 0 ] && [ $rc4 -eq 1 ] || { echo "exit statuses $rc1 $rc2 $rc3 $rc4, expected 2 2 0 1"; exit 1; }
grep -q "truncated at entry 0" $d/trunc.err
echo "coproc-asm: ok"
