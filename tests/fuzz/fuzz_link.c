/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for the host side of the link (cmodel/link/link.c): the
 * deframer, packet parser, INFO parser, output-record parser and TUPLES
 * decoder on what a device (or a noisy line) could send, then a host session
 * (HELLO, POLL, STATUS) reading the same bytes. Input: the line script of
 * fuzz_input.h. Besides crashes, leaks and undefined behaviour it traps on
 *   - a deframed body longer than HWL_MAX_BODY;
 *   - a parsed packet whose re-encoded body differs from the bytes parsed;
 *   - an INFO that parses but does not survive build + parse unchanged;
 *   - an output record whose field count is not the tag's;
 *   - TUPLES records that do not survive encode + decode unchanged;
 *   - a refusal or a failed session without a message.
 *   make fuzz FUZZ_TARGET=link FUZZ_SECONDS=600
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "link/link.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_info(const hwl_pkt *p)
{
    hwl_info a, b;
    char msg[256] = "";
    if (hwl_info_parse(p, &a, msg, sizeof msg)) {
        if (!msg[0]) __builtin_trap();
        return;
    }
    hwl_pkt q;
    memset(&q, 0, sizeof q);
    q.type = HWL_INFO;
    q.len = (uint16_t)hwl_info_build(&a, q.pl);
    if (q.len == 0) {   /* more parameters than one payload holds in the device's form */
        if (13u + 11u * (unsigned)a.np <= HWL_MAX_PAYLOAD) __builtin_trap();
        return;
    }
    if (hwl_info_parse(&q, &b, msg, sizeof msg)) __builtin_trap();
    if (a.proto != b.proto || a.board != b.board || a.engine != b.engine || a.kind != b.kind ||
        a.slots != b.slots || a.clk_khz != b.clk_khz || a.divisor != b.divisor || a.np != b.np)
        __builtin_trap();
    for (int i = 0; i < a.np; i++)
        if (a.pid[i] != b.pid[i] || a.pval[i] != b.pval[i]) __builtin_trap();
}

static void check_orecs(const uint8_t *p, size_t n)
{
    for (int eng = HWL_ENG_MHASH; eng <= HWL_ENG_COPROC; eng++) {
        size_t pos = 0;
        while (pos < n) {
            hwl_orec r;
            char msg[256] = "";
            size_t before = pos;
            if (hwl_orec_get(eng, p, n, &pos, &r, msg, sizeof msg)) {
                if (!msg[0]) __builtin_trap();
                break;
            }
            if (pos <= before || pos > n) __builtin_trap();
            if (r.nf != hwl_orec_fields(eng, r.tag)) __builtin_trap();
        }
    }
}

static void check_tuples(const uint8_t *pl, size_t n)
{
    static const hwl_kind kinds[] = {
        {HWP_KIND_TUPLE1, 64, 0}, {HWP_KIND_TUPLE2, 64, 64}, {HWP_KIND_RETIRE, 64, 0},
        {HWP_KIND_TUPLE1, 16, 0}, {HWP_KIND_TUPLE2, 32, 8}};
    static hwp_rec out[HWL_MAX_PAYLOAD], again[HWL_MAX_PAYLOAD];
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        char msg[256] = "";
        long m = hwl_tuples_decode(&kinds[k], pl, n, out, HWL_MAX_PAYLOAD, msg, sizeof msg);
        if (m < 0) {
            if (!msg[0]) __builtin_trap();
            continue;
        }
        /* decoded records encode into packets that decode to the same records */
        long done = 0;
        while (done < m) {
            hwl_enc e;
            hwl_enc_init(&e, kinds[k].kind);
            long first = done;
            while (done < m && hwl_enc_add(&e, &out[done])) done++;
            if (done == first) __builtin_trap(); /* one record always fits a packet */
            long m2 = hwl_tuples_decode(&kinds[k], e.pl, e.len, again, HWL_MAX_PAYLOAD, msg,
                                        sizeof msg);
            if (m2 != done - first) __builtin_trap();
            if (memcmp(again, out + first, (size_t)m2 * sizeof *again)) __builtin_trap();
        }
    }
}

static int on_out(void *ctx, const uint8_t *recs, size_t n)
{
    (void)ctx;
    check_orecs(recs, n);
    return 0;
}

/* The device side of the session: the script's bytes, then silence. */
typedef struct line {
    fz_script s;
    uint8_t buf[HWL_MAX_FRAME];
    size_t bn, bp;
} line;

static int l_write(void *ctx, const uint8_t *p, size_t n)
{
    (void)ctx; (void)p; (void)n;
    return 0;
}

static long l_read(void *ctx, uint8_t *p, size_t n, int timeout_ms)
{
    line *l = ctx;
    (void)timeout_ms;
    if (l->bp == l->bn) {
        l->bn = fz_next_chunk(&l->s, l->buf);
        l->bp = 0;
    }
    size_t k = l->bn - l->bp;
    if (k > n) k = n;
    memcpy(p, l->buf + l->bp, k);
    l->bp += k;
    return (long)k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* decoders, packet by packet */
    fz_script s = {data, size, 0};
    hwl_deframer df;
    hwl_deframer_init(&df);
    uint8_t chunk[HWL_MAX_FRAME];
    size_t cn;
    while ((cn = fz_next_chunk(&s, chunk)) > 0) {
        for (size_t i = 0; i < cn; i++) {
            int rc = hwl_deframe_byte(&df, chunk[i]);
            if (rc != HWL_DF_FRAME) continue;
            if (df.n > HWL_MAX_BODY) __builtin_trap();
            hwl_pkt p;
            if (hwl_pkt_parse(df.buf, df.n, &p) != HWL_P_OK) continue;
            uint8_t body[HWL_MAX_BODY];
            if (hwl_pkt_body(&p, body) != df.n || memcmp(body, df.buf, df.n)) __builtin_trap();
            if (p.type == HWL_INFO) check_info(&p);
            if (p.type == HWL_OUT && p.len >= 2) check_orecs(p.pl + 2, p.len - 2u);
            check_tuples(p.pl, p.len);
        }
    }

    /* a host session against the same bytes */
    line *l = calloc(1, sizeof *l);
    if (!l) return 0;
    l->s = (fz_script){data, size, 0};
    hwl_io io = {l, l_write, l_read, NULL, NULL};
    hwl_host h;
    if (hwl_host_init(&h, &io, 0, 2) == 0) {
        h.on_out = on_out;
        hwl_info info;
        int rc = hwl_host_hello(&h, 1, &info);
        if (rc == 0) rc = hwl_host_poll(&h);
        if (rc == 0) {
            uint64_t st[HWL_ST_N];
            rc = hwl_host_status(&h, st);
        }
        if (rc != 0 && !h.err[0]) __builtin_trap();
        hwl_host_free(&h);
    }
    free(l);
    return 0;
}
