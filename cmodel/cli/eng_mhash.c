/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof run/eval --engine mhash: the Multi-hash profiler's functional model
 * (cmodel/mhash) on a trace. `run` prints the candidates of every interval
 * (or a summary); `eval` scores them against a perfect interval profiler with
 * the error E of Narayanasamy et al. (formula 1), split into false positive,
 * false negative, neutral positive and neutral negative, averaged over the
 * intervals. Defaults are the paper's best configuration.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"
#include "engopt.h"
#include "cmap.h"
#include "mhash/mhash.h"
#include "trace.h"

typedef struct mh_opts {
    mhash_params p;
    int json, summary;
    unsigned long long max_events;
    const char *trace;
} mh_opts;

enum { O_JSON = 256, O_SUMMARY, O_MAXEV, O_HELP };

/* the command's own options; the engine's are hwp_eo_mhash_opts (engopt.c) */
static const struct option mh_cmdopts[] = {
    {"json", no_argument, 0, O_JSON},
    {"summary", no_argument, 0, O_SUMMARY},
    {"max-events", required_argument, 0, O_MAXEV},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0}};

static void mh_usage(FILE *f, const char *cmd)
{
    fprintf(f,
            "usage: hwprof %s --engine mhash [options] TRACE\n"
            "  %s\n"
            "Multi-hash interval profiler (Narayanasamy et al. 2003); defaults are the paper's\n"
            "best configuration: 4 tables, 2048 counters of 24 bits, C1-R0, shielding, retaining,\n"
            "interval 10000, threshold 1%%, accumulator 100.\n"
            "One event per record: 2-tuples <a, b>, 1-tuples <a, 0>, retire records <pc, value>\n"
            "(value: the destination register's new value, 0 when there is none).\n"
            "  --tables N           hash tables in use, 1..max-tables (4)\n"
            "  --counters N         total counters shared by the tables, power of 2 (2048)\n"
            "  --counter-bits N     counter width, saturating (24)\n"
            "  --epoch-bits N       epoch tag width of the RTL (8; no effect on the profile)\n"
            "  --max-tables N       banks of the build, power of 2 <= 16 (16)\n"
            "  --accumulator N      accumulator entries k (default ceil(100 / threshold%%))\n"
            "  --acc-ways N         hashed accumulator (docs/mhash.md): ways, 0 = registers (0)\n"
            "  --acc-sets N         hashed accumulator: slots per way, power of 2 <= bank depth\n"
            "                       (default: the least that holds 2k / ways)\n"
            "  --acc-stash N        hashed accumulator: stash entries, 0..16 (0)\n"
            "  --interval N         tuples per interval (10000)\n"
            "  --threshold PCT      candidate threshold in %% of the interval (1)\n"
            "  --threshold-count N  candidate threshold as a count (overrides --threshold)\n"
            "  --cons 0|1           conservative update C1 (1)\n"
            "  --reset 0|1          immediate reset on promotion R1 (0)\n"
            "  --shield 0|1         shielding (1)\n"
            "  --retain 0|1         retaining (1)\n"
            "  --seed N             hash seed (1)\n"
            "  --width N            tuple field width in bits, multiple of 8 (64)\n"
            "  --max-events N       stop after N records\n"
            "%s"
            "  --json               machine-readable output\n"
            "  --help               this text\n",
            cmd,
            strcmp(cmd, "eval") == 0
                ? "score the candidates of every interval against a perfect interval profiler"
                : "print the candidates reported at the end of every interval",
            strcmp(cmd, "run") == 0 ? "  --summary            totals only, no per-interval list\n" : "");
}

