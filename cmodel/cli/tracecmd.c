/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof trace subcommands: convert, stats, slice, gen.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmap.h"
#include "trace.h"

#define BATCH 4096

/* Parses "W0[,W1]" into widths. */
static int parse_widths(const char *cmd, const char *s, int *w0, int *w1)
{
    char *end;
    long a = strtol(s, &end, 10), b = 0;
    if (*end == ',') b = strtol(end + 1, &end, 10);
    if (*end || a < 1 || a > 64 || b < 0 || b > 64) {
        fprintf(stderr, "hwprof %s: --widths '%s': expected W0[,W1] with widths in 1..64\n", cmd,
                s);
        return -1;
    }
    *w0 = (int)a;
    *w1 = (int)b;
    return 0;
}

/* Copies records [start, start+count) of r to w. Returns 0 or 1. */
static int copy_records(const char *cmd, hwp_reader *r, hwp_writer *w, unsigned long long start,
                        unsigned long long count, hwp_err *err)
{
    hwp_rec *buf = malloc(BATCH * sizeof *buf);
    if (!buf) {
        fprintf(stderr, "hwprof %s: out of memory\n", cmd);
        return 1;
    }
    unsigned long long idx = 0, end = count == ~0ull ? ~0ull : start + count;
    int rc = 0;
    for (;;) {
        long n = hwp_reader_read(r, buf, BATCH, err);
        if (n < 0) {
            fprintf(stderr, "hwprof %s: %s\n", cmd, err->msg);
            rc = 1;
            break;
        }
        if (n == 0) break;
        for (long i = 0; i < n && idx < end; i++, idx++) {
            if (idx < start) continue;
            if (hwp_writer_put(w, &buf[i], err)) {
                fprintf(stderr, "hwprof %s: %s\n", cmd, err->msg);
                rc = 1;
                goto out;
            }
        }
        hwp_progress(cmd, idx, hwp_reader_info(r)->count);
        if (idx >= end) break;
    }
out:
    hwp_progress_done();
    free(buf);
    return rc;
}

/* ---------------------------------------------------------------- convert */

static void convert_usage(FILE *f)
{
    fprintf(f,
            "usage: hwprof convert [options] IN OUT\n"
            "Converts a trace between the text form (one tuple per line, one or two hex\n"
            "fields, '#' comments; 8 fields for retire records) and the binary form.\n"
            "IN or OUT may be '-' for stdin/stdout. By default text becomes binary and\n"
            "binary becomes text.\n\n"
            "  --to text|bin      output form\n"
            "  --compress         zstd-compress the binary body\n"
            "  --widths W0[,W1]   field widths in bits for binary output (default: the\n"
            "                     input's; 64 for text input)\n"
            "  -h, --help         this help\n");
}

int hwp_cmd_convert(int argc, char **argv)
{
    static const struct option opts[] = {{"to", required_argument, 0, 't'},
                                         {"compress", no_argument, 0, 'z'},
                                         {"widths", required_argument, 0, 'w'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    int to = -1, compress = 0, w0 = 0, w1 = -1, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 't':
            if (strcmp(optarg, "text") == 0) to = 1;
            else if (strcmp(optarg, "bin") == 0 || strcmp(optarg, "binary") == 0) to = 0;
            else {
                fprintf(stderr, "hwprof convert: --to '%s': expected text or bin\n", optarg);
                return 2;
            }
            break;
        case 'z': compress = 1; break;
        case 'w':
            if (parse_widths("convert", optarg, &w0, &w1)) return 2;
            break;
        case 'h': convert_usage(stdout); return 0;
        default: convert_usage(stderr); return 2;
        }
    }
    if (argc - optind != 2) {
        convert_usage(stderr);
        return 2;
    }
    hwp_err err;
    hwp_reader *r;
    if (hwp_reader_open(&r, argv[optind], &err)) {
        fprintf(stderr, "hwprof convert: %s\n", err.msg);
        return 1;
    }
    hwp_trace_info info = *hwp_reader_info(r);
    info.text = to < 0 ? !info.text : to;
    info.compressed = !info.text && compress;
    if (w0) {
        info.width0 = w0;
        info.width1 = info.kind == HWP_KIND_TUPLE2 ? (w1 > 0 ? w1 : w0) : 0;
    }
    hwp_writer *w;
    if (hwp_writer_open(&w, argv[optind + 1], &info, &err)) {
        fprintf(stderr, "hwprof convert: %s\n", err.msg);
        hwp_reader_close(r);
        return 1;
    }
    int rc = copy_records("convert", r, w, 0, ~0ull, &err);
    hwp_reader_close(r);
    if (hwp_writer_close(w, &err) && rc == 0) {
        fprintf(stderr, "hwprof convert: %s\n", err.msg);
        rc = 1;
    }
    return rc;
}

