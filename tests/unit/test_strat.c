/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine strat: the compressors do what Sastry et al. describe.
 *  - P_r sends every r-th event with count r; H[P_r]_n counts per substream.
 *  - R_r selects about 1/r of the events; CR_r's counts add up to the stream.
 *  - Tagged (Figure 6): E1 allocate, E3 hit, E4 miss -> Evict, E5 replace with
 *    hit + miss counts carried to the new tuple, E6 evict with the miss count
 *    carried into the next allocation, E2 saturation.
 *  - A_k: hit, insert, FIFO eviction, overflow, flush order.
 *  - The invariance error of section 5.3.1 on hand-computed profiles.
 *  - Bad configurations are rejected with a message naming the parameter.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "strat/strat.h"
#include "strat/vprof.h"
#include "check.h"


static void test_periodic(void)
{
    strat_cfg c;
    strat_cfg_default(&c);
    c.mode = STRAT_P;
    c.rate = 4;
    char msg[256];
    strat_fn f;
    CHECK(strat_fn_init(&f, &c, msg) == 0, "init: %s", msg);
    strat_msg o[2];
    int got = 0;
    for (int i = 1; i <= 10; i++) {
        int n = strat_fn_event(&f, 0x100 + (uint64_t)i, 7, o);
        if (i % 4 == 0) {
            CHECK(n == 1 && o[0].a == 0x100 + (uint64_t)i && o[0].count == 4,
                  "P_4: event %d should send <tuple, 4> (n=%d)", i, n);
            got++;
        } else {
            CHECK(n == 0, "P_4: event %d sent a message", i);
        }
    }
    CHECK(got == 2, "P_4 messages");
    strat_fn_free(&f);

    /* H[P_3]_n: a tuple alone in its substream is reported exactly */
    c.mode = STRAT_HP;
    c.rate = 3;
    CHECK(strat_fn_init(&f, &c, msg) == 0, "init: %s", msg);
    int n1 = 0;
    for (int i = 0; i < 30; i++) {
        uint64_t a = (i % 2) ? 0x400100 : 0x400200;
        n1 += strat_fn_event(&f, a, a + 1, o);
        if (n1 && o[0].a != 0x400100 && o[0].a != 0x400200) CHECK(0, "bad tuple");
    }
    uint32_t ia = hwp_hash_index(&f.h, 0, 0x400100, 0x400101);
    uint32_t ib = hwp_hash_index(&f.h, 0, 0x400200, 0x400201);
    CHECK(ia != ib, "test tuples should use different counters (pick others)");
    CHECK(n1 == 10, "H[P_3]: two tuples x 15 events -> 10 messages, got %d", n1);
    strat_fn_free(&f);
}

static void test_random(void)
{
    strat_cfg c;
    strat_cfg_default(&c);
    char msg[256];
    strat_fn f;
    strat_msg o[2];
    c.mode = STRAT_R;
    c.rate = 64;
    CHECK(strat_fn_init(&f, &c, msg) == 0, "init: %s", msg);
    CHECK(f.cfg.rthr == 1024, "rthr for r=64 is 65536/64, got %u", f.cfg.rthr);
    int n = 0;
    for (int i = 0; i < 640000; i++) n += strat_fn_event(&f, (uint64_t)i, 0, o);
    CHECK(n > 9500 && n < 10500, "R_64 over 640000 events: %d messages, expected ~10000", n);
    strat_fn_free(&f);

    c.mode = STRAT_CR;
    c.cnt_bits = 6; /* forced samples at 64 */
    c.rate = 32;
    c.evict = 8;
    CHECK(strat_fn_init(&f, &c, msg) == 0, "init: %s", msg);
    uint64_t sum = 0;
    for (int i = 0; i < 100000; i++)
        if (strat_fn_event(&f, 1, 2, o)) sum += o[0].count;
    CHECK(sum + f.tab[0].hit == 100000, "CR: counts %llu + retained %u != events",
          (unsigned long long)sum, f.tab[0].hit);
    CHECK(f.st.forced > 0, "CR with a 6-bit counter at r=32 should force some samples");
    strat_fn_free(&f);
}

/* Finds tuples <pc, v> that map to set 0 with the given tag. */
static void find_tuple(const strat_fn *f, uint32_t tag, uint64_t start, uint64_t *a, uint64_t *b)
{
    uint32_t smask = (1u << (f->cfg.idx_bits - (f->cfg.ways == 2))) - 1;
    for (uint64_t v = start;; v++) {
        uint64_t pc = 0x1000;
        if ((hwp_hash_index(&f->h, 0, pc, v) & smask) == 0 && strat_tag(&f->cfg, pc, v) == tag) {
            *a = pc;
            *b = v;
            return;
        }
    }
}

