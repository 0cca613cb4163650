#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that every signal a GTKWave layout (tb/<engine>/<engine>.gtkw) names
exists in that engine's dump (make wave-dump), so that `make wave` never opens
on missing traces after the RTL changed. Usage:
    wave-layouts.py LAYOUT.gtkw DUMP.fst
Prints one PASS/FAIL line; lists every missing signal."""
import re
import subprocess
import sys


def dump_signals(fst):
    vcd = subprocess.run(["fst2vcd", fst], capture_output=True, text=True, check=True).stdout
    names, scope = set(), []
    for line in vcd.splitlines():
        t = line.split()
        if not t:
            continue
        if t[0] == "$scope":
            scope.append(t[2])
        elif t[0] == "$upscope":
            scope.pop()
        elif t[0] == "$var":
            names.add(".".join(scope + [t[4]]))
        elif t[0] == "$enddefinitions":
            break
    return names


def layout_signals(gtkw):
    out = []
    for line in open(gtkw):
        line = line.strip()
        if line.startswith("TOP."):
            out.append(re.sub(r"\[\d+:\d+\]$", "", line))
    return out


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    layout, fst = sys.argv[1:]
    have = dump_signals(fst)
    want = layout_signals(layout)
    missing = [s for s in want if s not in have]
    if not want:
        print(f"FAIL wave-layout {layout}: names no signal")
        return 1
    if missing:
        print(f"FAIL wave-layout {layout}: {len(missing)} of {len(want)} signals not in {fst}:")
        for s in missing:
            print(f"  {s}")
        return 1
    print(f"PASS wave-layout {layout}: all {len(want)} signals in the dump")
    return 0


if __name__ == "__main__":
    sys.exit(main())