/* Returns 0 ok, 1 = help printed, 2 = usage error (message printed). */
static int mh_parse(int argc, char **argv, mh_opts *o)
{
    const char *cmd = argv[0];
    unsigned long long u;
    hwp_eo_mhash eo;
    hwp_eo_mhash_init(&eo);
    struct option lo[40];
    if (hwp_eo_cat(lo, 40, hwp_eo_mhash_opts, mh_cmdopts)) return 2;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
        int r = hwp_eo_mhash_opt(cmd, c, optarg, &eo);
        if (r == 2) return 2;
        if (r == 0) continue;
        switch (c) {
        case O_JSON: o->json = 1; break;
        case O_SUMMARY:
            if (strcmp(cmd, "run") != 0) goto unknown;
            o->summary = 1;
            break;
        case O_MAXEV:
            if (hwp_cli_uint(cmd, "max-events", optarg, 0, ~0ull, &u)) return 2;
            o->max_events = u;
            break;
        case O_HELP: mh_usage(stdout, cmd); return 1;
        default:
        unknown:
            fprintf(stderr, "hwprof %s --engine mhash: unknown or incomplete option '%s' (see --help)\n",
                    cmd, argv[optind - 1]);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "hwprof %s --engine mhash: expected exactly one TRACE argument (see --help)\n",
                cmd);
        return 2;
    }
    o->trace = argv[optind];
    if (hwp_eo_mhash_finish(cmd, &eo)) return 2;
    o->p = eo.p;
    return 0;
}

static void mh_json_cfg(FILE *f, const mh_opts *o)
{
    const mhash_params *p = &o->p;
    fprintf(f,
            "\"engine\": \"mhash\", \"trace\": \"%s\", \"tables\": %d, \"counters\": %u, "
            "\"table_size\": %u, \"counter_bits\": %d, \"accumulator\": %u, \"interval\": %llu, "
            "\"threshold_count\": %u, \"cons\": %d, \"reset\": %d, \"shield\": %d, \"retain\": %d, "
            "\"seed\": %u",
            o->trace, p->tables, p->n_counters, mhash_table_size(p), p->cw, p->acc_k,
            (unsigned long long)p->interval, p->thr, p->cons, p->reset, p->shield, p->retain,
            p->seed);
    if (p->acc_ways > 0)
        fprintf(f, ", \"acc_ways\": %d, \"acc_sets\": %u, \"acc_stash\": %d", p->acc_ways,
                p->acc_sets, p->acc_stash);
}

/* One record to the model's tuple: mhash_event_of (as the RTL regression,
 * tb/mhash) within the field width. run, eval and stream all map with it. */
static void mh_event(int retire, uint64_t wm, const hwp_rec *r, uint64_t *a, uint64_t *b)
{
    mhash_event_of(retire, r, a, b);
    *a &= wm;
    *b &= wm;
}

/* ------------------------------------------------------------ the report of run */
/* Printed by `run` from the model and by `stream` from the board's records. */

typedef struct mh_totals {
    uint64_t events, intervals, cands, promotions, refused, tail;
    uint64_t conflict; /* of the refused, those by the hashed accumulator's sets alone */
} mh_totals;

static void mh_print_begin(const mh_opts *o)
{
    if (o->json && !o->summary) printf("{\"intervals\": [\n  ");
}

static void mh_print_interval(const mh_opts *o, uint64_t idx, const mhash_cand *c, uint64_t n)
{
    if (o->summary) return;
    if (o->json) {
        printf("%s{\"interval\": %llu, \"candidates\": [", idx ? ",\n  " : "",
               (unsigned long long)idx);
        for (uint64_t i = 0; i < n; i++)
            printf("%s{\"a\": \"0x%llx\", \"b\": \"0x%llx\", \"count\": %u}", i ? ", " : "",
                   (unsigned long long)c[i].a, (unsigned long long)c[i].b, c[i].count);
        printf("]}");
    } else {
        printf("interval %llu: %u candidates\n", (unsigned long long)idx, (unsigned)n);
        for (uint64_t i = 0; i < n; i++)
            printf("  %#llx %#llx %u\n", (unsigned long long)c[i].a, (unsigned long long)c[i].b,
                   c[i].count);
    }
}

