#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Program a board with the bitstream of `make synth BOARD=<board> ENGINE=<e>`
# (the composed board top in build/synth-board/ when the board has sizes for
# the engine, else the bench in build/synth/):
#   iCEBreaker: iceprog <dir>/top.bin      (SPI flash)
#   ULX3S:      openFPGALoader -b ulx3s <dir>/top.bit   (SRAM;
#               PROG_FLASH=1 writes the SPI flash instead: -f)
# usage: fpga/prog.sh <icebreaker|ulx3s> <engine>     (make prog BOARD=b ENGINE=e)
# Exit 1 if the bitstream is missing or the programmer fails, 2 on usage errors.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
case ${1:-} in -h|--help) sed -n '3,10p' "$0"; exit 0 ;; esac
[ $# -eq 2 ] || { echo "usage: fpga/prog.sh <icebreaker|ulx3s> <engine>" >&2; exit 2; }
board=$1 eng=$2
if hwp_composed "$board" "$eng"; then SYNTHROOT=${SYNTHROOT_BOARD:-$BUILD/synth-board}
else SYNTHROOT=${SYNTHROOT:-$BUILD/synth}; fi
case $SYNTHROOT in /*) ;; *) SYNTHROOT=$HWP_ROOT/$SYNTHROOT ;; esac
dir=$SYNTHROOT/$board/$eng
case $board in
  icebreaker) bit=$dir/top.bin; cmd=("${ICEPROG:-iceprog}" "$bit") ;;
  ulx3s)      bit=$dir/top.bit
              if [ -n "${PROG_FLASH:-}" ]; then cmd=("${OPENFPGALOADER:-openFPGALoader}" -b ulx3s -f "$bit")
              else cmd=("${OPENFPGALOADER:-openFPGALoader}" -b ulx3s "$bit"); fi ;;
  *) echo "prog: unknown board '$board' (icebreaker, ulx3s)" >&2; exit 2 ;;
esac
if [ ! -f "$bit" ]; then
  echo "prog: no bitstream $bit; run: make synth BOARD=$board ENGINE=$eng" >&2; exit 1
fi
if grep -q '"kind": "bench"' "$dir/summary.json" 2>/dev/null; then
  echo "prog: note: $bit is the out-of-context bench build (resource and timing figures only;" >&2
  echo "prog:       it has no UART protocol). Programming it anyway." >&2
fi
command -v "${cmd[0]}" >/dev/null || { echo "prog: ${cmd[0]} not found (make deps installs it)" >&2; exit 1; }
echo "prog: ${cmd[*]}"
"${cmd[@]}"
