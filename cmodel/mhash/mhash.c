/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine mhash: parameters, the shared per-tuple update (stage W of the RTL), the
 * accumulator's end-of-interval rules and the functional model (mhash.h).
 */
#include "mhash.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

static int is_pow2(uint64_t v) { return v && !(v & (v - 1)); }

void mhash_params_default(mhash_params *p)
{
    memset(p, 0, sizeof *p);
    p->width = 64;
    p->n_counters = 2048;
    p->cw = 24;
    p->ew = 8;
    p->max_tables = 16;
    p->acc_k = 100;
    p->lw = 32;
    p->seed = 1;
    p->tables = 4;
    p->cons = 1;
    p->reset = 0;
    p->shield = 1;
    p->retain = 1;
    p->interval = 10000;
    p->thr = 100;
}

int mhash_params_check(const mhash_params *p, char *msg, size_t n)
{
    if (p->width < 8 || p->width > 64 || p->width % 8) {
        snprintf(msg, n, "tuple width %d is not a multiple of 8 in 8..64", p->width);
        return -1;
    }
    if (p->max_tables < 1 || p->max_tables > MHASH_MAX_TABLES || !is_pow2((uint64_t)p->max_tables)) {
        snprintf(msg, n, "max tables %d is not a power of 2 in 1..%d", p->max_tables,
                 MHASH_MAX_TABLES);
        return -1;
    }
    if (!is_pow2(p->n_counters) || p->n_counters > (1u << 24)) {
        snprintf(msg, n, "counters %u is not a power of 2 in 1..2^24", p->n_counters);
        return -1;
    }
    if ((uint32_t)p->tables > p->n_counters) {
        snprintf(msg, n, "more tables (%d) than counters (%u)", p->tables, p->n_counters);
        return -1;
    }
    if (p->tables < 1 || p->tables > p->max_tables) {
        snprintf(msg, n, "tables %d outside 1..%d (the build's maximum)", p->tables,
                 p->max_tables);
        return -1;
    }
    if (p->n_counters < 2u * (uint32_t)p->max_tables) {
        snprintf(msg, n, "counters %u: need at least 2 counters per bank (%d banks)",
                 p->n_counters, p->max_tables);
        return -1;
    }
    if (p->cw < 1 || p->cw > 32) {
        snprintf(msg, n, "counter width %d outside 1..32", p->cw);
        return -1;
    }
    if (p->ew < 1 || p->ew > 16 || p->ew + p->cw > 32) {
        snprintf(msg, n, "epoch width %d outside 1..16 or epoch+counter wider than 32", p->ew);
        return -1;
    }
    if (p->acc_k < 1 || p->acc_k > (1u << 20)) {
        snprintf(msg, n, "accumulator size %u outside 1..2^20", p->acc_k);
        return -1;
    }
    if (p->lw < 1 || p->lw > 63) {
        snprintf(msg, n, "interval counter width %d outside 1..63", p->lw);
        return -1;
    }
    if (p->interval < 1 || p->interval > hwp_mask(p->lw)) {
        snprintf(msg, n, "interval %llu outside 1..%llu", (unsigned long long)p->interval,
                 (unsigned long long)hwp_mask(p->lw));
        return -1;
    }
    if (p->thr < 1 || p->thr > hwp_mask(p->cw)) {
        snprintf(msg, n, "threshold count %u outside 1..%llu (counter width %d)", p->thr,
                 (unsigned long long)hwp_mask(p->cw), p->cw);
        return -1;
    }
    if (p->acc_ways < 0 || p->acc_ways > p->max_tables) {
        snprintf(msg, n, "accumulator ways %d outside 0..%d (one hash function each)", p->acc_ways,
                 p->max_tables);
        return -1;
    }
    if (p->acc_ways > 0) {
        uint32_t depth = p->n_counters / (uint32_t)p->max_tables;
        if (!is_pow2(p->acc_sets) || p->acc_sets > depth) {
            snprintf(msg, n, "accumulator sets %u is not a power of 2 in 1..%u (the bank depth)",
                     p->acc_sets, depth);
            return -1;
        }
        if (p->acc_stash < 0 || p->acc_stash > 16) {
            snprintf(msg, n, "accumulator stash %d outside 0..16", p->acc_stash);
            return -1;
        }
    }
    if (p->thr > p->interval) {
        snprintf(msg, n, "threshold count %u exceeds the interval %llu: no tuple could qualify",
                 p->thr, (unsigned long long)p->interval);
        return -1;
    }
    return 0;
}

