#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make fpga-report: build every (board, engine) whose build is missing, failed
# or older than its inputs (rtl/, the engine.mk, fpga/ scripts, constraints/;
# REBUILD=1 rebuilds all; REPORT_ONLY=1 builds nothing), then regenerate
# docs/results/fpga.md from the summaries. FPGA_ONLY="board:engine ..." limits
# both the builds and the rows taken from build/ to those pairs (every other row
# stays as the previous report has it). Exit 1 if any build failed or missed its
# timing target.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
boards=${BOARDS:-icebreaker ulx3s}
mapfile -t engines < <(hwp_engines)
SYNTHROOT=${SYNTHROOT:-$BUILD/synth}
case $SYNTHROOT in /*) ;; *) SYNTHROOT=$HWP_ROOT/$SYNTHROOT ;; esac
fail=0
for b in $boards; do
  for e in "${engines[@]}"; do
    s=$SYNTHROOT/$b/$e/summary.json
    [ -z "${REPORT_ONLY:-}" ] || continue
    [ -z "${FPGA_ONLY:-}" ] || [[ " $FPGA_ONLY " == *" $b:$e "* ]] || continue
    if [ -z "${REBUILD:-}" ] && [ -f "$s" ] && ! grep -q '"failed"' "$s" \
       && [ -z "$(find "$RTL_DIR" "$HWP_ROOT/tb/$e/engine.mk" "$HWP_ROOT/fpga" "$HWP_ROOT/constraints" \
                   -type f -newer "$s" -print -quit)" ]; then
      echo "fpga-report: $b/$e up to date"
      continue
    fi
    bash "$HWP_ROOT/fpga/synth.sh" "$b" "$e" || fail=1
  done
done
"$PYTHON" "$HWP_ROOT/fpga/report.py" --root "$SYNTHROOT" --boards "$boards" --engines "${engines[*]}" \
  --board-root "${SYNTHROOT_BOARD:-$BUILD/synth-board}" --top-dir "$HWP_ROOT" \
  --only "${FPGA_ONLY:-}" --out "$HWP_ROOT/docs/results/fpga.md" || fail=1
exit $fail
