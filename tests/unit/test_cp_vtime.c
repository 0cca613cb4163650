/* SPDX-License-Identifier: Apache-2.0
 *
 * Virtual time (cmodel/coproc/cp_vtime.h): the co-processor run by the board
 * sequencer (cp_seq) under a host that only sees stop reports (cp_vhost) must
 * give exactly what `hwprof run --engine coproc` computes clock by clock
 * (the loop of cmodel/cli/eng_coproc.c, repeated here as the reference): the
 * same cycle count, the same copied slots / edges with their copy times, the
 * same host counters and the same co-processor counters. Small FIFOs,
 * records delivered in random amounts and a randomly full output queue force
 * every kind of early stop (records, commands, output room).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coproc/coproc.h"
#include "coproc/cp_asm.h"
#include "coproc/cp_host.h"
#include "coproc/cp_vtime.h"
#include "trace.h"
#include "check.h"


typedef struct sys {
    cp_cfg cfg;
    int prog;
    const char *src;
    cp_host_params prm;
} sys;

static uint64_t rng = 88172645463325252ull;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int host_init(const sys *s, cp_host *h)
{
    char msg[700];
    char *src = cp_read_file(s->src, msg, sizeof msg);
    cp_image img;
    if (!src || cp_assemble(src, s->src, s->cfg.uc_aw, s->cfg.cam_aw, &img, msg, sizeof msg)) {
        printf("FAIL: %s\n", msg);
        free(src);
        return -1;
    }
    free(src);
    int rc = cp_host_init(h, &s->cfg, &img, s->prog, &s->prm, msg);
    cp_image_free(&img);
    if (rc) printf("FAIL: %s\n", msg);
    return rc;
}

/* the clock-by-clock system of hwprof run */
static int reference(const sys *s, const hwp_rec *r, uint64_t n, coproc *m, cp_host *h,
                     uint64_t *cycles)
{
    char msg[200];
    if (cp_init(m, &s->cfg, 1, msg) || host_init(s, h)) return -1;
    uint64_t i = 0;
    *cycles = 0;
    for (;;) {
        cp_in in;
        cp_out out;
        cp_hcmd hc;
        memset(&in, 0, sizeof in);
        memset(&hc, 0, sizeof hc);
        int have = i < n;
        if (have) {
            in.ret_valid = 1;
            in.ret_pc = (uint32_t)r[i].a;
            in.ret_insn = r[i].insn;
            in.ret_value = (uint32_t)r[i].value;
            in.ret_addr = (uint32_t)r[i].addr;
            in.ret_cls = r[i].cls & 15u;
            in.ret_flags = r[i].flags & 7u;
        }
        int offer = cp_host_peek(h, &hc);
        in.host_valid = offer;
        in.host_op = hc.op;
        in.host_addr = hc.addr;
        in.host_wdata = hc.data;
        in.rsp_ready = 1;
        cp_step(m, &in, &out);
        (*cycles)++;
        if (have && out.ret_ready) i++;
        cp_host_cycle(h, offer && out.host_ready, out.rsp_valid, out.rsp_data, out.irq, i >= n);
        if (i >= n && cp_host_done(h)) return 0;
        if (*cycles > 100000000ull) return -1;
    }
}

