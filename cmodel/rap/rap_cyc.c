/* SPDX-License-Identifier: Apache-2.0
 *
 * Cycle model of the pipelined RAP engine rtl/rap/hwp_rap.v: one
 * rap_cyc_step() per clock, the same registers, widths, state machine and
 * tie-breaks as the RTL (the names below follow the RTL's x_q registers).
 * The TCAM is modelled by its content: a search presented in cycle t is
 * resolved when its longest match is used (the end of stage 2), which is
 * equivalent because the engine never writes the tables while a search is
 * in flight (merge folds clear only nodes of the level being visited, which
 * the searches in flight exclude by their limit).
 * A hash map from (level, prefix) to slot stands in for the N match lines.
 *
 * Stages and their hazard rules (docs/rap.md, "Pipeline"):
 *   in     (inreg only, rap_cyc_set_in_reg) a two-entry skid register in
 *          front of stage 0: ready while its second entry is free; stage 0
 *          takes the head, in order, no forwarding (the buffer's tags are
 *          compared with the head when stage 0 takes it)
 *   stage 0  the merging buffer, updated in the clock it takes its input
 *   issue  the replay queue (priority) or the eviction register
 *   s1     TCAM match (registered)
 *   s2     longest-prefix tournament, 1 + tp clocks (tp = the tournament's
 *          pipeline registers and the RAM TCAM's address register,
 *          rap_cyc_set_arb_latency): functionally the
 *          arbiter below, applied at the last of these clocks (s2e), when the
 *          counter and prefix RAMs are read
 *   s3a    (creg only, rap_cyc_set_cnt_reg) the item waits while the counter
 *          and prefix words read at s2e are registered again
 *   s3     counter read-modify-write; forwarding of the counter writes the
 *          word read at s2e missed: the previous clock's (distance 1) and,
 *          with creg, the one before (distance 2); tp does not matter (the
 *          RAM is read at s2e)
 *   split / due merge at s3: stall by squash and replay: every item in s1,
 *          s2 .. s2e and the issued one goes back to the replay queue, oldest
 *          first (tp + creg + 4 slots), and is searched again after the tables
 *          changed; nothing is forwarded across a table change
 *   merge pipeline K, R (the prefix word registered: the search key),
 *          Q (= s1), A (= s2 .. s2e), C: forwarding of the last
 *          ancestor count (distance 1); each level drains before the next.
 *          K takes its node from the slot scanner (scan_step: load, chunk,
 *          output register, then one slot per clock), which runs one level
 *          ahead without forwarding: a level's live slots do not change
 *          while the level before it is folded.
 */
#include "rap/rap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arrays.h"

enum {
    ST_INIT = 0, ST_RUN = 1, ST_PROBE = 2, ST_PWAIT = 3, ST_DECIDE = 4, ST_WR = 5,
    ST_M_INIT = 6, ST_M_RUN = 7, ST_M_END = 12, ST_M_NEXT = 13, ST_RD = 14, ST_RO_LOAD = 15, ST_RO_WAIT = 16, ST_CNT = 17,
    ST_CNT_WAIT = 18, ST_DONE = 19, ST_IWAIT = 20
};

typedef struct hent {
    uint64_t key; /* prefix | level in the low bits is not possible (W = 64), so both */
    int lvl;
    int slot; /* -1 empty */
} hent;

struct rap_cyc {
    rap_cfg c;
    int H, B, SN, tram, chunk;
    uint64_t LIM, BMAX, WMASK;
    hwp_arrays mem; /* bv, bid, bcnt, valid, len, pmem, cmem, ht */
    /* stage 0 and (inreg) its two-entry input skid register: head 0, second 1 */
    int inreg, iv0, iv1;
    uint64_t iid0, iid1;
    uint8_t *bv;
    uint64_t *bid, *bcnt;
    int ev_v;
    uint64_t ev_id, ev_c;
    /* replay queue: rqn = tp + 4 slots */
    int rq_n, rqn;
    uint64_t rq_id[RAP_CYC_RQMAX], rq_c[RAP_CYC_RQMAX];
    int rq_ns[RAP_CYC_RQMAX];
    /* pipeline: stage 2 is s2[0] .. s2[tp] (s2e = s2[tp]), then s3a (creg) */
    int tp, creg;
    int s3a_v, s3a_ns, s3a_idx, s3a_lvl;
    uint64_t s3a_id, s3a_c, crd_r, prd_r;
    int fw2_v, fw2_idx;
    uint64_t fw2_val;
    int s1_v, s1_pr, s1_ns, s1_j;
    uint64_t s1_id, s1_c;
    int s2_v[RAP_CYC_TPMAX + 1], s2_pr[RAP_CYC_TPMAX + 1], s2_ns[RAP_CYC_TPMAX + 1],
        s2_j[RAP_CYC_TPMAX + 1];
    uint64_t s2_id[RAP_CYC_TPMAX + 1], s2_c[RAP_CYC_TPMAX + 1];
    /* key searched last cycle; keys whose matches are in stage 2 */
    uint64_t key_q, s2_key[RAP_CYC_TPMAX + 1];
    int s3_v, s3_ns, s3_idx, s3_lvl;
    uint64_t s3_id, s3_c;
    uint64_t thr;
    int fw_v, fw_idx;
    uint64_t fw_val;
    /* table */
    uint8_t *valid, *len;
    uint64_t *pmem, *cmem;
    uint64_t prd, crd, crd2;
    hent *ht;
    int hcap;
    /* controller */
    int st;
    int full;
    uint64_t n, nm, nlm;
    int live;
    uint64_t ctr[RAP_NCOUNTERS];
    uint64_t sp_pre;
    int sp_lvl, sp_j;
    unsigned pres, miss;
    int m_lvl, m_x, m_per; /* m_x: the slot being read out (its level RAM word) */
    /* slot scanner (rtl/rap/hwp_rap_scan.v, see scan_step): a load pending,
     * the level it scans, the loaded vector, the first slot not yet emitted,
     * the chunk register primed, the output register and its level tag */
    int sc_ld, sl;
    uint8_t *lv;
    int sc_cur, sc_ck, sc_xv, sc_x, sc_xt;
    /* merge pipeline K, R (x's prefix and count registered), Q, A, C; stage A
     * is ma[0] .. ma[tp] */
    int mk_v, mr_v, mq_v, ma_v[RAP_CYC_TPMAX + 1], mc_v;
    int mk_x, mr_x, mq_x, ma_x[RAP_CYC_TPMAX + 1], mc_x, mc_a;
    uint64_t mr_key, mr_cx;
    /* a fold decided by C, applied a clock later (slot mf_x: its valid bit,
     * the live count and the merge counter) */
    int mf_v, mf_x;
    uint64_t mq_cx, ma_cx[RAP_CYC_TPMAX + 1], mc_cx;
    int ro_c;
    int out_v, out_k, out_l;
    uint64_t out_p, out_n;
    int tc_busy; /* RAM TCAM: cycles of write still to go */
    int wr_gap;  /* a table write last clock: the registered lowest free slot has not seen it */
    uint64_t stc[RAP_CYC_NGROUPS]; /* accounting only: clocks per state group */
    /* live-node sum (see lsum_step) */
    uint64_t ea, tq[RAP_CYC_TQ], tl, lsum, lsum_out;
    int tq_h, tq_n, tq_max, tqn;
};

