/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine `strat`: functional and cycle models of the stratified-sampling
 * stream compressors (Sastry, Bodik, Smith 2001, sections 3-4). See strat.h.
 */
#include "strat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

static const char *const mode_names[STRAT_NMODES] = {"R", "P", "CR", "H[R]", "H[P]", "H[CR]",
                                                      "tagged"};
static const char *const mode_keys[STRAT_NMODES] = {"r", "p", "cr", "hr", "hp", "hcr", "tag"};

const char *strat_mode_name(int mode)
{
    return (mode >= 0 && mode < STRAT_NMODES) ? mode_names[mode] : "?";
}

int strat_mode_parse(const char *s)
{
    for (int i = 0; i < STRAT_NMODES; i++)
        if (!strcmp(s, mode_keys[i])) return i;
    if (!strcmp(s, "tagged")) return STRAT_TAG;
    return -1;
}

static int is_hashed(int mode) { return mode >= STRAT_HR; }
static int is_random(int mode)
{
    return mode == STRAT_R || mode == STRAT_CR || mode == STRAT_HR || mode == STRAT_HCR;
}

void strat_cfg_default(strat_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->width = 64;
    c->idx_bits = 11;
    c->ways = 2;
    c->cnt_bits = 16;
    c->miss_bits = 3;
    c->tag_bits = 2;
    c->ak_entries = 16;
    c->fifo_bits = 9;
    c->hash_seed = 1;
    c->mode = STRAT_HP;
    c->rate = 256;
    c->evict = 16;
    c->replace = 4;
    c->lfsr_seed = 1;
    c->ak_en = 0;
}

int strat_cfg_check(strat_cfg *c, char *msg)
{
#define BAD(...) do { snprintf(msg, 256, __VA_ARGS__); return -1; } while (0)
    if (c->width < 8 || c->width > 64 || c->width % 8)
        BAD("width %d: must be a multiple of 8 in 8..64", c->width);
    if (c->idx_bits < 1 || c->idx_bits > 16)
        BAD("entries 2^%d: index bits must be in 1..16 (entries 2..65536)", c->idx_bits);
    if (c->ways != 1 && c->ways != 2 && c->ways != 4) BAD("ways %d: must be 1, 2 or 4", c->ways);
    if (hwp_clog2((uint64_t)c->ways) >= c->idx_bits)
        BAD("ways %d: needs at least 2 sets (entries %d)", c->ways, 1 << c->idx_bits);
    if (c->cnt_bits < 2 || c->cnt_bits > 24) BAD("counter bits %d: must be in 2..24", c->cnt_bits);
    if (c->miss_bits < 1 || c->miss_bits > 8 || c->miss_bits >= c->cnt_bits)
        BAD("miss-counter bits %d: must be in 1..8 and below the counter bits (%d)",
            c->miss_bits, c->cnt_bits);
    if (c->tag_bits < 1 || c->tag_bits > 16 || c->tag_bits > c->width)
        BAD("tag bits %d: must be in 1..16", c->tag_bits);
    if (c->ak_entries < 1 || c->ak_entries > STRAT_MAX_AK)
        BAD("A_k entries %d: must be in 1..%d", c->ak_entries, STRAT_MAX_AK);
    if (c->fifo_bits < 2 || c->fifo_bits > 12)
        BAD("FIFO depth 2^%d: address bits must be in 2..12 (depth 4..4096)", c->fifo_bits);
    if (c->oreg != 0 && c->oreg != 1) BAD("OREG %d: must be 0 or 1", c->oreg);
    if (c->mode < 0 || c->mode >= STRAT_NMODES) BAD("mode %d unknown", c->mode);
    uint64_t cmax = 1ull << c->cnt_bits;
    if (c->rate < 1 || c->rate > cmax)
        BAD("rate %u: must be in 1..%llu (2^counter bits)", c->rate, (unsigned long long)cmax);
    if (is_random(c->mode) && c->rate > 65536)
        BAD("rate %u: random samplers draw 16-bit numbers, rate must be <= 65536", c->rate);
    if (c->evict < 1 || c->evict > cmax)
        BAD("evict threshold %u: must be in 1..%llu", c->evict, (unsigned long long)cmax);
    if (c->replace < 1 || c->replace > (1u << c->miss_bits))
        BAD("replace threshold %u: must be in 1..%u (2^miss-counter bits)", c->replace,
            1u << c->miss_bits);
    if (c->lfsr_seed == 0) BAD("LFSR seed must be nonzero (an all-zero LFSR never moves)");
    uint32_t t = (65536u + c->rate / 2) / c->rate;
    c->rthr = t < 1 ? 1 : t;
    return 0;
#undef BAD
}

