#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# hwprof trace subcommands: 1M-line text -> binary -> text round trip is
# byte-identical (also through zstd); stats agrees with sort | uniq -c;
# corrupt inputs give a clear error with offset or line and exit 1; usage
# errors exit 2; every subcommand has --help.
set -eu
H=build/hwprof
d=build/check-trace-cli
rm -rf "$d" && mkdir -p "$d"

# 1. round trips on a 1M-line text trace
$H gen --n 1000000 --distinct 200000 --text --seed 11 "$d/t.txt"
[ "$(wc -l < "$d/t.txt")" -eq 1000000 ]
$H convert "$d/t.txt" "$d/t.bin"
$H convert "$d/t.bin" "$d/t2.txt"
cmp "$d/t.txt" "$d/t2.txt"
$H convert --compress "$d/t.txt" "$d/t.zst"
$H convert --to text "$d/t.zst" "$d/t3.txt"
cmp "$d/t.txt" "$d/t3.txt"
$H gen --n 1000000 --distinct 5000 --kind tuple1 --text --seed 12 "$d/u.txt"
$H convert --widths 32 "$d/u.txt" "$d/u.bin"
$H convert "$d/u.bin" - | cmp - "$d/u.txt"
echo "round trips: ok"

# 2. stats distinct counts agree with sort | uniq -c
for f in t u; do
  want=$(sort "$d/$f.txt" | uniq -c | wc -l)
  got=$($H stats --json "$d/$f.txt" | sed 's/.*"distinct": \([0-9]*\).*/\1/')
  gotz=$($H stats --json "$d/t.zst" | sed 's/.*"distinct": \([0-9]*\).*/\1/')
  echo "stats $f: distinct $got, sort|uniq -c $want"
  [ "$got" = "$want" ]
done
[ "$gotz" = "$(sort "$d/t.txt" | uniq -c | wc -l)" ]
wantb=$(awk '{print $2}' "$d/t.txt" | sort -u | wc -l)
gotb=$($H stats --json --field b "$d/t.txt" | sed 's/.*"distinct": \([0-9]*\).*/\1/')
[ "$gotb" = "$wantb" ]
# top-1 count agrees too
top=$(sort "$d/u.txt" | uniq -c | sort -k1,1nr -k2,2 | head -1 | awk '{print $1}')
$H stats --json --top 1 "$d/u.txt" | grep -q "\"count\": $top,"

# 3. corrupt inputs: clear message with offset/line, exit 1
expect() { # exit-code pattern command...
  local code=$1 pat=$2; shift 2
  set +e; out=$("$@" 2>&1); rc=$?; set -e
  if [ "$rc" -ne "$code" ] || ! grep -q -- "$pat" <<<"$out"; then
    echo "expected exit $code and '$pat' from: $*"; echo "got exit $rc: $out"; exit 1
  fi
}
head -c 1000 "$d/t.bin" > "$d/trunc.bin"
expect 1 "truncated record 60 at byte offset 992" $H stats "$d/trunc.bin"
printf 'XWPT' | cat - <(tail -c +5 "$d/t.bin") > "$d/magic.bin"
expect 1 "offset 0: bad magic" $H stats "$d/magic.bin"
{ head -c 4 "$d/t.bin"; printf '\x02\x00'; tail -c +7 "$d/t.bin"; } > "$d/ver.bin"
expect 1 "offset 4: unsupported trace version 2" $H convert "$d/ver.bin" "$d/x.txt"
printf '10 20\n30 4q\n' > "$d/bad.txt"
expect 1 "line 2, column 4: not a hex field" $H convert "$d/bad.txt" "$d/x.bin"
head -c 100000 "$d/t.zst" > "$d/trunc.zst"
expect 1 "truncated zstd body" $H stats "$d/trunc.zst"
expect 1 "cannot open" $H stats "$d/nope"

# 4. usage errors exit 2, --help exits 0 for every subcommand
expect 2 "usage" $H
expect 2 "unknown command" $H frobnicate
expect 2 "out of range" $H gen --distinct 0 "$d/x"
expect 2 "usage" $H convert onlyone
expect 2 "engine is required" $H run "$d/t.bin"
for c in convert stats slice gen record run eval; do
  $H $c --help > /dev/null
done

# 5. slice
$H slice --start 10 --count 5 --text "$d/t.bin" "$d/s.txt"
diff <(sed -n 11,15p "$d/t.txt") "$d/s.txt"
expect 1 "past the end" $H slice --start 2000000 "$d/t.bin" "$d/s2.bin"
echo "trace-cli: ok"