/* ---------------------------------------------------------------- slice */

static void slice_usage(FILE *f)
{
    fprintf(f, "usage: hwprof slice [--start N] [--count M] [--compress] [--text] IN OUT\n"
               "Copies records N .. N+M-1 (0-based) of IN to OUT, keeping kind and widths.\n"
               "  --start N     first record (default 0)\n"
               "  --count M     number of records (default: to the end)\n"
               "  --compress    zstd-compress the output body\n"
               "  --text        write the text form\n");
}

int hwp_cmd_slice(int argc, char **argv)
{
    static const struct option opts[] = {{"start", required_argument, 0, 's'},
                                         {"count", required_argument, 0, 'n'},
                                         {"compress", no_argument, 0, 'z'},
                                         {"text", no_argument, 0, 't'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    unsigned long long start = 0, count = ~0ull;
    int compress = 0, text = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            if (hwp_cli_uint("slice", "start", optarg, 0, ~0ull - 1, &start)) return 2;
            break;
        case 'n':
            if (hwp_cli_uint("slice", "count", optarg, 0, ~0ull - 1, &count)) return 2;
            break;
        case 'z': compress = 1; break;
        case 't': text = 1; break;
        case 'h': slice_usage(stdout); return 0;
        default: slice_usage(stderr); return 2;
        }
    }
    if (argc - optind != 2) {
        slice_usage(stderr);
        return 2;
    }
    hwp_err err;
    hwp_reader *r;
    if (hwp_reader_open(&r, argv[optind], &err)) {
        fprintf(stderr, "hwprof slice: %s\n", err.msg);
        return 1;
    }
    hwp_trace_info info = *hwp_reader_info(r);
    info.text = text;
    info.compressed = !text && compress;
    hwp_writer *w;
    if (hwp_writer_open(&w, argv[optind + 1], &info, &err)) {
        fprintf(stderr, "hwprof slice: %s\n", err.msg);
        hwp_reader_close(r);
        return 1;
    }
    int rc = copy_records("slice", r, w, start, count, &err);
    uint64_t seen = hwp_reader_index(r);
    hwp_reader_close(r);
    if (hwp_writer_close(w, &err) && rc == 0) {
        fprintf(stderr, "hwprof slice: %s\n", err.msg);
        rc = 1;
    }
    if (rc == 0 && start > 0 && seen <= start) {
        fprintf(stderr, "hwprof slice: --start %llu is past the end of the trace (%llu records)\n",
                start, (unsigned long long)seen);
        rc = 1;
    }
    return rc;
}

/* ---------------------------------------------------------------- stats */

static void stats_usage(FILE *f)
{
    fprintf(f,
            "usage: hwprof stats [--top K] [--field pair|a|b] [--json] TRACE\n"
            "Prints the record count, distinct values, the top K values with their shares\n"
            "and the entropy (bits) of the value distribution.\n"
            "  --top K          how many of the most frequent values (default 10)\n"
            "  --field F        what counts as a value in a 2-tuple trace: the pair <a,b>\n"
            "                   (default), a, or b; retire traces count pcs\n"
            "  --json           machine-readable output\n");
}

