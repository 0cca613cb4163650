/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine mhash: cycle model of rtl/mhash/hwp_mhash.v. One mhash_cyc_step()
 * per clock. The RTL forwards every bank write to every tuple behind it
 * (stages F, T and I take the word written last cycle, the minimum is
 * corrected for the two tuples ahead that have not written yet), so a tuple
 * in W works on exactly the words the memory holds once every older tuple
 * has written. The model is therefore, by stage:
 *   - input and hash unit: the RTL's stall rules (in_ready) and hwp_hashu;
 *   - F, T, I: latency only (the tuple, its bank addresses, its last flag);
 *   - W: the functional step (mhash_core) on the memory as it is now, the
 *     bank writes, the accumulator, the interval end;
 *   - the scrubber and INIT pass, which share the banks' ports, cycle by
 *     cycle (their writes are visible in the bank words the lockstep
 *     harness compares).
 * A retiming that keeps forwarding complete changes only MHASH_NPIPE and
 * the scrubber's rule for a free write port (sr_issue).
 */
#include "mhash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

int mhash_cyc_init(mhash_cyc *m, const mhash_params *p, char *msg, size_t n)
{
    memset(m, 0, sizeof *m);
    if (mhash_params_check(p, msg, n)) return -1;
    m->p = *p;
    m->nb = (uint32_t)p->max_tables;
    m->depth = p->n_counters / m->nb;
    char hmsg[128];
    if (hwp_hashu_init(&m->hu, p->max_tables, p->width, hwp_clog2(p->n_counters), p->seed, 1, 0, hmsg)) {
        snprintf(msg, n, "%s", hmsg);
        return -1;
    }
    m->mem = hwp_arrays_calloc(&m->arrays, p->n_counters, sizeof *m->mem);
    uint32_t npos = mhash_acc_positions(p);
    m->init_len = p->acc_ways > 0 && npos > m->depth ? npos : m->depth;
    m->sh_a = hwp_arrays_calloc(&m->arrays, npos, sizeof *m->sh_a);
    m->sh_b = hwp_arrays_calloc(&m->arrays, npos, sizeof *m->sh_b);
    m->sh_c = hwp_arrays_calloc(&m->arrays, npos, sizeof *m->sh_c);
    if (m->arrays.failed || mhash_acc_init(&m->acc, p)) {
        mhash_cyc_free(m);
        snprintf(msg, n, "out of memory");
        return -1;
    }
    mhash_cyc_reset(m);
    return 0;
}

void mhash_cyc_free(mhash_cyc *m)
{
    hwp_arrays_free(&m->arrays);
    mhash_acc_free(&m->acc);
}

void mhash_cyc_reset(mhash_cyc *m)
{
    hwp_hashu_reset(&m->hu);
    m->st = MHASH_ST_INIT;
    m->init_addr = 0;
    m->icnt = 0;
    m->s1l = 0;
    m->dmp = 0;
    m->nx_ok = m->nx_any = 0;
    m->nx_idx = 0;
    m->dp = 0;
    m->ov = m->oe = 0;
    m->oa = m->ob = 0;
    m->oc = 0;
    memset(m->pipe, 0, sizeof m->pipe);
    m->ep = 0;
    m->floor_age = 0;
    m->pass_age = 0;
    m->sc_ptr = 0;
    m->sr_v = 0;
    m->refused = 0;
    m->conflict = 0;
    m->promotions = 0;
    m->ncand = 0;
    m->cycles = 0;
    mhash_acc_clear(&m->acc);
}

int mhash_cyc_idle(const mhash_cyc *m)
{
    int busy = 0;
    for (int k = 0; k < MHASH_NPIPE; k++) busy |= m->pipe[k].v;
    return m->st == MHASH_ST_RUN && !hwp_hashu_busy(&m->hu) && !busy && !m->dmp && !m->ov;
}

