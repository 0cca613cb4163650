/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof run|eval --engine strat: the stratified-sampling stream compressors
 * of Sastry, Bodik and Smith 2001 (cmodel/strat). `run` feeds a trace through
 * the compressor and prints the profile the software folds from the
 * messages; `eval` also builds the exact profile and reports the value-profile
 * invariance error (section 5.3.1) against events seen, and the overhead
 * (section 5.3.2: 30 cycles per message). A bare `--engine strat` is
 * H[P_256]_2048.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"
#include "engopt.h"
#include "strat/strat.h"
#include "strat/vprof.h"
#include "trace.h"

typedef struct strat_opts {
    strat_cfg cfg;
    strat_err_params prm;
    const char *trace;
    uint64_t max_events;
    unsigned points;
    double cpe;        /* program cycles per profiled event */
    double msg_cycles; /* software cycles per message */
    int json;
    int cycle_model;
    int messages;      /* run: print the message stream instead of the profile */
} strat_opts;

enum {
    O_POINTS = 1000, O_MAX, O_CPE, O_MSGC, O_MINEXEC, O_MINFRAC, O_MINCOV, O_JSON, O_CYCLE,
    O_MSGS, O_HELP
};

/* the command's own options; the engine's are hwp_eo_strat_opts (engopt.c) */
static const struct option cmd_opts[] = {
    {"points", required_argument, 0, O_POINTS},
    {"max-events", required_argument, 0, O_MAX},
    {"cycles-per-event", required_argument, 0, O_CPE},
    {"msg-cycles", required_argument, 0, O_MSGC},
    {"min-exec", required_argument, 0, O_MINEXEC},
    {"min-tuple-frac", required_argument, 0, O_MINFRAC},
    {"min-cover", required_argument, 0, O_MINCOV},
    {"json", no_argument, 0, O_JSON},
    {"cycle-model", no_argument, 0, O_CYCLE},
    {"messages", no_argument, 0, O_MSGS},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0}};

static void usage(FILE *f, const char *cmd)
{
    int ev = !strcmp(cmd, "eval");
    fprintf(f,
            "usage: hwprof %s --engine strat [options] TRACE\n"
            "%s"
            "\ncompressor (Sastry, Bodik, Smith 2001; default H[P_256]_2048):\n"
            "  --mode M            r | p | cr | hr | hp | hcr | tag   (R_r, P_r, CR_r,\n"
            "                      H[R_r]_n, H[P_r]_n, H[CR_r]_n, tagged; default hp)\n"
            "  --rate R            sampling rate r / hit-counter threshold (256)\n"
            "  --entries N         counters n, a power of two 2..65536 (2048)\n"
            "  --ways N            tagged associativity 1, 2 or 4 (2)\n"
            "  --counter-bits N    hit/sample counter bits (16; r <= 2^N)\n"
            "  --miss-bits N       tagged miss-counter bits (3)\n"
            "  --tag-bits N        tagged partial-tag bits (2)\n"
            "  --evict N           ShouldEvict: hits >= N in the Evict state (16)\n"
            "  --replace N         ShouldReplace: misses >= N (4; <= 2^miss-bits)\n"
            "  --lfsr-seed N       random samplers' LFSR seed, nonzero (1)\n"
            "  --hash-seed N       hash unit random-table seed (1)\n"
            "  --ak / --no-ak      A_k second-level aggregator on / off (off)\n"
            "  --ak-entries K      A_k entries 1..64 (16)\n"
            "  --width N           tuple field bits, multiple of 8 (64)\n"
            "  --fifo-depth N      output FIFO depth, power of two 4..4096 (512)\n"
            "\ninput:\n"
            "  --max-events N      stop after N events\n"
            "                      (tuple traces: <a, b>; retire traces: loads <pc, value>)\n"
            "  --cycle-model       run the cycle model (reports cycles, events/cycle)\n",
            cmd,
            ev ? "Reports the value-profile invariance error (section 5.3.1) against events\n"
                 "seen and the profiling overhead (section 5.3.2).\n"
               : "Prints the profile folded from the compressor's messages: a b count (hex a, b).\n");
    if (ev)
        fprintf(f,
                "\nevaluation:\n"
                "  --points N          convergence checkpoints (20)\n"
                "  --cycles-per-event X  program cycles per profiled event, the overhead base (4.25)\n"
                "  --msg-cycles X      software cycles per message (30)\n"
                "  --min-exec N        loads executed at least N times (1000)\n"
                "  --min-tuple-frac X  tuples with at least X of the load's executions (0.10)\n"
                "  --min-cover X       loads with at least X covered by such tuples (0.40)\n"
                "  --json              one JSON object on stdout\n");
    else
        fprintf(f, "  --messages          print the message stream (a b count) instead\n");
    fprintf(f, "  --help              this text\n");
}

