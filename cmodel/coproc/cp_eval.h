/* SPDX-License-Identifier: Apache-2.0
 *
 * Evaluation of the profiling co-processor's load-value profile (Zilles and
 * Sohi 2001, section 5 and appendix): the system run (C cycle model + host
 * software on a retire trace), the final invariance estimation of the
 * appendix, the exact profile, the weighted RMS error, the overhead model
 * and the simple periodic sampling baseline. docs/coproc.md.
 */
#ifndef HWP_CP_EVAL_H
#define HWP_CP_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "cmap.h"
#include "coproc/cp_host.h"
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Overhead model constants (cycles), docs/coproc.md. */
typedef struct cp_cost {
    double interrupt;  /* per co-processor interrupt: trap, handler entry/exit (1000) */
    double port;       /* per host-port access (uncached load/store) (20) */
    double slot;       /* per slot record added to the profile in memory (50) */
    double tick;       /* per partition switch by the timer (200) */
    double estimate;   /* per static load in the final estimation (100) */
    double simple;     /* per sample of interrupt-driven simple sampling (1000) */
    double cpi;        /* main-processor cycles per retired record (1.0) */
} cp_cost;
void cp_cost_default(cp_cost *c);

/* Exact load-value profile: <pc, value> and pc counts over the loads of a
 * retire trace (class load; pc and value reduced to their low 32 bits, as
 * the co-processor keeps them). */
typedef struct cp_exact {
    hwp_cmap pair, pc;
    uint64_t loads, records;
} cp_exact;
int cp_exact_init(cp_exact *e);
void cp_exact_free(cp_exact *e);
int cp_exact_add(cp_exact *e, const hwp_rec *r); /* 0 or -1 (out of memory) */

/* Final estimation of the appendix from the copied slots (the first n of
 * slots): estimated invariance of <pc, value> in parts per million in
 * est->pair (count field), and the number of static loads in *nloads. */
int cp_estimate(const cp_slot_rec *slots, size_t n, hwp_cmap *est, uint64_t *nloads);

/* Weighted RMS error (percent) of estimated against exact invariances over
 * the <pc, value> pairs whose exact invariance is at least min_frac,
 * weighted by their dynamic counts; *npairs gets the number of pairs. */
double cp_wrms_error(const cp_exact *ex, const hwp_cmap *est_ppm, double min_frac, uint64_t *npairs);

#ifdef __cplusplus
}
#endif
#endif
