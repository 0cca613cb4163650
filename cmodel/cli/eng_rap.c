/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof run|eval --engine rap: range-adaptive profiling (Mysore et al.
 * 2008, cmodel/rap). `run` feeds one field of a trace through the functional
 * model (merging event buffer + multibit trie) and prints the hot ranges of
 * section 5.1 (a range is hot if its own count plus the counts of its
 * non-hot subranges exceed the hot threshold) as [lo, hi] with shares, like
 * Figure 7, plus node counts. `eval` also builds the exact profile and, for
 * every live node, compares the true count of its range with the subtree
 * estimate (errors relative to n and, for hot ranges, relative to the true
 * count, like Figure 10). With --cycle-model the cycle model of the RTL
 * engine runs too: it must build the same tree, and its clock count gives
 * the engine's events per clock.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"
#include "engopt.h"
#include "rap/rap.h"
#include "trace.h"

typedef struct rap_opts {
    rap_cfg cfg;
    double eps;
    const char *trace;
    const char *series;
    uint64_t max_events;
    double hot;
    int field; /* -1 auto, 0 a, 1 b */
    int json;
    int cycle;
    int tram;
    int chunk;
    int nodes;
} rap_opts;

enum { O_MAX = 1000, O_JSON, O_CYCLE, O_TCAM, O_CHUNK, O_SERIES, O_NODES, O_HELP };

/* the command's own options; the engine's are hwp_eo_rap_opts (engopt.c) */
static const struct option cmd_opts[] = {
    {"max-events", required_argument, 0, O_MAX},
    {"json", no_argument, 0, O_JSON},
    {"cycle-model", no_argument, 0, O_CYCLE},
    {"tcam", required_argument, 0, O_TCAM},
    {"tcam-chunk", required_argument, 0, O_CHUNK},
    {"series", required_argument, 0, O_SERIES},
    {"nodes", no_argument, 0, O_NODES},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0}};

static void usage(FILE *f, const char *cmd)
{
    int ev = !strcmp(cmd, "eval");
    fprintf(f,
            "usage: hwprof %s --engine rap [options] TRACE\n"
            "%s"
            "\nprofiler (Mysore et al. 2008; defaults as in the paper):\n"
            "  --eps E             error bound as a fraction of n, 0 < E < 1 (0.1); held\n"
            "                      as the 16-bit fraction floor(E * 65536)\n"
            "  --branching B       branching factor, a power of two 2..16 (4)\n"
            "  --width W           key bits, 16..64, a multiple of log2(B) (32); keys\n"
            "                      wider than W are an error\n"
            "  --entries N         TCAM entries = live node capacity, B+1..65536 (4096)\n"
            "  --buffer S          merging event buffer slots, a power of two 1..4096 (128)\n"
            "  --buffer-count-bits C   buffer count width (16)\n"
            "  --counter-bits C    node counter / event count width, 17..48 (32)\n"
            "  --merge-first P     first merge batch at n = P events (1024)\n"
            "  --merge-q Q         merge period factor, 2..16 (2)\n"
            "  --field a|b         trace field profiled (tuple1 and retire: a, the pc;\n"
            "                      tuple2: b, the value, address or branch target of\n"
            "                      <pc, value> / <pc, address> / <branch pc, target>)\n"
            "  --max-events N      stop after N records\n"
            "\nreport:\n"
            "  --hot F             hot-range threshold as a fraction of n (0.10)\n"
            "  --nodes             also list every live node (run)\n"
            "  --series FILE       CSV of the live node count over time (events,nodes,what)\n"
            "  --json              one JSON object instead of text\n"
            "  --cycle-model       also run the RTL cycle model: same tree, events per clock\n"
            "  --tcam lut|ram      TCAM variant of the cycle model (lut)\n"
            "  --tcam-chunk C      RAM TCAM slice bits (8)\n"
            "  -h, --help          this help\n"
            "exit status: 0 ok, 1 failure, 2 usage\n",
            cmd,
            ev ? "Builds the range profile and compares every live node's subtree estimate\n"
                 "with the exact count of its range (max error as a fraction of n must stay\n"
                 "within eps; hot ranges: percentage error).\n"
               : "Builds the range profile and prints the hot ranges (own count plus non-hot\n"
                 "subranges above the threshold) with their shares.\n");
}

