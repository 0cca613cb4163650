/* SPDX-License-Identifier: Apache-2.0
 *
 * Structure-aware input for the link fuzz targets. Random bytes almost never
 * carry a valid CRC, so a fuzz input is read as a script of line chunks:
 *   control byte c
 *     c & 0x80: raw bytes, (c & 0x3f) + 1 of them follow and go on the line as they are
 *               (garbage, broken escapes, partial frames)
 *     else:     a packet: type, seq, payload length L (one byte), L payload bytes; it goes
 *               on the line as a correct frame (header, CRC, SLIP), unless c & 0x40, when
 *               one byte of the framed packet (chosen by c & 0x3f) is flipped
 * A chunk cut short by the end of the input is sent as far as it goes.
 */
#ifndef HWP_FUZZ_INPUT_H
#define HWP_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "link/link.h"

typedef struct fz_script {
    const uint8_t *p;
    size_t n, pos;
} fz_script;

/* Next chunk's line bytes into out (HWL_MAX_FRAME bytes); returns the count,
 * 0 at the end of the script. */
static size_t fz_next_chunk(fz_script *s, uint8_t *out)
{
    if (s->pos >= s->n) return 0;
    uint8_t c = s->p[s->pos++];
    if (c & 0x80) {
        size_t k = (size_t)(c & 0x3f) + 1;
        if (k > s->n - s->pos) k = s->n - s->pos;
        memcpy(out, s->p + s->pos, k);
        s->pos += k;
        return k ? k : fz_next_chunk(s, out);
    }
    hwl_pkt pk;
    memset(&pk, 0, sizeof pk);
    size_t left = s->n - s->pos;
    pk.type = left > 0 ? s->p[s->pos] : 0;
    pk.seq = left > 1 ? s->p[s->pos + 1] : 0;
    size_t L = left > 2 ? s->p[s->pos + 2] : 0;
    s->pos += left < 3 ? left : 3;
    if (L > s->n - s->pos) L = s->n - s->pos;
    if (L > HWL_MAX_PAYLOAD) L = HWL_MAX_PAYLOAD;
    memcpy(pk.pl, s->p + s->pos, L);
    s->pos += L;
    pk.len = (uint16_t)L;
    size_t f = hwl_pkt_frame(&pk, out);
    if (c & 0x40) out[1 + (c & 0x3f) % (f - 2)] ^= 0x5a; /* inside the END delimiters */
    return f;
}

#endif
