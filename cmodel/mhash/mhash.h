/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine mhash: the interval-based Multi-hash profiler of Narayanasamy et
 * al., "Catching Accurate Profiles in Hardware" (HPCA 2003), sections 5-6.
 *
 * Two models share one definition of the per-tuple update (mhash_core):
 *   - the cycle model (mhash_cyc_*) of rtl/mhash/hwp_mhash.v: the RTL
 *     forwards every write to every tuple in flight, so its pipeline is
 *     invisible and the model is the functional step (mhash_core on the
 *     bank words as they are) applied in the last stage, plus the latency
 *     (hash unit, then stages F, T, I, W) and the stall rules (in_ready,
 *     scrubber schedule, interval end);
 *   - the functional model (mhash_fn_*) applies one tuple at a time with
 *     plain arrays and clears the counters at interval end; used by `hwprof
 *     run/eval` for speed and proven equal to the cycle model by
 *     tests/unit/test_mhash_equiv.c.
 * See docs/mhash.md for the architecture and every design choice.
 */
#ifndef HWP_MHASH_H
#define HWP_MHASH_H

#include <stddef.h>
#include <stdint.h>

#include "arrays.h"
#include "hash.h"
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MHASH_MAX_TABLES 16

typedef struct mhash_params {
    /* build-time (RTL parameters) */
    int width;            /* W: tuple field width, multiple of 8 in 8..64 */
    uint32_t n_counters;  /* N_COUNTERS: total counters, power of 2 */
    int cw;               /* CW: counter width 1..32 */
    int ew;               /* EW: epoch tag width 1..16 */
    int max_tables;       /* MAX_TABLES: banks, power of 2 in 1..16 */
    uint32_t acc_k;       /* ACC_K: accumulator entries, >= 1 */
    int lw;               /* LW: interval counter width 1..63 */
    uint32_t seed;        /* SEED: hash tables seed */
    /* hashed accumulator in block RAM (docs/mhash.md); acc_ways = 0: the
     * fully-associative register accumulator */
    int acc_ways;         /* ACC_WAYS: ways, 0..max_tables */
    uint32_t acc_sets;    /* ACC_SETS: slots per way, power of 2 <= bank depth */
    int acc_stash;        /* ACC_STASH: register (stash) entries, 0..16 */
    /* run-time (RTL cfg_* inputs) */
    int tables;           /* 1..max_tables */
    int cons;             /* C1: conservative update */
    int reset;            /* R1: reset the counters on promotion */
    int shield;           /* shielding */
    int retain;           /* retaining */
    uint64_t interval;    /* tuples per interval, 1..2^lw-1 */
    uint32_t thr;         /* candidate threshold count, 1..2^cw-1 */
} mhash_params;

/* The paper's best configuration: 4 tables, 2K 24-bit counters, C1, R0,
 * shielding, retaining, interval 10,000, threshold 1% (100), k = 100. */
void mhash_params_default(mhash_params *p);
/* 0, or -1 with a one-line message in msg (n bytes). */
int mhash_params_check(const mhash_params *p, char *msg, size_t n);
/* ceil(pct / 100 * interval), at least 1; pct in (0, 100]. */
uint32_t mhash_thr_count(double pct, uint64_t interval);
/* log2 of banks per table: largest k with tables << k <= max_tables. */
int mhash_lbpt(const mhash_params *p);
/* Counters per table actually used (N/MAX_TABLES << lbpt). */
uint32_t mhash_table_size(const mhash_params *p);

/* Bank addressing of one tuple from its hash indices idx[f] (log2(N) bits):
 * en = mask of banks read, addr[j] = word address in bank j. */
void mhash_map(const mhash_params *p, const uint32_t *idx, uint32_t *en, uint32_t *addr);

/* Accumulator: acc_k fully-associative entries, or (nw > 0) the hashed form:
 * n = nw * sets + ns positions (way w slot s at w * sets + s, stash entry j at
 * nw * sets + j) of which at most k are valid. */
