/* SPDX-License-Identifier: Apache-2.0
 *
 * Host-side software of the profiling co-processor (Zilles and Sohi 2001,
 * sections 3.4 and 5, appendix): program loading through the host port, the
 * interrupt handler (copy the co-processor's state out, mask sufficiently
 * characterized loads through the PC filter bit table, partition the program
 * on thrashing, clear and restart) and the final copy at the end of a run.
 * It is a state machine that offers one host-port command per cycle and
 * consumes read responses, so the same code drives the C model alone
 * (hwprof eval) and the RTL against the C model (lockstep adapter).
 */
#ifndef HWP_CP_HOST_H
#define HWP_CP_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "coproc/coproc.h"
#include "coproc/cp_asm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CP_PROG_ISA: the ISA exerciser tests/coproc/isa.s (lockstep coverage); the
 * host copies every register and array word out at each interrupt and at the
 * end, and keeps nothing. */
enum cp_prog { CP_PROG_VALUE = 0, CP_PROG_EDGE = 1, CP_PROG_ISA = 2 };

typedef struct cp_host_params {
    /* value profiling: a load is masked (bit table) once a copy of its slot
     * has hits + misses >= min_samples and the active value's invariance
     * hits / (hits + misses) is >= hi or <= lo, or once it has been copied
     * out max_copies times */
    uint32_t min_samples;   /* 32 */
    double hi, lo;          /* 0.90, 0.02 */
    uint32_t max_copies;    /* 4 */
    uint32_t max_part_bits; /* partitions: up to 2^max_part_bits (4) */
    uint32_t fast_thrash;   /* thrash after fewer processed samples: +2 bits (256) */
    int masking;            /* 0: never mask (ablation) */
    uint64_t part_period;   /* cycles between partition switches by the timer (200000) */
    uint32_t cntw;          /* nonzero: override the program's counter width (stress tests) */
    uint64_t remask_period; /* value program: cycles between clearings of the bit table
                               (masked loads are profiled again: phase behavior), 0 = never
                               (1000000) */
    uint64_t copy_period;   /* value program: cycles between timer-driven copies, 0 = none
                               (250000): the host stops the co-processor, copies and
                               clears, so loads get re-sampled with new active values */
} cp_host_params;

void cp_host_params_default(cp_host_params *p);

/* one slot copied out of the co-processor (value profiling) */
typedef struct cp_slot_rec {
    uint32_t pc, active, hits, misses, total;
    uint64_t time; /* cycle of the copy */
} cp_slot_rec;

/* one edge-profile entry copied out (edge profiling) */
typedef struct cp_edge_rec {
    uint32_t pc, target; /* target 0 for conditional branches */
    int indirect;
    uint64_t taken, not_taken; /* indirect: taken = count */
} cp_edge_rec;

typedef struct cp_hcmd {
    uint32_t op, addr;
    uint64_t data;
    int tag; /* reads: where the response goes */
} cp_hcmd;

typedef struct cp_host {
    cp_cfg cfg;
    int prog;
    cp_host_params prm;
    uint32_t cam_n;
    uint32_t base[4], iwid[8]; /* from the program image */
    /* command queue */
    cp_hcmd *q;
    size_t qn, qcap, qhead;
    int *tags; /* tags of outstanding reads, in order */
    size_t tn, tcap, thead;
    int phase;
    int loaded; /* the initial program load has completed */
    int copy_step;
    int eos;
    uint64_t now, wait_until;
    /* copy buffers */
    uint32_t *ckey, *cvalid, *da[4];
    uint32_t ireg[8], irq_upc, processed, status;
    uint32_t last_processed;
    /* results */
    cp_slot_rec *slots;
    size_t nslots, capslots;
    cp_edge_rec *edges;
    size_t nedges, capedges;
    uint64_t interrupts, thrash_irqs, full_irqs, slots_copied, lost_at_irq;
    uint64_t masked, reads, writes;
    /* filter state kept by the host */
    uint8_t *bt;
    /* final read-back of the co-processor's bit table against this copy */
    uint64_t bt_checked, bt_set, bt_mismatch;
    uint32_t part_bits, part;
    uint64_t next_tick, ticks, next_copy, timer_copies, next_remask, remasks;
    /* per-pc copy counts for masking decisions (open addressing) */
    uint32_t *mk_pc;
    uint32_t *mk_cnt;
    size_t mk_cap;
    int oom;
} cp_host;

/* img: the program (cp_assemble). Returns 0, or -1 with msg (128 B). */
int cp_host_init(cp_host *h, const cp_cfg *cfg, const cp_image *img, int prog,
                 const cp_host_params *prm, char *msg);
void cp_host_free(cp_host *h);
/* The command offered this cycle: 1 (and *c filled) or 0. */
int cp_host_peek(const cp_host *h, cp_hcmd *c);
/* After the clock: accepted = the offered command was taken; rsp_taken =
 * a response was consumed (rsp_data); irq = the co-processor's irq output;
 * eos = the retire stream has ended. */
void cp_host_cycle(cp_host *h, int accepted, int rsp_taken, uint64_t rsp_data, int irq, int eos);
/* The final copy is complete. */
int cp_host_done(const cp_host *h);
/* Every queued command accepted and every read response back: the next
 * cp_host_cycle may take a decision. */
int cp_host_idle(const cp_host *h);
/* While idle: the first value of `now` at which the next cp_host_cycle takes
 * a decision whatever its irq and eos inputs (a timer; now + 1 outside the
 * run phase; UINT64_MAX if none). With eos, the run phase also decides once
 * now >= wait_until; with irq, at once. (Virtual time, cp_vtime.h.) */
uint64_t cp_host_deadline(const cp_host *h);

#ifdef __cplusplus
}
#endif
#endif
