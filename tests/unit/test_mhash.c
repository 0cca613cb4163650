/* SPDX-License-Identifier: Apache-2.0
 *
 * Directed tests of engine mhash's update rules (cmodel/mhash): conservative
 * update and its tie rule, saturation, promotion with the minimum count,
 * immediate reset, shielding, refusal when the accumulator is full,
 * allocation order (free before replaceable), retaining, and parameter checks;
 * the hashed accumulator's positions, allocation order, live-entry limit and
 * its two kinds of refusal (capacity, conflict).
 */
#include <stdio.h>
#include <string.h>

#include "mhash/mhash.h"
#include "check.h"


static void core_rules(void)
{
    mhash_params p;
    mhash_params_default(&p);
    p.tables = 2;
    p.thr = 10;
    p.cw = 4; /* saturate at 15 */
    mhash_acc acc;
    CHECK_EXPR(mhash_acc_alloc(&acc, 2) == 0);
    uint32_t v[16] = {0}, nv[16];
    mhash_core_res r;
    uint32_t en = (1u << 0) | (1u << 8);

    /* C1, tie: both minimum counters incremented */
    v[0] = 5; v[8] = 5;
    mhash_core(&p, &acc, 1, 2, en, v, nv, &r);
    CHECK_EXPR(r.write && !r.hit && !r.ins && nv[0] == 6 && nv[8] == 6);
    /* C1, no tie: only the minimum */
    v[0] = 5; v[8] = 7;
    mhash_core(&p, &acc, 1, 2, en, v, nv, &r);
    CHECK_EXPR(nv[0] == 6 && nv[8] == 7);
    /* C0: every counter */
    p.cons = 0;
    mhash_core(&p, &acc, 1, 2, en, v, nv, &r);
    CHECK_EXPR(nv[0] == 6 && nv[8] == 8);
    p.cons = 1;

    /* promotion: minimum reaches the threshold -> inserted with that count */
    v[0] = 9; v[8] = 12;
    mhash_core(&p, &acc, 1, 2, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 0 && acc.v[0] && !acc.r[0] && acc.a[0] == 1 && acc.b[0] == 2 &&
          acc.c[0] == 10);
    CHECK_EXPR(nv[0] == 10 && nv[8] == 12);
    /* shielded hit: accumulator counts, tables untouched */
    mhash_core(&p, &acc, 1, 2, en, v, nv, &r);
    CHECK_EXPR(r.hit && !r.write && acc.c[0] == 11);
    /* no shielding: tables updated too, no second promotion */
    p.shield = 0;
    mhash_core(&p, &acc, 1, 2, en, v, nv, &r);
    CHECK_EXPR(r.hit && r.write && !r.ins && acc.c[0] == 12);
    p.shield = 1;
    /* immediate reset on promotion */
    p.reset = 1;
    v[0] = 10; v[8] = 11;
    mhash_core(&p, &acc, 3, 4, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 1 && nv[0] == 0 && nv[8] == 0 && acc.c[1] == 11);
    /* full: refused, no reset */
    mhash_core(&p, &acc, 5, 6, en, v, nv, &r);
    CHECK_EXPR(!r.ins && r.refuse && nv[0] == 11 && nv[8] == 11);
    p.reset = 0;

    /* end of interval with retaining: candidates kept as replaceable, count 0 */
    acc.c[1] = 9; /* below threshold: flushed */
    mhash_cand cand[2];
    CHECK_EXPR(mhash_acc_candidates(&p, &acc, cand) == 1 && cand[0].a == 1 && cand[0].count == 12);
    mhash_acc_end(&p, &acc);
    CHECK_EXPR(acc.v[0] && acc.r[0] && acc.c[0] == 0 && !acc.v[1]);
    /* allocation: free slot before the replaceable one */
    v[0] = 9; v[8] = 9;
    mhash_core(&p, &acc, 7, 8, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 1);
    /* then the replaceable one is reused */
    mhash_core(&p, &acc, 9, 9, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 0 && acc.a[0] == 9 && !acc.r[0]);
    /* replaceable entry hit up to the threshold loses its mark */
    mhash_acc_end(&p, &acc);
    CHECK_EXPR(acc.r[0] && acc.r[1]);
    for (int i = 0; i < 10; i++) mhash_core(&p, &acc, 9, 9, en, v, nv, &r);
    CHECK_EXPR(acc.c[0] == 10 && !acc.r[0] && acc.r[1]);
    /* without retaining everything is flushed */
    p.retain = 0;
    mhash_acc_end(&p, &acc);
    CHECK_EXPR(!acc.v[0] && !acc.v[1]);
    mhash_acc_free(&acc);

    /* saturation at 2^cw - 1 (C0), promoted with the saturated minimum */
    CHECK_EXPR(mhash_acc_alloc(&acc, 1) == 0);
    p.cons = 0;
    v[0] = 15; v[8] = 14;
    mhash_core(&p, &acc, 1, 2, en, v, nv, &r);
    CHECK_EXPR(nv[0] == 15 && nv[8] == 15 && r.ins && acc.c[0] == 15);
    mhash_core(&p, &acc, 1, 2, en, v, nv, &r);
    CHECK_EXPR(r.hit && acc.c[0] == 15);
    mhash_acc_free(&acc);
}

