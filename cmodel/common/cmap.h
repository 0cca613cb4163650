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
/* A value profile as two maps: <pc, value> counts in pairs and <pc, 0>
 * totals in pcs. init: 0, or -1 (out of memory) with neither map held;
 * add: n more of <pc, value>, 0 or -1 (out of memory). */
int hwp_vmaps_init(hwp_cmap *pairs, hwp_cmap *pcs);
void hwp_vmaps_free(hwp_cmap *pairs, hwp_cmap *pcs);
int hwp_vmaps_add(hwp_cmap *pairs, hwp_cmap *pcs, uint64_t pc, uint64_t value, uint64_t n);
/* Finds <a, b>; NULL if absent. */
hwp_cmap_ent *hwp_cmap_get(const hwp_cmap *m, uint64_t a, uint64_t b);
/* Copies the live entries into a new array sorted by count (descending,
 * ties by a then b ascending); *n receives the size. Caller frees. */
hwp_cmap_ent *hwp_cmap_sorted(const hwp_cmap *m, size_t *n);

#ifdef __cplusplus
}
#endif
#endif
