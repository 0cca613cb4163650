// SPDX-License-Identifier: Apache-2.0
// Verilator harness of the hwprof SoC (docs/soc.md): clocks the SoC, prints
// the program's UART output on stdout, writes every retirement of the retire
// port as an hwprof retire record (soc_retire.c) and stops at the exit
// store. Built with SOC_ENGINE (the engine's name), the top is hwp_soc_eng:
// the harness then configures the engine before the core leaves reset,
// takes the engine's output records while the program runs (and runs the
// engine's host loop on them, coproc: its HOSTOP entries go to the hop_*
// port), sends EOS after the exit store and, at END, prints the profile as
// `hwprof run --engine E` prints it (soc_engine.c). Only the clocking lives here (Verilator needs
// C++); records and the engine session are C.
//
//   Vhwp_soc +hex=PROGRAM.hex --trace OUT [--max-cycles N]
//   Vhwp_soc_eng +hex=PROGRAM.hex --trace OUT [--max-cycles N] [--profile FILE]
//       [-- ENGINE OPTIONS]   (those of `hwprof run --engine E`)
//
// Exit status: the program's exit code (low 8 bits); 125 if the simulation
// failed (cycle limit, trap, bus error, trace error, an engine error), with
// one line "soc: FAIL ..." on stderr; 2 on usage errors.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include "verilated.h"
#include "soc_retire.h"
#ifdef SOC_ENGINE
// SOC_ENGINE: the engine's name as a bare word (-DSOC_ENGINE=strat)
#define SOC_STR2(x) #x
#define SOC_STR(x) SOC_STR2(x)
#define SOC_ENGINE_NAME SOC_STR(SOC_ENGINE)
#include "Vhwp_soc_eng.h"
#include "soc_engine.h"
typedef Vhwp_soc_eng Top;
#define SOC_PROG "Vhwp_soc_eng"
#else
#include "Vhwp_soc.h"
typedef Vhwp_soc Top;
#define SOC_PROG "Vhwp_soc"
#endif

static const int SIM_FAIL = 125;
#ifdef SOC_ENGINE
// clocks the engine may take from the exit store to END (its readout)
static const unsigned long long DRAIN_MAX = 1000000ull;
#endif

static void usage(FILE *f)
{
#ifdef SOC_ENGINE
    fprintf(f, "usage: " SOC_PROG " +hex=PROGRAM.hex --trace OUT [--max-cycles N] [--profile FILE]\n"
               "           [-- ENGINE OPTIONS]\n"
               "Runs the program on the SoC with engine " SOC_ENGINE_NAME "; output on stdout, retire trace\n"
               "to OUT, then the engine's profile as `hwprof run --engine " SOC_ENGINE_NAME "` prints it (on\n"
               "stdout, or into FILE). ENGINE OPTIONS: those of `hwprof run --engine " SOC_ENGINE_NAME "`.\n");
#else
    fprintf(f, "usage: " SOC_PROG " +hex=PROGRAM.hex --trace OUT [--max-cycles N]\n"
               "Runs the program on the SoC; output on stdout, retire trace to OUT.\n");
#endif
}

// one clock: rising edge, then falling edge
static void tick(Top &top)
{
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.eval();
}

#ifdef SOC_ENGINE
// The engine's CONFIG registers, written as the link writes them (each value
// range-checked by the adapter first) while core and engine are in reset.
// 0, or -1 with the reason in msg.
static int engine_setup(Top &top, soc_eng *e, char *msg, size_t n)
{
    top.rst_i = 1;
    top.cfg_rst_i = 1;
    top.cfg_def_i = 0;
    top.cfg_we_i = 0;
    tick(top);
    tick(top);
    top.cfg_rst_i = 0;
    uint32_t info[16];
    for (int i = 0; i < 16; i++) info[i] = top.info_o[i];
    if (soc_eng_check_info(e, info)) {
        snprintf(msg, n, "the engine options do not match the engine's build");
        return -1;
    }
    uint64_t v[8];
    int nr = soc_eng_config(e, v);
    for (int i = 0; i < nr; i++) {
        top.chk_reg_i = (uint8_t)(i + 1);
        top.chk_val_i = v[i];
        top.eval();
        if (!top.chk_ok_o) {
            snprintf(msg, n, "the engine refuses CONFIG register %d = %llu", i + 1,
                     (unsigned long long)v[i]);
            return -1;
        }
        top.cfg_we_i = 1;
        top.cfg_reg_i = (uint8_t)(i + 1);
        top.cfg_val_i = v[i];
        tick(top);
    }
    top.cfg_we_i = 0;
    top.hop_valid_i = 0;
    // the host loop's first request (coproc), sent once the reset ends
    return soc_eng_host(e, msg, n);
}

