/* SPDX-License-Identifier: Apache-2.0
 * The SoC harness's engine session (soc_engine.h). */
#include "soc_engine.h"
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "engopt.h"
#include "coproc/cp_vtime.h"
#include "soc_retire.h"

struct soc_eng {
    const hwp_link_eng *le;
    void *s;      /* the engine's session state */
    hwp_sess ss;  /* what the session knows besides the engine */
    hwl_orec cur; /* the output record being assembled */
    int open;     /* cur has its tag, more pieces may follow */
    const cpv_entry *hq; /* HOSTOP entries still to send: hq[hh .. hn), the host loop's */
    size_t hh, hn;
};

soc_eng *soc_eng_open(const char *name, const char *trace, int argc, char **argv)
{
    const hwp_engine *eng = hwp_engine_find(name);
    if (!eng || !eng->link) {
        fprintf(stderr, "soc: engine '%s' has no link interface\n", name);
        return NULL;
    }
    soc_eng *e = calloc(1, sizeof *e);
    if (!e || !(e->s = calloc(1, eng->link->size))) {
        free(e);
        fprintf(stderr, "soc: out of memory\n");
        return NULL;
    }
    e->le = eng->link;
    e->ss.cmd = "soc";
    e->ss.trace = trace;
    e->le->init(e->s);
    struct option lo[64];
    if (hwp_eo_cat(lo, 64, e->le->opts, e->le->out_opts)) goto fail;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
        int r = e->le->opt("soc", c, optarg, e->s);
        if (r == 2) goto fail;
        if (r == 1) {
            fprintf(stderr, "soc: '%s' is not an option of hwprof run --engine %s that the SoC "
                            "takes\n", argv[optind - 1], name);
            goto fail;
        }
    }
    if (optind != argc) {
        fprintf(stderr, "soc: unexpected argument '%s' in the engine options\n", argv[optind]);
        goto fail;
    }
    if (e->le->finish("soc", e->s)) goto fail;
    hwp_trace_info ti;
    soc_trace_info(&ti);
    if (e->le->begin(e->s, &e->ss, &ti)) goto fail;
    return e;
fail:
    soc_eng_close(e);
    return NULL;
}

void soc_eng_close(soc_eng *e)
{
    if (!e) return;
    if (e->le->free) e->le->free(e->s);
    free(e->s);
    free(e);
}

int soc_eng_check_info(soc_eng *e, const uint32_t info[16])
{
    hwl_info in;
    memset(&in, 0, sizeof in);
    in.engine = e->le->id;
    in.kind = e->le->kind;
    in.np = 16;
    for (int i = 0; i < 16; i++) {
        in.pid[i] = (uint8_t)(i + 1);
        in.pval[i] = info[i];
    }
    hwp_bparam bp[HWP_BPARAM_MAX];
    int n = e->le->params(e->s, bp), bad = 0;
    for (int i = 0; i < n; i++) {
        uint64_t v;
        if (hwl_info_param(&in, bp[i].id, &v) && bp[i].check && v != bp[i].want) {
            fprintf(stderr, "soc: the SoC's engine is built with %s=%" PRIu64
                            ", the engine options give %" PRIu64 " (%s)\n",
                    bp[i].name, v, bp[i].want, bp[i].opt);
            bad = 1;
        }
    }
    int r = e->le->info ? e->le->info(e->s, &e->ss, &in) : 0;
    if (bad || r)
        fprintf(stderr, "soc: pass the engine options that match the build (make soc-sim SOC_OPTS=...), "
                        "or build another configuration (CONFIG=...)\n");
    return bad || r ? -1 : 0;
}

int soc_eng_config(const soc_eng *e, uint64_t v[8])
{
    return e->le->config ? e->le->config(e->s, v) : 0;
}

int soc_eng_record(soc_eng *e, const hwp_rec *r)
{
    hwp_rec out;
    int rc = e->le->map(e->s, &e->ss, r, &out);
    if (rc < 0) return -1;
    e->ss.events += (uint64_t)rc;
    return 0;
}

uint64_t soc_eng_events(const soc_eng *e) { return e->ss.events; }

int soc_eng_orec(soc_eng *e, uint8_t tag, int n, int cont, int last, const uint64_t f[3],
                 char *err, size_t errn)
{
    if (e->ss.end) {
        snprintf(err, errn, "output record 0x%02x after END", tag);
        return -1;
    }
    if (cont != e->open) {
        snprintf(err, errn, cont ? "a continued output record without its start"
                                 : "output record 0x%02x before the last one ended", tag);
        return -1;
    }
    if (!cont) {
        memset(&e->cur, 0, sizeof e->cur);
        e->cur.tag = tag;
    }
    for (int i = 0; i < n; i++) {
        if (e->cur.nf == HWL_OREC_MAXF) {
            snprintf(err, errn, "output record 0x%02x has too many fields", e->cur.tag);
            return -1;
        }
        e->cur.f[e->cur.nf++] = f[i];
    }
    e->open = !last;
    if (!last) return 0;
    int want = hwl_orec_fields(e->le->id, e->cur.tag);
    if (want != e->cur.nf) {
        snprintf(err, errn, "output record 0x%02x with %d fields (the engine's description: %d)",
                 e->cur.tag, e->cur.nf, want);
        return -1;
    }
    if (e->cur.tag == HWL_TAG_END) {
        e->ss.end = 1;
        return 1;
    }
    if (e->cur.tag == HWL_TAG_COUNTERS) {
        e->ss.have_ctr = 1;
        memcpy(e->ss.ctr, e->cur.f, sizeof e->ss.ctr);
        return 0;
    }
    return e->le->collect(e->s, &e->cur, err, errn) ? -1 : 0;
}

int soc_eng_host(soc_eng *e, char *err, size_t errn)
{
    if (!e->le->hostop) return 0;
    const cpv_entry *x;
    long n = e->le->hostop(e->s, &e->ss, &x, err, errn);
    if (n <= 0) return (int)n;
    /* a request follows the stop report of the previous one, which the
     * adapter sends only after it took that request's last entry */
    if (e->hh < e->hn) {
        snprintf(err, errn, "the host loop's next request before its last one was sent");
        return -1;
    }
    e->hq = x;
    e->hh = 0;
    e->hn = (size_t)n;
    return 0;
}

int soc_eng_hop(const soc_eng *e, uint8_t *op, uint16_t *addr, uint64_t *wdata)
{
    if (e->hh == e->hn) return 0;
    *op = e->hq[e->hh].op;
    *addr = e->hq[e->hh].addr;
    *wdata = e->hq[e->hh].data;
    return 1;
}

void soc_eng_hop_pop(soc_eng *e)
{
    if (e->hh < e->hn) e->hh++;
}

int soc_eng_report(soc_eng *e)
{
    if (!e->ss.end) {
        fprintf(stderr, "soc: the engine never sent END\n");
        return -1;
    }
    if (e->le->end && e->le->end(e->s, &e->ss)) return -1;
    if (e->le->counters && !e->ss.have_ctr) {
        fprintf(stderr, "soc: no COUNTERS record from the engine\n");
        return -1;
    }
    int rc = e->le->report(e->s, &e->ss);
    fflush(stdout);
    return rc;
}
