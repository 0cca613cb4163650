/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof run/eval --engine pfp: the profile flag predictor front end
 * (cmodel/pfp) on an instrumented dynamic instruction stream (from `hwprof
 * instrument`). `run` prints the statistics of one configuration; `eval` runs
 * the stream with and without profile flag prediction, checks that the
 * dispatched instruction streams are identical (skipping must never change
 * what is dispatched) and reports the fetch and cycle savings.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"
#include "engopt.h"
#include "pfp/pfp.h"
#include "trace.h"

typedef struct pfp_opts {
    pfp_params p;
    unsigned long long max;
    int json, no_pfp;
    const char *path;
} pfp_opts;

static void pfp_usage(FILE *f, const char *cmd)
{
    fprintf(f,
            "usage: hwprof %s --engine pfp [options] TRACE\n"
            "TRACE: an instrumented dynamic instruction stream (hwprof instrument).\n"
            "%s\n\n"
            "options (defaults: the paper's front end, Table I, and predictor, VII-C):\n"
            "      --fetch-w N    instructions fetched per cycle (4)\n"
            "      --dec-w N      instructions decoded per cycle (4)\n"
            "      --fq N         fetch queue entries (32)\n"
            "      --win-bits N   log2 of the record window (7)\n"
            "      --sets N       block descriptor table sets, power of 2, 2 ways (64)\n"
            "      --min-len N    shortest profile block that is skipped (4)\n"
            "      --skip-bits N  longest skip 2^N - 1 instructions after the leader (4)\n"
            "      --br-pen N     extra cycles of a branch misprediction (3)\n"
            "      --pc-w N       address bits kept (32)\n"
            "      --cnt-w N      statistics counter bits, wrapping (64)\n"
            "  -n, --max N        read at most N records\n"
            "%s"
            "      --json         JSON output\n"
            "  -h, --help         this help\n"
            "exit status: 0 ok, 1 failure, 2 usage\n",
            cmd,
            strcmp(cmd, "eval") == 0
                ? "Runs the stream with and without profile flag prediction, checks the two\n"
                  "dispatched streams are identical and reports the savings."
                : "Runs the front end and prints its statistics.",
            strcmp(cmd, "run") == 0 ? "      --no-pfp       disable profile flag prediction\n"
                                    : "");
}

static int pfp_parse(int argc, char **argv, pfp_opts *o)
{
    /* the command's own options; the engine's are hwp_eo_pfp_opts (engopt.c) */
    static const struct option cmd_opts[] = {
        {"max", required_argument, 0, 'n'},   {"json", no_argument, 0, 'j'},
        {"no-pfp", no_argument, 0, 9},        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    const char *cmd = argv[0];
    memset(o, 0, sizeof *o);
    hwp_eo_pfp eo;
    hwp_eo_pfp_init(&eo);
    o->max = ~0ull;
    struct option lo[24];
    if (hwp_eo_cat(lo, 24, hwp_eo_pfp_opts, cmd_opts)) return 2;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "n:h", lo, NULL)) != -1) {
        int r = hwp_eo_pfp_opt(cmd, c, optarg, &eo);
        if (r == 2) return 2;
        if (r == 0) continue;
        switch (c) {
        case 'n': if (hwp_cli_uint(cmd, "max", optarg, 1, ~0ull, &o->max)) return 2; break;
        case 'j': o->json = 1; break;
        case 9: o->no_pfp = 1; break;
        case 'h': pfp_usage(stdout, cmd); return 0;
        default: pfp_usage(stderr, cmd); return 2;
        }
    }
    if (optind + 1 != argc) {
        fprintf(stderr, "hwprof %s: need exactly one TRACE\n", cmd);
        pfp_usage(stderr, cmd);
        return 2;
    }
    o->path = argv[optind];
    if (hwp_eo_pfp_finish(cmd, &eo)) return 2;
    o->p = eo.p;
    return -1;
}

/* pfp reads instruction addresses: 2-byte aligned (a descriptor hit
 * matches every pc bit but bit 0, docs/pfp.md). An odd pc is refused with
 * its record number rather than profiled differently by model and board. */
static int pc_odd(const char *cmd, const char *path, const hwp_rec *r, uint64_t i)
{
    if (!(r->a & 1u)) return 0;
    fprintf(stderr, "hwprof %s: %s: record %llu: pc 0x%llx is odd; pfp needs instruction "
            "addresses (2-byte aligned)\n", cmd, path, (unsigned long long)i + 1,
            (unsigned long long)r->a);
    return 1;
}

