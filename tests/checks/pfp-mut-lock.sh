#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# pfp mutation: the fetch-stage lookup ignores the lock bit (section IV-A:
# a locked descriptor must not be read). The lockstep regression must fail.
set -eu
make --no-print-directory -s build/pfp-traces/sort-bb-25.hwpt ENGINE=pfp >/dev/null
tests/mutate.sh pfp-lock pfp default pfp/hwp_pfp.v \
  's/fl_hit \&\& !fl_lock \&\&/fl_hit \&\&/' \
  build/pfp-traces/sort-bb-25.hwpt
