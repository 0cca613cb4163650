/* SPDX-License-Identifier: Apache-2.0
 *
 * Host-side software of the profiling co-processor (see cp_host.h).
 */
#include "coproc/cp_host.h"

#include "arrays.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PH_LOAD, PH_RUN, PH_COPY, PH_POLL, PH_FINAL, PH_VERIFY, PH_DONE };
enum { TG_STATUS = 1, TG_IRQUPC, TG_PROC, TG_IREG, TG_CAM, TG_DA, TG_BT, TG_NONE };
#define TAG(kind, idx) ((kind) << 20 | (idx))

void cp_host_params_default(cp_host_params *p)
{
    p->min_samples = 32;
    p->hi = 0.90;
    p->lo = 0.02;
    p->max_copies = 4;
    p->max_part_bits = 4;
    p->fast_thrash = 256;
    p->masking = 1;
    p->part_period = 200000;
    p->cntw = 0;
    p->copy_period = 250000;
    p->remask_period = 1000000;
}

/* hwp_grow for the host's growing arrays; out of memory sets h->oom. */
static void *grow(cp_host *h, void *p, size_t *cap, size_t n, size_t size)
{
    void *q = hwp_grow(p, cap, n, size, 1024);
    if (!q) h->oom = 1;
    return q;
}

static void push_cmd(cp_host *h, uint32_t op, uint32_t addr, uint64_t data, int tag)
{
    cp_hcmd *q = grow(h, h->q, &h->qcap, h->qn, sizeof *q);
    if (!q) return;
    h->q = q;
    h->q[h->qn].op = op;
    h->q[h->qn].addr = addr;
    h->q[h->qn].data = data;
    h->q[h->qn].tag = tag;
    h->qn++;
    if (op == CP_H_READ) h->reads++;
    else h->writes++;
}

static int idle(const cp_host *h) { return h->qhead == h->qn && h->thead == h->tn; }

static void compact(cp_host *h)
{
    if (h->qhead == h->qn) h->qhead = h->qn = 0;
    if (h->thead == h->tn) h->thead = h->tn = 0;
}

int cp_host_init(cp_host *h, const cp_cfg *cfg, const cp_image *img, int prog,
                 const cp_host_params *prm, char *msg)
{
    memset(h, 0, sizeof *h);
    h->cfg = *cfg;
    h->prog = prog;
    h->prm = *prm;
    h->cam_n = 1u << cfg->cam_aw;
    for (int k = 0; k < 8; k++) h->iwid[k] = CP_IW;
    h->ckey = calloc(h->cam_n, sizeof *h->ckey);
    h->cvalid = calloc(h->cam_n, sizeof *h->cvalid);
    for (int s = 0; s < 4; s++) h->da[s] = calloc(h->cam_n, sizeof *h->da[s]);
    h->bt = calloc((size_t)1 << cfg->ft_aw, 1);
    h->mk_cap = 1024;
    h->mk_pc = calloc(h->mk_cap, sizeof *h->mk_pc);
    h->mk_cnt = calloc(h->mk_cap, sizeof *h->mk_cnt);
    if (!h->ckey || !h->cvalid || !h->da[0] || !h->da[1] || !h->da[2] || !h->da[3] || !h->bt ||
        !h->mk_pc || !h->mk_cnt) {
        cp_host_free(h);
        snprintf(msg, 128, "out of memory");
        return -1;
    }
    /* program load: clear the arrays, write every CAM entry and microcode word */
    push_cmd(h, CP_H_CMD, CP_CMD_CLRDA, 0, 0);
    push_cmd(h, CP_H_CMD, CP_CMD_CLRBT, 0, 0);
    for (uint32_t k = 0; k < h->cam_n; k++) push_cmd(h, CP_H_WRITE, (CP_SP_CAM << 12) | k, 0, 0);
    uint32_t ucn = 1u << cfg->uc_aw, nuc = 0;
    for (size_t k = 0; k < img->n; k++) {
        uint32_t a = img->w[k].addr, sp = a >> 12, ix = a & 0xfffu;
        if (sp == CP_SP_UC) {
            if (ix >= ucn) {
                cp_host_free(h);
                snprintf(msg, 128, "program has more than %u microinstructions", ucn);
                return -1;
            }
            nuc = ix + 1;
        }
        if (sp == CP_SP_REG && ix >= CP_R_B && ix < CP_R_B + 4) h->base[ix - CP_R_B] = (uint32_t)img->w[k].data;
        if (sp == CP_SP_REG && ix >= CP_R_IWID && ix < CP_R_IWID + 8)
            h->iwid[ix - CP_R_IWID] = (uint32_t)img->w[k].data;
        push_cmd(h, CP_H_WRITE, a, img->w[k].data, 0);
    }
    for (uint32_t k = nuc; k < ucn; k++) push_cmd(h, CP_H_WRITE, (CP_SP_UC << 12) | k, 0, 0);
    if (prm->cntw) push_cmd(h, CP_H_WRITE, (CP_SP_REG << 12) | CP_R_CNTW, prm->cntw, 0);
    push_cmd(h, CP_H_CMD, CP_CMD_RUN, 0, 0);
    h->phase = PH_LOAD;
    h->next_tick = prm->part_period;
    h->next_copy = prm->copy_period;
    h->next_remask = prm->remask_period;
    if (h->oom) {
        cp_host_free(h);
        snprintf(msg, 128, "out of memory");
        return -1;
    }
    return 0;
}

