/* SPDX-License-Identifier: Apache-2.0
 *
 * engdesc.def read into C tables (engdesc.h).
 */
#include "link/engdesc.h"

#include <string.h>

const hwl_desc_eng hwl_desc_engs[] = {
#define ENG(key, name, id, kind, nf) {id, name, #key, kind, nf},
#include "link/engdesc.def"
};
const int hwl_desc_neng = (int)(sizeof hwl_desc_engs / sizeof hwl_desc_engs[0]);

/* an ENG row's id is its HWL_ENG_ constant (link.h), or this does not compile */
#define ENG(key, name, id, kind, nf) typedef char hwl_desc_id_##key[(id) == HWL_ENG_##key ? 1 : -1];
#include "link/engdesc.def"

const hwl_desc_par hwl_desc_pars[] = {
#define PAR(key, i, rtl, cexpr, doc) {HWL_ENG_##key, i, #rtl, doc},
#include "link/engdesc.def"
};
const int hwl_desc_npar = (int)(sizeof hwl_desc_pars / sizeof hwl_desc_pars[0]);

const hwl_desc_reg hwl_desc_regs[] = {
#define REG(key, id, name, port, wpar, wadd, lo, hikind, hiarg, dflt, doc) \
    {HWL_ENG_##key, id, #name, port, wpar, wadd, lo, hikind, hiarg, doc},
#include "link/engdesc.def"
};
const int hwl_desc_nreg = (int)(sizeof hwl_desc_regs / sizeof hwl_desc_regs[0]);

const hwl_desc_tag hwl_desc_tags[] = {
#define TAG(key, tag, name, nf, fields, doc) {HWL_ENG_##key, tag, #name, nf, fields, doc},
#include "link/engdesc.def"
};
const int hwl_desc_ntag = (int)(sizeof hwl_desc_tags / sizeof hwl_desc_tags[0]);

const hwl_desc_eng *hwl_desc_find(int id)
{
    for (int i = 0; i < hwl_desc_neng; i++)
        if (hwl_desc_engs[i].id == id) return &hwl_desc_engs[i];
    return NULL;
}

strat_cfg hwl_desc_strat(const hwl_dev_cfg *c)
{
    strat_cfg s = c->st;
    char msg[256];
    strat_cfg_check(&s, msg); /* derives rthr; a bad build is refused by hwl_dev_new */
    return s;
}

int hwl_desc_info(const hwl_dev_cfg *c, uint64_t *v)
{
    int n = 0;
#define PAR(key, i, rtl, cexpr, doc)               \
    if (c->engine == HWL_ENG_##key) {              \
        v[(i) - 1] = (uint64_t)(cexpr);            \
        n = i;                                     \
    }
#include "link/engdesc.def"
    return n;
}

int hwl_desc_nregs(int eng)
{
    int n = 0;
    for (int i = 0; i < hwl_desc_nreg; i++)
        if (hwl_desc_regs[i].eng == eng && hwl_desc_regs[i].id > n) n = hwl_desc_regs[i].id;
    return n;
}

void hwl_desc_reg_defaults(const hwl_dev_cfg *c, uint64_t *r)
{
    memset(r, 0, (HWL_DESC_MAXREG + 1) * sizeof *r);
#define REG(key, id, name, port, wpar, wadd, lo, hikind, hiarg, dflt, doc) \
    if (c->engine == HWL_ENG_##key) r[id] = (uint64_t)(dflt);
#include "link/engdesc.def"
}

int hwl_desc_reg_range(const hwl_dev_cfg *c, int id, uint64_t *lo, uint64_t *hi)
{
    uint64_t p[HWL_DESC_MAXPAR + 1];
    hwl_desc_info(c, p + 1);
    for (int i = 0; i < hwl_desc_nreg; i++) {
        const hwl_desc_reg *g = &hwl_desc_regs[i];
        if (g->eng != c->engine || g->id != id) continue;
        uint64_t a = g->hikind == DH_CONST ? 0 : p[g->hiarg];
        *lo = g->lo;
        *hi = g->hikind == DH_CONST  ? g->hiarg
              : g->hikind == DH_POW2 ? 1ull << a
              : g->hikind == DH_MASK ? hwp_mask((int)a)
                                     : a;
        return 1;
    }
    return 0;
}