/* the same system in virtual time */
static int vtime(const sys *s, const hwp_rec *r, uint64_t n, size_t rcap, size_t ccap, cp_seq *q,
                 cp_host *h, uint64_t *stops)
{
    char msg[200];
    cp_vhost v;
    if (cp_seq_init(q, &s->cfg, 1, rcap, ccap, msg) || host_init(s, h)) return -1;
    cp_vhost_init(&v, h, ccap);
    uint64_t sent = 0;
    int eos_sent = 0;
    size_t rcap_rd = 4096;
    uint64_t *rd = malloc(rcap_rd * sizeof *rd);
    cpv_entry *e = malloc((ccap + 2) * sizeof *e);
    *stops = 0;
    while (!cp_host_done(h)) {
        /* records: up to the FIFO's room as the host knows it, in a random
         * amount (but enough for the board to make progress) */
        uint64_t consumed = h->now < n ? h->now : n;
        uint64_t lim = consumed + rcap < n ? consumed + rcap : n;
        uint64_t want = sent + (lim > sent ? rnd() % (lim - sent + 1) : 0);
        if (want < consumed + 2 && want < lim) want = consumed + 2 < lim ? consumed + 2 : lim;
        for (; sent < want; sent++) CHECK(cp_seq_push_rec(q, &r[sent]) == 1, "record FIFO full");
        if (sent == n && !eos_sent) {
            cp_seq_eos(q);
            eos_sent = 1;
        }
        size_t ne = cp_vhost_request(&v, e);
        for (size_t k = 0; k < ne; k++) CHECK(cp_seq_entry(q, &e[k]) == 1, "entry refused");
        size_t nr = 0;
        int stopped = 0;
        uint64_t st[3] = {0, 0, 0};
        for (uint64_t clk = 0; !stopped; clk++) {
            cps_out o;
            cp_seq_clock(q, rnd() % 4, &o);
            for (int k = 0; k < o.n; k++) {
                if (o.tag[k] == CPV_TAG_RDATA) {
                    if (nr == rcap_rd) {
                        rcap_rd *= 2;
                        rd = realloc(rd, rcap_rd * sizeof *rd);
                    }
                    rd[nr++] = o.f[k][0];
                } else {
                    memcpy(st, o.f[k], sizeof st);
                    stopped = 1;
                }
            }
            if (clk > 100000000ull) {
                printf("FAIL: the board never stopped\n");
                free(rd);
                free(e);
                return -1;
            }
        }
        (*stops)++;
        if (cp_vhost_report(&v, st[0], (unsigned)st[1], st[2], rd, nr, msg)) {
            printf("FAIL: report: %s\n", msg);
            free(rd);
            free(e);
            return -1;
        }
    }
    free(rd);
    free(e);
    return 0;
}

static void compare(const char *name, const sys *s, const hwp_rec *r, uint64_t n, size_t rcap,
                    size_t ccap)
{
    coproc m;
    cp_host h1, h2;
    cp_seq q;
    uint64_t cycles = 0, stops = 0;
    if (reference(s, r, n, &m, &h1, &cycles)) {
        fails++;
        printf("FAIL %s: reference run\n", name);
        return;
    }
    if (vtime(s, r, n, rcap, ccap, &q, &h2, &stops)) {
        fails++;
        printf("FAIL %s: virtual-time run\n", name);
    } else {
        CHECK(h2.now == cycles, "%s: cycles %" PRIu64 " vs %" PRIu64, name, h2.now, cycles);
        CHECK(q.consumed == n, "%s: consumed %" PRIu64 " of %" PRIu64, name, q.consumed, n);
        CHECK(q.m.processed == m.processed && q.m.dropped == m.dropped && q.m.tagged == m.tagged &&
                  q.m.retired == m.retired,
              "%s: counters processed %u/%u dropped %u/%u tagged %u/%u", name, q.m.processed,
              m.processed, q.m.dropped, m.dropped, q.m.tagged, m.tagged);
        int slots_eq = h1.nslots == h2.nslots;
        for (size_t k = 0; slots_eq && k < h1.nslots; k++) {
            const cp_slot_rec *a = &h1.slots[k], *b = &h2.slots[k];
            slots_eq = a->pc == b->pc && a->active == b->active && a->hits == b->hits &&
                       a->misses == b->misses && a->total == b->total && a->time == b->time;
        }
        CHECK(slots_eq, "%s: slots %zu vs %zu", name, h1.nslots, h2.nslots);
        int edges_eq = h1.nedges == h2.nedges;
        for (size_t k = 0; edges_eq && k < h1.nedges; k++)
            edges_eq = h1.edges[k].pc == h2.edges[k].pc && h1.edges[k].target == h2.edges[k].target &&
                       h1.edges[k].taken == h2.edges[k].taken &&
                       h1.edges[k].not_taken == h2.edges[k].not_taken;
        CHECK(edges_eq, "%s: edges %zu vs %zu", name, h1.nedges, h2.nedges);
        CHECK(h1.interrupts == h2.interrupts && h1.thrash_irqs == h2.thrash_irqs &&
                  h1.timer_copies == h2.timer_copies && h1.ticks == h2.ticks &&
                  h1.remasks == h2.remasks && h1.masked == h2.masked && h1.reads == h2.reads &&
                  h1.writes == h2.writes && h1.slots_copied == h2.slots_copied &&
                  h1.part_bits == h2.part_bits && h1.bt_checked == h2.bt_checked &&
                  h1.bt_set == h2.bt_set && h2.bt_mismatch == 0,
              "%s: host counters differ (interrupts %" PRIu64 "/%" PRIu64 ")", name, h1.interrupts,
              h2.interrupts);
        printf("%s: %" PRIu64 " records, %" PRIu64 " cycles, %" PRIu64 " interrupts (%" PRIu64
               " thrash, %" PRIu64 " timer copies, %" PRIu64 " ticks), %zu slots, %zu edges, %u "
               "dropped, %" PRIu64 " stops: identical\n",
               name, n, cycles, h1.interrupts, h1.thrash_irqs, h1.timer_copies, h1.ticks,
               h1.nslots, h1.nedges, m.dropped, stops);
        cp_seq_free(&q);
    }
    cp_free(&m);
    cp_host_free(&h1);
    cp_host_free(&h2);
}

