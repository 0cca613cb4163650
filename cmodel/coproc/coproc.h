/* SPDX-License-Identifier: Apache-2.0
 *
 * Programmable profiling co-processor (Zilles and Sohi, HPCA 2001): cycle
 * model. This is the specification the RTL (rtl/coproc/hwp_coproc.v) is
 * checked against clock by clock. docs/coproc.md describes the design,
 * docs/coproc-isa.md the microinstruction set.
 *
 * Main-processor side (paper section "instruction filtering and sample
 * buffer"): every retired record passes a decode-time filter (opcode class
 * enable, hashed-PC partition mask/match, hashed-PC-indexed exclusion bit
 * table); tagged records enter the sample buffer (a FIFO) or, when it is
 * full, are dropped and counted. The main processor never stalls.
 *
 * Co-processor (sections "datapath" and "control"): microcode array, a
 * fetch / decode / execute pipeline, 64-bit microinstructions with a value
 * ALU op, an index ALU op, a data-array op, an associative-array op and a
 * branch slot with a one-bit static prediction; partitioned register files;
 * the decoder/field extractor (DFE) mapping the head sample's opcode class
 * to a routine; special branch targets `done` and `interrupt`. A host port
 * reads and writes all state.
 */
#ifndef HWP_COPROC_H
#define HWP_COPROC_H

#include <stdint.h>

#include "arrays.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- sizes */
typedef struct cp_cfg {
    int uc_aw;  /* microcode words = 2^uc_aw (default 8: 256 x 64 bits)    */
    int cam_aw; /* associative array entries = 2^cam_aw (default 6: 64)    */
    int da_aw;  /* data array words = 2^da_aw (default 9: 512 x 32 bits)   */
    int sb_aw;  /* sample buffer entries = 2^sb_aw (default 4: 16)         */
    int ft_aw;  /* PC filter bit table bits = 2^ft_aw (default 12: 4096)   */
} cp_cfg;

void cp_cfg_default(cp_cfg *c);
/* 0 if the sizes are within the supported ranges, else -1 and msg (128 B). */
int cp_cfg_check(const cp_cfg *c, char *msg);

#define CP_NV 8   /* value registers v0..v7 (32 bits) */
#define CP_NC 8   /* constant registers c0..c7 (32 bits) */
#define CP_NI 8   /* index registers i0..i7 (width 1..16 each, set at load) */
#define CP_NB 4   /* base-address registers b0..b3 */
#define CP_NT 4   /* branch-target registers t0..t3 */
#define CP_IW 16  /* maximum index register width */
#define CP_NCLS 16

/* ---------------------------------------------------------------- microinstruction fields */
/* bit layout of the 64-bit microinstruction (docs/coproc-isa.md) */
#define CP_F_VOP 0
#define CP_F_VD 4
#define CP_F_VA 7
#define CP_F_VB 12
#define CP_F_IOP 17
#define CP_F_ID 20
#define CP_F_IA 23
#define CP_F_IB 27
#define CP_F_DOP 31
#define CP_F_DB 33
#define CP_F_DI 35
#define CP_F_COP 38
#define CP_F_CI 40
#define CP_F_BC 43
#define CP_F_BK 47
#define CP_F_BO 49
#define CP_F_BP 57
#define CP_UW_USED 58 /* bits 63:58 are zero */

enum cp_vop { CP_V_NOP, CP_V_MOV, CP_V_ADD, CP_V_SUB, CP_V_SADD, CP_V_SSUB, CP_V_AND, CP_V_OR,
              CP_V_XOR, CP_V_SHR, CP_V_SHL, CP_V_RAND, CP_V_CEQ, CP_V_CNE, CP_V_CLT, CP_V_CLE };
/* value operands: 0-7 v, 8-15 c, 16.. sample fields, 23 dr, 24-31 i */
enum cp_vsrc { CP_VS_V0 = 0, CP_VS_C0 = 8, CP_VS_PC = 16, CP_VS_INSN, CP_VS_VALUE, CP_VS_ADDR,
               CP_VS_NPC, CP_VS_IMM, CP_VS_INFO, CP_VS_DR, CP_VS_I0 = 24 };
