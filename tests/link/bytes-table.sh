#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Bytes per tuple of the link's wire encoding (docs/protocol.md) on every
# bundled real trace, measured with `hwprof stream --encode-only` (no board:
# the encoder and framer of cmodel/link run over the whole trace). Prints the
# markdown table of docs/stream.md. tuples/s at 3 Mbaud is computed
# (3,000,000 / 10 bits per byte / line bytes per tuple), not measured.
# The last rows are pfp on the instrumented streams it really takes:
# tests/traces/pfp/*-retire.hwpt through `hwprof instrument` with the options
# of tb/pfp/engine.mk's sort-bb-25 and wordcount-bb-10 streams.
set -eu
cd "$(dirname "$0")/../.."
HW=build/hwprof
f() { sed -E "s/.* $1=([0-9.]+).*/\1/"; }
echo "| trace | records | engine (wire kind) | payload B/tuple | line B/tuple | raw B/tuple | tuples/s at 3 Mbaud (computed) |"
echo "|---|---:|---|---:|---:|---:|---:|"
for t in tests/traces/*.hwpt; do
    name=$(basename "$t" .hwpt)
    runs=("mhash")
    case $name in
        *-retire) runs=("mhash" "strat" "pfp") ;;
        *) runs=("mhash" "rap") ;;
    esac
    for e in "${runs[@]}"; do
        extra=()
        [ "$e" = rap ] && extra=(--width 64)
        out=$("$HW" stream --encode-only --engine "$e" "${extra[@]}" "$t")
        kind=$(sed -E 's/.* kind=([a-z0-9]+) .*/\1/' <<<"$out")
        printf "| %s | %s | %s (%s) | %s | %s | %s | %s |\n" "$name" "$(f tuples <<<"$out")" "$e" "$kind" \
            "$(f payload_bytes_per_tuple <<<"$out")" "$(f line_bytes_per_tuple <<<"$out")" \
            "$(f raw_bytes_per_tuple <<<"$out")" "$(f tuples_per_s_at_3000000_baud <<<"$out")"
    done
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for spec in "sort:-k bb -p 25 -w 4000" "wordcount:-k bb -p 10 -w 3000"; do
    p=${spec%%:*}
    # shellcheck disable=SC2086
    "$HW" instrument ${spec#*:} -o "$tmp/$p.hwpt" "tests/traces/pfp/$p-retire.hwpt" 2>/dev/null
    out=$("$HW" stream --encode-only --engine pfp "$tmp/$p.hwpt")
    printf "| pfp/%s-retire, instrumented (%s) | %s | pfp (retire) | %s | %s | %s | %s |\n" "$p" "${spec#*:}" \
        "$(f tuples <<<"$out")" "$(f payload_bytes_per_tuple <<<"$out")" "$(f line_bytes_per_tuple <<<"$out")" \
        "$(f raw_bytes_per_tuple <<<"$out")" "$(f tuples_per_s_at_3000000_baud <<<"$out")"
done
