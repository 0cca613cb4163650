#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Summaries of FPGA builds and the docs/results/fpga.md table.

usage: report.py --summarize DIR --board B --engine E --arch A --kind K
                 --config TEXT --target MHZ --seconds Y,P,B
                 --nextpnr-warnings N --bitstream FILE [--sources "F ..."]
         Read DIR/report.json (nextpnr) and DIR/yosys.cells.json, write
         DIR/summary.json, print one line; exit 1 if Fmax < target.
         --sources: the checkout's files the build read (repo-relative);
         their digest is kept so a report can tell a stale build.
       report.py --root build/synth --boards "b..." --engines "e..." --out FILE
         Write the results table from every DIR/summary.json (missing builds
         are listed as such); exit 1 if any build is missing or failed.
"""
import argparse
import datetime
import hashlib
import json
import os
import subprocess
import sys

# nextpnr bel types: (logic, flip-flops, block RAM, extra RAM) per architecture.
BELS = {
    'ice40': {'logic': 'ICESTORM_LC', 'bram': 'ICESTORM_RAM', 'spram': 'ICESTORM_SPRAM',
              'dsp': 'ICESTORM_DSP'},
    'ecp5': {'logic': 'TRELLIS_COMB', 'ff': 'TRELLIS_FF', 'bram': 'DP16KD',
             'lutram': 'TRELLIS_RAMW', 'dsp': 'MULT18X18D'},
}
DEVICES = {'icebreaker': 'iCE40UP5K-SG48', 'ulx3s': 'LFE5U-85F-6BG381C'}


HWP_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def engine_view(path, data, engine):
    """What of a file concerns one engine's build: the board's hwp_sizes.vh
    without the other engines' `ifdef HWP_ENGINE_<X> blocks (a change to
    another engine's sizes or clock leaves this build current); any other
    file whole."""
    if not engine or os.path.basename(path) != 'hwp_sizes.vh':
        return data
    keep, skip = [], False
    for line in data.splitlines(keepends=True):
        t = line.strip()
        if t.startswith(b'`ifdef HWP_ENGINE_'):
            skip = t.split()[1] != b'HWP_ENGINE_' + engine.upper().encode()
        if not skip:
            keep.append(line)
        elif t == b'`endif':
            skip = False
    return b''.join(keep)


def sources_digest(paths, engine=None):
    """SHA-256 over the named checkout files (name and contents, in the
    given order; with engine, the part of each that concerns that engine:
    engine_view); None if one of them is gone."""
    h = hashlib.sha256()
    for p in paths:
        try:
            with open(os.path.join(HWP_ROOT, p), 'rb') as f:
                data = engine_view(p, f.read(), engine)
        except OSError:
            return None
        h.update(p.encode() + b'\0' + len(data).to_bytes(8, 'little') + data)
    return h.hexdigest()


def stale(s):
    """A summary whose recorded sources no longer hash to what the build
    read: its figures are for other RTL than the checkout's. The digest is
    the engine's view of the files (summaries written before that hashed
    them whole: either matching is current). Builds made before sources
    were recorded are not judged."""
    src = s.get('sources')
    return bool(src) and s.get('sources_sha256') not in (sources_digest(src, s.get('engine')),
                                                         sources_digest(src))


def page_rows(path, header):
    """The table rows of an existing results page keyed by their first cell
    (the header row, whose first cell is `header`, and the rule left out):
    a build not present where the page is made keeps its row from it."""
    rows = {}
    try:
        with open(path, encoding='utf-8') as f:
            for line in f:
                c = [x.strip() for x in line.split('|')]
                if len(c) > 3 and c[1] and c[1] != header and not c[1].startswith('---'):
                    rows[c[1]] = line.rstrip('\n')
    except OSError:
        pass
    return rows


SPEED_PAGE = os.path.join(HWP_ROOT, 'docs', 'results', 'speed.md')


def speed_row(label, path=SPEED_PAGE):
    """One build's figures from docs/results/speed.md (make speed-report), as
    a dict with label, board, engine, config, target_mhz, fmax_mhz (float),
    met (bool), logic, bram; None when the row is missing or not built. The
    evaluation pages quote the routed clock from here, so they agree with the
    page the speed targets are judged on."""
    c = page_rows(path, 'build').get(label)
    if c is None:
        return None
    f = [x.strip() for x in c.split('|')[1:-1]]
    try:
        fmax = float(f[5])
    except (IndexError, ValueError):
        return None
    return {'label': f[0], 'board': f[1], 'engine': f[2], 'config': f[3].strip('`'),
            'target_mhz': float(f[4]), 'fmax_mhz': fmax, 'met': f[6] == 'yes',
            'logic': f[7], 'bram': f[8]}


def speed_table(labels, then):
    """Markdown lines of a table of speed.md rows (label, board,
    configuration, logic, block RAM, Fmax, target, met); a row not built
    says how to build it, `then` being the command that remakes the page."""
    L = ["| build | board | configuration | logic cells | block RAM | Fmax (MHz) | target (MHz) | met |",
         "|---|---|---|---|---|---|---|---|"]
    for lb in labels:
        d = speed_row(lb)
        if d is None:
            L.append(f"| {lb} | (not built: `SPEED_ONLY=\"{lb}\" make speed-report`, then `{then}`) | | | | | | |")
            continue
        L.append(f"| {lb} | {d['board']} | `{d['config']}` | {d['logic']} | {d['bram']} | "
                 f"{d['fmax_mhz']} | {d['target_mhz']:g} | {'yes' if d['met'] else '**no**'} |")
    return L


def throughput_table(first, runs, speed):
    """Markdown lines of a throughput table: per run (name, records, cycles,
    model seconds) the C cycle model's records per cycle, the records per
    second that makes at the routed Fmax of `speed` (a speed_row, or None
    when not built) and the C model's own wall-clock rate."""
    fx = f"{speed['fmax_mhz']} MHz" if speed else "routed Fmax (not built)"
    L = [f"| {first} | records | cycles | records / cycle | M records/s at {fx} | C model M records/s |",
         "|---|---|---|---|---|---|"]
    for name, records, cycles, secs in runs:
        rpc = records / cycles
        hw = f"{rpc * speed['fmax_mhz']:.1f}" if speed else "-"
        L.append(f"| {name} | {records} | {cycles} | {rpc:.3f} | {hw} | {records / secs / 1e6:.2f} |")
    return L


