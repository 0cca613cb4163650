/* SPDX-License-Identifier: Apache-2.0
 *
 * Virtual time for the profiling co-processor on a slow link (cp_vtime.h).
 */
#include "coproc/cp_vtime.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ board side */

int cp_seq_init(cp_seq *s, const cp_cfg *cfg, int riscv, size_t rcap, size_t ccap, char *msg)
{
    memset(s, 0, sizeof *s);
    if (rcap < 2 || ccap < 1) {
        snprintf(msg, 128, "virtual time needs a retire FIFO of >= 2 and a command FIFO of >= 1");
        return -1;
    }
    if (cp_init(&s->m, cfg, riscv, msg)) return -1;
    s->rf = calloc(rcap, sizeof *s->rf);
    s->cf = calloc(ccap, sizeof *s->cf);
    if (!s->rf || !s->cf) {
        cp_seq_free(s);
        snprintf(msg, 128, "out of memory");
        return -1;
    }
    s->rcap = rcap;
    s->ccap = ccap;
    return 0;
}

void cp_seq_free(cp_seq *s)
{
    cp_free(&s->m);
    free(s->rf);
    free(s->cf);
    memset(s, 0, sizeof *s);
}

int cp_seq_push_rec(cp_seq *s, const hwp_rec *r)
{
    if (s->rn == s->rcap) return 0;
    s->rf[(s->rh + s->rn) % s->rcap] = *r;
    s->rn++;
    return 1;
}

void cp_seq_eos(cp_seq *s) { s->eos_rx = 1; }

int cp_seq_entry(cp_seq *s, const cpv_entry *e)
{
    switch (e->op) {
    case CPV_OP_READ:
    case CPV_OP_WRITE:
    case CPV_OP_CMD:
        if (s->cn == s->ccap) return 0;
        s->cf[(s->ch + s->cn) % s->ccap] = *e;
        s->cn++;
        return 1;
    case CPV_OP_TEOS: s->t_eos = e->data; return 1;
    case CPV_OP_RUN:
        s->t_timer = e->data;
        s->mode = CPS_RUN;
        return 1;
    case CPV_OP_BATCH:
        s->last = e->addr & 1u;
        s->mode = CPS_BATCH;
        return 1;
    case CPV_OP_FIN: s->fin = 1; return 1;
    default: return -1;
    }
}

static void put(cps_out *o, uint8_t tag, int nf, uint64_t a, uint64_t b, uint64_t c)
{
    o->tag[o->n] = tag;
    o->nf[o->n] = nf;
    o->f[o->n][0] = a;
    o->f[o->n][1] = b;
    o->f[o->n][2] = c;
    o->n++;
}

static void stop(cp_seq *s, cps_out *o)
{
    put(o, CPV_TAG_STOP, 3, s->vc, (uint64_t)(s->irq | s->eos << 1), s->accepted);
    s->accepted = 0;
    s->mode = CPS_IDLE;
}

int cp_seq_clock(cp_seq *s, size_t room, cps_out *o)
{
    o->n = 0;
    if (s->mode == CPS_IDLE) return 0;
    /* a cycle needs its record and the next one's presence (its eos bit) */
    int have_recs = s->rn >= 2 || s->eos_rx;
    int starved_cmd = s->mode == CPS_BATCH && s->cn == 0 && (!s->last || s->outstanding == 0);
    if (!have_recs || starved_cmd) {
        if (room < 1) return 0;
        stop(s, o);
        return 0;
    }
    if (room < 2) return 0; /* a read response and a stop: wait for the host to poll */
    cp_in in;
    cp_out out;
    memset(&in, 0, sizeof in);
    if (s->rn) {
        const hwp_rec *r = &s->rf[s->rh];
        in.ret_valid = 1;
        in.ret_pc = (uint32_t)r->a;
        in.ret_insn = r->insn;
        in.ret_value = (uint32_t)r->value;
        in.ret_addr = (uint32_t)r->addr;
        in.ret_cls = r->cls & 15u;
        in.ret_flags = r->flags & 7u;
    }
    int offer = s->mode == CPS_BATCH && s->cn > 0;
    if (offer) {
        const cpv_entry *c = &s->cf[s->ch];
        in.host_valid = 1;
        in.host_op = c->op;
        in.host_addr = c->addr;
        in.host_wdata = c->data;
    }
    in.rsp_ready = 1;
    cp_step(&s->m, &in, &out);
    s->vc++;
    if (in.ret_valid && out.ret_ready) {
        s->rh = (s->rh + 1) % s->rcap;
        s->rn--;
        s->consumed++;
    }
    if (offer && out.host_ready) {
        if (s->cf[s->ch].op == CPV_OP_READ) s->outstanding++;
        s->ch = (s->ch + 1) % s->ccap;
        s->cn--;
        s->accepted++;
    }
    if (out.rsp_valid) {
        put(o, CPV_TAG_RDATA, 1, out.rsp_data, 0, 0);
        if (s->outstanding) s->outstanding--;
    }
    s->irq = out.irq != 0;
    s->eos = s->eos_rx && s->rn == 0;
    if (s->mode == CPS_BATCH) {
        if (s->cn == 0 && (!s->last || s->outstanding == 0)) stop(s, o);
    } else if (s->irq || s->vc >= s->t_timer || (s->eos && s->vc >= s->t_eos)) {
        stop(s, o);
    }
    return 1;
}