/* The functional model adds, per event, the live count after that event. Here
 * each accepted event adds the live count of the clock it is accepted in (the
 * register, before this clock's change) and each live change (+1/-1)
 * adds/subtracts (a - t): a = events accepted so far (including this clock's),
 * t = the index of the event the change belongs to, from a FIFO of eviction
 * tags (pushed when stage 0 creates an eviction, popped when stage 3 commits
 * it). Splits and forced merge batches belong to the head eviction, periodic
 * batches to the last committed one, the root to event 0. An eviction sits in
 * exactly one of ev, rq (tp + creg + 4), s1, s2 (1 + tp), s3a (creg), s3
 * between push and pop, so the FIFO holds at most 2 (tp + creg) + 8 (tqn,
 * the power of two the RTL uses);
 * tq_max records the depth reached. The RTL registers each clock's change
 * and adds it to the sum one clock later, so stat_live_sum_o (lsum_out) is
 * the sum without the last clock's change. */
static void lsum_step(rap_cyc_t *m, int st_init, int in_acc, int push, int pop, int live_d)
{
    const uint64_t LIM = m->LIM;
    uint64_t a = (m->ea + (uint64_t)in_acc) & LIM;
    uint64_t t = st_init ? 0 : (live_d < m->live && m->m_per) ? m->tl : m->tq[m->tq_h];
    uint64_t dt = (a - t) & LIM;
    m->lsum_out = m->lsum;
    if (in_acc) m->lsum += (uint64_t)m->live;
    if (live_d == m->live + 1) m->lsum += dt;
    if (live_d == m->live - 1) m->lsum -= dt;
    if (push) {
        m->tq[(m->tq_h + m->tq_n) % m->tqn] = m->ea;
        m->tq_n++;
    }
    if (pop) {
        m->tl = m->tq[m->tq_h];
        m->tq_h = (m->tq_h + 1) % m->tqn;
        m->tq_n--;
    }
    if (m->tq_n > m->tq_max) m->tq_max = m->tq_n;
    m->ea = a;
}

/* ------------------------------------------------------------ hash of live entries */
static uint64_t hmix(uint64_t k, int lvl)
{
    uint64_t h = k ^ ((uint64_t)lvl * 0x9e3779b97f4a7c15ull);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 29;
    return h;
}

static int h_find(const rap_cyc_t *m, uint64_t key, int lvl)
{
    uint64_t i = hmix(key, lvl) & (uint64_t)(m->hcap - 1);
    for (;;) {
        const hent *e = &m->ht[i];
        if (e->slot < 0) return -1;
        if (e->key == key && e->lvl == lvl) return e->slot;
        i = (i + 1) & (uint64_t)(m->hcap - 1);
    }
}

static void h_put(rap_cyc_t *m, uint64_t key, int lvl, int slot)
{
    uint64_t i = hmix(key, lvl) & (uint64_t)(m->hcap - 1);
    while (m->ht[i].slot >= 0) i = (i + 1) & (uint64_t)(m->hcap - 1);
    m->ht[i].key = key;
    m->ht[i].lvl = lvl;
    m->ht[i].slot = slot;
}

static void h_del(rap_cyc_t *m, uint64_t key, int lvl)
{
    uint64_t mask = (uint64_t)(m->hcap - 1);
    uint64_t i = hmix(key, lvl) & mask;
    while (!(m->ht[i].slot >= 0 && m->ht[i].key == key && m->ht[i].lvl == lvl)) {
        if (m->ht[i].slot < 0) return;
        i = (i + 1) & mask;
    }
    m->ht[i].slot = -1;
    /* backward-shift deletion keeps probe chains intact */
    uint64_t j = i;
    for (;;) {
        j = (j + 1) & mask;
        if (m->ht[j].slot < 0) return;
        uint64_t home = hmix(m->ht[j].key, m->ht[j].lvl) & mask;
        int move = (j > i) ? (home <= i || home > j) : (home <= i && home > j);
        if (move) {
            m->ht[i] = m->ht[j];
            m->ht[j].slot = -1;
            i = j;
        }
    }
}

static uint64_t topmask(const rap_cyc_t *m, int lvl)
{
    int bits = lvl * m->c.k;
    if (bits == 0) return 0;
    return hwp_rap_mask(m->c.width) & ~hwp_rap_mask(m->c.width - bits);
}

/* Stage-2 arbiter for key: highest level < lim with a live matching entry. */
static void arbiter(const rap_cyc_t *m, uint64_t key, int lim, int *best_lvl, int *best_idx,
                    uint64_t *any_lvl /* bit per level, may be NULL */)
{
    *best_lvl = 0;
    *best_idx = 0;
    uint64_t any = 0;
    for (int L = 0; L <= m->H; L++) {
        int s = h_find(m, key & topmask(m, L), L);
        if (s < 0) continue;
        any |= (uint64_t)1 << L;
        if (L < lim) {
            *best_lvl = L;
            *best_idx = s;
        }
    }
    if (any_lvl) *any_lvl = any;
}

static uint32_t fold(const rap_cyc_t *m, uint64_t v) { return rap_buf_index(&m->c, v); }

static uint64_t child_key(const rap_cyc_t *m, uint64_t p, int l, int j)
{
    return p | ((uint64_t)j << (m->c.width - (l + 1) * m->c.k));
}

