/* SPDX-License-Identifier: Apache-2.0
 *
 * The SoC harness's C side (docs/soc.md): turns the fields of hwp_soc's
 * retire port into hwprof retire records (docs/trace-format.md) with the
 * same definitions as `hwprof record --kind retire --tool qemu`
 * (docs/record.md), and writes them with the trace library.
 */
#ifndef SOC_RETIRE_H
#define SOC_RETIRE_H
#include <stdint.h>
#include "trace.h"
#ifdef __cplusplus
extern "C" {
#endif

/* One retirement as the port gives it (rtl/soc/hwp_soc.v retire_*_o). */
typedef struct soc_retire {
    uint32_t pc, insn, next_pc;
    uint32_t rd, rd_value; /* rd 0: no register written */
    uint32_t mem, addr;    /* mem: load or store, addr = rs1 + imm */
} soc_retire;

/* Fills *out with hwp_rv_retire_rec (cmodel/common/riscv.h), the record
 * `hwprof record` makes: class and length from the project's decoder, rd and
 * value from the port (rd 0 = none), the address of a load/store, taken
 * when a control transfer's next pc is not pc + 4. */
void soc_retire_rec(const soc_retire *in, hwp_rec *out);

/* The header of the SoC's retire traces (isa riscv64: RV32IM encodings
 * decode as in RV64; values and addresses are the 32-bit ones,
 * zero-extended; count unknown). */
void soc_trace_info(hwp_trace_info *info);

/* Opens a retire trace with that header. */
int soc_trace_open(hwp_writer **w, const char *path, hwp_err *err);

#ifdef __cplusplus
}
#endif
#endif
