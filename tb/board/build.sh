#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build the Verilator model of a board top (tb/board/board_main.cpp):
#   tb/board/build.sh <icebreaker|ulx3s> <engine>
# -> build/board-sim/<board>/<engine>/Vboard (prints its path). The RTL is the
# board top fpga/<board>/<engine>_top.v, fpga/<board>/rtl.f and the engine's
# SIM_RTL (tb/<engine>/engine.mk). Rebuilds only when an input is newer.
set -uo pipefail
. "$(dirname "$0")/../../fpga/lib.sh"
case ${1:-} in -h|--help) sed -n '3,7p' "$0"; exit 0 ;; esac
[ $# -eq 2 ] || { echo "usage: tb/board/build.sh <icebreaker|ulx3s> <engine>" >&2; exit 2; }
board=$1 eng=$2
case $board in icebreaker) hz=12000000 ;; ulx3s) hz=25000000 ;; *) echo "board: unknown board '$board'" >&2; exit 2 ;; esac
bt=$HWP_ROOT/fpga/$board/${eng}_top.v
[ -f "$bt" ] || { echo "board: no board top $bt" >&2; exit 2; }
files=("$bt")
while read -r f; do files+=("$RTL_DIR/$f"); done < <(sed 's/#.*//' "$HWP_ROOT/fpga/$board/rtl.f" | grep -v '^[[:space:]]*$')
for f in $(hwp_var SIM_RTL "$eng"); do files+=("$RTL_DIR/$f"); done
out=$BUILD/board-sim/$board/$eng
bin=$out/Vboard
if [ -x "$bin" ] && [ -z "$(find "${files[@]}" "$HWP_ROOT/tb/board/board_main.cpp" -newer "$bin" -print -quit)" ]; then
  echo "$bin"; exit 0
fi
mkdir -p "$out"
top=${eng}_top
"$VERILATOR" --cc --exe --build -j 2 -O2 -Wno-fatal --top-module "$top" -Mdir "$out/obj" -o "$bin" \
  -CFLAGS "-O2 -std=c++14 -DVTOP=V$top -DVTOP_H='\"V$top.h\"' -DHWP_CLK_HZ=$hz -DHWP_BOARD_NAME='\"$board\"' -DHWP_ENGINE_NAME='\"$eng\"' -DHWP_PROG='\"Vboard\"'" \
  -I"$RTL_DIR" -I"$RTL_DIR/common" "${files[@]}" "$HWP_ROOT/tb/board/board_main.cpp" >"$out/build.log" 2>&1 \
  || { tail -30 "$out/build.log" >&2; echo "board: verilator build failed (see $out/build.log)" >&2; exit 1; }
echo "$bin"
