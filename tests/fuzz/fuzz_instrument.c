/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for the pfp instrumenter's input (`hwprof instrument`,
 * cmodel/cli/instrument.c): the input is a text retire trace (any bytes; the
 * first byte also picks --kind, --on, --window and --trigger), run through
 * the command as a user would. It must either fail with exit status 1 or 2,
 * or write a trace that reads back clean and holds at least the input's
 * records (every recorded instruction stays in the dynamic stream; the
 * instrumentation only adds). Besides crashes, leaks and undefined
 * behaviour, anything else traps.
 *   make fuzz FUZZ_TARGET=instrument FUZZ_SECONDS=600
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char in_path[64], out_path[64];

/* Records in a trace file, or -1 if it does not read clean. */
static long count_records(const char *path)
{
    hwp_reader *r;
    hwp_err err;
    if (hwp_reader_open(&r, path, &err)) return -1;
    hwp_rec rec;
    long n = 0;
    int rc;
    while ((rc = hwp_reader_next(r, &rec, &err)) == 1) n++;
    hwp_reader_close(r);
    return rc < 0 ? -1 : n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    if (!in_path[0]) {
        snprintf(in_path, sizeof in_path, "/tmp/hwp-fuzz-instr-%ld.in.txt", (long)getpid());
        snprintf(out_path, sizeof out_path, "/tmp/hwp-fuzz-instr-%ld.out.hwpt", (long)getpid());
    }
    FILE *f = fopen(in_path, "wb");
    if (!f) return 0;
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    unlink(out_path);

    static const char *kinds[] = {"bb", "cg", "both", "bb"};
    static const char *ons[] = {"0", "25", "100", "50"};
    static const char *windows[] = {"1", "7", "1000", "64"};
    char *argv[] = {"instrument", "--kind", (char *)kinds[data[0] & 3], "--on",
                    (char *)ons[(data[0] >> 2) & 3], "--window", (char *)windows[(data[0] >> 4) & 3],
                    "--trigger", (data[0] & 0x40) ? "loop" : "entry", "-o", out_path, in_path, NULL};
    int argc = (int)(sizeof argv / sizeof argv[0]) - 1;

    /* the command's own error messages are expected here: keep them off the fuzzer's log */
    fflush(stderr);
    int saved = dup(2), devnull = open("/dev/null", O_WRONLY);
    if (saved >= 0 && devnull >= 0) dup2(devnull, 2);
    int rc = hwp_cmd_instrument(argc, argv);
    fflush(stderr);
    if (saved >= 0) {
        dup2(saved, 2);
        close(saved);
    }
    if (devnull >= 0) close(devnull);

    if (rc == 1 || rc == 2) return 0;
    if (rc != 0) __builtin_trap();
    long nin = count_records(in_path), nout = count_records(out_path);
    if (nin <= 0 || nout < nin) __builtin_trap();
    return 0;
}
