/* SPDX-License-Identifier: Apache-2.0
 *
 * RV64GC decoder (see riscv.h for the classes and register numbering).
 * Encodings from the RISC-V Unprivileged ISA specification, chapters
 * "RV32I/RV64I Base", "M", "A", "F", "D", "Zicsr" and "C".
 */
#include "riscv.h"

#include "trace.h"

#include <string.h>

/* Bits [hi:lo] of w. */
static uint32_t bits(uint32_t w, int hi, int lo)
{
    return (w >> lo) & ((1u << (hi - lo + 1)) - 1u);
}

/* Sign-extends the low `n` bits of v. */
static int64_t sext(uint64_t v, int n)
{
    uint64_t m = 1ull << (n - 1);
    v &= (n == 64) ? ~0ull : ((1ull << n) - 1ull);
    return (int64_t)((v ^ m) - m);
}

static int is_link(int r)
{
    return r == 1 || r == 5;
}

int hwp_rv_length(uint32_t lo16)
{
    return (lo16 & 3u) == 3u ? 4 : 2;
}

static void init(hwp_rv_insn *d, uint32_t word, int len)
{
    memset(d, 0, sizeof *d);
    d->word = len == 2 ? (word & 0xffffu) : word;
    d->len = len;
    d->valid = 0;
    d->cls = HWP_CLS_OTHER;
    d->rd = d->rs1 = d->rs2 = d->rs3 = HWP_RV_NOREG;
}

/* Marks d as a legal instruction of class cls and returns 1. */
static int ok(hwp_rv_insn *d, int cls)
{
    d->valid = 1;
    d->cls = cls;
    return 1;
}

static int bad(hwp_rv_insn *d)
{
    int len = d->len;
    uint32_t w = d->word;
    init(d, w, len);
    return 0;
}

static int load(hwp_rv_insn *d, int size, int sgn)
{
    d->mem = HWP_RV_MEM_READ | (sgn ? HWP_RV_MEM_SIGNED : 0);
    d->mem_size = size;
    return ok(d, HWP_CLS_LOAD);
}

static int store(hwp_rv_insn *d, int size)
{
    d->mem = HWP_RV_MEM_WRITE;
    d->mem_size = size;
    return ok(d, HWP_CLS_STORE);
}

/* jal/jalr classification from rd/rs1 (calling convention, see riscv.h). */
static int jump_class(int is_jalr, int rd, int rs1)
{
    if (is_link(rd))
        return HWP_CLS_CALL;
    if (!is_jalr)
        return HWP_CLS_JUMP;
    if (rd == 0 && is_link(rs1))
        return HWP_CLS_RET;
    return HWP_CLS_IJUMP;
}

