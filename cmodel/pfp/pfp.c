/* SPDX-License-Identifier: Apache-2.0
 *
 * pfp cycle model: mirrors rtl/pfp/hwp_pfp.v clock by clock. See pfp.h and
 * docs/pfp.md for the micro-architecture; every rule below has its twin in
 * the RTL with the same name.
 */
#include "pfp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

/* ---------------------------------------------------------------- ISA */
int pfp_kind(uint32_t insn, int cls, int len2)
{
    if (!len2) {
        uint32_t opc = insn & 0x7fu;
        if (opc == PFP_OPC_PI) {
            if (((insn >> 12) & 7u) == PFP_F3_PCI) {
                switch ((insn >> 25) & 3u) {
                case PFP_PCI_SET: return PFP_K_SET;
                case PFP_PCI_RESET: return PFP_K_RESET;
                case PFP_PCI_PUSH: return PFP_K_PUSH;
                default: return PFP_K_POP;
                }
            }
            return PFP_K_PI;
        }
        if (opc == PFP_OPC_LUIB) return PFP_K_PI;
        if (opc == PFP_OPC_JALB) return PFP_K_PIJ;
    }
    if (cls == HWP_CLS_BRANCH) return PFP_K_BR;
    if (cls == HWP_CLS_JUMP || cls == HWP_CLS_CALL || cls == HWP_CLS_RET || cls == HWP_CLS_IJUMP)
        return PFP_K_JMP;
    return PFP_K_ORD;
}

uint32_t pfp_enc_r(unsigned f3, unsigned rd, unsigned rs1, unsigned rs2)
{
    return ((rs2 & 31u) << 20) | ((rs1 & 31u) << 15) | ((f3 & 7u) << 12) | ((rd & 31u) << 7) |
           PFP_OPC_PI;
}

uint32_t pfp_enc_i(unsigned f3, unsigned rd, unsigned rs1, int32_t imm)
{
    return (((uint32_t)imm & 0xfffu) << 20) | ((rs1 & 31u) << 15) | ((f3 & 7u) << 12) |
           ((rd & 31u) << 7) | PFP_OPC_PI;
}

uint32_t pfp_enc_s(unsigned f3, unsigned rs1, unsigned rs2, int32_t imm)
{
    uint32_t u = (uint32_t)imm & 0xfffu;
    return ((u >> 5) << 25) | ((rs2 & 31u) << 20) | ((rs1 & 31u) << 15) | ((f3 & 7u) << 12) |
           ((u & 31u) << 7) | PFP_OPC_PI;
}

uint32_t pfp_enc_luib(unsigned rd, uint32_t imm20)
{
    return ((imm20 & 0xfffffu) << 12) | ((rd & 31u) << 7) | PFP_OPC_LUIB;
}

uint32_t pfp_enc_jalb(unsigned rd, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (((u >> 20) & 1u) << 31) | (((u >> 1) & 0x3ffu) << 21) | (((u >> 11) & 1u) << 20) |
           (((u >> 12) & 0xffu) << 12) | ((rd & 31u) << 7) | PFP_OPC_JALB;
}

uint32_t pfp_enc_pci(unsigned op, unsigned rs1)
{
    return ((op & 3u) << 25) | ((rs1 & 31u) << 15) | ((uint32_t)PFP_F3_PCI << 12) | PFP_OPC_PI;
}

/* ---------------------------------------------------------------- params */
void pfp_params_default(pfp_params *p)
{
    p->fetch_w = 4;
    p->dec_w = 4;
    p->fq = 32;
    p->win_bits = 6;
    p->set_bits = 6;
    p->min_len = 4;
    p->skip_bits = 4;
    p->br_pen = 3;
    p->pc_w = 32;
    p->cnt_w = 32;
}

int pfp_look(const pfp_params *p) { return p->fetch_w + (1 << p->skip_bits); }