static void test_tagged(void)
{
    strat_cfg c;
    strat_cfg_default(&c);
    c.mode = STRAT_TAG;
    c.idx_bits = 3;
    c.ways = 1;
    c.tag_bits = 2;
    c.rate = 10;
    c.evict = 3;
    c.replace = 3;
    char msg[256];
    strat_fn f;
    CHECK(strat_fn_init(&f, &c, msg) == 0, "init: %s", msg);
    uint64_t xa, xb, ya, yb, za, zb;
    find_tuple(&f, 1, 0, &xa, &xb);
    find_tuple(&f, 2, 0, &ya, &yb);
    find_tuple(&f, 3, 0, &za, &zb);
    strat_ent *e = &f.tab[0];
    strat_msg o[2];
    /* E1 + E3: X twice */
    CHECK(strat_fn_event(&f, xa, xb, o) == 0 && e->v && e->hit == 1 && e->tag == 1, "E1");
    CHECK(strat_fn_event(&f, xa, xb, o) == 0 && e->hit == 2, "E3");
    /* E4: Y misses -> Evict (miss 1), E5a: Y again (miss 2) */
    CHECK(strat_fn_event(&f, ya, yb, o) == 0 && e->v && e->miss == 1 && e->hit == 2, "E4");
    CHECK(strat_fn_event(&f, ya, yb, o) == 0 && e->miss == 2, "E5a");
    /* E5: third miss replaces X by Y; Y inherits hit 2 + miss 3 = 5 */
    CHECK(strat_fn_event(&f, ya, yb, o) == 0 && e->v && e->tag == 2 && e->miss == 0 && e->hit == 5,
          "E5: tag %u miss %u hit %u", e->tag, e->miss, e->hit);
    /* E4 again by Z, then E6a (Y hit, 6 >= evict 3 -> E6 right away) */
    CHECK(strat_fn_event(&f, za, zb, o) == 0 && e->miss == 1, "E4 by Z");
    int n = strat_fn_event(&f, ya, yb, o);
    CHECK(n == 1 && o[0].a == ya && o[0].b == yb && o[0].count == 6,
          "E6: <Y, 6> expected (n=%d count=%u)", n, n ? o[0].count : 0);
    CHECK(!e->v && e->hit == 1 && e->miss == 0, "E6 carries the miss count: hit %u", e->hit);
    /* E1 by Z inherits the carried count: hit 2 */
    CHECK(strat_fn_event(&f, za, zb, o) == 0 && e->v && e->tag == 3 && e->hit == 2, "E1 carry");
    /* E2: Z up to the threshold 10 */
    int sent = 0;
    for (int i = 0; i < 8; i++) {
        n = strat_fn_event(&f, za, zb, o);
        if (n) {
            sent++;
            CHECK(i == 7 && o[0].count == 10 && o[0].a == za, "E2 at hit 10");
        }
    }
    CHECK(sent == 1 && !e->v && e->hit == 0, "E2 -> Empty with hit 0");
    CHECK(f.st.e4 == 2 && f.st.e5 == 1 && f.st.e6 == 1 && f.st.e2 == 1, "transition counts");
    /* E6a: in Evict, hits below ShouldEvict accumulate */
    strat_fn_event(&f, xa, xb, o);           /* E1 X hit 1 */
    strat_fn_event(&f, ya, yb, o);           /* E4 miss 1 */
    n = strat_fn_event(&f, xa, xb, o);       /* hit 2 < 3: stay */
    CHECK(n == 0 && e->v && e->miss == 1 && e->hit == 2, "E6a");
    n = strat_fn_event(&f, xa, xb, o);       /* hit 3 >= 3: E6 */
    CHECK(n == 1 && o[0].count == 3 && !e->v && e->hit == 1, "E6 at ShouldEvict");
    strat_fn_free(&f);
}

