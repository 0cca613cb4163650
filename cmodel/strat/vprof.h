/* SPDX-License-Identifier: Apache-2.0
 *
 * The "profiling software" side of engine strat (Sastry et al. section 2.2):
 * folds <tuple, count> messages into a value profile, and the value-profile
 * invariance error of section 5.3.1 and overhead model of section 5.3.2.
 *
 * Error: from the ideal profile (every event) select the loads executed at
 * least min_exec times, their tuples holding at least min_tuple_frac of the
 * load's executions, and keep a load only if its selected tuples cover at
 * least min_cover of its executions. For a selected tuple v = <pc, val>:
 *   I_i(v) = n_i(v)/n_i(pc),  I_p(v) = n_p(v)/n_p(pc)  (0 if n_p(pc) = 0)
 *   e = sum_v n_i(v) |I_i(v) - I_p(v)| / sum_v n_i(v)
 * where n_p counts what the profiler reported (all of pc's tuples, selected
 * or not, make n_p(pc)).
 * Overhead: msg_cycles (30) per message over the program's cycles.
 */
#ifndef HWP_STRAT_VPROF_H
#define HWP_STRAT_VPROF_H

#include <stdint.h>

#include "cmap.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct strat_prof {
    hwp_cmap tup;   /* <pc, value> -> count */
    hwp_cmap pc;    /* <pc, 0> -> count */
    uint64_t total;
} strat_prof;

int strat_prof_init(strat_prof *p);  /* 0 or -1 (out of memory) */
void strat_prof_free(strat_prof *p);
int strat_prof_add(strat_prof *p, uint64_t a, uint64_t b, uint64_t count); /* 0 or -1 */

typedef struct strat_err_params {
    uint64_t min_exec;     /* 1000 */
    double min_tuple_frac; /* 0.10 */
    double min_cover;      /* 0.40 */
} strat_err_params;

void strat_err_params_default(strat_err_params *p);

typedef struct strat_err_result {
    double error_pct;      /* 100 * e */
    uint64_t sel_loads;    /* loads selected */
    uint64_t sel_tuples;   /* tuples selected */
    uint64_t sel_freq;     /* sum of n_i(v) over selected tuples */
} strat_err_result;

/* Returns 0, or -1 if out of memory. With nothing selected the error is 0. */
int strat_invariance_error(const strat_prof *ideal, const strat_prof *prof,
                           const strat_err_params *prm, strat_err_result *res);

/* Overhead in percent: 100 * msg_cycles * messages / program_cycles. */
double strat_overhead_pct(uint64_t messages, double msg_cycles, double program_cycles);

#ifdef __cplusplus
}
#endif
#endif
