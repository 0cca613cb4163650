#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Re-records the bundled traces into tests/traces (run by `make traces`) and
# rewrites tests/traces/README.md with each trace's program, command line,
# kind, records and distinct values. Inputs are generated deterministically
# by build/programs/geninput; programs run with LC_ALL=C.
#   ONLY=regex   record only the traces whose file name matches
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
HWPROF=${HWPROF:-$BUILD/hwprof}
work=$BUILD/traces
out=tests/traces
rv=$BUILD/programs/rv
mkdir -p "$work"
export LC_ALL=C

"$BUILD/programs/geninput" text 200000 1 > "$work/text.txt"
"$BUILD/programs/geninput" sql 3000 2 > "$work/queries.sql"

# name | kind | hwprof record options | command (run from the repo root)
traces=()
for p in gzip sqlite3 perl sort; do
  case $p in
    gzip)    cmd="gzip -6 -c $work/text.txt" ;;
    sqlite3) cmd="sqlite3 :memory: \".read $work/queries.sql\"" ;;
    perl)    cmd="perl tests/traces/inputs/wordfreq.pl $work/text.txt" ;;
    sort)    cmd="sort --parallel=1 $work/text.txt" ;;
  esac
  for k in bb edge ldaddr; do
    traces+=("$p-$k|$k|--tool lackey --skip 300000 --max 300000|$cmd")
  done
  traces+=("$p-ldval|ldval|--tool qemu --skip 100000 --max 300000|$cmd")
done
for p in lz sort wordcount interp; do
  # retire: skip libc start-up and the input generation (wordcount's is longer)
  skip=100000; [ $p = wordcount ] && skip=300000
  traces+=("rv-$p-ldval|ldval|--tool qemu --skip 5000 --max 300000|$rv/$p")
  traces+=("rv-$p-retire|retire|--tool qemu --skip $skip --max 200000|$rv/$p")
done
traces+=("rv-knownloads-ldval|ldval|--tool qemu|$rv/knownloads")
traces+=("rv-knownloads-retire|retire|--tool qemu|$rv/knownloads")

rows=()
for t in "${traces[@]}"; do
  IFS='|' read -r name kind opts cmd <<< "$t"
  f=$out/$name.hwpt
  if [ -n "${ONLY:-}" ] && ! [[ $name =~ $ONLY ]]; then
    [ -f "$f" ] || continue
  else
    echo "traces: $name"
    # shellcheck disable=SC2086  # opts and cmd are word lists by design
    eval "\"$HWPROF\" record --kind $kind $opts --compress -o \"$f.tmp\" -- $cmd" > /dev/null
    mv "$f.tmp" "$f"
  fi
  st=$("$HWPROF" stats --top 1 "$f")
  recs=$(awk '$1 == "records" {print $2}' <<< "$st")
  dist=$(awk '$1 == "distinct" {print $2 " " $3}' <<< "$st")
  size=$(stat -c %s "$f")
  rows+=("| \`$name.hwpt\` | $kind | \`${cmd//$work/build/traces}\` | \`$opts\` | $recs | $dist | $size |")
done

{
  cat <<'HDR'
# Bundled traces

Recorded from real, unmodified programs by `make traces` (script
`tests/traces/record-all.sh`, definitions of every kind in `docs/record.md`).
All files are the binary format, zstd-compressed. Inputs are generated
deterministically by `build/programs/geninput` (`text 200000 1` ->
`build/traces/text.txt`, `sql 3000 2` -> `build/traces/queries.sql`), programs
run with `LC_ALL=C`.

- `gzip-*`, `sqlite3-*`, `perl-*`, `sort-*`: Debian's x86-64 binaries.
  bb/edge/ldaddr from valgrind lackey; ldval from qemu-x86_64 (GPR-destination
  `mov`/`movz`/`movs` loads, `popq`, `leave`; value masked to the memory
  operand size).
- `rv-*`: the RISC-V programs in `tests/programs/` (statically linked with
  `riscv64-linux-gnu-gcc -O2 -static`), recorded with qemu-riscv64. ldval
  values are the destination register after the load (sign- or zero-extended
  as the load defines).
- `--skip` drops the first records (mostly the dynamic loader and libc
  start-up); `--max` stops the program after that many records.
- distinct: distinct values of the trace as `hwprof stats` counts them (the
  pair for 2-tuples, the pc for retire traces).

| file | kind | command | record options | records | distinct | bytes |
|---|---|---|---|---|---|---|
HDR
  printf '%s\n' "${rows[@]}"
} > "$out/README.md"
echo "traces: wrote $out/README.md"
