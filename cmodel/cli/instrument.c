/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof instrument: turns a recorded RISC-V retire trace of a real program
 * into the dynamic instruction stream that the program would execute after
 * the instrumentation of Vaswani et al. (section VI-A, Figures 3 and 4) with
 * profile instructions (docs/pfp-isa.md), under a runtime that switches
 * profiling on for a fraction of every window (section VI-B).
 *
 * Static layout: every distinct instruction of the trace keeps its place in
 * address order; in front of it the instrumentation inserts, as needed,
 *   function entry (target of a call): pushpf, then setpf or resetpf (the
 *       runtime patches this word), then for call-graph profiling
 *       mov/b t0, ra; jal/b ra, _mcount; mov/b ra, t0
 *   basic-block leader (basic-block profiling): lui/b; lw/b; addi/b; lui/b;
 *       sw/b  (the counter increment of Figure 3, 5 instructions)
 *   return: poppf (before the return instruction)
 * and every transfer to an original instruction lands at the start of what
 * was inserted in front of it. _mcount is an ordinary 12-instruction routine
 * after the program. The dynamic stream follows the recorded path: profile
 * instructions appear whether the flag is on or off (they are fetched either
 * way), a jal/b is taken (into _mcount) only with the flag on, poppf records
 * carry the popped flag in value bit 0. Addresses are renumbered from --base.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmap.h"
#include "pfp/pfp.h"
#include "riscv.h"
#include "trace.h"

#define ATTR_ENTRY 1u
#define ATTR_LEADER 2u
#define ATTR_RET 4u
#define ATTR_LEN2 8u
#define ATTR_LOOP 16u /* target of a backward taken transfer: a loop head */

enum { KIND_BB = 1, KIND_CG = 2, KIND_BOTH = 3 };

/* Static choice: does the function at pc lack its own setpf/resetpf (it
 * inherits the caller's flag)? A fixed hash of the address. */
