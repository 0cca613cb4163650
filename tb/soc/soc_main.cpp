// SPDX-License-Identifier: Apache-2.0
// Verilator harness of the hwprof SoC (docs/soc.md): clocks Vhwp_soc, prints
// the program's UART output on stdout, writes every retirement of the retire
// port as an hwprof retire record (soc_retire.c) and stops at the exit
// store. Only the clocking lives here (Verilator needs C++); the records are
// built in C.
//
//   Vhwp_soc +hex=PROGRAM.hex --trace OUT [--max-cycles N]
//
// Exit status: the program's exit code (low 8 bits); 125 if the simulation
// failed (cycle limit, trap, bus error, trace error), with one line
// "soc: FAIL ..." on stderr; 2 on usage errors.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "Vhwp_soc.h"
#include "verilated.h"
#include "soc_retire.h"

static const int SIM_FAIL = 125;

static void usage(FILE *f)
{
    fprintf(f, "usage: Vhwp_soc +hex=PROGRAM.hex --trace OUT [--max-cycles N]\n"
               "Runs the program on the SoC; output on stdout, retire trace to OUT.\n");
}

int main(int argc, char **argv)
{
    const char *trace = nullptr;
    unsigned long long max_cycles = 50000000ull;
    const char *hex = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--trace") && i + 1 < argc) {
            trace = argv[++i];
        } else if (!strcmp(argv[i], "--max-cycles") && i + 1 < argc) {
            char *end;
            errno = 0;
            max_cycles = strtoull(argv[++i], &end, 0);
            if (errno || *end || max_cycles == 0) {
                fprintf(stderr, "soc: bad --max-cycles '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strncmp(argv[i], "+hex=", 5)) {
            hex = argv[i] + 5;
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!trace || !hex) {
        usage(stderr);
        return 2;
    }
    FILE *hf = fopen(hex, "r");
    if (!hf) {
        fprintf(stderr, "soc: FAIL cannot open %s: %s\n", hex, strerror(errno));
        return SIM_FAIL;
    }
    fclose(hf);

    hwp_err err;
    hwp_writer *w = nullptr;
    if (soc_trace_open(&w, trace, &err) != 0) {
        fprintf(stderr, "soc: FAIL %s\n", err.msg);
        return SIM_FAIL;
    }

    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vhwp_soc top(&ctx);
    top.clk_i = 0;
    top.rst_i = 1;
    top.eval();

    unsigned long long cycle = 0, retired = 0;
    int rc = -1;
    const char *why = nullptr;
    char msg[160];
    for (; cycle < max_cycles; cycle++) {
        top.rst_i = cycle < 4;
        top.clk_i = 1;
        top.eval();
        top.clk_i = 0;
        top.eval();
        if (top.uart_valid_o)
            putchar(top.uart_data_o);
        if (top.bus_err_o) {
            snprintf(msg, sizeof msg, "bus error: access to 0x%08x outside memory and MMIO",
                     (unsigned)top.bus_err_addr_o);
            why = msg;
            break;
        }
        if (top.retire_valid_o) {
            soc_retire r;
            r.pc = top.retire_pc_o;
            r.insn = top.retire_insn_o;
            r.next_pc = top.retire_next_pc_o;
            r.rd = top.retire_rd_o;
            r.rd_value = top.retire_rd_value_o;
            r.mem = top.retire_mem_o;
            r.addr = top.retire_addr_o;
            hwp_rec rec;
            soc_retire_rec(&r, &rec);
            if (hwp_writer_put(w, &rec, &err) != 0) {
                why = err.msg;
                break;
            }
            retired++;
            // the exit store: the first store to retire once the exit register is written
            if (top.exit_o && top.retire_wmask_o) {
                rc = (int)(top.exit_code_o & 0xffu);
                break;
            }
        }
        if (top.trap_o) {
            snprintf(msg, sizeof msg, "the core trapped (illegal instruction or misaligned access) "
                                      "after %llu retirements", retired);
            why = msg;
            break;
        }
    }
    fflush(stdout);
    if (rc < 0 && !why) {
        snprintf(msg, sizeof msg, "cycle limit: no exit after %llu cycles (%llu retirements); "
                                  "raise --max-cycles (make soc-sim SOC_MAX_CYCLES=N)", cycle, retired);
        why = msg;
    }
    top.final();
    hwp_err cerr;
    if (hwp_writer_close(w, &cerr) != 0 && !why)
        why = cerr.msg;
    if (why) {
        fprintf(stderr, "soc: FAIL %s\n", why);
        return SIM_FAIL;
    }
    fprintf(stderr, "soc: exit code %d after %llu cycles, %llu retirements; retire trace: %s\n", rc,
            cycle + 1, retired, trace);
    return rc;
}
