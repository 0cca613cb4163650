/* SPDX-License-Identifier: Apache-2.0
 * SoC program (docs/soc.md): CRC-32 (IEEE 802.3, reflected 0xEDB88320) of a
 * generated 8 KiB buffer, table-driven and bitwise; they must agree, and
 * the CRC of "123456789" must be the standard check value 0xCBF43926.
 * Exit code 0 when all three hold. */
#include <stdint.h>
#include <stdio.h>

#define N 8192

static uint8_t buf[N];
static uint32_t table[256];

static void make_table(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}

static uint32_t crc_table(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    while (n--)
        c = table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return ~c;
}

static uint32_t crc_bitwise(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    while (n--) {
        c ^= *p++;
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & -(c & 1));
    }
    return ~c;
}

int main(void)
{
    uint32_t x = 12345;
    for (int i = 0; i < N; i++) { /* xorshift32 */
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        buf[i] = (uint8_t)(x >> 24);
    }
    make_table();
    uint32_t check = crc_table((const uint8_t *)"123456789", 9);
    uint32_t a = crc_table(buf, N);
    uint32_t b = crc_bitwise(buf, N);
    printf("crc32 check %08lx, buffer %08lx (table) %08lx (bitwise)\n", (unsigned long)check,
           (unsigned long)a, (unsigned long)b);
    return check == 0xCBF43926u && a == b ? 0 : 1;
}
