#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the differential fuzz target of the link's payload decoder
# (tests/fuzz/fuzz_rtl_dec.cpp): four Verilated builds of rtl/link/hwp_link_dec.v
# (tuple2 W=64; tuple2 W=32; tuple1 W=32; retire W=16 keeping 32 value and
# address bits) and the C decoder, compiled with clang and libFuzzer.
#   tests/fuzz/build_rtl_dec.sh OUT
set -eu
cd "$(dirname "$0")/../.."
out=$1
dir=$(dirname "$out")/rtl_dec
rm -rf "$dir" && mkdir -p "$dir"
rtl=${RTL_DIR:-rtl}/link/hwp_link_dec.v
vinc=$(${VERILATOR:-verilator} --getenv VERILATOR_ROOT)/include
srcs=()
while read -r name params; do
  # shellcheck disable=SC2086
  ${VERILATOR:-verilator} --cc -O2 -Wno-fatal --prefix "V$name" $params --top-module hwp_link_dec \
    "$rtl" -Mdir "$dir/$name" > "$dir/$name.log" 2>&1 || { cat "$dir/$name.log"; exit 1; }
  srcs+=("$dir/$name"/*.cpp)
done <<'LIST'
dec_t2w64 -GNF=2 -GW=64
dec_t2w32 -GNF=2 -GW=32 -GVW=34
dec_t1w32 -GNF=1 -GW=32
dec_r16 -GNF=5 -GW=16 -GVW=34 -GRVW=32 -GRAW=32
LIST
incs=()
for d in "$dir"/dec_*/; do incs+=(-I"$d"); done
san=(-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
for c in cmodel/link/link.c cmodel/common/trace.c; do
  ${CLANG:-clang} -std=c99 -g -O1 "${san[@]}" -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
    -Icmodel/common -Icmodel -c "$c" -o "$dir/$(basename "$c" .c).o"
done
${CLANGXX:-clang++} -std=c++14 -g -O1 "${san[@]}" -I"$vinc" -I"$vinc/vltstd" "${incs[@]}" \
  -Icmodel/common -Icmodel -w -o "$out" tests/fuzz/fuzz_rtl_dec.cpp "${srcs[@]}" \
  "$vinc/verilated.cpp" "$vinc/verilated_threads.cpp" "$dir/link.o" "$dir/trace.o" -lzstd -lpthread -latomic
