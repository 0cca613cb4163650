#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# mhash keeps one tuple per clock when tuples depend on each other: a text
# trace (generated here with the C model's hash functions, configuration
# t4c1r0 of tb/mhash/engine.mk: 4 tables, 16 banks, seed 1) holds runs of
# identical tuples, the same tuple at distances 1..6, a pair of distinct
# tuples that share their counter in all 4 tables (found by a birthday
# search over the 36-bit table indices) at distances 1..6, and for each table
# tuples that share their counter in that table only, at distances 1..6.
# The RTL runs it in lockstep (every output every cycle against the C
# model, which is the functional step) with no idle input cycles and no
# backpressure; the check requires PASS and that the clocks are the events
# plus a constant: the INIT pass (128 clocks), the pipeline's latency and
# the end (7 clocks), i.e. 1.000 events per clock once running.
set -eu
cd "$(dirname "$0")/../.."
d=build/check-mhash-throughput
mkdir -p "$d"
make --no-print-directory -s build/libhwp.a >/dev/null
cat > "$d/gen.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include "hash.h"
typedef struct { unsigned long long key; unsigned long long a; } ent;
static hwp_hash h;
static const unsigned long long B = 0xb313c030ull;
static unsigned long long key(unsigned long long a, unsigned long long b)
{
    unsigned long long k = 0;
    for (int t = 0; t < 4; t++) k = (k << 9) | (hwp_hash_index(&h, t, a, b) & 511u);
    return k;
}
static int cmp(const void *x, const void *y)
{
    const ent *p = x, *q = y;
    return p->key < q->key ? -1 : p->key > q->key;
}
static unsigned long long fill = 0x900000ull;
static void put(unsigned long long a, unsigned long long b) { printf("%llx %llx\n", a, b); }
/* x, then d-1 fillers (fresh tuples), repeated n times, for each of the
 * tuples in xs in turn */
static void dist(const unsigned long long *xs, int nx, int d, int n)
{
    for (int r = 0; r < n; r++)
        for (int i = 0; i < nx; i++) {
            put(xs[i], B);
            for (int f = 1; f < d; f++) put(fill++, 0x1234ull);
        }
}
int main(void)
{
    char msg[128];
    if (hwp_hash_init(&h, 16, 64, 11, 1, msg)) { fprintf(stderr, "%s\n", msg); return 1; }
    printf("# mhash-throughput: identical and colliding tuples (tests/checks/mhash-throughput.sh)\n");
    /* runs of one tuple, lengths 1..12 */
    for (int len = 1; len <= 12; len++)
        for (int i = 0; i < len; i++) put(0x400100ull + (unsigned)len, B);
    /* the same tuple at distances 1..6 */
    unsigned long long same = 0x400200ull;
    for (int d = 1; d <= 6; d++) dist(&same, 1, d, 60);
    /* two tuples sharing their counter in all 4 tables */
    enum { N = 1 << 20 };
    ent *e = malloc(sizeof *e * N);
    if (!e) return 1;
    for (int i = 0; i < N; i++) { e[i].a = 0x10000000ull + (unsigned)i; e[i].key = key(e[i].a, B); }
    qsort(e, N, sizeof *e, cmp);
    unsigned long long pair[2] = {0, 0};
    for (int i = 1; i < N && !pair[1]; i++)
        if (e[i].key == e[i - 1].key) { pair[0] = e[i - 1].a; pair[1] = e[i].a; }
    free(e);
    if (!pair[1]) { fprintf(stderr, "no all-table collision found\n"); return 1; }
    fprintf(stderr, "all-table collision: <%llx, %llx> and <%llx, %llx>, key %09llx\n",
            pair[0], B, pair[1], B, key(pair[0], B));
    for (int d = 1; d <= 6; d++) dist(pair, 2, d, 40);
    /* per table: four tuples sharing their counter of that table only */
    for (int t = 0; t < 4; t++) {
        unsigned long long g[4];
        int n = 0;
        g[n++] = 0x500000ull + (unsigned)t;
        unsigned want = hwp_hash_index(&h, t, g[0], B) & 511u;
        for (unsigned long long a = 0x600000ull + ((unsigned long long)t << 16); n < 4; a++) {
            int other = 0;
            for (int u = 0; u < 4; u++)
                if (u != t && (hwp_hash_index(&h, u, a, B) & 511u) == (hwp_hash_index(&h, u, g[0], B) & 511u)) other = 1;
            if ((hwp_hash_index(&h, t, a, B) & 511u) == want && !other) g[n++] = a;
        }
        for (int d = 1; d <= 6; d++) dist(g, 4, d, 20);
    }
    return 0;
}
C
cc -std=c99 -O2 -Icmodel/common -o "$d/gen" "$d/gen.c" build/libhwp.a -lzstd -lm
"$d/gen" > "$d/collide.txt"
out=$(make --no-print-directory sim ENGINE=mhash CONFIG=t4c1r0 IDLE=0 STALL=0 SIMROOT="$d/sim" \
      TRACE="$d/collide.txt" | grep -E '^(PASS|FAIL)')
echo "$out"
ev=$(sed 's/.* events=\([0-9]*\).*/\1/' <<<"$out")
cy=$(sed 's/.* cycles=\([0-9]*\).*/\1/' <<<"$out")
echo "events=$ev cycles=$cy: $((cy - ev)) clocks beyond one per event (INIT 128 + latency and end 7)"
grep -q '^PASS' <<<"$out"
[ "$cy" -le $((ev + 128 + 7)) ]
