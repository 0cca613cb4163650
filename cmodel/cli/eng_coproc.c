/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof run/eval --engine coproc: the profiling co-processor (Zilles and
 * Sohi 2001) system on a retire trace: the C cycle model of the co-processor
 * with the host software (program load, interrupt handler, final copy), one
 * retired record per cycle. `run` prints the profile; `eval` compares the
 * load-value invariance estimates with the exact profile (weighted RMS
 * error), against simple periodic sampling at equal overhead, with a
 * convergence series. docs/coproc.md.
 */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmap.h"
#include "engopt.h"
#include "eng_coproc.h"
#include "coproc/coproc.h"
#include "coproc/cp_asm.h"
#include "coproc/cp_eval.h"
#include "coproc/cp_host.h"
#include "trace.h"

typedef struct chk {
    uint64_t records, loads, cycles;
    size_t nslots;
    double overhead;  /* co-processor overhead cycles so far */
    double cp_err, simple_err;
} chk;

typedef hwp_coproc_opts opts;

typedef struct sysres {
    coproc m;
    cp_host h;
    cp_exact ex;
    hwp_cmap br;  /* exact branch counts: <pc, 0> executions, <pc, 1> taken */
    uint64_t records, cycles;
    chk *ck;
    int nck;
} sysres;

static double overhead_cycles(const cp_host *h, const cp_cost *c, uint64_t nloads)
{
    return (double)h->interrupts * c->interrupt + (double)(h->reads + h->writes) * c->port +
           (double)h->slots_copied * c->slot + (double)h->ticks * c->tick +
           (double)nloads * c->estimate;
}

static void usage(FILE *f, const char *cmd)
{
    fprintf(f,
            "usage: hwprof %s --engine coproc [options] TRACE\n"
            "%s\n"
            "The profiling co-processor (Zilles and Sohi 2001) on a retire trace: C cycle\n"
            "model + host software, one retired record per cycle. docs/coproc.md.\n"
            "  -p, --program P      value (load-value profiling) or edge (default value)\n"
            "      --program-file F microcode source (default tests/coproc/<P>.s)\n"
            "      --cam-aw N       associative array entries 2^N (default 6)\n"
            "      --da-aw N        data array words 2^N (default 9)\n"
            "      --sb-aw N        sample buffer entries 2^N (default 4)\n"
            "      --ft-aw N        PC filter bit table 2^N bits (default 12)\n"
            "      --no-mask        host never masks characterized loads (ablation)\n"
            "      --part-period N  cycles between partition switches (default 200000)\n"
            "      --copy-period N  cycles between timer-driven copies, 0 = none (250000)\n"
            "      --remask-period N cycles between unmasking all loads, 0 = never (1000000)\n"
            "      --max-records N  stop after N records\n"
            "      --checkpoints N  convergence points (eval, default 20)\n"
            "      --min-frac F     pairs with exact invariance >= F enter the error (0.10)\n"
            "      --top K          values per load printed by run (default 3)\n"
            "      --json           machine-readable output\n"
            "  -h, --help           this help\n"
            "exit status: 0 ok, 1 failure, 2 usage\n",
            cmd,
            strcmp(cmd, "eval") == 0 ? "Weighted RMS error of per-<load, value> invariance estimates against the\n"
                                       "exact profile, and of simple periodic sampling at equal overhead."
                                     : "Prints the collected profile.");
}

/* The engine's options; --json and --help are the command's. */
const struct option hwp_coproc_optab[] = {
    {"program", required_argument, 0, 'p'}, {"program-file", required_argument, 0, 'F'},
    {"cam-aw", required_argument, 0, 'C'},  {"da-aw", required_argument, 0, 'D'},
    {"sb-aw", required_argument, 0, 'S'},   {"ft-aw", required_argument, 0, 'T'},
    {"no-mask", no_argument, 0, 'n'},       {"part-period", required_argument, 0, 'P'},
    {"copy-period", required_argument, 0, 'Y'}, {"remask-period", required_argument, 0, 'R'},
    {"max-records", required_argument, 0, 'm'}, {"checkpoints", required_argument, 0, 'k'},
    {"min-frac", required_argument, 0, 'f'}, {"top", required_argument, 0, 't'},
    {0, 0, 0, 0}};

