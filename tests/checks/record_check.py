#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Glue for tests/checks/record-*.sh: compares text traces written by
`hwprof record --text` with what the test program and its disassembly say.
Every subcommand prints one line per finding and exits 1 on any mismatch.

  known   --src C --syms NM --dis OBJDUMP --isa rv|x86 --kind ldval|ldaddr TRACE
          the loads inside sum64/sum32/sum8/sum16 of tests/programs/knownloads.c
          hold exactly the table values (ldval) or table addresses (ldaddr), in
          program order, REPEAT times
  bbedge  BB EDGE                 leaders = edge targets + the first pc
  decode  DIS DECODER             every instruction of an objdump listing
          (-M no-aliases) decoded by DECODER (`test_riscv --decode`): length,
          class, registers and immediate agree with objdump's operands
  retire  RETIRE LDVAL [--dis D]  the retire trace's loads with a value are the
          ldval trace (same run, same order); control flow is consistent;
          with --dis every pc's class agrees with objdump's mnemonic
"""
import re
import sys


def read_text(path):
    recs = []
    with open(path) as f:
        for line in f:
            line = line.split('#', 1)[0].split()
            if line:
                recs.append([int(x, 16) for x in line])
    return recs


def parse_tables(src):
    """{width: (signed, [values])} from the one-line table initializers."""
    out = {}
    text = open(src).read()
    rep = int(re.search(r'#define REPEAT (\d+)', text).group(1))
    for m in re.finditer(r'static const (u?int)(\d+)_t tab\d+\[\d+\] = \{([^}]*)\};', text):
        signed = m.group(1) == 'int'
        width = int(m.group(2))
        vals = []
        for tok in m.group(3).split(','):
            tok = tok.strip().rstrip('uUlL')
            vals.append(int(tok, 0))
        out[width] = (signed, vals)
    return rep, out


def syms(nm_path):
    """name -> (addr, size) from `nm -S` output."""
    s = {}
    for line in open(nm_path):
        f = line.split()
        if len(f) == 4:
            s[f[3]] = (int(f[0], 16), int(f[1], 16))
    return s


def dis_insns(path):
    """pc -> (mnemonic, operands) from `objdump -d -M no-aliases` (RISC-V) or
    `objdump -d` (x86)."""
    d = {}
    pat = re.compile(r'^\s*([0-9a-f]+):\t([0-9a-f ]+?)\s*\t(\S+)\s*(.*)$')
    for line in open(path):
        m = pat.match(line)
        if m:
            d[int(m.group(1), 16)] = (m.group(3), m.group(4))
    return d


RV_LOAD_EXT = {  # mnemonic -> (bytes, sign-extended)
    'lb': (1, True), 'lh': (2, True), 'lw': (4, True), 'ld': (8, False),
    'lbu': (1, False), 'lhu': (2, False), 'lwu': (4, False),
    'c.lw': (4, True), 'c.ld': (8, False), 'c.lwsp': (4, True), 'c.ldsp': (8, False),
}


def known(args):
    opts = dict(zip(args[0:-1:2], args[1:-1:2]))
    trace = args[-1]
    rep, tables = parse_tables(opts['--src'])
    sy = syms(opts['--syms'])
    dis = dis_insns(opts['--dis'])
    isa, kind = opts['--isa'], opts['--kind']
    recs = read_text(trace)
    bad = 0
    for width in (64, 32, 8, 16):
        fn = 'sum%d' % width
        if fn not in sy or 'tab%d' % width not in sy:
            print('FAIL %s: symbol %s or tab%d missing' % (trace, fn, width))
            return 1
        lo, size = sy[fn]
        tab = sy['tab%d' % width][0]
        signed, vals = tables[width]
        nbytes = width // 8
        # the table loads: integer loads (RISC-V) / movs with a memory source
        # (x86) inside the function; other loads there (x86 ret) are not table loads
        def table_load(pc):
            mn, ops = dis.get(pc, ('?', ''))
            if isa == 'rv':
                return mn in RV_LOAD_EXT
            return mn.startswith('mov') and '(' in ops
        got = [r for r in recs if lo <= r[0] < lo + size and table_load(r[0])]
        if len(set(r[0] for r in recs if lo <= r[0] < lo + size) - set(r[0] for r in got)) > 1:
            print('FAIL %s: %s: loads at more than one pc besides the table load' % (trace, fn))
            bad += 1
        exp = []
        for _ in range(rep):
            for i, v in enumerate(vals):
                raw = v & ((1 << width) - 1)
                if kind == 'ldaddr':
                    exp.append(tab + i * nbytes)
                    continue
                exp.append(raw)
        if kind == 'ldval' and isa == 'rv':
            # the register value depends on the load instruction used
            pcs = sorted(set(r[0] for r in got))
            exts = set()
            for pc in pcs:
                mn = dis.get(pc, ('?', ''))[0]
                if mn not in RV_LOAD_EXT:
                    print('FAIL %s: %s: pc %x is %s, not an integer load' % (trace, fn, pc, mn))
                    bad += 1
                    continue
                lb, sx = RV_LOAD_EXT[mn]
                if lb != nbytes:
                    print('FAIL %s: %s: pc %x %s loads %d bytes, table has %d' %
                          (trace, fn, pc, mn, lb, nbytes))
                    bad += 1
                exts.add(sx)
            if len(exts) > 1:
                print('FAIL %s: %s: mixed signed and unsigned loads' % (trace, fn))
                bad += 1
            if exts == {True}:
                exp = [(x - (1 << width) if x >> (width - 1) else x) & (2**64 - 1) for x in exp]
        vals_got = [r[1] for r in got]
        if vals_got != exp:
            print('FAIL %s: %s: %d %s tuples, expected %d; first difference at %s' %
                  (trace, fn, len(vals_got), kind, len(exp),
                   next((i for i, (a, b) in enumerate(zip(vals_got, exp)) if a != b),
                        min(len(vals_got), len(exp)))))
            for i, (a, b) in enumerate(zip(vals_got, exp)):
                if a != b:
                    print('     #%d got %x expected %x' % (i, a, b))
                    break
            bad += 1
        else:
            print('ok %s: %s: %d %s tuples exactly as expected' % (trace, fn, len(exp), kind))
    return 1 if bad else 0


def bbedge(args):
    bb = [r[0] for r in read_text(args[0])]
    edge = read_text(args[1])
    exp = bb[:1] + [e[1] for e in edge]
    if bb != exp or not bb:
        print('FAIL bb/edge: %d leaders, %d edges; leaders must be the first pc followed by '
              'every edge target' % (len(bb), len(edge)))
        return 1
    print('ok bb/edge: %d leaders = first pc + %d edge targets' % (len(bb), len(edge)))
    return 0


CLS = {0: 'other', 1: 'alu', 2: 'load', 3: 'store', 4: 'branch', 5: 'jump', 6: 'call', 7: 'ret',
       8: 'ijump', 9: 'muldiv', 10: 'fp', 11: 'system'}


def rv_class(mn, ops):
    """Class of a RISC-V instruction from objdump's no-aliases mnemonic."""
    base = mn[2:] if mn.startswith('c.') else mn
    regs = [o.strip() for o in re.split(r'[,()]', ops) if o.strip()]
    link = ('ra', 't0')
    if base in ('lb', 'lh', 'lw', 'ld', 'lbu', 'lhu', 'lwu', 'flw', 'fld', 'lwsp', 'ldsp',
                'fldsp') or base.startswith('lr.') or base.startswith('amo'):
        return 'load'
    if base in ('sb', 'sh', 'sw', 'sd', 'fsw', 'fsd', 'swsp', 'sdsp', 'fsdsp') or \
            base.startswith('sc.'):
        return 'store'
    if base in ('beq', 'bne', 'blt', 'bge', 'bltu', 'bgeu', 'beqz', 'bnez'):
        return 'branch'
    if mn == 'c.j':
        return 'jump'
    if mn == 'c.jal' or mn == 'c.jalr':
        return 'call'
    if mn == 'c.jr':
        return 'ret' if regs[0] in link else 'ijump'
    if mn == 'jal':
        return 'call' if regs[0] in link else 'jump'
    if mn == 'jalr':
        rd, rs1 = regs[0], regs[-1]
        if rd in link:
            return 'call'
        return 'ret' if rd == 'zero' and rs1 in link else 'ijump'
    if base.startswith(('mul', 'div', 'rem')):
        return 'muldiv'
    if base in ('fence', 'fence.i'):
        return 'other'
    if base.startswith('f'):
        return 'fp'
    if base in ('ecall', 'ebreak') or base.startswith('csrr'):
        return 'system'
    return 'alu'