/* Hashed accumulator (docs/mhash.md): 2 ways of 4 slots and 1 stash entry
 * (positions: way 0 = 0..3, way 1 = 4..7, stash = 8), at most k = 3 valid. */
static void hashed_rules(void)
{
    mhash_params p;
    mhash_params_default(&p);
    p.tables = 2;
    p.thr = 10;
    p.acc_k = 3;
    p.acc_ways = 2;
    p.acc_sets = 4;
    p.acc_stash = 1;
    mhash_acc acc;
    CHECK_EXPR(mhash_acc_init(&acc, &p) == 0 && acc.n == 9);
    uint32_t v[16] = {0}, nv[16];
    uint32_t s00[2] = {0, 0}, s11[2] = {1, 1}, s22[2] = {2, 2}, s01[2] = {0, 1};
    mhash_core_res r;
    uint32_t en = (1u << 0) | (1u << 8);
    v[0] = 9; v[8] = 9; /* every lookup below that misses is a promotion */

    /* three tuples on the same slots: way 0, way 1, then the stash */
    mhash_core_at(&p, &acc, 1, 1, s00, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 0);
    mhash_core_at(&p, &acc, 2, 2, s00, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 4);
    mhash_core_at(&p, &acc, 3, 3, s00, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 8 && acc.live == 3);
    /* k valid, none replaceable: refused for capacity (its slots are empty) */
    mhash_core_at(&p, &acc, 4, 4, s11, en, v, nv, &r);
    CHECK_EXPR(!r.ins && r.refuse && !r.conflict && acc.live == 3);
    /* a hit is found wherever the tuple is */
    mhash_core_at(&p, &acc, 2, 2, s00, en, v, nv, &r);
    CHECK_EXPR(r.hit && acc.c[4] == 11);
    /* interval end: candidates in position order, retained as replaceable */
    mhash_cand cand[9];
    CHECK_EXPR(mhash_acc_candidates(&p, &acc, cand) == 3 && cand[0].a == 1 && cand[1].a == 2 &&
               cand[2].a == 3 && cand[1].count == 11);
    mhash_acc_end(&p, &acc);
    CHECK_EXPR(acc.live == 3 && acc.rep == 3 && acc.r[0] && acc.r[4] && acc.r[8]);
    /* k valid: a replaceable entry among its positions is evicted (the stash) */
    mhash_core_at(&p, &acc, 5, 5, s11, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 8 && acc.a[8] == 5 && !acc.r[8] && acc.live == 3 &&
               acc.rep == 2);
    /* replaceable entries exist, but not at its positions: refused by conflict */
    mhash_core_at(&p, &acc, 6, 6, s22, en, v, nv, &r);
    CHECK_EXPR(!r.ins && r.refuse && r.conflict);
    /* a replaceable entry hit up to the threshold loses its mark */
    for (int i = 0; i < 10; i++) mhash_core_at(&p, &acc, 1, 1, s00, en, v, nv, &r);
    CHECK_EXPR(r.hit && acc.c[0] == 10 && !acc.r[0] && acc.rep == 1);
    /* interval end: (2, 2) was not a candidate again: emptied */
    mhash_acc_end(&p, &acc);
    CHECK_EXPR(acc.live == 2 && acc.rep == 2 && !acc.v[4] && acc.r[0] && acc.r[8]);
    /* fewer than k valid: an empty slot in a later way before a replaceable
     * one in an earlier way */
    mhash_core_at(&p, &acc, 7, 7, s01, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 5 && acc.live == 3 && acc.rep == 2);
    /* k valid again: the replaceable one in way 0 is evicted */
    mhash_core_at(&p, &acc, 8, 8, s01, en, v, nv, &r);
    CHECK_EXPR(r.ins && r.slot == 0 && acc.a[0] == 8 && acc.live == 3 && acc.rep == 1);
    /* fewer than k valid but every position of the tuple taken: conflict */
    p.retain = 0;
    mhash_acc_end(&p, &acc);
    CHECK_EXPR(acc.live == 0 && acc.rep == 0);
    mhash_core_at(&p, &acc, 1, 1, s00, en, v, nv, &r);
    mhash_core_at(&p, &acc, 2, 2, s00, en, v, nv, &r);
    p.acc_k = acc.k = 4;
    mhash_core_at(&p, &acc, 3, 3, s00, en, v, nv, &r);
    mhash_core_at(&p, &acc, 4, 4, s00, en, v, nv, &r);
    CHECK_EXPR(r.refuse && r.conflict && acc.live == 3);
    mhash_acc_free(&acc);

    /* the slot of way w: the top log2(sets) bits of function max_tables-1-w */
    uint32_t idx[16] = {0}, sl[2];
    idx[15] = 0x5ffu; /* 11-bit index, top 2 bits 10 */
    idx[14] = 0x1ffu; /* top 2 bits 00 */
    mhash_acc_slots(&p, idx, sl);
    CHECK_EXPR(sl[0] == 2 && sl[1] == 0);
}

