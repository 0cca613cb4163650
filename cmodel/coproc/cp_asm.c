/* SPDX-License-Identifier: Apache-2.0
 *
 * Co-processor microcode assembler / disassembler (see cp_asm.h and
 * docs/coproc-isa.md for the syntax and every error message).
 */
#include "coproc/cp_asm.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "coproc/coproc.h"
#include "trace.h"

void cp_image_free(cp_image *img)
{
    free(img->w);
    memset(img, 0, sizeof *img);
}

static int img_add(cp_image *img, uint32_t addr, uint64_t data)
{
    if (img->n == img->cap) {
        size_t nc = img->cap ? img->cap * 2 : 64;
        cp_write *p = realloc(img->w, nc * sizeof *p);
        if (!p) return -1;
        img->w = p;
        img->cap = nc;
    }
    img->w[img->n].addr = addr;
    img->w[img->n].data = data;
    img->n++;
    return 0;
}

/* ------------------------------------------------------------------ names */
static const char *const vop_names[16] = {"nop", "mov", "add", "sub", "sadd", "ssub", "and", "or",
                                          "xor", "shr", "shl", "rand", "ceq", "cne", "clt", "cle"};
static const char *const iop_names[8] = {"nop", "mov", "add", "sub", "sadd", "ssub", "and", "or"};
static const char *const cond_names[16] = {"never", "always", "vz",   "vnz",  "vsat", "nvsat",
                                           "iz",    "inz",    "isat", "nisat", "hit", "nhit",
                                           "dsat",  "ndsat",  "taken", "ntaken"};
static const char *const vs_names[8] = {"s.pc", "s.insn", "s.value", "s.addr",
                                        "s.npc", "s.imm", "s.info", "dr"};
static const char *const is_names[8] = {"midx", "cls", "dr", "zero", "one", "rd", "rs1", "rs2"};
static const char *const fs_names[4] = {"insn", "value", "addr", "npc"};

static void vs_name(uint32_t s, char *b, size_t n)
{
    if (s < 8u) snprintf(b, n, "v%u", s);
    else if (s < 16u) snprintf(b, n, "c%u", s - 8u);
    else if (s < 24u) snprintf(b, n, "%s", vs_names[s - 16u]);
    else snprintf(b, n, "i%u", s - 24u);
}
static void is_name(uint32_t s, char *b, size_t n)
{
    if (s < 8u) snprintf(b, n, "i%u", s);
    else snprintf(b, n, "%s", is_names[s - 8u]);
}

/* register name "<p><digit>" with digit < lim; returns the digit or -1 */
static int regnum(const char *s, char p, int lim)
{
    if (s[0] != p || !isdigit((unsigned char)s[1]) || s[2] != 0) return -1;
    int k = s[1] - '0';
    return k < lim ? k : -1;
}
static int lookup(const char *s, const char *const *tab, int n)
{
    for (int k = 0; k < n; k++)
        if (strcmp(s, tab[k]) == 0) return k;
    return -1;
}
static int vs_parse(const char *s)
{
    int k;
    if ((k = regnum(s, 'v', 8)) >= 0) return k;
    if ((k = regnum(s, 'c', 8)) >= 0) return 8 + k;
    if ((k = regnum(s, 'i', 8)) >= 0) return 24 + k;
    if ((k = lookup(s, vs_names, 8)) >= 0) return 16 + k;
    return -1;
}
static int is_parse(const char *s)
{
    int k;
    if ((k = regnum(s, 'i', 8)) >= 0) return k;
    if (strcmp(s, "0") == 0) return CP_IS_ZERO;
    if (strcmp(s, "1") == 0) return CP_IS_ONE;
    if ((k = lookup(s, is_names, 8)) >= 0) return 8 + k;
    return -1;
}

/* ------------------------------------------------------------------ lexer */
typedef struct tok {
    char kind; /* 'w' word, 'n' number, punctuation char, 0 = end */
    char s[64];
    int col;
} tok;

#define MAXTOK 96

typedef struct actx {
    const char *name;
    int line;
    int cam_aw; /* for the predefined symbols SLOTS, SLOT_BITS, ... */
    char *err;
    size_t errsz;
} actx;

