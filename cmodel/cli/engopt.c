/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine options shared by `hwprof run/eval` and `hwprof stream`
 * (cmodel/cli/engopt.h).
 */
#include "engopt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* log2 of v if v is a power of two, else -1 */
static int pow2_log(unsigned long long v)
{
    int b = 0;
    while ((1ull << b) < v && b < 63) b++;
    return (1ull << b) == v ? b : -1;
}

/* an unsigned option in [lo, hi] into *dst (any integer type) */
#define UOPT(code, name, lo, hi, dst)                                 \
    case code:                                                        \
        if (hwp_cli_uint(cmd, name, arg, lo, hi, &u)) return 2;       \
        dst = u;                                                      \
        break;

/* a power-of-two option in [lo, hi]; its log2 into *dst */
static int pow2_opt(const char *cmd, const char *name, const char *arg, unsigned long long lo,
                    unsigned long long hi, int *dst)
{
    unsigned long long u;
    if (hwp_cli_uint(cmd, name, arg, lo, hi, &u)) return 2;
    if (pow2_log(u) < 0) {
        fprintf(stderr, "hwprof %s: --%s: %llu is not a power of two\n", cmd, name, u);
        return 2;
    }
    *dst = pow2_log(u);
    return 0;
}

/* ------------------------------------------------------------ mhash */

enum {
    M_TABLES = HWP_EO_MHASH, M_COUNTERS, M_CBITS, M_EBITS, M_MAXT, M_ACC, M_INTERVAL, M_THR,
    M_THRC, M_CONS, M_RESET, M_SHIELD, M_RETAIN, M_SEED, M_WIDTH, M_AWAYS, M_ASETS, M_ASTASH
};

const struct option hwp_eo_mhash_opts[] = {
    {"tables", required_argument, 0, M_TABLES},
    {"counters", required_argument, 0, M_COUNTERS},
    {"counter-bits", required_argument, 0, M_CBITS},
    {"epoch-bits", required_argument, 0, M_EBITS},
    {"max-tables", required_argument, 0, M_MAXT},
    {"accumulator", required_argument, 0, M_ACC},
    {"interval", required_argument, 0, M_INTERVAL},
    {"threshold", required_argument, 0, M_THR},
    {"threshold-count", required_argument, 0, M_THRC},
    {"cons", required_argument, 0, M_CONS},
    {"reset", required_argument, 0, M_RESET},
    {"shield", required_argument, 0, M_SHIELD},
    {"retain", required_argument, 0, M_RETAIN},
    {"seed", required_argument, 0, M_SEED},
    {"width", required_argument, 0, M_WIDTH},
    {"acc-ways", required_argument, 0, M_AWAYS},
    {"acc-sets", required_argument, 0, M_ASETS},
    {"acc-stash", required_argument, 0, M_ASTASH},
    {0, 0, 0, 0}};

void hwp_eo_mhash_init(hwp_eo_mhash *e)
{
    memset(e, 0, sizeof *e);
    mhash_params_default(&e->p);
    e->thr_pct = 1.0;
}

int hwp_eo_mhash_opt(const char *cmd, int code, const char *arg, hwp_eo_mhash *e)
{
    unsigned long long u;
    mhash_params *p = &e->p;
    switch (code) {
        UOPT(M_TABLES, "tables", 1, 64, p->tables)
        UOPT(M_COUNTERS, "counters", 1, 1u << 24, p->n_counters)
        UOPT(M_CBITS, "counter-bits", 1, 32, p->cw)
        UOPT(M_MAXT, "max-tables", 1, 16, p->max_tables)
        UOPT(M_INTERVAL, "interval", 1, 0xffffffffull, p->interval)
        UOPT(M_CONS, "cons", 0, 1, p->cons)
        UOPT(M_RESET, "reset", 0, 1, p->reset)
        UOPT(M_SHIELD, "shield", 0, 1, p->shield)
        UOPT(M_RETAIN, "retain", 0, 1, p->retain)
        UOPT(M_SEED, "seed", 0, 0xffffffffull, p->seed)
        UOPT(M_WIDTH, "width", 8, 64, p->width)
        UOPT(M_AWAYS, "acc-ways", 0, 16, p->acc_ways)
        UOPT(M_ASETS, "acc-sets", 1, 1u << 24, p->acc_sets)
        UOPT(M_ASTASH, "acc-stash", 0, 16, p->acc_stash)
    case M_EBITS:
        if (hwp_cli_uint(cmd, "epoch-bits", arg, 1, 16, &u)) return 2;
        p->ew = (int)u;
        e->ew_set = 1;
        break;
    case M_ACC:
        if (hwp_cli_uint(cmd, "accumulator", arg, 1, 1u << 20, &u)) return 2;
        p->acc_k = (uint32_t)u;
        e->acc_set = 1;
        break;
    case M_THR:
        if (hwp_cli_double(cmd, "threshold", arg, 0, 100, &e->thr_pct)) return 2;
        if (!(e->thr_pct > 0)) {
            fprintf(stderr, "hwprof %s: --threshold %s: must be greater than 0%%\n", cmd, arg);
            return 2;
        }
        break;
    case M_THRC:
        if (hwp_cli_uint(cmd, "threshold-count", arg, 1, 0xffffffffull, &u)) return 2;
        p->thr = (uint32_t)u;
        e->thr_count_set = 1;
        break;
    default: return 1;
    }
    return 0;
}

