/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof stream: streams a trace to a board (or anything that speaks the
 * link protocol of docs/protocol.md on a tty or pty) and prints the profile
 * the board computed, in the format of `hwprof run --engine E`. The trace is
 * mapped to the engine's records by the engine's own function (engine.h),
 * encoded (zigzag deltas, LEB128), framed, and sent under the device's
 * credits with retransmission (cmodel/link/link.c). The board's build
 * parameters (INFO) must equal the requested options. The session here is
 * the same for every engine; what differs is behind hwp_link_eng, and the
 * report is printed by the engine's `run` printer. docs/stream.md.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "engine.h"
#include "engopt.h"
#include "link/link.h"
#include "port.h"
#include "trace.h"

enum {
    O_PORT = 1000, O_BAUD, O_ENGINE, O_TIMEOUT, O_RETRIES, O_PROGRESS, O_ENCODE, O_JSON, O_MAXEV,
    O_HELP
};

/* stream's own options; the engine's (hwp_link_eng.opts, .out_opts,
 * .run_opts) are added for --engine E */
static const struct option lopts[] = {
    {"port", required_argument, 0, O_PORT},
    {"baud", required_argument, 0, O_BAUD},
    {"engine", required_argument, 0, O_ENGINE},
    {"timeout", required_argument, 0, O_TIMEOUT},
    {"retries", required_argument, 0, O_RETRIES},
    {"progress", no_argument, 0, O_PROGRESS},
    {"encode-only", no_argument, 0, O_ENCODE},
    {"json", no_argument, 0, O_JSON},
    {"max-events", required_argument, 0, O_MAXEV},
    {"max", required_argument, 0, O_MAXEV},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0}};

typedef struct sopts {
    const char *port, *trace, *engine;
    const hwp_link_eng *le; /* the engine on the link, NULL if none */
    void *es;               /* its session state */
    uint32_t baud;
    int timeout_ms, retries;
    int progress, encode_only, json;
    uint64_t max_events;
} sopts;

/* the engines on the link, as "a, b, c" */
static void link_engines(FILE *f)
{
    int k = 0;
    for (int i = 0; i < hwp_n_engines; i++)
        if (hwp_engines[i].link) fprintf(f, "%s%s", k++ ? ", " : "", hwp_engines[i].name);
}

static void usage(FILE *f, const sopts *o)
{
    fprintf(f,
            "usage: hwprof stream --port DEV --engine E [options] [engine options] TRACE\n"
            "Streams TRACE to a board over a UART (docs/protocol.md) and prints the profile\n"
            "the board computed in the format of `hwprof run --engine E`; link statistics on\n"
            "stderr. The board's build parameters must match the requested options.\n"
            "  --port DEV         serial device (/dev/ttyUSB1, a pty, ...)\n"
            "  --baud B           line rate after the SET_BAUD handshake (3000000; the board\n"
            "                     boots at 115200)\n"
            "  --engine E        ");
    for (int i = 0; i < hwp_n_engines; i++)
        fprintf(f, "%s %s", i ? " |" : "", hwp_engines[i].name);
    fprintf(f, "\n"
               "                     (--engine E --help: that engine's options)\n"
               "  --timeout MS       reply timeout before a retransmission (200)\n"
               "  --retries N        fruitless timeouts in a row before giving up (8)\n"
               "  --progress         live progress line on stderr (default: when stderr is a tty)\n"
               "  --encode-only      no port: measure the wire encoding of TRACE (bytes per tuple)\n"
               "  --max-events N     stop after N of the records the engine takes (a trace\n"
               "                     record the engine skips does not count)\n"
               "  --json             the profile as `hwprof run --json` prints it\n"
               "  --help             this text (with --engine E: that engine's options too)\n");
    if (o->le) fprintf(f, "%s", o->le->help);
    fprintf(f, "exit status: 0 ok, 1 failure (port, link, device), 2 usage\n");
}

/* The value of the last --engine E / --engine=E in argv, NULL if none. */
static const char *engine_arg(int argc, char **argv)
{
    const char *e = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--engine") && i + 1 < argc) e = argv[i + 1];
        else if (!strncmp(argv[i], "--engine=", 9)) e = argv[i] + 9;
    }
    return e;
}

