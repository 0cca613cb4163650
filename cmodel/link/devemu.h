/* SPDX-License-Identifier: Apache-2.0
 *
 * The device side of the hwprof link protocol in C (docs/protocol.md): the
 * reference of what the board tops (fpga/<board>/hwp_board.v) do, with the engines' C functional
 * models behind it (mhash, strat, rap, pfp, coproc). Bytes in, bytes out; no I/O of its
 * own, so it runs behind a pseudo-terminal (tests/link/devemu_main.c) or an
 * in-memory pipe (tests/unit/test_link.c).
 *
 * Receive buffer: `slots` packets; sequenced packets are checked on arrival,
 * stored, acknowledged, and applied in order by hwl_dev_run(). The output
 * queue holds `outq_cap` records: the engine takes a record only when the
 * queue has room for the most that record can produce, else it stalls (the
 * end-of-stream dump is queued whole). Engine "cycles" in STATUS are the
 * records the functional model processed.
 */
#ifndef HWP_LINK_DEVEMU_H
#define HWP_LINK_DEVEMU_H

#include <stddef.h>
#include <stdint.h>

#include "coproc/coproc.h"
#include "link/link.h"
#include "mhash/mhash.h"
#include "pfp/pfp.h"
#include "rap/rap.h"
#include "strat/strat.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hwl_dev_cfg {
    int engine;        /* HWL_ENG_MHASH, HWL_ENG_STRAT, HWL_ENG_RAP or HWL_ENG_PFP */
    int board;         /* INFO board id (0 = simulation) */
    uint32_t clk_khz;  /* INFO clock */
    int slots;         /* receive buffer packets, 1..63 */
    size_t outq_cap;   /* output records before the engine stalls */
    /* build parameters, and the reset values of the run-time registers */
    mhash_params mh;
    strat_cfg st;
    rap_cfg rp;
    int rp_live_sum; /* rap: LIVE_SUM, COUNTERS field 8 is the live-node sum (1) or 0 */
    pfp_params pf;
    /* coproc: sizes, DFE decodes RISC-V (1), and the shell's FIFOs in
     * virtual time (cmodel/coproc/cp_vtime.h): retire records 2^cp_rf_aw,
     * host-port commands 2^cp_cf_aw */
    cp_cfg cp;
    int cp_riscv, cp_rf_aw, cp_cf_aw;
    /* A board that feeds its engine itself (the SoC of docs/soc.md, the
     * link's SRC = 1; mhash, strat and rap): INFO says record kind 0, TUPLES
     * is refused (ERR(STATE)), and after EOS the engine takes the src_n
     * records at src_rec (the engine's record kind, within its field widths)
     * before its end of stream, as the SoC's engine takes the core's events.
     * STATUS field 1 is then their count: 0 until done, at most 2^32 - 1,
     * as hwp_shell_cdc reports it. src = 0: the host's records. */
    int src;
    const hwp_rec *src_rec;
    uint64_t src_n;
} hwl_dev_cfg;

/* Defaults: the engine's `hwprof run` defaults, 8 slots, 256 records,
 * 48 MHz. pfp's figures do not depend on input timing (docs/protocol.md), so
 * the model runs the whole stream at EOS (pfp_run). */
void hwl_dev_cfg_default(hwl_dev_cfg *c, int engine);

typedef struct hwl_dev hwl_dev;

int hwl_dev_new(hwl_dev **out, const hwl_dev_cfg *cfg, char *msg, size_t n);
void hwl_dev_free(hwl_dev *d);
/* Bytes from the line (now_ms: a monotonic time for the SET_BAUD fallback). */
void hwl_dev_rx(hwl_dev *d, const uint8_t *p, size_t n, double now_ms);
/* Applies stored packets: at most budget records (0 = no limit; for the
 * co-processor, whose program may loop without ever idling, at most 2^16 of
 * its cycles per call: call again to go on). */
void hwl_dev_run(hwl_dev *d, uint64_t budget);
/* Moves up to cap pending reply bytes to out; returns the count. A pending
 * rate switch takes effect once the bytes before it have been taken. */
size_t hwl_dev_tx(hwl_dev *d, uint8_t *out, size_t cap, double now_ms);
/* SET_BAUD fallback: no valid packet within 100 ms of a switch. */
void hwl_dev_tick(hwl_dev *d, double now_ms);
uint32_t hwl_dev_divisor(const hwl_dev *d);
uint32_t hwl_dev_baud(const hwl_dev *d);
/* STATUS counters (HWL_ST_*) plus the device's own: */
const uint64_t *hwl_dev_status(const hwl_dev *d);
uint64_t hwl_dev_overruns(const hwl_dev *d); /* packets beyond the credit, dropped */

#ifdef __cplusplus
}
#endif
#endif
