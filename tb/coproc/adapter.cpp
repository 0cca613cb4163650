// SPDX-License-Identifier: Apache-2.0
//
// Lockstep adapter of the profiling co-processor (rtl/coproc/hwp_coproc.v)
// against its cycle model (cmodel/coproc/coproc.c). Two input streams: the
// retire trace (the driver's records, with its random idle cycles) and the
// host port, driven by the host-side software model (cmodel/coproc/cp_host.c:
// program load, interrupt handler, final copy) with random idle cycles of its
// own; the read-response stream gets the driver's random backpressure
// (output 0). Every output, including the execute-stage trace port, is
// compared every cycle; all state reaches the host port (interrupt copies and
// the final copy), so it is compared through the read responses too.
//
// Clock enable (--param ce_idle=P): with probability P a cycle runs with
// ce_i = 0 and random values on every other input; the C model and the host
// model are not stepped in it (a ce_i = 0 cycle is a no-op: virtual time,
// docs/protocol.md), and the retire record offered in it stays offered.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "Vhwp_coproc.h"
#include "coproc/coproc.h"
#include "coproc/cp_asm.h"
#include "coproc/cp_host.h"
#include "lockstep.h"
#include "vtop.h"

namespace hwp {

const char *const kEngineName = "coproc";

class CoprocAdapter : public Adapter {
public:
    explicit CoprocAdapter(const Options &opt)
    {
        cp_cfg_default(&cfg_);
        cfg_.uc_aw = (int)opt.get_int("UC_AW", 8);
        cfg_.cam_aw = (int)opt.get_int("CAM_AW", 6);
        cfg_.da_aw = (int)opt.get_int("DA_AW", 9);
        cfg_.sb_aw = (int)opt.get_int("SB_AW", 4);
        cfg_.ft_aw = (int)opt.get_int("FT_AW", 12);
        int riscv_p = (int)opt.get_int("RISCV", 1);
        prog_name_ = opt.get_str("prog", "value");
        host_idle_ = opt.get_double("host_idle", 0.25);
        ce_idle_ = opt.get_double("ce_idle", 0.0);
        if (ce_idle_ < 0 || ce_idle_ >= 1) die("--param ce_idle: expected 0 <= P < 1");
        uint64_t part_period = (uint64_t)opt.get_int("part_period", 20000);
        uint32_t cntw = (uint32_t)opt.get_int("cntw", 0);
        uint64_t copy_period = (uint64_t)opt.get_int("copy_period", 30000);
        uint64_t remask_period = (uint64_t)opt.get_int("remask_period", 70000);
        if (cntw > 32) die("--param cntw: expected 0 (program's) or 1..32");
        rng_ = opt.seed * 0x9E3779B97F4A7C15ull + 12345;
        int prog;
        if (prog_name_ == "value") prog = CP_PROG_VALUE;
        else if (prog_name_ == "edge") prog = CP_PROG_EDGE;
        else if (prog_name_ == "isa") prog = CP_PROG_ISA;
        else die("--param prog: expected value, edge or isa");
        if (riscv_p != (opt.trace.isa == HWP_ISA_RISCV64 ? 1 : 0))
            die("RISCV parameter does not match the trace's ISA");
        char msg[700];
        std::string path = "tests/coproc/" + prog_name_ + ".s";
        char *src = cp_read_file(path.c_str(), msg, sizeof msg);
        if (!src) die(msg);
        cp_image img;
        if (cp_assemble(src, path.c_str(), cfg_.uc_aw, cfg_.cam_aw, &img, msg, sizeof msg)) die(msg);
        std::free(src);
        if (opt.trace.kind != HWP_KIND_RETIRE) die("the trace must be a retire trace");
        if (cp_init(&m_, &cfg_, riscv_p, msg)) die(msg);
        cp_host_params prm;
        cp_host_params_default(&prm);
        prm.part_period = part_period;
        prm.cntw = cntw;
        prm.copy_period = copy_period;
        prm.remask_period = remask_period;
        if (cp_host_init(&h_, &cfg_, &img, prog, &prm, msg)) die(msg);
        cp_image_free(&img);
    }
    ~CoprocAdapter() override
    {
        cp_host_free(&h_);
        cp_free(&m_);
    }
    int n_outputs() const override { return 1; }
    void reset() override
    {
        cp_reset(&m_);
        v_.reset();
    }
    bool cycle(const CycleIn &in, Checker &chk) override
    {
        auto *d = v_.dut();
        if (ce_idle_ > 0 && chance(ce_idle_)) {
            // a no-op cycle: any input values, nothing may change
            d->ce_i = 0;
            d->ret_valid_i = rnd() & 1u;
            d->ret_pc_i = (uint32_t)rnd();
            d->ret_insn_i = (uint32_t)rnd();
            d->ret_value_i = (uint32_t)rnd();
            d->ret_addr_i = (uint32_t)rnd();
            d->ret_cls_i = rnd() & 15u;
            d->ret_flags_i = rnd() & 7u;
            d->host_valid_i = rnd() & 1u;
            d->host_op_i = rnd() & 3u;
            d->host_addr_i = (rnd() & 1u) ? (uint16_t)rnd() : (uint16_t)(rnd() & 0x5fffu);
            d->host_wdata_i = rnd();
            d->rsp_ready_i = rnd() & 1u;
            v_.eval();
            v_.tick();
            ce_off_++;
            event_ = false;
            return false;
        }
        d->ce_i = 1;
        cp_hcmd c{};
        bool have = cp_host_peek(&h_, &c);
        bool offer = have && !chance(host_idle_);
        cp_in mi{};
        mi.ret_valid = in.in_valid;
        mi.ret_pc = (uint32_t)in.rec.a;
        mi.ret_insn = in.rec.insn;
        mi.ret_value = (uint32_t)in.rec.value;
        mi.ret_addr = (uint32_t)in.rec.addr;
        mi.ret_cls = in.rec.cls & 15u;
        mi.ret_flags = in.rec.flags & 7u;
        mi.host_valid = offer;
        mi.host_op = c.op;
        mi.host_addr = c.addr;
        mi.host_wdata = c.data;
        mi.rsp_ready = in.out_ready & 1u;
        cp_out mo;
        cp_step(&m_, &mi, &mo);

        d->ret_valid_i = mi.ret_valid;
        d->ret_pc_i = mi.ret_pc;
        d->ret_insn_i = mi.ret_insn;
        d->ret_value_i = mi.ret_value;
        d->ret_addr_i = mi.ret_addr;
        d->ret_cls_i = mi.ret_cls;
        d->ret_flags_i = mi.ret_flags;
        d->host_valid_i = mi.host_valid;
        d->host_op_i = mi.host_op;
        d->host_addr_i = mi.host_addr;
        d->host_wdata_i = mi.host_wdata;
        d->rsp_ready_i = mi.rsp_ready;
        v_.eval();

        chk.eq("ret_ready_o", mo.ret_ready, d->ret_ready_o);
        chk.eq("host_ready_o", mo.host_ready, d->host_ready_o);
        chk.eq("rsp_valid_o", mo.rsp_valid, d->rsp_valid_o);
        if (mo.rsp_valid && d->rsp_valid_o) chk.eq("rsp_data_o", mo.rsp_data, d->rsp_data_o);
        chk.eq("irq_o", mo.irq, d->irq_o);
        chk.eq("dbg_state_o", mo.state, d->dbg_state_o);
        chk.eq("dbg_sb_count_o", mo.sb_count, d->dbg_sb_count_o);
        chk.eq("dbg_dropped_o", mo.dropped, d->dbg_dropped_o);
        chk.eq("dbg_e_fire_o", mo.e_fire, d->dbg_e_fire_o);
        chk.eq("dbg_dwe_o", mo.dwe, d->dbg_dwe_o);
        chk.eq("dbg_cwe_o", mo.cwe, d->dbg_cwe_o);
        if (mo.e_fire && d->dbg_e_fire_o) {
            chk.eq("dbg_e_upc_o", mo.e_upc, d->dbg_e_upc_o);
            chk.eq("dbg_vres_o", mo.vres, d->dbg_vres_o);
            chk.eq("dbg_ires_o", mo.ires, d->dbg_ires_o);
            chk.eq("dbg_next_upc_o", mo.next_upc, d->dbg_next_upc_o);
            chk.eq("dbg_taken_o", mo.taken, d->dbg_taken_o);
            chk.eq("dbg_hit_o", mo.hit, d->dbg_hit_o);
            chk.eq("dbg_midx_o", mo.midx, d->dbg_midx_o);
            chk.eq("dbg_daddr_o", mo.daddr, d->dbg_daddr_o);
            chk.eq("dbg_dwdata_o", mo.dwdata, d->dbg_dwdata_o);
            chk.eq("dbg_dr_o", mo.dr, d->dbg_dr_o);
        }
        v_.tick();

        bool accepted = offer && mo.host_ready;
        bool rsp_taken = mo.rsp_valid && (in.out_ready & 1u);
        if (mo.e_fire) insns_++;
        if (mo.irq && !last_irq_) irq_edges_++;
        event_ = mo.irq && !last_irq_;
        last_irq_ = mo.irq;
        cp_host_cycle(&h_, accepted, rsp_taken, mo.rsp_data, mo.irq, in.eos);
        if (h_.oom) chk.fail("host model: out of memory");
        return in.in_valid && mo.ret_ready;
    }
    bool structural_event() const override { return event_; }
    void compare_state(Checker &chk) override
    {
        // Arrays and registers are compared through the host port (every
        // interrupt copies them out, the final copy at the end); here the
        // counters visible on the trace port.
        auto *d = v_.dut();
        chk.eq("state dropped", m_.dropped, d->dbg_dropped_o);
        chk.eq("state sb_count", m_.sb_count, d->dbg_sb_count_o);
        chk.eq("state", m_.state, d->dbg_state_o);
    }
    bool drained() const override { return cp_host_done(&h_); }
    std::string summary() const override
    {
        char b[300];
        std::snprintf(b, sizeof b,
                      "prog=%s microinsns=%llu interrupts=%llu processed=%u tagged=%u dropped=%u "
                      "slots_copied=%llu masked=%llu host_reads=%llu ce_off=%llu",
                      prog_name_.c_str(), (unsigned long long)insns_,
                      (unsigned long long)h_.interrupts, m_.processed, m_.tagged, m_.dropped,
                      (unsigned long long)h_.slots_copied, (unsigned long long)h_.masked,
                      (unsigned long long)h_.reads, (unsigned long long)ce_off_);
        return b;
    }
    void wave_open(const char *path) override { v_.wave_open(path); }
    void wave_close() override { v_.wave_close(); }

private:
    [[noreturn]] static void die(const char *msg)
    {
        std::fprintf(stderr, "coproc adapter: %s\n", msg);
        std::exit(2);
    }
    uint64_t rnd()
    {
        uint64_t z = (rng_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    bool chance(double p) { return p > 0 && (double)(rnd() >> 11) * (1.0 / 9007199254740992.0) < p; }
    VTop<Vhwp_coproc> v_;
    cp_cfg cfg_;
    coproc m_;
    cp_host h_;
    std::string prog_name_;
    double host_idle_, ce_idle_;
    uint64_t rng_;
    uint64_t insns_ = 0, irq_edges_ = 0, ce_off_ = 0;
    bool last_irq_ = false, event_ = false;
};

Adapter *make_adapter(const Options &opt) { return new CoprocAdapter(opt); }

}  // namespace hwp
