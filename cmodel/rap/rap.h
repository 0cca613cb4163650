/* SPDX-License-Identifier: Apache-2.0
 *
 * Range-adaptive profiling (Mysore et al., TACO 2008): the golden models.
 *
 *  - rap_cfg: the parameters shared by every model and the RTL (docs/rap.md).
 *  - rap_t:   the functional model, the software RAP of section 3.2: a
 *             multibit trie with branching factor b = 2^K over keys of W bits,
 *             fed through the hash-indexed, evict-on-conflict merging event
 *             buffer of section 3.2.1. API rap_init / rap_add_points /
 *             rap_finalize as in the paper.
 *  - rap_cyc_t: the cycle model of the pipelined engine (rtl/rap/hwp_rap.v),
 *             one rap_cyc_step() per clock, bit-accurate with the RTL.
 *
 * Both models implement the same rules (docs/rap.md is the specification):
 * split-before-add with threshold (eps_q * n) >> 16 compared with count * H,
 * batched merges deepest level first and TCAM slot order within a level,
 * slots allocated lowest-free-first, children inserted in digit order.
 */
#ifndef HWP_RAP_H
#define HWP_RAP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RAP_EPS_FRAC_BITS 16 /* eps is the fixed-point fraction eps_q / 2^16 */
#define RAP_MAX_B 16
#define RAP_NCOUNTERS 7

/* Engine counters, in readout order (kind-1 records of the RTL readout). */
enum rap_counter {
    RAP_C_EVENTS = 0,   /* events accounted in the tree (n) */
    RAP_C_SPLITS = 1,   /* split operations (each inserts 1..b children) */
    RAP_C_BATCHES = 2,  /* merge batches (periodic and forced) */
    RAP_C_MERGED = 3,   /* nodes folded into an ancestor by merges */
    RAP_C_OVERFLOW = 4, /* updates added above the threshold because the TCAM was full */
    RAP_C_LIVE_MAX = 5, /* largest number of live nodes seen */
    RAP_C_STALLS = 6    /* cycle model / RTL only: cycles with input valid && !ready */
};

static inline uint64_t hwp_rap_mask(int bits)
{
    return bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
}

typedef struct rap_cfg {
    int width;              /* W: key bits, 16..64 (range R = 2^W) */
    int k;                  /* log2 of the branching factor b, 1..4 */
    int entries;            /* N: TCAM entries (live node capacity), >= b + 1 */
    uint32_t eps_q;         /* eps * 2^16 rounded down, 1..65535 */
    uint64_t merge_first;   /* first merge when n reaches this (>= 1) */
    int merge_q;            /* merge period factor q, 2..16 */
    int buf_log2;           /* merging event buffer: 2^buf_log2 slots, 0..12 */
    int buf_cnt_bits;       /* buffer count width, 1..32 */
    int cnt_bits;           /* node counter and n width, 16..48 */
} rap_cfg;

/* Defaults: b = 4, W = 32, eps = 0.1, N = 4096 (the paper's 4096-entry
 * TCAM), first merge at 1024 events, q = 2, 128-slot buffer (1 KB). */
void rap_cfg_default(rap_cfg *c);
/* eps (0,1) -> eps_q; returns -1 with a message if out of range or too small. */
int rap_eps_from_double(double eps, uint32_t *eps_q, char *err, size_t errlen);
/* Sets k from b; -1 with a message if b is not a power of two in 2..16. */
int rap_k_from_branching(long b, int *k, char *err, size_t errlen);
/* Checks every field; 0 or -1 with one clear message. */
int rap_cfg_check(const rap_cfg *c, char *err, size_t errlen);
static inline int rap_height(const rap_cfg *c) { return c->width / c->k; }
/* Integer threshold: (eps_q * n) >> 16. A node at count C splits before
 * adding c when (C + c) * H > rap_thr(n + c); see docs/rap.md. */
uint64_t rap_thr(const rap_cfg *c, uint64_t n);
/* A split that finds the TCAM full forces a merge batch only when n has grown
 * by more than 1/8 since the last batch (otherwise the update is added above
 * the threshold and counted in RAP_C_OVERFLOW). */
static inline int rap_force_ok(uint64_t n, uint64_t n_last_merge)
{
    return n > n_last_merge + (n_last_merge >> 3);
}
/* The buffer slot of a key: xor-fold of the W-bit key into buf_log2 bits. */
uint32_t rap_buf_index(const rap_cfg *c, uint64_t key);

/* One live node: prefix (bits below the prefix length are zero), length in
 * digits (0..H; bits = len * K), count, TCAM slot. */
typedef struct rap_node {
    uint64_t prefix;
    int len;
    uint64_t count;
    int slot;
} rap_node;

/* ------------------------------------------------------------ functional */
typedef struct rap rap_t;

/* rap_init(number_of_simultaneous_profiles): one tree and one merging event
 * buffer per profile type. */
int rap_init(rap_t **out, const rap_cfg *cfg, int ntypes, char *err, size_t errlen);
void rap_free(rap_t *r);
/* rap_add_points(id, count, type): through the merging event buffer. Keys
 * wider than W bits and a total beyond 2^cnt_bits - 1 are errors (-1). */
int rap_add_points(rap_t *r, uint64_t id, uint64_t count, int type);
/* Unbuffered update of the tree (what a buffer eviction does). */
int rap_tree_add(rap_t *r, uint64_t id, uint64_t count, int type);
/* Flushes the buffers in slot order into the trees. */
int rap_finalize(rap_t *r);
const char *rap_error(const rap_t *r);

