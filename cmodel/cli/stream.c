/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof stream: streams a trace to a board (or anything that speaks the
 * link protocol of docs/protocol.md on a tty or pty) and prints the profile
 * the board computed, in the format of `hwprof run --engine E`. The trace is
 * mapped to the engine's records exactly as `hwprof run` feeds its model,
 * encoded (zigzag deltas, LEB128), framed, and sent under the device's
 * credits with retransmission (cmodel/link/link.c). The board's build
 * parameters (INFO) must equal the requested options. docs/stream.md.
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
#include "cmap.h"
#include "link/link.h"
#include "port.h"
#include "mhash/mhash.h"
#include "pfp/pfp.h"
#include "rap/rap.h"
#include "strat/strat.h"
#include "strat/vprof.h"
#include "trace.h"

enum {
    O_PORT = 1000, O_BAUD, O_ENGINE, O_TIMEOUT, O_RETRIES, O_PROGRESS, O_ENCODE, O_JSON, O_MAXEV,
    O_HELP,
    /* output options of one engine's `hwprof run` */
    O_SUMMARY, O_MSGS, O_NODES, O_NOPFP,
    /* run options that need the C model */
    O_NOTHERE
};

/* stream's own options; the engine's (engopt.c) are added for --engine E */
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
    {"summary", no_argument, 0, O_SUMMARY},
    {"messages", no_argument, 0, O_MSGS},
    {"nodes", no_argument, 0, O_NODES},
    {"no-pfp", no_argument, 0, O_NOPFP},
    {"cycle-model", no_argument, 0, O_NOTHERE},
    {"tcam", required_argument, 0, O_NOTHERE},
    {"tcam-chunk", required_argument, 0, O_NOTHERE},
    {"series", required_argument, 0, O_NOTHERE},
    {0, 0, 0, 0}};

typedef struct sopts {
    const char *port, *trace, *engine;
    int eid;
    uint32_t baud;
    int timeout_ms, retries;
    int progress, encode_only, json;
    uint64_t max_events;
    /* engine options (engopt.c) and output options */
    hwp_eo_mhash em;
    int summary;
    hwp_eo_strat es;
    int messages;
    hwp_eo_rap er;
    int nodes;
    hwp_eo_pfp ep;
    int no_pfp;
} sopts;