void hwp_coproc_init(opts *o)
{
    memset(o, 0, sizeof *o);
    cp_cfg_default(&o->cfg);
    cp_host_params_default(&o->prm);
    cp_cost_default(&o->cost);
    o->prog_name = "value";
    o->nchk = 20;
    o->top = 3;
    o->min_frac = 0.10;
    o->max_records = UINT64_MAX;
}

int hwp_coproc_opt(const char *cmd, int c, const char *arg, opts *o)
{
    unsigned long long u;
    switch (c) {
    case 'p': o->prog_name = arg; break;
    case 'F': o->prog_file = arg; break;
    case 'C': if (hwp_cli_uint(cmd, "cam-aw", arg, 2, 7, &u)) return 2; o->cfg.cam_aw = (int)u; break;
    case 'D': if (hwp_cli_uint(cmd, "da-aw", arg, 4, 11, &u)) return 2; o->cfg.da_aw = (int)u; break;
    case 'S': if (hwp_cli_uint(cmd, "sb-aw", arg, 1, 7, &u)) return 2; o->cfg.sb_aw = (int)u; break;
    case 'T': if (hwp_cli_uint(cmd, "ft-aw", arg, 4, 12, &u)) return 2; o->cfg.ft_aw = (int)u; break;
    case 'n': o->prm.masking = 0; break;
    case 'P': if (hwp_cli_uint(cmd, "part-period", arg, 0, 1ull << 40, &u)) return 2; o->prm.part_period = u; break;
    case 'R': if (hwp_cli_uint(cmd, "remask-period", arg, 0, 1ull << 40, &u)) return 2; o->prm.remask_period = u; break;
    case 'Y': if (hwp_cli_uint(cmd, "copy-period", arg, 0, 1ull << 40, &u)) return 2; o->prm.copy_period = u; break;
    case 'm': if (hwp_cli_uint(cmd, "max-records", arg, 1, UINT64_MAX, &u)) return 2; o->max_records = u; break;
    case 'k': if (hwp_cli_uint(cmd, "checkpoints", arg, 1, 1000, &u)) return 2; o->nchk = (int)u; break;
    case 'f': if (hwp_cli_double(cmd, "min-frac", arg, 0.0, 1.0, &o->min_frac)) return 2; break;
    case 't': if (hwp_cli_uint(cmd, "top", arg, 1, 100, &u)) return 2; o->top = (int)u; break;
    default: return 1;
    }
    return 0;
}

int hwp_coproc_finish(const char *cmd, opts *o)
{
    if (strcmp(o->prog_name, "value") == 0) o->prog = CP_PROG_VALUE;
    else if (strcmp(o->prog_name, "edge") == 0) o->prog = CP_PROG_EDGE;
    else {
        fprintf(stderr, "hwprof %s: --program '%s': expected value or edge\n", cmd, o->prog_name);
        return 2;
    }
    if ((1 << o->cfg.da_aw) < (o->prog == CP_PROG_VALUE ? 4 : 3) << o->cfg.cam_aw) {
        fprintf(stderr, "hwprof %s: --da-aw %d too small for %d slots of program %s\n", cmd,
                o->cfg.da_aw, 1 << o->cfg.cam_aw, o->prog_name);
        return 2;
    }
    return 0;
}

int hwp_coproc_parse(int argc, char **argv, opts *o)
{
    static const struct option cmd_opts[] = {
        {"json", no_argument, 0, 'j'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    const char *cmd = argv[0];
    struct option lo[24];
    if (hwp_eo_cat(lo, 24, hwp_coproc_optab, cmd_opts)) return 2;
    hwp_coproc_init(o);
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "p:jh", lo, NULL)) != -1) {
        int r = hwp_coproc_opt(cmd, c, optarg, o);
        if (r == 2) return 2;
        if (r == 0) continue;
        switch (c) {
        case 'j': o->json = 1; break;
        case 'h': usage(stdout, cmd); return 0;
        default: usage(stderr, cmd); return 2;
        }
    }
    if (hwp_coproc_finish(cmd, o)) return 2;
    if (optind != argc - 1) {
        fprintf(stderr, "hwprof %s: expected exactly one TRACE\n", cmd);
        usage(stderr, cmd);
        return 2;
    }
    o->trace = argv[optind];
    return -1;
}

