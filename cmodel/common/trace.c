/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof trace library (see trace.h and docs/trace-format.md). Buffered
 * reader and writer; zstd streaming for compressed bodies; the text form is
 * parsed with a hand-written hex scanner so that reading is never the
 * bottleneck of a model run.
 */
#include "trace.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#define IOBUF (1u << 18)

static void seterr(hwp_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void seterr(hwp_err *err, const char *fmt, ...)
{
    va_list ap;
    if (!err) return;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

uint64_t hwp_mask(int bits)
{
    if (bits <= 0) return 0;
    if (bits >= 64) return ~(uint64_t)0;
    return ((uint64_t)1 << bits) - 1;
}

int hwp_clog2(uint64_t v)
{
    int r = 0;
    while (r < 64 && ((uint64_t)1 << r) < v) r++;
    return r;
}

static const char *const kind_names[] = {NULL, "tuple1", "tuple2", "retire"};

const char *hwp_kind_name(int kind)
{
    return (kind >= 1 && kind <= 3) ? kind_names[kind] : "unknown";
}

int hwp_kind_parse(const char *s)
{
    for (int k = 1; k <= 3; k++)
        if (strcmp(s, kind_names[k]) == 0) return k;
    return -1;
}

static const char *const class_names[HWP_CLS_COUNT] = {
    "other", "alu", "load", "store", "branch", "jump",
    "call", "ret", "ijump", "muldiv", "fp", "system"};

const char *hwp_class_name(int cls)
{
    return (cls >= 0 && cls < HWP_CLS_COUNT) ? class_names[cls] : "invalid";
}

/* ------------------------------------------------------------------ layout */

static int field_bytes(int width) { return (width + 7) / 8; }

static int record_size(const hwp_trace_info *info)
{
    switch (info->kind) {
    case HWP_KIND_TUPLE1: return field_bytes(info->width0);
    case HWP_KIND_TUPLE2: return field_bytes(info->width0) + field_bytes(info->width1);
    case HWP_KIND_RETIRE: return 32;
    default: return 0;
    }
}

static int check_info(const hwp_trace_info *info, const char *path, hwp_err *err)
{
    if (info->kind < 1 || info->kind > 3) {
        seterr(err, "%s: unknown record kind %d", path, info->kind);
        return -1;
    }
    if (info->kind != HWP_KIND_RETIRE) {
        if (info->width0 < 1 || info->width0 > 64) {
            seterr(err, "%s: field 0 width %d outside 1..64", path, info->width0);
            return -1;
        }
        if (info->kind == HWP_KIND_TUPLE2 && (info->width1 < 1 || info->width1 > 64)) {
            seterr(err, "%s: field 1 width %d outside 1..64", path, info->width1);
            return -1;
        }
        if (info->kind == HWP_KIND_TUPLE1 && info->width1 != 0) {
            seterr(err, "%s: 1-tuple trace with field 1 width %d (must be 0)", path, info->width1);
            return -1;
        }
    }
    return 0;
}

static uint64_t get_le(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static void put_le(unsigned char *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++) {
        p[i] = (unsigned char)(v & 0xff);
        v >>= 8;
    }
}

/* ------------------------------------------------------------------ reader */

struct hwp_reader {
    FILE *f;
    int own;                 /* close f at the end */
    char path[256];
    hwp_trace_info info;
    int rsize;               /* binary record size */
    uint64_t index;          /* records returned */
    uint64_t line;           /* text: current line number */
    uint64_t body_off;       /* binary: offset of the body in the file */
    /* raw input buffer */
    unsigned char *in;
    size_t in_len, in_pos;
    uint64_t in_consumed;    /* bytes of the file consumed before in[0] */
    int in_eof;
    /* decompressed body (zstd) */
    ZSTD_DStream *zs;
    unsigned char *out;
    size_t out_len, out_pos;
    uint64_t out_consumed;   /* decompressed body bytes before out[0] */
    int zs_frame_done;       /* last ZSTD_decompressStream returned 0 */
    int text_fields;         /* text: fields per line (1, 2, 8) */
    int text_pending;        /* text: first data line already parsed */
    hwp_rec pending;
};

static int fill_in(hwp_reader *r, hwp_err *err)
{
    if (r->in_eof) return 0;
    if (r->in_pos < r->in_len) {
        memmove(r->in, r->in + r->in_pos, r->in_len - r->in_pos);
    }
    r->in_consumed += r->in_pos;
    r->in_len -= r->in_pos;
    r->in_pos = 0;
    size_t got = fread(r->in + r->in_len, 1, IOBUF - r->in_len, r->f);
    if (got == 0) {
        if (ferror(r->f)) {
            seterr(err, "%s: read error: %s", r->path, strerror(errno));
            return -1;
        }
        r->in_eof = 1;
        return 0;
    }
    r->in_len += got;
    return 1;
}

/* Makes at least `need` bytes of body available at out[out_pos] (binary,
 * compressed or not). Returns 1, 0 at a clean end (nothing left), or -1. */
static int body_avail(hwp_reader *r, size_t need, hwp_err *err)
{
    if (!r->zs) {
        while (r->in_len - r->in_pos < need) {
            int rc = fill_in(r, err);
            if (rc < 0) return -1;
            if (rc == 0) return r->in_len == r->in_pos ? 0 : 2; /* 2: partial */
        }
        return 1;
    }
    while (r->out_len - r->out_pos < need) {
        if (r->out_pos > 0) {
            memmove(r->out, r->out + r->out_pos, r->out_len - r->out_pos);
            r->out_consumed += r->out_pos;
            r->out_len -= r->out_pos;
            r->out_pos = 0;
        }
        if (r->in_pos == r->in_len) {
            int rc = fill_in(r, err);
            if (rc < 0) return -1;
            if (rc == 0) {
                if (!r->zs_frame_done) {
                    seterr(err, "%s: truncated zstd body (compressed stream ends at byte %llu)",
                           r->path, (unsigned long long)(r->in_consumed + r->in_len));
                    return -1;
                }
                return r->out_len == r->out_pos ? 0 : 2;
            }
        }
        ZSTD_inBuffer zin = {r->in, r->in_len, r->in_pos};
        ZSTD_outBuffer zout = {r->out, IOBUF, r->out_len};
        size_t rc = ZSTD_decompressStream(r->zs, &zout, &zin);
        if (ZSTD_isError(rc)) {
            seterr(err, "%s: corrupt zstd body near byte %llu: %s", r->path,
                   (unsigned long long)(r->in_consumed + zin.pos), ZSTD_getErrorName(rc));
            return -1;
        }
        r->zs_frame_done = (rc == 0);
        r->in_pos = zin.pos;
        r->out_len = zout.pos;
    }
    return 1;
}

static int parse_header(hwp_reader *r, hwp_err *err)
{
    unsigned char *h = r->in;
    unsigned version = (unsigned)get_le(h + 4, 2);
    if (version != HWP_TRACE_VERSION) {
        seterr(err, "%s: offset 4: unsupported trace version %u (this build reads version %u)",
               r->path, version, HWP_TRACE_VERSION);
        return -1;
    }
    r->info.kind = h[6];
    unsigned flags = h[7];
    if (flags & ~HWP_FLAG_ZSTD) {
        seterr(err, "%s: offset 7: unknown header flags 0x%02x", r->path, flags);
        return -1;
    }
    r->info.compressed = (flags & HWP_FLAG_ZSTD) != 0;
    if (r->info.kind == HWP_KIND_RETIRE) {
        r->info.width0 = 64;
        r->info.width1 = 0;
        r->info.isa = h[9];
    } else {
        r->info.width0 = h[8];
        r->info.width1 = h[9];
        r->info.isa = 0;
    }
    if (check_info(&r->info, r->path, err)) {
        /* name the offset of the faulty fields */
        size_t len = strlen(err->msg);
        if (len + 32 < sizeof err->msg)
            memcpy(err->msg + len, " (header offset 6..9)", 22);
        return -1;
    }
    unsigned rsize = (unsigned)get_le(h + 10, 2);
    r->rsize = record_size(&r->info);
    if (rsize != (unsigned)r->rsize) {
        seterr(err, "%s: offset 10: record size %u does not match kind %s with widths %d/%d (%d)",
               r->path, rsize, hwp_kind_name(r->info.kind), r->info.width0, r->info.width1,
               r->rsize);
        return -1;
    }
    r->info.count = get_le(h + 16, 8);
    r->body_off = HWP_TRACE_HDR_SIZE;
    r->in_pos = HWP_TRACE_HDR_SIZE;
    if (r->info.compressed) {
        r->zs = ZSTD_createDStream();
        r->out = malloc(IOBUF);
        if (!r->zs || !r->out) {
            seterr(err, "%s: out of memory", r->path);
            return -1;
        }
        ZSTD_initDStream(r->zs);
    }
    return 0;
}

/* ---- text form */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Parses one text line [p, e) into up to 8 fields. Returns the number of
 * fields (0 for blank/comment lines) or -1 with err set. */
static int parse_text_line(hwp_reader *r, const char *p, const char *e, uint64_t *f,
                           hwp_err *err)
{
    int n = 0;
    const char *start = p;
    for (;;) {
        while (p < e && (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r')) p++;
        if (p == e || *p == '#') break;
        if (n == 8) {
            seterr(err, "%s: line %llu: more than 8 fields", r->path,
                   (unsigned long long)r->line);
            return -1;
        }
        const char *tok = p;
        if (e - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) p += 2;
        uint64_t v = 0;
        int digits = 0;
        while (p < e && hexval((unsigned char)*p) >= 0) {
            if (digits == 16 && v != 0) {
                seterr(err, "%s: line %llu, column %ld: value wider than 64 bits", r->path,
                       (unsigned long long)r->line, (long)(tok - start) + 1);
                return -1;
            }
            v = (v << 4) | (uint64_t)hexval((unsigned char)*p);
            if (v != 0) digits++;
            p++;
        }
        if (p == tok || (p - tok == 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) ||
            (p < e && *p != ' ' && *p != '\t' && *p != ',' && *p != '\r' && *p != '#')) {
            const char *bad = p;
            while (bad < e && *bad != ' ' && *bad != '\t' && *bad != ',') bad++;
            seterr(err, "%s: line %llu, column %ld: not a hex field: '%.*s'", r->path,
                   (unsigned long long)r->line, (long)(tok - start) + 1,
                   (int)(bad - tok > 40 ? 40 : bad - tok), tok);
            return -1;
        }
        f[n++] = v;
    }
    return n;
}

/* Text: next record. 1 / 0 / -1. */
static int text_next(hwp_reader *r, hwp_rec *rec, hwp_err *err)
{
    uint64_t f[8];
    for (;;) {
        /* find a full line in the buffer */
        char *base = (char *)r->in + r->in_pos;
        size_t avail = r->in_len - r->in_pos;
        char *nl = memchr(base, '\n', avail);
        if (!nl) {
            if (!r->in_eof) {
                if (r->in_pos == 0 && r->in_len == IOBUF) {
                    seterr(err, "%s: line %llu: line longer than %u bytes", r->path,
                           (unsigned long long)r->line + 1, IOBUF);
                    return -1;
                }
                int rc = fill_in(r, err);
                if (rc < 0) return -1;
                continue;
            }
            if (avail == 0) return 0;
            nl = base + avail; /* last line without newline */
        }
        r->line++;
        int n = parse_text_line(r, base, nl, f, err);
        r->in_pos = (size_t)(nl - (char *)r->in) + (nl < (char *)r->in + r->in_len ? 1 : 0);
        if (n < 0) return -1;
        if (n == 0) continue;
        if (r->text_fields == 0) {
            if (n != 1 && n != 2 && n != 8) {
                seterr(err, "%s: line %llu: %d fields; a text trace has 1 or 2 hex fields per "
                       "line (or 8 for retire records)", r->path, (unsigned long long)r->line, n);
                return -1;
            }
            r->text_fields = n;
        } else if (n != r->text_fields) {
            seterr(err, "%s: line %llu: %d fields, but earlier lines have %d", r->path,
                   (unsigned long long)r->line, n, r->text_fields);
            return -1;
        }
        memset(rec, 0, sizeof *rec);
        if (n <= 2) {
            rec->a = f[0];
            rec->b = n == 2 ? f[1] : 0;
        } else {
            /* pc insn cls flags len rd value addr */
            rec->a = f[0];
            if (f[1] > 0xffffffffu || f[2] >= HWP_CLS_COUNT || f[3] > 0xff || f[4] > 0xff ||
                f[5] > 0xff) {
                seterr(err, "%s: line %llu: retire field out of range (insn 32 bits, class < %d, "
                       "flags/len/rd 8 bits)", r->path, (unsigned long long)r->line,
                       HWP_CLS_COUNT);
                return -1;
            }
            rec->insn = (uint32_t)f[1];
            rec->cls = (uint8_t)f[2];
            rec->flags = (uint8_t)f[3];
            rec->len = (uint8_t)f[4];
            rec->rd = (uint8_t)f[5];
            rec->value = f[6];
            rec->addr = f[7];
        }
        return 1;
    }
}

int hwp_reader_open(hwp_reader **out, const char *path, hwp_err *err)
{
    *out = NULL;
    if (strcmp(path, "-") == 0) return hwp_reader_open_stream(out, stdin, "<stdin>", 0, err);
    FILE *f = fopen(path, "rb");
    if (!f) {
        seterr(err, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    return hwp_reader_open_stream(out, f, path, 1, err);
}

int hwp_reader_open_stream(hwp_reader **out, FILE *f, const char *name, int own, hwp_err *err)
{
    *out = NULL;
    hwp_reader *r = calloc(1, sizeof *r);
    if (!r) {
        seterr(err, "%s: out of memory", name);
        if (own) fclose(f);
        return -1;
    }
    snprintf(r->path, sizeof r->path, "%s", name);
    r->f = f;
    r->own = own;
    r->in = malloc(IOBUF);
    if (!r->in) {
        seterr(err, "%s: out of memory", r->path);
        hwp_reader_close(r);
        return -1;
    }
    r->info.count = HWP_COUNT_UNKNOWN;
    /* read enough to see the header */
    while (r->in_len < HWP_TRACE_HDR_SIZE) {
        int rc = fill_in(r, err);
        if (rc < 0) goto fail;
        if (rc == 0) break;
    }
    if (r->in_len >= 4 && memcmp(r->in, HWP_TRACE_MAGIC, 4) == 0) {
        if (r->in_len < HWP_TRACE_HDR_SIZE) {
            seterr(err, "%s: truncated header: %zu of %u bytes", r->path, r->in_len,
                   HWP_TRACE_HDR_SIZE);
            goto fail;
        }
        if (parse_header(r, err)) goto fail;
    } else {
        /* Text form, unless the data is clearly binary. */
        for (size_t i = 0; i < r->in_len && i < 64; i++) {
            unsigned char c = r->in[i];
            if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t')) {
                if (r->in_len >= 4 && r->in[0] == 'H')
                    seterr(err, "%s: offset 0: bad magic (expected \"HWPT\")", r->path);
                else
                    seterr(err, "%s: offset 0: bad magic: not a hwprof trace (no \"HWPT\" "
                           "header) and not a text trace (byte 0x%02x at offset %zu)",
                           r->path, c, i);
                goto fail;
            }
        }
        r->info.text = 1;
        /* Infer the kind from the first data line. */
        int rc = text_next(r, &r->pending, err);
        if (rc < 0) goto fail;
        r->text_pending = rc;
        int nf = r->text_fields ? r->text_fields : 1;
        r->info.kind = nf == 1 ? HWP_KIND_TUPLE1 : nf == 2 ? HWP_KIND_TUPLE2 : HWP_KIND_RETIRE;
        r->info.width0 = 64;
        r->info.width1 = nf == 2 ? 64 : 0;
        if (nf == 8) r->info.width0 = 64;
    }
    *out = r;
    return 0;
fail:
    hwp_reader_close(r);
    return -1;
}

const hwp_trace_info *hwp_reader_info(const hwp_reader *r) { return &r->info; }
uint64_t hwp_reader_index(const hwp_reader *r) { return r->index; }

static int bin_next(hwp_reader *r, hwp_rec *rec, hwp_err *err)
{
    int rc = body_avail(r, (size_t)r->rsize, err);
    if (rc < 0) return -1;
    unsigned char *p;
    if (rc == 0) {
        if (r->info.count != HWP_COUNT_UNKNOWN && r->index != r->info.count) {
            seterr(err, "%s: truncated: header says %llu records, body ends after %llu",
                   r->path, (unsigned long long)r->info.count, (unsigned long long)r->index);
            return -1;
        }
        return 0;
    }
    if (rc == 2) {
        uint64_t off = r->zs ? r->out_consumed + r->out_pos : r->in_consumed + r->in_pos;
        seterr(err, "%s: truncated record %llu at %s offset %llu (record size %d)", r->path,
               (unsigned long long)r->index, r->zs ? "decompressed body" : "byte",
               (unsigned long long)off, r->rsize);
        return -1;
    }
    if (r->zs) {
        p = r->out + r->out_pos;
        r->out_pos += (size_t)r->rsize;
    } else {
        p = r->in + r->in_pos;
        r->in_pos += (size_t)r->rsize;
    }
    memset(rec, 0, sizeof *rec);
    switch (r->info.kind) {
    case HWP_KIND_TUPLE1:
        rec->a = get_le(p, field_bytes(r->info.width0));
        break;
    case HWP_KIND_TUPLE2: {
        int n0 = field_bytes(r->info.width0);
        rec->a = get_le(p, n0);
        rec->b = get_le(p + n0, field_bytes(r->info.width1));
        break;
    }
    default:
        rec->a = get_le(p, 8);
        rec->insn = (uint32_t)get_le(p + 8, 4);
        rec->cls = p[12];
        rec->flags = p[13];
        rec->len = p[14];
        rec->rd = p[15];
        rec->value = get_le(p + 16, 8);
        rec->addr = get_le(p + 24, 8);
        if (rec->cls >= HWP_CLS_COUNT) {
            seterr(err, "%s: record %llu: opcode class %u out of range", r->path,
                   (unsigned long long)r->index, rec->cls);
            return -1;
        }
        break;
    }
    if (r->info.kind != HWP_KIND_RETIRE &&
        ((rec->a & ~hwp_mask(r->info.width0)) || (rec->b & ~hwp_mask(r->info.width1)))) {
        seterr(err, "%s: record %llu: value wider than the declared field width", r->path,
               (unsigned long long)r->index);
        return -1;
    }
    if (r->info.count != HWP_COUNT_UNKNOWN && r->index >= r->info.count) {
        seterr(err, "%s: more records than the header's count %llu", r->path,
               (unsigned long long)r->info.count);
        return -1;
    }
    return 1;
}

int hwp_reader_next(hwp_reader *r, hwp_rec *rec, hwp_err *err)
{
    int rc;
    if (r->info.text) {
        if (r->text_pending) {
            *rec = r->pending;
            r->text_pending = 0;
            rc = 1;
        } else {
            rc = text_next(r, rec, err);
        }
    } else {
        rc = bin_next(r, rec, err);
    }
    if (rc == 1) r->index++;
    return rc;
}

long hwp_reader_read(hwp_reader *r, hwp_rec *recs, long n, hwp_err *err)
{
    long i = 0;
    for (; i < n; i++) {
        int rc = hwp_reader_next(r, &recs[i], err);
        if (rc < 0) return -1;
        if (rc == 0) break;
    }
    return i;
}

void hwp_reader_close(hwp_reader *r)
{
    if (!r) return;
    if (r->own && r->f) fclose(r->f);
    if (r->zs) ZSTD_freeDStream(r->zs);
    free(r->in);
    free(r->out);
    free(r);
}

/* ------------------------------------------------------------------ writer */

struct hwp_writer {
    FILE *f;
    int own;
    char path[256];
    hwp_trace_info info;
    int rsize;
    uint64_t count;
    unsigned char *buf;   /* uncompressed staging */
    size_t len;
    ZSTD_CStream *zs;
    unsigned char *zbuf;
};

static int raw_write(hwp_writer *w, const void *p, size_t n, hwp_err *err)
{
    if (n && fwrite(p, 1, n, w->f) != n) {
        seterr(err, "%s: write error: %s", w->path, strerror(errno));
        return -1;
    }
    return 0;
}

static int flush_body(hwp_writer *w, int end, hwp_err *err)
{
    if (!w->zs) {
        int rc = raw_write(w, w->buf, w->len, err);
        w->len = 0;
        return rc;
    }
    ZSTD_inBuffer in = {w->buf, w->len, 0};
    for (;;) {
        ZSTD_outBuffer out = {w->zbuf, ZSTD_CStreamOutSize(), 0};
        size_t rc = ZSTD_compressStream2(w->zs, &out, &in, end ? ZSTD_e_end : ZSTD_e_continue);
        if (ZSTD_isError(rc)) {
            seterr(err, "%s: zstd: %s", w->path, ZSTD_getErrorName(rc));
            return -1;
        }
        if (raw_write(w, w->zbuf, out.pos, err)) return -1;
        if (end ? rc == 0 : in.pos == in.size) break;
    }
    w->len = 0;
    return 0;
}

static void make_header(const hwp_writer *w, unsigned char *h, uint64_t count)
{
    memset(h, 0, HWP_TRACE_HDR_SIZE);
    memcpy(h, HWP_TRACE_MAGIC, 4);
    put_le(h + 4, HWP_TRACE_VERSION, 2);
    h[6] = (unsigned char)w->info.kind;
    h[7] = (unsigned char)(w->info.compressed ? HWP_FLAG_ZSTD : 0);
    if (w->info.kind == HWP_KIND_RETIRE) {
        h[8] = 64;
        h[9] = (unsigned char)w->info.isa;
    } else {
        h[8] = (unsigned char)w->info.width0;
        h[9] = (unsigned char)w->info.width1;
    }
    put_le(h + 10, (uint64_t)w->rsize, 2);
    put_le(h + 16, count, 8);
}

int hwp_writer_open(hwp_writer **out, const char *path, const hwp_trace_info *info,
                    hwp_err *err)
{
    *out = NULL;
    hwp_writer *w = calloc(1, sizeof *w);
    if (!w) {
        seterr(err, "%s: out of memory", path);
        return -1;
    }
    w->info = *info;
    if (w->info.kind == HWP_KIND_RETIRE) {
        w->info.width0 = 64;
        w->info.width1 = 0;
    }
    snprintf(w->path, sizeof w->path, "%s", strcmp(path, "-") == 0 ? "<stdout>" : path);
    if (check_info(&w->info, w->path, err)) {
        free(w);
        return -1;
    }
    w->rsize = record_size(&w->info);
    if (strcmp(path, "-") == 0) {
        w->f = stdout;
    } else {
        w->f = fopen(path, "wb");
        if (!w->f) {
            seterr(err, "%s: cannot create: %s", path, strerror(errno));
            free(w);
            return -1;
        }
        w->own = 1;
    }
    w->buf = malloc(IOBUF);
    if (!w->buf) goto oom;
    if (!w->info.text) {
        unsigned char h[HWP_TRACE_HDR_SIZE];
        make_header(w, h, HWP_COUNT_UNKNOWN);
        if (raw_write(w, h, sizeof h, err)) goto fail;
        if (w->info.compressed) {
            w->zs = ZSTD_createCStream();
            w->zbuf = malloc(ZSTD_CStreamOutSize());
            if (!w->zs || !w->zbuf) goto oom;
            ZSTD_CCtx_setParameter(w->zs, ZSTD_c_compressionLevel, 19);
            ZSTD_CCtx_setParameter(w->zs, ZSTD_c_checksumFlag, 1); /* detect corruption */
        }
    }
    *out = w;
    return 0;
oom:
    seterr(err, "%s: out of memory", w->path);
fail:
    if (w->own) fclose(w->f);
    if (w->zs) ZSTD_freeCStream(w->zs);
    free(w->zbuf);
    free(w->buf);
    free(w);
    return -1;
}

static size_t put_hex(char *p, uint64_t v)
{
    char tmp[16];
    size_t n = 0;
    do {
        tmp[n++] = "0123456789abcdef"[v & 15];
        v >>= 4;
    } while (v);
    for (size_t i = 0; i < n; i++) p[i] = tmp[n - 1 - i];
    return n;
}

int hwp_writer_put(hwp_writer *w, const hwp_rec *rec, hwp_err *err)
{
    if (w->info.kind != HWP_KIND_RETIRE &&
        ((rec->a & ~hwp_mask(w->info.width0)) ||
         (rec->b & ~hwp_mask(w->info.kind == HWP_KIND_TUPLE2 ? w->info.width1 : 0)))) {
        seterr(err, "%s: record %llu: value 0x%llx/0x%llx wider than the declared widths %d/%d",
               w->path, (unsigned long long)w->count, (unsigned long long)rec->a,
               (unsigned long long)rec->b, w->info.width0, w->info.width1);
        return -1;
    }
    if (w->len + 256 > IOBUF && flush_body(w, 0, err)) return -1;
    if (w->info.text) {
        char *p = (char *)w->buf + w->len;
        char *s = p;
        p += put_hex(p, rec->a);
        if (w->info.kind == HWP_KIND_TUPLE2) {
            *p++ = ' ';
            p += put_hex(p, rec->b);
        } else if (w->info.kind == HWP_KIND_RETIRE) {
            const uint64_t f[7] = {rec->insn, rec->cls, rec->flags, rec->len,
                                   rec->rd,   rec->value, rec->addr};
            for (int i = 0; i < 7; i++) {
                *p++ = ' ';
                p += put_hex(p, f[i]);
            }
        }
        *p++ = '\n';
        w->len += (size_t)(p - s);
    } else {
        unsigned char *p = w->buf + w->len;
        switch (w->info.kind) {
        case HWP_KIND_TUPLE1:
            put_le(p, rec->a, field_bytes(w->info.width0));
            break;
        case HWP_KIND_TUPLE2:
            put_le(p, rec->a, field_bytes(w->info.width0));
            put_le(p + field_bytes(w->info.width0), rec->b, field_bytes(w->info.width1));
            break;
        default:
            put_le(p, rec->a, 8);
            put_le(p + 8, rec->insn, 4);
            p[12] = rec->cls;
            p[13] = rec->flags;
            p[14] = rec->len;
            p[15] = rec->rd;
            put_le(p + 16, rec->value, 8);
            put_le(p + 24, rec->addr, 8);
            break;
        }
        w->len += (size_t)w->rsize;
    }
    w->count++;
    return 0;
}

int hwp_writer_close(hwp_writer *w, hwp_err *err)
{
    int rc = flush_body(w, 1, err);
    if (rc == 0 && !w->info.text && w->own) {
        /* Patch the record count when the output is seekable. */
        unsigned char h[HWP_TRACE_HDR_SIZE];
        make_header(w, h, w->count);
        if (fflush(w->f) == 0 && fseek(w->f, 0, SEEK_SET) == 0) {
            rc = raw_write(w, h, sizeof h, err);
        }
    }
    if (rc == 0 && fflush(w->f) != 0) {
        seterr(err, "%s: write error: %s", w->path, strerror(errno));
        rc = -1;
    }
    if (w->own && fclose(w->f) != 0 && rc == 0) {
        seterr(err, "%s: close error: %s", w->path, strerror(errno));
        rc = -1;
    }
    if (w->zs) ZSTD_freeCStream(w->zs);
    free(w->zbuf);
    free(w->buf);
    free(w);
    return rc;
}
