#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the frame-level differential fuzz target of the link
# (tests/fuzz/fuzz_rtl_link.cpp): a Verilated board core (rtl/board/
# hwp_board_core.v: the link, the two-clock shell and the strat adapter) with
# a small strat engine (tests/fuzz/hwp_sizes.vh: the sizes fuzz_rtl_link.cpp
# gives the C emulator) and
# the C device emulator with the engines' models, compiled with clang and
# libFuzzer.
#   tests/fuzz/build_rtl_link.sh OUT C-SOURCE...   (the Makefile passes LIB_SRC)
set -eu
cd "$(dirname "$0")/../.."
out=$1; shift
dir=$(dirname "$out")/rtl_link
rm -rf "$dir" && mkdir -p "$dir"
rtl=${RTL_DIR:-rtl}
vinc=$(${VERILATOR:-verilator} --getenv VERILATOR_ROOT)/include
files=()
for f in $(sed 's/#.*//' "$rtl/board/board.f") board/hwp_adapt_strat.v \
         $(sed -n 's/^SIM_RTL *:= *//p' tb/strat/engine.mk); do
  files+=("$rtl/$f")
done
${VERILATOR:-verilator} --cc -O2 -Wno-fatal --prefix Vlink_strat --top-module hwp_board_core \
  -DHWP_SIM_PLL -DHWP_ENGINE_STRAT -Itests/fuzz -I"$rtl/board" \
  -GCLK_KHZ=461 -GBOOT_DIV=1024 -GFALLBACK=16777215 \
  -I"$rtl" -I"$rtl/common" "${files[@]}" -Mdir "$dir/v" > "$dir/verilator.log" 2>&1 || { cat "$dir/verilator.log"; exit 1; }
san=(-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
objs=()
for c in "$@"; do
  o=$dir/$(echo "$c" | tr / _).o
  ${CLANG:-clang} -std=c99 -g -O1 "${san[@]}" -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
    -Icmodel/common -Icmodel -c "$c" -o "$o"
  objs+=("$o")
done
# the Verilated model: optimised, with libFuzzer's coverage (so that new RTL
# states guide the search) but without the sanitizers, which slow it down
# tenfold and check only generated code
for c in "$dir"/v/*.cpp "$vinc/verilated.cpp" "$vinc/verilated_threads.cpp"; do
  o=$dir/v_$(basename "$c" .cpp).o
  ${CLANGXX:-clang++} -std=c++14 -O2 -fsanitize=fuzzer-no-link -I"$vinc" -I"$vinc/vltstd" -I"$dir/v" -w -c "$c" -o "$o"
  objs+=("$o")
done
${CLANGXX:-clang++} -std=c++14 -g -O1 "${san[@]}" -I"$vinc" -I"$vinc/vltstd" -I"$dir/v" -Itests/fuzz \
  -Icmodel/common -Icmodel -w -o "$out" tests/fuzz/fuzz_rtl_link.cpp "${objs[@]}" -lzstd -lm -lpthread -latomic
