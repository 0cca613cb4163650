/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine rap: the functional model (trie) and the cycle model (RTL mirror)
 * must build the same final tree (slot by slot) and the same counters on
 * every stream: synthetic streams over several configurations (small TCAMs
 * that force full-TCAM behaviour, b = 2/4/16, W = 16/32/64, buffer sizes)
 * and every bundled trace (tests/traces/: tuple1 traces use field a, tuple2
 * traces field b). On every stream the invariants of docs/rap.md are checked:
 * the node counts sum to the events, every node's subtree estimate is a lower
 * bound of its range's true count, and (when no update overflowed a full
 * TCAM) every node's error is at most eps * n.
 */
#include <glob.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rap/rap.h"
#include "trace.h"
#include "check.h"


static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* number of keys in [lo, hi] among sorted keys */
static uint64_t range_count(const uint64_t *s, uint64_t n, uint64_t lo, uint64_t hi)
{
    uint64_t a = 0, b = n;
    while (a < b) {
        uint64_t m = a + (b - a) / 2;
        if (s[m] < lo) a = m + 1; else b = m;
    }
    uint64_t first = a;
    a = first;
    b = n;
    while (a < b) {
        uint64_t m = a + (b - a) / 2;
        if (s[m] <= hi) a = m + 1; else b = m;
    }
    return a - first;
}

static void invariants(const char *what, const rap_cfg *c, const rap_node *nd, int nn,
                       const uint64_t *keys, uint64_t nkeys, uint64_t overflow)
{
    uint64_t *s = malloc((size_t)(nkeys ? nkeys : 1) * sizeof *s);
    memcpy(s, keys, (size_t)nkeys * sizeof *s);
    qsort(s, (size_t)nkeys, sizeof *s, cmp_u64);
    uint64_t sum = 0;
    for (int i = 0; i < nn; i++) sum += nd[i].count;
    CHECK(sum == nkeys, "%s: node counts sum to %" PRIu64 ", events %" PRIu64, what, sum, nkeys);
    double eps = c->eps_q / 65536.0;
    double worst = 0;
    for (int i = 0; i < nn; i++) {
        int bits = nd[i].len * c->k;
        uint64_t span = hwp_rap_mask(c->width - bits);
        uint64_t lo = nd[i].prefix, hi = lo + span;
        uint64_t est = 0;
        for (int j = 0; j < nn; j++)
            if (nd[j].len >= nd[i].len && nd[j].prefix >= lo && nd[j].prefix <= hi) est += nd[j].count;
        uint64_t tru = range_count(s, nkeys, lo, hi);
        CHECK(est <= tru, "%s: node %#" PRIx64 "/%d estimate %" PRIu64 " > true %" PRIu64, what,
              lo, bits, est, tru);
        double e = nkeys ? (double)(tru - est) / (double)nkeys : 0;
        if (e > worst) worst = e;
    }
    if (overflow == 0)
        CHECK(worst <= eps, "%s: max error %.6f of n exceeds eps %.6f", what, worst, eps);
    free(s);
}