typedef struct load_ctx {
    const char *cmd, *path;
} load_ctx;

/* One retire record as the front end's input. */
static int put_rec(void *ctx, void *elem, const hwp_rec *r, size_t i)
{
    const load_ctx *c = ctx;
    if (pc_odd(c->cmd, c->path, r, i)) return 1;
    pfp_rec_of(r, elem);
    return 0;
}

static pfp_rec *pfp_load(const char *cmd, const char *path, unsigned long long max, size_t *n_out)
{
    hwp_err err;
    hwp_reader *rd;
    if (hwp_reader_open(&rd, path, &err)) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, err.msg);
        return NULL;
    }
    if (hwp_reader_info(rd)->kind != HWP_KIND_RETIRE) {
        fprintf(stderr, "hwprof %s: %s: need a retire trace (an instrumented stream)\n", cmd, path);
        hwp_reader_close(rd);
        return NULL;
    }
    load_ctx c = {cmd, path};
    pfp_rec *r = hwp_cli_load(cmd, path, rd, max, sizeof *r, put_rec, &c, n_out);
    hwp_reader_close(rd);
    return r;
}

typedef struct disp_hash {
    uint64_t h, n;
} disp_hash;

static void disp_cb(void *ctx, uint64_t pc, int kind)
{
    disp_hash *d = ctx;
    d->h = pfp_dh_step(d->h, pc, kind);
    d->n++;
}

static int pfp_one(const char *cmd, const pfp_opts *o, const pfp_rec *r, size_t n, int en,
                   uint64_t stat[PFP_S_N], disp_hash *dh)
{
    pfp m;
    char msg[200];
    if (pfp_init(&m, &o->p, msg, sizeof msg)) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, msg);
        return -1;
    }
    dh->h = PFP_DH_INIT;
    dh->n = 0;
    m.on_disp = disp_cb;
    m.on_disp_ctx = dh;
    int rc = pfp_run(&m, r, n, en);
    memcpy(stat, m.stat, sizeof m.stat);
    pfp_free(&m);
    if (rc) fprintf(stderr, "hwprof %s: the front end did not finish (model error)\n", cmd);
    return rc;
}

static void print_stats(const char *prefix, const uint64_t *s, int json, int *first)
{
    for (int i = 0; i < PFP_S_N; i++) {
        if (json) {
            if (i == PFP_S_FETCHED || i == PFP_S_CYCLES) continue; /* printed above */
            printf("%s\"%s%s\": %llu", *first ? "" : ", ", pfp_stat_name(i), prefix,
                   (unsigned long long)s[i]);
            *first = 0;
        } else {
            char key[64];
            snprintf(key, sizeof key, "%s%s", pfp_stat_name(i), prefix);
            printf("%-30s %llu\n", key, (unsigned long long)s[i]);
        }
    }
}

/* The report of `run`, from the model or from the board's counters and
 * dispatch hash. */
static void print_run(const pfp_opts *o, uint64_t n, const uint64_t *s, uint64_t dh)
{
    int first = 1;
    if (o->json)
        printf("{\"records\": %llu, \"pfp\": %d, \"cycles\": %llu, \"fetched\": %llu, ",
               (unsigned long long)n, !o->no_pfp, (unsigned long long)s[PFP_S_CYCLES],
               (unsigned long long)s[PFP_S_FETCHED]);
    else printf("%-30s %llu\n%-30s %d\n", "records", (unsigned long long)n, "pfp", !o->no_pfp);
    print_stats("", s, o->json, &first);
    if (o->json) printf(", \"dispatch_hash\": \"%016llx\"}\n", (unsigned long long)dh);
    else printf("%-30s %016llx\n", "dispatch_hash", (unsigned long long)dh);
}

/* Parses the options and loads the trace: -1 to go on, else the exit status. */
static int start(int argc, char **argv, pfp_opts *o, pfp_rec **r, size_t *n)
{
    int rc = pfp_parse(argc, argv, o);
    if (rc >= 0) return rc;
    *r = pfp_load(argv[0], o->path, o->max, n);
    return *r ? -1 : 1;
}

/* run's report: the front end's statistics */
static int run_report(const char *cmd, const pfp_opts *o, const pfp_rec *r, size_t n)
{
    uint64_t s[PFP_S_N];
    disp_hash dh;
    if (pfp_one(cmd, o, r, n, !o->no_pfp, s, &dh)) return 1;
    print_run(o, n, s, dh.h);
    return 0;
}

/* eval's report: the front end with and without profile flag prediction;
 * 1 when the dispatched streams differ */