int pfp_params_check(const pfp_params *p, char *msg, size_t n)
{
#define CHK(c, ...)                                 \
    do {                                            \
        if (!(c)) {                                 \
            snprintf(msg, n, __VA_ARGS__);          \
            return -1;                              \
        }                                           \
    } while (0)
    CHK(p->fetch_w >= 1 && p->fetch_w <= 8, "FETCH_W must be 1..8 (got %d)", p->fetch_w);
    CHK(p->dec_w >= 1 && p->dec_w <= PFP_MAX_W, "DEC_W must be 1..%d (got %d)", PFP_MAX_W, p->dec_w);
    CHK(p->fq >= 1 && p->fq <= 255, "FQ must be 1..255 (got %d)", p->fq);
    CHK(p->win_bits >= 4 && p->win_bits <= 10, "WIN_BITS must be 4..10 (got %d)", p->win_bits);
    CHK(p->set_bits >= 1 && p->set_bits <= 10, "SET_BITS must be 1..10 (got %d)", p->set_bits);
    CHK(p->skip_bits >= 1 && p->skip_bits <= 8, "SKIP_BITS must be 1..8 (got %d)", p->skip_bits);
    CHK(p->min_len >= 1 && p->min_len <= 64, "MIN_LEN must be 1..64 (got %d)", p->min_len);
    CHK(p->br_pen >= 0 && p->br_pen <= 15, "BR_PEN must be 0..15 (got %d)", p->br_pen);
    CHK(p->pc_w >= 16 && p->pc_w <= 64, "PC_W must be 16..64 (got %d)", p->pc_w);
    CHK(p->cnt_w >= 8 && p->cnt_w <= 64, "CNT_W must be 8..64 (got %d)", p->cnt_w);
    CHK(pfp_look(p) <= (1 << p->win_bits) / 2,
        "the window (2^WIN_BITS = %d) must hold at least twice FETCH_W + 2^SKIP_BITS = %d",
        1 << p->win_bits, pfp_look(p));
#undef CHK
    return 0;
}

static const char *const stat_names[PFP_S_N] = {
    "cycles", "fetched", "fetched_pi", "fetch_cycles", "decoded", "dispatched",
    "dispatched_pi", "ignored_pi", "skipped_blocks", "skipped_insns", "mispredictions",
    "skips", "misfetches", "branch_mispredictions", "late_redirects", "poppf_stalls",
    "dispatch_stalls", "fetch_wait_cycles", "bdt_allocs"};

const char *pfp_stat_name(int s) { return s >= 0 && s < PFP_S_N ? stat_names[s] : "?"; }

int pfp_init(pfp *m, const pfp_params *p, char *msg, size_t n)
{
    memset(m, 0, sizeof *m);
    if (pfp_params_check(p, msg, n)) return -1;
    m->p = *p;
    m->W = 1 << p->win_bits;
    m->look = pfp_look(p);
    m->pcm = hwp_mask(p->pc_w);
    m->ptrm = (2u << p->win_bits) - 1u;
    m->cntm = hwp_mask(p->cnt_w);
    m->win = hwp_arrays_calloc(&m->mem, (size_t)m->W, sizeof *m->win);
    m->bdt = hwp_arrays_calloc(&m->mem, (size_t)2 << p->set_bits, sizeof *m->bdt);
    m->lru = hwp_arrays_calloc(&m->mem, (size_t)1 << p->set_bits, 1);
    if (m->mem.failed) {
        pfp_free(m);
        snprintf(msg, n, "out of memory");
        return -1;
    }
    pfp_reset(m);
    return 0;
}

void pfp_free(pfp *m) { hwp_arrays_free(&m->mem); }