/* Returns 0 ok, 1 help printed, 2 usage error. */
static int parse(int argc, char **argv, strat_opts *o)
{
    const char *cmd = argv[0];
    unsigned long long u;
    double d;
    memset(o, 0, sizeof *o);
    hwp_eo_strat eo;
    hwp_eo_strat_init(&eo);
    strat_err_params_default(&o->prm);
    o->max_events = UINT64_MAX;
    o->points = 20;
    o->cpe = 4.25;
    o->msg_cycles = 30.0;
    struct option lo[40];
    if (hwp_eo_cat(lo, 40, hwp_eo_strat_opts, cmd_opts)) return 2;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
        int r = hwp_eo_strat_opt(cmd, c, optarg, &eo);
        if (r == 2) return 2;
        if (r == 0) continue;
        switch (c) {
#define UOPT(code, name, lo, hi, dst)                                     \
    case code:                                                            \
        if (hwp_cli_uint(cmd, name, optarg, lo, hi, &u)) return 2;        \
        dst = u;                                                          \
        break;
            UOPT(O_POINTS, "points", 1, 10000, o->points)
            UOPT(O_MAX, "max-events", 1, UINT64_MAX, o->max_events)
            UOPT(O_MINEXEC, "min-exec", 1, UINT64_MAX, o->prm.min_exec)
#undef UOPT
        case O_CPE:
            if (hwp_cli_double(cmd, "cycles-per-event", optarg, 1e-6, 1e9, &d)) return 2;
            o->cpe = d;
            break;
        case O_MSGC:
            if (hwp_cli_double(cmd, "msg-cycles", optarg, 0.0, 1e9, &d)) return 2;
            o->msg_cycles = d;
            break;
        case O_MINFRAC:
            if (hwp_cli_double(cmd, "min-tuple-frac", optarg, 0.0, 1.0, &d)) return 2;
            o->prm.min_tuple_frac = d;
            break;
        case O_MINCOV:
            if (hwp_cli_double(cmd, "min-cover", optarg, 0.0, 1.0, &d)) return 2;
            o->prm.min_cover = d;
            break;
        case O_JSON: o->json = 1; break;
        case O_CYCLE: o->cycle_model = 1; break;
        case O_MSGS: o->messages = 1; break;
        case 'h':
        case O_HELP: usage(stdout, cmd); return 1;
        default: usage(stderr, cmd); return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "hwprof %s --engine strat: expected one TRACE argument (see --help)\n", cmd);
        return 2;
    }
    o->trace = argv[optind];
    if (hwp_eo_strat_finish(cmd, &eo)) return 2;
    o->cfg = eo.c;
    return 0;
}

/* Name in the paper's notation, e.g. H[P_256]_2048, R_256, tagged_2048x2w. */
static void comp_name(const strat_cfg *c, char *buf, size_t n)
{
    int len;
    switch (c->mode) {
    case STRAT_R: len = snprintf(buf, n, "R_%u", c->rate); break;
    case STRAT_P: len = snprintf(buf, n, "P_%u", c->rate); break;
    case STRAT_CR: len = snprintf(buf, n, "CR_%u", c->rate); break;
    case STRAT_HR: len = snprintf(buf, n, "H[R_%u]_%d", c->rate, 1 << c->idx_bits); break;
    case STRAT_HP: len = snprintf(buf, n, "H[P_%u]_%d", c->rate, 1 << c->idx_bits); break;
    case STRAT_HCR: len = snprintf(buf, n, "H[CR_%u]_%d", c->rate, 1 << c->idx_bits); break;
    default:
        len = snprintf(buf, n, "T%d[%u]_%dx%d", c->tag_bits, c->rate, 1 << c->idx_bits, c->ways);
        break;
    }
    if (c->ak_en && len > 0 && (size_t)len < n) snprintf(buf + len, n - (size_t)len, "A_%d", c->ak_entries);
}

