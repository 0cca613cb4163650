#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A short libFuzzer run of the trace reader (the full 10-minute run is
# `make fuzz FUZZ_SECONDS=600`). Fails on any crash, leak, hang or UB report.
set -eu
make --no-print-directory fuzz FUZZ_SECONDS="${FUZZ_SMOKE_SECONDS:-45}" 2>&1 | tail -n 12
