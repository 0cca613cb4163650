#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# pfp mutation: profile blocks one shorter than the minimum length (section
# VII-C: 4) are skipped. The call-graph stream has 3-instruction blocks
# (mov/b, jal/b, mov/b), so the regression on it must fail.
set -eu
make --no-print-directory -s build/pfp-traces/sort-cg-50.hwpt ENGINE=pfp >/dev/null
tests/mutate.sh pfp-minlen pfp default pfp/hwp_pfp.v \
  's/flen >= MIN_LEN_L/flen >= MIN_LEN_L - 1/' \
  build/pfp-traces/sort-cg-50.hwpt