static void usage(FILE *f, const char *eng)
{
    fprintf(f,
            "usage: hwprof stream --port DEV --engine E [options] [engine options] TRACE\n"
            "Streams TRACE to a board over a UART (docs/protocol.md) and prints the profile\n"
            "the board computed in the format of `hwprof run --engine E`; link statistics on\n"
            "stderr. The board's build parameters must match the requested options.\n"
            "  --port DEV         serial device (/dev/ttyUSB1, a pty, ...)\n"
            "  --baud B           line rate after the SET_BAUD handshake (3000000; the board\n"
            "                     boots at 115200)\n"
            "  --engine E         mhash | strat | rap | pfp | coproc (coproc: --engine coproc --help)\n"
            "  --timeout MS       reply timeout before a retransmission (200)\n"
            "  --retries N        fruitless timeouts in a row before giving up (8)\n"
            "  --progress         live progress line on stderr (default: when stderr is a tty)\n"
            "  --encode-only      no port: measure the wire encoding of TRACE (bytes per tuple)\n"
            "  --max-events N     stop after N records (events for strat)\n"
            "  --json             the profile as `hwprof run --json` prints it\n"
            "  --help             this text (with --engine E: that engine's options too)\n");
    if (!eng) {
        fprintf(f, "exit status: 0 ok, 1 failure (port, link, device), 2 usage\n");
        return;
    }
    if (!strcmp(eng, "mhash"))
        fprintf(f,
                "mhash options (as hwprof run --engine mhash): --tables N --counters N\n"
                "  --counter-bits N --epoch-bits N --max-tables N --accumulator N --interval N\n"
                "  --threshold PCT --threshold-count N --cons 0|1 --reset 0|1 --shield 0|1\n"
                "  --retain 0|1 --seed N --width N --summary\n");
    else if (!strcmp(eng, "strat"))
        fprintf(f,
                "strat options (as hwprof run --engine strat): --mode M --rate R --entries N\n"
                "  --ways N --counter-bits N --miss-bits N --tag-bits N --evict N --replace N\n"
                "  --lfsr-seed N --hash-seed N --ak/--no-ak --ak-entries K --width N\n"
                "  --fifo-depth N --messages\n");
    else if (!strcmp(eng, "rap"))
        fprintf(f,
                "rap options (as hwprof run --engine rap): --eps E --branching B --width W\n"
                "  --entries N --buffer S --buffer-count-bits C --counter-bits C\n"
                "  --merge-first P --merge-q Q --field a|b --hot F --nodes\n");
    else if (!strcmp(eng, "pfp"))
        fprintf(f,
                "pfp options (as hwprof run --engine pfp): --fetch-w N --dec-w N --fq N\n"
                "  --win-bits N --sets N --min-len N --skip-bits N --br-pen N --no-pfp\n"
                "  --max N (= --max-events)\n");
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

/* 0 ok, 1 help printed, 2 usage error */
static int parse(int argc, char **argv, sopts *o)
{
    const char *cmd = "stream";
    unsigned long long u;
    memset(o, 0, sizeof *o);
    o->baud = 3000000;
    o->timeout_ms = 200;
    o->retries = 8;
    hwp_eo_mhash_init(&o->em);
    hwp_eo_strat_init(&o->es);
    hwp_eo_rap_init(&o->er);
    hwp_eo_pfp_init(&o->ep);
    int help = 0;
    /* the engine first: its options are the ones taken */
    o->engine = engine_arg(argc, argv);
    o->eid = hwl_engine_id(o->engine);
    /* the engines' option tables, indexed by link engine id (coproc: stream_coproc.c) */
    const struct option *etabs[HWL_ENG_PFP + 1] = {NULL};
    etabs[HWL_ENG_MHASH] = hwp_eo_mhash_opts;
    etabs[HWL_ENG_STRAT] = hwp_eo_strat_opts;
    etabs[HWL_ENG_RAP] = hwp_eo_rap_opts;
    etabs[HWL_ENG_PFP] = hwp_eo_pfp_opts;
    const struct option *etab = o->eid > 0 && o->eid <= HWL_ENG_PFP ? etabs[o->eid] : NULL;
    struct option lo[64];
    if (hwp_eo_cat(lo, 64, lopts, etab)) return 2;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
        const char *arg0 = argv[optind - 1];
        int need = c == O_SUMMARY ? HWL_ENG_MHASH : c == O_MSGS ? HWL_ENG_STRAT
                 : c == O_NODES ? HWL_ENG_RAP : c == O_NOPFP ? HWL_ENG_PFP : 0;
        int other = 0; /* an option of another engine only */
        if (c == '?' && !hwp_eo_has(lo, arg0))
            for (int i = 0; i <= HWL_ENG_PFP; i++) other |= etabs[i] && hwp_eo_has(etabs[i], arg0);
        if ((need && need != o->eid) || other) {
            fprintf(stderr, "hwprof stream: option '%s' is not an option of --engine %s (see "
                            "hwprof stream --engine %s --help)\n",
                    arg0, o->engine ? o->engine : "(none)", o->engine ? o->engine : "E");
            return 2;
        }
        int r = 1;
        if (o->eid == HWL_ENG_MHASH) r = hwp_eo_mhash_opt(cmd, c, optarg, &o->em);
        else if (o->eid == HWL_ENG_STRAT) r = hwp_eo_strat_opt(cmd, c, optarg, &o->es);
        else if (o->eid == HWL_ENG_RAP) r = hwp_eo_rap_opt(cmd, c, optarg, &o->er);
        else if (o->eid == HWL_ENG_PFP) r = hwp_eo_pfp_opt(cmd, c, optarg, &o->ep);
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
        case O_SUMMARY: o->summary = 1; break;
        case O_MSGS: o->messages = 1; break;
        case O_NODES: o->nodes = 1; break;
        case O_NOPFP: o->no_pfp = 1; break;
        case O_NOTHERE:
            fprintf(stderr, "hwprof stream: '%s' needs the C model (hwprof run); the board runs "
                            "the engine itself\n", arg0);
            return 2;
        default:
            fprintf(stderr, "hwprof stream: unknown or incomplete option '%s' (see --help)\n", arg0);
            return 2;
        }
    }
    if (help) {
        usage(stdout, o->engine);
        return 1;
    }
    if (!o->eid) {
        if (o->engine)
            fprintf(stderr, "hwprof stream: --engine %s: the board link knows mhash, strat, rap, pfp\n",
                    o->engine);
        else
            fprintf(stderr, "hwprof stream: --engine is required (mhash, strat, rap, pfp)\n");
        return 2;
    }
    if (o->eid != HWL_ENG_MHASH && o->eid != HWL_ENG_STRAT && o->eid != HWL_ENG_RAP &&
        o->eid != HWL_ENG_PFP) {
        fprintf(stderr, "hwprof stream: --engine %s is not supported by hwprof stream yet "
                        "(mhash, strat, rap, pfp)\n", o->engine);
        return 2;
    }
    if (optind != argc - 1) {
        fprintf(stderr, "hwprof stream: expected exactly one TRACE argument (see --help)\n");
        return 2;
    }
    o->trace = argv[optind];
    if (!o->port && !o->encode_only) {
        fprintf(stderr, "hwprof stream: --port DEV is required (or --encode-only)\n");
        return 2;
    }
    if (o->eid == HWL_ENG_MHASH) return hwp_eo_mhash_finish(cmd, &o->em);
    if (o->eid == HWL_ENG_STRAT) return hwp_eo_strat_finish(cmd, &o->es);
    if (o->eid == HWL_ENG_PFP) return hwp_eo_pfp_finish(cmd, &o->ep);
    return hwp_eo_rap_finish(cmd, &o->er);
}

/* ------------------------------------------------------------ trace -> records */

typedef struct recs {
    hwp_rec *r;
    uint64_t n, cap;
    int field; /* rap */
} recs;

static int recs_push(recs *v, uint64_t a, uint64_t b)
{
    if (v->n == v->cap) {
        uint64_t nc = v->cap ? v->cap * 2 : 65536;
        hwp_rec *nr = realloc(v->r, (size_t)nc * sizeof *nr);
        if (!nr) return -1;
        v->r = nr;
        v->cap = nc;
    }
    memset(&v->r[v->n], 0, sizeof v->r[v->n]);
    v->r[v->n].a = a;
    v->r[v->n].b = b;
    v->n++;
    return 0;
}

