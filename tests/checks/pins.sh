#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks constraints/icebreaker.pcf and constraints/ulx3s.lpf against the
# boards' published pin assignments (constraints/reference-pins.txt, which
# names its sources): every port we constrain must be in the reference with
# the same pin, every reference row must be constrained, no pin is used twice,
# and every ULX3S port has an IOBUF line. Exit 0 if all agree, 1 otherwise.
# usage: tests/checks/pins.sh [PCF LPF REFERENCE]   (defaults: the repo files)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
pcf=${1:-$root/constraints/icebreaker.pcf}
lpf=${2:-$root/constraints/ulx3s.lpf}
ref=${3:-$root/constraints/reference-pins.txt}
for f in "$pcf" "$lpf" "$ref"; do
  [ -r "$f" ] || { echo "pins: cannot read $f" >&2; exit 1; }
done

ours=$(mktemp); trap 'rm -f "$ours"' EXIT
# icebreaker: set_io [-flags] <port> <pin>
sed 's/#.*//' "$pcf" | awk '$1 == "set_io" {
    n = 0; for (i = 2; i <= NF; i++) if (substr($i, 1, 1) != "-") a[++n] = $i;
    if (n != 2) { print "BAD icebreaker " $0; next }
    print "icebreaker", a[1], a[2] }' >>"$ours"
# ulx3s: LOCATE COMP "<port>" SITE "<pin>";
sed 's/#.*//' "$lpf" | awk -F'"' 'toupper($1) ~ /^[[:space:]]*LOCATE COMP/ {
    if ($4 == "") { print "BAD ulx3s " $0; next }
    print "ulx3s", $2, $4 }' >>"$ours"

fail=0
if grep -q '^BAD' "$ours"; then
  grep '^BAD' "$ours" | sed 's/^BAD /pins: cannot parse: /'; fail=1
fi
# Ours -> reference.
while read -r board port pin; do
  [ "$board" = BAD ] && continue
  want=$(awk -v b="$board" -v p="$port" '$1 == b && $2 == p { print $4 }' "$ref")
  if [ -z "$want" ]; then
    echo "pins: $board $port (pin $pin) is not in $ref"; fail=1
  elif [ "$want" != "$pin" ]; then
    echo "pins: $board $port is on pin $pin, the board has it on $want"; fail=1
  fi
done <"$ours"
# Reference -> ours.
while read -r board port net pin; do
  case $board in ''|'#'*) continue ;; esac
  if ! grep -q "^$board $(printf '%s' "$port" | sed 's/[][]/\\&/g') " "$ours"; then
    echo "pins: $board $port ($net, pin $pin) is missing from the constraint file"; fail=1
  fi
done <"$ref"
# No pin twice on one board.
dups=$(awk '$1 != "BAD" { print $1, $3 }' "$ours" | sort | uniq -d)
[ -z "$dups" ] || { echo "pins: pin used twice: $dups"; fail=1; }
# Every ULX3S port has electrical settings, and the clock has its frequency.
while read -r board port pin; do
  [ "$board" = ulx3s ] || continue
  grep -q "^IOBUF PORT \"$(printf '%s' "$port" | sed 's/[][]/\\&/g')\" .*IO_TYPE=LVCMOS33" "$lpf" \
    || { echo "pins: ulx3s $port has no IOBUF ... IO_TYPE=LVCMOS33 line"; fail=1; }
done <"$ours"
grep -qi '^FREQUENCY PORT "clk_i" 25' "$lpf" || { echo "pins: ulx3s clk_i has no FREQUENCY 25 MHz line"; fail=1; }

# Self-test (default files only): a moved UART pin on each board must be caught.
if [ $# -eq 0 ] && [ $fail -eq 0 ]; then
  tmp=$root/build/checks/pins; mkdir -p "$tmp"
  sed 's/^\(set_io -nowarn uart_rx_i *\)6$/\17/' "$pcf" >"$tmp/bad.pcf"
  sed 's/SITE "L4"/SITE "L3"/' "$lpf" >"$tmp/bad.lpf"
  if cmp -s "$pcf" "$tmp/bad.pcf" || cmp -s "$lpf" "$tmp/bad.lpf"; then
    echo "pins: self-test mutation did not apply"; fail=1
  elif bash "$0" "$tmp/bad.pcf" "$lpf" "$ref" >/dev/null || bash "$0" "$pcf" "$tmp/bad.lpf" "$ref" >/dev/null; then
    echo "pins: self-test: a wrong UART pin was not caught"; fail=1
  fi
fi

n=$(grep -vc '^BAD' "$ours")
if [ $fail -eq 0 ]; then
  echo "PASS pins ($n pins match $(basename "$ref"))"
else
  echo "FAIL pins"
fi
exit $fail
