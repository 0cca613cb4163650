/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine `strat`: the stream compressors of Sastry, Bodik and Smith, "Rapid
 * Profiling via Stratified Sampling" (ISCA 2001), sections 3 and 4.
 *
 * One datapath covers every sampler of the paper, selected at run time:
 *   R_r, P_r, CR_r            (section 3.1; a single counter, index 0)
 *   H[R_r]_n, H[P_r]_n, H[CR_r]_n  (section 3.2/3.5; the shared hash unit
 *                             splits the stream over n counters)
 *   tagged                    (section 4, Figure 6: partial tags, hit and miss
 *                             counters, Empty/Valid/Evict per entry)
 * followed by an output FIFO and the optional A_k associative second-level
 * aggregator (section 3.4) in front of the output. A message is
 * <a, b, count>: the tuple and the number of events it stands for.
 *
 * Two models share the same per-event code (strat_set_update, strat_ak_*):
 *   strat_fn_*   functional model: one call per event, no clock (used by eval)
 *   strat_cyc_*  cycle model of rtl/strat/hwp_strat.v: one step per clock
 * tests/unit/test_strat_equiv.c proves their message streams equal.
 */
#ifndef HWP_STRAT_H
#define HWP_STRAT_H

#include <stdint.h>

#include "arrays.h"
#include "hash.h"
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

enum strat_mode {
    STRAT_R = 0,   /* R_r: random sampler, p = rthr/65536 ~ 1/r, count r */
    STRAT_P = 1,   /* P_r: every r-th event, count r */
    STRAT_CR = 2,  /* CR_r: random sampler + stream-length counter */
    STRAT_HR = 3,  /* H[R_r]_n */
    STRAT_HP = 4,  /* H[P_r]_n (the paper's choice; our default) */
    STRAT_HCR = 5, /* H[CR_r]_n */
    STRAT_TAG = 6, /* tagged compressor of section 4 */
    STRAT_NMODES = 7
};

const char *strat_mode_name(int mode); /* "R", "P", "CR", "H[R]", ... */
int strat_mode_parse(const char *s);   /* r p cr hr hp hcr tag; -1 if unknown */

#define STRAT_MAX_WAYS 4
#define STRAT_MAX_AK 64

typedef struct strat_cfg {
    /* build time (RTL parameters) */
    int width;           /* W: bits of each tuple field, 8..64, multiple of 8 */
    int idx_bits;        /* IDX_W: n = 2^IDX_W counters, 1..16 */
    int ways;            /* WAYS: 1, 2 or 4 (tagged associativity; sets = n/ways) */
    int cnt_bits;        /* CNT_W: hit/sample counter bits, 2..24 */
    int miss_bits;       /* MISS_W: miss counter bits, 1..8, < CNT_W */
    int tag_bits;        /* TAG_W: partial tag bits, 1..16 */
    int ak_entries;      /* AK_K: A_k entries, 1..64 */
    int fifo_bits;       /* FIFO_AW: output FIFO depth 2^FIFO_AW, 1..12 */
    uint32_t hash_seed;  /* HASH_SEED of the shared hash unit */
    int oreg;            /* OREG: 1 = registered block-RAM outputs (2 more pipeline stages) */
    /* run time (RTL configuration inputs) */
    int mode;            /* enum strat_mode */
    uint32_t rate;       /* r, 1..2^CNT_W */
    uint32_t evict;      /* ShouldEvict: hits >= evict, 1..2^CNT_W */
    uint32_t replace;    /* ShouldReplace: misses >= replace, 1..2^MISS_W */
    uint32_t lfsr_seed;  /* LFSR seed, nonzero */
    int ak_en;           /* A_k on */
    /* derived by strat_cfg_check */
    uint32_t rthr;       /* random select threshold: select if u16 < rthr */
} strat_cfg;

/* Defaults: H[P_256]_2048, W=64, 2 ways, CNT_W=16, MISS_W=3, TAG_W=2,
 * A_16 off, evict 16, replace 4, FIFO 512. */
