/* SPDX-License-Identifier: Apache-2.0
 *
 * Shared helpers of the hwprof subcommands: strict number parsing for
 * options, loading a trace into memory, and the progress line of long runs.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

int hwp_cli_uint(const char *cmd, const char *opt, const char *s, unsigned long long lo,
                 unsigned long long hi, unsigned long long *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-') goto bad;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end) goto bad;
    if (v < lo || v > hi) {
        fprintf(stderr, "hwprof %s: --%s %s: out of range %llu..%llu\n", cmd, opt, s, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
bad:
    fprintf(stderr, "hwprof %s: --%s '%s': not a non-negative integer\n", cmd, opt, s ? s : "");
    return -1;
}

int hwp_cli_double(const char *cmd, const char *opt, const char *s, double lo, double hi,
                   double *out)
{
    char *end;
    errno = 0;
    double v = s ? strtod(s, &end) : 0;
    if (!s || !*s || errno || *end || isnan(v)) {
        fprintf(stderr, "hwprof %s: --%s '%s': not a number\n", cmd, opt, s ? s : "");
        return -1;
    }
    if (v < lo || v > hi) {
        fprintf(stderr, "hwprof %s: --%s %s: out of range [%g, %g]\n", cmd, opt, s, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* The progress state is per process and only cosmetic (stderr), so a few
 * statics are tolerable here; the models themselves keep no global state. */
static struct timespec prog_last, prog_start;
static int prog_active, prog_enabled = -1;

static double now_s(const struct timespec *t) { return (double)t->tv_sec + t->tv_nsec / 1e9; }

void hwp_progress(const char *what, unsigned long long done, unsigned long long total)
{
    if (prog_enabled < 0) {
        const char *e = getenv("HWPROF_PROGRESS");
        prog_enabled = e ? atoi(e) != 0 : isatty(2);
    }
    if (!prog_enabled) return;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (!prog_active) {
        prog_start = t;
        prog_last = t;
        prog_active = 1;
    }
    if (now_s(&t) - now_s(&prog_last) < 0.5) return;
    prog_last = t;
    double el = now_s(&t) - now_s(&prog_start);
    double rate = el > 0 ? done / el : 0;
    if (total && total != ~0ull)
        fprintf(stderr, "\r%s: %llu / %llu (%.1f%%), %.0f/s   ", what, done, total,
                100.0 * done / total, rate);
    else
        fprintf(stderr, "\r%s: %llu, %.0f/s   ", what, done, rate);
}

void hwp_progress_done(void)
{
    if (prog_active && prog_enabled > 0) fprintf(stderr, "\n");
    prog_active = 0;
}

void *hwp_cli_load(const char *cmd, const char *path, hwp_reader *rd, unsigned long long max,
                   size_t size, int (*put)(void *ctx, void *elem, const hwp_rec *r, size_t i),
                   void *ctx, size_t *n_out)
{
    hwp_err err;
    size_t n = 0, cap = 1 << 16;
    char *a = malloc(cap * size);
    hwp_rec rec;
    int rc = 0;
    while (a && n < max && (rc = hwp_reader_next(rd, &rec, &err)) == 1) {
        if (put(ctx, a + n * size, &rec, n)) {
            free(a);
            return NULL;
        }
        if (++n == cap) {
            cap *= 2;
            char *na = realloc(a, cap * size);
            if (!na) free(a);
            a = na;
        }
    }
    if (!a) {
        fprintf(stderr, "hwprof %s: out of memory\n", cmd);
        return NULL;
    }
    if (rc < 0 || n == 0) {
        if (rc < 0) fprintf(stderr, "hwprof %s: %s\n", cmd, err.msg);
        else fprintf(stderr, "hwprof %s: %s: empty trace\n", cmd, path);
        free(a);
        return NULL;
    }
    *n_out = n;
    return a;
}
