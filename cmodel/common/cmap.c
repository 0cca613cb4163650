/* SPDX-License-Identifier: Apache-2.0
 *
 * Exact count map (see cmap.h).
 */
#include "cmap.h"

#include <stdlib.h>
#include <string.h>

static uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 29;
    return h;
}

int hwp_cmap_init(hwp_cmap *m, size_t cap_hint)
{
    size_t cap = 1024;
    while (cap < cap_hint * 2) cap <<= 1;
    m->ent = malloc(cap * sizeof *m->ent);
    m->used = calloc(cap, 1);
    m->cap = cap;
    m->size = 0;
    if (!m->ent || !m->used) {
        hwp_cmap_free(m);
        return -1;
    }
    return 0;
}

void hwp_cmap_free(hwp_cmap *m)
{
    free(m->ent);
    free(m->used);
    m->ent = NULL;
    m->used = NULL;
    m->cap = m->size = 0;
}

void hwp_cmap_clear(hwp_cmap *m)
{
    memset(m->used, 0, m->cap);
    m->size = 0;
}

static int grow(hwp_cmap *m)
{
    hwp_cmap n;
    n.cap = m->cap * 2;
    n.size = 0;
    n.ent = malloc(n.cap * sizeof *n.ent);
    n.used = calloc(n.cap, 1);
    if (!n.ent || !n.used) {
        free(n.ent);
        free(n.used);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->used[i]) continue;
        size_t j = (size_t)mix(m->ent[i].a, m->ent[i].b) & (n.cap - 1);
        while (n.used[j]) j = (j + 1) & (n.cap - 1);
        n.used[j] = 1;
        n.ent[j] = m->ent[i];
        n.size++;
    }
    hwp_cmap_free(m);
    *m = n;
    return 0;
}

hwp_cmap_ent *hwp_cmap_add(hwp_cmap *m, uint64_t a, uint64_t b, uint64_t n)
{
    if ((m->size + 1) * 2 > m->cap && grow(m)) return NULL;
    size_t j = (size_t)mix(a, b) & (m->cap - 1);
    while (m->used[j]) {
        if (m->ent[j].a == a && m->ent[j].b == b) {
            m->ent[j].count += n;
            return &m->ent[j];
        }
        j = (j + 1) & (m->cap - 1);
    }
    m->used[j] = 1;
    m->ent[j].a = a;
    m->ent[j].b = b;
    m->ent[j].count = n;
    m->size++;
    return &m->ent[j];
}

hwp_cmap_ent *hwp_cmap_get(const hwp_cmap *m, uint64_t a, uint64_t b)
{
    size_t j = (size_t)mix(a, b) & (m->cap - 1);
    while (m->used[j]) {
        if (m->ent[j].a == a && m->ent[j].b == b) return &m->ent[j];
        j = (j + 1) & (m->cap - 1);
    }
    return NULL;
}

static int cmp_desc(const void *x, const void *y)
{
    const hwp_cmap_ent *p = x, *q = y;
    if (p->count != q->count) return p->count > q->count ? -1 : 1;
    if (p->a != q->a) return p->a < q->a ? -1 : 1;
    if (p->b != q->b) return p->b < q->b ? -1 : 1;
    return 0;
}

hwp_cmap_ent *hwp_cmap_sorted(const hwp_cmap *m, size_t *n)
{
    hwp_cmap_ent *v = malloc((m->size ? m->size : 1) * sizeof *v);
    if (!v) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < m->cap; i++)
        if (m->used[i]) v[k++] = m->ent[i];
    qsort(v, k, sizeof *v, cmp_desc);
    *n = k;
    return v;
}

int hwp_vmaps_init(hwp_cmap *pairs, hwp_cmap *pcs)
{
    if (hwp_cmap_init(pairs, 1024)) return -1;
    if (hwp_cmap_init(pcs, 256)) {
        hwp_cmap_free(pairs);
        return -1;
    }
    return 0;
}

void hwp_vmaps_free(hwp_cmap *pairs, hwp_cmap *pcs)
{
    hwp_cmap_free(pairs);
    hwp_cmap_free(pcs);
}

int hwp_vmaps_add(hwp_cmap *pairs, hwp_cmap *pcs, uint64_t pc, uint64_t value, uint64_t n)
{
    if (!hwp_cmap_add(pairs, pc, value, n) || !hwp_cmap_add(pcs, pc, 0, n)) return -1;
    return 0;
}
