/* SPDX-License-Identifier: Apache-2.0
 *
 * Engine pfp: selective instruction dispatch and the decode-stage profile
 * flag predictor of Vaswani, Srikant and Thazhuthaveetil, "Architectural
 * Support for Online Program Instrumentation" (sections III-V), inside a
 * trace-driven front end (fetch, fetch queue, decode).
 *
 * The cycle model (pfp_step) mirrors rtl/pfp/hwp_pfp.v clock by clock. Its
 * input is the instrumented dynamic instruction stream (one record per
 * instruction on the committed path, docs/pfp.md); the records fill a window
 * buffer and the front end advances one front-end cycle ("go") whenever the
 * records it may look at are present, so the front-end figures do not depend
 * on the input timing. The ISA extension (custom opcodes) is in
 * docs/pfp-isa.md; pfp_kind() is its decoder and pfp_enc_*() its encoder.
 */
#ifndef HWP_PFP_H
#define HWP_PFP_H

#include <stddef.h>
#include <stdint.h>

#include "arrays.h"
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- ISA */
#define PFP_OPC_PI 0x0bu   /* custom-0: profile ALU/memory ops and the PCIs */
#define PFP_OPC_LUIB 0x2bu /* custom-1: lui/b */
#define PFP_OPC_JALB 0x5bu /* custom-2: jal/b */

/* custom-0 funct3 */
enum pfp_f3 {
    PFP_F3_ADD = 0, /* add/b  rd, rs1, rs2 (R-type) */
    PFP_F3_ADDI = 1, /* addi/b rd, rs1, imm (mov/b = addi/b rd, rs1, 0) */
    PFP_F3_LW = 2,  /* lw/b   rd, imm(rs1) */
    PFP_F3_LD = 3,  /* ld/b   rd, imm(rs1) */
    PFP_F3_SW = 4,  /* sw/b   rs2, imm(rs1) (S-type) */
    PFP_F3_SD = 5,  /* sd/b   rs2, imm(rs1) */
    PFP_F3_PCI = 7  /* profile control: funct7 selects */
};
/* funct7 of the PCIs */
enum pfp_pci { PFP_PCI_SET = 0, PFP_PCI_RESET = 1, PFP_PCI_PUSH = 2, PFP_PCI_POP = 3 };

/* Front-end kind of one instruction (4 bits in the RTL). */
enum pfp_kind {
    PFP_K_ORD = 0,   /* ordinary, not a control transfer */
    PFP_K_BR = 1,    /* ordinary conditional branch */
    PFP_K_JMP = 2,   /* ordinary unconditional transfer (jump, call, return, indirect) */
    PFP_K_PI = 3,    /* profile instruction */
    PFP_K_PIJ = 4,   /* profile control transfer (jal/b) */
    PFP_K_SET = 5,   /* setpf */
    PFP_K_RESET = 6, /* resetpf */
    PFP_K_PUSH = 7,  /* pushpf */
    PFP_K_POP = 8    /* poppf */
};

/* Kind from the instruction word, its trace class (enum hwp_class) and
 * whether it is a compressed (2-byte) instruction. */
int pfp_kind(uint32_t insn, int cls, int len2);
static inline int pfp_kind_is_pi(int k) { return k == PFP_K_PI || k == PFP_K_PIJ; }

uint32_t pfp_enc_r(unsigned f3, unsigned rd, unsigned rs1, unsigned rs2); /* add/b */
uint32_t pfp_enc_i(unsigned f3, unsigned rd, unsigned rs1, int32_t imm);  /* addi/b, lw/b, ld/b */
uint32_t pfp_enc_s(unsigned f3, unsigned rs1, unsigned rs2, int32_t imm); /* sw/b, sd/b */
uint32_t pfp_enc_luib(unsigned rd, uint32_t imm20);
uint32_t pfp_enc_jalb(unsigned rd, int32_t off); /* off: byte offset, even */
uint32_t pfp_enc_pci(unsigned op, unsigned rs1);  /* setpf .. poppf; rs1 = stack pointer */