def retire(args):
    ret = read_text(args[0])
    ldv = read_text(args[1])
    dis = None
    if len(args) > 3 and args[2] == '--dis':
        dis = dis_insns(args[3])
    bad = 0
    loads = [(r[0], r[6]) for r in ret if r[2] == 2 and r[3] & 1]
    n = min(len(loads), len(ldv))
    if n < 1000 or [tuple(x) for x in ldv[:n]] != loads[:n]:
        i = next((i for i in range(n) if tuple(ldv[i]) != loads[i]), n)
        print('FAIL retire/ldval: %d retire loads with a value, %d ldval tuples, first '
              'difference at %d' % (len(loads), len(ldv), i))
        bad += 1
    else:
        print('ok retire/ldval: %d loads agree' % n)
    # control flow: next pc = pc + len unless a taken control transfer
    for i in range(len(ret) - 1):
        pc, ins, cls, fl, ln = ret[i][:5]
        nxt = ret[i + 1][0]
        taken = bool(fl & 4)
        if (nxt != pc + ln) != taken or (taken and cls not in (4, 5, 6, 7, 8)):
            print('FAIL retire #%d pc %x (%s, len %d, flags %x): next pc %x' %
                  (i, pc, CLS.get(cls), ln, fl, nxt))
            bad += 1
            break
        if cls in (2, 3) and not fl & 2:
            print('FAIL retire #%d pc %x: memory access without an address' % (i, pc))
            bad += 1
            break
    else:
        print('ok retire: control flow and address flags consistent over %d records' % len(ret))
    if dis is not None:
        seen, nbad = {}, 0
        for r in ret:
            seen.setdefault(r[0], r)
        for pc, r in seen.items():
            if pc not in dis:
                continue
            mn, ops = dis[pc]
            want = rv_class(mn, ops)
            if CLS.get(r[2]) != want:
                if nbad < 5:
                    print('FAIL pc %x %s %s: decoded as %s, objdump says %s' %
                          (pc, mn, ops, CLS.get(r[2]), want))
                nbad += 1
            ln = 2 if mn.startswith('c.') else 4
            if r[4] != ln:
                print('FAIL pc %x %s: length %d, objdump says %d' % (pc, mn, r[4], ln))
                nbad += 1
        checked = sum(1 for pc in seen if pc in dis)
        if nbad or checked == 0:
            print('FAIL classes: %d of %d distinct pcs disagree with objdump' % (nbad, checked))
            bad += 1
        else:
            print('ok classes: %d distinct pcs agree with objdump' % checked)
    return 1 if bad else 0