int hwp_coproc_host(const char *cmd, const opts *o, cp_host *h)
{
    char msg[700], path[512];
    snprintf(path, sizeof path, "%s", o->prog_file ? o->prog_file : "");
    if (!o->prog_file) snprintf(path, sizeof path, "tests/coproc/%s.s", o->prog_name);
    char *src = cp_read_file(path, msg, sizeof msg);
    cp_image img;
    if (!src) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, msg);
        return 1;
    }
    int rc = cp_assemble(src, path, o->cfg.uc_aw, o->cfg.cam_aw, &img, msg, sizeof msg);
    free(src);
    if (rc) {
        fprintf(stderr, "%s\n", msg);
        return 1;
    }
    rc = cp_host_init(h, &o->cfg, &img, o->prog, &o->prm, msg);
    cp_image_free(&img);
    if (rc) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, msg);
        return 1;
    }
    return 0;
}

/* Runs the system over the trace; fills r. Returns 0 or 1 (message printed). */
static int run_system(const char *cmd, const opts *o, sysres *r)
{
    hwp_err err;
    hwp_reader *rd;
    char msg[700];
    memset(r, 0, sizeof *r);
    if (hwp_reader_open(&rd, o->trace, &err)) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, err.msg);
        return 1;
    }
    const hwp_trace_info *ti = hwp_reader_info(rd);
    if (ti->kind != HWP_KIND_RETIRE) {
        fprintf(stderr, "hwprof %s: %s: a %s trace; the co-processor needs a retire trace\n", cmd,
                o->trace, hwp_kind_name(ti->kind));
        hwp_reader_close(rd);
        return 1;
    }
    uint64_t total = ti->count;
    if (total == HWP_COUNT_UNKNOWN) total = 0;
    if (total > o->max_records) total = o->max_records;
    if (hwp_coproc_host(cmd, o, &r->h)) {
        hwp_reader_close(rd);
        return 1;
    }
    if (cp_init(&r->m, &o->cfg, ti->isa == HWP_ISA_RISCV64, msg)) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, msg);
        hwp_reader_close(rd);
        return 1;
    }
    if (cp_exact_init(&r->ex) || hwp_cmap_init(&r->br, 1024)) {
        fprintf(stderr, "hwprof %s: out of memory\n", cmd);
        hwp_reader_close(rd);
        return 1;
    }
    r->nck = o->nchk;
    r->ck = calloc((size_t)r->nck + 1, sizeof *r->ck);
    if (!r->ck) {
        fprintf(stderr, "hwprof %s: out of memory\n", cmd);
        hwp_reader_close(rd);
        return 1;
    }
    hwp_rec rec;
    int have = 0, got;
    if (o->max_records > 0) {
        got = hwp_reader_next(rd, &rec, &err);
        if (got < 0) goto rderr;
        have = got;
    }
    int ci = 0;
    uint64_t drain = 0;
    for (;;) {
        cp_in in;
        cp_out out;
        cp_hcmd hc;
        memset(&in, 0, sizeof in);
        if (have) {
            in.ret_valid = 1;
            in.ret_pc = (uint32_t)rec.a;
            in.ret_insn = rec.insn;
            in.ret_value = (uint32_t)rec.value;
            in.ret_addr = (uint32_t)rec.addr;
            in.ret_cls = rec.cls & 15u;
            in.ret_flags = rec.flags & 7u;
        }
        int offer = cp_host_peek(&r->h, &hc);
        in.host_valid = offer;
        in.host_op = hc.op;
        in.host_addr = hc.addr;
        in.host_wdata = hc.data;
        in.rsp_ready = 1;
        if (!offer) in.host_op = in.host_addr = 0, in.host_wdata = 0;
        cp_step(&r->m, &in, &out);
        r->cycles++;
        if (have && out.ret_ready) {
            if (cp_exact_add(&r->ex, &rec)) goto oom;
            if (rec.cls == HWP_CLS_BRANCH) {
                if (!hwp_cmap_add(&r->br, (uint32_t)rec.a, 0, 1)) goto oom;
                if ((rec.flags & HWP_RF_TAKEN) && !hwp_cmap_add(&r->br, (uint32_t)rec.a, 1, 1)) goto oom;
            }
            r->records++;
            if (total && ci < r->nck && r->records >= total * (uint64_t)(ci + 1) / (uint64_t)r->nck) {
                chk *k = &r->ck[ci++];
                k->records = r->records;
                k->loads = r->ex.loads;
                k->cycles = r->cycles;
                k->nslots = r->h.nslots;
                k->overhead = overhead_cycles(&r->h, &o->cost, 0);
            }
            have = 0;
            if (r->records < o->max_records) {
                got = hwp_reader_next(rd, &rec, &err);
                if (got < 0) goto rderr;
                have = got;
            }
            if (r->records % 65536 == 0) hwp_progress("coproc", r->records, total);
        }
        cp_host_cycle(&r->h, offer && out.host_ready, out.rsp_valid, out.rsp_data, out.irq, !have);
        if (r->h.oom) goto oom;
        if (!have) {
            if (cp_host_done(&r->h)) break;
            if (++drain > 100000000ull) {
                fprintf(stderr, "hwprof %s: the co-processor system did not finish after the trace\n", cmd);
                hwp_reader_close(rd);
            return 1;
            }
        }
    }
    hwp_progress_done();
    hwp_reader_close(rd);
    r->nck = ci; /* checkpoints reached (none when the record count is unknown) */
    if (r->h.bt_mismatch) {
        fprintf(stderr, "hwprof %s: the co-processor's PC filter bit table differs from the host's copy "
                "in %" PRIu64 " of %" PRIu64 " entries read back\n", cmd, r->h.bt_mismatch, r->h.bt_checked);
        return 1;
    }
    return 0;
