/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine strat: value profile, invariance error and overhead (see vprof.h).
 */
#include "vprof.h"

#include <math.h>
#include <string.h>

int strat_prof_init(strat_prof *p)
{
    memset(p, 0, sizeof *p);
    return hwp_vmaps_init(&p->tup, &p->pc);
}

void strat_prof_free(strat_prof *p) { hwp_vmaps_free(&p->tup, &p->pc); }

int strat_prof_add(strat_prof *p, uint64_t a, uint64_t b, uint64_t count)
{
    if (hwp_vmaps_add(&p->tup, &p->pc, a, b, count)) return -1;
    p->total += count;
    return 0;
}

void strat_err_params_default(strat_err_params *p)
{
    p->min_exec = 1000;
    p->min_tuple_frac = 0.10;
    p->min_cover = 0.40;
}

static int tuple_selected(const strat_prof *ideal, const strat_err_params *prm,
                          const hwp_cmap_ent *e, uint64_t *npc)
{
    const hwp_cmap_ent *pe = hwp_cmap_get(&ideal->pc, e->a, 0);
    if (!pe || pe->count < prm->min_exec) return 0;
    *npc = pe->count;
    return (double)e->count >= prm->min_tuple_frac * (double)pe->count;
}

int strat_invariance_error(const strat_prof *ideal, const strat_prof *prof,
                           const strat_err_params *prm, strat_err_result *res)
{
    hwp_cmap cover;
    memset(res, 0, sizeof *res);
    if (hwp_cmap_init(&cover, 256)) return -1;
    /* pass 1: executions of each load covered by its invariant tuples */
    for (size_t i = 0; i < ideal->tup.cap; i++) {
        if (!ideal->tup.used[i]) continue;
        const hwp_cmap_ent *e = &ideal->tup.ent[i];
        uint64_t npc;
        if (!tuple_selected(ideal, prm, e, &npc)) continue;
        if (!hwp_cmap_add(&cover, e->a, 0, e->count)) {
            hwp_cmap_free(&cover);
            return -1;
        }
    }
    /* pass 2: weighted error over the tuples of sufficiently covered loads */
    double num = 0.0, den = 0.0;
    for (size_t i = 0; i < ideal->tup.cap; i++) {
        if (!ideal->tup.used[i]) continue;
        const hwp_cmap_ent *e = &ideal->tup.ent[i];
        uint64_t npc;
        if (!tuple_selected(ideal, prm, e, &npc)) continue;
        const hwp_cmap_ent *ce = hwp_cmap_get(&cover, e->a, 0);
        if (!ce || (double)ce->count < prm->min_cover * (double)npc) continue;
        double ii = (double)e->count / (double)npc;
        double ip = 0.0;
        const hwp_cmap_ent *pp = hwp_cmap_get(&prof->pc, e->a, 0);
        if (pp && pp->count) {
            const hwp_cmap_ent *pv = hwp_cmap_get(&prof->tup, e->a, e->b);
            ip = pv ? (double)pv->count / (double)pp->count : 0.0;
        }
        num += (double)e->count * fabs(ii - ip);
        den += (double)e->count;
        res->sel_tuples++;
        res->sel_freq += e->count;
    }
    for (size_t i = 0; i < cover.cap; i++) {
        if (!cover.used[i]) continue;
        const hwp_cmap_ent *pe = hwp_cmap_get(&ideal->pc, cover.ent[i].a, 0);
        if (pe && (double)cover.ent[i].count >= prm->min_cover * (double)pe->count) res->sel_loads++;
    }
    res->error_pct = den > 0.0 ? 100.0 * num / den : 0.0;
    hwp_cmap_free(&cover);
    return 0;
}

double strat_overhead_pct(uint64_t messages, double msg_cycles, double program_cycles)
{
    if (program_cycles <= 0.0) return 0.0;
    return 100.0 * msg_cycles * (double)messages / program_cycles;
}