void cp_host_free(cp_host *h)
{
    free(h->q);
    free(h->tags);
    free(h->ckey);
    free(h->cvalid);
    for (int s = 0; s < 4; s++) free(h->da[s]);
    free(h->slots);
    free(h->edges);
    free(h->bt);
    free(h->mk_pc);
    free(h->mk_cnt);
    memset(h, 0, sizeof *h);
}

int cp_host_peek(const cp_host *h, cp_hcmd *c)
{
    if (h->qhead == h->qn) return 0;
    *c = h->q[h->qhead];
    return 1;
}

int cp_host_done(const cp_host *h) { return h->phase == PH_DONE; }

int cp_host_idle(const cp_host *h) { return idle(h); }

/* mirrors the conditions of the PH_RUN case of cp_host_cycle */
uint64_t cp_host_deadline(const cp_host *h)
{
    if (h->phase != PH_RUN) return h->now + 1;
    uint64_t t = UINT64_MAX;
    if (h->prog == CP_PROG_VALUE) {
        if (h->prm.remask_period && h->next_remask < t) t = h->next_remask;
        if (h->prm.copy_period && h->next_copy < t) t = h->next_copy;
        if (h->part_bits && h->prm.part_period && h->next_tick < t) t = h->next_tick;
    }
    return t;
}

/* Copy, step 1: status, the index registers and, for the value program,
 * every slot's total (for the edge program the allocation count i6 says
 * which entries are in use). */
static void enqueue_copy(cp_host *h)
{
    uint32_t dam = (1u << h->cfg.da_aw) - 1u;
    h->copy_step = 0;
    if (h->prog == CP_PROG_ISA) {
        /* everything, in one step */
        h->copy_step = 1;
        push_cmd(h, CP_H_READ, (CP_SP_FILT << 12) | CP_F_IRQUPC, 0, TAG(TG_IRQUPC, 0));
        for (uint32_t k = 0; k < 0x40u; k++)
            push_cmd(h, CP_H_READ, (CP_SP_REG << 12) | k, 0, TAG(TG_NONE, 0));
        for (uint32_t k = CP_F_STATUS; k <= CP_F_ABORTED; k++)
            push_cmd(h, CP_H_READ, (CP_SP_FILT << 12) | k, 0, TAG(TG_NONE, 0));
        for (uint32_t k = 0; k < h->cam_n; k++)
            push_cmd(h, CP_H_READ, (CP_SP_CAM << 12) | k, 0, TAG(TG_NONE, 0));
        for (uint32_t k = 0; k <= dam; k++)
            push_cmd(h, CP_H_READ, (CP_SP_DA << 12) | k, 0, TAG(TG_NONE, 0));
        for (uint32_t k = 0; k < (1u << h->cfg.uc_aw); k++)
            push_cmd(h, CP_H_READ, (CP_SP_UC << 12) | k, 0, TAG(TG_NONE, 0));
        return;
    }
    push_cmd(h, CP_H_READ, (CP_SP_FILT << 12) | CP_F_IRQUPC, 0, TAG(TG_IRQUPC, 0));
    push_cmd(h, CP_H_READ, (CP_SP_FILT << 12) | CP_F_PROCESSED, 0, TAG(TG_PROC, 0));
    for (uint32_t k = 0; k < 8; k++)
        push_cmd(h, CP_H_READ, (CP_SP_REG << 12) | (CP_R_I + k), 0, TAG(TG_IREG, k));
    if (h->prog == CP_PROG_VALUE)
        for (uint32_t k = 0; k < h->cam_n; k++)
            push_cmd(h, CP_H_READ, (CP_SP_DA << 12) | ((h->base[3] | k) & dam), 0,
                     TAG(TG_DA, 3u * h->cam_n + k));
}

