// SPDX-License-Identifier: Apache-2.0
//
// Lockstep adapter of engine rap (rtl/rap/hwp_rap.v) against its cycle model
// (cmodel/rap/rap_cyc.c). Every cycle: in_ready_o, out_valid_o, the readout
// fields (while valid), done_o, and the status outputs (n, live nodes,
// controller state). After every split write, merge fold and merge batch
// (structural events) and at the end: the whole node table (valid, level,
// prefix, count per slot), the full flag, the merge schedule and the seven
// engine counters. The accepted events also feed the functional model
// (cmodel/rap/rap.c, the trie): at the end its tree must equal the readout
// stream slot by slot, and its counters the readout counters.
//
// Build-time parameters arrive as --param NAME=v (SIM_GPARAMS, the same values
// Verilator got as -G): W K N CW SB CB MERGE_FIRST MERGE_Q OPT_TCAM_RAM
// TCAM_CHUNK ARB_SERIAL ARB_RG ARB_OREG TCAM_KREG (the tournament's register
// spacing, its result register and the RAM TCAM's address register, which set
// the cycle model's stage-2 latency exactly as hwp_rap.v's TP) OPT_CREG
// OPT_INREG. Run-time: --param eps_q=N (eps * 65536, default 6553) and
// --param field=a|b (the trace field profiled; default b for tuple2 traces,
// a for tuple1 and retire traces, where a is the pc: the mapping of
// `hwprof run --engine rap`).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "Vhwp_rap.h"
#include "Vhwp_rap___024root.h"
#include "lockstep.h"
#include "rap/rap.h"
#include "vtop.h"