/* The compressor behind one interface: functional or cycle model. */
typedef struct driver {
    strat_opts *o;
    int cyc;
    strat_fn f;
    strat_cyc m;
    uint64_t cycles;
} driver;

typedef int (*msg_fn)(void *ctx, const strat_msg *m);

static int drv_init(driver *d, strat_opts *o)
{
    char msg[256];
    memset(d, 0, sizeof *d);
    d->o = o;
    d->cyc = o->cycle_model;
    int rc = d->cyc ? strat_cyc_init(&d->m, &o->cfg, msg) : strat_fn_init(&d->f, &o->cfg, msg);
    if (rc) fprintf(stderr, "hwprof: strat: %s\n", msg);
    return rc;
}

static void drv_free(driver *d)
{
    if (d->cyc) strat_cyc_free(&d->m);
    else strat_fn_free(&d->f);
}

static const strat_stats *drv_stats(const driver *d) { return d->cyc ? &d->m.st : &d->f.st; }

/* Cycle model: one event offered, clocks until accepted; delivered messages
 * go to cb. flush: clocks until done. Output always ready. */
static int drv_cyc_clock(driver *d, int valid, uint64_t a, uint64_t b, int flush, msg_fn cb,
                         void *ctx, int *accepted)
{
    strat_cyc_in in = {valid, a, b, flush, 1};
    strat_cyc_out out;
    strat_cyc_step(&d->m, &in, &out);
    d->cycles++;
    if (out.out_valid) {
        strat_msg m = {out.out_a, out.out_b, out.out_count};
        if (cb(ctx, &m)) return -1;
    }
    *accepted = valid && out.in_ready;
    return out.done;
}

static int drv_event(driver *d, uint64_t a, uint64_t b, msg_fn cb, void *ctx)
{
    if (d->cyc) {
        int acc = 0;
        uint64_t m = hwp_mask(d->o->cfg.width);
        do {
            if (drv_cyc_clock(d, 1, a & m, b & m, 0, cb, ctx, &acc) < 0) return -1;
        } while (!acc);
        return 0;
    }
    strat_msg out[2];
    int n = strat_fn_event(&d->f, a, b, out);
    for (int i = 0; i < n; i++)
        if (cb(ctx, &out[i])) return -1;
    return 0;
}

static int drv_flush(driver *d, msg_fn cb, void *ctx)
{
    if (d->cyc) {
        int acc, rc;
        while ((rc = drv_cyc_clock(d, 0, 0, 0, 1, cb, ctx, &acc)) == 0) {
        }
        return rc < 0 ? -1 : 0;
    }
    strat_msg out[STRAT_MAX_AK];
    int n = strat_fn_flush(&d->f, out);
    for (int i = 0; i < n; i++)
        if (cb(ctx, &out[i])) return -1;
    return 0;
}

/* Reads the next event: tuple traces give <a, b>; retire traces give the
 * loads with a value as <pc, value>. 1 = event, 0 = end, -1 = error. */
static int next_event(hwp_reader *r, uint64_t *a, uint64_t *b, hwp_err *err)
{
    hwp_rec rec;
    int retire = hwp_reader_info(r)->kind == HWP_KIND_RETIRE;
    for (;;) {
        int rc = hwp_reader_next(r, &rec, err);
        if (rc <= 0) return rc;
        if (strat_event_of(retire, &rec, a, b)) return 1;
    }
}

/* ------------------------------------------------------------------ run */

typedef struct run_ctx {
    strat_prof prof;
    int print;
    uint64_t msgs;
} run_ctx;

static int run_msg(void *ctx, const strat_msg *m)
{
    run_ctx *r = ctx;
    r->msgs++;
    if (r->print) printf("%" PRIx64 " %" PRIx64 " %u\n", m->a, m->b, m->count);
    return strat_prof_add(&r->prof, m->a, m->b, m->count);
}

/* The profile `run` prints (without --messages), from the model's messages
 * or the board's: 0, or -1 out of memory. */
