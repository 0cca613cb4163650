/* SPDX-License-Identifier: Apache-2.0
 *
 * The C device's mhash (devemu_eng.h): the functional model behind the
 * link; a candidate dump per interval, COUNTERS at EOS.
 */
#include "link/devemu_eng.h"

/* the build with the CONFIG registers r applied */
static mhash_params mh_params(const hwl_dev_cfg *c, const uint64_t *r)
{
    mhash_params p = c->mh;
    p.tables = (int)r[HWL_REG_MHASH_tables];
    p.cons = (int)r[HWL_REG_MHASH_cons];
    p.reset = (int)r[HWL_REG_MHASH_reset];
    p.shield = (int)r[HWL_REG_MHASH_shield];
    p.retain = (int)r[HWL_REG_MHASH_retain];
    p.interval = r[HWL_REG_MHASH_interval];
    p.thr = (uint32_t)r[HWL_REG_MHASH_thr];
    return p;
}

static int mh_check_build(const hwl_dev_cfg *c, char *msg, size_t n)
{
    mhash_fn m;
    if (mhash_fn_init(&m, &c->mh, msg, n)) return -1;
    mhash_fn_free(&m);
    return 0;
}

static void mh_widths(const hwl_dev_cfg *c, hwl_kind *k) { k->w0 = k->w1 = c->mh.width; }

static int mh_check_config(const hwl_dev_cfg *c, const uint64_t *r)
{
    mhash_params m = mh_params(c, r);
    char msg[256];
    return (uint64_t)m.tables > m.n_counters || mhash_params_check(&m, msg, sizeof msg)
               ? HWL_E_RANGE
               : 0;
}

static int mh_start(hwl_dev *d)
{
    char msg[256];
    mhash_params p = mh_params(&d->cfg, d->reg);
    return mhash_fn_init(&d->mh, &p, msg, sizeof msg) ? -1 : 0;
}

static void mh_free(hwl_dev *d) { mhash_fn_free(&d->mh); }

static size_t mh_max_out(const hwl_dev_cfg *c) { return c->mh.acc_k + 1u; }

static int mh_rec(hwl_dev *d, const hwp_rec *x)
{
    if (mhash_fn_push(&d->mh, x->a, x->b)) {
        for (uint32_t i = 0; i < d->mh.ncand; i++)
            hwl_dq_rec(d, HWL_TAG_MHASH_CAND, 3, d->mh.cand[i].a, d->mh.cand[i].b,
                       d->mh.cand[i].count);
        hwl_dq_rec(d, HWL_TAG_MHASH_EOI, 1, d->mh.ncand, 0, 0);
    }
    return 1;
}

static int mh_eos(hwl_dev *d)
{
    hwl_dq_rec(d, HWL_TAG_MHASH_COUNTERS, 3, d->mh.refused, d->mh.promotions,
               d->mh.refused_conflict);
    return 1;
}

/* in the order of struct hwl_dev_eng */
const hwl_dev_eng hwl_dev_mhash = {HWL_ENG_MHASH, mh_check_build, mh_widths, mh_check_config,
    mh_start, mh_free, mh_max_out, mh_rec, NULL, mh_eos, NULL, NULL, NULL};
