/* SPDX-License-Identifier: Apache-2.0
 *
 * The C device's rap (devemu_eng.h): the functional model behind the link;
 * at EOS the tree's nodes, then COUNTERS with the live-node sum.
 */
#include "link/devemu_eng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rp_check_build(const hwl_dev_cfg *c, char *msg, size_t n)
{
    char e[256];
    if (rap_cfg_check(&c->rp, e, sizeof e)) {
        snprintf(msg, n, "%s", e);
        return -1;
    }
    return 0;
}

static void rp_widths(const hwl_dev_cfg *c, hwl_kind *k) { k->w0 = c->rp.width; }

static int rp_start(hwl_dev *d)
{
    char msg[256];
    rap_cfg c = d->cfg.rp;
    c.eps_q = (uint32_t)d->reg[HWL_REG_RAP_eps];
    if (rap_init(&d->rp, &c, 1, msg, sizeof msg)) return -1;
    d->rp_live_sum = 0;
    return 0;
}

static void rp_free(hwl_dev *d) { rap_free(d->rp); }

static int rp_rec(hwl_dev *d, const hwp_rec *x)
{
    rap_add_points(d->rp, x->a, 1, 0);
    d->rp_live_sum += (uint64_t)rap_live(d->rp, 0);
    return 1;
}

static int rp_eos(hwl_dev *d)
{
    rap_finalize(d->rp);
    int cap = d->cfg.rp.entries;
    rap_node *nd = malloc((size_t)cap * sizeof *nd);
    int nn = nd ? rap_nodes(d->rp, 0, nd, cap) : 0;
    for (int i = 0; i < nn; i++)
        hwl_dq_rec(d, HWL_TAG_RAP_NODE, 3, nd[i].prefix,
                   (uint64_t)nd[i].len * (uint64_t)d->cfg.rp.k, nd[i].count);
    free(nd);
    hwl_orec r;
    memset(&r, 0, sizeof r);
    r.tag = HWL_TAG_RAP_COUNTERS;
    r.nf = RAP_NCOUNTERS + 1;
    for (int i = 0; i < RAP_NCOUNTERS; i++) r.f[i] = rap_counter(d->rp, 0, i);
    r.f[RAP_NCOUNTERS] = d->cfg.rp_live_sum ? d->rp_live_sum : 0; /* LIVE_SUM=0: 0 */
    hwl_dq_push(d, &r);
    return 1;
}

/* in the order of struct hwl_dev_eng */
const hwl_dev_eng hwl_dev_rap = {HWL_ENG_RAP, rp_check_build, rp_widths, NULL, rp_start, rp_free,
    NULL, rp_rec, NULL, rp_eos, NULL, NULL, NULL};
