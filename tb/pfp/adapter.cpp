// SPDX-License-Identifier: Apache-2.0
//
// Lockstep adapter of the profile flag predictor front end (rtl/pfp/hwp_pfp.v)
// against its cycle model (cmodel/pfp/pfp.c). Input: the instrumented dynamic
// instruction stream (retire records from `hwprof instrument`): pc, insn,
// class, TAKEN flag, value bit 0 (the flag popped by a poppf), length.
// Output stream 0 is the dispatch port: its random backpressure is the back
// end refusing instructions (decode holds). Random idle cycles on the input
// are fetch stalls of the record supply. Compared every cycle: every output
// and, after the edge, the whole control state (pointers, flag, prediction
// bit, leader address register, recovery state, predictor lookup stage) and all 19 statistics
// counters; the block descriptor table after every table write and at the end.
// The dispatch port's per-slot pc and kind are compared slot by slot, so the
// sequence the model hands on_disp (dispatch_hash) is the RTL's.
#include <cstdio>
#include <cstdlib>

#include "Vhwp_pfp.h"
#include "lockstep.h"
#include "pfp/pfp.h"
#include "vtop.h"

namespace hwp {

const char *const kEngineName = "pfp";

class PfpAdapter : public Adapter {
public:
    explicit PfpAdapter(const Options &opt)
    {
        pfp_params p;
        pfp_params_default(&p);
        p.fetch_w = (int)opt.get_int("FETCH_W", p.fetch_w);
        p.dec_w = (int)opt.get_int("DEC_W", p.dec_w);
        p.fq = (int)opt.get_int("FQ", p.fq);
        p.win_bits = (int)opt.get_int("WIN_BITS", p.win_bits);
        p.set_bits = (int)opt.get_int("SET_BITS", p.set_bits);
        p.min_len = (int)opt.get_int("MIN_LEN", p.min_len);
        p.skip_bits = (int)opt.get_int("SKIP_BITS", p.skip_bits);
        p.br_pen = (int)opt.get_int("BR_PEN", p.br_pen);
        p.pc_w = (int)opt.get_int("PC_W", p.pc_w);
        p.cnt_w = (int)opt.get_int("CNT_W", p.cnt_w);
        // 0: prediction off, 1: on, 2: switched on and off at random every cycle
        pfp_en_ = (int)opt.get_int("pfp_en", 1);
        rng_ = opt.seed * 0x9e3779b97f4a7c15ull + 12345u;
        char msg[160];
        if (pfp_init(&m_, &p, msg, sizeof msg)) {
            std::fprintf(stderr, "pfp adapter: %s\n", msg);
            std::exit(2);
        }
        if (opt.trace.kind != HWP_KIND_RETIRE) {
            std::fprintf(stderr, "pfp adapter: the trace must be a retire trace "
                                 "(an instrumented stream from `hwprof instrument`)\n");
            std::exit(2);
        }
    }
    ~PfpAdapter() override { pfp_free(&m_); }
    int n_outputs() const override { return 1; }
    void reset() override
    {
        pfp_reset(&m_);
        v_.reset();
        done_ = false;
    }
    bool cycle(const CycleIn &in, Checker &chk) override
    {
        const pfp_params &P = m_.p;
        // instruction addresses are 2-byte aligned: the table's hit ignores
        // pc bit 0 (hwprof refuses such a trace the same way)
        if (in.in_valid && (in.rec.a & 1u)) {
            chk.fail("input pc is odd: pfp needs instruction addresses (2-byte aligned)");
            return false;
        }
        pfp_in mi{};
        mi.in_valid = in.in_valid;
        mi.pc = in.rec.a;
        mi.insn = in.rec.insn;
        mi.cls = in.rec.cls;
        mi.taken = (in.rec.flags & HWP_RF_TAKEN) != 0;
        mi.val = (int)(in.rec.value & 1u);
        mi.len2 = in.rec.len == 2;
        mi.eos = in.eos;
        mi.disp_ready = in.out_ready & 1;
        int en = pfp_en_;
        if (en == 2) {
            rng_ ^= rng_ << 13;
            rng_ ^= rng_ >> 7;
            rng_ ^= rng_ << 17;
            en = (int)((rng_ >> 11) & 1u);
        }
        mi.pfp_en = en;
        pfp_out mo;
        pfp_step(&m_, &mi, &mo);

        v_->in_valid_i = in.in_valid;
        vset_pc(in.rec.a & m_.pcm);
        v_->in_insn_i = in.rec.insn;
        v_->in_cls_i = in.rec.cls & 15u;
        v_->in_taken_i = mi.taken;
        v_->in_val_i = mi.val;
        v_->in_len2_i = mi.len2;
        v_->eos_i = in.eos;
        v_->disp_ready_i = mi.disp_ready;
        v_->pfp_en_i = en;
        v_.eval();

        chk.eq("in_ready_o", mo.in_ready, v_->in_ready_o);
        chk.eq("go_o", mo.go, v_->go_o);
        chk.eq("done_o", mo.done, v_->done_o);
        chk.eq("disp_n_o", mo.disp_n, v_->disp_n_o);
        chk.eq("disp_pi_n_o", mo.disp_pi_n, v_->disp_pi_n_o);
        if (mo.disp_n) chk.eq("disp_pc_o", mo.disp_pc, vbits(v_->disp_pc_o, 0, P.pc_w));
        // every dispatched instruction in order (dispatch_hash is computed from these):
        // slots below disp_n carry pc and kind, the others are 0
        for (int k = 0; k < P.dec_w; k++) {
            uint64_t epc = k < mo.disp_n ? mo.disp_pcs[k] : 0;
            uint64_t ekind = k < mo.disp_n ? (uint64_t)mo.disp_kinds[k] : 0;
            chk.eqf(epc, vbits(v_->disp_slot_pc_o, k * P.pc_w, P.pc_w), "disp_slot_pc_o[%d]", k);
            chk.eqf(ekind, vbits(v_->disp_slot_kind_o, k * 4, 4), "disp_slot_kind_o[%d]", k);
        }
        chk.eq("bdt_write_o", mo.bdt_write, v_->bdt_write_o);
        bdt_write_ = mo.bdt_write;
        done_ = mo.done;
        v_.tick();
        const uint32_t pm = (uint32_t)m_.ptrm;
        chk.eq("hd", m_.hd & pm, v_->hd_o);
        chk.eq("fp", m_.fp & pm, v_->fp_o);
        chk.eq("tl", m_.tl & pm, v_->tl_o);
        chk.eq("fq_n", m_.fq_n, v_->fq_n_o);
        chk.eq("flag", m_.flag, v_->flags_o & 1u);
        chk.eq("pbit", m_.pbit, (v_->flags_o >> 1) & 1u);
        chk.eq("last_pi", m_.last_pi, (v_->flags_o >> 2) & 1u);
        chk.eq("fwait", m_.fwait, (v_->flags_o >> 3) & 1u);
        chk.eq("chk", m_.chk, (v_->flags_o >> 4) & 1u);
        chk.eq("lar_v", m_.lar_v, (v_->flags_o >> 5) & 1u);
        chk.eq("lk_st", (uint64_t)m_.lk_st, (v_->flags_o >> 6) & 3u);
        if (m_.lar_v) chk.eq("lar", m_.lar, vbits(v_->lar_o, 0, P.pc_w));
        chk.eq("res_cnt", (uint64_t)m_.res_cnt, v_->res_cnt_o);
        for (int s = 0; s < PFP_S_N; s++)
            chk.eqf(m_.stat[s], vbits(v_->stat_o, s * P.cnt_w, P.cnt_w), "stat.%s",
                    pfp_stat_name(s));
        return in.in_valid && mo.in_ready;
    }
    bool structural_event() const override { return bdt_write_; }
    void compare_state(Checker &chk) override
    {
        const pfp_params &P = m_.p;
        int ne = 2 << P.set_bits;
        for (int i = 0; i < ne; i++) {
            v_->dbg_bdt_idx_i = (uint32_t)i;
            v_.eval();
            const pfp_bdt &e = m_.bdt[i];
            int lsb = 0;
            uint64_t follow = vbits(v_->dbg_bdt_o, lsb, P.pc_w);
            lsb += P.pc_w;
            uint64_t tag = vbits(v_->dbg_bdt_o, lsb, P.pc_w);
            lsb += P.pc_w;
            uint64_t lock = vbits(v_->dbg_bdt_o, lsb, 1);
            uint64_t pred = vbits(v_->dbg_bdt_o, lsb + 1, 1);
            uint64_t v = vbits(v_->dbg_bdt_o, lsb + 2, 1);
            chk.eqf(e.v, v, "bdt[%d].v", i);
            if (e.v && v) {
                chk.eqf(e.tag, tag, "bdt[%d].tag", i);
                chk.eqf(e.follow, follow, "bdt[%d].follow", i);
                chk.eqf(e.lock, lock, "bdt[%d].lock", i);
                chk.eqf(e.pred, pred, "bdt[%d].pred", i);
            }
        }
    }
    bool drained() const override { return done_; }
    std::string summary() const override
    {
        std::string r;
        const int show[] = {PFP_S_CYCLES, PFP_S_FETCHED, PFP_S_DISP_PI, PFP_S_SKIP_BLK,
                            PFP_S_PFP_MISP, PFP_S_MISFETCH, PFP_S_BR_MISP};
        for (int s : show) {
            if (!r.empty()) r += " ";
            r += std::string(pfp_stat_name(s)) + "=" + std::to_string(m_.stat[s]);
        }
        return r;
    }
    void wave_open(const char *path) override { v_.wave_open(path); }
    void wave_close() override { v_.wave_close(); }

private:
    void vset_pc(uint64_t pc)
    {
        // in_pc_i is PC_W bits: a plain integer up to 64 bits in Verilator.
        v_->in_pc_i = pc;
    }
    VTop<Vhwp_pfp> v_;
    pfp m_;
    int pfp_en_ = 1;
    uint64_t rng_ = 1;
    bool bdt_write_ = false, done_ = false;
};

Adapter *make_adapter(const Options &opt) { return new PfpAdapter(opt); }

}  // namespace hwp
