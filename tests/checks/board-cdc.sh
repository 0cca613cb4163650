#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Clock-domain crossing of the composed board top (fpga/ulx3s/hwp_board.v:
# link at the 25 MHz board clock, strat at the PLL clock behind
# rtl/common/hwp_async_fifo.v, rtl/link/hwp_shell_cdc.v) over the link: the
# Verilator board model (tb/board/build.sh, HWP_SIM_META: every synchronizer
# bit of a source's latest change resolves one destination clock late at
# random, as a metastable flop may) runs with engine:link clock ratios 1:3,
# 1:1 and 4:1, each with two seeds for the engine clock's random phase and
# the synchronizers' resolution; the unmodified `hwprof stream` must print
# the profile `hwprof run` prints on the same records (CDC_EVENTS of
# gzip-edge.hwpt, default 4000; strat rate 16 with A_4), and every pointer
# a synchronizer delivers must be one its source held (the monitors of
# tb/board/hwp_board_cdc.v). Then the same runs on a mutant FIFO that
# crosses binary pointers (bin2gray the identity, the full test for binary,
# as in tests/checks/async-fifo.sh): every run must fail (a torn pointer,
# a profile that differs, or a session that does not finish).
# CDC_SEED=n shifts every seed (default 0).
set -u
cd "$(dirname "$0")/../.."
name=board-cdc board=ulx3s eng=strat
n=${CDC_EVENTS:-4000} s0=${CDC_SEED:-0}
trace=tests/traces/gzip-edge.hwpt
opts=(--rate 16 --ak --ak-entries 4)
HW=build/hwprof
B=build/checks/board-cdc; rm -rf "$B"; mkdir -p "$B"
make -s all >/dev/null || { echo "FAIL $name: make"; exit 1; }
sed -e 's/bin2gray = b ^ (b >> 1);/bin2gray = b;/' \
    -e 's/wire full = (wgray_q == {~rgray_w\[AW:AW-1\], rgray_w\[AW-2:0\]});/wire full = (wgray_q == {~rgray_w[AW], rgray_w[AW-1:0]});/' \
    rtl/common/hwp_async_fifo.v > "$B/hwp_async_fifo_binary.v"
[ "$(diff rtl/common/hwp_async_fifo.v "$B/hwp_async_fifo_binary.v" | grep -c '^>')" -eq 2 ] ||
  { echo "FAIL $name: the binary-pointer mutation did not apply to both lines"; exit 1; }
export BOARD_SIM_WRAP=$PWD/tb/board/hwp_board_cdc.v
good=$(BOARD_SIM_TAG=meta BOARD_SIM_DEFS=-DHWP_SIM_META nice bash tb/board/build.sh $board $eng) ||
  { echo "FAIL $name: model build"; exit 1; }
bad=$(BOARD_SIM_TAG=meta-binary BOARD_SIM_DEFS=-DHWP_SIM_META BOARD_SIM_FIFO="$PWD/$B/hwp_async_fifo_binary.v" \
      nice bash tb/board/build.sh $board $eng) || { echo "FAIL $name: mutant model build"; exit 1; }
"$HW" run --engine $eng --max-events "$n" "${opts[@]}" "$trace" 2>/dev/null > "$B/run.txt"
[ -s "$B/run.txt" ] || { echo "FAIL $name: hwprof run printed nothing"; exit 1; }

# session BIN TAG RATIO SEED: one hwprof stream session on a fresh model;
# prints "same", "differs" or "broken: ..."
session() {
  local bin=$1 t=$2 r=$3 sd=$4 pid rc
  rm -f "$B/$t.pty"
  "$bin" --pty-file "$B/$t.pty" --eclk-ratio "$r" --phase-seed "$sd" --meta-seed "$((sd + 100))" \
    --max-cycles 400000000 > "$B/$t.model" 2>&1 &
  pid=$!
  for _ in $(seq 100); do [ -s "$B/$t.pty" ] && break; sleep 0.05; done
  if [ ! -s "$B/$t.pty" ]; then kill "$pid" 2>/dev/null; echo "broken: no pty"; return; fi
  timeout 120 "$HW" stream --port "$(cat "$B/$t.pty")" --engine $eng --timeout 600 --retries 10 \
    --max-events "$n" "${opts[@]}" "$trace" > "$B/$t.stream" 2> "$B/$t.err"
  rc=$?
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && kill "$pid"
  wait "$pid" 2>/dev/null
  if grep -q '^CDC ERROR' "$B/$t.model"; then echo "pointer check: $(grep -m1 '^CDC ERROR' "$B/$t.model")"
  elif [ $rc -ne 0 ]; then echo "broken: hwprof stream exit $rc: $(grep -v '^link:' "$B/$t.err" | head -1)"
  elif cmp -s "$B/run.txt" "$B/$t.stream"; then echo same
  else echo differs; fi
}

fail=0 runs=0 caught=0 summary=""
for r in 0.333333333 1 4; do
  for k in 1 2; do
    sd=$((s0 * 10 + k + ${#r}))
    t0=$SECONDS
    v=$(session "$good" "gray-$r-$sd" "$r" "$sd")
    ecyc=$(sed -n 's/^ECLK .*engine_cycles=\([0-9]*\).*/\1/p' "$B/gray-$r-$sd.model")
    cyc=$(sed -n 's/^BOARD .* cycles=\([0-9]*\).*/\1/p' "$B/gray-$r-$sd.model")
    runs=$((runs + 1))
    if [ "$v" = same ]; then
      summary+=" ratio $r seed $sd: ${cyc:-?} link / ${ecyc:-?} engine clocks ($((SECONDS - t0)) s);"
    else
      echo "FAIL $name: engine:link $r, seed $sd: $v"; fail=1
    fi
    v=$(session "$bad" "binary-$r-$sd" "$r" "$sd")
    if [ "$v" = same ]; then echo "FAIL $name: binary-pointer mutant passed (engine:link $r, seed $sd)"; fail=1
    else caught=$((caught + 1)); echo "mutant engine:link $r seed $sd: $v"; fi
  done
done
[ $fail -eq 0 ] || exit 1
echo "PASS $name $board/$eng: $runs of $runs sessions ($n records) give hwprof run's profile with random engine-clock phase and late-resolving synchronizers:$summary the binary-pointer FIFO failed $caught of $runs"
