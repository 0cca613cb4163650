#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# The results pages mark a build stale when the files it read have changed
# (fpga/report.py stale). A board's hwp_sizes.vh holds every engine's sizes
# and clock; a build is judged on its own engine's part only: changing
# another engine's block leaves it current, changing its own block or the
# shared lines does not. Checked on each board's file, edited in memory.
set -u
cd "$(dirname "$0")/../.."
python3 - <<'PY'
import re, sys
sys.path.insert(0, 'fpga')
import report
fail = 0
for board in ('icebreaker', 'ulx3s'):
    path = f'fpga/{board}/hwp_sizes.vh'
    text = open(path, 'rb').read()
    engines = [e.decode().lower() for e in re.findall(rb'`ifdef HWP_ENGINE_(\w+)', text)]
    if len(engines) < 2:
        print(f'fpga-stale: FAIL: {path} names fewer than two engines'); fail = 1; continue
    for e in engines:
        other = engines[(engines.index(e) + 1) % len(engines)]
        def bump(t, eng):
            # the engine's HWP_ENG_MHZ line, changed
            pat = rb'(`ifdef HWP_ENGINE_' + eng.upper().encode() + rb'\n(?:.*\n)*?`define HWP_ENG_MHZ\s+)(\d+)'
            return re.sub(pat, lambda m: m.group(1) + str(int(m.group(2)) + 5).encode(), t, count=1)
        view = report.engine_view(path, text, e)
        cases = [('another engine\'s clock', bump(text, other), True),
                 ('its own clock', bump(text, e), False),
                 ('a shared line', text.replace(b'`define HWP_PLL', b'`define HWP_PLL_X', 1), False)]
        for what, t, same in cases:
            if t == text:
                print(f'fpga-stale: FAIL: {path}: could not edit {what} for {e}'); fail = 1
            elif (report.engine_view(path, t, e) == view) != same:
                print(f'fpga-stale: FAIL: {path}: {e}: changing {what} '
                      f'{"marks" if same else "does not mark"} the build stale'); fail = 1
    if report.engine_view('rtl/x.v', text, engines[0]) != text:
        print('fpga-stale: FAIL: a file other than hwp_sizes.vh is not hashed whole'); fail = 1
print('fpga-stale: PASS' if not fail else 'fpga-stale: FAIL')
sys.exit(fail)
PY