static int decode_op_fp(hwp_rv_insn *d, uint32_t w)
{
    int rd = (int)bits(w, 11, 7), rs1 = (int)bits(w, 19, 15), rs2 = (int)bits(w, 24, 20);
    uint32_t f7 = bits(w, 31, 25), f3 = bits(w, 14, 12);
    uint32_t fmt = f7 & 3u;
    if (fmt > 1u)
        return bad(d); /* only S (0) and D (1) */
    d->rd = HWP_RV_FREG + rd;
    d->rs1 = HWP_RV_FREG + rs1;
    d->rs2 = HWP_RV_FREG + rs2;
    switch (f7 >> 2) {
    case 0x00: case 0x01: case 0x02: case 0x03: /* fadd fsub fmul fdiv */
        if (f3 == 5u || f3 == 6u)
            return bad(d);
        return ok(d, HWP_CLS_FP);
    case 0x0b: /* fsqrt */
        if (rs2 != 0 || f3 == 5u || f3 == 6u)
            return bad(d);
        d->rs2 = HWP_RV_NOREG;
        return ok(d, HWP_CLS_FP);
    case 0x04: /* fsgnj fsgnjn fsgnjx */
        if (f3 > 2u)
            return bad(d);
        return ok(d, HWP_CLS_FP);
    case 0x05: /* fmin fmax */
        if (f3 > 1u)
            return bad(d);
        return ok(d, HWP_CLS_FP);
    case 0x08: /* fcvt.s.d (fmt 0, rs2 1), fcvt.d.s (fmt 1, rs2 0) */
        if ((fmt == 0u && rs2 != 1) || (fmt == 1u && rs2 != 0) || f3 == 5u || f3 == 6u)
            return bad(d);
        d->rs2 = HWP_RV_NOREG;
        return ok(d, HWP_CLS_FP);
    case 0x14: /* fle flt feq -> integer rd */
        if (f3 > 2u)
            return bad(d);
        d->rd = rd;
        return ok(d, HWP_CLS_FP);
    case 0x18: /* fcvt.{w,wu,l,lu}.{s,d} -> integer rd */
        if (rs2 > 3 || f3 == 5u || f3 == 6u)
            return bad(d);
        d->rd = rd;
        d->rs2 = HWP_RV_NOREG;
        return ok(d, HWP_CLS_FP);
    case 0x1a: /* fcvt.{s,d}.{w,wu,l,lu} <- integer rs1 */
        if (rs2 > 3 || f3 == 5u || f3 == 6u)
            return bad(d);
        d->rs1 = rs1;
        d->rs2 = HWP_RV_NOREG;
        return ok(d, HWP_CLS_FP);
    case 0x1c: /* fmv.x.{w,d} (f3 0), fclass (f3 1) -> integer rd */
        if (rs2 != 0 || f3 > 1u)
            return bad(d);
        d->rd = rd;
        d->rs2 = HWP_RV_NOREG;
        return ok(d, HWP_CLS_FP);
    case 0x1e: /* fmv.{w,d}.x <- integer rs1 */
        if (rs2 != 0 || f3 != 0u)
            return bad(d);
        d->rs1 = rs1;
        d->rs2 = HWP_RV_NOREG;
        return ok(d, HWP_CLS_FP);
    default:
        return bad(d);
    }
}

