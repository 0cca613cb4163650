/* SPDX-License-Identifier: Apache-2.0
 *
 * Profiling co-processor C model, directed checks:
 *  - the DFE agrees with the project's RV64GC decoder (riscv.h) on the class
 *    and register fields of every legal 32-bit encoding in a sweep of
 *    pseudo-random words and of a bundled retire trace, and on the immediates
 *    of loads, stores, branches, jal/jalr, lui/auipc;
 *  - the edge program, fed slowly enough that nothing is dropped, counts
 *    every branch's taken / not-taken executions exactly;
 *  - sample accounting: tagged = processed + dropped + (still buffered) and
 *    host-port readiness rules.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmap.h"
#include "coproc/coproc.h"
#include "coproc/cp_asm.h"
#include "coproc/cp_eval.h"
#include "coproc/cp_host.h"
#include "riscv.h"
#include "trace.h"
#include "check.h"


static void dfe_check(uint32_t w)
{
    hwp_rv_insn d;
    if ((w & 3u) != 3u || !hwp_rv_decode(w, &d)) return;
    cp_dfe f;
    cp_dfe_decode(w, 0, 1, &f);
    CHECK((int)f.cls == d.cls, "insn %08x: DFE class %u, decoder %d", w, f.cls, d.cls);
    if (d.rd >= 0 && d.rd < 32) CHECK((int)f.rd == d.rd, "insn %08x: rd %u vs %d", w, f.rd, d.rd);
    if (d.rs1 >= 0 && d.rs1 < 32 && (w & 0x7fu) != 0x73u)
        CHECK((int)f.rs1 == d.rs1, "insn %08x: rs1 %u vs %d", w, f.rs1, d.rs1);
    if (d.rs2 >= 0 && d.rs2 < 32) CHECK((int)f.rs2 == d.rs2, "insn %08x: rs2 %u vs %d", w, f.rs2, d.rs2);
    switch (w & 0x7fu) {
    case 0x03: case 0x07: case 0x23: case 0x27: case 0x63: case 0x6f: case 0x67: case 0x17: case 0x37:
        CHECK(f.imm == (uint32_t)d.imm, "insn %08x: imm %08x vs %08x", w, f.imm, (uint32_t)d.imm);
        break;
    default:
        break;
    }
}

static void test_dfe(void)
{
    uint64_t x = 88172645463325252ull;
    for (int k = 0; k < 2000000; k++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        dfe_check((uint32_t)x | 3u);
    }
    cp_dfe f;
    cp_dfe_decode(0x4501u, 1, 1, &f); /* compressed: record class */
    CHECK(f.cls == 1 && f.rd == 0 && f.imm == 0, "compressed: class from the record");
    cp_dfe_decode(0x00052503u, 7, 0, &f); /* other ISA: record class */
    CHECK(f.cls == 7, "non-RISC-V: class from the record");
    hwp_err err;
    hwp_reader *rd;
    if (hwp_reader_open(&rd, "tests/traces/rv-lz-retire.hwpt", &err) == 0) {
        hwp_rec r;
        int n = 0;
        while (hwp_reader_next(rd, &r, &err) == 1) {
            dfe_check(r.insn);
            if ((r.insn & 3u) == 3u) {
                cp_dfe_decode(r.insn, r.cls, 1, &f);
                CHECK(f.cls == r.cls, "trace record %d: DFE class %u, record %u", n, f.cls, r.cls);
            }
            n++;
        }
        hwp_reader_close(rd);
        CHECK(n > 0, "empty trace");
    } else {
        printf("note: %s (DFE trace check skipped)\n", err.msg);
    }
}