void strat_cfg_default(strat_cfg *c);
/* Validates every field and fills rthr. Returns 0, or -1 with msg (>= 256
 * bytes) naming the bad parameter. */
int strat_cfg_check(strat_cfg *c, char *msg);

/* One counter-table entry. H[X] modes use only `hit` (the counter). */
typedef struct strat_ent {
    uint32_t v;    /* allocated (tagged: Valid or Evict) */
    uint32_t tag;  /* partial tag */
    uint32_t miss; /* miss counter (tagged: Evict iff v && miss != 0) */
    uint32_t hit;  /* hit counter / sample counter */
} strat_ent;

/* Packed layout of one entry in the RTL memory word, low bits first:
 * hit[CNT_W] | miss[MISS_W] | tag[TAG_W] | v[1]; way w at w*EW. */
int strat_ent_bits(const strat_cfg *c);

typedef struct strat_msg {
    uint64_t a, b;
    uint32_t count;
} strat_msg;

typedef struct strat_stats {
    uint64_t events;       /* events processed by the sampler */
    uint64_t samples;      /* messages leaving the sampler (into the FIFO) */
    uint64_t sampled_cnt;  /* sum of their counts */
    uint64_t forced;       /* CR: messages forced by counter saturation */
    uint64_t e2, e4, e5, e6; /* tagged transitions: saturate, miss->Evict, replace, evict */
    uint64_t ak_hits, ak_evict, ak_flush;
    uint64_t out_msgs;     /* messages delivered at the output */
    uint64_t out_cnt;      /* sum of their counts */
} strat_stats;

/* 32-bit Galois LFSR, mask 0x80200003 (taps 32,22,2,1), shifted right 16
 * times per event; the random number of the event is the low 16 bits of the
 * new state. */
uint32_t strat_lfsr_next(uint32_t s);

/* Tag of section 4.1: xorfold(a ^ b, TAG_W) over W bits. */
uint32_t strat_tag(const strat_cfg *c, uint64_t a, uint64_t b);

/* The per-event table update (stage B of the RTL). `old` is the set read
 * for the event, `newv` receives the set to write back. hidx is the hash
 * index (IDX_W bits; 0 in the non-hashed modes), u16 the event's random
 * number. Returns 1 and fills *m if a message leaves. */
int strat_set_update(const strat_cfg *c, const strat_ent *old, strat_ent *newv, uint32_t hidx,
                     uint64_t a, uint64_t b, uint32_t tag, uint32_t u16, strat_msg *m,
                     strat_stats *st);

/* A_k second-level aggregator: k entries of <a, b, 32-bit count>, FIFO
 * replacement pointer. */
typedef struct strat_ak {
    int k;
    int ptr;
    int v[STRAT_MAX_AK];
    uint64_t a[STRAT_MAX_AK], b[STRAT_MAX_AK];
    uint32_t c[STRAT_MAX_AK];
} strat_ak;

enum { STRAT_AK_HIT = 0, STRAT_AK_INSERT = 1, STRAT_AK_OVF = 2, STRAT_AK_EVICT = 3 };
/* Classifies message m: HIT (add to entry *slot), INSERT (free entry at
 * the pointer), OVF (entry *slot has reached 2^31: it leaves, m takes it;
 * messages carry < 2^25 events, so a count never wraps), EVICT (entry at
 * the pointer leaves, m takes it). OVF and EVICT emit. */
int strat_ak_classify(const strat_ak *ak, const strat_msg *m, int *slot);
/* Applies the classified action; returns 1 and fills *out if an entry leaves. */
int strat_ak_apply(strat_ak *ak, const strat_msg *m, int kind, int slot, strat_msg *out,
                   strat_stats *st);

