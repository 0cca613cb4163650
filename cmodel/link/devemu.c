/* SPDX-License-Identifier: Apache-2.0
 *
 * The device side of the hwprof link protocol in C (see devemu.h and
 * docs/protocol.md).
 */
#include "link/devemu.h"

#include "coproc/cp_vtime.h"
#include "link/engdesc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NREG (HWL_DESC_MAXREG + 1)
#define MAX_SLOTS 63

typedef struct dslot {
    uint8_t type;
    hwp_rec recs[HWL_MAX_PAYLOAD];
    long nrec, next;
    int npairs;
    uint8_t reg[HWL_MAX_PAYLOAD / 2];
    uint64_t val[HWL_MAX_PAYLOAD / 2];
    cpv_entry ent[HWL_MAX_PAYLOAD / CPV_ENTRY]; /* HOSTOP entries (coproc) */
} dslot;

struct hwl_dev {
    hwl_dev_cfg cfg;
    hwl_kind kind;
    hwl_deframer df;
    uint8_t *tx;
    size_t txn, txcap, txhead;
    uint8_t expect;
    int open;       /* a session is open: HELLO(1) since power-up */
    /* rate */
    uint32_t divisor, boot_div, pend_div;
    size_t pend_at; /* switch once txhead reaches this (0 = none pending) */
    int pend;
    int watch;      /* waiting for a valid packet after a switch */
    double switch_ms;
    /* receive buffer */
    dslot *slot;
    int sh, sn;
    /* registers */
    uint64_t reg[NREG], reg_reset[NREG];
    int tuples_since_reset; /* a TUPLES packet was stored since the last RESET */
    /* engine */
    int live;
    mhash_fn mh;
    strat_fn sf;
    rap_t *rp;
    uint64_t rp_live_sum; /* rap: live count after every event, summed (COUNTERS field 8) */
    pfp_rec *pr;
    size_t npr, cappr;
    cp_seq cps; /* coproc: the shell's virtual-time sequencer */
    int eos, done;
    /* output queue (ring of records, grows for the final dump) */
    hwl_orec *q;
    size_t qh, qn, qcap;
    int out_valid;
    uint8_t out_no, next_chunk;
    size_t out_cnt;
    /* counters */
    uint64_t st[HWL_ST_N];
    uint64_t overruns;
};

void hwl_dev_cfg_default(hwl_dev_cfg *c, int engine)
{
    memset(c, 0, sizeof *c);
    c->engine = engine;
    c->board = 0;
    c->clk_khz = 48000;
    c->slots = 8;
    c->outq_cap = 256;
    mhash_params_default(&c->mh);
    c->mh.acc_k = 100;
    strat_cfg_default(&c->st);
    rap_cfg_default(&c->rp);
    c->rp_live_sum = 1;
    pfp_params_default(&c->pf);
    c->pf.win_bits = 7; /* as hwprof run --engine pfp */
    c->pf.cnt_w = 64;
    cp_cfg_default(&c->cp);
    c->cp_riscv = 1;
    c->cp_rf_aw = 8;
    c->cp_cf_aw = 6;
}

/* ------------------------------------------------------------ registers */

/* ------------------------------------------------------------ tx */

static int tx_put(hwl_dev *d, const uint8_t *p, size_t n)
{
    if (d->txn + n > d->txcap) {
        /* compact, then grow */
        if (d->txhead) {
            memmove(d->tx, d->tx + d->txhead, d->txn - d->txhead);
            if (d->pend) d->pend_at -= d->txhead;
            d->txn -= d->txhead;
            d->txhead = 0;
        }
        if (d->txn + n > d->txcap) {
            size_t nc = (d->txcap + n) * 2;
            uint8_t *t = realloc(d->tx, nc);
            if (!t) return -1;
            d->tx = t;
            d->txcap = nc;
        }
    }
    memcpy(d->tx + d->txn, p, n);
    d->txn += n;
    return 0;
}

static void send_pkt(hwl_dev *d, uint8_t type, const uint8_t *pl, size_t n)
{
    hwl_pkt p;
    p.type = type;
    p.seq = d->expect;
    p.len = (uint16_t)n;
    if (n) memcpy(p.pl, pl, n);
    uint8_t fr[HWL_MAX_FRAME];
    size_t fn = hwl_pkt_frame(&p, fr);
    tx_put(d, fr, fn);
}

