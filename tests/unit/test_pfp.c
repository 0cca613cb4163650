/* SPDX-License-Identifier: Apache-2.0
 *
 * Unit tests of the pfp cycle model (cmodel/pfp):
 *  - ISA: every profile and profile control encoding decodes to its kind,
 *    ordinary encodings are untouched;
 *  - skipping never changes the dispatched stream: the sequence of
 *    dispatched instructions with and without profile flag prediction is
 *    identical, over random programs, flag schedules and configurations
 *    (and skipping does happen, so the comparison is not vacuous);
 *  - section IV-A / VII-C rules, directed: no allocation while the flag is
 *    on, no skip of blocks shorter than MIN_LEN, no skip until the leader
 *    has been seen twice (lock bit), a skip predicted with the flag on is a
 *    misprediction that still dispatches the whole block;
 *  - the front-end figures do not depend on the input timing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pfp/pfp.h"
#include "trace.h"
#include "check.h"


static uint64_t rng(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

typedef struct stream {
    pfp_rec *r;
    size_t n, cap;
} stream;

static void put(stream *s, uint64_t pc, uint32_t insn, int cls, int taken, int val)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 4096;
        s->r = realloc(s->r, s->cap * sizeof *s->r);
        if (!s->r) {
            printf("out of memory\n");
            exit(1);
        }
    }
    pfp_rec *x = &s->r[s->n++];
    x->pc = pc;
    x->insn = insn;
    x->cls = (uint8_t)cls;
    x->taken = (uint8_t)taken;
    x->val = (uint8_t)val;
    x->len2 = 0;
}

/* A loop of nb basic blocks; block b: a profile block of len[b] instructions
 * (len 0: none), body[b] ordinary instructions. The last block branches back
 * (taken iters-1 times). At the loop head: setpf or resetpf from sched(it).
 * Optionally a call with pushpf/poppf around a callee that flips the flag. */
typedef int (*sched_fn)(int it, void *ctx);

static void build_loop(stream *s, int nb, const int *len, const int *body, int iters,
                       sched_fn sched, void *ctx, int with_call)
{
    const uint64_t base = 0x1000;
    for (int it = 0; it < iters; it++) {
        uint64_t pc = base;
        int on = sched(it, ctx);
        put(s, pc, pfp_enc_pci(on ? PFP_PCI_SET : PFP_PCI_RESET, 0), HWP_CLS_OTHER, 0, 0);
        pc += 4;
        for (int b = 0; b < nb; b++) {
            for (int k = 0; k < len[b]; k++, pc += 4)
                put(s, pc, k % 2 ? pfp_enc_i(PFP_F3_LW, 30, 31, 0) : pfp_enc_luib(31, 0x80000),
                    HWP_CLS_ALU, 0, 0);
            for (int k = 0; k < body[b]; k++, pc += 4) put(s, pc, 0x00000013u, HWP_CLS_ALU, 0, 0);
            if (with_call && b == 1) {
                /* call f: pushpf; (flip) setpf/resetpf; 2 profile insns; poppf; ret */
                const uint64_t f = 0x8000;
                put(s, pc, 0x000000efu, HWP_CLS_CALL, 1, 0);
                put(s, f, pfp_enc_pci(PFP_PCI_PUSH, 2), HWP_CLS_STORE, 0, 0);
                put(s, f + 4, pfp_enc_pci(on ? PFP_PCI_RESET : PFP_PCI_SET, 0), HWP_CLS_OTHER, 0, 0);
                put(s, f + 8, pfp_enc_i(PFP_F3_ADDI, 5, 1, 0), HWP_CLS_ALU, 0, 0);
                put(s, f + 12, pfp_enc_jalb(1, 0x100), HWP_CLS_CALL, !on, 0);
                if (!on) /* flag on in the callee: _mcount runs */
                    for (int k = 0; k < 6; k++)
                        put(s, f + 0x10c + 4 * (uint64_t)k, k == 5 ? 0x00008067u : 0x00000013u,
                            k == 5 ? HWP_CLS_RET : HWP_CLS_ALU, k == 5, 0);
                put(s, f + 16, pfp_enc_i(PFP_F3_ADDI, 1, 5, 0), HWP_CLS_ALU, 0, 0);
                put(s, f + 20, pfp_enc_pci(PFP_PCI_POP, 2), HWP_CLS_LOAD, 0, on);
                put(s, f + 24, 0x00008067u, HWP_CLS_RET, 1, 0);
                pc += 4;
            }
        }
        put(s, pc, 0xfe000ee3u, HWP_CLS_BRANCH, it + 1 < iters, 0); /* backward branch */
    }
}

typedef struct dlog {
    uint64_t *pc;
    size_t n, cap;
    uint64_t h; /* dispatch hash (pc and kind) from 0 */
} dlog;