namespace hwp {

const char *const kEngineName = "rap";

class RapAdapter : public Adapter {
public:
    explicit RapAdapter(const Options &opt)
    {
        rap_cfg_default(&c_);
        c_.width = (int)opt.get_int("W", 32);
        c_.k = (int)opt.get_int("K", 2);
        c_.entries = (int)opt.get_int("N", 64);
        c_.cnt_bits = (int)opt.get_int("CW", 32);
        c_.buf_log2 = (int)opt.get_int("SB", 3);
        c_.buf_cnt_bits = (int)opt.get_int("CB", 16);
        c_.merge_first = (uint64_t)opt.get_int("MERGE_FIRST", 1024);
        c_.merge_q = (int)opt.get_int("MERGE_Q", 2);
        tram_ = (int)opt.get_int("OPT_TCAM_RAM", 0);
        chunk_ = (int)opt.get_int("TCAM_CHUNK", 4);
        // structural options that do not change the behaviour (one cycle
        // model for all): the arbiter (one-hot levels, bit-serial, limit in
        // the RAM TCAM) and the RAM TCAM's write style
        arb_serial_ = (int)opt.get_int("ARB_SERIAL", 0);
        arb_rg_ = (int)opt.get_int("ARB_RG", 0);
        int oreg = opt.get_int("ARB_OREG", 0) != 0 ? 1 : 0;
        // the RAM TCAM's address register: one more stage-2 clock
        int kreg = tram_ && opt.get_int("TCAM_KREG", 0) != 0 ? 1 : 0;
        creg_ = (int)opt.get_int("OPT_CREG", 0);
        inreg_ = (int)opt.get_int("OPT_INREG", 0);
        int ib = 0;
        while ((1 << ib) < c_.entries) ib++;
        tp_ = arb_serial_ != 0 ? 0 : (arb_rg_ > 0 ? (ib - 1) / arb_rg_ : 0) + oreg + kreg;
        (void)opt.get_int("TCAM_BITWE", 0);
        c_.eps_q = (uint32_t)opt.get_int("eps_q", 6553);
        std::string f = opt.get_str("field", opt.trace.kind == HWP_KIND_TUPLE2 ? "b" : "a");
        if (f != "a" && f != "b") {
            std::fprintf(stderr, "rap adapter: --param field=%s: must be a or b\n", f.c_str());
            std::exit(2);
        }
        field_b_ = f == "b";
        if (field_b_ && opt.trace.kind != HWP_KIND_TUPLE2) {
            std::fprintf(stderr, "rap adapter: --param field=b needs a tuple2 trace\n");
            std::exit(2);
        }
        char err[256];
        if (rap_cyc_new(&m_, &c_, tram_, chunk_, err, sizeof err) ||
            rap_init(&f_, &c_, 1, err, sizeof err)) {
            std::fprintf(stderr, "rap adapter: %s\n", err);
            std::exit(2);
        }
        rap_cyc_set_cnt_reg(m_, creg_);
        rap_cyc_set_in_reg(m_, inreg_);
        if (rap_cyc_set_arb_latency(m_, tp_)) {
            std::snprintf(err, sizeof err, "tournament latency %d out of range", tp_);
            std::fprintf(stderr, "rap adapter: %s\n", err);
            std::exit(2);
        }
        wmask_ = hwp_rap_mask(c_.width);
    }
    ~RapAdapter() override
    {
        rap_cyc_free(m_);
        rap_free(f_);
    }
    int n_outputs() const override { return 1; }
    void reset() override
    {
        v_->eps_q_i = c_.eps_q;
        v_->in_valid_i = 0;
        v_->in_id_i = 0;
        v_->eos_i = 0;
        v_->out_ready_i = 0;
        v_.reset(4);
        rap_cyc_in mi{};
        mi.rst = 1;
        rap_cyc_out mo;
        for (int i = 0; i < 4; i++) rap_cyc_step(m_, &mi, &mo);
    }
    bool cycle(const CycleIn &in, Checker &chk) override
    {
        rap_cyc_in mi{};
        mi.in_valid = in.in_valid;
        mi.in_id = (field_b_ ? in.rec.b : in.rec.a) & wmask_;
        mi.eos = in.eos;
        mi.out_ready = in.out_ready & 1;
        if (in.eos && !finalized_) {
            if (rap_finalize(f_)) chk.fail(std::string("functional model: ") + rap_error(f_));
            finalized_ = true;
        }
        rap_cyc_out mo;
        rap_cyc_step(m_, &mi, &mo);
        structural_ = mo.structural != 0;

        v_->in_valid_i = mi.in_valid;
        v_->in_id_i = mi.in_id;
        v_->eos_i = mi.eos;
        v_->out_ready_i = mi.out_ready;
        v_.eval();

        chk.eq("in_ready_o", mo.in_ready, v_->in_ready_o);
        chk.eq("out_valid_o", mo.out_valid, v_->out_valid_o);
        chk.eq("done_o", mo.done, v_->done_o);
        chk.eq("dbg_n_o", mo.n, v_->dbg_n_o);
        chk.eq("dbg_live_o", (uint64_t)mo.live, v_->dbg_live_o);
        chk.eq("stat_live_sum_o", mo.live_sum, v_->stat_live_sum_o);
        chk.eq("dbg_state_o", (uint64_t)mo.state, v_->dbg_state_o);
        if (mo.out_valid && v_->out_valid_o) {
            chk.eq("out_kind_o", (uint64_t)mo.out_kind, v_->out_kind_o);
            chk.eq("out_prefix_o", mo.out_prefix, vbits(v_->out_prefix_o, 0, c_.width));
            chk.eq("out_len_o", (uint64_t)mo.out_len, v_->out_len_o);
            chk.eq("out_count_o", mo.out_count, vbits(v_->out_count_o, 0, c_.cnt_bits));
        }
        if (mo.out_valid && mi.out_ready) {
            if (mo.out_kind == 0) {
                rap_node x{mo.out_prefix, mo.out_len / c_.k, mo.out_count, 0};
                nodes_.push_back(x);
            } else if (mo.out_len >= 0 && mo.out_len < RAP_NCOUNTERS) {
                ctrs_[mo.out_len] = mo.out_count;
            }
        }
        v_.tick();
        bool acc = in.in_valid && mo.in_ready;
        if (acc) {
            events_++;
            if (rap_add_points(f_, mi.in_id, 1, 0))
                chk.fail(std::string("functional model: ") + rap_error(f_));
            live_sum_ += (uint64_t)rap_live(f_, 0);
        }
        done_ = mo.done && v_->done_o;
        return acc;
    }
    bool structural_event() const override { return structural_; }
    void compare_state(Checker &chk) override
    {
        auto *r = v_->rootp;
        const int N = c_.entries;
        int lb = 0;
        while ((1 << lb) < rap_height(&c_) + 1) lb++;
        for (int s = 0; s < N; s++) {
            rap_node x;
            int mv = rap_cyc_slot(m_, s, &x);
            uint64_t rv = vbits(r->hwp_rap__DOT__valid_q, s, 1);
            chk.eqf((uint64_t)mv, rv, "slot[%d].valid", s);
            if (!mv || !rv) continue;
            chk.eqf((uint64_t)x.len, vbits(r->hwp_rap__DOT__len_q, s * lb, lb), "slot[%d].level", s);
            chk.eqf(x.prefix, vbits(r->hwp_rap__DOT__pmem[s], 0, c_.width), "slot[%d].prefix", s);
            chk.eqf(x.count, vbits(r->hwp_rap__DOT__cmem[s], 0, c_.cnt_bits), "slot[%d].count", s);
        }
        for (int i = 0; i < RAP_NCOUNTERS; i++)
            chk.eqf(rap_cyc_counter(m_, i), vbits(r->hwp_rap__DOT__ctr_q, i * c_.cnt_bits, c_.cnt_bits),
                    "counter[%d]", i);
        chk.eq("next_merge (nm_q)", rap_cyc_next_merge(m_), vbits(r->hwp_rap__DOT__nm_q, 0, c_.cnt_bits));
        chk.eq("full_q", (uint64_t)rap_cyc_full(m_), r->hwp_rap__DOT__full_q);
        if (done_ && !final_checked_) {
            final_checked_ = true;
            final_check(chk);
        }
    }
    bool drained() const override { return done_; }
    std::string summary() const override
    {
        char buf[300];
        std::snprintf(buf, sizeof buf,
                      "field=%c tcam=%s arb=%s tp=%d creg=%d inreg=%d nodes=%zu splits=%llu batches=%llu merged=%llu "
                      "overflow=%llu live_max=%llu stalls=%llu",
                      field_b_ ? 'b' : 'a', tram_ ? "ram" : "lut", arb_serial_ == 0 ? "tournament" : arb_serial_ == 1 ? "serial" : "serial-tlim", tp_, creg_, inreg_, nodes_.size(), (unsigned long long)ctrs_[1],
                      (unsigned long long)ctrs_[2], (unsigned long long)ctrs_[3],
                      (unsigned long long)ctrs_[4], (unsigned long long)ctrs_[5],
                      (unsigned long long)ctrs_[6]);
        return buf;
    }
    void wave_open(const char *path) override { v_.wave_open(path); }
    void wave_close() override { v_.wave_close(); }

private:
    // The readout must equal the functional model's tree, slot order, and its counters.
    void final_check(Checker &chk)
    {
        std::vector<rap_node> fn((size_t)c_.entries);
        int nf = rap_nodes(f_, 0, fn.data(), c_.entries);
        chk.eq("functional node count vs readout", (uint64_t)nf, nodes_.size());
        for (int i = 0; i < nf && i < (int)nodes_.size(); i++) {
            chk.eqf(fn[i].prefix, nodes_[i].prefix, "functional node %d prefix vs readout", i);
            chk.eqf((uint64_t)fn[i].len, (uint64_t)nodes_[i].len, "functional node %d level vs readout", i);
            chk.eqf(fn[i].count, nodes_[i].count, "functional node %d count vs readout", i);
        }
        for (int i = 0; i < RAP_C_STALLS; i++)
            chk.eqf(rap_counter(f_, 0, i), ctrs_[i], "functional counter %d vs readout", i);
        chk.eq("events accepted vs readout events", events_, ctrs_[RAP_C_EVENTS]);
        int tq_max = 0;
        chk.eq("live-node sum vs functional model", live_sum_, rap_cyc_live_sum(m_, &tq_max));
        chk.eq("eviction-tag FIFO within its depth", (uint64_t)1,
               (uint64_t)(tq_max <= rap_cyc_tq_depth(m_)));
    }

    VTop<Vhwp_rap> v_;
    rap_cyc_t *m_ = nullptr;
    rap_t *f_ = nullptr;
    rap_cfg c_;
    int tram_ = 0, chunk_ = 4, arb_serial_ = 0, arb_rg_ = 0, tp_ = 0, creg_ = 0, inreg_ = 0;
    bool field_b_ = false;
    uint64_t wmask_ = 0;
    bool structural_ = false, done_ = false, finalized_ = false, final_checked_ = false;
    uint64_t events_ = 0;
    uint64_t live_sum_ = 0; // functional model: live count summed over events
    std::vector<rap_node> nodes_;
    uint64_t ctrs_[RAP_NCOUNTERS] = {0, 0, 0, 0, 0, 0, 0};
};

Adapter *make_adapter(const Options &opt) { return new RapAdapter(opt); }

}  // namespace hwp
