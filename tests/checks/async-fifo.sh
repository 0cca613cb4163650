#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Clock-domain crossing (rtl/common/hwp_async_fifo.v, hwp_sync2.v): the
# FIFO carries 20,000 words between two clocks at write:read period ratios
# 3:1, 1:3, 1:4, 4:1, 1:1 and 37:40 (engine:link 1:3 ... 4:1 both ways),
# each with two seeds (random read-clock phase, random gaps, random
# synchronizer resolution under HWP_SIM_META), through tb/board/tb_async_fifo.v:
# every word once, in order, and every pointer seen across a value the
# source held. Then the same runs on a mutant that crosses binary pointers
# (bin2gray the identity, the full test for binary): every run must fail.
# Plus verilator --lint-only -Wall of both modules.
set -u
cd "$(dirname "$0")/../.."
name=async-fifo
B=build/checks/async-fifo; rm -rf "$B"; mkdir -p "$B"
rtl=rtl/common
verilator --lint-only -Wall --top-module hwp_async_fifo $rtl/hwp_sync2.v $rtl/hwp_async_fifo.v > "$B/lint.log" 2>&1 ||
  { cat "$B/lint.log"; echo "FAIL $name: lint"; exit 1; }
sed -e 's/bin2gray = b ^ (b >> 1);/bin2gray = b;/' \
    -e 's/wire full = (wgray_q == {~rgray_w\[AW:AW-1\], rgray_w\[AW-2:0\]});/wire full = (wgray_q == {~rgray_w[AW], rgray_w[AW-1:0]});/' \
    $rtl/hwp_async_fifo.v > "$B/mutant_binary.v"
[ "$(diff $rtl/hwp_async_fifo.v "$B/mutant_binary.v" | grep -c '^>')" -eq 2 ] ||
  { echo "FAIL $name: the binary-pointer mutation did not apply to both lines"; exit 1; }
ratios="120000:40000 40000:120000 10000:40000 40000:10000 40000:40000 37000:40000"
fail=0 pass_n=0 caught=0 runs=0
for fifo in $rtl/hwp_async_fifo.v "$B/mutant_binary.v"; do
  for r in $ratios; do
    w=${r%:*} rd=${r#*:}
    vvp=$B/$(basename "$fifo" .v)-$w-$rd.vvp
    iverilog -g2005 -DHWP_SIM_META -Ptb_async_fifo.WPER_PS=$w -Ptb_async_fifo.RPER_PS=$rd -o "$vvp" \
      tb/board/tb_async_fifo.v $rtl/hwp_sync2.v "$fifo" || { echo "FAIL $name: iverilog"; exit 1; }
    for seed in 1 2; do
      out=$(timeout 120 vvp -n "$vvp" +seed=$seed +meta_seed=$((seed + 7)) | tail -1)
      if [ "$fifo" = $rtl/hwp_async_fifo.v ]; then
        runs=$((runs + 1))
        case $out in DONE*) pass_n=$((pass_n + 1)) ;; *) echo "FAIL $name: write $w ps, read $rd ps, seed $seed: $out"; fail=1 ;; esac
      else
        case $out in DONE*) echo "FAIL $name: binary-pointer mutant passed (write $w ps, read $rd ps, seed $seed)"; fail=1 ;;
                     *) caught=$((caught + 1)) ;; esac
      fi
    done
  done
done
[ $fail -eq 0 ] || exit 1
echo "PASS $name: $pass_n of $runs clock-ratio runs exact (20,000 words each, synchronizers resolving late at random); the binary-pointer mutant failed $caught of $runs"
