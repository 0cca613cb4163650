#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SoC board top end to end without hardware (docs/soc.md, "On a board"):
# the Verilator model of the ULX3S SoC top (tb/board/build.sh with
# BOARD_SIM_SOC: fpga/ulx3s/hwp_board.v with HWP_SOC, link at 25 MHz, core and
# engine at the SoC clock behind the asynchronous FIFOs, the program baked
# into the memory) on a pty, driven by the unmodified `hwprof stream` with a
# trace of no records: INFO (record kind 0: the board feeds its engine
# itself), CONFIG, then EOS, which starts the program; the profile then comes
# back over the link, and its summaries use the count of events the board
# reports (STATUS field 1). It must equal, byte for byte, the profile `make
# soc-sim ... SOC_BOARD=ulx3s` reads out of the same engine (the board top's
# sizes, the same options) for the same ELF (tests/soc/lz.c linked for the
# board's memory), and `hwprof run` on that run's retire trace; it must not
# be empty. rap's and mhash's profiles name the trace, so the stream reads
# its trace of no records under the path the retire trace had. strat's link
# runs at its boot rate, 115200 baud: slower than strat's messages come
# during the run, so the output FIFO fills and the engine's output
# backpressure (and through it the core's hold) is exercised. rap and mhash
# switch to 3 Mbaud: mhash's 2,168 candidate lines would take seconds of
# simulated time at the boot rate.
#   tests/checks/soc-board-pty.sh [ENGINE...]   (default: strat rap mhash)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check_begin soc-board-pty "$H"
engines=("$@"); [ ${#engines[@]} -gt 0 ] || engines=(strat rap mhash)
. fpga/lib.sh
aw=$(hwp_soc_def ulx3s HWP_SOC_MEM_AW)
elf=$tmp/lz.elf
SOC_MEM_AW=$aw bash tb/soc/soc-run.sh --build-only tests/soc/lz.c "$elf" || fail "building tests/soc/lz.c (MEM_AW $aw)"
: > "$tmp/empty.txt"
"$H" convert "$tmp/empty.txt" "$tmp/empty.hwpt" || fail "hwprof convert of an empty trace"
sd=$BUILD/soc${BOARD_SIM_TAG:+-$BOARD_SIM_TAG}
summary=()
for e in "${engines[@]}"; do
  read -ra opts <<<"$(make -s --no-print-directory print-SOC_OPTS ENGINE="$e" SOC_BOARD=ulx3s)"
  # the reference: the SoC simulator with the board top's engine sizes
  make -s --no-print-directory soc-build ENGINE="$e" SOC_BOARD=ulx3s > "$tmp/build-$e.txt" 2>&1 \
    || { tail -20 "$tmp/build-$e.txt"; fail "SoC simulator build with $e (ulx3s sizes)"; }
  set +e
  SOC_SIM=$sd/$e-ulx3s/Vhwp_soc_eng SOC_PROFILE=$tmp/$e.soc bash tb/soc/soc-run.sh "$elf" "$tmp/$e.hwpt" \
    -- "${opts[@]}" > "$tmp/$e.out" 2> "$tmp/$e.err"
  rc=$?
  set -e
  [ $rc -eq 0 ] || { cat "$tmp/$e.err"; fail "$e: the SoC simulation exited with $rc"; }
  [ "$(wc -l < "$tmp/$e.soc")" -ge 3 ] || { cat "$tmp/$e.soc"; fail "$e: the SoC simulation's profile is almost empty"; }
  "$H" run --engine "$e" "${opts[@]}" "$tmp/$e.hwpt" > "$tmp/$e.run" || fail "$e: hwprof run on the retire trace"
  cmp -s "$tmp/$e.soc" "$tmp/$e.run" || { diff "$tmp/$e.soc" "$tmp/$e.run" | head -n 8; fail "$e: make soc-sim's profile differs from hwprof run on its retire trace"; }
  # the stream's trace of no records, under the retire trace's path
  cp "$tmp/empty.hwpt" "$tmp/$e.hwpt"
  baud=3000000; [ "$e" != strat ] || baud=115200
  # the board model on a pty
  bin=$(BOARD_SIM_SOC=1 nice bash tb/board/build.sh ulx3s "$e") || fail "$e: board model build"
  mdir=$(dirname "$bin")
  bash tb/soc/soc-run.sh --image "$elf" "$mdir/prog.hex" || fail "memory image"
  rm -f "$tmp/pty"
  "$bin" --pty-file "$tmp/pty" --max-cycles 4000000000 > "$tmp/$e.model" 2>&1 &
  pid=$!
  for _ in $(seq 100); do [ -s "$tmp/pty" ] && break; sleep 0.05; done
  [ -s "$tmp/pty" ] || { kill "$pid"; fail "$e: the board model opened no pty"; }
  set +e
  timeout 300 "$H" stream --port "$(cat "$tmp/pty")" --baud "$baud" --engine "$e" --timeout 2000 --retries 20 "${opts[@]}" \
    "$tmp/$e.hwpt" > "$tmp/$e.board" 2> "$tmp/$e.stream.err"
  rc=$?
  set -e
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && kill "$pid"
  wait "$pid" 2>/dev/null || true
  [ $rc -eq 0 ] || { tail -5 "$tmp/$e.stream.err"; fail "$e: the board model's profile over hwprof stream: the host exited with $rc"; }
  if ! cmp -s "$tmp/$e.soc" "$tmp/$e.board"; then
    echo "profile lines: soc-sim $(wc -l < "$tmp/$e.soc"), board $(wc -l < "$tmp/$e.board"); first differences (< soc-sim, > board):"
    diff "$tmp/$e.soc" "$tmp/$e.board" | head -n 8 || true
    fail "$e: the board model's profile over hwprof stream differs from the SoC simulation's"
  fi
  summary+=("$e: $(wc -l < "$tmp/$e.board") lines, $(grep -o 'engine_cycles=[0-9]*' "$tmp/$e.model")")
done
echo "PASS soc-board-pty: lz on the ULX3S SoC board model, profile via hwprof stream = make soc-sim's = hwprof run's ($(IFS=';'; echo "${summary[*]}" | sed 's/;/; /g'))"