static void mh_print_end(const mh_opts *o, const mh_totals *t)
{
    if (o->json) {
        printf("%s", o->summary ? "{" : "],\n ");
        mh_json_cfg(stdout, o);
        printf(", \"events\": %llu, \"intervals_done\": %llu, \"candidates\": %llu, "
               "\"promotions\": %llu, \"refused\": %llu, \"tail_events\": %llu",
               (unsigned long long)t->events, (unsigned long long)t->intervals,
               (unsigned long long)t->cands, (unsigned long long)t->promotions,
               (unsigned long long)t->refused, (unsigned long long)t->tail);
        if (o->p.acc_ways > 0)
            printf(", \"refused_conflict\": %llu", (unsigned long long)t->conflict);
        printf("}\n");
    } else {
        printf("mhash: %llu events, %llu intervals, %llu candidates reported, %llu promotions, "
               "%llu refused (accumulator full",
               (unsigned long long)t->events, (unsigned long long)t->intervals,
               (unsigned long long)t->cands, (unsigned long long)t->promotions,
               (unsigned long long)t->refused);
        if (o->p.acc_ways > 0)
            printf("; %llu of them by a full set of the hashed accumulator)",
                   (unsigned long long)t->conflict);
        else
            printf(")");
        printf(", %llu events in the unfinished last interval\n", (unsigned long long)t->tail);
    }
}

/* Opens the trace and runs the model; on_interval is called at every interval
 * end with the perfect counts of that interval (if want_exact). */
typedef int (*mh_cb)(void *ctx, const mhash_fn *m, const hwp_cmap *exact);

static int mh_drive(const char *cmd, mh_opts *o, int want_exact, mh_cb cb, void *ctx,
                    mhash_fn *m, uint64_t *events, uint64_t *tail)
{
    char msg[256];
    hwp_err err;
    hwp_reader *rd = NULL;
    hwp_cmap exact = {0};
    int rc = 1;
    if (mhash_fn_init(m, &o->p, msg, sizeof msg)) {
        fprintf(stderr, "hwprof %s --engine mhash: %s\n", cmd, msg);
        return 1;
    }
    if (hwp_reader_open(&rd, o->trace, &err)) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, err.msg);
        return 1;
    }
    if (want_exact && hwp_cmap_init(&exact, 4096)) {
        fprintf(stderr, "hwprof %s: out of memory\n", cmd);
        goto out;
    }
    const uint64_t wm = hwp_mask(o->p.width);
    const int retire = hwp_reader_info(rd)->kind == HWP_KIND_RETIRE;
    hwp_rec recs[4096];
    uint64_t n = 0;
    for (;;) {
        long want = 4096;
        if (o->max_events && o->max_events - n < (uint64_t)want) want = (long)(o->max_events - n);
        if (want == 0) break;
        long got = hwp_reader_read(rd, recs, want, &err);
        if (got < 0) {
            fprintf(stderr, "hwprof %s: %s\n", cmd, err.msg);
            goto out;
        }
        if (got == 0) break;
        for (long i = 0; i < got; i++) {
            uint64_t a, b;
            mh_event(retire, wm, &recs[i], &a, &b);
            if (want_exact && !hwp_cmap_add(&exact, a, b, 1)) {
                fprintf(stderr, "hwprof %s: out of memory\n", cmd);
                goto out;
            }
            if (mhash_fn_push(m, a, b)) {
                if (cb(ctx, m, want_exact ? &exact : NULL)) goto out;
                if (want_exact) hwp_cmap_clear(&exact);
            }
        }
        n += (uint64_t)got;
        hwp_progress("mhash", n, o->max_events);
    }
    hwp_progress_done();
    *events = n;
    *tail = m->icnt;
    rc = 0;
out:
    if (want_exact) hwp_cmap_free(&exact);
    hwp_reader_close(rd);
    return rc;
}

/* ------------------------------------------------------------ run */

typedef struct run_ctx {
    const mh_opts *o;
    uint64_t cands;
} run_ctx;

static int run_cb(void *vctx, const mhash_fn *m, const hwp_cmap *exact)
{
    run_ctx *c = vctx;
    (void)exact;
    c->cands += m->ncand;
    mh_print_interval(c->o, m->intervals - 1, m->cand, m->ncand);
    return 0;
}

/* run's report: the candidates of every interval, then the totals */
static int run_report(const char *cmd, mh_opts *o)
{
    run_ctx c = {o, 0};
    mhash_fn m;
    uint64_t events = 0, tail = 0;
    mh_print_begin(o);
    int rc = mh_drive(cmd, o, 0, run_cb, &c, &m, &events, &tail);
    if (rc == 0) {
        mh_totals t = {events, m.intervals, c.cands, m.promotions, m.refused, tail,
                     m.refused_conflict};
        mh_print_end(o, &t);
    }
    mhash_fn_free(&m);
    return rc;
}