int main(void)
{
    hwp_reader *rd;
    hwp_err err;
    const uint64_t n = 150000;
    hwp_rec *r = malloc(n * sizeof *r);
    if (!r || hwp_reader_open(&rd, "tests/traces/rv-lz-retire.hwpt", &err)) {
        printf("FAIL: cannot read the trace\n");
        return 1;
    }
    uint64_t got = 0;
    while (got < n && hwp_reader_next(rd, &r[got], &err) == 1) got++;
    hwp_reader_close(rd);

    sys small;
    cp_cfg_default(&small.cfg);
    small.cfg.cam_aw = 3;
    small.cfg.da_aw = 5;
    small.cfg.sb_aw = 2;
    small.cfg.ft_aw = 8;
    small.prog = CP_PROG_VALUE;
    small.src = "tests/coproc/value.s";
    cp_host_params_default(&small.prm);
    small.prm.cntw = 6;
    small.prm.part_period = 20000;
    small.prm.copy_period = 30000;
    small.prm.remask_period = 70000;
    compare("small value, fifo 2/1", &small, r, got, 2, 1);
    compare("small value, fifo 7/3", &small, r, got, 7, 3);
    compare("small value, fifo 256/64", &small, r, got, 256, 64);

    sys val = small;
    cp_cfg_default(&val.cfg);
    cp_host_params_default(&val.prm);
    val.prm.part_period = 20000;
    val.prm.copy_period = 30000;
    val.prm.remask_period = 70000;
    compare("value, fifo 5/4", &val, r, got, 5, 4);

    sys edge = val;
    edge.prog = CP_PROG_EDGE;
    edge.src = "tests/coproc/edge.s";
    cp_host_params_default(&edge.prm);
    compare("edge, fifo 3/2", &edge, r, got, 3, 2);
    compare("edge, 10 records, fifo 4/4", &edge, r, 10, 4, 4);
    sys sedge = edge;
    sedge.cfg = small.cfg; /* 8 entries: a full table interrupts the host */
    compare("small edge, fifo 4/2", &sedge, r, got, 4, 2);
    compare("value, 0 records, fifo 2/2", &val, r, 0, 2, 2);

    free(r);
    return check_verdict("test_cp_vtime");
}