static int eval_report(const char *cmd, const pfp_opts *o, const pfp_rec *r, size_t n)
{
    uint64_t s1[PFP_S_N], s0[PFP_S_N];
    disp_hash d1, d0;
    if (pfp_one(cmd, o, r, n, 1, s1, &d1) || pfp_one(cmd, o, r, n, 0, s0, &d0)) return 1;
    int same = d1.h == d0.h && d1.n == d0.n && s1[PFP_S_DISP_PI] == s0[PFP_S_DISP_PI];
    double fred = s0[PFP_S_FETCHED] ? 100.0 * ((double)s0[PFP_S_FETCHED] - (double)s1[PFP_S_FETCHED]) /
                                          (double)s0[PFP_S_FETCHED]
                                    : 0.0;
    double cred = s0[PFP_S_CYCLES] ? 100.0 * ((double)s0[PFP_S_CYCLES] - (double)s1[PFP_S_CYCLES]) /
                                         (double)s0[PFP_S_CYCLES]
                                   : 0.0;
    if (o->json) {
        printf("{\"records\": %zu, \"sets\": %d, \"fetched\": %llu, \"fetched_no_pfp\": %llu, "
               "\"fetch_reduction_pct\": %.3f, \"cycles\": %llu, \"cycles_no_pfp\": %llu, "
               "\"cycle_reduction_pct\": %.3f, \"dispatch_identical\": %s, ",
               n, 1 << o->p.set_bits, (unsigned long long)s1[PFP_S_FETCHED],
               (unsigned long long)s0[PFP_S_FETCHED], fred, (unsigned long long)s1[PFP_S_CYCLES],
               (unsigned long long)s0[PFP_S_CYCLES], cred, same ? "true" : "false");
        int first = 1;
        print_stats("", s1, 1, &first);
        print_stats("_no_pfp", s0, 1, &first);
        printf("}\n");
    } else {
        printf("records                %zu\n", n);
        printf("fetched                %llu (without prediction %llu, -%.2f%%)\n",
               (unsigned long long)s1[PFP_S_FETCHED], (unsigned long long)s0[PFP_S_FETCHED], fred);
        printf("cycles                 %llu (without prediction %llu, -%.2f%%)\n",
               (unsigned long long)s1[PFP_S_CYCLES], (unsigned long long)s0[PFP_S_CYCLES], cred);
        printf("dispatched streams     %s\n", same ? "identical" : "DIFFERENT");
        int first = 1;
        print_stats("", s1, 0, &first);
        print_stats("_no_pfp", s0, 0, &first);
    }
    if (!same) {
        fprintf(stderr, "hwprof eval: the dispatched streams with and without prediction differ\n");
        return 1;
    }
    return 0;
}

/* run and eval: the same stream, then each command's report */
static int pfp_main(int argc, char **argv, int eval)
{
    pfp_opts o;
    pfp_rec *r;
    size_t n;
    int rc = start(argc, argv, &o, &r, &n);
    if (rc >= 0) return rc;
    rc = eval ? eval_report(argv[0], &o, r, n) : run_report(argv[0], &o, r, n);
    free(r);
    return rc;
}

int hwp_run_pfp(int argc, char **argv) { return pfp_main(argc, argv, 0); }

int hwp_eval_pfp(int argc, char **argv) { return pfp_main(argc, argv, 1); }

/* ------------------------------------------------------------ stream */
/* The engine on the link (engine.h): CONFIG, INFO and output records as
 * docs/protocol.md gives them for pfp. */

/* the engine's lines of `hwprof stream --engine pfp --help` */
static const char pf_help[] =
    "pfp options (as hwprof run --engine pfp): --fetch-w N --dec-w N --fq N\n"
    "  --win-bits N --sets N --min-len N --skip-bits N --br-pen N --pc-w N\n"
    "  --cnt-w N --no-pfp\n"
    "  --max N (= --max-events)\n";

enum { O_LNOPFP = HWP_EO_PFP + 0x80 };

static const struct option pf_outopts[] = {{"no-pfp", no_argument, 0, O_LNOPFP}, {0, 0, 0, 0}};

typedef struct pf_link {
    hwp_eo_pfp eo;
    pfp_opts o;
    int have_dh;
    uint64_t dh, dh_ovf; /* DHASH: dispatch_hash, the shell's FIFO overflow flag */
} pf_link;

static void pfl_init(void *vs)
{
    pf_link *s = vs;
    hwp_eo_pfp_init(&s->eo);
}

