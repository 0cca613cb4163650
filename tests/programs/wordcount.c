/* SPDX-License-Identifier: Apache-2.0
 * Word count: tokenizes generated text and counts words in a chained hash
 * map (FNV-1a), then finds the ten most frequent words. */
#include "common.h"
#include <stdlib.h>
#include <string.h>

#define TEXT_N (20 * 1024)
#define NB 256

struct node { struct node *next; const char *w; unsigned len, count; };
static char text[TEXT_N];
static struct node *bucket[NB];
static struct node pool[4096];
static unsigned npool;

static uint32_t fnv(const char *p, unsigned n)
{
    uint32_t h = 2166136261u;
    while (n--) { h ^= (unsigned char)*p++; h *= 16777619u; }
    return h;
}

static void add(const char *w, unsigned n)
{
    uint32_t h = fnv(w, n) % NB;
    for (struct node *e = bucket[h]; e; e = e->next)
        if (e->len == n && memcmp(e->w, w, n) == 0) { e->count++; return; }
    if (npool == sizeof pool / sizeof pool[0]) return;
    struct node *e = &pool[npool++];
    e->w = w; e->len = n; e->count = 1; e->next = bucket[h]; bucket[h] = e;
}

int main(void)
{
    size_t n = gen_text(text, sizeof text, 99);
    size_t i = 0;
    while (i < n) {
        while (i < n && (text[i] == ' ' || text[i] == '\n')) i++;
        size_t st = i;
        while (i < n && text[i] != ' ' && text[i] != '\n') i++;
        if (i > st) add(text + st, (unsigned)(i - st));
    }
    unsigned top[10] = {0}, total = 0;
    for (unsigned b = 0; b < NB; b++)
        for (struct node *e = bucket[b]; e; e = e->next) {
            total += e->count;
            for (int k = 0; k < 10; k++)
                if (e->count > top[k]) {
                    memmove(top + k + 1, top + k, (9 - (size_t)k) * sizeof top[0]);
                    top[k] = e->count;
                    break;
                }
        }
    return total > 0 && top[0] >= top[9] ? 0 : 1;
}
