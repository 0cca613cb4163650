/* SPDX-License-Identifier: Apache-2.0
 *
 * The C device's coproc (devemu_eng.h): the shell's virtual-time sequencer
 * (cmodel/coproc/cp_vtime.h) behind the link. Retire records go into its
 * FIFO, HOSTOP entries into its command FIFO; it runs on its own clock and
 * sends END when the host's FIN arrives.
 */
#include "link/devemu_eng.h"

#include <stdio.h>

static int dcp_check_build(const hwl_dev_cfg *c, char *msg, size_t n)
{
    cp_seq q;
    char e[128];
    if (c->cp_rf_aw < 1 || c->cp_rf_aw > 16 || c->cp_cf_aw < 0 || c->cp_cf_aw > 16) {
        snprintf(msg, n, "coproc build: FIFO sizes out of range (retire 2^1..2^16, commands "
                         "2^0..2^16)");
        return -1;
    }
    if (cp_seq_init(&q, &c->cp, c->cp_riscv, (size_t)1 << c->cp_rf_aw, (size_t)1 << c->cp_cf_aw,
                    e)) {
        snprintf(msg, n, "coproc build: %s", e);
        return -1;
    }
    cp_seq_free(&q);
    if (c->outq_cap < 2) {
        snprintf(msg, n, "output queue smaller than 2 records");
        return -1;
    }
    return 0;
}

static void dcp_widths(const hwl_dev_cfg *c, hwl_kind *k)
{
    (void)c;
    k->w0 = 32;
}

static int dcp_start(hwl_dev *d)
{
    char msg[256];
    return cp_seq_init(&d->cps, &d->cfg.cp, d->cfg.cp_riscv, (size_t)1 << d->cfg.cp_rf_aw,
                       (size_t)1 << d->cfg.cp_cf_aw, msg)
               ? -1
               : 0;
}

static void dcp_free(hwl_dev *d) { cp_seq_free(&d->cps); }

static int dcp_push(hwl_dev *d, const hwp_rec *x) { return cp_seq_push_rec(&d->cps, x) ? 1 : 0; }

/* the end of the retire stream; results come through HOSTOP reads, END with FIN */
static int dcp_eos(hwl_dev *d)
{
    cp_seq_eos(&d->cps);
    return 0;
}

/* HOSTOP entries into the sequencer; 0 if it must wait */
static int dcp_hostop(hwl_dev *d, dslot *s)
{
    while (s->next < s->nrec) {
        const cpv_entry *e = &s->ent[s->next];
        if (e->op == CPV_OP_FIN) {
            if (!d->done) hwl_dq_end(d);
        } else if (cp_seq_entry(&d->cps, e) != 1) {
            return 0; /* command FIFO full (checked on arrival: op valid) */
        }
        s->next++;
    }
    return 1;
}

/* board clocks of the sequencer until it is idle or waits; returns the
 * virtual cycles run */
static uint64_t dcp_clock(hwl_dev *d, uint64_t budget)
{
    uint64_t ran = 0;
    while (d->cps.mode != CPS_IDLE && (!budget || ran < budget)) {
        cps_out o;
        size_t room = d->qn < d->cfg.outq_cap ? d->cfg.outq_cap - d->qn : 0;
        int ce = cp_seq_clock(&d->cps, room, &o);
        for (int k = 0; k < o.n; k++)
            hwl_dq_rec(d, o.tag[k], o.nf[k], o.f[k][0], o.f[k][1], o.f[k][2]);
        if (!ce && !o.n) {
            d->st[HWL_ST_STALLS]++;
            break; /* waits for the host to poll */
        }
        ran += (uint64_t)ce;
    }
    d->st[HWL_ST_ACCEPTED] = d->cps.consumed;
    d->st[HWL_ST_CYCLES] = d->cps.vc;
    return ran;
}

static uint64_t dcp_backlog(const hwl_dev *d) { return (uint64_t)d->cps.rn << 32 | d->cps.cn; }

/* in the order of struct hwl_dev_eng */
const hwl_dev_eng hwl_dev_coproc = {HWL_ENG_COPROC, dcp_check_build, dcp_widths, NULL, dcp_start,
    dcp_free, NULL, NULL, dcp_push, dcp_eos, dcp_hostop, dcp_clock, dcp_backlog};