static int inherits(uint64_t pc, unsigned pct)
{
    uint64_t h = (pc ^ 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
    return (unsigned)(h % 100u) < pct;
}

typedef struct emitter {
    hwp_writer *w;
    hwp_err *err;
    uint64_t n, pi, pci, mcount;
} emitter;

static int put(emitter *e, uint64_t pc, uint32_t insn, int cls, int taken, uint64_t value,
               int has_value, uint64_t addr, int has_addr, int len)
{
    hwp_rec r;
    memset(&r, 0, sizeof r);
    r.a = pc;
    r.insn = insn;
    r.cls = (uint8_t)cls;
    r.flags = (uint8_t)((taken ? HWP_RF_TAKEN : 0) | (has_value ? HWP_RF_VALUE : 0) |
                        (has_addr ? HWP_RF_ADDR : 0));
    r.len = (uint8_t)len;
    r.rd = HWP_RD_NONE;
    r.value = value;
    r.addr = addr;
    int k = pfp_kind(insn, cls, len == 2);
    if (pfp_kind_is_pi(k)) e->pi++;
    else if (k >= PFP_K_SET) e->pci++;
    e->n++;
    return hwp_writer_put(e->w, &r, e->err);
}

/* _mcount: an ordinary routine that bumps a caller/callee arc counter. */
static const uint32_t mcount_body[] = {
    0xff010113u, /* addi sp, sp, -16 */
    0x00113423u, /* sd   ra, 8(sp) */
    0x00b7c7b3u, /* xor  a5, a5, a1 */
    0x0ff7f793u, /* andi a5, a5, 255 */
    0x00379793u, /* slli a5, a5, 3 */
    0x00a787b3u, /* add  a5, a5, a0 */
    0x0007b703u, /* ld   a4, 0(a5) */
    0x00170713u, /* addi a4, a4, 1 */
    0x00e7b023u, /* sd   a4, 0(a5) */
    0x00813083u, /* ld   ra, 8(sp) */
    0x01010113u, /* addi sp, sp, 16 */
    0x00008067u, /* ret */
};
#define MCOUNT_N (sizeof mcount_body / sizeof mcount_body[0])

/* One record of the trace, kept as read; ctx is the trace's path. */
static int put_rec(void *ctx, void *elem, const hwp_rec *r, size_t i)
{
    if (r->len != 2 && r->len != 4) {
        fprintf(stderr, "hwprof instrument: %s: record %zu: instruction length %u is not 2 or 4\n",
                (const char *)ctx, i, r->len);
        return -1;
    }
    *(hwp_rec *)elem = *r;
    return 0;
}

/* Reads a RISC-V retire trace into memory; prints the error and returns
 * NULL on failure. */
static hwp_rec *load_trace(const char *in_path, unsigned long long max, size_t *n_out)
{
    hwp_err err;
    hwp_reader *rd;
    if (hwp_reader_open(&rd, in_path, &err)) {
        fprintf(stderr, "hwprof instrument: %s\n", err.msg);
        return NULL;
    }
    const hwp_trace_info *ti = hwp_reader_info(rd);
    if (ti->kind != HWP_KIND_RETIRE || (ti->isa != HWP_ISA_RISCV64 && !ti->text)) {
        fprintf(stderr, "hwprof instrument: %s: need a RISC-V retire trace (kind retire, isa RV64)\n",
                in_path);
        hwp_reader_close(rd);
        return NULL;
    }
    hwp_rec *recs = hwp_cli_load("instrument", in_path, rd, max, sizeof *recs, put_rec, (void *)in_path,
                                 n_out);
    hwp_reader_close(rd);
    return recs;
}

/* A seeded synthetic program walk (coverage stimulus for the lockstep
 * regression, not a measurement): 48 functions of 3..12 basic blocks of
 * 1..6 instructions (some compressed), conditional branches backward or
 * forward, calls nested up to depth 6, returns. */
static uint64_t sm64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#define SY_F 48
#define SY_B 12
static hwp_rec *synth_trace(unsigned long long nrec, unsigned long long seed, size_t *n_out)
{
    uint64_t st = seed * 0x2545f4914f6cdd1dull + 1;
    int nb[SY_F], ni[SY_F][SY_B], term[SY_F][SY_B], tgt[SY_F][SY_B];
    uint64_t bpc[SY_F][SY_B][8];
    int blen[SY_F][SY_B][8];
    for (int f = 0; f < SY_F; f++) {
        nb[f] = 3 + (int)(sm64(&st) % (SY_B - 2));
        uint64_t pc = 0x200000ull + (uint64_t)f * 0x400u;
        for (int b = 0; b < nb[f]; b++) {
            ni[f][b] = 1 + (int)(sm64(&st) % 6);
            for (int i = 0; i <= ni[f][b]; i++) { /* ni body instructions + terminator */
                blen[f][b][i] = (i < ni[f][b] && sm64(&st) % 3 == 0) ? 2 : 4;
                bpc[f][b][i] = pc;
                pc += (uint64_t)blen[f][b][i];
            }
            /* terminator: 0 branch, 1 call, 2 fall through (a jump-free block end), 3 ret */
            term[f][b] = b == nb[f] - 1 ? 3 : (int)(sm64(&st) % 3);
            tgt[f][b] = (int)(sm64(&st) % (uint64_t)nb[f]);
            if (term[f][b] == 1) tgt[f][b] = (int)(sm64(&st) % SY_F);
        }
    }
    hwp_rec *r = calloc((size_t)nrec + 64, sizeof *r);
    if (!r) {
        fprintf(stderr, "hwprof instrument: out of memory\n");
        return NULL;
    }
    int fs[64], bs[64], depth = 0, f = 0, b = 0;
    size_t n = 0;
    while (n < nrec) {
        for (int i = 0; i < ni[f][b] && n < nrec; i++) {
            hwp_rec *x = &r[n++];
            x->a = bpc[f][b][i];
            x->len = (uint8_t)blen[f][b][i];
            x->insn = x->len == 2 ? 0x0001u : 0x00000013u;
            x->cls = HWP_CLS_ALU;
            x->rd = HWP_RD_NONE;
        }
        if (n >= nrec) break;
        hwp_rec *x = &r[n++];
        int i = ni[f][b];
        x->a = bpc[f][b][i];
        x->len = 4;
        x->rd = HWP_RD_NONE;
        int t = term[f][b];
        if (t == 0) {
            int back = tgt[f][b] <= b;
            int taken = (int)(sm64(&st) % 100) < (back ? 70 : 40);
            x->insn = 0x00000063u | (back ? 0x80000000u : 0u);
            x->cls = HWP_CLS_BRANCH;
            x->flags = taken ? HWP_RF_TAKEN : 0;
            b = taken ? tgt[f][b] : b + 1;
        } else if (t == 1 && depth < 6) {
            x->insn = 0x000000efu;
            x->cls = HWP_CLS_CALL;
            x->flags = HWP_RF_TAKEN;
            fs[depth] = f;
            bs[depth] = b + 1;
            depth++;
            f = tgt[f][b];
            b = 0;
        } else if (t == 3) {
            x->insn = 0x00008067u;
            x->cls = HWP_CLS_RET;
            x->flags = HWP_RF_TAKEN;
            if (depth > 0) {
                depth--;
                f = fs[depth];
                b = bs[depth];
            } else {
                f = (int)(sm64(&st) % SY_F); /* a new call from outside the program */
                b = 0;
            }
        } else {
            x->insn = 0x00000013u;
            x->cls = HWP_CLS_ALU;
            b = b + 1;
        }
    }
    *n_out = n;
    return r;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: hwprof instrument [options] -o OUT TRACE\n"
            "Produces the dynamic instruction stream of the program recorded in TRACE (a\n"
            "RISC-V retire trace) after profile instrumentation with profile instructions\n"
            "(docs/pfp.md, docs/pfp-isa.md), under a runtime that switches profiling on for\n"
            "a fraction of every window.\n\n"
            "options:\n"
            "  -k, --kind K       bb (basic-block profiling, Figure 3), cg (call-graph\n"
            "                     profiling, Figure 4) or both; default bb\n"
            "  -i, --inherit PCT  percentage of functions without their own setpf/resetpf\n"
            "                     (they inherit the caller's flag; chosen by a fixed hash of\n"
            "                     the entry address); default 0\n"
            "  -p, --on PCT       percentage of every window with profiling on, 0..100\n"
            "                     (default 25)\n"
            "  -w, --window N     window length in original instructions (default: the\n"
            "                     trace length / 5, at least 1000)\n"
            "  -b, --base ADDR    first address of the instrumented code (default 0x10000)\n"
            "  -n, --max N        read at most N records of TRACE\n"
            "      --trigger T    where the runtime's setpf/resetpf sit: entry (after the\n"
            "                     function entry, the paper's method-level control; default)\n"
            "                     or loop (also at every loop head, a target of a backward\n"
            "                     taken branch or jump: Figure 1-style checks on back edges)\n"
            "      --synth N      instead of TRACE: a seeded synthetic program walk of N\n"
            "                     records (stimulus for the lockstep regression only)\n"
            "      --seed S       seed of --synth (default 1)\n"
            "  -o, --output OUT   output retire trace ('-' = stdout)\n"
            "  -z, --compress     zstd-compress the body\n"
            "      --text         write the text form\n"
            "  -h, --help         this help\n"
            "exit status: 0 ok, 1 failure, 2 usage\n");
}

