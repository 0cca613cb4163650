/* SPDX-License-Identifier: Apache-2.0
 *
 * The device side of the hwprof link protocol in C (see devemu.h and
 * docs/protocol.md): framing, sequencing, the receive buffer, registers,
 * INFO, STATUS and the output chunks, the same for every engine. What
 * depends on the engine is its hwl_dev_eng (devemu_eng.h, devemu_<engine>.c),
 * chosen once by INFO id, and its description (engdesc.def).
 */
#include "link/devemu_eng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SLOTS 63

/* the engines with a C device side, chosen by INFO id in hwl_dev_new */
static const hwl_dev_eng *const dev_engs[] = {&hwl_dev_mhash, &hwl_dev_strat, &hwl_dev_rap,
                                              &hwl_dev_pfp, &hwl_dev_coproc};

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

/* ------------------------------------------------------------ engine */

static void engine_free(hwl_dev *d)
{
    if (!d->live) return;
    if (d->eng->free) d->eng->free(d);
    d->live = 0;
}

static int engine_start(hwl_dev *d)
{
    if (d->live) return 0;
    if (d->eng->start && d->eng->start(d)) return -1;
    d->live = 1;
    return 0;
}

static void dev_reset(hwl_dev *d)
{
    engine_free(d);
    d->qh = d->qn = 0;
    d->out_valid = 0;
    d->next_chunk = 0;
    memcpy(d->reg, d->reg_reset, sizeof d->reg);
    d->eos = d->done = 0;
    d->src_next = d->src_acc = 0;
    /* every STATUS counter, the link's too (the RESET itself then counts as
     * the first packet applied) */
    memset(d->st, 0, sizeof d->st);
}

static void apply_slots(hwl_dev *d, uint64_t budget);

#define CP_RUN_CAP (1u << 16) /* own-clock cycles per hwl_dev_run(d, 0) call */

void hwl_dev_run(hwl_dev *d, uint64_t budget)
{
    const hwl_dev_eng *e = d->eng;
    if (!e->clock) {
        apply_slots(d, budget);
        return;
    }
    /* an engine with its own clock frees FIFO room, which lets stored
     * packets apply; a program that never idles (a coproc microcode loop)
     * gets CP_RUN_CAP cycles per call, so that the caller can still serve
     * the line */
    for (;;) {
        int sn = d->sn;
        uint64_t bl = d->live ? e->backlog(d) : 0;
        apply_slots(d, 0);
        uint64_t ran = d->live ? e->clock(d, budget ? budget : CP_RUN_CAP) : 0;
        if (!ran && d->sn == sn && (!d->live || e->backlog(d) == bl)) break;
        if (budget || ran >= CP_RUN_CAP) break;
    }
}

/* Records r[*next .. n-1] to the engine while the output queue has room for
 * what one can produce and fewer than budget (0: no limit) have been taken
 * in this call (*used); *acc counts those the engine takes. 1 when all are
 * in, 0 when paused. */
static int feed(hwl_dev *d, const hwp_rec *r, uint64_t n, uint64_t *next, uint64_t budget,
                uint64_t *used, uint64_t *acc)
{
    size_t most = d->eng->max_out ? d->eng->max_out(&d->cfg) : 0;
    while (*next < n) {
        if (budget && *used >= budget) return 0;
        if (d->qn + most > d->cfg.outq_cap) {
            d->st[HWL_ST_STALLS]++;
            return 0;
        }
        if (d->eng->rec(d, &r[(*next)++])) {
            (*acc)++;
            d->st[HWL_ST_CYCLES]++;
        }
        (*used)++;
    }
    return 1;
}

