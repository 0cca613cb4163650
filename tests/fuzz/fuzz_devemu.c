/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for the C device emulator's host-frame decoder and packet
 * handling (cmodel/link/devemu.c), with each engine's functional model behind
 * it. Input: one byte choosing the engine (1 + b % 5) and the receive slots
 * (1 + (b >> 3) % 8), then the line script of fuzz_input.h, fed chunk by chunk
 * with the engine run and the replies drained in between. Besides crashes,
 * leaks and undefined behaviour it traps when the device sends a frame that
 * does not deframe and parse as a device packet (the device never puts a
 * corrupt frame on the line, whatever it receives).
 *   make fuzz FUZZ_TARGET=devemu FUZZ_SECONDS=600
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_input.h"
#include "link/devemu.h"
#include "link/link.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void drain(hwl_dev *d, hwl_deframer *df, double now)
{
    uint8_t out[512];
    size_t n;
    while ((n = hwl_dev_tx(d, out, sizeof out, now)) > 0) {
        for (size_t i = 0; i < n; i++) {
            int rc = hwl_deframe_byte(df, out[i]);
            if (rc < 0) __builtin_trap();
            if (rc != HWL_DF_FRAME) continue;
            hwl_pkt p;
            if (hwl_pkt_parse(df->buf, df->n, &p) != HWL_P_OK) __builtin_trap();
            if (!hwl_dev_type(p.type)) __builtin_trap();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    hwl_dev_cfg cfg;
    hwl_dev_cfg_default(&cfg, 1 + data[0] % 5);
    cfg.slots = 1 + (data[0] >> 3) % 8;
    hwl_dev *d;
    char msg[256];
    if (hwl_dev_new(&d, &cfg, msg, sizeof msg)) __builtin_trap(); /* defaults always build */
    hwl_deframer df;
    hwl_deframer_init(&df);
    fz_script s = {data, size, 1};
    uint8_t chunk[HWL_MAX_FRAME];
    size_t n;
    double now = 0;
    while ((n = fz_next_chunk(&s, chunk)) > 0) {
        hwl_dev_rx(d, chunk, n, now);
        hwl_dev_run(d, 64);
        drain(d, &df, now);
        now += 1.0;
        hwl_dev_tick(d, now);
    }
    hwl_dev_run(d, 0);
    drain(d, &df, now);
    hwl_dev_free(d);
    return 0;
}