static void run_case(const char *what, const rap_cfg *c, const uint64_t *keys, uint64_t nkeys,
                     int tram)
{
    char err[256];
    rap_t *f;
    if (rap_init(&f, c, 1, err, sizeof err)) {
        CHECK(0, "%s: rap_init: %s", what, err);
        return;
    }
    uint64_t fsum = 0; /* live count after every event, summed (eng_rap.c's acc) */
    for (uint64_t i = 0; i < nkeys; i++) {
        if (rap_add_points(f, keys[i], 1, 0)) {
            CHECK(0, "%s: %s", what, rap_error(f));
            rap_free(f);
            return;
        }
        fsum += (uint64_t)rap_live(f, 0);
    }
    if (rap_finalize(f)) CHECK(0, "%s: %s", what, rap_error(f));
    rap_node *fn = malloc((size_t)c->entries * sizeof *fn);
    int nf = rap_nodes(f, 0, fn, c->entries);

    rap_cyc_t *m;
    if (rap_cyc_new(&m, c, tram, 4, err, sizeof err)) {
        CHECK(0, "%s: rap_cyc_new: %s", what, err);
        rap_free(f);
        free(fn);
        return;
    }
    uint64_t cyc = rap_cyc_run(m, keys, nkeys, 200 * nkeys + 1000000);
    CHECK(cyc != 0, "%s: cycle model did not finish", what);
    int k = 0;
    for (int s = 0; s < c->entries; s++) {
        rap_node x;
        if (!rap_cyc_slot(m, s, &x)) continue;
        if (k >= nf) {
            CHECK(0, "%s: cycle model has more nodes than the functional model", what);
            break;
        }
        CHECK(x.slot == fn[k].slot && x.prefix == fn[k].prefix && x.len == fn[k].len &&
                  x.count == fn[k].count,
              "%s: slot %d: functional %#" PRIx64 "/%d=%" PRIu64 " (slot %d) cycle %#" PRIx64
              "/%d=%" PRIu64,
              what, s, fn[k].prefix, fn[k].len, fn[k].count, fn[k].slot, x.prefix, x.len, x.count);
        k++;
    }
    CHECK(k == nf, "%s: node count functional %d cycle %d", what, nf, k);
    for (int i = 0; i < RAP_C_STALLS; i++)
        CHECK(rap_counter(f, 0, i) == rap_cyc_counter(m, i),
              "%s: counter %d functional %" PRIu64 " cycle %" PRIu64, what, i, rap_counter(f, 0, i),
              rap_cyc_counter(m, i));
    int tq_max = 0;
    uint64_t csum = rap_cyc_live_sum(m, &tq_max);
    CHECK(csum == fsum, "%s: live-node sum functional %" PRIu64 " cycle %" PRIu64, what, fsum, csum);
    CHECK(tq_max <= RAP_CYC_TQ, "%s: eviction-tag FIFO reached %d > %d", what, tq_max, RAP_CYC_TQ);
    invariants(what, c, fn, nf, keys, nkeys, rap_counter(f, 0, RAP_C_OVERFLOW));
    printf("  %-44s events=%" PRIu64 " nodes=%d max=%" PRIu64 " splits=%" PRIu64 " batches=%" PRIu64
           " overflow=%" PRIu64 " cycles=%" PRIu64 " ev/clk=%.3f\n",
           what, nkeys, nf, rap_counter(f, 0, RAP_C_LIVE_MAX), rap_counter(f, 0, RAP_C_SPLITS),
           rap_counter(f, 0, RAP_C_BATCHES), rap_counter(f, 0, RAP_C_OVERFLOW), cyc,
           cyc ? (double)nkeys / (double)cyc : 0.0);
    rap_cyc_free(m);
    rap_free(f);
    free(fn);
}

static uint64_t rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* kind 0: code-like (hot loops in a few regions), 1: uniform, 2: heavy value 0 + tail */
static uint64_t *synth(int kind, uint64_t n, int width, uint64_t seed)
{
    uint64_t *k = malloc((size_t)n * sizeof *k), s = seed * 2654435761u + 1;
    uint64_t wm = hwp_rap_mask(width);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t r = rng(&s);
        uint64_t v;
        if (kind == 0) {
            int region = (int)(r % 7 == 0 ? r % 5 : r % 3);
            uint64_t base = 0x400000 + (uint64_t)region * 0x13000;
            v = base + ((r >> 8) % (uint64_t)(64 + region * 200)) * 4;
        } else if (kind == 1) {
            v = r;
        } else {
            v = (r % 3 == 0) ? 0 : (r % 5 == 0 ? (r >> 20) % 300 : r >> (r % 40));
        }
        k[i] = v & wm;
    }
    return k;
}