int strat_ent_bits(const strat_cfg *c) { return c->cnt_bits + c->miss_bits + c->tag_bits + 1; }

uint32_t strat_lfsr_next(uint32_t s)
{
    for (int i = 0; i < 16; i++) s = (s >> 1) ^ ((0u - (s & 1u)) & 0x80200003u);
    return s;
}

uint32_t strat_tag(const strat_cfg *c, uint64_t a, uint64_t b)
{
    uint64_t v = (a ^ b) & hwp_mask(c->width);
    uint32_t t = 0;
    for (int s = 0; s < c->width; s += c->tag_bits) t ^= (uint32_t)((v >> s) & hwp_mask(c->tag_bits));
    return t;
}

/* Tagged E1 / E5: the tuple takes entry e with count n; a count at the rate
 * is sent at once (E2) and leaves the entry free. Returns 1 when sent. */
static int tag_take(const strat_cfg *c, strat_stats *st, strat_ent *e, uint32_t tag, uint32_t n)
{
    e->tag = tag;
    e->miss = 0;
    if (n >= c->rate) {
        st->e2++;
        e->v = 0;
        e->hit = 0;
        return 1;
    }
    e->v = 1;
    e->hit = n;
    return 0;
}

int strat_set_update(const strat_cfg *c, const strat_ent *old, strat_ent *newv, uint32_t hidx,
                     uint64_t a, uint64_t b, uint32_t tag, uint32_t u16, strat_msg *m,
                     strat_stats *st)
{
    int set_bits = c->idx_bits - hwp_clog2((uint64_t)c->ways);
    int sel = u16 < c->rthr;
    int emit = 0;
    uint32_t count = 0;
    for (int w = 0; w < c->ways; w++) newv[w] = old[w];
    st->events++;

    switch (c->mode) {
    case STRAT_R:
    case STRAT_HR:
        if (sel) {
            emit = 1;
            count = c->rate;
        }
        break;
    case STRAT_P:
    case STRAT_HP:
    case STRAT_CR:
    case STRAT_HCR: {
        /* the entry counts its events and sends the count: P at the rate,
         * CR when the sampler chooses the event or the counter would wrap */
        strat_ent *e = &newv[hidx >> set_bits];
        uint32_t n = e->hit + 1;
        int cr = c->mode == STRAT_CR || c->mode == STRAT_HCR;
        if (cr ? sel || n == (1u << c->cnt_bits) : n >= c->rate) {
            if (cr && !sel) st->forced++;
            emit = 1;
            count = n;
            e->hit = 0;
        } else {
            e->hit = n;
        }
        break;
    }
    case STRAT_TAG: {
        int hw = -1, fw = -1, vw = 0;
        for (int w = c->ways - 1; w >= 0; w--) {
            if (old[w].v && old[w].tag == tag) hw = w;
            if (!old[w].v) fw = w;
        }
        for (int w = 1; w < c->ways; w++)
            if (old[w].hit < old[vw].hit) vw = w;
        if (hw >= 0) {
            /* E3 / E6a accumulate; E2 saturate; E6 evict with the tuple at hand */
            strat_ent *e = &newv[hw];
            uint32_t n = e->hit + 1;
            if (n >= c->rate || (e->miss != 0 && n >= c->evict)) {
                emit = 1;
                count = n;
                if (e->miss) st->e6++; else st->e2++;
                e->v = 0;
                e->hit = e->miss; /* the misses seen become the next tuple's count */
                e->miss = 0;
            } else {
                e->hit = n;
            }
        } else if (fw >= 0) {
            /* E1: allocate, keeping any count carried over by E6 */
            count = newv[fw].hit + 1;
            emit = tag_take(c, st, &newv[fw], tag, count);
        } else {
            strat_ent *e = &newv[vw];
            uint32_t mm = e->miss + 1;
            if (mm >= c->replace) {
                /* E5: replace; hit and miss counts both go to the new tuple */
                st->e5++;
                count = e->hit + mm;
                emit = tag_take(c, st, e, tag, count);
            } else {
                /* E4 (Valid -> Evict) / E5a (count another miss) */
                if (e->miss == 0) st->e4++;
                e->miss = mm;
            }
        }
        break;
    }
    default:
        break;
    }
    if (emit) {
        m->a = a;
        m->b = b;
        m->count = count;
        st->samples++;
        st->sampled_cnt += count;
    }
    return emit;
}