static int parse(int argc, char **argv, rap_opts *o)
{
    const char *cmd = argv[0];
    memset(o, 0, sizeof *o);
    hwp_eo_rap eo;
    hwp_eo_rap_init(&eo);
    o->chunk = 8;
    int c;
    unsigned long long u;
    struct option lo[40];
    if (hwp_eo_cat(lo, 40, hwp_eo_rap_opts, cmd_opts)) return 2;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
        int r = hwp_eo_rap_opt(cmd, c, optarg, &eo);
        if (r == 2) return 2;
        if (r == 0) continue;
        switch (c) {
        case O_MAX:
            if (hwp_cli_uint(cmd, "max-events", optarg, 1, UINT64_MAX, &u)) return 2;
            o->max_events = u;
            break;
        case O_JSON: o->json = 1; break;
        case O_CYCLE: o->cycle = 1; break;
        case O_TCAM:
            if (!strcmp(optarg, "lut")) o->tram = 0;
            else if (!strcmp(optarg, "ram")) o->tram = 1;
            else {
                fprintf(stderr, "hwprof %s: --tcam: must be lut or ram, got '%s'\n", cmd, optarg);
                return 2;
            }
            break;
        case O_CHUNK:
            if (hwp_cli_uint(cmd, "tcam-chunk", optarg, 1, 12, &u)) return 2;
            o->chunk = (int)u;
            break;
        case O_SERIES: o->series = optarg; break;
        case O_NODES: o->nodes = 1; break;
        case 'h':
        case O_HELP: usage(stdout, cmd); exit(0);
        default:
            fprintf(stderr, "hwprof %s --engine rap: unknown or incomplete option '%s'\n", cmd,
                    argv[optind - 1]);
            usage(stderr, cmd);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "hwprof %s --engine rap: expected one TRACE argument\n", cmd);
        usage(stderr, cmd);
        return 2;
    }
    o->trace = argv[optind];
    if (hwp_eo_rap_finish(cmd, &eo)) return 2;
    o->cfg = eo.c;
    o->eps = eo.eps;
    o->hot = eo.hot;
    o->field = eo.field;
    if (o->cycle && o->tram && o->cfg.width % o->chunk) {
        fprintf(stderr, "hwprof %s --engine rap: --tcam-chunk %d does not divide --width %d\n",
                cmd, o->chunk, o->cfg.width);
        return 2;
    }
    return 0;
}

/* ------------------------------------------------------------ trace input */
/* The field profiled in a trace of this kind: 0 a, 1 b; -1 with a message
 * if the kind has no such field. */
static int field_of(const rap_opts *o, const char *cmd, const hwp_trace_info *inf)
{
    if (inf->kind != HWP_KIND_TUPLE1 && inf->kind != HWP_KIND_TUPLE2 &&
        inf->kind != HWP_KIND_RETIRE) {
        fprintf(stderr, "hwprof %s: %s: a %s trace; rap needs tuple1, tuple2 or retire\n", cmd,
                o->trace, hwp_kind_name(inf->kind));
        return -1;
    }
    int field = o->field >= 0 ? o->field : inf->kind == HWP_KIND_TUPLE2;
    if (field == 1 && inf->kind != HWP_KIND_TUPLE2) {
        fprintf(stderr, "hwprof %s: %s: --field b needs a tuple2 trace\n", cmd, o->trace);
        return -1;
    }
    return field;
}

/* Record number idx to the model's key: 0, or -1 with a message if the key
 * does not fit in --width. */
static int key_of(const rap_opts *o, const char *cmd, int field, const hwp_rec *rec, uint64_t idx,
                  uint64_t *key)
{
    uint64_t v = field ? rec->b : rec->a;
    if (v & ~hwp_rap_mask(o->cfg.width)) {
        fprintf(stderr, "hwprof %s: %s: record %" PRIu64 ": key 0x%" PRIx64
                        " does not fit in --width %d\n", cmd, o->trace, idx, v, o->cfg.width);
        return -1;
    }
    *key = v;
    return 0;
}

/* Events beyond the counters' range: 0, or -1 with a message. */
static int count_fits(const rap_opts *o, const char *cmd, uint64_t n)
{
    if (n <= hwp_rap_mask(o->cfg.cnt_bits)) return 0;
    fprintf(stderr, "hwprof %s: %" PRIu64 " events exceed the %d-bit counters\n", cmd, n,
            o->cfg.cnt_bits);
    return -1;
}

