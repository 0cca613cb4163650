/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof stream --engine coproc: the profiling co-processor on a board, in
 * virtual time (cmodel/coproc/cp_vtime.h, docs/protocol.md). The host
 * software (cp_host: program load, interrupt handler, timers, final copy)
 * runs here; the board runs the co-processor only as far as the host allows
 * (RUN to the next timer deadline / interrupt / end, or BATCH: the queued
 * host-port commands) and reports where it stopped; the host replays those
 * cycles through cp_host_cycle and goes on. The printed profile is the one
 * `hwprof run --engine coproc` prints for the same trace and options.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "coproc/cp_vtime.h"
#include "eng_coproc.h"
#include "link/link.h"
#include "engine.h"
#include "port.h"
#include "trace.h"

typedef struct sc_opts {
    const char *port;
    uint32_t baud;
    int timeout_ms, retries, progress;
} sc_opts;

/* what the board sent since the last stop */
typedef struct sc_out {
    uint64_t *rd;
    size_t nr, cap;
    int stopped, end, oom;
    uint64_t stop[3];
    char err[200];
} sc_out;

static int on_out(void *ctx, const uint8_t *p, size_t n)
{
    sc_out *o = ctx;
    size_t pos = 0;
    while (pos < n) {
        hwl_orec r;
        if (hwl_orec_get(HWL_ENG_COPROC, p, n, &pos, &r, o->err, sizeof o->err)) return -1;
        if (r.tag == CPV_TAG_RDATA) {
            if (o->stopped) {
                snprintf(o->err, sizeof o->err, "read data after a stop report");
                return -1;
            }
            if (o->nr == o->cap) {
                size_t nc = o->cap ? 2 * o->cap : 1024;
                uint64_t *q = realloc(o->rd, nc * sizeof *q);
                if (!q) {
                    o->oom = 1;
                    snprintf(o->err, sizeof o->err, "out of memory");
                    return -1;
                }
                o->rd = q;
                o->cap = nc;
            }
            o->rd[o->nr++] = r.f[0];
        } else if (r.tag == CPV_TAG_STOP) {
            if (o->stopped) {
                snprintf(o->err, sizeof o->err, "two stop reports for one request");
                return -1;
            }
            memcpy(o->stop, r.f, sizeof o->stop);
            o->stopped = 1;
        } else if (r.tag == HWL_TAG_END) {
            o->end = 1;
        }
    }
    return 0;
}

static double mono_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* HOSTOP packets of up to 23 entries */
static int send_entries(hwl_host *h, const cpv_entry *e, size_t n)
{
    const size_t per = HWL_MAX_PAYLOAD / CPV_ENTRY;
    for (size_t i = 0; i < n; i += per) {
        uint8_t pl[HWL_MAX_PAYLOAD];
        size_t k = n - i < per ? n - i : per;
        for (size_t j = 0; j < k; j++) {
            uint8_t *b = pl + j * CPV_ENTRY;
            b[0] = e[i + j].op;
            b[1] = (uint8_t)e[i + j].addr;
            b[2] = (uint8_t)(e[i + j].addr >> 8);
            for (int q = 0; q < 8; q++) b[3 + q] = (uint8_t)(e[i + j].data >> (8 * q));
        }
        if (hwl_host_send(h, HWL_HOSTOP, pl, k * CPV_ENTRY)) return -1;
    }
    return 0;
}

/* every sequenced packet acknowledged, then OUT chunks until a stop report
 * (or END) */