typedef struct mhash_acc {
    uint32_t k;           /* live-entry limit */
    uint32_t n;           /* positions (k for the register accumulator) */
    uint32_t nw, sets, ns;
    uint32_t live, rep;   /* valid entries, replaceable entries */
    hwp_arrays mem; /* v, r, p, a, b, c, head, next */
    uint8_t *v, *r, *p;   /* valid, replaceable, pending output */
    uint64_t *a, *b;
    uint32_t *c;
    /* lookup index over the valid entries (a simulation speed-up with the
     * same result as the RTL's parallel compare: tags are unique) */
    uint32_t nbk;         /* buckets, power of 2 */
    int32_t *head, *next;
} mhash_acc;

int mhash_acc_alloc(mhash_acc *acc, uint32_t k); /* 0 or -1 (out of memory) */
/* Positions of the accumulator p describes: acc_k, or ways * sets + stash. */
uint32_t mhash_acc_positions(const mhash_params *p);
/* The accumulator p describes (register or hashed); 0 or -1 (out of memory). */
int mhash_acc_init(mhash_acc *acc, const mhash_params *p);
/* Slots of a tuple in the ways of the hashed accumulator, from its hash
 * indices idx[f]: way w uses function max_tables - 1 - w, top log2(sets) bits. */
void mhash_acc_slots(const mhash_params *p, const uint32_t *idx, uint32_t *slot);
void mhash_acc_free(mhash_acc *acc);
/* Invalidates every entry (reset). */
void mhash_acc_clear(mhash_acc *acc);

/* One candidate reported at the end of an interval. */
typedef struct mhash_cand {
    uint64_t a, b;
    uint32_t count;
} mhash_cand;

/* The update of one tuple (the RTL's stage W), shared by both models. v[j] =
 * logical counter of bank j (meaningful where en has bit j); fills nv[j] (new
 * counter values), *write (1 if the banks in en are written), and updates the accumulator. */
typedef struct mhash_core_res {
    int hit, write, ins, refuse;
    int conflict;         /* refused although an empty or replaceable entry
                           * existed elsewhere (hashed accumulator only) */
    uint32_t slot;        /* position */
} mhash_core_res;
void mhash_core(const mhash_params *p, mhash_acc *acc, uint64_t a, uint64_t b, uint32_t en,
                const uint32_t *v, uint32_t *nv, mhash_core_res *res);
/* The same with the tuple's way slots (mhash_acc_slots; unused and may be
 * NULL for the register accumulator). */
void mhash_core_at(const mhash_params *p, mhash_acc *acc, uint64_t a, uint64_t b,
                   const uint32_t *aslot, uint32_t en, const uint32_t *v, uint32_t *nv,
                   mhash_core_res *res);
/* End of interval: collects candidates (count >= thr) in position order into
 * out (capacity acc->n), returns their number; then applies retaining. */
uint32_t mhash_acc_candidates(const mhash_params *p, const mhash_acc *acc, mhash_cand *out);
void mhash_acc_end(const mhash_params *p, mhash_acc *acc);

/* The tuple a trace record is for mhash (every record is one): <a, b> of a
 * 2-tuple or 1-tuple record, <pc, value> of a retire record (value = the
 * destination register's new value, 0 if none). The one mapping for
 * `hwprof run/eval/stream --engine mhash` and the lockstep regression
 * (tb/mhash). */
void mhash_event_of(int retire, const hwp_rec *r, uint64_t *a, uint64_t *b);

/* ------------------------------------------------------------ functional model */
typedef struct mhash_fn {
    mhash_params p;
    hwp_hash h;
    mhash_acc acc;
    uint32_t *cnt;          /* [bank * depth + addr] */
    uint64_t icnt;          /* tuples in the current interval */
    uint64_t intervals;     /* completed intervals */
    uint64_t refused;       /* promotions refused (accumulator full) */
    uint64_t refused_conflict; /* of those, refused by the hashing alone */
    uint64_t promotions;
    uint64_t tuples;
    mhash_cand *cand;       /* candidates of the interval just ended */
    uint32_t ncand;
} mhash_fn;

