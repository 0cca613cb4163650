/* SPDX-License-Identifier: Apache-2.0
 *
 * The hwprof link protocol in C (docs/protocol.md): framing, packets,
 * varints, tuple encoding, output records, INFO, and the host session.
 */
#include "link/link.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------ names */

const char *hwl_type_name(int type)
{
    switch (type) {
    case HWL_HELLO: return "HELLO";
    case HWL_SET_BAUD: return "SET_BAUD";
    case HWL_RESET: return "RESET";
    case HWL_CONFIG: return "CONFIG";
    case HWL_TUPLES: return "TUPLES";
    case HWL_EOS: return "EOS";
    case HWL_POLL: return "POLL";
    case HWL_STATUS_REQ: return "STATUS";
    case HWL_HOSTOP: return "HOSTOP";
    case HWL_ACK: return "ACK";
    case HWL_ERR: return "ERR";
    case HWL_INFO: return "INFO";
    case HWL_OUT: return "OUT";
    case HWL_STATUS: return "STATUS reply";
    default: return "unknown type";
    }
}

const char *hwl_err_name(int code)
{
    switch (code) {
    case HWL_E_CORRUPT: return "corrupt packet";
    case HWL_E_UNKNOWN: return "unknown packet type";
    case HWL_E_SEQ: return "sequence";
    case HWL_E_STATE: return "state (CONFIG after the first tuple)";
    case HWL_E_RANGE: return "range (unknown register, value out of range or bad encoding)";
    case HWL_E_TOOLONG: return "frame too long";
    case HWL_E_SESSION: return "no session (the device was reset since HELLO)";
    default: return "unknown error code";
    }
}

static const char *const eng_names[] = {NULL, "mhash", "strat", "rap", "pfp", "coproc"};

const char *hwl_engine_name(int id)
{
    return id >= 1 && id <= 5 ? eng_names[id] : NULL;
}

int hwl_engine_id(const char *name)
{
    for (int i = 1; i <= 5; i++)
        if (name && strcmp(name, eng_names[i]) == 0) return i;
    return 0;
}

int hwl_host_type(int t) { return t >= HWL_HELLO && t <= HWL_HOSTOP; }
int hwl_dev_type(int t) { return t >= HWL_ACK && t <= HWL_STATUS; }
int hwl_sequenced(int t)
{
    return t == HWL_RESET || t == HWL_CONFIG || t == HWL_TUPLES || t == HWL_EOS || t == HWL_HOSTOP;
}

/* ------------------------------------------------------------ CRC, framing */

uint16_t hwl_crc16_update(uint16_t crc, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc ^= (uint16_t)(p[i] << 8);
        for (int b = 0; b < 8; b++)
            crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
    }
    return crc;
}

uint16_t hwl_crc16(const uint8_t *p, size_t n) { return hwl_crc16_update(0xFFFFu, p, n); }

size_t hwl_slip_encode(const uint8_t *body, size_t n, uint8_t *out)
{
    size_t o = 0;
    out[o++] = HWL_END;
    for (size_t i = 0; i < n; i++) {
        if (body[i] == HWL_END) {
            out[o++] = HWL_ESC;
            out[o++] = HWL_ESC_END;
        } else if (body[i] == HWL_ESC) {
            out[o++] = HWL_ESC;
            out[o++] = HWL_ESC_ESC;
        } else {
            out[o++] = body[i];
        }
    }
    out[o++] = HWL_END;
    return o;
}

void hwl_deframer_init(hwl_deframer *d) { memset(d, 0, sizeof *d); }

int hwl_deframe_byte(hwl_deframer *d, uint8_t c)
{
    if (c == HWL_END) {
        if (d->raw == 0) return HWL_DF_NONE; /* empty frame: ignored */
        int rc = HWL_DF_FRAME;
        if (d->bad_esc || d->esc) rc = HWL_DF_BADESC;
        else if (d->too_long) rc = HWL_DF_TOOLONG;
        d->esc = d->bad_esc = d->too_long = 0;
        d->raw = 0;
        if (rc != HWL_DF_FRAME) d->n = 0;
        return rc;
    }
    if (d->raw == 0) d->n = 0; /* a new frame starts: drop the last body */
    d->raw++;
    uint8_t v;
    if (d->esc) {
        d->esc = 0;
        if (c == HWL_ESC_END) v = HWL_END;
        else if (c == HWL_ESC_ESC) v = HWL_ESC;
        else {
            d->bad_esc = 1;
            return HWL_DF_NONE;
        }
    } else if (c == HWL_ESC) {
        d->esc = 1;
        return HWL_DF_NONE;
    } else {
        v = c;
    }
    if (d->bad_esc) return HWL_DF_NONE;
    if (d->n >= HWL_MAX_BODY) {
        d->too_long = 1;
        return HWL_DF_NONE;
    }
    d->buf[d->n++] = v;
    return HWL_DF_NONE;
}

