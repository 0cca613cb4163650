/* SPDX-License-Identifier: Apache-2.0
 *
 * Co-processor assembler: every documented error (docs/coproc-isa.md) with
 * its line and column, the encodings of a few instructions, and
 * assemble -> disassemble -> assemble byte-identity of both programs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coproc/coproc.h"
#include "coproc/cp_asm.h"
#include "check.h"


/* src must fail with "t.s:LINE:COL: <reason containing want>" */
static void bad(const char *src, int line, int col, const char *want)
{
    cp_image img;
    char err[600], pre[64];
    int rc = cp_assemble(src, "t.s", 8, 6, &img, err, sizeof err);
    CHECK(rc != 0, "accepted: %s", src);
    if (rc == 0) {
        cp_image_free(&img);
        return;
    }
    snprintf(pre, sizeof pre, "t.s:%d:%d: ", line, col);
    CHECK(strncmp(err, pre, strlen(pre)) == 0, "position: want '%s', got '%s' (source: %s)", pre, err, src);
    CHECK(strstr(err, want) != NULL, "reason: want '%s', got '%s'", want, err);
}

static uint64_t word0(const char *src)
{
    cp_image img;
    char err[600];
    if (cp_assemble(src, "t.s", 8, 6, &img, err, sizeof err)) {
        CHECK(0, "rejected: %s (%s)", src, err);
        return ~0ull;
    }
    uint64_t w = ~0ull;
    for (size_t k = 0; k < img.n; k++)
        if (img.w[k].addr == 0) w = img.w[k].data;
    cp_image_free(&img);
    return w;
}

static void roundtrip(const char *path)
{
    char err[600];
    char *src = cp_read_file(path, err, sizeof err);
    CHECK(src != NULL, "%s", err);
    if (!src) return;
    cp_image a, b;
    int rc = cp_assemble(src, path, 8, 6, &a, err, sizeof err);
    free(src);
    CHECK(rc == 0, "%s", err);
    if (rc) return;
    const char *tmp = "build/tests/coproc_rt.s", *ia = "build/tests/coproc_rt_a.img", *ib = "build/tests/coproc_rt_b.img";
    FILE *f = fopen(tmp, "w");
    CHECK(f != NULL, "cannot write %s", tmp);
    if (!f) return;
    rc = cp_disassemble(&a, f, err, sizeof err);
    fclose(f);
    CHECK(rc == 0, "%s", err);
    char *dis = cp_read_file(tmp, err, sizeof err);
    CHECK(dis && cp_assemble(dis, tmp, 8, 6, &b, err, sizeof err) == 0, "re-assembly: %s", err);
    free(dis);
    CHECK(cp_image_save(&a, ia, err, sizeof err) == 0 && cp_image_save(&b, ib, err, sizeof err) == 0, "%s", err);
    cp_image la, lb;
    CHECK(cp_image_load(&la, ia, err, sizeof err) == 0 && cp_image_load(&lb, ib, err, sizeof err) == 0, "%s", err);
    CHECK(la.n == lb.n && la.n == a.n, "%s: image sizes %zu %zu %zu", path, a.n, la.n, lb.n);
    for (size_t k = 0; k < la.n && k < lb.n; k++)
        CHECK(la.w[k].addr == lb.w[k].addr && la.w[k].data == lb.w[k].data,
              "%s: write %zu differs: %x=%llx vs %x=%llx", path, k, la.w[k].addr,
              (unsigned long long)la.w[k].data, lb.w[k].addr, (unsigned long long)lb.w[k].data);
    cp_image_free(&la);
    cp_image_free(&lb);
    cp_image_free(&a);
    cp_image_free(&b);
}

