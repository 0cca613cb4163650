#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SoC's FuseSoC core (hwprof-soc.core, docs/integration.md; that it equals
# what `make gen` writes is tests/checks/fusesoc.sh's): PicoRV32 must come
# from the generator (the installed pythondata-cpu-picorv32, no copy in the
# tree), the lint targets must pass for every engine (Verilator -Wall on
# hwp_soc_eng through FuseSoC and Edalize), the sim target must run
# tests/soc/lz.c on the SoC with strat and its post-run hook must find the
# profile read out of the engine equal to `hwprof run` on the run's retire
# trace, and every ulx3s target must set up (the synthesis and place and
# route are `make fusesoc CORE=soc TARGET=ulx3s`, outside make test).
# With RTL_DIR set (the mutation checks) FuseSoC reads the core from a
# scratch library in which rtl/ is that folder.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
mkdir -p "$BUILD"
check_begin fusesoc-soc
[ -x .venv/bin/fusesoc ] || fail "fusesoc not installed (make deps)"
[ ! -e rtl/soc/picorv32.v ] && ! git ls-files --error-unmatch '*picorv32.v' > /dev/null 2>&1 ||
  fail "a copy of picorv32.v is in the tree (it comes from pythondata-cpu-picorv32)"
# the library: the tree, rtl/ from RTL_DIR
lib=$tmp/lib
mkdir -p "$lib"
for f in *; do
  case $f in build) ;; rtl) ln -s "$(cd "${RTL_DIR:-rtl}" && pwd)" "$lib/rtl" ;; *) ln -s "$PWD/$f" "$lib/$f" ;; esac
done
touch "$BUILD/FUSESOC_IGNORE"
fs=(env "PATH=$PWD/fpga/fusesoc-bin:$PWD/.venv/bin:$PATH" nice "$PWD/.venv/bin/fusesoc" --cores-root "$lib")
vlnv=hwprof:soc:soc:0.1
mapfile -t targets < <(sed -n 's/^  \(lint\|sim\|ulx3s\)\(_[a-z]*\)\?:$/\1\2/p' hwprof-soc.core)
n=0 nb=0
for t in "${targets[@]}"; do
  case $t in
    lint*) "${fs[@]}" run --build-root "$tmp/$t" --target="$t" $vlnv > "$tmp/$t.log" 2>&1 ||
             { grep -v '^WARNING: The file' "$tmp/$t.log" | tail -20; fail "target $t of hwprof-soc.core"; }
           grep -q "picorv32_0.1/picorv32.v" "$tmp/$t"/*/*/*.vc || fail "target $t: no picorv32.v from the generator"
           n=$((n + 1)) ;;
    ulx3s*) "${fs[@]}" run --setup --build-root "$tmp/$t" --target="$t" $vlnv > "$tmp/$t.log" 2>&1 ||
              { tail -20 "$tmp/$t.log"; fail "target $t of hwprof-soc.core does not set up"; }
            nb=$((nb + 1)) ;;
  esac
done
[ $n -ge 3 ] && [ $nb -eq $n ] || fail "hwprof-soc.core has $n lint and $nb ulx3s targets, expected one each per engine of the SoC board top (3)"
"${fs[@]}" run --build-root "$tmp/sim" --target=sim $vlnv > "$tmp/sim.log" 2>&1 ||
  { grep -v '^WARNING: The file' "$tmp/sim.log" | tail -20; fail "sim target of hwprof-soc.core"; }
grep -q '^lz: 6000 bytes -> .* round trip ok$' "$tmp/sim.log" || { tail -20 "$tmp/sim.log"; fail "sim: program output wrong"; }
pass=$(grep -m1 '^PASS soc sim: ' "$tmp/sim.log") || { tail -20 "$tmp/sim.log"; fail "sim target printed no PASS line"; }
s=$(grep -m1 '^soc: exit code' "$tmp/sim.log")
echo "PASS fusesoc-soc: $n lint targets clean, $nb ulx3s targets set up; sim: ${pass#PASS soc sim: }; ${s%%; retire*}"
