#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs a program on the SoC simulator (make soc-sim; docs/soc.md):
#   tb/soc/soc-run.sh PROGRAM [TRACE] [-- ENGINE OPTIONS]
#       PROGRAM: a C file (built with the runtime of tests/soc/rt into
#       build/soc/prog/NAME.elf) or an rv32 ELF; the retire trace goes to
#       TRACE (default build/soc/NAME.hwpt). SOC_SIM: the simulator (default
#       build/soc/Vhwp_soc; make soc-sim ENGINE=e passes the engine's, and the
#       options after -- go to it: those of `hwprof run --engine e`).
#       SOC_PROFILE=FILE: the engine's profile goes there instead of stdout.
#   tb/soc/soc-run.sh --build-only FILE.c OUT.elf
#   tb/soc/soc-run.sh --image ELF OUT.hex     the memory image only (board builds)
# SOC_MEM_AW=n (default 17): C files are linked for a memory of 2^n bytes
# (the SoC's MEM_AW; the stack at its top).
# Exit status: the program's exit code; 125 if the simulation failed; 2 usage.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
RT=tests/soc/rt
CROSS=riscv64-unknown-elf-
# the runtime's link: picolibc's headers and libc, our crt0 and linker script
SOC_CFLAGS=(-march=rv32im -mabi=ilp32 --specs=picolibc.specs -nostartfiles -O2 -g
  -Wall -Wextra -Werror -I"$RT" -T "$RT/soc.ld")
mem_aw=${SOC_MEM_AW:-17}
case $mem_aw in 1[2-9]) ;; *) echo "soc-run: SOC_MEM_AW must be 12..19, not '$mem_aw'" >&2; exit 2 ;; esac
[ "$mem_aw" -eq 17 ] || SOC_CFLAGS+=("-Wl,--defsym=__ram_size=$((1 << mem_aw))")

build_elf() { # C file -> ELF
  mkdir -p "$(dirname "$2")"
  "${CROSS}gcc" "${SOC_CFLAGS[@]}" -o "$2" "$RT/crt0.S" "$RT/soc_rt.c" "$1"
}

# ELF -> memory image: word addresses from the memory's base
# (rtl/soc/hwp_soc_mem.v); the MMIO page is not memory
make_image() {
  local elf=$1 hex=$2 hdr base
  hdr=$("${CROSS}readelf" -h "$elf" 2>/dev/null) || { echo "soc-run: $elf is not an ELF file" >&2; exit 2; }
  if ! grep -q 'Class: *ELF32' <<<"$hdr" || ! grep -q 'Machine: *RISC-V' <<<"$hdr"; then
    echo "soc-run: $elf is not a 32-bit RISC-V ELF (build rv32im: -march=rv32im -mabi=ilp32)" >&2
    exit 2
  fi
  base=$("${CROSS}readelf" -l "$elf" | awk '$1 == "LOAD" { print $3; exit }')
  if [ -z "$base" ] || [ $((base)) -ne $((0x00020000)) ]; then
    echo "soc-run: $elf is linked at ${base:-?}; the SoC's memory starts at 0x00020000 (link with $RT/soc.ld)" >&2
    exit 2
  fi
  mkdir -p "$(dirname "$hex")"
  "${CROSS}objcopy" -O verilog --verilog-data-width=4 --change-addresses=-"$base" -R .mmio "$elf" "$hex"
}

if [ "${1:-}" = --image ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --image ELF OUT.hex" >&2; exit 2; }
  make_image "$2" "$3"; exit
fi
if [ "${1:-}" = --build-only ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --build-only FILE.c OUT.elf" >&2; exit 2; }
  build_elf "$2" "$3"; exit
fi
eopts=()
args=()
while [ $# -gt 0 ]; do
  if [ "$1" = -- ]; then shift; eopts=("$@"); break; fi
  args+=("$1"); shift
done
set -- "${args[@]}"
[ $# -ge 1 ] && [ $# -le 2 ] || { sed -n '3,14p' "$0" >&2; exit 2; }
prog=$1
[ -f "$prog" ] || { echo "soc-run: no such file: $prog" >&2; exit 2; }
name=$(basename "$prog"); name=${name%.*}
case $prog in
  *.c) elf=$BUILD/soc/prog/$name.elf; build_elf "$prog" "$elf" ;;
  *) elf=$prog ;;
esac
trace=${2:-$BUILD/soc/$name.hwpt}
# the memory image next to the trace: runs with their own traces share nothing
hex=${trace%.*}.hex
mkdir -p "$(dirname "$trace")"
make_image "$elf" "$hex"
echo "soc: running $elf" >&2
set +e
# the cycle limit: SOC_MAX_CYCLES (make soc-sim SOC_MAX_CYCLES=n), else the simulator's default
sim=${SOC_SIM:-$BUILD/soc/Vhwp_soc}
if [ "${sim##*/}" = Vhwp_soc ]; then
  "$sim" +hex="$hex" --trace "$trace" ${SOC_MAX_CYCLES:+--max-cycles "$SOC_MAX_CYCLES"}
else
  "$sim" +hex="$hex" --trace "$trace" ${SOC_MAX_CYCLES:+--max-cycles "$SOC_MAX_CYCLES"} \
    ${SOC_PROFILE:+--profile "$SOC_PROFILE"} -- ${eopts[@]+"${eopts[@]}"}
fi
rc=$?
set -e
exit $rc