/* Copy, step 2: key and data of the slots in use only. */
static void enqueue_copy2(cp_host *h)
{
    uint32_t dam = (1u << h->cfg.da_aw) - 1u;
    const int nsub = 3; /* b0..b2; the value program's totals (b3) came in step 1 */
    h->copy_step = 1;
    for (uint32_t k = 0; k < h->cam_n; k++) {
        int used = h->prog == CP_PROG_VALUE ? h->da[3][k] != 0u : k < h->ireg[6];
        if (!used) continue;
        push_cmd(h, CP_H_READ, (CP_SP_CAM << 12) | k, 0, TAG(TG_CAM, k));
        for (int s = 0; s < nsub; s++)
            push_cmd(h, CP_H_READ, (CP_SP_DA << 12) | ((h->base[s] | k) & dam), 0,
                     TAG(TG_DA, (uint32_t)s * h->cam_n + k));
    }
}

static void store(cp_host *h, int tag, uint64_t d)
{
    int kind = tag >> 20, idx = tag & 0xfffff;
    switch (kind) {
    case TG_STATUS: h->status = (uint32_t)d; break;
    case TG_IRQUPC: h->irq_upc = (uint32_t)d; break;
    case TG_PROC: h->processed = (uint32_t)d; break;
    case TG_IREG: h->ireg[idx & 7] = (uint32_t)d; break;
    case TG_CAM:
        h->ckey[idx] = (uint32_t)d;
        h->cvalid[idx] = (uint32_t)(d >> 32) & 1u;
        break;
    case TG_DA: h->da[idx / h->cam_n][idx % h->cam_n] = (uint32_t)d; break;
    case TG_BT:
        h->bt_checked++;
        h->bt_set += d & 1u;
        if ((uint8_t)(d & 1u) != h->bt[idx] || (d >> 1) != 0u) h->bt_mismatch++;
        break;
    default: break;
    }
}

/* per-pc copy count for the masking decision */
static uint32_t *mk_slot(cp_host *h, uint32_t pc)
{
    size_t m = h->mk_cap - 1, i = (pc * 2654435761u) & m;
    while (h->mk_cnt[i] && h->mk_pc[i] != pc) i = (i + 1) & m;
    if (!h->mk_cnt[i]) {
        /* grow at half load */
        size_t used = 0;
        for (size_t j = 0; j < h->mk_cap; j++) used += h->mk_cnt[j] != 0;
        if (2 * (used + 1) > h->mk_cap) {
            size_t nc = h->mk_cap * 2;
            uint32_t *np = calloc(nc, sizeof *np), *nn = calloc(nc, sizeof *nn);
            if (!np || !nn) {
                free(np);
                free(nn);
                h->oom = 1;
                return NULL;
            }
            for (size_t j = 0; j < h->mk_cap; j++)
                if (h->mk_cnt[j]) {
                    size_t t = (h->mk_pc[j] * 2654435761u) & (nc - 1);
                    while (nn[t]) t = (t + 1) & (nc - 1);
                    np[t] = h->mk_pc[j];
                    nn[t] = h->mk_cnt[j];
                }
            free(h->mk_pc);
            free(h->mk_cnt);
            h->mk_pc = np;
            h->mk_cnt = nn;
            h->mk_cap = nc;
            return mk_slot(h, pc);
        }
        h->mk_pc[i] = pc;
    }
    return &h->mk_cnt[i];
}

