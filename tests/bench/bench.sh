#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench: measured throughput figures (nothing here is a pass/fail test).
set -eu
d=build/bench
mkdir -p $d
build/hwprof gen --n 5000000 --distinct 100000 --seed 5 $d/g.bin
build/hwprof gen --n 5000000 --distinct 100000 --seed 5 --compress $d/g.zst
build/hwprof gen --n 5000000 --distinct 100000 --seed 5 --text $d/g.txt
echo "== trace reader"
for f in $d/g.bin $d/g.zst $d/g.txt; do $d/bench_read $f 3; done