rderr:
    fprintf(stderr, "hwprof %s: %s\n", cmd, err.msg);
    hwp_reader_close(rd);
    return 1;
oom:
    fprintf(stderr, "hwprof %s: out of memory\n", cmd);
    hwp_reader_close(rd);
    return 1;
}

static void sys_free(sysres *r)
{
    cp_free(&r->m);
    cp_host_free(&r->h);
    cp_exact_free(&r->ex);
    hwp_cmap_free(&r->br);
    free(r->ck);
}

/* Simple sampling: every period-th load from the start; error at each
 * checkpoint (records) and at the end. Returns 0 or 1. */
static int simple_sampling(const char *cmd, const opts *o, const sysres *r, uint64_t period,
                           double *err_end, uint64_t *samples, double *ck_err)
{
    hwp_err err;
    hwp_reader *rd;
    hwp_cmap sp, spc, est;
    if (hwp_reader_open(&rd, o->trace, &err)) {
        fprintf(stderr, "hwprof %s: %s\n", cmd, err.msg);
        return 1;
    }
    if (hwp_cmap_init(&sp, 1024) || hwp_cmap_init(&spc, 256) || hwp_cmap_init(&est, 1024)) {
        fprintf(stderr, "hwprof %s: out of memory\n", cmd);
        hwp_reader_close(rd);
        return 1;
    }
    uint64_t n = 0, loads = 0;
    int ci = 0, rc = 0;
    *samples = 0;
    hwp_rec rec;
    for (;;) {
        int got = n < o->max_records ? hwp_reader_next(rd, &rec, &err) : 0;
        if (got < 0) {
            fprintf(stderr, "hwprof %s: %s\n", cmd, err.msg);
            rc = 1;
            break;
        }
        if (got == 1) {
            n++;
            if (rec.cls == HWP_CLS_LOAD) {
                if (loads % period == period - 1) {
                    (*samples)++;
                    if (!hwp_cmap_add(&sp, (uint32_t)rec.a, (uint32_t)rec.value, 1) ||
                        !hwp_cmap_add(&spc, (uint32_t)rec.a, 0, 1)) {
                        rc = 1;
                        break;
                    }
                }
                loads++;
            }
        }
        int at_ck = ci < r->nck && got == 1 && n == r->ck[ci].records;
        if (at_ck || got == 0) {
            hwp_cmap_clear(&est);
            for (size_t k = 0; k < sp.cap; k++) {
                if (!sp.used[k]) continue;
                const hwp_cmap_ent *pc = hwp_cmap_get(&spc, sp.ent[k].a, 0);
                hwp_cmap_add(&est, sp.ent[k].a, sp.ent[k].b,
                             (uint64_t)llround(1e6 * (double)sp.ent[k].count / (double)pc->count));
            }
            uint64_t np;
            double e = cp_wrms_error(&r->ex, &est, o->min_frac, &np);
            if (at_ck) ck_err[ci++] = e;
            if (got == 0) {
                *err_end = e;
                break;
            }
        }
    }
    hwp_cmap_free(&sp);
    hwp_cmap_free(&spc);
    hwp_cmap_free(&est);
    hwp_reader_close(rd);
    return rc;
}