static void mask_pc(cp_host *h, uint32_t pc)
{
    uint32_t b = cp_fold(pc, h->cfg.ft_aw);
    if (h->bt[b]) return;
    h->bt[b] = 1;
    h->masked++;
    push_cmd(h, CP_H_WRITE, (CP_SP_BT << 12) | b, 1, 0);
}

static void process(cp_host *h, int final)
{
    uint32_t ftm = (1u << h->cfg.ft_aw) - 1u;
    if (h->prog == CP_PROG_VALUE) {
        uint32_t i5max = h->iwid[5] >= 32u ? 0xffffffffu : (1u << h->iwid[5]) - 1u;
        int thrash = !final && h->ireg[5] == i5max;
        if (!final) {
            h->interrupts++;
            if (thrash) h->thrash_irqs++;
            else h->full_irqs++;
        }
        for (uint32_t k = 0; k < h->cam_n && !thrash; k++) {
            if (h->da[3][k] == 0u) continue;
            cp_slot_rec *s = grow(h, h->slots, &h->capslots, h->nslots, sizeof *s);
            if (!s) return;
            h->slots = s;
            cp_slot_rec *r = &h->slots[h->nslots++];
            r->pc = h->ckey[k];
            r->active = h->da[0][k];
            r->hits = h->da[1][k];
            r->misses = h->da[2][k];
            r->total = h->da[3][k];
            r->time = h->now;
            h->slots_copied++;
            if (h->prm.masking && !final) {
                uint32_t *cnt = mk_slot(h, r->pc);
                if (!cnt) return;
                (*cnt)++;
                uint32_t hm = r->hits + r->misses;
                double inv = hm ? (double)r->hits / (double)hm : 0;
                if ((hm >= h->prm.min_samples && (inv >= h->prm.hi || inv <= h->prm.lo)) ||
                    *cnt >= h->prm.max_copies)
                    mask_pc(h, r->pc);
            }
        }
        if (thrash) {
            uint32_t delta = h->processed - h->last_processed;
            uint32_t add = delta < h->prm.fast_thrash ? 2u : 1u;
            uint32_t nb = h->part_bits + add;
            if (nb > h->prm.max_part_bits) nb = h->prm.max_part_bits;
            if (nb != h->part_bits) {
                h->part_bits = nb;
                h->part = 0;
                push_cmd(h, CP_H_WRITE, (CP_SP_FILT << 12) | CP_F_PMASK, ((1u << nb) - 1u) & ftm, 0);
                push_cmd(h, CP_H_WRITE, (CP_SP_FILT << 12) | CP_F_PMATCH, 0, 0);
            }
        } else if (!final && h->part_bits) {
            h->part = (h->part + 1u) & ((1u << h->part_bits) - 1u);
            push_cmd(h, CP_H_WRITE, (CP_SP_FILT << 12) | CP_F_PMATCH, h->part, 0);
        }
        h->last_processed = h->processed;
    } else if (h->prog == CP_PROG_ISA) {
        if (!final) {
            h->interrupts++;
            h->full_irqs++;
        }
    } else {
        uint32_t alloc = h->ireg[6];
        if (!final) {
            h->interrupts++;
            h->full_irqs++;
            h->lost_at_irq++;
        }
        for (uint32_t k = 0; k < alloc && k < h->cam_n; k++) {
            cp_edge_rec *es = grow(h, h->edges, &h->capedges, h->nedges, sizeof *es);
            if (!es) return;
            h->edges = es;
            cp_edge_rec *e = &h->edges[h->nedges++];
            uint32_t key = h->ckey[k];
            e->indirect = (int)(key & 1u);
            if (e->indirect) {
                e->target = h->da[2][k];
                e->pc = (key ^ (e->target << 12)) & ~1u;
                e->taken = h->da[0][k];
                e->not_taken = 0;
            } else {
                e->pc = key;
                e->target = 0;
                e->taken = h->da[0][k];
                e->not_taken = h->da[1][k];
            }
            h->slots_copied++;
        }
    }
    if (!final) {
        push_cmd(h, CP_H_CMD, CP_CMD_INVCAM, 0, 0);
        push_cmd(h, CP_H_CMD, CP_CMD_CLRDA, 0, 0);
        for (uint32_t k = 0; k < 8; k++) push_cmd(h, CP_H_WRITE, (CP_SP_REG << 12) | (CP_R_I + k), 0, 0);
        push_cmd(h, CP_H_CMD, CP_CMD_RUN, 0, 0);
    }
}