int hwp_eo_mhash_finish(const char *cmd, hwp_eo_mhash *e)
{
    mhash_params *p = &e->p;
    if (!e->thr_count_set) p->thr = mhash_thr_count(e->thr_pct, p->interval);
    if (!e->acc_set) {
        double k = ceil(100.0 / e->thr_pct - 1e-9);
        if (e->thr_count_set) k = ceil((double)p->interval / (double)p->thr - 1e-9);
        if (k < 1) k = 1;
        if (k > (double)(1u << 20)) k = (double)(1u << 20);
        p->acc_k = (uint32_t)k;
    }
    if (p->acc_ways > 0 && p->acc_sets == 0 && p->max_tables > 0) {
        /* Hashed accumulator without --acc-sets: the smallest power of 2
         * that keeps the ways at most half full with k entries, at most the
         * bank depth (mhash_params_check reports a depth that is no power of 2). */
        uint32_t depth = p->n_counters / (uint32_t)p->max_tables;
        uint64_t want = (2ull * p->acc_k + (uint32_t)p->acc_ways - 1) / (uint32_t)p->acc_ways;
        uint32_t s = 1;
        while (s < want && s < depth) s <<= 1;
        p->acc_sets = s;
    }
    if ((uint64_t)p->tables > p->n_counters) {
        fprintf(stderr, "hwprof %s --engine mhash: more tables (%d) than counters (%u)\n", cmd,
                p->tables, p->n_counters);
        return 2;
    }
    char msg[256];
    if (mhash_params_check(p, msg, sizeof msg)) {
        fprintf(stderr, "hwprof %s --engine mhash: %s\n", cmd, msg);
        return 2;
    }
    return 0;
}

/* ------------------------------------------------------------ strat */

enum {
    S_MODE = HWP_EO_STRAT, S_RATE, S_ENTRIES, S_WAYS, S_CBITS, S_MISS, S_TAG, S_EVICT,
    S_REPLACE, S_LSEED, S_HSEED, S_AK, S_NOAK, S_AKN, S_WIDTH, S_FIFO
};

const struct option hwp_eo_strat_opts[] = {
    {"mode", required_argument, 0, S_MODE},
    {"rate", required_argument, 0, S_RATE},
    {"entries", required_argument, 0, S_ENTRIES},
    {"ways", required_argument, 0, S_WAYS},
    {"counter-bits", required_argument, 0, S_CBITS},
    {"miss-bits", required_argument, 0, S_MISS},
    {"tag-bits", required_argument, 0, S_TAG},
    {"evict", required_argument, 0, S_EVICT},
    {"replace", required_argument, 0, S_REPLACE},
    {"lfsr-seed", required_argument, 0, S_LSEED},
    {"hash-seed", required_argument, 0, S_HSEED},
    {"ak", no_argument, 0, S_AK},
    {"no-ak", no_argument, 0, S_NOAK},
    {"ak-entries", required_argument, 0, S_AKN},
    {"width", required_argument, 0, S_WIDTH},
    {"fifo-depth", required_argument, 0, S_FIFO},
    {0, 0, 0, 0}};

void hwp_eo_strat_init(hwp_eo_strat *e)
{
    memset(e, 0, sizeof *e);
    strat_cfg_default(&e->c);
}

