/* SPDX-License-Identifier: Apache-2.0
 *
 * Shared hash unit of the hashed counter tables (Narayanasamy et al. section
 * 5, after Sastry et al.): for a 2-tuple <a, b> and function f,
 *
 *   index_f = xorfold(flip(randomize_f(a)) ^ randomize_f(b), BITS)
 *
 * randomize_f replaces each byte of a W-bit value with T_f[byte], an entry of
 * a 256-entry table of 8-bit random numbers; flip reverses the W/8 bytes;
 * xorfold splits a W-bit value into BITS-wide chunks from bit 0 up and xors
 * them. N independent functions use N tables, all generated from one seed by
 * hwp_hash_entry(), which rtl/common/hwp_hash.v computes with the identical
 * constant function. The cycle model hwp_hashu_* adds the RTL pipeline's
 * latency and stall rule.
 */
#ifndef HWP_HASH_H
#define HWP_HASH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HWP_HASH_MAX_FUNCS 16

/* Entry `byte` of the random table of function `func` for `seed`:
 *   h = seed*0x9E3779B1 + (func+1)*0x85EBCA77 + byte*0xC2B2AE3D  (mod 2^32)
 *   h ^= h>>16; h *= 0x85EBCA6B; h ^= h>>13; h *= 0xC2B2AE35; h ^= h>>16
 *   entry = h & 0xff */
uint8_t hwp_hash_entry(uint32_t seed, int func, int byte);

typedef struct hwp_hash {
    int nfunc;   /* 1..16 */
    int width;   /* tuple field width in bits: 8..64, a multiple of 8 */
    int bits;    /* index bits: 1..24 */
    uint32_t seed;
    uint8_t table[HWP_HASH_MAX_FUNCS][256];
} hwp_hash;

/* Returns 0, or -1 with msg (>= 128 bytes) filled for out-of-range values. */
int hwp_hash_init(hwp_hash *h, int nfunc, int width, int bits, uint32_t seed, char *msg);
uint64_t hwp_hash_randomize(const hwp_hash *h, int func, uint64_t v);
uint64_t hwp_hash_flip(const hwp_hash *h, uint64_t v);
uint32_t hwp_hash_xorfold(const hwp_hash *h, uint64_t v);
/* index of function func for <a, b> (a and b masked to the width first) */
uint32_t hwp_hash_index(const hwp_hash *h, int func, uint64_t a, uint64_t b);

/* ---- cycle model of rtl/common/hwp_hash.v: the functional index behind a
 * valid/ready pipeline of 2 stages (ROM read, fold) or 3 (OREG = 1: ROM read,
 * ROM output register, fold). Only the latency and the stall rule are
 * modelled: a stage takes a tuple when it is empty or its own tuple moves
 * on, the last stage's tuple moves on when out_ready is high, and the index
 * leaving the last stage is hwp_hash_index() of the tuple it holds. */
#define HWP_HASHU_MAX_STAGES 3

typedef struct hwp_hashu_in {
    int in_valid;
    uint64_t in_a, in_b;
    uint32_t in_tag;
    int out_ready;
} hwp_hashu_in;

typedef struct hwp_hashu_out {
    int in_ready;
    int out_valid;
    uint32_t out_idx[HWP_HASH_MAX_FUNCS];
    uint64_t out_a, out_b;
    uint32_t out_tag;
} hwp_hashu_out;

typedef struct hwp_hashu_slot {
    int valid;
    uint64_t a, b;
    uint32_t tag;
} hwp_hashu_slot;

typedef struct hwp_hashu {
    hwp_hash h;
    int tag_bits;
    int stages;                                /* 2 + oreg */
    hwp_hashu_slot st[HWP_HASHU_MAX_STAGES];   /* st[stages - 1]: the output stage */
} hwp_hashu;

/* oreg: 1 for the RTL's OREG = 1 (3 stages), 0 for 2 stages. */
int hwp_hashu_init(hwp_hashu *u, int nfunc, int width, int bits, uint32_t seed, int tag_bits,
                   int oreg, char *msg);
void hwp_hashu_reset(hwp_hashu *u);
void hwp_hashu_step(hwp_hashu *u, const hwp_hashu_in *in, hwp_hashu_out *out);
/* the output stage (valid, tuple, tag) and whether any stage holds a tuple */
const hwp_hashu_slot *hwp_hashu_head(const hwp_hashu *u);
int hwp_hashu_busy(const hwp_hashu *u);

#ifdef __cplusplus
}
#endif
#endif
