/* SPDX-License-Identifier: Apache-2.0
 *
 * Exact count map keyed by a 2-tuple <a, b> (open addressing, grows by
 * doubling). Used for exact reference profiles (stats, eval).
 */
#ifndef HWP_CMAP_H
#define HWP_CMAP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hwp_cmap_ent {
    uint64_t a, b;
    uint64_t count;
} hwp_cmap_ent;

typedef struct hwp_cmap {
    hwp_cmap_ent *ent;
    unsigned char *used;
    size_t cap;   /* power of two */
    size_t size;  /* live keys */
} hwp_cmap;

int hwp_cmap_init(hwp_cmap *m, size_t cap_hint);   /* 0 or -1 (out of memory) */
void hwp_cmap_free(hwp_cmap *m);
void hwp_cmap_clear(hwp_cmap *m);
/* Adds n to the count of <a, b>; returns the entry, or NULL if out of memory. */
hwp_cmap_ent *hwp_cmap_add(hwp_cmap *m, uint64_t a, uint64_t b, uint64_t n);
/* Finds <a, b>; NULL if absent. */
hwp_cmap_ent *hwp_cmap_get(const hwp_cmap *m, uint64_t a, uint64_t b);
/* Copies the live entries into a new array sorted by count (descending,
 * ties by a then b ascending); *n receives the size. Caller frees. */
hwp_cmap_ent *hwp_cmap_sorted(const hwp_cmap *m, size_t *n);

#ifdef __cplusplus
}
#endif
#endif
