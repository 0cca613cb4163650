/* SPDX-License-Identifier: Apache-2.0
 *
 * The engines of `hwprof run`, `eval` and `stream` (cmodel/cli/engine.h), in
 * the order the usage lines list them.
 */
#include <string.h>

#include "cli.h"
#include "engine.h"

const hwp_engine hwp_engines[] = {
    {"mhash", hwp_run_mhash, hwp_eval_mhash, &hwp_link_mhash},
    {"strat", hwp_run_strat, hwp_eval_strat, &hwp_link_strat},
    {"rap", hwp_run_rap, hwp_eval_rap, &hwp_link_rap},
    {"coproc", hwp_run_coproc, hwp_eval_coproc, &hwp_link_coproc},
    {"pfp", hwp_run_pfp, hwp_eval_pfp, &hwp_link_pfp},
};
const int hwp_n_engines = (int)(sizeof hwp_engines / sizeof hwp_engines[0]);

const hwp_engine *hwp_engine_find(const char *name)
{
    for (int i = 0; name && i < hwp_n_engines; i++)
        if (!strcmp(hwp_engines[i].name, name)) return &hwp_engines[i];
    return NULL;
}
