/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine strat: the functional model (strat_fn_*, used by `hwprof eval`)
 * produces exactly the message stream of the cycle model (strat_cyc_*, the
 * RTL's specification) for every mode, with and without A_k, under random
 * input idle cycles and output backpressure; and the final table, LFSR and
 * A_k states are equal.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strat/strat.h"

static uint64_t rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* skewed <pc, value> stream: 40 pcs, each with a few hot values and a tail */
static void event(uint64_t *s, uint64_t *a, uint64_t *b)
{
    uint64_t r = rng(s);
    uint64_t pc = 0x400000 + 4 * ((r & 0xff) % 40);
    uint64_t v;
    switch ((r >> 8) & 7) {
    case 0: case 1: case 2: v = pc * 3; break;
    case 3: case 4: v = pc ^ 0x55; break;
    case 5: v = (r >> 16) & 7; break;
    default: v = (r >> 16) & 0xffffffffffull; break;
    }
    *a = pc;
    *b = v;
}

static int run(const strat_cfg *cfg, int n, uint64_t seed, double idle, double stall)
{
    char msg[256];
    strat_fn f;
    strat_cyc m;
    if (strat_fn_init(&f, cfg, msg) || strat_cyc_init(&m, cfg, msg)) {
        printf("FAIL init: %s\n", msg);
        return 1;
    }
    size_t cap = (size_t)n + 128, nf = 0, nc = 0;
    strat_msg *ef = malloc(cap * sizeof *ef), *ec = malloc(cap * sizeof *ec);
    uint64_t s1 = seed, s2 = seed * 7 + 1, a = 0, b = 0;
    int have = n > 0, done = 0, left = n, fail = 0;
    if (have) event(&s1, &a, &b);
    uint64_t cyc = 0;
    while (!done && cyc < (uint64_t)n * 20 + 100000) {
        strat_cyc_in in;
        in.in_valid = have && (rng(&s2) % 1000) >= (uint64_t)(idle * 1000);
        in.in_a = a;
        in.in_b = b;
        in.flush = !have;
        in.out_ready = (rng(&s2) % 1000) >= (uint64_t)(stall * 1000);
        strat_cyc_out out;
        strat_cyc_step(&m, &in, &out);
        if (out.out_valid && in.out_ready) {
            ec[nc].a = out.out_a;
            ec[nc].b = out.out_b;
            ec[nc].count = out.out_count;
            nc++;
        }
        if (in.in_valid && out.in_ready) {
            strat_msg o[2];
            int k = strat_fn_event(&f, a, b, o);
            for (int i = 0; i < k; i++) ef[nf++] = o[i];
            if (--left > 0) event(&s1, &a, &b);
            else {
                have = 0;
                nf += (size_t)strat_fn_flush(&f, &ef[nf]);
            }
        }
        done = out.done;
        cyc++;
    }
    if (!done) {
        printf("FAIL mode %s: cycle model never finished\n", strat_mode_name(cfg->mode));
        fail = 1;
    }
    if (nf != nc) {
        printf("FAIL mode %s ak=%d: functional %zu messages, cycle %zu\n", strat_mode_name(cfg->mode),
               cfg->ak_en, nf, nc);
        fail = 1;
    }
    for (size_t i = 0; i < nf && i < nc && !fail; i++) {
        if (ef[i].a != ec[i].a || ef[i].b != ec[i].b || ef[i].count != ec[i].count) {
            printf("FAIL mode %s: message %zu differs: fn <%" PRIx64 ",%" PRIx64 ",%u> cyc <%" PRIx64
                   ",%" PRIx64 ",%u>\n",
                   strat_mode_name(cfg->mode), i, ef[i].a, ef[i].b, ef[i].count, ec[i].a, ec[i].b,
                   ec[i].count);
            fail = 1;
        }
    }
    size_t ents = (size_t)1 << cfg->idx_bits;
    if (!fail && memcmp(f.tab, m.tab, ents * sizeof *f.tab)) {
        printf("FAIL mode %s: final tables differ\n", strat_mode_name(cfg->mode));
        fail = 1;
    }
    if (!fail && f.lfsr != m.lfsr) {
        printf("FAIL mode %s: final LFSR differs\n", strat_mode_name(cfg->mode));
        fail = 1;
    }
    if (!fail && (f.st.samples != m.st.samples || f.st.out_cnt != m.st.out_cnt ||
                  f.st.out_msgs != m.st.out_msgs)) {
        printf("FAIL mode %s: statistics differ\n", strat_mode_name(cfg->mode));
        fail = 1;
    }
    /* conservation: every event is in a message or retained in the table */
    if (!fail && cfg->mode != STRAT_R && cfg->mode != STRAT_HR) {
        uint64_t retained = 0;
        for (size_t i = 0; i < ents; i++) {
            if (cfg->mode == STRAT_TAG) retained += f.tab[i].hit + f.tab[i].miss;
            else retained += f.tab[i].hit;
        }
        if (f.st.sampled_cnt + retained != (uint64_t)n || f.st.out_cnt != f.st.sampled_cnt) {
            printf("FAIL mode %s: %d events but %" PRIu64 " in messages + %" PRIu64 " retained\n",
                   strat_mode_name(cfg->mode), n, f.st.sampled_cnt, retained);
            fail = 1;
        }
    }
    if (!fail)
        printf("ok   mode %-6s ak=%d ways=%d n=%d: %zu messages, %" PRIu64 " cycles\n",
               strat_mode_name(cfg->mode), cfg->ak_en, cfg->ways, n, nf, cyc);
    free(ef);
    free(ec);
    strat_fn_free(&f);
    strat_cyc_free(&m);
    return fail;
}

int main(void)
{
    int fails = 0;
    for (int mode = 0; mode < STRAT_NMODES; mode++) {
        for (int ak = 0; ak < 2; ak++) {
            strat_cfg c;
            strat_cfg_default(&c);
            c.mode = mode;
            c.ak_en = ak;
            c.rate = 16;
            c.idx_bits = 6;
            c.ways = mode == STRAT_TAG ? 2 + 2 * ak : 2;
            c.evict = 5;
            c.replace = 3;
            c.fifo_bits = 2;
            c.ak_entries = 5;
            c.lfsr_seed = 0xace1u + (uint32_t)mode;
            fails += run(&c, 20000, 11 + (uint64_t)mode, 0.3, 0.4);
            /* tiny counters: CR forced samples, tagged saturation */
            c.cnt_bits = 4;
            c.miss_bits = 2;
            c.rate = 9;
            c.evict = 4;
            c.replace = 4;
            c.width = 32;
            fails += run(&c, 5000, 99 + (uint64_t)mode, 0.1, 0.6);
        }
    }
    /* the paper's defaults */
    strat_cfg d;
    strat_cfg_default(&d);
    fails += run(&d, 50000, 5, 0.2, 0.2);
    d.mode = STRAT_TAG;
    d.ak_en = 1;
    fails += run(&d, 50000, 6, 0.0, 0.0);
    printf("%s\n", fails ? "FAIL test_strat_equiv" : "PASS test_strat_equiv");
    return fails ? 1 : 0;
}
