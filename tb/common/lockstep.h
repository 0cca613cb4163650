// SPDX-License-Identifier: Apache-2.0
//
// hwprof lockstep harness: the contract between the generic driver
// (tb/common/lockstep_main.cpp) and one engine's adapter (tb/<engine>/adapter.cpp).
//
// The driver reads a trace, and every clock cycle chooses, from a seeded
// random generator, whether to offer the next record (random idle cycles) and
// which output streams are ready (random backpressure). The adapter drives
// the identical inputs into the Verilated RTL and the C cycle model, compares
// every output of that cycle (model = expected, RTL = actual) and clocks both.
// The architectural state (tables, counters) is compared whenever the adapter
// reports a structural event, and at the end.
//
// C model convention (cmodel/<engine>/): one step() per clock,
//   void x_step(x_t *m, const x_in_t *in, x_out_t *out);
// `out` receives the outputs visible during this cycle (before the edge), and
// the state advances to the value after the rising edge. Mealy outputs (e.g. a
// ready that depends on the downstream ready) are therefore fine.
#ifndef HWP_LOCKSTEP_H
#define HWP_LOCKSTEP_H

#include <cstdarg>
#include <cstdint>
#include <string>
#include <vector>
#include <map>

#include "trace.h"

namespace hwp {

struct Mismatch {
    std::string field;  // e.g. "out_index", "table[2][0x1f3]"
    uint64_t expected;  // C model
    uint64_t actual;    // RTL
};

// Collects every mismatch of one step; the driver prints them all and stops.
class Checker {
public:
    void eq(const char *field, uint64_t expected, uint64_t actual) {
        if (expected != actual) list_.push_back(Mismatch{field, expected, actual});
    }
    // printf-style field name, for table entries: chk.eqf(e, a, "cnt[%d][%d]", t, i)
    void eqf(uint64_t expected, uint64_t actual, const char *fmt, ...)
        __attribute__((format(printf, 4, 5))) {
        if (expected == actual) return;
        char buf[160];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        list_.push_back(Mismatch{buf, expected, actual});
    }
    // A failure that is not a value comparison (e.g. a model error).
    void fail(const std::string &what) { list_.push_back(Mismatch{what, 0, 0}); }
    bool any() const { return !list_.empty(); }
    const std::vector<Mismatch> &list() const { return list_; }
    void clear() { list_.clear(); }
private:
    std::vector<Mismatch> list_;
};

// Engine options from the command line: --param key=value (repeatable), plus
// the seed and the trace's description.
struct Options {
    uint64_t seed = 1;
    hwp_trace_info trace{};
    std::map<std::string, std::string> params;
    // Integer parameter (decimal or 0x hex); aborts with a clear message on a
    // malformed value. Records which keys were used so unknown keys are errors.
    long long get_int(const std::string &key, long long dflt) const;
    double get_double(const std::string &key, double dflt) const;
    std::string get_str(const std::string &key, const std::string &dflt) const;
    mutable std::map<std::string, bool> used;
};

// What the driver applies in one cycle.
struct CycleIn {
    bool in_valid;       // a record is offered this cycle
    hwp_rec rec;         // the record (meaningful when in_valid)
    bool eos;            // every record has been accepted: end of stream
    uint32_t out_ready;  // bit i: output stream i is ready this cycle
};

class Adapter {
public:
    virtual ~Adapter() {}
    // Output streams that receive random backpressure (bits of out_ready).
    virtual int n_outputs() const = 0;
    // Resets RTL and model (the driver calls it once, before cycle 0).
    virtual void reset() = 0;
    // One clock. Drive `in` into both sides, compare every output of the
    // cycle into chk (use chk.eq("field", model, rtl)), clock both. Returns
    // whether the offered record was accepted (in_valid && ready) according
    // to the model; the adapter must also compare the ready signals in chk.
    virtual bool cycle(const CycleIn &in, Checker &chk) = 0;
    // True if the cycle just run caused a structural event (table rewrite,
    // split, merge, interval end, ...): the driver then calls compare_state.
    virtual bool structural_event() const { return false; }
    // Compare the architectural state (tables, counters) of RTL and model.
    virtual void compare_state(Checker &chk) = 0;
    // After eos: true once both sides have finished (all output drained).
    virtual bool drained() const = 0;
    // Extra key=value pairs for the PASS line (e.g. "messages=42").
    virtual std::string summary() const { return ""; }
    // Waveform control; the adapter owns the Verilated model.
    virtual void wave_open(const char *path) = 0;
    virtual void wave_close() = 0;
};

// Implemented once per engine in tb/<engine>/adapter.cpp.
Adapter *make_adapter(const Options &opt);
// Name printed in PASS/FAIL lines (engine=...).
extern const char *const kEngineName;

}  // namespace hwp

#endif