void pfp_reset(pfp *m)
{
    /* Like the RTL: control state is reset; the window contents are not
     * (they are written before they are read); the table valid bits are. */
    m->hd = m->fp = m->tl = 0;
    m->fq_n = 0;
    m->flag = m->pbit = m->last_pi = m->fwait = m->res_cnt = m->chk = 0;
    m->sq = 0;
    m->dv = 0;
    m->rok = 1;
    m->lar_v = 0;
    m->lar = 0;
    memset(&m->wb_rd, 0, sizeof m->wb_rd);
    memset(&m->wb_ap, 0, sizeof m->wb_ap);
    m->lk_st = 0;
    m->lk_pc = 0;
    m->lk_ok = 0;
    m->lk_n = 0;
    for (int i = 0; i < (2 << m->p.set_bits); i++) memset(&m->bdt[i], 0, sizeof m->bdt[i]);
    memset(m->lru, 0, (size_t)1 << m->p.set_bits);
    memset(m->stat, 0, sizeof m->stat);
    memset(m->sinc, 0, sizeof m->sinc);
}

static uint32_t set_of(const pfp *m, uint64_t pc)
{
    return (uint32_t)((pc >> 1) & ((1u << m->p.set_bits) - 1u));
}
static uint64_t tag_of(const pfp *m, uint64_t pc)
{
    return (pc & m->pcm) >> (1 + m->p.set_bits);
}

/* Way of pc's set holding pc's tag, or -1. */
static int bdt_find(const pfp *m, uint64_t pc)
{
    uint32_t s = set_of(m, pc);
    uint64_t t = tag_of(m, pc);
    for (int w = 0; w < 2; w++) {
        const pfp_bdt *e = &m->bdt[s * 2 + w];
        if (e->v && e->tag == t) return w;
    }
    return -1;
}

/* Each stage below computes, from the state before the edge, what it
 * commits at the edge; pfp_step commits them when the front end advances
 * (go). The stages and their RTL twins:
 *   decode buffer   hwp_pfp.v db_q/dv_q (decode's slot records, read a
 *                   cycle earlier: m->dv, set at the edge below)
 *   decode          hwp_pfp.v "decode"
 *   table read      hwp_pfp_wbrd.v (held update, read with forwarding)
 *   table apply     hwp_pfp_wb.v   (applies the update read last cycle)
 *   lookup          hwp_pfp_lookup.v
 *   fetch           hwp_pfp.v "fetch" (with the skip decision)
 *   statistics      hwp_pfp.v sinc_q (the increments, added one clock later) */

/* decode: what decode commits at the edge */
typedef struct dec_res {
    uint32_t hd;      /* next decode pointer */
    int flag, lar_v, chk;
    uint64_t lar;
    int squash;       /* profile flag misprediction: refetch after the leader */
    int resolve;      /* a mispredicted transfer was decoded */
    int res_pen;
    uint32_t fetched; /* fetched entries leaving the fetch queue */
    pfp_upd upd;      /* the descriptor update handed to the table read stage */
} dec_res;

