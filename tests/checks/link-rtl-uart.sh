#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Block test of the link RTL: tb/link/tb_uart.v (self-checking, Icarus) against
# rtl/link/. Passes on its "PASS link-rtl-uart" line.
set -u
cd "$(dirname "$0")/../.."
RTL_DIR=${RTL_DIR:-rtl}
out=build/link-rtl; mkdir -p $out
${IVERILOG:-iverilog} -g2005 -Wall -o $out/tb_uart tb/link/tb_uart.v $RTL_DIR/link/hwp_uart_tx.v $RTL_DIR/link/hwp_uart_rx.v || exit 1
timeout 300 vvp -n $out/tb_uart | tee $out/tb_uart.log | grep -E '^(PASS|FAIL)'
grep -q '^PASS link-rtl-uart' $out/tb_uart.log && ! grep -q '^FAIL' $out/tb_uart.log