static int decode32(hwp_rv_insn *d, uint32_t w)
{
    int rd = (int)bits(w, 11, 7), rs1 = (int)bits(w, 19, 15), rs2 = (int)bits(w, 24, 20);
    uint32_t f3 = bits(w, 14, 12), f7 = bits(w, 31, 25);
    int64_t imm_i = sext(w >> 20, 12);
    int64_t imm_s = sext((bits(w, 31, 25) << 5) | bits(w, 11, 7), 12);
    int64_t imm_b = sext((bits(w, 31, 31) << 12) | (bits(w, 7, 7) << 11) |
                             (bits(w, 30, 25) << 5) | (bits(w, 11, 8) << 1), 13);
    int64_t imm_u = sext(w & 0xfffff000u, 32);
    int64_t imm_j = sext((bits(w, 31, 31) << 20) | (bits(w, 19, 12) << 12) |
                             (bits(w, 20, 20) << 11) | (bits(w, 30, 21) << 1), 21);

    switch (w & 0x7fu) {
    case 0x03: /* LOAD */
        d->rd = rd; d->rs1 = rs1; d->imm = imm_i;
        switch (f3) {
        case 0: return load(d, 1, 1);
        case 1: return load(d, 2, 1);
        case 2: return load(d, 4, 1);
        case 3: return load(d, 8, 0);
        case 4: return load(d, 1, 0);
        case 5: return load(d, 2, 0);
        case 6: return load(d, 4, 0);
        default: return bad(d);
        }
    case 0x07: /* LOAD-FP */
        if (f3 != 2u && f3 != 3u)
            return bad(d);
        d->rd = HWP_RV_FREG + rd; d->rs1 = rs1; d->imm = imm_i;
        return load(d, f3 == 2u ? 4 : 8, 0);
    case 0x0f: /* MISC-MEM: fence, fence.i */
        if (f3 > 1u)
            return bad(d);
        return ok(d, HWP_CLS_OTHER);
    case 0x13: /* OP-IMM */
        d->rd = rd; d->rs1 = rs1; d->imm = imm_i;
        if (f3 == 1u) { /* slli */
            if (bits(w, 31, 26) != 0u)
                return bad(d);
            d->imm = bits(w, 25, 20);
        } else if (f3 == 5u) { /* srli / srai */
            if (bits(w, 31, 26) != 0u && bits(w, 31, 26) != 0x10u)
                return bad(d);
            d->imm = bits(w, 25, 20);
        }
        return ok(d, HWP_CLS_ALU);
    case 0x17: /* AUIPC */
        d->rd = rd; d->imm = imm_u;
        return ok(d, HWP_CLS_ALU);
    case 0x1b: /* OP-IMM-32 */
        d->rd = rd; d->rs1 = rs1; d->imm = imm_i;
        if (f3 == 0u)
            return ok(d, HWP_CLS_ALU); /* addiw */
        if (f3 == 1u && f7 == 0u) {
            d->imm = rs2;
            return ok(d, HWP_CLS_ALU); /* slliw */
        }
        if (f3 == 5u && (f7 == 0u || f7 == 0x20u)) {
            d->imm = rs2;
            return ok(d, HWP_CLS_ALU); /* srliw sraiw */
        }
        return bad(d);
    case 0x23: /* STORE */
        if (f3 > 3u)
            return bad(d);
        d->rs1 = rs1; d->rs2 = rs2; d->imm = imm_s;
        return store(d, 1 << f3);
    case 0x27: /* STORE-FP */
        if (f3 != 2u && f3 != 3u)
            return bad(d);
        d->rs1 = rs1; d->rs2 = HWP_RV_FREG + rs2; d->imm = imm_s;
        return store(d, f3 == 2u ? 4 : 8);
    case 0x2f: { /* AMO */
        uint32_t f5 = bits(w, 31, 27);
        int size;
        if (f3 != 2u && f3 != 3u)
            return bad(d);
        size = f3 == 2u ? 4 : 8;
        d->rd = rd; d->rs1 = rs1; d->imm = 0;
        if (f5 == 0x02u) { /* lr */
            if (rs2 != 0)
                return bad(d);
            return load(d, size, f3 == 2u);
        }
        d->rs2 = rs2;
        if (f5 == 0x03u) { /* sc: rd = success code */
            store(d, size);
            return 1;
        }
        switch (f5) {
        case 0x00: case 0x01: case 0x04: case 0x08: case 0x0c:
        case 0x10: case 0x14: case 0x18: case 0x1c:
            load(d, size, f3 == 2u);
            d->mem |= HWP_RV_MEM_WRITE;
            return 1;
        default:
            return bad(d);
        }
    }
    case 0x33: /* OP */
        d->rd = rd; d->rs1 = rs1; d->rs2 = rs2;
        if (f7 == 0x01u)
            return ok(d, HWP_CLS_MULDIV);
        if (f7 == 0u)
            return ok(d, HWP_CLS_ALU);
        if (f7 == 0x20u && (f3 == 0u || f3 == 5u))
            return ok(d, HWP_CLS_ALU); /* sub sra */
        return bad(d);
    case 0x37: /* LUI */
        d->rd = rd; d->imm = imm_u;
        return ok(d, HWP_CLS_ALU);
    case 0x3b: /* OP-32 */
        d->rd = rd; d->rs1 = rs1; d->rs2 = rs2;
        if (f7 == 0x01u) {
            if (f3 == 0u || f3 >= 4u)
                return ok(d, HWP_CLS_MULDIV); /* mulw divw divuw remw remuw */
            return bad(d);
        }
        if (f7 == 0u && (f3 == 0u || f3 == 1u || f3 == 5u))
            return ok(d, HWP_CLS_ALU); /* addw sllw srlw */
        if (f7 == 0x20u && (f3 == 0u || f3 == 5u))
            return ok(d, HWP_CLS_ALU); /* subw sraw */
        return bad(d);
    case 0x43: case 0x47: case 0x4b: case 0x4f: /* FMADD FMSUB FNMSUB FNMADD */
        if ((f7 & 3u) > 1u || f3 == 5u || f3 == 6u)
            return bad(d);
        d->rd = HWP_RV_FREG + rd; d->rs1 = HWP_RV_FREG + rs1;
        d->rs2 = HWP_RV_FREG + rs2; d->rs3 = HWP_RV_FREG + (int)bits(w, 31, 27);
        return ok(d, HWP_CLS_FP);
    case 0x53:
        return decode_op_fp(d, w);
    case 0x63: /* BRANCH */
        if (f3 == 2u || f3 == 3u)
            return bad(d);
        d->rs1 = rs1; d->rs2 = rs2; d->imm = imm_b;
        return ok(d, HWP_CLS_BRANCH);
    case 0x67: /* JALR */
        if (f3 != 0u)
            return bad(d);
        d->rd = rd; d->rs1 = rs1; d->imm = imm_i;
        return ok(d, jump_class(1, rd, rs1));
    case 0x6f: /* JAL */
        d->rd = rd; d->imm = imm_j;
        return ok(d, jump_class(0, rd, 0));
    case 0x73: /* SYSTEM */
        if (f3 == 0u) {
            /* ecall ebreak uret sret mret wfi sfence.vma: no register results */
            if (rd != 0)
                return bad(d);
            if (f7 == 0x09u) { /* sfence.vma rs1, rs2 */
                d->rs1 = rs1; d->rs2 = rs2;
            }
            return ok(d, HWP_CLS_SYSTEM);
        }
        if (f3 == 4u)
            return bad(d);
        d->rd = rd;
        d->imm = w >> 20; /* csr number */
        if (f3 < 4u)
            d->rs1 = rs1; /* csrrw csrrs csrrc; the *i forms carry uimm in rs1's field */
        return ok(d, HWP_CLS_SYSTEM);
    default:
        return bad(d);
    }
}

