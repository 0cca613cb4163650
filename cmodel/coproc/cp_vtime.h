/* SPDX-License-Identifier: Apache-2.0
 *
 * Virtual time for the profiling co-processor on a slow link
 * (docs/protocol.md, "coproc: virtual time").
 *
 * `hwprof run --engine coproc` couples the host software (cp_host) to the
 * cycle model clock by clock: one retired record per cycle, one host-port
 * command offered per cycle, a read response every cycle it is ready. Over a
 * UART the host cannot answer within a cycle, so the board runs the
 * co-processor in virtual time: a cycle of the co-processor (ce_i = 1) runs
 * only when everything the C system would feed it in that cycle is known on
 * the board, and the host tells the board how far it may run:
 *
 *   BATCH  offer the queued host-port commands in order, each until it is
 *          accepted; stop at the cycle the command queue runs empty (or, for
 *          the segment holding the host's last queued command, at the cycle
 *          the last read response returns);
 *   RUN    no commands; stop after the first cycle with irq = 1, or whose
 *          cycle count reaches T_timer, or with eos = 1 and count >= T_eos.
 *
 * Either stops early (before a cycle) when fewer than two retire records
 * are buffered and the end of stream has not arrived (the cycle's eos bit
 * is not known yet). Every stop reports the cycle count, irq and eos of the
 * last cycle and the commands accepted; every read response is reported in
 * order. cp_host only decides when it is idle (every queued command accepted,
 * every response back) and its decisions depend only on now, irq and eos
 * (and the data it read), so the host replays the reported cycles through
 * cp_host_cycle (cp_vhost_report) and continues exactly as `hwprof run`.
 *
 * cp_seq is the board's sequencer in C (the device emulator uses it and the
 * RTL shell follows it); cp_vhost is the host side (hwprof stream).
 */
#ifndef HWP_CP_VTIME_H
#define HWP_CP_VTIME_H

#include <stddef.h>
#include <stdint.h>

#include "coproc/coproc.h"
#include "coproc/cp_host.h"
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* HOSTOP entry ops (payload: entries of op u8, addr u16 LE, wdata u64 LE) */
enum {
    CPV_OP_READ = CP_H_READ, CPV_OP_WRITE = CP_H_WRITE, CPV_OP_CMD = CP_H_CMD,
    CPV_OP_RUN = 0x10,   /* start RUN, wdata = T_timer */
    CPV_OP_TEOS = 0x11,  /* wdata = T_eos (for the next RUN) */
    CPV_OP_BATCH = 0x12, /* start BATCH; addr bit 0: this segment ends the host's queue */
    CPV_OP_FIN = 0x13    /* queue END and report done */
};
#define CPV_ENTRY 11u /* bytes per HOSTOP entry */
/* output record tags */
#define CPV_TAG_RDATA 0x01u /* data */
#define CPV_TAG_STOP 0x03u  /* cycles, flags (bit 0 irq, bit 1 eos), commands accepted */

typedef struct cpv_entry {
    uint8_t op;
    uint16_t addr;
    uint64_t data;
} cpv_entry;

/* ------------------------------------------------------------ board side */

enum { CPS_IDLE = 0, CPS_BATCH = 1, CPS_RUN = 2 };

typedef struct cp_seq {
    coproc m;
    hwp_rec *rf;        /* retire FIFO */
    size_t rcap, rh, rn;
    cpv_entry *cf;      /* host-port command FIFO */
    size_t ccap, ch, cn;
    int eos_rx;         /* end of stream received */
    int mode, last;
    uint64_t vc;        /* virtual cycles run */
    uint64_t t_timer, t_eos;
    uint64_t consumed;  /* retire records taken by the co-processor */
    uint64_t accepted;  /* commands accepted since the last stop */
    uint32_t outstanding;
    int irq, eos;       /* of the last virtual cycle */
    int fin;            /* FIN received */
} cp_seq;

/* rcap, ccap: FIFO depths (rcap >= 2). 0 or -1 with msg (128 B). */
int cp_seq_init(cp_seq *s, const cp_cfg *cfg, int riscv, size_t rcap, size_t ccap, char *msg);
void cp_seq_free(cp_seq *s);
/* 1 if taken, 0 if the FIFO is full */
int cp_seq_push_rec(cp_seq *s, const hwp_rec *r);
/* A HOSTOP entry: 1 if taken, 0 if it must wait (command FIFO full), -1 bad op. */
int cp_seq_entry(cp_seq *s, const cpv_entry *e);
void cp_seq_eos(cp_seq *s);
/* Up to two output records of one clock */
typedef struct cps_out {
    int n;
    uint8_t tag[2];
    int nf[2];
    uint64_t f[2][3];
} cps_out;
/* One board clock. room: output records the queue can take now. Returns 1
 * if a virtual cycle ran (ce = 1). */
int cp_seq_clock(cp_seq *s, size_t room, cps_out *o);

/* ------------------------------------------------------------ host side */

typedef struct cp_vhost {
    cp_host *h;
    size_t ccap;      /* board's command FIFO depth */
    size_t infl;      /* commands sent to the board and not yet accepted */
    uint64_t requests, replayed;
} cp_vhost;

void cp_vhost_init(cp_vhost *v, cp_host *h, size_t ccap);
/* The next request (entries to send after the records); returns the count
 * (<= ccap + 2). */
size_t cp_vhost_request(cp_vhost *v, cpv_entry *e);
/* A STOP report with the read data that came before it: replays the cycles
 * through cp_host_cycle. 0, or -1 with msg (200 B) if the report cannot be
 * (a protocol error). */
int cp_vhost_report(cp_vhost *v, uint64_t vc, unsigned flags, uint64_t accepted,
                    const uint64_t *rdata, size_t nr, char *msg);

#ifdef __cplusplus
}
#endif
#endif