enum cp_iop { CP_I_NOP, CP_I_MOV, CP_I_ADD, CP_I_SUB, CP_I_SADD, CP_I_SSUB, CP_I_AND, CP_I_OR };
/* index operands: 0-7 i, then these */
enum cp_isrc { CP_IS_I0 = 0, CP_IS_MIDX = 8, CP_IS_CLS, CP_IS_DR, CP_IS_ZERO, CP_IS_ONE, CP_IS_RD,
               CP_IS_RS1, CP_IS_RS2 };
enum cp_dop { CP_D_NONE, CP_D_READ, CP_D_WRITE, CP_D_INC };
enum cp_cop { CP_C_NONE, CP_C_WRITE, CP_C_INVAL, CP_C_INVALL };
enum cp_cond { CP_B_NEVER, CP_B_ALWAYS, CP_B_VZ, CP_B_VNZ, CP_B_VSAT, CP_B_NVSAT, CP_B_IZ,
               CP_B_INZ, CP_B_ISAT, CP_B_NISAT, CP_B_HIT, CP_B_NHIT, CP_B_DSAT, CP_B_NDSAT,
               CP_B_TAKEN, CP_B_NTAKEN };
enum cp_btk { CP_T_REL, CP_T_TREG, CP_T_DONE, CP_T_INT };

/* ---------------------------------------------------------------- host port */
enum cp_hop { CP_H_READ = 0, CP_H_WRITE = 1, CP_H_CMD = 2 };
/* address = space << 12 | index */
enum cp_space { CP_SP_UC = 0, CP_SP_CAM = 1, CP_SP_DA = 2, CP_SP_REG = 3, CP_SP_FILT = 4,
                CP_SP_BT = 5 };
/* register space indices */
#define CP_R_V 0x00
#define CP_R_C 0x08
#define CP_R_I 0x10
#define CP_R_IWID 0x18
#define CP_R_B 0x20
#define CP_R_T 0x24
#define CP_R_CNTW 0x28
#define CP_R_LFSR 0x29
#define CP_R_CLS 0x30
/* filter/status space indices (readable at any time) */
#define CP_F_CLSEN 0x00
#define CP_F_PMASK 0x01
#define CP_F_PMATCH 0x02
#define CP_F_FSEL 0x03
#define CP_F_STATUS 0x08
#define CP_F_RETIRED 0x09
#define CP_F_TAGGED 0x0a
#define CP_F_DROPPED 0x0b
#define CP_F_PROCESSED 0x0c
#define CP_F_INTERRUPTS 0x0d
#define CP_F_IRQUPC 0x0e
#define CP_F_ABORTED 0x0f
/* commands (index of a CMD) */
enum cp_cmd { CP_CMD_RUN = 0, CP_CMD_STOP = 1, CP_CMD_INVCAM = 2, CP_CMD_CLRDA = 3,
              CP_CMD_CLRBT = 4 };
/* sample field select bits (CP_F_FSEL); the pc is always captured */
#define CP_FS_INSN 1u
#define CP_FS_VALUE 2u
#define CP_FS_ADDR 4u
#define CP_FS_NPC 8u

enum cp_state { CP_ST_STOP = 0, CP_ST_IDLE = 1, CP_ST_RUN = 2, CP_ST_IRQ = 3 };

/* ---------------------------------------------------------------- DFE */
typedef struct cp_dfe {
    uint32_t cls;  /* opcode class (enum hwp_class) */
    uint32_t rd, rs1, rs2; /* 5-bit register fields (0 for compressed) */
    uint32_t imm;  /* sign-extended immediate, low 32 bits (0 for compressed) */
} cp_dfe;
/* Decodes a RISC-V instruction word. 32-bit encodings are classified from
 * the major opcode (and rd/rs1 for jal/jalr, funct7 for OP, funct5 for AMO);
 * compressed ones (insn[1:0] != 3) and records of other ISAs use rec_cls. */
void cp_dfe_decode(uint32_t insn, uint32_t rec_cls, int riscv, cp_dfe *d);

/* ---------------------------------------------------------------- model */
typedef struct cp_sample {
    uint32_t pc, insn, value, addr, npc;
    uint8_t cls, flags;
} cp_sample;