/* runs the system with one record every `gap` cycles; returns the model */
static int run(const char *prog_path, int prog, const char *trace, int gap, coproc *m, cp_host *h,
               hwp_cmap *br)
{
    char msg[700];
    cp_cfg cfg;
    cp_cfg_default(&cfg);
    char *src = cp_read_file(prog_path, msg, sizeof msg);
    cp_image img;
    if (!src || cp_assemble(src, prog_path, cfg.uc_aw, cfg.cam_aw, &img, msg, sizeof msg)) {
        printf("FAIL %s\n", msg);
        free(src);
        return -1;
    }
    free(src);
    cp_host_params prm;
    cp_host_params_default(&prm);
    if (cp_init(m, &cfg, 1, msg) || cp_host_init(h, &cfg, &img, prog, &prm, msg)) {
        printf("FAIL %s\n", msg);
        return -1;
    }
    cp_image_free(&img);
    hwp_err err;
    hwp_reader *rd;
    if (hwp_reader_open(&rd, trace, &err)) {
        printf("note: %s (skipped)\n", err.msg);
        return 1;
    }
    hwp_rec r;
    int have = hwp_reader_next(rd, &r, &err) == 1, wait = 0;
    uint64_t cyc = 0, n = 0;
    for (;;) {
        cp_in in;
        cp_out o;
        cp_hcmd c;
        memset(&in, 0, sizeof in);
        int offer = cp_host_peek(h, &c);
        in.host_valid = offer;
        in.host_op = offer ? c.op : 0;
        in.host_addr = offer ? c.addr : 0;
        in.host_wdata = offer ? c.data : 0;
        in.rsp_ready = 1;
        int give = have && wait == 0 && h->loaded;
        if (give) {
            in.ret_valid = 1;
            in.ret_pc = (uint32_t)r.a;
            in.ret_insn = r.insn;
            in.ret_value = (uint32_t)r.value;
            in.ret_addr = (uint32_t)r.addr;
            in.ret_cls = r.cls;
            in.ret_flags = r.flags;
        }
        cp_step(m, &in, &o);
        CHECK(o.ret_ready == 1, "retire stream stalled");
        CHECK(!(o.host_ready && o.rsp_valid), "host port ready with a response pending");
        if (give) {
            n++;
            if (br && r.cls == HWP_CLS_BRANCH && n < 150000) {
                hwp_cmap_add(br, (uint32_t)r.a, 0, 1);
                if (r.flags & HWP_RF_TAKEN) hwp_cmap_add(br, (uint32_t)r.a, 1, 1);
            }
            have = n < 150000 && hwp_reader_next(rd, &r, &err) == 1;
            wait = gap;
        } else if (wait) {
            wait--;
        }
        cp_host_cycle(h, offer && o.host_ready, o.rsp_valid, o.rsp_data, o.irq, !have);
        if (!have && cp_host_done(h)) break;
        if (++cyc > 50000000ull) {
            printf("FAIL: system did not finish\n");
            break;
        }
    }
    hwp_reader_close(rd);
    return 0;
}

static void test_edge_exact(void)
{
    coproc m;
    cp_host h;
    hwp_cmap br, got;
    hwp_cmap_init(&br, 256);
    hwp_cmap_init(&got, 256);
    int rc = run("tests/coproc/edge.s", CP_PROG_EDGE, "tests/traces/rv-lz-retire.hwpt", 20, &m, &h, &br);
    if (rc == 0) {
        CHECK(m.dropped == 0, "edge: %u samples dropped at one record per 21 cycles", m.dropped);
        CHECK(m.tagged == m.processed, "edge: tagged %u != processed %u", m.tagged, m.processed);
        CHECK(h.interrupts == 0, "edge: unexpected interrupts");
        for (size_t k = 0; k < h.nedges; k++) {
            if (h.edges[k].indirect) continue;
            hwp_cmap_add(&got, h.edges[k].pc, 0, h.edges[k].taken + h.edges[k].not_taken);
            hwp_cmap_add(&got, h.edges[k].pc, 1, h.edges[k].taken);
        }
        size_t nb = 0;
        for (size_t k = 0; k < br.cap; k++) {
            if (!br.used[k]) continue;
            const hwp_cmap_ent *e = &br.ent[k];
            const hwp_cmap_ent *g = hwp_cmap_get(&got, e->a, e->b);
            /* the last retired record is never sampled (its successor is unknown) */
            CHECK(g && (g->count == e->count || g->count + 1 == e->count),
                  "edge: branch %llx %s: profile %llu, exact %llu", (unsigned long long)e->a,
                  e->b ? "taken" : "executions", g ? (unsigned long long)g->count : 0ull,
                  (unsigned long long)e->count);
            nb++;
        }
        CHECK(nb > 10, "edge: only %zu branch counters", nb);
    }
    if (rc >= 0) {
        cp_host_free(&h);
        cp_free(&m);
    }
    hwp_cmap_free(&br);
    hwp_cmap_free(&got);
}