static int print_profile(const strat_prof *p)
{
    size_t cnt;
    hwp_cmap_ent *s = hwp_cmap_sorted(&p->tup, &cnt);
    if (!s && cnt) return -1;
    printf("# strat profile: a b count (events reported by the compressor's messages)\n");
    for (size_t i = 0; i < cnt; i++)
        printf("%" PRIx64 " %" PRIx64 " %" PRIu64 "\n", s[i].a, s[i].b, s[i].count);
    free(s);
    return 0;
}

static void print_stats(FILE *f, const char *name, const driver *d, uint64_t events, uint64_t msgs)
{
    const strat_stats *s = drv_stats(d);
    fprintf(f,
            "strat %s: events=%" PRIu64 " messages=%" PRIu64 " sampled=%" PRIu64
            " sampled_events=%" PRIu64 " retained=%" PRIu64 " forced=%" PRIu64
            " e4=%" PRIu64 " e5=%" PRIu64 " e6=%" PRIu64 " ak_hits=%" PRIu64 " ak_evict=%" PRIu64,
            name, events, msgs, s->samples, s->sampled_cnt,
            events >= s->sampled_cnt ? events - s->sampled_cnt : 0, s->forced, s->e4, s->e5, s->e6,
            s->ak_hits, s->ak_evict);
    if (d->cyc)
        fprintf(f, " cycles=%" PRIu64 " events_per_cycle=%.3f", d->cycles,
                d->cycles ? (double)events / (double)d->cycles : 0.0);
    fprintf(f, "\n");
}

/* Parses the options and opens the trace: -1 to go on, else the exit status. */
static int start(int argc, char **argv, strat_opts *o, hwp_reader **rd)
{
    hwp_err err;
    int rc = parse(argc, argv, o);
    if (rc) return rc == 1 ? 0 : 2;
    if (hwp_reader_open(rd, o->trace, &err)) {
        fprintf(stderr, "hwprof %s: %s\n", argv[0], err.msg);
        return 1;
    }
    return -1;
}

/* run's report: the folded profile (or the messages) on stdout, the
 * compressor's statistics on stderr */
static int run_report(strat_opts *o, hwp_reader *rd)
{
    hwp_err err;
    int rc = -1;
    driver d;
    run_ctx r;
    memset(&r, 0, sizeof r);
    r.print = o->messages;
    if (drv_init(&d, o) || strat_prof_init(&r.prof)) {
        return 1;
    }
    uint64_t a, b, n = 0;
    int ret = 0;
    while (n < o->max_events && (rc = next_event(rd, &a, &b, &err)) == 1) {
        if (drv_event(&d, a, b, run_msg, &r)) {
            fprintf(stderr, "hwprof run: out of memory\n");
            ret = 1;
            goto out;
        }
        n++;
    }
    if (rc < 0) {
        fprintf(stderr, "hwprof run: %s\n", err.msg);
        ret = 1;
        goto out;
    }
    if (drv_flush(&d, run_msg, &r)) {
        fprintf(stderr, "hwprof run: out of memory\n");
        ret = 1;
        goto out;
    }
    if (!o->messages && print_profile(&r.prof)) {
        fprintf(stderr, "hwprof run: out of memory\n");
        ret = 1;
        goto out;
    }
    char name[64];
    comp_name(&o->cfg, name, sizeof name);
    print_stats(stderr, name, &d, n, r.msgs);
out:
    strat_prof_free(&r.prof);
    drv_free(&d);
    return ret;
}

/* ------------------------------------------------------------------ eval */

typedef struct eval_point {
    uint64_t events, messages;
    double error_pct, overhead_pct;
} eval_point;

/* eval's report: the invariance error and overhead of the profile against
 * the ideal one */
