// SPDX-License-Identifier: Apache-2.0
//
// Lockstep adapter of engine mhash (rtl/mhash/hwp_mhash.v) against its cycle
// model (cmodel/mhash/mhash_cyc.c). Input: one event per trace record, <a, b>
// of a 2-tuple, <a, 0> of a 1-tuple, <pc, value> of a retire record (value =
// the destination register's new value, 0 when the record has none):
// mhash_event_of, the mapping `hwprof run/eval/stream --engine mhash` use.
// Every cycle compares in_ready, the
// candidate stream and the refused, promotion and conflict counters; at every interval end
// (and at the end) compares every bank word, every accumulator entry (register
// accumulator) and the epoch/scrub/interval registers; after every promotion
// compares the accumulator entry it wrote (register accumulator). The hashed
// accumulator (ACC_WAYS > 0) is checked through its outputs: every candidate
// and count of every interval, every refusal and conflict, cycle by cycle.
//
// Build-time parameters (--param, from SIM_GPARAMS): W N_COUNTERS CW EW
// MAX_TABLES (must be 16: the adapter reads the 16 bank memories) ACC_K LW SEED
// ACC_WAYS ACC_SETS ACC_STASH.
// Run-time (--param, from SIM_ARGS): tables cons reset shield retain interval thr.
#include <cstdio>
#include <cstdlib>

#include "Vhwp_mhash.h"
#include "Vhwp_mhash___024root.h"
#include "lockstep.h"
#include "mhash/mhash.h"
#include "vtop.h"