/* ------------------------------------------------------------ packets */

size_t hwl_pkt_body(const hwl_pkt *p, uint8_t *out)
{
    out[0] = p->type;
    out[1] = p->seq;
    out[2] = (uint8_t)(p->len & 0xff);
    out[3] = (uint8_t)(p->len >> 8);
    memcpy(out + HWL_HDR, p->pl, p->len);
    uint16_t crc = hwl_crc16(out, HWL_HDR + p->len);
    out[HWL_HDR + p->len] = (uint8_t)(crc & 0xff);
    out[HWL_HDR + p->len + 1] = (uint8_t)(crc >> 8);
    return HWL_HDR + p->len + 2u;
}

size_t hwl_pkt_frame(const hwl_pkt *p, uint8_t *out)
{
    uint8_t body[HWL_MAX_BODY];
    size_t n = hwl_pkt_body(p, body);
    return hwl_slip_encode(body, n, out);
}

int hwl_pkt_parse(const uint8_t *body, size_t n, hwl_pkt *p)
{
    if (n < HWL_HDR + 2u) return HWL_P_SIZE;
    unsigned len = body[2] | (unsigned)body[3] << 8;
    if (len > HWL_MAX_PAYLOAD) return HWL_P_LEN;
    if (n != len + HWL_HDR + 2u) return HWL_P_SIZE;
    uint16_t crc = body[HWL_HDR + len] | (uint16_t)(body[HWL_HDR + len + 1] << 8);
    if (hwl_crc16(body, HWL_HDR + len) != crc) return HWL_P_CRC;
    p->type = body[0];
    p->seq = body[1];
    p->len = (uint16_t)len;
    memcpy(p->pl, body + HWL_HDR, len);
    return HWL_P_OK;
}

const char *hwl_parse_name(int rc)
{
    switch (rc) {
    case HWL_P_OK: return "ok";
    case HWL_P_SIZE: return "size does not match len";
    case HWL_P_CRC: return "CRC mismatch";
    case HWL_P_LEN: return "len above MAX_PAYLOAD";
    default: return "?";
    }
}

/* ------------------------------------------------------------ varints */

size_t hwl_uvar_put(uint8_t *out, uint64_t v)
{
    size_t n = 0;
    do {
        uint8_t b = (uint8_t)(v & 0x7f);
        v >>= 7;
        out[n++] = (uint8_t)(b | (v ? 0x80 : 0));
    } while (v);
    return n;
}

size_t hwl_uvar_len(uint64_t v)
{
    size_t n = 1;
    while (v >>= 7) n++;
    return n;
}

int hwl_uvar_get(const uint8_t *p, size_t n, size_t *pos, uint64_t *v)
{
    uint64_t x = 0;
    size_t i = *pos;
    for (int k = 0; k < HWL_VARINT_MAX; k++) {
        if (i >= n) return -1;
        uint8_t b = p[i++];
        if (k == HWL_VARINT_MAX - 1 && (b & 0x7f) > 1) return -2; /* more than 64 bits */
        x |= (uint64_t)(b & 0x7f) << (7 * k);
        if (!(b & 0x80)) {
            *v = x;
            *pos = i;
            return 0;
        }
        if (k == HWL_VARINT_MAX - 1) return -2;
    }
    return -2;
}

/* ------------------------------------------------------------ tuple encoding */

static uint32_t rec_meta(const hwp_rec *r)
{
    return (uint32_t)r->cls | (uint32_t)r->flags << 8 | (uint32_t)r->len << 16 |
           (uint32_t)r->rd << 24;
}

size_t hwl_rec_encode(int kind, const hwp_rec *prev, const hwp_rec *r, uint8_t *out)
{
    static const hwp_rec zero;
    if (!prev) prev = &zero;
    size_t n = 0;
    n += hwl_uvar_put(out + n, hwl_zz(r->a - prev->a));
    if (kind == HWP_KIND_TUPLE2) {
        n += hwl_uvar_put(out + n, hwl_zz(r->b - prev->b));
    } else if (kind == HWP_KIND_RETIRE) {
        n += hwl_uvar_put(out + n, r->insn);
        n += hwl_uvar_put(out + n, rec_meta(r));
        n += hwl_uvar_put(out + n, hwl_zz(r->value - prev->value));
        n += hwl_uvar_put(out + n, hwl_zz(r->addr - prev->addr));
    }
    return n;
}

void hwl_enc_init(hwl_enc *e, int kind)
{
    memset(e, 0, sizeof *e);
    e->kind = kind;
}