static int eval_report(strat_opts *o, hwp_reader *rd)
{
    hwp_err err;
    int rc = -1;
    const hwp_trace_info *ti = hwp_reader_info(rd);
    uint64_t total = ti->count;
    if (o->max_events < total) total = o->max_events;
    driver d;
    run_ctx r;
    strat_prof ideal;
    memset(&r, 0, sizeof r);
    if (drv_init(&d, o)) {
        return 1;
    }
    if (strat_prof_init(&r.prof) || strat_prof_init(&ideal)) {
        fprintf(stderr, "hwprof eval: out of memory\n");
        drv_free(&d);
        return 1;
    }
    eval_point *pts = calloc(o->points + 1, sizeof *pts);
    unsigned npts = 0;
    /* checkpoints: every `step` events when the length is known (retire
     * traces: unknown share of loads, so also at the end), else doublings */
    uint64_t step = 0, next = 1000;
    if (total != HWP_COUNT_UNKNOWN && ti->kind != HWP_KIND_RETIRE) {
        step = total / o->points;
        if (step == 0) step = 1;
        next = step;
    }
    uint64_t a, b, n = 0;
    int ret = 0;
    strat_err_result er;
    if (!pts) goto oom;
    while (n < o->max_events && (rc = next_event(rd, &a, &b, &err)) == 1) {
        uint64_t m = hwp_mask(o->cfg.width);
        if (strat_prof_add(&ideal, a & m, b & m, 1)) goto oom;
        if (drv_event(&d, a, b, run_msg, &r)) goto oom;
        n++;
        if (n == next && npts < o->points) {
            if (strat_invariance_error(&ideal, &r.prof, &o->prm, &er)) goto oom;
            pts[npts].events = n;
            pts[npts].messages = r.msgs;
            pts[npts].error_pct = er.error_pct;
            pts[npts].overhead_pct =
                strat_overhead_pct(r.msgs, o->msg_cycles, (double)n * o->cpe);
            npts++;
            next = step ? next + step : next * 2;
        }
        if (total != HWP_COUNT_UNKNOWN) hwp_progress("strat eval", n, total);
    }
    hwp_progress_done();
    if (rc < 0) {
        fprintf(stderr, "hwprof eval: %s\n", err.msg);
        ret = 1;
        goto out;
    }
    if (n == 0) {
        fprintf(stderr, "hwprof eval: %s: no events (tuple trace, or retire trace with loads)\n",
                o->trace);
        ret = 1;
        goto out;
    }
    /* final point: what the software has at the end of the stream (A_k flushed) */
    if (drv_flush(&d, run_msg, &r)) goto oom;
    if (strat_invariance_error(&ideal, &r.prof, &o->prm, &er)) goto oom;
    double ovh = strat_overhead_pct(r.msgs, o->msg_cycles, (double)n * o->cpe);
    if (npts == 0 || pts[npts - 1].events != n || pts[npts - 1].messages != r.msgs) {
        if (npts == o->points) npts--;
        pts[npts].events = n;
        pts[npts].messages = r.msgs;
        pts[npts].error_pct = er.error_pct;
        pts[npts].overhead_pct = ovh;
        npts++;
    }
    const strat_stats *s = drv_stats(&d);
    char name[64];
    comp_name(&o->cfg, name, sizeof name);
    if (o->json) {
        printf("{\"engine\":\"strat\",\"compressor\":\"%s\",\"mode\":\"%s\",\"rate\":%u,"
               "\"entries\":%d,\"ways\":%d,\"ak\":%d,\"ak_entries\":%d,\"trace\":\"%s\","
               "\"events\":%" PRIu64 ",\"messages\":%" PRIu64 ",\"error_pct\":%.6f,"
               "\"overhead_pct\":%.6f,\"cycles_per_event\":%g,\"msg_cycles\":%g,"
               "\"sampled_messages\":%" PRIu64 ",\"sampled_events\":%" PRIu64
               ",\"forced\":%" PRIu64 ",\"e4\":%" PRIu64 ",\"e5\":%" PRIu64 ",\"e6\":%" PRIu64
               ",\"ak_hits\":%" PRIu64 ",\"ak_evict\":%" PRIu64 ",\"selected_loads\":%" PRIu64
               ",\"selected_tuples\":%" PRIu64 ",\"selected_events\":%" PRIu64,
               name, strat_mode_name(o->cfg.mode), o->cfg.rate, 1 << o->cfg.idx_bits, o->cfg.ways,
               o->cfg.ak_en, o->cfg.ak_entries, o->trace, n, r.msgs, er.error_pct, ovh, o->cpe,
               o->msg_cycles, s->samples, s->sampled_cnt, s->forced, s->e4, s->e5, s->e6,
               s->ak_hits, s->ak_evict, er.sel_loads, er.sel_tuples, er.sel_freq);
        if (d.cyc)
            printf(",\"cycles\":%" PRIu64 ",\"events_per_cycle\":%.6f", d.cycles,
                   (double)n / (double)d.cycles);
        printf(",\"curve\":[");
        for (unsigned i = 0; i < npts; i++)
            printf("%s{\"events\":%" PRIu64 ",\"messages\":%" PRIu64
                   ",\"error_pct\":%.6f,\"overhead_pct\":%.6f}",
                   i ? "," : "", pts[i].events, pts[i].messages, pts[i].error_pct,
                   pts[i].overhead_pct);
        printf("]}\n");
    } else {
        printf("strat %s on %s: %" PRIu64 " events\n", name, o->trace, n);
        printf("selected: %" PRIu64 " loads, %" PRIu64 " tuples, %" PRIu64
               " events (>= %" PRIu64 " executions, tuples >= %.0f%%, loads >= %.0f%% covered)\n",
               er.sel_loads, er.sel_tuples, er.sel_freq, o->prm.min_exec,
               100.0 * o->prm.min_tuple_frac, 100.0 * o->prm.min_cover);
        printf("%12s %10s %9s %11s\n", "events", "messages", "error_%", "overhead_%");
        for (unsigned i = 0; i < npts; i++)
            printf("%12" PRIu64 " %10" PRIu64 " %9.3f %11.3f\n", pts[i].events, pts[i].messages,
                   pts[i].error_pct, pts[i].overhead_pct);
        printf("error_pct=%.3f messages=%" PRIu64 " overhead_pct=%.3f (%g cycles/message, "
               "%g program cycles/event)\n",
               er.error_pct, r.msgs, ovh, o->msg_cycles, o->cpe);
        print_stats(stdout, name, &d, n, r.msgs);
    }
    goto out;
oom:
    fprintf(stderr, "hwprof eval: out of memory\n");
    ret = 1;
out:
    free(pts);
    strat_prof_free(&r.prof);
    strat_prof_free(&ideal);
    drv_free(&d);
    return ret;
}