static int aerr(actx *a, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int aerr(actx *a, int col, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(a->err, a->errsz, "%s:%d:%d: %s", a->name, a->line, col, msg);
    return -1;
}

static int lex(actx *a, const char *ln, size_t len, tok *t, int *nt)
{
    size_t p = 0;
    int n = 0;
    while (p < len) {
        char ch = ln[p];
        if (ch == '#') break;
        if (ch == ' ' || ch == '\t' || ch == '\r') {
            p++;
            continue;
        }
        if (n >= MAXTOK - 1) return aerr(a, (int)p + 1, "line too long (more than %d tokens)", MAXTOK - 1);
        t[n].col = (int)p + 1;
        if (isalnum((unsigned char)ch) || ch == '_' || ch == '.' || ch == '-') {
            size_t q = p;
            while (q < len && (isalnum((unsigned char)ln[q]) || ln[q] == '_' || ln[q] == '.' ||
                               (q == p && ln[q] == '-')))
                q++;
            if (q - p >= sizeof t[n].s) return aerr(a, (int)p + 1, "name too long");
            memcpy(t[n].s, ln + p, q - p);
            t[n].s[q - p] = 0;
            t[n].kind = (isdigit((unsigned char)ch) || ch == '-') ? 'n' : 'w';
            p = q;
        } else if (strchr("=,;[]:", ch)) {
            t[n].kind = ch;
            t[n].s[0] = ch;
            t[n].s[1] = 0;
            p++;
        } else {
            return aerr(a, (int)p + 1, "unexpected character '%c'", ch);
        }
        n++;
    }
    t[n].kind = 0;
    t[n].s[0] = 0;
    t[n].col = (int)len + 1;
    *nt = n;
    return 0;
}

/* symbols predefined from the configuration (docs/coproc-isa.md) */
static int symbol(const actx *a, const char *s, long long *v)
{
    long long n = 1ll << a->cam_aw;
    if (strcmp(s, "SLOT_BITS") == 0) *v = a->cam_aw;
    else if (strcmp(s, "SLOT_BITS1") == 0) *v = a->cam_aw + 1;
    else if (strcmp(s, "THRASH_BITS") == 0) *v = a->cam_aw + 3;
    else if (strcmp(s, "SLOTS") == 0) *v = n;
    else if (strcmp(s, "SLOTS2") == 0) *v = 2 * n;
    else if (strcmp(s, "SLOTS3") == 0) *v = 3 * n;
    else return 0;
    return 1;
}

static int parse_num(actx *a, const tok *t, long long lo, long long hi, long long *out)
{
    long long v;
    if (t->kind == 'w' && symbol(a, t->s, &v)) {
        if (v < lo || v > hi) return aerr(a, t->col, "%s = %lld out of range %lld..%lld", t->s, v, lo, hi);
        *out = v;
        return 0;
    }
    if (t->kind != 'n') return aerr(a, t->col, "expected a number, got '%s'", t->kind ? t->s : "end of line");
    char *end;
    errno = 0;
    v = strtoll(t->s, &end, 0);
    if (errno || *end) return aerr(a, t->col, "not a number: '%s'", t->s);
    if (v < lo || v > hi) return aerr(a, t->col, "value %s out of range %lld..%lld", t->s, lo, hi);
    *out = v;
    return 0;
}

/* ------------------------------------------------------------------ assembler */
typedef struct label {
    char name[64];
    uint32_t addr;
    int line;
} label;

typedef struct fixup {
    uint32_t upc;    /* instruction (or 0xffffffff for a register write) */
    size_t wi;       /* for a register write: index into the image */
    char name[64];
    int line, col;
    int rel;         /* 1: relative branch offset into the instruction */
} fixup;

typedef struct asm_st {
    actx a;
    int uc_aw;
    label *lab;
    size_t nlab, caplab;
    fixup *fix;
    size_t nfix, capfix;
    uint64_t *code;
    uint32_t ncode;
    cp_image *img;
    int reg_line[0x10000]; /* line that set each host address (0 = not yet) */
} asm_st;

static int add_fix(asm_st *s, const fixup *f)
{
    if (s->nfix == s->capfix) {
        size_t nc = s->capfix ? s->capfix * 2 : 32;
        fixup *p = realloc(s->fix, nc * sizeof *p);
        if (!p) return aerr(&s->a, 1, "out of memory");
        s->fix = p;
        s->capfix = nc;
    }
    s->fix[s->nfix++] = *f;
    return 0;
}

static int set_reg(asm_st *s, int col, uint32_t addr, uint64_t v, const char *what)
{
    if (s->reg_line[addr & 0xffffu])
        return aerr(&s->a, col, "%s already set at line %d", what, s->reg_line[addr & 0xffffu]);
    s->reg_line[addr & 0xffffu] = s->a.line;
    if (img_add(s->img, addr, v)) return aerr(&s->a, col, "out of memory");
    return 0;
}

static int target_fix(asm_st *s, const tok *t, size_t wi, uint32_t upc, int rel)
{
    fixup f;
    memset(&f, 0, sizeof f);
    if (t->kind != 'w') return aerr(&s->a, t->col, "expected a label, got '%s'", t->s);
    snprintf(f.name, sizeof f.name, "%s", t->s);
    f.upc = upc;
    f.wi = wi;
    f.line = s->a.line;
    f.col = t->col;
    f.rel = rel;
    return add_fix(s, &f);
}

static int expect(actx *a, const tok *t, char k)
{
    if (t->kind != k) return aerr(a, t->col, "expected '%c', got '%s'", k, t->kind ? t->s : "end of line");
    return 0;
}

/* The value operand at t[*p], *p moved past it; -1 with the error set if
 * t[*p] is none. */
static int value_operand(actx *a, const tok *t, int *p)
{
    int o = vs_parse(t[*p].s);
    if (o < 0) return aerr(a, t[*p].col, "unknown value operand '%s'", t[*p].kind ? t[*p].s : "");
    (*p)++;
    return o;
}

static int directive(asm_st *s, tok *t, int nt)
{
    actx *a = &s->a;
    const char *d = t[0].s;
    long long v;
    int k;
    /* arguments separated by spaces or commas: drop the commas */
    tok arg[MAXTOK];
    int na = 0;
    for (int j = 1; j < nt; j++)
        if (t[j].kind != ',') arg[na++] = t[j];
    arg[na].kind = 0;
    arg[na].col = t[nt].col;
    snprintf(arg[na].s, sizeof arg[na].s, "end of line");
#define NEED(n)                                                                              \
    do {                                                                                     \
        if (na < (n)) return aerr(a, arg[na].col, "%s: expected %d argument%s", d, (n),      \
                                  (n) == 1 ? "" : "s");                                      \
        if (na > (n)) return aerr(a, arg[n].col, "%s: unexpected '%s'", d, arg[n].s);        \
    } while (0)
    if (strcmp(d, ".class") == 0) {
        NEED(2);
        for (k = 0; k < HWP_CLS_COUNT; k++)
            if (strcmp(arg[0].s, hwp_class_name(k)) == 0) break;
        if (k == HWP_CLS_COUNT) return aerr(a, arg[0].col, "unknown class '%s'", arg[0].s);
        if (set_reg(s, arg[0].col, (CP_SP_REG << 12) | (CP_R_CLS + (uint32_t)k), 0, ".class entry"))
            return -1;
        return target_fix(s, &arg[1], s->img->n - 1, 0xffffffffu, 0);
    }
    if (strcmp(d, ".target") == 0) {
        NEED(2);
        if ((k = regnum(arg[0].s, 't', CP_NT)) < 0)
            return aerr(a, arg[0].col, "expected t0..t3, got '%s'", arg[0].s);
        if (set_reg(s, arg[0].col, (CP_SP_REG << 12) | (CP_R_T + (uint32_t)k), 0, arg[0].s)) return -1;
        return target_fix(s, &arg[1], s->img->n - 1, 0xffffffffu, 0);
    }
    if (strcmp(d, ".const") == 0 || strcmp(d, ".init") == 0 || strcmp(d, ".iwidth") == 0 ||
        strcmp(d, ".base") == 0) {
        NEED(2);
        uint32_t addr;
        long long hi = 0xffffffffll;
        if (d[1] == 'c') {
            if ((k = regnum(arg[0].s, 'c', CP_NC)) < 0)
                return aerr(a, arg[0].col, "expected c0..c7, got '%s'", arg[0].s);
            addr = CP_R_C + (uint32_t)k;
        } else if (d[1] == 'b') {
            if ((k = regnum(arg[0].s, 'b', CP_NB)) < 0)
                return aerr(a, arg[0].col, "expected b0..b3, got '%s'", arg[0].s);
            addr = CP_R_B + (uint32_t)k;
            hi = 0xfff;
        } else if (d[2] == 'w') {
            if ((k = regnum(arg[0].s, 'i', CP_NI)) < 0)
                return aerr(a, arg[0].col, "expected i0..i7, got '%s'", arg[0].s);
            addr = CP_R_IWID + (uint32_t)k;
            if (parse_num(a, &arg[1], 1, CP_IW, &v)) return -1;
            hi = CP_IW;
        } else if ((k = regnum(arg[0].s, 'v', CP_NV)) >= 0) {
            addr = CP_R_V + (uint32_t)k;
        } else if ((k = regnum(arg[0].s, 'i', CP_NI)) >= 0) {
            addr = CP_R_I + (uint32_t)k;
            hi = 0xffff;
        } else {
            return aerr(a, arg[0].col, "expected v0..v7 or i0..i7, got '%s'", arg[0].s);
        }
        if (parse_num(a, &arg[1], 0, hi, &v)) return -1;
        return set_reg(s, arg[0].col, (CP_SP_REG << 12) | addr, (uint64_t)v, arg[0].s);
    }
    if (strcmp(d, ".cntw") == 0) {
        NEED(1);
        if (parse_num(a, &arg[0], 1, 32, &v)) return -1;
        return set_reg(s, arg[0].col, (CP_SP_REG << 12) | CP_R_CNTW, (uint64_t)v, ".cntw");
    }
    if (strcmp(d, ".seed") == 0) {
        NEED(1);
        if (parse_num(a, &arg[0], 1, 0xffffffffll, &v)) return -1;
        return set_reg(s, arg[0].col, (CP_SP_REG << 12) | CP_R_LFSR, (uint64_t)v, ".seed");
    }
    if (strcmp(d, ".filter") == 0 || strcmp(d, ".fields") == 0) {
        int isf = d[2] == 'i' && d[3] == 'l';
        uint64_t m = 0;
        if (na == 0) return aerr(a, arg[0].col, "%s: expected at least one name", d);
        for (int j = 0; j < na; j++) {
            if (isf) {
                for (k = 0; k < HWP_CLS_COUNT; k++)
                    if (strcmp(arg[j].s, hwp_class_name(k)) == 0) break;
                if (k == HWP_CLS_COUNT) return aerr(a, arg[j].col, "unknown class '%s'", arg[j].s);
            } else {
                if ((k = lookup(arg[j].s, fs_names, 4)) < 0)
                    return aerr(a, arg[j].col, "unknown sample field '%s' (insn, value, addr, npc)",
                                arg[j].s);
            }
            if (m & (1ull << k)) return aerr(a, arg[j].col, "'%s' listed twice", arg[j].s);
            m |= 1ull << k;
        }
        return set_reg(s, t[0].col, (CP_SP_FILT << 12) | (isf ? CP_F_CLSEN : CP_F_FSEL), m, d);
    }
    if (strcmp(d, ".word") == 0) {
        NEED(1);
        char *end;
        errno = 0;
        unsigned long long x = strtoull(arg[0].s, &end, 0);
        if (arg[0].kind != 'n' || errno || *end || arg[0].s[0] == '-')
            return aerr(a, arg[0].col, "not a 64-bit number: '%s'", arg[0].s);
        if (s->ncode >= (1u << s->uc_aw))
            return aerr(a, t[0].col, "program too long: more than %u microinstructions", 1u << s->uc_aw);
        s->code[s->ncode++] = x;
        return 0;
    }
#undef NEED
    return aerr(a, t[0].col, "unknown directive '%s'", d);
}

/* one microinstruction: ops separated by ';' */
static int instruction(asm_st *s, tok *t, int nt)
{
    actx *a = &s->a;
    uint64_t w = 0;
    int used_v = 0, used_i = 0, used_d = 0, used_c = 0, used_b = 0, a_set = 0;
    uint32_t aval = 0;
    uint32_t upc = s->ncode;
    if (s->ncode >= (1u << s->uc_aw))
        return aerr(a, t[0].col, "program too long: more than %u microinstructions", 1u << s->uc_aw);
    int p = 0;
#define SLOT(flag, nm)                                                                       \
    do {                                                                                     \
        if (flag) return aerr(a, t[p0].col, "second %s operation in one microinstruction", nm); \
        flag = 1;                                                                            \
    } while (0)
#define SETA(x, col)                                                                         \
    do {                                                                                     \
        if (a_set && aval != (uint32_t)(x)) {                                                \
            char nb[16];                                                                     \
            vs_name(aval, nb, sizeof nb);                                                    \
            return aerr(a, col, "operand A is already %s: the value ALU, match and camw share one A operand", nb); \
        }                                                                                    \
        a_set = 1;                                                                           \
        aval = (uint32_t)(x);                                                                \
    } while (0)
    while (p < nt) {
        int p0 = p;
        const char *op = t[p].s;
        int k;
        if (t[p].kind != 'w') return aerr(a, t[p].col, "expected an operation, got '%s'", t[p].s);
        if (t[p + 1].kind == '=') {
            /* vD = op A[, B]  or  iD = op A[, B] */
            int isv = t[p].s[0] == 'v';
            int dreg = isv ? regnum(op, 'v', CP_NV) : regnum(op, 'i', CP_NI);
            if (dreg < 0)
                return aerr(a, t[p].col, "destination must be v0..v7 or i0..i7, got '%s'", op);
            p += 2;
            if (t[p].kind != 'w') return aerr(a, t[p].col, "expected an operation after '='");
            int code = isv ? lookup(t[p].s, vop_names, 16) : lookup(t[p].s, iop_names, 8);
            if (code <= 0 || (isv && code >= CP_V_CEQ))
                return aerr(a, t[p].col, "unknown %s operation '%s'", isv ? "value ALU" : "index ALU",
                            t[p].s);
            p++;
            int two = !(code == CP_V_MOV || (isv && code == CP_V_RAND));
            int o1, o2 = 0;
            int c1 = t[p].col;
            o1 = isv ? vs_parse(t[p].s) : is_parse(t[p].s);
            if (t[p].kind == 0) return aerr(a, t[p].col, "expected an operand");
            if (o1 < 0)
                return aerr(a, t[p].col, "unknown %s operand '%s'", isv ? "value" : "index", t[p].s);
            p++;
            if (two) {
                if (expect(a, &t[p], ',')) return -1;
                p++;
                if (t[p].kind == 0) return aerr(a, t[p].col, "expected an operand");
                o2 = isv ? vs_parse(t[p].s) : is_parse(t[p].s);
                if (o2 < 0)
                    return aerr(a, t[p].col, "unknown %s operand '%s'", isv ? "value" : "index", t[p].s);
                p++;
            }
            if (isv) {
                SLOT(used_v, "value-ALU");
                if (code == CP_V_RAND) {
                    o2 = o1;
                    o1 = 0;
                } else {
                    SETA(o1, c1);
                }
                w |= (uint64_t)code << CP_F_VOP | (uint64_t)dreg << CP_F_VD |
                     (uint64_t)o2 << CP_F_VB;
            } else {
                SLOT(used_i, "index-ALU");
                w |= (uint64_t)code << CP_F_IOP | (uint64_t)dreg << CP_F_ID |
                     (uint64_t)o1 << CP_F_IA | (uint64_t)o2 << CP_F_IB;
            }
        } else if ((k = lookup(op, vop_names, 16)) >= CP_V_CEQ) {
            p++;
            int c1 = t[p].col;
            int o1 = value_operand(a, t, &p);
            if (o1 < 0) return -1;
            if (expect(a, &t[p], ',')) return -1;
            p++;
            int o2 = value_operand(a, t, &p);
            if (o2 < 0) return -1;
            SLOT(used_v, "value-ALU");
            SETA(o1, c1);
            w |= (uint64_t)k << CP_F_VOP | (uint64_t)o2 << CP_F_VB;
        } else if (strcmp(op, "dread") == 0 || strcmp(op, "dwrite") == 0 || strcmp(op, "dinc") == 0) {
            int dop = op[1] == 'r' ? CP_D_READ : op[1] == 'w' ? CP_D_WRITE : CP_D_INC;
            p++;
            int b = regnum(t[p].s, 'b', CP_NB);
            if (b < 0) return aerr(a, t[p].col, "expected b0..b3, got '%s'", t[p].kind ? t[p].s : "end of line");
            p++;
            if (expect(a, &t[p], '[')) return -1;
            p++;
            int ir = regnum(t[p].s, 'i', CP_NI);
            if (ir < 0) return aerr(a, t[p].col, "expected i0..i7, got '%s'", t[p].kind ? t[p].s : "end of line");
            p++;
            if (expect(a, &t[p], ']')) return -1;
            p++;
            SLOT(used_d, "data-array");
            w |= (uint64_t)dop << CP_F_DOP | (uint64_t)b << CP_F_DB | (uint64_t)ir << CP_F_DI;
        } else if (strcmp(op, "camw") == 0 || strcmp(op, "caminv") == 0) {
            int isw = op[3] == 'w';
            p++;
            int ir = regnum(t[p].s, 'i', CP_NI);
            if (ir < 0) return aerr(a, t[p].col, "expected i0..i7, got '%s'", t[p].kind ? t[p].s : "end of line");
            p++;
            if (isw) {
                if (expect(a, &t[p], ',')) return -1;
                p++;
                int c1 = t[p].col;
                int o1 = value_operand(a, t, &p);
                if (o1 < 0) return -1;
                SETA(o1, c1);
            }
            SLOT(used_c, "associative-array");
            w |= (uint64_t)(isw ? CP_C_WRITE : CP_C_INVAL) << CP_F_COP | (uint64_t)ir << CP_F_CI;
        } else if (strcmp(op, "caminvall") == 0) {
            p++;
            SLOT(used_c, "associative-array");
            w |= (uint64_t)CP_C_INVALL << CP_F_COP;
        } else if (strcmp(op, "match") == 0) {
            p++;
            int c1 = t[p].col;
            int o1 = value_operand(a, t, &p);
            if (o1 < 0) return -1;
            SETA(o1, c1);
        } else if (strcmp(op, "br") == 0 || strcmp(op, "brt") == 0 || strcmp(op, "jmp") == 0 ||
                   strcmp(op, "done") == 0 || strcmp(op, "interrupt") == 0) {
            int cond = CP_B_ALWAYS, pred = op[2] == 't' || op[0] == 'j';
            const tok *tt = NULL;
            if (op[0] == 'b') {
                p++;
                cond = lookup(t[p].s, cond_names, 16);
                if (cond < 0) return aerr(a, t[p].col, "unknown branch condition '%s'", t[p].kind ? t[p].s : "");
                p++;
                if (expect(a, &t[p], ',')) return -1;
                p++;
                tt = &t[p];
                p++;
            } else if (op[0] == 'j') {
                p++;
                tt = &t[p];
                p++;
            } else {
                p++;
            }
            SLOT(used_b, "branch");
            int bk = CP_T_REL;
            uint32_t bo = 0;
            const char *tn = tt ? tt->s : op;
            if (tt && tt->kind != 'w') return aerr(a, tt->col, "expected a branch target, got '%s'", tt->kind ? tt->s : "end of line");
            if (strcmp(tn, "done") == 0) {
                bk = CP_T_DONE;
            } else if (strcmp(tn, "interrupt") == 0) {
                bk = CP_T_INT;
            } else if ((k = regnum(tn, 't', CP_NT)) >= 0) {
                bk = CP_T_TREG;
                bo = (uint32_t)k;
            } else {
                if (target_fix(s, tt, 0, upc, 1)) return -1;
            }
            if (bk == CP_T_DONE || bk == CP_T_INT) pred = 0;
            if (cond == CP_B_NEVER) return aerr(a, t[p0].col, "branch on 'never' (use nop)");
            w |= (uint64_t)cond << CP_F_BC | (uint64_t)bk << CP_F_BK | (uint64_t)bo << CP_F_BO |
                 (uint64_t)pred << CP_F_BP;
        } else if (strcmp(op, "nop") == 0) {
            p++;
        } else {
            return aerr(a, t[p].col, "unknown operation '%s'", op);
        }
        if (t[p].kind == ';') {
            p++;
            if (t[p].kind == 0) return aerr(a, t[p].col, "expected an operation after ';'");
            continue;
        }
        if (t[p].kind != 0) return aerr(a, t[p].col, "expected ';' or end of line, got '%s'", t[p].s);
    }
#undef SLOT
#undef SETA
    w |= (uint64_t)aval << CP_F_VA;
    s->code[s->ncode++] = w;
    return 0;
}

static int cmp_write(const void *x, const void *y)
{
    const cp_write *a = x, *b = y;
    return a->addr < b->addr ? -1 : a->addr > b->addr;
}

int cp_assemble(const char *src, const char *name, int uc_aw, int cam_aw, cp_image *img,
                char *err, size_t errsz)
{
    asm_st *s = calloc(1, sizeof *s);
    int rc = -1;
    memset(img, 0, sizeof *img);
    if (!s) {
        snprintf(err, errsz, "%s: out of memory", name);
        return -1;
    }
    s->a.name = name;
    s->a.cam_aw = cam_aw;
    s->a.err = err;
    s->a.errsz = errsz;
    s->uc_aw = uc_aw;
    s->img = img;
    s->code = calloc((size_t)1 << uc_aw, sizeof *s->code);
    if (!s->code) {
        snprintf(err, errsz, "%s: out of memory", name);
        goto out;
    }
    const char *p = src;
    tok t[MAXTOK];
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        int nt = 0, st = 0;
        s->a.line++;
        if (lex(&s->a, p, len, t, &nt)) goto out;
        /* labels */
        while (nt - st >= 2 && t[st].kind == 'w' && t[st + 1].kind == ':') {
            if (t[st].s[0] == '.' || vs_parse(t[st].s) >= 0 || is_parse(t[st].s) >= 0 ||
                regnum(t[st].s, 't', CP_NT) >= 0 || regnum(t[st].s, 'b', CP_NB) >= 0 ||
                strcmp(t[st].s, "done") == 0 || strcmp(t[st].s, "interrupt") == 0) {
                aerr(&s->a, t[st].col, "'%s' is reserved and cannot be a label", t[st].s);
                goto out;
            }
            for (size_t k = 0; k < s->nlab; k++)
                if (strcmp(s->lab[k].name, t[st].s) == 0) {
                    aerr(&s->a, t[st].col, "duplicate label '%s' (first defined at line %d)",
                         t[st].s, s->lab[k].line);
                    goto out;
                }
            if (s->nlab == s->caplab) {
                size_t nc = s->caplab ? s->caplab * 2 : 32;
                label *q = realloc(s->lab, nc * sizeof *q);
                if (!q) {
                    aerr(&s->a, 1, "out of memory");
                    goto out;
                }
                s->lab = q;
                s->caplab = nc;
            }
            snprintf(s->lab[s->nlab].name, sizeof s->lab[s->nlab].name, "%s", t[st].s);
            s->lab[s->nlab].addr = s->ncode;
            s->lab[s->nlab].line = s->a.line;
            s->nlab++;
            st += 2;
        }
        if (st < nt) {
            if (t[st].kind == 'w' && t[st].s[0] == '.' && !(t[st].s[1] == 0)) {
                if (directive(s, t + st, nt - st)) goto out;
            } else if (instruction(s, t + st, nt - st)) {
                goto out;
            }
        }
        p += len;
        if (*p == '\n') p++;
    }
    /* resolve labels */
    for (size_t k = 0; k < s->nfix; k++) {
        fixup *f = &s->fix[k];
        size_t j;
        for (j = 0; j < s->nlab; j++)
            if (strcmp(s->lab[j].name, f->name) == 0) break;
        s->a.line = f->line;
        if (j == s->nlab) {
            aerr(&s->a, f->col, "undefined label '%s'", f->name);
            goto out;
        }
        uint32_t ta = s->lab[j].addr;
        if (ta >= s->ncode) {
            aerr(&s->a, f->col, "label '%s' is past the last microinstruction", f->name);
            goto out;
        }
        if (f->rel) {
            long off = (long)ta - (long)f->upc;
            if (off < -128 || off > 127) {
                aerr(&s->a, f->col, "branch target '%s' out of range (offset %ld, allowed -128..127; use a t register)",
                     f->name, off);
                goto out;
            }
            s->code[f->upc] |= (uint64_t)((uint32_t)off & 0xffu) << CP_F_BO;
        } else {
            img->w[f->wi].data = ta;
        }
    }
    if (s->ncode == 0) {
        s->a.line++;
        aerr(&s->a, 1, "no microinstructions");
        goto out;
    }
    for (uint32_t k = 0; k < s->ncode; k++)
        if (img_add(img, (CP_SP_UC << 12) | k, s->code[k])) {
            aerr(&s->a, 1, "out of memory");
            goto out;
        }
    img->uc_len = s->ncode;
    qsort(img->w, img->n, sizeof *img->w, cmp_write);
    rc = 0;
out:
    if (rc) cp_image_free(img);
    free(s->code);
    free(s->lab);
    free(s->fix);
    free(s);
    return rc;
}

