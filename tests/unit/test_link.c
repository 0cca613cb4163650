/* SPDX-License-Identifier: Apache-2.0
 *
 * Unit tests of the link protocol in C (cmodel/link): CRC vector, SLIP
 * stuffing, every corrupt-frame class, varints and zigzag at the edges, the
 * TUPLES encoder/decoder on real bundled traces, output records, and a full
 * host session against the C device model over an in-memory line with bit
 * flips and dropped bytes: the engine output must equal the model run
 * directly, and the errors must have caused retransmissions.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link/devemu.h"
#include "link/link.h"
#include "trace.h"
#include "check.h"


static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

/* feeds a whole stream, returns the last non-NONE result and the body */
static int feed(hwl_deframer *d, const uint8_t *p, size_t n, int *frames)
{
    int last = HWL_DF_NONE;
    *frames = 0;
    for (size_t i = 0; i < n; i++) {
        int rc = hwl_deframe_byte(d, p[i]);
        if (rc != HWL_DF_NONE) {
            last = rc;
            (*frames)++;
        }
    }
    return last;
}

static void test_crc(void)
{
    CHECK_EXPR(hwl_crc16((const uint8_t *)"123456789", 9) == 0x29B1);
    CHECK_EXPR(hwl_crc16(NULL, 0) == 0xFFFF);
}

static void test_slip(void)
{
    for (int t = 0; t < 2000; t++) {
        uint8_t body[HWL_MAX_BODY], fr[HWL_MAX_FRAME];
        size_t n = 1 + rnd() % HWL_MAX_BODY;
        for (size_t i = 0; i < n; i++) {
            uint64_t r = rnd() % 4;
            body[i] = r == 0 ? HWL_END : r == 1 ? HWL_ESC : (uint8_t)rnd();
        }
        size_t fn = hwl_slip_encode(body, n, fr);
        CHECK_EXPR(fr[0] == HWL_END && fr[fn - 1] == HWL_END);
        for (size_t i = 1; i + 1 < fn; i++) CHECK_EXPR(fr[i] != HWL_END);
        hwl_deframer d;
        hwl_deframer_init(&d);
        int frames;
        int rc = feed(&d, fr, fn, &frames);
        CHECK_EXPR(rc == HWL_DF_FRAME && frames == 1);
        CHECK_EXPR(d.n == n && memcmp(d.buf, body, n) == 0);
    }
    /* all-special body: every byte doubles */
    uint8_t sp[4] = {HWL_END, HWL_ESC, HWL_END, HWL_ESC}, fr[16];
    CHECK_EXPR(hwl_slip_encode(sp, 4, fr) == 10);
    CHECK_EXPR(fr[1] == HWL_ESC && fr[2] == HWL_ESC_END && fr[3] == HWL_ESC && fr[4] == HWL_ESC_ESC);
}

static size_t frame_of(uint8_t type, uint8_t seq, const uint8_t *pl, uint16_t len, uint8_t *out)
{
    hwl_pkt p;
    p.type = type;
    p.seq = seq;
    p.len = len;
    memcpy(p.pl, pl, len);
    return hwl_pkt_frame(&p, out);
}

/* deframes a frame and parses it: HWL_DF_* < 0, or the parse result */
static int classify(const uint8_t *fr, size_t n, hwl_pkt *p)
{
    hwl_deframer d;
    hwl_deframer_init(&d);
    int frames;
    int rc = feed(&d, fr, n, &frames);
    if (rc != HWL_DF_FRAME) return rc == HWL_DF_NONE ? 99 : rc;
    return hwl_pkt_parse(d.buf, d.n, p);
}