/* ------------------------------------------------------------------ stream */
/* The engine on the link (engine.h): CONFIG, INFO and output records as
 * docs/protocol.md gives them for strat. */

/* the engine's lines of `hwprof stream --engine strat --help` */
static const char st_help[] =
    "strat options (as hwprof run --engine strat): --mode M --rate R --entries N\n"
    "  --ways N --counter-bits N --miss-bits N --tag-bits N --evict N --replace N\n"
    "  --lfsr-seed N --hash-seed N --ak/--no-ak --ak-entries K --width N\n"
    "  --fifo-depth N --messages\n";

enum { O_LMSGS = HWP_EO_STRAT + 0x80 };

static const struct option st_outopts[] = {{"messages", no_argument, 0, O_LMSGS}, {0, 0, 0, 0}};
static const struct option st_runopts[] = {{"cycle-model", no_argument, 0, HWP_RUN_ONLY},
                                           {0, 0, 0, 0}};

typedef struct st_link {
    hwp_eo_strat eo;
    int messages;
    int retire;
    uint64_t wm;
    strat_msg *msg; /* the board's messages, in order */
    uint64_t nmsg, cap;
} st_link;

static void stl_init(void *vs)
{
    st_link *s = vs;
    hwp_eo_strat_init(&s->eo);
}

static int stl_opt(const char *cmd, int code, const char *arg, void *vs)
{
    st_link *s = vs;
    int r = hwp_eo_strat_opt(cmd, code, arg, &s->eo);
    if (r != 1) return r;
    if (code != O_LMSGS) return 1;
    s->messages = 1;
    return 0;
}

static int stl_finish(const char *cmd, void *vs)
{
    return hwp_eo_strat_finish(cmd, &((st_link *)vs)->eo) ? 2 : 0;
}

static int stl_begin(void *vs, hwp_sess *ss, const hwp_trace_info *ti)
{
    st_link *s = vs;
    (void)ss;
    s->retire = ti->kind == HWP_KIND_RETIRE;
    s->wm = hwp_mask(s->eo.c.width);
    return 0;
}

/* the events of next_event, within the field width */
static int stl_map(const void *vs, const hwp_sess *ss, const hwp_rec *in, hwp_rec *out)
{
    const st_link *s = vs;
    uint64_t a, b;
    (void)ss;
    if (!strat_event_of(s->retire, in, &a, &b)) return 0;
    memset(out, 0, sizeof *out);
    out->a = a & s->wm;
    out->b = b & s->wm;
    return 1;
}