uint32_t mhash_thr_count(double pct, uint64_t interval)
{
    double t = ceil(pct / 100.0 * (double)interval - 1e-9);
    if (t < 1) t = 1;
    if (t > 4294967295.0) t = 4294967295.0;
    return (uint32_t)t;
}

int mhash_lbpt(const mhash_params *p)
{
    int l = 0;
    for (int k = 0; (1 << k) <= p->max_tables; k++)
        if ((p->tables << k) <= p->max_tables) l = k;
    return l;
}

uint32_t mhash_table_size(const mhash_params *p)
{
    return (p->n_counters / (uint32_t)p->max_tables) << mhash_lbpt(p);
}

void mhash_map(const mhash_params *p, const uint32_t *idx, uint32_t *en, uint32_t *addr)
{
    int nb = p->max_tables;
    uint32_t depth = p->n_counters / (uint32_t)nb;
    int db = hwp_clog2(depth);
    int l = mhash_lbpt(p);
    uint32_t m = (1u << l) - 1u;
    *en = 0;
    for (int j = 0; j < nb; j++) {
        int t = j >> l;
        uint32_t ix = idx[t];
        addr[j] = ix & (depth - 1u);
        if (t < p->tables && ((ix >> db) & m) == ((uint32_t)j & m)) *en |= 1u << j;
    }
}

/* ------------------------------------------------------------ accumulator index */

static uint32_t acc_bucket(const mhash_acc *acc, uint64_t a, uint64_t b)
{
    uint64_t h = (a * 0x9E3779B97F4A7C15ull) ^ (b + 0x632BE59BD9B4E019ull + (a >> 29));
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return (uint32_t)h & (acc->nbk - 1u);
}

static int32_t acc_find(const mhash_acc *acc, uint64_t a, uint64_t b)
{
    for (int32_t s = acc->head[acc_bucket(acc, a, b)]; s >= 0; s = acc->next[s])
        if (acc->a[s] == a && acc->b[s] == b) return s;
    return -1;
}

static void acc_add(mhash_acc *acc, uint32_t slot)
{
    uint32_t h = acc_bucket(acc, acc->a[slot], acc->b[slot]);
    acc->next[slot] = acc->head[h];
    acc->head[h] = (int32_t)slot;
}

static void acc_del(mhash_acc *acc, uint32_t slot)
{
    int32_t *pp = &acc->head[acc_bucket(acc, acc->a[slot], acc->b[slot])];
    while (*pp >= 0 && *pp != (int32_t)slot) pp = &acc->next[*pp];
    if (*pp == (int32_t)slot) *pp = acc->next[slot];
}

void mhash_acc_clear(mhash_acc *acc)
{
    acc->live = 0;
    acc->rep = 0;
    for (uint32_t k = 0; k < acc->n; k++) {
        acc->v[k] = 0;
        acc->r[k] = 0;
        acc->c[k] = 0;
        acc->p[k] = 0;
    }
    for (uint32_t i = 0; i < acc->nbk; i++) acc->head[i] = -1;
}

/* ------------------------------------------------------------ shared update */

void mhash_acc_slots(const mhash_params *p, const uint32_t *idx, uint32_t *slot)
{
    int ln = hwp_clog2(p->n_counters), sb = hwp_clog2(p->acc_sets);
    for (int w = 0; w < p->acc_ways; w++)
        slot[w] = (idx[p->max_tables - 1 - w] >> (ln - sb)) & (p->acc_sets - 1u);
}

/* The i-th position a tuple may live in: its slot in way i (i < nw), else
 * stash entry i - nw; the register accumulator (nw = 0) is all stash, so
 * position i is entry i. */
static uint32_t acc_pos(const mhash_acc *acc, const uint32_t *aslot, uint32_t i)
{
    return i < acc->nw ? i * acc->sets + aslot[i] : acc->nw * acc->sets + (i - acc->nw);
}

/* The entry a promotion takes among the tuple's positions: an empty one
 * while fewer than k are valid (ways first, lowest first), else a
 * replaceable one (same order). With the register accumulator (n = k
 * entries) an empty entry exists exactly while fewer than k are valid. */
static void acc_pick(const mhash_acc *acc, const uint32_t *aslot, int *free_found,
                     uint32_t *free_idx, int *rep_found, uint32_t *rep_idx)
{
    uint32_t npos = acc->nw + (acc->n - acc->nw * acc->sets);
    *free_found = *rep_found = 0;
    for (uint32_t i = 0; i < npos && acc->live < acc->k; i++) {
        uint32_t pos = acc_pos(acc, aslot, i);
        if (!acc->v[pos]) {
            *free_found = 1;
            *free_idx = pos;
            return;
        }
    }
    for (uint32_t i = 0; i < npos; i++) {
        uint32_t pos = acc_pos(acc, aslot, i);
        if (acc->v[pos] && acc->r[pos]) {
            *rep_found = 1;
            *rep_idx = pos;
            return;
        }
    }
}