/* ---------------------------------------------------------------- model */
typedef struct pfp_params {
    int fetch_w;   /* FETCH_W: instructions fetched per cycle, 1..8 */
    int dec_w;     /* DEC_W: instructions decoded per cycle, 1..8 */
    int fq;        /* FQ: fetch queue entries (fetched, not decoded), 1..255 */
    int win_bits;  /* WIN_BITS: log2 of the record window, 4..10 */
    int set_bits;  /* SET_BITS: log2 of the block descriptor table sets, 1..10 (2 ways) */
    int min_len;   /* MIN_LEN: shortest profile block that is skipped, 1..64 */
    int skip_bits; /* SKIP_BITS: longest skip = 2^SKIP_BITS - 1 instructions after the leader */
    int br_pen;    /* BR_PEN: extra cycles to resolve a mispredicted conditional branch, 0..15 */
    int pc_w;      /* PC_W: stored address bits, 16..64 */
    int cnt_w;     /* CNT_W: statistics counter bits, 8..64 */
} pfp_params;

/* FETCH_W 4, DEC_W 4, FQ 32, WIN_BITS 6, SET_BITS 6 (2 x 64), MIN_LEN 4,
 * SKIP_BITS 4, BR_PEN 3, PC_W 32, CNT_W 32. */
void pfp_params_default(pfp_params *p);
int pfp_params_check(const pfp_params *p, char *msg, size_t n);
/* Records the front end may look at beyond the fetch pointer. */
int pfp_look(const pfp_params *p);

typedef struct pfp_went {
    uint64_t pc;
    uint8_t kind, taken, val, bwd; /* input fields; bwd: backward conditional branch */
    uint8_t sk, mp;                /* written at fetch: skip leader, mispredicted at fetch */
    uint16_t n;                    /* written at fetch: instructions skipped after the leader */
} pfp_went;

typedef struct pfp_bdt {
    uint8_t v, pred, lock;
    uint64_t tag, follow;
} pfp_bdt;

/* Statistics (CNT_W-bit wrap-around counters in the RTL). */
enum pfp_stat {
    PFP_S_CYCLES = 0,   /* front-end cycles (go) until the stream is decoded */
    PFP_S_FETCHED,      /* instructions fetched (incl. later squashed ones) */
    PFP_S_FETCHED_PI,   /* profile instructions fetched */
    PFP_S_FETCH_CYC,    /* cycles that fetched at least one instruction */
    PFP_S_DECODED,      /* instructions decoded (decode slots used) */
    PFP_S_DISP,         /* instructions dispatched */
    PFP_S_DISP_PI,      /* profile instructions dispatched */
    PFP_S_IGNORED_PI,   /* profile instructions decoded and dropped */
    PFP_S_SKIP_BLK,     /* profile blocks skipped (correctly) */
    PFP_S_SKIP_INS,     /* instructions not fetched thanks to a correct skip */
    PFP_S_PFP_MISP,     /* profile flag mispredictions (skip with the flag on) */
    PFP_S_SKIPS,        /* skips started at fetch (redirects to a block follow) */
    PFP_S_MISFETCH,     /* profile mis-fetches (predicted-taken jal/b dropped) */
    PFP_S_BR_MISP,      /* conditional branch mispredictions */
    PFP_S_JMP_LATE,     /* other redirects at decode (jal/b taken but predicted not) */
    PFP_S_POP_STALL,    /* decode groups ended by a poppf (B.3) */
    PFP_S_DISP_STALL,   /* cycles decode was held by dispatch backpressure */
    PFP_S_FWAIT_CYC,    /* cycles fetch waited for a redirect (wrong path) */
    PFP_S_BDT_ALLOC,    /* block descriptor allocations */
    PFP_S_N
};
const char *pfp_stat_name(int s);

#define PFP_MAX_W 8 /* largest FETCH_W and DEC_W */

typedef struct pfp_in {
    int in_valid;
    uint64_t pc;
    uint32_t insn;
    int cls;      /* enum hwp_class */
    int taken;    /* control transfer taken on the committed path */
    int val;      /* poppf: the popped flag value */
    int len2;     /* compressed instruction */
    int eos;      /* every record has been accepted */
    int disp_ready; /* the back end accepts dispatched instructions this cycle */
    int pfp_en;   /* profile flag prediction enabled (skipping) */
} pfp_in;

