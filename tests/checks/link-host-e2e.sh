#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# End to end over a pseudo-terminal, host side: the C device model of the
# link (tests/link/devemu_main.c, cmodel/link/devemu.c) serves a pty and the
# unmodified `build/hwprof stream` drives it. For mhash, strat, rap and pfp on
# prefixes of real bundled traces the printed profile must equal
# `build/hwprof run` on the same records and options, first on a clean line,
# then with bit flips and dropped bytes injected in both directions (the
# statistics must then show retransmissions). Every field is compared (rap's
# "average" live nodes, mhash's "promotions" and pfp's "dispatch_hash" come
# over the link too; docs/stream.md). Also: missing port, non-tty file, busy port, no answer,
# wrong engine, build-parameter mismatch -> clear message and exit 1; a second
# session on a board left at 3 Mbaud finds it again.
set -u
cd "$(dirname "$0")/../.."
B=build/link
mkdir -p "$B"
HW=build/hwprof
N=20000
fail=0
note() { echo "link-host-e2e: $*"; }
bad() { echo "link-host-e2e: FAIL: $*"; fail=1; }

. tests/link/devemu.sh
build_emu || { echo "link-host-e2e: FAIL: cannot build the device emulator"; exit 1; }

# case NAME ENGINE TRACE "EMU ARGS" ERRORS(0|1) -- stream/run options
run_case() {
    local name=$1 eng=$2 trace=$3 emu=$4 errs=$5
    shift 5
    local max=--max-events
    [ "$eng" = pfp ] && max=--max # hwprof run --engine pfp's name for it
    # clean line: a timeout long enough that a loaded machine causes none;
    # errors: short timeouts (the pty answers at once), many silent ones allowed
    local tmo="--timeout 500"
    [ "$errs" = 1 ] && tmo="--timeout 20 --retries 40"
    start_emu --engine "$eng" $emu || return
    timeout 300 "$HW" stream --port "$PTY" --engine "$eng" $tmo $max $N "$@" "$trace" \
        > "$B/$name.stream" 2> "$B/$name.stream.err"
    local rc=$?
    stop_emu
    "$HW" run --engine "$eng" $max $N "$@" "$trace" 2>/dev/null > "$B/$name.run"
    stream_matches_run "$name" $rc || return
    [ -s "$B/$name.run" ] || { bad "$name: empty profile"; return; }
    local link rt
    link=$(grep '^link:' "$B/$name.stream.err")
    rt=$(sed -E 's/.* retransmits=([0-9]+).*/\1/' <<<"$link")
    local dc
    dc=$(sed -E 's/.* dev_corrupt=([0-9]+).*/\1/' <<<"$link")
    if [ "$errs" = 1 ]; then
        if [ "${rt:-0}" -eq 0 ] || [ "${dc:-0}" -eq 0 ]; then
            bad "$name: errors were injected but retransmits=$rt dev_corrupt=$dc"
            return
        fi
    elif [ "${rt:-0}" -ne 0 ]; then
        bad "$name: clean line but retransmits=$rt"
        return
    fi
    note "ok $name ($(wc -l < "$B/$name.run") lines identical; $(sed -E 's/.*(line_bytes_per_tuple=[0-9.]+).*(retransmits=[0-9]+ timeouts=[0-9]+).*(dev_corrupt=[0-9]+ dev_unknown=[0-9]+ dev_out_of_seq=[0-9]+ dev_duplicates=[0-9]+).*/\1 \2 \3/' <<<"$link"))"
}

ERR="--flip 0.002 --drop 0.002 --seed 7 --outq 8 --slots 4"
ERRM="--flip 0.002 --drop 0.002 --seed 11 --slots 4"
ERRP="--flip 0.0005 --drop 0.0005 --seed 5 --slots 4" # pfp frames carry ~12.5 bytes per record
run_case mhash-edge mhash tests/traces/gzip-edge.hwpt "" 0
run_case mhash-edge-err mhash tests/traces/gzip-edge.hwpt "$ERRM" 1
run_case mhash-retire-json mhash tests/traces/rv-sort-retire.hwpt "" 0 --json
run_case mhash-ldval-err mhash tests/traces/sqlite3-ldval.hwpt "$ERRM" 1 --interval 2000 --json
run_case strat-ldval strat tests/traces/sort-ldval.hwpt "" 0 --rate 16
# a board with a small hashed accumulator (docs/mhash.md): COUNTERS carries
# the refusals by a full set, which must be among the refusals for the case
# to test them
HACC="--accumulator 16 --acc-ways 2 --acc-sets 8 --acc-stash 2"
run_case mhash-hashed mhash tests/traces/gzip-edge.hwpt \
    "--set ACC_K=16 --set ACC_WAYS=2 --set ACC_SETS=8 --set ACC_STASH=2" 0 \
    $HACC --threshold-count 10 --interval 2000 --summary
