/* SPDX-License-Identifier: Apache-2.0
 *
 * Load-value profile evaluation for the profiling co-processor (cp_eval.h).
 */
#include "coproc/cp_eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void cp_cost_default(cp_cost *c)
{
    c->interrupt = 1000;
    c->port = 20;
    c->slot = 50;
    c->tick = 200;
    c->estimate = 100;
    c->simple = 1000;
    c->cpi = 1.0;
}

int cp_exact_init(cp_exact *e)
{
    memset(e, 0, sizeof *e);
    return hwp_vmaps_init(&e->pair, &e->pc);
}

void cp_exact_free(cp_exact *e) { hwp_vmaps_free(&e->pair, &e->pc); }

int cp_exact_add(cp_exact *e, const hwp_rec *r)
{
    e->records++;
    if (r->cls != HWP_CLS_LOAD) return 0;
    e->loads++;
    return hwp_vmaps_add(&e->pair, &e->pc, (uint32_t)r->a, (uint32_t)r->value, 1);
}

static int cmp_pc(const void *x, const void *y)
{
    const cp_slot_rec *a = *(const cp_slot_rec *const *)x, *b = *(const cp_slot_rec *const *)y;
    if (a->pc != b->pc) return a->pc < b->pc ? -1 : 1;
    return (a > b) - (a < b); /* stable: copy order */
}

/* One static load's copies: the appendix's estimation. */
static int estimate_pc(const cp_slot_rec *const *c, size_t n, hwp_cmap *est)
{
    /* distinct active values and their hit counts */
    uint32_t *val = malloc(n * sizeof *val);
    double *hits = calloc(n, sizeof *hits), *cnt = calloc(n, sizeof *cnt);
    size_t nv = 0;
    double total = 0;
    int rc = -1;
    if (!val || !hits || !cnt) goto out;
    for (size_t k = 0; k < n; k++) {
        size_t j;
        for (j = 0; j < nv; j++)
            if (val[j] == c[k]->active) break;
        if (j == nv) val[nv++] = c[k]->active;
        hits[j] += c[k]->hits;
        total += c[k]->total;
    }
    double hsum = 0;
    for (size_t j = 0; j < nv; j++) {
        cnt[j] = hits[j];
        hsum += hits[j];
    }
    for (size_t k = 0; k < n; k++) {
        size_t a;
        for (a = 0; a < nv; a++)
            if (val[a] == c[k]->active) break;
        /* misses: samples of the other values, split by their hit counts */
        double others = hsum - hits[a];
        if (others > 0)
            for (size_t j = 0; j < nv; j++)
                if (j != a) cnt[j] += c[k]->misses * hits[j] / others;
        /* samples seen by the slot but in neither counter (lost when the
         * active value was re-selected): split over all values by hits */
        double u = (double)c[k]->total - c[k]->hits - c[k]->misses;
        if (u > 0 && hsum > 0)
            for (size_t j = 0; j < nv; j++) cnt[j] += u * hits[j] / hsum;
    }
    for (size_t j = 0; j < nv; j++) {
        double inv = total > 0 ? cnt[j] / total : 0;
        if (inv > 1) inv = 1;
        if (!hwp_cmap_add(est, c[0]->pc, val[j], (uint64_t)llround(inv * 1e6))) goto out;
    }
    rc = 0;
out:
    free(val);
    free(hits);
    free(cnt);
    return rc;
}

int cp_estimate(const cp_slot_rec *slots, size_t n, hwp_cmap *est, uint64_t *nloads)
{
    *nloads = 0;
    if (n == 0) return 0;
    const cp_slot_rec **p = malloc(n * sizeof *p);
    if (!p) return -1;
    for (size_t k = 0; k < n; k++) p[k] = &slots[k];
    qsort(p, n, sizeof *p, cmp_pc);
    int rc = 0;
    for (size_t s = 0; s < n && !rc;) {
        size_t e = s;
        while (e < n && p[e]->pc == p[s]->pc) e++;
        rc = estimate_pc(p + s, e - s, est);
        (*nloads)++;
        s = e;
    }
    free(p);
    return rc;
}

double cp_wrms_error(const cp_exact *ex, const hwp_cmap *est_ppm, double min_frac, uint64_t *npairs)
{
    double num = 0, den = 0;
    uint64_t np = 0;
    for (size_t k = 0; k < ex->pair.cap; k++) {
        if (!ex->pair.used[k]) continue;
        const hwp_cmap_ent *e = &ex->pair.ent[k];
        const hwp_cmap_ent *pc = hwp_cmap_get(&ex->pc, e->a, 0);
        double inv = (double)e->count / (double)pc->count;
        if (inv < min_frac) continue;
        const hwp_cmap_ent *g = hwp_cmap_get(est_ppm, e->a, e->b);
        double est = g ? (double)g->count / 1e6 : 0;
        num += (double)e->count * (inv - est) * (inv - est);
        den += (double)e->count;
        np++;
    }
    *npairs = np;
    return den > 0 ? 100.0 * sqrt(num / den) : 0;
}
