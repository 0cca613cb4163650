#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The lockstep regression of strat and `hwprof run --engine strat` consume the
# same events from every trace kind (both map records with strat_event_of):
# for one trace of each kind (1-tuple, 2-tuple, retire, text), the events the
# Verilated engine took (records accepted minus not_events) must equal the
# events hwprof run reports, and the messages must match too.
set -u
cd "$(dirname "$0")/../.."
fails=0
for t in tests/traces/gzip-bb.hwpt tests/traces/perl-ldval.hwpt tests/traces/rv-lz-retire.hwpt \
         tests/traces/synthetic-zipf.txt; do
  sim=$(make -s --no-print-directory sim ENGINE=strat CONFIG=default TRACE="$t" 2>&1 | grep -E '^(PASS|FAIL)')
  run=$(build/hwprof run --engine strat "$t" 2>&1 >/dev/null | grep -m1 "^strat .*events=")  # the summary is on stderr
  acc=$(sed -n 's/.* events=\([0-9]*\) .*/\1/p' <<<"$sim")
  not=$(sed -n 's/.* not_events=\([0-9]*\).*/\1/p' <<<"$sim")
  msg=$(sed -n 's/.* messages=\([0-9]*\) .*/\1/p' <<<"$sim")
  rev=$(sed -n 's/.* events=\([0-9]*\) .*/\1/p' <<<"$run")
  rmsg=$(sed -n 's/.* messages=\([0-9]*\) .*/\1/p' <<<"$run")
  if [[ $sim != PASS* || -z $acc || -z $not || -z $rev ]]; then
    echo "FAIL strat-events $t: lockstep or hwprof run did not report (sim: ${sim:0:120}; run: ${run:0:120})"; fails=1
  elif [ $((acc - not)) -ne "$rev" ] || [ "$msg" != "$rmsg" ]; then
    echo "FAIL strat-events $t: lockstep took $((acc - not)) events, $msg messages; hwprof run $rev events, $rmsg messages"; fails=1
  else
    echo "PASS strat-events $t: $rev events ($not records no event), $msg messages in both"
  fi
done
exit $fails
