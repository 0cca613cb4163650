/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine mhash: cycle model of rtl/mhash/hwp_mhash.v. One mhash_cyc_step()
 * per clock: the outputs of the cycle are computed from the registers, then
 * every register advances exactly as the RTL's always blocks do (same widths,
 * same saturation, same priority of the accumulator's lowest free slot, same
 * forwarding of the last cycle's bank writes, same scrubber schedule).
 */
#include "mhash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

static int log2u(uint64_t v)
{
    int r = 0;
    while ((1ull << r) < v) r++;
    return r;
}

int mhash_cyc_init(mhash_cyc *m, const mhash_params *p, char *msg, size_t n)
{
    memset(m, 0, sizeof *m);
    if (mhash_params_check(p, msg, n)) return -1;
    m->p = *p;
    m->nb = (uint32_t)p->max_tables;
    m->depth = p->n_counters / m->nb;
    char hmsg[128];
    if (hwp_hashu_init(&m->hu, p->max_tables, p->width, log2u(p->n_counters), p->seed, 1, 0, hmsg)) {
        snprintf(msg, n, "%s", hmsg);
        return -1;
    }
    m->mem = calloc(p->n_counters, sizeof *m->mem);
    m->sh_a = calloc(p->acc_k, sizeof *m->sh_a);
    m->sh_b = calloc(p->acc_k, sizeof *m->sh_b);
    m->sh_c = calloc(p->acc_k, sizeof *m->sh_c);
    if (!m->mem || !m->sh_a || !m->sh_b || !m->sh_c || mhash_acc_alloc(&m->acc, p->acc_k)) {
        mhash_cyc_free(m);
        snprintf(msg, n, "out of memory");
        return -1;
    }
    mhash_cyc_reset(m);
    return 0;
}

void mhash_cyc_free(mhash_cyc *m)
{
    free(m->mem);
    free(m->sh_a);
    free(m->sh_b);
    free(m->sh_c);
    m->mem = NULL;
    m->sh_a = m->sh_b = NULL;
    m->sh_c = NULL;
    mhash_acc_free(&m->acc);
}

void mhash_cyc_reset(mhash_cyc *m)
{
    hwp_hashu_reset(&m->hu);
    m->st = MHASH_ST_INIT;
    m->init_addr = 0;
    m->icnt = 0;
    m->s1l = 0;
    m->s3l = 0;
    m->eoi = 0;
    m->s3v = 0;
    m->ep = 0;
    m->floor_age = 0;
    m->pass_age = 0;
    m->sc_ptr = 0;
    m->sr_v = 0;
    m->refused = 0;
    m->promotions = 0;
    m->ncand = 0;
    m->fwd_en = 0;
    m->cycles = 0;
    mhash_acc_clear(&m->acc);
}