int strat_ak_classify(const strat_ak *ak, const strat_msg *m, int *slot)
{
    for (int i = 0; i < ak->k; i++) {
        if (ak->v[i] && ak->a[i] == m->a && ak->b[i] == m->b) {
            *slot = i;
            return (ak->c[i] & 0x80000000u) ? STRAT_AK_OVF : STRAT_AK_HIT;
        }
    }
    *slot = ak->ptr;
    return ak->v[ak->ptr] ? STRAT_AK_EVICT : STRAT_AK_INSERT;
}

int strat_ak_apply(strat_ak *ak, const strat_msg *m, int kind, int slot, strat_msg *out,
                   strat_stats *st)
{
    int emit = 0;
    switch (kind) {
    case STRAT_AK_HIT:
        ak->c[slot] += m->count;
        st->ak_hits++;
        break;
    case STRAT_AK_OVF:
    case STRAT_AK_EVICT:
        out->a = ak->a[slot];
        out->b = ak->b[slot];
        out->count = ak->c[slot];
        emit = 1;
        st->ak_evict++;
        /* fall through */
    case STRAT_AK_INSERT:
        ak->v[slot] = 1;
        ak->a[slot] = m->a;
        ak->b[slot] = m->b;
        ak->c[slot] = m->count;
        if (kind != STRAT_AK_OVF) ak->ptr = (ak->ptr == ak->k - 1) ? 0 : ak->ptr + 1;
        break;
    default:
        break;
    }
    return emit;
}

/* ------------------------------------------------------------ functional */

int strat_fn_init(strat_fn *f, const strat_cfg *c, char *msg)
{
    memset(f, 0, sizeof *f);
    f->cfg = *c;
    if (strat_cfg_check(&f->cfg, msg)) return -1;
    if (hwp_hash_init(&f->h, 1, c->width, c->idx_bits, c->hash_seed, msg)) return -1;
    f->tab = calloc((size_t)1 << c->idx_bits, sizeof *f->tab);
    if (!f->tab) {
        snprintf(msg, 256, "out of memory");
        return -1;
    }
    f->lfsr = c->lfsr_seed;
    f->ak.k = c->ak_entries;
    return 0;
}

void strat_fn_free(strat_fn *f)
{
    free(f->tab);
    f->tab = NULL;
}

int strat_event_of(int retire, const hwp_rec *r, uint64_t *a, uint64_t *b)
{
    if (retire) {
        if (r->cls != HWP_CLS_LOAD || !(r->flags & HWP_RF_VALUE)) return 0;
        *a = r->a;
        *b = r->value;
    } else {
        *a = r->a;
        *b = r->b;
    }
    return 1;
}

