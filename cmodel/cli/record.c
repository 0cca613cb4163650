/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof record: records traces from real, unmodified programs.
 *
 *   --tool lackey  valgrind --tool=lackey --trace-mem=yes: one "I pc,len" line
 *                  per executed instruction, followed by its data accesses
 *                  (" L addr,size", " S ...", " M ..."). Kinds bb, edge, ldaddr.
 *   --tool qemu    qemu-riscv64 / qemu-riscv32 / qemu-x86_64 user mode with
 *                  -singlestep -d in_asm,cpu,nochain: in_asm prints each
 *                  instruction once when it is translated (kept in a pc ->
 *                  instruction cache), cpu prints the register file before
 *                  every executed instruction. Kinds bb, edge, ldaddr (RISC-V),
 *                  ldval, retire (RISC-V).
 *
 * The tool runs as a child process; its log is streamed through a pipe (the
 * child's fd 3) and parsed on the fly, so no log file is ever written. Exact
 * definitions of every kind are in docs/record.md.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "riscv.h"
#include "trace.h"

#define CMD "record"
#define LOG_FD 3

enum rkind { RK_BB, RK_EDGE, RK_LDADDR, RK_LDVAL, RK_RETIRE };
static const char *const rkind_names[] = {"bb", "edge", "ldaddr", "ldval", "retire"};

enum rtool { RT_AUTO, RT_LACKEY, RT_QEMU };

#define EM_X86_64_ 62
#define EM_RISCV_ 243

/* ------------------------------------------------------------------ output */

typedef struct emitter {
    hwp_writer *w;
    int kind;
    uint64_t max, skip;
    uint64_t produced; /* records produced, including skipped ones */
    uint64_t written;
    int stop;          /* --max reached */
    /* control-flow state shared by bb and edge */
    int have_prev;
    uint64_t prev_pc, prev_len;
    /* statistics */
    uint64_t insns, loads, load_noval, nonseq_other, undecoded, lines;
} emitter;

static int emit(emitter *e, const hwp_rec *r, hwp_err *err)
{
    if (e->stop)
        return 0;
    e->produced++;
    if (e->produced <= e->skip)
        return 0;
    if (hwp_writer_put(e->w, r, err) != 0)
        return -1;
    e->written++;
    if ((e->written & 0xfffu) == 0)
        hwp_progress("hwprof record", e->written, e->max);
    if (e->max && e->written >= e->max)
        e->stop = 1;
    return 0;
}

static int emit2(emitter *e, uint64_t a, uint64_t b, hwp_err *err)
{
    hwp_rec r;
    memset(&r, 0, sizeof r);
    r.a = a;
    r.b = b;
    return emit(e, &r, err);
}

/* One executed instruction at pc of len bytes: bb leaders and taken edges.
 * A leader is the first traced instruction and every instruction that does
 * not directly follow its predecessor (pc != prev_pc + prev_len); the edge is
 * <prev_pc, pc> for each such transfer. */
static int on_insn(emitter *e, uint64_t pc, uint64_t len, hwp_err *err)
{
    int nonseq = !e->have_prev || pc != e->prev_pc + e->prev_len;
    int rc = 0;
    e->insns++;
    if (e->kind == RK_BB && nonseq)
        rc = emit2(e, pc, 0, err);
    else if (e->kind == RK_EDGE && nonseq && e->have_prev)
        rc = emit2(e, e->prev_pc, pc, err);
    e->have_prev = 1;
    e->prev_pc = pc;
    e->prev_len = len;
    return rc;
}

/* ------------------------------------------------------------------ child */

typedef struct child {
    pid_t pid;
    FILE *log;
    int stopped; /* we terminated it (--max or error) */
} child;

/* Looks name up like execvp: returns a malloc'ed path of an executable file
 * or NULL. */
static char *find_exe(const char *name)
{
    if (strchr(name, '/')) {
        struct stat st;
        if (stat(name, &st) == 0 && S_ISREG(st.st_mode) && access(name, X_OK) == 0)
            return strdup(name);
        return NULL;
    }
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    size_t nl = strlen(name);
    while (*path) {
        const char *c = strchr(path, ':');
        size_t dl = c ? (size_t)(c - path) : strlen(path);
        char *p = malloc(dl + nl + 3);
        if (!p)
            return NULL;
        if (dl == 0)
            snprintf(p, nl + 3, "./%s", name);
        else {
            memcpy(p, path, dl);
            p[dl] = '/';
            memcpy(p + dl + 1, name, nl + 1);
        }
        struct stat st;
        if (stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0)
            return p;
        free(p);
        if (!c)
            break;
        path = c + 1;
    }
    return NULL;
}

/* ELF machine of path: 0 if not an ELF file, -1 if unreadable; *is32 is set
 * for an ELFCLASS32 file. */
static int elf_machine(const char *path, int *is32)
{
    unsigned char h[20];
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t n = fread(h, 1, sizeof h, f);
    fclose(f);
    if (n < sizeof h || memcmp(h, "\177ELF", 4) != 0)
        return 0;
    *is32 = h[4] == 1;
    return h[18] | (h[19] << 8);
}

/* Starts argv with the write end of a pipe as fd LOG_FD. The child gets its
 * own process group so that stopping it reaches everything it started. If
 * quiet_stdout, the child's stdout goes to our stderr (the trace is on our
 * stdout). */
static int spawn(child *c, char **argv, int quiet_stdout)
{
    int lp[2], ep[2];
    memset(c, 0, sizeof *c);
    if (pipe(lp) != 0 || pipe(ep) != 0) {
        fprintf(stderr, "hwprof %s: pipe: %s\n", CMD, strerror(errno));
        return -1;
    }
    if (fcntl(ep[1], F_SETFD, FD_CLOEXEC) != 0) {
        fprintf(stderr, "hwprof %s: fcntl: %s\n", CMD, strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "hwprof %s: fork: %s\n", CMD, strerror(errno));
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        close(lp[0]);
        close(ep[0]);
        if (lp[1] != LOG_FD) {
            if (ep[1] == LOG_FD) { /* keep the error pipe out of the way */
                int n = fcntl(ep[1], F_DUPFD_CLOEXEC, LOG_FD + 1);
                if (n < 0)
                    _exit(127);
                ep[1] = n;
            }
            if (dup2(lp[1], LOG_FD) < 0)
                _exit(127);
            close(lp[1]);
        }
        if (quiet_stdout)
            dup2(2, 1);
        for (int fd = LOG_FD + 1; fd < 1024; fd++)
            if (fd != ep[1])
                close(fd);
        signal(SIGPIPE, SIG_DFL);
        execv(argv[0], argv);
        int e = errno;
        ssize_t unused = write(ep[1], &e, sizeof e);
        (void)unused;
        _exit(127);
    }
    setpgid(pid, pid);
    close(lp[1]);
    close(ep[1]);
    int e = 0;
    ssize_t n;
    do
        n = read(ep[0], &e, sizeof e);
    while (n < 0 && errno == EINTR);
    close(ep[0]);
    if (n > 0) {
        fprintf(stderr, "hwprof %s: cannot run %s: %s\n", CMD, argv[0], strerror(e));
        close(lp[0]);
        waitpid(pid, NULL, 0);
        return -1;
    }
    c->pid = pid;
    c->log = fdopen(lp[0], "r");
    if (!c->log) {
        fprintf(stderr, "hwprof %s: fdopen: %s\n", CMD, strerror(errno));
        close(lp[0]);
        kill(-pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return -1;
    }
    return 0;
}

/* Stops the child (closes the log so a writing tool gets SIGPIPE, sends
 * SIGTERM to its process group, SIGKILL after 3 s) or waits for its normal
 * end. Returns its wait status. */
static int finish(child *c, int stop)
{
    int st = 0;
    if (c->log) {
        fclose(c->log);
        c->log = NULL;
    }
    if (stop) {
        c->stopped = 1;
        kill(-c->pid, SIGTERM);
        for (int i = 0; i < 300; i++) {
            pid_t r = waitpid(c->pid, &st, WNOHANG);
            if (r == c->pid)
                return st;
            struct timespec ts = {0, 10 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
        kill(-c->pid, SIGKILL);
    }
    while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR) {
    }
    return st;
}

/* ------------------------------------------------------------------ parsing helpers */

static const char *skip_sp(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Parses hex digits at *pp (optional 0x); returns the number of digits. */
static int hex(const char **pp, uint64_t *v)
{
    const char *p = *pp;
    uint64_t x = 0;
    int n = 0;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    for (;; p++, n++) {
        int d;
        if (*p >= '0' && *p <= '9') d = *p - '0';
        else if (*p >= 'a' && *p <= 'f') d = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F') d = *p - 'A' + 10;
        else break;
        if (n >= 16)
            return 0;
        x = (x << 4) | (uint64_t)d;
    }
    *pp = p;
    *v = x;
    return n;
}

static void perr(hwp_err *err, uint64_t line, const char *what, const char *text)
{
    char t[120];
    size_t n = strcspn(text, "\n");
    if (n > sizeof t - 1)
        n = sizeof t - 1;
    memcpy(t, text, n);
    t[n] = 0;
    snprintf(err->msg, sizeof err->msg, "log line %llu: %s: '%s'", (unsigned long long)line,
             what, t);
}

/* ------------------------------------------------------------------ lackey */

static int parse_lackey(emitter *e, FILE *log, hwp_err *err)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int rc = 0;
    while (!e->stop && (n = getline(&line, &cap, log)) > 0) {
        const char *p = line;
        uint64_t a, sz;
        e->lines++;
        if ((e->lines & 0xffffu) == 0 && e->written == 0)
            hwp_progress("hwprof record (log lines)", e->lines, 0);
        if (line[0] == '=' && line[1] == '=')
            continue; /* valgrind's own messages */
        if (line[0] == '-' && line[1] == '-')
            continue; /* valgrind warnings */
        if (p[0] == 'I' && p[1] == ' ') {
            p = skip_sp(p + 1);
            if (!hex(&p, &a) || *p != ',' || (p++, !hex(&p, &sz))) {
                perr(err, e->lines, "bad lackey instruction line", line);
                rc = -1;
                break;
            }
            if (on_insn(e, a, sz, err) != 0) {
                rc = -1;
                break;
            }
        } else if (p[0] == ' ' && (p[1] == 'L' || p[1] == 'S' || p[1] == 'M') && p[2] == ' ') {
            char t = p[1];
            p = skip_sp(p + 2);
            if (!hex(&p, &a) || *p != ',' || (p++, !hex(&p, &sz))) {
                perr(err, e->lines, "bad lackey data line", line);
                rc = -1;
                break;
            }
            if (t == 'L' || t == 'M') {
                if (!e->have_prev) {
                    perr(err, e->lines, "data access before any instruction", line);
                    rc = -1;
                    break;
                }
                e->loads++;
                if (e->kind == RK_LDADDR && emit2(e, e->prev_pc, a, err) != 0) {
                    rc = -1;
                    break;
                }
            }
        } else {
            perr(err, e->lines, "unexpected lackey output", line);
            rc = -1;
            break;
        }
    }
    free(line);
    return rc;
}

/* ------------------------------------------------------------------ qemu */

/* Decoded instruction cached by pc (open addressing, grows at 50% load). */
typedef struct xinfo {
    uint8_t ld_size;  /* x86: bytes loaded by a covered mov, 0 otherwise */
    uint8_t ld_reg;   /* x86: destination GPR (dump order) */
    uint8_t ld_shift; /* x86: 8 for ah/bh/ch/dh */
} xinfo;

typedef struct ient {
    uint64_t pc;
    int used;
    int len;
    hwp_rv_insn rv;
    xinfo x;
} ient;

typedef struct icache {
    ient *t;
    size_t cap, n;
} icache;

static size_t ihash(uint64_t pc, size_t cap)
{
    pc ^= pc >> 29;
    pc *= 0xbf58476d1ce4e5b9ull;
    pc ^= pc >> 32;
    return (size_t)pc & (cap - 1);
}

static ient *icache_find(icache *c, uint64_t pc)
{
    if (!c->cap)
        return NULL;
    for (size_t i = ihash(pc, c->cap);; i = (i + 1) & (c->cap - 1)) {
        if (!c->t[i].used)
            return NULL;
        if (c->t[i].pc == pc)
            return &c->t[i];
    }
}

static ient *icache_put(icache *c, uint64_t pc)
{
    ient *f = icache_find(c, pc);
    if (f)
        return f;
    if (2 * (c->n + 1) > c->cap) {
        size_t nc = c->cap ? 2 * c->cap : 4096;
        ient *nt = calloc(nc, sizeof *nt);
        if (!nt)
            return NULL;
        for (size_t i = 0; i < c->cap; i++) {
            if (!c->t[i].used)
                continue;
            size_t j = ihash(c->t[i].pc, nc);
            while (nt[j].used)
                j = (j + 1) & (nc - 1);
            nt[j] = c->t[i];
        }
        free(c->t);
        c->t = nt;
        c->cap = nc;
    }
    size_t i = ihash(pc, c->cap);
    while (c->t[i].used)
        i = (i + 1) & (c->cap - 1);
    c->n++;
    memset(&c->t[i], 0, sizeof c->t[i]);
    c->t[i].used = 1;
    c->t[i].pc = pc;
    return &c->t[i];
}

/* Register file snapshot from one cpu dump. RISC-V: x0..x31, f0..f31 at
 * 32..63. x86-64: rax rbx rcx rdx rsi rdi rbp rsp r8..r15 (qemu's order). */
typedef struct regs {
    uint64_t pc;
    uint64_t r[64];
    uint64_t have_lo, have_hi; /* bit i: r[i] (lo: 0..63) seen */
} regs;

typedef struct qstate {
    int isa;     /* HWP_ISA_* */
    int rv32;    /* RISC-V: qemu-riscv32 (32-bit registers, addresses wrap at 2^32) */
    int fpu;     /* RISC-V dumps include f registers */
    icache ic;
    regs cur, prev;
    int in_dump, have_prev;
    uint64_t dumps;
} qstate;

/* x86 GPR names -> dump index, size in bytes, shift. */
static int x86_reg(const char *s, size_t n, int *idx, int *size, int *shift)
{
    static const char *const q[16] = {"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp",
                                      "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};
    static const char *const d[8] = {"eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "esp"};
    static const char *const w[8] = {"ax", "bx", "cx", "dx", "si", "di", "bp", "sp"};
    static const char *const b[8] = {"al", "bl", "cl", "dl", "sil", "dil", "bpl", "spl"};
    static const char *const h[4] = {"ah", "bh", "ch", "dh"};
    char t[8];
    if (n == 0 || n >= sizeof t)
        return 0;
    memcpy(t, s, n);
    t[n] = 0;
    *shift = 0;
    for (int i = 0; i < 16; i++)
        if (!strcmp(t, q[i])) { *idx = i; *size = 8; return 1; }
    for (int i = 0; i < 8; i++) {
        if (!strcmp(t, d[i])) { *idx = i; *size = 4; return 1; }
        if (!strcmp(t, w[i])) { *idx = i; *size = 2; return 1; }
        if (!strcmp(t, b[i])) { *idx = i; *size = 1; return 1; }
    }
    for (int i = 0; i < 4; i++)
        if (!strcmp(t, h[i])) { *idx = i; *size = 1; *shift = 8; return 1; }
    if (t[0] == 'r' && t[1] >= '0' && t[1] <= '9') { /* r8d r8w r8b r8l r12d ... */
        int k = t[1] - '0', j = 2;
        if (t[2] >= '0' && t[2] <= '9') { k = 10 * k + (t[2] - '0'); j = 3; }
        if (k < 8 || k > 15 || !t[j] || t[j + 1])
            return 0;
        *idx = k;
        if (t[j] == 'd') *size = 4;
        else if (t[j] == 'w') *size = 2;
        else if (t[j] == 'b' || t[j] == 'l') *size = 1;
        else return 0;
        return 1;
    }
    return 0;
}

/* x86: does "mnemonic operands" load a GPR from memory with a plain,
 * zero- or sign-extending move, a pop or a leave? Fills x->ld_*. */
static void x86_classify(const char *mn, size_t mnl, const char *ops, xinfo *x)
{
    int size = 0;
    char m[16];
    memset(x, 0, sizeof *x);
    if (mnl >= sizeof m)
        return;
    memcpy(m, mn, mnl);
    m[mnl] = 0;
    if (!strcmp(m, "popq") || !strcmp(m, "leaveq") || !strcmp(m, "leave")) {
        /* pop %reg loads 8 bytes into reg; leave pops into %rbp */
        int idx = 6, rsz = 8, sh = 0;
        if (m[0] == 'p') {
            size_t l = strcspn(ops, " \n#");
            if (ops[0] != '%' || !x86_reg(ops + 1, l - 1, &idx, &rsz, &sh) || rsz != 8)
                return;
        }
        x->ld_size = 8;
        x->ld_reg = (uint8_t)idx;
        x->ld_shift = 0;
        return;
    }
    if (!strcmp(m, "movb")) size = 1;
    else if (!strcmp(m, "movw")) size = 2;
    else if (!strcmp(m, "movl")) size = 4;
    else if (!strcmp(m, "movq")) size = 8;
    else if (mnl == 6 && (!strncmp(m, "movz", 4) || !strncmp(m, "movs", 4))) {
        /* movzbl movzwq movsbq movslq ...: m[4] = source size, m[5] = dest size */
        int s = m[4] == 'b' ? 1 : m[4] == 'w' ? 2 : (m[4] == 'l' && m[3] == 's') ? 4 : 0;
        int dsz = m[5] == 'w' ? 2 : m[5] == 'l' ? 4 : m[5] == 'q' ? 8 : 0;
        if (!s || !dsz || dsz <= s)
            return;
        size = s;
    } else
        return;
    /* operands: "SRC, DST" split at the last ", " */
    const char *comma = NULL;
    for (const char *p = ops; *p && *p != '\n'; p++)
        if (p[0] == ',' && p[1] == ' ')
            comma = p;
    if (!comma)
        return;
    const char *src = ops, *dst = comma + 2;
    size_t dl = strcspn(dst, " \n#");
    if (src[0] == '$')
        return; /* immediate */
    if (src[0] == '%') {
        /* a register, unless segment-prefixed memory (%fs:...) */
        size_t rl = strcspn(src, ",:");
        if (src[rl] != ':')
            return;
    }
    if (dst[0] != '%')
        return;
    int idx, rsz, sh;
    if (!x86_reg(dst + 1, dl - 1, &idx, &rsz, &sh))
        return;
    x->ld_size = (uint8_t)size;
    x->ld_reg = (uint8_t)idx;
    x->ld_shift = (uint8_t)sh;
}

/* in_asm line "0x<pc>:  <code>  <disasm>". */
static int q_insn_line(qstate *q, emitter *e, const char *line, hwp_err *err)
{
    const char *p = line;
    uint64_t pc;
    if (!hex(&p, &pc) || *p != ':') {
        perr(err, e->lines, "bad in_asm line", line);
        return -1;
    }
    p = skip_sp(p + 1);
    if (q->isa == HWP_ISA_RISCV64) {
        uint64_t w;
        const char *s = p;
        int nd = hex(&p, &w);
        if ((nd != 4 && nd != 8) || (*p != ' ' && *p != '\n')) {
            perr(err, e->lines, "bad RISC-V instruction word", s);
            return -1;
        }
        ient *en = icache_put(&q->ic, pc);
        if (!en) {
            snprintf(err->msg, sizeof err->msg, "out of memory");
            return -1;
        }
        hwp_rv_decode((uint32_t)w, &en->rv);
        en->len = en->rv.len;
        if (en->len != nd / 2) {
            perr(err, e->lines, "instruction length disagrees with its low bits", line);
            return -1;
        }
        return 0;
    }
    /* x86: byte tokens "48 89 e7", then the mnemonic and operands. Long
     * instructions continue on following lines with bytes only. */
    int nb = 0;
    while (isxdigit((unsigned char)p[0]) && isxdigit((unsigned char)p[1]) &&
           (p[2] == ' ' || p[2] == '\n' || p[2] == 0)) {
        nb++;
        p = skip_sp(p + 2);
    }
    if (nb == 0) {
        perr(err, e->lines, "bad x86 instruction bytes", line);
        return -1;
    }
    ient *en = icache_find(&q->ic, pc);
    if (*p == '\n' || *p == 0) {
        /* continuation: pc is the address of these bytes inside an
         * instruction started on an earlier line; find it by scanning back */
        for (int back = 1; back <= 15; back++) {
            ient *s = icache_find(&q->ic, pc - (uint64_t)back);
            if (s && s->len == back) {
                s->len += nb;
                return 0;
            }
        }
        perr(err, e->lines, "x86 byte continuation without its instruction", line);
        return -1;
    }
    en = icache_put(&q->ic, pc);
    if (!en) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return -1;
    }
    en->len = nb;
    size_t ml = strcspn(p, " \n");
    x86_classify(p, ml, skip_sp(p + ml), &en->x);
    return 0;
}

/* A cpu dump finished: retire the instruction of the previous dump, whose
 * results are the registers of this one. */
static int q_retire(qstate *q, emitter *e, hwp_err *err)
{
    const regs *b = &q->prev, *a = &q->cur;
    ient *en = icache_find(&q->ic, b->pc);
    if (!en) {
        snprintf(err->msg, sizeof err->msg,
                 "log line %llu: executed pc 0x%llx has no in_asm record",
                 (unsigned long long)e->lines, (unsigned long long)b->pc);
        return -1;
    }
    int seq = a->pc == b->pc + (uint64_t)en->len;
    e->insns++;
    if (q->isa == HWP_ISA_X86_64) {
        const xinfo *x = &en->x;
        if (!x->ld_size)
            return 0;
        e->loads++;
        if (!seq) {
            e->load_noval++; /* interrupted (signal): no value */
            return 0;
        }
        uint64_t v = (a->r[x->ld_reg] >> x->ld_shift) & hwp_mask(8 * x->ld_size);
        return emit2(e, b->pc, v, err);
    }
    const hwp_rv_insn *d = &en->rv;
    if (!d->valid)
        e->undecoded++;
    int ctl = hwp_rv_is_ctl(d);
    if (!seq && !ctl)
        e->nonseq_other++;
    int is_load = d->cls == HWP_CLS_LOAD;
    int rd = d->rd;
    int rd_known = rd > 0 && (rd < 32 || q->fpu);
    uint64_t val = 0;
    if (rd_known) {
        val = a->r[rd];
        if (rd >= 32 && d->mem_size == 4 && is_load)
            val &= 0xffffffffull; /* flw: strip the NaN boxing */
    }
    uint64_t addr = d->mem ? b->r[d->rs1] + (uint64_t)d->imm : 0;
    if (q->rv32)
        addr &= 0xffffffffull;
    if (is_load) {
        e->loads++;
        if (!rd_known || !seq)
            e->load_noval++;
    }
    if (e->kind == RK_LDVAL) {
        if (is_load && rd_known && seq)
            return emit2(e, b->pc, val, err);
        return 0;
    }
    if (e->kind == RK_LDADDR) {
        if (is_load)
            return emit2(e, b->pc, addr, err);
        return 0;
    }
    /* the value only where the register dump after the instruction is its
     * result: not after an interrupted one (a signal), except a control
     * transfer's link register */
    hwp_rec r;
    hwp_rv_retire_rec(d, b->pc, a->pc, rd, rd_known && (seq || ctl), val, d->mem != 0, addr, &r);
    return emit(e, &r, err);
}

/* Parses "name=value" / "xN/abi value" register dump lines. */
static int q_dump_line(qstate *q, emitter *e, const char *line, hwp_err *err)
{
    regs *c = &q->cur;
    const char *p = skip_sp(line);
    if (q->isa == HWP_ISA_RISCV64) {
        while (*p && *p != '\n') {
            /* "x12/a2   0000000000000000" or "f3/ft3   ..." */
            int base;
            if (p[0] == 'x') base = 0;
            else if (p[0] == 'f') base = 32;
            else {
                perr(err, e->lines, "unexpected RISC-V register dump", line);
                return -1;
            }
            char *end;
            long n = strtol(p + 1, &end, 10);
            if (end == p + 1 || *end != '/' || n < 0 || n > 31) {
                perr(err, e->lines, "bad RISC-V register name", line);
                return -1;
            }
            p = end;
            while (*p && *p != ' ')
                p++;
            p = skip_sp(p);
            uint64_t v;
            if (hex(&p, &v) != (q->rv32 ? 8 : 16)) {
                perr(err, e->lines, "bad RISC-V register value", line);
                return -1;
            }
            int i = base + (int)n;
            c->r[i] = v;
            c->have_lo |= 1ull << i;
            p = skip_sp(p);
        }
        return 0;
    }
    /* x86: "RAX=... RBX=...", "R8 =...", "RIP=... RFL=..." */
    while (*p && *p != '\n') {
        const char *eq = strchr(p, '=');
        if (!eq) {
            perr(err, e->lines, "bad x86 register dump", line);
            return -1;
        }
        size_t nl = (size_t)(eq - p);
        while (nl && p[nl - 1] == ' ')
            nl--;
        const char *v0 = eq + 1;
        uint64_t v;
        int nd = hex(&v0, &v);
        if (!nd) {
            perr(err, e->lines, "bad x86 register value", line);
            return -1;
        }
        static const char *const names[16] = {"RAX", "RBX", "RCX", "RDX", "RSI", "RDI",
                                              "RBP", "RSP", "R8",  "R9",  "R10", "R11",
                                              "R12", "R13", "R14", "R15"};
        for (int i = 0; i < 16; i++)
            if (strlen(names[i]) == nl && !strncmp(p, names[i], nl)) {
                c->r[i] = v;
                c->have_lo |= 1ull << i;
            }
        if (nl == 3 && !strncmp(p, "RIP", 3)) {
            c->pc = v;
            c->have_hi = 1;
        }
        p = skip_sp(v0);
        if (*p == '[') { /* RFL=00000202 [-------] CPL=3 ...: rest is flags */
            break;
        }
    }
    return 0;
}

static int q_dump_end(qstate *q, emitter *e, hwp_err *err)
{
    uint64_t need = q->isa == HWP_ISA_X86_64 ? 0xffffull
                    : q->fpu                  ? ~0ull
                                              : 0xffffffffull;
    if ((q->cur.have_lo & need) != need) {
        snprintf(err->msg, sizeof err->msg, "log line %llu: incomplete register dump for pc 0x%llx",
                 (unsigned long long)e->lines, (unsigned long long)q->cur.pc);
        return -1;
    }
    q->dumps++;
    q->in_dump = 0;
    int rc = 0;
    if (e->kind == RK_BB || e->kind == RK_EDGE) {
        /* control flow needs no results: count the instruction when it starts */
        ient *en = icache_find(&q->ic, q->cur.pc);
        if (!en) {
            snprintf(err->msg, sizeof err->msg,
                     "log line %llu: executed pc 0x%llx has no in_asm record",
                     (unsigned long long)e->lines, (unsigned long long)q->cur.pc);
            return -1;
        }
        return on_insn(e, q->cur.pc, (uint64_t)en->len, err);
    }
    if (q->have_prev)
        rc = q_retire(q, e, err);
    q->prev = q->cur;
    q->have_prev = 1;
    return rc;
}

static int parse_qemu(qstate *q, emitter *e, FILE *log, hwp_err *err)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int rc = 0;
    while (rc == 0 && !e->stop && (n = getline(&line, &cap, log)) > 0) {
        e->lines++;
        if ((e->lines & 0xffffu) == 0 && e->written == 0)
            hwp_progress("hwprof record (log lines)", e->lines, 0);
        const char *p = line;
        if (q->isa == HWP_ISA_RISCV64) {
            if (q->in_dump) {
                if (p[0] == ' ' && (p[1] == 'x' || p[1] == 'f')) {
                    rc = q_dump_line(q, e, line, err);
                    if (rc == 0 && (q->cur.have_lo & (q->fpu ? ~0ull : 0xffffffffull)) ==
                                       (q->fpu ? ~0ull : 0xffffffffull))
                        rc = q_dump_end(q, e, err);
                    continue;
                }
                perr(err, e->lines, "register dump ended early", line);
                rc = -1;
                break;
            }
            if (!strncmp(p, " pc ", 4)) {
                const char *v = skip_sp(p + 4);
                memset(&q->cur, 0, sizeof q->cur);
                if (hex(&v, &q->cur.pc) != (q->rv32 ? 8 : 16)) {
                    perr(err, e->lines, "bad pc line", line);
                    rc = -1;
                    break;
                }
                q->in_dump = 1;
                continue;
            }
        } else {
            if (!strncmp(p, "RAX=", 4)) {
                memset(&q->cur, 0, sizeof q->cur);
                q->in_dump = 1;
            }
            if (q->in_dump && (!strncmp(p, "RAX=", 4) || !strncmp(p, "RSI=", 4) ||
                               !strncmp(p, "R8 =", 4) || !strncmp(p, "R12=", 4) ||
                               !strncmp(p, "RIP=", 4))) {
                rc = q_dump_line(q, e, line, err);
                if (rc == 0 && !strncmp(p, "RIP=", 4))
                    rc = q_dump_end(q, e, err);
                continue;
            }
            /* segment, descriptor, control and debug register lines */
            if (p[0] >= 'A' && p[0] <= 'Z' && strchr(p, '=') && strchr(p, '=') - p <= 4)
                continue;
        }
        if (!strncmp(p, "0x", 2)) {
            rc = q_insn_line(q, e, line, err);
            continue;
        }
        if (p[0] == '\n' || !strncmp(p, "----------------", 16) || !strncmp(p, "IN:", 3))
            continue;
        perr(err, e->lines, "unexpected qemu log line", line);
        rc = -1;
    }
    free(line);
    return rc;
}

/* ------------------------------------------------------------------ command */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: hwprof record --kind K [options] -o OUT -- PROGRAM [ARGS...]\n"
            "Runs PROGRAM (unmodified) under valgrind's lackey or qemu user mode, parses\n"
            "the tool's log on the fly through a pipe and writes a trace (docs/record.md).\n"
            "\n"
            "kinds:\n"
            "  bb      basic-block leader pcs (tuple1)               lackey, qemu\n"
            "  edge    <branch pc, target> of taken transfers (tuple2) lackey, qemu\n"
            "  ldaddr  <load pc, load address> (tuple2)               lackey, qemu (RISC-V)\n"
            "  ldval   <load pc, loaded value> (tuple2)               qemu (RISC-V, x86-64 movs)\n"
            "  retire  retire records (RISC-V)                        qemu (RISC-V)\n"
            "\n"
            "options:\n"
            "  -k, --kind K        one of the kinds above (required)\n"
            "  -t, --tool T        lackey | qemu (default: lackey for bb/edge/ldaddr,\n"
            "                      qemu for ldval/retire); qemu-riscv64, -riscv32 or\n"
            "                      -x86_64 is chosen from PROGRAM's ELF machine and class\n"
            "  -o, --output OUT    output trace ('-' = stdout; the program's stdout then\n"
            "                      goes to stderr)\n"
            "  -n, --max N         stop after N records (the program is terminated)\n"
            "  -s, --skip N        drop the first N records (e.g. the dynamic loader)\n"
            "  -z, --compress      zstd-compress the body\n"
            "      --text          write the text form\n"
            "      --tool-path P   run this valgrind / qemu binary instead of the default\n"
            "      --fpu           RISC-V: also log the f registers, so that flw/fld and\n"
            "                      FP results get values (about 1.7x slower)\n"
            "  -h, --help          this help\n"
            "\n"
            "The tool's log never touches the disk. A summary line goes to stderr; the\n"
            "progress line too when stderr is a terminal or HWPROF_PROGRESS=1.\n"
            "exit status: 0 ok, 1 failure (program or tool missing, tool crashed, log\n"
            "parse error), 2 usage.\n");
}

int hwp_cmd_record(int argc, char **argv)
{
    static const struct option opts[] = {
        {"kind", required_argument, NULL, 'k'},   {"tool", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'}, {"max", required_argument, NULL, 'n'},
        {"skip", required_argument, NULL, 's'},   {"compress", no_argument, NULL, 'z'},
        {"text", no_argument, NULL, 'T'},         {"tool-path", required_argument, NULL, 'P'},
        {"fpu", no_argument, NULL, 'F'},          {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int kind = -1, tool = RT_AUTO, compress = 0, text = 0, fpu = 0;
    const char *out = NULL, *tool_path = NULL;
    unsigned long long max = 0, skip = 0;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+k:t:o:n:s:zh", opts, NULL)) != -1) {
        switch (c) {
        case 'k':
            kind = -1;
            for (int i = 0; i < 5; i++)
                if (!strcmp(optarg, rkind_names[i]))
                    kind = i;
            if (kind < 0) {
                fprintf(stderr, "hwprof %s: --kind '%s': expected bb, edge, ldaddr, ldval or retire\n",
                        CMD, optarg);
                return 2;
            }
            break;
        case 't':
            if (!strcmp(optarg, "lackey")) tool = RT_LACKEY;
            else if (!strcmp(optarg, "qemu")) tool = RT_QEMU;
            else {
                fprintf(stderr, "hwprof %s: --tool '%s': expected lackey or qemu\n", CMD, optarg);
                return 2;
            }
            break;
        case 'o': out = optarg; break;
        case 'n':
            if (hwp_cli_uint(CMD, "max", optarg, 1, UINT64_MAX, &max) != 0)
                return 2;
            break;
        case 's':
            if (hwp_cli_uint(CMD, "skip", optarg, 0, UINT64_MAX, &skip) != 0)
                return 2;
            break;
        case 'z': compress = 1; break;
        case 'T': text = 1; break;
        case 'P': tool_path = optarg; break;
        case 'F': fpu = 1; break;
        case 'h': usage(stdout); return 0;
        default:
            fprintf(stderr, "hwprof %s: unknown or incomplete option '%s' (see --help)\n", CMD,
                    argv[optind - 1]);
            return 2;
        }
    }
    if (kind < 0 || !out || optind >= argc) {
        fprintf(stderr, "hwprof %s: %s (see --help)\n", CMD,
                kind < 0 ? "--kind is required" : !out ? "-o OUT is required"
                                                       : "no program given after --");
        return 2;
    }
    if (compress && text) {
        fprintf(stderr, "hwprof %s: --compress and --text exclude each other\n", CMD);
        return 2;
    }
    if (fpu && tool == RT_LACKEY) {
        fprintf(stderr, "hwprof %s: --fpu needs --tool qemu\n", CMD);
        return 2;
    }
    if (tool == RT_AUTO)
        tool = kind <= RK_LDADDR ? RT_LACKEY : RT_QEMU;
    if (tool == RT_LACKEY && kind > RK_LDADDR) {
        fprintf(stderr, "hwprof %s: --kind %s needs --tool qemu (lackey logs no values)\n", CMD,
                rkind_names[kind]);
        return 2;
    }

    char **pargv = argv + optind;
    char *prog = find_exe(pargv[0]);
    if (!prog) {
        fprintf(stderr, "hwprof %s: program not found or not executable: %s\n", CMD, pargv[0]);
        return 1;
    }
    int isa = HWP_ISA_NONE, is32 = 0;
    const char *deftool = "valgrind";
    if (tool == RT_QEMU) {
        int m = elf_machine(prog, &is32);
        if (m == EM_RISCV_) {
            isa = HWP_ISA_RISCV64;
            deftool = is32 ? "qemu-riscv32" : "qemu-riscv64";
            if (is32 && fpu) {
                fprintf(stderr, "hwprof %s: --fpu is for 64-bit RISC-V programs\n", CMD);
                free(prog);
                return 2;
            }
        } else if (m == EM_X86_64_) {
            isa = HWP_ISA_X86_64;
            deftool = "qemu-x86_64";
        } else {
            fprintf(stderr, "hwprof %s: %s: --tool qemu needs a RISC-V or x86-64 ELF executable%s\n",
                    CMD, prog, m == 0 ? " (this is not an ELF file)" : "");
            free(prog);
            return 1;
        }
        if (isa == HWP_ISA_X86_64 && fpu) {
            fprintf(stderr, "hwprof %s: --fpu is for RISC-V programs\n", CMD);
            free(prog);
            return 2;
        }
        if (isa == HWP_ISA_X86_64 && (kind == RK_RETIRE || kind == RK_LDADDR)) {
            fprintf(stderr, "hwprof %s: --kind %s with qemu needs a RISC-V program (x86-64: use "
                            "--tool lackey for ldaddr; retire is RISC-V only)\n",
                    CMD, rkind_names[kind]);
            free(prog);
            return 2;
        }
    }
    char *toolexe = find_exe(tool_path ? tool_path : deftool);
    if (!toolexe) {
        fprintf(stderr, "hwprof %s: tool missing: %s not found (install it with `make deps`)\n",
                CMD, tool_path ? tool_path : deftool);
        free(prog);
        return 1;
    }

    /* child argv */
    int na = argc - optind;
    char **cargv = calloc((size_t)na + 16, sizeof *cargv);
    if (!cargv) {
        free(prog);
        free(toolexe);
        return 1;
    }
    int k = 0;
    char logarg[32];
    cargv[k++] = toolexe;
    if (tool == RT_LACKEY) {
        snprintf(logarg, sizeof logarg, "--log-fd=%d", LOG_FD);
        cargv[k++] = "--tool=lackey";
        cargv[k++] = "--trace-mem=yes";
        cargv[k++] = logarg;
    } else {
        snprintf(logarg, sizeof logarg, "/dev/fd/%d", LOG_FD);
        /* fixed guest randomness (AT_RANDOM, getrandom) so runs repeat */
        cargv[k++] = "-seed";
        cargv[k++] = "1";
        cargv[k++] = "-singlestep";
        cargv[k++] = "-d";
        cargv[k++] = fpu ? "in_asm,cpu,fpu,nochain" : "in_asm,cpu,nochain";
        cargv[k++] = "-D";
        cargv[k++] = logarg;
    }
    cargv[k++] = prog;
    for (int i = 1; i < na; i++)
        cargv[k++] = pargv[i];
    cargv[k] = NULL;

    hwp_trace_info info;
    memset(&info, 0, sizeof info);
    info.kind = kind == RK_BB ? HWP_KIND_TUPLE1 : kind == RK_RETIRE ? HWP_KIND_RETIRE : HWP_KIND_TUPLE2;
    info.width0 = 64;
    info.width1 = kind == RK_BB ? 0 : kind == RK_RETIRE ? 0 : 64;
    info.isa = kind == RK_RETIRE ? isa : HWP_ISA_NONE;
    info.compressed = compress;
    info.text = text;
    info.count = HWP_COUNT_UNKNOWN;

    emitter em;
    memset(&em, 0, sizeof em);
    em.kind = kind;
    em.max = max;
    em.skip = skip;
    hwp_err err;
    memset(&err, 0, sizeof err);
    if (hwp_writer_open(&em.w, out, &info, &err) != 0) {
        fprintf(stderr, "hwprof %s: %s\n", CMD, err.msg);
        free(cargv);
        free(prog);
        free(toolexe);
        return 1;
    }

    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    child ch;
    int rc = 0;
    qstate q;
    memset(&q, 0, sizeof q);
    q.isa = isa;
    q.rv32 = isa == HWP_ISA_RISCV64 && is32;
    q.fpu = fpu;
    if (spawn(&ch, cargv, strcmp(out, "-") == 0) != 0) {
        rc = 1;
    } else {
        int prc = tool == RT_LACKEY ? parse_lackey(&em, ch.log, &err)
                                    : parse_qemu(&q, &em, ch.log, &err);
        int stop = prc != 0 || em.stop;
        int st = finish(&ch, stop);
        hwp_progress_done();
        if (prc != 0) {
            fprintf(stderr, "hwprof %s: %s: %s\n", CMD, tool == RT_LACKEY ? "lackey" : deftool,
                    err.msg);
            rc = 1;
        } else if (!stop) {
            if (WIFSIGNALED(st)) {
                fprintf(stderr, "hwprof %s: %s (running the program) was killed by signal %d (%s) after %llu log "
                                "lines\n",
                        CMD, cargv[0], WTERMSIG(st), strsignal(WTERMSIG(st)),
                        (unsigned long long)em.lines);
                rc = 1;
            } else if (WIFEXITED(st) && WEXITSTATUS(st) != 0) {
                if (em.insns == 0) {
                    fprintf(stderr, "hwprof %s: %s exited with status %d before running any "
                                    "instruction\n",
                            CMD, cargv[0], WEXITSTATUS(st));
                    rc = 1;
                } else {
                    fprintf(stderr, "hwprof %s: note: the program exited with status %d\n", CMD,
                            WEXITSTATUS(st));
                }
            } else if (em.insns == 0) {
                fprintf(stderr, "hwprof %s: the log held no instructions (%llu lines)\n", CMD,
                        (unsigned long long)em.lines);
                rc = 1;
            }
        }
    }
    signal(SIGPIPE, old_pipe);
    if (hwp_writer_close(em.w, &err) != 0) {
        fprintf(stderr, "hwprof %s: %s\n", CMD, err.msg);
        rc = 1;
    }
    if (rc == 0) {
        fprintf(stderr,
                "hwprof %s: %llu %s records to %s (skipped %llu%s); %llu instructions, %llu loads",
                CMD, (unsigned long long)em.written, rkind_names[kind], out,
                (unsigned long long)(em.produced - em.written), em.stop ? ", stopped at --max" : "",
                (unsigned long long)em.insns, (unsigned long long)em.loads);
        if (em.load_noval)
            fprintf(stderr, ", %llu loads without a value (x0/fp destination or interrupted)",
                    (unsigned long long)em.load_noval);
        if (em.undecoded)
            fprintf(stderr, ", %llu undecoded instructions", (unsigned long long)em.undecoded);
        if (em.nonseq_other)
            fprintf(stderr, ", %llu non-control instructions followed by a jump (signals)",
                    (unsigned long long)em.nonseq_other);
        fprintf(stderr, "\n");
    } else if (strcmp(out, "-") != 0) {
        unlink(out);
    }
    free(q.ic.t);
    free(cargv);
    free(prog);
    free(toolexe);
    return rc;
}