static void apply_slots(hwl_dev *d, uint64_t budget)
{
    const hwl_dev_eng *e = d->eng;
    uint64_t used = 0;
    while (d->sn) {
        dslot *s = &d->slot[d->sh];
        if (s->type == HWL_RESET) {
            dev_reset(d);
        } else if (s->type == HWL_CONFIG) {
            for (int i = 0; i < s->npairs; i++) d->reg[s->reg[i]] = s->val[i];
        } else if (s->type == HWL_TUPLES) {
            if (engine_start(d)) return; /* cannot happen: checked on arrival */
            while (e->push && s->next < s->nrec) {
                if (!e->push(d, &s->recs[s->next])) return; /* FIFO full */
                s->next++;
            }
            uint64_t nx = (uint64_t)s->next;
            int all = feed(d, s->recs, (uint64_t)s->nrec, &nx, budget, &used,
                           &d->st[HWL_ST_ACCEPTED]);
            s->next = (long)nx;
            if (!all) return;
        } else if (s->type == HWL_HOSTOP) {
            if (engine_start(d)) return;
            if (!e->hostop(d, s)) return; /* stored only if the engine takes HOSTOP */
        } else if (s->type == HWL_EOS) {
            if (!d->eos) {
                if (engine_start(d)) return;
                /* a board's own source: its records, then the end of stream */
                if (d->cfg.src &&
                    !feed(d, d->cfg.src_rec, d->cfg.src_n, &d->src_next, budget, &used, &d->src_acc))
                    return;
                d->eos = 1;
                if (e->eos(d)) hwl_dq_end(d);
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
        if (!d->eng->hostop || p->len == 0 || p->len % CPV_ENTRY) return HWL_E_RANGE;
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
        if (d->eng->check_config) return d->eng->check_config(&d->cfg, tent);
        return 0;
    }
    case HWL_TUPLES: {
        if (d->cfg.src) return HWL_E_STATE; /* the board feeds its engine itself */
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
    in.kind = d->cfg.src ? HWL_KIND_BOARD : d->kind.kind;
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
    for (int i = 0; i < HWL_ST_N; i++) {
        uint64_t v = d->st[i];
        /* a board's own source: its count once done (hwp_shell_cdc's src_q) */
        if (i == HWL_ST_ACCEPTED && d->cfg.src)
            v = !d->done ? 0 : d->src_acc < 0xffffffffu ? d->src_acc : 0xffffffffu;
        n += hwl_uvar_put(pl + n, v);
    }
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
    const hwl_dev_eng *e = NULL;
    for (size_t i = 0; i < sizeof dev_engs / sizeof dev_engs[0]; i++)
        if (dev_engs[i]->id == cfg->engine) e = dev_engs[i];
    const hwl_desc_eng *desc = hwl_desc_find(cfg->engine);
    if (!e || !desc) {
        snprintf(msg, n, "engine %d has no C device model (mhash, strat, rap, pfp, coproc)",
                 cfg->engine);
        return -1;
    }
    if (cfg->slots < 1 || cfg->slots > MAX_SLOTS) {
        snprintf(msg, n, "slots %d out of range 1..%d", cfg->slots, MAX_SLOTS);
        return -1;
    }
    /* the build must be one the model accepts */
    if (e->check_build(cfg, msg, n)) return -1;
    if (cfg->src && (!e->rec || desc->kind == HWP_KIND_RETIRE)) {
        snprintf(msg, n, "a board's own source is modelled for engines that take records one by "
                         "one (mhash, strat, rap), as the SoC's board top");
        return -1;
    }
    size_t most = e->max_out ? e->max_out(cfg) : 0;
    if (cfg->outq_cap < most) {
        snprintf(msg, n, "output queue (%zu) smaller than the %zu records one input record can "
                         "queue", cfg->outq_cap, most);
        return -1;
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
    d->eng = e;
    d->kind.kind = desc->kind;
    e->widths(cfg, &d->kind);
    for (uint64_t i = 0; cfg->src && i < cfg->src_n; i++) {
        const hwp_rec *r = &cfg->src_rec[i];
        if ((r->a & ~hwp_mask(d->kind.w0)) ||
            (d->kind.kind == HWP_KIND_TUPLE2 && (r->b & ~hwp_mask(d->kind.w1)))) {
            snprintf(msg, n, "source record %llu: a value wider than the engine's field",
                     (unsigned long long)i);
            hwl_dev_free(d);
            return -1;
        }
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
