/* SPDX-License-Identifier: Apache-2.0
 *
 * The engine options that `hwprof run/eval --engine E` and `hwprof stream
 * --engine E` both take (cmodel/cli/engopt.c): one option table, one parser
 * and one finishing step per engine, so that the C model and the board are
 * configured from the same words with the same ranges and checks.
 *
 * Per engine X (mhash, strat, rap, pfp):
 *   hwp_eo_X_opts      getopt_long table of X's options (codes from HWP_EO_X)
 *   hwp_eo_X_init(e)   defaults (those of `hwprof run`)
 *   hwp_eo_X_opt(cmd, code, arg, e)
 *                      0: taken; 1: not one of X's codes; 2: bad value
 *                      (message "hwprof <cmd>: --<opt>: ..." printed)
 *   hwp_eo_X_finish(cmd, e)
 *                      derived values and cross checks after the last
 *                      option; 0 ok, 2 error ("hwprof <cmd> --engine X: ...")
 * Options that only shape a command's output (--summary, --messages, --nodes,
 * --json, --max-events, ...) stay with the command.
 */
#ifndef HWP_ENGOPT_H
#define HWP_ENGOPT_H

#include <getopt.h>

#include "mhash/mhash.h"
#include "pfp/pfp.h"
#include "rap/rap.h"
#include "strat/strat.h"

enum { HWP_EO_MHASH = 0x1100, HWP_EO_STRAT = 0x1200, HWP_EO_RAP = 0x1300, HWP_EO_PFP = 0x1400 };

typedef struct hwp_eo_mhash {
    mhash_params p;
    double thr_pct;    /* --threshold, % of the interval */
    int thr_count_set; /* --threshold-count given (overrides --threshold) */
    int acc_set;       /* --accumulator given (else ceil(100 / threshold%)) */
    int ew_set;        /* --epoch-bits given (no effect on the profile) */
} hwp_eo_mhash;

typedef struct hwp_eo_strat {
    strat_cfg c;
    int fifo_set; /* --fifo-depth given (no effect on the profile) */
} hwp_eo_strat;

typedef struct hwp_eo_rap {
    rap_cfg c;
    double eps;     /* --eps as given; c.eps_q after finish */
    long branching; /* --branching as given; c.k after finish */
    double hot;     /* hot-range threshold, fraction of n */
    int field;      /* -1 auto, 0 a, 1 b */
} hwp_eo_rap;

typedef struct hwp_eo_pfp {
    pfp_params p;
} hwp_eo_pfp;

extern const struct option hwp_eo_mhash_opts[];
extern const struct option hwp_eo_strat_opts[];
extern const struct option hwp_eo_rap_opts[];
extern const struct option hwp_eo_pfp_opts[];

void hwp_eo_mhash_init(hwp_eo_mhash *e);
int hwp_eo_mhash_opt(const char *cmd, int code, const char *arg, hwp_eo_mhash *e);
int hwp_eo_mhash_finish(const char *cmd, hwp_eo_mhash *e);

void hwp_eo_strat_init(hwp_eo_strat *e);
int hwp_eo_strat_opt(const char *cmd, int code, const char *arg, hwp_eo_strat *e);
int hwp_eo_strat_finish(const char *cmd, hwp_eo_strat *e);

void hwp_eo_rap_init(hwp_eo_rap *e);
int hwp_eo_rap_opt(const char *cmd, int code, const char *arg, hwp_eo_rap *e);
int hwp_eo_rap_finish(const char *cmd, hwp_eo_rap *e);

void hwp_eo_pfp_init(hwp_eo_pfp *e);
int hwp_eo_pfp_opt(const char *cmd, int code, const char *arg, hwp_eo_pfp *e);
int hwp_eo_pfp_finish(const char *cmd, hwp_eo_pfp *e);

/* Concatenates option tables a and b (each ending with a zero entry) into
 * dst of cap entries, zero entry included; -1 if they do not fit. */
int hwp_eo_cat(struct option *dst, int cap, const struct option *a, const struct option *b);
/* 1 if the long option named by argument s ("--name" or "--name=v") is in t. */
int hwp_eo_has(const struct option *t, const char *s);

#endif
