/* SPDX-License-Identifier: Apache-2.0
 *
 * RV64GC instruction decoder: given an instruction word (32-bit, or a 16-bit
 * compressed parcel in the low half), returns its length, opcode class
 * (enum hwp_class in trace.h), register operands and immediate. Used by
 * `hwprof record` to turn qemu-riscv64 register logs into retire records, and
 * meant for the co-processor's instruction decoder (Zilles & Sohi 2001: the
 * profiling co-processor sees the retired instruction stream and classifies
 * it).
 *
 * Covered: RV64I, M, A, F, D, Zicsr, Zifencei and C (the RV64 compressed set).
 * Register numbers: integer registers x0..x31 are 0..31, floating-point
 * registers f0..f31 are 32..63 (HWP_RV_FREG + n); HWP_RV_NOREG when absent.
 *
 * Classes (RISC-V calling convention, the "link register" is x1 or x5):
 *   jal  rd=link          -> call     jal  rd=x0 -> jump   jal  other rd -> jump
 *   jalr rd=link          -> call     jalr rd=x0, rs1=link -> ret
 *   jalr anything else    -> ijump
 *   lr, amo*              -> load (rd receives the old memory value)
 *   sc                    -> store
 *   loads incl. flw/fld   -> load     stores incl. fsw/fsd -> store
 *   mul/div/rem           -> muldiv   other F/D arithmetic -> fp
 *   ecall, ebreak, csrr*, xret, wfi, sfence -> system; fence, fence.i -> other
 */
#ifndef HWP_RISCV_H
#define HWP_RISCV_H

#include <stdint.h>

#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HWP_RV_NOREG (-1)
#define HWP_RV_FREG 32

/* Memory access flags (hwp_rv_insn.mem). */
#define HWP_RV_MEM_READ 0x1
#define HWP_RV_MEM_WRITE 0x2
#define HWP_RV_MEM_SIGNED 0x4 /* load result is sign-extended (lb/lh/lw) */

typedef struct hwp_rv_insn {
    uint32_t word; /* instruction bits (a compressed one in the low 16) */
    int len;       /* 2 or 4 */
    int valid;     /* 1 if the encoding is a legal RV64GC instruction */
    int cls;       /* enum hwp_class */
    int rd, rs1, rs2, rs3; /* register numbers or HWP_RV_NOREG */
    int64_t imm;   /* sign-extended immediate (offset for loads, stores, branches,
                      jumps; shift amount for shifts; csr number for csr*;
                      upper immediate already shifted for lui/auipc) */
    int mem;       /* HWP_RV_MEM_* */
    int mem_size;  /* bytes accessed by a load/store/amo, 0 otherwise */
} hwp_rv_insn;

/* Length in bytes of the instruction whose first 16-bit parcel is `lo16`:
 * 2 for a compressed instruction, 4 otherwise (longer encodings are not part
 * of RV64GC and are reported as 4 with valid = 0 by hwp_rv_decode). */
int hwp_rv_length(uint32_t lo16);

/* Decodes `word` (only the low 16 bits are looked at for a compressed one).
 * Fills *out completely and returns 1 for a legal RV64GC instruction, 0 for
 * an illegal or unsupported encoding (out->valid = 0, out->cls = other,
 * out->len still the length from the low bits). */
int hwp_rv_decode(uint32_t word, hwp_rv_insn *out);

/* 1 if d transfers control (class branch, jump, call, ret or ijump). */
int hwp_rv_is_ctl(const hwp_rv_insn *d);

/* The retire record (docs/trace-format.md) of instruction d retired at pc,
 * the next pc being next_pc: word, class and length from d; rd when rd > 0
 * (else HWP_RD_NONE), with value when has_value; the load/store address
 * when mem; taken when d transfers control and next_pc != pc + length. The
 * one definition of a RISC-V retire record: `hwprof record` (qemu register
 * logs) and the SoC's RVFI capture (tb/soc/soc_retire.c) both use it. */
void hwp_rv_retire_rec(const hwp_rv_insn *d, uint64_t pc, uint64_t next_pc, int rd, int has_value,
                       uint64_t value, int mem, uint64_t addr, hwp_rec *out);

#ifdef __cplusplus
}
#endif
#endif