def met_cell(r):
    """The 'met' column: yes, **no**, or **stale** when the checkout's
    sources changed since the build (its figures no longer describe them)."""
    if stale(r):
        return '**stale: sources changed since the build**'
    return 'yes' if r['timing_met'] else '**no**'


def good(r):
    return 'failed' not in r and r['timing_met'] and not stale(r)


def git_head():
    try:
        return subprocess.run(['git', '-C', HWP_ROOT, 'rev-parse', '--short=12', 'HEAD'], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ''


def summarize(a):
    with open(os.path.join(a.summarize, 'report.json'), encoding='utf-8') as f:
        rep = json.load(f)
    with open(os.path.join(a.summarize, 'yosys.cells.json'), encoding='utf-8') as f:
        cells = json.load(f)
    harness = {}
    hp = os.path.join(a.summarize, 'hwp_bench.json')
    if os.path.exists(hp):
        with open(hp, encoding='utf-8') as f:
            harness = json.load(f)
    util = rep.get('utilization', {})
    fmax = rep.get('fmax', {})
    if not fmax:
        raise ValueError('report.json has no fmax entry (no clocked logic?)')
    achieved = min(v['achieved'] for v in fmax.values())
    target = float(a.target)
    # a composed top has two clocks, each timed against its own constraint
    # (the board clock, and the engine clock nextpnr derives from the PLL)
    clocks = {k.replace('$glbnet$', ''): {'fmax_mhz': round(v['achieved'], 2),
                                          'target_mhz': round(v.get('constraint', target), 2)}
              for k, v in fmax.items()}
    met = all(c['fmax_mhz'] >= c['target_mhz'] for c in clocks.values()) if a.kind in ('composed', 'soc') \
        else achieved >= target
    s = {
        'board': a.board, 'engine': a.engine, 'arch': a.arch, 'device': DEVICES[a.board],
        'kind': a.kind, 'config': a.config, 'target_mhz': target,
        'fmax_mhz': round(achieved, 2), 'timing_met': met, 'clocks': clocks,
        'nextpnr': {k: util.get(v, {'used': 0, 'available': 0}) for k, v in BELS[a.arch].items()},
        'yosys_cells': cells,
        'seconds': dict(zip(['yosys', 'nextpnr', 'pack'], [int(x) for x in a.seconds.split(',')])),
        'nextpnr_warnings': int(a.nextpnr_warnings),
        'harness': harness,
        'bitstream': os.path.relpath(a.bitstream, os.getcwd()) if a.bitstream else '',
        'bitstream_bytes': os.path.getsize(a.bitstream) if a.bitstream else 0,
    }
    if a.sources:
        src = a.sources.split()
        s.update({'commit': git_head(), 'sources': src, 'sources_sha256': sources_digest(src, a.engine)})
    with open(os.path.join(a.summarize, 'summary.json'), 'w', encoding='utf-8') as f:
        json.dump(s, f, indent=1)
    n = s['nextpnr']
    extra = ''
    if 'spram' in n:
        extra = f", SPRAM {n['spram']['used']}/{n['spram']['available']}"
    verdict = 'PASS' if s['timing_met'] else 'FAIL'
    print(f"{verdict} synth {a.board}/{a.engine} ({a.kind}): "
          f"{BELS[a.arch]['logic']} {n['logic']['used']}/{n['logic']['available']}, "
          f"BRAM {n['bram']['used']}/{n['bram']['available']}{extra}, "
          + (', '.join(f"{k} Fmax {c['fmax_mhz']:.1f} MHz (target {c['target_mhz']:g})" for k, c in clocks.items())
             + ', ' if a.kind in ('composed', 'soc') else f"Fmax {achieved:.1f} MHz (target {target:g} MHz), ") +
          f"{s['bitstream']} [{sum(s['seconds'].values())} s]")
    return 0 if s['timing_met'] else 1


def old_rows(path):
    """The table rows of the existing report, per section (0: engines alone,
    1: board tops), keyed by (board, engine): one row each per section, so a
    new build replaces an old row whatever its top cell says (a failed build
    leaves it empty). A build that is not in build/ here keeps its row, so
    builds made on different machines or in different sessions add up."""
    rows = ({}, {})
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
    except OSError:
        return rows
    sec = 0
    for line in text.splitlines():
        if line.startswith('## Board builds'):
            sec = 1
        if not line.startswith('| ') or line.startswith('| board |'):
            continue
        cells = [c.strip() for c in line.strip('|').split('|')]
        key = (cells[0].split()[0], cells[1])
        rows[sec][key] = line
    return rows


def wanted(a, board, engine):
    """--only "b:e ...": the pairs whose builds are read; every other pair
    keeps its row from the previous report (no --only: all pairs are read)."""
    return not a.only or f'{board}:{engine}' in a.only.split()


def table(a):
    boards, engines = a.boards.split(), a.engines.split()
    kept = old_rows(a.out)
    rows, missing = [], []
    for b in boards:
        for e in engines:
            p = os.path.join(a.root, b, e, 'summary.json')
            try:
                if not wanted(a, b, e):
                    raise OSError
                with open(p, encoding='utf-8') as f:
                    rows.append(json.load(f))
            except (OSError, ValueError):
                if not any(k[0] == b and k[1] == e for k in kept[0]):
                    missing.append(f'{b}/{e}')
    out = []
    out.append('# FPGA results')
    out.append('')
    out.append('Generated by `make fpga-report` (fpga/report.py) from '
               '`build/synth/<board>/<engine>/summary.json`; do not edit by hand. '
               'The first table is the engines alone, each build `make synth-bench BOARD=<board> ENGINE=<engine>` '
               '(the out-of-context bench); the second the board tops (link and engine, `make synth`). '
               'See docs/fpga.md for the flow, the bench wrapper and what the columns count. '
               'A build not present in build/ when the report is made keeps its row from the previous report.')
    out.append('')
    out.append(f"Tools: Yosys and nextpnr from the pinned YoWASP packages (tests/requirements.txt); "
               f"nextpnr seed 1. Generated {datetime.date.today().isoformat()}.")
    out.append('')
    out.append('| board | engine | top | configuration | logic cells (nextpnr) | LUT4 (Yosys) | FF (Yosys) '
               '| of which bench harness LUT / FF | block RAM | Fmax MHz | target MHz | met |')
    out.append('|---|---|---|---|---|---|---|---|---|---|---|---|')
    new = {(r['board'], r['engine']) for r in rows}
    for k, line in kept[0].items():
        if k not in new and k[0] in boards and k[1] in engines:
            out.append(line)
    for r in rows:
        if 'failed' in r:
            out.append(f"| {r['board']} ({DEVICES[r['board']]}) | {r['engine']} | | | build failed: "
                       f"{r['failed'].replace('|', '/')} | | | | | | | **no** |")
            continue
        n, y = r['nextpnr'], r['yosys_cells']
        logic = f"{n['logic']['used']} / {n['logic']['available']}"
        bram = f"{n['bram']['used']} / {n['bram']['available']}"
        h = r.get('harness') or {}
        harn = f"{h['harness_lut']} / {h['harness_ff']}" if h else '-'

        if r['arch'] == 'ice40' and n.get('spram', {}).get('used'):
            bram += f" (+{n['spram']['used']} SPRAM)"
        out.append(f"| {r['board']} ({r['device']}) | {r['engine']} | {r['kind']} | `{r['config']}` "
                   f"| {logic} | {y.get('LUT4', '?')} | {y.get('FF', '?')} | {harn} | {bram} "
                   f"| {r['fmax_mhz']:.1f} | {r['target_mhz']:g} | {met_cell(r)} |")
    out.append('')
    out.append('Logic cells: `ICESTORM_LC` on iCE40 (one LUT4 + one FF each), `TRELLIS_COMB` on ECP5 '
               '(one LUT4 or carry half each). They include the bench harness (see docs/fpga.md): '
               'one flip-flop per engine input bit and a registered XOR tree of about a third of a LUT '
               'per output bit, listed in its own column (upper bounds). LUT4 and FF (Yosys) are the whole synthesized netlist of the same build. '
               'Block RAM: `ICESTORM_RAM` (4 kbit) on iCE40, `DP16KD` (18 kbit) on ECP5.')
    if missing:
        out.append('')
        out.append('Not built (run `make synth-bench` for them): ' + ', '.join(missing) + '.')
    bad_board = board_table(a, boards, engines, out, kept[1])
    os.makedirs(os.path.dirname(a.out) or '.', exist_ok=True)
    with open(a.out, 'w', encoding='utf-8') as f:
        f.write('\n'.join(out) + '\n')
    print(f'fpga-report: wrote {a.out} ({len(rows)} builds, {len(missing)} missing)')
    bad = [r for r in rows if not good(r)]
    return 1 if missing or bad or bad_board else 0


def composed(top_dir, board, engine):
    """The board's top can carry the engine (fpga/lib.sh hwp_composed)."""
    try:
        with open(os.path.join(top_dir, 'fpga', board, 'hwp_sizes.vh'), encoding='utf-8') as f:
            sizes = f.read()
    except OSError:
        return False
    return (os.path.exists(os.path.join(top_dir, 'rtl', 'board', f'hwp_adapt_{engine}.v')) and
            f'ifdef HWP_ENGINE_{engine.upper()}' in sizes)


def placed_counts(build_dir, arch):
    """What a build that did not fit asked for: nextpnr's utilization lines
    ("ICESTORM_LC: 8135/ 5280 154%") for logic and block RAM."""
    got = {}
    try:
        with open(os.path.join(build_dir, 'nextpnr.log'), encoding='utf-8', errors='replace') as f:
            for line in f:
                for k in ('logic', 'bram'):
                    bel = BELS[arch][k] + ':'
                    if bel in line and k not in got:
                        used, avail = line.split(bel, 1)[1].split('%')[0].split('/')
                        got[k] = (int(used), int(avail.split()[0]))
    except (OSError, ValueError, IndexError):
        pass
    return got


def fmt_clock(c):
    return f"{c['fmax_mhz']:.1f} ({c['target_mhz']:g})"


def board_table(a, boards, engines, out, kept):
    """Board tops (the link and one engine): build/synth-board/<board>/<engine>/summary.json."""
    if not a.board_root:
        return 0
    rows, missing = [], []
    for b in boards:
        for e in engines:
            if not composed(a.top_dir or '.', b, e):
                continue
            try:
                if not wanted(a, b, e):
                    raise OSError
                with open(os.path.join(a.board_root, b, e, 'summary.json'), encoding='utf-8') as f:
                    r = json.load(f)
                r.setdefault('board', b)
                r.setdefault('engine', e)
                rows.append(r)
            except (OSError, ValueError):
                if (b, e) not in kept:
                    missing.append(f'{b}/{e}')
    out.append('')
    out.append('## Board builds: the link and one engine')
    out.append('')
    out.append('`make synth BOARD=<board> ENGINE=<engine>`: the board top `fpga/<board>/hwp_board.v` with the '
               "engine's adapter and its sizes in `fpga/<board>/hwp_sizes.vh` (link at the board clock, engine "
               'at the PLL clock behind asynchronous FIFOs; docs/fpga.md), from '
               '`build/synth-board/<board>/<engine>/summary.json`. Clocks: routed Fmax (target) in MHz; the build '
               'meets timing only if both clocks do. Wall time: Yosys + nextpnr + packing. A build that does not '
               "fit shows what placement asked for (nextpnr's utilization).")
    out.append('')
    out.append('| board | engine | logic cells (nextpnr) | LUT4 (Yosys) | FF (Yosys) | block RAM '
               '| engine clock | link clock | met | wall time |')
    out.append('|---|---|---|---|---|---|---|---|---|---|')
    bad = 0
    new = {(r['board'], r['engine']) for r in rows}
    for k, line in kept.items():
        if k not in new and k[0] in boards and k[1] in engines and line.count('|') == 11:
            out.append(line)
    arch = {'icebreaker': 'ice40', 'ulx3s': 'ecp5'}
    for r in rows:
        dev = f"{r['board']} ({DEVICES[r['board']]})"
        if 'failed' in r:
            got = placed_counts(os.path.join(a.board_root, r['board'], r['engine']), arch[r['board']])
            if 'no BELs remaining' in r['failed'] or 'Failed to expand region' in r['failed']:
                lg, br = got.get('logic'), got.get('bram')
                cell = lambda v: f'**{v[0]} / {v[1]}**' if v and v[0] > v[1] else (f'{v[0]} / {v[1]}' if v else '?')
                out.append(f"| {dev} | {r['engine']} | does not fit: {cell(lg)} | | | {cell(br)} | | | **no** | |")
            else:
                out.append(f"| {dev} | {r['engine']} | build failed: {r['failed'].replace('|', '/')[:160]} "
                           f"| | | | | | **no** | |")
            bad += 1
            continue
        n, y = r['nextpnr'], r['yosys_cells']
        clocks = r.get('clocks') or {}
        eng = [c for k, c in clocks.items() if 'eclk' in k]
        link = [c for k, c in clocks.items() if 'eclk' not in k]
        secs = sum(r.get('seconds', {}).values())
        out.append(f"| {dev} | {r['engine']} | {n['logic']['used']} / {n['logic']['available']} "
                   f"| {y.get('LUT4', '?')} | {y.get('FF', '?')} | {n['bram']['used']} / {n['bram']['available']} "
                   f"| {fmt_clock(eng[0]) if eng else '?'} | {fmt_clock(link[0]) if link else '?'} "
                   f"| {met_cell(r)} | {secs} s |")
        bad += 0 if good(r) else 1
    if missing:
        out.append('')
        out.append('Board tops not built (run `make synth` for them): ' + ', '.join(missing) + '.')
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--summarize')
    for k in ['board', 'engine', 'arch', 'kind', 'config', 'target', 'seconds',
              'nextpnr-warnings', 'bitstream', 'root', 'boards', 'engines', 'out', 'board-root',
              'top-dir', 'sources', 'only']:
        ap.add_argument('--' + k)
    a = ap.parse_args()
    try:
        if a.summarize:
            return summarize(a)
        if a.root and a.out and a.boards is not None and a.engines is not None:
            return table(a)
    except (OSError, ValueError, KeyError) as e:
        print(f'report: {e}', file=sys.stderr)
        return 1
    ap.print_usage(sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main())
