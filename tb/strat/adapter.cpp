// SPDX-License-Identifier: Apache-2.0
//
// Lockstep adapter of engine strat (rtl/strat/hwp_strat.v) against its cycle
// model (strat_cyc_* in cmodel/strat/strat.c). Every cycle it compares
// in_ready_o, out_valid_o, the message fields and done_o, and the table set
// written back in that cycle; on every sampler
// message and A_k change (and at the end) the whole counter table, the LFSR
// and the A_k entries. Every delivered message is also checked against the
// functional model (strat_fn_*) fed with the accepted events, so the three
// implementations agree on the message stream.
//
// Build-time parameters arrive as --param NAME=v (SIM_GPARAMS, the same
// values Verilator got as -G); run-time settings as --param
//   mode=r|p|cr|hr|hp|hcr|tag  rate=N  evict=N  replace=N  lfsr_seed=N  ak=0|1
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>

#include "Vhwp_strat.h"
#include "Vhwp_strat___024root.h"
#include "lockstep.h"
#include "strat/strat.h"
#include "vtop.h"

namespace hwp {

const char *const kEngineName = "strat";

// vbits() (bits of a Verilated signal of any width) comes from vtop.h.

class StratAdapter : public Adapter {
public:
    explicit StratAdapter(const Options &opt)
    {
        strat_cfg c;
        strat_cfg_default(&c);
        c.width = (int)opt.get_int("W", c.width);
        c.idx_bits = (int)opt.get_int("IDX_W", c.idx_bits);
        c.ways = (int)opt.get_int("WAYS", c.ways);
        c.cnt_bits = (int)opt.get_int("CNT_W", c.cnt_bits);
        c.miss_bits = (int)opt.get_int("MISS_W", c.miss_bits);
        c.tag_bits = (int)opt.get_int("TAG_W", c.tag_bits);
        c.ak_entries = (int)opt.get_int("AK_K", c.ak_entries);
        c.fifo_bits = (int)opt.get_int("FIFO_AW", c.fifo_bits);
        c.hash_seed = (uint32_t)opt.get_int("HASH_SEED", c.hash_seed);
        c.oreg = (int)opt.get_int("OREG", 0);
        std::string mode = opt.get_str("mode", "hp");
        c.mode = strat_mode_parse(mode.c_str());
        if (c.mode < 0) {
            std::fprintf(stderr, "strat adapter: --param mode=%s: unknown mode (r p cr hr hp hcr tag)\n",
                         mode.c_str());
            std::exit(2);
        }
        c.rate = (uint32_t)opt.get_int("rate", c.rate);
        c.evict = (uint32_t)opt.get_int("evict", c.evict);
        c.replace = (uint32_t)opt.get_int("replace", c.replace);
        c.lfsr_seed = (uint32_t)opt.get_int("lfsr_seed", c.lfsr_seed);
        c.ak_en = (int)opt.get_int("ak", c.ak_en);
        char msg[256];
        if (strat_cyc_init(&m_, &c, msg) || strat_fn_init(&f_, &c, msg)) {
            std::fprintf(stderr, "strat adapter: %s\n", msg);
            std::exit(2);
        }
        c_ = m_.cfg;
        wmask_ = c_.width >= 64 ? ~0ull : (1ull << c_.width) - 1;
        retire_ = opt.trace.kind == HWP_KIND_RETIRE;
    }
    ~StratAdapter() override
    {
        strat_cyc_free(&m_);
        strat_fn_free(&f_);
    }
    int n_outputs() const override { return 1; }
    void reset() override
    {
        v_->cfg_mode_i = (uint8_t)c_.mode;
        v_->cfg_rate_i = c_.rate;
        v_->cfg_rthr_i = c_.rthr;
        v_->cfg_evict_i = c_.evict;
        v_->cfg_replace_i = c_.replace;
        v_->cfg_seed_i = c_.lfsr_seed;
        v_->cfg_ak_en_i = c_.ak_en;
        v_->in_valid_i = 0;
        v_->flush_i = 0;
        v_->out_ready_i = 0;
        v_.reset();
        strat_cyc_reset(&m_);
    }
    bool cycle(const CycleIn &in, Checker &chk) override
    {
        if (in.eos && !flushed_) {
            strat_msg fl[STRAT_MAX_AK];
            int n = strat_fn_flush(&f_, fl);
            for (int i = 0; i < n; i++) expect_.push_back(fl[i]);
            flushed_ = true;
        }
        // the record's event (strat_event_of, the mapping hwprof uses); a
        // record that is no event (a retired non-load) is taken at once and
        // nothing is offered to either side this cycle
        uint64_t ea = 0, eb = 0;
        const bool ev = in.in_valid && strat_event_of(retire_, &in.rec, &ea, &eb);
        strat_cyc_in mi{};
        mi.in_valid = ev;
        mi.in_a = ea & wmask_;
        mi.in_b = eb & wmask_;
        mi.flush = in.eos;
        mi.out_ready = in.out_ready & 1;
        strat_cyc_out mo;
        strat_cyc_step(&m_, &mi, &mo);

        v_->in_valid_i = mi.in_valid;
        v_->in_a_i = mi.in_a;
        v_->in_b_i = mi.in_b;
        v_->flush_i = mi.flush;
        v_->out_ready_i = mi.out_ready;
        v_.eval();

        chk.eq("in_ready_o", mo.in_ready, v_->in_ready_o);
        chk.eq("out_valid_o", mo.out_valid, v_->out_valid_o);
        chk.eq("done_o", mo.done, v_->done_o);
        if (mo.out_valid && v_->out_valid_o) {
            chk.eq("out_a_o", mo.out_a, vbits(v_->out_a_o, 0, c_.width));
            chk.eq("out_b_o", mo.out_b, vbits(v_->out_b_o, 0, c_.width));
            chk.eq("out_count_o", mo.out_count, v_->out_count_o);
        }
        if (mo.out_valid && mi.out_ready) {
            if (expect_.empty()) {
                chk.fail("cycle model delivered a message the functional model did not produce");
            } else {
                const strat_msg &e = expect_.front();
                chk.eq("functional a vs cycle model", e.a, mo.out_a);
                chk.eq("functional b vs cycle model", e.b, mo.out_b);
                chk.eq("functional count vs cycle model", e.count, mo.out_count);
                expect_.pop_front();
            }
            delivered_++;
        }
        v_.tick();
        bool acc = ev && mo.in_ready;
        if (in.in_valid && !ev) skipped_++;
        if (acc) {
            strat_msg o[2];
            int n = strat_fn_event(&f_, mi.in_a, mi.in_b, o);
            for (int i = 0; i < n; i++) expect_.push_back(o[i]);
        }
        done_ = mo.done && v_->done_o;
        // the set written back this cycle (if any) must match at once
        if (m_.lw_v && !m_.clr) compare_set(chk, (int)m_.lw_set);
        return acc || (in.in_valid && !ev);
    }
    bool structural_event() const override { return m_.structural != 0; }
    void compare_set(Checker &chk, int s)
    {
        // the RTL's table: its memory, with the set updated at the last
        // advance (lw1, written into the memory at the next one) over it
        auto *r = v_->rootp;
        const auto &word = r->hwp_strat__DOT__u_tab__DOT__g_inferred__DOT__mem[s];
        const bool pend = r->hwp_strat__DOT__lw1_v_q && (int)r->hwp_strat__DOT__lw1_set_q == s;
        auto bits = [&](int lo, int n) {
            return pend ? vbits(r->hwp_strat__DOT__lw1_data_q, lo, n) : vbits(word, lo, n);
        };
        const int ew = m_.ew;
        for (int w = 0; w < c_.ways; w++) {
            const strat_ent &e = m_.tab[(size_t)s * c_.ways + w];
            int lo = w * ew;
            uint64_t hit = bits(lo, c_.cnt_bits);
            uint64_t miss = bits(lo + c_.cnt_bits, c_.miss_bits);
            uint64_t tag = bits(lo + c_.cnt_bits + c_.miss_bits, c_.tag_bits);
            uint64_t v = bits(lo + ew - 1, 1);
            if (hit != e.hit) chk.eqf(e.hit, hit, "table[set %d][way %d].hit", s, w);
            if (miss != e.miss) chk.eqf(e.miss, miss, "table[set %d][way %d].miss", s, w);
            if (v != e.v) chk.eqf(e.v, v, "table[set %d][way %d].v", s, w);
            if (e.v && tag != e.tag) chk.eqf(e.tag, tag, "table[set %d][way %d].tag", s, w);
        }
    }
    void compare_state(Checker &chk) override
    {
        auto *r = v_->rootp;
        if (!m_.clr)
            for (int s = 0; s < m_.sets; s++) compare_set(chk, s);
        chk.eq("lfsr_q", m_.lfsr, r->hwp_strat__DOT__lfsr_q);
        chk.eq("ak.ptr_q", (uint64_t)m_.ak.ptr, r->hwp_strat__DOT__u_ak__DOT__ptr_q);
        for (int i = 0; i < c_.ak_entries; i++) {
            chk.eqf(m_.ak.v[i], r->hwp_strat__DOT__u_ak__DOT__v_q[i], "ak[%d].v", i);
            if (m_.ak.v[i]) {
                chk.eqf(m_.ak.a[i], vbits(r->hwp_strat__DOT__u_ak__DOT__a_q[i], 0, c_.width), "ak[%d].a", i);
                chk.eqf(m_.ak.b[i], vbits(r->hwp_strat__DOT__u_ak__DOT__b_q[i], 0, c_.width), "ak[%d].b", i);
                chk.eqf(m_.ak.c[i], vbits(r->hwp_strat__DOT__u_ak__DOT__c_q, 32 * i, 32), "ak[%d].count", i);
            }
        }
        if (done_ && !expect_.empty())
            chk.fail("functional model has " + std::to_string(expect_.size()) +
                     " messages the cycle model never delivered");
    }
    bool drained() const override { return done_; }
    std::string summary() const override
    {
        const strat_stats &s = m_.st;
        char buf[400];
        std::snprintf(buf, sizeof buf,
                      "mode=%s rate=%u messages=%llu sampled=%llu sampled_events=%llu forced=%llu "
                      "e4=%llu e5=%llu e6=%llu ak_hits=%llu ak_evict=%llu ak_flush=%llu not_events=%llu",
                      strat_mode_name(c_.mode), c_.rate, (unsigned long long)delivered_,
                      (unsigned long long)s.samples, (unsigned long long)s.sampled_cnt,
                      (unsigned long long)s.forced, (unsigned long long)s.e4,
                      (unsigned long long)s.e5, (unsigned long long)s.e6,
                      (unsigned long long)s.ak_hits, (unsigned long long)s.ak_evict,
                      (unsigned long long)s.ak_flush, (unsigned long long)skipped_);
        return buf;
    }
    void wave_open(const char *path) override { v_.wave_open(path); }
    void wave_close() override { v_.wave_close(); }

private:
    VTop<Vhwp_strat> v_;
    strat_cyc m_;
    strat_fn f_;
    strat_cfg c_;
    uint64_t wmask_;
    bool retire_ = false;   // retire trace: events are the loads (strat_event_of)
    uint64_t skipped_ = 0;  // records that are no event
    std::deque<strat_msg> expect_;
    bool flushed_ = false;
    bool done_ = false;
    uint64_t delivered_ = 0;
};

Adapter *make_adapter(const Options &opt) { return new StratAdapter(opt); }

}  // namespace hwp