static void trace_cases(void)
{
    glob_t g;
    if (glob("tests/traces/*", 0, NULL, &g) != 0) return;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        const char *p = g.gl_pathv[i];
        size_t L = strlen(p);
        if (!(L > 5 && (strcmp(p + L - 5, ".hwpt") == 0 || strcmp(p + L - 4, ".txt") == 0)))
            continue;
        hwp_reader *r;
        hwp_err e;
        if (hwp_reader_open(&r, p, &e)) {
            CHECK(0, "%s", e.msg);
            continue;
        }
        const hwp_trace_info *inf = hwp_reader_info(r);
        if (inf->kind != HWP_KIND_TUPLE1 && inf->kind != HWP_KIND_TUPLE2) {
            hwp_reader_close(r);
            continue;
        }
        int field_b = inf->kind == HWP_KIND_TUPLE2;
        int width = field_b ? inf->width1 : inf->width0;
        uint64_t cap = 1 << 16, n = 0, max = 400000; /* keep the unit test short */
        uint64_t *keys = malloc(cap * sizeof *keys);
        hwp_rec rec;
        int rc;
        while (n < max && (rc = hwp_reader_next(r, &rec, &e)) == 1) {
            if (n == cap) keys = realloc(keys, (cap *= 2) * sizeof *keys);
            keys[n++] = field_b ? rec.b : rec.a;
        }
        hwp_reader_close(r);
        rap_cfg c;
        rap_cfg_default(&c);
        c.width = width <= 16 ? 16 : (width <= 32 ? 32 : 64);
        c.entries = 512;
        c.buf_log2 = 3;
        char what[200];
        for (int t = 0; t < 2; t++) {
            c.eps_q = t ? 655 : 6553;
            snprintf(what, sizeof what, "%s eps=%s", strrchr(p, '/') + 1, t ? "1%" : "10%");
            run_case(what, &c, keys, n, t); /* LUT TCAM timing at 10%, RAM TCAM at 1% */
        }
        free(keys);
    }
    globfree(&g);
}

int main(void)
{
    rap_cfg c;
    char err[256];
    /* bad parameters are rejected */
    uint32_t q;
    int k;
    CHECK(rap_eps_from_double(0.0, &q, err, sizeof err) < 0, "eps 0 accepted");
    CHECK(rap_eps_from_double(1.0, &q, err, sizeof err) < 0, "eps 1 accepted");
    CHECK(rap_eps_from_double(0.1, &q, err, sizeof err) == 0 && q == 6553, "eps 0.1 -> %u", q);
    CHECK(rap_k_from_branching(3, &k, err, sizeof err) < 0, "b = 3 accepted");
    CHECK(rap_k_from_branching(4, &k, err, sizeof err) == 0 && k == 2, "b = 4");
    rap_cfg_default(&c);
    c.entries = 4;
    CHECK(rap_cfg_check(&c, err, sizeof err) < 0, "N = 4 accepted");
    c.entries = 5;
    CHECK(rap_cfg_check(&c, err, sizeof err) == 0, "N = 5 rejected: %s", err);

    struct {
        const char *name;
        int width, k, entries, buf_log2, kind;
        uint32_t eps_q;
        uint64_t n, first;
    } cs[] = {
        {"code W32 b4 N64 eps10%", 32, 2, 64, 3, 0, 6553, 60000, 1024},
        {"code W32 b4 N16 (full) eps1%", 32, 2, 16, 2, 0, 655, 30000, 256},
        {"uniform W32 b4 N5 (full)", 32, 2, 5, 0, 1, 6553, 5000, 64},
        {"uniform W16 b2 N9 eps5%", 16, 1, 9, 1, 1, 3276, 20000, 100},
        {"values W64 b16 N40", 64, 4, 40, 4, 2, 6553, 30000, 512},
        {"values W32 b4 N200 eps1%", 32, 2, 200, 5, 2, 655, 80000, 1024},
        {"code W32 b4 N512 eps1% buf1", 32, 2, 512, 0, 0, 655, 40000, 1024},
    };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        rap_cfg_default(&c);
        c.width = cs[i].width;
        c.k = cs[i].k;
        c.entries = cs[i].entries;
        c.buf_log2 = cs[i].buf_log2;
        c.eps_q = cs[i].eps_q;
        c.merge_first = cs[i].first;
        uint64_t *keys = synth(cs[i].kind, cs[i].n, cs[i].width, i + 1);
        run_case(cs[i].name, &c, keys, cs[i].n, 0);
        run_case(cs[i].name, &c, keys, cs[i].n, 1);
        free(keys);
    }
    trace_cases();
    return check_verdict("test_rap");
}