static int read_keys(const rap_opts *o, const char *cmd, uint64_t **keys_out, uint64_t *n_out,
                     int *field_out)
{
    hwp_reader *r;
    hwp_err e;
    e.msg[0] = 0;
    if (hwp_reader_open(&r, o->trace, &e)) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, e.msg);
        return 1;
    }
    const hwp_trace_info *inf = hwp_reader_info(r);
    int field = field_of(o, cmd, inf);
    if (field < 0) {
        hwp_reader_close(r);
        return 1;
    }
    uint64_t cap = 1 << 16, n = 0;
    uint64_t *k = malloc(cap * sizeof *k);
    if (!k) {
        fprintf(stderr, "hwprof %s: out of memory\n", cmd);
        hwp_reader_close(r);
        return 1;
    }
    hwp_rec rec;
    int rc = 0;
    while (!o->max_events || n < o->max_events) {
        rc = hwp_reader_next(r, &rec, &e);
        if (rc != 1) break;
        uint64_t v;
        if (key_of(o, cmd, field, &rec, n, &v)) {
            rc = -1;
            break;
        }
        if (n == cap) {
            uint64_t *nk = realloc(k, (cap *= 2) * sizeof *k);
            if (!nk) {
                fprintf(stderr, "hwprof %s: out of memory\n", cmd);
                rc = -1;
                break;
            }
            k = nk;
        }
        k[n++] = v;
        if ((n & 0xfffff) == 0) hwp_progress("rap: reading", n, inf->count);
    }
    hwp_progress_done();
    hwp_reader_close(r);
    if (rc < 0) {
        if (rc == -1 && e.msg[0]) fprintf(stderr, "hwprof %s: %s\n", cmd, e.msg);
        free(k);
        return 1;
    }
    if (count_fits(o, cmd, n)) {
        free(k);
        return 1;
    }
    *keys_out = k;
    *n_out = n;
    *field_out = field;
    return 0;
}

/* ------------------------------------------------------------ profile */
typedef struct series_ctx {
    FILE *f;
} series_ctx;

static void on_merge(void *ctx, int type, uint64_t n, int before, int after)
{
    (void)type;
    series_ctx *s = ctx;
    if (s->f) fprintf(s->f, "%" PRIu64 ",%d,merge_before\n%" PRIu64 ",%d,merge_after\n", n, before, n, after);
}

typedef struct prof {
    rap_node *nd;
    int nn;
    uint64_t n;
    uint64_t ctr[RAP_NCOUNTERS];
    double nodes_avg;
    int no_avg; /* the average is unknown (a board without LIVE_SUM) */
    /* derived */
    int *parent;    /* closest live ancestor, -1 for the root */
    uint64_t *est;  /* subtree estimate */
    uint64_t *w;    /* own count plus non-hot subranges */
    int *hot;
    uint64_t *tru;  /* eval: exact count of the range */
    uint64_t cycles;
    uint64_t cyc_groups[RAP_CYC_NGROUPS]; /* cycle model: clocks per state group */
    int cycle_same;
} prof;

static uint64_t node_lo(const rap_cfg *c, const rap_node *x)
{
    (void)c;
    return x->prefix;
}
static uint64_t node_hi(const rap_cfg *c, const rap_node *x)
{
    return x->prefix + hwp_rap_mask(c->width - x->len * c->k);
}

static int derive(const rap_opts *o, prof *p);

static int build(const rap_opts *o, const char *cmd, const uint64_t *keys, uint64_t n, prof *p)
{
    char err[256];
    rap_t *r;
    memset(p, 0, sizeof *p);
    if (rap_init(&r, &o->cfg, 1, err, sizeof err)) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, err);
        return 1;
    }
    series_ctx sc = {NULL};
    if (o->series) {
        sc.f = fopen(o->series, "w");
        if (!sc.f) {
            fprintf(stderr, "hwprof %s: --series %s: cannot create\n", cmd, o->series);
            rap_free(r);
            return 1;
        }
        fprintf(sc.f, "events,nodes,what\n");
        rap_set_merge_hook(r, on_merge, &sc);
    }
    double acc = 0;
    uint64_t step = n / 2000 + 1;
    for (uint64_t i = 0; i < n; i++) {
        if (rap_add_points(r, keys[i], 1, 0)) {
            fprintf(stderr, "hwprof %s: record %" PRIu64 ": %s\n", cmd, i, rap_error(r));
            rap_free(r);
            if (sc.f) fclose(sc.f);
            return 1;
        }
        int live = rap_live(r, 0);
        acc += live;
        if (sc.f && i % step == 0) fprintf(sc.f, "%" PRIu64 ",%d,sample\n", i + 1, live);
        if ((i & 0xfffff) == 0) hwp_progress("rap: profiling", i, n);
    }
    hwp_progress_done();
    if (rap_finalize(r)) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, rap_error(r));
        rap_free(r);
        if (sc.f) fclose(sc.f);
        return 1;
    }
    if (sc.f) {
        fprintf(sc.f, "%" PRIu64 ",%d,final\n", n, rap_live(r, 0));
        fclose(sc.f);
    }
    p->nd = malloc((size_t)o->cfg.entries * sizeof *p->nd);
    if (!p->nd) {
        fprintf(stderr, "hwprof %s: out of memory\n", cmd);
        rap_free(r);
        return 1;
    }
    p->nn = rap_nodes(r, 0, p->nd, o->cfg.entries);
    p->n = n;
    for (int i = 0; i < RAP_NCOUNTERS; i++) p->ctr[i] = rap_counter(r, 0, i);
    p->nodes_avg = n ? acc / (double)n : 1.0;
    rap_free(r);

    if (o->cycle) {
        rap_cyc_t *m;
        if (rap_cyc_new(&m, &o->cfg, o->tram, o->chunk, err, sizeof err)) {
            fprintf(stderr, "hwprof %s: cycle model: %s\n", cmd, err);
            return 1;
        }
        p->cycles = rap_cyc_run(m, keys, n, 1000 * n + 10000000);
        int same = p->cycles != 0;
        int k = 0;
        for (int s = 0; s < o->cfg.entries && same; s++) {
            rap_node x;
            if (!rap_cyc_slot(m, s, &x)) continue;
            if (k >= p->nn || x.prefix != p->nd[k].prefix || x.len != p->nd[k].len ||
                x.count != p->nd[k].count || x.slot != p->nd[k].slot)
                same = 0;
            k++;
        }
        if (k != p->nn) same = 0;
        p->cycle_same = same;
        p->ctr[RAP_C_STALLS] = rap_cyc_counter(m, RAP_C_STALLS);
        for (int g = 0; g < RAP_CYC_NGROUPS; g++) p->cyc_groups[g] = rap_cyc_state_clocks(m, g);
        rap_cyc_free(m);
        if (!same) {
            fprintf(stderr, "hwprof %s: the cycle model built a different tree (%s)\n", cmd,
                    p->cycles ? "mismatch" : "did not finish");
            return 1;
        }
    }

    return derive(o, p);
}