static int decode16(hwp_rv_insn *d, uint32_t w)
{
    uint32_t f3 = bits(w, 15, 13);
    int rdp = 8 + (int)bits(w, 4, 2);  /* rd'/rs2' in [4:2] */
    int rs1p = 8 + (int)bits(w, 9, 7); /* rs1'/rd' in [9:7] */
    int r = (int)bits(w, 11, 7);       /* rd/rs1 full */
    int r2 = (int)bits(w, 6, 2);       /* rs2 full */
    int64_t imm6 = sext((bits(w, 12, 12) << 5) | bits(w, 6, 2), 6);

    if (w == 0u)
        return bad(d); /* the all-zero parcel is defined illegal */
    switch (w & 3u) {
    case 0: /* quadrant 0 */
        switch (f3) {
        case 0: { /* c.addi4spn */
            uint32_t nz = (bits(w, 12, 11) << 4) | (bits(w, 10, 7) << 6) |
                          (bits(w, 6, 6) << 2) | (bits(w, 5, 5) << 3);
            if (nz == 0u)
                return bad(d);
            d->rd = rdp; d->rs1 = 2; d->imm = nz;
            return ok(d, HWP_CLS_ALU);
        }
        case 1: case 3: case 5: case 7: { /* c.fld c.ld c.fsd c.sd */
            uint32_t off = (bits(w, 12, 10) << 3) | (bits(w, 6, 5) << 6);
            d->rs1 = rs1p; d->imm = off;
            if (f3 == 1u) { d->rd = HWP_RV_FREG + rdp; return load(d, 8, 0); }
            if (f3 == 3u) { d->rd = rdp; return load(d, 8, 0); }
            if (f3 == 5u) { d->rs2 = HWP_RV_FREG + rdp; return store(d, 8); }
            d->rs2 = rdp;
            return store(d, 8);
        }
        case 2: case 6: { /* c.lw c.sw */
            uint32_t off = (bits(w, 12, 10) << 3) | (bits(w, 6, 6) << 2) | (bits(w, 5, 5) << 6);
            d->rs1 = rs1p; d->imm = off;
            if (f3 == 2u) { d->rd = rdp; return load(d, 4, 1); }
            d->rs2 = rdp;
            return store(d, 4);
        }
        default:
            return bad(d);
        }
    case 1: /* quadrant 1 */
        switch (f3) {
        case 0: /* c.addi (c.nop when rd = 0) */
            d->rd = r; d->rs1 = r; d->imm = imm6;
            return ok(d, HWP_CLS_ALU);
        case 1: /* c.addiw */
            if (r == 0)
                return bad(d);
            d->rd = r; d->rs1 = r; d->imm = imm6;
            return ok(d, HWP_CLS_ALU);
        case 2: /* c.li = addi rd, x0, imm */
            d->rd = r; d->rs1 = 0; d->imm = imm6;
            return ok(d, HWP_CLS_ALU);
        case 3:
            if (r == 2) { /* c.addi16sp */
                int64_t v = sext((bits(w, 12, 12) << 9) | (bits(w, 6, 6) << 4) |
                                     (bits(w, 5, 5) << 6) | (bits(w, 4, 3) << 7) |
                                     (bits(w, 2, 2) << 5), 10);
                if (v == 0)
                    return bad(d);
                d->rd = 2; d->rs1 = 2; d->imm = v;
                return ok(d, HWP_CLS_ALU);
            }
            if (imm6 == 0)
                return bad(d);
            d->rd = r; d->imm = imm6 * 4096; /* c.lui */
            return ok(d, HWP_CLS_ALU);
        case 4: {
            uint32_t f2 = bits(w, 11, 10);
            d->rd = rs1p; d->rs1 = rs1p;
            if (f2 == 0u || f2 == 1u) { /* c.srli c.srai */
                d->imm = (bits(w, 12, 12) << 5) | bits(w, 6, 2);
                return ok(d, HWP_CLS_ALU);
            }
            if (f2 == 2u) { /* c.andi */
                d->imm = imm6;
                return ok(d, HWP_CLS_ALU);
            }
            d->rs2 = rdp;
            if (bits(w, 12, 12) == 1u && bits(w, 6, 5) >= 2u)
                return bad(d); /* reserved */
            return ok(d, HWP_CLS_ALU); /* c.sub c.xor c.or c.and c.subw c.addw */
        }
        case 5: /* c.j = jal x0, off */
            d->rd = 0;
            d->imm = sext((bits(w, 12, 12) << 11) | (bits(w, 11, 11) << 4) |
                              (bits(w, 10, 9) << 8) | (bits(w, 8, 8) << 10) |
                              (bits(w, 7, 7) << 6) | (bits(w, 6, 6) << 7) |
                              (bits(w, 5, 3) << 1) | (bits(w, 2, 2) << 5), 12);
            return ok(d, HWP_CLS_JUMP);
        default: /* 6 c.beqz, 7 c.bnez: compare rs1' with x0 */
            d->rs1 = rs1p; d->rs2 = 0;
            d->imm = sext((bits(w, 12, 12) << 8) | (bits(w, 11, 10) << 3) |
                              (bits(w, 6, 5) << 6) | (bits(w, 4, 3) << 1) |
                              (bits(w, 2, 2) << 5), 9);
            return ok(d, HWP_CLS_BRANCH);
        }
    case 2: /* quadrant 2 */
        switch (f3) {
        case 0: /* c.slli */
            d->rd = r; d->rs1 = r; d->imm = (bits(w, 12, 12) << 5) | bits(w, 6, 2);
            return ok(d, HWP_CLS_ALU);
        case 1: case 3: { /* c.fldsp c.ldsp */
            uint32_t off = (bits(w, 12, 12) << 5) | (bits(w, 6, 5) << 3) | (bits(w, 4, 2) << 6);
            d->rs1 = 2; d->imm = off;
            if (f3 == 1u) { d->rd = HWP_RV_FREG + r; return load(d, 8, 0); }
            if (r == 0)
                return bad(d);
            d->rd = r;
            return load(d, 8, 0);
        }
        case 2: { /* c.lwsp */
            uint32_t off = (bits(w, 12, 12) << 5) | (bits(w, 6, 4) << 2) | (bits(w, 3, 2) << 6);
            if (r == 0)
                return bad(d);
            d->rd = r; d->rs1 = 2; d->imm = off;
            return load(d, 4, 1);
        }
        case 4:
            if (bits(w, 12, 12) == 0u) {
                if (r2 == 0) { /* c.jr = jalr x0, 0(rs1) */
                    if (r == 0)
                        return bad(d);
                    d->rd = 0; d->rs1 = r; d->imm = 0;
                    return ok(d, jump_class(1, 0, r));
                }
                d->rd = r; d->rs1 = 0; d->rs2 = r2; /* c.mv = add rd, x0, rs2 */
                return ok(d, HWP_CLS_ALU);
            }
            if (r == 0 && r2 == 0)
                return ok(d, HWP_CLS_SYSTEM); /* c.ebreak */
            if (r2 == 0) { /* c.jalr = jalr x1, 0(rs1) */
                d->rd = 1; d->rs1 = r; d->imm = 0;
                return ok(d, jump_class(1, 1, r));
            }
            d->rd = r; d->rs1 = r; d->rs2 = r2; /* c.add */
            return ok(d, HWP_CLS_ALU);
        case 5: case 7: { /* c.fsdsp c.sdsp */
            uint32_t off = (bits(w, 12, 10) << 3) | (bits(w, 9, 7) << 6);
            d->rs1 = 2; d->imm = off;
            d->rs2 = f3 == 5u ? HWP_RV_FREG + r2 : r2;
            return store(d, 8);
        }
        default: { /* 6: c.swsp */
            uint32_t off = (bits(w, 12, 9) << 2) | (bits(w, 8, 7) << 6);
            d->rs1 = 2; d->rs2 = r2; d->imm = off;
            return store(d, 4);
        }
        }
    default:
        return bad(d);
    }
}