/* ------------------------------------------------------------ eval */

typedef struct eval_ctx {
    const mh_opts *o;
    hwp_cmap hw;            /* hardware candidates of the interval */
    uint64_t scored, empty;
    double sum_e, sum_fp, sum_fn, sum_np, sum_nn;
    uint64_t n_fp, n_fn, n_np, n_nn, n_exact, n_perfect, n_hw;
    double max_e;
} eval_ctx;

static int eval_cb(void *vctx, const mhash_fn *m, const hwp_cmap *exact)
{
    eval_ctx *c = vctx;
    uint64_t thr = c->o->p.thr;
    double den = 0, efp = 0, efn = 0, enp = 0, enn = 0;
    hwp_cmap_clear(&c->hw);
    for (uint32_t i = 0; i < m->ncand; i++) {
        const mhash_cand *h = &m->cand[i];
        if (!hwp_cmap_add(&c->hw, h->a, h->b, h->count)) return -1;
        const hwp_cmap_ent *e = hwp_cmap_get(exact, h->a, h->b);
        double fp = e ? (double)e->count : 0.0, fh = (double)h->count;
        c->n_hw++;
        den += fp;
        if (fp >= (double)thr) {
            if (fh > fp) {
                enp += fh - fp;
                c->n_np++;
            } else if (fh < fp) {
                enn += fp - fh;
                c->n_nn++;
            } else {
                c->n_exact++;
            }
        } else {
            efp += fabs(fp - fh);
            c->n_fp++;
        }
    }
    for (size_t i = 0; i < exact->cap; i++) {
        if (!exact->used[i] || exact->ent[i].count < thr) continue;
        c->n_perfect++;
        if (hwp_cmap_get(&c->hw, exact->ent[i].a, exact->ent[i].b)) continue;
        den += (double)exact->ent[i].count;
        efn += (double)exact->ent[i].count;
        c->n_fn++;
    }
    if (den <= 0) {
        c->empty++;
        return 0;
    }
    double e = (efp + efn + enp + enn) / den;
    c->scored++;
    c->sum_e += e;
    c->sum_fp += efp / den;
    c->sum_fn += efn / den;
    c->sum_np += enp / den;
    c->sum_nn += enn / den;
    if (e > c->max_e) c->max_e = e;
    return 0;
}

/* eval's report: every interval's candidates scored against the exact
 * interval profile */