static void test_corrupt(void)
{
    uint8_t pl[HWL_MAX_PAYLOAD], fr[HWL_MAX_FRAME + 16], body[HWL_MAX_BODY + 16];
    hwl_pkt p;
    for (int i = 0; i < (int)HWL_MAX_PAYLOAD; i++) pl[i] = (uint8_t)(i * 7);
    size_t n = frame_of(HWL_TUPLES, 5, pl, 40, fr);
    CHECK_EXPR(classify(fr, n, &p) == HWL_P_OK && p.type == HWL_TUPLES && p.seq == 5 && p.len == 40);
    CHECK_EXPR(memcmp(p.pl, pl, 40) == 0);
    /* every single-bit flip of the body (not turning into END/ESC) is caught */
    int caught = 0, tried = 0;
    for (size_t i = 1; i + 1 < n; i++)
        for (int b = 0; b < 8; b++) {
            uint8_t save = fr[i];
            fr[i] ^= (uint8_t)(1u << b);
            tried++;
            if (classify(fr, n, &p) != HWL_P_OK) caught++;
            fr[i] = save;
        }
    CHECK_EXPR(caught == tried);
    /* broken stuffing: ESC followed by a plain byte, and ESC right before END */
    uint8_t be[] = {HWL_END, 0x05, 0x00, HWL_ESC, 0x41, 0x00, HWL_END};
    CHECK_EXPR(classify(be, sizeof be, &p) == HWL_DF_BADESC);
    uint8_t be2[] = {HWL_END, 0x05, 0x00, 0x00, HWL_ESC, HWL_END};
    CHECK_EXPR(classify(be2, sizeof be2, &p) == HWL_DF_BADESC);
    /* too long: more than HWL_MAX_BODY bytes between ENDs */
    size_t k = 0;
    fr[k++] = HWL_END;
    for (size_t i = 0; i < HWL_MAX_BODY + 5; i++) fr[k++] = 0x11;
    fr[k++] = HWL_END;
    CHECK_EXPR(classify(fr, k, &p) == HWL_DF_TOOLONG);
    /* CRC mismatch */
    hwl_pkt q;
    q.type = HWL_POLL;
    q.seq = 0;
    q.len = 1;
    q.pl[0] = 3;
    size_t bn = hwl_pkt_body(&q, body);
    body[bn - 1] ^= 0x01;
    CHECK_EXPR(hwl_pkt_parse(body, bn, &p) == HWL_P_CRC);
    body[bn - 1] ^= 0x01;
    CHECK_EXPR(hwl_pkt_parse(body, bn, &p) == HWL_P_OK);
    /* size does not match len (truncated, and one byte too many) */
    CHECK_EXPR(hwl_pkt_parse(body, bn - 1, &p) == HWL_P_SIZE);
    body[bn] = 0;
    CHECK_EXPR(hwl_pkt_parse(body, bn + 1, &p) == HWL_P_SIZE);
    CHECK_EXPR(hwl_pkt_parse(body, 3, &p) == HWL_P_SIZE);
    /* len above MAX_PAYLOAD, even with a matching size and CRC */
    memset(body, 0, sizeof body);
    body[0] = HWL_TUPLES;
    body[2] = (HWL_MAX_PAYLOAD + 1) & 0xff;
    body[3] = (HWL_MAX_PAYLOAD + 1) >> 8;
    uint16_t crc = hwl_crc16(body, HWL_HDR + HWL_MAX_PAYLOAD + 1);
    body[HWL_HDR + HWL_MAX_PAYLOAD + 1] = (uint8_t)crc;
    body[HWL_HDR + HWL_MAX_PAYLOAD + 2] = (uint8_t)(crc >> 8);
    CHECK_EXPR(hwl_pkt_parse(body, HWL_HDR + HWL_MAX_PAYLOAD + 3, &p) == HWL_P_LEN);
    /* empty frames are ignored; garbage before a frame is flushed by END */
    uint8_t ok[HWL_MAX_FRAME + 8];
    size_t on = 0;
    ok[on++] = HWL_END;
    ok[on++] = HWL_END;
    ok[on++] = 0x33; /* line noise, ended by the frame's leading END */
    on += frame_of(HWL_STATUS_REQ, 0, NULL, 0, ok + on);
    hwl_deframer d;
    hwl_deframer_init(&d);
    int frames, good = 0, bad = 0;
    for (size_t i = 0; i < on; i++) {
        int rc = hwl_deframe_byte(&d, ok[i]);
        if (rc == HWL_DF_FRAME) {
            if (hwl_pkt_parse(d.buf, d.n, &p) == HWL_P_OK) good++;
            else bad++;
        }
    }
    (void)frames;
    CHECK_EXPR(good == 1 && bad == 1); /* the noise byte is a (corrupt) 1-byte frame */
    /* types */
    CHECK_EXPR(hwl_host_type(HWL_HELLO) && hwl_host_type(HWL_HOSTOP) && !hwl_host_type(0x0A));
    CHECK_EXPR(hwl_dev_type(HWL_ACK) && hwl_dev_type(HWL_STATUS) && !hwl_dev_type(0x86) &&
          !hwl_dev_type(0x80));
}