static void test_value_accounting(void)
{
    coproc m;
    cp_host h;
    int rc = run("tests/coproc/value.s", CP_PROG_VALUE, "tests/traces/rv-lz-retire.hwpt", 0, &m, &h, NULL);
    if (rc == 0) {
        CHECK(m.tagged == m.processed + m.dropped + m.sb_count + m.aborted,
              "value: tagged %u != processed %u + dropped %u + buffered %u + aborted %u", m.tagged,
              m.processed, m.dropped, m.sb_count, m.aborted);
        CHECK(m.dropped > 0, "value: one record per cycle should overflow the sample buffer");
        uint64_t tot = 0;
        for (size_t k = 0; k < h.nslots; k++) {
            CHECK(h.slots[k].hits + h.slots[k].misses <= h.slots[k].total,
                  "slot %zu: hits %u + misses %u > total %u", k, h.slots[k].hits, h.slots[k].misses,
                  h.slots[k].total);
            tot += h.slots[k].total;
        }
        CHECK(tot <= m.processed, "slot totals %llu exceed processed samples %u",
              (unsigned long long)tot, m.processed);
        CHECK(h.nslots > 0, "no slots copied");
    }
    if (rc >= 0) {
        cp_host_free(&h);
        cp_free(&m);
    }
}

static void test_misc(void)
{
    CHECK(cp_lfsr_next(1) == 0x80200003u, "lfsr step");
    uint32_t x = 1;
    for (int k = 0; k < 1000; k++) {
        x = cp_lfsr_next(x);
        CHECK(x != 0, "lfsr reached 0");
    }
    CHECK(cp_fold(0x12345678u, 12) == (((0x12345678u >> 1) & 0xfffu) ^ ((0x12345678u >> 13) & 0xfffu) ^
                                       ((0x12345678u >> 25) & 0xfffu)),
          "fold");
    cp_cfg c;
    char msg[128];
    cp_cfg_default(&c);
    c.cam_aw = 8;
    CHECK(cp_cfg_check(&c, msg) != 0, "CAM_AW=8 accepted");
}

/* the appendix's final estimation on a hand-computed example, and the
 * weighted RMS error against a small exact profile */
static void test_estimate(void)
{
    cp_slot_rec sl[3] = {
        {0x100, 5, 60, 40, 110, 0}, /* active 5: 40 misses, 10 unaccounted */
        {0x100, 7, 30, 10, 40, 0},  /* active 7 */
        {0x200, 9, 10, 0, 10, 0},   /* another load, fully invariant */
    };
    hwp_cmap est;
    uint64_t nl = 0, np = 0;
    hwp_cmap_init(&est, 16);
    CHECK(cp_estimate(sl, 3, &est, &nl) == 0 && nl == 2, "estimate: %llu loads", (unsigned long long)nl);
    /* value 5: 60 hits + 10 misses of copy 2 + 10 * 60/90 unaccounted = 76.667 of 150
     * value 7: 30 hits + 40 misses of copy 1 + 10 * 30/90 unaccounted = 73.333 of 150 */
    const hwp_cmap_ent *e5 = hwp_cmap_get(&est, 0x100, 5), *e7 = hwp_cmap_get(&est, 0x100, 7),
                       *e9 = hwp_cmap_get(&est, 0x200, 9);
    CHECK(e5 && e5->count == 511111, "estimate <0x100, 5>: %llu ppm, expected 511111",
          e5 ? (unsigned long long)e5->count : 0ull);
    CHECK(e7 && e7->count == 488889, "estimate <0x100, 7>: %llu ppm, expected 488889",
          e7 ? (unsigned long long)e7->count : 0ull);
    CHECK(e9 && e9->count == 1000000, "estimate <0x200, 9>");
    cp_exact ex;
    cp_exact_init(&ex);
    hwp_rec r;
    memset(&r, 0, sizeof r);
    r.cls = HWP_CLS_LOAD;
    for (int k = 0; k < 100; k++) {
        r.a = 0x100;
        r.value = k < 50 ? 5 : 7;
        cp_exact_add(&ex, &r);
    }
    for (int k = 0; k < 100; k++) {
        r.a = 0x300; /* never profiled: its pairs are estimated 0 */
        r.value = k < 95 ? 1 : 2;
        cp_exact_add(&ex, &r);
    }
    /* pairs >= 10 %: <100,5> <100,7> (exact 0.5, est 0.5111 / 0.4889) and
     * <300,1> (exact 0.95, est 0); <300,2> is 5 % and left out */
    double e = cp_wrms_error(&ex, &est, 0.10, &np);
    double want = 100.0 * sqrt((50 * 0.0111111 * 0.0111111 * 2 + 95 * 0.95 * 0.95) / 195.0);
    CHECK(np == 3, "error pairs %llu, expected 3", (unsigned long long)np);
    CHECK(fabs(e - want) < 0.01, "weighted RMS error %.4f, expected %.4f", e, want);
    cp_exact_free(&ex);
    hwp_cmap_free(&est);
}

int main(void)
{
    test_misc();
    test_estimate();
    test_dfe();
    test_edge_exact();
    test_value_accounting();
    return check_verdict("test_coproc");
}