/* The records `hwprof run --engine E` feeds its model. */
static int load_records(const sopts *o, recs *v)
{
    hwp_reader *rd;
    hwp_err err;
    memset(v, 0, sizeof *v);
    if (hwp_reader_open(&rd, o->trace, &err)) {
        fprintf(stderr, "hwprof stream: %s\n", err.msg);
        return -1;
    }
    const hwp_trace_info *ti = hwp_reader_info(rd);
    int retire = ti->kind == HWP_KIND_RETIRE;
    if (o->eid == HWL_ENG_PFP && !retire) {
        fprintf(stderr, "hwprof stream: %s: a %s trace; pfp takes retire records\n", o->trace,
                hwp_kind_name(ti->kind));
        hwp_reader_close(rd);
        return -1;
    }
    if (o->eid == HWL_ENG_RAP) {
        if (ti->kind != HWP_KIND_TUPLE1 && ti->kind != HWP_KIND_TUPLE2) {
            fprintf(stderr, "hwprof stream: %s: a %s trace; rap needs tuple1 or tuple2\n", o->trace,
                    hwp_kind_name(ti->kind));
            hwp_reader_close(rd);
            return -1;
        }
        v->field = o->er.field >= 0 ? o->er.field : ti->kind == HWP_KIND_TUPLE2;
        if (v->field == 1 && ti->kind != HWP_KIND_TUPLE2) {
            fprintf(stderr, "hwprof stream: %s: --field b needs a tuple2 trace\n", o->trace);
            hwp_reader_close(rd);
            return -1;
        }
    }
    uint64_t wm = o->eid == HWL_ENG_PFP     ? UINT64_MAX
                  : o->eid == HWL_ENG_MHASH ? hwp_mask(o->em.p.width)
                  : o->eid == HWL_ENG_STRAT ? hwp_mask(o->es.c.width) : hwp_rap_mask(o->er.c.width);
    hwp_rec rec;
    int rc;
    while (!o->max_events || v->n < o->max_events) {
        rc = hwp_reader_next(rd, &rec, &err);
        if (rc < 0) {
            fprintf(stderr, "hwprof stream: %s\n", err.msg);
            goto fail;
        }
        if (rc == 0) break;
        uint64_t a = rec.a, b = rec.b;
        if (o->eid == HWL_ENG_PFP) {
            /* the fields pfp_rec keeps: pc (PC_W bits), insn, class, flags,
             * length, and bit 0 of the value (a poppf's flag) */
            if (recs_push(v, a, b)) {
                fprintf(stderr, "hwprof stream: out of memory\n");
                goto fail;
            }
            rec.a &= hwp_mask(o->ep.p.pc_w);
            rec.b = 0;
            rec.value &= 1u;
            rec.addr = 0;
            v->r[v->n - 1] = rec;
            continue;
        }
        if (o->eid == HWL_ENG_MHASH) {
            mhash_event_of(retire, &rec, &a, &b);
            a &= wm;
            b &= wm;
        } else if (o->eid == HWL_ENG_STRAT) {
            if (!strat_event_of(retire, &rec, &a, &b)) continue;
            a &= wm;
            b &= wm;
        } else {
            a = v->field ? rec.b : rec.a;
            b = 0;
            if (a & ~wm) {
                fprintf(stderr,
                        "hwprof stream: %s: record %" PRIu64 ": key 0x%" PRIx64
                        " does not fit in --width %d\n",
                        o->trace, v->n, a, o->er.c.width);
                goto fail;
            }
        }
        if (recs_push(v, a, b)) {
            fprintf(stderr, "hwprof stream: out of memory\n");
            goto fail;
        }
    }
    hwp_reader_close(rd);
    if (o->eid == HWL_ENG_PFP && v->n == 0) {
        fprintf(stderr, "hwprof stream: %s: empty trace\n", o->trace);
        free(v->r);
        return -1;
    }
    /* refused + promotions <= events: below 2^32 events the board's 32-bit
     * wrapping counters are exact */
    if (o->eid == HWL_ENG_MHASH && v->n > 0xffffffffu) {
        fprintf(stderr, "hwprof stream: %" PRIu64 " events exceed the board's 32-bit refused / "
                        "promotions counters\n", v->n);
        free(v->r);
        return -1;
    }
    if (o->eid == HWL_ENG_RAP && v->n > hwp_rap_mask(o->er.c.cnt_bits)) {
        fprintf(stderr, "hwprof stream: %" PRIu64 " events exceed the %d-bit counters\n", v->n,
                o->er.c.cnt_bits);
        free(v->r);
        return -1;
    }
    return 0;
fail:
    hwp_reader_close(rd);
    free(v->r);
    v->r = NULL;
    return -1;
}

static int wire_kind(int eid)
{
    return eid == HWL_ENG_RAP ? HWP_KIND_TUPLE1 : eid == HWL_ENG_PFP ? HWP_KIND_RETIRE : HWP_KIND_TUPLE2;
}

/* ------------------------------------------------------------ encode-only */

static int encode_only(const sopts *o, const recs *v)
{
    hwl_enc e;
    int kind = wire_kind(o->eid);
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
    int eid;
    int end;
    /* mhash: candidates, and per interval the index of its first candidate */
    hwl_orec *rec; /* CAND / MSG / NODE, in order */
    uint64_t nrec, caprec;
    uint64_t *ivl_start;
    uint64_t nivl, capivl;
    uint64_t since_eoi;
    int have_ctr;
    int no_live_sum; /* rap board built with LIVE_SUM=0: nodes_avg printed as - / null */
    uint64_t ctr[HWL_OREC_MAXF];
    /* pfp: DHASH (dispatch_hash, the shell's FIFO overflow flag) */
    int have_dh;
    uint64_t dh, dh_ovf;
    char err[256];
} result;