static void test_varint(void)
{
    uint8_t b[16];
    size_t pos;
    uint64_t v;
    static const uint64_t vals[] = {0, 1, 127, 128, 16383, 16384, UINT32_MAX, 1ull << 56,
                                    (1ull << 63) - 1, 1ull << 63, UINT64_MAX};
    static const size_t lens[] = {1, 1, 1, 2, 2, 3, 5, 9, 9, 10, 10};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        size_t n = hwl_uvar_put(b, vals[i]);
        CHECK_EXPR(n == lens[i] && n == hwl_uvar_len(vals[i]));
        pos = 0;
        CHECK_EXPR(hwl_uvar_get(b, n, &pos, &v) == 0 && v == vals[i] && pos == n);
        pos = 0;
        CHECK_EXPR(hwl_uvar_get(b, n - 1, &pos, &v) == -1 || n == 0); /* truncated */
    }
    CHECK_EXPR(hwl_uvar_put(b, 0) == 1 && b[0] == 0);
    /* 2^64-1 ends with 0x01 in the 10th byte; 0x02 there is more than 64 bits */
    hwl_uvar_put(b, UINT64_MAX);
    CHECK_EXPR(b[9] == 0x01);
    b[9] = 0x02;
    pos = 0;
    CHECK_EXPR(hwl_uvar_get(b, 10, &pos, &v) == -2);
    /* 11 bytes */
    memset(b, 0x80, 10);
    b[10] = 0;
    pos = 0;
    CHECK_EXPR(hwl_uvar_get(b, 11, &pos, &v) == -2);
    /* non-minimal but valid (10 bytes ending 0x00) is accepted */
    memset(b, 0x80, 9);
    b[9] = 0x00;
    pos = 0;
    CHECK_EXPR(hwl_uvar_get(b, 10, &pos, &v) == 0 && v == 0);
    /* zigzag */
    CHECK_EXPR(hwl_zz(0) == 0 && hwl_zz((uint64_t)-1) == 1 && hwl_zz(1) == 2 && hwl_zz((uint64_t)-2) == 3);
    CHECK_EXPR(hwl_zz((uint64_t)INT64_MAX) == UINT64_MAX - 1 && hwl_zz((uint64_t)INT64_MIN) == UINT64_MAX);
    for (int t = 0; t < 10000; t++) {
        uint64_t x = rnd() >> (rnd() % 64);
        if (t & 1) x = (uint64_t)-(int64_t)x;
        CHECK_EXPR(hwl_unzz(hwl_zz(x)) == x);
    }
    /* negative deltas: a decreasing sequence, and 0 -> 2^64-1 -> 0 */
    hwl_enc e;
    hwl_enc_init(&e, HWP_KIND_TUPLE2);
    hwp_rec r[4];
    memset(r, 0, sizeof r);
    r[0].a = 1000;
    r[0].b = UINT64_MAX;
    r[1].a = 10;
    r[1].b = 0;
    r[2].a = UINT64_MAX;
    r[2].b = 1ull << 63;
    r[3].a = 0;
    r[3].b = 5;
    for (int i = 0; i < 4; i++) CHECK_EXPR(hwl_enc_add(&e, &r[i]) == 1);
    hwl_kind k = {HWP_KIND_TUPLE2, 64, 64};
    hwp_rec out[8];
    char msg[256];
    CHECK_EXPR(hwl_tuples_decode(&k, e.pl, e.len, out, 8, msg, sizeof msg) == 4);
    for (int i = 0; i < 4; i++) CHECK_EXPR(out[i].a == r[i].a && out[i].b == r[i].b);
    /* a packet that ends inside a record, and a too-wide value */
    CHECK_EXPR(hwl_tuples_decode(&k, e.pl, e.len - 1, out, 8, msg, sizeof msg) == -1);
    hwl_kind k32 = {HWP_KIND_TUPLE2, 32, 32};
    CHECK_EXPR(hwl_tuples_decode(&k32, e.pl, e.len, out, 8, msg, sizeof msg) == -1);
    CHECK_EXPR(strstr(msg, "wider") != NULL);
}

