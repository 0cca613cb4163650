#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Block test of the link RTL: tb/link/tb_dec.v (self-checking, Icarus) against
# rtl/link/. Passes on its "PASS link-rtl-dec" line.
set -u
cd "$(dirname "$0")/../.."
RTL_DIR=${RTL_DIR:-rtl}
out=build/link-rtl; mkdir -p $out
${IVERILOG:-iverilog} -g2005 -Wall -o $out/tb_dec tb/link/tb_dec.v $RTL_DIR/link/hwp_link_dec.v || exit 1
timeout 300 vvp -n $out/tb_dec | tee $out/tb_dec.log | grep -E '^(PASS|FAIL)'
grep -q '^PASS link-rtl-dec' $out/tb_dec.log && ! grep -q '^FAIL' $out/tb_dec.log