static int on_out(void *ctx, const uint8_t *p, size_t n)
{
    result *r = ctx;
    size_t pos = 0;
    while (pos < n) {
        hwl_orec x;
        if (hwl_orec_get(r->eid, p, n, &pos, &x, r->err, sizeof r->err)) {
            if (x.tag == HWL_TAG_COUNTERS && strstr(r->err, "truncated")) {
                size_t l = strlen(r->err);
                snprintf(r->err + l, sizeof r->err - l,
                         " (COUNTERS has %d fields for %s: a bitstream older than this host?)",
                         hwl_orec_fields(r->eid, x.tag), hwl_engine_name(r->eid));
            }
            return -1;
        }
        if (r->end) {
            snprintf(r->err, sizeof r->err, "output record 0x%02x after END", x.tag);
            return -1;
        }
        if (x.tag == HWL_TAG_END) {
            r->end = 1;
        } else if (x.tag == HWL_TAG_COUNTERS) {
            r->have_ctr = 1;
            memcpy(r->ctr, x.f, sizeof r->ctr);
        } else if (r->eid == HWL_ENG_PFP && x.tag == 0x02) {
            r->have_dh = 1;
            r->dh = x.f[0];
            r->dh_ovf = x.f[1];
        } else if (r->eid == HWL_ENG_MHASH && x.tag == 0x02) {
            if (x.f[0] != r->since_eoi) {
                snprintf(r->err, sizeof r->err,
                         "end of interval %" PRIu64 " says %" PRIu64 " candidates, %" PRIu64
                         " were received", r->nivl, x.f[0], r->since_eoi);
                return -1;
            }
            if (r->nivl == r->capivl) {
                r->capivl = r->capivl ? 2 * r->capivl : 1024;
                uint64_t *ni = realloc(r->ivl_start, (size_t)r->capivl * sizeof *ni);
                if (!ni) goto oom;
                r->ivl_start = ni;
            }
            r->ivl_start[r->nivl++] = r->nrec - r->since_eoi;
            r->since_eoi = 0;
        } else {
            if (r->nrec == r->caprec) {
                r->caprec = r->caprec ? 2 * r->caprec : 4096;
                hwl_orec *nr = realloc(r->rec, (size_t)r->caprec * sizeof *nr);
                if (!nr) goto oom;
                r->rec = nr;
            }
            r->rec[r->nrec++] = x;
            r->since_eoi++;
        }
    }
    return 0;
oom:
    snprintf(r->err, sizeof r->err, "out of memory");
    return -1;
}

/* ---- mhash: the format of hwprof run --engine mhash */
static void mh_json_cfg(const sopts *o)
{
    const mhash_params *p = &o->em.p;
    printf("\"engine\": \"mhash\", \"trace\": \"%s\", \"tables\": %d, \"counters\": %u, "
           "\"table_size\": %u, \"counter_bits\": %d, \"accumulator\": %u, \"interval\": %llu, "
           "\"threshold_count\": %u, \"cons\": %d, \"reset\": %d, \"shield\": %d, \"retain\": %d, "
           "\"seed\": %u",
           o->trace, p->tables, p->n_counters, mhash_table_size(p), p->cw, p->acc_k,
           (unsigned long long)p->interval, p->thr, p->cons, p->reset, p->shield, p->retain,
           p->seed);
}

static void print_mhash(const sopts *o, const result *r, uint64_t events)
{
    uint64_t cands = 0;
    if (o->json && !o->summary) printf("{\"intervals\": [\n  ");
    for (uint64_t i = 0; i < r->nivl; i++) {
        uint64_t s = r->ivl_start[i], e = i + 1 < r->nivl ? r->ivl_start[i + 1] : r->nrec;
        if (i + 1 == r->nivl) e = s + (r->nrec - s - (r->since_eoi));
        uint64_t nc = e - s;
        cands += nc;
        if (o->summary) continue;
        if (o->json) {
            printf("%s{\"interval\": %llu, \"candidates\": [", i ? ",\n  " : "",
                   (unsigned long long)i);
            for (uint64_t k = 0; k < nc; k++) {
                const hwl_orec *c = &r->rec[s + k];
                printf("%s{\"a\": \"0x%llx\", \"b\": \"0x%llx\", \"count\": %u}", k ? ", " : "",
                       (unsigned long long)c->f[0], (unsigned long long)c->f[1], (unsigned)c->f[2]);
            }
            printf("]}");
        } else {
            printf("interval %llu: %u candidates\n", (unsigned long long)i, (unsigned)nc);
            for (uint64_t k = 0; k < nc; k++) {
                const hwl_orec *c = &r->rec[s + k];
                printf("  %#llx %#llx %u\n", (unsigned long long)c->f[0],
                       (unsigned long long)c->f[1], (unsigned)c->f[2]);
            }
        }
    }
    uint64_t tail = events - r->nivl * o->em.p.interval;
    if (o->json) {
        printf("%s", o->summary ? "{" : "],\n ");
        mh_json_cfg(o);
        printf(", \"events\": %llu, \"intervals_done\": %llu, \"candidates\": %llu, "
               "\"promotions\": %llu, \"refused\": %llu, \"tail_events\": %llu}\n",
               (unsigned long long)events, (unsigned long long)r->nivl, (unsigned long long)cands,
               (unsigned long long)r->ctr[1], (unsigned long long)r->ctr[0], (unsigned long long)tail);
    } else {
        printf("mhash: %llu events, %llu intervals, %llu candidates reported, %llu promotions, "
               "%llu refused (accumulator full), %llu events in the unfinished last interval\n",
               (unsigned long long)events, (unsigned long long)r->nivl, (unsigned long long)cands,
               (unsigned long long)r->ctr[1], (unsigned long long)r->ctr[0], (unsigned long long)tail);
    }
}