static int pfl_opt(const char *cmd, int code, const char *arg, void *vs)
{
    pf_link *s = vs;
    int r = hwp_eo_pfp_opt(cmd, code, arg, &s->eo);
    if (r != 1) return r;
    if (code != O_LNOPFP) return 1;
    s->o.no_pfp = 1;
    return 0;
}

static int pfl_finish(const char *cmd, void *vs)
{
    pf_link *s = vs;
    if (hwp_eo_pfp_finish(cmd, &s->eo)) return 2;
    s->o.p = s->eo.p;
    return 0;
}

static int pfl_begin(void *vs, hwp_sess *ss, const hwp_trace_info *ti)
{
    pf_link *s = vs;
    s->o.path = ss->trace;
    s->o.json = ss->json;
    if (ti->kind == HWP_KIND_RETIRE) return 0;
    fprintf(stderr, "hwprof %s: %s: need a retire trace (an instrumented stream)\n", ss->cmd,
            ss->trace);
    return -1;
}

/* the fields pfp_load keeps: pc (PC_W bits), insn, class, flags, length,
 * and bit 0 of the value (a poppf's flag) */
static int pfl_map(const void *vs, const hwp_sess *ss, const hwp_rec *in, hwp_rec *out)
{
    const pf_link *s = vs;
    if (pc_odd(ss->cmd, ss->trace, in, ss->events)) return -1;
    *out = *in;
    out->a &= hwp_mask(s->o.p.pc_w);
    out->b = 0;
    out->value &= 1u;
    out->addr = 0;
    return 1;
}

static int pfl_end(const void *vs, const hwp_sess *ss)
{
    (void)vs;
    if (ss->events) return 0;
    fprintf(stderr, "hwprof %s: %s: empty trace\n", ss->cmd, ss->trace);
    return -1;
}

static int pfl_params(const void *vs, hwp_bparam *bp)
{
    const pfp_params *f = &((const pf_link *)vs)->o.p;
    int n = 0;
#define BP(nm, op, v, ck) bp[n++] = HWP_BPARAM(PFP, nm, op, v, ck)
    BP(FETCH_W, "--fetch-w", f->fetch_w, 1);
    BP(DEC_W, "--dec-w", f->dec_w, 1);
    BP(FQ, "--fq", f->fq, 1);
    BP(WIN_BITS, "--win-bits", f->win_bits, 1);
    BP(SET_BITS, "--sets (log2)", f->set_bits, 1);
    BP(MIN_LEN, "--min-len", f->min_len, 1);
    BP(SKIP_BITS, "--skip-bits", f->skip_bits, 1);
    BP(BR_PEN, "--br-pen", f->br_pen, 1);
    BP(PC_W, "--pc-w", f->pc_w, 1);
    BP(CNT_W, "--cnt-w", f->cnt_w, 1);
#undef BP
    return n;
}

static int pfl_config(const void *vs, uint64_t *v)
{
    v[HWL_REG_PFP_pfp_en - 1] = ((const pf_link *)vs)->o.no_pfp ? 0 : 1;
    return hwl_desc_nregs(HWL_ENG_PFP);
}

static int pfl_collect(void *vs, const hwl_orec *x, char *err, size_t errn)
{
    pf_link *s = vs;
    (void)err, (void)errn;
    if (x->tag == HWL_TAG_PFP_DHASH) {
        s->have_dh = 1;
        s->dh = x->f[0];
        s->dh_ovf = x->f[1];
    }
    return 0;
}

static int pfl_report(void *vs, const hwp_sess *ss)
{
    pf_link *s = vs;
    if (!s->have_dh) {
        fprintf(stderr, "hwprof %s: %s: no DHASH record (dispatch_hash) from the board (a "
                        "bitstream older than the host?)\n", ss->cmd, ss->port);
        return -1;
    }
    if (s->dh_ovf) {
        fprintf(stderr, "hwprof %s: %s: the board's dispatch FIFO overflowed (flag %llu): "
                        "dispatch_hash is incomplete (a shell bug)\n", ss->cmd, ss->port,
                (unsigned long long)s->dh_ovf);
        return -1;
    }
    print_run(&s->o, ss->events, ss->ctr, s->dh);
    return 0;
}

const hwp_link_eng hwp_link_pfp = {
    HWL_ENG_PFP, HWP_KIND_RETIRE, sizeof(pf_link), pf_help, 1, 1, hwp_eo_pfp_opts, pf_outopts, NULL,
    pfl_init, pfl_opt, pfl_finish, pfl_begin, pfl_map, pfl_end, pfl_params, NULL, pfl_config,
    pfl_collect, NULL, NULL, pfl_report, NULL};
