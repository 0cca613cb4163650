/* SPDX-License-Identifier: Apache-2.0
 *
 * A model's arrays, freed together (see arrays.h).
 */
#include "arrays.h"

#include <stdlib.h>
#include <string.h>

void *hwp_arrays_calloc(hwp_arrays *a, size_t n, size_t size)
{
    void *p = a->n < HWP_ARRAYS_MAX ? calloc(n, size) : NULL;
    if (!p) {
        a->failed = 1;
        return NULL;
    }
    a->p[a->n++] = p;
    return p;
}

void hwp_arrays_free(hwp_arrays *a)
{
    for (int i = 0; i < a->n; i++) free(a->p[i]);
    memset(a, 0, sizeof *a);
}

void *hwp_grow(void *p, size_t *cap, size_t n, size_t size, size_t first)
{
    if (n < *cap) return p;
    size_t nc = *cap ? *cap * 2 : first;
    void *q = realloc(p, nc * size);
    if (q) *cap = nc;
    return q;
}
