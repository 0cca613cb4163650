#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check a Yosys log against fpga/yosys-waivers.txt and summarize cell usage.

usage: yosys_log.py --log LOG --waivers FILE [--stat STAT.json] [--arch ice40|ecp5]

Prints every warning that no waiver matches (exit 1 if any), then one summary
line of the cells that matter on the given architecture (LUTs, flip-flops,
carries, block RAMs, distributed RAM) and how each memory was mapped.
Exit 0 clean, 1 unwaived warnings, 2 usage or unreadable input.
"""
import argparse
import json
import re
import sys

WARN_RE = re.compile(r'(^|[^A-Za-z_])[Ww]arning:')

ARCH_CELLS = {
    'ice40': [('LUT4', ['SB_LUT4']), ('FF', ['SB_DFF*']), ('CARRY', ['SB_CARRY']),
              ('BRAM', ['SB_RAM40_4K']), ('SPRAM', ['SB_SPRAM256KA']), ('DSP', ['SB_MAC16'])],
    'ecp5': [('LUT4', ['LUT4']), ('FF', ['TRELLIS_FF']), ('CARRY', ['CCU2C']),
             ('BRAM', ['DP16KD']), ('LUTRAM', ['TRELLIS_DPR16X4']), ('MUX', ['PFUMX', 'L6MUX21']),
             ('DSP', ['MULT18X18D', 'ALU54B'])],
}


def load_waivers(path):
    waivers = []
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            s = line.rstrip('\n')
            if not s.strip() or s.lstrip().startswith('#'):
                continue
            if '  =>  ' not in s:
                raise ValueError(f'{path}:{n}: expected "<regex>  =>  <reason>"')
            rx, reason = s.split('  =>  ', 1)
            if not reason.strip():
                raise ValueError(f'{path}:{n}: waiver without a reason')
            waivers.append((re.compile(rx.strip()), f'{path}:{n}'))
    return waivers


def cell_counts(stat_path, arch):
    with open(stat_path, encoding='utf-8') as f:
        st = json.load(f)
    by_type = st.get('design', {}).get('num_cells_by_type', {})
    out = {}
    for label, pats in ARCH_CELLS[arch]:
        n = 0
        for t, c in by_type.items():
            for p in pats:
                if (p.endswith('*') and t.startswith(p[:-1])) or t == p:
                    n += c
        out[label] = n
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--log', required=True)
    ap.add_argument('--waivers', required=True)
    ap.add_argument('--stat')
    ap.add_argument('--arch', choices=sorted(ARCH_CELLS))
    ap.add_argument('--json-out', help='write the cell summary as JSON here')
    a = ap.parse_args()
    try:
        waivers = load_waivers(a.waivers)
        with open(a.log, encoding='utf-8', errors='replace') as f:
            lines = f.read().splitlines()
    except (OSError, ValueError, re.error) as e:
        print(f'yosys_log: {e}', file=sys.stderr)
        return 2
    bad = []
    for n, line in enumerate(lines, 1):
        if WARN_RE.search(line) and not any(w.search(line) for w, _ in waivers):
            bad.append(f'{a.log}:{n}: {line}')
    mapped = {}
    for line in lines:
        m = re.match(r'mapping memory (\S+) via (\S+)', line)
        if m:
            mapped.setdefault(m.group(2).strip('$_'), []).append(m.group(1))
    mems = []
    for how, names in sorted(mapped.items()):
        short = sorted(n.split('.', 1)[-1] for n in names)
        mems.append(f'{len(names)} via {how}' + (f' ({" ".join(short)})' if len(names) <= 4 else ''))
    summary = {}
    if a.stat and a.arch:
        try:
            summary = cell_counts(a.stat, a.arch)
        except (OSError, ValueError) as e:
            print(f'yosys_log: {a.stat}: {e}', file=sys.stderr)
            return 2
    summary['memories'] = mems
    for b in bad:
        print(b)
    parts = [f'{k}={v}' for k, v in summary.items() if k != 'memories']
    parts.append('memories: ' + (', '.join(mems) if mems else 'none'))
    print('cells: ' + ' '.join(parts))
    if a.json_out:
        with open(a.json_out, 'w', encoding='utf-8') as f:
            json.dump(summary, f, indent=1)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
