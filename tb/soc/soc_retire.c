/* SPDX-License-Identifier: Apache-2.0
 * Retire records from the SoC's retire port (soc_retire.h). */
#include "soc_retire.h"
#include <string.h>
#include "riscv.h"

void soc_retire_rec(const soc_retire *in, hwp_rec *out)
{
    hwp_rv_insn d;
    hwp_rv_decode(in->insn, &d);
    hwp_rv_retire_rec(&d, in->pc, in->next_pc, (int)in->rd, 1, in->rd_value, (int)in->mem, in->addr,
                      out);
}

void soc_trace_info(hwp_trace_info *info)
{
    memset(info, 0, sizeof *info);
    info->kind = HWP_KIND_RETIRE;
    info->width0 = 64;
    info->isa = HWP_ISA_RISCV64;
    info->count = HWP_COUNT_UNKNOWN;
}

int soc_trace_open(hwp_writer **w, const char *path, hwp_err *err)
{
    hwp_trace_info info;
    soc_trace_info(&info);
    return hwp_writer_open(w, path, &info, err);
}