if grep -Eq '; [1-9][0-9]* of them by a full set' "$B/mhash-hashed.run"; then note "ok mhash-hashed: set conflicts counted"
else bad "mhash-hashed: no set conflicts in the run: $(tail -1 "$B/mhash-hashed.run")"; fi
run_case strat-ldval-err strat tests/traces/sort-ldval.hwpt "$ERR" 1 --rate 16
run_case strat-retire-msgs strat tests/traces/rv-lz-retire.hwpt "$ERR" 1 --rate 32 --messages
# a strat board built with A_4 (the ULX3S top): the A_k size is checked only
# with --ak (without it the profile does not depend on it)
run_case strat-ak4-noak strat tests/traces/sort-ldval.hwpt "--set AK_K=4" 0 --rate 16
run_case strat-ak4-err strat tests/traces/sort-ldval.hwpt "--set AK_K=4 $ERR" 1 --rate 16 --ak --ak-entries 4
run_case rap-bb rap tests/traces/gzip-bb.hwpt "" 0
run_case rap-bb-err rap tests/traces/gzip-bb.hwpt "$ERR" 1 --nodes
run_case rap-edge-json rap tests/traces/perl-edge.hwpt "$ERR" 1 --json --eps 0.05
# pfp takes an instrumented stream (hwprof instrument, basic-block profiling)
"$HW" instrument -k bb -p 25 -w 4000 -o "$B/pfp-sort.hwpt" tests/traces/pfp/sort-retire.hwpt 2>/dev/null &&
"$HW" instrument -k bb -p 10 -w 3000 -o "$B/pfp-wc.hwpt" tests/traces/pfp/wordcount-retire.hwpt 2>/dev/null ||
    bad "hwprof instrument"
run_case pfp-sort pfp "$B/pfp-sort.hwpt" "" 0
run_case pfp-wc-err pfp "$B/pfp-wc.hwpt" "$ERRP" 1 --json
run_case pfp-sort-nopfp-err pfp "$B/pfp-sort.hwpt" "$ERRP --set SET_BITS=4" 1 --no-pfp --sets 16

# errors: missing port, not a tty, busy, no answer, wrong engine, build mismatch
expect_fail() { # name pattern -- command
    local name=$1 pat=$2
    shift 2
    "$@" > "$B/$name.out" 2> "$B/$name.err"
    local rc=$?
    if [ $rc -ne 1 ]; then bad "$name: exit $rc, want 1"; return; fi
    if ! grep -q -- "$pat" "$B/$name.err"; then
        bad "$name: message lacks '$pat': $(head -2 "$B/$name.err")"
        return
    fi
    note "ok $name: $(head -1 "$B/$name.err")"
}
T=tests/traces/gzip-edge.hwpt
expect_fail missing-port "no such device" "$HW" stream --port /dev/hwprof-no-such-port --engine mhash $T
echo "not a tty" > "$B/plainfile"
expect_fail not-a-tty "not a terminal" "$HW" stream --port "$B/plainfile" --engine mhash $T
start_emu --engine mhash
exec 9< "$PTY"
flock -n 9 || bad "busy: could not take the lock for the test"
expect_fail busy-port "busy" "$HW" stream --port "$PTY" --engine mhash --max-events 1000 $T
exec 9<&-
expect_fail wrong-engine "runs engine mhash, requested --engine strat" \
    "$HW" stream --port "$PTY" --engine strat --max-events 1000 $T
expect_fail build-mismatch "ACC_K=100, the requested options give 50 (--accumulator)" \
    "$HW" stream --port "$PTY" --engine mhash --accumulator 50 --max-events 1000 $T
expect_fail acc-ways-mismatch "ACC_WAYS=0, the requested options give 4 (--acc-ways)" \
    "$HW" stream --port "$PTY" --engine mhash --acc-ways 4 --acc-sets 64 --acc-stash 8 --max-events 1000 $T