/* Edge profile error: weighted RMS (percent) of the per-branch taken fraction,
 * weighted by executions, over branches with >= 1 sample */
static double edge_error(const sysres *r, uint64_t *nbr, uint64_t *ind)
{
    hwp_cmap tk;
    double num = 0, den = 0;
    *nbr = 0;
    *ind = 0;
    if (hwp_cmap_init(&tk, 256)) return -1;
    for (size_t k = 0; k < r->h.nedges; k++) {
        const cp_edge_rec *e = &r->h.edges[k];
        if (e->indirect) {
            (*ind)++;
            continue;
        }
        hwp_cmap_add(&tk, e->pc, 0, e->taken + e->not_taken);
        hwp_cmap_add(&tk, e->pc, 1, e->taken);
    }
    for (size_t k = 0; k < r->br.cap; k++) {
        if (!r->br.used[k] || r->br.ent[k].b != 0) continue;
        uint64_t pc = r->br.ent[k].a, ex = r->br.ent[k].count;
        const hwp_cmap_ent *t = hwp_cmap_get(&r->br, pc, 1);
        double ft = (t ? (double)t->count : 0) / (double)ex;
        const hwp_cmap_ent *s = hwp_cmap_get(&tk, pc, 0), *st = hwp_cmap_get(&tk, pc, 1);
        double fe = (s && s->count) ? (double)(st ? st->count : 0) / (double)s->count : 0;
        num += (double)ex * (ft - fe) * (ft - fe);
        den += (double)ex;
        (*nbr)++;
    }
    hwp_cmap_free(&tk);
    return den > 0 ? 100 * sqrt(num / den) : 0;
}

/* Parses the options and runs the system: -1 to go on, else the exit status. */
static int start(int argc, char **argv, opts *o, sysres *r)
{
    int rc = hwp_coproc_parse(argc, argv, o);
    if (rc >= 0) return rc;
    if (run_system(argv[0], o, r) == 0) return -1;
    sys_free(r);
    return 1;
}

/* eval's report: the estimated profile's error against the exact one, and
 * the overhead, at the end and at every checkpoint */
