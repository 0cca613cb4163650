#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# hwprof stream's command line and the wire encoding on a hand-made trace:
# --help, usage errors (exit 2), an option of another engine, an unsupported
# baud rate, and --encode-only byte counts that are known by hand:
#   <0x10,0x20> <0x11,0x20> <0x0f,0x21> as zigzag deltas = 20 40 | 02 00 | 03 02
# -> 6 payload bytes (2 per tuple) and one 12-byte packet (14..16 on the line
# with the two ENDs and any stuffing of the CRC). Also the hashed accumulator's
# default slot count when only --acc-ways is given (2k / ways rounded up to a
# power of 2, at most the bank depth). And pfp refuses a retire trace with
# an odd pc (run and stream, with the record number).
set -u
cd "$(dirname "$0")/../.."
HW=build/hwprof
B=build/link
mkdir -p "$B"
fail=0
bad() { echo "link-host-cli: FAIL: $*"; fail=1; }
want() { # exit-code pattern -- command
    local code=$1 pat=$2
    shift 2
    "$@" > "$B/cli.out" 2> "$B/cli.err"
    local rc=$?
    [ $rc -eq "$code" ] || { bad "'$*': exit $rc, want $code"; return; }
    grep -q -- "$pat" "$B/cli.out" "$B/cli.err" || bad "'$*': no '$pat' in the output"
}
printf '10 20\n11 20\n0f 21\n' > "$B/three.txt"
want 0 "usage: hwprof stream" "$HW" stream --help
want 0 "mhash options" "$HW" stream --engine mhash --help
want 2 "--engine is required" "$HW" stream --port /dev/null "$B/three.txt"
want 2 "'--accumulator' is not an option of --engine rap" "$HW" stream --engine rap --accumulator 4 --port x "$B/three.txt"
want 2 "'--tables=2' is not an option of --engine strat" "$HW" stream --engine strat --tables=2 --port x "$B/three.txt"
want 2 "unknown or incomplete option '--mode'" "$HW" stream --engine strat --port x --mode
want 2 "'--rate' is not an option of --engine (none)" "$HW" stream --rate 4 --port x "$B/three.txt"
want 2 "needs the C model" "$HW" stream --engine rap --cycle-model --port x "$B/three.txt"
want 2 "not a rate this host" "$HW" stream --engine mhash --baud 1234567 --port x "$B/three.txt"
want 2 "--port DEV is required" "$HW" stream --engine mhash "$B/three.txt"
want 2 "exactly one TRACE" "$HW" stream --engine mhash --port x
want 1 "no such file\|cannot open\|No such" "$HW" stream --engine mhash --encode-only "$B/no-such-trace"
want 0 "payload_bytes=6 " "$HW" stream --engine mhash --encode-only "$B/three.txt"
line=$(sed -E 's/.* line_bytes=([0-9]+) .*/\1/' "$B/cli.out")
{ [ "$line" -ge 14 ] && [ "$line" -le 16 ]; } || bad "line bytes $line, want 14..16"
grep -q "payload_bytes_per_tuple=2.000 " "$B/cli.out" || bad "payload bytes per tuple: $(cat "$B/cli.out")"
# rap sends field b of a tuple2 trace as tuple1: 40 | 00 | 02 -> 3 bytes
want 0 "kind=tuple1 tuples=3 packets=1 payload_bytes=3 " "$HW" stream --engine rap --encode-only "$B/three.txt"
want 0 '"acc_ways": 4, "acc_sets": 64,' "$HW" run --engine mhash --acc-ways 4 --accumulator 100 --json "$B/three.txt"
want 0 '"acc_ways": 16, "acc_sets": 128,' "$HW" run --engine mhash --acc-ways 16 --accumulator 1000 --json "$B/three.txt"
want 0 '"acc_ways": 2, "acc_sets": 8,' "$HW" run --engine mhash --acc-ways 2 --accumulator 7 --json "$B/three.txt"
"$HW" convert --to text tests/traces/pfp/sort-retire.hwpt - 2>/dev/null | head -n 50 > "$B/pfp50.txt"
awk 'NR == 20 { $1 = $1 "1" } { print }' "$B/pfp50.txt" > "$B/pfp-odd.txt"   # pc x16 + 1
want 0 "dispatch_hash" "$HW" run --engine pfp "$B/pfp50.txt"
want 1 "record 20: pc 0x[0-9a-f]*1 is odd" "$HW" run --engine pfp "$B/pfp-odd.txt"
want 1 "record 20: pc 0x[0-9a-f]*1 is odd" "$HW" stream --engine pfp --encode-only "$B/pfp-odd.txt"
[ $fail -eq 0 ] && echo "link-host-cli: PASS" || { echo "link-host-cli: FAIL"; exit 1; }