static void tcam_write(rap_cyc_t *m, int idx, uint64_t key, int lvl)
{
    (void)key;
    (void)lvl;
    (void)idx;
    if (m->tram) m->tc_busy = (1 << m->chunk) + 1; /* read-modify-write sweep */
}

int rap_cyc_new(rap_cyc_t **out, const rap_cfg *cfg, int tcam_ram, int tcam_chunk_bits, char *err,
                size_t errlen)
{
    *out = NULL;
    if (rap_cfg_check(cfg, err, errlen)) return -1;
    if (cfg->entries > 65535 || cfg->width > 64 || cfg->cnt_bits < 17) {
        snprintf(err, errlen, "cycle model: entries <= 65535 and counter width >= 17 required");
        return -1;
    }
    if (tcam_ram && (tcam_chunk_bits < 1 || tcam_chunk_bits > 12 ||
                     cfg->width % tcam_chunk_bits != 0)) {
        snprintf(err, errlen, "RAM TCAM chunk must be 1..12 bits and divide the width");
        return -1;
    }
    rap_cyc_t *m = calloc(1, sizeof *m);
    if (!m) goto oom;
    m->c = *cfg;
    m->H = rap_height(cfg);
    m->B = 1 << cfg->k;
    m->SN = 1 << cfg->buf_log2;
    m->tram = tcam_ram;
    m->chunk = tcam_chunk_bits;
    m->LIM = hwp_rap_mask(cfg->cnt_bits);
    m->BMAX = hwp_rap_mask(cfg->buf_cnt_bits);
    m->WMASK = hwp_rap_mask(cfg->width);
    rap_cyc_set_arb_latency(m, 0);
    int N = cfg->entries;
    m->bv = hwp_arrays_calloc(&m->mem, (size_t)m->SN, 1);
    m->bid = hwp_arrays_calloc(&m->mem, (size_t)m->SN, sizeof *m->bid);
    m->bcnt = hwp_arrays_calloc(&m->mem, (size_t)m->SN, sizeof *m->bcnt);
    m->valid = hwp_arrays_calloc(&m->mem, (size_t)N, 1);
    m->len = hwp_arrays_calloc(&m->mem, (size_t)N, 1);
    m->lv = hwp_arrays_calloc(&m->mem, (size_t)N, 1);
    m->pmem = hwp_arrays_calloc(&m->mem, (size_t)N, sizeof *m->pmem);
    m->cmem = hwp_arrays_calloc(&m->mem, (size_t)N, sizeof *m->cmem);
    m->hcap = 16;
    while (m->hcap < 2 * N) m->hcap <<= 1;
    m->ht = hwp_arrays_calloc(&m->mem, (size_t)m->hcap, sizeof *m->ht);
    if (m->mem.failed) goto oom;
    for (int i = 0; i < m->hcap; i++) m->ht[i].slot = -1;
    *out = m;
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    rap_cyc_free(m);
    return -1;
}

static void set_depths(rap_cyc_t *m)
{
    m->rqn = m->tp + m->creg + 4;
    m->tqn = 8;
    while (m->tqn < 2 * (m->tp + m->creg) + 8) m->tqn <<= 1;
}

int rap_cyc_set_arb_latency(rap_cyc_t *m, int tp)
{
    if (tp < 0 || tp > RAP_CYC_TPMAX) return -1;
    m->tp = tp;
    set_depths(m);
    return 0;
}

void rap_cyc_set_cnt_reg(rap_cyc_t *m, int on)
{
    m->creg = on != 0;
    set_depths(m);
}

void rap_cyc_set_in_reg(rap_cyc_t *m, int on) { m->inreg = on != 0; }

int rap_cyc_tq_depth(const rap_cyc_t *m) { return m->tqn; }

void rap_cyc_free(rap_cyc_t *m)
{
    if (!m) return;
    hwp_arrays_free(&m->mem);
    free(m);
}

static void do_reset(rap_cyc_t *m)
{
    m->st = ST_INIT;
    m->ea = m->lsum = m->lsum_out = 0;
    m->tq_h = m->tq_n = m->tq_max = 0;
    memset(m->bv, 0, (size_t)m->SN);
    m->iv0 = m->iv1 = 0;
    m->ev_v = 0;
    m->rq_n = 0;
    for (int i = 0; i < m->rqn; i++) m->rq_ns[i] = 0;
    m->s1_v = m->s1_pr = 0;
    for (int i = 0; i <= m->tp; i++) m->s2_v[i] = m->s2_pr[i] = m->ma_v[i] = 0;
    m->s3_v = 0;
    m->s3a_v = 0;
    m->fw_v = 0;
    m->fw2_v = 0;
    for (int i = 0; i < m->c.entries; i++) {
        if (m->valid[i]) h_del(m, m->pmem[i], m->len[i]);
        m->valid[i] = 0;
    }
    m->n = 0;
    m->nm = m->c.merge_first & m->LIM;
    m->nlm = 0;
    m->full = 0;
    m->live = 0;
    m->out_v = 0;
    m->pres = m->miss = 0;
    m->sc_ld = 0;
    m->sc_cur = m->c.entries; /* nothing left to emit */
    m->sc_ck = 0;
    m->sc_xv = 0;
    m->m_lvl = 0;
    m->mk_v = m->mr_v = m->mq_v = m->mc_v = 0;
    m->mf_v = m->mf_x = 0;
    memset(m->ctr, 0, sizeof m->ctr);
    m->tc_busy = 0;
    m->wr_gap = 0;
    memset(m->stc, 0, sizeof m->stc);
}

static int state_group(int st)
{
    switch (st) {
    case ST_RUN: return RAP_CYC_RUN;
    case ST_PROBE:
    case ST_PWAIT:
    case ST_DECIDE:
    case ST_WR: return RAP_CYC_SPLIT;
    case ST_M_INIT:
    case ST_M_RUN:
    case ST_M_END:
    case ST_M_NEXT: return RAP_CYC_MERGE;
    default: return RAP_CYC_OTHER;
    }
}

uint64_t rap_cyc_state_clocks(const rap_cyc_t *m, int group)
{
    return (group >= 0 && group < RAP_CYC_NGROUPS) ? m->stc[group] : 0;
}