int hwp_eo_strat_opt(const char *cmd, int code, const char *arg, hwp_eo_strat *e)
{
    unsigned long long u;
    strat_cfg *c = &e->c;
    switch (code) {
    case S_MODE:
        c->mode = strat_mode_parse(arg);
        if (c->mode < 0) {
            fprintf(stderr, "hwprof %s: --mode: '%s' is not one of r p cr hr hp hcr tag\n", cmd, arg);
            return 2;
        }
        break;
        UOPT(S_RATE, "rate", 1, 1ull << 24, c->rate)
        UOPT(S_WAYS, "ways", 1, 4, c->ways)
        UOPT(S_CBITS, "counter-bits", 2, 24, c->cnt_bits)
        UOPT(S_MISS, "miss-bits", 1, 8, c->miss_bits)
        UOPT(S_TAG, "tag-bits", 1, 16, c->tag_bits)
        UOPT(S_EVICT, "evict", 1, 1ull << 24, c->evict)
        UOPT(S_REPLACE, "replace", 1, 256, c->replace)
        UOPT(S_LSEED, "lfsr-seed", 0, 0xffffffffull, c->lfsr_seed)
        UOPT(S_HSEED, "hash-seed", 0, 0xffffffffull, c->hash_seed)
        UOPT(S_AKN, "ak-entries", 1, STRAT_MAX_AK, c->ak_entries)
        UOPT(S_WIDTH, "width", 8, 64, c->width)
    case S_AK: c->ak_en = 1; break;
    case S_NOAK: c->ak_en = 0; break;
    case S_ENTRIES: return pow2_opt(cmd, "entries", arg, 2, 65536, &c->idx_bits);
    case S_FIFO:
        e->fifo_set = 1;
        return pow2_opt(cmd, "fifo-depth", arg, 4, 4096, &c->fifo_bits);
    default: return 1;
    }
    return 0;
}

int hwp_eo_strat_finish(const char *cmd, hwp_eo_strat *e)
{
    char msg[256];
    if (strat_cfg_check(&e->c, msg)) {
        fprintf(stderr, "hwprof %s --engine strat: bad parameter: %s\n", cmd, msg);
        return 2;
    }
    return 0;
}

/* ------------------------------------------------------------ rap */

enum {
    R_EPS = HWP_EO_RAP, R_BRANCH, R_WIDTH, R_ENTRIES, R_BUF, R_BUFBITS, R_CBITS, R_MFIRST, R_MQ,
    R_FIELD, R_HOT
};

const struct option hwp_eo_rap_opts[] = {
    {"eps", required_argument, 0, R_EPS},
    {"branching", required_argument, 0, R_BRANCH},
    {"width", required_argument, 0, R_WIDTH},
    {"entries", required_argument, 0, R_ENTRIES},
    {"buffer", required_argument, 0, R_BUF},
    {"buffer-count-bits", required_argument, 0, R_BUFBITS},
    {"counter-bits", required_argument, 0, R_CBITS},
    {"merge-first", required_argument, 0, R_MFIRST},
    {"merge-q", required_argument, 0, R_MQ},
    {"field", required_argument, 0, R_FIELD},
    {"hot", required_argument, 0, R_HOT},
    {0, 0, 0, 0}};

void hwp_eo_rap_init(hwp_eo_rap *e)
{
    memset(e, 0, sizeof *e);
    rap_cfg_default(&e->c);
    e->eps = 0.1;
    e->branching = 4;
    e->hot = 0.10;
    e->field = -1;
}

int hwp_eo_rap_opt(const char *cmd, int code, const char *arg, hwp_eo_rap *e)
{
    unsigned long long u;
    rap_cfg *c = &e->c;
    switch (code) {
    case R_EPS: return hwp_cli_double(cmd, "eps", arg, -1e300, 1e300, &e->eps) ? 2 : 0;
        UOPT(R_BRANCH, "branching", 0, 1u << 30, e->branching)
        UOPT(R_WIDTH, "width", 0, 1000, c->width)
        UOPT(R_ENTRIES, "entries", 0, 1u << 30, c->entries)
        UOPT(R_BUFBITS, "buffer-count-bits", 1, 32, c->buf_cnt_bits)
        UOPT(R_CBITS, "counter-bits", 17, 48, c->cnt_bits)
        UOPT(R_MFIRST, "merge-first", 1, 1ull << 47, c->merge_first)
        UOPT(R_MQ, "merge-q", 2, 16, c->merge_q)
    case R_BUF: return pow2_opt(cmd, "buffer", arg, 1, 4096, &c->buf_log2);
    case R_FIELD:
        if (!strcmp(arg, "a")) e->field = 0;
        else if (!strcmp(arg, "b")) e->field = 1;
        else {
            fprintf(stderr, "hwprof %s: --field: must be a or b, got '%s'\n", cmd, arg);
            return 2;
        }
        break;
    case R_HOT: return hwp_cli_double(cmd, "hot", arg, 0.0, 1.0, &e->hot) ? 2 : 0;
    default: return 1;
    }
    return 0;
}

