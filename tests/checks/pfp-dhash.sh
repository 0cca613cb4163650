#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The board's dispatch_hash unit (rtl/pfp/hwp_pfp_dhash.v) behind hwp_pfp
# with the ULX3S build's parameters, at the fastest input (a record offered
# every cycle; tb/pfp/dhash_tb.v, Icarus): on the first 6000 records of two
# instrumented streams (sort-bb-25 and the synthetic walk of tb/pfp/engine.mk)
# the hash must equal `hwprof run`'s dispatch_hash, the overflow flag must be
# clear and the FIFO fill at most 2^WIN_BITS (the bound in hwp_pfp_dhash.v).
# With a FIFO of 4 entries (too small) the overflow flag must be set. With
# the iCEBreaker build's 1-wide front end (DEC_W = 1: no FIFO, each entry
# hashed the clock after its dispatch) the hash must equal `hwprof run`'s too.
set -u
cd "$(dirname "$0")/../.."
make -s all >/dev/null || { echo "FAIL pfp-dhash: make"; exit 1; }
make -s build/pfp-traces/sort-bb-25.hwpt build/pfp-traces/synth-both-50.hwpt ENGINE=pfp >/dev/null 2>&1 ||
  { echo "FAIL pfp-dhash: traces"; exit 1; }
B=build/pfp-dhash; mkdir -p "$B"
RTL=${RTL_DIR:-rtl}
N=6000 W=32
fail=0
SRC=("$RTL/pfp/hwp_pfp.v" "$RTL/pfp/hwp_pfp_lookup.v" "$RTL/pfp/hwp_pfp_wbrd.v" "$RTL/pfp/hwp_pfp_wb.v" "$RTL/pfp/hwp_pfp_dhash.v")
# bench <name> [iverilog -P options]
bench() {
  local b=$1; shift
  iverilog -g2005 "$@" -o "$B/$b" -s dhash_tb tb/pfp/dhash_tb.v "${SRC[@]}" || { echo "FAIL pfp-dhash: iverilog"; exit 1; }
}
bench tb9 -P dhash_tb.DQ_ROWS=9
bench tb1 -P dhash_tb.DQ_ROWS=1
bench tb1w -P dhash_tb.FETCH_W=1 -P dhash_tb.DEC_W=1 -P dhash_tb.FQ=4 -P dhash_tb.WIN_BITS=4 \
  -P dhash_tb.SET_BITS=2 -P dhash_tb.SKIP_BITS=2 -P dhash_tb.CNT_W=8
# same <trace> <label> <bench> <hwprof run options...>: the bench's hash equals
# hwprof run's, overflow clear; prints the bench's line as got
same() {
  local t=$1 what=$2 b=$3; shift 3
  local want
  want=$(build/hwprof run --engine pfp --max $N "$@" build/pfp-traces/$t.hwpt | sed -n 's/^dispatch_hash *//p')
  got=$(vvp -n "$B/$b" +recs="$B/$t.txt" +max=$N | grep '^DHASH')
  echo "pfp-dhash: $t$what run=$want board: $got"
  case $got in
    "DHASH hash=$want ovf=0 "*) ;;
    *) echo "pfp-dhash: FAIL: $t:$what hash or overflow flag differs"; fail=1 ;;
  esac
}
for t in sort-bb-25 synth-both-50; do
  build/hwprof convert build/pfp-traces/$t.hwpt "$B/$t.txt" || { echo "FAIL pfp-dhash: convert"; exit 1; }
  same $t "" tb9 --win-bits 5 --sets 16 --skip-bits 3
  fill=$(echo "$got" | sed -n 's/.*max_fill=\([0-9]*\).*/\1/p')
  [ -n "$fill" ] && [ "$fill" -le $W ] || { echo "pfp-dhash: FAIL: $t: fill ${fill:-?} above $W"; fail=1; }
  small=$(vvp -n "$B/tb1" +recs="$B/$t.txt" +max=$N | grep '^DHASH')
  case $small in
    *" ovf=1 "*) echo "pfp-dhash: ok $t: a 4-entry FIFO overflows and says so" ;;
    *) echo "pfp-dhash: FAIL: $t: a 4-entry FIFO did not flag an overflow: $small"; fail=1 ;;
  esac
  same $t " 1-wide" tb1w --fetch-w 1 --dec-w 1 --fq 4 --win-bits 4 --sets 4 --skip-bits 2
done
[ $fail = 0 ] && echo "PASS pfp-dhash" || echo "FAIL pfp-dhash"
exit $fail
