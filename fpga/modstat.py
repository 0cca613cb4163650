#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Per-module cell counts of board tops, as a results page.

Reads build/modstat/<board>/<engine>/modstat.json (Yosys `stat -json` after
`synth_<arch> -noflatten`, written by `SYNTH_MODSTAT=1 fpga/synth.sh`) and,
when present, the flattened build's build/synth-board/<board>/<engine>/
summary.json, and writes docs/results/fpga-modules.md: per (board, engine)
the module tree from the top, each module's own LUT4, flip-flops, carry
cells and block RAMs and the same including its submodules.

    fpga/modstat.py --root build --out docs/results/fpga-modules.md
"""
import argparse
import collections
import datetime
import glob
import json
import os
import re

BOARDS = {'icebreaker': 'icebreaker (iCE40UP5K-SG48)', 'ulx3s': 'ulx3s (LFE5U-85F-6BG381C)'}
# cell kinds per family: (LUT, flip-flop prefix, carry, block RAM)
KINDS = {
    'ice40': (('SB_LUT4',), 'SB_DFF', ('SB_CARRY',), ('SB_RAM40_4K', 'SB_SPRAM256KA')),
    'ecp5': (('LUT4',), 'TRELLIS_FF', ('CCU2C',), ('DP16KD', 'PDPW16KD')),
}


def short(name):
    """Module name without Yosys's parameter hash: $paramod$<h>\\hwp_x -> hwp_x."""
    name = name.lstrip('\\')
    m = re.match(r'\$paramod(?:\$[0-9a-f]+)?\\([A-Za-z0-9_]+)', name)
    return m.group(1) if m else name


def counts(cells, arch):
    lut, ffp, car, ram = KINDS[arch]
    c = [0, 0, 0, 0]
    for t, n in cells.items():
        if t in lut:
            c[0] += n
        elif t.startswith(ffp):
            c[1] += n
        elif t in car:
            c[2] += n
        elif t in ram:
            c[3] += n
    return c


def tree(stat, arch):
    """Rows (depth, module, instances, own counts, total counts) from the top."""
    # module names carry a leading backslash when they have no parameters,
    # cell types (the instances of them) do not
    mods = {m.lstrip('\\'): v for m, v in stat['modules'].items()}
    own = {m: counts(v['num_cells_by_type'], arch) for m, v in mods.items()}
    subs = {m: {t: n for t, n in v['num_cells_by_type'].items() if t in mods} for m, v in mods.items()}
    total = {}

    def tot(m):
        if m not in total:
            t = list(own[m])
            for s, n in subs[m].items():
                t = [a + n * b for a, b in zip(t, tot(s))]
            total[m] = t
        return total[m]

    used = {s for v in subs.values() for s in v}
    tops = [m for m in mods if m not in used]
    rows = []

    def walk(m, depth, n):
        rows.append((depth, m, n, own[m], tot(m)))
        for s in sorted(subs[m], key=lambda s: -tot(s)[0]):
            walk(s, depth + 1, subs[m][s])

    for t in tops:
        walk(t, 0, 1)
    return rows


def flat_summary(root, board, eng):
    """The flattened build's logic cells as placement counted them (its nextpnr.log)."""
    p = os.path.join(root, 'synth-board', board, eng, 'nextpnr.log')
    if not os.path.exists(p):
        return None
    m = re.search(r'(ICESTORM_LC|TRELLIS_COMB):\s+(\d+)/\s*(\d+)', open(p).read())
    return 'flattened build (`make synth`) needs %s / %s logic cells (%s)' % (m.group(2), m.group(3), m.group(1)) \
        if m else None


