#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes docs/results/hashed-tables.md (stdout) from the mhash and strat fragments.
set -eu
cat <<'HDR'
# Hashed counter tables: results

The Multi-hash interval profiler (`mhash`, Narayanasamy et al., HPCA 2003) and
the stratified-sampling stream compressors (`strat`, Sastry, Bodik and Smith,
ISCA 2001) on the bundled real traces. Regenerate with `make eval-all` (or
`make eval-hashed`); each section says which command produced its figures.
The two sections are the files `hashed-tables-mhash.md` and
`hashed-tables-strat.md`, reproduced here.

HDR
for f in mhash strat; do
  sed -e 's/^#/##/' "docs/results/hashed-tables-$f.md"
  echo
done
