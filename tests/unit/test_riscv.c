/* SPDX-License-Identifier: Apache-2.0
 *
 * Unit test of the RV64GC decoder (cmodel/common/riscv.c). Every word below
 * was produced by `riscv64-linux-gnu-as -march=rv64gc` from the instruction in
 * the comment and checked with `riscv64-linux-gnu-objdump -d -M no-aliases`;
 * the expected fields come from the assembly source (the ISA manual's
 * operand meaning), not from the decoder. Exit 0 when every field matches.
 */
#include "riscv.h"
#include "trace.h"

#include <stdio.h>
#include <string.h>

#define N HWP_RV_NOREG
#define F(n) (HWP_RV_FREG + (n))

struct vec {
    uint32_t word;
    int len, cls, rd, rs1, rs2;
    long long imm;
    int mem_size;
    const char *text;
};

static const struct vec vecs[] = {
    {0xffc10503u, 4, HWP_CLS_LOAD, 10, 2, N, -4, 1, "lb a0,-4(sp)"},
    {0x7fe7d303u, 4, HWP_CLS_LOAD, 6, 15, N, 2046, 2, "lhu t1,2046(a5)"},
    {0x8004b403u, 4, HWP_CLS_LOAD, 8, 9, N, -2048, 8, "ld s0,-2048(s1)"},
    {0x00c66583u, 4, HWP_CLS_LOAD, 11, 12, N, 12, 4, "lwu a1,12(a2)"},
    {0x00812507u, 4, HWP_CLS_LOAD, F(10), 2, N, 8, 4, "flw fa0,8(sp)"},
    {0xff053487u, 4, HWP_CLS_LOAD, F(9), 10, N, -16, 8, "fld fs1,-16(a0)"},
    {0xfea58fa3u, 4, HWP_CLS_STORE, N, 11, 10, -1, 1, "sb a0,-1(a1)"},
    {0x00113423u, 4, HWP_CLS_STORE, N, 2, 1, 8, 8, "sd ra,8(sp)"},
    {0x0002bc27u, 4, HWP_CLS_STORE, N, 5, F(0), 24, 8, "fsd ft0,24(t0)"},
    {0xfff58513u, 4, HWP_CLS_ALU, 10, 11, N, -1, 0, "addi a0,a1,-1"},
    {0x03f31293u, 4, HWP_CLS_ALU, 5, 6, N, 63, 0, "slli t0,t1,63"},
    {0x4217d793u, 4, HWP_CLS_ALU, 15, 15, N, 33, 0, "srai a5,a5,33"},
    {0x0075051bu, 4, HWP_CLS_ALU, 10, 10, N, 7, 0, "addiw a0,a0,7"},
    {0x41f5d51bu, 4, HWP_CLS_ALU, 10, 11, N, 31, 0, "sraiw a0,a1,31"},
    {0xfffff537u, 4, HWP_CLS_ALU, 10, N, N, -4096, 0, "lui a0,0xfffff"},
    {0x12345197u, 4, HWP_CLS_ALU, 3, N, N, 0x12345000, 0, "auipc gp,0x12345"},
    {0x00c58533u, 4, HWP_CLS_ALU, 10, 11, 12, 0, 0, "add a0,a1,a2"},
    {0x413904b3u, 4, HWP_CLS_ALU, 9, 18, 19, 0, 0, "sub s1,s2,s3"},
    {0x02c58533u, 4, HWP_CLS_MULDIV, 10, 11, 12, 0, 0, "mul a0,a1,a2"},
    {0x027372b3u, 4, HWP_CLS_MULDIV, 5, 6, 7, 0, 0, "remu t0,t1,t2"},
    {0x02c5c53bu, 4, HWP_CLS_MULDIV, 10, 11, 12, 0, 0, "divw a0,a1,a2"},
    {0x40f756bbu, 4, HWP_CLS_ALU, 13, 14, 15, 0, 0, "sraw a3,a4,a5"},
    {0x00b500e3u, 4, HWP_CLS_BRANCH, N, 10, 11, 2048, 0, "beq a0,a1,.+2048"},
    {0x80501063u, 4, HWP_CLS_BRANCH, N, 0, 5, -4096, 0, "bne zero,t0,.-4096"},
    {0xfeb56fe3u, 4, HWP_CLS_BRANCH, N, 10, 11, -2, 0, "bltu a0,a1,.-2"},
    {0x7ffff0efu, 4, HWP_CLS_CALL, 1, N, N, 1048574, 0, "jal ra,.+1048574"},
    {0x8000006fu, 4, HWP_CLS_JUMP, 0, N, N, -1048576, 0, "jal zero,.-1048576"},
    {0x010002efu, 4, HWP_CLS_CALL, 5, N, N, 16, 0, "jal t0,.+16"},
    {0x0100056fu, 4, HWP_CLS_JUMP, 10, N, N, 16, 0, "jal a0,.+16"},
    {0x000780e7u, 4, HWP_CLS_CALL, 1, 15, N, 0, 0, "jalr ra,0(a5)"},
    {0x00008067u, 4, HWP_CLS_RET, 0, 1, N, 0, 0, "jalr zero,0(ra)"},
    {0x00028067u, 4, HWP_CLS_RET, 0, 5, N, 0, 0, "jalr zero,0(t0)"},
    {0x00850067u, 4, HWP_CLS_IJUMP, 0, 10, N, 8, 0, "jalr zero,8(a0)"},
    {0x000502e7u, 4, HWP_CLS_CALL, 5, 10, N, 0, 0, "jalr t0,0(a0)"},
    {0x00408567u, 4, HWP_CLS_IJUMP, 10, 1, N, 4, 0, "jalr a0,4(ra)"},
    {0x1005a52fu, 4, HWP_CLS_LOAD, 10, 11, N, 0, 4, "lr.w a0,(a1)"},
    {0x18d7362fu, 4, HWP_CLS_STORE, 12, 14, 13, 0, 8, "sc.d a2,a3,(a4)"},
    {0x00b6252fu, 4, HWP_CLS_LOAD, 10, 12, 11, 0, 4, "amoadd.w a0,a1,(a2)"},
    {0x0e63b2afu, 4, HWP_CLS_LOAD, 5, 7, 6, 0, 8, "amoswap.d.aqrl t0,t1,(t2)"},
    {0x00c5f553u, 4, HWP_CLS_FP, F(10), F(11), F(12), 0, 0, "fadd.s fa0,fa1,fa2"},
    {0x6ac5f543u, 4, HWP_CLS_FP, F(10), F(11), F(12), 0, 0, "fmadd.d fa0,fa1,fa2,fa3"},
    {0xc2057553u, 4, HWP_CLS_FP, 10, F(10), N, 0, 0, "fcvt.w.d a0,fa0"},
    {0xd2257553u, 4, HWP_CLS_FP, F(10), 10, N, 0, 0, "fcvt.d.l fa0,a0"},
    {0xe2058553u, 4, HWP_CLS_FP, 10, F(11), N, 0, 0, "fmv.x.d a0,fa1"},
    {0xf0058553u, 4, HWP_CLS_FP, F(10), 11, N, 0, 0, "fmv.w.x fa0,a1"},
    {0xa0b52553u, 4, HWP_CLS_FP, 10, F(10), F(11), 0, 0, "feq.s a0,fa0,fa1"},
    {0x5a05f553u, 4, HWP_CLS_FP, F(10), F(11), N, 0, 0, "fsqrt.d fa0,fa1"},
    {0x00000073u, 4, HWP_CLS_SYSTEM, N, N, N, 0, 0, "ecall"},
    {0x00100073u, 4, HWP_CLS_SYSTEM, N, N, N, 0, 0, "ebreak"},
    {0x00102573u, 4, HWP_CLS_SYSTEM, 10, 0, N, 1, 0, "csrrs a0,fflags,zero"},
    {0x0021d073u, 4, HWP_CLS_SYSTEM, 0, N, N, 2, 0, "csrrwi zero,frm,3"},
    {0x0ff0000fu, 4, HWP_CLS_OTHER, N, N, N, 0, 0, "fence iorw,iorw"},
    {0x0000100fu, 4, HWP_CLS_OTHER, N, N, N, 0, 0, "fence.i"},
    {0x1fe8u, 2, HWP_CLS_ALU, 10, 2, N, 1020, 0, "c.addi4spn a0,sp,1020"},
    {0x5e6cu, 2, HWP_CLS_LOAD, 11, 12, N, 124, 4, "c.lw a1,124(a2)"},
    {0x7ce0u, 2, HWP_CLS_LOAD, 8, 9, N, 248, 8, "c.ld s0,248(s1)"},
    {0x2788u, 2, HWP_CLS_LOAD, F(10), 15, N, 8, 8, "c.fld fa0,8(a5)"},
    {0xc1c8u, 2, HWP_CLS_STORE, N, 11, 10, 4, 4, "c.sw a0,4(a1)"},
    {0xe01cu, 2, HWP_CLS_STORE, N, 8, 15, 0, 8, "c.sd a5,0(s0)"},
    {0x0001u, 2, HWP_CLS_ALU, 0, 0, N, 0, 0, "c.nop"},
    {0x1501u, 2, HWP_CLS_ALU, 10, 10, N, -32, 0, "c.addi a0,-32"},
    {0x25fdu, 2, HWP_CLS_ALU, 11, 11, N, 31, 0, "c.addiw a1,31"},
    {0x52fdu, 2, HWP_CLS_ALU, 5, 0, N, -1, 0, "c.li t0,-1"},
    {0x7101u, 2, HWP_CLS_ALU, 2, 2, N, -512, 0, "c.addi16sp sp,-512"},
    {0x7501u, 2, HWP_CLS_ALU, 10, N, N, -131072, 0, "c.lui a0,0xfffe0"},
    {0x917du, 2, HWP_CLS_ALU, 10, 10, N, 63, 0, "c.srli a0,63"},
    {0x8585u, 2, HWP_CLS_ALU, 11, 11, N, 1, 0, "c.srai a1,1"},
    {0x9a7du, 2, HWP_CLS_ALU, 12, 12, N, -1, 0, "c.andi a2,-1"},
    {0x8e99u, 2, HWP_CLS_ALU, 13, 13, 14, 0, 0, "c.sub a3,a4"},
    {0x8c65u, 2, HWP_CLS_ALU, 8, 8, 9, 0, 0, "c.and s0,s1"},
    {0x9d0du, 2, HWP_CLS_ALU, 10, 10, 11, 0, 0, "c.subw a0,a1"},
    {0x9e35u, 2, HWP_CLS_ALU, 12, 12, 13, 0, 0, "c.addw a2,a3"},
    {0xb001u, 2, HWP_CLS_JUMP, 0, N, N, -2048, 0, "c.j .-2048"},
    {0xd101u, 2, HWP_CLS_BRANCH, N, 10, 0, -256, 0, "c.beqz a0,.-256"},
    {0xecfdu, 2, HWP_CLS_BRANCH, N, 9, 0, 254, 0, "c.bnez s1,.+254"},
    {0x12feu, 2, HWP_CLS_ALU, 5, 5, N, 63, 0, "c.slli t0,63"},
    {0x70feu, 2, HWP_CLS_LOAD, 1, 2, N, 504, 8, "c.ldsp ra,504(sp)"},
    {0x557eu, 2, HWP_CLS_LOAD, 10, 2, N, 252, 4, "c.lwsp a0,252(sp)"},
    {0x2422u, 2, HWP_CLS_LOAD, F(8), 2, N, 8, 8, "c.fldsp fs0,8(sp)"},
    {0x8082u, 2, HWP_CLS_RET, 0, 1, N, 0, 0, "c.jr ra"},
    {0x8282u, 2, HWP_CLS_RET, 0, 5, N, 0, 0, "c.jr t0"},
    {0x8502u, 2, HWP_CLS_IJUMP, 0, 10, N, 0, 0, "c.jr a0"},
    {0x852eu, 2, HWP_CLS_ALU, 10, 0, 11, 0, 0, "c.mv a0,a1"},
    {0x9002u, 2, HWP_CLS_SYSTEM, N, N, N, 0, 0, "c.ebreak"},
    {0x9782u, 2, HWP_CLS_CALL, 1, 15, N, 0, 0, "c.jalr a5"},
    {0x9426u, 2, HWP_CLS_ALU, 8, 8, 9, 0, 0, "c.add s0,s1"},
    {0xff86u, 2, HWP_CLS_STORE, N, 2, 1, 504, 8, "c.sdsp ra,504(sp)"},
    {0xdfaau, 2, HWP_CLS_STORE, N, 2, 10, 252, 4, "c.swsp a0,252(sp)"},
    {0xa006u, 2, HWP_CLS_STORE, N, 2, F(1), 0, 8, "c.fsdsp ft1,0(sp)"},
};