static void on_disp(void *ctx, uint64_t pc, int kind)
{
    dlog *d = ctx;
    d->h = pfp_dh_step(d->h, pc, kind);
    if (d->n == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 4096;
        d->pc = realloc(d->pc, d->cap * sizeof *d->pc);
        if (!d->pc) exit(1);
    }
    d->pc[d->n++] = pc;
}

static void run(const pfp_params *p, const stream *s, int en, uint64_t *stat, dlog *d)
{
    pfp m;
    char msg[160];
    if (pfp_init(&m, p, msg, sizeof msg)) {
        printf("init: %s\n", msg);
        exit(1);
    }
    m.on_disp = on_disp;
    m.on_disp_ctx = d;
    int rc = pfp_run(&m, s->r, s->n, en);
    CHECK(rc == 0, "front end did not finish");
    memcpy(stat, m.stat, sizeof m.stat);
    pfp_free(&m);
}

static int sched_off(int it, void *c) { (void)it; (void)c; return 0; }
static int sched_on(int it, void *c) { (void)it; (void)c; return 1; }
static int sched_rand(int it, void *c)
{
    uint64_t *s = c;
    (void)it;
    return (int)(rng(s) % 3 == 0);
}

static void test_isa(void)
{
    CHECK(pfp_kind(pfp_enc_r(PFP_F3_ADD, 1, 2, 3), HWP_CLS_ALU, 0) == PFP_K_PI, "add/b");
    CHECK(pfp_kind(pfp_enc_i(PFP_F3_ADDI, 1, 2, 0), HWP_CLS_ALU, 0) == PFP_K_PI, "mov/b");
    CHECK(pfp_kind(pfp_enc_i(PFP_F3_LW, 1, 2, -4), HWP_CLS_LOAD, 0) == PFP_K_PI, "lw/b");
    CHECK(pfp_kind(pfp_enc_i(PFP_F3_LD, 1, 2, 8), HWP_CLS_LOAD, 0) == PFP_K_PI, "ld/b");
    CHECK(pfp_kind(pfp_enc_s(PFP_F3_SW, 1, 2, -8), HWP_CLS_STORE, 0) == PFP_K_PI, "sw/b");
    CHECK(pfp_kind(pfp_enc_s(PFP_F3_SD, 1, 2, 16), HWP_CLS_STORE, 0) == PFP_K_PI, "sd/b");
    CHECK(pfp_kind(pfp_enc_luib(31, 0xfffff), HWP_CLS_ALU, 0) == PFP_K_PI, "lui/b");
    CHECK(pfp_kind(pfp_enc_jalb(1, -2048), HWP_CLS_CALL, 0) == PFP_K_PIJ, "jal/b");
    CHECK(pfp_kind(pfp_enc_pci(PFP_PCI_SET, 0), HWP_CLS_OTHER, 0) == PFP_K_SET, "setpf");
    CHECK(pfp_kind(pfp_enc_pci(PFP_PCI_RESET, 0), HWP_CLS_OTHER, 0) == PFP_K_RESET, "resetpf");
    CHECK(pfp_kind(pfp_enc_pci(PFP_PCI_PUSH, 2), HWP_CLS_STORE, 0) == PFP_K_PUSH, "pushpf");
    CHECK(pfp_kind(pfp_enc_pci(PFP_PCI_POP, 2), HWP_CLS_LOAD, 0) == PFP_K_POP, "poppf");
    /* jal/b immediate layout is jal's: decode the offset back */
    uint32_t w = pfp_enc_jalb(1, -2048);
    int32_t off = (int32_t)((((w >> 31) & 1u) << 20) | (((w >> 12) & 0xffu) << 12) |
                            (((w >> 20) & 1u) << 11) | (((w >> 21) & 0x3ffu) << 1));
    if (off & 0x100000) off -= 0x200000;
    CHECK(off == -2048, "jal/b offset %d", off);
    /* ordinary encodings */
    CHECK(pfp_kind(0x00000013u, HWP_CLS_ALU, 0) == PFP_K_ORD, "addi");
    CHECK(pfp_kind(0xfe000ee3u, HWP_CLS_BRANCH, 0) == PFP_K_BR, "beq");
    CHECK(pfp_kind(0x00008067u, HWP_CLS_RET, 0) == PFP_K_JMP, "ret");
    CHECK(pfp_kind(0x000b, HWP_CLS_OTHER, 1) == PFP_K_ORD, "compressed parcel with custom-0 bits");
}