/* The event a trace record is for strat (Sastry et al. profile load values):
 * <a, b> of a 2-tuple or 1-tuple record; of a retire record, <pc, loaded
 * value> of a load whose value the trace holds, and no event for any other
 * retired instruction. Returns 1 with *a, *b set, or 0 for no event. The one
 * mapping for `hwprof run/eval/stream --engine strat` and the lockstep
 * regression (tb/strat). */
int strat_event_of(int retire, const hwp_rec *r, uint64_t *a, uint64_t *b);

/* ------------------------------------------------------------ functional */
typedef struct strat_fn {
    strat_cfg cfg;
    hwp_hash h;
    strat_ent *tab; /* sets * ways */
    uint32_t lfsr;
    strat_ak ak;
    strat_stats st;
} strat_fn;

/* Returns 0 or -1 with msg filled (checks the configuration). */
int strat_fn_init(strat_fn *f, const strat_cfg *c, char *msg);
void strat_fn_free(strat_fn *f);
/* Processes one event; writes up to 2 output messages to out (the sampler
 * message through A_k can evict one entry; without A_k the sampler message
 * itself). Returns the number written. */
int strat_fn_event(strat_fn *f, uint64_t a, uint64_t b, strat_msg out[2]);
/* End of stream: flushes A_k (entries 0..k-1 in order). out must hold
 * STRAT_MAX_AK messages. Returns the number written. */
int strat_fn_flush(strat_fn *f, strat_msg *out);

/* ------------------------------------------------------------ cycle model */
typedef struct strat_cyc_in {
    int in_valid;
    uint64_t in_a, in_b;
    int flush;     /* end of stream: drain and flush A_k */
    int out_ready;
} strat_cyc_in;

typedef struct strat_cyc_out {
    int in_ready;
    int out_valid;
    uint64_t out_a, out_b;
    uint32_t out_count;
    int done;
} strat_cyc_out;

typedef struct strat_cyc {
    strat_cfg cfg;
    hwp_hashu hu;
    int sets, set_bits, ew;
    /* table clear after reset */
    int clr;
    uint32_t clr_addr;
    int inflight; /* events inside the hash unit */
    /* stages after the hash unit, advancing together: bp[0] = B1 (OREG = 1
     * only), bp[nbp - 1] = B. B updates the table as every earlier event
     * left it (the RTL's forwarding makes that so), so only the latency is
     * modelled, not the read data or the forwarding registers. */
    int nbp;
    struct strat_bslot {
        int v;
        uint64_t a, b;
        uint32_t idx;
    } bp[2];
    /* the set written back this cycle (lw_v: one was), for the harness */
    int lw_v;
    uint32_t lw_set;
    hwp_arrays mem; /* tab, fifo */
    strat_ent *tab;
    uint32_t lfsr;
    /* stage W: B's message, pushed into the FIFO at the next step */
    int wp_v;
    strat_msg wp;
    /* output FIFO: memory + registered head; with OREG the word read from
     * the memory waits one stage (f_pv, f_pre) before the head */
    strat_msg *fifo;
    uint32_t f_rd, f_wr, f_cnt;
    int f_dv, f_pv;
    strat_msg f_dout, f_pre;
    /* A_k stage K0: the FIFO head, registered */
    int k0_v;
    strat_msg k0;
    /* A_k stage K1: the message taken from K0 with its match vector */
    int k1_v;
    strat_msg k1;
    uint64_t k1_match;
    /* A_k (stage K2) and the output register */
    strat_ak ak;
    int fl_active, fl_done, fl_idx;
    int o_v;
    strat_msg o;
    strat_stats st;
    uint64_t cycles;
    int structural; /* the last step rewrote a table entry with a message, or touched A_k */
} strat_cyc;

int strat_cyc_init(strat_cyc *m, const strat_cfg *c, char *msg);
void strat_cyc_free(strat_cyc *m);
void strat_cyc_reset(strat_cyc *m);
void strat_cyc_step(strat_cyc *m, const strat_cyc_in *in, strat_cyc_out *out);

#ifdef __cplusplus
}
#endif
#endif