int strat_fn_event(strat_fn *f, uint64_t a, uint64_t b, strat_msg out[2])
{
    const strat_cfg *c = &f->cfg;
    uint64_t mk = hwp_mask(c->width);
    a &= mk;
    b &= mk;
    int set_bits = c->idx_bits - hwp_clog2((uint64_t)c->ways);
    uint32_t hidx = is_hashed(c->mode) ? hwp_hash_index(&f->h, 0, a, b) : 0;
    strat_ent *set = &f->tab[(size_t)(hidx & ((1u << set_bits) - 1)) * c->ways];
    strat_ent nv[STRAT_MAX_WAYS];
    strat_msg m;
    f->lfsr = strat_lfsr_next(f->lfsr);
    int e = strat_set_update(c, set, nv, hidx, a, b, strat_tag(c, a, b), f->lfsr & 0xffffu, &m,
                             &f->st);
    memcpy(set, nv, sizeof(strat_ent) * (size_t)c->ways);
    if (!e) return 0;
    if (!c->ak_en) {
        out[0] = m;
        f->st.out_msgs++;
        f->st.out_cnt += m.count;
        return 1;
    }
    int slot, kind = strat_ak_classify(&f->ak, &m, &slot);
    if (strat_ak_apply(&f->ak, &m, kind, slot, &out[0], &f->st)) {
        f->st.out_msgs++;
        f->st.out_cnt += out[0].count;
        return 1;
    }
    return 0;
}

int strat_fn_flush(strat_fn *f, strat_msg *out)
{
    int n = 0;
    if (!f->cfg.ak_en) return 0;
    for (int i = 0; i < f->ak.k; i++) {
        if (!f->ak.v[i]) continue;
        out[n].a = f->ak.a[i];
        out[n].b = f->ak.b[i];
        out[n].count = f->ak.c[i];
        f->st.out_msgs++;
        f->st.out_cnt += out[n].count;
        f->st.ak_flush++;
        f->ak.v[i] = 0;
        n++;
    }
    return n;
}

/* ------------------------------------------------------------ cycle model */

int strat_cyc_init(strat_cyc *m, const strat_cfg *c, char *msg)
{
    memset(m, 0, sizeof *m);
    m->cfg = *c;
    if (strat_cfg_check(&m->cfg, msg)) return -1;
    if (hwp_hashu_init(&m->hu, 1, c->width, c->idx_bits, c->hash_seed, 1, c->oreg, msg)) return -1;
    m->nbp = 1 + c->oreg;
    m->set_bits = c->idx_bits - hwp_clog2((uint64_t)c->ways);
    m->sets = 1 << m->set_bits;
    m->ew = strat_ent_bits(c);
    m->tab = hwp_arrays_calloc(&m->mem, (size_t)1 << c->idx_bits, sizeof *m->tab);
    m->fifo = hwp_arrays_calloc(&m->mem, (size_t)1 << c->fifo_bits, sizeof *m->fifo);
    if (m->mem.failed) {
        snprintf(msg, 256, "out of memory");
        strat_cyc_free(m);
        return -1;
    }
    strat_cyc_reset(m);
    return 0;
}

void strat_cyc_free(strat_cyc *m) { hwp_arrays_free(&m->mem); }

void strat_cyc_reset(strat_cyc *m)
{
    hwp_hashu_reset(&m->hu);
    m->clr = 1;
    m->clr_addr = 0;
    m->inflight = 0;
    memset(m->bp, 0, sizeof m->bp);
    m->lw_v = 0;
    m->lfsr = m->cfg.lfsr_seed;
    m->f_rd = m->f_wr = m->f_cnt = 0;
    m->f_dv = 0;
    m->f_pv = 0;
    m->wp_v = 0;
    memset(&m->ak, 0, sizeof m->ak);
    m->ak.k = m->cfg.ak_entries;
    m->fl_active = m->fl_done = m->fl_idx = 0;
    m->o_v = 0;
    m->k0_v = 0;
    m->k1_v = 0;
    memset(&m->st, 0, sizeof m->st);
    m->cycles = 0;
    m->structural = 0;
}