/* Decode: up to DEC_W fetched records, in order (docs/pfp.md). */
static void stage_decode(pfp *m, const pfp_in *in, int go, uint64_t *st, pfp_out *out, dec_res *r)
{
    const pfp_params *P = &m->p;
    const uint32_t wm = (uint32_t)m->W - 1u, pm = (uint32_t)m->ptrm;
    memset(r, 0, sizeof *r);
    r->hd = m->hd;
    r->flag = m->flag;
    r->lar_v = m->lar_v;
    r->lar = m->lar;
    r->chk = m->chk;
    /* in the squash redirect clock decode waits: its buffer is empty */
    const int dec_en = go && in->disp_ready;
    for (int j = 0; dec_en && j < P->dec_w; j++) {
        uint32_t p = (m->hd + (uint32_t)j) & pm;
        if (p == m->fp) break;
        /* slot j not loaded in the decode buffer: fetched in the last cycle */
        if (!((m->dv >> j) & 1u)) break;
        const pfp_went *E = &m->win[p & wm];
        const int pi = pfp_kind_is_pi(E->kind);
        int stop = 0;
        /* one descriptor update per cycle: a profile instruction that
         * starts a second block (leader register clear) ends the group */
        if (pi && r->upd.v && !r->lar_v) break;
        st[PFP_S_DECODED]++;
        r->fetched++;
        r->hd = (p + 1u) & pm;
        int disp = 0;
        switch (E->kind) {
        case PFP_K_SET: r->flag = 1; r->lar_v = 0; break;
        case PFP_K_RESET: r->flag = 0; r->lar_v = 0; break;
        case PFP_K_POP:
            disp = 1;
            r->lar_v = 0;
            r->flag = E->val;
            stop = 1;
            st[PFP_S_POP_STALL]++;
            break;
        case PFP_K_PI:
        case PFP_K_PIJ:
            if (!r->lar_v) {
                r->lar_v = 1;
                r->lar = E->pc;
            }
            /* Section IV-A: the leader's descriptor is updated by the
             * table update stages (two cycles later) */
            r->upd.v = 1;
            r->upd.L = r->lar;
            r->upd.sv[j] = 1;
            r->upd.pc[j] = E->pc;
            r->upd.flag[j] = (uint8_t)r->flag;
            disp = r->flag;
            if (!r->flag) st[PFP_S_IGNORED_PI]++;
            if (E->sk) {
                stop = 1;
                if (r->flag) {
                    r->squash = 1;
                    st[PFP_S_PFP_MISP]++;
                } else {
                    st[PFP_S_SKIP_BLK]++;
                    st[PFP_S_SKIP_INS] += E->n;
                    r->hd = (p + 1u + E->n) & pm;
                }
            }
            break;
        default: /* ordinary instructions and pushpf */
            disp = 1;
            r->lar_v = 0;
            break;
        }
        if (disp) {
            if (st[PFP_S_DISP] == 0) out->disp_pc = E->pc;
            out->disp_pcs[st[PFP_S_DISP]] = E->pc;
            out->disp_kinds[st[PFP_S_DISP]] = E->kind;
            st[PFP_S_DISP]++;
            if (pi) st[PFP_S_DISP_PI]++;
            if (m->on_disp) m->on_disp(m->on_disp_ctx, E->pc, E->kind);
        }
        if (E->mp && !E->sk) {
            r->resolve = 1;
            stop = 1;
            if (E->kind == PFP_K_BR) {
                st[PFP_S_BR_MISP]++;
                r->res_pen = P->br_pen;
                r->chk = r->flag; /* B.4: the flag is saved at the branch */
            } else if (E->kind == PFP_K_PIJ && !E->taken) {
                st[PFP_S_MISFETCH]++;
            } else {
                st[PFP_S_JMP_LATE]++;
            }
        }
        if (stop) break;
    }
}

/* table apply: the entry written at the edge (way -1: none) */
typedef struct wb_res {
    int way, alloc;
    pfp_bdt e;
} wb_res;

/* Table read and apply: the update decode handed over two cycles ago is
 * applied to the table as it is now. (The RTL's read stage reads the set one
 * cycle earlier with the apply stage's write of that cycle forwarded, which
 * is the same table.) Section IV-A: allocate only with the flag off (follow
 * = leader + 4, predicted off, locked), extend the follow while locked,
 * unlock when the leader is seen again, prediction bit = flag; in slot
 * order. */
static void stage_table(const pfp *m, wb_res *r)
{
    const pfp_upd *U = &m->wb_ap;
    memset(r, 0, sizeof *r);
    r->way = -1;
    if (!U->v) return;
    const uint64_t L = U->L;
    const uint32_t s = set_of(m, L);
    r->way = bdt_find(m, L);
    if (r->way >= 0) r->e = m->bdt[s * 2 + (uint32_t)r->way];
    for (int j = 0; j < m->p.dec_w; j++) {
        if (!U->sv[j]) continue;
        const uint64_t pc = U->pc[j];
        if (r->way >= 0) {
            if (r->e.lock && pc >= r->e.follow) r->e.follow = (pc + 4u) & m->pcm;
            if (pc == L) r->e.lock = 0;
            r->e.pred = U->flag[j];
        } else if (!U->flag[j]) {
            r->way = !m->bdt[s * 2].v ? 0 : !m->bdt[s * 2 + 1].v ? 1 : m->lru[s];
            r->alloc = 1;
            r->e.v = 1;
            r->e.tag = tag_of(m, L);
            r->e.follow = (L + 4u) & m->pcm;
            r->e.pred = 0;
            r->e.lock = 1;
        }
    }
}