static int eval_report(const char *cmd, opts *o, sysres *r)
{
    hwp_cmap est;
    uint64_t nloads = 0, npairs = 0;
    if (hwp_cmap_init(&est, 1024) || cp_estimate(r->h.slots, r->h.nslots, &est, &nloads)) {
        fprintf(stderr, "hwprof eval: out of memory\n");
        return 1;
    }
    double err_pct = cp_wrms_error(&r->ex, &est, o->min_frac, &npairs);
    double prog_cycles = (double)r->records * o->cost.cpi;
    double ovh = overhead_cycles(&r->h, &o->cost, nloads);
    double ovh_pct = prog_cycles > 0 ? 100 * ovh / prog_cycles : 0;
    /* convergence: co-processor error from the slots copied so far */
    for (int k = 0; k < r->nck; k++) {
        hwp_cmap e2;
        uint64_t nl, np;
        if (hwp_cmap_init(&e2, 1024) || cp_estimate(r->h.slots, r->ck[k].nslots, &e2, &nl)) {
            fprintf(stderr, "hwprof eval: out of memory\n");
            return 1;
        }
        r->ck[k].cp_err = cp_wrms_error(&r->ex, &e2, o->min_frac, &np);
        r->ck[k].overhead += (double)nl * o->cost.estimate;
        hwp_cmap_free(&e2);
    }
    /* simple sampling at equal overhead */
    double s_samples_f = ovh / o->cost.simple;
    uint64_t period = s_samples_f >= 1 ? (uint64_t)ceil((double)r->ex.loads / s_samples_f) : r->ex.loads + 1;
    if (period < 1) period = 1;
    double s_err = 0;
    uint64_t s_samples = 0;
    double *ck_err = calloc((size_t)r->nck + 1, sizeof *ck_err);
    if (!ck_err || (o->prog == CP_PROG_VALUE &&
                    simple_sampling(cmd, o, r, period, &s_err, &s_samples, ck_err))) {
        free(ck_err);
        hwp_cmap_free(&est);
        return 1;
    }
    double s_ovh_pct = prog_cycles > 0 ? 100 * (double)s_samples * o->cost.simple / prog_cycles : 0;
    uint64_t nbr = 0, nind = 0;
    double e_err = o->prog == CP_PROG_EDGE ? edge_error(r, &nbr, &nind) : 0;
    const cp_host *h = &r->h;
    if (o->json) {
        printf("{\"engine\": \"coproc\", \"program\": \"%s\", \"trace\": \"%s\",\n", o->prog_name, o->trace);
        printf(" \"records\": %" PRIu64 ", \"loads\": %" PRIu64 ", \"cycles\": %" PRIu64 ",\n", r->records,
               r->ex.loads, r->cycles);
        if (o->prog == CP_PROG_VALUE)
            printf(" \"weighted_rms_error_pct\": %.4f, \"pairs\": %" PRIu64 ", \"min_frac\": %.3f, "
                   "\"static_loads_estimated\": %" PRIu64 ", \"static_loads\": %zu,\n",
                   err_pct, npairs, o->min_frac, nloads, r->ex.pc.size);
        else
            printf(" \"edge_weighted_rms_error_pct\": %.4f, \"branches\": %" PRIu64
                   ", \"indirect_entries\": %" PRIu64 ", \"lost_at_interrupt\": %" PRIu64 ",\n",
                   e_err, nbr, nind, h->lost_at_irq);
        printf(" \"interrupts\": %" PRIu64 ", \"thrash_interrupts\": %" PRIu64
               ", \"samples\": %u, \"tagged\": %u, \"dropped\": %u, \"slots_copied\": %" PRIu64
               ", \"masked\": %" PRIu64 ", \"partition_bits\": %u, \"partition_switches\": %" PRIu64
               ", \"timer_copies\": %" PRIu64 ", \"remasks\": %" PRIu64 ", \"host_port_accesses\": %" PRIu64 ",\n",
               h->interrupts, h->thrash_irqs, r->m.processed, r->m.tagged, r->m.dropped, h->slots_copied,
               h->masked, h->part_bits, h->ticks, h->timer_copies, h->remasks, h->reads + h->writes);
        printf(" \"bit_table_read_back\": %" PRIu64 ", \"bit_table_set\": %" PRIu64
               ", \"bit_table_mismatches\": %" PRIu64 ",\n", h->bt_checked, h->bt_set, h->bt_mismatch);
        printf(" \"overhead_cycles\": %.0f, \"overhead_pct\": %.4f,\n", ovh, ovh_pct);
        if (o->prog == CP_PROG_VALUE)
            printf(" \"simple\": {\"period\": %" PRIu64 ", \"samples\": %" PRIu64
                   ", \"weighted_rms_error_pct\": %.4f, \"overhead_pct\": %.4f},\n",
                   period, s_samples, s_err, s_ovh_pct);
        printf(" \"costs\": {\"interrupt\": %g, \"port\": %g, \"slot\": %g, \"tick\": %g, "
               "\"estimate\": %g, \"simple\": %g, \"cpi\": %g},\n",
               o->cost.interrupt, o->cost.port, o->cost.slot, o->cost.tick, o->cost.estimate, o->cost.simple,
               o->cost.cpi);
        printf(" \"config\": {\"uc_aw\": %d, \"cam_aw\": %d, \"da_aw\": %d, \"sb_aw\": %d, \"ft_aw\": %d, "
               "\"masking\": %d, \"part_period\": %" PRIu64 ", \"copy_period\": %" PRIu64 ", \"remask_period\": %" PRIu64 "},\n",
               o->cfg.uc_aw, o->cfg.cam_aw, o->cfg.da_aw, o->cfg.sb_aw, o->cfg.ft_aw, o->prm.masking,
               o->prm.part_period, o->prm.copy_period, o->prm.remask_period);
        printf(" \"convergence\": [");
        for (int k = 0; k < r->nck; k++)
            printf("%s\n  {\"records\": %" PRIu64 ", \"coproc_error_pct\": %.4f, \"coproc_overhead_pct\": %.4f, "
                   "\"simple_error_pct\": %.4f, \"simple_overhead_pct\": %.4f}",
                   k ? "," : "", r->ck[k].records, r->ck[k].cp_err,
                   100 * r->ck[k].overhead / ((double)r->ck[k].records * o->cost.cpi),
                   o->prog == CP_PROG_VALUE ? ck_err[k] : 0.0,
                   100 * (double)(r->ck[k].loads / period) * o->cost.simple / ((double)r->ck[k].records * o->cost.cpi));
        printf("]}\n");
    } else {
        printf("engine coproc, program %s, trace %s\n", o->prog_name, o->trace);
        printf("records %" PRIu64 ", loads %" PRIu64 ", cycles %" PRIu64 "\n", r->records, r->ex.loads, r->cycles);
        printf("samples %u processed, %u tagged, %u dropped; %" PRIu64 " interrupts (%" PRIu64
               " thrash, %" PRIu64 " timer copies), %" PRIu64 " slots copied, %" PRIu64 " masked\n",
               r->m.processed, r->m.tagged, r->m.dropped, h->interrupts, h->thrash_irqs, h->timer_copies,
               h->slots_copied, h->masked);
        if (o->prog == CP_PROG_VALUE) {
            printf("co-processor: weighted RMS error %.2f%% over %" PRIu64 " <load, value> pairs, overhead %.3f%%\n",
                   err_pct, npairs, ovh_pct);
            printf("simple sampling (every %" PRIu64 "th load, %" PRIu64 " samples): error %.2f%%, overhead %.3f%%\n",
                   period, s_samples, s_err, s_ovh_pct);
        } else {
            printf("edge profile: weighted RMS error of taken fractions %.2f%% over %" PRIu64
                   " branches, overhead %.3f%%\n", e_err, nbr, ovh_pct);
        }
    }
    free(ck_err);
    hwp_cmap_free(&est);
    return 0;
}

