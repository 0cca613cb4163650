/* SPDX-License-Identifier: Apache-2.0
 *
 * The pieces of `hwprof run --engine coproc` (eng_coproc.c) that
 * `hwprof stream --engine coproc` (stream_coproc.c) shares: options, the
 * host software's setup and the printed profile, so both print the same.
 */
#ifndef HWP_ENG_COPROC_H
#define HWP_ENG_COPROC_H

#include <getopt.h>
#include <stdint.h>

#include "coproc/coproc.h"
#include "coproc/cp_eval.h"
#include "coproc/cp_host.h"

typedef struct hwp_coproc_opts {
    cp_cfg cfg;
    int prog;
    const char *prog_name, *prog_file;
    cp_host_params prm;
    cp_cost cost;
    int json, nchk, top;
    double min_frac;
    uint64_t max_records;
    const char *trace;
} hwp_coproc_opts;

/* getopt_long over argv (argv[0] names the command in messages): -1 to go
 * on, else the exit status (0 after --help, 2 on a usage error). */
int hwp_coproc_parse(int argc, char **argv, hwp_coproc_opts *o);
/* Its pieces, as engopt.h's per engine: the option table (codes are the
 * short option letters), the defaults, one option (0 taken, 1 not one of
 * these, 2 bad value with a message) and the checks after the last (0 or 2). */
extern const struct option hwp_coproc_optab[];
void hwp_coproc_init(hwp_coproc_opts *o);
int hwp_coproc_opt(const char *cmd, int code, const char *arg, hwp_coproc_opts *o);
int hwp_coproc_finish(const char *cmd, hwp_coproc_opts *o);
/* Assembles the program and initialises the host software. 0, or 1 with a
 * message printed. */
int hwp_coproc_host(const char *cmd, const hwp_coproc_opts *o, cp_host *h);
/* The profile `hwprof run` prints. 0, or 1 (out of memory, message printed). */
int hwp_coproc_print_run(const hwp_coproc_opts *o, const cp_host *h, uint64_t records,
                         uint32_t processed, uint32_t dropped);

#endif