void cp_host_cycle(cp_host *h, int accepted, int rsp_taken, uint64_t rsp_data, int irq, int eos)
{
    h->now++;
    if (accepted && h->qhead < h->qn) {
        const cp_hcmd *c = &h->q[h->qhead++];
        if (c->op == CP_H_READ) {
            int *tags = grow(h, h->tags, &h->tcap, h->tn, sizeof *tags);
            if (!tags) return;
            h->tags = tags;
            h->tags[h->tn++] = c->tag;
        }
    }
    if (rsp_taken && h->thead < h->tn) store(h, h->tags[h->thead++], rsp_data);
    if (eos) h->eos = 1;
    if (!idle(h)) return;
    compact(h);
    switch (h->phase) {
    case PH_LOAD:
        h->phase = PH_RUN;
        h->loaded = 1;
        break;
    case PH_RUN:
        if (irq) {
            enqueue_copy(h);
            h->phase = PH_COPY;
        } else if (h->eos && h->now >= h->wait_until) {
            push_cmd(h, CP_H_READ, (CP_SP_FILT << 12) | CP_F_STATUS, 0, TAG(TG_STATUS, 0));
            h->phase = PH_POLL;
        } else if (h->prog == CP_PROG_VALUE && h->prm.remask_period && h->now >= h->next_remask) {
            /* periodic re-sampling: unmask every load, forget the copy counts */
            h->next_remask = h->now + h->prm.remask_period;
            h->remasks++;
            memset(h->bt, 0, (size_t)1 << h->cfg.ft_aw);
            memset(h->mk_cnt, 0, h->mk_cap * sizeof *h->mk_cnt);
            push_cmd(h, CP_H_CMD, CP_CMD_CLRBT, 0, 0);
        } else if (h->prog == CP_PROG_VALUE && h->prm.copy_period && h->now >= h->next_copy) {
            /* periodic timer: copy out and clear, as an interrupt would */
            h->next_copy = h->now + h->prm.copy_period;
            h->timer_copies++;
            push_cmd(h, CP_H_CMD, CP_CMD_STOP, 0, 0);
            enqueue_copy(h);
            h->phase = PH_COPY;
        } else if (h->prog == CP_PROG_VALUE && h->part_bits && h->prm.part_period &&
                   h->now >= h->next_tick) {
            /* periodic timer: move on to the next partition of the program */
            h->next_tick = h->now + h->prm.part_period;
            h->part = (h->part + 1u) & ((1u << h->part_bits) - 1u);
            h->ticks++;
            push_cmd(h, CP_H_WRITE, (CP_SP_FILT << 12) | CP_F_PMATCH, h->part, 0);
        }
        break;
    case PH_POLL: {
        uint32_t st = h->status & 3u, cnt = (h->status >> 4) & 0xfffu, s1 = (h->status >> 17) & 1u;
        if (st == CP_ST_IRQ) {
            enqueue_copy(h);
            h->phase = PH_COPY;
        } else if (st == CP_ST_IDLE && cnt == 0u && !s1) {
            push_cmd(h, CP_H_CMD, CP_CMD_STOP, 0, 0);
            enqueue_copy(h);
            h->phase = PH_FINAL;
        } else {
            h->wait_until = h->now + 32;
            h->phase = PH_RUN;
        }
        break;
    }
    case PH_COPY:
    case PH_FINAL:
        /* an interrupt's copy, or the last one after STOP */
        if (h->copy_step == 0) {
            enqueue_copy2(h);
            break;
        }
        process(h, h->phase == PH_FINAL);
        if (h->phase == PH_COPY) {
            h->phase = PH_LOAD;
            break;
        }
        /* read the whole bit table back and check it against the host's copy */
        for (uint32_t k = 0; k < (1u << h->cfg.ft_aw); k++)
            push_cmd(h, CP_H_READ, (CP_SP_BT << 12) | k, 0, TAG(TG_BT, k));
        /* a check of the port, not part of profiling: not in the overhead */
        h->reads -= 1u << h->cfg.ft_aw;
        h->phase = PH_VERIFY;
        break;
    case PH_VERIFY:
        h->phase = PH_DONE;
        break;
    default:
        break;
    }
}