/* Encodings that must be rejected (valid = 0, class other). */
static const uint32_t illegal[] = {
    0x0000u,     /* all-zero parcel */
    0x00000000u, /* same, as a word */
    0x0000707fu, /* 48-bit-or-longer prefix (bits 4:0 = 11111) */
    0x00007003u, /* LOAD with funct3 7 */
    0x00004023u, /* STORE with funct3 4 */
    0x0000206bu, /* reserved major opcode 0x6b */
    0x00002063u, /* BRANCH with funct3 2 */
    0x00001067u, /* JALR with funct3 1 */
    0x8000u,     /* quadrant 0 funct3 4: reserved */
    0x8001u | (1u << 12) | (3u << 10) | (2u << 5), /* reserved C.SUBW-space op */
    0x4002u,     /* c.lwsp with rd = x0 */
    0x6001u,     /* c.lui/c.addi16sp with imm 0 */
};

/* `test_riscv --decode`: decodes hex words from stdin, one per line, and
 * prints "len valid class rd rs1 rs2 rs3 imm" per word (used by
 * tests/checks/record-decode.sh to compare with objdump over whole binaries). */
static int decode_stdin(void)
{
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        unsigned long w;
        hwp_rv_insn d;
        if (sscanf(line, "%lx", &w) != 1) {
            fprintf(stderr, "test_riscv --decode: bad line '%s'\n", line);
            return 2;
        }
        hwp_rv_decode((uint32_t)w, &d);
        printf("%d %d %s %d %d %d %d %lld\n", d.len, d.valid, hwp_class_name(d.cls), d.rd, d.rs1,
               d.rs2, d.rs3, (long long)d.imm);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int fails = 0;
    if (argc == 2 && strcmp(argv[1], "--decode") == 0)
        return decode_stdin();
    unsigned i;
    for (i = 0; i < sizeof vecs / sizeof vecs[0]; i++) {
        const struct vec *v = &vecs[i];
        hwp_rv_insn d;
        int r = hwp_rv_decode(v->word, &d);
        int bad = 0;
        if (r != 1 || !d.valid) bad = 1;
        if (d.len != v->len || hwp_rv_length(v->word & 0xffffu) != v->len) bad = 1;
        if (d.cls != v->cls || d.rd != v->rd || d.rs1 != v->rs1 || d.rs2 != v->rs2) bad = 1;
        if ((long long)d.imm != v->imm || d.mem_size != v->mem_size) bad = 1;
        if (bad) {
            printf("FAIL %-28s word=%08x: got valid=%d len=%d cls=%s rd=%d rs1=%d rs2=%d imm=%lld size=%d; "
                   "want len=%d cls=%s rd=%d rs1=%d rs2=%d imm=%lld size=%d\n",
                   v->text, v->word, d.valid, d.len, hwp_class_name(d.cls), d.rd, d.rs1, d.rs2,
                   (long long)d.imm, d.mem_size, v->len, hwp_class_name(v->cls), v->rd, v->rs1,
                   v->rs2, v->imm, v->mem_size);
            fails++;
        }
    }
    /* Extra fields not in the table. */
    {
        hwp_rv_insn d;
        hwp_rv_decode(0x6ac5f543u, &d); /* fmadd.d fa0,fa1,fa2,fa3 */
        if (d.rs3 != F(13)) { printf("FAIL fmadd.d rs3=%d want %d\n", d.rs3, F(13)); fails++; }
        hwp_rv_decode(0xffc10503u, &d); /* lb: signed */
        if (d.mem != (HWP_RV_MEM_READ | HWP_RV_MEM_SIGNED)) { printf("FAIL lb mem=%d\n", d.mem); fails++; }
        hwp_rv_decode(0x7fe7d303u, &d); /* lhu: unsigned */
        if (d.mem != HWP_RV_MEM_READ) { printf("FAIL lhu mem=%d\n", d.mem); fails++; }
        hwp_rv_decode(0x00b6252fu, &d); /* amoadd.w reads and writes */
        if (d.mem != (HWP_RV_MEM_READ | HWP_RV_MEM_WRITE | HWP_RV_MEM_SIGNED)) {
            printf("FAIL amoadd.w mem=%d\n", d.mem); fails++;
        }
        hwp_rv_decode(0x12345678u << 16 | 0x8082u, &d); /* compressed: upper half ignored */
        if (d.word != 0x8082u || d.cls != HWP_CLS_RET) { printf("FAIL c.jr upper half\n"); fails++; }
    }
    for (i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        hwp_rv_insn d;
        int r = hwp_rv_decode(illegal[i], &d);
        if (r != 0 || d.valid || d.cls != HWP_CLS_OTHER || d.rd != N) {
            printf("FAIL illegal %08x decoded as valid=%d cls=%s rd=%d\n", illegal[i], d.valid,
                   hwp_class_name(d.cls), d.rd);
            fails++;
        }
    }
    printf("%s test_riscv: %u encodings, %u illegal, %d failures\n", fails ? "FAIL" : "PASS",
           (unsigned)(sizeof vecs / sizeof vecs[0]), (unsigned)(sizeof illegal / sizeof illegal[0]),
           fails);
    return fails ? 1 : 0;
}
