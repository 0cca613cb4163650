/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for the co-processor assembler (cmodel/coproc/cp_asm.c):
 * any text assembles to an image or fails with a "name:line:col: reason"
 * message. An image that assembles must disassemble, and the disassembly must
 * assemble to the same image (the disassembler writes canonical source).
 *   make fuzz FUZZ_TARGET=cpasm FUZZ_SECONDS=600
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coproc/cp_asm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *src = malloc(size + 1);
    if (!src) return 0;
    memcpy(src, data, size);
    src[size] = 0;
    cp_image img, again;
    memset(&img, 0, sizeof img);
    memset(&again, 0, sizeof again);
    char err[256] = "";
    if (cp_assemble(src, "fuzz", 8, 6, &img, err, sizeof err)) {
        if (strncmp(err, "fuzz:", 5) != 0) __builtin_trap();
        cp_image_free(&img);
        free(src);
        return 0;
    }
    char *text = NULL;
    size_t tn = 0;
    FILE *f = open_memstream(&text, &tn);
    if (!f) __builtin_trap();
    if (cp_disassemble(&img, f, err, sizeof err)) __builtin_trap();
    fclose(f);
    if (cp_assemble(text, "disasm", 8, 6, &again, err, sizeof err)) __builtin_trap();
    if (again.n != img.n || again.uc_len != img.uc_len) __builtin_trap();
    for (size_t i = 0; i < img.n; i++)
        if (again.w[i].addr != img.w[i].addr || again.w[i].data != img.w[i].data) __builtin_trap();
    free(text);
    cp_image_free(&img);
    cp_image_free(&again);
    free(src);
    return 0;
}