/* Live nodes of a type in slot order; returns the count written (<= max). */
int rap_nodes(const rap_t *r, int type, rap_node *out, int max);
int rap_live(const rap_t *r, int type);
uint64_t rap_counter(const rap_t *r, int type, int which);
/* Optional hook called after every merge batch (before and after sizes). */
typedef void (*rap_merge_hook)(void *ctx, int type, uint64_t n, int live_before, int live_after);
void rap_set_merge_hook(rap_t *r, rap_merge_hook fn, void *ctx);

/* ------------------------------------------------------------ cycle model */
typedef struct rap_cyc rap_cyc_t;

typedef struct rap_cyc_in {
    int rst;
    int in_valid;
    uint64_t in_id;
    int eos;       /* every record accepted: flush the buffer, then read out */
    int out_ready;
} rap_cyc_in;

typedef struct rap_cyc_out {
    int in_ready;
    int out_valid;
    int out_kind;         /* 0 node, 1 counter */
    uint64_t out_prefix;  /* node: prefix; counter: 0 */
    int out_len;          /* node: prefix length in bits; counter: rap_counter id */
    uint64_t out_count;   /* node count or counter value */
    int done;             /* readout finished */
    uint64_t n;           /* debug: events in the tree */
    int live;             /* debug: live nodes */
    uint64_t live_sum;    /* stat_live_sum_o (rap_cyc_live_sum) */
    int state;            /* debug: controller state */
    int structural;       /* a split or merge wrote the tables this cycle */
} rap_cyc_out;

/* tcam_ram selects the block-RAM-sliced TCAM timing (entry writes take
 * 2^tcam_chunk_bits cycles); 0 is the register/LUT TCAM (1-cycle writes). */
int rap_cyc_new(rap_cyc_t **out, const rap_cfg *cfg, int tcam_ram, int tcam_chunk_bits,
                char *err, size_t errlen);
void rap_cyc_free(rap_cyc_t *m);
void rap_cyc_step(rap_cyc_t *m, const rap_cyc_in *in, rap_cyc_out *out);
/* Architectural state, for the lockstep state comparison and the final tree. */
int rap_cyc_slot(const rap_cyc_t *m, int slot, rap_node *node); /* 1 if live */
uint64_t rap_cyc_counter(const rap_cyc_t *m, int which);
int rap_cyc_live(const rap_cyc_t *m);
/* Sum over accepted events of the functional model's live count after each
 * event (its nodes_avg = sum / events); *tq_max (if not NULL) = deepest the
 * eviction-tag FIFO got (<= rap_cyc_tq_depth(m) <= RAP_CYC_TQ by construction). */
#define RAP_CYC_TQ 64
uint64_t rap_cyc_live_sum(const rap_cyc_t *m, int *tq_max);
/* Stage 2's extra clocks: the pipeline registers of the longest-prefix
 * tournament (rtl/rap/hwp_rap_lpm.v: (log2 N - 1) / ARB_RG with ARB_RG > 0,
 * else 0, plus 1 with ARB_OREG) and the RAM TCAM's address register (1 with
 * TCAM_KREG), 0..RAP_CYC_TPMAX; set before the first reset. The replay queue
 * then has tp + 4 slots (one more with rap_cyc_set_cnt_reg) and the eviction-tag FIFO rap_cyc_tq_depth(m)
 * (the power of two >= 2 tp + 8). Returns -1 if out of range. */
#define RAP_CYC_TPMAX 16
#define RAP_CYC_RQMAX (RAP_CYC_TPMAX + 4)
int rap_cyc_set_arb_latency(rap_cyc_t *m, int tp);
/* on = 1: the engine's OPT_CREG (a register stage s3a between stage 2 and
 * stage 3; stage 3 forwards the counter writes of the last two clocks; the
 * replay queue and the tag FIFO grow as if tp were one more). Set before
 * the first reset. */
void rap_cyc_set_cnt_reg(rap_cyc_t *m, int on);
/* on = 1: the engine's OPT_INREG (the input enters a two-entry skid register
 * before the stage-0 buffer: in_ready only says whether the second entry is
 * free, and stage 0 takes the head one clock after it arrived at the
 * earliest). Set before the first reset. */
void rap_cyc_set_in_reg(rap_cyc_t *m, int on);
int rap_cyc_tq_depth(const rap_cyc_t *m);
uint64_t rap_cyc_next_merge(const rap_cyc_t *m);
int rap_cyc_full(const rap_cyc_t *m);
/* Clocks spent in each group of controller states since reset (where the
 * cycles go): RUN (the pipeline), split (probe, decide, child writes), merge
 * batches, and the rest (start-up, readout). */
enum { RAP_CYC_RUN = 0, RAP_CYC_SPLIT = 1, RAP_CYC_MERGE = 2, RAP_CYC_OTHER = 3, RAP_CYC_NGROUPS = 4 };
uint64_t rap_cyc_state_clocks(const rap_cyc_t *m, int group);
/* Runs a whole key sequence with the input always valid and the output always
 * ready; returns cycles until done, or 0 on a hang (> limit cycles). */
uint64_t rap_cyc_run(rap_cyc_t *m, const uint64_t *keys, uint64_t nkeys, uint64_t limit);

#ifdef __cplusplus
}
#endif
#endif
