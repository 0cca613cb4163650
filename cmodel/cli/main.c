/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof: the command-line tool. Dispatches to the subcommands; engine
 * subcommands (`run`, `eval`) dispatch again on --engine.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "engine.h"

typedef int (*cmd_fn)(int, char **);

static const struct {
    const char *name;
    cmd_fn fn;
    const char *help;
} cmds[] = {
    {"convert", hwp_cmd_convert, "convert a trace between text and binary (optionally zstd)"},
    {"stats", hwp_cmd_stats, "records, distinct values, top-k with shares, entropy"},
    {"slice", hwp_cmd_slice, "copy a range of records to a new trace"},
    {"gen", hwp_cmd_gen, "generate a synthetic Zipf / uniform / phased trace"},
    {"record", hwp_cmd_record, "record a trace from a real, unmodified program"},
    {"instrument", hwp_cmd_instrument, "instrument a retire trace with profile instructions (pfp)"},
    {"asm", hwp_cmd_asm, "assemble / disassemble profiling co-processor microcode"},
    {"stream", hwp_cmd_stream, "stream a trace to a board over a UART, print its profile"},
    {"run", NULL, "run an engine's C model on a trace and print its profile"},
    {"eval", NULL, "evaluate an engine's profile against the exact profile"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: hwprof <command> [options]   (hwprof <command> --help for details)\n\n"
               "commands:\n");
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        fprintf(f, "  %-8s %s\n", cmds[i].name, cmds[i].help);
    fprintf(f, "\nengines for run/eval:");
    for (int i = 0; i < hwp_n_engines; i++)
        fprintf(f, " %s", hwp_engines[i].name);
    fprintf(f, "\n");
}

/* run/eval: find --engine E (or --engine=E), remove it, dispatch. */
static int engine_cmd(int argc, char **argv, int is_eval)
{
    const char *eng = NULL;
    int out = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--engine") == 0 && i + 1 < argc) {
            eng = argv[++i];
        } else if (strncmp(argv[i], "--engine=", 9) == 0) {
            eng = argv[i] + 9;
        } else {
            argv[out++] = argv[i];
        }
    }
    argv[out] = NULL;
    if (!eng) {
        int help = 0;
        for (int i = 1; i < out; i++)
            if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) help = 1;
        FILE *f = help ? stdout : stderr;
        fprintf(f, "usage: hwprof %s --engine E [engine options] TRACE\n"
                   "  %s\n  hwprof %s --engine E --help   lists the engine's options\nengines:",
                argv[0], is_eval ? "evaluate the engine's profile against the exact profile"
                                 : "run the engine's C model and print its profile",
                argv[0]);
        for (int i = 0; i < hwp_n_engines; i++)
            fprintf(f, " %s", hwp_engines[i].name);
        fprintf(f, "\n");
        if (!help) fprintf(stderr, "hwprof %s: --engine is required\n", argv[0]);
        return help ? 0 : 2;
    }
    const hwp_engine *e = hwp_engine_find(eng);
    if (e) return is_eval ? e->eval(out, argv) : e->run(out, argv);
    fprintf(stderr, "hwprof %s: unknown engine '%s' (known:", argv[0], eng);
    for (int i = 0; i < hwp_n_engines; i++)
        fprintf(stderr, " %s", hwp_engines[i].name);
    fprintf(stderr, ")\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "run") == 0) return engine_cmd(argc - 1, argv + 1, 0);
    if (strcmp(argv[1], "eval") == 0) return engine_cmd(argc - 1, argv + 1, 1);
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (cmds[i].fn && strcmp(cmds[i].name, argv[1]) == 0) return cmds[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "hwprof: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