XREG = ['zero', 'ra', 'sp', 'gp', 'tp', 't0', 't1', 't2', 's0', 's1'] + \
    ['a%d' % i for i in range(8)] + ['s%d' % i for i in range(2, 12)] + ['t%d' % i for i in range(3, 7)]
FREG = ['ft%d' % i for i in range(8)] + ['fs0', 'fs1'] + ['fa%d' % i for i in range(8)] + \
    ['fs%d' % i for i in range(2, 12)] + ['ft%d' % i for i in range(8, 12)]
REGNUM = {n: i for i, n in enumerate(XREG)}
REGNUM.update({n: 32 + i for i, n in enumerate(FREG)})
REGNUM['fp'] = 8


def sext(v, n):
    v &= (1 << n) - 1
    return v - (1 << n) if v >> (n - 1) else v


def rv_expect(pc, mn, ops):
    """Expected (rd, rs1, rs2, imm) from objdump's operands; None = don't check."""
    ops = ops.split('#')[0].split('<')[0].strip()
    tok = [t for t in re.split(r'[,()]', ops) if t.strip()]
    tok = [t.strip() for t in tok]
    regs = [REGNUM[t] for t in tok if t in REGNUM]
    nums = []
    for t in tok:
        if t not in REGNUM:
            try:
                nums.append(int(t, 0))
            except ValueError:
                pass
    base = mn[2:] if mn.startswith('c.') else mn
    N = -1
    mem = re.match(r'^(\S+),(-?(?:0x)?[0-9a-f]*)\((\w+)\)$', ops)
    if base in ('lb', 'lh', 'lw', 'ld', 'lbu', 'lhu', 'lwu', 'flw', 'fld', 'lwsp', 'ldsp', 'fldsp'):
        return (REGNUM[mem.group(1)], REGNUM[mem.group(3)], N, int(mem.group(2) or '0', 0))
    if base in ('sb', 'sh', 'sw', 'sd', 'fsw', 'fsd', 'swsp', 'sdsp', 'fsdsp'):
        return (N, REGNUM[mem.group(3)], REGNUM[mem.group(1)], int(mem.group(2) or '0', 0))
    if base.startswith('lr.'):
        return (regs[0], regs[1], N, 0)
    if base.startswith('sc.') or base.startswith('amo'):
        return (regs[0], regs[2], regs[1], 0)
    tgt = None
    if tok and re.match(r'^[0-9a-f]+$', tok[-1]):
        tgt = int(tok[-1], 16) - pc  # objdump prints branch targets in bare hex
        tgt = sext(tgt, 64)
    if mn in ('beq', 'bne', 'blt', 'bge', 'bltu', 'bgeu'):
        return (N, regs[0], regs[1], tgt)
    if mn in ('c.beqz', 'c.bnez'):
        return (N, regs[0], 0, tgt)
    if mn == 'jal':
        return (regs[0], N, N, tgt)
    if mn == 'c.j':
        return (0, N, N, tgt)
    if mn == 'jalr':
        return (regs[0], regs[1], N, nums[0] if nums else 0)
    if mn == 'c.jr':
        return (0, regs[0], N, 0)
    if mn == 'c.jalr':
        return (1, regs[0], N, 0)
    if mn in ('lui', 'auipc'):
        return (regs[0], N, N, sext(nums[0] << 12, 32))
    if mn == 'c.lui':
        return (regs[0], N, N, sext(nums[0], 20) << 12)
    if mn in ('c.addi', 'c.addiw', 'c.slli', 'c.srli', 'c.srai', 'c.andi'):
        return (regs[0], regs[0], N, nums[0])
    if mn == 'c.nop':
        return (0, 0, N, 0)
    if mn == 'c.li':
        return (regs[0], 0, N, nums[0])
    if mn == 'c.addi4spn':
        return (regs[0], 2, N, nums[0])
    if mn == 'c.addi16sp':
        return (2, 2, N, nums[0])
    if mn == 'c.mv':
        return (regs[0], 0, regs[1], 0)
    if mn in ('c.add', 'c.sub', 'c.xor', 'c.or', 'c.and', 'c.subw', 'c.addw'):
        return (regs[0], regs[0], regs[1], 0)
    if base.startswith(('fence', 'ecall', 'ebreak', 'csrr', 'unimp')):
        return None
    if base.startswith('f') and len(regs) == 4:  # fmadd & co: rs3 not compared here
        return (regs[0], regs[1], regs[2], 0)
    if len(regs) == 3 and not nums:
        return (regs[0], regs[1], regs[2], 0)
    if len(regs) == 2 and len(nums) == 1:
        return (regs[0], regs[1], N, nums[0])
    if len(regs) == 2 and not nums:  # fmv, fcvt, fsqrt, fclass (rounding mode ignored)
        return (regs[0], regs[1], N, 0)
    return None