/* Encodes a whole trace, decodes packet by packet, compares. */
static void roundtrip(const char *path, uint64_t *bytes, uint64_t *nrec)
{
    hwp_reader *rd;
    hwp_err err;
    if (hwp_reader_open(&rd, path, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        fails++;
        return;
    }
    const hwp_trace_info *ti = hwp_reader_info(rd);
    int kind = ti->kind;
    hwl_kind k = {kind, 64, 64};
    hwl_enc e;
    hwl_enc_init(&e, kind);
    hwp_rec *recs = malloc(300000 * sizeof *recs), dec[HWL_MAX_PAYLOAD];
    long n = hwp_reader_read(rd, recs, 300000, &err);
    hwp_reader_close(rd);
    CHECK_EXPR(n > 1000);
    long base = 0, i = 0;
    char msg[256];
    *bytes = 0;
    *nrec = (uint64_t)n;
    while (i <= n) {
        if (i < n && hwl_enc_add(&e, &recs[i])) {
            i++;
            continue;
        }
        /* packet complete: decode it alone */
        CHECK_EXPR(e.len <= HWL_MAX_PAYLOAD && e.nrec > 0);
        long got = hwl_tuples_decode(&k, e.pl, e.len, dec, HWL_MAX_PAYLOAD, msg, sizeof msg);
        CHECK_EXPR(got == (long)e.nrec);
        for (long j = 0; j < got; j++) {
            const hwp_rec *a = &recs[base + j], *b = &dec[j];
            int same = a->a == b->a;
            if (kind == HWP_KIND_TUPLE2) same = same && a->b == b->b;
            if (kind == HWP_KIND_RETIRE)
                same = same && a->insn == b->insn && a->cls == b->cls && a->flags == b->flags &&
                       a->len == b->len && a->rd == b->rd && a->value == b->value &&
                       a->addr == b->addr;
            if (!same) {
                fprintf(stderr, "%s: record %ld differs after the round trip\n", path, base + j);
                fails++;
                break;
            }
        }
        *bytes += e.len;
        base += got;
        hwl_enc_init(&e, kind);
        if (i == n) break;
    }
    CHECK_EXPR(base == n);
    free(recs);
}

static void test_encoding(void)
{
    const char *paths[] = {"tests/traces/gzip-bb.hwpt", "tests/traces/gzip-edge.hwpt",
                           "tests/traces/sort-ldval.hwpt", "tests/traces/rv-lz-retire.hwpt"};
    for (size_t i = 0; i < 4; i++) {
        uint64_t bytes, n;
        roundtrip(paths[i], &bytes, &n);
        printf("  %s: %" PRIu64 " records, %.2f payload bytes per record\n", paths[i], n,
               n ? (double)bytes / (double)n : 0.0);
    }
}

static void test_orec(void)
{
    uint8_t buf[HWL_MAX_PAYLOAD];
    size_t len = 0;
    hwl_orec r = {0x01, 3, {UINT64_MAX, 0, 12345}};
    CHECK_EXPR(hwl_orec_put(buf, sizeof buf, &len, &r) == 1);
    hwl_orec e = {HWL_TAG_END, 0, {0}};
    CHECK_EXPR(hwl_orec_put(buf, sizeof buf, &len, &e) == 1);
    size_t pos = 0;
    hwl_orec g;
    char msg[256];
    CHECK_EXPR(hwl_orec_get(HWL_ENG_MHASH, buf, len, &pos, &g, msg, sizeof msg) == 0);
    CHECK_EXPR(g.tag == 1 && g.nf == 3 && g.f[0] == UINT64_MAX && g.f[1] == 0 && g.f[2] == 12345);
    CHECK_EXPR(hwl_orec_get(HWL_ENG_MHASH, buf, len, &pos, &g, msg, sizeof msg) == 0 &&
          g.tag == HWL_TAG_END && pos == len);
    pos = 0;
    CHECK_EXPR(hwl_orec_get(HWL_ENG_MHASH, buf, len - 2, &pos, &g, msg, sizeof msg) == -1);
    uint8_t bad[1] = {0x77};
    pos = 0;
    CHECK_EXPR(hwl_orec_get(HWL_ENG_STRAT, bad, 1, &pos, &g, msg, sizeof msg) == -1);
    /* mhash COUNTERS carries refused, promotions and conflicts; a 2-field
     * record from an older bitstream (then END) is an error, not a value */
    const uint8_t ctr3[] = {HWL_TAG_COUNTERS, 5, 0x87, 0x01, 2, HWL_TAG_END};
    pos = 0;
    CHECK_EXPR(hwl_orec_get(HWL_ENG_MHASH, ctr3, sizeof ctr3, &pos, &g, msg, sizeof msg) == 0 &&
               g.nf == 3 && g.f[0] == 5 && g.f[1] == 135 && g.f[2] == 2 && pos == 5);
    const uint8_t ctr2[] = {HWL_TAG_COUNTERS, 5, 0x87, 0x01, HWL_TAG_END};
    pos = 0;
    CHECK_EXPR(hwl_orec_get(HWL_ENG_MHASH, ctr2, sizeof ctr2, &pos, &g, msg, sizeof msg) == -1 &&
               strstr(msg, "field 2 truncated") != NULL);
    /* a record never goes past the capacity */
    len = 250;
    CHECK_EXPR(hwl_orec_put(buf, sizeof buf, &len, &r) == 0 && len == 250);
}

/* ------------------------------------------------------------ session over memory */

typedef struct pipe_ctx {
    hwl_dev *dev;
    double flip, drop;
    uint64_t flipped, dropped;
    double now;
} pipe_ctx;

static int chance(double p) { return p > 0 && (double)(rnd() % 1000000) < p * 1e6; }

static void inject(pipe_ctx *c, uint8_t *p, size_t *n)
{
    size_t o = 0;
    for (size_t i = 0; i < *n; i++) {
        if (chance(c->drop)) {
            c->dropped++;
            continue;
        }
        uint8_t b = p[i];
        if (chance(c->flip)) {
            b ^= (uint8_t)(1u << (rnd() % 8));
            c->flipped++;
        }
        p[o++] = b;
    }
    *n = o;
}

static int pw(void *vc, const uint8_t *p, size_t n)
{
    pipe_ctx *c = vc;
    uint8_t tmp[HWL_MAX_FRAME * 2];
    while (n) {
        size_t k = n < sizeof tmp ? n : sizeof tmp;
        memcpy(tmp, p, k);
        size_t m = k;
        inject(c, tmp, &m);
        hwl_dev_rx(c->dev, tmp, m, c->now);
        p += k;
        n -= k;
    }
    return 0;
}

static long pr(void *vc, uint8_t *p, size_t n, int timeout_ms)
{
    pipe_ctx *c = vc;
    hwl_dev_run(c->dev, 300); /* a slow engine: credits matter */
    size_t k = hwl_dev_tx(c->dev, p, n, c->now);
    if (k == 0) {
        c->now += timeout_ms;
        hwl_dev_tick(c->dev, c->now);
        /* nothing to read: let the engine work, then report a timeout */
        hwl_dev_run(c->dev, 0);
        k = hwl_dev_tx(c->dev, p, n, c->now);
        if (k == 0) return 0;
    }
    size_t m = k;
    inject(c, p, &m);
    return (long)m;
}

static int pb(void *vc, uint32_t baud)
{
    (void)vc;
    (void)baud;
    return 0;
}

typedef struct sink {
    hwl_orec *r;
    size_t n, cap;
    int end;
} sink;

static int on_out(void *ctx, const uint8_t *p, size_t n)
{
    sink *s = ctx;
    size_t pos = 0;
    char msg[256];
    while (pos < n) {
        if (s->n == s->cap) {
            s->cap = s->cap ? s->cap * 2 : 1024;
            s->r = realloc(s->r, s->cap * sizeof *s->r);
        }
        if (hwl_orec_get(HWL_ENG_STRAT, p, n, &pos, &s->r[s->n], msg, sizeof msg)) {
            fprintf(stderr, "bad OUT: %s\n", msg);
            return -1;
        }
        if (s->r[s->n].tag == HWL_TAG_END) s->end = 1;
        s->n++;
    }
    return 0;
}

/* strat over the in-memory line; returns retransmits, checks the messages */
static uint64_t session(double flip, double drop, const hwp_rec *recs, long n,
                        const strat_msg *ref, int nref)
{
    hwl_dev_cfg dc;
    hwl_dev_cfg_default(&dc, HWL_ENG_STRAT);
    dc.outq_cap = 8; /* tiny: the engine stalls, credits drop to 0 */
    dc.slots = 4;
    char msg[256];
    hwl_dev *dev;
    CHECK_EXPR(hwl_dev_new(&dev, &dc, msg, sizeof msg) == 0);
    pipe_ctx pc = {dev, flip, drop, 0, 0, 0};
    hwl_io io = {&pc, pw, pr, NULL, pb};
    hwl_host h;
    CHECK_EXPR(hwl_host_init(&h, &io, 5, 50) == 0);
    sink s = {NULL, 0, 0, 0};
    h.on_out = on_out;
    h.out_ctx = &s;
    hwl_info info, info2;
    int ok = hwl_host_hello(&h, 1, &info) == 0;
    ok = ok && info.engine == HWL_ENG_STRAT && info.kind == HWP_KIND_TUPLE2;
    ok = ok && hwl_host_set_baud(&h, &info, 3000000, &info2) == 0;
    ok = ok && hwl_host_send(&h, HWL_RESET, NULL, 0) == 0;
    uint8_t cfg[16];
    size_t cl = 0;
    cfg[cl++] = 2;
    cl += hwl_uvar_put(cfg + cl, 16);
    ok = ok && hwl_host_send(&h, HWL_CONFIG, cfg, cl) == 0;
    hwl_enc e;
    hwl_enc_init(&e, HWP_KIND_TUPLE2);
    for (long i = 0; ok && i <= n; i++) {
        if (i < n && hwl_enc_add(&e, &recs[i])) continue;
        ok = hwl_host_send(&h, HWL_TUPLES, e.pl, e.len) == 0;
        hwl_enc_init(&e, HWP_KIND_TUPLE2);
        if (i < n) hwl_enc_add(&e, &recs[i]);
    }
    ok = ok && hwl_host_send(&h, HWL_EOS, NULL, 0) == 0 && hwl_host_flush(&h) == 0;
    for (int t = 0; ok && !s.end && t < 1000; t++) ok = hwl_host_poll(&h) == 0;
    ok = ok && hwl_host_poll(&h) == 0; /* pops the END chunk */
    uint64_t st[HWL_ST_N];
    ok = ok && hwl_host_status(&h, st) == 0;
    if (!ok) fprintf(stderr, "session failed: %s\n", h.err);
    CHECK_EXPR(ok);
    CHECK_EXPR(s.end);
    CHECK_EXPR(st[HWL_ST_ACCEPTED] == (uint64_t)n);
    CHECK_EXPR(s.n == (size_t)nref + 1);
    for (int i = 0; i < nref && i < (int)s.n; i++)
        if (s.r[i].f[0] != ref[i].a || s.r[i].f[1] != ref[i].b || s.r[i].f[2] != ref[i].count) {
            fprintf(stderr, "message %d differs\n", i);
            fails++;
            break;
        }
    printf("  session flip %.4f drop %.4f: %" PRIu64 " flipped, %" PRIu64 " dropped bytes; "
           "%" PRIu64 " retransmits, %" PRIu64 " timeouts, %" PRIu64 " ERR, device: corrupt %" PRIu64
           " dup %" PRIu64 " out-of-seq %" PRIu64 " stalls %" PRIu64 "\n",
           flip, drop, pc.flipped, pc.dropped, h.st.retransmits, h.st.timeouts,
           h.st.err_replies[1] + h.st.err_replies[2] + h.st.err_replies[3] + h.st.err_replies[6],
           st[HWL_ST_CORRUPT], st[HWL_ST_DUPLICATES], st[HWL_ST_OUTOFSEQ], st[HWL_ST_STALLS]);
    uint64_t rt = h.st.retransmits;
    free(s.r);
    hwl_host_free(&h);
    hwl_dev_free(dev);
    return rt;
}

static void test_session(void)
{
    hwp_reader *rd;
    hwp_err err;
    if (hwp_reader_open(&rd, "tests/traces/gzip-ldval.hwpt", &err)) {
        fprintf(stderr, "%s\n", err.msg);
        fails++;
        return;
    }
    long n = 20000;
    hwp_rec *recs = malloc((size_t)n * sizeof *recs);
    n = hwp_reader_read(rd, recs, n, &err);
    hwp_reader_close(rd);
    /* the reference: the functional model directly, rate 16 for more output */
    strat_cfg c;
    strat_cfg_default(&c);
    c.rate = 16;
    char msg[256];
    strat_fn f;
    CHECK_EXPR(strat_fn_init(&f, &c, msg) == 0);
    strat_msg *ref = malloc((size_t)(2 * n + 64) * sizeof *ref);
    int nref = 0;
    for (long i = 0; i < n; i++) nref += strat_fn_event(&f, recs[i].a, recs[i].b, ref + nref);
    nref += strat_fn_flush(&f, ref + nref);
    strat_fn_free(&f);
    CHECK_EXPR(nref > 20);
    CHECK_EXPR(session(0, 0, recs, n, ref, nref) == 0);
    CHECK_EXPR(session(0.0005, 0.0005, recs, n, ref, nref) > 0);
    free(ref);
    free(recs);
}

/* ERR(STATE) and ERR(RANGE) are fatal and name the refused packet. */
static void test_refused(void)
{
    for (int t = 0; t < 2; t++) {
        hwl_dev_cfg dc;
        hwl_dev_cfg_default(&dc, HWL_ENG_MHASH);
        char msg[256];
        hwl_dev *dev;
        CHECK_EXPR(hwl_dev_new(&dev, &dc, msg, sizeof msg) == 0);
        pipe_ctx pc = {dev, 0, 0, 0, 0, 0};
        hwl_io io = {&pc, pw, pr, NULL, pb};
        hwl_host h;
        CHECK_EXPR(hwl_host_init(&h, &io, 5, 5) == 0);
        hwl_info info;
        CHECK_EXPR(hwl_host_hello(&h, 1, &info) == 0);
        CHECK_EXPR(hwl_host_send(&h, HWL_RESET, NULL, 0) == 0);
        uint8_t cfg[8] = {6, 0x90, 0x4e}; /* interval 10000 */
        size_t cl = 3;
        if (t == 0) {
            hwl_enc e;
            hwl_enc_init(&e, HWP_KIND_TUPLE2);
            hwp_rec r;
            memset(&r, 0, sizeof r);
            r.a = 5;
            hwl_enc_add(&e, &r);
            CHECK_EXPR(hwl_host_send(&h, HWL_TUPLES, e.pl, e.len) == 0);
        } else {
            cfg[0] = 1;      /* tables */
            cfg[1] = 17;     /* more than MAX_TABLES (16) */
            cl = 2;
        }
        int rc = hwl_host_send(&h, HWL_CONFIG, cfg, cl);
        if (rc == 0) rc = hwl_host_flush(&h);
        CHECK_EXPR(rc == -1);
        CHECK_EXPR(h.fatal_code == (t == 0 ? HWL_E_STATE : HWL_E_RANGE));
        CHECK_EXPR(strstr(h.err, "refused CONFIG") != NULL);
        hwl_host_free(&h);
        hwl_dev_free(dev);
    }
}

int main(void)
{
    test_crc();
    test_slip();
    test_corrupt();
    test_varint();
    test_encoding();
    test_orec();
    test_session();
    test_refused();
    return check_verdict("test_link");
}
