#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Engine rap: where nextpnr's router2 finds congestion (docs/rap.md, FPGA).

Reads router2's congestion-by-net heatmaps (nextpnr-ecp5 ... --router router2
--router2-heatmap PREFIX writes PREFIX_congestion_by_net_<iter>.csv: one line
"net,overused wires it uses" per net) and prints the share of the (net,
overused wire) pairs per group of nets: the stage-2 one-hot arbiter (the
one-hot level registers, the match lines, the level compare and longest-level
logic Yosys names after s2_pr_q, the chosen level, the index encoder into the
RAM addresses, the valid bits), the RAM TCAM, and the largest other groups.

  tests/eval/rap_heatmap.py PREFIX_congestion_by_net_1.csv [...]
"""
import argparse
import collections
import csv
import re
import sys

GROUPS = [
    ("one-hot arbiter", ("g_arbp.lvo_q", "s2_m_q", "s2_pr_q", "s3_lvl_q", "pmem.0.0_ADA", "valid_q")),
    ("RAM TCAM", ("g_tram.u_tcam.",)),
]


def other_group(net):
    n = re.sub(r"\[\d+\]", "", net)
    return re.split(r"_(?:TRELLIS|LUT4|PFUMX|L6MUX21|CCU2C|DOA|DOB|ADA|ADB|DI|WRE)", n)[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="+", help="router2 congestion-by-net heatmap(s)")
    ap.add_argument("--top", type=int, default=8, help="other groups to list (8)")
    a = ap.parse_args()
    for path in a.csv:
        try:
            with open(path, newline="") as f:
                rows = [(n.replace("u_dut.", "", 1), int(v)) for n, v in csv.reader(f)]
        except (OSError, ValueError) as e:
            print(f"rap_heatmap: {path}: {e}", file=sys.stderr)
            return 1
        tot = sum(v for _, v in rows)
        if tot == 0:
            print(f"{path}: no overused wires")
            continue
        print(f"{path}: {len(rows)} nets, {tot} (net, overused wire) pairs")
        rest = collections.Counter()
        shares = collections.Counter()
        parts = collections.Counter()
        for n, v in rows:
            g = next((name for name, pre in GROUPS if n.startswith(pre)), None)
            if g:
                shares[g] += v
                parts[next(p for p in dict(GROUPS)[g] if n.startswith(p))] += v
            else:
                rest[other_group(n)] += v
        for name, pre in GROUPS:
            print(f"  {100 * shares[name] / tot:5.1f}%  {name}")
            if len(pre) > 1:
                for p in pre:
                    print(f"         {100 * parts[p] / tot:5.1f}%  {p}*")
        for name, v in rest.most_common(a.top):
            print(f"  {100 * v / tot:5.1f}%  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