/* ---- strat: the format of hwprof run --engine strat */
static int print_strat(const sopts *o, const result *r, uint64_t events)
{
    strat_prof prof;
    if (strat_prof_init(&prof)) return -1;
    for (uint64_t i = 0; i < r->nrec; i++) {
        const hwl_orec *m = &r->rec[i];
        if (o->messages)
            printf("%" PRIx64 " %" PRIx64 " %u\n", m->f[0], m->f[1], (unsigned)m->f[2]);
        if (strat_prof_add(&prof, m->f[0], m->f[1], (uint32_t)m->f[2])) {
            strat_prof_free(&prof);
            return -1;
        }
    }
    if (!o->messages) {
        size_t cnt;
        hwp_cmap_ent *s = hwp_cmap_sorted(&prof.tup, &cnt);
        if (!s && cnt) {
            strat_prof_free(&prof);
            return -1;
        }
        printf("# strat profile: a b count (events reported by the compressor's messages)\n");
        for (size_t i = 0; i < cnt; i++)
            printf("%" PRIx64 " %" PRIx64 " %" PRIu64 "\n", s[i].a, s[i].b, s[i].count);
        free(s);
    }
    fprintf(stderr, "strat (board): events=%" PRIu64 " messages=%" PRIu64 "\n", events, r->nrec);
    strat_prof_free(&prof);
    return 0;
}

/* ---- rap: the format of hwprof run --engine rap */
static const char *const rap_ctr_name[RAP_NCOUNTERS] = {
    "events", "splits", "merge_batches", "merged_nodes", "overflow", "nodes_max", "stall_cycles"};

static int print_rap(const sopts *o, const result *r, uint64_t n, int field)
{
    const rap_cfg *c = &o->er.c;
    int nn = (int)r->nrec;
    rap_node *nd = calloc((size_t)nn + 1, sizeof *nd);
    int *parent = calloc((size_t)nn + 1, sizeof *parent), *hot = calloc((size_t)nn + 1, sizeof *hot);
    int *ord = calloc((size_t)nn + 1, sizeof *ord);
    uint64_t *est = calloc((size_t)nn + 1, sizeof *est), *w = calloc((size_t)nn + 1, sizeof *w);
    if (!nd || !parent || !hot || !ord || !est || !w) {
        free(nd), free(parent), free(hot), free(ord), free(est), free(w);
        return -1;
    }
    for (int i = 0; i < nn; i++) {
        nd[i].prefix = r->rec[i].f[0];
        nd[i].len = (int)(r->rec[i].f[1] / (uint64_t)c->k);
        nd[i].count = r->rec[i].f[2];
    }
#define LO(x) ((x)->prefix)
#define HI(x) ((x)->prefix + hwp_rap_mask(c->width - (x)->len * c->k))
    for (int i = 0; i < nn; i++) {
        int best = -1;
        for (int j = 0; j < nn; j++) {
            if (nd[j].len >= nd[i].len) continue;
            if (LO(&nd[j]) <= nd[i].prefix && nd[i].prefix <= HI(&nd[j]) &&
                (best < 0 || nd[j].len > nd[best].len))
                best = j;
        }
        parent[i] = best;
    }
    int H = rap_height(c), k = 0;
    for (int L = H; L >= 0; L--)
        for (int i = 0; i < nn; i++)
            if (nd[i].len == L) ord[k++] = i;
    for (int t = 0; t < k; t++) {
        int i = ord[t];
        est[i] += nd[i].count;
        w[i] += nd[i].count;
        hot[i] = (double)w[i] > o->er.hot * (double)n;
        int a = parent[i];
        if (a >= 0) {
            est[a] += est[i];
            if (!hot[i]) w[a] += w[i];
        }
    }
    int nhot = 0;
    for (int i = 0; i < nn; i++) nhot += hot[i];
    const uint64_t *ctr = r->ctr;
    /* as hwprof run: the live count after every event, summed, over events */
    double nodes_avg = n ? (double)ctr[RAP_NCOUNTERS] / (double)n : 1.0;
    char avg[32] = "-", avgj[32] = "null";
    if (!r->no_live_sum) {
        snprintf(avg, sizeof avg, "%.1f", nodes_avg);
        snprintf(avgj, sizeof avgj, "%.2f", nodes_avg);
    }
    if (o->json) {
        printf("{\"engine\":\"rap\",\"trace\":\"%s\",\"field\":\"%c\",\"eps\":%.6f,\"eps_q\":%u,"
               "\"branching\":%d,\"width\":%d,\"entries\":%d,\"buffer\":%d,\"merge_first\":%" PRIu64
               ",\"merge_q\":%d,\"hot_threshold\":%.4f",
               o->trace, field ? 'b' : 'a', o->er.eps, c->eps_q, 1 << c->k, c->width, c->entries,
               1 << c->buf_log2, c->merge_first, c->merge_q, o->er.hot);
        printf(",\"events\":%" PRIu64 ",\"nodes\":%d,\"nodes_max\":%" PRIu64 ",\"nodes_avg\":%s", n,
               nn, ctr[RAP_C_LIVE_MAX], avgj);
        for (int i = RAP_C_SPLITS; i <= RAP_C_OVERFLOW; i++)
            printf(",\"%s\":%" PRIu64, rap_ctr_name[i], ctr[i]);
        printf(",\"hot\":[");
        int q = 0;
        for (int i = 0; i < nn; i++) {
            if (!hot[i]) continue;
            printf("%s{\"lo\":\"0x%" PRIx64 "\",\"hi\":\"0x%" PRIx64 "\",\"prefix_bits\":%d,"
                   "\"share\":%.6f,\"share_incl\":%.6f,\"count\":%" PRIu64 "}",
                   q++ ? "," : "", LO(&nd[i]), HI(&nd[i]), nd[i].len * c->k,
                   n ? (double)w[i] / (double)n : 0, n ? (double)est[i] / (double)n : 0,
                   nd[i].count);
        }
        printf("]");
        if (o->nodes) {
            printf(",\"nodes_list\":[");
            for (int i = 0; i < nn; i++)
                printf("%s{\"prefix\":\"0x%" PRIx64 "\",\"prefix_bits\":%d,\"count\":%" PRIu64 "}",
                       i ? "," : "", nd[i].prefix, nd[i].len * c->k, nd[i].count);
            printf("]");
        }
        printf("}\n");
    } else {
        printf("rap: %s field %c: %" PRIu64 " events, eps %.4g (eps_q %u/65536), b %d, W %d, "
               "%d entries\n",
               o->trace, field ? 'b' : 'a', n, o->er.eps, c->eps_q, 1 << c->k, c->width, c->entries);
        printf("nodes: %d live at the end, %" PRIu64 " max, %s average; %" PRIu64
               " splits, %" PRIu64 " merge batches (%" PRIu64 " nodes folded), %" PRIu64
               " overflowed updates\n",
               nn, ctr[RAP_C_LIVE_MAX], avg, ctr[RAP_C_SPLITS], ctr[RAP_C_BATCHES], ctr[RAP_C_MERGED],
               ctr[RAP_C_OVERFLOW]);
        printf("hot ranges (own count plus non-hot subranges > %.1f%% of events): %d\n",
               100.0 * o->er.hot, nhot);
        int wd = (c->width + 3) / 4;
        for (int L = 0; L <= H; L++)
            for (int i = 0; i < nn; i++) {
                if (!hot[i] || nd[i].len != L) continue;
                printf("  [%0*" PRIx64 ", %0*" PRIx64 "] /%-2d %6.2f%%  (with hot subranges %6.2f%%)\n",
                       wd, LO(&nd[i]), wd, HI(&nd[i]), nd[i].len * c->k,
                       n ? 100.0 * (double)w[i] / (double)n : 0,
                       n ? 100.0 * (double)est[i] / (double)n : 0);
            }
        if (o->nodes) {
            printf("live nodes (slot order): prefix/bits count\n");
            for (int i = 0; i < nn; i++)
                printf("  %0*" PRIx64 "/%-2d %" PRIu64 "\n", wd, nd[i].prefix, nd[i].len * c->k,
                       nd[i].count);
        }
    }
#undef LO
#undef HI
    free(nd), free(parent), free(hot), free(ord), free(est), free(w);
    return 0;
}

