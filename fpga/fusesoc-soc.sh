#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# FuseSoC hooks of hwprof-soc.core (docs/integration.md), run in the work
# root with the core's files under $FILES_ROOT:
#   fusesoc-soc.sh sim PROGRAM.c
#       pre_build of the sim targets: the C model and hwprof's engine code
#       (fpga/fusesoc-cmodel.sh cli), the harness's C objects (as tb/soc/soc.mk
#       builds them), and PROGRAM built with the runtime of tests/soc/rt for
#       the simulation's memory (tb/soc/soc-run.sh) into prog.elf and prog.hex
#   fusesoc-soc.sh board PROGRAM.c
#       pre_build of the ulx3s targets: PROGRAM linked for the SoC board
#       top's memory (HWP_SOC_MEM_AW of fpga/ulx3s/hwp_soc_sizes.vh) and its
#       image named in hwp_soc_prog.vh for rtl/soc/hwp_soc_mem.v, as
#       `make synth TOP=soc` bakes it in
#   fusesoc-soc.sh check ENGINE [OPTION...]
#       post_run of the sim targets: print the profile the run read out of
#       the SoC's engine (soc.profile), run `hwprof run --engine ENGINE
#       OPTION...` on the run's retire trace (soc.hwpt), and fail unless the
#       two are equal byte for byte (as tests/checks/soc-engine.sh does)
set -e
: "${FILES_ROOT:?FuseSoC sets FILES_ROOT}"
# absolute: tb/soc/soc-run.sh runs in the folder it comes from
FILES_ROOT=$(cd "$FILES_ROOT" && pwd)
export FILES_ROOT
CC=${CC:-cc}
# program C file -> prog.elf, prog.hex (SOC_MEM_AW: the memory it is linked for)
program() {
  bash "$FILES_ROOT/tb/soc/soc-run.sh" --build-only "$FILES_ROOT/$1" "$PWD/prog.elf"
  bash "$FILES_ROOT/tb/soc/soc-run.sh" --image "$PWD/prog.elf" "$PWD/prog.hex"
}
case ${1:-} in
  sim)
    [ $# -eq 2 ] || { echo "usage: fusesoc-soc.sh sim PROGRAM.c" >&2; exit 2; }
    sh "$FILES_ROOT/fpga/fusesoc-cmodel.sh" cli
    cflags="-std=c99 -O2 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I$FILES_ROOT/cmodel/common -I$FILES_ROOT/cmodel"
    for c in soc_retire soc_engine; do
      # shellcheck disable=SC2086
      "$CC" $cflags -I"$FILES_ROOT/cmodel/cli" -I"$FILES_ROOT/tb/soc" -c "$FILES_ROOT/tb/soc/$c.c" -o "$c.o"
    done
    program "$2"
    ;;
  board)
    [ $# -eq 2 ] || { echo "usage: fusesoc-soc.sh board PROGRAM.c" >&2; exit 2; }
    aw=$(sed -n 's/^`define HWP_SOC_MEM_AW *\([0-9]*\).*/\1/p' "$FILES_ROOT/fpga/ulx3s/hwp_soc_sizes.vh")
    [ -n "$aw" ] || { echo "fusesoc-soc.sh: no HWP_SOC_MEM_AW in fpga/ulx3s/hwp_soc_sizes.vh" >&2; exit 1; }
    SOC_MEM_AW=$aw program "$2"
    printf '`define HWP_SOC_HEX "%s"\n' "$PWD/prog.hex" > hwp_soc_prog.vh
    ;;
  check)
    [ $# -ge 2 ] || { echo "usage: fusesoc-soc.sh check ENGINE [OPTION...]" >&2; exit 2; }
    shift
    [ -s soc.profile ] || { echo "FAIL soc sim: the run wrote no profile (soc.profile)" >&2; exit 1; }
    cat soc.profile
    ./hwprof run --engine "$@" soc.hwpt > hwprof-run.txt
    if ! cmp -s soc.profile hwprof-run.txt; then
      echo "first differences (< SoC, > hwprof run):" >&2
      diff soc.profile hwprof-run.txt | head -n 8 >&2 || true
      echo "FAIL soc sim: the profile read out of the SoC's engine differs from hwprof run on the run's retire trace" >&2
      exit 1
    fi
    echo "PASS soc sim: engine=$1, profile ($(wc -l < soc.profile) lines) = hwprof run --engine $* soc.hwpt"
    ;;
  *) sed -n '3,20p' "$0" >&2; exit 2 ;;
esac
