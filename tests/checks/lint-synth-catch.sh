#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The lint and the Yosys synthesis check can fail: on a copy of rtl/ with a
# deliberately broken hash unit (a signal that is used but never driven, a
# truncating assignment and a second driver on an output bit), tests/lint.sh
# and fpga/synth-check.sh must print FAIL lines naming the broken signals, and exit non-zero. The hash unit is
# used because every engine builds on it. Exit 0 if both checks catch it.
set -u
cd "$(dirname "$0")/../.."
root=build/checks/lint-synth-catch
rm -rf "$root" && mkdir -p "$root"
cp -r rtl "$root/rtl"
f=$root/rtl/common/hwp_hash.v
# Insert before the last endmodule: an undriven wire feeding a register, a
# 2-bit value assigned to a 1-bit register, a second driver of out_tag_o[0].
python3 - "$f" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
i = s.rindex('endmodule')
s = s[:i] + ("    wire mut_undriven_w;\n"
             "    reg  mut_q, mut_w_q;\n"
             "    always @(posedge clk_i) mut_q <= mut_undriven_w;\n"
             "    always @(posedge clk_i) mut_w_q <= {in_valid_i, mut_q};\n"
             "    assign out_tag_o[0] = mut_w_q;\n") + s[i:]
open(p, 'w').write(s)
PY
if cmp -s rtl/common/hwp_hash.v "$f"; then
  echo "lint-synth-catch: the mutation did not change the file"; exit 1
fi
ok=1

RTL_DIR=$root/rtl BUILD=$root bash tests/lint.sh hash >"$root/lint.log" 2>&1
rc=$?
nf=$(grep -c '^FAIL lint hash/' "$root/lint.log")
echo "lint on the mutant: exit $rc, $nf FAIL lines"
if [ $rc -eq 0 ] || [ "$nf" -eq 0 ] || ! grep -q "mut_undriven_w" "$root/lint.log" \
   || ! grep -q "WIDTH" "$root/lint.log" || ! grep -q "MULTIDRIVEN" "$root/lint.log"; then
  echo "lint-synth-catch: lint did not report the undriven signal, the width error and the second driver (see $root/lint.log)"; ok=0
fi

RTL_DIR=$root/rtl BUILD=$root SYNTH_ARCHS=ice40 bash fpga/synth-check.sh hash >"$root/synth.log" 2>&1
rc=$?
nf=$(grep -c '^FAIL synth hash ice40' "$root/synth.log")
echo "synth-check on the mutant: exit $rc, $nf FAIL lines"
if [ $rc -eq 0 ] || [ "$nf" -eq 0 ] || ! grep -q "Warning: .*mut_undriven_w.* no driver" "$root/synth.log" \
   || ! grep -q "Warning: multiple conflicting drivers" "$root/synth.log"; then
  echo "lint-synth-catch: synth-check did not report the undriven signal and the second driver (see $root/synth.log)"; ok=0
fi
[ $ok -eq 1 ] && echo "lint-synth-catch: both checks caught the broken RTL"
[ $ok -eq 1 ]