/* the lookup stage's registers after the edge */
typedef struct lk_res {
    int st, ok;
    uint64_t pc;
    uint32_t n;
} lk_res;

/* Predictor lookup: reads the descriptor of the candidate fetch latched last
 * cycle, from the table as it is at the start of this cycle, into the result
 * registers (fetch then updates st and pc). The block length is that of
 * follow - pc; the RTL stores each entry's length test with the entry
 * (worked out from the leader when it is written), which is the same
 * because a hit matches every pc bit but bit 0, and bit 0 of a pc is 0. */
static void stage_lookup(const pfp *m, lk_res *r)
{
    const uint32_t maxskip = (1u << m->p.skip_bits) - 1u;
    r->st = m->lk_st;
    r->ok = m->lk_ok;
    r->pc = m->lk_pc;
    r->n = m->lk_n;
    if (m->lk_st != 1) return;
    int w = bdt_find(m, m->lk_pc);
    r->ok = 0;
    r->n = 0;
    if (w >= 0) {
        const pfp_bdt *b = &m->bdt[set_of(m, m->lk_pc) * 2 + (uint32_t)w];
        uint64_t len = ((b->follow - m->lk_pc) & m->pcm) >> 2;
        r->ok = !b->lock && !b->pred && len >= (uint64_t)m->p.min_len && len <= (uint64_t)maxskip + 1u;
        r->n = (uint32_t)(len - 1u) & maxskip;
    }
    r->st = 2;
}

/* fetch: what fetch commits at the edge */
typedef struct fetch_res {
    uint32_t fp, k; /* next fetch pointer, records fetched */
    int pbit, last_pi, fwait;
} fetch_res;

/* Fetch: up to FETCH_W records into the fetch queue, with the skip decision
 * for a leader candidate taken first in the group (docs/pfp.md). Writes the
 * per-record fetch bits (sk, mp, n) of the records it fetches. */
static void stage_fetch(pfp *m, const pfp_in *in, int go, uint64_t *st, lk_res *lk, fetch_res *r)
{
    const pfp_params *P = &m->p;
    const uint32_t W = (uint32_t)m->W, wm = W - 1u, pm = (uint32_t)m->ptrm;
    r->fp = m->fp;
    r->k = 0;
    r->pbit = m->pbit;
    r->last_pi = m->last_pi;
    r->fwait = m->fwait;
    const int fetch_en = go && !m->sq && !m->fwait && m->rok;
    if (go && m->fwait) st[PFP_S_FWAIT_CYC]++;
    if (!fetch_en) return;
    uint32_t q = m->fp, k = 0;
    while (k < (uint32_t)P->fetch_w && m->fq_n + k < (uint32_t)P->fq && q != m->tl) {
        pfp_went *E = &m->win[q & wm];
        const int pi = pfp_kind_is_pi(E->kind);
        const int cand = pi && !r->last_pi;
        /* A leader candidate is fetched only first in the group with its
         * lookup result ready; any other one ends the group and, if the
         * lookup stage is free, is latched for it. */
        const int use = cand && k == 0 && m->lk_st == 2;
        if (cand && !use) {
            if (lk->st == 0) {
                lk->st = 1;
                lk->pc = E->pc;
            }
            break;
        }
        k++;
        st[PFP_S_FETCHED]++;
        if (pi) st[PFP_S_FETCHED_PI]++;
        E->sk = 0;
        E->mp = 0;
        E->n = 0;
        r->last_pi = pi;
        q = (q + 1u) & pm;
        if (use) {
            /* the records of the longest skip (2^SKIP_BITS - 1 after the
             * leader) are in the window */
            uint32_t left = (m->tl - q) & pm; /* records after the leader */
            lk->st = 0;
            if (in->pfp_en && m->lk_ok && left >= (1u << P->skip_bits) - 1u) {
                E->sk = 1;
                E->n = (uint16_t)m->lk_n;
                q = (q + m->lk_n) & pm;
                st[PFP_S_SKIPS]++;
                break;
            }
        }
        int pred = 0;
        switch (E->kind) {
        case PFP_K_SET: r->pbit = 1; break;
        case PFP_K_RESET: r->pbit = 0; break;
        case PFP_K_BR: pred = E->bwd; break;
        case PFP_K_JMP: pred = 1; break;
        case PFP_K_PIJ: pred = r->pbit; break; /* B.2: prediction-bit based */
        default: break;
        }
        if (pred != E->taken) {
            E->mp = 1;
            r->fwait = 1;
            break;
        }
        if (pred) break; /* a taken transfer ends the fetch block */
    }
    r->fp = q;
    r->k = k;
    if (k) st[PFP_S_FETCH_CYC]++;
}

