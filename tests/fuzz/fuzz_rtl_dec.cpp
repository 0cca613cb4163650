// SPDX-License-Identifier: Apache-2.0
//
// Differential libFuzzer target: the RTL payload decoder of the link
// (rtl/link/hwp_link_dec.v, Verilated; C++ because Verilator's models are)
// against the C decoder the device emulator and the host use
// (hwl_tuples_decode, cmodel/link/link.c), on the same TUPLES payload.
// Input: one byte choosing the decoder build (low 2 bits) and seeding the
// random output backpressure, then the payload (at most 256 bytes, as in a
// packet). The two must agree: the C decoder refuses the payload exactly
// when the RTL flags an error or ends inside a record (the link refuses such
// a packet), and on an accepted payload the RTL emits exactly the C
// decoder's records, field for field (retire value and address: the low
// bits the build keeps). Any disagreement traps.
//   make fuzz FUZZ_TARGET=rtl_dec FUZZ_SECONDS=600
#include <cstdint>
#include <cstring>
#include <vector>

#include "Vdec_r16.h"
#include "Vdec_t1w32.h"
#include "Vdec_t2w32.h"
#include "Vdec_t2w64.h"
#include "verilated.h"

extern "C" {
#include "link/link.h"
}

double sc_time_stamp() { return 0; }

namespace {

struct Rec {
    uint64_t f0, f1, f2, f3;
};

// Runs one payload through a decoder build; returns its records and verdict.
template <class V>
bool run_rtl(const uint8_t *p, size_t n, uint64_t seed, std::vector<Rec> *out)
{
    static VerilatedContext ctx;
    V d(&ctx);
    auto tick = [&] {
        d.clk_i = 0;
        d.eval();
        d.clk_i = 1;
        d.eval();
    };
    d.rst_i = 1;
    d.clear_i = 0;
    d.mode_i = 0;
    d.in_valid_i = 0;
    d.out_ready_i = 0;
    d.in_byte_i = 0;
    tick();
    tick();
    d.rst_i = 0;
    d.clear_i = 1;
    tick();
    d.clear_i = 0;
    size_t i = 0;
    uint64_t s = seed | 1;
    for (int guard = 0; guard < 8 * 256 + 64; guard++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        d.out_ready_i = (s & 3) != 0;
        d.in_valid_i = i < n;
        d.in_byte_i = i < n ? p[i] : 0;
        d.clk_i = 0;
        d.eval();
        bool took = d.in_valid_i && d.in_ready_o;
        if (d.out_valid_o && d.out_ready_i)
            out->push_back(Rec{d.out_f0_o, d.out_f1_o, d.out_f2_o, d.out_f3_o});
        d.clk_i = 1;
        d.eval();
        if (took) i++;
        if (i == n && !d.out_valid_o) break;
    }
    if (i != n || d.out_valid_o) __builtin_trap(); // the decoder stopped taking bytes
    bool bad = d.err_o || !d.idle_o;
    d.final();
    return bad;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int build = data[0] & 3;
    uint64_t seed = 0x9E3779B97F4A7C15ull * (uint64_t)(data[0] + 1);
    const uint8_t *pl = data + 1;
    size_t n = size - 1;
    if (n > HWL_MAX_PAYLOAD) n = HWL_MAX_PAYLOAD;

    static const hwl_kind kinds[4] = {
        {HWP_KIND_TUPLE2, 64, 64}, {HWP_KIND_TUPLE2, 32, 32}, {HWP_KIND_TUPLE1, 32, 0},
        {HWP_KIND_RETIRE, 16, 0}};
    std::vector<Rec> rtl;
    bool rtl_bad = build == 0   ? run_rtl<Vdec_t2w64>(pl, n, seed, &rtl)
                   : build == 1 ? run_rtl<Vdec_t2w32>(pl, n, seed, &rtl)
                   : build == 2 ? run_rtl<Vdec_t1w32>(pl, n, seed, &rtl)
                                : run_rtl<Vdec_r16>(pl, n, seed, &rtl);
    static hwp_rec c[HWL_MAX_PAYLOAD];
    char msg[256] = "";
    long m = hwl_tuples_decode(&kinds[build], pl, n, c, HWL_MAX_PAYLOAD, msg, sizeof msg);
    if ((m < 0) != rtl_bad) __builtin_trap(); // one refuses, the other accepts
    if (m < 0) return 0;
    if ((size_t)m != rtl.size()) __builtin_trap();
    for (long k = 0; k < m; k++) {
        const Rec &r = rtl[(size_t)k];
        uint64_t f1 = kinds[build].kind == HWP_KIND_TUPLE2 ? c[k].b : 0;
        uint64_t f2 = 0, f3 = 0;
        if (kinds[build].kind == HWP_KIND_RETIRE) {
            uint64_t meta = (uint64_t)c[k].cls | (uint64_t)c[k].flags << 8 |
                            (uint64_t)c[k].len << 16 | (uint64_t)c[k].rd << 24;
            f1 = meta << 32 | c[k].insn;
            f2 = c[k].value & 0xffffffffull; // the build keeps 32 value and address bits
            f3 = c[k].addr & 0xffffffffull;
        }
        if (r.f0 != c[k].a || r.f1 != f1) __builtin_trap();
        if (kinds[build].kind == HWP_KIND_RETIRE && (r.f2 != f2 || r.f3 != f3)) __builtin_trap();
    }
    return 0;
}
