/* SPDX-License-Identifier: Apache-2.0
 * SoC program (docs/soc.md): an LZ77 compressor with a hash table of last
 * positions (4-byte hash, greedy matching, window 4 KiB) and its
 * decompressor, on generated text with repeats. Tokens: a literal run
 * (0lllllll + bytes) or a match (1lllllll, 16-bit distance; length 4..131).
 * Exit code 0 when the round trip reproduces the input. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 6000
#define HBITS 12
#define WINDOW 4096
#define MINM 4
#define MAXM (MINM + 127)

static uint8_t in[N], out[N + N / 64 + 16], back[N];
static int32_t head[1 << HBITS];

static const char *const words[] = {"profile", "hardware", "retire", "stream", "sample",
                                    "counter", "hash", "the", "of", "a", "range", "value"};

static unsigned hash4(const uint8_t *p)
{
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return (v * 2654435761u) >> (32 - HBITS);
}

static int flush_lits(uint8_t *o, int op, const uint8_t *lit, int n)
{
    while (n > 0) {
        int k = n > 127 ? 127 : n;
        o[op++] = (uint8_t)k;
        memcpy(o + op, lit, (size_t)k);
        op += k;
        lit += k;
        n -= k;
    }
    return op;
}

static int compress(const uint8_t *s, int n, uint8_t *o)
{
    for (int i = 0; i < (1 << HBITS); i++)
        head[i] = -1;
    int op = 0, lit = 0, i = 0;
    while (i + MINM <= n) {
        unsigned h = hash4(s + i);
        int cand = head[h];
        head[h] = i;
        int len = 0;
        if (cand >= 0 && i - cand <= WINDOW) {
            while (len < MAXM && i + len < n && s[cand + len] == s[i + len])
                len++;
        }
        if (len >= MINM) {
            op = flush_lits(o, op, s + lit, i - lit);
            int d = i - cand;
            o[op++] = (uint8_t)(0x80 | (len - MINM));
            o[op++] = (uint8_t)d;
            o[op++] = (uint8_t)(d >> 8);
            for (int k = 1; k < len && i + k + MINM <= n; k++)
                head[hash4(s + i + k)] = i + k;
            i += len;
            lit = i;
        } else {
            i++;
        }
    }
    return flush_lits(o, op, s + lit, n - lit);
}

static int decompress(const uint8_t *o, int n, uint8_t *d, int cap)
{
    int ip = 0, dp = 0;
    while (ip < n) {
        int t = o[ip++];
        if (t & 0x80) {
            int len = (t & 0x7f) + MINM;
            int dist = o[ip] | o[ip + 1] << 8;
            ip += 2;
            if (dist == 0 || dist > dp || dp + len > cap)
                return -1;
            for (int k = 0; k < len; k++, dp++)
                d[dp] = d[dp - dist];
        } else {
            if (dp + t > cap || ip + t > n)
                return -1;
            memcpy(d + dp, o + ip, (size_t)t);
            ip += t;
            dp += t;
        }
    }
    return dp;
}

int main(void)
{
    uint32_t x = 7;
    int n = 0;
    while (n < N) {
        x = x * 1103515245u + 12345u;
        const char *w = words[(x >> 16) % (sizeof words / sizeof words[0])];
        while (*w && n < N)
            in[n++] = (uint8_t)*w++;
        if (n < N)
            in[n++] = (x >> 8) % 7 == 0 ? '\n' : ' ';
    }
    int c = compress(in, N, out);
    int d = decompress(out, c, back, N);
    int ok = d == N && memcmp(in, back, N) == 0;
    printf("lz: %d bytes -> %d bytes (%d.%d%%), round trip %s\n", N, c, 100 * c / N,
           (1000 * c / N) % 10, ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