int mhash_cyc_idle(const mhash_cyc *m)
{
    return m->st == MHASH_ST_RUN && !hwp_hashu_busy(&m->hu) && !m->s3v && !m->eoi;
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

    memset(out, 0, sizeof *out);

    /* ---- input and hash unit (outputs of this cycle, then it advances) */
    /* the hash unit's registered outputs (visible this cycle) */
    int h_valid = hwp_hashu_head(&m->hu)->valid;
    int h_last = h_valid && (hwp_hashu_head(&m->hu)->tag & 1u);
    int last_in = ((m->icnt + 1u) & hwp_mask(p->lw)) == p->interval;
    int l_flight = m->s1l || h_last || m->s3l;
    int in_ok = m->st == MHASH_ST_RUN &&
                !(last_in && (m->eoi || l_flight || m->floor_age == emax));
    int fire = in->in_valid && in_ok;
    hwp_hashu_in hi = {0};
    hwp_hashu_out ho;
    hi.in_valid = fire;
    hi.in_a = in->in_a & wm;
    hi.in_b = in->in_b & wm;
    hi.in_tag = (uint32_t)last_in;
    hi.out_ready = 1;
    hwp_hashu_step(&m->hu, &hi, &ho);

    /* ---- bank addressing of the tuple leaving the hash unit */
    uint32_t h_en = 0, h_addr[MHASH_MAX_TABLES];
    mhash_map(p, ho.out_idx, &h_en, h_addr);
    if (!h_valid) h_en = 0;

    /* ---- S3: counters */
    uint32_t v[MHASH_MAX_TABLES], scrub_need = 0;
    for (uint32_t j = 0; j < nb; j++) {
        uint32_t fw = (m->fwd_en >> j) & 1u;
        uint32_t word = (fw && m->fwd_addr[j] == m->s3_addr[j]) ? m->fwd_word[j] : m->rd[j];
        v[j] = ((word >> cw) & emax) == m->ep ? (word & cmax) : 0u;
        word = (fw && m->fwd_addr[j] == m->sr_addr) ? m->fwd_word[j] : m->rd[j];
        if (m->sr_v && ((word >> cw) & emax) != m->ep) scrub_need |= 1u << j;
    }
    uint32_t nv[MHASH_MAX_TABLES];
    mhash_core_res r = {0};
    if (m->s3v) mhash_core(p, acc, m->s3_a, m->s3_b, m->s3_en, v, nv, &r);
    int upd = m->s3v && r.write;

    /* ---- bank writes */
    uint32_t we = 0, waddr[MHASH_MAX_TABLES], wdata[MHASH_MAX_TABLES];
    for (uint32_t j = 0; j < nb; j++) {
        waddr[j] = 0;
        wdata[j] = 0;
        if (m->st == MHASH_ST_INIT) {
            we |= 1u << j;
            waddr[j] = m->init_addr;
            wdata[j] = m->ep << cw;
        } else if (upd && ((m->s3_en >> j) & 1u)) {
            we |= 1u << j;
            waddr[j] = m->s3_addr[j];
            wdata[j] = (m->ep << cw) | nv[j];
        } else if ((scrub_need >> j) & 1u) {
            we |= 1u << j;
            waddr[j] = m->sr_addr;
            wdata[j] = m->ep << cw;
        }
    }

    /* ---- dump selection and control */
    int pend_any = 0;
    uint32_t pend_idx = 0;
    for (uint32_t k = 0; k < acc->k; k++)
        if (acc->p[k]) {
            pend_any = 1;
            pend_idx = k;
            break;
        }
    int bnd = m->s3v && m->s3l;
    int end_ok = bnd;
    int out_fire = m->eoi && in->out_ready;
    int pass_done = m->sr_v && m->sr_addr == depth - 1u;

    out->in_ready = in_ok;
    out->out_valid = m->eoi;
    out->out_eoi = m->eoi && !pend_any;
    if (m->eoi && pend_any) {
        out->out_a = m->sh_a[pend_idx];
        out->out_b = m->sh_b[pend_idx];
        out->out_count = m->sh_c[pend_idx];
    } else if (m->eoi) {
        out->out_count = m->ncand;
    }
    out->stat_refused = m->refused;
    out->stat_promotions = m->promotions;
    out->event = r.ins || bnd;
    out->bnd = bnd;
    out->ins = r.ins;
    out->slot = r.slot;

    /* ---- clock edge: banks (read returns the old word) */
    for (uint32_t j = 0; j < nb; j++) {
        uint32_t ra = h_valid ? h_addr[j] : m->sc_ptr;
        m->rd[j] = m->mem[j * depth + ra];
    }
    for (uint32_t j = 0; j < nb; j++)
        if ((we >> j) & 1u) m->mem[j * depth + waddr[j]] = wdata[j];

    /* ---- control registers */
    int st = m->st;
    m->s3v = h_valid;
    m->fwd_en = we;
    for (uint32_t j = 0; j < nb; j++) {
        m->fwd_addr[j] = waddr[j];
        m->fwd_word[j] = wdata[j];
    }
    if (r.refuse) m->refused++;
    if (r.ins) m->promotions++;
    int sr_issue = !h_valid && st != MHASH_ST_INIT;
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
    m->s3l = h_last;
    if (bnd) {
        m->eoi = 1;
        m->ncand = 0;
        m->ep = (m->ep + 1u) & emax;
    } else if (out_fire) {
        if (pend_any)
            m->ncand = (m->ncand + 1u) & cmax;
        else
            m->eoi = 0;
    }
    if (st == MHASH_ST_INIT) {
        if (m->init_addr == depth - 1u) m->st = MHASH_ST_RUN;
        m->init_addr = (m->init_addr + 1u) & (depth - 1u);
    }

    /* ---- datapath registers */
    m->s3_a = ho.out_a;
    m->s3_b = ho.out_b;
    m->s3_en = h_en;
    for (uint32_t j = 0; j < nb; j++) m->s3_addr[j] = h_addr[j];

    /* ---- accumulator (the S3 update was applied by mhash_core above): at
     * the end of an interval snapshot the candidates, then retaining */
    if (bnd) {
        for (uint32_t k = 0; k < acc->k; k++) {
            int cand = acc->v[k] && acc->c[k] >= p->thr;
            acc->p[k] = (uint8_t)cand;
            m->sh_a[k] = acc->a[k];
            m->sh_b[k] = acc->b[k];
            m->sh_c[k] = acc->c[k];
        }
        mhash_acc_end(p, acc);
    } else if (out_fire && pend_any) {
        acc->p[pend_idx] = 0;
    }
    m->cycles++;
}