int hwp_cmd_instrument(int argc, char **argv)
{
    static const struct option opts[] = {
        {"kind", required_argument, 0, 'k'}, {"on", required_argument, 0, 'p'},
        {"window", required_argument, 0, 'w'}, {"base", required_argument, 0, 'b'},
        {"max", required_argument, 0, 'n'}, {"output", required_argument, 0, 'o'},
        {"compress", no_argument, 0, 'z'}, {"text", no_argument, 0, 't'},
        {"inherit", required_argument, 0, 'i'},
        {"synth", required_argument, 0, 1}, {"seed", required_argument, 0, 2},
        {"trigger", required_argument, 0, 3},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    const char *cmd = "instrument", *out = NULL;
    unsigned long long inherit = 0, synth = 0, seed = 1;
    int loop_trig = 0;
    int kind = KIND_BB, compress = 0, text = 0;
    double on_pct = 25.0;
    unsigned long long window = 0, base = 0x10000, max = ~0ull;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "k:p:w:b:n:o:zi:h", opts, NULL)) != -1) {
        switch (c) {
        case 'k':
            if (strcmp(optarg, "bb") == 0) kind = KIND_BB;
            else if (strcmp(optarg, "cg") == 0) kind = KIND_CG;
            else if (strcmp(optarg, "both") == 0) kind = KIND_BOTH;
            else {
                fprintf(stderr, "hwprof instrument: --kind: expected bb, cg or both, got '%s'\n",
                        optarg);
                return 2;
            }
            break;
        case 'p':
            if (hwp_cli_double(cmd, "on", optarg, 0.0, 100.0, &on_pct)) return 2;
            break;
        case 'w':
            if (hwp_cli_uint(cmd, "window", optarg, 1, 1ull << 40, &window)) return 2;
            break;
        case 'b':
            if (hwp_cli_uint(cmd, "base", optarg, 0, 1ull << 40, &base)) return 2;
            break;
        case 'n':
            if (hwp_cli_uint(cmd, "max", optarg, 1, ~0ull, &max)) return 2;
            break;
        case 'i':
            if (hwp_cli_uint(cmd, "inherit", optarg, 0, 100, &inherit)) return 2;
            break;
        case 1:
            if (hwp_cli_uint(cmd, "synth", optarg, 1, 1ull << 28, &synth)) return 2;
            break;
        case 2:
            if (hwp_cli_uint(cmd, "seed", optarg, 0, ~0ull, &seed)) return 2;
            break;
        case 3:
            if (strcmp(optarg, "entry") == 0) loop_trig = 0;
            else if (strcmp(optarg, "loop") == 0) loop_trig = 1;
            else {
                fprintf(stderr, "hwprof instrument: --trigger: expected entry or loop, got '%s'\n",
                        optarg);
                return 2;
            }
            break;
        case 'o': out = optarg; break;
        case 'z': compress = 1; break;
        case 't': text = 1; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind + (synth ? 0 : 1) != argc || !out) {
        fprintf(stderr, "hwprof instrument: need one input TRACE (or --synth N) and -o OUT\n");
        usage(stderr);
        return 2;
    }
    const char *in_path = synth ? "(synthetic)" : argv[optind];

    hwp_err err;
    memset(&err, 0, sizeof err);
    size_t n = 0;
    hwp_rec *recs = synth ? synth_trace(synth, seed, &n) : load_trace(in_path, max, &n);
    if (!recs) return 1;

    /* ---- static analysis: attributes per original pc (key <pc, 0>) */
    hwp_cmap attr, addr;
    if (hwp_cmap_init(&attr, 1 << 14) || hwp_cmap_init(&addr, 1 << 14)) {
        fprintf(stderr, "hwprof instrument: out of memory\n");
        free(recs);
        return 1;
    }
    int oom = 0;
    for (size_t i = 0; i < n && !oom; i++) {
        hwp_cmap_ent *e = hwp_cmap_add(&attr, recs[i].a, 0, 0);
        if (!e) { oom = 1; break; }
        int cls = recs[i].cls;
        int ctl = cls == HWP_CLS_BRANCH || cls == HWP_CLS_JUMP || cls == HWP_CLS_CALL ||
                  cls == HWP_CLS_RET || cls == HWP_CLS_IJUMP;
        if (i == 0) e->count |= ATTR_LEADER;
        if (cls == HWP_CLS_RET) e->count |= ATTR_RET;
        if (recs[i].len == 2) e->count |= ATTR_LEN2;
        if (i + 1 < n && ctl) {
            hwp_cmap_ent *t = hwp_cmap_add(&attr, recs[i + 1].a, 0, 0);
            if (!t) { oom = 1; break; }
            t->count |= ATTR_LEADER;
            if (cls == HWP_CLS_CALL && (recs[i].flags & HWP_RF_TAKEN)) t->count |= ATTR_ENTRY;
            if ((cls == HWP_CLS_BRANCH || cls == HWP_CLS_JUMP) && (recs[i].flags & HWP_RF_TAKEN) &&
                recs[i + 1].a <= recs[i].a)
                t->count |= ATTR_LOOP;
        }
    }
    /* ---- layout in address order */
    size_t ns = 0;
    hwp_cmap_ent *st = oom ? NULL : hwp_cmap_sorted(&attr, &ns);
    if (!st) {
        fprintf(stderr, "hwprof instrument: out of memory\n");
        hwp_cmap_free(&attr);
        hwp_cmap_free(&addr);
        free(recs);
        return 1;
    }
    /* sort by pc (hwp_cmap_sorted orders by count) */
    for (size_t gap = ns / 2; gap > 0; gap /= 2)
        for (size_t i = gap; i < ns; i++)
            for (size_t j = i; j >= gap && st[j - gap].a > st[j].a; j -= gap) {
                hwp_cmap_ent t = st[j];
                st[j] = st[j - gap];
                st[j - gap] = t;
            }
    uint64_t cur = base, prev_end = 0;
    for (size_t i = 0; i < ns && !oom; i++) {
        uint64_t pc = st[i].a, a = st[i].count;
        if (i > 0 && pc != prev_end) cur += 16; /* a hole in the original code */
        uint64_t entry = cur;
        if (a & ATTR_ENTRY)
            cur += 4 + (inherits(pc, (unsigned)inherit) ? 0 : 4) + ((kind & KIND_CG) ? 12 : 0);
        if ((a & ATTR_LOOP) && loop_trig) cur += 4;
        if ((a & ATTR_LEADER) && (kind & KIND_BB)) cur += 5 * 4;
        if (a & ATTR_RET) cur += 4;
        /* <pc,1> = landing address, <pc,2> = the original instruction's address */
        hwp_cmap_ent *e1 = hwp_cmap_add(&addr, pc, 1, 0), *e2 = hwp_cmap_add(&addr, pc, 2, 0);
        if (!e1 || !e2) { oom = 1; break; }
        e1->count = entry;
        e2->count = cur;
        unsigned len = (a & ATTR_LEN2) ? 2u : 4u;
        prev_end = pc + len;
        cur += len;
    }
    uint64_t mcount_pc = (cur + 64) & ~(uint64_t)63;
    free(st);

    /* ---- emit */
    hwp_trace_info oi;
    memset(&oi, 0, sizeof oi);
    oi.kind = HWP_KIND_RETIRE;
    oi.width0 = 64;
    oi.width1 = HWP_ISA_RISCV64;
    oi.isa = HWP_ISA_RISCV64;
    oi.compressed = compress;
    oi.text = text;
    emitter em;
    memset(&em, 0, sizeof em);
    em.err = &err;
    if (oom || hwp_writer_open(&em.w, out, &oi, &err)) {
        fprintf(stderr, "hwprof instrument: %s\n", oom ? "out of memory" : err.msg);
        hwp_cmap_free(&attr);
        hwp_cmap_free(&addr);
        free(recs);
        return 1;
    }
    if (!window) window = n / 5 < 1000 ? 1000 : n / 5;
    uint64_t on_len = (uint64_t)(on_pct / 100.0 * (double)window + 0.5);
    if (on_len > window) on_len = window;
    int flag = 0;
    size_t sp = 0, scap = 1024;
    uint8_t *stk = malloc(scap);
    uint64_t blockno = 0, entries = 0, rets = 0;
    int fail = !stk;
    for (size_t i = 0; i < n && !fail; i++) {
        const hwp_rec *r = &recs[i];
        uint64_t a = hwp_cmap_get(&attr, r->a, 0)->count;
        uint64_t p = hwp_cmap_get(&addr, r->a, 1)->count;
        const uint64_t orig_at = hwp_cmap_get(&addr, r->a, 2)->count;
        const int on = (uint64_t)(i % window) < on_len;
        if (a & ATTR_ENTRY) {
            entries++;
            if (sp == scap) {
                uint8_t *ns2 = realloc(stk, scap * 2);
                if (!ns2) { fail = 1; break; }
                stk = ns2;
                scap *= 2;
            }
            stk[sp++] = (uint8_t)flag;
            fail |= put(&em, p, pfp_enc_pci(PFP_PCI_PUSH, 2), HWP_CLS_STORE, 0, (uint64_t)flag, 1,
                        0, 0, 4) != 0;
            p += 4;
            if (!inherits(r->a, (unsigned)inherit)) {
                flag = on;
                fail |= put(&em, p, pfp_enc_pci(on ? PFP_PCI_SET : PFP_PCI_RESET, 0),
                            HWP_CLS_OTHER, 0, 0, 0, 0, 0, 4) != 0;
                p += 4;
            }
            if (kind & KIND_CG) {
                fail |= put(&em, p, pfp_enc_i(PFP_F3_ADDI, 5, 1, 0), HWP_CLS_ALU, 0, 0, 0, 0, 0, 4);
                p += 4;
                fail |= put(&em, p, pfp_enc_jalb(1, (int32_t)(mcount_pc - p)), HWP_CLS_CALL, flag,
                            0, 0, 0, 0, 4) != 0;
                if (flag) {
                    em.mcount++;
                    for (size_t k = 0; k < MCOUNT_N && !fail; k++) {
                        hwp_rv_insn d;
                        hwp_rv_decode(mcount_body[k], &d);
                        fail |= put(&em, mcount_pc + 4 * k, mcount_body[k], d.cls,
                                    d.cls == HWP_CLS_RET, 0, 0, 0, 0, 4) != 0;
                    }
                }
                p += 4;
                fail |= put(&em, p, pfp_enc_i(PFP_F3_ADDI, 1, 5, 0), HWP_CLS_ALU, 0, 0, 0, 0, 0, 4);
                p += 4;
            }
        }
        if ((a & ATTR_LOOP) && loop_trig) {
            flag = on;
            fail |= put(&em, p, pfp_enc_pci(on ? PFP_PCI_SET : PFP_PCI_RESET, 0), HWP_CLS_OTHER, 0,
                        0, 0, 0, 0, 4) != 0;
            p += 4;
        }
        if ((a & ATTR_LEADER) && (kind & KIND_BB)) {
            blockno++;
            uint64_t caddr = 0x80000000ull + 4 * (hwp_cmap_get(&addr, r->a, 1)->count & 0xffffff);
            uint32_t hi = (uint32_t)((caddr + 0x800) >> 12) & 0xfffffu;
            int32_t lo = (int32_t)(caddr & 0xfff);
            if (lo >= 2048) lo -= 4096;
            fail |= put(&em, p, pfp_enc_luib(31, hi), HWP_CLS_ALU, 0, 0, 0, 0, 0, 4) != 0;
            fail |= put(&em, p + 4, pfp_enc_i(PFP_F3_LW, 30, 31, lo), HWP_CLS_LOAD, 0, 0, 0,
                        caddr, 1, 4) != 0;
            fail |= put(&em, p + 8, pfp_enc_i(PFP_F3_ADDI, 30, 30, 1), HWP_CLS_ALU, 0, 0, 0, 0, 0,
                        4) != 0;
            fail |= put(&em, p + 12, pfp_enc_luib(31, hi), HWP_CLS_ALU, 0, 0, 0, 0, 0, 4) != 0;
            fail |= put(&em, p + 16, pfp_enc_s(PFP_F3_SW, 31, 30, lo), HWP_CLS_STORE, 0, 0, 0,
                        caddr, 1, 4) != 0;
            p += 20;
        }
        if (a & ATTR_RET) {
            rets++;
            int v = sp ? stk[--sp] : 0;
            fail |= put(&em, p, pfp_enc_pci(PFP_PCI_POP, 2), HWP_CLS_LOAD, 0, (uint64_t)v, 1, 0,
                        0, 4) != 0;
            flag = v;
            p += 4;
        }
        if (p != orig_at) {
            fprintf(stderr, "hwprof instrument: internal layout error at record %zu\n", i);
            fail = 1;
            break;
        }
        fail |= put(&em, orig_at, r->insn, r->cls, (r->flags & HWP_RF_TAKEN) != 0, r->value,
                    (r->flags & HWP_RF_VALUE) != 0, r->addr, (r->flags & HWP_RF_ADDR) != 0,
                    r->len) != 0;
    }
    free(stk);
    hwp_cmap_free(&attr);
    hwp_cmap_free(&addr);
    free(recs);
    if (fail) {
        hwp_err e2;
        hwp_writer_close(em.w, &e2);
        fprintf(stderr, "hwprof instrument: %s\n", err.msg[0] ? err.msg : "failed");
        return 1;
    }
    if (hwp_writer_close(em.w, &err)) {
        fprintf(stderr, "hwprof instrument: %s\n", err.msg);
        return 1;
    }
    fprintf(stderr,
            "hwprof instrument: %zu records -> %llu (%s, %.0f%% on, window %llu): %llu profile "
            "instructions, %llu profile control instructions, %llu function entries, %llu "
            "returns, %llu _mcount calls\n",
            n, (unsigned long long)em.n, kind == KIND_BB ? "bb" : kind == KIND_CG ? "cg" : "both", on_pct,
            (unsigned long long)window, (unsigned long long)em.pi, (unsigned long long)em.pci,
            (unsigned long long)entries, (unsigned long long)rets,
            (unsigned long long)em.mcount);
    return 0;
}
