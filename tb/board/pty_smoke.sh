#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the board model of <board>/<engine> (tb/board/build.sh), starts it on
# a pty and runs the scripted host tb/board/host_smoke.py against it; passes
# when the host prints PASS and the model ends by itself (host closed the tty)
# with its BOARD summary line.
#   tb/board/pty_smoke.sh <board> <engine> [model options, e.g. --flip P --drop P]
set -u
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: tb/board/pty_smoke.sh <board> <engine> [model options]" >&2; exit 2; }
board=$1 eng=$2; shift 2
bin=$(nice bash tb/board/build.sh "$board" "$eng") || exit 1
dir=build/board-sim/$board/$eng/run; mkdir -p "$dir"; rm -f "$dir/pty" "$dir/model.out"
"$bin" --pty-file "$dir/pty" --max-cycles 300000000 "$@" >"$dir/model.out" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -s "$dir/pty" ] && break; sleep 0.1; done
[ -s "$dir/pty" ] || { echo "FAIL board model did not open a pty"; kill "$pid" 2>/dev/null; exit 1; }
timeout 150 "${PYTHON3:-python3}" tb/board/host_smoke.py "$(cat "$dir/pty")" "$eng"
rc=$?
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
  echo "FAIL board model still running after the host closed the tty"; kill "$pid"; rc=1
fi
wait "$pid" 2>/dev/null
cat "$dir/model.out"
grep -q '^BOARD ' "$dir/model.out" || rc=1
exit $rc