/* The hot ranges of section 5.1 over the live nodes p->nd: closest live
 * ancestor, subtree estimate, own count plus non-hot subranges. 0, or 1 out
 * of memory (message printed). */
static int derive(const rap_opts *o, prof *p)
{
    uint64_t n = p->n;
    /* closest live ancestor by walking the levels */
    int nn = p->nn;
    p->parent = malloc((size_t)nn * sizeof *p->parent);
    p->est = calloc((size_t)nn, sizeof *p->est);
    p->w = calloc((size_t)nn, sizeof *p->w);
    p->hot = calloc((size_t)nn, sizeof *p->hot);
    int *ord = malloc((size_t)nn * sizeof *ord);
    if (nn && (!p->parent || !p->est || !p->w || !p->hot || !ord)) {
        fprintf(stderr, "hwprof: out of memory\n");
        free(ord);
        return 1;
    }
    for (int i = 0; i < nn; i++) {
        p->parent[i] = -1;
        int best = -1;
        for (int j = 0; j < nn; j++) {
            if (p->nd[j].len >= p->nd[i].len) continue;
            if (node_lo(&o->cfg, &p->nd[j]) <= p->nd[i].prefix &&
                p->nd[i].prefix <= node_hi(&o->cfg, &p->nd[j]) &&
                (best < 0 || p->nd[j].len > p->nd[best].len))
                best = j;
        }
        p->parent[i] = best;
    }
    /* deepest first: subtree estimates and hot ranges (section 5.1) */
    int H = rap_height(&o->cfg), k = 0;
    for (int L = H; L >= 0; L--)
        for (int i = 0; i < nn; i++)
            if (p->nd[i].len == L) ord[k++] = i;
    for (int t = 0; t < k; t++) {
        int i = ord[t];
        p->est[i] += p->nd[i].count;
        p->w[i] += p->nd[i].count;
        p->hot[i] = (double)p->w[i] > o->hot * (double)n;
        int a = p->parent[i];
        if (a >= 0) {
            p->est[a] += p->est[i];
            if (!p->hot[i]) p->w[a] += p->w[i];
        }
    }
    free(ord);
    return 0;
}

static void prof_free(prof *p)
{
    free(p->nd);
    free(p->parent);
    free(p->est);
    free(p->w);
    free(p->hot);
    free(p->tru);
}

static const char *ctr_name[RAP_NCOUNTERS] = {"events", "splits", "merge_batches", "merged_nodes",
                                              "overflow", "nodes_max", "stall_cycles"};

static void print_cfg_json(const rap_opts *o, const char *trace, int field)
{
    printf("{\"engine\":\"rap\",\"trace\":\"%s\",\"field\":\"%c\",\"eps\":%.6f,\"eps_q\":%u,"
           "\"branching\":%d,\"width\":%d,\"entries\":%d,\"buffer\":%d,\"merge_first\":%" PRIu64
           ",\"merge_q\":%d,\"hot_threshold\":%.4f",
           trace, field ? 'b' : 'a', o->eps, o->cfg.eps_q, 1 << o->cfg.k, o->cfg.width,
           o->cfg.entries, 1 << o->cfg.buf_log2, o->cfg.merge_first, o->cfg.merge_q, o->hot);
}