/* ---- pfp: the format of hwprof run --engine pfp */
static void print_pfp(const sopts *o, const result *r, uint64_t n)
{
    const uint64_t *s = r->ctr;
    int first = 1;
    if (o->json)
        printf("{\"records\": %llu, \"pfp\": %d, \"cycles\": %llu, \"fetched\": %llu, ",
               (unsigned long long)n, !o->no_pfp, (unsigned long long)s[PFP_S_CYCLES],
               (unsigned long long)s[PFP_S_FETCHED]);
    else
        printf("%-30s %llu\n%-30s %d\n", "records", (unsigned long long)n, "pfp", !o->no_pfp);
    for (int i = 0; i < PFP_S_N; i++) {
        if (o->json) {
            if (i == PFP_S_FETCHED || i == PFP_S_CYCLES) continue;
            printf("%s\"%s\": %llu", first ? "" : ", ", pfp_stat_name(i), (unsigned long long)s[i]);
            first = 0;
        } else {
            printf("%-30s %llu\n", pfp_stat_name(i), (unsigned long long)s[i]);
        }
    }
    if (o->json) printf(", \"dispatch_hash\": \"%016llx\"}\n", (unsigned long long)r->dh);
    else printf("%-30s %016llx\n", "dispatch_hash", (unsigned long long)r->dh);
}

/* ------------------------------------------------------------ the session */

typedef struct build_param {
    int id;
    const char *name, *opt;
    uint64_t want;
    int check;
} build_param;

static int build_params(const sopts *o, build_param *bp)
{
    int n = 0;
#define BP(i, nm, op, v, ck) bp[n++] = (build_param){i, nm, op, (uint64_t)(v), ck}
    if (o->eid == HWL_ENG_MHASH) {
        const mhash_params *p = &o->em.p;
        BP(1, "W", "--width", p->width, 1);
        BP(2, "N_COUNTERS", "--counters", p->n_counters, 1);
        BP(3, "CW", "--counter-bits", p->cw, 1);
        BP(4, "EW", "--epoch-bits", p->ew, o->em.ew_set);
        BP(5, "MAX_TABLES", "--max-tables", p->max_tables, 1);
        BP(6, "ACC_K", "--accumulator", p->acc_k, 1);
        BP(8, "SEED", "--seed", p->seed, 1);
    } else if (o->eid == HWL_ENG_STRAT) {
        const strat_cfg *s = &o->es.c;
        BP(1, "W", "--width", s->width, 1);
        BP(2, "IDX_W", "--entries (log2)", s->idx_bits, 1);
        BP(3, "WAYS", "--ways", s->ways, 1);
        BP(4, "CNT_W", "--counter-bits", s->cnt_bits, 1);
        BP(5, "MISS_W", "--miss-bits", s->miss_bits, 1);
        BP(6, "TAG_W", "--tag-bits", s->tag_bits, 1);
        BP(7, "AK_K", "--ak-entries", s->ak_entries, s->ak_en); /* K matters only with --ak */
        BP(8, "FIFO_AW", "--fifo-depth (log2)", s->fifo_bits, o->es.fifo_set);
        BP(9, "HASH_SEED", "--hash-seed", s->hash_seed, 1);
    } else if (o->eid == HWL_ENG_PFP) {
        const pfp_params *f = &o->ep.p;
        BP(1, "FETCH_W", "--fetch-w", f->fetch_w, 1);
        BP(2, "DEC_W", "--dec-w", f->dec_w, 1);
        BP(3, "FQ", "--fq", f->fq, 1);
        BP(4, "WIN_BITS", "--win-bits", f->win_bits, 1);
        BP(5, "SET_BITS", "--sets (log2)", f->set_bits, 1);
        BP(6, "MIN_LEN", "--min-len", f->min_len, 1);
        BP(7, "SKIP_BITS", "--skip-bits", f->skip_bits, 1);
        BP(8, "BR_PEN", "--br-pen", f->br_pen, 1);
        BP(9, "PC_W", "(hwprof run uses 32)", f->pc_w, 1);
        BP(10, "CNT_W", "(hwprof run uses 64-bit counters)", f->cnt_w, 1);
    } else {
        const rap_cfg *c = &o->er.c;
        BP(1, "W", "--width", c->width, 1);
        BP(2, "K", "--branching (log2)", c->k, 1);
        BP(3, "N", "--entries", c->entries, 1);
        BP(4, "CW", "--counter-bits", c->cnt_bits, 1);
        BP(5, "SB", "--buffer (log2)", c->buf_log2, 1);
        BP(6, "CB", "--buffer-count-bits", c->buf_cnt_bits, 1);
        BP(7, "MERGE_FIRST", "--merge-first", c->merge_first, 1);
        BP(8, "MERGE_Q", "--merge-q", c->merge_q, 1);
    }
#undef BP
    return n;
}