// The report, on stdout or into path: 0, or -1 with the reason in msg.
static int engine_report(soc_eng *e, const char *path, char *msg, size_t n)
{
    fflush(stdout);
    int saved = -1, fd = -1;
    if (path) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || (saved = dup(1)) < 0 || dup2(fd, 1) < 0) {
            snprintf(msg, n, "cannot write the profile to %s: %s", path, strerror(errno));
            if (fd >= 0) close(fd);
            if (saved >= 0) close(saved);
            return -1;
        }
    }
    int rc = soc_eng_report(e);
    fflush(stdout);
    if (path) {
        dup2(saved, 1);
        close(saved);
        close(fd);
    }
    if (rc) snprintf(msg, n, "no profile from the engine");
    return rc;
}
#endif

int main(int argc, char **argv)
{
    const char *trace = nullptr;
    unsigned long long max_cycles = 50000000ull;
    const char *hex = nullptr;
    const char *profile = nullptr;
    int eargc = 1;  // the engine options: argv[eopt ..], argv[eopt - 1] as program name
    int eopt = argc;
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
#ifdef SOC_ENGINE
        } else if (!strcmp(argv[i], "--profile") && i + 1 < argc) {
            profile = argv[++i];
        } else if (!strcmp(argv[i], "--")) {
            eopt = i + 1;
            eargc = argc - i;
            break;
#endif
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
#ifdef SOC_ENGINE
    soc_eng *eng = soc_eng_open(SOC_ENGINE_NAME, trace, eargc, argv + eopt - 1);
    if (!eng) return 2;
#else
    (void)profile;
    (void)eargc;
#endif

    hwp_err err;
    hwp_writer *w = nullptr;
    if (soc_trace_open(&w, trace, &err) != 0) {
        fprintf(stderr, "soc: FAIL %s\n", err.msg);
        return SIM_FAIL;
    }

    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Top top(&ctx);
    top.clk_i = 0;
    top.rst_i = 1;
    char msg[200];
    const char *why = nullptr;
    unsigned long long cycle = 0, retired = 0;
#ifdef SOC_ENGINE
    // configuration first, with core and engine in reset
    if (engine_setup(top, eng, msg, sizeof msg)) why = msg;
    unsigned long long hw_events = 0, held = 0, exit_cycle = 0;
    int ended = 0;  // END came from the engine
#else
    top.hold_i = 0;
    top.eval();
#endif
    int rc = -1;
    for (; cycle < max_cycles && !why; cycle++) {
        top.rst_i = cycle < 4;
#ifdef SOC_ENGINE
        // the host loop's next HOSTOP entry, if any (coproc)
        uint8_t hop_op = 0;
        uint16_t hop_addr = 0;
        uint64_t hop_data = 0;
        top.hop_valid_i = !top.rst_i && soc_eng_hop(eng, &hop_op, &hop_addr, &hop_data);
        top.hop_op_i = hop_op;
        top.hop_addr_i = hop_addr;
        top.hop_data_i = hop_data;
        top.eval();
        if (top.hop_valid_i && top.hop_ready_o) soc_eng_hop_pop(eng);
#endif
        tick(top);
        if (top.uart_valid_o)
            putchar(top.uart_data_o);
        if (top.bus_err_o) {
            snprintf(msg, sizeof msg, "bus error: access to 0x%08x outside memory and MMIO",
                     (unsigned)top.bus_err_addr_o);
            why = msg;
            break;
        }
#ifdef SOC_ENGINE
        if (top.eng_event_o) hw_events++;
        if (top.eng_hold_o) held++;
        if (top.orec_valid_o) {
            const uint64_t f[3] = {top.orec_f0_o, top.orec_f1_o, top.orec_f2_o};
            int r = soc_eng_orec(eng, top.orec_tag_o, top.orec_n_o, top.orec_cont_o,
                                 top.orec_last_o, f, msg, sizeof msg);
            if (r < 0) {
                why = msg;
                break;
            }
            if (r == 1) {
                ended = 1;
                break;
            }
            if (soc_eng_host(eng, msg, sizeof msg)) {
                why = msg;
                break;
            }
        }
        // after the exit store the core is held; the engine drains
        if (rc >= 0) {
            if (cycle - exit_cycle > DRAIN_MAX) {
                snprintf(msg, sizeof msg, "the engine sent no END within %llu cycles of the exit",
                         DRAIN_MAX);
                why = msg;
                break;
            }
            continue;
        }
#endif
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
#ifdef SOC_ENGINE
            if (soc_eng_record(eng, &rec)) {
                why = "the engine's mapping refused a retire record";
                break;
            }
#endif
            retired++;
            // the exit store: the first store to retire once the exit register is written
            if (top.exit_o && top.retire_wmask_o) {
                rc = (int)(top.exit_code_o & 0xffu);
#ifdef SOC_ENGINE
                exit_cycle = cycle;
#else
                break;
#endif
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
    if (!why && (rc < 0
#ifdef SOC_ENGINE
                 || !ended
#endif
                 )) {
        if (rc < 0)
            snprintf(msg, sizeof msg, "cycle limit: no exit after %llu cycles (%llu retirements); "
                                      "raise --max-cycles (make soc-sim SOC_MAX_CYCLES=N)", cycle, retired);
        else
            snprintf(msg, sizeof msg, "cycle limit: the engine sent no END by cycle %llu; raise "
                                      "--max-cycles (make soc-sim SOC_MAX_CYCLES=N)", cycle);
        why = msg;
    }
#ifdef SOC_ENGINE
    // every event the host maps reached the engine: none dropped, none made up
    unsigned long long sw_events = soc_eng_events(eng);
    if (!why && top.eng_dropped_o != 0) {
        snprintf(msg, sizeof msg, "the engine's event queue dropped %u events", (unsigned)top.eng_dropped_o);
        why = msg;
    }
    if (!why && hw_events != sw_events) {
        snprintf(msg, sizeof msg, "the engine got %llu events; hwprof maps %llu from the retire trace",
                 hw_events, sw_events);
        why = msg;
    }
    // the count a board reports to the host (STATUS field 1, saturating)
    unsigned long long sw_sat = sw_events < 0xffffffffull ? sw_events : 0xffffffffull;
    if (!why && top.eng_events_o != sw_sat) {
        snprintf(msg, sizeof msg, "the engine reports %u events; hwprof maps %llu from the retire trace",
                 (unsigned)top.eng_events_o, sw_events);
        why = msg;
    }
#endif
    top.final();
    hwp_err cerr;
    if (hwp_writer_close(w, &cerr) != 0 && !why)
        why = cerr.msg;
#ifdef SOC_ENGINE
    if (!why && engine_report(eng, profile, msg, sizeof msg)) why = msg;
    soc_eng_close(eng);
#endif
    if (why) {
        fprintf(stderr, "soc: FAIL %s\n", why);
        return SIM_FAIL;
    }
#ifdef SOC_ENGINE
    fprintf(stderr, "soc: exit code %d after %llu cycles, %llu retirements, %llu events to %s "
                    "(0 dropped, core held %llu cycles); retire trace: %s%s%s\n", rc, cycle + 1, retired,
            hw_events, SOC_ENGINE_NAME, held, trace, profile ? "; profile: " : "", profile ? profile : "");
#else
    fprintf(stderr, "soc: exit code %d after %llu cycles, %llu retirements; retire trace: %s\n", rc,
            cycle + 1, retired, trace);
#endif
    return rc;
}