static void print_counters_json(const rap_opts *o, const prof *p)
{
    char avg[32] = "null";
    if (!p->no_avg) snprintf(avg, sizeof avg, "%.2f", p->nodes_avg);
    printf(",\"events\":%" PRIu64 ",\"nodes\":%d,\"nodes_max\":%" PRIu64 ",\"nodes_avg\":%s", p->n,
           p->nn, p->ctr[RAP_C_LIVE_MAX], avg);
    for (int i = RAP_C_SPLITS; i <= RAP_C_OVERFLOW; i++)
        printf(",\"%s\":%" PRIu64, ctr_name[i], p->ctr[i]);
    printf(",\"bound_guaranteed\":%s", p->ctr[RAP_C_OVERFLOW] ? "false" : "true");
    if (o->cycle)
        printf(",\"tcam\":\"%s\",\"cycles\":%" PRIu64 ",\"events_per_clock\":%.4f,\"cycle_model_same_tree\":%s",
               o->tram ? "ram" : "lut", p->cycles,
               p->cycles ? (double)p->n / (double)p->cycles : 0.0, p->cycle_same ? "true" : "false");
    if (o->cycle)
        printf(",\"clocks_run\":%" PRIu64 ",\"clocks_split\":%" PRIu64 ",\"clocks_merge\":%" PRIu64
               ",\"clocks_other\":%" PRIu64,
               p->cyc_groups[RAP_CYC_RUN], p->cyc_groups[RAP_CYC_SPLIT], p->cyc_groups[RAP_CYC_MERGE],
               p->cyc_groups[RAP_CYC_OTHER]);
}

/* The report of `run`, from the model's tree or the board's nodes. */
static void print_run(const rap_opts *o, const prof *p, int field)
{
    int nhot = 0;
    for (int i = 0; i < p->nn; i++) nhot += p->hot[i];
    if (o->json) {
        print_cfg_json(o, o->trace, field);
        print_counters_json(o, p);
        printf(",\"hot\":[");
        int k = 0;
        for (int i = 0; i < p->nn; i++) {
            if (!p->hot[i]) continue;
            printf("%s{\"lo\":\"0x%" PRIx64 "\",\"hi\":\"0x%" PRIx64 "\",\"prefix_bits\":%d,"
                   "\"share\":%.6f,\"share_incl\":%.6f,\"count\":%" PRIu64 "}",
                   k++ ? "," : "", node_lo(&o->cfg, &p->nd[i]), node_hi(&o->cfg, &p->nd[i]),
                   p->nd[i].len * o->cfg.k, p->n ? (double)p->w[i] / (double)p->n : 0,
                   p->n ? (double)p->est[i] / (double)p->n : 0, p->nd[i].count);
        }
        printf("]");
        if (o->nodes) {
            printf(",\"nodes_list\":[");
            for (int i = 0; i < p->nn; i++)
                printf("%s{\"prefix\":\"0x%" PRIx64 "\",\"prefix_bits\":%d,\"count\":%" PRIu64 "}",
                       i ? "," : "", p->nd[i].prefix, p->nd[i].len * o->cfg.k, p->nd[i].count);
            printf("]");
        }
        printf("}\n");
    } else {
        char avg[32] = "-";
        if (!p->no_avg) snprintf(avg, sizeof avg, "%.1f", p->nodes_avg);
        printf("rap: %s field %c: %" PRIu64 " events, eps %.4g (eps_q %u/65536), b %d, W %d, "
               "%d entries\n",
               o->trace, field ? 'b' : 'a', p->n, o->eps, o->cfg.eps_q, 1 << o->cfg.k, o->cfg.width,
               o->cfg.entries);
        printf("nodes: %d live at the end, %" PRIu64 " max, %s average; %" PRIu64
               " splits, %" PRIu64 " merge batches (%" PRIu64 " nodes folded), %" PRIu64
               " overflowed updates\n",
               p->nn, p->ctr[RAP_C_LIVE_MAX], avg, p->ctr[RAP_C_SPLITS],
               p->ctr[RAP_C_BATCHES], p->ctr[RAP_C_MERGED], p->ctr[RAP_C_OVERFLOW]);
        /* a full TCAM could not split: those events went to a node already
           above its threshold, so the eps * n guarantee no longer covers it */
        if (p->ctr[RAP_C_OVERFLOW])
            printf("warning: the TCAM was full for %" PRIu64 " updates (added above their node's "
                   "split threshold): the error bound eps * n may not hold; use more --entries "
                   "or a larger --eps\n",
                   p->ctr[RAP_C_OVERFLOW]);
        if (o->cycle)
            printf("cycle model (%s TCAM): %" PRIu64 " clocks, %.3f events per clock, same tree\n",
                   o->tram ? "RAM" : "LUT", p->cycles, p->cycles ? (double)p->n / (double)p->cycles : 0.0);
        printf("hot ranges (own count plus non-hot subranges > %.1f%% of events): %d\n",
               100.0 * o->hot, nhot);
        int w = (o->cfg.width + 3) / 4;
        for (int L = 0; L <= rap_height(&o->cfg); L++)
            for (int i = 0; i < p->nn; i++) {
                if (!p->hot[i] || p->nd[i].len != L) continue;
                printf("  [%0*" PRIx64 ", %0*" PRIx64 "] /%-2d %6.2f%%  (with hot subranges %6.2f%%)\n",
                       w, node_lo(&o->cfg, &p->nd[i]), w, node_hi(&o->cfg, &p->nd[i]),
                       p->nd[i].len * o->cfg.k, p->n ? 100.0 * (double)p->w[i] / (double)p->n : 0,
                       p->n ? 100.0 * (double)p->est[i] / (double)p->n : 0);
            }
        if (o->nodes) {
            printf("live nodes (slot order): prefix/bits count\n");
            for (int i = 0; i < p->nn; i++)
                printf("  %0*" PRIx64 "/%-2d %" PRIu64 "\n", w, p->nd[i].prefix,
                       p->nd[i].len * o->cfg.k, p->nd[i].count);
        }
    }
}