void mhash_cyc_step(mhash_cyc *m, const mhash_cyc_in *in, mhash_cyc_out *out)
{
    const mhash_params *p = &m->p;
    const uint32_t cw = (uint32_t)p->cw;
    const uint32_t cmax = (uint32_t)hwp_mask(p->cw);
    const uint32_t emax = (uint32_t)hwp_mask(p->ew);
    const uint64_t wm = hwp_mask(p->width);
    const uint32_t nb = m->nb, depth = m->depth;
    mhash_acc *acc = &m->acc;
    mhash_slot *w = &m->pipe[MHASH_PW];

    memset(out, 0, sizeof *out);

    /* ---- input and hash unit: stall rules, then the unit advances */
    int h_valid = hwp_hashu_head(&m->hu)->valid;
    int h_last = h_valid && (hwp_hashu_head(&m->hu)->tag & 1u);
    int last_in = ((m->icnt + 1u) & hwp_mask(p->lw)) == p->interval;
    int l_flight = m->s1l || h_last;
    for (int k = 0; k < MHASH_NPIPE; k++) l_flight |= m->pipe[k].v && m->pipe[k].last;
    int in_ok = m->st == MHASH_ST_RUN &&
                !(last_in && (m->dmp || l_flight || m->floor_age == emax));
    int fire = in->in_valid && in_ok;
    hwp_hashu_in hi = {0};
    hwp_hashu_out ho;
    hi.in_valid = fire;
    hi.in_a = in->in_a & wm;
    hi.in_b = in->in_b & wm;
    hi.in_tag = (uint32_t)last_in;
    hi.out_ready = 1;
    hwp_hashu_step(&m->hu, &hi, &ho);

    /* ---- H: bank addressing of the tuple leaving the hash unit */
    mhash_slot h = {0};
    h.v = h_valid;
    h.last = h_last;
    h.a = ho.out_a;
    h.b = ho.out_b;
    mhash_map(p, ho.out_idx, &h.en, h.addr);
    mhash_acc_slots(p, ho.out_idx, h.aslot);
    if (!h_valid) h.en = 0;

    /* ---- W: the functional step on the words as the memory holds them */
    uint32_t v[MHASH_MAX_TABLES], nv[MHASH_MAX_TABLES], scrub_need = 0;
    for (uint32_t j = 0; j < nb; j++) {
        uint32_t word = m->mem[j * depth + w->addr[j]];
        v[j] = ((word >> cw) & emax) == m->ep ? (word & cmax) : 0u;
        uint32_t sw = m->mem[j * depth + m->sr_addr];
        if (m->sr_v && ((sw >> cw) & emax) != m->ep) scrub_need |= 1u << j;
    }
    mhash_core_res r = {0};
    if (w->v) mhash_core_at(p, acc, w->a, w->b, w->aslot, w->en, v, nv, &r);
    int upd = w->v && r.write;

    /* ---- bank writes: INIT pass, the tuple in W, or the scrubber */
    uint32_t we = 0, waddr[MHASH_MAX_TABLES], wdata[MHASH_MAX_TABLES];
    for (uint32_t j = 0; j < nb; j++) {
        waddr[j] = 0;
        wdata[j] = 0;
        if (m->st == MHASH_ST_INIT) {
            we |= 1u << j;
            waddr[j] = m->init_addr & (depth - 1u);
            wdata[j] = m->ep << cw;
        } else if (upd && ((w->en >> j) & 1u)) {
            we |= 1u << j;
            waddr[j] = w->addr[j];
            wdata[j] = (m->ep << cw) | nv[j];
        } else if ((scrub_need >> j) & 1u) {
            we |= 1u << j;
            waddr[j] = m->sr_addr;
            wdata[j] = m->ep << cw;
        }
    }

    /* ---- dump: whether the output register loads, and with what (ld_any:
     * the candidate at position ld_idx, else the end record) */
    int rest_any = 0, ld, ld_any, nx_adv = 0, dp_adv = 0;
    uint32_t rest_idx = 0, ld_idx;
    int o_room = !m->ov || in->out_ready;
    if (acc->nw) {
        /* hashed: the scan of the dump copy, one position per clock from the
         * clock after the interval end; a candidate waits for the output
         * register, after the last position the end record */
        int at_end = m->dp >= acc->n;
        ld_any = !at_end && acc->p[m->dp];
        ld_idx = m->dp;
        ld = m->dmp && m->nx_ok && (at_end || ld_any) && o_room;
        dp_adv = m->dmp && m->nx_ok && !at_end && (!ld_any || o_room);
    } else {
        /* registers: the next entry after nx_idx among the pending ones
         * (the RTL's nx_nx, from registers) */
        for (uint32_t k = 0; k < acc->k; k++)
            if (acc->p[k] && !(m->nx_any && k == m->nx_idx)) {
                rest_any = 1;
                rest_idx = k;
                break;
            }
        ld = m->dmp && m->nx_ok && o_room;
        ld_any = m->nx_any;
        ld_idx = m->nx_idx;
        nx_adv = !m->nx_ok || ld;
    }
    int bnd = w->v && w->last;
    int end_ok = bnd;
    int out_fire = m->ov && in->out_ready;
    int pass_done = m->sr_v && m->sr_addr == depth - 1u;
    /* a scrub read only where its write (next cycle) meets no tuple in W
     * and, with the hashed accumulator, where the ways' read port (used by
     * the tuple in F) was free for the scrubber last clock: none in T now */
    int sr_issue = !h_valid && !m->pipe[MHASH_PI].v && !(acc->nw && m->pipe[MHASH_PT].v) &&
                   m->st != MHASH_ST_INIT;

    out->in_ready = in_ok;
    out->out_valid = m->ov;
    out->out_eoi = m->oe;
    out->out_a = m->oa;
    out->out_b = m->ob;
    out->out_count = m->oc;
    out->stat_refused = m->refused;
    out->stat_promotions = m->promotions;
    out->stat_conflict = m->conflict;
    out->event = r.ins || bnd;
    out->bnd = bnd;
    out->ins = r.ins;
    out->slot = r.slot;

    /* ---- clock edge: banks */
    for (uint32_t j = 0; j < nb; j++)
        if ((we >> j) & 1u) m->mem[j * depth + waddr[j]] = wdata[j];

    /* ---- control registers */
    int st = m->st;
    if (r.refuse) m->refused++;
    if (r.conflict) m->conflict++;
    if (r.ins) m->promotions++;
    m->sr_v = sr_issue;
    m->sr_addr = m->sc_ptr;
    if (sr_issue) m->sc_ptr = (m->sc_ptr + 1u) & (depth - 1u);
    if (pass_done) {
        m->floor_age = (m->pass_age + (uint32_t)end_ok) & emax;
        m->pass_age = 0;
    } else if (end_ok) {
        m->floor_age = (m->floor_age + 1u) & emax;
        m->pass_age = (m->pass_age + 1u) & emax;
    }
    if (fire) m->icnt = last_in ? 0 : (m->icnt + 1u) & hwp_mask(p->lw);
    m->s1l = fire && last_in;
    /* output register and scan (reading ncand and the snapshot before
     * this edge's updates) */
    if (ld) {
        m->ov = 1;
        m->oe = !ld_any;
        m->oa = ld_any ? m->sh_a[ld_idx] : 0;
        m->ob = ld_any ? m->sh_b[ld_idx] : 0;
        m->oc = ld_any ? m->sh_c[ld_idx] : m->ncand;
        if (ld_any) acc->p[ld_idx] = 0;
    } else if (out_fire) {
        m->ov = 0;
    }
    if (bnd) {
        m->dmp = 1;
        m->ncand = 0;
        m->ep = (m->ep + 1u) & emax;
    } else if (ld) {
        if (ld_any)
            m->ncand = (m->ncand + 1u) & cmax;
        else
            m->dmp = 0;
    }
    m->nx_ok = !bnd;
    if (bnd) {
        m->nx_any = 0;
        m->nx_idx = 0;
    } else if (nx_adv) {
        m->nx_any = rest_any;
        m->nx_idx = rest_idx;
    }
    m->dp = bnd ? 0u : m->dp + (uint32_t)dp_adv;
    if (st == MHASH_ST_INIT) {
        if (m->init_addr == m->init_len - 1u) m->st = MHASH_ST_RUN;
        m->init_addr = m->init_addr == m->init_len - 1u ? 0u : m->init_addr + 1u;
    }

    /* ---- F, T, I: latency (the tuple moves one stage on) */
    for (int k = MHASH_NPIPE - 1; k > 0; k--) m->pipe[k] = m->pipe[k - 1];
    m->pipe[MHASH_PF] = h;

    /* ---- accumulator (the W update was applied by mhash_core above): at
     * the end of an interval snapshot the candidates, then retaining */
    if (bnd) {
        for (uint32_t k = 0; k < acc->n; k++) {
            int cand = acc->v[k] && acc->c[k] >= p->thr;
            acc->p[k] = (uint8_t)cand;
            m->sh_a[k] = acc->a[k];
            m->sh_b[k] = acc->b[k];
            m->sh_c[k] = acc->c[k];
        }
        mhash_acc_end(p, acc);
    }
    m->cycles++;
}