/* Clock edge of the slot scanner (rtl/rap/hwp_rap_scan.v). Registers: the
 * loaded vector (lv), the chunk register (its slots not yet emitted), the
 * output register (sc_xv, sc_x, tag sc_xt). A load captures the live slots
 * of level sl (all live slots in the readout, rd) and empties the chunk
 * register; the next clock primes it (sc_ck) with the lowest chunk left;
 * from then on it holds a slot whenever one is left (it takes the next chunk
 * in the clock it gives its last slot), so the lowest slot left (next)
 * enters the output register whenever that is empty or taken this clock:
 * one slot per clock, whatever the chunk size. The sc_cur cursor stands for
 * the chunk summary and chunk register: every loaded slot below it has been
 * emitted. A load comes only when nothing is left (sc_busy low). */
static void scan_step(rap_cyc_t *m, int rd, int next, int take)
{
    int emit = m->sc_ck && next >= 0 && (!m->sc_xv || take);
    if (emit) {
        m->sc_x = next;
        m->sc_xt = m->sl;
        m->sc_cur = next + 1;
    }
    m->sc_xv = emit || (m->sc_xv && !take);
    m->sc_ck = !m->sc_ld;
    if (m->sc_ld) {
        for (int i = 0; i < m->c.entries; i++) m->lv[i] = m->valid[i] && (rd || m->len[i] == m->sl);
        m->sc_cur = 0;
    }
}