static uint8_t flags(const hwl_dev *d)
{
    uint8_t f = 0;
    if (d->qn) f |= HWL_F_OUT;
    if (d->done) f |= HWL_F_DONE;
    if (d->eos && !d->done) f |= HWL_F_BUSY;
    return f;
}

static void send_ack(hwl_dev *d, uint8_t type, uint8_t first)
{
    uint8_t pl[3] = {first, (uint8_t)(d->cfg.slots - d->sn), flags(d)};
    send_pkt(d, type, pl, 3);
}

/* ------------------------------------------------------------ output queue */

static int q_push(hwl_dev *d, const hwl_orec *r)
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

static void q_rec(hwl_dev *d, uint8_t tag, int nf, uint64_t f0, uint64_t f1, uint64_t f2)
{
    hwl_orec r;
    memset(&r, 0, sizeof r);
    r.tag = tag;
    r.nf = nf;
    r.f[0] = f0;
    r.f[1] = f1;
    r.f[2] = f2;
    q_push(d, &r);
}

/* ------------------------------------------------------------ engine */

static void engine_free(hwl_dev *d)
{
    if (!d->live) return;
    if (d->cfg.engine == HWL_ENG_MHASH) mhash_fn_free(&d->mh);
    else if (d->cfg.engine == HWL_ENG_STRAT) strat_fn_free(&d->sf);
    else if (d->cfg.engine == HWL_ENG_RAP) rap_free(d->rp);
    else if (d->cfg.engine == HWL_ENG_COPROC) cp_seq_free(&d->cps);
    free(d->pr);
    d->pr = NULL;
    d->npr = d->cappr = 0;
    d->live = 0;
}

static int engine_start(hwl_dev *d)
{
    if (d->live) return 0;
    char msg[256];
    const uint64_t *r = d->reg;
    if (d->cfg.engine == HWL_ENG_MHASH) {
        mhash_params p = d->cfg.mh;
        p.tables = (int)r[1];
        p.cons = (int)r[2];
        p.reset = (int)r[3];
        p.shield = (int)r[4];
        p.retain = (int)r[5];
        p.interval = r[6];
        p.thr = (uint32_t)r[7];
        if (mhash_fn_init(&d->mh, &p, msg, sizeof msg)) return -1;
    } else if (d->cfg.engine == HWL_ENG_STRAT) {
        strat_cfg c = d->cfg.st;
        c.mode = (int)r[1];
        c.rate = (uint32_t)r[2];
        c.evict = (uint32_t)r[4];
        c.replace = (uint32_t)r[5];
        c.lfsr_seed = (uint32_t)r[6];
        c.ak_en = (int)r[7];
        if (strat_fn_init(&d->sf, &c, msg)) return -1;
        d->sf.cfg.rthr = (uint32_t)r[3]; /* the register, as the RTL uses it */
    } else if (d->cfg.engine == HWL_ENG_RAP) {
        rap_cfg c = d->cfg.rp;
        c.eps_q = (uint32_t)r[1];
        if (rap_init(&d->rp, &c, 1, msg, sizeof msg)) return -1;
        d->rp_live_sum = 0;
    } else if (d->cfg.engine == HWL_ENG_COPROC) {
        if (cp_seq_init(&d->cps, &d->cfg.cp, d->cfg.cp_riscv, (size_t)1 << d->cfg.cp_rf_aw,
                        (size_t)1 << d->cfg.cp_cf_aw, msg))
            return -1;
    }
    d->live = 1;
    return 0;
}

static size_t max_out(const hwl_dev *d)
{
    return d->cfg.engine == HWL_ENG_MHASH ? d->cfg.mh.acc_k + 1u
           : d->cfg.engine == HWL_ENG_STRAT ? 2u : 0u;
}

