/* SPDX-License-Identifier: Apache-2.0
 *
 * Shared hash unit: functional model and cycle model (see hash.h).
 */
#include "hash.h"

#include <stdio.h>
#include <string.h>

#include "trace.h"

uint8_t hwp_hash_entry(uint32_t seed, int func, int byte)
{
    uint32_t h = seed * 0x9E3779B1u + (uint32_t)(func + 1) * 0x85EBCA77u +
                 (uint32_t)byte * 0xC2B2AE3Du;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return (uint8_t)(h & 0xffu);
}

int hwp_hash_init(hwp_hash *h, int nfunc, int width, int bits, uint32_t seed, char *msg)
{
    if (nfunc < 1 || nfunc > HWP_HASH_MAX_FUNCS) {
        snprintf(msg, 128, "hash functions %d outside 1..%d", nfunc, HWP_HASH_MAX_FUNCS);
        return -1;
    }
    if (width < 8 || width > 64 || width % 8) {
        snprintf(msg, 128, "tuple width %d is not a multiple of 8 in 8..64", width);
        return -1;
    }
    if (bits < 1 || bits > 24 || bits > width) {
        snprintf(msg, 128, "index bits %d outside 1..min(24, width)", bits);
        return -1;
    }
    memset(h, 0, sizeof *h);
    h->nfunc = nfunc;
    h->width = width;
    h->bits = bits;
    h->seed = seed;
    for (int f = 0; f < nfunc; f++)
        for (int i = 0; i < 256; i++) h->table[f][i] = hwp_hash_entry(seed, f, i);
    return 0;
}

uint64_t hwp_hash_randomize(const hwp_hash *h, int func, uint64_t v)
{
    uint64_t r = 0;
    for (int i = 0; i < h->width / 8; i++)
        r |= (uint64_t)h->table[func][(v >> (8 * i)) & 0xff] << (8 * i);
    return r;
}

uint64_t hwp_hash_flip(const hwp_hash *h, uint64_t v)
{
    uint64_t r = 0;
    int n = h->width / 8;
    for (int i = 0; i < n; i++) r |= ((v >> (8 * i)) & 0xff) << (8 * (n - 1 - i));
    return r;
}

uint32_t hwp_hash_xorfold(const hwp_hash *h, uint64_t v)
{
    uint32_t r = 0;
    v &= hwp_mask(h->width);
    for (int s = 0; s < h->width; s += h->bits) r ^= (uint32_t)((v >> s) & hwp_mask(h->bits));
    return r;
}

uint32_t hwp_hash_index(const hwp_hash *h, int func, uint64_t a, uint64_t b)
{
    uint64_t m = hwp_mask(h->width);
    uint64_t ra = hwp_hash_randomize(h, func, a & m);
    uint64_t rb = hwp_hash_randomize(h, func, b & m);
    return hwp_hash_xorfold(h, hwp_hash_flip(h, ra) ^ rb);
}

/* ------------------------------------------------------------ cycle model */

int hwp_hashu_init(hwp_hashu *u, int nfunc, int width, int bits, uint32_t seed, int tag_bits,
                   int oreg, char *msg)
{
    memset(u, 0, sizeof *u);
    if (tag_bits < 1 || tag_bits > 32) {
        snprintf(msg, 128, "tag bits %d outside 1..32", tag_bits);
        return -1;
    }
    if (oreg != 0 && oreg != 1) {
        snprintf(msg, 128, "OREG %d is neither 0 nor 1", oreg);
        return -1;
    }
    u->tag_bits = tag_bits;
    u->stages = 2 + oreg;
    return hwp_hash_init(&u->h, nfunc, width, bits, seed, msg);
}

void hwp_hashu_reset(hwp_hashu *u)
{
    for (int k = 0; k < HWP_HASHU_MAX_STAGES; k++) u->st[k].valid = 0;
}

const hwp_hashu_slot *hwp_hashu_head(const hwp_hashu *u) { return &u->st[u->stages - 1]; }

int hwp_hashu_busy(const hwp_hashu *u)
{
    for (int k = 0; k < u->stages; k++)
        if (u->st[k].valid) return 1;
    return 0;
}

/* adv[k]: stage k takes a tuple at this clock (it is empty or its tuple moves
 * on); adv[stages] = out_ready. The RTL's ROM read enable is adv[0] and its
 * output register enable adv[1], so a stalled stage holds its data; in_ready
 * = adv[0]. A stage that advances copies its predecessor whole (the RTL's
 * sideband registers load on every advance, valid or not). */
void hwp_hashu_step(hwp_hashu *u, const hwp_hashu_in *in, hwp_hashu_out *out)
{
    const hwp_hash *h = &u->h;
    const int n = u->stages;
    const hwp_hashu_slot *o = &u->st[n - 1];
    uint64_t m = hwp_mask(h->width);
    int adv[HWP_HASHU_MAX_STAGES + 1];

    adv[n] = in->out_ready;
    for (int k = n - 1; k >= 0; k--) adv[k] = !u->st[k].valid || adv[k + 1];

    memset(out, 0, sizeof *out);
    out->in_ready = adv[0];
    out->out_valid = o->valid;
    if (o->valid)
        for (int f = 0; f < h->nfunc; f++) out->out_idx[f] = hwp_hash_index(h, f, o->a, o->b);
    out->out_a = o->a;
    out->out_b = o->b;
    out->out_tag = o->tag;

    for (int k = n - 1; k >= 1; k--)
        if (adv[k]) u->st[k] = u->st[k - 1];
    if (adv[0]) {
        u->st[0].valid = in->in_valid;
        u->st[0].a = in->in_a & m;
        u->st[0].b = in->in_b & m;
        u->st[0].tag = in->in_tag & (uint32_t)hwp_mask(u->tag_bits);
    }
}
