/* SPDX-License-Identifier: Apache-2.0
 * Retire records from the SoC's retire port (soc_retire.h). */
#include "soc_retire.h"
#include <string.h>
#include "riscv.h"

void soc_retire_rec(const soc_retire *in, hwp_rec *out)
{
    hwp_rv_insn d;
    hwp_rv_decode(in->insn, &d);
    memset(out, 0, sizeof *out);
    out->a = in->pc;
    out->insn = in->insn;
    out->cls = (uint8_t)d.cls;
    out->len = (uint8_t)d.len;
    out->rd = HWP_RD_NONE;
    if (in->rd != 0) {
        out->rd = (uint8_t)in->rd;
        out->value = in->rd_value;
        out->flags |= HWP_RF_VALUE;
    }
    if (in->mem) {
        out->addr = in->addr;
        out->flags |= HWP_RF_ADDR;
    }
    int ctl = d.cls == HWP_CLS_BRANCH || d.cls == HWP_CLS_JUMP || d.cls == HWP_CLS_CALL ||
              d.cls == HWP_CLS_RET || d.cls == HWP_CLS_IJUMP;
    if (ctl && in->next_pc != (uint32_t)(in->pc + (uint32_t)d.len))
        out->flags |= HWP_RF_TAKEN;
}

int soc_trace_open(hwp_writer **w, const char *path, hwp_err *err)
{
    hwp_trace_info info;
    memset(&info, 0, sizeof info);
    info.kind = HWP_KIND_RETIRE;
    info.width0 = 64;
    info.isa = HWP_ISA_RISCV64;
    info.count = HWP_COUNT_UNKNOWN;
    return hwp_writer_open(w, path, &info, err);
}
