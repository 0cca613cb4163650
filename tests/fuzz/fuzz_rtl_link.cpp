// SPDX-License-Identifier: Apache-2.0
//
// Differential libFuzzer target at the frame level: the whole device side of
// the link in RTL (rtl/board/hwp_board_core.v with strat: UART, SLIP deframer, CRC,
// sequencing, receive buffer, TUPLES / CONFIG decoder, replies, output
// queue, with a small strat engine behind it; Verilated, C++ because
// Verilator's models are) against the C device emulator (cmodel/link/devemu.c)
// with the same engine sizes, fed the same line bytes.
// Input: the line script of fuzz_input.h (raw bytes, correct frames, frames
// with a flipped byte). Each chunk goes to the RTL bit by bit through its UART
// pin at the current divisor, and the RTL runs until its line has been idle
// for QUIET bit times; the same chunk goes to the emulator, which then applies
// everything and drains its replies. The replies of each chunk must agree
// packet for packet (type, seq, payload), except two STATUS fields that are
// not link behaviour: engine input stall cycles and engine cycles (clocks in
// the RTL, records in the emulator). Bytes outside frames, a reply frame that
// does not deframe, or a different number of replies trap as well.
// SET_BAUD is followed: the next chunk goes at the divisor the emulator
// switched to; a run stops where that divisor exceeds 64 clocks per bit
// (simulation time), and the fall-back to the boot rate is not exercised
// (the run is far shorter than the fall-back interval; the RTL's fall-back
// is checked by tb/board/host_smoke.py in the board-pty-* checks).
//   make fuzz FUZZ_TARGET=rtl_link FUZZ_SECONDS=600
// HWP_FUZZ_TRACE=1 build/fuzz/fuzz_rtl_link FILE prints every chunk and both replies.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "Vlink_strat.h"
#include "verilated.h"

extern "C" {
#include "fuzz_input.h"
#include "link/devemu.h"
#include "link/link.h"
}

double sc_time_stamp() { return 0; }

namespace {

// Board-core parameters of the Verilated build (tests/fuzz/build_rtl_link.sh)
// and the emulator's configuration; CLK_KHZ 461 makes the boot divisor
// (115200 baud) 1024 = 4.0 clocks per bit in both.
const uint32_t kClkKhz = 461;
const int kSlots = 4;          // NS_LOG 2
const size_t kQuietBits = 40;  // idle line after a chunk, in bit times (plus kQuietClk)
const uint64_t kQuietClk = 1000;
const uint32_t kMaxDiv = 64u << 8;

struct Rtl {
    VerilatedContext ctx;
    Vlink_strat m{&ctx};
    uint64_t clk = 0;
    // receiver of the device's line
    int rx_state = 0;       // 0 idle, else bits sampled so far + 1
    uint64_t rx_next = 0;   // clock of the next sample, in 1/256 clock
    uint32_t rx_div = 0;
    unsigned rx_sh = 0;
    std::vector<uint8_t> got;
    bool ferr = false;

