#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End to end without hardware for pfp on the iCEBreaker: the Verilator model
# of the composed fpga/icebreaker/hwp_board.v (link at 12 MHz, pfp in its
# UP5K configuration) on a pty, driven by the unmodified `hwprof stream` at
# 3 Mbaud; the statistics must equal `hwprof run` with the board's build
# parameters, which are tb/pfp/engine.mk's SIM_GPARAMS_ice40 turned into
# hwprof options (16-bit pcs and 8-bit wrapping counters included). The
# stream is the first 3000 records of sort-retire instrumented for call-graph
# profiling, 50% on (tb/pfp/engine.mk's sort-cg-50: the board configuration
# skips the call-graph sequence), clean, with bit flips and dropped bytes on
# 1000 records, and a second session with --no-pfp (tb/board/e2e.sh).
set -u
cd "$(dirname "$0")/../.."
fail() { echo "FAIL link-e2e icebreaker/pfp: $1"; exit 1; }
make -s all >/dev/null || fail make
g=$(make -s --no-print-directory print-SIM_GPARAMS_ice40 ENGINE=pfp) || fail "no SIM_GPARAMS_ice40"
opts=()
for kv in $g; do
  v=${kv#*=}
  case ${kv%%=*} in
    FETCH_W) opts+=(--fetch-w "$v") ;;  DEC_W) opts+=(--dec-w "$v") ;;   FQ) opts+=(--fq "$v") ;;
    WIN_BITS) opts+=(--win-bits "$v") ;; SET_BITS) opts+=(--sets $((1 << v))) ;;
    MIN_LEN) opts+=(--min-len "$v") ;;  SKIP_BITS) opts+=(--skip-bits "$v") ;;
    BR_PEN) opts+=(--br-pen "$v") ;;    PC_W) opts+=(--pc-w "$v") ;;      CNT_W) opts+=(--cnt-w "$v") ;;
    *) fail "no hwprof option for $kv" ;;
  esac
done
tr=build/board-sim/pfp-traces/sort-cg-50.hwpt
mkdir -p "$(dirname "$tr")"
build/hwprof instrument -k cg -p 50 -w 4000 -o "$tr.tmp" tests/traces/pfp/sort-retire.hwpt 2>/dev/null &&
  mv -f "$tr.tmp" "$tr" || fail "hwprof instrument"
E2E_ERR_EVENTS=1000 E2E_OPTS2=--no-pfp exec bash tb/board/e2e.sh icebreaker pfp "$tr" 3000 -- "${opts[@]}"