static void params(void)
{
    mhash_params p;
    char msg[256];
    mhash_params_default(&p);
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) == 0);
    p.thr = 0;
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) != 0 && strstr(msg, "threshold"));
    mhash_params_default(&p);
    p.interval = 0;
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) != 0 && strstr(msg, "interval"));
    mhash_params_default(&p);
    p.n_counters = 8;
    p.tables = 16;
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) != 0 && strstr(msg, "more tables"));
    mhash_params_default(&p);
    p.tables = 17;
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) != 0);
    mhash_params_default(&p);
    p.n_counters = 3000;
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) != 0);
    mhash_params_default(&p);
    p.acc_ways = 17;
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) != 0 && strstr(msg, "ways"));
    p.acc_ways = 4;
    p.acc_sets = 48;
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) != 0 && strstr(msg, "sets"));
    p.acc_sets = 256; /* bank depth 128 */
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) != 0 && strstr(msg, "bank depth"));
    p.acc_sets = 128;
    p.acc_stash = 17;
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) != 0 && strstr(msg, "stash"));
    p.acc_stash = 16;
    CHECK_EXPR(mhash_params_check(&p, msg, sizeof msg) == 0);
    CHECK_EXPR(mhash_thr_count(1.0, 10000) == 100);
    CHECK_EXPR(mhash_thr_count(0.1, 1000000) == 1000);
    CHECK_EXPR(mhash_thr_count(0.5, 3) == 1);
    /* table sizes: 2048 counters over 16 banks */
    mhash_params_default(&p);
    int t[] = {1, 2, 3, 4, 5, 8, 16};
    uint32_t sz[] = {2048, 1024, 512, 512, 256, 256, 128};
    for (int i = 0; i < 7; i++) {
        p.tables = t[i];
        CHECK_EXPR(mhash_table_size(&p) == sz[i]);
    }
}

static void functional(void)
{
    /* one tuple repeated: exact count = interval, one candidate per interval */
    mhash_params p;
    char msg[256];
    mhash_params_default(&p);
    p.interval = 1000;
    p.thr = 10;
    mhash_fn m;
    CHECK_EXPR(mhash_fn_init(&m, &p, msg, sizeof msg) == 0);
    int ends = 0;
    for (int i = 0; i < 3000; i++) {
        if (mhash_fn_push(&m, 0x400100, 7)) {
            ends++;
            CHECK_EXPR(m.ncand == 1 && m.cand[0].a == 0x400100 && m.cand[0].b == 7 &&
                  m.cand[0].count == 1000);
        }
    }
    CHECK_EXPR(ends == 3 && m.promotions == 1); /* retained: promoted once only */
    mhash_fn_free(&m);
}

int main(void)
{
    core_rules();
    hashed_rules();
    params();
    functional();
    return check_verdict("test_mhash");
}