/* ------------------------------------------------------------------ disassembler */
/* ops of one word into buf; lab(addr) gives the label text for a target */
static void fmt_ops(uint64_t w, uint32_t upc, uint32_t ucm, const char *labfmt, char *buf, size_t n)
{
    char o[8][64], x1[16], x2[16];
    int no = 0, a_used = 0;
    uint32_t vop = cp_fld(w, CP_F_VOP, 4), vd = cp_fld(w, CP_F_VD, 3), va = cp_fld(w, CP_F_VA, 5),
             vb = cp_fld(w, CP_F_VB, 5), iop = cp_fld(w, CP_F_IOP, 3), id = cp_fld(w, CP_F_ID, 3),
             ia = cp_fld(w, CP_F_IA, 4), ib = cp_fld(w, CP_F_IB, 4), dop = cp_fld(w, CP_F_DOP, 2),
             db = cp_fld(w, CP_F_DB, 2), di = cp_fld(w, CP_F_DI, 3), cop = cp_fld(w, CP_F_COP, 2),
             ci = cp_fld(w, CP_F_CI, 3), bc = cp_fld(w, CP_F_BC, 4), bk = cp_fld(w, CP_F_BK, 2),
             bo = cp_fld(w, CP_F_BO, 8), bp = cp_fld(w, CP_F_BP, 1);
    vs_name(va, x1, sizeof x1);
    vs_name(vb, x2, sizeof x2);
    if (vop >= CP_V_CEQ) {
        snprintf(o[no++], 64, "%s %s, %s", vop_names[vop], x1, x2);
        a_used = 1;
    } else if (vop == CP_V_MOV) {
        snprintf(o[no++], 64, "v%u = mov %s", vd, x1);
        a_used = 1;
    } else if (vop == CP_V_RAND) {
        snprintf(o[no++], 64, "v%u = rand %s", vd, x2);
    } else if (vop != CP_V_NOP) {
        snprintf(o[no++], 64, "v%u = %s %s, %s", vd, vop_names[vop], x1, x2);
        a_used = 1;
    }
    if (iop != CP_I_NOP) {
        is_name(ia, x1, sizeof x1);
        is_name(ib, x2, sizeof x2);
        if (iop == CP_I_MOV) snprintf(o[no++], 64, "i%u = mov %s", id, x1);
        else snprintf(o[no++], 64, "i%u = %s %s, %s", id, iop_names[iop], x1, x2);
    }
    if (dop != CP_D_NONE)
        snprintf(o[no++], 64, "%s b%u[i%u]", dop == CP_D_READ ? "dread" : dop == CP_D_WRITE ? "dwrite" : "dinc",
                 db, di);
    vs_name(va, x1, sizeof x1);
    if (cop == CP_C_WRITE) {
        snprintf(o[no++], 64, "camw i%u, %s", ci, x1);
        a_used = 1;
    } else if (cop == CP_C_INVAL) {
        snprintf(o[no++], 64, "caminv i%u", ci);
    } else if (cop == CP_C_INVALL) {
        snprintf(o[no++], 64, "caminvall");
    }
    if (!a_used && va != 0u) snprintf(o[no++], 64, "match %s", x1);
    if (bc != CP_B_NEVER) {
        char tg[32];
        if (bk == CP_T_DONE) snprintf(tg, sizeof tg, "done");
        else if (bk == CP_T_INT) snprintf(tg, sizeof tg, "interrupt");
        else if (bk == CP_T_TREG) snprintf(tg, sizeof tg, "t%u", bo & 3u);
        else {
            uint32_t ta = (upc + (uint32_t)(int32_t)(int8_t)bo) & ucm;
            snprintf(tg, sizeof tg, labfmt, ta);
        }
        snprintf(o[no++], 64, "%s %s, %s", bp ? "brt" : "br", cond_names[bc], tg);
    }
    buf[0] = 0;
    if (no == 0) snprintf(buf, n, "nop");
    for (int k = 0; k < no; k++) {
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, "%s%s", k ? " ; " : "", o[k]);
    }
}