static void test_ak(void)
{
    strat_ak ak;
    strat_stats st;
    memset(&ak, 0, sizeof ak);
    memset(&st, 0, sizeof st);
    ak.k = 2;
    strat_msg m1 = {1, 1, 5}, m2 = {2, 2, 7}, m3 = {3, 3, 1}, out;
    int slot;
    int k = strat_ak_classify(&ak, &m1, &slot);
    CHECK(k == STRAT_AK_INSERT && slot == 0, "insert 0");
    strat_ak_apply(&ak, &m1, k, slot, &out, &st);
    k = strat_ak_classify(&ak, &m2, &slot);
    CHECK(k == STRAT_AK_INSERT && slot == 1, "insert 1");
    strat_ak_apply(&ak, &m2, k, slot, &out, &st);
    k = strat_ak_classify(&ak, &m1, &slot);
    CHECK(k == STRAT_AK_HIT && slot == 0, "hit");
    CHECK(strat_ak_apply(&ak, &m1, k, slot, &out, &st) == 0 && ak.c[0] == 10, "hit adds");
    k = strat_ak_classify(&ak, &m3, &slot);
    CHECK(k == STRAT_AK_EVICT && slot == 0, "evict at ptr 0");
    CHECK(strat_ak_apply(&ak, &m3, k, slot, &out, &st) == 1 && out.a == 1 && out.count == 10,
          "evicted <1,1,10>");
    ak.c[1] = 0xfffffffcu;
    k = strat_ak_classify(&ak, &m2, &slot);
    CHECK(k == STRAT_AK_OVF && slot == 1, "overflow");
    CHECK(strat_ak_apply(&ak, &m2, k, slot, &out, &st) == 1 && out.count == 0xfffffffcu &&
              ak.c[1] == 7 && ak.ptr == 1,
          "overflow sends the old count, keeps ptr");
}

static void test_error_metric(void)
{
    strat_prof ideal, prof;
    strat_err_params p;
    strat_err_result r;
    strat_err_params_default(&p);
    strat_prof_init(&ideal);
    strat_prof_init(&prof);
    /* load A: 2000 executions, value 1 x1000, value 2 x600, 400 other values once */
    strat_prof_add(&ideal, 0xA, 1, 1000);
    strat_prof_add(&ideal, 0xA, 2, 600);
    for (int i = 0; i < 400; i++) strat_prof_add(&ideal, 0xA, 100 + (uint64_t)i, 1);
    /* load B: 500 executions (below 1000): ignored */
    strat_prof_add(&ideal, 0xB, 1, 500);
    /* load C: 1000 executions spread over 20 values (5% each): nothing invariant */
    for (int i = 0; i < 20; i++) strat_prof_add(&ideal, 0xC, (uint64_t)i, 50);
    /* profiler: A value 1 x512, value 2 x256, B anything */
    strat_prof_add(&prof, 0xA, 1, 512);
    strat_prof_add(&prof, 0xA, 2, 256);
    strat_prof_add(&prof, 0xA, 555, 256);
    strat_prof_add(&prof, 0xB, 9, 256);
    CHECK(strat_invariance_error(&ideal, &prof, &p, &r) == 0, "error");
    /* I_i: 0.5, 0.3; I_p: 0.5, 0.25; e = (1000*0 + 600*0.05)/1600 = 1.875% */
    CHECK(r.sel_loads == 1 && r.sel_tuples == 2 && r.sel_freq == 1600, "selection %llu %llu",
          (unsigned long long)r.sel_loads, (unsigned long long)r.sel_tuples);
    CHECK(fabs(r.error_pct - 1.875) < 1e-9, "error %.6f, expected 1.875", r.error_pct);
    CHECK(fabs(strat_overhead_pct(100, 30.0, 30000.0) - 10.0) < 1e-12, "overhead model");
    strat_prof_free(&ideal);
    strat_prof_free(&prof);
}

/* REJECTED(field, value, word): the defaults with field = value fail
 * strat_cfg_check with a message that names word */
#define REJECTED(field, value, word)                                                               \
    do {                                                                                           \
        strat_cfg_default(&c);                                                                     \
        c.field = (value);                                                                         \
        msg[0] = 0;                                                                                \
        CHECK(strat_cfg_check(&c, msg) && strstr(msg, word), #field " = " #value " rejected: %s",  \
              msg);                                                                                \
    } while (0)

static void test_bad_config(void)
{
    strat_cfg c;
    char msg[256];
    REJECTED(rate, 0, "rate");
    REJECTED(lfsr_seed, 0, "LFSR");
    REJECTED(replace, 9, "replace"); /* > 2^miss_bits */
    REJECTED(ways, 3, "ways");
    REJECTED(width, 12, "width");
    REJECTED(rate, 1u << 17, "rate"); /* > 2^cnt_bits */
    strat_cfg_default(&c);
    CHECK(strat_cfg_check(&c, msg) == 0, "defaults valid: %s", msg);
}

int main(void)
{
    test_periodic();
    test_random();
    test_tagged();
    test_ak();
    test_error_metric();
    test_bad_config();
    /* the LFSR does not fall into a short cycle */
    uint32_t s0 = 1, s = s0;
    int shortc = 0;
    for (int i = 0; i < 1000000; i++) {
        s = strat_lfsr_next(s);
        if (s == s0 || s == 0) shortc = 1;
    }
    CHECK(!shortc, "LFSR short cycle");
    return check_verdict("test_strat");
}
