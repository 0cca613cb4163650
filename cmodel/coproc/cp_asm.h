/* SPDX-License-Identifier: Apache-2.0
 *
 * Assembler and disassembler of the profiling co-processor's microcode
 * (docs/coproc-isa.md). A program assembles to an image: the sorted list of
 * host-port writes (microcode words, registers, class table, filter setup)
 * that loads it. Image file: "HWPCIMG1", u32 count, u32 0, then count x
 * (u32 address, u32 0, u64 data), little-endian.
 */
#ifndef HWP_CP_ASM_H
#define HWP_CP_ASM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cp_write {
    uint32_t addr; /* host address: space << 12 | index */
    uint64_t data;
} cp_write;

typedef struct cp_image {
    cp_write *w;
    size_t n, cap;
    uint32_t uc_len; /* microinstructions (addresses 0..uc_len-1) */
} cp_image;

void cp_image_free(cp_image *img);
/* Assembles src (NUL-terminated); name is used in messages. uc_aw: microcode
 * address bits (program length limit); cam_aw: associative array address
 * bits (defines the symbols SLOTS, SLOTS2, SLOTS3, SLOT_BITS, SLOT_BITS1,
 * THRASH_BITS usable as directive values). Returns 0, or -1 with
 * err = "name:line:col: reason". */
int cp_assemble(const char *src, const char *name, int uc_aw, int cam_aw, cp_image *img,
                char *err, size_t errsz);
/* Writes canonical source text for img. Returns 0 or -1 with err set. */
int cp_disassemble(const cp_image *img, FILE *out, char *err, size_t errsz);
/* Formats one microinstruction (no labels: branch targets as absolute @N). */
void cp_format_insn(uint64_t w, uint32_t upc, char *buf, size_t bufsz);

int cp_image_save(const cp_image *img, const char *path, char *err, size_t errsz);
int cp_image_load(cp_image *img, const char *path, char *err, size_t errsz);
/* Reads a whole file (assembler source); caller frees. NULL + err on failure. */
char *cp_read_file(const char *path, char *err, size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
