/* SPDX-License-Identifier: Apache-2.0
 *
 * Inside the C device (devemu.c): its state, its output queue
 * (devemu_q.c) and the interface of one engine's device side
 * (devemu_<engine>.c). devemu.c chooses the engine's hwl_dev_eng once, by its
 * INFO id, and calls it for everything that depends on the engine; register
 * ranges, reset values and INFO come from the engine's description
 * (engdesc.h).
 */
#ifndef HWP_LINK_DEVEMU_ENG_H
#define HWP_LINK_DEVEMU_ENG_H

#include "coproc/cp_vtime.h"
#include "link/devemu.h"
#include "link/engdesc.h"

#define NREG (HWL_DESC_MAXREG + 1)

/* One stored sequenced packet. */
typedef struct dslot {
    uint8_t type;
    hwp_rec recs[HWL_MAX_PAYLOAD];
    long nrec, next;
    int npairs;
    uint8_t reg[HWL_MAX_PAYLOAD / 2];
    uint64_t val[HWL_MAX_PAYLOAD / 2];
    cpv_entry ent[HWL_MAX_PAYLOAD / CPV_ENTRY]; /* HOSTOP entries (coproc) */
} dslot;

typedef struct hwl_dev_eng hwl_dev_eng;

struct hwl_dev {
    hwl_dev_cfg cfg;
    const hwl_dev_eng *eng;
    hwl_kind kind;
    hwl_deframer df;
    uint8_t *tx;
    size_t txn, txcap, txhead;
    uint8_t expect;
    int open;       /* a session is open: HELLO(1) since power-up */
    /* rate */
    uint32_t divisor, boot_div, pend_div;
    size_t pend_at; /* switch once txhead reaches this (0 = none pending) */
    int pend;
    int watch;      /* waiting for a valid packet after a switch */
    double switch_ms;
    /* receive buffer */
    dslot *slot;
    int sh, sn;
    /* registers */
    uint64_t reg[NREG], reg_reset[NREG];
    int tuples_since_reset; /* a TUPLES packet was stored since the last RESET */
    /* engine */
    int live;
    mhash_fn mh;
    strat_fn sf;
    rap_t *rp;
    uint64_t rp_live_sum; /* rap: live count after every event, summed (COUNTERS field 8) */
    pfp_rec *pr;
    size_t npr, cappr;
    cp_seq cps; /* coproc: the shell's virtual-time sequencer */
    int eos, done;
    uint64_t src_next, src_acc; /* cfg.src: records fed, records the engine took */
    /* output queue (ring of records, grows for the final dump) */
    hwl_orec *q;
    size_t qh, qn, qcap;
    int out_valid;
    uint8_t out_no, next_chunk;
    size_t out_cnt;
    /* counters */
    uint64_t st[HWL_ST_N];
    uint64_t overruns;
};

/* The output queue: one record in (0, or -1 out of memory: dropped). */
int hwl_dq_push(hwl_dev *d, const hwl_orec *r);
void hwl_dq_rec(hwl_dev *d, uint8_t tag, int nf, uint64_t f0, uint64_t f1, uint64_t f2);
/* END, and the device is done. */
void hwl_dq_end(hwl_dev *d);

/* One engine's device side. Functions the engine does not need are NULL. */
struct hwl_dev_eng {
    int id; /* HWL_ENG_* */
    /* Checks the build c beyond the description (the model accepts it, the
     * output queue holds what one event can produce): 0, or -1 with msg. */
    int (*check_build)(const hwl_dev_cfg *c, char *msg, size_t n);
    /* The TUPLES field widths of the build. */
    void (*widths)(const hwl_dev_cfg *c, hwl_kind *k);
    /* The CONFIG registers reg (1..n) as one setting, beyond each register's
     * range: 0, or HWL_E_RANGE. */
    int (*check_config)(const hwl_dev_cfg *c, const uint64_t *reg);
    /* Builds the engine from d->cfg and d->reg: 0, or -1. */
    int (*start)(hwl_dev *d);
    void (*free)(hwl_dev *d);
    /* Output records one input record can queue at most (the engine stalls
     * until the queue has that much room). */
    size_t (*max_out)(const hwl_dev_cfg *c);
    /* One input record: 1 taken (counted as accepted), 0 dropped. */
    int (*rec)(hwl_dev *d, const hwp_rec *x);
    /* An engine with its own input FIFO (coproc) in place of rec: 1 taken,
     * 0 full (the packet waits). */
    int (*push)(hwl_dev *d, const hwp_rec *x);
    /* EOS: queues the final records; returns 1 if END follows now, 0 if the
     * engine sends it later. */
    int (*eos)(hwl_dev *d);
    /* HOSTOP entries of slot s: 1 applied, 0 wait. NULL: HOSTOP refused. */
    int (*hostop)(hwl_dev *d, dslot *s);
    /* An engine with its own clock (coproc): runs it at most budget cycles
     * (0: until it waits) and returns the cycles run; backlog is the state of
     * its FIFOs, to tell whether a run made progress. */
    uint64_t (*clock)(hwl_dev *d, uint64_t budget);
    uint64_t (*backlog)(const hwl_dev *d);
};

extern const hwl_dev_eng hwl_dev_mhash, hwl_dev_strat, hwl_dev_rap, hwl_dev_pfp, hwl_dev_coproc;

#endif