static void engine_rec(hwl_dev *d, const hwp_rec *x)
{
    if (d->cfg.engine == HWL_ENG_MHASH) {
        if (mhash_fn_push(&d->mh, x->a, x->b)) {
            for (uint32_t i = 0; i < d->mh.ncand; i++)
                q_rec(d, HWL_TAG_MHASH_CAND, 3, d->mh.cand[i].a, d->mh.cand[i].b, d->mh.cand[i].count);
            q_rec(d, HWL_TAG_MHASH_EOI, 1, d->mh.ncand, 0, 0);
        }
    } else if (d->cfg.engine == HWL_ENG_STRAT) {
        strat_msg m[2];
        int n = strat_fn_event(&d->sf, x->a, x->b, m);
        for (int i = 0; i < n; i++) q_rec(d, HWL_TAG_STRAT_MSG, 3, m[i].a, m[i].b, m[i].count);
    } else if (d->cfg.engine == HWL_ENG_RAP) {
        rap_add_points(d->rp, x->a, 1, 0);
        d->rp_live_sum += (uint64_t)rap_live(d->rp, 0);
    } else {
        if (d->npr == d->cappr) {
            size_t nc = d->cappr ? 2 * d->cappr : 4096;
            pfp_rec *np = realloc(d->pr, nc * sizeof *np);
            if (!np) return; /* not counted: the host sees accepted < sent */
            d->pr = np;
            d->cappr = nc;
        }
        pfp_rec *q = &d->pr[d->npr++];
        q->pc = x->a;
        q->insn = x->insn;
        q->cls = x->cls;
        q->taken = (x->flags & HWP_RF_TAKEN) != 0;
        q->val = (uint8_t)(x->value & 1u);
        q->len2 = x->len == 2;
    }
    d->st[HWL_ST_ACCEPTED]++;
    d->st[HWL_ST_CYCLES]++;
}

/* pfp: the dispatch hash, as the shell's hash unit */
static void devemu_disp(void *ctx, uint64_t pc, int kind)
{
    uint64_t *h = ctx;
    *h = pfp_dh_step(*h, pc, kind);
}

static void engine_eos(hwl_dev *d)
{
    if (d->cfg.engine == HWL_ENG_MHASH) {
        q_rec(d, HWL_TAG_COUNTERS, 2, d->mh.refused, d->mh.promotions, 0);
    } else if (d->cfg.engine == HWL_ENG_STRAT) {
        strat_msg m[STRAT_MAX_AK];
        int n = strat_fn_flush(&d->sf, m);
        for (int i = 0; i < n; i++) q_rec(d, HWL_TAG_STRAT_MSG, 3, m[i].a, m[i].b, m[i].count);
    } else if (d->cfg.engine == HWL_ENG_PFP) {
        pfp m;
        char msg[256];
        hwl_orec r;
        memset(&r, 0, sizeof r);
        r.tag = HWL_TAG_COUNTERS;
        r.nf = PFP_S_N;
        uint64_t dh = PFP_DH_INIT;
        if (pfp_init(&m, &d->cfg.pf, msg, sizeof msg) == 0) {
            m.on_disp = devemu_disp;
            m.on_disp_ctx = &dh;
            if (pfp_run(&m, d->pr, d->npr, (int)d->reg[1]) == 0) {
                for (int i = 0; i < PFP_S_N; i++) r.f[i] = m.stat[i];
                d->st[HWL_ST_CYCLES] = m.stat[PFP_S_CYCLES];
                q_push(d, &r);
                /* DHASH: dispatch_hash, FIFO overflow flag (never set here) */
                q_rec(d, HWL_TAG_PFP_DHASH, 2, dh, 0, 0);
            }
            pfp_free(&m);
        }
    } else {
        rap_finalize(d->rp);
        int cap = d->cfg.rp.entries;
        rap_node *nd = malloc((size_t)cap * sizeof *nd);
        int nn = nd ? rap_nodes(d->rp, 0, nd, cap) : 0;
        for (int i = 0; i < nn; i++)
            q_rec(d, HWL_TAG_RAP_NODE, 3, nd[i].prefix, (uint64_t)nd[i].len * (uint64_t)d->cfg.rp.k,
                  nd[i].count);
        free(nd);
        hwl_orec r;
        memset(&r, 0, sizeof r);
        r.tag = HWL_TAG_COUNTERS;
        r.nf = RAP_NCOUNTERS + 1;
        for (int i = 0; i < RAP_NCOUNTERS; i++) r.f[i] = rap_counter(d->rp, 0, i);
        r.f[RAP_NCOUNTERS] = d->cfg.rp_live_sum ? d->rp_live_sum : 0; /* LIVE_SUM=0: 0 */
        q_push(d, &r);
    }
    q_rec(d, HWL_TAG_END, 0, 0, 0, 0);
    d->done = 1;
}

