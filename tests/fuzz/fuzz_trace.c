/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for the trace reader: any byte string, as binary or text
 * trace, must give records or a clean error, never a crash, hang or leak.
 *   make fuzz FUZZ_SECONDS=600
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f) return 0;
    hwp_reader *r;
    hwp_err err;
    if (hwp_reader_open_stream(&r, f, "fuzz", 1, &err)) {
        if (err.msg[0] == 0) __builtin_trap(); /* every error has a message */
        return 0;
    }
    hwp_rec rec;
    int rc;
    uint64_t n = 0;
    err.msg[0] = 0;
    while ((rc = hwp_reader_next(r, &rec, &err)) == 1) n++;
    if (rc < 0 && err.msg[0] == 0) __builtin_trap();
    if (hwp_reader_index(r) != n) __builtin_trap();
    hwp_reader_close(r);
    return 0;
}
