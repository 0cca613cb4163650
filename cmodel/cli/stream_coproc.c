/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof stream --engine coproc: the profiling co-processor on a board, in
 * virtual time (cmodel/coproc/cp_vtime.h, docs/protocol.md), as the
 * co-processor's side of the one board session (engine.h, stream.c). The
 * host software (cp_host: program load, interrupt handler, timers, final
 * copy) runs here; the board runs the co-processor only as far as the host
 * allows (RUN to the next timer deadline / interrupt / end, or BATCH: the
 * queued host-port commands) and reports where it stopped; the host replays
 * those cycles through cp_host_cycle and goes on (the host hook). The
 * printed profile is the one `hwprof run --engine coproc` prints for the
 * same trace and options, by the same printer.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "coproc/cp_vtime.h"
#include "eng_coproc.h"
#include "engine.h"
#include "link/link.h"
#include "trace.h"

/* the engine's lines of `hwprof stream --engine coproc --help` */
static const char cp_help[] =
    "coproc options (as hwprof run --engine coproc): --program value|edge\n"
    "  --program-file F --cam-aw N --da-aw N --sb-aw N --ft-aw N --no-mask\n"
    "  --part-period N --copy-period N --remask-period N --max-records N --top K\n"
    "  (the host software runs here, the board runs the co-processor between its\n"
    "  decisions, in virtual time; text output only)\n";

/* what the board sent since the last stop */
typedef struct sc_out {
    uint64_t *rd;
    size_t nr, cap;
    int stopped;
    uint64_t stop[3];
} sc_out;