def decode(args):
    import subprocess
    dis = dis_insns(args[0])
    words = []
    for pc in sorted(dis):
        words.append(pc)
    raw = {}
    pat = re.compile(r'^\s*([0-9a-f]+):\t([0-9a-f]+)\s')
    for line in open(args[0]):
        m = pat.match(line)
        if m:
            raw[int(m.group(1), 16)] = m.group(2)
    pcs = [pc for pc in sorted(dis) if pc in raw]
    out = subprocess.run([args[1], '--decode'], input='\n'.join(raw[pc] for pc in pcs) + '\n',
                         capture_output=True, text=True, check=True).stdout.split('\n')
    bad = checked = fields = 0
    for pc, line in zip(pcs, out):
        mn, ops = dis[pc]
        f = line.split()
        ln, valid, cls = int(f[0]), int(f[1]), f[2]
        rd, rs1, rs2, imm = int(f[3]), int(f[4]), int(f[5]), int(f[7])
        checked += 1
        errs = []
        if mn.startswith(('unimp', 'c.unimp', '.')):
            if valid:
                errs.append('decoded an illegal encoding as valid')
        else:
            want = rv_class(mn, ops)
            if not valid:
                errs.append('rejected a legal instruction')
            if ln != len(raw[pc]) // 2:
                errs.append('length %d' % ln)
            if cls != want:
                errs.append('class %s, want %s' % (cls, want))
            exp = rv_expect(pc, mn, ops)
            if exp is not None:
                fields += 1
                # x0 as rd of a store-like or missing register: compare as given
                got = (rd, rs1, rs2, imm)
                if got != exp:
                    errs.append('rd/rs1/rs2/imm %s, want %s' % (got, exp))
        if errs:
            if bad < 10:
                print('FAIL %x %s %s %s: %s' % (pc, raw[pc], mn, ops, '; '.join(errs)))
            bad += 1
    if bad or checked < 1000:
        print('FAIL decode: %d of %d instructions disagree with objdump' % (bad, checked))
        return 1
    print('ok decode: %d instructions (%d with operands compared) agree with objdump' %
          (checked, fields))
    return 0


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    cmd, args = sys.argv[1], sys.argv[2:]
    return {'known': known, 'bbedge': bbedge, 'retire': retire, 'decode': decode}[cmd](args)


if __name__ == '__main__':
    sys.exit(main())
