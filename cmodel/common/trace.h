/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof trace library: streaming reader and writer for the binary trace
 * format (docs/trace-format.md) and the text form (one tuple per line, one
 * or two hex fields, '#' comments). The reader detects the form by the magic
 * and transparently decompresses zstd bodies. Used by the C models, the
 * hwprof tool and the Verilator lockstep harness.
 */
#ifndef HWP_TRACE_H
#define HWP_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HWP_TRACE_MAGIC "HWPT"
#define HWP_TRACE_VERSION 1u
#define HWP_TRACE_HDR_SIZE 32u

/* Record kinds (header byte 6). */
enum hwp_kind {
    HWP_KIND_TUPLE1 = 1, /* one value, e.g. a basic-block leader PC */
    HWP_KIND_TUPLE2 = 2, /* <a, b>, e.g. <pc, value>, <branch pc, target> */
    HWP_KIND_RETIRE = 3  /* one retired instruction (struct hwp_rec, all fields) */
};

/* Header flags (byte 7). */
#define HWP_FLAG_ZSTD 0x01u /* body is one zstd stream */

/* ISA of a retire trace (header byte 9 for HWP_KIND_RETIRE). */
enum hwp_isa { HWP_ISA_NONE = 0, HWP_ISA_RISCV64 = 1, HWP_ISA_X86_64 = 2 };

/* Opcode class of a retired instruction (hwp_rec.cls). */
enum hwp_class {
    HWP_CLS_OTHER = 0,
    HWP_CLS_ALU = 1,
    HWP_CLS_LOAD = 2,
    HWP_CLS_STORE = 3,
    HWP_CLS_BRANCH = 4, /* conditional branch */
    HWP_CLS_JUMP = 5,   /* direct unconditional jump, no link */
    HWP_CLS_CALL = 6,   /* jump with link (direct or indirect) */
    HWP_CLS_RET = 7,    /* return */
    HWP_CLS_IJUMP = 8,  /* indirect jump, no link, not a return */
    HWP_CLS_MULDIV = 9,
    HWP_CLS_FP = 10,
    HWP_CLS_SYSTEM = 11,
    HWP_CLS_COUNT = 12
};

/* Retire record flags (hwp_rec.flags). */
#define HWP_RF_VALUE 0x01u /* value holds the destination register's new value */
#define HWP_RF_ADDR 0x02u  /* addr holds the effective memory address */
#define HWP_RF_TAKEN 0x04u /* control transfer taken (next record's pc is the target) */

#define HWP_RD_NONE 0xffu

/* One record. Tuple kinds use a (and b); retire records use every field,
 * with a = pc. Binary retire layout (32 bytes, little-endian):
 *   pc u64 | insn u32 | cls u8 | flags u8 | len u8 | rd u8 | value u64 | addr u64 */
typedef struct hwp_rec {
    uint64_t a;     /* tuple field 0; pc for retire records */
    uint64_t b;     /* tuple field 1 (0 for 1-tuples and retire records) */
    uint64_t value; /* retire: destination value */
    uint64_t addr;  /* retire: effective memory address */
    uint32_t insn;  /* retire: instruction word (first 4 bytes on x86) */
    uint8_t cls;    /* retire: enum hwp_class */
    uint8_t flags;  /* retire: HWP_RF_* */
    uint8_t len;    /* retire: instruction length in bytes */
    uint8_t rd;     /* retire: destination register number or HWP_RD_NONE */
} hwp_rec;

/* Description of a trace (from the header, or inferred for text input). */
typedef struct hwp_trace_info {
    int kind;          /* enum hwp_kind */
    int width0;        /* bits of field a (1..64) */
    int width1;        /* bits of field b (0 for tuple1) */
    int isa;           /* enum hwp_isa, retire traces only */
    int compressed;    /* body is zstd */
    int text;          /* input was the text form */
    uint64_t count;    /* record count from the header, HWP_COUNT_UNKNOWN if absent */
} hwp_trace_info;

#define HWP_COUNT_UNKNOWN UINT64_MAX

/* Error value: every failing call fills it with one clear message naming the
 * file and the byte offset (binary) or line (text). */
typedef struct hwp_err {
    char msg[512];
} hwp_err;

typedef struct hwp_reader hwp_reader;
typedef struct hwp_writer hwp_writer;

/* Opens path ("-" = stdin) for reading. Returns 0 or -1 with err set. */
int hwp_reader_open(hwp_reader **out, const char *path, hwp_err *err);
/* Same on an open stream; name is used in messages; own: close f at the end. */
int hwp_reader_open_stream(hwp_reader **out, FILE *f, const char *name, int own, hwp_err *err);
/* Reads the next record: 1 = got one, 0 = clean end, -1 = error (err set;
 * truncated records and malformed text are errors, never silently skipped). */
int hwp_reader_next(hwp_reader *r, hwp_rec *rec, hwp_err *err);
/* Up to n records into recs; returns the number read (0 at end) or -1. */
long hwp_reader_read(hwp_reader *r, hwp_rec *recs, long n, hwp_err *err);
const hwp_trace_info *hwp_reader_info(const hwp_reader *r);
uint64_t hwp_reader_index(const hwp_reader *r); /* records returned so far */
void hwp_reader_close(hwp_reader *r);

/* Creates path ("-" = stdout). info->kind/width0/width1/isa/compressed are
 * used; text selects the text form. Values wider than the declared widths
 * are an error at write time. */
int hwp_writer_open(hwp_writer **out, const char *path, const hwp_trace_info *info,
                    hwp_err *err);
int hwp_writer_put(hwp_writer *w, const hwp_rec *rec, hwp_err *err);
/* Flushes, patches the record count into the header when seekable, closes.
 * Returns 0 or -1 (err set). Always frees w. */
int hwp_writer_close(hwp_writer *w, hwp_err *err);

/* Helpers. */
const char *hwp_kind_name(int kind);   /* "tuple1", "tuple2", "retire" */
int hwp_kind_parse(const char *s);     /* inverse, -1 if unknown */
const char *hwp_class_name(int cls);   /* "load", "branch", ... */
uint64_t hwp_mask(int bits);           /* low `bits` bits set, bits in 0..64 */
int hwp_clog2(uint64_t v);             /* smallest r with 2^r >= v (0 for v <= 1) */

#ifdef __cplusplus
}
#endif
#endif