void rap_cyc_step(rap_cyc_t *m, const rap_cyc_in *in, rap_cyc_out *out)
{
    const int N = m->c.entries, H = m->H, B = m->B, K = m->c.k;
    const uint64_t LIM = m->LIM, BMASK = m->BMAX;
    const int st = m->st;
    const int run = st == ST_RUN;
    const int E = m->tp; /* s2e = s2[E], the end of stage 2 */

    /* ---- combinational */
    int iss_rq = run && m->rq_n != 0;
    int iss_ev = run && m->rq_n == 0 && m->ev_v;
    int iss_v = iss_rq || iss_ev;
    uint64_t iss_id = iss_rq ? m->rq_id[0] : m->ev_id;
    uint64_t iss_c = iss_rq ? m->rq_c[0] : m->ev_c;
    int iss_ns = iss_rq ? m->rq_ns[0] : 0;
    int ev_free = !m->ev_v || iss_ev;
    /* stage 0's input: the input port, or (inreg) the skid register's head;
     * b_take: stage 0 takes it */
    uint64_t in_id = in->in_id & m->WMASK;
    int b_v = m->inreg ? m->iv0 : in->in_valid;
    uint64_t b_in = m->inreg ? m->iid0 : in_id;
    int b_pend = m->inreg && m->iv0;
    uint32_t bidx = fold(m, b_in);
    int b_hit = m->bv[bidx] && m->bid[bidx] == b_in;
    int b_noev = b_hit ? (m->bcnt[bidx] != BMASK) : !m->bv[bidx];
    int b_take = b_v && (ev_free || b_noev);
    int in_ready = m->inreg ? !m->iv1 : ev_free || b_noev;
    int in_acc = in->in_valid && in_ready;
    int tc_busy = m->tc_busy != 0;

    int s2_any = 0, ma_any = 0, s2_kill = 0;
    for (int i = 0; i <= E; i++) {
        s2_any |= m->s2_v[i];
        ma_any |= m->ma_v[i];
    }

    int bflush_idx = -1;
    for (int i = 0; i < m->SN; i++)
        if (m->bv[i]) {
            bflush_idx = i;
            break;
        }
    int bflush_any = bflush_idx >= 0;

    /* slot scanner: the lowest loaded slot not yet emitted */
    int sc_next = -1;
    for (int i = m->sc_cur; i < N; i++)
        if (m->lv[i]) {
            sc_next = i;
            break;
        }
    int sc_busy = sc_next >= 0;

    uint64_t s3_cnt = (m->fw_v && m->fw_idx == m->s3_idx)     ? m->fw_val
                      : (m->fw2_v && m->fw2_idx == m->s3_idx) ? m->fw2_val
                      : m->creg                               ? m->crd_r
                                                              : m->crd;
    uint64_t s3_sum = (s3_cnt + m->s3_c) & LIM;
    /* the compare takes the sum unwrapped (as the functional model does;
     * hwp_rap_over.v), the written sum wraps at CW bits */
    int s3_need = m->s3_v && !m->s3_ns && m->s3_lvl != H && (s3_cnt + m->s3_c) * (uint64_t)H > m->thr;
    int s3_skip = s3_need && m->full && !rap_force_ok(m->n, m->nlm);
    int s3_split = s3_need && !s3_skip;
    uint64_t n_commit = (m->n + m->s3_c) & LIM;
    int s3_commit = run && m->s3_v && !s3_split;
    int s3_mdue = s3_commit && n_commit >= m->nm;
    int flush = run && m->s3_v && (s3_split || s3_mdue);

    uint64_t mul_n = run ? ((m->n + (m->s3_v ? m->s3_c : 0) + (m->creg ? m->s3a_c : m->s2_c[E])) & LIM) : m->n;
    uint64_t thr_d = ((uint64_t)m->c.eps_q * mul_n) >> 16;

    /* outputs of this cycle */
    out->in_ready = in_ready;
    out->out_valid = m->out_v;
    out->out_kind = m->out_k;
    out->out_prefix = m->out_p;
    out->out_len = m->out_l;
    out->out_count = m->out_n;
    out->done = st == ST_DONE;
    out->n = m->n;
    out->live = m->live;
    out->live_sum = m->lsum_out;
    out->state = st;
    out->structural = 0;

    if (in->rst) {
        do_reset(m);
        m->key_q = 0;
        return;
    }
    m->stc[state_group(st)]++;

    /* ---- next state (defaults as in the RTL) */
    int st_d = st;
    int c_we = 0, c_wa = 0, c_ra = -1, p_we = 0, p_wa = 0, p_ra = -1;
    uint64_t c_wd = 0, p_wd = 0;
    int tc_wr = 0, tc_wr_idx = 0, tc_wr_lvl = 0;
    uint64_t tc_wr_key = 0;
    uint64_t tc_key = iss_id;
    uint64_t ctr_d[RAP_NCOUNTERS];
    memcpy(ctr_d, m->ctr, sizeof ctr_d);
    if (in->in_valid && !in_ready) ctr_d[RAP_C_STALLS] = (m->ctr[RAP_C_STALLS] + 1) & LIM;

    /* stage 0 */
    int ev_v_d = m->ev_v;
    uint64_t ev_id_d = m->ev_id, ev_c_d = m->ev_c;
    if (iss_ev) ev_v_d = 0;
    int ev_push = 0;
    if (b_take) {
        uint32_t b = bidx;
        if (b_hit) {
            if (m->bcnt[b] == BMASK) {
                ev_v_d = 1;
                ev_push = 1;
                ev_id_d = b_in;
                ev_c_d = BMASK;
                m->bcnt[b] = 1;
            } else {
                m->bcnt[b] = (m->bcnt[b] + 1) & BMASK;
            }
        } else {
            if (m->bv[b]) {
                ev_v_d = 1;
                ev_push = 1;
                ev_id_d = m->bid[b];
                ev_c_d = m->bcnt[b];
            }
            m->bv[b] = 1;
            m->bid[b] = b_in;
            m->bcnt[b] = 1;
        }
    } else if (in->eos && ev_free && bflush_any && !b_pend) {
        ev_v_d = 1;
        ev_push = 1;
        ev_id_d = m->bid[bflush_idx];
        ev_c_d = m->bcnt[bflush_idx];
        m->bv[bflush_idx] = 0;
    }

    /* pipeline defaults */
    int s1_v_d = 0, s1_pr_d = 0, s1_ns_d = 0, s1_j_d = m->s1_j;
    uint64_t s1_id_d = m->s1_id, s1_c_d = m->s1_c;
    int s2_v_d = m->s1_v, s2_pr_d = m->s1_pr, s2_ns_d = m->s1_ns, s2_j_d = m->s1_j;
    uint64_t s2_id_d = m->s1_id, s2_c_d = m->s1_c, s2_key_d = m->key_q;
    int s3_v_d = 0, s3_ns_d = m->creg ? m->s3a_ns : m->s2_ns[E];
    int s3_idx_d = m->s3_idx, s3_lvl_d = m->s3_lvl;
    uint64_t s3_id_d = m->creg ? m->s3a_id : m->s2_id[E], s3_c_d = m->creg ? m->s3a_c : m->s2_c[E];
    int s3a_v_d = 0;
    int fw_v_d = 0, fw_idx_d = m->fw_idx;
    uint64_t fw_val_d = m->fw_val;
    int rq_n_d = m->rq_n;
    uint64_t rq_id_d[RAP_CYC_RQMAX], rq_c_d[RAP_CYC_RQMAX];
    int rq_ns_d[RAP_CYC_RQMAX];
    for (int i = 0; i < m->rqn; i++) {
        rq_id_d[i] = m->rq_id[i];
        rq_c_d[i] = m->rq_c[i];
        rq_ns_d[i] = m->rq_ns[i];
    }
    uint64_t n_d = m->n, nm_d = m->nm, nlm_d = m->nlm;
    int live_d = m->live;
    uint64_t sp_pre_d = m->sp_pre;
    int sp_lvl_d = m->sp_lvl, sp_j_d = m->sp_j;
    unsigned pres_d = m->pres, miss_d = m->miss;
    int m_lvl_d = m->m_lvl, m_x_d = m->m_x, m_per_d = m->m_per;
    int sl_d = m->sl, sc_ld_d = 0, sc_take = 0;
    int cw_idx = -1; /* a counter write of stage 3 or the merge compare (forwarded) */
    uint64_t cw_val = 0;
    int mk_v_d = 0, mr_v_d = 0, mq_v_d = 0, ma_v_d = 0, mc_v_d = 0, mf_v_d = 0, mf_x_d = m->mf_x;
    int mk_x_d = m->mk_x, mq_x_d = m->mr_x, ma_x_d = m->mq_x, mc_x_d = m->ma_x[E], mc_a_d = m->mc_a;
    uint64_t mq_cx_d = m->mr_cx, ma_cx_d = m->mq_cx, mc_cx_d = m->ma_cx[E];
    int c2_ra = -1;
    int ro_c_d = m->ro_c;
    int out_v_d = m->out_v, out_k_d = m->out_k, out_l_d = m->out_l;
    uint64_t out_p_d = m->out_p, out_n_d = m->out_n;
    int full_d = m->full;
    int valid_clear = -1, valid_set = -1, len_set = 0;

    /* stage 2 arbiter at its end (only where its result is used) */
    int best_lvl = 0, best_idx = 0;
    uint64_t any_lvl = 0;
    if ((run && m->s2_v[E] && !m->s2_pr[E]) || (m->s2_v[E] && m->s2_pr[E]))
        arbiter(m, m->s2_key[E], H + 1, &best_lvl, &best_idx, &any_lvl);
    else if (st == ST_M_RUN && m->ma_v[E])
        arbiter(m, m->s2_key[E], m->m_lvl, &best_lvl, &best_idx, &any_lvl);
    mc_a_d = best_idx;
    s3_idx_d = m->creg ? m->s3a_idx : best_idx;
    s3_lvl_d = m->creg ? m->s3a_lvl : best_lvl;
    if (run && m->s2_v[E] && !m->s2_pr[E]) {
        c_ra = best_idx;
        p_ra = best_idx;
    }

    /* the fold C decided last clock (always in ST_M_RUN: the pipeline was
     * busy then, so the batch has not moved on) */
    if (m->mf_v) {
        valid_clear = m->mf_x;
        live_d = m->live - 1;
        ctr_d[RAP_C_MERGED] = (m->ctr[RAP_C_MERGED] + 1) & LIM;
    }

    switch (st) {
    case ST_INIT:
        tc_wr = 1;
        tc_wr_idx = 0;
        tc_wr_key = 0;
        tc_wr_lvl = 0;
        c_we = 1;
        c_wa = 0;
        c_wd = 0;
        p_we = 1;
        p_wa = 0;
        p_wd = 0;
        valid_set = 0;
        len_set = 0;
        live_d = 1;
        ctr_d[RAP_C_LIVE_MAX] = 1;
        st_d = ST_IWAIT;
        break;
    case ST_IWAIT:
        if (!tc_busy) st_d = ST_RUN;
        break;
    case ST_RUN:
        if (iss_v) {
            s1_v_d = 1;
            s1_id_d = iss_id;
            s1_c_d = iss_c;
            s1_ns_d = iss_ns;
            if (iss_rq) {
                rq_n_d = m->rq_n - 1;
                for (int i = 0; i < m->rqn - 1; i++) {
                    rq_id_d[i] = m->rq_id[i + 1];
                    rq_c_d[i] = m->rq_c[i + 1];
                    rq_ns_d[i] = m->rq_ns[i + 1];
                }
                rq_id_d[m->rqn - 1] = 0;
                rq_c_d[m->rqn - 1] = 0;
                rq_ns_d[m->rqn - 1] = 0;
            }
        }
        s3_v_d = m->creg ? m->s3a_v : m->s2_v[E];
        s3a_v_d = m->s2_v[E];
        /* the counter word is written and forwarded for every stage-3 item:
         * the sum on a commit, the count unchanged on a split */
        if (m->s3_v) {
            cw_idx = m->s3_idx;
            cw_val = s3_split ? s3_cnt : s3_sum;
        }
        if (s3_commit) {
            n_d = n_commit;
            ctr_d[RAP_C_EVENTS] = n_commit;
            if (s3_skip) ctr_d[RAP_C_OVERFLOW] = (m->ctr[RAP_C_OVERFLOW] + 1) & LIM;
        }
        if (flush) {
            /* squash and replay: everything in flight, oldest first */
            int fq_n = 0;
            uint64_t fq_id[RAP_CYC_RQMAX] = {0}, fq_c[RAP_CYC_RQMAX] = {0};
            int fq_ns[RAP_CYC_RQMAX] = {0};
#define PUSH(ID, C, NS)                                                                            \
    do {                                                                                           \
        if (fq_n < m->rqn) {                                                                       \
            fq_id[fq_n] = (ID);                                                                    \
            fq_c[fq_n] = (C);                                                                      \
            fq_ns[fq_n] = (NS);                                                                    \
        }                                                                                          \
        fq_n++;                                                                                    \
    } while (0)
            if (s3_split) PUSH(m->s3_id, m->s3_c, m->s3_ns);
            if (m->creg && m->s3a_v) PUSH(m->s3a_id, m->s3a_c, m->s3a_ns);
            for (int i = E; i >= 0; i--)
                if (m->s2_v[i]) PUSH(m->s2_id[i], m->s2_c[i], m->s2_ns[i]);
            if (m->s1_v) PUSH(m->s1_id, m->s1_c, m->s1_ns);
            if (iss_v) PUSH(iss_id, iss_c, iss_ns);
            for (int r = 1; r < m->rqn; r++)
                if (r < m->rq_n) PUSH(m->rq_id[r], m->rq_c[r], m->rq_ns[r]);
#undef PUSH
            rq_n_d = fq_n;
            for (int i = 0; i < m->rqn; i++) {
                rq_id_d[i] = fq_id[i];
                rq_c_d[i] = fq_c[i];
                rq_ns_d[i] = fq_ns[i];
            }
            s1_v_d = s2_v_d = s3_v_d = s3a_v_d = 0;
            s2_kill = 1;
            if (s3_split) {
                sp_pre_d = m->creg ? m->prd_r : m->prd;
                sp_lvl_d = m->s3_lvl;
                sp_j_d = 0;
                st_d = ST_PROBE;
            } else {
                m_per_d = 1;
                st_d = ST_M_INIT;
            }
        } else if (in->eos && !b_pend && !bflush_any && !m->ev_v && m->rq_n == 0 && !m->s1_v && !s2_any &&
                   !(m->creg && m->s3a_v) && !m->s3_v) {
            sc_ld_d = 1;
            st_d = ST_RD;
        }
        break;
    case ST_PROBE:
        tc_key = child_key(m, m->sp_pre, m->sp_lvl, m->sp_j & (B - 1));
        s1_v_d = 1;
        s1_pr_d = 1;
        s1_j_d = m->sp_j & (B - 1);
        sp_j_d = (m->sp_j + 1) & ((2 * B) - 1);
        if (m->sp_j == B - 1) st_d = ST_PWAIT;
        break;
    case ST_PWAIT:
        if (m->s2_v[E] && m->s2_pr[E] && m->s2_j[E] == B - 1) st_d = ST_DECIDE;
        break;
    case ST_DECIDE: {
        int miss_cnt = 0;
        for (int j = 0; j < B; j++) miss_cnt += !((m->pres >> j) & 1u);
        if (m->live + miss_cnt <= N) {
            miss_d = ~m->pres & ((1u << B) - 1);
            st_d = ST_WR;
        } else if (rap_force_ok(m->n, m->nlm)) {
            m_per_d = 0;
            st_d = ST_M_INIT;
        } else {
            rq_ns_d[0] = 1;
            full_d = 1;
            ctr_d[RAP_C_OVERFLOW] = (m->ctr[RAP_C_OVERFLOW] + 1) & LIM;
            st_d = ST_RUN;
        }
        break;
    }
    case ST_WR:
        if (m->miss == 0) {
            if (!tc_busy) {
                ctr_d[RAP_C_SPLITS] = (m->ctr[RAP_C_SPLITS] + 1) & LIM;
                st_d = ST_RUN;
            }
        } else if (!tc_busy && !m->wr_gap) {
            int j = 0;
            while (!((m->miss >> j) & 1u)) j++;
            int f = 0; /* lowest free slot; DECIDE checked there is one */
            while (f < N - 1 && m->valid[f]) f++;
            uint64_t ck = child_key(m, m->sp_pre, m->sp_lvl, j);
            tc_wr = 1;
            tc_wr_idx = f;
            tc_wr_key = ck;
            tc_wr_lvl = m->sp_lvl + 1;
            c_we = 1;
            c_wa = f;
            c_wd = 0;
            p_we = 1;
            p_wa = f;
            p_wd = ck;
            valid_set = f;
            len_set = m->sp_lvl + 1;
            live_d = m->live + 1;
            if ((uint64_t)(m->live + 1) > m->ctr[RAP_C_LIVE_MAX])
                ctr_d[RAP_C_LIVE_MAX] = (uint64_t)(m->live + 1);
            miss_d = m->miss & ~(1u << j);
        }
        break;
    case ST_M_INIT:
        m_lvl_d = H;
        sl_d = H;
        sc_ld_d = 1;
        st_d = ST_M_RUN;
        break;
    case ST_M_RUN: {
        /* the scanner moves to the next level once this one is all emitted */
        if (!m->sc_ld && !sc_busy && m->sl != 1) {
            sl_d = m->sl - 1;
            sc_ld_d = 1;
        }
        /* K: the next node of the pipeline's level from the scanner */
        int mine = m->sc_xv && m->sc_xt == m->m_lvl;
        int lvl_done = !mine && (m->sl != m->m_lvl || (!m->sc_ld && !sc_busy));
        c_ra = p_ra = m->sc_x;
        if (mine) {
            sc_take = 1;
            mk_v_d = 1;
            mk_x_d = m->sc_x;
        } else if (lvl_done && !(m->mk_v || m->mr_v || m->mq_v || ma_any || m->mc_v)) {
            if (m->m_lvl == 1)
                st_d = ST_M_END;
            else
                m_lvl_d = m->m_lvl - 1;
        }
        /* K: x's prefix and count into R; R: search the prefix */
        mr_v_d = m->mk_v;
        if (m->mr_v) {
            tc_key = m->mr_key;
            mq_v_d = 1;
        }
        ma_v_d = m->mq_v;
        if (m->ma_v[E]) c2_ra = best_idx;
        mc_v_d = m->ma_v[E];
        if (m->mc_v) {
            /* the ancestor's word is written and forwarded for every node,
             * unchanged when x stays */
            uint64_t ca = (m->fw_v && m->fw_idx == m->mc_a) ? m->fw_val : m->crd2;
            uint64_t sum = (ca + m->mc_cx) & LIM;
            int fold = (ca + m->mc_cx) * (uint64_t)H <= m->thr;
            cw_idx = m->mc_a;
            cw_val = fold ? sum : ca;
            if (fold) {
                mf_v_d = 1;
                mf_x_d = m->mc_x;
            }
        }
        break;
    }
    case ST_M_END:
        ctr_d[RAP_C_BATCHES] = (m->ctr[RAP_C_BATCHES] + 1) & LIM;
        nlm_d = m->n;
        full_d = 0;
        st_d = m->m_per ? ST_M_NEXT : ST_RUN;
        break;
    case ST_M_NEXT:
        if (m->n >= m->nm && m->nm != LIM) {
            uint64_t w = m->nm * (uint64_t)m->c.merge_q; /* nm < 2^48, q <= 16 */
            nm_d = w > LIM ? LIM : w;
        } else {
            st_d = ST_RUN;
        }
        break;
    case ST_RD: /* the next live slot from the scanner (loaded on entry) */
        c_ra = p_ra = m->sc_x;
        if (m->sc_xv) {
            sc_take = 1;
            m_x_d = m->sc_x;
            st_d = ST_RO_LOAD;
        } else if (!m->sc_ld && !sc_busy) {
            ro_c_d = 0;
            st_d = ST_CNT;
        }
        break;
    case ST_RO_LOAD:
        out_v_d = 1;
        out_k_d = 0;
        out_p_d = m->prd;
        out_l_d = (m->len[m->m_x] * K) & 0xff;
        out_n_d = m->crd;
        st_d = ST_RO_WAIT;
        break;
    case ST_RO_WAIT:
        if (in->out_ready) {
            out_v_d = 0;
            st_d = ST_RD;
        }
        break;
    case ST_CNT:
        out_v_d = 1;
        out_k_d = 1;
        out_p_d = 0;
        out_l_d = m->ro_c;
        out_n_d = m->ctr[m->ro_c];
        st_d = ST_CNT_WAIT;
        break;
    case ST_CNT_WAIT:
        if (in->out_ready) {
            out_v_d = 0;
            if (m->ro_c == RAP_NCOUNTERS - 1) {
                st_d = ST_DONE;
            } else {
                ro_c_d = m->ro_c + 1;
                st_d = ST_CNT;
            }
        }
        break;
    default:
        break;
    }

    /* the counter write of stage 3 or the merge compare, forwarded */
    if (cw_idx >= 0) {
        c_we = 1;
        c_wa = cw_idx;
        c_wd = cw_val;
        fw_v_d = 1;
        fw_idx_d = cw_idx;
        fw_val_d = cw_val;
    }

    /* stage 2 probe result */
    if (m->s2_v[E] && m->s2_pr[E]) {
        unsigned bit = 1u << m->s2_j[E];
        if ((any_lvl >> (m->sp_lvl + 1)) & 1u)
            pres_d |= bit;
        else
            pres_d &= ~bit;
    }

    /* ---- clock edge: RAM reads see the old contents; the scanner loads
     * the table registers before this clock's fold */
    scan_step(m, st == ST_RD, sc_next, sc_take);
    m->sc_ld = sc_ld_d;
    m->sl = sl_d;
    if (m->creg) {
        /* s3a: the item and the words read at s2e, one clock on */
        m->s3a_v = s3a_v_d;
        m->s3a_ns = m->s2_ns[E];
        m->s3a_id = m->s2_id[E];
        m->s3a_c = m->s2_c[E];
        m->s3a_idx = best_idx;
        m->s3a_lvl = best_lvl;
        m->crd_r = m->crd;
        m->prd_r = m->prd;
        m->fw2_v = m->fw_v;
        m->fw2_idx = m->fw_idx;
        m->fw2_val = m->fw_val;
    }
    /* R: the words read at K, registered (before this clock's reads) */
    m->mr_key = m->prd;
    m->mr_cx = m->crd;
    if (c_ra >= 0) m->crd = m->cmem[c_ra];
    if (c2_ra >= 0) m->crd2 = m->cmem[c2_ra];
    if (p_ra >= 0) m->prd = m->pmem[p_ra];
    if (c_we) m->cmem[c_wa] = c_wd;
    /* TCAM content and table registers */
    if (m->tc_busy) m->tc_busy--;
    m->wr_gap = tc_wr;
    if (tc_wr) tcam_write(m, tc_wr_idx, tc_wr_key, tc_wr_lvl);
    if (valid_clear >= 0) {
        h_del(m, m->pmem[valid_clear], m->len[valid_clear]);
        m->valid[valid_clear] = 0;
        out->structural = 1;
    }
    if (p_we) m->pmem[p_wa] = p_wd;
    if (valid_set >= 0) {
        if (m->valid[valid_set]) h_del(m, m->pmem[valid_set], m->len[valid_set]);
        m->valid[valid_set] = 1;
        m->len[valid_set] = (uint8_t)len_set;
        h_put(m, m->pmem[valid_set], len_set, valid_set);
        out->structural = 1;
    }
    if (st == ST_M_END) out->structural = 1;

    m->st = st_d;
    m->ev_v = ev_v_d;
    m->ev_id = ev_id_d;
    m->ev_c = ev_c_d;
    m->rq_n = rq_n_d;
    for (int i = 0; i < m->rqn; i++) {
        m->rq_id[i] = rq_id_d[i];
        m->rq_c[i] = rq_c_d[i];
        m->rq_ns[i] = rq_ns_d[i];
    }
    m->s1_v = s1_v_d;
    m->s1_pr = s1_pr_d;
    m->s1_ns = s1_ns_d;
    m->s1_j = s1_j_d;
    m->s1_id = s1_id_d;
    m->s1_c = s1_c_d;
    /* stage 2 moves on every clock; a flush empties it */
    for (int i = E; i > 0; i--) {
        m->s2_v[i] = m->s2_v[i - 1] && !s2_kill;
        m->s2_pr[i] = m->s2_pr[i - 1];
        m->s2_ns[i] = m->s2_ns[i - 1];
        m->s2_j[i] = m->s2_j[i - 1];
        m->s2_id[i] = m->s2_id[i - 1];
        m->s2_c[i] = m->s2_c[i - 1];
        m->s2_key[i] = m->s2_key[i - 1];
        m->ma_v[i] = m->ma_v[i - 1];
        m->ma_x[i] = m->ma_x[i - 1];
        m->ma_cx[i] = m->ma_cx[i - 1];
    }
    m->s2_v[0] = s2_v_d;
    m->s2_pr[0] = s2_pr_d;
    m->s2_ns[0] = s2_ns_d;
    m->s2_j[0] = s2_j_d;
    m->s2_id[0] = s2_id_d;
    m->s2_c[0] = s2_c_d;
    m->s2_key[0] = s2_key_d;
    m->key_q = tc_key & m->WMASK;
    m->s3_v = s3_v_d;
    m->s3_ns = s3_ns_d;
    m->s3_idx = s3_idx_d;
    m->s3_lvl = s3_lvl_d;
    m->s3_id = s3_id_d;
    m->s3_c = s3_c_d;
    m->thr = thr_d & LIM;
    m->fw_v = fw_v_d;
    m->fw_idx = fw_idx_d;
    m->fw_val = fw_val_d;
    m->full = full_d;
    m->n = n_d;
    m->nm = nm_d;
    m->nlm = nlm_d;
    lsum_step(m, st == ST_INIT, b_take, ev_push, s3_commit, live_d);
    /* the skid register: the second entry loads whenever it is empty, the
     * head when it is empty or taken (from the second if that is full) */
    if (m->inreg) {
        int v0 = b_take ? m->iv1 || in_acc : m->iv0 || in_acc;
        int v1 = !b_take && (m->iv1 || (m->iv0 && in_acc));
        if (b_take || !m->iv0) m->iid0 = m->iv1 ? m->iid1 : in_id;
        if (!m->iv1) m->iid1 = in_id;
        m->iv0 = v0;
        m->iv1 = v1;
    }
    m->live = live_d;
    memcpy(m->ctr, ctr_d, sizeof ctr_d);
    m->sp_pre = sp_pre_d;
    m->sp_lvl = sp_lvl_d;
    m->sp_j = sp_j_d;
    m->pres = pres_d;
    m->miss = miss_d;
    m->m_lvl = m_lvl_d;
    m->m_x = m_x_d;
    m->m_per = m_per_d;
    m->mr_v = mr_v_d;
    m->mr_x = m->mk_x;
    m->mk_v = mk_v_d;
    m->mq_v = mq_v_d;
    m->ma_v[0] = ma_v_d;
    m->mc_v = mc_v_d;
    m->mf_v = mf_v_d;
    m->mf_x = mf_x_d;
    m->mk_x = mk_x_d;
    m->mq_x = mq_x_d;
    m->ma_x[0] = ma_x_d;
    m->mc_x = mc_x_d;
    m->mc_a = mc_a_d;
    m->mq_cx = mq_cx_d;
    m->ma_cx[0] = ma_cx_d;
    m->mc_cx = mc_cx_d;
    m->ro_c = ro_c_d;
    m->out_v = out_v_d;
    m->out_k = out_k_d;
    m->out_p = out_p_d;
    m->out_l = out_l_d;
    m->out_n = out_n_d;
}