static int check_info(const sopts *o, const hwl_info *in)
{
    static const char *const boards[] = {"simulation", "icebreaker", "ulx3s"};
    const char *bn = in->board >= 0 && in->board <= 2 ? boards[in->board] : "unknown board";
    if (in->engine != o->eid) {
        fprintf(stderr, "hwprof stream: the board (%s) runs engine %s, requested --engine %s\n", bn,
                hwl_engine_name(in->engine) ? hwl_engine_name(in->engine) : "unknown", o->engine);
        return -1;
    }
    if (in->kind != wire_kind(o->eid)) {
        fprintf(stderr, "hwprof stream: the board's %s takes %s records, this host sends %s\n",
                o->engine, hwp_kind_name(in->kind) ? hwp_kind_name(in->kind) : "unknown",
                hwp_kind_name(wire_kind(o->eid)));
        return -1;
    }
    if (in->slots < 1) {
        fprintf(stderr, "hwprof stream: the board reports no receive buffer slots\n");
        return -1;
    }
    build_param bp[16];
    int n = build_params(o, bp), bad = 0;
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
    if (o->eid == HWL_ENG_RAP) {
        uint64_t ls; /* LIVE_SUM: COUNTERS has 8 fields, the 8th the live-node sum or 0 */
        if (!hwl_info_param(in, 13, &ls) || ls > 1) {
            fprintf(stderr, "hwprof stream: the board's rap build reports no LIVE_SUM (INFO "
                            "parameter 13): an older bitstream whose COUNTERS record has 7 "
                            "fields; rebuild the board\n");
            return -1;
        }
    }
    if (o->eid == HWL_ENG_MHASH) {
        uint64_t lw;
        if (hwl_info_param(in, 7, &lw) && lw < 64 && o->em.p.interval > hwp_mask((int)lw)) {
            fprintf(stderr, "hwprof stream: --interval %llu does not fit the board's LW=%llu\n",
                    (unsigned long long)o->em.p.interval, (unsigned long long)lw);
            bad = 1;
        }
    }
    if (bad) fprintf(stderr, "hwprof stream: the board's build does not match the requested "
                             "options (pass the board's values, or rebuild the board)\n");
    return bad ? -1 : 0;
}

