#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make synth-all: build the board top (fpga/<board>/hwp_board.v) of every
# (board, engine) pair the boards' hwp_sizes.vh configure, SYNTH_JOBS at a
# time (default: the machine's cores), skipping builds newer than all their
# inputs (rtl/, the engine.mk, fpga/, constraints/; REBUILD=1 rebuilds all),
# then regenerate docs/results/fpga.md (make fpga-report, engine benches
# included). Each build's log: build/synth-board/<board>/<engine>.synth-all.log.
# Exit 1 if a build failed or missed timing (a board that an engine does not
# fit counts: the results page shows it with nextpnr's counts).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
case ${1:-} in -h|--help) sed -n '3,10p' "$0"; exit 0 ;; esac
boards=${BOARDS:-icebreaker ulx3s}
jobs=${SYNTH_JOBS:-}; [ -n "$jobs" ] || jobs=$(nproc)
root=${SYNTHROOT_BOARD:-$BUILD/synth-board}
case $root in /*) ;; *) root=$HWP_ROOT/$root ;; esac
todo=()
for b in $boards; do
  for e in $(hwp_engines); do
    hwp_composed "$b" "$e" || continue
    s=$root/$b/$e/summary.json
    if [ -z "${REBUILD:-}" ] && [ -f "$s" ] &&
       [ -z "$(find "$RTL_DIR" "$HWP_ROOT/tb/$e/engine.mk" "$HWP_ROOT/fpga" "$HWP_ROOT/constraints" \
                -type f -newer "$s" -print -quit)" ]; then
      echo "synth-all: $b/$e up to date"
      continue
    fi
    todo+=("$b/$e")
  done
done
echo "synth-all: ${#todo[@]} builds, $jobs at a time: ${todo[*]}"
t0=$SECONDS
fail=0
if [ ${#todo[@]} -gt 0 ]; then
  printf '%s\n' "${todo[@]}" | xargs -P "$jobs" -I{} bash -c '
    b=${1%/*} e=${1#*/}; mkdir -p "$2/$b/$e"
    if SYNTH_KIND=composed nice bash "$3/fpga/synth.sh" "$b" "$e" > "$2/$b/$e.synth-all.log" 2>&1
    then tail -n 1 "$2/$b/$e.synth-all.log"; else grep -m1 "^FAIL" "$2/$b/$e.synth-all.log" || echo "FAIL synth $1"; exit 1; fi
  ' _ {} "$root" "$HWP_ROOT" || fail=1
fi
echo "synth-all: builds done in $((SECONDS - t0)) s"
REPORT_ONLY=1 BOARDS="$boards" bash "$HWP_ROOT/fpga/report-all.sh" || fail=1
exit $fail