int hwl_enc_add(hwl_enc *e, const hwp_rec *r)
{
    uint8_t tmp[HWL_REC_MAX];
    size_t n = hwl_rec_encode(e->kind, e->nrec ? &e->prev : NULL, r, tmp);
    if (e->len + n > HWL_MAX_PAYLOAD) return 0;
    memcpy(e->pl + e->len, tmp, n);
    e->len += n;
    e->nrec++;
    e->prev = *r;
    return 1;
}

static int dec_field(const uint8_t *pl, size_t n, size_t *pos, uint64_t *v, long rec,
                     const char *what, char *msg, size_t msgn)
{
    int rc = hwl_uvar_get(pl, n, pos, v);
    if (rc == -1) snprintf(msg, msgn, "record %ld: the packet ends inside field %s", rec, what);
    else if (rc == -2) snprintf(msg, msgn, "record %ld: field %s: varint longer than 64 bits", rec, what);
    return rc;
}

long hwl_tuples_decode(const hwl_kind *k, const uint8_t *pl, size_t n, hwp_rec *out, size_t cap,
                       char *msg, size_t msgn)
{
    hwp_rec prev;
    memset(&prev, 0, sizeof prev);
    size_t pos = 0;
    long cnt = 0;
    uint64_t m0 = hwp_mask(k->w0), m1 = hwp_mask(k->w1);
    while (pos < n) {
        if ((size_t)cnt >= cap) {
            snprintf(msg, msgn, "more than %zu records in one packet", cap);
            return -1;
        }
        hwp_rec r;
        memset(&r, 0, sizeof r);
        uint64_t v;
        if (dec_field(pl, n, &pos, &v, cnt, k->kind == HWP_KIND_RETIRE ? "pc" : "a", msg, msgn))
            return -1;
        r.a = prev.a + hwl_unzz(v);
        if (r.a & ~m0) {
            snprintf(msg, msgn, "record %ld: value 0x%llx wider than %d bits", cnt,
                     (unsigned long long)r.a, k->w0);
            return -1;
        }
        if (k->kind == HWP_KIND_TUPLE2) {
            if (dec_field(pl, n, &pos, &v, cnt, "b", msg, msgn)) return -1;
            r.b = prev.b + hwl_unzz(v);
            if (r.b & ~m1) {
                snprintf(msg, msgn, "record %ld: value 0x%llx wider than %d bits", cnt,
                         (unsigned long long)r.b, k->w1);
                return -1;
            }
        } else if (k->kind == HWP_KIND_RETIRE) {
            if (dec_field(pl, n, &pos, &v, cnt, "insn", msg, msgn)) return -1;
            if (v >> 32) {
                snprintf(msg, msgn, "record %ld: insn wider than 32 bits", cnt);
                return -1;
            }
            r.insn = (uint32_t)v;
            if (dec_field(pl, n, &pos, &v, cnt, "meta", msg, msgn)) return -1;
            if (v >> 32) {
                snprintf(msg, msgn, "record %ld: meta wider than 32 bits", cnt);
                return -1;
            }
            r.cls = (uint8_t)v;
            r.flags = (uint8_t)(v >> 8);
            r.len = (uint8_t)(v >> 16);
            r.rd = (uint8_t)(v >> 24);
            if (dec_field(pl, n, &pos, &v, cnt, "value", msg, msgn)) return -1;
            r.value = prev.value + hwl_unzz(v);
            if (dec_field(pl, n, &pos, &v, cnt, "addr", msg, msgn)) return -1;
            r.addr = prev.addr + hwl_unzz(v);
        }
        out[cnt++] = r;
        prev = r;
    }
    return cnt;
}

/* ------------------------------------------------------------ output records */