    void tick(uint32_t div)
    {
        m.clk_i = 0;
        m.sim_eclk_i = 0;
        m.eval();
        m.clk_i = 1;
        m.sim_eclk_i = 1;
        m.eval();
        clk++;
        uint64_t now = clk << 8;
        bool line = m.uart_tx_o;
        if (rx_state == 0) {
            if (!line) {   // start bit: the device's transmitter changes the line at a clock edge
                rx_state = 1;
                rx_div = div;
                rx_next = now + rx_div / 2;
            }
        } else if (now >= rx_next) {
            if (rx_state >= 2 && rx_state <= 9) rx_sh |= (unsigned)line << (rx_state - 2);
            if (rx_state == 1 && line) rx_state = -1;      // not a start bit after all
            if (rx_state == 10) {
                if (!line) ferr = true;
                got.push_back((uint8_t)rx_sh);
                rx_sh = 0;
                rx_state = -1;
            }
            if (rx_state < 0) rx_state = 0;
            else { rx_state++; rx_next += rx_div; }
        }
    }
    // Sends bytes on the device's receive pin at div (24.8 clocks per bit).
    void send(const uint8_t *p, size_t n, uint32_t div)
    {
        uint64_t t = clk << 8;
        for (size_t i = 0; i < n; i++) {
            unsigned frame = 0x200u | ((unsigned)p[i] << 1);
            for (int b = 0; b < 10; b++) {
                m.uart_rx_i = (frame >> b) & 1;
                t += div;
                while ((clk << 8) < t) tick(div);
            }
        }
        m.uart_rx_i = 1;
    }
    // Runs until the device's line has been idle for the quiet time.
    void settle(uint32_t div)
    {
        uint64_t quiet = kQuietBits * div / 256 + kQuietClk, idle = 0;
        while (idle < quiet) {
            tick(div);
            idle = (rx_state == 0 && m.uart_tx_o) ? idle + 1 : 0;
        }
    }
};

// Packets of a reply stream; false if a byte lies outside a frame or a frame
// does not deframe or parse.
bool packets(const std::vector<uint8_t> &b, std::vector<std::vector<uint8_t>> *out)
{
    hwl_deframer df;
    hwl_deframer_init(&df);
    bool open = false;   // bytes since the last END
    for (uint8_t c : b) {
        open = c != HWL_END;
        int rc = hwl_deframe_byte(&df, c);
        if (rc < 0) return false;
        if (rc != HWL_DF_FRAME) continue;
        hwl_pkt p;
        if (hwl_pkt_parse(df.buf, df.n, &p) != HWL_P_OK) return false;
        out->push_back(std::vector<uint8_t>(df.buf, df.buf + df.n - 2));   // without the CRC
    }
    return !open;
}

// STATUS payload with fields 2 and 9 (stall cycles, engine cycles) zeroed.
void mask_status(std::vector<uint8_t> *body)
{
    if (body->size() < HWL_HDR || (*body)[0] != HWL_STATUS) return;
    const uint8_t *p = body->data() + HWL_HDR;
    size_t n = body->size() - HWL_HDR, pos = 0;
    std::vector<uint8_t> o(body->begin(), body->begin() + HWL_HDR);
    for (int i = 0; pos < n; i++) {
        uint64_t v;
        if (hwl_uvar_get(p, n, &pos, &v) != 0) return;
        if (i == HWL_ST_STALLS || i == HWL_ST_CYCLES) v = 0;
        uint8_t tmp[HWL_VARINT_MAX];
        size_t k = hwl_uvar_put(tmp, v);
        o.insert(o.end(), tmp, tmp + k);
    }
    o[2] = (uint8_t)((o.size() - HWL_HDR) & 0xff);   // length field as rebuilt
    o[3] = (uint8_t)((o.size() - HWL_HDR) >> 8);
    *body = o;
}

void dump(const char *who, const std::vector<std::vector<uint8_t>> &ps)
{
    for (const auto &p : ps) {
        fprintf(stderr, "  %s:", who);
        for (uint8_t c : p) fprintf(stderr, " %02x", c);
        fprintf(stderr, "\n");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    hwl_dev_cfg cfg;
    hwl_dev_cfg_default(&cfg, HWL_ENG_STRAT);
    cfg.clk_khz = kClkKhz;
    cfg.slots = kSlots;
    cfg.st.width = 16;
    cfg.st.idx_bits = 4;
    cfg.st.ways = 2;
    cfg.st.cnt_bits = 8;
    cfg.st.miss_bits = 3;
    cfg.st.tag_bits = 2;
    cfg.st.ak_entries = 2;
    cfg.st.fifo_bits = 2;
    cfg.st.hash_seed = 1;
    hwl_dev *d;
    char msg[256];
    if (hwl_dev_new(&d, &cfg, msg, sizeof msg)) {
        fprintf(stderr, "fuzz_rtl_link: %s\n", msg);
        __builtin_trap();
    }
    static Rtl *r = nullptr;
    delete r;   // a fresh device per input
    r = new Rtl;
    r->m.uart_rx_i = 1;
    // power-on reset, PLL lock and the engine domain's reset handshake
    for (int i = 0; i < 64; i++) r->tick(hwl_dev_divisor(d));
    r->settle(hwl_dev_divisor(d));

    static const bool trace = getenv("HWP_FUZZ_TRACE") != nullptr;   // every chunk and its replies
    fz_script s = {data, size, 0};
    uint8_t chunk[HWL_MAX_FRAME];
    size_t n, step = 0;
    while ((n = fz_next_chunk(&s, chunk)) > 0) {
        uint32_t div = hwl_dev_divisor(d);
        if (div > kMaxDiv) break;
        r->got.clear();
        r->send(chunk, n, div);
        r->settle(div);
        hwl_dev_rx(d, chunk, n, 0);
        hwl_dev_run(d, 0);
        std::vector<uint8_t> em;
        uint8_t buf[512];
        size_t k;
        while ((k = hwl_dev_tx(d, buf, sizeof buf, 0)) > 0) em.insert(em.end(), buf, buf + k);
        std::vector<std::vector<uint8_t>> pr, pe;
        bool okr = packets(r->got, &pr) && !r->ferr, oke = packets(em, &pe);
        for (auto &p : pr) mask_status(&p);
        for (auto &p : pe) mask_status(&p);
        if (trace) {
            fprintf(stderr, "chunk %zu, divisor 0x%x\n", step, div);
            dump("chunk", {std::vector<uint8_t>(chunk, chunk + n)});
            dump("rtl", pr);
            dump("emu", pe);
        }
        if (!okr || !oke || pr != pe) {
            fprintf(stderr, "fuzz_rtl_link: chunk %zu (%zu bytes, divisor 0x%x): RTL %s, emulator %s\n",
                    step, n, div, okr ? "framed" : "UNFRAMED", oke ? "framed" : "UNFRAMED");
            dump("chunk", {std::vector<uint8_t>(chunk, chunk + n)});
            dump("rtl", pr);
            dump("emu", pe);
            __builtin_trap();
        }
        step++;
    }
    hwl_dev_free(d);
    return 0;
}
