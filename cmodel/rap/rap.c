/* SPDX-License-Identifier: Apache-2.0
 *
 * Range-adaptive profiling: configuration helpers and the functional model
 * (the software RAP of Mysore et al. 2008, section 3.2): a multibit trie with
 * branching factor b = 2^K, split-before-add at (eps_q * n) >> 16 >= count * H,
 * batched merges with an exponentially increasing period that fold any
 * non-root node (leaf or interior) into its closest live ancestor when the
 * two together stay within the threshold, and the hash-indexed,
 * evict-on-conflict merging event buffer of section 3.2.1. The exact rules
 * are written down in docs/rap.md; the cycle model (rap_cyc.c) and the RTL
 * implement the same rules, including slot allocation (lowest free first),
 * which fixes the merge order within a level.
 */
#include "rap/rap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void seterr(char *err, size_t len, const char *fmt, ...)
{
    if (!err || !len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

void rap_cfg_default(rap_cfg *c)
{
    c->width = 32;
    c->k = 2;
    c->entries = 4096;
    c->eps_q = 6553; /* floor(0.1 * 65536) */
    c->merge_first = 1024;
    c->merge_q = 2;
    c->buf_log2 = 7;
    c->buf_cnt_bits = 16;
    c->cnt_bits = 32;
}

int rap_eps_from_double(double eps, uint32_t *eps_q, char *err, size_t errlen)
{
    if (!(eps > 0.0 && eps < 1.0)) {
        seterr(err, errlen, "eps must be in (0, 1), got %g", eps);
        return -1;
    }
    double q = eps * 65536.0;
    uint32_t v = (uint32_t)q; /* rounded down: the effective eps never exceeds eps */
    if (v < 1) {
        seterr(err, errlen, "eps %g is below the 16-bit fraction's resolution (1/65536)", eps);
        return -1;
    }
    if (v > 65535) v = 65535;
    *eps_q = v;
    return 0;
}

int rap_k_from_branching(long b, int *k, char *err, size_t errlen)
{
    for (int i = 1; i <= 4; i++)
        if (b == (1L << i)) {
            *k = i;
            return 0;
        }
    seterr(err, errlen, "branching factor must be a power of two in 2..16, got %ld", b);
    return -1;
}

int rap_cfg_check(const rap_cfg *c, char *err, size_t errlen)
{
    if (c->k < 1 || c->k > 4) {
        seterr(err, errlen, "branching factor must be a power of two in 2..16 (log2 %d)", c->k);
        return -1;
    }
    if (c->width < 16 || c->width > 64) {
        seterr(err, errlen, "width must be 16..64 bits, got %d", c->width);
        return -1;
    }
    if (c->width % c->k) {
        seterr(err, errlen, "width %d is not a multiple of log2(branching) = %d", c->width,
               c->k);
        return -1;
    }
    int b = 1 << c->k;
    if (c->entries < b + 1 || c->entries > 65536) {
        seterr(err, errlen, "entries must be %d..65536 (root plus %d children), got %d", b + 1,
               b, c->entries);
        return -1;
    }
    if (c->eps_q < 1 || c->eps_q > 65535) {
        seterr(err, errlen, "eps_q must be 1..65535, got %u", c->eps_q);
        return -1;
    }
    if (c->cnt_bits < 16 || c->cnt_bits > 48) {
        seterr(err, errlen, "counter width must be 16..48, got %d", c->cnt_bits);
        return -1;
    }
    if (c->merge_first < 1 || c->merge_first > hwp_rap_mask(c->cnt_bits)) {
        seterr(err, errlen, "first merge period must be 1..2^%d-1", c->cnt_bits);
        return -1;
    }
    if (c->merge_q < 2 || c->merge_q > 16) {
        seterr(err, errlen, "merge factor q must be 2..16, got %d", c->merge_q);
        return -1;
    }
    if (c->buf_log2 < 0 || c->buf_log2 > 12) {
        seterr(err, errlen, "buffer slots must be 2^0..2^12 (log2 %d)", c->buf_log2);
        return -1;
    }
    if (c->buf_cnt_bits < 1 || c->buf_cnt_bits > 32 || c->buf_cnt_bits > c->cnt_bits) {
        seterr(err, errlen, "buffer count width must be 1..min(32, counter width), got %d",
               c->buf_cnt_bits);
        return -1;
    }
    return 0;
}

uint64_t rap_thr(const rap_cfg *c, uint64_t n) { return ((uint64_t)c->eps_q * n) >> 16; }

uint32_t rap_buf_index(const rap_cfg *c, uint64_t key)
{
    if (c->buf_log2 == 0) return 0;
    uint32_t idx = 0;
    for (int i = 0; i < c->width; i += c->buf_log2) idx ^= (uint32_t)(key >> i);
    return idx & (uint32_t)hwp_rap_mask(c->buf_log2);
}

/* ------------------------------------------------------------ functional */

typedef struct tnode {
    int32_t child[RAP_MAX_B];
    int32_t parent;
    int32_t slot; /* -1: not a live profile node (kept only as a trie path) */
    uint64_t prefix;
    int len;
    uint64_t count;
} tnode;

typedef struct bslot {
    int valid;
    uint64_t id;
    uint64_t cnt;
} bslot;

typedef struct rtree {
    tnode *pool;
    int npool, cap;
    int freelist; /* chained through parent */
    int32_t *slot_node; /* N */
    int live;
    uint64_t n;
    uint64_t next_merge;
    uint64_t n_last_merge;
    int full; /* a split failed for lack of space since the last merge batch */
    uint64_t ctr[RAP_NCOUNTERS];
    bslot *buf;
} rtree;

struct rap {
    rap_cfg cfg;
    int H, b;
    int ntypes;
    rtree *t;
    rap_merge_hook hook;
    void *hook_ctx;
    char err[256];
};

static int node_new(rap_t *r, rtree *t, int parent, uint64_t prefix, int len)
{
    int i;
    if (t->freelist >= 0) {
        i = t->freelist;
        t->freelist = t->pool[i].parent;
    } else {
        if (t->npool == t->cap) {
            int nc = t->cap ? t->cap * 2 : 256;
            tnode *np = realloc(t->pool, (size_t)nc * sizeof *np);
            if (!np) {
                snprintf(r->err, sizeof r->err, "out of memory");
                return -1;
            }
            t->pool = np;
            t->cap = nc;
        }
        i = t->npool++;
    }
    tnode *x = &t->pool[i];
    for (int j = 0; j < RAP_MAX_B; j++) x->child[j] = -1;
    x->parent = parent;
    x->slot = -1;
    x->prefix = prefix;
    x->len = len;
    x->count = 0;
    return i;
}

static int digit_of(const rap_t *r, uint64_t v, int depth)
{
    int sh = r->cfg.width - (depth + 1) * r->cfg.k;
    return (int)((v >> sh) & (uint64_t)(r->b - 1));
}

static int lowest_free_slot(const rap_t *r, const rtree *t)
{
    for (int s = 0; s < r->cfg.entries; s++)
        if (t->slot_node[s] < 0) return s;
    return -1;
}

static void make_live(rap_t *r, rtree *t, int ni)
{
    int s = lowest_free_slot(r, t);
    t->slot_node[s] = ni;
    t->pool[ni].slot = s;
    t->pool[ni].count = 0;
    t->live++;
    if ((uint64_t)t->live > t->ctr[RAP_C_LIVE_MAX]) t->ctr[RAP_C_LIVE_MAX] = (uint64_t)t->live;
}

/* Frees trie nodes that are neither live nor on a path to a live node. */
static void prune(rap_t *r, rtree *t, int ni)
{
    while (ni > 0) { /* the root (0) is always live */
        tnode *x = &t->pool[ni];
        if (x->slot >= 0) return;
        for (int j = 0; j < r->b; j++)
            if (x->child[j] >= 0) return;
        int p = x->parent;
        tnode *pp = &t->pool[p];
        for (int j = 0; j < r->b; j++)
            if (pp->child[j] == ni) pp->child[j] = -1;
        x->parent = t->freelist;
        t->freelist = ni;
        ni = p;
    }
}

static int lpm(const rap_t *r, const rtree *t, uint64_t v)
{
    int ni = 0, best = 0;
    for (int d = 0; d < r->H; d++) {
        int c = t->pool[ni].child[digit_of(r, v, d)];
        if (c < 0) break;
        ni = c;
        if (t->pool[ni].slot >= 0) best = ni;
    }
    return best;
}

static int closest_live_ancestor(const rtree *t, int ni)
{
    int p = t->pool[ni].parent;
    while (t->pool[p].slot < 0) p = t->pool[p].parent;
    return p;
}

static void merge_batch(rap_t *r, int type)
{
    rtree *t = &r->t[type];
    int before = t->live;
    uint64_t thr = rap_thr(&r->cfg, t->n);
    for (int L = r->H; L >= 1; L--) {
        for (int s = 0; s < r->cfg.entries; s++) {
            int xi = t->slot_node[s];
            if (xi < 0 || t->pool[xi].len != L) continue;
            int ai = closest_live_ancestor(t, xi);
            uint64_t sum = t->pool[ai].count + t->pool[xi].count;
            if (sum * (uint64_t)r->H <= thr) {
                t->pool[ai].count = sum;
                t->pool[xi].slot = -1;
                t->pool[xi].count = 0;
                t->slot_node[s] = -1;
                t->live--;
                t->ctr[RAP_C_MERGED]++;
                prune(r, t, xi);
            }
        }
    }
    t->ctr[RAP_C_BATCHES]++;
    t->n_last_merge = t->n;
    t->full = 0;
    if (r->hook) r->hook(r->hook_ctx, type, t->n, before, t->live);
}

int rap_tree_add(rap_t *r, uint64_t v, uint64_t c, int type)
{
    if (type < 0 || type >= r->ntypes) {
        snprintf(r->err, sizeof r->err, "profile type %d out of range 0..%d", type,
                 r->ntypes - 1);
        return -1;
    }
    if (c == 0) return 0;
    rtree *t = &r->t[type];
    uint64_t lim = hwp_rap_mask(r->cfg.cnt_bits);
    if (v & ~hwp_rap_mask(r->cfg.width)) {
        snprintf(r->err, sizeof r->err, "key 0x%llx wider than %d bits", (unsigned long long)v,
                 r->cfg.width);
        return -1;
    }
    if (c > lim || t->n > lim - c) {
        snprintf(r->err, sizeof r->err, "more than 2^%d-1 events: counter width exceeded",
                 r->cfg.cnt_bits);
        return -1;
    }
    uint64_t n1 = t->n + c;
    uint64_t thr = rap_thr(&r->cfg, n1);
    int nosplit = 0;
    int xi;
    for (;;) {
        xi = lpm(r, t, v);
        tnode *x = &t->pool[xi];
        if (nosplit || x->len >= r->H || (x->count + c) * (uint64_t)r->H <= thr) break;
        if (t->full && !rap_force_ok(t->n, t->n_last_merge)) {
            nosplit = 1; /* splits wait for the next merge batch */
            t->ctr[RAP_C_OVERFLOW]++;
            continue;
        }
        /* split x: insert its missing children in digit order */
        int missing = 0;
        for (int j = 0; j < r->b; j++) {
            int ci = x->child[j];
            if (ci < 0 || t->pool[ci].slot < 0) missing++;
        }
        if (t->live + missing <= r->cfg.entries) {
            for (int j = 0; j < r->b; j++) {
                int ci = t->pool[xi].child[j];
                if (ci >= 0 && t->pool[ci].slot >= 0) continue;
                if (ci < 0) {
                    uint64_t pre = t->pool[xi].prefix |
                                   ((uint64_t)j << (r->cfg.width - (t->pool[xi].len + 1) * r->cfg.k));
                    ci = node_new(r, t, xi, pre, t->pool[xi].len + 1);
                    if (ci < 0) return -1;
                    t->pool[xi].child[j] = ci;
                }
                make_live(r, t, ci);
            }
            t->ctr[RAP_C_SPLITS]++;
        } else if (rap_force_ok(t->n, t->n_last_merge)) {
            merge_batch(r, type); /* forced by a full TCAM */
        } else {
            nosplit = 1;
            t->full = 1;
            t->ctr[RAP_C_OVERFLOW]++;
        }
    }
    t->pool[xi].count += c;
    t->n = n1;
    t->ctr[RAP_C_EVENTS] = n1;
    if (t->n >= t->next_merge) {
        merge_batch(r, type);
        while (t->n >= t->next_merge) {
            uint64_t nm = t->next_merge * (uint64_t)r->cfg.merge_q;
            t->next_merge = nm > lim ? lim : nm;
            if (t->next_merge == lim) break;
        }
    }
    return 0;
}

static int buf_evict(rap_t *r, int type, bslot *s)
{
    int rc = rap_tree_add(r, s->id, s->cnt, type);
    s->valid = 0;
    s->cnt = 0;
    return rc;
}

int rap_add_points(rap_t *r, uint64_t id, uint64_t count, int type)
{
    if (type < 0 || type >= r->ntypes) {
        snprintf(r->err, sizeof r->err, "profile type %d out of range 0..%d", type,
                 r->ntypes - 1);
        return -1;
    }
    if (id & ~hwp_rap_mask(r->cfg.width)) {
        snprintf(r->err, sizeof r->err, "key 0x%llx wider than %d bits", (unsigned long long)id,
                 r->cfg.width);
        return -1;
    }
    if (count == 0) return 0;
    rtree *t = &r->t[type];
    bslot *s = &t->buf[rap_buf_index(&r->cfg, id)];
    uint64_t max = hwp_rap_mask(r->cfg.buf_cnt_bits);
    if (s->valid && s->id != id) {
        if (buf_evict(r, type, s)) return -1;
    }
    if (!s->valid) {
        s->valid = 1;
        s->id = id;
        s->cnt = 0;
    }
    /* a hit on a full count evicts <id, max> and keeps counting from the rest */
    uint64_t sum = s->cnt + count;
    while (sum > max) {
        if (rap_tree_add(r, id, max, type)) return -1;
        sum -= max;
    }
    s->cnt = sum;
    return 0;
}

int rap_finalize(rap_t *r)
{
    int nb = 1 << r->cfg.buf_log2;
    for (int ty = 0; ty < r->ntypes; ty++)
        for (int i = 0; i < nb; i++)
            if (r->t[ty].buf[i].valid && buf_evict(r, ty, &r->t[ty].buf[i])) return -1;
    return 0;
}

int rap_init(rap_t **out, const rap_cfg *cfg, int ntypes, char *err, size_t errlen)
{
    *out = NULL;
    if (rap_cfg_check(cfg, err, errlen)) return -1;
    if (ntypes < 1 || ntypes > 64) {
        seterr(err, errlen, "number of simultaneous profiles must be 1..64, got %d", ntypes);
        return -1;
    }
    rap_t *r = calloc(1, sizeof *r);
    if (!r) goto oom;
    r->cfg = *cfg;
    r->H = rap_height(cfg);
    r->b = 1 << cfg->k;
    r->ntypes = ntypes;
    r->t = calloc((size_t)ntypes, sizeof *r->t);
    if (!r->t) goto oom;
    for (int ty = 0; ty < ntypes; ty++) {
        rtree *t = &r->t[ty];
        t->freelist = -1;
        t->slot_node = malloc((size_t)cfg->entries * sizeof *t->slot_node);
        t->buf = calloc((size_t)1 << cfg->buf_log2, sizeof *t->buf);
        if (!t->slot_node || !t->buf) goto oom;
        for (int s = 0; s < cfg->entries; s++) t->slot_node[s] = -1;
        int root = node_new(r, t, -1, 0, 0);
        if (root != 0) goto oom;
        make_live(r, t, root);
        t->next_merge = cfg->merge_first;
    }
    *out = r;
    return 0;
oom:
    seterr(err, errlen, "out of memory");
    rap_free(r);
    return -1;
}

void rap_free(rap_t *r)
{
    if (!r) return;
    if (r->t)
        for (int ty = 0; ty < r->ntypes; ty++) {
            free(r->t[ty].pool);
            free(r->t[ty].slot_node);
            free(r->t[ty].buf);
        }
    free(r->t);
    free(r);
}

const char *rap_error(const rap_t *r) { return r->err; }

int rap_nodes(const rap_t *r, int type, rap_node *out, int max)
{
    const rtree *t = &r->t[type];
    int k = 0;
    for (int s = 0; s < r->cfg.entries && k < max; s++) {
        int ni = t->slot_node[s];
        if (ni < 0) continue;
        out[k].prefix = t->pool[ni].prefix;
        out[k].len = t->pool[ni].len;
        out[k].count = t->pool[ni].count;
        out[k].slot = s;
        k++;
    }
    return k;
}

int rap_live(const rap_t *r, int type) { return r->t[type].live; }

uint64_t rap_counter(const rap_t *r, int type, int which)
{
    if (which < 0 || which >= RAP_NCOUNTERS) return 0;
    return r->t[type].ctr[which];
}

void rap_set_merge_hook(rap_t *r, rap_merge_hook fn, void *ctx)
{
    r->hook = fn;
    r->hook_ctx = ctx;
}