/* run and eval: the same system run, then each command's report */
static int coproc_main(int argc, char **argv, int eval)
{
    opts o;
    sysres r;
    int rc = start(argc, argv, &o, &r);
    if (rc >= 0) return rc;
    if (eval) rc = eval_report(argv[0], &o, &r);
    else rc = hwp_coproc_print_run(&o, &r.h, r.records, r.m.processed, r.m.dropped);
    sys_free(&r);
    return rc;
}

int hwp_run_coproc(int argc, char **argv) { return coproc_main(argc, argv, 0); }

int hwp_eval_coproc(int argc, char **argv) { return coproc_main(argc, argv, 1); }

int hwp_coproc_print_run(const opts *o, const cp_host *h, uint64_t records, uint32_t processed,
                         uint32_t dropped)
{
    printf("# coproc %s profile of %s: %" PRIu64 " records, %u samples processed, %u dropped, %" PRIu64
           " interrupts\n",
           o->prog_name, o->trace, records, processed, dropped, h->interrupts);
    if (o->prog == CP_PROG_VALUE) {
        hwp_cmap est;
        uint64_t nl;
        if (hwp_cmap_init(&est, 1024) || cp_estimate(h->slots, h->nslots, &est, &nl)) {
            fprintf(stderr, "hwprof run: out of memory\n");
            return 1;
        }
        size_t n;
        hwp_cmap_ent *s = hwp_cmap_sorted(&est, &n);
        printf("# pc value estimated_invariance_pct (top %d per load)\n", o->top);
        /* sorted by invariance; print per load at most top values */
        hwp_cmap shown;
        hwp_cmap_init(&shown, 256);
        for (size_t k = 0; s && k < n; k++) {
            hwp_cmap_ent *c = hwp_cmap_add(&shown, s[k].a, 0, 1);
            if (!c || c->count > (uint64_t)o->top) continue;
            printf("%" PRIx64 " %" PRIx64 " %.2f\n", s[k].a, s[k].b, (double)s[k].count / 1e4);
        }
        free(s);
        hwp_cmap_free(&shown);
        hwp_cmap_free(&est);
    } else {
        printf("# kind pc target taken not_taken\n");
        for (size_t k = 0; k < h->nedges; k++) {
            const cp_edge_rec *e = &h->edges[k];
            printf("%s %x %x %" PRIu64 " %" PRIu64 "\n", e->indirect ? "ijump" : "branch", e->pc, e->target,
                   e->taken, e->not_taken);
        }
    }
    return 0;
}