typedef struct cp_in {
    int ret_valid;
    uint32_t ret_pc, ret_insn, ret_value, ret_addr;
    uint32_t ret_cls, ret_flags;
    int host_valid;
    uint32_t host_op, host_addr;
    uint64_t host_wdata;
    int rsp_ready;
} cp_in;

typedef struct cp_out {
    int ret_ready, host_ready, rsp_valid, irq;
    uint64_t rsp_data;
    /* debug/trace port: execute stage of this cycle */
    int e_fire;
    uint32_t e_upc, vres, ires, next_upc;
    int taken, hit, dwe, cwe;
    uint32_t midx, daddr, dwdata, dr;
    uint32_t state, sb_count, dropped;
} cp_out;

/* results of a microinstruction's read stage (cp_read, rtl/coproc/hwp_coproc_rd.v) */
typedef struct cp_rd {
    uint32_t a, dr, vres, midx, dinc; /* dinc: dr + 1, saturating */
    int vsat, hit, dsat;
} cp_rd;

typedef struct coproc {
    cp_cfg cfg;
    int riscv; /* DFE decodes RISC-V words (1) or uses the record class (0) */
    /* arrays, all in mem */
    hwp_arrays mem;
    uint64_t *uc;
    uint32_t *cam_key;
    uint8_t *cam_valid;
    uint32_t *da;
    uint8_t *bt;
    cp_sample *sb;
    /* filter */
    uint32_t cls_en, pmask, pmatch, fsel;
    int h_valid;
    cp_sample h;
    int s1_valid;
    cp_sample s1;
    uint32_t s1_hpc;
    int bt_q;
    int bth_q; /* host copy of the bit table: registered host read */
    uint32_t sb_rd, sb_wr, sb_count;
    uint32_t retired, tagged, dropped, processed, interrupts, aborted, irq_upc;
    /* registers */
    uint32_t v[CP_NV], c[CP_NC], i[CP_NI], iwid[CP_NI], b[CP_NB], t[CP_NT];
    uint32_t cntw, lfsr, ctab[CP_NCLS];
    /* control */
    uint32_t state;
    cp_sample cur;
    cp_dfe cur_d;
    int d_valid;
    uint32_t d_upc;
    uint64_t uc_q;
    int r_valid; /* read stage */
    int r_drw;        /* its microinstruction (A = dr) is in its second cycle */
    uint32_t r_drh;   /* its dr, registered in its first cycle */
    uint32_t r_upc;
    uint64_t r_word;
    uint32_t r_a;     /* its operands A and B unless dr, selected in decode */
    uint32_t r_b;
    uint32_t r_daddr;
    int e_valid; /* execute stage */
    uint32_t e_upc;
    uint64_t e_word;
    uint32_t e_daddr;
    cp_rd x;  /* the read stage's results for the execute stage */
    uint32_t da_q;
    int byp_hit;
    uint32_t byp_data;
    /* host port */
    int rsp_valid;
    uint32_t rsp_src; /* 0 register value, 1 microcode (uc_q), 2 data array (da_q), 3 bit table (bth_q) */
    uint64_t rsp_q;
    uint32_t clr_cnt, clr_what;
    int stop_q;        /* a STOP accepted last cycle acts in this one */
    int hcw_valid;     /* a host CAM write accepted last cycle is written in this one */
    uint32_t hcw_idx;
    uint64_t hcw_data; /* its valid bit (32) and key (31:0) */
} coproc;

/* Allocates the arrays. Returns 0, or -1 with msg (128 bytes) set. */
int cp_init(coproc *m, const cp_cfg *cfg, int riscv, char *msg);
void cp_free(coproc *m);
/* Synchronous reset (rst_i): control state and registers; array contents
 * are left as they are (the host clears them). */
void cp_reset(coproc *m);
void cp_step(coproc *m, const cp_in *in, cp_out *out);

/* helpers shared with the assembler, the host model and tests */
uint32_t cp_fold(uint32_t pc, int bits);  /* hashed PC: xor-fold of pc >> 1 */
uint32_t cp_lfsr_next(uint32_t x);        /* 32-bit Galois LFSR step */
static inline uint32_t cp_fld(uint64_t w, int lsb, int n)
{
    return (uint32_t)((w >> lsb) & ((1ull << n) - 1));
}

#ifdef __cplusplus
}
#endif
#endif
