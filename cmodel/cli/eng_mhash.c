/* SPDX-License-Identifier: Apache-2.0
 * Placeholder until engine mhash lands: both subcommands say so and fail. */
#include <stdio.h>

#include "cli.h"

static int not_yet(int argc, char **argv)
{
    (void)argc;
    fprintf(stderr, "hwprof %s --engine mhash: engine not available in this build yet\n", argv[0]);
    return 1;
}

int hwp_run_mhash(int argc, char **argv) { return not_yet(argc, argv); }
int hwp_eval_mhash(int argc, char **argv) { return not_yet(argc, argv); }
