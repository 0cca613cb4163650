/* SPDX-License-Identifier: Apache-2.0
 * Sorting: bottom-up merge sort of 32-bit keys, then an insertion-sorted
 * small-record array with qsort from libc, and a binary-search probe loop. */
#include "common.h"
#include <stdlib.h>
#include <string.h>

#define N 4000
static uint32_t a[N], tmp[N];
struct rec { uint32_t key; uint16_t tag; uint8_t pad[2]; };
static struct rec r[1500];

static int cmp_rec(const void *x, const void *y)
{
    const struct rec *p = x, *q = y;
    return (p->key > q->key) - (p->key < q->key);
}

static void msort(uint32_t *v, uint32_t *t, size_t n)
{
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                t[k++] = v[i] <= v[j] ? v[i++] : v[j++];
            while (i < mid) t[k++] = v[i++];
            while (j < hi) t[k++] = v[j++];
        }
        memcpy(v, t, n * sizeof *v);
    }
}

int main(void)
{
    uint64_t s = 42;
    for (size_t i = 0; i < N; i++)
        a[i] = (uint32_t)(rng_next(&s) % 100000);
    msort(a, tmp, N);
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
        r[i].key = (uint32_t)(rng_next(&s) % 5000);
        r[i].tag = (uint16_t)i;
    }
    qsort(r, sizeof r / sizeof r[0], sizeof r[0], cmp_rec);
    unsigned hits = 0;
    for (int q = 0; q < 1500; q++) {
        uint32_t key = (uint32_t)(rng_next(&s) % 100000);
        size_t lo = 0, hi = N;
        while (lo < hi) {
            size_t m = (lo + hi) / 2;
            if (a[m] < key) lo = m + 1; else hi = m;
        }
        hits += lo < N && a[lo] == key;
    }
    for (size_t i = 1; i < N; i++)
        if (a[i - 1] > a[i]) return 1;
    return hits > 1500 ? 2 : 0;
}