int rap_cyc_slot(const rap_cyc_t *m, int slot, rap_node *node)
{
    if (slot < 0 || slot >= m->c.entries || !m->valid[slot]) return 0;
    node->prefix = m->pmem[slot];
    node->len = m->len[slot];
    node->count = m->cmem[slot];
    node->slot = slot;
    return 1;
}

uint64_t rap_cyc_counter(const rap_cyc_t *m, int which)
{
    return (which >= 0 && which < RAP_NCOUNTERS) ? m->ctr[which] : 0;
}

int rap_cyc_live(const rap_cyc_t *m) { return m->live; }
uint64_t rap_cyc_live_sum(const rap_cyc_t *m, int *tq_max)
{
    if (tq_max) *tq_max = m->tq_max;
    return m->lsum;
}
uint64_t rap_cyc_next_merge(const rap_cyc_t *m) { return m->nm; }
int rap_cyc_full(const rap_cyc_t *m) { return m->full; }

uint64_t rap_cyc_run(rap_cyc_t *m, const uint64_t *keys, uint64_t nkeys, uint64_t limit)
{
    rap_cyc_in in = {0};
    rap_cyc_out out;
    in.rst = 1;
    for (int i = 0; i < 4; i++) rap_cyc_step(m, &in, &out);
    in.rst = 0;
    in.out_ready = 1;
    uint64_t k = 0, cyc = 0;
    for (;;) {
        in.in_valid = k < nkeys;
        in.in_id = in.in_valid ? keys[k] : 0;
        in.eos = k >= nkeys;
        rap_cyc_step(m, &in, &out);
        cyc++;
        if (in.in_valid && out.in_ready) k++;
        if (out.done) return cyc;
        if (cyc > limit) return 0;
    }
}
