/* SPDX-License-Identifier: Apache-2.0
 *
 * The C device's strat (devemu_eng.h): the functional model behind the
 * link; its messages as they come, the flush at EOS.
 */
#include "link/devemu_eng.h"

static int st_check_build(const hwl_dev_cfg *c, char *msg, size_t n)
{
    strat_fn f;
    (void)n; /* strat_fn_init takes no size for its message */
    if (strat_fn_init(&f, &c->st, msg)) return -1;
    strat_fn_free(&f);
    return 0;
}

static void st_widths(const hwl_dev_cfg *c, hwl_kind *k) { k->w0 = k->w1 = c->st.width; }

/* the build with the CONFIG registers r applied (rthr apart: see st_start) */
static strat_cfg st_cfg(const hwl_dev_cfg *c, const uint64_t *r)
{
    strat_cfg s = c->st;
    s.mode = (int)r[HWL_REG_STRAT_mode];
    s.rate = (uint32_t)r[HWL_REG_STRAT_rate];
    s.evict = (uint32_t)r[HWL_REG_STRAT_evict];
    s.replace = (uint32_t)r[HWL_REG_STRAT_replace];
    s.lfsr_seed = (uint32_t)r[HWL_REG_STRAT_seed];
    s.ak_en = (int)r[HWL_REG_STRAT_ak_en];
    return s;
}

static int st_check_config(const hwl_dev_cfg *c, const uint64_t *r)
{
    strat_cfg s = st_cfg(c, r);
    char msg[256];
    return strat_cfg_check(&s, msg) ? HWL_E_RANGE : 0;
}

static int st_start(hwl_dev *d)
{
    char msg[256];
    strat_cfg c = st_cfg(&d->cfg, d->reg);
    if (strat_fn_init(&d->sf, &c, msg)) return -1;
    d->sf.cfg.rthr = (uint32_t)d->reg[3]; /* the register, as the RTL uses it */
    return 0;
}

static void st_free(hwl_dev *d) { strat_fn_free(&d->sf); }

static size_t st_max_out(const hwl_dev_cfg *c)
{
    (void)c;
    return 2;
}

static int st_rec(hwl_dev *d, const hwp_rec *x)
{
    strat_msg m[2];
    int n = strat_fn_event(&d->sf, x->a, x->b, m);
    for (int i = 0; i < n; i++) hwl_dq_rec(d, HWL_TAG_STRAT_MSG, 3, m[i].a, m[i].b, m[i].count);
    return 1;
}

static int st_eos(hwl_dev *d)
{
    strat_msg m[STRAT_MAX_AK];
    int n = strat_fn_flush(&d->sf, m);
    for (int i = 0; i < n; i++) hwl_dq_rec(d, HWL_TAG_STRAT_MSG, 3, m[i].a, m[i].b, m[i].count);
    return 1;
}

/* in the order of struct hwl_dev_eng */
const hwl_dev_eng hwl_dev_strat = {HWL_ENG_STRAT, st_check_build, st_widths, st_check_config,
    st_start, st_free, st_max_out, st_rec, NULL, st_eos, NULL, NULL, NULL};
