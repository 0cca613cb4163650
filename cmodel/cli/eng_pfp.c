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
    size_t n = 0, cap = 1 << 16;
    pfp_rec *r = malloc(cap * sizeof *r);
    hwp_rec rec;
    int rc = 0;
    while (r && n < max && (rc = hwp_reader_next(rd, &rec, &err)) == 1) {
        r[n].pc = rec.a;
        r[n].insn = rec.insn;
        r[n].cls = rec.cls;
        r[n].taken = (rec.flags & HWP_RF_TAKEN) != 0;
        r[n].val = (uint8_t)(rec.value & 1u);
        r[n].len2 = rec.len == 2;
        if (++n == cap) {
            cap *= 2;
            pfp_rec *nr = realloc(r, cap * sizeof *r);
            if (!nr) free(r);
            r = nr;
        }
    }
    hwp_reader_close(rd);
    if (!r) {
        fprintf(stderr, "hwprof %s: out of memory\n", cmd);
        return NULL;
    }
    if (rc < 0) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, err.msg);
        free(r);
        return NULL;
    }
    if (n == 0) {
        fprintf(stderr, "hwprof %s: %s: empty trace\n", cmd, path);
        free(r);
        return NULL;
    }
    *n_out = n;
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

int hwp_run_pfp(int argc, char **argv)
{
    pfp_opts o;
    int rc = pfp_parse(argc, argv, &o);
    if (rc >= 0) return rc;
    size_t n;
    pfp_rec *r = pfp_load(argv[0], o.path, o.max, &n);
    if (!r) return 1;
    uint64_t s[PFP_S_N];
    disp_hash dh;
    rc = pfp_one(argv[0], &o, r, n, !o.no_pfp, s, &dh);
    free(r);
    if (rc) return 1;
    int first = 1;
    if (o.json)
        printf("{\"records\": %zu, \"pfp\": %d, \"cycles\": %llu, \"fetched\": %llu, ", n,
               !o.no_pfp, (unsigned long long)s[PFP_S_CYCLES],
               (unsigned long long)s[PFP_S_FETCHED]);
    else printf("%-30s %zu\n%-30s %d\n", "records", n, "pfp", !o.no_pfp);
    print_stats("", s, o.json, &first);
    if (o.json) printf(", \"dispatch_hash\": \"%016llx\"}\n", (unsigned long long)dh.h);
    else printf("%-30s %016llx\n", "dispatch_hash", (unsigned long long)dh.h);
    return 0;
}

int hwp_eval_pfp(int argc, char **argv)
{
    pfp_opts o;
    int rc = pfp_parse(argc, argv, &o);
    if (rc >= 0) return rc;
    size_t n;
    pfp_rec *r = pfp_load(argv[0], o.path, o.max, &n);
    if (!r) return 1;
    uint64_t s1[PFP_S_N], s0[PFP_S_N];
    disp_hash d1, d0;
    if (pfp_one(argv[0], &o, r, n, 1, s1, &d1) || pfp_one(argv[0], &o, r, n, 0, s0, &d0)) {
        free(r);
        return 1;
    }
    free(r);
    int same = d1.h == d0.h && d1.n == d0.n && s1[PFP_S_DISP_PI] == s0[PFP_S_DISP_PI];
    double fred = s0[PFP_S_FETCHED] ? 100.0 * ((double)s0[PFP_S_FETCHED] - (double)s1[PFP_S_FETCHED]) /
                                          (double)s0[PFP_S_FETCHED]
                                    : 0.0;
    double cred = s0[PFP_S_CYCLES] ? 100.0 * ((double)s0[PFP_S_CYCLES] - (double)s1[PFP_S_CYCLES]) /
                                         (double)s0[PFP_S_CYCLES]
                                   : 0.0;
    if (o.json) {
        printf("{\"records\": %zu, \"sets\": %d, \"fetched\": %llu, \"fetched_no_pfp\": %llu, "
               "\"fetch_reduction_pct\": %.3f, \"cycles\": %llu, \"cycles_no_pfp\": %llu, "
               "\"cycle_reduction_pct\": %.3f, \"dispatch_identical\": %s, ",
               n, 1 << o.p.set_bits, (unsigned long long)s1[PFP_S_FETCHED],
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