static void dev_reset(hwl_dev *d)
{
    engine_free(d);
    d->qh = d->qn = 0;
    d->out_valid = 0;
    d->next_chunk = 0;
    memcpy(d->reg, d->reg_reset, sizeof d->reg);
    d->eos = d->done = 0;
    /* every STATUS counter, the link's too (the RESET itself then counts as
     * the first packet applied) */
    memset(d->st, 0, sizeof d->st);
}

/* coproc: HOSTOP entries into the sequencer; 0 if it must wait */
static int cp_apply_hostop(hwl_dev *d, dslot *s)
{
    while (s->next < s->nrec) {
        const cpv_entry *e = &s->ent[s->next];
        if (e->op == CPV_OP_FIN) {
            if (!d->done) {
                q_rec(d, HWL_TAG_END, 0, 0, 0, 0);
                d->done = 1;
            }
        } else if (cp_seq_entry(&d->cps, e) != 1) {
            return 0; /* command FIFO full (checked on arrival: op valid) */
        }
        s->next++;
    }
    return 1;
}

/* coproc: board clocks of the sequencer until it is idle or waits; returns
 * the virtual cycles run */
static uint64_t cp_clock(hwl_dev *d, uint64_t budget)
{
    uint64_t ran = 0;
    while (d->cps.mode != CPS_IDLE && (!budget || ran < budget)) {
        cps_out o;
        size_t room = d->qn < d->cfg.outq_cap ? d->cfg.outq_cap - d->qn : 0;
        int ce = cp_seq_clock(&d->cps, room, &o);
        for (int k = 0; k < o.n; k++) q_rec(d, o.tag[k], o.nf[k], o.f[k][0], o.f[k][1], o.f[k][2]);
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

static void apply_slots(hwl_dev *d, uint64_t budget);

#define CP_RUN_CAP (1u << 16) /* co-processor cycles per hwl_dev_run(d, 0) call */

void hwl_dev_run(hwl_dev *d, uint64_t budget)
{
    if (d->cfg.engine != HWL_ENG_COPROC) {
        apply_slots(d, budget);
        return;
    }
    /* the sequencer frees FIFO room, which lets stored packets apply; a
     * program that never idles (a microcode loop) gets CP_RUN_CAP cycles per
     * call, so that the caller can still serve the line */
    for (;;) {
        int sn = d->sn;
        size_t rn = d->live ? d->cps.rn : 0, cn = d->live ? d->cps.cn : 0;
        apply_slots(d, 0);
        uint64_t ran = d->live ? cp_clock(d, budget ? budget : CP_RUN_CAP) : 0;
        if (!ran && d->sn == sn && (!d->live || (d->cps.rn == rn && d->cps.cn == cn))) break;
        if (budget || ran >= CP_RUN_CAP) break;
    }
}

static void apply_slots(hwl_dev *d, uint64_t budget)
{
    uint64_t used = 0;
    while (d->sn) {
        dslot *s = &d->slot[d->sh];
        if (s->type == HWL_RESET) {
            dev_reset(d);
        } else if (s->type == HWL_CONFIG) {
            for (int i = 0; i < s->npairs; i++) d->reg[s->reg[i]] = s->val[i];
        } else if (s->type == HWL_TUPLES) {
            if (engine_start(d)) return; /* cannot happen: checked on arrival */
            while (d->cfg.engine == HWL_ENG_COPROC && s->next < s->nrec) {
                if (!cp_seq_push_rec(&d->cps, &s->recs[s->next])) return; /* FIFO full */
                s->next++;
            }
            while (s->next < s->nrec) {
                if (budget && used >= budget) return;
                if (d->qn + max_out(d) > d->cfg.outq_cap) {
                    d->st[HWL_ST_STALLS]++;
                    return;
                }
                engine_rec(d, &s->recs[s->next++]);
                used++;
            }
        } else if (s->type == HWL_HOSTOP) {
            if (engine_start(d)) return;
            if (!cp_apply_hostop(d, s)) return;
        } else if (s->type == HWL_EOS) {
            if (!d->eos) {
                if (engine_start(d)) return;
                d->eos = 1;
                /* coproc: the end of the retire stream; results come
                 * through HOSTOP reads, END with FIN */
                if (d->cfg.engine == HWL_ENG_COPROC) cp_seq_eos(&d->cps);
                else engine_eos(d);
            }
        }
        d->st[HWL_ST_APPLIED]++;
        d->sh = (d->sh + 1) % d->cfg.slots;
        d->sn--;
    }
}

/* ------------------------------------------------------------ arrival */

/* Checks a sequenced packet and fills slot s; 0 or an ERR code. */
static int check_seq(hwl_dev *d, const hwl_pkt *p, dslot *s)
{
    s->type = p->type;
    s->nrec = s->next = 0;
    s->npairs = 0;
    switch (p->type) {
    case HWL_RESET:
    case HWL_EOS: return p->len == 0 ? 0 : HWL_E_RANGE;
    case HWL_HOSTOP: {
        /* coproc only: entries op u8, addr u16, wdata u64 (cp_vtime.h) */
        if (d->cfg.engine != HWL_ENG_COPROC || p->len == 0 || p->len % CPV_ENTRY) return HWL_E_RANGE;
        for (size_t i = 0; i < p->len / CPV_ENTRY; i++) {
            const uint8_t *b = p->pl + i * CPV_ENTRY;
            cpv_entry *e = &s->ent[i];
            e->op = b[0];
            e->addr = (uint16_t)(b[1] | b[2] << 8);
            e->data = 0;
            for (int k = 7; k >= 0; k--) e->data = e->data << 8 | b[3 + k];
            if (e->op > CPV_OP_CMD && (e->op < CPV_OP_RUN || e->op > CPV_OP_FIN)) return HWL_E_RANGE;
        }
        s->nrec = (long)(p->len / CPV_ENTRY);
        return 0;
    }
    case HWL_CONFIG: {
        if (d->tuples_since_reset) return HWL_E_STATE;
        size_t pos = 0;
        uint64_t tent[NREG];
        memcpy(tent, d->reg, sizeof tent);
        /* registers as they will be when this packet is applied: queued CONFIGs first */
        for (int i = 0; i < d->sn; i++) {
            const dslot *q = &d->slot[(d->sh + i) % d->cfg.slots];
            if (q->type == HWL_RESET) memcpy(tent, d->reg_reset, sizeof tent);
            if (q->type == HWL_CONFIG)
                for (int j = 0; j < q->npairs; j++) tent[q->reg[j]] = q->val[j];
        }
        while (pos < p->len) {
            uint8_t id = p->pl[pos++];
            uint64_t v, lo, hi;
            if (hwl_uvar_get(p->pl, p->len, &pos, &v)) return HWL_E_RANGE;
            if (!hwl_desc_reg_range(&d->cfg, id, &lo, &hi) || v < lo || v > hi) return HWL_E_RANGE;
            s->reg[s->npairs] = id;
            s->val[s->npairs++] = v;
            tent[id] = v;
        }
        if (d->cfg.engine == HWL_ENG_STRAT) {
            strat_cfg c = d->cfg.st;
            char msg[256];
            c.mode = (int)tent[1];
            c.rate = (uint32_t)tent[2];
            c.evict = (uint32_t)tent[4];
            c.replace = (uint32_t)tent[5];
            c.lfsr_seed = (uint32_t)tent[6];
            c.ak_en = (int)tent[7];
            if (strat_cfg_check(&c, msg)) return HWL_E_RANGE;
        }
        if (d->cfg.engine == HWL_ENG_MHASH) {
            mhash_params m = d->cfg.mh;
            char msg[256];
            m.tables = (int)tent[1];
            m.cons = (int)tent[2];
            m.reset = (int)tent[3];
            m.shield = (int)tent[4];
            m.retain = (int)tent[5];
            m.interval = tent[6];
            m.thr = (uint32_t)tent[7];
            if ((uint64_t)m.tables > m.n_counters || mhash_params_check(&m, msg, sizeof msg))
                return HWL_E_RANGE;
        }
        return 0;
    }
    case HWL_TUPLES: {
        char msg[256];
        long n = hwl_tuples_decode(&d->kind, p->pl, p->len, s->recs, HWL_MAX_PAYLOAD, msg,
                                   sizeof msg);
        if (n < 0) return HWL_E_RANGE;
        s->nrec = n;
        return 0;
    }
    default: return HWL_E_UNKNOWN;
    }
}

static void info_reply(hwl_dev *d)
{
    hwl_info in;
    memset(&in, 0, sizeof in);
    in.proto = HWL_PROTO;
    in.board = d->cfg.board;
    in.engine = d->cfg.engine;
    in.kind = d->kind.kind;
    in.slots = d->cfg.slots;
    in.clk_khz = d->cfg.clk_khz;
    in.divisor = d->divisor;
    uint64_t v[HWL_DESC_MAXPAR];
    int n = hwl_desc_info(&d->cfg, v);
    for (int i = 0; i < n; i++) {
        in.pid[i] = (uint8_t)(i + 1);
        in.pval[i] = v[i];
    }
    in.np = n;
    uint8_t pl[HWL_MAX_PAYLOAD];
    size_t len = hwl_info_build(&in, pl);
    send_pkt(d, HWL_INFO, pl, len);
}

static void poll_reply(hwl_dev *d, uint8_t c)
{
    uint8_t nxt = d->out_valid ? (uint8_t)(d->out_no + 1) : d->next_chunk;
    if (d->out_valid && c == d->out_no) {
        /* the same chunk again: same records (an empty chunk may fill now) */
    } else if (c == nxt) {
        if (d->out_valid) {
            d->qh = (d->qh + d->out_cnt) % d->qcap;
            d->qn -= d->out_cnt;
        }
        d->out_valid = 1;
        d->out_no = c;
        d->out_cnt = 0;
    } else {
        d->st[HWL_ST_OUTOFSEQ]++;
        send_ack(d, HWL_ERR, HWL_E_SEQ);
        return;
    }
    uint8_t pl[HWL_MAX_PAYLOAD];
    size_t len = 2;
    if (d->out_cnt == 0) {
        while (d->out_cnt < d->qn &&
               hwl_orec_put(pl, HWL_MAX_PAYLOAD, &len, &d->q[(d->qh + d->out_cnt) % d->qcap]))
            d->out_cnt++;
    } else {
        for (size_t i = 0; i < d->out_cnt; i++)
            hwl_orec_put(pl, HWL_MAX_PAYLOAD, &len, &d->q[(d->qh + i) % d->qcap]);
    }
    pl[0] = c;
    pl[1] = flags(d);
    send_pkt(d, HWL_OUT, pl, len);
}

static void status_reply(hwl_dev *d)
{
    uint8_t pl[HWL_MAX_PAYLOAD];
    size_t n = 0;
    for (int i = 0; i < HWL_ST_N; i++) n += hwl_uvar_put(pl + n, d->st[i]);
    send_pkt(d, HWL_STATUS, pl, n);
}

static void handle(hwl_dev *d, const hwl_pkt *p, double now)
{
    (void)now;
    d->watch = 0;
    if ((hwl_sequenced(p->type) || p->type == HWL_POLL) && !d->open) {
        /* power-up (or a reset) since the host's HELLO: refuse, so that a
         * host that did not see the reset cannot lose packets silently */
        d->st[HWL_ST_OUTOFSEQ]++;
        send_ack(d, HWL_ERR, HWL_E_SESSION);
        return;
    }
    if (hwl_sequenced(p->type)) {
        uint8_t dist = (uint8_t)(p->seq - d->expect);
        uint8_t back = (uint8_t)(d->expect - p->seq);
        if (dist == 0) {
            if (d->sn >= d->cfg.slots) {
                d->overruns++; /* beyond the credit: dropped, the host retransmits */
                return;
            }
            dslot *s = &d->slot[(d->sh + d->sn) % d->cfg.slots];
            int code = check_seq(d, p, s);
            d->expect++;
            if (code) {
                send_ack(d, HWL_ERR, (uint8_t)code);
                return;
            }
            if (p->type == HWL_TUPLES) d->tuples_since_reset = 1;
            if (p->type == HWL_RESET) d->tuples_since_reset = 0;
            d->sn++;
            send_ack(d, HWL_ACK, p->seq);
        } else if (back >= 1 && back <= HWL_WINDOW) {
            d->st[HWL_ST_DUPLICATES]++;
            send_ack(d, HWL_ACK, p->seq);
        } else {
            d->st[HWL_ST_OUTOFSEQ]++;
            send_ack(d, HWL_ERR, HWL_E_SEQ);
        }
        return;
    }
    switch (p->type) {
    case HWL_HELLO:
        if (p->len != 1) {
            send_ack(d, HWL_ERR, HWL_E_RANGE);
            return;
        }
        if (p->pl[0] == 1) {
            d->open = 1;
            d->expect = 0;
            d->out_valid = 0;
            d->next_chunk = 0;
        }
        info_reply(d);
        return;
    case HWL_SET_BAUD: {
        if (p->len != 5) {
            send_ack(d, HWL_ERR, HWL_E_RANGE);
            return;
        }
        uint32_t div = p->pl[0] | (uint32_t)p->pl[1] << 8 | (uint32_t)p->pl[2] << 16 |
                       (uint32_t)p->pl[3] << 24;
        if (div < HWL_MIN_DIV || div > HWL_MAX_DIV) {
            send_ack(d, HWL_ERR, HWL_E_RANGE);
            return;
        }
        send_ack(d, HWL_ACK, p->pl[4]);
        d->pend = 1;
        d->pend_div = div;
        d->pend_at = d->txn;
        return;
    }
    case HWL_POLL:
        if (p->len != 1) {
            send_ack(d, HWL_ERR, HWL_E_RANGE);
            return;
        }
        poll_reply(d, p->pl[0]);
        return;
    case HWL_STATUS_REQ: status_reply(d); return;
    default:
        d->st[HWL_ST_UNKNOWN]++;
        send_ack(d, HWL_ERR, HWL_E_UNKNOWN);
        return;
    }
}

void hwl_dev_rx(hwl_dev *d, const uint8_t *p, size_t n, double now)
{
    for (size_t i = 0; i < n; i++) {
        int rc = hwl_deframe_byte(&d->df, p[i]);
        if (rc == HWL_DF_NONE) continue;
        if (rc < 0) {
            d->st[HWL_ST_CORRUPT]++;
            send_ack(d, HWL_ERR, rc == HWL_DF_TOOLONG ? HWL_E_TOOLONG : HWL_E_CORRUPT);
            continue;
        }
        hwl_pkt pk;
        if (hwl_pkt_parse(d->df.buf, d->df.n, &pk) != HWL_P_OK) {
            d->st[HWL_ST_CORRUPT]++;
            send_ack(d, HWL_ERR, HWL_E_CORRUPT);
            continue;
        }
        handle(d, &pk, now);
    }
}

size_t hwl_dev_tx(hwl_dev *d, uint8_t *out, size_t cap, double now)
{
    size_t avail = d->txn - d->txhead;
    if (d->pend && d->pend_at - d->txhead < avail) avail = d->pend_at - d->txhead;
    if (avail > cap) avail = cap;
    memcpy(out, d->tx + d->txhead, avail);
    d->txhead += avail;
    if (d->pend && d->txhead >= d->pend_at) {
        d->pend = 0;
        d->divisor = d->pend_div;
        d->watch = 1;
        d->switch_ms = now;
    }
    if (d->txhead == d->txn) d->txhead = d->txn = 0, d->pend_at = 0;
    return avail;
}

void hwl_dev_tick(hwl_dev *d, double now)
{
    if (d->watch && now - d->switch_ms > 100.0) {
        d->watch = 0;
        d->divisor = d->boot_div;
    }
}

uint32_t hwl_dev_divisor(const hwl_dev *d) { return d->divisor; }
uint32_t hwl_dev_baud(const hwl_dev *d)
{
    return (uint32_t)(hwl_divisor_baud(d->cfg.clk_khz, d->divisor) + 0.5);
}
const uint64_t *hwl_dev_status(const hwl_dev *d) { return d->st; }
uint64_t hwl_dev_overruns(const hwl_dev *d) { return d->overruns; }

int hwl_dev_new(hwl_dev **out, const hwl_dev_cfg *cfg, char *msg, size_t n)
{
    *out = NULL;
    if (cfg->engine != HWL_ENG_MHASH && cfg->engine != HWL_ENG_STRAT && cfg->engine != HWL_ENG_RAP &&
        cfg->engine != HWL_ENG_PFP && cfg->engine != HWL_ENG_COPROC) {
        snprintf(msg, n, "engine %d has no C device model (mhash, strat, rap, pfp, coproc)",
                 cfg->engine);
        return -1;
    }
    if (cfg->slots < 1 || cfg->slots > MAX_SLOTS) {
        snprintf(msg, n, "slots %d out of range 1..%d", cfg->slots, MAX_SLOTS);
        return -1;
    }
    /* the build must be one the model accepts */
    if (cfg->engine == HWL_ENG_MHASH) {
        mhash_fn m;
        if (mhash_fn_init(&m, &cfg->mh, msg, n)) return -1;
        mhash_fn_free(&m);
        if (cfg->outq_cap < cfg->mh.acc_k + 1u) {
            snprintf(msg, n, "output queue (%zu) smaller than one interval dump (%u)",
                     cfg->outq_cap, cfg->mh.acc_k + 1u);
            return -1;
        }
    } else if (cfg->engine == HWL_ENG_STRAT) {
        strat_fn f;
        if (strat_fn_init(&f, &cfg->st, msg)) return -1;
        strat_fn_free(&f);
        if (cfg->outq_cap < 2) {
            snprintf(msg, n, "output queue smaller than 2 records");
            return -1;
        }
    } else if (cfg->engine == HWL_ENG_PFP) {
        if (pfp_params_check(&cfg->pf, msg, n)) return -1;
    } else if (cfg->engine == HWL_ENG_COPROC) {
        cp_seq q;
        char e[128];
        if (cfg->cp_rf_aw < 1 || cfg->cp_rf_aw > 16 || cfg->cp_cf_aw < 0 || cfg->cp_cf_aw > 16) {
            snprintf(msg, n, "coproc build: FIFO sizes out of range (retire 2^1..2^16, commands "
                             "2^0..2^16)");
            return -1;
        }
        if (cp_seq_init(&q, &cfg->cp, cfg->cp_riscv, (size_t)1 << cfg->cp_rf_aw,
                        (size_t)1 << cfg->cp_cf_aw, e)) {
            snprintf(msg, n, "coproc build: %s", e);
            return -1;
        }
        cp_seq_free(&q);
        if (cfg->outq_cap < 2) {
            snprintf(msg, n, "output queue smaller than 2 records");
            return -1;
        }
    } else {
        char e[256];
        if (rap_cfg_check(&cfg->rp, e, sizeof e)) {
            snprintf(msg, n, "%s", e);
            return -1;
        }
    }
    hwl_dev *d = calloc(1, sizeof *d);
    if (!d) goto oom;
    d->cfg = *cfg;
    d->slot = calloc((size_t)cfg->slots, sizeof *d->slot);
    d->qcap = cfg->outq_cap < 16 ? 16 : cfg->outq_cap;
    d->q = malloc(d->qcap * sizeof *d->q);
    d->txcap = 4096;
    d->tx = malloc(d->txcap);
    if (!d->slot || !d->q || !d->tx) {
        hwl_dev_free(d);
        goto oom;
    }
    hwl_deframer_init(&d->df);
    if (cfg->engine == HWL_ENG_RAP) {
        d->kind.kind = HWP_KIND_TUPLE1;
        d->kind.w0 = cfg->rp.width;
    } else if (cfg->engine == HWL_ENG_PFP) {
        d->kind.kind = HWP_KIND_RETIRE;
        d->kind.w0 = cfg->pf.pc_w;
    } else if (cfg->engine == HWL_ENG_COPROC) {
        d->kind.kind = HWP_KIND_RETIRE;
        d->kind.w0 = 32;
    } else {
        int w = cfg->engine == HWL_ENG_MHASH ? cfg->mh.width : cfg->st.width;
        d->kind.kind = HWP_KIND_TUPLE2;
        d->kind.w0 = d->kind.w1 = w;
    }
    d->boot_div = d->divisor = hwl_divisor(cfg->clk_khz, HWL_BOOT_BAUD);
    hwl_desc_reg_defaults(cfg, d->reg_reset); /* engdesc.def */
    memcpy(d->reg, d->reg_reset, sizeof d->reg);
    *out = d;
    return 0;
oom:
    snprintf(msg, n, "out of memory");
    return -1;
}

void hwl_dev_free(hwl_dev *d)
{
    if (!d) return;
    engine_free(d);
    free(d->slot);
    free(d->q);
    free(d->tx);
    free(d);
}