int mhash_fn_init(mhash_fn *m, const mhash_params *p, char *msg, size_t n);
void mhash_fn_free(mhash_fn *m);
/* One tuple. Returns 1 if it completed an interval (m->cand / m->ncand then
 * hold that interval's candidates until the next call), else 0. */
int mhash_fn_push(mhash_fn *m, uint64_t a, uint64_t b);

/* ------------------------------------------------------------ cycle model */
enum { MHASH_ST_INIT = 0, MHASH_ST_RUN = 1 };

typedef struct mhash_cyc_in {
    int in_valid;
    uint64_t in_a, in_b;
    int out_ready;
} mhash_cyc_in;

typedef struct mhash_cyc_out {
    int in_ready;
    int out_valid, out_eoi;
    uint64_t out_a, out_b;
    uint32_t out_count;
    uint32_t stat_refused;
    uint32_t stat_promotions; /* tuples promoted (32 bits, wraps like the RTL counter) */
    uint32_t stat_conflict;   /* refusals by the hashing alone (hashed accumulator) */
    int event;              /* structural event this cycle: promotion or interval end */
    int bnd;                /* an interval ended this cycle */
    int ins;                /* a tuple was promoted into accumulator entry `slot` */
    uint32_t slot;
} mhash_cyc_out;

/* One tuple in a stage behind the hash unit. */
typedef struct mhash_slot {
    int v, last;            /* valid; last tuple of an interval */
    uint64_t a, b;
    uint32_t en;            /* banks read/written */
    uint32_t addr[MHASH_MAX_TABLES];
    uint32_t aslot[MHASH_MAX_TABLES]; /* hashed accumulator: slot per way */
} mhash_slot;

/* The RTL's stages behind the hash unit: F (read data), T (minimum tree),
 * I (correction), W (decision and write). */
enum { MHASH_PF = 0, MHASH_PT = 1, MHASH_PI = 2, MHASH_PW = 3, MHASH_NPIPE = 4 };

typedef struct mhash_cyc {
    mhash_params p;
    hwp_hashu hu;
    mhash_acc acc;
    uint32_t depth, nb;     /* words per bank, banks */
    hwp_arrays arrays;      /* mem, sh_a, sh_b, sh_c */
    uint32_t *mem;          /* [bank * depth + addr] = epoch << cw | counter */
    mhash_slot pipe[MHASH_NPIPE];
    int st;
    uint32_t init_addr;
    uint64_t icnt;
    int s1l;                /* last tuple of an interval in hash stage 1 */
    int dmp;                /* dump in progress (end record not yet loaded) */
    /* the dump's scan, chosen a clock ahead (hwp_mhash.v nx_*_q): the next
     * entry to load (if nx_any: nx_idx, else the end record), formed from
     * the current snapshot (nx_ok) */
    int nx_ok, nx_any;
    uint32_t nx_idx;
    /* hashed accumulator: the dump copy's scan position (one per clock) */
    uint32_t dp;
    uint32_t init_len;      /* INIT pass: max(bank depth, accumulator positions) */
    /* output register */
    int ov, oe;
    uint64_t oa, ob;
    uint32_t oc;
    uint64_t *sh_a, *sh_b;  /* candidate snapshot streamed out after an interval */
    uint32_t *sh_c;
    uint32_t ep, floor_age, pass_age;
    uint32_t sc_ptr;
    int sr_v;
    uint32_t sr_addr;
    uint32_t refused;
    uint32_t conflict;
    uint32_t promotions;
    uint32_t ncand;
    uint64_t cycles;
} mhash_cyc;

int mhash_cyc_init(mhash_cyc *m, const mhash_params *p, char *msg, size_t n);
void mhash_cyc_free(mhash_cyc *m);
void mhash_cyc_reset(mhash_cyc *m);
void mhash_cyc_step(mhash_cyc *m, const mhash_cyc_in *in, mhash_cyc_out *out);
/* True when no tuple is in flight and the state machine accepts input. */
int mhash_cyc_idle(const mhash_cyc *m);

#ifdef __cplusplus
}
#endif
#endif
