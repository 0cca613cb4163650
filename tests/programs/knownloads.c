/* SPDX-License-Identifier: Apache-2.0
 *
 * Known loads: sums tables of distinctive constants through volatile
 * pointers, REPEAT times, in four noinline functions (one per load width).
 * The record checks (tests/checks/record-ldval.sh) read the tables below,
 * find each function's address range with nm, and require that the ldval
 * trace holds exactly these values, in this order, at pcs inside them.
 * Keep every table on one line: the check parses them from this file.
 */
#include <stdint.h>

#define REPEAT 3

static const uint64_t tab64[8] = {0x1111222233334444ull, 0x5555666677778888ull, 0x99990000aaaabbbbull, 0xccccddddeeeeffffull, 0x0123456789abcdefull, 0xfedcba9876543210ull, 0x8000000000000001ull, 0x00000000deadbeefull};
static const int32_t tab32[6] = {-1, 0x7ffffff0, -123456789, 0x13579bdf, -2, 0x00c0ffee};
static const uint8_t tab8[7] = {0x00, 0x7f, 0x80, 0xff, 0x5a, 0xa5, 0x3c};
static const int16_t tab16[5] = {-32768, 32767, -1, 0x1234, -0x4321};

/* SUM(name, T, S): a noinline function `name` returning the sum, in S, of
 * the n values of type T at t; one per load width, so that nm finds each */
#define SUM(name, T, S)                                                                            \
    __attribute__((noinline)) S name(const volatile T *t, int n)                                   \
    {                                                                                              \
        S s = 0;                                                                                   \
        for (int i = 0; i < n; i++)                                                                \
            s += t[i];                                                                             \
        return s;                                                                                  \
    }

SUM(sum64, uint64_t, uint64_t)
SUM(sum32, int32_t, int64_t)
SUM(sum8, uint8_t, uint64_t)
SUM(sum16, int16_t, int64_t)

int main(void)
{
    uint64_t s = 0;
    for (int r = 0; r < REPEAT; r++) {
        s += sum64(tab64, 8);
        s += (uint64_t)sum32(tab32, 6);
        s += sum8(tab8, 7);
        s += (uint64_t)sum16(tab16, 5);
    }
    volatile uint64_t sink = s; /* keep the sums live */
    (void)sink;
    return 0;
}
