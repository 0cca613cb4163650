// SPDX-License-Identifier: Apache-2.0
//
// Small wrapper around a Verilated top with a clk_i / rst_i pair: tick() is
// one full clock (falling half, rising half) with optional FST dumping.
#ifndef HWP_VTOP_H
#define HWP_VTOP_H

#include <memory>
#include <verilated.h>
#include <verilated_fst_c.h>

namespace hwp {

// Bits [lsb, lsb+w) (w <= 64) of a Verilated signal of any width.
template <typename T>
inline uint64_t vbits(const T &v, int lsb, int w)
{
    uint64_t x = lsb >= 64 ? 0 : (uint64_t)v >> lsb;
    return w >= 64 ? x : x & ((1ull << w) - 1);
}
template <std::size_t N>
inline uint64_t vbits(const VlWide<N> &v, int lsb, int w)
{
    uint64_t r = 0;
    for (int i = 0; i < w; i++) {
        int b = lsb + i;
        if (b / 32 < (int)N && ((v[b / 32] >> (b % 32)) & 1u)) r |= 1ull << i;
    }
    return r;
}
// Sets bits [lsb, lsb+w) of a wide signal.
template <std::size_t N>
inline void vset(VlWide<N> &v, int lsb, int w, uint64_t x)
{
    for (int i = 0; i < w; i++) {
        int b = lsb + i;
        if (b / 32 >= (int)N) break;
        if ((x >> i) & 1) v[b / 32] |= 1u << (b % 32);
        else v[b / 32] &= ~(1u << (b % 32));
    }
}

template <class V>
class VTop {
public:
    VTop() : ctx_(new VerilatedContext), dut_(new V(ctx_.get())) {
        ctx_->traceEverOn(true);
        dut_->clk_i = 0;
        dut_->eval();
    }
    ~VTop() { wave_close(); dut_->final(); }
    V *operator->() { return dut_.get(); }
    V *dut() { return dut_.get(); }

    // Settle combinational outputs for the inputs just applied (clock low).
    void eval() { dut_->eval(); }
    // Waveform time: one clock is 40 ns, the ULX3S board clock (25 MHz), so
    // that a dump reads in real units (cycle n starts at n * 40 ns).
    static constexpr uint64_t kHalfPeriodNs = 20;
    // Rising edge, then the falling edge; dumps both halves when tracing.
    void tick() {
        dut_->eval();
        if (tfp_) tfp_->dump(time_);
        time_ += kHalfPeriodNs;
        dut_->clk_i = 1;
        dut_->eval();
        if (tfp_) tfp_->dump(time_);
        time_ += kHalfPeriodNs;
        dut_->clk_i = 0;
        dut_->eval();
    }
    void reset(int cycles = 4) {
        dut_->rst_i = 1;
        for (int i = 0; i < cycles; i++) tick();
        dut_->rst_i = 0;
    }
    void wave_open(const char *path) {
        if (tfp_) return;
        tfp_.reset(new VerilatedFstC);
        tfp_->set_time_unit("1ns");
        tfp_->set_time_resolution("1ns");
        dut_->trace(tfp_.get(), 99);
        tfp_->open(path);
    }
    void wave_close() {
        if (!tfp_) return;
        tfp_->dump(time_);
        tfp_->close();
        tfp_.reset();
    }

private:
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<V> dut_;
    std::unique_ptr<VerilatedFstC> tfp_;
    uint64_t time_ = 0;
};

}  // namespace hwp

#endif
