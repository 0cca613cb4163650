# SPDX-License-Identifier: Apache-2.0
# Verdicts of the link fault checks (tests/checks/link-fault.sh against the C
# emulator, tests/checks/board-fault.sh against the RTL board model). The
# caller sets TAG (message prefix; the output folder B is build/TAG, HW the
# hwprof binary) before sourcing, then N (tuples streamed) and RC (hwprof
# stream's exit), and has hwprof run's profile in $B/run.txt; each case's
# output is $B/<name>.out and its messages $B/<name>.err.
B=build/$TAG
mkdir -p "$B"
HW=build/hwprof
fail=0
note() { echo "$TAG: $*"; }
bad() { echo "$TAG: FAIL: $*"; fail=1; }

# must_stop NAME: a non-zero exit that names the confirmed tuples, no profile
must_stop() {
  local name=$1 line conf
  if [ "$RC" -eq 0 ]; then bad "$name: hwprof stream exited 0 after the fault"; return; fi
  if [ "$RC" -eq 124 ]; then bad "$name: hwprof stream hung"; return; fi
  line=$(grep -m1 'tuples confirmed by the board' "$B/$name.err")
  [ -n "$line" ] || { bad "$name: exit $RC without the confirmed-tuple count: $(tail -2 "$B/$name.err")"; return; }
  conf=$(sed -E 's/.*with ([0-9]+) of ([0-9]+) tuples confirmed.*/\1/' <<<"$line")
  if ! [ "$conf" -lt "$N" ] 2>/dev/null; then bad "$name: confirmed '$conf' of $N"; return; fi
  [ -s "$B/$name.out" ] && { bad "$name: a profile was printed after the fault"; return; }
  note "ok $name: exit $RC, $(grep -v '^link:' "$B/$name.err" | grep -m1 -o 'the device has no open session\|no answer from the device\|the line is too noisy' || echo '?'); $conf of $N confirmed"
}

# must_match NAME: exit 0 and the profile of hwprof run
must_match() {
  local name=$1
  if [ "$RC" -ne 0 ]; then bad "$name: exit $RC: $(grep -v '^link:' "$B/$name.err" | head -3)"; return; fi
  if ! cmp -s "$B/run.txt" "$B/$name.out"; then bad "$name: profile differs from hwprof run"; diff "$B/run.txt" "$B/$name.out" | head -4; return; fi
  note "ok $name: $(wc -l < "$B/run.txt") lines identical; $(grep -o 'retransmits=[0-9]* timeouts=[0-9]*' "$B/$name.err")"
}