/* 1 if the option argument s is an option of a link engine other than le */
static int other_engines_option(const hwp_link_eng *le, const char *s)
{
    for (int i = 0; i < hwp_n_engines; i++) {
        const hwp_link_eng *x = hwp_engines[i].link;
        if (x && x != le &&
            (hwp_eo_has(x->opts, s) || hwp_eo_has(x->out_opts, s) || hwp_eo_has(x->run_opts, s)))
            return 1;
    }
    return 0;
}

/* 0 ok, 1 help printed, 2 usage error */
static int parse(int argc, char **argv, sopts *o)
{
    const char *cmd = "stream";
    unsigned long long u;
    o->baud = 3000000;
    o->timeout_ms = 200;
    o->retries = 8;
    int help = 0;
    /* the engine first: its options are the ones taken */
    o->engine = engine_arg(argc, argv);
    const hwp_engine *eng = hwp_engine_find(o->engine);
    o->le = eng ? eng->link : NULL;
    struct option t1[64], t2[64], lo[64];
    if (o->le) {
        o->es = calloc(1, o->le->size);
        if (!o->es) {
            fprintf(stderr, "hwprof stream: out of memory\n");
            return 2;
        }
        o->le->init(o->es);
        if (hwp_eo_cat(t1, 64, lopts, o->le->opts) || hwp_eo_cat(t2, 64, t1, o->le->out_opts) ||
            hwp_eo_cat(lo, 64, t2, o->le->run_opts))
            return 2;
    } else if (hwp_eo_cat(lo, 64, lopts, NULL)) {
        return 2;
    }
    optind = 1;
    opterr = 0;
    int c;
    int li = 0;
    while ((c = getopt_long(argc, argv, "h", lo, &li)) != -1) {
        const char *arg0 = argv[optind - 1];
        if (c == '?' && !hwp_eo_has(lo, arg0) && other_engines_option(o->le, arg0)) {
            fprintf(stderr, "hwprof stream: option '%s' is not an option of --engine %s (see "
                            "hwprof stream --engine %s --help)\n",
                    arg0, o->engine ? o->engine : "(none)", o->engine ? o->engine : "E");
            return 2;
        }
        int r = o->le ? o->le->opt(cmd, c, optarg, o->es) : 1;
        if (r == 2) return 2;
        if (r == 0) continue;
        switch (c) {
        case O_PORT: o->port = optarg; break;
        case O_BAUD:
            if (hwp_cli_uint(cmd, "baud", optarg, 1200, 4000000, &u)) return 2;
            o->baud = (uint32_t)u;
            break;
        case O_ENGINE: break;
        case O_TIMEOUT:
            if (hwp_cli_uint(cmd, "timeout", optarg, 1, 600000, &u)) return 2;
            o->timeout_ms = (int)u;
            break;
        case O_RETRIES:
            if (hwp_cli_uint(cmd, "retries", optarg, 0, 1000, &u)) return 2;
            o->retries = (int)u;
            break;
        case O_PROGRESS: o->progress = 1; break;
        case O_ENCODE: o->encode_only = 1; break;
        case O_JSON: o->json = 1; break;
        case O_MAXEV:
            if (hwp_cli_uint(cmd, "max-events", optarg, 1, UINT64_MAX, &u)) return 2;
            o->max_events = u;
            break;
        case 'h':
        case O_HELP: help = 1; break;
        case HWP_RUN_ONLY:
            fprintf(stderr, "hwprof stream: '--%s' needs the C model (hwprof run); the board runs "
                            "the engine itself\n", lo[li].name);
            return 2;
        default:
            fprintf(stderr, "hwprof stream: unknown or incomplete option '%s' (see --help)\n", arg0);
            return 2;
        }
    }
    if (help) {
        usage(stdout, o);
        return 1;
    }
    if (!o->le) {
        if (o->engine) fprintf(stderr, "hwprof stream: --engine %s: the board link knows ", o->engine);
        else fprintf(stderr, "hwprof stream: --engine is required (");
        link_engines(stderr);
        fprintf(stderr, "%s\n", o->engine ? "" : ")");
        return 2;
    }
    if (optind != argc - 1) {
        fprintf(stderr, "hwprof stream: expected exactly one TRACE argument (see --help)\n");
        return 2;
    }
    o->trace = argv[optind];
    if (o->json && !o->le->json) {
        fprintf(stderr, "hwprof stream: --json: hwprof run --engine %s prints text only\n",
                o->engine);
        return 2;
    }
    if (!o->port && !o->encode_only) {
        fprintf(stderr, "hwprof stream: --port DEV is required (or --encode-only)\n");
        return 2;
    }
    return o->le->finish(cmd, o->es);
}