static int eval_report(const char *cmd, mh_opts *o)
{
    eval_ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    if (hwp_cmap_init(&c.hw, 256)) {
        fprintf(stderr, "hwprof eval: out of memory\n");
        return 1;
    }
    mhash_fn m;
    uint64_t events = 0, tail = 0;
    int rc = mh_drive(cmd, o, 1, eval_cb, &c, &m, &events, &tail);
    if (rc == 0) {
        double s = c.scored ? 100.0 / (double)c.scored : 0;
        double ni = m.intervals ? 1.0 / (double)m.intervals : 0;
        if (m.intervals == 0)
            fprintf(stderr, "hwprof eval --engine mhash: warning: the trace (%llu events) is shorter "
                    "than one interval (%llu): nothing to score\n",
                    (unsigned long long)events, (unsigned long long)o->p.interval);
        if (o->json) {
            printf("{");
            mh_json_cfg(stdout, o);
            printf(", \"events\": %llu, \"intervals\": %llu, \"intervals_scored\": %llu, "
                   "\"intervals_without_candidates\": %llu, \"tail_events\": %llu, "
                   "\"avg_error_pct\": %.4f, \"false_pos_pct\": %.4f, \"false_neg_pct\": %.4f, "
                   "\"neutral_pos_pct\": %.4f, \"neutral_neg_pct\": %.4f, \"max_error_pct\": %.4f, "
                   "\"avg_perfect_candidates\": %.3f, \"avg_hw_candidates\": %.3f, "
                   "\"false_pos\": %llu, \"false_neg\": %llu, \"neutral_pos\": %llu, "
                   "\"neutral_neg\": %llu, \"exact\": %llu, \"promotions\": %llu, \"refused\": %llu",
                   (unsigned long long)events, (unsigned long long)m.intervals,
                   (unsigned long long)c.scored, (unsigned long long)c.empty,
                   (unsigned long long)tail, c.sum_e * s, c.sum_fp * s, c.sum_fn * s, c.sum_np * s,
                   c.sum_nn * s, c.max_e * 100.0, (double)c.n_perfect * ni, (double)c.n_hw * ni,
                   (unsigned long long)c.n_fp, (unsigned long long)c.n_fn,
                   (unsigned long long)c.n_np, (unsigned long long)c.n_nn,
                   (unsigned long long)c.n_exact, (unsigned long long)m.promotions,
                   (unsigned long long)m.refused);
            if (o->p.acc_ways > 0)
                printf(", \"refused_conflict\": %llu", (unsigned long long)m.refused_conflict);
            printf("}\n");
        } else {
            printf("mhash on %s: %d tables x %u counters (%u-bit), %s-%s, shield %d, retain %d, "
                   "k=%u, interval %llu, threshold %u\n",
                   o->trace, o->p.tables, mhash_table_size(&o->p), o->p.cw, o->p.cons ? "C1" : "C0",
                   o->p.reset ? "R1" : "R0", o->p.shield, o->p.retain, o->p.acc_k,
                   (unsigned long long)o->p.interval, o->p.thr);
            printf("events %llu, intervals %llu (%llu scored, %llu without candidates), "
                   "%llu events in the unfinished last interval (not scored)\n",
                   (unsigned long long)events, (unsigned long long)m.intervals,
                   (unsigned long long)c.scored, (unsigned long long)c.empty,
                   (unsigned long long)tail);
            printf("average error E %.3f%%  (false pos %.3f%%, false neg %.3f%%, neutral pos %.3f%%, "
                   "neutral neg %.3f%%), worst interval %.3f%%\n",
                   c.sum_e * s, c.sum_fp * s, c.sum_fn * s, c.sum_np * s, c.sum_nn * s,
                   c.max_e * 100.0);
            printf("candidates per interval: perfect %.2f, reported %.2f; promotions %llu, refused %llu\n",
                   (double)c.n_perfect * ni, (double)c.n_hw * ni,
                   (unsigned long long)m.promotions, (unsigned long long)m.refused);
            if (o->p.acc_ways > 0)
                printf("hashed accumulator %d ways x %u + %d stash: %llu refused by conflict\n",
                       o->p.acc_ways, o->p.acc_sets, o->p.acc_stash,
                       (unsigned long long)m.refused_conflict);
        }
    }
    hwp_cmap_free(&c.hw);
    mhash_fn_free(&m);
    return rc;
}

/* run and eval: the same options and model, then each command's report */
static int mh_main(int argc, char **argv, int eval)
{
    mh_opts o;
    memset(&o, 0, sizeof o);
    int pr = mh_parse(argc, argv, &o);
    if (pr) return pr == 1 ? 0 : 2;
    return eval ? eval_report(argv[0], &o) : run_report(argv[0], &o);
}

int hwp_run_mhash(int argc, char **argv) { return mh_main(argc, argv, 0); }

int hwp_eval_mhash(int argc, char **argv) { return mh_main(argc, argv, 1); }

/* ------------------------------------------------------------ stream */
/* The engine on the link (engine.h): CONFIG, INFO and output records as
 * docs/protocol.md gives them for mhash. */

/* the engine's lines of `hwprof stream --engine mhash --help` */
static const char mh_help[] =
    "mhash options (as hwprof run --engine mhash): --tables N --counters N\n"
    "  --counter-bits N --epoch-bits N --max-tables N --accumulator N --interval N\n"
    "  --threshold PCT --threshold-count N --cons 0|1 --reset 0|1 --shield 0|1\n"
    "  --retain 0|1 --seed N --width N --summary\n";

enum { O_LSUMMARY = HWP_EO_MHASH + 0x80 };