static int stl_params(const void *vs, hwp_bparam *bp)
{
    const st_link *s = vs;
    const strat_cfg *c = &s->eo.c;
    int n = 0;
#define BP(nm, op, v, ck) bp[n++] = HWP_BPARAM(STRAT, nm, op, v, ck)
    BP(W, "--width", c->width, 1);
    BP(IDX_W, "--entries (log2)", c->idx_bits, 1);
    BP(WAYS, "--ways", c->ways, 1);
    BP(CNT_W, "--counter-bits", c->cnt_bits, 1);
    BP(MISS_W, "--miss-bits", c->miss_bits, 1);
    BP(TAG_W, "--tag-bits", c->tag_bits, 1);
    BP(AK_K, "--ak-entries", c->ak_entries, c->ak_en); /* K matters only with --ak */
    BP(FIFO_AW, "--fifo-depth (log2)", c->fifo_bits, s->eo.fifo_set);
    BP(HASH_SEED, "--hash-seed", c->hash_seed, 1);
#undef BP
    return n;
}

static int stl_config(const void *vs, uint64_t *v)
{
    const strat_cfg *c = &((const st_link *)vs)->eo.c;
    v[HWL_REG_STRAT_mode - 1] = (uint64_t)c->mode;
    v[HWL_REG_STRAT_rate - 1] = c->rate;
    v[HWL_REG_STRAT_rthr - 1] = c->rthr;
    v[HWL_REG_STRAT_evict - 1] = c->evict;
    v[HWL_REG_STRAT_replace - 1] = c->replace;
    v[HWL_REG_STRAT_seed - 1] = c->lfsr_seed;
    v[HWL_REG_STRAT_ak_en - 1] = (uint64_t)c->ak_en;
    return hwl_desc_nregs(HWL_ENG_STRAT);
}

static int stl_collect(void *vs, const hwl_orec *x, char *err, size_t errn)
{
    st_link *s = vs;
    if (s->nmsg == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 4096;
        strat_msg *nm = realloc(s->msg, (size_t)s->cap * sizeof *nm);
        if (!nm) {
            snprintf(err, errn, "out of memory");
            return -1;
        }
        s->msg = nm;
    }
    strat_msg m = {x->f[0], x->f[1], (uint32_t)x->f[2]};
    s->msg[s->nmsg++] = m;
    return 0;
}

static int stl_report(void *vs, const hwp_sess *ss)
{
    st_link *s = vs;
    run_ctx r;
    memset(&r, 0, sizeof r);
    r.print = s->messages;
    int rc = strat_prof_init(&r.prof);
    for (uint64_t i = 0; rc == 0 && i < s->nmsg; i++) rc = run_msg(&r, &s->msg[i]);
    if (rc == 0 && !s->messages) rc = print_profile(&r.prof);
    if (rc) fprintf(stderr, "hwprof %s: out of memory\n", ss->cmd);
    else fprintf(stderr, "strat (board): events=%" PRIu64 " messages=%" PRIu64 "\n", ss->events,
                 r.msgs);
    strat_prof_free(&r.prof);
    return rc ? -1 : 0;
}

static void stl_free(void *vs)
{
    free(((st_link *)vs)->msg);
}

const hwp_link_eng hwp_link_strat = {
    HWL_ENG_STRAT, HWP_KIND_TUPLE2, sizeof(st_link), st_help, 1, 0, hwp_eo_strat_opts, st_outopts,
    st_runopts, stl_init, stl_opt, stl_finish, stl_begin, stl_map, NULL, stl_params, NULL,
    stl_config, stl_collect, NULL, NULL, stl_report, stl_free};

/* run and eval: the same options and trace, then each command's report */
static int strat_main(int argc, char **argv, int eval)
{
    strat_opts o;
    hwp_reader *rd;
    int rc = start(argc, argv, &o, &rd);
    if (rc >= 0) return rc;
    rc = eval ? eval_report(&o, rd) : run_report(&o, rd);
    hwp_reader_close(rd);
    return rc;
}

int hwp_run_strat(int argc, char **argv) { return strat_main(argc, argv, 0); }

int hwp_eval_strat(int argc, char **argv) { return strat_main(argc, argv, 1); }
