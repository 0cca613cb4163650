// SPDX-License-Identifier: Apache-2.0
//
// Lockstep adapter of the shared hash unit (rtl/common/hwp_hash.v) against
// its cycle model (cmodel/common/hash.c). Input: <a, b> of each record (b = 0
// for 1-tuples, a = pc for retire records); the tag is the record's index.
#include <cstdio>
#include <cstdlib>

#include "Vhwp_hash.h"
#include "hash.h"
#include "lockstep.h"
#include "vtop.h"

namespace hwp {

const char *const kEngineName = "hash";

class HashAdapter : public Adapter {
public:
    explicit HashAdapter(const Options &opt)
    {
        nfunc_ = (int)opt.get_int("N_FUNC", 4);
        width_ = (int)opt.get_int("W", 64);
        bits_ = (int)opt.get_int("BITS", 9);
        tagw_ = (int)opt.get_int("TAG_W", 1);
        seed_ = (uint32_t)opt.get_int("SEED", 1);
        int oreg = (int)opt.get_int("OREG", 0);
        char msg[128];
        if (hwp_hashu_init(&m_, nfunc_, width_, bits_, seed_, tagw_, oreg, msg)) {
            std::fprintf(stderr, "hash adapter: %s\n", msg);
            std::exit(2);
        }
    }
    int n_outputs() const override { return 1; }
    void reset() override
    {
        hwp_hashu_reset(&m_);
        v_.reset();
        tag_ = 0;
    }
    bool cycle(const CycleIn &in, Checker &chk) override
    {
        hwp_hashu_in mi{};
        mi.in_valid = in.in_valid;
        mi.in_a = in.rec.a;
        mi.in_b = in.rec.b;
        mi.in_tag = tag_;
        mi.out_ready = in.out_ready & 1;
        hwp_hashu_out mo;
        hwp_hashu_step(&m_, &mi, &mo);

        uint64_t wm = width_ >= 64 ? ~0ull : (1ull << width_) - 1;
        v_->in_valid_i = in.in_valid;
        v_->in_a_i = in.rec.a & wm;
        v_->in_b_i = in.rec.b & wm;
        v_->in_tag_i = tag_ & ((1u << tagw_) - 1);
        v_->out_ready_i = in.out_ready & 1;
        v_.eval();

        chk.eq("in_ready_o", mo.in_ready, v_->in_ready_o);
        chk.eq("out_valid_o", mo.out_valid, v_->out_valid_o);
        if (mo.out_valid && v_->out_valid_o) {
            for (int f = 0; f < nfunc_; f++)
                chk.eqf(mo.out_idx[f], vbits(v_->out_idx_o, f * bits_, bits_),
                         "out_idx_o[%d] (tag=%u)", f, (unsigned)mo.out_tag);
            chk.eq("out_a_o", mo.out_a, vbits(v_->out_a_o, 0, width_));
            chk.eq("out_b_o", mo.out_b, vbits(v_->out_b_o, 0, width_));
            chk.eq("out_tag_o", mo.out_tag, vbits(v_->out_tag_o, 0, tagw_));
        }
        // Every output leaving the unit must also equal the functional model.
        if (mo.out_valid && (in.out_ready & 1)) {
            for (int f = 0; f < nfunc_; f++)
                chk.eqf(hwp_hash_index(&m_.h, f, mo.out_a, mo.out_b), mo.out_idx[f],
                        "functional idx[%d] vs cycle model", f);
            outputs_++;
        }
        v_.tick();
        bool acc = in.in_valid && mo.in_ready;
        if (acc) tag_++;
        busy_ = hwp_hashu_busy(&m_);
        return acc;
    }
    void compare_state(Checker &) override {}
    bool drained() const override { return !busy_; }
    std::string summary() const override { return "outputs=" + std::to_string(outputs_); }
    void wave_open(const char *path) override { v_.wave_open(path); }
    void wave_close() override { v_.wave_close(); }

private:
    VTop<Vhwp_hash> v_;
    hwp_hashu m_;
    int nfunc_, width_, bits_, tagw_;
    uint32_t seed_, tag_ = 0;
    bool busy_ = false;
    uint64_t outputs_ = 0;
};

Adapter *make_adapter(const Options &opt) { return new HashAdapter(opt); }

}  // namespace hwp