/* ------------------------------------------------------------ host side */

void cp_vhost_init(cp_vhost *v, cp_host *h, size_t ccap)
{
    memset(v, 0, sizeof *v);
    v->h = h;
    v->ccap = ccap;
}

size_t cp_vhost_request(cp_vhost *v, cpv_entry *e)
{
    cp_host *h = v->h;
    size_t n = 0;
    v->requests++;
    if (!cp_host_idle(h)) {
        size_t next = h->qhead + v->infl, k = v->ccap - v->infl;
        if (k > h->qn - next) k = h->qn - next;
        for (size_t i = 0; i < k; i++) {
            const cp_hcmd *c = &h->q[next + i];
            e[n].op = (uint8_t)c->op;
            e[n].addr = (uint16_t)c->addr;
            e[n].data = c->data;
            n++;
        }
        v->infl += k;
        e[n].op = CPV_OP_BATCH;
        e[n].addr = next + k == h->qn;
        e[n].data = 0;
        return n + 1;
    }
    e[0].op = CPV_OP_TEOS;
    e[0].addr = 0;
    e[0].data = h->wait_until;
    e[1].op = CPV_OP_RUN;
    e[1].addr = 0;
    e[1].data = cp_host_deadline(h);
    return 2;
}

int cp_vhost_report(cp_vhost *v, uint64_t vc, unsigned flags, uint64_t accepted,
                    const uint64_t *rdata, size_t nr, char *msg)
{
    cp_host *h = v->h;
    if (vc < h->now) {
        snprintf(msg, 200, "virtual time went back: cycle %" PRIu64 " reported at %" PRIu64, vc,
                 h->now);
        return -1;
    }
    if (accepted > v->infl) {
        snprintf(msg, 200, "%" PRIu64 " commands accepted, only %zu were sent", accepted, v->infl);
        return -1;
    }
    uint64_t len = vc - h->now;
    if (len == 0 && (accepted || nr)) {
        snprintf(msg, 200, "commands or responses reported without a cycle");
        return -1;
    }
    /* Replay: the commands and responses of the segment in the fewest calls
     * (one accept and one response per call at most, a response after its
     * read's accept), keeping one event for the last call so that the host
     * becomes idle, and decides, exactly there: the last accept if any, else
     * the last response. Between decisions only the order of accepts and
     * responses matters to cp_host (cp_vtime.h). */
    uint64_t acc_left = accepted;
    size_t rsp_next = 0;
    for (uint64_t k = 0; k < len; k++) {
        int final = k + 1 == len;
        int acc = 0, rsp = 0;
        if (acc_left && (final || acc_left > 1)) acc = 1;
        /* a response is possible once its read's tag is pushed (this call's
         * accept pushes first) */
        size_t tags = h->tn - h->thead;
        if (acc && h->qhead < h->qn && h->q[h->qhead].op == CP_H_READ) tags++;
        if (rsp_next < nr && tags > 0 && (final || accepted > 0 || rsp_next + 1 < nr)) rsp = 1;
        if (final && (acc_left != (uint64_t)acc || nr - rsp_next != (size_t)rsp)) {
            snprintf(msg, 200, "%" PRIu64 " cycles cannot carry %" PRIu64 " accepts and %zu "
                     "responses", len, accepted, nr);
            return -1;
        }
        int was_idle = cp_host_idle(h);
        cp_host_cycle(h, acc, rsp, rsp ? rdata[rsp_next] : 0, final ? (int)(flags & 1u) : 0,
                      final ? (int)((flags >> 1) & 1u) : 0);
        if (h->oom) {
            snprintf(msg, 200, "out of memory");
            return -1;
        }
        if (!final && (cp_host_idle(h) != was_idle || (was_idle && h->qn))) {
            snprintf(msg, 200, "the host would have decided at cycle %" PRIu64 ", before the "
                     "reported stop at %" PRIu64, h->now, vc);
            return -1;
        }
        acc_left -= (uint64_t)acc;
        rsp_next += (size_t)rsp;
        v->replayed++;
    }
    v->infl -= accepted;
    return 0;
}
