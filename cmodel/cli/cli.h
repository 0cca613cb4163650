/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof command-line tool: subcommand entry points. Each takes argc/argv
 * with argv[0] = the subcommand name, parses its own options with
 * getopt_long, supports --help, and returns the exit status
 * (0 ok, 1 failure, 2 usage).
 */
#ifndef HWP_CLI_H
#define HWP_CLI_H

#include <stddef.h>

#include "trace.h"

int hwp_cmd_convert(int argc, char **argv);
int hwp_cmd_stats(int argc, char **argv);
int hwp_cmd_slice(int argc, char **argv);
int hwp_cmd_gen(int argc, char **argv);
int hwp_cmd_record(int argc, char **argv);   /* cmodel/cli/record.c */

int hwp_cmd_asm(int argc, char **argv);      /* cmodel/cli/asm.c: coproc microcode */
int hwp_cmd_stream(int argc, char **argv);   /* cmodel/cli/stream.c: trace to a board */

/* Per-engine `run` and `eval` (argv[0] = "run" or "eval"; --engine already
 * removed). One file per engine: cmodel/cli/eng_<engine>.c. */
int hwp_run_mhash(int argc, char **argv);
int hwp_eval_mhash(int argc, char **argv);
int hwp_run_strat(int argc, char **argv);
int hwp_eval_strat(int argc, char **argv);
int hwp_run_rap(int argc, char **argv);
int hwp_eval_rap(int argc, char **argv);
int hwp_run_pfp(int argc, char **argv);
int hwp_eval_pfp(int argc, char **argv);
int hwp_cmd_instrument(int argc, char **argv); /* cmodel/cli/instrument.c (engine pfp) */

int hwp_run_coproc(int argc, char **argv);
int hwp_eval_coproc(int argc, char **argv);

/* Shared helpers for subcommands (cmodel/cli/util.c). */
/* Parses an unsigned integer (decimal or 0x hex) into *out within [lo, hi];
 * prints "hwprof <cmd>: --<opt>: ..." and returns -1 on error. */
int hwp_cli_uint(const char *cmd, const char *opt, const char *s, unsigned long long lo,
                 unsigned long long hi, unsigned long long *out);
int hwp_cli_double(const char *cmd, const char *opt, const char *s, double lo, double hi,
                   double *out);
/* Reads the records of rd (the trace file path), at most max, into a new
 * array of elements of size bytes, each filled by put(ctx, element, record,
 * index); put returns non-zero, its message printed, to stop. Returns the
 * array and its length in *n, or NULL with "hwprof <cmd>: ..." printed (out
 * of memory, a read error, an empty trace). */
void *hwp_cli_load(const char *cmd, const char *path, hwp_reader *rd, unsigned long long max,
                   size_t size, int (*put)(void *ctx, void *elem, const hwp_rec *r, size_t i),
                   void *ctx, size_t *n);
/* Progress line on stderr for long runs (rate-limited, only if stderr is a tty
 * or HWPROF_PROGRESS=1); hwp_progress_done() ends the line. */
void hwp_progress(const char *what, unsigned long long done, unsigned long long total);
void hwp_progress_done(void);

#endif
