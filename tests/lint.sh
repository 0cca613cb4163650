#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Lint every RTL top with every parameter set in use:
#   verilator --lint-only -Wall rtl/lint.vlt <SIM_VFLAGS_cfg> <SIM_RTL>
# for each engine (tb/<engine>/engine.mk) and each configuration in SIM_CONFIGS
# (flags: -G for each SIM_GPARAMS_<cfg> word, then SIM_VFLAGS_<cfg>), plus the
# board-sized SYNTH_GPARAMS/SYNTH_VFLAGS_ice40 / _ecp5 sets, plus each
# board top fpga/<board>/hwp_board.v with every engine it carries
# (see docs/fpga.md).
# One line per item: "PASS lint <engine>/<cfg>" or "FAIL lint <engine>/<cfg>"
# (followed by the warnings). Exit 1 if any item fails, 2 on usage errors.
#
# usage: tests/lint.sh [ENGINE...]     (default: every engine)
#        RTL_DIR=<dir> tests/lint.sh   lint a copy of rtl/ (used by the checks)
set -uo pipefail
. "$(dirname "$0")/../fpga/lib.sh"

case ${1:-} in -h|--help) sed -n '3,13p' "$0"; exit 0 ;; esac

engines=("$@")
[ ${#engines[@]} -gt 0 ] || mapfile -t engines < <(hwp_engines)
if [ ${#engines[@]} -eq 0 ]; then
  echo "lint: no engines (no tb/*/engine.mk)"; exit 0
fi

vlt=$RTL_DIR/lint.vlt
[ -f "$vlt" ] || vlt=$HWP_ROOT/rtl/lint.vlt
logdir=$BUILD/lint
mkdir -p "$logdir"
fails=0

# lint_one ITEM TOP "VFLAGS" FILES...
lint_one() {
  local item=$1 top=$2 vflags=$3; shift 3
  local log=$logdir/${item//\//_}.log srcs
  mapfile -t srcs < <(hwp_uniq "$@")
  case " $vflags " in *" -Wno-"*|*" -Wfuture"*)
    echo "FAIL lint $item"
    echo "    flags '$vflags' switch warnings off: waivers belong in rtl/lint.vlt, with a reason"
    fails=$((fails + 1)); return ;;
  esac
  # shellcheck disable=SC2086
  "$VERILATOR" --lint-only -Wall --top-module "$top" -I"$RTL_DIR" -I"$RTL_DIR/common" \
    "$vlt" $vflags "${srcs[@]}" >"$log" 2>&1
  local rc=$?
  if [ $rc -eq 0 ] && ! grep -q '^%\(Warning\|Error\)' "$log"; then
    echo "PASS lint $item"
  else
    echo "FAIL lint $item"
    sed 's/^/    /' "$log" | head -60
    fails=$((fails + 1))
  fi
}

for e in "${engines[@]}"; do
  if [ ! -f "$HWP_ROOT/tb/$e/engine.mk" ]; then
    echo "FAIL lint $e (no tb/$e/engine.mk)"; fails=$((fails + 1)); continue
  fi
  top=$(hwp_var SIM_TOP "$e")
  rtl=$(hwp_var SIM_RTL "$e")
  configs=$(hwp_var SIM_CONFIGS "$e")
  if [ -z "$top" ] || [ -z "$rtl" ]; then
    echo "FAIL lint $e (SIM_TOP or SIM_RTL empty in tb/$e/engine.mk)"; fails=$((fails + 1)); continue
  fi
  files=()
  for f in $rtl; do files+=("$RTL_DIR/$f"); done
  [ -n "$configs" ] || configs=default
  seen=" "
  for c in $configs; do
    vf=$(hwp_cfg_flags "$e" "$c")
    lint_one "$e/$c" "$top" "$vf" "${files[@]}"
    seen+="$(echo "$vf" | tr -s ' ')|"
  done
  for a in ice40 ecp5; do
    vf=$(hwp_synth_flags "$e" "$a")
    [ -n "$vf" ] || continue
    case $seen in *"$(echo "$vf" | tr -s ' ')|"*) continue ;; esac
    lint_one "$e/synth-$a" "$top" "$vf" "${files[@]}"
    seen+="$(echo "$vf" | tr -s ' ')|"
  done
  # Composed board tops: fpga/<board>/hwp_board.v with rtl/board/board.f,
  # the engine selected by its define; the synthesis variant (vendor PLL
  # port lists from tb/board/pll_stubs.v) and the simulation one (HWP_SIM_PLL).
  for bt in "$HWP_ROOT"/fpga/*/hwp_board.v; do
    [ -f "$bt" ] || continue
    b=$(basename "$(dirname "$bt")")
    hwp_composed "$b" "$e" || continue
    brtl=()
    while read -r f; do brtl+=("$RTL_DIR/$f"); done < <(sed 's/#.*//' "$RTL_DIR/board/board.f" | grep -v '^[[:space:]]*$')
    brtl+=("$RTL_DIR/board/hwp_adapt_$e.v")
    cf="-D$(hwp_engine_define "$e") -I$RTL_DIR/board -I$HWP_ROOT/fpga/$b"
    lint_one "$e/$b-composed" hwp_board "$cf" "$bt" "${brtl[@]}" "${files[@]}" "$HWP_ROOT/tb/board/pll_stubs.v"
    lint_one "$e/$b-composed-sim" hwp_board "$cf -DHWP_SIM_PLL" "$bt" "${brtl[@]}" "${files[@]}"
  done
done
[ $fails -eq 0 ]
