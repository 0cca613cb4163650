/* SPDX-License-Identifier: Apache-2.0
 * Shared helpers for the RISC-V workload programs: a fixed-seed PRNG
 * (xorshift64*) so every run loads the same values, and a text generator. */
#ifndef WORKLOAD_COMMON_H
#define WORKLOAD_COMMON_H
#include <stdint.h>
#include <stddef.h>

static uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545f4914f6cdd1dull;
}

static const char *const vocab[] = {
    "the", "of", "and", "a", "to", "in", "is", "you", "that", "it", "he", "was", "for", "on",
    "are", "as", "with", "his", "they", "at", "be", "this", "have", "from", "or", "one", "had",
    "by", "word", "but", "not", "what", "all", "were", "we", "when", "your", "can", "said",
    "there", "use", "an", "each", "which", "she", "do", "how", "their", "if", "will", "up",
    "other", "about", "out", "many", "then", "them", "these", "so", "some", "her", "would",
    "make", "like", "him", "into", "time", "has", "look", "two", "more", "write", "go", "see",
    "number", "no", "way", "could", "people", "my", "than", "first", "water", "been", "call",
    "who", "oil", "its", "now", "find", "long", "down", "day", "did", "get", "come", "made",
    "may", "part", "profile", "hardware", "sample", "counter", "branch", "cache", "value"};
#define VOCAB_N (sizeof vocab / sizeof vocab[0])

/* Fills buf with n bytes of Zipf-like text (rank r picked with weight ~1/r). */
__attribute__((unused)) static size_t gen_text(char *buf, size_t n, uint64_t seed)
{
    uint64_t s = seed ? seed : 1;
    size_t k = 0;
    while (k + 16 < n) {
        uint64_t r = rng_next(&s);
        /* crude Zipf: take the min of two or three uniform draws */
        size_t a = r % VOCAB_N, b = (r >> 20) % VOCAB_N, c = (r >> 40) % VOCAB_N;
        size_t w = a < b ? a : b;
        if ((r >> 60) & 1)
            w = w < c ? w : c;
        for (const char *p = vocab[w]; *p && k + 1 < n; p++)
            buf[k++] = *p;
        buf[k++] = ((r >> 56) & 15) == 0 ? '\n' : ' ';
    }
    buf[k] = 0;
    return k;
}
#endif
