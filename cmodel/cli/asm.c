/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof asm: assembler / disassembler of the profiling co-processor's
 * microcode (docs/coproc-isa.md).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "coproc/coproc.h"
#include "coproc/cp_asm.h"

static void asm_usage(FILE *f)
{
    fprintf(f,
            "usage: hwprof asm [options] SOURCE.s -o IMAGE\n"
            "       hwprof asm --disasm IMAGE [-o SOURCE.s]\n"
            "Assembles co-processor microcode (docs/coproc-isa.md) into an image: the\n"
            "sorted list of host-port writes that loads the program. --disasm turns an\n"
            "image back into canonical source; assembling that source again gives a\n"
            "byte-identical image.\n"
            "  -o, --output F     output file ('-' = stdout; default for --disasm)\n"
            "  -d, --disasm       disassemble an image\n"
            "      --uc-aw N      microcode address bits (default 8: 256 words)\n"
            "      --cam-aw N     associative array address bits (default 6: 64 slots);\n"
            "                     sets the symbols SLOTS, SLOT_BITS, ... of the source\n"
            "  -l, --list         with asm: also print the listing (address, word, ops)\n"
            "  -h, --help         this help\n"
            "Errors: FILE:LINE:COLUMN: reason; exit 1. Usage errors exit 2.\n");
}

int hwp_cmd_asm(int argc, char **argv)
{
    static const struct option opts[] = {{"output", required_argument, 0, 'o'},
                                         {"disasm", no_argument, 0, 'd'},
                                         {"uc-aw", required_argument, 0, 'u'},
                                         {"cam-aw", required_argument, 0, 'c'},
                                         {"list", no_argument, 0, 'l'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *out = NULL;
    int dis = 0, list = 0, c;
    unsigned long long ucaw = 8, camaw = 6;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:dlh", opts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'd': dis = 1; break;
        case 'l': list = 1; break;
        case 'u':
            if (hwp_cli_uint("asm", "uc-aw", optarg, 8, 10, &ucaw)) return 2;
            break;
        case 'c':
            if (hwp_cli_uint("asm", "cam-aw", optarg, 2, 7, &camaw)) return 2;
            break;
        case 'h': asm_usage(stdout); return 0;
        default: asm_usage(stderr); return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "hwprof asm: expected exactly one input file\n");
        asm_usage(stderr);
        return 2;
    }
    const char *in = argv[optind];
    char err[600];
    cp_image img;
    if (dis) {
        if (cp_image_load(&img, in, err, sizeof err)) {
            fprintf(stderr, "hwprof asm: %s\n", err);
            return 1;
        }
        FILE *f = (!out || strcmp(out, "-") == 0) ? stdout : fopen(out, "w");
        if (!f) {
            perror(out);
            cp_image_free(&img);
            return 1;
        }
        int rc = cp_disassemble(&img, f, err, sizeof err);
        if (f != stdout && fclose(f) != 0) rc = -1;
        cp_image_free(&img);
        if (rc) {
            fprintf(stderr, "hwprof asm: %s\n", err);
            return 1;
        }
        return 0;
    }
    if (!out) {
        fprintf(stderr, "hwprof asm: -o IMAGE is required\n");
        return 2;
    }
    char *src = cp_read_file(in, err, sizeof err);
    if (!src) {
        fprintf(stderr, "hwprof asm: %s\n", err);
        return 1;
    }
    int rc = cp_assemble(src, in, (int)ucaw, (int)camaw, &img, err, sizeof err);
    free(src);
    if (rc) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    if (list) {
        for (size_t k = 0; k < img.n; k++) {
            if ((img.w[k].addr >> 12) != CP_SP_UC) continue;
            char buf[512];
            cp_format_insn(img.w[k].data, img.w[k].addr & 0xfffu, buf, sizeof buf);
            fprintf(stderr, "%03x  %016llx  %s\n", img.w[k].addr & 0xfffu,
                    (unsigned long long)img.w[k].data, buf);
        }
    }
    if (cp_image_save(&img, out, err, sizeof err)) {
        fprintf(stderr, "hwprof asm: %s\n", err);
        cp_image_free(&img);
        return 1;
    }
    fprintf(stderr, "hwprof asm: %s: %u microinstructions, %zu host writes -> %s\n", in, img.uc_len,
            img.n, out);
    cp_image_free(&img);
    return 0;
}
