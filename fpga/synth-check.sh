#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Yosys synthesis check of every engine top for iCE40 and ECP5:
#   read_verilog <SIM_RTL>; chparam <flags>; synth_ice40 / synth_ecp5; stat
# with the engine's default configuration (first of SIM_CONFIGS) and, when the
# engine declares them in its engine.mk, the board-sized configuration
# SYNTH_GPARAMS_<arch> / SYNTH_VFLAGS_<arch> (items "<engine>/board"). Any Yosys warning that no line
# of fpga/yosys-waivers.txt matches fails the item. Prints the cell and block
# RAM usage and how each memory was mapped.
# One line per item: "PASS synth <engine> ice40" / "FAIL synth <engine> ecp5".
# Logs: build/synth-check/<engine>[-board]/<arch>.log. Exit 1 if any item fails.
#
# usage: fpga/synth-check.sh [ENGINE...]     (default: every engine)
#        RTL_DIR=<dir> fpga/synth-check.sh   check a copy of rtl/
#        SYNTH_ARCHS=ice40 fpga/synth-check.sh   one architecture only
#        SYNTH_JOBS=1 fpga/synth-check.sh        Yosys runs at a time (default 2)
#        SYNTH_CPU_LIMIT=<s>                     CPU seconds per item (default 600;
#                                                an item over it FAILs: CI budget)
#        SYNTH_SET=board fpga/synth-check.sh     one configuration per engine and
#                                                architecture: the board's where the
#                                                engine declares one, else the default
#                                                (make test; the default mhash alone
#                                                takes 7 CPU minutes and fits no board)
set -uo pipefail
. "$(dirname "$0")/lib.sh"

case ${1:-} in -h|--help) sed -n '3,20p' "$0"; exit 0 ;; esac

engines=("$@")
[ ${#engines[@]} -gt 0 ] || mapfile -t engines < <(hwp_engines)
if [ ${#engines[@]} -eq 0 ]; then
  echo "synth-check: no engines (no tb/*/engine.mk)"; exit 0
fi
waivers=$HWP_ROOT/fpga/yosys-waivers.txt
outroot=${SYNTHCHECK_DIR:-$BUILD/synth-check}
case $outroot in /*) ;; *) outroot=$HWP_ROOT/$outroot ;; esac
fails=0

# check_one ITEM ARCH TOP "VFLAGS" FILES...: prints the item's lines, exit 1 on FAIL.
check_one() {
  local item=$1 arch=$2 top=$3 vflags=$4; shift 4
  local dir=$outroot/${item//\//-} conv params defines f
  mkdir -p "$dir"
  local log=$dir/$arch.log stat=$dir/$arch.stat.json ys=$dir/$arch.ys
  rm -f "$log" "$stat"
  # shellcheck disable=SC2086
  if ! conv=$(hwp_vflags_to_yosys $vflags); then
    echo "FAIL synth $item $arch"; return 1
  fi
  params=$(sed -n 1p <<<"$conv"); defines=$(sed -n 2p <<<"$conv")$(hwp_arch_define "$arch")
  {
    printf 'read_verilog -I%s -I%s/common%s' "$RTL_DIR" "$RTL_DIR" "$defines"
    for f in "$@"; do printf ' %s' "$f"; done; printf '\n'
    [ -z "$params" ] || printf 'chparam%s %s\n' "$params" "$top"
    printf 'synth_%s -top %s\n' "$arch" "$top"
    printf 'tee -q -o %s stat -json\n' "$stat"
  } >"$ys"
  local t0=$SECONDS rc cpu TIMEFORMAT='%1U %1S'
  { time bash -c 'ulimit -t "$0"; exec "$@"' "${SYNTH_CPU_LIMIT:-600}" \
      "$YOSYS" -q -l "$log" -s "$ys" >"$dir/$arch.out" 2>&1; } 2>"$dir/$arch.cpu"
  rc=$?
  cpu=$(tail -1 "$dir/$arch.cpu" | awk '{ printf "%.1f", $1 + $2 }')
  local res
  res=$("$PYTHON" "$HWP_ROOT/fpga/yosys_log.py" --log "$log" --waivers "$waivers" \
          --stat "$stat" --arch "$arch" --json-out "$dir/$arch.cells.json" 2>&1)
  local prc=$?
  if [ $rc -eq 0 ] && [ $prc -eq 0 ]; then
    echo "PASS synth $item $arch"
    echo "    $res ($((SECONDS - t0)) s, CPU $cpu s)"
  else
    echo "FAIL synth $item $arch"
    if [ $rc -eq 152 ] || [ $rc -eq 137 ]; then
      echo "    yosys stopped after ${cpu} s CPU (limit SYNTH_CPU_LIMIT=${SYNTH_CPU_LIMIT:-600} s): this configuration is too big for the CI synthesis check"
    fi
    [ $rc -eq 0 ] || { echo "    yosys exit $rc; log $log:"; grep -i -B2 -A3 'error' "$log" "$dir/$arch.out" | head -30 | sed 's/^/    /'; }
    sed 's/^/    /' <<<"$res" | head -40
    return 1
  fi
}

# Items run SYNTH_JOBS at a time; their output is printed in order.
jobs_max=${SYNTH_JOBS:-2}
resdir=$outroot/.results.$$
rm -rf "$resdir"; mkdir -p "$resdir"
trap 'rm -rf "$resdir"' EXIT
nitems=0
queue() { # ITEM ARCH TOP VFLAGS FILES...
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  nitems=$((nitems + 1))
  ( check_one "$@" >"$resdir/$nitems.out" 2>&1; echo $? >"$resdir/$nitems.rc" ) &
}

for e in "${engines[@]}"; do
  if [ ! -f "$HWP_ROOT/tb/$e/engine.mk" ]; then
    echo "FAIL synth $e (no tb/$e/engine.mk)"; fails=$((fails + 1)); continue
  fi
  top=$(hwp_var SIM_TOP "$e"); rtl=$(hwp_var SIM_RTL "$e")
  if [ -z "$top" ] || [ -z "$rtl" ]; then
    echo "FAIL synth $e (SIM_TOP or SIM_RTL empty in tb/$e/engine.mk)"; fails=$((fails + 1)); continue
  fi
  files=()
  for f in $rtl; do files+=("$RTL_DIR/$f"); done
  cfg=$(hwp_var SIM_CONFIGS "$e"); cfg=${cfg%% *}
  dflags=""
  [ -z "$cfg" ] || dflags=$(hwp_cfg_flags "$e" "$cfg")
  for a in ${SYNTH_ARCHS:-ice40 ecp5}; do
    bflags=$(hwp_synth_flags "$e" "$a")
    if [ -n "$bflags" ] && [ "$(echo $bflags)" != "$(echo $dflags)" ]; then
      [ "${SYNTH_SET:-all}" = board ] || queue "$e" "$a" "$top" "$dflags" "${files[@]}"
      queue "$e/board" "$a" "$top" "$bflags" "${files[@]}"
    else
      queue "$e" "$a" "$top" "$dflags" "${files[@]}"
    fi
  done
done
wait
for ((i = 1; i <= nitems; i++)); do
  cat "$resdir/$i.out"
  [ "$(cat "$resdir/$i.rc" 2>/dev/null)" = 0 ] || fails=$((fails + 1))
done
[ $fails -eq 0 ]
