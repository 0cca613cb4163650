/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof run/eval --engine coproc (work in progress: being written).
 */
#include <stdio.h>

#include "cli.h"

int hwp_run_coproc(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "hwprof run --engine coproc: not implemented yet\n");
    return 1;
}

int hwp_eval_coproc(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "hwprof eval --engine coproc: not implemented yet\n");
    return 1;
}