int hwp_cmd_stats(int argc, char **argv)
{
    static const struct option opts[] = {{"top", required_argument, 0, 'k'},
                                         {"field", required_argument, 0, 'f'},
                                         {"json", no_argument, 0, 'j'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    unsigned long long top = 10;
    int field = 0, json = 0, c; /* field: 0 pair, 1 a, 2 b */
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'k':
            if (hwp_cli_uint("stats", "top", optarg, 0, 1000000, &top)) return 2;
            break;
        case 'f':
            if (strcmp(optarg, "pair") == 0) field = 0;
            else if (strcmp(optarg, "a") == 0) field = 1;
            else if (strcmp(optarg, "b") == 0) field = 2;
            else {
                fprintf(stderr, "hwprof stats: --field '%s': expected pair, a or b\n", optarg);
                return 2;
            }
            break;
        case 'j': json = 1; break;
        case 'h': stats_usage(stdout); return 0;
        default: stats_usage(stderr); return 2;
        }
    }
    if (argc - optind != 1) {
        stats_usage(stderr);
        return 2;
    }
    const char *path = argv[optind];
    hwp_err err;
    hwp_reader *r;
    if (hwp_reader_open(&r, path, &err)) {
        fprintf(stderr, "hwprof stats: %s\n", err.msg);
        return 1;
    }
    hwp_trace_info info = *hwp_reader_info(r);
    hwp_cmap m;
    hwp_rec *buf = malloc(BATCH * sizeof *buf);
    if (!buf || hwp_cmap_init(&m, 1 << 16)) {
        fprintf(stderr, "hwprof stats: out of memory\n");
        free(buf);
        hwp_reader_close(r);
        return 1;
    }
    int pair = info.kind == HWP_KIND_TUPLE2 && field == 0;
    uint64_t total = 0;
    int rc = 0;
    for (;;) {
        long n = hwp_reader_read(r, buf, BATCH, &err);
        if (n < 0) {
            fprintf(stderr, "hwprof stats: %s\n", err.msg);
            rc = 1;
            break;
        }
        if (n == 0) break;
        for (long i = 0; i < n; i++) {
            uint64_t a = field == 2 ? buf[i].b : buf[i].a;
            uint64_t b = pair ? buf[i].b : 0;
            if (!hwp_cmap_add(&m, a, b, 1)) {
                fprintf(stderr, "hwprof stats: out of memory\n");
                rc = 1;
                goto done;
            }
        }
        total += (uint64_t)n;
        hwp_progress("stats", total, info.count);
    }
done:
    hwp_progress_done();
    hwp_reader_close(r);
    free(buf);
    if (rc) {
        hwp_cmap_free(&m);
        return rc;
    }
    size_t nd;
    hwp_cmap_ent *v = hwp_cmap_sorted(&m, &nd);
    if (!v) {
        fprintf(stderr, "hwprof stats: out of memory\n");
        hwp_cmap_free(&m);
        return 1;
    }
    double ent = 0;
    for (size_t i = 0; i < nd; i++) {
        double p = (double)v[i].count / (double)total;
        ent -= p * log2(p);
    }
    if (ent == 0) ent = 0; /* no "-0" */
    const char *what = info.kind == HWP_KIND_RETIRE ? "pc" : pair ? "pair" : field == 2 ? "b" : "a";
    size_t k = top < nd ? (size_t)top : nd;
    if (json) {
        printf("{\"trace\": \"%s\", \"kind\": \"%s\", \"records\": %llu, \"field\": \"%s\", "
               "\"distinct\": %zu, \"entropy_bits\": %.6f, \"top\": [",
               path, hwp_kind_name(info.kind), (unsigned long long)total, what, nd, ent);
        for (size_t i = 0; i < k; i++) {
            printf("%s{\"a\": \"0x%llx\"", i ? ", " : "", (unsigned long long)v[i].a);
            if (pair) printf(", \"b\": \"0x%llx\"", (unsigned long long)v[i].b);
            printf(", \"count\": %llu, \"share\": %.6f}", (unsigned long long)v[i].count,
                   total ? (double)v[i].count / (double)total : 0.0);
        }
        printf("]}\n");
    } else {
        printf("trace      %s\nkind       %s%s%s\nrecords    %llu\ndistinct   %zu (%s)\n"
               "entropy    %.3f bits\n",
               path, hwp_kind_name(info.kind), info.text ? " (text)" : "",
               info.compressed ? " (zstd)" : "", (unsigned long long)total, nd, what, ent);
        if (k) printf("top %zu:\n", k);
        double cum = 0;
        for (size_t i = 0; i < k; i++) {
            double share = 100.0 * (double)v[i].count / (double)total;
            cum += share;
            if (pair)
                printf("  %3zu  %16llx %16llx  %10llu  %6.2f%%  (cum %6.2f%%)\n", i + 1,
                       (unsigned long long)v[i].a, (unsigned long long)v[i].b,
                       (unsigned long long)v[i].count, share, cum);
            else
                printf("  %3zu  %16llx  %10llu  %6.2f%%  (cum %6.2f%%)\n", i + 1,
                       (unsigned long long)v[i].a, (unsigned long long)v[i].count, share, cum);
        }
    }
    free(v);
    hwp_cmap_free(&m);
    return 0;
}

