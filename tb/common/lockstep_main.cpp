// SPDX-License-Identifier: Apache-2.0
//
// Generic lockstep driver (see lockstep.h). Reads a trace, drives one engine
// adapter with seeded random idle cycles and random backpressure, stops at the
// first cycle with any mismatch, prints every mismatch of that cycle, re-runs
// the same seed with an FST wave around the failure, and ends with one line:
//   PASS engine=... config=... events=... cycles=... seed=...
//   FAIL engine=... config=... seed=... cycle=... record=...
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "lockstep.h"

namespace hwp {

static void die_usage(const char *msg)
{
    std::fprintf(stderr, "lockstep: %s\n", msg);
    std::exit(2);
}

static bool parse_ll(const std::string &s, long long *out)
{
    if (s.empty()) return false;
    char *end;
    errno = 0;
    long long v = std::strtoll(s.c_str(), &end, 0);
    if (errno || *end) return false;
    *out = v;
    return true;
}

long long Options::get_int(const std::string &key, long long dflt) const
{
    used[key] = true;
    auto it = params.find(key);
    if (it == params.end()) return dflt;
    long long v;
    if (!parse_ll(it->second, &v)) {
        std::fprintf(stderr, "lockstep: --param %s=%s: not an integer\n", key.c_str(),
                     it->second.c_str());
        std::exit(2);
    }
    return v;
}

double Options::get_double(const std::string &key, double dflt) const
{
    used[key] = true;
    auto it = params.find(key);
    if (it == params.end()) return dflt;
    char *end;
    double v = std::strtod(it->second.c_str(), &end);
    if (it->second.empty() || *end) {
        std::fprintf(stderr, "lockstep: --param %s=%s: not a number\n", key.c_str(),
                     it->second.c_str());
        std::exit(2);
    }
    return v;
}

std::string Options::get_str(const std::string &key, const std::string &dflt) const
{
    used[key] = true;
    auto it = params.find(key);
    return it == params.end() ? dflt : it->second;
}

// splitmix64: the driver's only source of randomness, seeded by --seed.
struct Rng {
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    bool chance(double p) { return p > 0 && (double)(next() >> 11) * (1.0 / 9007199254740992.0) < p; }
};

struct Config {
    Options opt;
    std::string trace, config = "default", wave, wave_dir = ".";
    double idle = 0.25, stall = 0.25;
    uint64_t max_events = UINT64_MAX;
    uint64_t drain_limit = 50000000;
    uint64_t wave_window = 2000;
};

struct Result {
    bool fail = false;
    uint64_t cycle = 0, events = 0;
    std::string why;
    std::vector<Mismatch> mismatches;
};

// One complete run. With wave_from <= wave_to, dumps an FST of those cycles.
static Result run(const Config &cfg, uint64_t wave_from, uint64_t wave_to,
                  const std::string &wave_path)
{
    Result res;
    std::unique_ptr<Adapter> ad(make_adapter(cfg.opt));
    for (const auto &kv : cfg.opt.params) {
        if (!cfg.opt.used.count(kv.first)) {
            std::fprintf(stderr, "lockstep: unknown --param '%s' for engine %s\n",
                         kv.first.c_str(), kEngineName);
            std::exit(2);
        }
    }
    bool waving = false;
    if (!wave_path.empty() && wave_from == 0) {
        ad->wave_open(wave_path.c_str());
        waving = true;
    }
    ad->reset();

    hwp_err err;
    hwp_reader *rd = nullptr;
    if (hwp_reader_open(&rd, cfg.trace.c_str(), &err)) {
        std::fprintf(stderr, "lockstep: %s\n", err.msg);
        std::exit(1);
    }
    Rng rng{cfg.opt.seed};
    hwp_rec rec{};
    auto fetch = [&]() -> bool {
        if (res.events >= cfg.max_events) return false;
        int rc = hwp_reader_next(rd, &rec, &err);
        if (rc < 0) {
            std::fprintf(stderr, "lockstep: %s\n", err.msg);
            std::exit(1);
        }
        return rc == 1;
    };
    bool have = fetch();
    uint32_t out_mask = (ad->n_outputs() >= 32) ? 0xffffffffu : ((1u << ad->n_outputs()) - 1);
    uint64_t drain = 0;
    Checker chk;
    for (;;) {
        if (!wave_path.empty() && !waving && res.cycle == wave_from) {
            ad->wave_open(wave_path.c_str());
            waving = true;
        }
        CycleIn in{};
        in.eos = !have;
        in.in_valid = have && !rng.chance(cfg.idle);
        if (have) in.rec = rec;
        in.out_ready = 0;
        for (int i = 0; i < ad->n_outputs() && i < 32; i++)
            if (!rng.chance(cfg.stall)) in.out_ready |= 1u << i;
        in.out_ready &= out_mask;

        bool accepted = ad->cycle(in, chk);
        if (!chk.any() && ad->structural_event()) ad->compare_state(chk);
        if (chk.any()) {
            res.fail = true;
            res.why = "mismatch";
            res.mismatches = chk.list();
            break;
        }
        res.cycle++;
        if (accepted) {
            if (!in.in_valid) {
                res.fail = true;
                res.why = "adapter accepted a record that was not offered";
                break;
            }
            res.events++;
            have = fetch();
        }
        if (waving && res.cycle > wave_to) break;
        if (!have) {
            if (ad->drained()) break;
            if (++drain > cfg.drain_limit) {
                res.fail = true;
                res.why = "engine did not drain within " + std::to_string(cfg.drain_limit) +
                          " cycles after the end of the trace";
                break;
            }
        }
    }
    if (!res.fail && !(waving && res.cycle > wave_to)) {
        ad->compare_state(chk);
        if (chk.any()) {
            res.fail = true;
            res.why = "final state mismatch";
            res.mismatches = chk.list();
        }
    }
    if (!res.fail) res.why = ad->summary();
    if (waving) ad->wave_close();
    hwp_reader_close(rd);
    return res;
}

}  // namespace hwp