typedef struct pfp_out {
    int in_ready;
    int go;          /* the front end advanced this cycle */
    int disp_n;      /* instructions dispatched this cycle */
    int disp_pi_n;   /* of which profile instructions */
    uint64_t disp_pc; /* pc of the first one dispatched (0 if none) */
    /* every instruction dispatched this cycle, in order (slots 0..disp_n-1;
     * the rest 0): its pc and kind (enum pfp_kind), as passed to on_disp */
    uint64_t disp_pcs[PFP_MAX_W];
    int disp_kinds[PFP_MAX_W];
    int done;        /* eos and everything decoded */
    int bdt_write;   /* the block descriptor table is written at this edge */
} pfp_out;

/* Called for every dispatched instruction, in order (optional). */
typedef void (*pfp_disp_fn)(void *ctx, uint64_t pc, int kind);

/* dispatch_hash (hwprof run, the board's DHASH record): a 64-bit FNV-1a-style
 * hash over every dispatched instruction in order, h = (h ^ (pc * 16 + kind))
 * * 0x100000001b3 mod 2^64 from PFP_DH_INIT (rtl/pfp/hwp_pfp_dhash.v). */
#define PFP_DH_INIT 0xcbf29ce484222325ull
static inline uint64_t pfp_dh_step(uint64_t h, uint64_t pc, int kind)
{
    return (h ^ (pc * 16u + (uint64_t)kind)) * 0x100000001b3ull;
}

/* A descriptor update handed from decode to the table update pipeline: the
 * leader and, per decode slot, whether it held a profile instruction of the
 * block, its pc and the flag it saw. */
typedef struct pfp_upd {
    int v;
    uint64_t L;
    uint8_t sv[PFP_MAX_W], flag[PFP_MAX_W];
    uint64_t pc[PFP_MAX_W];
} pfp_upd;

typedef struct pfp {
    pfp_params p;
    int W, look;
    uint64_t pcm, ptrm, cntm;
    hwp_arrays mem; /* win, bdt, lru */
    pfp_went *win;
    pfp_bdt *bdt;       /* [set * 2 + way] */
    uint8_t *lru;       /* way to replace next, per set */
    /* pointers (WIN_BITS+1 bits) */
    uint32_t hd, fp, tl;
    uint32_t fq_n;
    int flag, pbit, last_pi, fwait, res_cnt, chk;
    /* a squash decoded last cycle: this cycle fetch and decode wait and the
     * fetch side is redirected behind the leader (decode pointer) */
    int sq;
    /* decode buffer: bit j set when the record at hd + j is in decode's
     * registered slot j (it was fetched before the cycle that loaded it);
     * decode takes only slots with their bit set */
    uint32_t dv;
    /* fetch's window-space rule fp - hd + LOOK <= W, set at each front-end
     * edge from the next fetch pointer and the decode pointer before it */
    int rok;
    int lar_v;
    uint64_t lar;
    /* predictor lookup stage (between fetch and the skip decision): lk_st 0
     * idle, 1 candidate latched (its descriptor is read this cycle), 2 result
     * ready for the candidate at the fetch pointer */
    int lk_st;
    uint64_t lk_pc;
    int lk_ok;       /* hit, unlocked, predicted off, MIN_LEN..2^SKIP_BITS long */
    uint32_t lk_n;   /* instructions after the leader to skip (length - 1) */
    /* the descriptor update pipeline: the update decode hands over (read
     * stage), and the one the write-back stage applies this cycle, handed
     * over two cycles ago */
    pfp_upd wb_rd, wb_ap;
    uint64_t stat[PFP_S_N];
    uint64_t sinc[PFP_S_N]; /* the last front-end cycle's increments, added at the next edge */
    pfp_disp_fn on_disp;
    void *on_disp_ctx;
} pfp;

int pfp_init(pfp *m, const pfp_params *p, char *msg, size_t n);
void pfp_free(pfp *m);
void pfp_reset(pfp *m);
void pfp_step(pfp *m, const pfp_in *in, pfp_out *out);

/* Feeds a whole in-memory stream through the model (input always offered,
 * dispatch always ready) until done. Returns 0, or -1 if it did not finish
 * within a bound of cycles (a model bug). */
typedef struct pfp_rec {
    uint64_t pc;
    uint32_t insn;
    uint8_t cls, taken, val, len2;
} pfp_rec;
int pfp_run(pfp *m, const pfp_rec *recs, size_t n, int pfp_en);
/* The stream element of one retire record of a trace (hwp_rec). */
void pfp_rec_of(const hwp_rec *r, pfp_rec *out);

#ifdef __cplusplus
}
#endif
#endif