/* ---------------------------------------------------------------- gen */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double rng_unit(uint64_t *s) { return (double)(rng_next(s) >> 11) * (1.0 / 9007199254740992.0); }

/* index in [0, n) drawn from the cumulative distribution cdf */
static size_t draw(const double *cdf, size_t n, double u)
{
    size_t lo = 0, hi = n - 1;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cdf[mid] < u) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static void gen_usage(FILE *f)
{
    fprintf(f,
            "usage: hwprof gen [options] OUT\n"
            "Generates a synthetic trace for tests (deterministic for a seed).\n"
            "  --dist zipf|uniform|phased   value distribution (default zipf); phased is\n"
            "                      zipf whose ranking is reshuffled every phase\n"
            "  --n N               records (default 100000)\n"
            "  --distinct D        distinct values (default 1000)\n"
            "  --alpha A           zipf exponent (default 1.0)\n"
            "  --phases P          phases for --dist phased (default 4)\n"
            "  --kind tuple1|tuple2  (default tuple2: <pc, value> with --pcs pcs)\n"
            "  --pcs K             distinct pcs for tuple2 (default 64)\n"
            "  --width W           value width in bits (default 32)\n"
            "  --seed S            (default 1)\n"
            "  --text              write the text form\n"
            "  --compress          zstd-compress the binary body\n");
}

