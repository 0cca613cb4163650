#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The qemu-x86_64 log parser of `hwprof record` on a canned log (a fake qemu
# given with --tool-path writes it to fd 3): byte continuation lines of long
# instructions, %ah-style destinations, %fs: sources, movzbq, popq, a cached
# instruction executed again (no second in_asm), and a log that breaks off
# inside a register dump (error with the line number).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check_begin record-qemu-log "$H"

# dump RIP RAX RBX RCX: one cpu dump in qemu 7.2's format
dump() {
  printf 'RAX=%016x RBX=%016x RCX=%016x RDX=0000000000000000\n' "$2" "$3" "$4"
  printf 'RSI=0000000000000000 RDI=0000000000000000 RBP=0000000000000000 RSP=000000400280a860\n'
  printf 'R8 =0000000000000000 R9 =0000000000000000 R10=0000000000000000 R11=0000000000000000\n'
  printf 'R12=0000000000000000 R13=0000000000000000 R14=0000000000000000 R15=0000000000000000\n'
  printf 'RIP=%016x RFL=00000202 [-------] CPL=3 II=0 A20=1 SMM=0 HLT=0\n' "$1"
  printf 'ES =0000 0000000000000000 00000000 00000000\n'
  printf 'CS =0033 0000000000000000 ffffffff 00effb00 DPL=3 CS64 [-RA]\n'
  printf 'FS =0000 0000004002a0b740 00000000 00000000\n'
  printf 'GDT=     0000004002841000 0000007f\n'
  printf 'CR0=80010001 CR2=0000000000000000 CR3=0000000000000000 CR4=00050220\n'
  printf 'DR6=00000000ffff0ff0 DR7=0000000000000400\n'
  printf 'CCS=0000000000000000 CCD=0000000000000000 CCO=EFLAGS\n'
  printf 'EFER=0000000000000500\n'
}
{
  printf -- '----------------\nIN: \n0x0000001000:  8a 20                    movb     (%%rax), %%ah\n\n'
  dump 0x1000 0x2000 0 0
  printf -- '----------------\nIN: f\n0x0000001002:  64 8b 04 25 18 00 00 00  movl     %%fs:0x18, %%eax\n0x000000100a:  00\n\n'
  dump 0x1002 0xab00 0x3000 0
  printf -- '----------------\nIN: \n0x000000100b:  48 0f b6 0b              movzbq   (%%rbx), %%rcx\n\n'
  dump 0x100b 0xdeadbeef 0x3000 0
  printf -- '----------------\nIN: \n0x000000100f:  5b                       popq     %%rbx\n\n'
  dump 0x100f 0xdeadbeef 0x3000 0x1ff
  printf -- '----------------\nIN: \n0x0000001010:  0f 0b                    ud2      \n\n'
  dump 0x1010 0xdeadbeef 0x123456789 0x1ff
  dump 0x1000 0xdeadbeef 0x3000 0x1ff
} > "$tmp/x86.log"
printf '#!/bin/sh\ncat "%s" >&3\n' "$tmp/x86.log" > "$tmp/fakeqemu"
chmod +x "$tmp/fakeqemu"
prog=$(command -v true)
for k in ldval bb edge; do
  "$H" record --tool qemu --tool-path "$tmp/fakeqemu" --kind $k --text -o "$tmp/$k.txt" -- "$prog" 2> "$tmp/$k.err" \
    || fail "$k: $(cat "$tmp/$k.err")"
done
printf '1000 ab\n1002 deadbeef\n100b ff\n100f 123456789\n' > "$tmp/ldval.want"
printf '1000\n1000\n' > "$tmp/bb.want"
printf '1010 1000\n' > "$tmp/edge.want"
for k in ldval bb edge; do
  grep -v '^#' "$tmp/$k.txt" | diff "$tmp/$k.want" - > "$tmp/$k.diff" || fail "$k trace differs: $(cat "$tmp/$k.diff")"
  echo "ok $k: $(wc -l < "$tmp/$k.want") records as expected"
done

# a log broken off inside a register dump: clear error naming the line
head -n 7 "$tmp/x86.log" > "$tmp/cut.log"
printf 'garbage\n' >> "$tmp/cut.log"
printf '#!/bin/sh\ncat "%s" >&3\n' "$tmp/cut.log" > "$tmp/fakeqemu2"
chmod +x "$tmp/fakeqemu2"
set +e
"$H" record --tool qemu --tool-path "$tmp/fakeqemu2" --kind ldval -o "$tmp/cut.hwpt" -- "$prog" 2> "$tmp/cut.err"; rc=$?
set -e
[ $rc -eq 1 ] && grep -q "log line 8" "$tmp/cut.err" || fail "cut log: exit $rc, $(cat "$tmp/cut.err")"
echo "PASS record-qemu-log: x86 log parsing (continuations, %ah, %fs:, movzbq, cached pcs) and parse errors"
