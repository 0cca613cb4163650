/* SPDX-License-Identifier: Apache-2.0
 * Reader throughput: reads a trace N times and prints records per second.
 *   build/bench/bench_read TRACE [REPEATS] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "trace.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_read TRACE [REPEATS]\n");
        return 2;
    }
    int reps = argc > 2 ? atoi(argv[2]) : 3;
    struct timespec t0, t1;
    uint64_t total = 0, sum = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < reps; i++) {
        hwp_reader *r;
        hwp_err err;
        if (hwp_reader_open(&r, argv[1], &err)) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
        hwp_rec buf[1024];
        long n;
        while ((n = hwp_reader_read(r, buf, 1024, &err)) > 0) {
            for (long k = 0; k < n; k++) sum += buf[k].a ^ buf[k].b;
            total += (uint64_t)n;
        }
        if (n < 0) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
        hwp_reader_close(r);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%s: %llu records in %.3f s: %.1f M records/s (checksum %llx)\n", argv[1],
           (unsigned long long)total, s, total / s / 1e6, (unsigned long long)sum);
    return 0;
}