int hwp_eo_rap_finish(const char *cmd, hwp_eo_rap *e)
{
    char msg[256];
    if (rap_eps_from_double(e->eps, &e->c.eps_q, msg, sizeof msg) ||
        rap_k_from_branching(e->branching, &e->c.k, msg, sizeof msg) ||
        rap_cfg_check(&e->c, msg, sizeof msg)) {
        fprintf(stderr, "hwprof %s --engine rap: %s\n", cmd, msg);
        return 2;
    }
    return 0;
}

/* ------------------------------------------------------------ pfp */

enum {
    P_FETCHW = HWP_EO_PFP, P_DECW, P_FQ, P_WINB, P_SETS, P_MINLEN, P_SKIPB, P_BRPEN, P_PCW, P_CNTW
};

const struct option hwp_eo_pfp_opts[] = {
    {"fetch-w", required_argument, 0, P_FETCHW},
    {"dec-w", required_argument, 0, P_DECW},
    {"fq", required_argument, 0, P_FQ},
    {"win-bits", required_argument, 0, P_WINB},
    {"sets", required_argument, 0, P_SETS},
    {"min-len", required_argument, 0, P_MINLEN},
    {"skip-bits", required_argument, 0, P_SKIPB},
    {"br-pen", required_argument, 0, P_BRPEN},
    {"pc-w", required_argument, 0, P_PCW},
    {"cnt-w", required_argument, 0, P_CNTW},
    {0, 0, 0, 0}};

void hwp_eo_pfp_init(hwp_eo_pfp *e)
{
    memset(e, 0, sizeof *e);
    pfp_params_default(&e->p);
    e->p.win_bits = 7;  /* the record window of `hwprof run` */
    e->p.cnt_w = 64;    /* counters that do not wrap */
}

int hwp_eo_pfp_opt(const char *cmd, int code, const char *arg, hwp_eo_pfp *e)
{
    unsigned long long u;
    pfp_params *p = &e->p;
    switch (code) {
        UOPT(P_FETCHW, "fetch-w", 1, 8, p->fetch_w)
        UOPT(P_DECW, "dec-w", 1, 8, p->dec_w)
        UOPT(P_FQ, "fq", 1, 255, p->fq)
        UOPT(P_WINB, "win-bits", 4, 10, p->win_bits)
        UOPT(P_MINLEN, "min-len", 1, 64, p->min_len)
        UOPT(P_SKIPB, "skip-bits", 1, 8, p->skip_bits)
        UOPT(P_BRPEN, "br-pen", 0, 15, p->br_pen)
        UOPT(P_PCW, "pc-w", 16, 64, p->pc_w)
        UOPT(P_CNTW, "cnt-w", 8, 64, p->cnt_w)
    case P_SETS: return pow2_opt(cmd, "sets", arg, 2, 1024, &p->set_bits);
    default: return 1;
    }
    return 0;
}

int hwp_eo_pfp_finish(const char *cmd, hwp_eo_pfp *e)
{
    char msg[256];
    if (pfp_params_check(&e->p, msg, sizeof msg)) {
        fprintf(stderr, "hwprof %s --engine pfp: %s\n", cmd, msg);
        return 2;
    }
    return 0;
}

/* ------------------------------------------------------------ tables */

int hwp_eo_cat(struct option *dst, int cap, const struct option *a, const struct option *b)
{
    int n = 0;
    for (const struct option *t = a; t && t->name; t++) {
        if (n >= cap - 1) return -1;
        dst[n++] = *t;
    }
    for (const struct option *t = b; t && t->name; t++) {
        if (n >= cap - 1) return -1;
        dst[n++] = *t;
    }
    memset(&dst[n], 0, sizeof dst[n]);
    return 0;
}

int hwp_eo_has(const struct option *t, const char *s)
{
    if (!s || strncmp(s, "--", 2)) return 0;
    s += 2;
    size_t len = strcspn(s, "=");
    for (; t && t->name; t++)
        if (strlen(t->name) == len && !strncmp(t->name, s, len)) return 1;
    return 0;
}
