/* SPDX-License-Identifier: Apache-2.0
 *
 * The arrays a model sizes from its configuration when it is set up (tables,
 * memories, buffers) and frees all together. The model keeps one hwp_arrays,
 * takes each array from it with hwp_arrays_calloc, checks `failed` once after
 * the last one, and releases them with one hwp_arrays_free, on a failed
 * set-up as on the normal end. After hwp_arrays_free the model's pointers
 * into the arrays are stale until it is set up again; a second free does
 * nothing. A zeroed hwp_arrays holds nothing. hwp_grow is for the arrays
 * that grow as a run goes (records, results).
 */
#ifndef HWP_ARRAYS_H
#define HWP_ARRAYS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HWP_ARRAYS_MAX 16

typedef struct hwp_arrays {
    void *p[HWP_ARRAYS_MAX];
    int n;
    int failed; /* an allocation failed, or more than HWP_ARRAYS_MAX were asked */
} hwp_arrays;

/* n zeroed elements of size bytes each, owned by a; NULL, with a->failed
 * set, when out of memory. */
void *hwp_arrays_calloc(hwp_arrays *a, size_t n, size_t size);
/* Frees every array of a and empties it. */
void hwp_arrays_free(hwp_arrays *a);

/* A growing array: p, of *cap elements of size bytes, when element n fits;
 * else p moved to twice the capacity (first elements when empty), *cap
 * updated. NULL when out of memory, p and *cap then unchanged. */
void *hwp_grow(void *p, size_t *cap, size_t n, size_t size, size_t first);

#ifdef __cplusplus
}
#endif

#endif