void cp_format_insn(uint64_t w, uint32_t upc, char *buf, size_t bufsz)
{
    fmt_ops(w, upc, 0xffffffffu, "@%u", buf, bufsz);
}

int cp_disassemble(const cp_image *img, FILE *out, char *err, size_t errsz)
{
    uint32_t n = 0;
    for (size_t k = 0; k < img->n; k++)
        if ((img->w[k].addr >> 12) == CP_SP_UC) {
            if ((img->w[k].addr & 0xfffu) != n) {
                snprintf(err, errsz, "image: microcode words are not contiguous from 0 (word %u)",
                         img->w[k].addr & 0xfffu);
                return -1;
            }
            n++;
        }
    if (n == 0) {
        snprintf(err, errsz, "image: no microcode");
        return -1;
    }
    uint32_t ucm = 0xfffu; /* targets are printed as labels within the program */
    unsigned char *islab = calloc(4096, 1);
    if (!islab) {
        snprintf(err, errsz, "out of memory");
        return -1;
    }
    const cp_write *code = NULL;
    for (size_t k = 0; k < img->n; k++) {
        const cp_write *wr = &img->w[k];
        uint32_t sp = wr->addr >> 12, ix = wr->addr & 0xfffu;
        if (sp == CP_SP_UC) {
            if (!code) code = wr;
            uint64_t w = wr->data;
            if (cp_fld(w, CP_F_BC, 4) != CP_B_NEVER && cp_fld(w, CP_F_BK, 2) == CP_T_REL)
                islab[(ix + (uint32_t)(int32_t)(int8_t)cp_fld(w, CP_F_BO, 8)) & ucm] = 1;
        } else if (sp == CP_SP_REG && ((ix >= CP_R_CLS && ix < CP_R_CLS + 16) || (ix >= CP_R_T && ix < CP_R_T + 4))) {
            islab[wr->data & 0xfffu] = 1;
        }
    }
    fprintf(out, "# hwprof co-processor microcode (disassembled image, %u microinstructions)\n", n);
    for (size_t k = 0; k < img->n; k++) {
        const cp_write *wr = &img->w[k];
        uint32_t sp = wr->addr >> 12, ix = wr->addr & 0xfffu;
        unsigned long long d = (unsigned long long)wr->data;
        if (sp == CP_SP_UC) continue;
        if (sp == CP_SP_REG && ix < CP_R_C) fprintf(out, ".init v%u, 0x%llx\n", ix, d);
        else if (sp == CP_SP_REG && ix < CP_R_I) fprintf(out, ".const c%u, 0x%llx\n", ix - CP_R_C, d);
        else if (sp == CP_SP_REG && ix < CP_R_IWID) fprintf(out, ".init i%u, 0x%llx\n", ix - CP_R_I, d);
        else if (sp == CP_SP_REG && ix < CP_R_B) fprintf(out, ".iwidth i%u, %llu\n", ix - CP_R_IWID, d);
        else if (sp == CP_SP_REG && ix < CP_R_T) fprintf(out, ".base b%u, 0x%llx\n", ix - CP_R_B, d);
        else if (sp == CP_SP_REG && ix < CP_R_T + 4) fprintf(out, ".target t%u, L%03llx\n", ix - CP_R_T, d);
        else if (sp == CP_SP_REG && ix == CP_R_CNTW) fprintf(out, ".cntw %llu\n", d);
        else if (sp == CP_SP_REG && ix == CP_R_LFSR) fprintf(out, ".seed 0x%llx\n", d);
        else if (sp == CP_SP_REG && ix >= CP_R_CLS && ix < CP_R_CLS + HWP_CLS_COUNT)
            fprintf(out, ".class %s, L%03llx\n", hwp_class_name((int)(ix - CP_R_CLS)), d);
        else if (sp == CP_SP_FILT && (ix == CP_F_CLSEN || ix == CP_F_FSEL) && d != 0) {
            fprintf(out, "%s", ix == CP_F_CLSEN ? ".filter" : ".fields");
            int first = 1;
            for (int b = 0; b < (ix == CP_F_CLSEN ? HWP_CLS_COUNT : 4); b++)
                if ((d >> b) & 1u) {
                    fprintf(out, "%s%s", first ? " " : ", ",
                            ix == CP_F_CLSEN ? hwp_class_name(b) : fs_names[b]);
                    first = 0;
                }
            if (d >> (ix == CP_F_CLSEN ? HWP_CLS_COUNT : 4)) {
                snprintf(err, errsz, "image: bad filter value 0x%llx at address 0x%x", d, wr->addr);
                free(islab);
                return -1;
            }
            fprintf(out, "\n");
        } else {
            snprintf(err, errsz, "image: write to address 0x%x has no source form", wr->addr);
            free(islab);
            return -1;
        }
    }
    for (uint32_t k = 0; k < n; k++) {
        char buf[512];
        uint64_t w = code[k].data;
        if (islab[k]) fprintf(out, "L%03x:\n", k);
        fmt_ops(w, k, ucm, "L%03x", buf, sizeof buf);
        /* words the ops cannot express (reserved bits, unused fields set) stay raw */
        char chk[512], e2[256];
        cp_image tmp;
        snprintf(chk, sizeof chk, "%s", buf);
        int raw = (w >> CP_UW_USED) != 0;
        /* a relative branch out of the program has no label to name it */
        if (cp_fld(w, CP_F_BC, 4) != CP_B_NEVER && cp_fld(w, CP_F_BK, 2) == CP_T_REL &&
            ((k + (uint32_t)(int32_t)(int8_t)cp_fld(w, CP_F_BO, 8)) & ucm) >= n)
            raw = 1;
        if (!raw) {
            /* re-encode without labels: substitute targets by a local label */
            uint64_t mask = ~((uint64_t)0xff << CP_F_BO);
            char src[700];
            int rel = cp_fld(w, CP_F_BC, 4) != CP_B_NEVER && cp_fld(w, CP_F_BK, 2) == CP_T_REL;
            fmt_ops(rel ? (w & mask) : w, 0, ucm, "X", chk, sizeof chk);
            snprintf(src, sizeof src, "X: %s\n", chk);
            if (cp_assemble(src, "check", 10, 6, &tmp, e2, sizeof e2) != 0) raw = 1;
            else {
                uint64_t got = 0;
                for (size_t j = 0; j < tmp.n; j++)
                    if (tmp.w[j].addr == 0) got = tmp.w[j].data;
                if (got != (rel ? (w & mask) : w)) raw = 1;
                cp_image_free(&tmp);
            }
        }
        if (raw) fprintf(out, "    .word 0x%016llx\n", (unsigned long long)w);
        else fprintf(out, "    %s\n", buf);
    }
    free(islab);
    return 0;
}