void mhash_core(const mhash_params *p, mhash_acc *acc, uint64_t a, uint64_t b, uint32_t en,
                const uint32_t *v, uint32_t *nv, mhash_core_res *res)
{
    mhash_core_at(p, acc, a, b, NULL, en, v, nv, res);
}

void mhash_core_at(const mhash_params *p, mhash_acc *acc, uint64_t a, uint64_t b,
                   const uint32_t *aslot, uint32_t en, const uint32_t *v, uint32_t *nv,
                   mhash_core_res *res)
{
    uint32_t cmax = (uint32_t)hwp_mask(p->cw);
    uint32_t mn = cmax;
    for (int j = 0; j < p->max_tables; j++)
        if ((en >> j) & 1u && v[j] < mn) mn = v[j];
    uint32_t newmin = mn == cmax ? cmax : mn + 1u;

    int hit = 0, free_found = 0, rep_found = 0;
    uint32_t hit_idx = 0, free_idx = 0, rep_idx = 0;
    int32_t hs = acc_find(acc, a, b);
    if (hs >= 0) {
        hit = 1;
        hit_idx = (uint32_t)hs;
    }
    acc_pick(acc, aslot, &free_found, &free_idx, &rep_found, &rep_idx);
    int upd = !hit || !p->shield;
    int promo = !hit && newmin >= p->thr;
    int ins = promo && (free_found || rep_found);
    uint32_t slot = free_found ? free_idx : rep_idx;

    for (int j = 0; j < p->max_tables; j++) {
        uint32_t x = v[j];
        if (ins && p->reset)
            x = 0;
        else if (!(p->cons && x != mn))
            x = x == cmax ? cmax : x + 1u;
        nv[j] = x;
    }
    if (hit) {
        uint32_t c = acc->c[hit_idx];
        uint32_t inc = c == cmax ? cmax : c + 1u;
        acc->c[hit_idx] = inc;
        if (acc->r[hit_idx] && inc >= p->thr) {
            acc->r[hit_idx] = 0;
            acc->rep--;
        }
    }
    if (ins) {
        if (acc->v[slot]) {
            acc_del(acc, slot);
            acc->rep -= acc->r[slot];
        } else {
            acc->live++;
        }
        acc->v[slot] = 1;
        acc->r[slot] = 0;
        acc->a[slot] = a;
        acc->b[slot] = b;
        acc->c[slot] = newmin;
        acc_add(acc, slot);
    }
    res->hit = hit;
    res->write = upd;
    res->ins = ins;
    res->refuse = promo && !ins;
    res->conflict = res->refuse && (acc->live < acc->k || acc->rep > 0);
    res->slot = slot;
}

uint32_t mhash_acc_candidates(const mhash_params *p, const mhash_acc *acc, mhash_cand *out)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < acc->n; k++) {
        if (acc->v[k] && acc->c[k] >= p->thr) {
            out[n].a = acc->a[k];
            out[n].b = acc->b[k];
            out[n].count = acc->c[k];
            n++;
        }
    }
    return n;
}

void mhash_acc_end(const mhash_params *p, mhash_acc *acc)
{
    uint32_t kept = 0;
    for (uint32_t k = 0; k < acc->n; k++) {
        int cand = acc->v[k] && acc->c[k] >= p->thr;
        if (!(p->retain && cand) && acc->v[k]) {
            acc_del(acc, k);
            acc->v[k] = 0;
        }
        acc->r[k] = (uint8_t)(p->retain && cand);
        acc->c[k] = 0;
        kept += acc->r[k];
    }
    acc->live = kept;
    acc->rep = kept;
}

uint32_t mhash_acc_positions(const mhash_params *p)
{
    if (p->acc_ways <= 0) return p->acc_k;
    return (uint32_t)p->acc_ways * p->acc_sets + (uint32_t)p->acc_stash;
}