int hwp_rv_decode(uint32_t word, hwp_rv_insn *out)
{
    int len = hwp_rv_length(word & 0xffffu);
    init(out, word, len);
    if (len == 2)
        return decode16(out, word & 0xffffu);
    if ((word & 0x1fu) == 0x1fu)
        return bad(out); /* 48-bit and longer encodings: not RV64GC */
    return decode32(out, word);
}

int hwp_rv_is_ctl(const hwp_rv_insn *d)
{
    return d->cls == HWP_CLS_BRANCH || d->cls == HWP_CLS_JUMP || d->cls == HWP_CLS_CALL ||
           d->cls == HWP_CLS_RET || d->cls == HWP_CLS_IJUMP;
}

void hwp_rv_retire_rec(const hwp_rv_insn *d, uint64_t pc, uint64_t next_pc, int rd, int has_value,
                       uint64_t value, int mem, uint64_t addr, hwp_rec *out)
{
    memset(out, 0, sizeof *out);
    out->a = pc;
    out->insn = d->word;
    out->cls = (uint8_t)d->cls;
    out->len = (uint8_t)d->len;
    out->rd = HWP_RD_NONE;
    if (rd > 0) {
        out->rd = (uint8_t)rd;
        if (has_value) {
            out->value = value;
            out->flags |= HWP_RF_VALUE;
        }
    }
    if (mem) {
        out->addr = addr;
        out->flags |= HWP_RF_ADDR;
    }
    if (hwp_rv_is_ctl(d) && next_pc != pc + (uint64_t)d->len)
        out->flags |= HWP_RF_TAKEN;
}