# the board is now at 3 Mbaud (left by the sessions above): a new session finds it
"$HW" stream --port "$PTY" --engine mhash --max-events 3000 $T > "$B/again.stream" 2> "$B/again.err"
"$HW" run --engine mhash --max-events 3000 $T > "$B/again.run"
if cmp -s "$B/again.run" "$B/again.stream"; then note "ok second session on a board left at 3000000 baud"
else bad "second session: $(grep -v '^link:' "$B/again.err" | head -2)"; fi
# a rap board built without the live-node sum (LIVE_SUM=0, the iCEBreaker's):
# stream prints the average as "-" / null, everything else as run
stop_emu
start_emu --engine rap --set LIVE_SUM=0
nosum() { sed -E 's/ max, [0-9.]+ average;/ max, - average;/; s/"nodes_avg":[0-9.]+/"nodes_avg":null/'; }
for j in "" --json; do
    "$HW" stream --port "$PTY" --engine rap --max-events 3000 $j $T > "$B/nosum.stream" 2> "$B/nosum.err"
    "$HW" run --engine rap --max-events 3000 $j $T | nosum > "$B/nosum.run"
    if grep -q -- '- average;\|"nodes_avg":null' "$B/nosum.stream" && cmp -s "$B/nosum.run" "$B/nosum.stream"
    then note "ok no-live-sum${j}: average printed as - / null, the rest as run"
    else bad "no-live-sum${j}: $(grep -v '^link:' "$B/nosum.err" | head -2)"; fi
done
# a strat board with A_4 and --ak with the default 16 entries: named mismatch
stop_emu
start_emu --engine strat --set AK_K=4
expect_fail ak-mismatch "AK_K=4, the requested options give 16 (--ak-entries)" \
    "$HW" stream --port "$PTY" --engine strat --ak --max-events 1000 $T
kill -STOP "$EMU_PID"
expect_fail no-answer "no answer from the device: sent HELLO" \
    "$HW" stream --port "$PTY" --engine mhash --timeout 30 --retries 2 --max-events 1000 $T
kill -CONT "$EMU_PID"
stop_emu

# a board that feeds its engine itself (the SoC's board top: INFO record kind
# 0, docs/protocol.md): the emulator's engine takes a prefix of a trace as
# its own source after EOS, the host streams a trace of no records, and its
# summaries use the count the board reports (STATUS field 1): the profile
# must equal `hwprof run` on the source. rap and mhash name their trace, so
# the host's empty trace takes the source's path once the emulator has read
# it. One case with injected errors; then a host with records for such a
# board is refused.
: > "$B/empty.txt"
"$HW" convert "$B/empty.txt" "$B/empty.hwpt" || bad "hwprof convert of an empty trace"
src_case() { # NAME ENGINE TRACE "EMU ARGS" -- stream/run options
    local name=$1 eng=$2 trace=$3 emu=$4
    shift 4
    local src=$B/$name.hwpt
    "$HW" convert "$trace" - | head -n $N | "$HW" convert - "$src" || { bad "$name: source prefix"; return; }
    "$HW" run --engine "$eng" "$@" "$src" 2>/dev/null > "$B/$name.run"
    start_emu --engine "$eng" --source "$src" $emu || return
    cp "$B/empty.hwpt" "$src"
    timeout 300 "$HW" stream --port "$PTY" --engine "$eng" --timeout 20 --retries 40 "$@" "$src" \
        > "$B/$name.stream" 2> "$B/$name.stream.err"
    local rc=$?
    stop_emu
    stream_matches_run "$name" $rc || return
    [ "$eng" = strat ] || grep -q " $N events" "$B/$name.stream" ||
        { bad "$name: the profile does not give the source's $N events"; return; }
    note "ok $name (the board's own $N events; $(wc -l < "$B/$name.run") lines identical)"
}
src_case src-rap rap tests/traces/gzip-bb.hwpt ""
src_case src-mhash mhash tests/traces/gzip-edge.hwpt "$ERRM" --interval 2000
src_case src-strat strat tests/traces/sort-ldval.hwpt "" --rate 16
start_emu --engine rap --source "$B/src-rap.hwpt"
expect_fail src-with-records "takes no records: the trace has records" \
    "$HW" stream --port "$PTY" --engine rap tests/traces/gzip-bb.hwpt
stop_emu

if [ $fail -ne 0 ]; then echo "link-host-e2e: FAIL"; exit 1; fi
echo "link-host-e2e: PASS"