int hwp_cmd_gen(int argc, char **argv)
{
    static const struct option opts[] = {
        {"dist", required_argument, 0, 'd'},   {"n", required_argument, 0, 'n'},
        {"distinct", required_argument, 0, 'D'}, {"alpha", required_argument, 0, 'a'},
        {"phases", required_argument, 0, 'p'}, {"kind", required_argument, 0, 'k'},
        {"pcs", required_argument, 0, 'P'},    {"width", required_argument, 0, 'w'},
        {"seed", required_argument, 0, 's'},   {"text", no_argument, 0, 't'},
        {"compress", no_argument, 0, 'z'},     {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    int dist = 0, kind = HWP_KIND_TUPLE2, text = 0, compress = 0, c;
    unsigned long long n = 100000, distinct = 1000, phases = 4, pcs = 64, width = 32, seed = 1;
    double alpha = 1.0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'd':
            if (strcmp(optarg, "zipf") == 0) dist = 0;
            else if (strcmp(optarg, "uniform") == 0) dist = 1;
            else if (strcmp(optarg, "phased") == 0) dist = 2;
            else {
                fprintf(stderr, "hwprof gen: --dist '%s': expected zipf, uniform or phased\n",
                        optarg);
                return 2;
            }
            break;
        case 'n':
            if (hwp_cli_uint("gen", "n", optarg, 0, 1ull << 40, &n)) return 2;
            break;
        case 'D':
            if (hwp_cli_uint("gen", "distinct", optarg, 1, 1u << 24, &distinct)) return 2;
            break;
        case 'a':
            if (hwp_cli_double("gen", "alpha", optarg, 0.0, 10.0, &alpha)) return 2;
            break;
        case 'p':
            if (hwp_cli_uint("gen", "phases", optarg, 1, 1000000, &phases)) return 2;
            break;
        case 'k':
            kind = hwp_kind_parse(optarg);
            if (kind != HWP_KIND_TUPLE1 && kind != HWP_KIND_TUPLE2) {
                fprintf(stderr, "hwprof gen: --kind '%s': expected tuple1 or tuple2\n", optarg);
                return 2;
            }
            break;
        case 'P':
            if (hwp_cli_uint("gen", "pcs", optarg, 1, 1u << 20, &pcs)) return 2;
            break;
        case 'w':
            if (hwp_cli_uint("gen", "width", optarg, 8, 64, &width)) return 2;
            break;
        case 's':
            if (hwp_cli_uint("gen", "seed", optarg, 0, ~0ull, &seed)) return 2;
            break;
        case 't': text = 1; break;
        case 'z': compress = 1; break;
        case 'h': gen_usage(stdout); return 0;
        default: gen_usage(stderr); return 2;
        }
    }
    if (argc - optind != 1) {
        gen_usage(stderr);
        return 2;
    }
    if (width < 64 && distinct > (1ull << width)) {
        fprintf(stderr, "hwprof gen: --distinct %llu does not fit --width %llu\n", distinct, width);
        return 2;
    }
    double *cdf = malloc(distinct * sizeof *cdf);
    uint64_t *vals = malloc(distinct * sizeof *vals);
    uint64_t *pcv = malloc(pcs * sizeof *pcv);
    if (!cdf || !vals || !pcv) {
        fprintf(stderr, "hwprof gen: out of memory\n");
        free(cdf);
        free(vals);
        free(pcv);
        return 1;
    }
    uint64_t s = seed, wm = hwp_mask((int)width);
    double sum = 0;
    for (size_t i = 0; i < distinct; i++) {
        sum += dist == 1 ? 1.0 : 1.0 / pow((double)(i + 1), alpha);
        cdf[i] = sum;
    }
    for (size_t i = 0; i < distinct; i++) cdf[i] /= sum;
    /* distinct values: random, made unique by construction (i in the low bits) */
    int lowbits = 0;
    while ((1ull << lowbits) < distinct) lowbits++;
    for (size_t i = 0; i < distinct; i++)
        vals[i] = ((rng_next(&s) << lowbits) | i) & wm;
    for (size_t i = 0; i < pcs; i++) pcv[i] = 0x400000 + 4 * (uint64_t)i * 7;

    hwp_trace_info info = {0};
    info.kind = kind;
    info.width0 = kind == HWP_KIND_TUPLE2 ? 64 : (int)width;
    info.width1 = kind == HWP_KIND_TUPLE2 ? (int)width : 0;
    info.text = text;
    info.compressed = !text && compress;
    hwp_err err;
    hwp_writer *w;
    if (hwp_writer_open(&w, argv[optind], &info, &err)) {
        fprintf(stderr, "hwprof gen: %s\n", err.msg);
        free(cdf);
        free(vals);
        free(pcv);
        return 1;
    }
    int rc = 0;
    uint64_t phase_len = (n + phases - 1) / phases;
    for (uint64_t i = 0; i < n; i++) {
        if (dist == 2 && i > 0 && i % phase_len == 0) {
            /* new phase: shuffle which value holds which rank */
            for (size_t j = distinct - 1; j > 0; j--) {
                size_t k = (size_t)(rng_next(&s) % (j + 1));
                uint64_t t = vals[j];
                vals[j] = vals[k];
                vals[k] = t;
            }
        }
        hwp_rec rec = {0};
        size_t vi = draw(cdf, distinct, rng_unit(&s));
        if (kind == HWP_KIND_TUPLE2) {
            size_t pi = (size_t)(rng_next(&s) % pcs);
            rec.a = pcv[pi];
            /* each pc sees its own rotation of the value ranking */
            rec.b = vals[(vi + pi) % distinct];
        } else {
            rec.a = vals[vi];
        }
        if (hwp_writer_put(w, &rec, &err)) {
            fprintf(stderr, "hwprof gen: %s\n", err.msg);
            rc = 1;
            break;
        }
        if ((i & 0xffff) == 0) hwp_progress("gen", i, n);
    }
    hwp_progress_done();
    if (hwp_writer_close(w, &err) && rc == 0) {
        fprintf(stderr, "hwprof gen: %s\n", err.msg);
        rc = 1;
    }
    free(cdf);
    free(vals);
    free(pcv);
    return rc;
}
