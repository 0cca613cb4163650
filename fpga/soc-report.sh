#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make soc-report: the SoC board tops (make synth BOARD=ulx3s TOP=soc) of
# SOC_REPORT_ENGINES (default rap mhash strat) -> docs/results/soc.md (the
# page lists all three; a top not built here keeps its row).
# Builds each top that is missing, failed or older than its inputs (rtl/,
# fpga/, tb/soc/, tests/soc/, constraints/; REBUILD=1: all; REPORT_ONLY=1:
# none), runs the SoC simulation of each built top's ELF with the same
# engine sizes (make soc-sim ... SOC_BOARD=ulx3s) for its events and clocks
# to END, then writes the page (fpga/soc_report.py). Exit 1 if a build,
# a simulation or the page failed.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$HWP_ROOT"
board=ulx3s
engines=${SOC_REPORT_ENGINES:-rap mhash strat}
root=${SYNTHROOT_SOC:-$BUILD/synth-soc}
case $root in /*) ;; *) root=$HWP_ROOT/$root ;; esac
fail=0
for e in $engines; do
  d=$root/$board/$e
  s=$d/summary.json
  if [ -z "${REPORT_ONLY:-}" ]; then
    if [ -z "${REBUILD:-}" ] && [ -f "$s" ] && ! grep -q '"failed"' "$s" \
       && [ -z "$(find "$RTL_DIR" "$HWP_ROOT/fpga" "$HWP_ROOT/tb/soc" "$HWP_ROOT/tests/soc" "$HWP_ROOT/constraints" \
                   "$HWP_ROOT/tb/$e/engine.mk" -type f -newer "$s" -print -quit)" ]; then
      echo "soc-report: $board/$e up to date"
    else
      SYNTH_KIND=composed SYNTH_TOP=soc SYNTHROOT_SOC=$root bash fpga/synth.sh "$board" "$e" || fail=1
    fi
  fi
  [ -f "$s" ] && ! grep -q '"failed"' "$s" && [ -f "$d/prog.elf" ] || continue
  [ -s "$d/soc-sim.txt" ] && [ "$d/soc-sim.txt" -nt "$s" ] && continue
  read -ra opts <<<"$(make -s --no-print-directory print-SOC_OPTS ENGINE="$e" SOC_BOARD=$board)"
  make -s --no-print-directory soc-build ENGINE="$e" SOC_BOARD=$board >"$d/soc-sim.build" 2>&1 \
    || { tail -20 "$d/soc-sim.build"; echo "soc-report: SoC simulator build with $e failed"; fail=1; continue; }
  SOC_SIM=$BUILD/soc/$e-$board/Vhwp_soc_eng SOC_PROFILE=$d/soc-sim.profile \
    bash tb/soc/soc-run.sh "$d/prog.elf" "$d/soc-sim.hwpt" -- "${opts[@]}" >"$d/soc-sim.out" 2>"$d/soc-sim.txt" \
    || { tail -3 "$d/soc-sim.txt"; echo "soc-report: SoC simulation of $d/prog.elf with $e failed"; fail=1; }
  rm -f "$d/soc-sim.hwpt" "$d/soc-sim.hex"
done
"$PYTHON" fpga/soc_report.py --root "$root" --board "$board" --engines "rap mhash strat" \
  --out "$HWP_ROOT/docs/results/soc.md" || fail=1
exit $fail