using namespace hwp;

static void usage(FILE *f)
{
    std::fprintf(f,
                 "usage: V<top> --trace FILE [options]\n"
                 "Lockstep regression of engine %s: RTL (Verilator) against the C cycle model.\n"
                 "  --trace FILE      trace (binary or text)\n"
                 "  --seed N          random seed for idle cycles and backpressure (default 1)\n"
                 "  --idle P          probability of an idle input cycle (default 0.25)\n"
                 "  --stall P         probability that an output is not ready (default 0.25)\n"
                 "  --param K=V       engine parameter (repeatable)\n"
                 "  --config NAME     configuration name for the verdict line\n"
                 "  --max-events N    stop after N records\n"
                 "  --wave FILE       dump the whole run as FST\n"
                 "  --wave-dir DIR    where the failure FST goes (default .)\n"
                 "  --wave-window N   cycles before a failure to dump (default 2000)\n",
                 kEngineName);
}

int main(int argc, char **argv)
{
    Config cfg;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> std::string {
            if (i + 1 >= argc) die_usage((a + " needs a value").c_str());
            return argv[++i];
        };
        long long v;
        if (a == "--help" || a == "-h") {
            usage(stdout);
            return 0;
        } else if (a == "--trace") {
            cfg.trace = val();
        } else if (a == "--seed") {
            if (!parse_ll(val(), &v)) die_usage("--seed: not an integer");
            cfg.opt.seed = (uint64_t)v;
        } else if (a == "--idle" || a == "--stall") {
            std::string s = val();
            char *end;
            double p = std::strtod(s.c_str(), &end);
            if (s.empty() || *end || p < 0 || p >= 1) die_usage((a + ": expected 0 <= P < 1").c_str());
            (a == "--idle" ? cfg.idle : cfg.stall) = p;
        } else if (a == "--param") {
            std::string kv = val();
            size_t eq = kv.find('=');
            if (eq == std::string::npos || eq == 0) die_usage("--param: expected KEY=VALUE");
            cfg.opt.params[kv.substr(0, eq)] = kv.substr(eq + 1);
        } else if (a == "--config") {
            cfg.config = val();
        } else if (a == "--max-events") {
            if (!parse_ll(val(), &v) || v < 0) die_usage("--max-events: not a count");
            cfg.max_events = (uint64_t)v;
        } else if (a == "--wave") {
            cfg.wave = val();
        } else if (a == "--wave-dir") {
            cfg.wave_dir = val();
        } else if (a == "--wave-window") {
            if (!parse_ll(val(), &v) || v < 1) die_usage("--wave-window: not a count");
            cfg.wave_window = (uint64_t)v;
        } else {
            usage(stderr);
            die_usage(("unknown argument '" + a + "'").c_str());
        }
    }
    if (cfg.trace.empty()) {
        usage(stderr);
        return 2;
    }
    {
        hwp_err err;
        hwp_reader *rd;
        if (hwp_reader_open(&rd, cfg.trace.c_str(), &err)) {
            std::fprintf(stderr, "lockstep: %s\n", err.msg);
            std::printf("FAIL engine=%s config=%s seed=%" PRIu64 ": cannot read trace\n",
                        kEngineName, cfg.config.c_str(), cfg.opt.seed);
            return 1;
        }
        cfg.opt.trace = *hwp_reader_info(rd);
        hwp_reader_close(rd);
    }

    Result r = run(cfg, cfg.wave.empty() ? 1 : 0, cfg.wave.empty() ? 0 : UINT64_MAX, cfg.wave);
    if (!r.fail) {
        std::printf("PASS engine=%s config=%s trace=%s events=%" PRIu64 " cycles=%" PRIu64
                    " events_per_cycle=%.3f seed=%" PRIu64 "%s%s\n",
                    kEngineName, cfg.config.c_str(), cfg.trace.c_str(), r.events, r.cycle,
                    r.cycle ? (double)r.events / (double)r.cycle : 0.0, cfg.opt.seed,
                    r.why.empty() ? "" : " ", r.why.c_str());
        return 0;
    }
    std::printf("cycle %" PRIu64 " (%" PRIu64 " records accepted): %s\n", r.cycle, r.events, r.why.c_str());
    for (const auto &m : r.mismatches) {
        if (m.expected == 0 && m.actual == 0)
            std::printf("  %s\n", m.field.c_str());
        else
            std::printf("  %-28s expected (C model) 0x%" PRIx64 "  actual (RTL) 0x%" PRIx64 "\n",
                        m.field.c_str(), m.expected, m.actual);
    }
    // Re-run the identical stimulus with a wave around the failing cycle.
    std::string wave = cfg.wave_dir + "/fail-seed" + std::to_string(cfg.opt.seed) + ".fst";
    uint64_t from = r.cycle > cfg.wave_window ? r.cycle - cfg.wave_window : 0;
    std::fflush(stdout);
    run(cfg, from, r.cycle + 2, wave);
    std::printf("wave: %s (cycles %" PRIu64 "..%" PRIu64 ")\n", wave.c_str(), from, r.cycle + 2);
    std::printf("FAIL engine=%s config=%s trace=%s seed=%" PRIu64 " cycle=%" PRIu64
                " accepted=%" PRIu64 "\n",
                kEngineName, cfg.config.c_str(), cfg.trace.c_str(), cfg.opt.seed, r.cycle,
                r.events);
    return 1;
}