/* ------------------------------------------------------------ trace -> records */

typedef struct recs {
    hwp_rec *r;
    uint64_t n, cap;
} recs;

/* The records `hwprof run --engine E` feeds its model, as the engine maps them. */
static int load_records(const sopts *o, hwp_sess *ss, recs *v)
{
    hwp_reader *rd;
    hwp_err err;
    memset(v, 0, sizeof *v);
    if (hwp_reader_open(&rd, o->trace, &err)) {
        fprintf(stderr, "hwprof stream: %s\n", err.msg);
        return -1;
    }
    if (o->le->begin(o->es, ss, hwp_reader_info(rd))) goto fail;
    hwp_rec rec;
    while (!ss->max || v->n < ss->max) {
        int rc = hwp_reader_next(rd, &rec, &err);
        if (rc < 0) {
            fprintf(stderr, "hwprof stream: %s\n", err.msg);
            goto fail;
        }
        if (rc == 0) break;
        if (v->n == v->cap) {
            uint64_t nc = v->cap ? v->cap * 2 : 65536;
            hwp_rec *nr = realloc(v->r, (size_t)nc * sizeof *nr);
            if (!nr) {
                fprintf(stderr, "hwprof stream: out of memory\n");
                goto fail;
            }
            v->r = nr;
            v->cap = nc;
        }
        ss->events = v->n;
        rc = o->le->map(o->es, ss, &rec, &v->r[v->n]);
        if (rc < 0) goto fail;
        v->n += (uint64_t)rc;
    }
    hwp_reader_close(rd);
    ss->events = v->n;
    if (o->le->end && o->le->end(o->es, ss)) {
        free(v->r);
        v->r = NULL;
        return -1;
    }
    return 0;
fail:
    hwp_reader_close(rd);
    free(v->r);
    v->r = NULL;
    return -1;
}

/* ------------------------------------------------------------ encode-only */

static int encode_only(const sopts *o, const recs *v)
{
    hwl_enc e;
    int kind = o->le->kind;
    hwl_enc_init(&e, kind);
    uint64_t pkts = 0, pay = 0, line = 0;
    for (uint64_t i = 0; i <= v->n; i++) {
        if (i < v->n && hwl_enc_add(&e, &v->r[i])) continue;
        if (e.nrec) {
            hwl_pkt p;
            uint8_t fr[HWL_MAX_FRAME];
            p.type = HWL_TUPLES;
            p.seq = (uint8_t)pkts;
            p.len = (uint16_t)e.len;
            memcpy(p.pl, e.pl, e.len);
            pkts++;
            pay += e.len;
            line += hwl_pkt_frame(&p, fr);
        }
        hwl_enc_init(&e, kind);
        if (i < v->n) hwl_enc_add(&e, &v->r[i]);
    }
    double n = v->n ? (double)v->n : 1.0;
    double raw = kind == HWP_KIND_TUPLE1 ? 8.0 : kind == HWP_KIND_TUPLE2 ? 16.0 : 32.0;
    double lpt = (double)line / n;
    printf("encode: trace=%s engine=%s kind=%s tuples=%" PRIu64 " packets=%" PRIu64
           " payload_bytes=%" PRIu64 " line_bytes=%" PRIu64 " payload_bytes_per_tuple=%.3f"
           " line_bytes_per_tuple=%.3f raw_bytes_per_tuple=%.0f"
           " tuples_per_s_at_%u_baud=%.0f (computed: baud / 10 bits per byte / line bytes per tuple)\n",
           o->trace, o->engine, hwp_kind_name(kind), v->n, pkts, pay, line, (double)pay / n, lpt,
           raw, o->baud, lpt > 0 ? (double)o->baud / 10.0 / lpt : 0.0);
    return 0;
}