static void test_equivalence(void)
{
    uint64_t seed = 12345, any_skip = 0, any_misp = 0, any_misfetch = 0;
    for (int t = 0; t < 40; t++) {
        stream s = {0};
        int nb = 2 + (int)(rng(&seed) % 8), len[16], body[16];
        for (int b = 0; b < nb; b++) {
            len[b] = (int)(rng(&seed) % 9);
            body[b] = 1 + (int)(rng(&seed) % 12);
        }
        uint64_t ss = rng(&seed);
        build_loop(&s, nb, len, body, 150 + (int)(rng(&seed) % 100), sched_rand, &ss, t % 2);
        pfp_params p;
        pfp_params_default(&p);
        if (t % 3 == 1) {
            p.fetch_w = 2;
            p.dec_w = 2;
            p.fq = 5;
            p.win_bits = 5;
            p.set_bits = 1;
            p.skip_bits = 3;
            p.min_len = 2;
        } else if (t % 3 == 2) {
            p.fetch_w = 8;
            p.dec_w = 3;
            p.win_bits = 7;
            p.skip_bits = 5;
            p.br_pen = 0;
        }
        uint64_t s1[PFP_S_N], s0[PFP_S_N];
        dlog d1 = {0}, d0 = {0};
        run(&p, &s, 1, s1, &d1);
        run(&p, &s, 0, s0, &d0);
        CHECK(d1.n == d0.n && memcmp(d1.pc, d0.pc, d1.n * sizeof *d1.pc) == 0,
              "trial %d: dispatched streams differ (%zu vs %zu)", t, d1.n, d0.n);
        CHECK(s1[PFP_S_DISP_PI] == s0[PFP_S_DISP_PI], "trial %d: profile instructions dispatched", t);
        CHECK(s1[PFP_S_FETCHED] <= s0[PFP_S_FETCHED] + s1[PFP_S_PFP_MISP] * 64,
              "trial %d: fetched %llu vs %llu", t, (unsigned long long)s1[PFP_S_FETCHED],
              (unsigned long long)s0[PFP_S_FETCHED]);
        CHECK(s0[PFP_S_SKIPS] == 0 && s0[PFP_S_SKIP_BLK] == 0, "trial %d: skips with pfp off", t);
        /* every decoded or skipped record is accounted for exactly once */
        CHECK(s1[PFP_S_DECODED] + s1[PFP_S_SKIP_INS] == s.n, "trial %d: %llu + %llu != %zu", t,
              (unsigned long long)s1[PFP_S_DECODED], (unsigned long long)s1[PFP_S_SKIP_INS], s.n);
        CHECK(s0[PFP_S_DECODED] == s.n, "trial %d: decoded without pfp", t);
        any_skip += s1[PFP_S_SKIP_BLK];
        any_misp += s1[PFP_S_PFP_MISP];
        any_misfetch += s1[PFP_S_MISFETCH] + s1[PFP_S_JMP_LATE];
        free(d1.pc);
        free(d0.pc);
        free(s.r);
    }
    CHECK(any_skip > 1000, "skipping hardly happened (%llu): the comparison is vacuous",
          (unsigned long long)any_skip);
    CHECK(any_misp > 0, "no profile flag misprediction was exercised");
    printf("equivalence: %llu skipped blocks, %llu mispredictions, %llu jal/b redirects\n",
           (unsigned long long)any_skip, (unsigned long long)any_misp,
           (unsigned long long)any_misfetch);
}