namespace hwp {

const char *const kEngineName = "mhash";

#define MH_ROOT(v) (v_.dut()->rootp)
#define MH_BANK(j) MH_ROOT(v_)->hwp_mhash__DOT__g_bank__BRA__##j##__KET____DOT__u_ram__DOT__g_inferred__DOT__mem

class MhashAdapter : public Adapter {
public:
    explicit MhashAdapter(const Options &opt)
    {
        mhash_params p;
        mhash_params_default(&p);
        p.width = (int)opt.get_int("W", 64);
        p.n_counters = (uint32_t)opt.get_int("N_COUNTERS", 2048);
        p.cw = (int)opt.get_int("CW", 24);
        p.ew = (int)opt.get_int("EW", 8);
        p.max_tables = (int)opt.get_int("MAX_TABLES", 16);
        p.acc_k = (uint32_t)opt.get_int("ACC_K", 100);
        p.acc_ways = (int)opt.get_int("ACC_WAYS", 0);
        p.acc_sets = (uint32_t)opt.get_int("ACC_SETS", 64);
        p.acc_stash = (int)opt.get_int("ACC_STASH", 0);
        p.lw = (int)opt.get_int("LW", 32);
        p.seed = (uint32_t)opt.get_int("SEED", 1);
        p.tables = (int)opt.get_int("tables", 4);
        p.cons = (int)opt.get_int("cons", 1);
        p.reset = (int)opt.get_int("reset", 0);
        p.shield = (int)opt.get_int("shield", 1);
        p.retain = (int)opt.get_int("retain", 1);
        p.interval = (uint64_t)opt.get_int("interval", 10000);
        p.thr = (uint32_t)opt.get_int("thr", 100);
        if (p.max_tables != 16 || p.lw > 32) {
            std::fprintf(stderr, "mhash adapter: needs MAX_TABLES=16 and LW<=32\n");
            std::exit(2);
        }
        char msg[256];
        if (mhash_cyc_init(&m_, &p, msg, sizeof msg)) {
            std::fprintf(stderr, "mhash adapter: %s\n", msg);
            std::exit(2);
        }
        p_ = p;
        retire_ = opt.trace.kind == HWP_KIND_RETIRE;
    }
    ~MhashAdapter() override { mhash_cyc_free(&m_); }
    int n_outputs() const override { return 1; }
    void reset() override
    {
        drive_cfg();
        v_->in_valid_i = 0;
        v_->out_ready_i = 0;
        v_.reset();
        mhash_cyc_reset(&m_);
    }
    bool cycle(const CycleIn &in, Checker &chk) override
    {
        uint64_t wm = hwp_mask(p_.width);
        mhash_cyc_in mi{};
        uint64_t ea, eb;
        mhash_event_of(retire_, &in.rec, &ea, &eb);  // the mapping hwprof uses
        mi.in_valid = in.in_valid;
        mi.in_a = ea & wm;
        mi.in_b = eb & wm;
        mi.out_ready = (int)(in.out_ready & 1u);
        mhash_cyc_out mo;
        mhash_cyc_step(&m_, &mi, &mo);

        drive_cfg();
        v_->in_valid_i = in.in_valid;
        v_->in_a_i = mi.in_a;
        v_->in_b_i = mi.in_b;
        v_->out_ready_i = mi.out_ready;
        v_.eval();

        chk.eq("in_ready_o", (uint64_t)mo.in_ready, v_->in_ready_o);
        chk.eq("out_valid_o", (uint64_t)mo.out_valid, v_->out_valid_o);
        chk.eq("out_eoi_o", (uint64_t)mo.out_eoi, v_->out_eoi_o);
        chk.eq("out_a_o", mo.out_a, v_->out_a_o);
        chk.eq("out_b_o", mo.out_b, v_->out_b_o);
        chk.eq("out_count_o", mo.out_count, v_->out_count_o);
        chk.eq("stat_refused_o", mo.stat_refused, v_->stat_refused_o);
        chk.eq("stat_promotions_o", mo.stat_promotions, v_->stat_promotions_o);
        chk.eq("stat_conflict_o", mo.stat_conflict, v_->stat_conflict_o);
        if (mo.out_valid && mi.out_ready) {
            if (mo.out_eoi)
                intervals_++;
            else
                cands_++;
        }
        if (mo.in_ready && in.in_valid) busy_cycles_++;
        event_ = mo.bnd != 0;
        clock();
        // a promotion rewrites one accumulator entry: compare it right away
        // (the whole state is compared at every interval end and at the end)
        if (mo.ins && !mo.bnd && p_.acc_ways == 0) compare_entry(chk, mo.slot);
        return in.in_valid && mo.in_ready;
    }
    bool structural_event() const override { return event_; }
    void compare_state(Checker &chk) override
    {
        auto *r = v_.dut()->rootp;
        const uint32_t depth = m_.depth;
        for (int j = 0; j < 16; j++) {
            for (uint32_t a = 0; a < depth; a++)
                chk.eqf(m_.mem[(uint32_t)j * depth + a], bank_word(j, a), "bank[%d][0x%x]", j, a);
        }
        if (p_.acc_ways == 0)
            for (uint32_t k = 0; k < m_.acc.k; k++) compare_entry(chk, k);
        chk.eq("st_q", (uint64_t)m_.st, r->hwp_mhash__DOT__st_q);
        chk.eq("icnt_q", m_.icnt, r->hwp_mhash__DOT__icnt_q);
        chk.eq("ep_q", m_.ep, r->hwp_mhash__DOT__ep_q);
        chk.eq("floor_age_q", m_.floor_age, r->hwp_mhash__DOT__floor_age_q);
        chk.eq("pass_age_q", m_.pass_age, r->hwp_mhash__DOT__pass_age_q);
        chk.eq("sc_ptr_q", m_.sc_ptr, r->hwp_mhash__DOT__sc_ptr_q);
    }
    bool drained() const override { return mhash_cyc_idle(&m_); }
    std::string summary() const override
    {
        char buf[200];
        std::snprintf(buf, sizeof buf, "intervals=%llu candidates=%llu refused=%u promotions=%u",
                      (unsigned long long)intervals_, (unsigned long long)cands_,
                      (unsigned)m_.refused, (unsigned)m_.promotions);
        return buf;
    }
    void wave_open(const char *path) override
    {
        v_.wave_open(path);
        waving_ = true;
    }
    void wave_close() override
    {
        v_.wave_close();
        waving_ = false;
    }

private:
    // One rising edge. With a wave open, VTop::tick() (both edges dumped);
    // otherwise only the rising edge is evaluated and clk_i is left low for
    // the next cycle's eval() (which applies the new inputs): the design has
    // no falling-edge logic, and an eval() with unchanged inputs (the first
    // step of tick()) changes nothing, so the state after each cycle is the
    // same, at half the evaluations.
    void clock()
    {
        if (waving_) {
            v_.tick();
            return;
        }
        auto *d = v_.dut();
        d->clk_i = 1;
        d->eval();
        d->clk_i = 0;
    }
    void compare_entry(Checker &chk, uint32_t k)
    {
        auto *r = v_.dut()->rootp;
        uint64_t vv = vbits(r->hwp_mhash__DOT__acc_v, (int)k, 1);
        chk.eqf(m_.acc.v[k], vv, "acc_v[%u]", k);
        chk.eqf(m_.acc.r[k], vbits(r->hwp_mhash__DOT__acc_r, (int)k, 1), "acc_r[%u]", k);
        if (m_.acc.v[k] && vv) {
            chk.eqf(m_.acc.a[k], r->hwp_mhash__DOT__acc_a[k], "acc_a[%u]", k);
            chk.eqf(m_.acc.b[k], r->hwp_mhash__DOT__acc_b[k], "acc_b[%u]", k);
            chk.eqf(m_.acc.c[k], r->hwp_mhash__DOT__acc_c[k], "acc_c[%u]", k);
        }
    }
    void drive_cfg()
    {
        v_->cfg_tables_i = (uint8_t)p_.tables;
        v_->cfg_cons_i = (uint8_t)p_.cons;
        v_->cfg_reset_i = (uint8_t)p_.reset;
        v_->cfg_shield_i = (uint8_t)p_.shield;
        v_->cfg_retain_i = (uint8_t)p_.retain;
        v_->cfg_interval_i = (uint32_t)p_.interval;
        v_->cfg_thr_i = p_.thr;
    }
    uint64_t bank_word(int j, uint32_t a)
    {
        switch (j) {
        case 0: return MH_BANK(0)[a];
        case 1: return MH_BANK(1)[a];
        case 2: return MH_BANK(2)[a];
        case 3: return MH_BANK(3)[a];
        case 4: return MH_BANK(4)[a];
        case 5: return MH_BANK(5)[a];
        case 6: return MH_BANK(6)[a];
        case 7: return MH_BANK(7)[a];
        case 8: return MH_BANK(8)[a];
        case 9: return MH_BANK(9)[a];
        case 10: return MH_BANK(10)[a];
        case 11: return MH_BANK(11)[a];
        case 12: return MH_BANK(12)[a];
        case 13: return MH_BANK(13)[a];
        case 14: return MH_BANK(14)[a];
        default: return MH_BANK(15)[a];
        }
    }

    VTop<Vhwp_mhash> v_;
    mhash_cyc m_;
    mhash_params p_;
    bool event_ = false;
    bool retire_ = false;
    bool waving_ = false;
    uint64_t intervals_ = 0, cands_ = 0, busy_cycles_ = 0;
};

Adapter *make_adapter(const Options &opt) { return new MhashAdapter(opt); }

}  // namespace hwp
