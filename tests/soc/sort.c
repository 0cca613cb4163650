/* SPDX-License-Identifier: Apache-2.0
 * SoC program (docs/soc.md): sorts 1000 generated 32-bit keys three ways
 * (insertion sort on a prefix, top-down merge sort, picolibc's qsort), checks
 * the results are ordered and equal, and binary-searches every key.
 * Exit code 0 when every check holds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000
#define NI 200 /* insertion sort prefix */

static uint32_t keys[N], a[N], b[N], tmp[N];

static void merge_sort(uint32_t *v, uint32_t *t, int n)
{
    if (n < 2)
        return;
    int h = n / 2;
    merge_sort(v, t, h);
    merge_sort(v + h, t, n - h);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        t[k++] = v[j] < v[i] ? v[j++] : v[i++];
    while (i < h)
        t[k++] = v[i++];
    while (j < n)
        t[k++] = v[j++];
    memcpy(v, t, (size_t)n * sizeof *v);
}

static void insertion_sort(uint32_t *v, int n)
{
    for (int i = 1; i < n; i++) {
        uint32_t x = v[i];
        int j = i - 1;
        while (j >= 0 && v[j] > x) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
}

static int cmp_u32(const void *p, const void *q)
{
    uint32_t x = *(const uint32_t *)p, y = *(const uint32_t *)q;
    return (x > y) - (x < y);
}

static int find(const uint32_t *v, int n, uint32_t key)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (v[mid] == key)
            return mid;
        if (v[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int main(void)
{
    uint32_t x = 2463534242u;
    for (int i = 0; i < N; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        keys[i] = x % 100000u;
    }
    int bad = 0;
    memcpy(a, keys, sizeof a);
    insertion_sort(a, NI);
    for (int i = 1; i < NI; i++)
        bad += a[i - 1] > a[i];
    memcpy(a, keys, sizeof a);
    merge_sort(a, tmp, N);
    memcpy(b, keys, sizeof b);
    qsort(b, N, sizeof b[0], cmp_u32);
    for (int i = 0; i < N; i++)
        bad += a[i] != b[i] || (i && a[i - 1] > a[i]);
    int found = 0;
    for (int i = 0; i < N; i++)
        found += find(a, N, keys[i]) >= 0;
    printf("sort: %d keys, min %lu max %lu median %lu, %d found, %d errors\n", N,
           (unsigned long)a[0], (unsigned long)a[N - 1], (unsigned long)a[N / 2], found, bad);
    return bad == 0 && found == N ? 0 : 1;
}
