# SPDX-License-Identifier: Apache-2.0
#
# Sourced by the host-side link checks (tests/checks/link-host-*.sh): builds
# the C device emulator (tests/link/devemu_main.c) into $B/devemu and starts
# and stops it on a pseudo-terminal. The caller sets B (build directory) and
# defines bad() (report a failure); start_emu sets PTY and EMU_PID.
# stream_matches_run NAME RC: hwprof stream exited RC having printed
# $B/NAME.stream (messages in $B/NAME.stream.err); it must have exited 0 with
# exactly hwprof run's $B/NAME.run, or bad() tells why and the status is 1.

build_emu() {
    make -s all >/dev/null || return 1
    ${CC:-cc} -std=c99 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -Icmodel/common -Icmodel \
        tests/link/devemu_main.c build/libhwp.a -lzstd -lm -o "$B/devemu"
}

EMU_PID=
start_emu() { # args for devemu
    rm -f "$B/pty.txt"
    "$B/devemu" "$@" > "$B/pty.txt" 2> "$B/emu.err" &
    EMU_PID=$!
    for _ in $(seq 50); do
        PTY=$(awk '/^PTY/{print $2}' "$B/pty.txt" 2>/dev/null)
        [ -n "$PTY" ] && return 0
        sleep 0.05
    done
    bad "device emulator did not start: $(cat "$B/emu.err")"
    return 1
}
stop_emu() {
    [ -n "$EMU_PID" ] && kill "$EMU_PID" 2>/dev/null && wait "$EMU_PID" 2>/dev/null
    EMU_PID=
}
trap stop_emu EXIT

stream_matches_run() {
    local name=$1 rc=$2
    if [ "$rc" -ne 0 ]; then
        bad "$name: hwprof stream exit $rc: $(grep -v '^link:' "$B/$name.stream.err" | head -3)"
        return 1
    fi
    if ! cmp -s "$B/$name.run" "$B/$name.stream"; then
        bad "$name: profile differs from hwprof run"
        diff "$B/$name.run" "$B/$name.stream" | head -6
        return 1
    fi
}