/* ------------------------------------------------------------ results */

typedef struct result {
    const sopts *o;
    hwp_sess *ss;
    char err[256];
} result;

/* Output records to the engine's collect, in order, until END. */
static int on_out(void *ctx, const uint8_t *p, size_t n)
{
    result *r = ctx;
    const hwp_link_eng *le = r->o->le;
    size_t pos = 0;
    while (pos < n) {
        hwl_orec x;
        if (hwl_orec_get(le->id, p, n, &pos, &x, r->err, sizeof r->err)) {
            if (x.tag == HWL_TAG_COUNTERS && strstr(r->err, "truncated")) {
                size_t l = strlen(r->err);
                snprintf(r->err + l, sizeof r->err - l,
                         " (COUNTERS has %d fields for %s: a bitstream older than this host?)",
                         hwl_orec_fields(le->id, x.tag), hwl_engine_name(le->id));
            }
            return -1;
        }
        if (r->ss->end) {
            snprintf(r->err, sizeof r->err, "output record 0x%02x after END", x.tag);
            return -1;
        }
        if (x.tag == HWL_TAG_END) {
            r->ss->end = 1;
        } else if (x.tag == HWL_TAG_COUNTERS) {
            r->ss->have_ctr = 1;
            memcpy(r->ss->ctr, x.f, sizeof r->ss->ctr);
        } else if (le->collect(r->o->es, &x, r->err, sizeof r->err)) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ the session */

static int check_info(const sopts *o, const hwp_sess *ss, const hwl_info *in)
{
    static const char *const boards[] = {"simulation", "icebreaker", "ulx3s"};
    const char *bn = in->board >= 0 && in->board <= 2 ? boards[in->board] : "unknown board";
    if (in->engine != o->le->id) {
        fprintf(stderr, "hwprof stream: the board (%s) runs engine %s, requested --engine %s\n", bn,
                hwl_engine_name(in->engine) ? hwl_engine_name(in->engine) : "unknown", o->engine);
        return -1;
    }
    if (in->kind == HWL_KIND_BOARD && o->le->host) {
        fprintf(stderr, "hwprof stream: the board (%s) feeds its %s from a source of its own (INFO "
                        "kind 0); this host runs %s's host loop on the records it sends\n",
                bn, o->engine, o->engine);
        return -1;
    }
    if (in->kind != o->le->kind && in->kind != HWL_KIND_BOARD) {
        fprintf(stderr, "hwprof stream: the board's %s takes %s records, this host sends %s\n",
                o->engine, hwp_kind_name(in->kind) ? hwp_kind_name(in->kind) : "unknown",
                hwp_kind_name(o->le->kind));
        return -1;
    }
    if (in->slots < 1) {
        fprintf(stderr, "hwprof stream: the board reports no receive buffer slots\n");
        return -1;
    }
    hwp_bparam bp[HWP_BPARAM_MAX];
    int n = o->le->params(o->es, bp), bad = 0;
    for (int i = 0; i < n; i++) {
        uint64_t v;
        if (!hwl_info_param(in, bp[i].id, &v)) {
            fprintf(stderr, "hwprof stream: the board does not report build parameter %d (%s)\n",
                    bp[i].id, bp[i].name);
            bad = 1;
            continue;
        }
        if (bp[i].check && v != bp[i].want) {
            fprintf(stderr, "hwprof stream: the board's %s build has %s=%" PRIu64
                            ", the requested options give %" PRIu64 " (%s)\n",
                    o->engine, bp[i].name, v, bp[i].want, bp[i].opt);
            bad = 1;
        }
    }
    int r = o->le->info ? o->le->info(o->es, ss, in) : 0;
    if (r < 0) return -1;
    bad |= r;
    if (bad) fprintf(stderr, "hwprof stream: the board's build does not match the requested "
                             "options (pass the board's values, or rebuild the board)\n");
    return bad ? -1 : 0;
}

static size_t config_payload(const sopts *o, uint8_t *pl)
{
    uint64_t v[8];
    int n = o->le->config ? o->le->config(o->es, v) : 0;
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        pl[len++] = (uint8_t)(i + 1);
        len += hwl_uvar_put(pl + len, v[i]);
    }
    return len;
}

static double mono_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void progress(const sopts *o, const hwl_host *h, uint64_t done, uint64_t total, double t0,
                     double *last, int final)
{
    if (!o->progress) return;
    double t = mono_s();
    if (!final && t - *last < 0.5) return;
    *last = t;
    double el = t - t0 > 1e-9 ? t - t0 : 1e-9;
    fprintf(stderr, "\rstream: %" PRIu64 "/%" PRIu64 " tuples (%.1f%%), %.0f tuples/s, %.0f B/s, "
                    "%" PRIu64 " retransmits   %s",
            done, total, total ? 100.0 * (double)done / (double)total : 100.0,
            (double)done / el, (double)h->st.tx_bytes / el, h->st.retransmits, final ? "\n" : "");
}

/* The session after the INFO checks for an engine without a host loop of
 * its own: RESET, CONFIG, the records as TUPLES within the device's credit,
 * EOS, then POLL until END. 0; -1 link error (h->err); -2 message printed. */
static int send_all(const sopts *o, const hwp_sess *ss, const recs *v, hwl_host *h, double *secs,
                    uint64_t *sent)
{
    uint8_t pl[HWL_MAX_PAYLOAD];
    size_t cl = config_payload(o, pl);
    if (hwl_host_send(h, HWL_RESET, NULL, 0) || hwl_host_send(h, HWL_CONFIG, pl, cl)) return -1;
    double t0 = mono_s(), last = t0;
    hwl_enc e;
    int kind = o->le->kind;
    hwl_enc_init(&e, kind);
    for (uint64_t i = 0; i <= v->n; i++) {
        if (i < v->n && hwl_enc_add(&e, &v->r[i])) continue;
        if (e.nrec) {
            if (hwl_host_send_units(h, HWL_TUPLES, e.pl, e.len, (uint32_t)e.nrec)) return -1;
            *sent += e.nrec;
            progress(o, h, *sent, v->n, t0, &last, 0);
        }
        hwl_enc_init(&e, kind);
        if (i < v->n) hwl_enc_add(&e, &v->r[i]);
    }
    if (hwl_host_send(h, HWL_EOS, NULL, 0) || hwl_host_flush(h)) return -1;
    *secs = mono_s() - t0;
    progress(o, h, *sent, v->n, t0, &last, 1);
    /* results: poll until END */
    double idle_since = mono_s();
    double idle_max = 10.0 * (h->retries + 1) * h->timeout_ms / 1000.0;
    while (!ss->end) {
        uint64_t before = h->st.out_chunks;
        if (hwl_host_poll(h)) return -1;
        if (h->st.out_chunks == before) {
            if (mono_s() - idle_since > idle_max) {
                fprintf(stderr, "hwprof stream: %s: the board never finished (no END %.0f s after "
                                "its last output; flags 0x%02x)\n", o->port, idle_max, h->flags);
                return -2;
            }
            struct timespec ts = {0, 10 * 1000 * 1000};
            nanosleep(&ts, NULL);
        } else {
            idle_since = mono_s();
        }
    }
    return 0;
}

static int session(const sopts *o, hwp_sess *ss, const recs *v, result *res, hwl_host *h,
                   uint64_t *st, double *secs)
{
    hwl_info info, info2;
    uint64_t sent = 0; /* tuples handed to the link (confirmed: h->st.units_acked) */
    /* the board boots at 115200; a board left at another rate by an earlier
     * session answers at that rate */
    if (hwl_host_hello(h, 1, &info)) {
        char first[512];
        snprintf(first, sizeof first, "%s", h->err);
        if (o->baud == HWL_BOOT_BAUD || h->io.set_baud(h->io.ctx, o->baud)) {
            fprintf(stderr, "hwprof stream: %s: %s\n", o->port, first);
            return -1;
        }
        h->baud = o->baud;
        h->rxp = h->rxn = 0;
        if (hwl_host_hello(h, 1, &info)) {
            fprintf(stderr, "hwprof stream: %s: %s; and %s\n", o->port, first, h->err);
            return -1;
        }
    }
    if (check_info(o, ss, &info)) return -1;
    /* a board that feeds its engine itself takes no records; the count of
     * events for the report is then the board's (STATUS field 1) */
    int onboard = info.kind == HWL_KIND_BOARD;
    if (onboard && (v->n || o->max_events)) {
        fprintf(stderr, "hwprof stream: the board feeds its %s from a source of its own (INFO kind "
                        "0) and takes no records: %s; stream a trace of no records\n", o->engine,
                o->max_events ? "--max-events does not apply" : "the trace has records");
        return -1;
    }
    uint32_t div = hwl_divisor(info.clk_khz, o->baud);
    if (info.divisor != div || h->baud != o->baud) {
        if (hwl_host_set_baud(h, &info, o->baud, &info2)) {
            fprintf(stderr, "hwprof stream: %s: %s\n", o->port, h->err);
            return -1;
        }
    }
    int rc;
    if (o->le->host) {
        double t0 = mono_s();
        rc = o->le->host(o->es, ss, h, &info, v->r, v->n);
        *secs = mono_s() - t0;
    } else {
        rc = send_all(o, ss, v, h, secs, &sent);
    }
    if (rc == -2) return -1;
    /* once more so the END chunk is popped */
    if (rc || hwl_host_poll(h) || hwl_host_status(h, st)) goto fail;
    if (!(h->flags & HWL_F_DONE)) {
        fprintf(stderr, "hwprof stream: %s: END received but the board does not report done\n",
                o->port);
        return -1;
    }
    if (onboard) {
        /* the board's own count, 32 bits saturating (docs/protocol.md) */
        if (st[HWL_ST_ACCEPTED] >= 0xffffffffu) {
            fprintf(stderr, "hwprof stream: %s: the board's engine took 2^32 - 1 events or more, "
                            "more than its STATUS count holds; no profile\n", o->port);
            return -1;
        }
        ss->events = st[HWL_ST_ACCEPTED];
        if (o->le->end && o->le->end(o->es, ss)) return -1;
    } else if (st[HWL_ST_ACCEPTED] != v->n) {
        fprintf(stderr, "hwprof stream: %s: the board accepted %" PRIu64 " records, %" PRIu64
                        " were sent\n", o->port, st[HWL_ST_ACCEPTED], v->n);
        return -1;
    }
    return 0;
fail:
    if (res->err[0])
        fprintf(stderr, "hwprof stream: %s: protocol error: %s\n", o->port, res->err);
    else
        fprintf(stderr, "hwprof stream: %s: %s\n", o->port, h->err);
    if (!o->le->host)
        fprintf(stderr, "hwprof stream: %s: stopped with %" PRIu64 " of %" PRIu64 " tuples "
                        "confirmed by the board (%" PRIu64 " sent); no profile\n", o->port,
                h->st.units_acked, v->n, sent);
    return -1;
}

static void end_engine(sopts *o)
{
    if (o->es && o->le->free) o->le->free(o->es);
    free(o->es);
}

int hwp_cmd_stream(int argc, char **argv)
{
    sopts o;
    memset(&o, 0, sizeof o);
    int rc = parse(argc, argv, &o);
    if (rc == 0 && !o.encode_only && !hwp_port_baud_ok(o.baud)) {
        fprintf(stderr, "hwprof stream: --baud %u: not a rate this host's termios can set (use one "
                        "of 115200 230400 460800 500000 576000 921600 1000000 1152000 1500000 "
                        "2000000 2500000 3000000 3500000 4000000)\n", o.baud);
        rc = 2;
    }
    if (rc) {
        end_engine(&o);
        return rc == 1 ? 0 : 2;
    }
    if (!o.progress) o.progress = isatty(2);
    hwp_sess ss;
    memset(&ss, 0, sizeof ss);
    ss.cmd = "stream";
    ss.trace = o.trace;
    ss.port = o.port;
    ss.json = o.json;
    ss.progress = o.progress;
    ss.max = o.max_events;
    recs v = {NULL, 0, 0};
    hwl_io io;
    hwl_host h;
    int have_io = 0, have_host = 0;
    rc = -1;
    if (load_records(&o, &ss, &v)) goto out;
    if (o.encode_only) {
        rc = encode_only(&o, &v);
        goto out;
    }
    if (hwp_port_open(o.port, &io)) goto out;
    have_io = 1;
    result res;
    memset(&res, 0, sizeof res);
    res.o = &o;
    res.ss = &ss;
    if (hwl_host_init(&h, &io, o.timeout_ms, o.retries)) {
        fprintf(stderr, "hwprof stream: out of memory\n");
        goto out;
    }
    have_host = 1;
    h.on_out = on_out;
    h.out_ctx = &res;
    if (getenv("HWPROF_LINK_TRACE")) h.trace = stderr;
    uint64_t st[HWL_ST_N];
    double secs = 0;
    rc = session(&o, &ss, &v, &res, &h, st, &secs);
    hwp_port_close(&io);
    have_io = 0;
    if (rc == 0 && o.le->counters && !ss.have_ctr) {
        fprintf(stderr, "hwprof stream: %s: no COUNTERS record from the board\n", o.port);
        rc = -1;
    }
    if (rc == 0) rc = o.le->report(o.es, &ss);
    if (rc == 0) {
        fflush(stdout);
        double n = v.n ? (double)v.n : 1.0;
        const hwl_host_stats *s = &h.st;
        fprintf(stderr,
                "link: tuples=%" PRIu64 " packets=%" PRIu64 " payload_bytes_per_tuple=%.3f"
                " line_bytes_per_tuple=%.3f seconds=%.3f tuples_per_s=%.0f bytes_per_s=%.0f"
                " baud=%u retransmits=%" PRIu64 " timeouts=%" PRIu64 " probes=%" PRIu64
                " err_corrupt=%" PRIu64 " err_unknown=%" PRIu64 " err_seq=%" PRIu64
                " err_too_long=%" PRIu64 " rx_corrupt=%" PRIu64 " out_chunks=%" PRIu64
                " out_dup=%" PRIu64 " dev_corrupt=%" PRIu64 " dev_unknown=%" PRIu64
                " dev_out_of_seq=%" PRIu64 " dev_duplicates=%" PRIu64 " dev_stalls=%" PRIu64
                " dev_applied=%" PRIu64 " dev_out_records=%" PRIu64 " dev_replies_dropped=%" PRIu64 "\n",
                v.n, s->tuples_packets, (double)s->tuples_payload_bytes / n,
                (double)s->tuples_frame_bytes / n, secs, secs > 0 ? (double)v.n / secs : 0.0,
                secs > 0 ? (double)s->tx_bytes / secs : 0.0, h.baud, s->retransmits, s->timeouts,
                s->probes, s->err_replies[HWL_E_CORRUPT], s->err_replies[HWL_E_UNKNOWN],
                s->err_replies[HWL_E_SEQ], s->err_replies[HWL_E_TOOLONG], s->rx_corrupt,
                s->out_chunks, s->out_dup, st[HWL_ST_CORRUPT], st[HWL_ST_UNKNOWN],
                st[HWL_ST_OUTOFSEQ], st[HWL_ST_DUPLICATES], st[HWL_ST_STALLS], st[HWL_ST_APPLIED],
                st[HWL_ST_OUTQUEUED], st[HWL_ST_REPLYDROP]);
    }
out:
    if (have_io) hwp_port_close(&io);
    if (have_host) hwl_host_free(&h);
    end_engine(&o);
    free(v.r);
    return rc ? 1 : 0;
}