static const struct option mh_outopts[] = {{"summary", no_argument, 0, O_LSUMMARY}, {0, 0, 0, 0}};

typedef struct mh_link {
    hwp_eo_mhash eo;
    mh_opts o;
    int retire;
    uint64_t wm;
    mhash_cand *cand; /* every candidate, in order */
    uint64_t ncand, capcand;
    uint64_t *ivl; /* per finished interval, the index of its first candidate */
    uint64_t nivl, capivl;
    uint64_t since_eoi; /* candidates since the last end of interval */
} mh_link;

static void mhl_init(void *vs)
{
    mh_link *s = vs;
    hwp_eo_mhash_init(&s->eo);
}

static int mhl_opt(const char *cmd, int code, const char *arg, void *vs)
{
    mh_link *s = vs;
    int r = hwp_eo_mhash_opt(cmd, code, arg, &s->eo);
    if (r != 1) return r;
    if (code != O_LSUMMARY) return 1;
    s->o.summary = 1;
    return 0;
}

static int mhl_finish(const char *cmd, void *vs)
{
    mh_link *s = vs;
    if (hwp_eo_mhash_finish(cmd, &s->eo)) return 2;
    s->o.p = s->eo.p;
    return 0;
}

static int mhl_begin(void *vs, hwp_sess *ss, const hwp_trace_info *ti)
{
    mh_link *s = vs;
    s->o.trace = ss->trace;
    s->o.json = ss->json;
    s->retire = ti->kind == HWP_KIND_RETIRE;
    s->wm = hwp_mask(s->o.p.width);
    return 0;
}

static int mhl_map(const void *vs, const hwp_sess *ss, const hwp_rec *in, hwp_rec *out)
{
    const mh_link *s = vs;
    (void)ss;
    memset(out, 0, sizeof *out);
    mh_event(s->retire, s->wm, in, &out->a, &out->b);
    return 1;
}

static int mhl_end(const void *vs, const hwp_sess *ss)
{
    (void)vs;
    /* conflicts <= refused, refused + promotions <= events: below 2^32 events
     * the board's 32-bit wrapping counters are exact */
    if (ss->events > 0xffffffffu) {
        fprintf(stderr, "hwprof %s: %llu events exceed the board's 32-bit refused / promotions "
                        "counters\n", ss->cmd, (unsigned long long)ss->events);
        return -1;
    }
    return 0;
}

static int mhl_params(const void *vs, hwp_bparam *bp)
{
    const mh_link *s = vs;
    const mhash_params *p = &s->o.p;
    int n = 0;
#define BP(nm, op, v, ck) bp[n++] = HWP_BPARAM(MHASH, nm, op, v, ck)
    BP(W, "--width", p->width, 1);
    BP(N_COUNTERS, "--counters", p->n_counters, 1);
    BP(CW, "--counter-bits", p->cw, 1);
    BP(EW, "--epoch-bits", p->ew, s->eo.ew_set);
    BP(MAX_TABLES, "--max-tables", p->max_tables, 1);
    BP(ACC_K, "--accumulator", p->acc_k, 1);
    BP(SEED, "--seed", p->seed, 1);
    BP(ACC_WAYS, "--acc-ways", p->acc_ways, 1);
    BP(ACC_SETS, "--acc-sets", p->acc_sets, p->acc_ways > 0);
    BP(ACC_STASH, "--acc-stash", p->acc_stash, p->acc_ways > 0);
#undef BP
    return n;
}

static int mhl_info(void *vs, const hwp_sess *ss, const hwl_info *in)
{
    const mh_link *s = vs;
    uint64_t lw;
    (void)ss;
    if (hwl_info_param(in, HWL_PAR_MHASH_LW, &lw) && lw < 64 && s->o.p.interval > hwp_mask((int)lw)) {
        fprintf(stderr, "hwprof stream: --interval %llu does not fit the board's LW=%llu\n",
                (unsigned long long)s->o.p.interval, (unsigned long long)lw);
        return 1;
    }
    return 0;
}