static int acc_alloc_n(mhash_acc *acc, uint32_t k, uint32_t n)
{
    memset(acc, 0, sizeof *acc);
    acc->k = k;
    acc->n = n;
    acc->v = hwp_arrays_calloc(&acc->mem, n, 1);
    acc->r = hwp_arrays_calloc(&acc->mem, n, 1);
    acc->p = hwp_arrays_calloc(&acc->mem, n, 1);
    acc->a = hwp_arrays_calloc(&acc->mem, n, sizeof *acc->a);
    acc->b = hwp_arrays_calloc(&acc->mem, n, sizeof *acc->b);
    acc->c = hwp_arrays_calloc(&acc->mem, n, sizeof *acc->c);
    acc->nbk = 1;
    while (acc->nbk < 2u * n) acc->nbk <<= 1;
    acc->head = hwp_arrays_calloc(&acc->mem, acc->nbk, sizeof *acc->head);
    acc->next = hwp_arrays_calloc(&acc->mem, n, sizeof *acc->next);
    if (acc->mem.failed) {
        mhash_acc_free(acc);
        return -1;
    }
    mhash_acc_clear(acc);
    return 0;
}

int mhash_acc_alloc(mhash_acc *acc, uint32_t k) { return acc_alloc_n(acc, k, k); }

int mhash_acc_init(mhash_acc *acc, const mhash_params *p)
{
    if (acc_alloc_n(acc, p->acc_k, mhash_acc_positions(p))) return -1;
    if (p->acc_ways > 0) {
        acc->nw = (uint32_t)p->acc_ways;
        acc->sets = p->acc_sets;
        acc->ns = (uint32_t)p->acc_stash;
    }
    return 0;
}

void mhash_acc_free(mhash_acc *acc)
{
    hwp_arrays_free(&acc->mem);
    memset(acc, 0, sizeof *acc);
}

/* ------------------------------------------------------------ functional model */

int mhash_fn_init(mhash_fn *m, const mhash_params *p, char *msg, size_t n)
{
    memset(m, 0, sizeof *m);
    if (mhash_params_check(p, msg, n)) return -1;
    m->p = *p;
    char hmsg[128];
    if (hwp_hash_init(&m->h, p->max_tables, p->width, hwp_clog2(p->n_counters), p->seed, hmsg)) {
        snprintf(msg, n, "%s", hmsg);
        return -1;
    }
    m->cnt = calloc(p->n_counters, sizeof *m->cnt);
    m->cand = calloc(mhash_acc_positions(p), sizeof *m->cand);
    if (!m->cnt || !m->cand || mhash_acc_init(&m->acc, p)) {
        mhash_fn_free(m);
        snprintf(msg, n, "out of memory");
        return -1;
    }
    return 0;
}

void mhash_fn_free(mhash_fn *m)
{
    free(m->cnt);
    free(m->cand);
    mhash_acc_free(&m->acc);
    m->cnt = NULL;
    m->cand = NULL;
}

void mhash_event_of(int retire, const hwp_rec *r, uint64_t *a, uint64_t *b)
{
    *a = r->a;
    *b = retire ? r->value : r->b;
}

int mhash_fn_push(mhash_fn *m, uint64_t a, uint64_t b)
{
    const mhash_params *p = &m->p;
    uint64_t wm = hwp_mask(p->width);
    uint32_t idx[MHASH_MAX_TABLES] = {0}, addr[MHASH_MAX_TABLES], en;
    uint32_t aslot[MHASH_MAX_TABLES];
    uint32_t v[MHASH_MAX_TABLES], nv[MHASH_MAX_TABLES];
    uint32_t depth = p->n_counters / (uint32_t)p->max_tables;
    mhash_core_res r;

    a &= wm;
    b &= wm;
    /* only the functions of the tables and accumulator ways in use:
     * mhash_map and mhash_acc_slots ignore the others */
    for (int f = 0; f < p->max_tables; f++)
        if (f < p->tables || f >= p->max_tables - p->acc_ways) idx[f] = hwp_hash_index(&m->h, f, a, b);
    mhash_map(p, idx, &en, addr);
    mhash_acc_slots(p, idx, aslot);
    for (int j = 0; j < p->max_tables; j++) v[j] = m->cnt[(uint32_t)j * depth + addr[j]];
    mhash_core_at(p, &m->acc, a, b, aslot, en, v, nv, &r);
    if (r.write)
        for (int j = 0; j < p->max_tables; j++)
            if ((en >> j) & 1u) m->cnt[(uint32_t)j * depth + addr[j]] = nv[j];
    m->refused += (uint64_t)r.refuse;
    m->refused_conflict += (uint64_t)r.conflict;
    m->promotions += (uint64_t)r.ins;
    m->tuples++;
    if (++m->icnt < p->interval) return 0;
    m->icnt = 0;
    m->ncand = mhash_acc_candidates(p, &m->acc, m->cand);
    mhash_acc_end(p, &m->acc);
    memset(m->cnt, 0, (size_t)p->n_counters * sizeof *m->cnt);
    m->intervals++;
    return 1;
}
