#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build the Verilator model of a board top (tb/board/board_main.cpp):
#   tb/board/build.sh <icebreaker|ulx3s> <engine>
# -> build/board-sim/<board>/<engine>[-<BOARD_SIM_TAG>]/Vboard (prints its path).
# The top is the one `make synth` builds: the composed board top
# fpga/<board>/hwp_board.v (RTL in rtl/board/board.f, the engine's adapter,
# the engine selected by -DHWP_ENGINE_<ENGINE>, the
# PLL's simulation model HWP_SIM_PLL: the model drives the engine clock);
# plus the engine's SIM_RTL (tb/<engine>/engine.mk). For the clock-domain-
# crossing check: BOARD_SIM_DEFS (e.g. -DHWP_SIM_META), BOARD_SIM_FIFO (a
# file that replaces rtl/common/hwp_async_fifo.v), BOARD_SIM_WRAP (a file
# whose module of the same name wraps the composed top and becomes the
# model's top) and BOARD_SIM_TAG (the build directory's suffix; required
# with any of them). BOARD_SIM_SOC=1: the SoC board top instead (make synth
# TOP=soc: -DHWP_SOC, the SoC with the engine on its retire port at the SoC
# clock of fpga/<board>/hwp_soc_sizes.vh, PicoRV32 from its package) in
# build/board-sim/<board>/soc-<engine>/; its memory image is baked in as in
# the bitstream, read when the model starts from prog.hex in that folder
# (the caller writes it: tb/soc/soc-run.sh --image). Rebuilds only when an
# input is newer.
set -uo pipefail
. "$(dirname "$0")/../../fpga/lib.sh"
case ${1:-} in -h|--help) sed -n '3,23p' "$0"; exit 0 ;; esac
[ $# -eq 2 ] || { echo "usage: tb/board/build.sh <icebreaker|ulx3s> <engine>" >&2; exit 2; }
board=$1 eng=$2
case $board in icebreaker) hz=12000000 ;; ulx3s) hz=25000000 ;; *) echo "board: unknown board '$board'" >&2; exit 2 ;; esac
tag=${BOARD_SIM_TAG:-}; sdefs=${BOARD_SIM_DEFS:-}; sfifo=${BOARD_SIM_FIFO:-}; swrap=${BOARD_SIM_WRAP:-}
[ -z "$sdefs$sfifo$swrap" ] || [ -n "$tag" ] || { echo "board: BOARD_SIM_DEFS / BOARD_SIM_FIFO need BOARD_SIM_TAG" >&2; exit 2; }
hwp_composed "$board" "$eng" || { echo "board: fpga/$board/hwp_sizes.vh has no sizes for $eng (or rtl/board/hwp_adapt_$eng.v is missing)" >&2; exit 2; }
bt=$HWP_ROOT/fpga/$board/hwp_board.v list=$RTL_DIR/board/board.f top=hwp_board
mhz=$(hwp_eng_mhz "$board" "$eng")
[ -n "$mhz" ] || { echo "board: no HWP_ENG_MHZ for $eng in fpga/$board/hwp_sizes.vh" >&2; exit 2; }
vdefs=(-DHWP_SIM_PLL "-D$(hwp_engine_define "$eng")" -I"$RTL_DIR/board" -I"$HWP_ROOT/fpga/$board")
cdefs=("-DHWP_ENG_MHZ=$mhz")
[ -f "$bt" ] || { echo "board: no board top $bt" >&2; exit 2; }
files=("$bt")
if [ -n "$swrap" ]; then files+=("$swrap"); top=$(basename "$swrap" .v); fi
while read -r f; do
  if [ -n "$sfifo" ] && [ "$f" = common/hwp_async_fifo.v ]; then files+=("$sfifo"); else files+=("$RTL_DIR/$f"); fi
done < <(sed 's/#.*//' "$list" | grep -v '^[[:space:]]*$')
files+=("$RTL_DIR/board/hwp_adapt_$eng.v")
for f in $(hwp_var SIM_RTL "$eng"); do files+=("$RTL_DIR/$f"); done
out=$BUILD/board-sim/$board/$eng${tag:+-$tag}
if [ -n "${BOARD_SIM_SOC:-}" ]; then
  [ -f "$HWP_ROOT/fpga/$board/hwp_soc_sizes.vh" ] || { echo "board: no SoC top for $board (fpga/$board/hwp_soc_sizes.vh)" >&2; exit 2; }
  out=$BUILD/board-sim/$board/soc-$eng${tag:+-$tag}
  mhz=$(hwp_soc_def "$board" HWP_SOC_MHZ)
  cdefs=("-DHWP_ENG_MHZ=$mhz")
  core=$("$PYTHON" -c 'import pythondata_cpu_picorv32 as p; print(p.data_location)')/picorv32.v
  [ -f "$core" ] || { echo "board: picorv32.v not found (make deps installs pythondata-cpu-picorv32)" >&2; exit 1; }
  vdefs+=(-DHWP_SOC -DHWP_SOC_IMAGE -DRISCV_FORMAL --timescale 1ns/1ps -I"$out")
  files+=("$RTL_DIR/soc/hwp_soc.v" "$RTL_DIR/soc/hwp_soc_mem.v" "$RTL_DIR/soc/hwp_soc_adapt.v" "$core")
  mkdir -p "$out"
  printf '`define HWP_SOC_HEX "%s"\n' "$out/prog.hex" >"$out/hwp_soc_prog.vh"
fi
mapfile -t files < <(hwp_uniq "${files[@]}")
bin=$out/Vboard
# shellcheck disable=SC2206
vdefs+=($sdefs)
stamp="${vdefs[*]} ${cdefs[*]} ${files[*]}"
if [ -x "$bin" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$stamp" ] &&
   [ -z "$(find "${files[@]}" "$HWP_ROOT/tb/board/board_main.cpp" "$RTL_DIR"/board/*.vh "$HWP_ROOT/fpga/$board"/*.vh -newer "$bin" -print -quit 2>/dev/null)" ]; then
  echo "$bin"; exit 0
fi
rm -rf "$out/obj"; mkdir -p "$out"
"$VERILATOR" --cc --exe --build -j 2 -O2 -Wno-fatal --top-module "$top" -Mdir "$out/obj" -o "$bin" ${vdefs[@]+"${vdefs[@]}"} \
  -CFLAGS "-O2 -std=c++14 -DVTOP=V$top -DVTOP_H='\"V$top.h\"' -DHWP_CLK_HZ=$hz -DHWP_BOARD_NAME='\"$board\"' -DHWP_ENGINE_NAME='\"$eng\"' -DHWP_PROG='\"Vboard\"' ${cdefs[*]}" \
  -I"$RTL_DIR" -I"$RTL_DIR/common" "${files[@]}" "$HWP_ROOT/tb/board/board_main.cpp" >"$out/build.log" 2>&1 \
  || { tail -30 "$out/build.log" >&2; echo "board: verilator build failed (see $out/build.log)" >&2; exit 1; }
echo "$stamp" > "$out/stamp"
echo "$bin"