int hwl_orec_fields(int engine, uint8_t tag)
{
#define TAG(key, t, name, nf, fields, doc) \
    if (engine == HWL_ENG_##key && tag == (t)) return nf;
#include "link/engdesc.def"
    return -1;
}

size_t hwl_orec_size(const hwl_orec *r)
{
    size_t n = 1;
    for (int i = 0; i < r->nf; i++) n += hwl_uvar_len(r->f[i]);
    return n;
}

int hwl_orec_put(uint8_t *out, size_t cap, size_t *len, const hwl_orec *r)
{
    if (*len + hwl_orec_size(r) > cap) return 0;
    size_t o = *len;
    out[o++] = r->tag;
    for (int i = 0; i < r->nf; i++) o += hwl_uvar_put(out + o, r->f[i]);
    *len = o;
    return 1;
}

int hwl_orec_get(int engine, const uint8_t *p, size_t n, size_t *pos, hwl_orec *r, char *msg,
                 size_t msgn)
{
    if (*pos >= n) {
        snprintf(msg, msgn, "no record left");
        return -1;
    }
    r->tag = p[(*pos)++];
    r->nf = hwl_orec_fields(engine, r->tag);
    if (r->nf < 0) {
        snprintf(msg, msgn, "output record tag 0x%02x unknown for engine %s", r->tag,
                 hwl_engine_name(engine) ? hwl_engine_name(engine) : "?");
        return -1;
    }
    for (int i = 0; i < r->nf; i++) {
        int rc = hwl_uvar_get(p, n, pos, &r->f[i]);
        if (rc) {
            snprintf(msg, msgn, "output record tag 0x%02x: field %d %s", r->tag, i,
                     rc == -1 ? "truncated" : "longer than 64 bits");
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ INFO */

int hwl_info_parse(const hwl_pkt *p, hwl_info *in, char *msg, size_t msgn)
{
    memset(in, 0, sizeof *in);
    if (p->type != HWL_INFO || p->len < 13) {
        snprintf(msg, msgn, "INFO too short (%u bytes, need 13)", p->len);
        return -1;
    }
    const uint8_t *q = p->pl;
    in->proto = q[0];
    in->board = q[1];
    in->engine = q[2];
    in->kind = q[3];
    in->slots = q[4];
    in->clk_khz = q[5] | (uint32_t)q[6] << 8 | (uint32_t)q[7] << 16 | (uint32_t)q[8] << 24;
    in->divisor = q[9] | (uint32_t)q[10] << 8 | (uint32_t)q[11] << 16 | (uint32_t)q[12] << 24;
    size_t pos = 13;
    while (pos < p->len) {
        if (in->np >= HWL_INFO_MAXP) {
            snprintf(msg, msgn, "INFO: more than %d build parameters", HWL_INFO_MAXP);
            return -1;
        }
        in->pid[in->np] = p->pl[pos++];
        if (hwl_uvar_get(p->pl, p->len, &pos, &in->pval[in->np])) {
            snprintf(msg, msgn, "INFO: build parameter %u: bad varint", in->pid[in->np]);
            return -1;
        }
        in->np++;
    }
    return 0;
}

size_t hwl_info_build(const hwl_info *in, uint8_t *pl)
{
    size_t n = 0;
    pl[n++] = (uint8_t)in->proto;
    pl[n++] = (uint8_t)in->board;
    pl[n++] = (uint8_t)in->engine;
    pl[n++] = (uint8_t)in->kind;
    pl[n++] = (uint8_t)in->slots;
    for (int i = 0; i < 4; i++) pl[n++] = (uint8_t)(in->clk_khz >> (8 * i));
    for (int i = 0; i < 4; i++) pl[n++] = (uint8_t)(in->divisor >> (8 * i));
    /* each value in the 10-byte form the RTL writes (docs/protocol.md) */
    if (n + (size_t)in->np * (1u + HWL_VARINT_MAX) > HWL_MAX_PAYLOAD) return 0;
    for (int i = 0; i < in->np; i++) {
        pl[n++] = in->pid[i];
        uint64_t v = in->pval[i];
        for (int k = 0; k < HWL_VARINT_MAX; k++, v >>= 7)
            pl[n++] = (uint8_t)((v & 0x7f) | (k < HWL_VARINT_MAX - 1 ? 0x80 : 0));
    }
    return n;
}

int hwl_info_param(const hwl_info *in, int id, uint64_t *v)
{
    for (int i = 0; i < in->np; i++)
        if (in->pid[i] == id) {
            *v = in->pval[i];
            return 1;
        }
    return 0;
}

uint32_t hwl_divisor(uint32_t clk_khz, uint32_t baud)
{
    if (!baud) return 0;
    uint64_t num = (uint64_t)clk_khz * 1000u * 256u;
    uint64_t d = (num + baud / 2) / baud;
    if (d < HWL_MIN_DIV || d > HWL_MAX_DIV) return 0;
    return (uint32_t)d;
}

double hwl_divisor_baud(uint32_t clk_khz, uint32_t div)
{
    return div ? (double)clk_khz * 1000.0 * 256.0 / (double)div : 0.0;
}

/* ------------------------------------------------------------ host session */

static void herr(hwl_host *h, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h->err, sizeof h->err, fmt, ap);
    va_end(ap);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

int hwl_host_init(hwl_host *h, const hwl_io *io, int timeout_ms, int retries)
{
    memset(h, 0, sizeof *h);
    h->io = *io;
    h->timeout_ms = timeout_ms;
    h->retries = retries;
    h->baud = HWL_BOOT_BAUD;
    h->rtx_mark = -1;
    hwl_deframer_init(&h->df);
    h->win = calloc(HWL_WINDOW, sizeof *h->win);
    return h->win ? 0 : -1;
}

void hwl_host_free(hwl_host *h)
{
    free(h->win);
    h->win = NULL;
}

/* Packet log for debugging (HWPROF_LINK_TRACE in hwprof stream). */
static void trace_pkt(hwl_host *h, const char *dir, const uint8_t *body, size_t n)
{
    if (!h->trace || n < HWL_HDR) return;
    FILE *f = h->trace;
    fprintf(f, "link %s %-8s seq %3u len %3u", dir, hwl_type_name(body[0]), body[1],
            body[2] | (unsigned)body[3] << 8);
    for (size_t i = HWL_HDR; i < n - 2 && i < HWL_HDR + 8; i++) fprintf(f, " %02x", body[i]);
    fprintf(f, "\n");
}

static void trace_frame(hwl_host *h, const uint8_t *fr, size_t n)
{
    if (!h->trace) return;
    hwl_deframer d;
    hwl_deframer_init(&d);
    for (size_t i = 0; i < n; i++)
        if (hwl_deframe_byte(&d, fr[i]) == HWL_DF_FRAME) trace_pkt(h, ">", d.buf, d.n);
}

static int host_write(hwl_host *h, const uint8_t *p, size_t n)
{
    trace_frame(h, p, n);
    if (h->io.write(h->io.ctx, p, n)) {
        herr(h, "write to the port failed");
        return -1;
    }
    h->st.tx_bytes += n;
    h->st.tx_packets++;
    return 0;
}

static int send_idem(hwl_host *h, uint8_t type, const uint8_t *pl, size_t n)
{
    hwl_pkt p;
    p.type = type;
    p.seq = 0;
    p.len = (uint16_t)n;
    if (n) memcpy(p.pl, pl, n);
    uint8_t fr[HWL_MAX_FRAME];
    size_t fn = hwl_pkt_frame(&p, fr);
    return host_write(h, fr, fn);
}

static hwl_slot *win_at(hwl_host *h, unsigned i)
{
    return &h->win[(uint8_t)(h->expect + i) % HWL_WINDOW];
}

static int retransmit_window(hwl_host *h)
{
    for (unsigned i = 0; i < h->nwin; i++) {
        hwl_slot *s = win_at(h, i);
        if (host_write(h, s->frame, s->n)) return -1;
        h->st.retransmits++;
    }
    h->rtx_mark = h->expect;
    return 0;
}

/* ACK / ERR: cumulative acknowledgement by the device's expect. */
static int handle_ackerr(hwl_host *h, const hwl_pkt *p)
{
    if (p->len != 3) {
        h->st.rx_corrupt++;
        return 0;
    }
    if (p->type == HWL_ERR && p->pl[0] == HWL_E_SESSION && !h->session) {
        /* an answer to packets of an earlier host, sent before this host's
         * HELLO(1) was answered (replies come in order) */
        h->st.rx_stale++;
        return 0;
    }
    if (p->type == HWL_ERR && p->pl[0] == HWL_E_SESSION) {
        /* the device has restarted since this host's HELLO: what it had
         * acknowledged may be lost, and nothing more can be applied */
        h->fatal_code = p->pl[0];
        h->st.err_replies[p->pl[0] & 7]++;
        herr(h, "the device has no open session: it was reset or power-cycled (or another host "
                "opened a session) after this host's HELLO");
        return -1;
    }
    uint8_t base = h->expect;
    unsigned d = (uint8_t)(p->seq - base);
    if (d > h->nwin) {
        /* expect outside what was sent: a stale reply from before a new
         * session, or a device that lost its state */
        if ((uint8_t)(base - p->seq) < HWL_WINDOW) {
            h->st.rx_stale++;
            return 0;
        }
        herr(h, "protocol error: the device expects seq %u but only seqs up to %u were sent",
             p->seq, (uint8_t)(base + h->nwin - 1));
        return -1;
    }
    if (p->type == HWL_ERR && (p->pl[0] == HWL_E_STATE || p->pl[0] == HWL_E_RANGE)) {
        /* the refused packet used up its seq: it is the last one covered */
        const hwl_slot *s = d ? win_at(h, d - 1) : NULL;
        h->fatal_code = p->pl[0];
        herr(h, "the device refused %s (seq %u): ERR %s", s ? hwl_type_name(s->type) : "a packet",
             s ? s->seq : (uint8_t)(p->seq - 1), hwl_err_name(p->pl[0]));
        h->st.err_replies[p->pl[0] & 7]++;
        return -1;
    }
    for (unsigned i = 0; i < d; i++) {
        h->st.units_acked += win_at(h, 0)->units;
        h->last = *win_at(h, 0);
        h->have_last = 1;
        h->expect++;
        h->nwin--;
    }
    h->expect = p->seq;
    h->credit = p->pl[1];
    h->flags = p->pl[2];
    if (d) {
        h->rtx_mark = -1;
        h->acks_since_poll += d;
    }
    if (p->type == HWL_ERR) {
        h->st.err_replies[p->pl[0] & 7]++;
        if (h->nwin && h->rtx_mark != h->expect) return retransmit_window(h);
    }
    return 0;
}

int hwl_host_pump(hwl_host *h, int timeout_ms, hwl_pkt *got)
{
    double deadline = now_ms() + timeout_ms;
    for (;;) {
        while (h->rxp < h->rxn) {
            int rc = hwl_deframe_byte(&h->df, h->rxb[h->rxp++]);
            if (rc == HWL_DF_NONE) continue;
            if (rc < 0) {
                h->st.rx_corrupt++;
                if (h->trace)
                    fprintf(h->trace, "link < %s frame\n",
                            rc == HWL_DF_BADESC ? "broken-escape" : "too-long");
                continue;
            }
            hwl_pkt p;
            if (hwl_pkt_parse(h->df.buf, h->df.n, &p) != HWL_P_OK) {
                h->st.rx_corrupt++;
                if (h->trace) fprintf(h->trace, "link < corrupt frame (%zu bytes)\n", h->df.n);
                continue;
            }
            trace_pkt(h, "<", h->df.buf, h->df.n);
            if (!hwl_dev_type(p.type)) {
                h->st.rx_unknown++;
                continue;
            }
            h->st.rx_packets++;
            if (p.type != HWL_ERR) {
                /* an answer that is not an error: the link works */
                h->fails = 0;
                h->noisy = 0;
            }
            if (p.type == HWL_ACK || p.type == HWL_ERR) {
                if (handle_ackerr(h, &p)) return -1;
            } else if (p.type == HWL_OUT && p.len >= 2) {
                h->flags = p.pl[1];
            }
            if (got) *got = p;
            return 1;
        }
        double left = deadline - now_ms();
        if (left < 0) left = 0;
        long n = h->io.read(h->io.ctx, h->rxb, sizeof h->rxb, (int)(left + 0.5));
        if (n < 0) {
            herr(h, "read from the port failed (did the device side close it?)");
            return -1;
        }
        h->rxp = 0;
        h->rxn = (size_t)n;
        h->st.rx_bytes += (uint64_t)n;
        if (n == 0 && now_ms() >= deadline) return 0;
    }
}

/* A wait ended with nothing: go back N, or probe the credit. */
static void wait_reset(hwl_host *h)
{
    h->fails = 0;
    h->noisy = 0;
    h->rx_seen = h->st.rx_bytes;
}

/* A wait that ended with no valid packet: 1 if the device is silent
 * (nothing at all arrived) too often, 2 if only garbage arrived too often. */
static int give_up(hwl_host *h, int tries)
{
    int silent = h->st.rx_bytes == h->rx_seen;
    h->rx_seen = h->st.rx_bytes;
    if (silent) return ++h->fails >= tries ? 1 : 0;
    return ++h->noisy >= 4 * tries ? 2 : 0;
}

static int on_timeout(hwl_host *h, const char *what)
{
    h->st.timeouts++;
    int g = give_up(h, h->retries + 1);
    if (g == 2) {
        herr(h, "the line is too noisy: %d waits for %s at %u baud in a row got only corrupt "
                "frames", h->noisy, what, h->baud);
        return -1;
    }
    if (g == 1) {
        herr(h, "no answer from the device: waited %d x %d ms for %s at %u baud "
                "(last sent: %s)",
             h->fails, h->timeout_ms, what, h->baud,
             h->nwin ? hwl_type_name(win_at(h, 0)->type) : what);
        return -1;
    }
    if (h->nwin) return retransmit_window(h);
    if (h->credit == 0 && h->have_last) {
        h->st.probes++;
        return host_write(h, h->last.frame, h->last.n);
    }
    return 0;
}

/* Sends an idempotent request and waits for a reply of type want (with
 * match(p) if given), resending on timeout. */
static int request(hwl_host *h, uint8_t type, const uint8_t *pl, size_t n, uint8_t want,
                   int (*match)(const hwl_pkt *, const void *), const void *mctx, hwl_pkt *out,
                   int tries)
{
    wait_reset(h);
    int sent = 0, errs = 0;
    for (;;) {
        if (send_idem(h, type, pl, n)) return -1;
        sent++;
        int resend = 0;
        for (;;) {
            hwl_pkt p;
            int rc = hwl_host_pump(h, h->timeout_ms, &p);
            if (rc < 0) return -1;
            if (rc == 0) break;
            if (p.type == want && (!match || match(&p, mctx))) {
                *out = p;
                return 0;
            }
            if (p.type == HWL_ERR && !h->nwin && (h->session || p.len < 1 || p.pl[0] != HWL_E_SESSION)) {
                /* nothing else in flight: the ERR is about this request
                 * (an ERR(SESSION) before this host's session is an earlier
                 * host's: no idempotent request is answered with it) */
                if (++errs >= tries) {
                    herr(h, "the device answers %s with ERR %s (%d times in a row, at %u baud)",
                         hwl_type_name(type), hwl_err_name(p.pl[0]), errs, h->baud);
                    return -1;
                }
                resend = 1;
                break;
            }
            if (p.type == HWL_OUT) h->st.out_dup++;
            else if (p.type != HWL_ACK && p.type != HWL_ERR) h->st.rx_stale++;
        }
        if (resend) continue;
        h->st.timeouts++;
        int g = give_up(h, tries);
        if (g == 1) {
            herr(h, "no answer from the device: sent %s %d times at %u baud, waited %d ms each",
                 hwl_type_name(type), sent, h->baud, h->timeout_ms);
            return -1;
        }
        if (g == 2) {
            herr(h, "the line is too noisy: sent %s %d times at %u baud, got only corrupt frames",
                 hwl_type_name(type), sent, h->baud);
            return -1;
        }
        if (h->nwin && retransmit_window(h)) return -1;
    }
}

int hwl_host_hello(hwl_host *h, int new_session, hwl_info *info)
{
    uint8_t b = new_session ? 1 : 0;
    hwl_pkt p;
    if (request(h, HWL_HELLO, &b, 1, HWL_INFO, NULL, NULL, &p, h->retries + 1)) return -1;
    char msg[256];
    if (hwl_info_parse(&p, info, msg, sizeof msg)) {
        herr(h, "protocol error: %s", msg);
        return -1;
    }
    if (info->proto != HWL_PROTO) {
        herr(h, "the device speaks protocol version %d, this host %d", info->proto, HWL_PROTO);
        return -1;
    }
    if (new_session) {
        h->session = 1;
        h->next_seq = 0;
        h->expect = 0;
        h->nwin = 0;
        h->chunk = 0;
        h->have_last = 0;
        h->rtx_mark = -1;
        h->credit = (unsigned)info->slots;
        h->flags = 0;
    }
    return 0;
}

static int match_token(const hwl_pkt *p, const void *ctx)
{
    return p->len == 3 && p->pl[0] == *(const uint8_t *)ctx;
}

int hwl_host_set_baud(hwl_host *h, const hwl_info *cur, uint32_t baud, hwl_info *info)
{
    uint32_t div = hwl_divisor(cur->clk_khz, baud);
    if (!div) {
        herr(h, "%u baud is not reachable from the board's %u kHz clock (at most %u baud)", baud,
             cur->clk_khz, cur->clk_khz * 250u);
        return -1;
    }
    if (!h->io.set_baud) {
        herr(h, "the port cannot change its rate");
        return -1;
    }
    uint32_t old = h->baud;
    for (int attempt = 0; attempt < 3; attempt++) {
        uint8_t pl[5] = {(uint8_t)div, (uint8_t)(div >> 8), (uint8_t)(div >> 16),
                         (uint8_t)(div >> 24), (uint8_t)(0x5a + 17 * attempt)};
        hwl_pkt p;
        if (request(h, HWL_SET_BAUD, pl, 5, HWL_ACK, match_token, &pl[4], &p, h->retries + 1))
            return -1;
        if (h->io.drain && h->io.drain(h->io.ctx)) {
            herr(h, "tcdrain failed");
            return -1;
        }
        if (h->io.set_baud(h->io.ctx, baud)) {
            herr(h, "cannot set the port to %u baud", baud);
            return -1;
        }
        h->baud = baud;
        int saved = h->retries;
        h->retries = 2;
        int rc = hwl_host_hello(h, 0, info);
        h->retries = saved;
        if (rc == 0) {
            if (info->divisor != div) {
                herr(h, "after SET_BAUD the device reports divisor %u, asked for %u", info->divisor,
                     div);
                return -1;
            }
            return 0;
        }
        /* no answer at the new rate: the device returns to the boot rate */
        if (h->io.set_baud(h->io.ctx, old)) {
            herr(h, "cannot set the port back to %u baud", old);
            return -1;
        }
        h->baud = old;
        struct timespec ts = {0, 150 * 1000 * 1000};
        nanosleep(&ts, NULL);
        h->rxp = h->rxn = 0;
        hwl_deframer_init(&h->df);
    }
    herr(h, "SET_BAUD to %u baud (divisor %u) failed: no INFO at the new rate after 3 attempts",
         baud, div);
    return -1;
}

/* Waits for one reply or a timeout and handles it. */
static int wait_some(hwl_host *h, const char *what)
{
    hwl_pkt p;
    int rc = hwl_host_pump(h, h->timeout_ms, &p);
    if (rc < 0) return -1;
    if (rc == 0) return on_timeout(h, what);
    if (p.type != HWL_ACK && p.type != HWL_ERR) h->st.rx_stale++;
    return 0;
}

static int want_poll(const hwl_host *h)
{
    return (h->flags & HWL_F_OUT) && (h->credit == 0 || h->acks_since_poll >= 8);
}

int hwl_host_send(hwl_host *h, uint8_t type, const uint8_t *pl, size_t n)
{
    return hwl_host_send_units(h, type, pl, n, 0);
}

int hwl_host_send_units(hwl_host *h, uint8_t type, const uint8_t *pl, size_t n, uint32_t units)
{
    wait_reset(h);
    int probes = 0;
    while (!(h->nwin < h->credit && h->nwin < HWL_WINDOW - 1)) {
        if ((h->flags & HWL_F_OUT) && h->on_out) {
            /* blocked with output pending: the engine may be stalled on it */
            if (hwl_host_poll(h)) return -1;
            probes = 0;
            continue;
        }
        if (!h->nwin && h->have_last && probes < 3) {
            /* window closed with nothing in flight: ask for the credit */
            probes++;
            h->st.probes++;
            if (host_write(h, h->last.frame, h->last.n)) return -1;
        }
        if (wait_some(h, "credit")) return -1;
    }
    hwl_slot *s = win_at(h, h->nwin);
    hwl_pkt p;
    p.type = type;
    p.seq = h->next_seq;
    p.len = (uint16_t)n;
    if (n) memcpy(p.pl, pl, n);
    s->n = hwl_pkt_frame(&p, s->frame);
    s->type = type;
    s->seq = h->next_seq;
    s->units = units;
    if (s->seq != (uint8_t)(h->expect + h->nwin)) {
        herr(h, "internal: window out of step");
        return -1;
    }
    h->nwin++;
    h->next_seq++;
    if (type == HWL_RESET) h->chunk = 0; /* no chunk outstanding after RESET */
    h->st.tx_seq_packets++;
    if (type == HWL_TUPLES) {
        h->st.tuples_packets++;
        h->st.tuples_payload_bytes += n;
        h->st.tuples_frame_bytes += s->n;
    }
    if (host_write(h, s->frame, s->n)) return -1;
    /* take whatever replies are already there */
    for (;;) {
        int rc = hwl_host_pump(h, 0, NULL);
        if (rc < 0) return -1;
        if (rc == 0) break;
    }
    if (want_poll(h) && h->on_out) return hwl_host_poll(h);
    return 0;
}

int hwl_host_flush(hwl_host *h)
{
    wait_reset(h);
    while (h->nwin)
        if (wait_some(h, "ACK")) return -1;
    return 0;
}

static int match_chunk(const hwl_pkt *p, const void *ctx)
{
    return p->len >= 2 && p->pl[0] == *(const uint8_t *)ctx;
}

int hwl_host_poll(hwl_host *h)
{
    h->acks_since_poll = 0;
    for (;;) {
        hwl_pkt p;
        uint8_t c = h->chunk;
        h->st.polls++;
        if (request(h, HWL_POLL, &c, 1, HWL_OUT, match_chunk, &c, &p, h->retries + 1)) return -1;
        if (p.len == 2) return 0;
        h->st.out_chunks++;
        h->chunk++;
        if (h->on_out && h->on_out(h->out_ctx, p.pl + 2, p.len - 2u)) return -1;
    }
}

int hwl_host_status(hwl_host *h, uint64_t *st)
{
    hwl_pkt p;
    if (request(h, HWL_STATUS_REQ, NULL, 0, HWL_STATUS, NULL, NULL, &p, h->retries + 1)) return -1;
    size_t pos = 0;
    for (int i = 0; i < HWL_ST_N; i++)
        if (hwl_uvar_get(p.pl, p.len, &pos, &st[i])) {
            herr(h, "protocol error: STATUS field %d is not a valid varint", i);
            return -1;
        }
    if (pos != p.len) {
        herr(h, "protocol error: STATUS has %u bytes after its %d fields", (unsigned)(p.len - pos),
             HWL_ST_N);
        return -1;
    }
    return 0;
}