static int mhl_config(const void *vs, uint64_t *v)
{
    const mhash_params *p = &((const mh_link *)vs)->o.p;
    v[HWL_REG_MHASH_tables - 1] = (uint64_t)p->tables;
    v[HWL_REG_MHASH_cons - 1] = (uint64_t)p->cons;
    v[HWL_REG_MHASH_reset - 1] = (uint64_t)p->reset;
    v[HWL_REG_MHASH_shield - 1] = (uint64_t)p->shield;
    v[HWL_REG_MHASH_retain - 1] = (uint64_t)p->retain;
    v[HWL_REG_MHASH_interval - 1] = p->interval;
    v[HWL_REG_MHASH_thr - 1] = p->thr;
    return hwl_desc_nregs(HWL_ENG_MHASH);
}

static int mhl_collect(void *vs, const hwl_orec *x, char *err, size_t errn)
{
    mh_link *s = vs;
    if (x->tag == HWL_TAG_MHASH_EOI) { /* end of interval: the interval's candidate count */
        if (x->f[0] != s->since_eoi) {
            snprintf(err, errn, "end of interval %llu says %llu candidates, %llu were received",
                     (unsigned long long)s->nivl, (unsigned long long)x->f[0],
                     (unsigned long long)s->since_eoi);
            return -1;
        }
        if (s->nivl == s->capivl) {
            s->capivl = s->capivl ? 2 * s->capivl : 1024;
            uint64_t *ni = realloc(s->ivl, (size_t)s->capivl * sizeof *ni);
            if (!ni) goto oom;
            s->ivl = ni;
        }
        s->ivl[s->nivl++] = s->ncand - s->since_eoi;
        s->since_eoi = 0;
    } else { /* a candidate <a, b, count> */
        if (s->ncand == s->capcand) {
            s->capcand = s->capcand ? 2 * s->capcand : 4096;
            mhash_cand *nc = realloc(s->cand, (size_t)s->capcand * sizeof *nc);
            if (!nc) goto oom;
            s->cand = nc;
        }
        mhash_cand c = {x->f[0], x->f[1], (uint32_t)x->f[2]};
        s->cand[s->ncand++] = c;
        s->since_eoi++;
    }
    return 0;
oom:
    snprintf(err, errn, "out of memory");
    return -1;
}

static int mhl_report(void *vs, const hwp_sess *ss)
{
    mh_link *s = vs;
    if (s->since_eoi) {
        fprintf(stderr, "hwprof %s: %s: protocol error: %llu candidates after the last end of "
                        "interval\n", ss->cmd, ss->port, (unsigned long long)s->since_eoi);
        return -1;
    }
    /* the complete intervals cannot hold more events than the run had (the
     * count of events in the unfinished one would underflow) */
    if (s->nivl > ss->events / s->o.p.interval) {
        fprintf(stderr, "hwprof %s: %s: protocol error: the board reported %llu complete intervals "
                        "of %llu events, more than the %llu events of the run\n", ss->cmd, ss->port,
                (unsigned long long)s->nivl, (unsigned long long)s->o.p.interval,
                (unsigned long long)ss->events);
        return -1;
    }
    mh_print_begin(&s->o);
    for (uint64_t i = 0; i < s->nivl; i++) {
        uint64_t e = i + 1 < s->nivl ? s->ivl[i + 1] : s->ncand;
        mh_print_interval(&s->o, i, s->cand + s->ivl[i], e - s->ivl[i]);
    }
    /* COUNTERS: refused, promotions, conflicts */
    mh_totals t = {ss->events, s->nivl, s->ncand, ss->ctr[1], ss->ctr[0],
                   ss->events - s->nivl * s->o.p.interval, ss->ctr[2]};
    mh_print_end(&s->o, &t);
    return 0;
}

static void mhl_free(void *vs)
{
    mh_link *s = vs;
    free(s->cand);
    free(s->ivl);
}

const hwp_link_eng hwp_link_mhash = {
    HWL_ENG_MHASH, HWP_KIND_TUPLE2, sizeof(mh_link), mh_help, 1, 1, hwp_eo_mhash_opts, mh_outopts,
    NULL, mhl_init, mhl_opt, mhl_finish, mhl_begin, mhl_map, mhl_end, mhl_params, mhl_info,
    mhl_config, mhl_collect, NULL, NULL, mhl_report, mhl_free};
