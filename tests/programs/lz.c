/* SPDX-License-Identifier: Apache-2.0
 * LZ77-style compressor with a hash-chain match finder (window 4 KiB) over
 * generated text, then a decompressor that checks the round trip. */
#include "common.h"
#include <string.h>

#define IN_N (12 * 1024)
#define WIN 4096
#define HBITS 12
#define MINM 3
#define MAXM 66

static char in[IN_N], back[IN_N];
static unsigned char out[IN_N * 2];
static int head[1 << HBITS], prevp[IN_N];

static unsigned h3(const char *p)
{
    unsigned v = (unsigned char)p[0] | (unsigned char)p[1] << 8 | (unsigned char)p[2] << 16;
    return (v * 2654435761u) >> (32 - HBITS);
}

static size_t compress(const char *src, size_t n, unsigned char *dst)
{
    size_t i = 0, o = 0;
    memset(head, -1, sizeof head);
    while (i < n) {
        int best = 0, boff = 0;
        if (i + MINM <= n) {
            unsigned h = h3(src + i);
            int cand = head[h], steps = 0;
            while (cand >= 0 && (int)i - cand <= WIN && steps++ < 16) {
                int l = 0;
                while (l < MAXM && i + l < n && src[cand + l] == src[i + l])
                    l++;
                if (l > best) { best = l; boff = (int)i - cand; }
                cand = prevp[cand];
            }
            prevp[i] = head[h];
            head[h] = (int)i;
        }
        if (best >= MINM) {
            dst[o++] = (unsigned char)(0x80 | (best - MINM));
            dst[o++] = (unsigned char)(boff >> 8);
            dst[o++] = (unsigned char)boff;
            for (int k = 1; k < best; k++)
                if (i + k + MINM <= n) {
                    unsigned h = h3(src + i + k);
                    prevp[i + k] = head[h];
                    head[h] = (int)(i + k);
                }
            i += (size_t)best;
        } else {
            dst[o++] = (unsigned char)src[i] & 0x7f;
            i++;
        }
    }
    return o;
}

static size_t decompress(const unsigned char *src, size_t n, char *dst)
{
    size_t i = 0, o = 0;
    while (i < n) {
        unsigned c = src[i++];
        if (c & 0x80) {
            int len = (int)(c & 0x7f) + MINM;
            int off = src[i] << 8 | src[i + 1];
            i += 2;
            for (int k = 0; k < len; k++, o++)
                dst[o] = dst[o - (size_t)off];
        } else {
            dst[o++] = (char)c;
        }
    }
    return o;
}

int main(void)
{
    size_t n = gen_text(in, sizeof in, 7);
    size_t c = compress(in, n, out);
    size_t d = decompress(out, c, back);
    return d == n && memcmp(in, back, n) == 0 ? 0 : 1;
}
