/* SPDX-License-Identifier: Apache-2.0
 *
 * The C device's pfp (devemu_eng.h): the records are kept, and the whole
 * stream runs through the model at EOS (pfp's figures do not depend on input
 * timing); COUNTERS, then DHASH with the dispatch hash.
 */
#include "link/devemu_eng.h"

#include <stdlib.h>
#include <string.h>

static int pf_check_build(const hwl_dev_cfg *c, char *msg, size_t n)
{
    return pfp_params_check(&c->pf, msg, n);
}

static void pf_widths(const hwl_dev_cfg *c, hwl_kind *k) { k->w0 = c->pf.pc_w; }

static void pf_free(hwl_dev *d)
{
    free(d->pr);
    d->pr = NULL;
    d->npr = d->cappr = 0;
}

static int pf_rec(hwl_dev *d, const hwp_rec *x)
{
    if (d->npr == d->cappr) {
        size_t nc = d->cappr ? 2 * d->cappr : 4096;
        pfp_rec *np = realloc(d->pr, nc * sizeof *np);
        if (!np) return 0; /* not counted: the host sees accepted < sent */
        d->pr = np;
        d->cappr = nc;
    }
    pfp_rec_of(x, &d->pr[d->npr++]);
    return 1;
}

/* the dispatch hash, as the shell's hash unit */
static void pf_disp(void *ctx, uint64_t pc, int kind)
{
    uint64_t *h = ctx;
    *h = pfp_dh_step(*h, pc, kind);
}

static int pf_eos(hwl_dev *d)
{
    pfp m;
    char msg[256];
    hwl_orec r;
    memset(&r, 0, sizeof r);
    r.tag = HWL_TAG_PFP_COUNTERS;
    r.nf = PFP_S_N;
    uint64_t dh = PFP_DH_INIT;
    if (pfp_init(&m, &d->cfg.pf, msg, sizeof msg) == 0) {
        m.on_disp = pf_disp;
        m.on_disp_ctx = &dh;
        if (pfp_run(&m, d->pr, d->npr, (int)d->reg[HWL_REG_PFP_pfp_en]) == 0) {
            for (int i = 0; i < PFP_S_N; i++) r.f[i] = m.stat[i];
            d->st[HWL_ST_CYCLES] = m.stat[PFP_S_CYCLES];
            hwl_dq_push(d, &r);
            /* DHASH: dispatch_hash, FIFO overflow flag (never set here) */
            hwl_dq_rec(d, HWL_TAG_PFP_DHASH, 2, dh, 0, 0);
        }
        pfp_free(&m);
    }
    return 1;
}

/* in the order of struct hwl_dev_eng */
const hwl_dev_eng hwl_dev_pfp = {HWL_ENG_PFP, pf_check_build, pf_widths, NULL, NULL, pf_free, NULL,
    pf_rec, NULL, pf_eos, NULL, NULL, NULL};
