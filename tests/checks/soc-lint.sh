#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Lint of the SoC (rtl/soc, docs/soc.md): verilator --lint-only -Wall on
# hwp_soc with PicoRV32 from the pythondata-cpu-picorv32 package, RVFI on
# (RISCV_FORMAL), with rtl/lint.vlt and rtl/soc/picorv32.vlt (waivers for the
# package's picorv32.v only); any warning fails. Every memory size the
# runtime's linker script can be paired with is linted (MEM_AW 16..18).
# Then hwp_soc_eng (rtl/soc/hwp_soc_eng.v around rtl/soc/hwp_soc_adapt.v)
# with each engine make soc-sim attaches (rap, mhash, strat, coproc), sized
# by the engine's default preset as the simulator build sizes it (make
# soc-sizes, written into the scratch folder).
# Then the SoC board top (make synth TOP=soc: fpga/ulx3s/hwp_board.v with
# HWP_SOC and a baked-in memory image) with rap, mhash and strat, as
# synthesised (vendor PLL port list from tb/board/pll_stubs.v) and as
# simulated (HWP_SIM_PLL).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check_begin soc-lint
core=$("${PYTHON:-.venv/bin/python}" -c 'import pythondata_cpu_picorv32 as p; print(p.data_location)')/picorv32.v
[ -f "$core" ] || fail "picorv32.v not found (make deps installs pythondata-cpu-picorv32)"
for aw in 16 17 18; do
  if ! "${VERILATOR:-verilator}" --lint-only -Wall --timescale 1ns/1ps -DRISCV_FORMAL --top-module hwp_soc \
    -GMEM_AW=$aw rtl/lint.vlt rtl/soc/picorv32.vlt rtl/soc/hwp_soc.v rtl/soc/hwp_soc_mem.v "$core" > "$tmp/lint.log" 2>&1 \
    || grep -q '^%' "$tmp/lint.log"; then
    sed 's/^/    /' "$tmp/lint.log" | head -40
    fail "verilator lint of hwp_soc (MEM_AW=$aw)"
  fi
done
for e in rap mhash strat coproc; do
  cfg=$(make -s --no-print-directory print-CONFIG ENGINE=$e)
  make -s --no-print-directory soc-sizes ENGINE=$e SOC_DIR="$tmp/soc" > /dev/null || fail "make soc-sizes ENGINE=$e"
  erl=()
  for f in $(make -s --no-print-directory print-SIM_RTL ENGINE=$e) common/hwp_fifo_fwft.v board/hwp_adapt_$e.v soc/hwp_soc_adapt.v soc/hwp_soc_eng.v; do
    erl+=("rtl/$f")
  done
  mapfile -t erl < <(printf '%s\n' "${erl[@]}" | awk '!seen[$0]++')
  if ! "${VERILATOR:-verilator}" --lint-only -Wall --timescale 1ns/1ps -DRISCV_FORMAL --top-module hwp_soc_eng \
    "-DHWP_ENGINE_${e^^}" -I"$PWD/rtl/board" -I"$tmp/soc/$e-$cfg" rtl/lint.vlt rtl/soc/picorv32.vlt \
    rtl/soc/hwp_soc.v rtl/soc/hwp_soc_mem.v "$core" "${erl[@]/#/$PWD/}" > "$tmp/lint.log" 2>&1 \
    || grep -q '^%' "$tmp/lint.log"; then
    sed 's/^/    /' "$tmp/lint.log" | head -40
    fail "verilator lint of hwp_soc_eng with $e ($cfg)"
  fi
done
printf '`define HWP_SOC_HEX "%s"\n' "$tmp/prog.hex" > "$tmp/hwp_soc_prog.vh"
for e in rap mhash strat; do
  brl=()
  for f in $(make -s --no-print-directory print-SIM_RTL ENGINE=$e) $(sed 's/#.*//' rtl/board/board.f) \
    board/hwp_adapt_$e.v soc/hwp_soc.v soc/hwp_soc_mem.v soc/hwp_soc_adapt.v; do
    brl+=("$PWD/rtl/$f")
  done
  mapfile -t brl < <(printf '%s\n' "${brl[@]}" | awk '!seen[$0]++')
  for v in tb/board/pll_stubs.v -DHWP_SIM_PLL; do
    if ! "${VERILATOR:-verilator}" --lint-only -Wall --timescale 1ns/1ps -DRISCV_FORMAL -DHWP_SOC -DHWP_SOC_IMAGE \
      "-DHWP_ENGINE_${e^^}" -I"$PWD/rtl" -I"$PWD/rtl/common" -I"$PWD/rtl/board" -I"$PWD/fpga/ulx3s" -I"$tmp" \
      --top-module hwp_board rtl/lint.vlt rtl/soc/picorv32.vlt fpga/ulx3s/hwp_board.v "${brl[@]}" "$core" $v \
      > "$tmp/lint.log" 2>&1 || grep -q '^%' "$tmp/lint.log"; then
      sed 's/^/    /' "$tmp/lint.log" | head -40
      fail "verilator lint of the SoC board top (ulx3s) with $e ($v)"
    fi
  done
done
echo "PASS soc-lint: hwp_soc + picorv32 (RVFI), MEM_AW 16..18; hwp_soc_eng with rap, mhash, strat, coproc; the ulx3s SoC board top with rap, mhash, strat; no warnings"