static void test_rules(void)
{
    pfp_params p;
    pfp_params_default(&p);
    uint64_t st[PFP_S_N];
    dlog d = {0};
    /* flag always on: never an allocation, never a skip, all dispatched */
    {
        int len[3] = {5, 6, 4}, body[3] = {20, 20, 20};
        stream s = {0};
        build_loop(&s, 3, len, body, 50, sched_on, NULL, 0);
        run(&p, &s, 1, st, &d);
        CHECK(st[PFP_S_BDT_ALLOC] == 0, "allocation with the flag on (%llu)",
              (unsigned long long)st[PFP_S_BDT_ALLOC]);
        CHECK(st[PFP_S_SKIPS] == 0, "skip with the flag on");
        CHECK(st[PFP_S_DISP_PI] == 50 * 15, "profile instructions dispatched %llu",
              (unsigned long long)st[PFP_S_DISP_PI]);
        free(s.r);
    }
    /* flag off, blocks of MIN_LEN-1: allocated, never skipped */
    {
        int len[3] = {3, 3, 3}, body[3] = {20, 20, 20};
        stream s = {0};
        build_loop(&s, 3, len, body, 50, sched_off, NULL, 0);
        run(&p, &s, 1, st, &d);
        CHECK(st[PFP_S_BDT_ALLOC] == 3, "allocations %llu", (unsigned long long)st[PFP_S_BDT_ALLOC]);
        CHECK(st[PFP_S_SKIPS] == 0, "a block shorter than MIN_LEN was skipped");
        free(s.r);
    }
    /* flag off, long bodies: the leader is skipped from its third encounter on
     * (allocated at the first, unlocked at the second decode) */
    for (int iters = 1; iters <= 4; iters++) {
        int len[1] = {5}, body[1] = {80};
        stream s = {0};
        build_loop(&s, 1, len, body, iters, sched_off, NULL, 0);
        run(&p, &s, 1, st, &d);
        uint64_t want = iters >= 3 ? (uint64_t)iters - 2 : 0;
        CHECK(st[PFP_S_SKIP_BLK] == want, "iters %d: %llu skipped blocks, want %llu", iters,
              (unsigned long long)st[PFP_S_SKIP_BLK], (unsigned long long)want);
        CHECK(st[PFP_S_SKIP_INS] == 4 * want, "iters %d: skipped instructions", iters);
        free(s.r);
    }
    /* off for 10 iterations, then on: exactly one misprediction per block,
     * and every profile instruction of the on iterations dispatched */
    {
        int len[2] = {5, 7}, body[2] = {40, 40};
        stream s = {0};
        build_loop(&s, 2, len, body, 10, sched_off, NULL, 0);
        stream on = {0};
        build_loop(&on, 2, len, body, 10, sched_on, NULL, 0);
        for (size_t i = 0; i < on.n; i++)
            put(&s, on.r[i].pc, on.r[i].insn, on.r[i].cls, on.r[i].taken, on.r[i].val);
        free(on.r);
        run(&p, &s, 1, st, &d);
        CHECK(st[PFP_S_PFP_MISP] == 2, "mispredictions %llu, want 2 (one per block)",
              (unsigned long long)st[PFP_S_PFP_MISP]);
        CHECK(st[PFP_S_DISP_PI] == 10 * 12, "profile instructions dispatched %llu",
              (unsigned long long)st[PFP_S_DISP_PI]);
        free(s.r);
    }
    free(d.pc);
}

/* Input timing does not change the front-end figures. */
static void test_timing(void)
{
    int len[4] = {5, 2, 7, 0}, body[4] = {3, 9, 2, 5};
    uint64_t ss = 99;
    stream s = {0};
    build_loop(&s, 4, len, body, 300, sched_rand, &ss, 1);
    pfp_params p;
    pfp_params_default(&p);
    uint64_t ref[PFP_S_N];
    dlog d = {0};
    run(&p, &s, 1, ref, &d);
    pfp m;
    char msg[160];
    pfp_init(&m, &p, msg, sizeof msg);
    uint64_t r = 7;
    size_t i = 0, nd = 0;
    uint64_t h = 0;
    int slots_ok = 1;
    pfp_in in;
    pfp_out o;
    memset(&in, 0, sizeof in);
    in.disp_ready = 1;
    in.pfp_en = 1;
    for (long c = 0; c < 10000000; c++) {
        in.in_valid = i < s.n && rng(&r) % 4 != 0;
        in.eos = i >= s.n;
        if (i < s.n) {
            in.pc = s.r[i].pc;
            in.insn = s.r[i].insn;
            in.cls = s.r[i].cls;
            in.taken = s.r[i].taken;
            in.val = s.r[i].val;
            in.len2 = 0;
        }
        pfp_step(&m, &in, &o);
        /* the per-slot dispatch outputs (the RTL's disp_slot_*) are the
         * dispatched sequence of the reference run, in order */
        for (int k = 0; k < o.disp_n; k++) {
            if (nd >= d.n || o.disp_pcs[k] != d.pc[nd]) slots_ok = 0;
            h = pfp_dh_step(h, o.disp_pcs[k], o.disp_kinds[k]);
            nd++;
        }
        if (o.done) break;
        if (in.in_valid && o.in_ready) i++;
    }
    CHECK(slots_ok && nd == d.n && h == d.h,
          "dispatch slots with idle input: %zu instructions (reference %zu), hash %016llx "
          "(reference %016llx)", nd, d.n, (unsigned long long)h, (unsigned long long)d.h);
    CHECK(d.n > 1000, "only %zu dispatched", d.n);
    for (int k = 0; k < PFP_S_N; k++)
        CHECK(m.stat[k] == ref[k], "stat %s: %llu with idle input, %llu without", pfp_stat_name(k),
              (unsigned long long)m.stat[k], (unsigned long long)ref[k]);
    pfp_free(&m);
    free(d.pc);
    free(s.r);
}

int main(void)
{
    test_isa();
    test_rules();
    test_equivalence();
    test_timing();
    char msg[160];
    pfp_params p;
    pfp_params_default(&p);
    p.skip_bits = 6; /* window 64 < 2 * (4 + 64) */
    CHECK(pfp_params_check(&p, msg, sizeof msg) != 0, "oversized skip accepted");
    return check_verdict("test_pfp");
}