static int wait_stop(hwl_host *h, sc_out *so, int want_end, double idle_max)
{
    if (hwl_host_flush(h)) return -1;
    double since = mono_s();
    while (want_end ? !so->end : !so->stopped) {
        uint64_t before = h->st.out_chunks;
        if (hwl_host_poll(h)) return -1;
        if (h->st.out_chunks != before) {
            since = mono_s();
        } else {
            if (mono_s() - since > idle_max) {
                snprintf(h->err, sizeof h->err, "the board stopped answering the request (no %s "
                         "within %.0f s; flags 0x%02x)", want_end ? "END" : "stop report",
                         idle_max, h->flags);
                return -1;
            }
            struct timespec ts = {0, 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: hwprof stream --engine coproc --port DEV [--baud B] [--timeout MS]\n"
            "                     [--retries N] [--progress] [run options] TRACE\n"
            "The profiling co-processor on a board, in virtual time: the host software runs\n"
            "here, the board runs the co-processor between its decisions; prints what\n"
            "`hwprof run --engine coproc` prints (run options: hwprof run --engine coproc\n"
            "--help). docs/protocol.md.\n"
            "  --port DEV      serial device (or pty)\n"
            "  --baud B        line rate (default 3000000)\n"
            "  --timeout MS    reply wait before a retransmission (default 200)\n"
            "  --retries N     fruitless waits before giving up (default 8)\n"
            "  --progress      live progress line on stderr\n"
            "exit status: 0 ok, 1 failure, 2 usage\n");
}

/* Splits the stream options off; the rest goes to hwprof run's parser. */
static int parse(int argc, char **argv, sc_opts *so, hwp_coproc_opts *o)
{
    memset(so, 0, sizeof *so);
    so->baud = 3000000;
    so->timeout_ms = 200;
    so->retries = 8;
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    if (!rest) {
        fprintf(stderr, "hwprof stream: out of memory\n");
        return 1;
    }
    int nr = 0;
    rest[nr++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *names[] = {"--port", "--baud", "--timeout", "--retries", "--engine"};
        int k, hit = -1;
        for (k = 0; k < 5; k++) {
            size_t l = strlen(names[k]);
            if (strncmp(a, names[k], l) == 0 && (a[l] == 0 || a[l] == '=')) hit = k;
        }
        if (strcmp(a, "--progress") == 0) {
            so->progress = 1;
            continue;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            free(rest);
            return 0;
        }
        if (hit < 0) {
            rest[nr++] = argv[i];
            continue;
        }
        const char *v = strchr(a, '=') ? strchr(a, '=') + 1 : (i + 1 < argc ? argv[++i] : NULL);
        unsigned long long u = 0;
        if (!v) {
            fprintf(stderr, "hwprof stream: %s needs a value\n", names[hit]);
            free(rest);
            return 2;
        }
        if (hit == 0) so->port = v;
        if (hit == 1) {
            if (hwp_cli_uint("stream", "baud", v, 1200, 4000000, &u)) goto bad;
            so->baud = (uint32_t)u;
        }
        if (hit == 2) {
            if (hwp_cli_uint("stream", "timeout", v, 1, 60000, &u)) goto bad;
            so->timeout_ms = (int)u;
        }
        if (hit == 3) {
            if (hwp_cli_uint("stream", "retries", v, 0, 1000, &u)) goto bad;
            so->retries = (int)u;
        }
        if (hit == 4 && strcmp(v, "coproc") != 0) {
            fprintf(stderr, "hwprof stream: --engine %s: not the co-processor\n", v);
            goto bad;
        }
    }
    rest[nr] = NULL;
    int rc = hwp_coproc_parse(nr, rest, o);
    free(rest);
    if (rc >= 0) return rc;
    if (!so->port) {
        fprintf(stderr, "hwprof stream: --port is required\n");
        return 2;
    }
    if (o->json) {
        fprintf(stderr, "hwprof stream: --json: hwprof run --engine coproc prints text only\n");
        return 2;
    }
    return -1;
bad:
    free(rest);
    return 2;
}

static int load(const hwp_coproc_opts *o, hwp_rec **out, uint64_t *n, int *riscv)
{
    hwp_reader *rd;
    hwp_err err;
    if (hwp_reader_open(&rd, o->trace, &err)) {
        fprintf(stderr, "hwprof stream: %s\n", err.msg);
        return 1;
    }
    const hwp_trace_info *ti = hwp_reader_info(rd);
    if (ti->kind != HWP_KIND_RETIRE) {
        fprintf(stderr, "hwprof stream: %s: a %s trace; the co-processor needs a retire trace\n",
                o->trace, hwp_kind_name(ti->kind));
        hwp_reader_close(rd);
        return 1;
    }
    *riscv = ti->isa == HWP_ISA_RISCV64;
    size_t cap = 4096;
    hwp_rec *r = malloc(cap * sizeof *r);
    *n = 0;
    while (r && *n < o->max_records) {
        if (*n == cap) {
            hwp_rec *q = realloc(r, 2 * cap * sizeof *q);
            if (!q) break;
            r = q;
            cap *= 2;
        }
        int got = hwp_reader_next(rd, &r[*n], &err);
        if (got < 0) {
            fprintf(stderr, "hwprof stream: %s\n", err.msg);
            free(r);
            hwp_reader_close(rd);
            return 1;
        }
        if (got == 0) break;
        /* the fields the co-processor takes: 32-bit pc, value, address */
        r[*n].a &= 0xffffffffu;
        r[*n].value &= 0xffffffffu;
        r[*n].addr &= 0xffffffffu;
        r[*n].b = 0;
        (*n)++;
    }
    hwp_reader_close(rd);
    if (!r || (*n == cap && *n < o->max_records)) {
        fprintf(stderr, "hwprof stream: out of memory\n");
        free(r);
        return 1;
    }
    *out = r;
    return 0;
}

static int check_info(const hwp_coproc_opts *o, int riscv, const hwl_info *in, uint64_t *rf_aw,
                      uint64_t *cf_aw)
{
    if (in->engine != HWL_ENG_COPROC || in->kind != HWP_KIND_RETIRE) {
        fprintf(stderr, "hwprof stream: the board runs engine %s, requested --engine coproc\n",
                hwl_engine_name(in->engine) ? hwl_engine_name(in->engine) : "unknown");
        return -1;
    }
    const char *names[] = {"UC_AW", "CAM_AW", "DA_AW", "SB_AW", "FT_AW", "RISCV"};
    const char *opts[] = {"fixed", "--cam-aw", "--da-aw", "--sb-aw", "--ft-aw", "the trace's ISA"};
    uint64_t want[] = {(uint64_t)o->cfg.uc_aw, (uint64_t)o->cfg.cam_aw, (uint64_t)o->cfg.da_aw,
                       (uint64_t)o->cfg.sb_aw, (uint64_t)o->cfg.ft_aw, (uint64_t)riscv};
    int bad = 0;
    for (int i = 0; i < 6; i++) {
        uint64_t v;
        if (!hwl_info_param(in, i + 1, &v) || v != want[i]) {
            fprintf(stderr, "hwprof stream: the board's coproc build has %s=%s, the requested "
                            "options give %" PRIu64 " (%s)\n", names[i],
                    hwl_info_param(in, i + 1, &v) ? "another value" : "nothing", want[i], opts[i]);
            bad = 1;
        }
    }
    if (!hwl_info_param(in, 7, rf_aw) || !hwl_info_param(in, 8, cf_aw) || *rf_aw < 1 ||
        *rf_aw > 16 || *cf_aw > 16) {
        fprintf(stderr, "hwprof stream: the board does not report usable FIFO sizes (RF_AW, CF_AW)\n");
        bad = 1;
    }
    return bad ? -1 : 0;
}

static int session(const sc_opts *so, const hwp_coproc_opts *o, const hwp_rec *r, uint64_t n,
                   int riscv, hwl_host *h, sc_out *out, cp_host *ch, uint64_t ctr[2],
                   uint64_t *st, double *secs)
{
    hwl_info info, info2;
    if (hwl_host_hello(h, 1, &info)) {
        /* a board left at another rate by an earlier session */
        if (so->baud == HWL_BOOT_BAUD || h->io.set_baud(h->io.ctx, so->baud)) return -1;
        h->baud = so->baud;
        h->rxp = h->rxn = 0;
        if (hwl_host_hello(h, 1, &info)) return -1;
    }
    uint64_t rf_aw, cf_aw;
    if (check_info(o, riscv, &info, &rf_aw, &cf_aw)) return 1;
    if (info.divisor != hwl_divisor(info.clk_khz, so->baud) || h->baud != so->baud) {
        if (hwl_host_set_baud(h, &info, so->baud, &info2)) return -1;
    }
    if (hwl_host_send(h, HWL_RESET, NULL, 0)) return -1;
    const uint64_t rcap = 1ull << rf_aw;
    cp_vhost v;
    cp_vhost_init(&v, ch, (size_t)1 << cf_aw);
    cpv_entry *e = malloc((((size_t)1 << cf_aw) + 8) * sizeof *e);
    if (!e) {
        snprintf(h->err, sizeof h->err, "out of memory");
        return -1;
    }
    double t0 = mono_s(), last = t0;
    double idle_max = 10.0 * (h->retries + 1) * h->timeout_ms / 1000.0;
    uint64_t sent = 0;
    int eos_sent = 0, rc = -1;
    char msg[200];
    for (int fin = 0; fin < 2;) {
        /* records up to the board's FIFO room */
        uint64_t consumed = ch->now < n ? ch->now : n;
        uint64_t lim = consumed + rcap < n ? consumed + rcap : n;
        while (sent < lim) {
            hwl_enc enc;
            hwl_enc_init(&enc, HWP_KIND_RETIRE);
            while (sent < lim && hwl_enc_add(&enc, &r[sent])) sent++;
            if (hwl_host_send(h, HWL_TUPLES, enc.pl, enc.len)) goto out;
        }
        if (sent == n && !eos_sent) {
            if (hwl_host_send(h, HWL_EOS, NULL, 0)) goto out;
            eos_sent = 1;
        }
        size_t ne;
        if (!cp_host_done(ch)) {
            ne = cp_vhost_request(&v, e);
        } else {
            /* after the run: the co-processor's counters for the printout
             * (nothing changes them any more: it is stopped, no records) */
            const uint16_t a[2] = {CP_SP_FILT << 12 | CP_F_PROCESSED, CP_SP_FILT << 12 | CP_F_DROPPED};
            for (int k = 0; k < 2; k++) {
                e[k].op = CPV_OP_READ;
                e[k].addr = a[k];
                e[k].data = 0;
            }
            e[2].op = CPV_OP_BATCH;
            e[2].addr = 1;
            e[2].data = 0;
            ne = 3;
            if (fin == 1) {
                e[0].op = CPV_OP_FIN;
                ne = 1;
            }
        }
        out->nr = 0;
        out->stopped = 0;
        if (send_entries(h, e, ne) || wait_stop(h, out, fin == 1, idle_max)) goto out;
        if (fin == 1) break;
        if (cp_host_done(ch)) {
            if (out->nr != 2) {
                snprintf(h->err, sizeof h->err, "%zu read responses to the 2 counter reads", out->nr);
                goto out;
            }
            ctr[0] = out->rd[0];
            ctr[1] = out->rd[1];
            fin = 1;
            continue;
        }
        if (cp_vhost_report(&v, out->stop[0], (unsigned)out->stop[1], out->stop[2], out->rd,
                            out->nr, msg)) {
            snprintf(h->err, sizeof h->err, "protocol error: %s", msg);
            goto out;
        }
        if (so->progress && mono_s() - last > 0.5) {
            last = mono_s();
            fprintf(stderr, "\rstream: %" PRIu64 "/%" PRIu64 " records, virtual cycle %" PRIu64
                            ", %" PRIu64 " requests, %" PRIu64 " retransmits   ",
                    consumed, n, ch->now, v.requests, h->st.retransmits);
        }
    }
    *secs = mono_s() - t0;
    if (so->progress) fprintf(stderr, "\n");
    if (hwl_host_poll(h) || hwl_host_status(h, st)) goto out;
    if (!(h->flags & HWL_F_DONE)) {
        snprintf(h->err, sizeof h->err, "END received but the board does not report done");
        goto out;
    }
    if (st[HWL_ST_ACCEPTED] != n) {
        snprintf(h->err, sizeof h->err, "the board's co-processor took %" PRIu64 " records, %" PRIu64
                 " were sent", st[HWL_ST_ACCEPTED], n);
        goto out;
    }
    fprintf(stderr, "coproc: virtual cycles=%" PRIu64 " requests=%" PRIu64 " replayed_cycles=%" PRIu64
                    "\n", ch->now, v.requests, v.replayed);
    rc = 0;
out:
    free(e);
    return rc;
}

int hwp_stream_coproc(int argc, char **argv)
{
    sc_opts so;
    hwp_coproc_opts o;
    int pr = parse(argc, argv, &so, &o);
    if (pr >= 0) return pr;
    hwp_rec *r = NULL;
    uint64_t n = 0;
    int riscv = 1;
    if (load(&o, &r, &n, &riscv)) return 1;
    cp_host ch;
    if (hwp_coproc_host("stream", &o, &ch)) {
        free(r);
        return 1;
    }
    hwl_io io;
    if (hwp_port_open(so.port, &io)) {
        cp_host_free(&ch);
        free(r);
        return 1;
    }
    hwl_host h;
    sc_out out;
    memset(&out, 0, sizeof out);
    if (hwl_host_init(&h, &io, so.timeout_ms, so.retries)) {
        fprintf(stderr, "hwprof stream: out of memory\n");
        hwp_port_close(&io);
        cp_host_free(&ch);
        free(r);
        return 1;
    }
    h.baud = HWL_BOOT_BAUD;
    h.on_out = on_out;
    h.out_ctx = &out;
    if (getenv("HWPROF_LINK_TRACE")) h.trace = stderr;
    uint64_t st[HWL_ST_N], ctr[2] = {0, 0};
    double secs = 0;
    int rc = session(&so, &o, r, n, riscv, &h, &out, &ch, ctr, st, &secs);
    hwp_port_close(&io);
    if (rc < 0) {
        if (out.err[0]) fprintf(stderr, "hwprof stream: %s: protocol error: %s\n", so.port, out.err);
        else fprintf(stderr, "hwprof stream: %s: %s\n", so.port, h.err);
    }
    if (rc == 0 && ch.bt_mismatch) {
        fprintf(stderr, "hwprof stream: the co-processor's PC filter bit table differs from the "
                        "host's copy in %" PRIu64 " of %" PRIu64 " entries read back\n",
                ch.bt_mismatch, ch.bt_checked);
        rc = 1;
    }
    if (rc == 0) {
        rc = hwp_coproc_print_run(&o, &ch, n, (uint32_t)ctr[0], (uint32_t)ctr[1]);
        fflush(stdout);
        const hwl_host_stats *s = &h.st;
        fprintf(stderr, "link: records=%" PRIu64 " seconds=%.3f records_per_s=%.0f baud=%u "
                        "tx_bytes=%" PRIu64 " rx_bytes=%" PRIu64 " retransmits=%" PRIu64
                        " timeouts=%" PRIu64 " rx_corrupt=%" PRIu64 " dev_corrupt=%" PRIu64
                        " dev_duplicates=%" PRIu64 " dev_stalls=%" PRIu64
                        " dev_replies_dropped=%" PRIu64 "\n",
                n, secs, secs > 0 ? (double)n / secs : 0.0, h.baud, s->tx_bytes, s->rx_bytes,
                s->retransmits, s->timeouts, s->rx_corrupt, st[HWL_ST_CORRUPT],
                st[HWL_ST_DUPLICATES], st[HWL_ST_STALLS], st[HWL_ST_REPLYDROP]);
    }
    hwl_host_free(&h);
    cp_host_free(&ch);
    free(out.rd);
    free(r);
    return rc ? 1 : 0;
}