void strat_cyc_step(strat_cyc *m, const strat_cyc_in *in, strat_cyc_out *out)
{
    const strat_cfg *c = &m->cfg;
    uint32_t depth = 1u << c->fifo_bits;
    uint32_t smask = (uint32_t)m->sets - 1;
    int ways = c->ways;
    /* the FIFO has room for B's message after W's */
    int en = !m->clr && m->f_cnt + (uint32_t)m->wp_v < depth;
    struct strat_bslot *b = &m->bp[m->nbp - 1];
    int b_busy = m->bp[0].v || b->v;
    int flush_start = in->flush && !m->fl_active && !m->fl_done && m->inflight == 0 && !b_busy &&
                      !m->wp_v && m->f_cnt == 0 && !m->f_dv && !m->f_pv && !m->k0_v && !m->k1_v;

    memset(out, 0, sizeof *out);
    out->out_valid = m->o_v;
    out->out_a = m->o.a;
    out->out_b = m->o.b;
    out->out_count = m->o.count;
    out->done = in->flush && m->inflight == 0 && !b_busy && !m->wp_v && m->f_cnt == 0 && !m->f_dv && !m->f_pv &&
                !m->k0_v && !m->k1_v && !m->o_v && (!c->ak_en || m->fl_done);
    m->structural = 0;

    /* hash unit: stage A is its output register; it advances when we do */
    hwp_hashu_in hi = {in->in_valid, in->in_a, in->in_b, 0, en};
    hwp_hashu_out ho;
    hwp_hashu_step(&m->hu, &hi, &ho);
    out->in_ready = ho.in_ready;

    /* stage B: read-modify-write of the set, on the table as it is now */
    int push = 0;
    strat_msg pm;
    strat_ent nv[STRAT_MAX_WAYS];
    uint32_t b_set = b->idx & smask;
    if (en && b->v) {
        const strat_ent *old = &m->tab[(size_t)b_set * ways];
        m->lfsr = strat_lfsr_next(m->lfsr);
        push = strat_set_update(c, old, nv, b->idx, b->a, b->b, strat_tag(c, b->a, b->b),
                                m->lfsr & 0xffffu, &pm, &m->st);
        if (push) m->structural = 1;
    }

    /* output stage K2: A_k or pass-through, from K1 */
    int take = 0;
    int out_free = !m->o_v || in->out_ready;
    int o_v_next = m->o_v && !in->out_ready;
    strat_msg o_next = m->o;
    if (c->ak_en) {
        if (m->fl_active) {
            if (out_free) {
                int i = m->fl_idx;
                if (m->ak.v[i]) {
                    o_next.a = m->ak.a[i];
                    o_next.b = m->ak.b[i];
                    o_next.count = m->ak.c[i];
                    o_v_next = 1;
                    m->ak.v[i] = 0;
                    m->st.ak_flush++;
                    m->structural = 1;
                }
                if (i == m->ak.k - 1) {
                    m->fl_active = 0;
                    m->fl_done = 1;
                } else {
                    m->fl_idx = i + 1;
                }
            }
        } else if (m->k1_v) {
            /* the registered match vector decides (lowest set bit) */
            int slot, kind;
            if (m->k1_match) {
                slot = 0;
                while (!((m->k1_match >> slot) & 1u)) slot++;
                kind = (m->ak.c[slot] & 0x80000000u) ? STRAT_AK_OVF : STRAT_AK_HIT;
            } else {
                slot = m->ak.ptr;
                kind = m->ak.v[slot] ? STRAT_AK_EVICT : STRAT_AK_INSERT;
            }
            /* K2 acts only when the output register is free, whatever the
             * action (the RTL's take does not wait for the match decode) */
            if (out_free) {
                if (strat_ak_apply(&m->ak, &m->k1, kind, slot, &o_next, &m->st)) o_v_next = 1;
                take = 1;
                m->structural = 1;
            }
        }
        if (flush_start) {
            m->fl_active = 1;
            m->fl_idx = 0;
        }
    } else if (m->k1_v && out_free) {
        o_next = m->k1;
        o_v_next = 1;
        take = 1;
    }
    if (o_v_next && (!m->o_v || in->out_ready)) {
        /* a new message is loaded into the output register */
        m->st.out_msgs++;
        m->st.out_cnt += o_next.count;
    }
    m->o_v = o_v_next;
    m->o = o_next;

    /* K1: K0's message moves in with its match vector against the table as
     * K2 left it this cycle (the RTL forwards K2's insertion) */
    int k1_load = m->k0_v && (!m->k1_v || take);
    if (k1_load) {
        m->k1 = m->k0;
        m->k1_v = 1;
        m->k1_match = 0;
        for (int i = 0; i < m->ak.k; i++)
            if (m->ak.v[i] && m->ak.a[i] == m->k1.a && m->ak.b[i] == m->k1.b)
                m->k1_match |= 1ull << i;
    } else if (take) {
        m->k1_v = 0;
    }

    /* K0: the FIFO head, registered */
    int pop = m->f_dv && (!m->k0_v || k1_load);
    if (pop) {
        m->k0 = m->f_dout;
        m->k0_v = 1;
    } else if (k1_load) {
        m->k0_v = 0;
    }

    /* FIFO: read into the head register (with OREG through f_pre), then
     * the push from stage W; B's message goes to W */
    int h_load = c->oreg && m->f_pv && (!m->f_dv || pop);
    int rd = (c->oreg ? (!m->f_pv || h_load) : (!m->f_dv || pop)) && m->f_cnt > 0;
    if (c->oreg) {
        if (h_load) {
            m->f_dout = m->f_pre;
            m->f_dv = 1;
        } else if (pop) {
            m->f_dv = 0;
        }
        if (rd) {
            m->f_pre = m->fifo[m->f_rd];
            m->f_pv = 1;
        } else if (h_load) {
            m->f_pv = 0;
        }
    } else if (rd) {
        m->f_dout = m->fifo[m->f_rd];
        m->f_dv = 1;
    } else if (pop) {
        m->f_dv = 0;
    }
    if (rd) m->f_rd = (m->f_rd + 1) & (depth - 1);
    if (m->wp_v) {
        m->fifo[m->f_wr] = m->wp;
        m->f_wr = (m->f_wr + 1) & (depth - 1);
    }
    m->f_cnt = m->f_cnt + (uint32_t)m->wp_v - (uint32_t)rd;
    m->wp_v = push;
    if (push) m->wp = pm;

    /* table write: clear after reset, else stage B's write-back */
    m->lw_v = 0;
    if (m->clr) {
        memset(&m->tab[(size_t)m->clr_addr * ways], 0, sizeof(strat_ent) * (size_t)ways);
        if (m->clr_addr == smask) m->clr = 0; else m->clr_addr++;
    } else if (en && b->v) {
        memcpy(&m->tab[(size_t)b_set * ways], nv, sizeof(strat_ent) * (size_t)ways);
        m->lw_v = 1;
        m->lw_set = b_set;
    }
    /* the stages after the hash unit advance together */
    if (en) {
        for (int k = m->nbp - 1; k > 0; k--) m->bp[k] = m->bp[k - 1];
        m->bp[0].v = ho.out_valid;
        if (ho.out_valid) {
            m->bp[0].a = ho.out_a;
            m->bp[0].b = ho.out_b;
            m->bp[0].idx = is_hashed(c->mode) ? ho.out_idx[0] : 0;
        }
    }
    m->inflight += (in->in_valid && ho.in_ready) - (ho.out_valid && en);
    m->cycles++;
}