/* ------------------------------------------------------------------ files */
static void put32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(v >> (8 * k));
}
static void put64(unsigned char *p, uint64_t v)
{
    for (int k = 0; k < 8; k++) p[k] = (unsigned char)(v >> (8 * k));
}
static uint64_t get(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int k = n - 1; k >= 0; k--) v = v << 8 | p[k];
    return v;
}

int cp_image_save(const cp_image *img, const char *path, char *err, size_t errsz)
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
    if (!f) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    unsigned char h[16];
    memcpy(h, "HWPCIMG1", 8);
    put32(h + 8, (uint32_t)img->n);
    put32(h + 12, 0);
    int bad = fwrite(h, 1, 16, f) != 16;
    for (size_t k = 0; k < img->n && !bad; k++) {
        unsigned char r[16];
        put32(r, img->w[k].addr);
        put32(r + 4, 0);
        put64(r + 8, img->w[k].data);
        bad = fwrite(r, 1, 16, f) != 16;
    }
    if (f != stdout) bad |= fclose(f) != 0;
    else bad |= fflush(f) != 0;
    if (bad) {
        snprintf(err, errsz, "%s: write error", path);
        return -1;
    }
    return 0;
}

int cp_image_load(cp_image *img, const char *path, char *err, size_t errsz)
{
    memset(img, 0, sizeof *img);
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    unsigned char h[16];
    int rc = -1;
    if (fread(h, 1, 16, f) != 16 || memcmp(h, "HWPCIMG1", 8) != 0 || get(h + 12, 4) != 0) {
        snprintf(err, errsz, "%s: not a co-processor image (bad header)", path);
        goto out;
    }
    uint32_t n = (uint32_t)get(h + 8, 4);
    uint32_t prev = 0;
    for (uint32_t k = 0; k < n; k++) {
        unsigned char r[16];
        if (fread(r, 1, 16, f) != 16) {
            snprintf(err, errsz, "%s: truncated at entry %u (byte offset %u)", path, k, 16 + 16 * k);
            goto out;
        }
        uint32_t ad = (uint32_t)get(r, 4);
        if (get(r + 4, 4) != 0 || ad > 0xffffu || (k && ad <= prev)) {
            snprintf(err, errsz, "%s: entry %u (byte offset %u): bad or unsorted address 0x%x", path, k,
                     16 + 16 * k, ad);
            goto out;
        }
        prev = ad;
        if (img_add(img, ad, get(r + 8, 8))) {
            snprintf(err, errsz, "out of memory");
            goto out;
        }
        if ((ad >> 12) == CP_SP_UC) img->uc_len++;
    }
    if (fgetc(f) != EOF) {
        snprintf(err, errsz, "%s: trailing bytes after %u entries", path, n);
        goto out;
    }
    rc = 0;
out:
    if (f != stdin) fclose(f);
    if (rc) cp_image_free(img);
    return rc;
}

char *cp_read_file(const char *path, char *err, size_t errsz)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *b = malloc(cap);
    while (b) {
        size_t r = fread(b + n, 1, cap - n - 1, f);
        n += r;
        if (n + 1 < cap) break;
        char *q = realloc(b, cap * 2);
        if (!q) {
            free(b);
            b = NULL;
            break;
        }
        b = q;
        cap *= 2;
    }
    if (f != stdin) fclose(f);
    if (!b) {
        snprintf(err, errsz, "out of memory");
        return NULL;
    }
    b[n] = 0;
    if (strlen(b) != n) {
        free(b);
        snprintf(err, errsz, "%s: contains a NUL byte (not a text file)", path);
        return NULL;
    }
    return b;
}