void pfp_step(pfp *m, const pfp_in *in, pfp_out *out)
{
    const uint32_t W = (uint32_t)m->W, wm = W - 1u, pm = (uint32_t)m->ptrm;
    const uint32_t occ = (m->tl - m->hd) & pm;
    const uint32_t room = (m->fp - m->hd) & pm; /* window entries before the fetch pointer */
    const uint32_t avail = (m->tl - m->fp) & pm;
    const int done = in->eos && occ == 0;
    const int go = !done && (in->eos || avail >= (uint32_t)m->look || occ == W);

    memset(out, 0, sizeof *out);
    out->in_ready = occ < W;
    out->go = go;
    out->done = done;

    uint64_t st[PFP_S_N];
    memset(st, 0, sizeof st);
    if (go && !in->disp_ready && room != 0) st[PFP_S_DISP_STALL]++;

    dec_res d;
    wb_res t;
    lk_res lk;
    fetch_res f;
    stage_decode(m, in, go, st, out, &d);
    stage_table(m, &t);
    stage_lookup(m, &lk);
    stage_fetch(m, in, go, st, &lk, &f);

    /* ------------------------------------------------ the edge */
    if (in->in_valid && out->in_ready) {
        pfp_went *E = &m->win[m->tl & wm];
        E->pc = in->pc & m->pcm;
        E->kind = (uint8_t)pfp_kind(in->insn, in->cls, in->len2);
        E->taken = (uint8_t)(in->taken != 0);
        E->val = (uint8_t)(in->val != 0);
        E->bwd = (uint8_t)(in->len2 ? (in->insn >> 12) & 1u : (in->insn >> 31) & 1u);
        m->tl = (m->tl + 1u) & pm;
    }
    /* statistics: the increments of the last front-end cycle are added at
     * this edge, one clock after the cycle that counted them */
    for (int s = 0; s < PFP_S_N; s++) m->stat[s] = (m->stat[s] + m->sinc[s]) & m->cntm;
    memset(m->sinc, 0, sizeof m->sinc);
    if (!go) return;
    if (t.way >= 0) {
        uint32_t s = set_of(m, m->wb_ap.L);
        m->bdt[s * 2 + (uint32_t)t.way] = t.e;
        m->lru[s] = (uint8_t)(1 - t.way);
        out->bdt_write = 1;
        if (t.alloc) st[PFP_S_BDT_ALLOC]++;
    }
    int flag_d = d.flag, pbit_d = f.pbit, fwait_d = f.fwait, res_d = m->res_cnt;
    uint32_t fp_d = f.fp;
    int lp_d = f.last_pi;
    if (m->res_cnt != 0) {
        res_d = m->res_cnt - 1;
        if (m->res_cnt == 1) {
            fwait_d = 0;
            flag_d = m->chk; /* B.4: restore the flag saved at the branch */
            pbit_d = m->chk;
        }
    }
    if (m->sq) {
        /* the squash decoded last cycle: fetch restarts behind the leader,
         * at the decode pointer (docs/pfp.md) */
        fp_d = m->hd;
        m->fq_n = 0;
        fwait_d = 0;
        res_d = 0;
        pbit_d = m->flag;
        lp_d = 1;
        lk.st = 0; /* the latched candidate is no longer at the fetch pointer */
    } else {
        m->fq_n = m->fq_n - d.fetched + f.k;
        if (d.resolve) {
            pbit_d = d.flag;
            if (d.res_pen == 0) fwait_d = 0;
            else res_d = d.res_pen;
        }
    }
    /* decode buffer: slot i after this group holds the record at the next
     * decode pointer + i read this cycle, valid if that record was fetched
     * before this cycle (so fetch's writes of this cycle never need
     * forwarding); after a squash and in the squash redirect clock it is
     * reloaded a cycle later */
    m->dv = 0;
    if (!m->sq && !d.squash) {
        const uint32_t adv = (d.hd - m->hd) & pm;
        for (uint32_t i = 0; i < (uint32_t)m->p.dec_w; i++)
            if (adv + i < room) m->dv |= 1u << i;
    }
    /* fetch's window-space rule for the next cycle, against the decode
     * pointer of this one (the space decode frees counts a cycle later) */
    m->rok = ((fp_d - m->hd) & pm) + (uint32_t)m->look <= W;
    m->sq = d.squash;
    m->hd = d.hd;
    m->fp = fp_d;
    m->flag = flag_d;
    m->pbit = pbit_d;
    m->fwait = fwait_d;
    m->res_cnt = res_d;
    m->chk = d.chk;
    m->last_pi = lp_d;
    m->lar_v = d.lar_v;
    m->lar = d.lar;
    m->wb_ap = m->wb_rd;
    m->wb_rd = d.upd;
    m->lk_st = lk.st;
    m->lk_pc = lk.pc;
    m->lk_ok = lk.ok;
    m->lk_n = lk.n;
    st[PFP_S_CYCLES] = 1;
    for (int s = 0; s < PFP_S_N; s++) m->sinc[s] = st[s];
    out->disp_n = (int)st[PFP_S_DISP];
    out->disp_pi_n = (int)st[PFP_S_DISP_PI];
}

int pfp_run(pfp *m, const pfp_rec *recs, size_t n, int pfp_en)
{
    size_t i = 0;
    uint64_t bound = 64u * (uint64_t)n + 100000u, c = 0;
    pfp_in in;
    pfp_out out;
    memset(&in, 0, sizeof in);
    in.disp_ready = 1;
    in.pfp_en = pfp_en;
    for (;; c++) {
        if (c > bound) return -1;
        in.in_valid = i < n;
        in.eos = i >= n;
        if (i < n) {
            in.pc = recs[i].pc;
            in.insn = recs[i].insn;
            in.cls = recs[i].cls;
            in.taken = recs[i].taken;
            in.val = recs[i].val;
            in.len2 = recs[i].len2;
        }
        pfp_step(m, &in, &out);
        if (out.done) return 0;
        if (in.in_valid && out.in_ready) i++;
    }
}

void pfp_rec_of(const hwp_rec *r, pfp_rec *out)
{
    out->pc = r->a;
    out->insn = r->insn;
    out->cls = r->cls;
    out->taken = (r->flags & HWP_RF_TAKEN) != 0;
    out->val = (uint8_t)(r->value & 1u);
    out->len2 = r->len == 2;
}