def packed(path):
    """Logic cells of nextpnr's packed (unplaced) netlist per instance path.

    A cell's name is the net it drives, prefixed by the instances (u_*, g_*)
    of the scope that named the net: a flip-flop's output net or a LUT's,
    often the port name of the parent that the net leaves through, so the
    attribution is to the scope whose signal it is. Per scope: all logic
    cells, those holding a flip-flop without its LUT (nextpnr's DFF-only
    cells, `<ff>_DFFLC`: a register loaded from another register, an input
    or a block RAM, or whose LUT also feeds other logic), and the signals
    with the most cells."""
    cells = list(json.load(open(path))['modules'].values())[0]['cells']
    lc, dff = collections.Counter(), collections.Counter()
    sig, sdff = collections.defaultdict(collections.Counter), collections.defaultdict(collections.Counter)
    for n, c in cells.items():
        if c['type'] != 'ICESTORM_LC':
            continue
        parts = n.split('.')
        k = 0
        while k < len(parts) - 1 and re.match(r'[ug]_', parts[k]):
            k += 1
        scope = '.'.join(parts[:k]) or '(top)'
        name = re.split(r'_SB_|\[|\.', parts[k])[0]
        lc[scope] += 1
        sig[scope][name] += 1
        if n.endswith('_DFFLC'):
            dff[scope] += 1
            sdff[scope][name] += 1
    rows = ['| scope | logic cells | of which flip-flop only | signals with the most cells (flip-flop only) |',
            '|---|---|---|---|']
    for scope, n in sorted(lc.items(), key=lambda x: -x[1]):
        top = ', '.join('`%s` %d (%d)' % (k, v, sdff[scope][k]) for k, v in sig[scope].most_common(8))
        rows.append('| `%s` | %d | %d | %s |' % (scope, n, dff[scope], top))
    return sum(lc.values()), sum(dff.values()), rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--root', required=True, help='build directory (holds modstat/ and synth-board/)')
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    out = ['# FPGA results: cells per module', '',
           'Generated by `make fpga-modules` (fpga/modstat.sh, fpga/modstat.py) from `build/modstat/<board>/<engine>/` '
           '(`modstat.json`, and on the iCE40 `packed.json`); '
           'do not edit by hand. Each board top synthesized by Yosys with the hierarchy kept '
           '(`SYNTH_MODSTAT=1 fpga/synth.sh`, `synth_<arch> -noflatten`, same sources and sizes as `make synth`), '
           'so that the cells can be attributed: per module its own LUT4, flip-flops, carry cells and block RAMs, '
           'and the same including its submodules. A module used several times with one parameter set is listed '
           'once per parent with its instance count (own counts are per instance, totals are for all of them). '
           'Without flattening Yosys cannot fold constants across module boundaries (e.g. the INFO words, the '
           'unused high bits of 64-bit output fields), so these LUT4 counts exceed the flattened build\'s; '
           'docs/results/fpga.md has the flattened builds and what placement needs.', '',
           'Generated %s.' % datetime.date.today().isoformat(), '']
    for p in sorted(glob.glob(os.path.join(a.root, 'modstat', '*', '*', 'modstat.json'))):
        board, eng = p.split(os.sep)[-3:-1]
        arch = 'ice40' if board == 'icebreaker' else 'ecp5'
        rows = tree(json.load(open(p)), arch)
        out += ['## %s: %s' % (BOARDS.get(board, board), eng), '']
        fs = flat_summary(a.root, board, eng)
        t = rows[0][4]
        out += ['Whole top (no flattening): %d LUT4, %d FF, %d carry, %d block RAM.%s' %
                (t[0], t[1], t[2], t[3], (' Its ' + fs + '.') if fs else ''), '']
        out += ['| module | n | LUT4 | FF | carry | RAM | LUT4 incl. sub | FF incl. sub | carry incl. sub | RAM incl. sub |',
                '|---|---|---|---|---|---|---|---|---|---|']
        for depth, m, n, o, tt in rows:
            name = '&nbsp;&nbsp;' * depth + '`' + short(m) + '`'
            out.append('| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |' %
                       ((name, n) + tuple(o) + tuple(x * n for x in tt)))
        out.append('')
        pj = os.path.join(os.path.dirname(p), 'packed.json')
        if os.path.exists(pj):
            n, nd, rows = packed(pj)
            out += ['Packed by nextpnr (`--pack-only`, the flattened `make synth` netlist, before placement): '
                    '%d logic cells, %d of them a flip-flop without its LUT. Cells are named after the net they '
                    'drive, so each is counted in the scope whose signal that net is (often a parent\'s port).' % (n, nd), '']
            out += rows + ['']
    os.makedirs(os.path.dirname(a.out) or '.', exist_ok=True)
    with open(a.out, 'w') as f:
        f.write('\n'.join(out))


if __name__ == '__main__':
    main()