int main(void)
{
    /* one test per documented error */
    bad("frob v1\n", 1, 1, "unknown operation 'frob'");
    bad("v1 = mul v2, v3\n", 1, 6, "unknown value ALU operation 'mul'");
    bad("i1 = xor i2, i3\n", 1, 6, "unknown index ALU operation 'xor'");
    bad("c1 = mov v2\n", 1, 1, "destination must be v0..v7 or i0..i7, got 'c1'");
    bad("v1 = add v9, v2\n", 1, 10, "unknown value operand 'v9'");
    bad("i1 = add i2, q\n", 1, 14, "unknown index operand 'q'");
    bad("v1 = add v2 v3\n", 1, 13, "expected ',', got 'v3'");
    bad("v1 = mov v2 ; v3 = mov v2\n", 1, 15, "second value-ALU operation in one microinstruction");
    bad("i1 = mov i2 ; i3 = mov i2\n", 1, 15, "second index-ALU operation");
    bad("dread b0[i0] ; dinc b1[i1]\n", 1, 16, "second data-array operation");
    bad("caminv i0 ; caminvall\n", 1, 13, "second associative-array operation");
    bad("done ; br hit, done\n", 1, 8, "second branch operation");
    bad("v1 = mov v2 ; match s.pc\n", 1, 21, "operand A is already v2");
    bad("match s.pc ; camw i1, s.value\n", 1, 23, "operand A is already s.pc");
    bad("dinc b4[i0]\n", 1, 6, "expected b0..b3, got 'b4'");
    bad("dinc b0[x]\n", 1, 9, "expected i0..i7, got 'x'");
    bad("dinc b0 i0\n", 1, 9, "expected '[', got 'i0'");
    bad("br often, L\nL: nop\n", 1, 4, "unknown branch condition 'often'");
    bad("br never, L\nL: nop\n", 1, 1, "branch on 'never' (use nop)");
    bad("br hit, nowhere\n", 1, 9, "undefined label 'nowhere'");
    bad("L: nop\nL: nop\n", 2, 1, "duplicate label 'L' (first defined at line 1)");
    bad("done: nop\n", 1, 1, "'done' is reserved and cannot be a label");
    {
        /* branch out of range: 200 nops between */
        size_t n = 4096;
        char *s = malloc(n);
        strcpy(s, "br hit, far\n");
        for (int k = 0; k < 200; k++) strcat(s, "nop\n");
        strcat(s, "far: nop\n");
        bad(s, 1, 9, "branch target 'far' out of range (offset 201, allowed -128..127");
        strcpy(s, "");
        for (int k = 0; k < 257; k++) strcat(s, "nop\n");
        bad(s, 257, 1, "program too long: more than 256 microinstructions");
        free(s);
    }
    bad(".frob 1\nnop\n", 1, 1, "unknown directive '.frob'");
    bad(".class loads, L\nL: nop\n", 1, 8, "unknown class 'loads'");
    bad(".fields pc\nnop\n", 1, 9, "unknown sample field 'pc'");
    bad(".filter load, load\nnop\n", 1, 15, "'load' listed twice");
    bad(".const c1, 1\n.const c1, 2\nnop\n", 2, 8, "c1 already set at line 1");
    bad(".iwidth i0, 17\nnop\n", 1, 13, "value 17 out of range 1..16");
    bad(".cntw many\nnop\n", 1, 7, "expected a number, got 'many'");
    bad(".cntw 1x\nnop\n", 1, 7, "not a number: '1x'");
    bad(".word zz\nnop\n", 1, 7, "not a 64-bit number: 'zz'");
    bad(".const c1\nnop\n", 1, 10, ".const: expected 2 arguments");
    bad(".cntw 3 4\nnop\n", 1, 9, ".cntw: unexpected '4'");
    bad(".const v1, 2\nnop\n", 1, 8, "expected c0..c7, got 'v1'");
    bad(".init c1, 2\nnop\n", 1, 7, "expected v0..v7 or i0..i7, got 'c1'");
    bad(".target x1, L\nL: nop\n", 1, 9, "expected t0..t3, got 'x1'");
    bad("v1 = mov v2 v3\n", 1, 13, "expected ';' or end of line, got 'v3'");
    bad("nop ;\n", 1, 6, "expected an operation after ';'");
    bad("v1 = mov v2 @\n", 1, 13, "unexpected character '@'");
    bad(".cntw 8\n", 2, 1, "no microinstructions");
    bad("nop\nbr hit, L\nL:\n", 2, 9, "label 'L' is past the last microinstruction");
    bad(".iwidth i0, SLOTS\nnop\n", 1, 13, "SLOTS = 64 out of range 1..16");

    /* encodings */
    CHECK(word0("nop\n") == 0, "nop");
    CHECK(word0("v3 = add c1, s.value\n") ==
              ((uint64_t)CP_V_ADD | 3ull << CP_F_VD | 9ull << CP_F_VA | 18ull << CP_F_VB),
          "add encoding");
    CHECK(word0("L: dinc b2[i5] ; brt nhit, L\n") ==
              ((uint64_t)CP_D_INC << CP_F_DOP | 2ull << CP_F_DB | 5ull << CP_F_DI |
               (uint64_t)CP_B_NHIT << CP_F_BC | 1ull << CP_F_BP),
          "dinc/brt encoding");
    CHECK(word0("br always, L\nL: nop\n") == ((uint64_t)CP_B_ALWAYS << CP_F_BC | 1ull << CP_F_BO),
          "relative offset");
    CHECK(word0("v1 = rand c0 ; match s.pc ; camw i7, s.pc\n") ==
              ((uint64_t)CP_V_RAND | 1ull << CP_F_VD | 8ull << CP_F_VB | 16ull << CP_F_VA |
               (uint64_t)CP_C_WRITE << CP_F_COP | 7ull << CP_F_CI),
          "rand/camw encoding");
    CHECK(word0("interrupt\n") == ((uint64_t)CP_B_ALWAYS << CP_F_BC | (uint64_t)CP_T_INT << CP_F_BK),
          "interrupt");
    CHECK(word0(".word 0x123456789abcdef0\n") == 0x123456789abcdef0ull, ".word");

    roundtrip("tests/coproc/value.s");
    roundtrip("tests/coproc/edge.s");
    return check_verdict("test_coproc_asm");
}
