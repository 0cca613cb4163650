#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Engines on the SoC's retire port (docs/soc.md, "Running with an engine"):
# for rap, mhash, strat and coproc, tests/soc/lz.c runs on the SoC with the
# engine attached (make soc-sim ENGINE=e: the engine's default preset, the
# options SOC_OPTS of tb/soc/soc.mk; coproc with its host loop in the
# harness; it runs the value program of its preset and then the edge
# program), which writes the run's retire trace and the profile the harness
# read out of the engine. `hwprof run --engine e` with
# the same options on that trace must print the same profile, byte for byte.
# The run itself must pass the program's check (exit 0, its output line),
# drop no event and give the engine exactly the events hwprof maps from the
# trace (the harness fails otherwise), and the profile must not be empty.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
check_begin soc-engine "$H"
# the program built here (checks that run at the same time share no file)
elf=$tmp/lz.elf
bash tb/soc/soc-run.sh --build-only tests/soc/lz.c "$elf" || fail "building tests/soc/lz.c"
sd=$BUILD/soc${BOARD_SIM_TAG:+-$BOARD_SIM_TAG}
summary=()
for e in rap mhash strat coproc; do
  make -s --no-print-directory soc-build ENGINE=$e > "$tmp/build-$e.txt" 2>&1 \
    || { tail -20 "$tmp/build-$e.txt"; fail "SoC simulator build with $e"; }
  cfg=$(make -s --no-print-directory print-CONFIG ENGINE=$e)
  read -ra opts <<<"$(make -s --no-print-directory print-SOC_OPTS ENGINE=$e)"
  # coproc: its preset's value program, then the edge program (class and
  # taken flag of every control transfer) on the same simulator
  runs=("$e")
  [ "$e" != coproc ] || runs+=(coproc-edge)
  for r in "${runs[@]}"; do
    ropts=("${opts[@]}")
    [ "$r" != coproc-edge ] || ropts+=(--program edge)
    set +e
    SOC_SIM=$sd/$e-$cfg/Vhwp_soc_eng SOC_PROFILE=$tmp/$r.soc bash tb/soc/soc-run.sh "$elf" "$tmp/$r.hwpt" \
      -- "${ropts[@]}" > "$tmp/$r.out" 2> "$tmp/$r.err"
    rc=$?
    set -e
    [ $rc -eq 0 ] || { cat "$tmp/$r.err"; fail "$r: the SoC run exited with $rc"; }
    grep -q '^lz: 6000 bytes -> .* round trip ok$' "$tmp/$r.out" || { cat "$tmp/$r.out"; fail "$r: program output wrong"; }
    "$H" run --engine $e "${ropts[@]}" "$tmp/$r.hwpt" > "$tmp/$r.run" 2> "$tmp/$r.runerr" \
      || { tail -5 "$tmp/$r.runerr"; fail "$r: hwprof run on the run's retire trace failed"; }
    [ "$(wc -l < "$tmp/$r.run")" -ge 3 ] || { cat "$tmp/$r.run"; fail "$r: hwprof run printed almost nothing"; }
    if ! cmp -s "$tmp/$r.soc" "$tmp/$r.run"; then
      echo "profile lines: SoC $(wc -l < "$tmp/$r.soc"), hwprof run $(wc -l < "$tmp/$r.run"); first differences (< SoC, > hwprof run):"
      diff "$tmp/$r.soc" "$tmp/$r.run" | head -n 8 || true
      fail "$r: the profile read out of the SoC's engine differs from hwprof run on the captured trace"
    fi
    s=$(grep '^soc: exit code' "$tmp/$r.err")
    summary+=("$r: $(wc -l < "$tmp/$r.run") lines, $(sed -E 's/.* retirements, ([0-9]+ events).*core held ([0-9]+ cycles).*/\1, core held \2/' <<<"$s")")
  done
done
echo "PASS soc-engine: lz on the SoC, profile of the engine = hwprof run on the same run's trace ($(IFS=';'; echo "${summary[*]}" | sed 's/;/; /g'))"
