#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# pfp mutation: a block descriptor is allocated while the profile flag is on
# (section IV-A allows allocation only with the flag off). Must be caught.
set -eu
make --no-print-directory -s build/pfp-traces/sort-bb-25.hwpt ENGINE=pfp >/dev/null
tests/mutate.sh pfp-alloc pfp default pfp/hwp_pfp.v \
  's/end else if (!flag_c) begin/end else begin/' \
  build/pfp-traces/sort-bb-25.hwpt