static size_t config_payload(const sopts *o, uint8_t *pl)
{
    uint64_t v[8];
    int n;
    if (o->eid == HWL_ENG_MHASH) {
        const mhash_params *p = &o->em.p;
        uint64_t t[] = {(uint64_t)p->tables, (uint64_t)p->cons, (uint64_t)p->reset,
                        (uint64_t)p->shield, (uint64_t)p->retain, p->interval, p->thr};
        n = 7;
        memcpy(v, t, sizeof t);
    } else if (o->eid == HWL_ENG_STRAT) {
        const strat_cfg *s = &o->es.c;
        uint64_t t[] = {(uint64_t)s->mode, s->rate, s->rthr, s->evict, s->replace, s->lfsr_seed,
                        (uint64_t)s->ak_en};
        n = 7;
        memcpy(v, t, sizeof t);
    } else if (o->eid == HWL_ENG_PFP) {
        v[0] = o->no_pfp ? 0 : 1;
        n = 1;
    } else {
        v[0] = o->er.c.eps_q;
        n = 1;
    }
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

static int session(const sopts *o, const recs *v, result *res, hwl_host *h, uint64_t *st,
                   double *secs)
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
    if (check_info(o, &info)) return -1;
    uint64_t ls;
    res->no_live_sum = o->eid == HWL_ENG_RAP && hwl_info_param(&info, 13, &ls) && ls == 0;
    uint32_t div = hwl_divisor(info.clk_khz, o->baud);
    if (info.divisor != div || h->baud != o->baud) {
        if (hwl_host_set_baud(h, &info, o->baud, &info2)) {
            fprintf(stderr, "hwprof stream: %s: %s\n", o->port, h->err);
            return -1;
        }
    }
    uint8_t pl[HWL_MAX_PAYLOAD];
    size_t cl = config_payload(o, pl);
    if (hwl_host_send(h, HWL_RESET, NULL, 0) || hwl_host_send(h, HWL_CONFIG, pl, cl)) goto fail;
    double t0 = mono_s(), last = t0;
    hwl_enc e;
    int kind = wire_kind(o->eid);
    hwl_enc_init(&e, kind);
    for (uint64_t i = 0; i <= v->n; i++) {
        if (i < v->n && hwl_enc_add(&e, &v->r[i])) continue;
        if (e.nrec) {
            if (hwl_host_send_units(h, HWL_TUPLES, e.pl, e.len, (uint32_t)e.nrec)) goto fail;
            sent += e.nrec;
            progress(o, h, sent, v->n, t0, &last, 0);
        }
        hwl_enc_init(&e, kind);
        if (i < v->n) hwl_enc_add(&e, &v->r[i]);
    }
    if (hwl_host_send(h, HWL_EOS, NULL, 0) || hwl_host_flush(h)) goto fail;
    *secs = mono_s() - t0;
    progress(o, h, sent, v->n, t0, &last, 1);
    /* results: poll until END, then once more so the END chunk is popped */
    double idle_since = mono_s();
    double idle_max = 10.0 * (h->retries + 1) * h->timeout_ms / 1000.0;
    while (!res->end) {
        uint64_t before = h->st.out_chunks;
        if (hwl_host_poll(h)) goto fail;
        if (h->st.out_chunks == before) {
            if (mono_s() - idle_since > idle_max) {
                fprintf(stderr, "hwprof stream: %s: the board never finished (no END %.0f s after "
                                "its last output; flags 0x%02x)\n", o->port, idle_max, h->flags);
                return -1;
            }
            struct timespec ts = {0, 10 * 1000 * 1000};
            nanosleep(&ts, NULL);
        } else {
            idle_since = mono_s();
        }
    }
    if (hwl_host_poll(h) || hwl_host_status(h, st)) goto fail;
    if (!(h->flags & HWL_F_DONE)) {
        fprintf(stderr, "hwprof stream: %s: END received but the board does not report done\n",
                o->port);
        return -1;
    }
    if (st[HWL_ST_ACCEPTED] != v->n) {
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
    fprintf(stderr, "hwprof stream: %s: stopped with %" PRIu64 " of %" PRIu64 " tuples confirmed "
                    "by the board (%" PRIu64 " sent); no profile\n", o->port, h->st.units_acked,
            v->n, sent);
    return -1;
}

int hwp_cmd_stream(int argc, char **argv)
{
    /* an engine with a host loop of its own (the co-processor's virtual time) */
    const hwp_engine *eng = hwp_engine_find(engine_arg(argc, argv));
    if (eng && eng->stream) return eng->stream(argc, argv);
    sopts o;
    int pr = parse(argc, argv, &o);
    if (pr) return pr == 1 ? 0 : 2;
    if (!o.progress) o.progress = isatty(2);
    if (!o.encode_only && !hwp_port_baud_ok(o.baud)) {
        fprintf(stderr, "hwprof stream: --baud %u: not a rate this host's termios can set (use one "
                        "of 115200 230400 460800 500000 576000 921600 1000000 1152000 1500000 "
                        "2000000 2500000 3000000 3500000 4000000)\n", o.baud);
        return 2;
    }
    recs v;
    if (load_records(&o, &v)) return 1;
    if (o.encode_only) {
        int rc = encode_only(&o, &v);
        free(v.r);
        return rc ? 1 : 0;
    }
    hwl_io io;
    if (hwp_port_open(o.port, &io)) {
        free(v.r);
        return 1;
    }
    hwl_host h;
    result res;
    memset(&res, 0, sizeof res);
    res.eid = o.eid;
    if (hwl_host_init(&h, &io, o.timeout_ms, o.retries)) {
        fprintf(stderr, "hwprof stream: out of memory\n");
        hwp_port_close(&io);
        free(v.r);
        return 1;
    }
    h.on_out = on_out;
    h.out_ctx = &res;
    if (getenv("HWPROF_LINK_TRACE")) h.trace = stderr;
    uint64_t st[HWL_ST_N];
    double secs = 0;
    int rc = session(&o, &v, &res, &h, st, &secs);
    hwp_port_close(&io);
    if (rc == 0) {
        if (o.eid == HWL_ENG_MHASH && !res.have_ctr) {
            fprintf(stderr, "hwprof stream: %s: no COUNTERS record from the board\n", o.port);
            rc = -1;
        } else if (o.eid == HWL_ENG_MHASH && res.since_eoi) {
            fprintf(stderr, "hwprof stream: %s: protocol error: %" PRIu64 " candidates after the "
                            "last end of interval\n", o.port, res.since_eoi);
            rc = -1;
        } else if ((o.eid == HWL_ENG_RAP || o.eid == HWL_ENG_PFP) && !res.have_ctr) {
            fprintf(stderr, "hwprof stream: %s: no COUNTERS record from the board\n", o.port);
            rc = -1;
        } else if (o.eid == HWL_ENG_PFP && !res.have_dh) {
            fprintf(stderr, "hwprof stream: %s: no DHASH record (dispatch_hash) from the board "
                            "(a bitstream older than the host?)\n", o.port);
            rc = -1;
        } else if (o.eid == HWL_ENG_PFP && res.dh_ovf) {
            fprintf(stderr, "hwprof stream: %s: the board's dispatch FIFO overflowed (flag %" PRIu64
                            "): dispatch_hash is incomplete (a shell bug)\n", o.port, res.dh_ovf);
            rc = -1;
        }
    }
    if (rc == 0) {
        if (o.eid == HWL_ENG_MHASH) print_mhash(&o, &res, st[HWL_ST_ACCEPTED]);
        else if (o.eid == HWL_ENG_STRAT) rc = print_strat(&o, &res, v.n);
        else if (o.eid == HWL_ENG_PFP) print_pfp(&o, &res, v.n);
        else rc = print_rap(&o, &res, v.n, v.field);
        if (rc) fprintf(stderr, "hwprof stream: out of memory\n");
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
    hwl_host_free(&h);
    free(res.rec);
    free(res.ivl_start);
    free(v.r);
    return rc ? 1 : 0;
}
