/* SPDX-License-Identifier: Apache-2.0
 *
 * The C device's output queue (devemu_eng.h): a ring of output records that
 * grows when the end-of-stream dump needs it.
 */
#include "link/devemu_eng.h"

#include <stdlib.h>
#include <string.h>

int hwl_dq_push(hwl_dev *d, const hwl_orec *r)
{
    if (d->qn == d->qcap) {
        size_t nc = d->qcap * 2;
        hwl_orec *nq = malloc(nc * sizeof *nq);
        if (!nq) return -1;
        for (size_t i = 0; i < d->qn; i++) nq[i] = d->q[(d->qh + i) % d->qcap];
        free(d->q);
        d->q = nq;
        d->qh = 0;
        d->qcap = nc;
    }
    d->q[(d->qh + d->qn) % d->qcap] = *r;
    d->qn++;
    d->st[HWL_ST_OUTQUEUED]++;
    return 0;
}

void hwl_dq_rec(hwl_dev *d, uint8_t tag, int nf, uint64_t f0, uint64_t f1, uint64_t f2)
{
    hwl_orec r;
    memset(&r, 0, sizeof r);
    r.tag = tag;
    r.nf = nf;
    r.f[0] = f0;
    r.f[1] = f1;
    r.f[2] = f2;
    hwl_dq_push(d, &r);
}

void hwl_dq_end(hwl_dev *d)
{
    hwl_dq_rec(d, HWL_TAG_END, 0, 0, 0, 0);
    d->done = 1;
}