typedef struct cp_link {
    hwp_coproc_opts o;
    int riscv;          /* the trace is RV64 (the board's RISCV parameter) */
    int have_host;
    cp_host ch;         /* the host software */
    uint64_t rf_aw, cf_aw; /* the board's record and command FIFOs, log2 */
    sc_out out;
    uint64_t ctr[2];    /* the co-processor's processed and dropped counts at the end */
    uint64_t requests, replayed;
    /* the host loop (cpl_loop_init, cpl_request, cpl_stopped) */
    int have_loop;
    cp_vhost v;
    cpv_entry *e;       /* the current request's entries */
    int fin;            /* the counters are read: the next request is FIN */
} cp_link;

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
static int wait_stop(hwl_host *h, const sc_out *so, const hwp_sess *ss, int want_end,
                     double idle_max)
{
    if (hwl_host_flush(h)) return -1;
    double since = mono_s();
    while (want_end ? !ss->end : !so->stopped) {
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

static void cpl_init(void *vs)
{
    hwp_coproc_init(&((cp_link *)vs)->o);
}

static int cpl_opt(const char *cmd, int code, const char *arg, void *vs)
{
    return hwp_coproc_opt(cmd, code, arg, &((cp_link *)vs)->o);
}

static int cpl_finish(const char *cmd, void *vs)
{
    return hwp_coproc_finish(cmd, &((cp_link *)vs)->o);
}

/* a retire trace; --max-records limits the records sent; the host software
 * is set up before the port opens */
static int cpl_begin(void *vs, hwp_sess *ss, const hwp_trace_info *ti)
{
    cp_link *s = vs;
    s->o.trace = ss->trace;
    if (ti->kind != HWP_KIND_RETIRE) {
        fprintf(stderr, "hwprof %s: %s: a %s trace; the co-processor needs a retire trace\n",
                ss->cmd, ss->trace, hwp_kind_name(ti->kind));
        return -1;
    }
    s->riscv = ti->isa == HWP_ISA_RISCV64;
    if (s->o.max_records != UINT64_MAX && (!ss->max || s->o.max_records < ss->max))
        ss->max = s->o.max_records;
    if (hwp_coproc_host(ss->cmd, &s->o, &s->ch)) return -1;
    s->have_host = 1;
    return 0;
}

/* the fields the co-processor takes: 32-bit pc, value, address */
static int cpl_map(const void *vs, const hwp_sess *ss, const hwp_rec *in, hwp_rec *out)
{
    (void)vs, (void)ss;
    *out = *in;
    out->a &= 0xffffffffu;
    out->value &= 0xffffffffu;
    out->addr &= 0xffffffffu;
    out->b = 0;
    return 1;
}

static int cpl_params(const void *vs, hwp_bparam *bp)
{
    const cp_link *s = vs;
    const cp_cfg *c = &s->o.cfg;
    int n = 0;
#define BP(nm, op, v) bp[n++] = HWP_BPARAM(COPROC, nm, op, v, 1)
    BP(UC_AW, "fixed", c->uc_aw);
    BP(CAM_AW, "--cam-aw", c->cam_aw);
    BP(DA_AW, "--da-aw", c->da_aw);
    BP(SB_AW, "--sb-aw", c->sb_aw);
    BP(FT_AW, "--ft-aw", c->ft_aw);
    BP(RISCV, "the trace's ISA", s->riscv);
#undef BP
    return n;
}

static int cpl_info(void *vs, const hwp_sess *ss, const hwl_info *in)
{
    cp_link *s = vs;
    if (hwl_info_param(in, HWL_PAR_COPROC_RF_AW, &s->rf_aw) &&
        hwl_info_param(in, HWL_PAR_COPROC_CF_AW, &s->cf_aw) && s->rf_aw >= 1 && s->rf_aw <= 16 &&
        s->cf_aw <= 16)
        return 0;
    fprintf(stderr, "hwprof %s: the board does not report usable FIFO sizes (RF_AW, CF_AW)\n",
            ss->cmd);
    return 1;
}

/* read data (RDATA) and the stop report (STOP) of each request */
static int cpl_collect(void *vs, const hwl_orec *r, char *err, size_t errn)
{
    sc_out *o = &((cp_link *)vs)->out;
    if (r->tag == CPV_TAG_RDATA) {
        if (o->stopped) {
            snprintf(err, errn, "read data after a stop report");
            return -1;
        }
        if (o->nr == o->cap) {
            size_t nc = o->cap ? 2 * o->cap : 1024;
            uint64_t *q = realloc(o->rd, nc * sizeof *q);
            if (!q) {
                snprintf(err, errn, "out of memory");
                return -1;
            }
            o->rd = q;
            o->cap = nc;
        }
        o->rd[o->nr++] = r->f[0];
    } else if (r->tag == CPV_TAG_STOP) {
        if (o->stopped) {
            snprintf(err, errn, "two stop reports for one request");
            return -1;
        }
        memcpy(o->stop, r->f, sizeof o->stop);
        o->stopped = 1;
    }
    return 0;
}

/* The host loop in virtual time, one request at a time, for both transports:
 * the link (cpl_host) and an adapter fed directly (cpl_hostop, the SoC
 * harness). Each request is answered by a stop report (after FIN: by END);
 * cpl_stopped takes it before cpl_request makes the next. The loop runs the
 * host software until it is done, then reads the co-processor's counters
 * for the printout (nothing changes them any more: it is stopped, no
 * records), then sends FIN. */
static int cpl_loop_init(cp_link *s, char *err, size_t errn)
{
    cp_vhost_init(&s->v, &s->ch, (size_t)1 << s->cf_aw);
    s->e = malloc((((size_t)1 << s->cf_aw) + 8) * sizeof *s->e);
    if (!s->e) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    s->have_loop = 1;
    return 0;
}

/* The next request's entries in s->e; returns their count. */
static size_t cpl_request(cp_link *s)
{
    cpv_entry *e = s->e;
    s->out.nr = 0;
    s->out.stopped = 0;
    if (s->fin) {
        e[0].op = CPV_OP_FIN;
        e[0].addr = 0;
        e[0].data = 0;
        return 1;
    }
    if (!cp_host_done(&s->ch)) return cp_vhost_request(&s->v, e);
    const uint16_t a[2] = {CP_SP_FILT << 12 | CP_F_PROCESSED, CP_SP_FILT << 12 | CP_F_DROPPED};
    for (int k = 0; k < 2; k++) {
        e[k].op = CPV_OP_READ;
        e[k].addr = a[k];
        e[k].data = 0;
    }
    e[2].op = CPV_OP_BATCH;
    e[2].addr = 1;
    e[2].data = 0;
    return 3;
}

/* The stop report of the request before FIN (in s->out): replayed into the
 * host software, or the counters taken. 0, or -1 with err filled. */
static int cpl_stopped(cp_link *s, char *err, size_t errn)
{
    sc_out *out = &s->out;
    char msg[200];
    if (cp_host_done(&s->ch)) {
        if (out->nr != 2) {
            snprintf(err, errn, "%zu read responses to the 2 counter reads", out->nr);
            return -1;
        }
        s->ctr[0] = out->rd[0];
        s->ctr[1] = out->rd[1];
        s->fin = 1;
        return 0;
    }
    if (cp_vhost_report(&s->v, out->stop[0], (unsigned)out->stop[1], out->stop[2], out->rd, out->nr,
                        msg)) {
        snprintf(err, errn, "protocol error: %s", msg);
        return -1;
    }
    return 0;
}

/* The link: the records up to the board's FIFO room, then the host loop's
 * next request, until END. */
static int cpl_host(void *vs, const hwp_sess *ss, hwl_host *h, const hwl_info *in,
                    const hwp_rec *r, uint64_t n)
{
    cp_link *s = vs;
    cp_host *ch = &s->ch;
    (void)in;
    if (hwl_host_send(h, HWL_RESET, NULL, 0) || cpl_loop_init(s, h->err, sizeof h->err)) return -1;
    const uint64_t rcap = 1ull << s->rf_aw;
    double t0 = mono_s(), last = t0;
    double idle_max = 10.0 * (h->retries + 1) * h->timeout_ms / 1000.0;
    uint64_t sent = 0;
    int eos_sent = 0;
    for (;;) {
        /* records up to the board's FIFO room */
        uint64_t consumed = ch->now < n ? ch->now : n;
        uint64_t lim = consumed + rcap < n ? consumed + rcap : n;
        while (sent < lim) {
            hwl_enc enc;
            hwl_enc_init(&enc, HWP_KIND_RETIRE);
            while (sent < lim && hwl_enc_add(&enc, &r[sent])) sent++;
            if (hwl_host_send(h, HWL_TUPLES, enc.pl, enc.len)) return -1;
        }
        if (sent == n && !eos_sent) {
            if (hwl_host_send(h, HWL_EOS, NULL, 0)) return -1;
            eos_sent = 1;
        }
        int fin = s->fin;
        size_t ne = cpl_request(s);
        if (send_entries(h, s->e, ne) || wait_stop(h, &s->out, ss, fin, idle_max)) return -1;
        if (fin) break;
        if (cpl_stopped(s, h->err, sizeof h->err)) return -1;
        if (ss->progress && mono_s() - last > 0.5) {
            last = mono_s();
            fprintf(stderr, "\rstream: %" PRIu64 "/%" PRIu64 " records, virtual cycle %" PRIu64
                            ", %" PRIu64 " requests, %" PRIu64 " retransmits   ",
                    consumed, n, ch->now, s->v.requests, h->st.retransmits);
        }
    }
    if (ss->progress) fprintf(stderr, "\n");
    s->requests = s->v.requests;
    s->replayed = s->v.replayed;
    return 0;
}

/* An adapter fed directly: the first request, then the next one after each
 * stop report (none after FIN; END ends the loop). */
static long cpl_hostop(void *vs, const hwp_sess *ss, const cpv_entry **e, char *err, size_t errn)
{
    cp_link *s = vs;
    *e = NULL;
    if (!s->have_loop) {
        if (cpl_loop_init(s, err, errn)) return -1;
    } else {
        if (ss->end || !s->out.stopped) return 0;
        if (s->fin) {
            snprintf(err, errn, "a stop report after FIN");
            return -1;
        }
        if (cpl_stopped(s, err, errn)) return -1;
    }
    size_t ne = cpl_request(s);
    s->requests = s->v.requests;
    s->replayed = s->v.replayed;
    *e = s->e;
    return (long)ne;
}

static int cpl_report(void *vs, const hwp_sess *ss)
{
    cp_link *s = vs;
    cp_host *ch = &s->ch;
    fprintf(stderr, "coproc: virtual cycles=%" PRIu64 " requests=%" PRIu64 " replayed_cycles=%" PRIu64
                    "\n", ch->now, s->requests, s->replayed);
    if (ch->bt_mismatch) {
        fprintf(stderr, "hwprof %s: the co-processor's PC filter bit table differs from the "
                        "host's copy in %" PRIu64 " of %" PRIu64 " entries read back\n",
                ss->cmd, ch->bt_mismatch, ch->bt_checked);
        return -1;
    }
    return hwp_coproc_print_run(&s->o, ch, ss->events, (uint32_t)s->ctr[0], (uint32_t)s->ctr[1])
               ? -1 : 0;
}

static void cpl_free(void *vs)
{
    cp_link *s = vs;
    free(s->out.rd);
    free(s->e);
    if (s->have_host) cp_host_free(&s->ch);
}

const hwp_link_eng hwp_link_coproc = {
    HWL_ENG_COPROC, HWP_KIND_RETIRE, sizeof(cp_link), cp_help, 0, 0, hwp_coproc_optab, NULL, NULL,
    cpl_init, cpl_opt, cpl_finish, cpl_begin, cpl_map, NULL, cpl_params, cpl_info, NULL,
    cpl_collect, cpl_host, cpl_hostop, cpl_report, cpl_free};