/* Parses the options, reads the keys and builds the profile: -1 to go on,
 * else the exit status. */
static int start(int argc, char **argv, rap_opts *o, uint64_t **keys, uint64_t *n, int *field,
                 prof *p)
{
    int rc = parse(argc, argv, o);
    if (rc) return rc;
    if (read_keys(o, argv[0], keys, n, field)) return 1;
    if (build(o, argv[0], *keys, *n, p)) {
        free(*keys);
        return 1;
    }
    return -1;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t lower(const uint64_t *s, uint64_t n, uint64_t v) /* first index with s >= v */
{
    uint64_t a = 0, b = n;
    while (a < b) {
        uint64_t m = a + (b - a) / 2;
        if (s[m] < v) a = m + 1; else b = m;
    }
    return a;
}

/* eval's report: every live node's estimate against its exact count;
 * 0 when every estimate is a lower bound and the counts sum to n */
static int print_eval(const rap_opts *o, uint64_t *keys, uint64_t n, int field, prof *p)
{
    qsort(keys, (size_t)n, sizeof *keys, cmp_u64);
    p->tru = malloc((size_t)(p->nn ? p->nn : 1) * sizeof *p->tru);
    if (!p->tru) {
        fprintf(stderr, "hwprof eval: out of memory\n");
        return 1;
    }
    double max_err = 0, hot_sum = 0, hot_max = 0;
    int nhot = 0, lower_ok = 1;
    uint64_t sum = 0;
    for (int i = 0; i < p->nn; i++) {
        uint64_t lo = node_lo(&o->cfg, &p->nd[i]), hi = node_hi(&o->cfg, &p->nd[i]);
        uint64_t a = lower(keys, n, lo);
        uint64_t b = hi == UINT64_MAX ? n : lower(keys, n, hi + 1);
        p->tru[i] = b - a;
        sum += p->nd[i].count;
        if (p->est[i] > p->tru[i]) lower_ok = 0;
        double e = n ? ((double)p->tru[i] - (double)p->est[i]) / (double)n : 0;
        if (e > max_err) max_err = e;
        if (p->hot[i]) {
            double pe = p->tru[i] ? 100.0 * ((double)p->tru[i] - (double)p->est[i]) / (double)p->tru[i] : 0;
            hot_sum += pe;
            if (pe > hot_max) hot_max = pe;
            nhot++;
        }
    }
    double eps_eff = o->cfg.eps_q / 65536.0;
    int within = max_err <= eps_eff;
    int sum_ok = sum == n;
    if (o->json) {
        print_cfg_json(o, o->trace, field);
        print_counters_json(o, p);
        printf(",\"max_error_frac_of_n\":%.6g,\"eps_effective\":%.8f,\"within_eps\":%s,"
               "\"hot_ranges\":%d,\"hot_avg_error_pct\":%.4f,\"hot_max_error_pct\":%.4f,"
               "\"lower_bound_ok\":%s,\"sum_equals_events\":%s,\"accuracy_pct\":%.3f,"
               "\"memory_bytes\":%" PRIu64 "}\n",
               max_err, eps_eff, within ? "true" : "false", nhot, nhot ? hot_sum / nhot : 0.0,
               hot_max, lower_ok ? "true" : "false", sum_ok ? "true" : "false",
               100.0 - (nhot ? hot_sum / nhot : 0.0), p->ctr[RAP_C_LIVE_MAX] * 16);
    } else {
        printf("rap eval: %s field %c: %" PRIu64 " events, eps %.4g, b %d, W %d, %d entries\n",
               o->trace, field ? 'b' : 'a', n, o->eps, 1 << o->cfg.k, o->cfg.width, o->cfg.entries);
        printf("nodes: %d at the end, %" PRIu64 " max (%" PRIu64 " bytes at 16 B/node), %.1f "
               "average; %" PRIu64 " overflowed updates\n",
               p->nn, p->ctr[RAP_C_LIVE_MAX], p->ctr[RAP_C_LIVE_MAX] * 16, p->nodes_avg,
               p->ctr[RAP_C_OVERFLOW]);
        printf("max error over live nodes: %.4f%% of n (eps %.4f%%): %s\n", 100.0 * max_err,
               100.0 * eps_eff, within ? "within eps" : "EXCEEDS eps");
        printf("every estimate a lower bound: %s; node counts sum to events: %s\n",
               lower_ok ? "yes" : "NO", sum_ok ? "yes" : "NO");
        printf("hot ranges (> %.1f%%): %d, error vs true count: average %.2f%%, max %.2f%%\n",
               100.0 * o->hot, nhot, nhot ? hot_sum / nhot : 0.0, hot_max);
        int w = (o->cfg.width + 3) / 4;
        for (int i = 0; i < p->nn; i++) {
            if (!p->hot[i]) continue;
            printf("  [%0*" PRIx64 ", %0*" PRIx64 "] estimate %" PRIu64 " true %" PRIu64 " (%.2f%%)\n",
                   w, node_lo(&o->cfg, &p->nd[i]), w, node_hi(&o->cfg, &p->nd[i]), p->est[i], p->tru[i],
                   p->tru[i] ? 100.0 * ((double)p->tru[i] - (double)p->est[i]) / (double)p->tru[i] : 0);
        }
        if (o->cycle)
            printf("cycle model (%s TCAM): %" PRIu64 " clocks, %.3f events per clock, same tree\n",
                   o->tram ? "RAM" : "LUT", p->cycles, p->cycles ? (double)n / (double)p->cycles : 0.0);
    }
    return (lower_ok && sum_ok) ? 0 : 1;
}

/* run and eval: the same profile, then each command's report */
static int rap_main(int argc, char **argv, int eval)
{
    rap_opts o;
    uint64_t *keys, n;
    int field;
    prof p;
    int rc = start(argc, argv, &o, &keys, &n, &field, &p);
    if (rc >= 0) return rc;
    rc = 0;
    if (eval) rc = print_eval(&o, keys, n, field, &p);
    else print_run(&o, &p, field);
    prof_free(&p);
    free(keys);
    return rc;
}

int hwp_run_rap(int argc, char **argv) { return rap_main(argc, argv, 0); }

int hwp_eval_rap(int argc, char **argv) { return rap_main(argc, argv, 1); }

/* ------------------------------------------------------------ stream */
/* The engine on the link (engine.h): CONFIG, INFO and output records as
 * docs/protocol.md gives them for rap. */

/* the engine's lines of `hwprof stream --engine rap --help` */
static const char rp_help[] =
    "rap options (as hwprof run --engine rap): --eps E --branching B --width W\n"
    "  --entries N --buffer S --buffer-count-bits C --counter-bits C\n"
    "  --merge-first P --merge-q Q --field a|b --hot F --nodes\n";

enum { O_LNODES = HWP_EO_RAP + 0x80 };

static const struct option rp_outopts[] = {{"nodes", no_argument, 0, O_LNODES}, {0, 0, 0, 0}};
static const struct option rp_runopts[] = {{"cycle-model", no_argument, 0, HWP_RUN_ONLY},
                                           {"tcam", required_argument, 0, HWP_RUN_ONLY},
                                           {"tcam-chunk", required_argument, 0, HWP_RUN_ONLY},
                                           {"series", required_argument, 0, HWP_RUN_ONLY},
                                           {0, 0, 0, 0}};

typedef struct rp_link {
    hwp_eo_rap eo;
    rap_opts o;
    int field;
    int no_live_sum; /* a board built with LIVE_SUM=0: the average is unknown */
    rap_node *nd;    /* the board's live nodes, in slot order */
    int nn, cap;
} rp_link;

static void rpl_init(void *vs)
{
    rp_link *s = vs;
    hwp_eo_rap_init(&s->eo);
}

static int rpl_opt(const char *cmd, int code, const char *arg, void *vs)
{
    rp_link *s = vs;
    int r = hwp_eo_rap_opt(cmd, code, arg, &s->eo);
    if (r != 1) return r;
    if (code != O_LNODES) return 1;
    s->o.nodes = 1;
    return 0;
}

static int rpl_finish(const char *cmd, void *vs)
{
    rp_link *s = vs;
    if (hwp_eo_rap_finish(cmd, &s->eo)) return 2;
    s->o.cfg = s->eo.c;
    s->o.eps = s->eo.eps;
    s->o.hot = s->eo.hot;
    s->o.field = s->eo.field;
    return 0;
}

static int rpl_begin(void *vs, hwp_sess *ss, const hwp_trace_info *ti)
{
    rp_link *s = vs;
    s->o.trace = ss->trace;
    s->o.json = ss->json;
    s->field = field_of(&s->o, ss->cmd, ti);
    return s->field < 0 ? -1 : 0;
}

static int rpl_map(const void *vs, const hwp_sess *ss, const hwp_rec *in, hwp_rec *out)
{
    const rp_link *s = vs;
    memset(out, 0, sizeof *out);
    return key_of(&s->o, ss->cmd, s->field, in, ss->events, &out->a) ? -1 : 1;
}

static int rpl_end(const void *vs, const hwp_sess *ss)
{
    return count_fits(&((const rp_link *)vs)->o, ss->cmd, ss->events);
}

static int rpl_params(const void *vs, hwp_bparam *bp)
{
    const rap_cfg *c = &((const rp_link *)vs)->o.cfg;
    int n = 0;
#define BP(nm, op, v, ck) bp[n++] = HWP_BPARAM(RAP, nm, op, v, ck)
    BP(W, "--width", c->width, 1);
    BP(K, "--branching (log2)", c->k, 1);
    BP(N, "--entries", c->entries, 1);
    BP(CW, "--counter-bits", c->cnt_bits, 1);
    BP(SB, "--buffer (log2)", c->buf_log2, 1);
    BP(CB, "--buffer-count-bits", c->buf_cnt_bits, 1);
    BP(MERGE_FIRST, "--merge-first", c->merge_first, 1);
    BP(MERGE_Q, "--merge-q", c->merge_q, 1);
#undef BP
    return n;
}

static int rpl_info(void *vs, const hwp_sess *ss, const hwl_info *in)
{
    rp_link *s = vs;
    uint64_t ls; /* LIVE_SUM: COUNTERS has 8 fields, the 8th the live-node sum or 0 */
    if (!hwl_info_param(in, HWL_PAR_RAP_LIVE_SUM, &ls) || ls > 1) {
        fprintf(stderr, "hwprof %s: the board's rap build reports no LIVE_SUM (INFO parameter "
                        "13): an older bitstream whose COUNTERS record has 7 fields; rebuild the "
                        "board\n", ss->cmd);
        return -1;
    }
    s->no_live_sum = ls == 0;
    return 0;
}

static int rpl_config(const void *vs, uint64_t *v)
{
    v[HWL_REG_RAP_eps - 1] = ((const rp_link *)vs)->o.cfg.eps_q;
    return hwl_desc_nregs(HWL_ENG_RAP);
}

static int rpl_collect(void *vs, const hwl_orec *x, char *err, size_t errn)
{
    rp_link *s = vs;
    /* a live node: prefix, prefix bits, count */
    if (s->nn == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        rap_node *nd = realloc(s->nd, (size_t)s->cap * sizeof *nd);
        if (!nd) {
            snprintf(err, errn, "out of memory");
            return -1;
        }
        s->nd = nd;
    }
    rap_node *d = &s->nd[s->nn++];
    memset(d, 0, sizeof *d);
    d->prefix = x->f[0];
    d->len = (int)(x->f[1] / (uint64_t)s->o.cfg.k);
    d->count = x->f[2];
    return 0;
}

static int rpl_report(void *vs, const hwp_sess *ss)
{
    rp_link *s = vs;
    prof p;
    memset(&p, 0, sizeof p);
    p.nd = s->nd;
    p.nn = s->nn;
    p.n = ss->events;
    memcpy(p.ctr, ss->ctr, sizeof p.ctr);
    /* as run: the live count after every event, summed, over events */
    p.nodes_avg = p.n ? (double)ss->ctr[RAP_NCOUNTERS] / (double)p.n : 1.0;
    p.no_avg = s->no_live_sum;
    int rc = derive(&s->o, &p);
    if (rc == 0) print_run(&s->o, &p, s->field);
    p.nd = NULL; /* s->nd, freed with the session */
    prof_free(&p);
    return rc ? -1 : 0;
}

static void rpl_free(void *vs)
{
    free(((rp_link *)vs)->nd);
}

const hwp_link_eng hwp_link_rap = {
    HWL_ENG_RAP, HWP_KIND_TUPLE1, sizeof(rp_link), rp_help, 1, 1, hwp_eo_rap_opts, rp_outopts,
    rp_runopts, rpl_init, rpl_opt, rpl_finish, rpl_begin, rpl_map, rpl_end, rpl_params, rpl_info,
    rpl_config, rpl_collect, NULL, NULL, rpl_report, rpl_free};
