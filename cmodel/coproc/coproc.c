/* SPDX-License-Identifier: Apache-2.0
 *
 * Profiling co-processor cycle model (see coproc.h, docs/coproc.md). Each
 * cp_step() computes the combinational signals of one clock from the current
 * registers and inputs, then the register values after the rising edge, in
 * the same order as rtl/coproc/hwp_coproc.v.
 */
#include "coproc/coproc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

void cp_cfg_default(cp_cfg *c)
{
    c->uc_aw = 8;
    c->cam_aw = 6;
    c->da_aw = 9;
    c->sb_aw = 4;
    c->ft_aw = 12;
}

int cp_cfg_check(const cp_cfg *c, char *msg)
{
    /* each array's address width and its range, in the order checked */
    const struct {
        const char *name;
        int aw, lo, hi;
    } aw[] = {{"UC_AW", c->uc_aw, 8, 10}, {"CAM_AW", c->cam_aw, 2, 7}, {"DA_AW", c->da_aw, 4, 11},
              {"SB_AW", c->sb_aw, 1, 7}, {"FT_AW", c->ft_aw, 4, 12}};
    for (size_t k = 0; k < sizeof aw / sizeof aw[0]; k++) {
        if (aw[k].aw < aw[k].lo || aw[k].aw > aw[k].hi) {
            snprintf(msg, 128, "%s=%d: expected %d..%d", aw[k].name, aw[k].aw, aw[k].lo, aw[k].hi);
            return -1;
        }
    }
    return 0;
}

uint32_t cp_fold(uint32_t pc, int bits)
{
    uint32_t x = pc >> 1, r = 0, m = (1u << bits) - 1u;
    for (int s = 0; s < 32; s += bits)
        r ^= (x >> s) & m;
    return r;
}

uint32_t cp_lfsr_next(uint32_t x)
{
    return (x >> 1) ^ ((0u - (x & 1u)) & 0x80200003u);
}

static uint32_t sext(uint32_t v, int bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (m << 1) - 1u;
    return (v ^ m) - m;
}

static int is_link(uint32_t r) { return r == 1u || r == 5u; }

void cp_dfe_decode(uint32_t w, uint32_t rec_cls, int riscv, cp_dfe *d)
{
    d->cls = rec_cls & 15u;
    d->rd = d->rs1 = d->rs2 = 0;
    d->imm = 0;
    if (!riscv || (w & 3u) != 3u)
        return;
    uint32_t op = w & 0x7fu, rd = (w >> 7) & 31u, rs1 = (w >> 15) & 31u, rs2 = (w >> 20) & 31u;
    uint32_t f7 = w >> 25, f5 = w >> 27;
    uint32_t imm_i = sext(w >> 20, 12);
    uint32_t imm_s = sext(((w >> 25) << 5) | ((w >> 7) & 31u), 12);
    uint32_t imm_b = sext((((w >> 31) & 1u) << 12) | (((w >> 7) & 1u) << 11) |
                              (((w >> 25) & 63u) << 5) | (((w >> 8) & 15u) << 1), 13);
    uint32_t imm_u = w & 0xfffff000u;
    uint32_t imm_j = sext((((w >> 31) & 1u) << 20) | (((w >> 12) & 255u) << 12) |
                              (((w >> 20) & 1u) << 11) | (((w >> 21) & 1023u) << 1), 21);
    d->rd = rd;
    d->rs1 = rs1;
    d->rs2 = rs2;
    switch (op) {
    case 0x03: case 0x07: d->cls = HWP_CLS_LOAD; d->imm = imm_i; break;
    case 0x23: case 0x27: d->cls = HWP_CLS_STORE; d->imm = imm_s; break;
    case 0x2f: d->cls = f5 == 3u ? HWP_CLS_STORE : HWP_CLS_LOAD; break;
    case 0x63: d->cls = HWP_CLS_BRANCH; d->imm = imm_b; break;
    case 0x6f: d->cls = is_link(rd) ? HWP_CLS_CALL : HWP_CLS_JUMP; d->imm = imm_j; break;
    case 0x67:
        d->cls = is_link(rd) ? HWP_CLS_CALL
                 : (rd == 0u && is_link(rs1)) ? HWP_CLS_RET : HWP_CLS_IJUMP;
        d->imm = imm_i;
        break;
    case 0x13: case 0x1b: d->cls = HWP_CLS_ALU; d->imm = imm_i; break;
    case 0x17: case 0x37: d->cls = HWP_CLS_ALU; d->imm = imm_u; break;
    case 0x33: case 0x3b: d->cls = f7 == 1u ? HWP_CLS_MULDIV : HWP_CLS_ALU; break;
    case 0x43: case 0x47: case 0x4b: case 0x4f: case 0x53: d->cls = HWP_CLS_FP; break;
    case 0x73: d->cls = HWP_CLS_SYSTEM; d->imm = imm_i; break;
    default: d->cls = HWP_CLS_OTHER; break;
    }
}

int cp_init(coproc *m, const cp_cfg *cfg, int riscv, char *msg)
{
    memset(m, 0, sizeof *m);
    if (cp_cfg_check(cfg, msg))
        return -1;
    m->cfg = *cfg;
    m->riscv = riscv;
    m->uc = hwp_arrays_calloc(&m->mem, (size_t)1 << cfg->uc_aw, sizeof *m->uc);
    m->cam_key = hwp_arrays_calloc(&m->mem, (size_t)1 << cfg->cam_aw, sizeof *m->cam_key);
    m->cam_valid = hwp_arrays_calloc(&m->mem, (size_t)1 << cfg->cam_aw, 1);
    m->da = hwp_arrays_calloc(&m->mem, (size_t)1 << cfg->da_aw, sizeof *m->da);
    m->bt = hwp_arrays_calloc(&m->mem, (size_t)1 << cfg->ft_aw, 1);
    m->sb = hwp_arrays_calloc(&m->mem, (size_t)1 << cfg->sb_aw, sizeof *m->sb);
    if (m->mem.failed) {
        cp_free(m);
        snprintf(msg, 128, "out of memory");
        return -1;
    }
    cp_reset(m);
    return 0;
}

void cp_free(coproc *m) { hwp_arrays_free(&m->mem); }

void cp_reset(coproc *m)
{
    m->cls_en = 0;
    m->pmask = 0;
    m->pmatch = 0;
    m->fsel = 0xfu;
    m->h_valid = 0;
    m->s1_valid = 0;
    m->sb_rd = m->sb_wr = m->sb_count = 0;
    m->retired = m->tagged = m->dropped = m->processed = m->interrupts = m->aborted = 0;
    m->irq_upc = 0;
    for (int k = 0; k < CP_NV; k++) m->v[k] = 0;
    for (int k = 0; k < CP_NC; k++) m->c[k] = 0;
    for (int k = 0; k < CP_NI; k++) {
        m->i[k] = 0;
        m->iwid[k] = CP_IW;
    }
    for (int k = 0; k < CP_NB; k++) m->b[k] = 0;
    for (int k = 0; k < CP_NT; k++) m->t[k] = 0;
    for (int k = 0; k < CP_NCLS; k++) m->ctab[k] = 0;
    m->cntw = 32;
    m->lfsr = 1;
    /* keys are not reset (the host writes them); valid bits are */
    for (int k = 0; k < (1 << m->cfg.cam_aw); k++)
        m->cam_valid[k] = 0;
    m->state = CP_ST_STOP;
    memset(&m->cur, 0, sizeof m->cur);
    memset(&m->cur_d, 0, sizeof m->cur_d);
    m->d_valid = 0;
    m->d_upc = 0;
    m->r_valid = 0;
    m->r_drw = 0;
    m->r_drh = 0;
    m->r_upc = 0;
    m->r_word = 0;
    m->r_a = 0;
    m->r_b = 0;
    m->r_daddr = 0;
    m->e_valid = 0;
    memset(&m->x, 0, sizeof m->x);
    m->e_upc = 0;
    m->e_word = 0;
    m->e_daddr = 0;
    m->byp_hit = 0;
    m->byp_data = 0;
    m->rsp_valid = 0;
    m->rsp_src = 0;
    m->rsp_q = 0;
    m->clr_cnt = 0;
    m->clr_what = 0;
    m->stop_q = 0;
    m->hcw_valid = 0;
    m->hcw_idx = 0;
    m->hcw_data = 0;
    m->uc_q = 0;
    m->da_q = 0;
    m->bt_q = 0;
    m->bth_q = 0;
}

static uint32_t imask(uint32_t w) { return w >= 32u ? 0xffffffffu : (1u << w) - 1u; }

/* value operand */
static uint32_t vsrc(const coproc *m, uint32_t s, uint32_t dr)
{
    if (s < 8u) return m->v[s];
    if (s < 16u) return m->c[s - 8u];
    if (s >= 24u) return m->i[s - 24u];
    switch (s) {
    case CP_VS_PC: return m->cur.pc;
    case CP_VS_INSN: return m->cur.insn;
    case CP_VS_VALUE: return m->cur.value;
    case CP_VS_ADDR: return m->cur.addr;
    case CP_VS_NPC: return m->cur.npc;
    case CP_VS_IMM: return m->cur_d.imm;
    case CP_VS_INFO:
        return m->cur_d.cls | ((uint32_t)m->cur.flags << 4) | (m->cur_d.rd << 7) |
               (m->cur_d.rs1 << 12) | (m->cur_d.rs2 << 17);
    default: return dr; /* CP_VS_DR */
    }
}

/* index operand (before masking to the destination width) */
static uint32_t isrc(const coproc *m, uint32_t s, uint32_t midx, uint32_t dr)
{
    if (s < 8u) return m->i[s];
    switch (s) {
    case CP_IS_MIDX: return midx;
    case CP_IS_CLS: return m->cur_d.cls;
    case CP_IS_DR: return dr & 0xffffu;
    case CP_IS_ZERO: return 0;
    case CP_IS_ONE: return 1;
    case CP_IS_RD: return m->cur_d.rd;
    case CP_IS_RS1: return m->cur_d.rs1;
    default: return m->cur_d.rs2; /* CP_IS_RS2 */
    }
}

/* The read stage (rtl/coproc/hwp_coproc_rd.v): operands A and B as the decode
 * stage selected them (a, b) or dr (the data-array word, bypassed), the CAM
 * lookup of A and the value ALU. */
static void cp_read(const coproc *m, uint64_t w, uint32_t a, uint32_t b, uint32_t dr, cp_rd *x)
{
    uint32_t cam_n = 1u << m->cfg.cam_aw;
    uint32_t vop = cp_fld(w, CP_F_VOP, 4), va = cp_fld(w, CP_F_VA, 5), vb = cp_fld(w, CP_F_VB, 5);
    uint32_t A = va == CP_VS_DR ? dr : a, B = vb == CP_VS_DR ? dr : b;
    /* associative lookup of A: lowest matching valid entry */
    int hit = 0;
    uint32_t midx = 0;
    for (uint32_t k = 0; k < cam_n; k++) {
        if (m->cam_valid[k] && m->cam_key[k] == A) {
            hit = 1;
            midx = k;
            break;
        }
    }
    uint32_t vres = 0;
    int vsat = 0;
    uint64_t wide;
    switch (vop) {
    case CP_V_NOP: break;
    case CP_V_MOV: vres = A; break;
    case CP_V_ADD: vres = A + B; break;
    case CP_V_SUB: vres = A - B; break;
    case CP_V_SADD:
        wide = (uint64_t)A + B;
        vsat = wide > 0xffffffffull;
        vres = vsat ? 0xffffffffu : (uint32_t)wide;
        break;
    case CP_V_SSUB: vsat = A < B; vres = vsat ? 0u : A - B; break;
    case CP_V_AND: vres = A & B; break;
    case CP_V_OR: vres = A | B; break;
    case CP_V_XOR: vres = A ^ B; break;
    case CP_V_SHR: vres = A >> (B & 31u); break;
    case CP_V_SHL: vres = A << (B & 31u); break;
    case CP_V_RAND: vres = m->lfsr & B; break;
    case CP_V_CEQ: vres = A == B; break;
    case CP_V_CNE: vres = A != B; break;
    case CP_V_CLT: vres = A < B; break;
    default: vres = A <= B; break; /* CP_V_CLE */
    }
    x->a = A;
    x->dr = dr;
    x->vres = vres;
    x->vsat = vsat;
    x->hit = hit;
    x->midx = midx;
    x->dsat = dr >= imask(m->cntw);
    x->dinc = x->dsat ? dr : dr + 1u;
}

static int read_ok(const coproc *m, uint32_t op, uint32_t addr)
{
    uint32_t sp = addr >> 12, idx = addr & 0xfffu;
    int halted = m->state == CP_ST_STOP || m->state == CP_ST_IRQ;
    if (m->rsp_valid || m->clr_cnt != 0u || m->stop_q || m->hcw_valid) return 0;
    if (op == CP_H_CMD) return halted || idx == CP_CMD_RUN || idx == CP_CMD_STOP || idx == CP_CMD_CLRBT;
    return halted || sp == CP_SP_FILT || sp == CP_SP_BT;
}

void cp_step(coproc *m, const cp_in *in, cp_out *o)
{
    const cp_cfg *cf = &m->cfg;
    uint32_t ucm = (1u << cf->uc_aw) - 1u, cam_n = 1u << cf->cam_aw, cam_m = cam_n - 1u;
    uint32_t dam = (1u << cf->da_aw) - 1u, sbn = 1u << cf->sb_aw, ftm = (1u << cf->ft_aw) - 1u;
    memset(o, 0, sizeof *o);

    /* ------------------------------------------------ host port (combinational) */
    /* a command acts in the cycle it is accepted, except STOP and a CAM
     * write, which act in the next one (stop_q, hcw_*); the port is closed
     * in that cycle (read_ok) */
    uint32_t hop = in->host_op & 3u, hsp = (in->host_addr >> 12) & 15u, hidx = in->host_addr & 0xfffu;
    int host_ready = read_ok(m, hop, in->host_addr & 0xffffu);
    int hfire = in->host_valid && host_ready;
    int h_rd = hfire && hop == CP_H_READ, h_wr = hfire && hop == CP_H_WRITE;
    int h_cmd = hfire && hop == CP_H_CMD;
    int stop_req = h_cmd && hidx == CP_CMD_STOP;
    int stop_cmd = m->stop_q;
    int halted = m->state == CP_ST_STOP || m->state == CP_ST_IRQ;
    int run_cmd = h_cmd && hidx == CP_CMD_RUN && halted;
    o->host_ready = host_ready;
    o->rsp_valid = m->rsp_valid;
    o->rsp_data = m->rsp_src == 1u ? m->uc_q : m->rsp_src == 2u ? (uint64_t)m->da_q :
                  m->rsp_src == 3u ? (uint64_t)m->bth_q : m->rsp_q;
    o->irq = m->state == CP_ST_IRQ;
    o->ret_ready = 1;
    o->state = m->state;
    o->sb_count = m->sb_count;
    o->dropped = m->dropped;

    /* ------------------------------------------------ filter stage s1 */
    int cls_ok = (m->cls_en >> (m->s1.cls & 15u)) & 1u;
    int tag = m->s1_valid && cls_ok && ((m->s1_hpc & m->pmask) == (m->pmatch & ftm)) && !m->bt_q;
    int push = tag && m->sb_count < sbn;

    /* ------------------------------------------------ execute stage */
    /* index ALU, branch condition, writes, branch check against the next
     * microinstruction in flight and the fetch redirect */
    uint64_t w = m->e_word;
    uint32_t vop = cp_fld(w, CP_F_VOP, 4), vd = cp_fld(w, CP_F_VD, 3),
             iop = cp_fld(w, CP_F_IOP, 3), id = cp_fld(w, CP_F_ID, 3),
             ia = cp_fld(w, CP_F_IA, 4), ib = cp_fld(w, CP_F_IB, 4), dop = cp_fld(w, CP_F_DOP, 2),
             cop = cp_fld(w, CP_F_COP, 2), ci = cp_fld(w, CP_F_CI, 3), bc = cp_fld(w, CP_F_BC, 4),
             bk = cp_fld(w, CP_F_BK, 2), bo = cp_fld(w, CP_F_BO, 8);
    /* the read stage's results */
    uint32_t dr = m->x.dr, A = m->x.a, midx = m->x.midx, vres = m->x.vres;
    int hit = m->x.hit, vsat = m->x.vsat, vwe = vop != CP_V_NOP && vop < CP_V_CEQ;
    uint32_t iwm = imask(m->iwid[id]);
    uint32_t IA = isrc(m, ia, midx, dr), IB = isrc(m, ib, midx, dr);
    uint32_t ires = 0;
    int isat = 0, iwe = 1;
    switch (iop) {
    case CP_I_NOP: iwe = 0; break;
    case CP_I_MOV: ires = IA & iwm; break;
    case CP_I_ADD: ires = (IA + IB) & iwm; break;
    case CP_I_SUB: ires = (IA - IB) & iwm; break;
    case CP_I_SADD: {
        uint32_t s = (IA & iwm) + (IB & iwm);
        isat = s > iwm;
        ires = isat ? iwm : s;
        break;
    }
    case CP_I_SSUB:
        isat = (IA & iwm) < (IB & iwm);
        ires = isat ? 0u : (IA & iwm) - (IB & iwm);
        break;
    case CP_I_AND: ires = IA & IB & iwm; break;
    default: ires = (IA | IB) & iwm; break;
    }
    int dsat = m->x.dsat;
    int taken_f = (m->cur.flags & HWP_RF_TAKEN) != 0;
    int cond;
    switch (bc) {
    case CP_B_NEVER: cond = 0; break;
    case CP_B_ALWAYS: cond = 1; break;
    case CP_B_VZ: cond = vres == 0u; break;
    case CP_B_VNZ: cond = vres != 0u; break;
    case CP_B_VSAT: cond = vsat; break;
    case CP_B_NVSAT: cond = !vsat; break;
    case CP_B_IZ: cond = ires == 0u; break;
    case CP_B_INZ: cond = ires != 0u; break;
    case CP_B_ISAT: cond = isat; break;
    case CP_B_NISAT: cond = !isat; break;
    case CP_B_HIT: cond = hit; break;
    case CP_B_NHIT: cond = !hit; break;
    case CP_B_DSAT: cond = dsat; break;
    case CP_B_NDSAT: cond = !dsat; break;
    case CP_B_TAKEN: cond = taken_f; break;
    default: cond = !taken_f; break;
    }
    uint32_t next = (m->e_upc + 1u) & ucm;
    if (cond && bk == CP_T_REL) next = (m->e_upc + sext(bo, 8)) & ucm;
    if (cond && bk == CP_T_TREG) next = m->t[bo & 3u] & ucm;
    int e_fire = m->e_valid && !stop_cmd;
    int do_done = e_fire && cond && bk == CP_T_DONE;
    int do_int = e_fire && cond && bk == CP_T_INT;
    int dwe = e_fire && (dop == CP_D_WRITE || dop == CP_D_INC);
    uint32_t dwdata = dop == CP_D_INC ? m->x.dinc : vres;
    int cwe = e_fire && cop != CP_C_NONE;

    o->e_fire = e_fire;
    o->e_upc = m->e_upc;
    o->vres = vres;
    o->ires = ires;
    o->next_upc = (bk == CP_T_DONE || bk == CP_T_INT) && cond ? 0xfffu : next;
    o->taken = cond;
    o->hit = hit;
    o->midx = midx;
    o->dwe = dwe;
    o->cwe = cwe;
    o->daddr = m->e_daddr;
    o->dwdata = dwdata;
    o->dr = dr;
    if (!e_fire) {
        o->vres = o->ires = o->next_upc = 0;
        o->taken = o->hit = 0;
        o->midx = o->daddr = o->dwdata = o->dr = 0;
    }

    /* ------------------------------------------------ read stage */
    /* value operands, dr, CAM lookup and value ALU, registered; dr is the word
     * read in the decode stage, bypassed from the write of that cycle (byp_hit)
     * and from the execute stage's write of this cycle */
    int byp_e = m->e_valid && (dop == CP_D_WRITE || dop == CP_D_INC) && m->e_daddr == m->r_daddr;
    uint32_t r_da = byp_e ? dwdata : m->byp_hit ? m->byp_data : m->da_q;
    cp_rd x_new = m->x;
    if (m->r_valid) cp_read(m, m->r_word, m->r_a, m->r_b, m->r_drw ? m->r_drh : r_da, &x_new);
    /* a microinstruction whose operand A is dr spends two cycles here (the
     * CAM looks up the registered dr): fetch, decode and read hold, execute
     * gets a bubble */
    int r_first = m->r_valid && cp_fld(m->r_word, CP_F_VA, 5) == CP_VS_DR && !m->r_drw;

    /* ------------------------------------------------ decode stage */
    /* static prediction, data-array address b | i (index forwarded from the
     * execute stage) and its read, hazard check against the read stage */
    uint64_t dw = m->uc_q;
    uint32_t d_bc = cp_fld(dw, CP_F_BC, 4), d_bk = cp_fld(dw, CP_F_BK, 2),
             d_bo = cp_fld(dw, CP_F_BO, 8), d_bp = cp_fld(dw, CP_F_BP, 1),
             d_db = cp_fld(dw, CP_F_DB, 2), d_di = cp_fld(dw, CP_F_DI, 3);
    uint32_t d_pred = (m->d_upc + 1u) & ucm;
    if (d_bp && d_bc != CP_B_NEVER && d_bk == CP_T_REL) d_pred = (m->d_upc + sext(d_bo, 8)) & ucm;
    if (d_bp && d_bc != CP_B_NEVER && d_bk == CP_T_TREG) d_pred = m->t[d_bo & 3u] & ucm;
    /* index register with forwarding from the execute stage */
    uint32_t d_ival = (e_fire && iwe && id == d_di) ? ires : m->i[d_di];
    uint32_t d_addr = (m->b[d_db] | d_ival) & dam;
    /* operands A and B (unless dr, the read stage's), selected here with the
     * execute stage's value or index register write of this cycle forwarded;
     * the read stage's own writes are the hazard below */
    uint32_t d_va = cp_fld(dw, CP_F_VA, 5), d_vb = cp_fld(dw, CP_F_VB, 5);
    uint32_t d_a = vsrc(m, d_va, 0), d_b = vsrc(m, d_vb, 0);
    if (d_va < 8u && e_fire && vwe && vd == d_va) d_a = vres;
    if (d_va >= 24u && e_fire && iwe && id == d_va - 24u) d_a = ires;
    if (d_vb < 8u && e_fire && vwe && vd == d_vb) d_b = vres;
    if (d_vb >= 24u && e_fire && iwe && id == d_vb - 24u) d_b = ires;
    /* read-after-write hazards the read stage cannot bypass (the decode-stage
     * microinstruction waits): the read-stage one writes the data-array index
     * register, a value or index register named as a value operand, the CAM,
     * or steps the LFSR that a rand reads */
    int haz = 0;
    if (m->r_valid && m->d_valid) {
        uint64_t rw = m->r_word;
        uint32_t r_vop = cp_fld(rw, CP_F_VOP, 4), r_vd = cp_fld(rw, CP_F_VD, 3);
        uint32_t r_id = cp_fld(rw, CP_F_ID, 3);
        int r_vwe = r_vop != CP_V_NOP && r_vop < CP_V_CEQ, r_iwe = cp_fld(rw, CP_F_IOP, 3) != CP_I_NOP;
        haz = (r_iwe && r_id == d_di) ||
              (r_vwe && (d_va == r_vd || d_vb == r_vd)) ||
              (r_iwe && (d_va == 24u + r_id || d_vb == 24u + r_id)) ||
              cp_fld(rw, CP_F_COP, 2) != CP_C_NONE ||
              (r_vop == CP_V_RAND && cp_fld(dw, CP_F_VOP, 4) == CP_V_RAND);
    }

    /* ------------------------------------------------ control */
    const cp_sample *head = &m->sb[m->sb_rd];
    cp_dfe hd;
    cp_dfe_decode(head->insn, head->cls, m->riscv, &hd);
    uint32_t start = m->ctab[hd.cls & 15u] & ucm;
    int nonempty = m->sb_count != 0u;
    int load = 0, f_en = 0, squash = 0, hold = 0, rhold = 0;
    uint32_t f_addr = 0, nstate = m->state;
    if (stop_cmd) {
        nstate = CP_ST_STOP;
        squash = 1;
    } else if (m->state == CP_ST_IDLE) {
        if (nonempty) {
            load = 1;
            f_en = 1;
            f_addr = start;
            nstate = CP_ST_RUN;
        }
    } else if (m->state == CP_ST_RUN) {
        if (do_done) {
            squash = 1;
            if (nonempty) {
                load = 1;
                f_en = 1;
                f_addr = start;
            } else {
                nstate = CP_ST_IDLE;
            }
        } else if (do_int) {
            squash = 1;
            nstate = CP_ST_IRQ;
        } else if (e_fire && (m->r_valid ? m->r_upc != next : (!m->d_valid || m->d_upc != next))) {
            squash = 1;
            f_en = 1;
            f_addr = next;
        } else if (r_first) {
            hold = 1;
            rhold = 1;
        } else if (haz) {
            hold = 1;
        } else if (m->d_valid) {
            f_en = 1;
            f_addr = d_pred;
        }
    } else if (run_cmd) {
        nstate = CP_ST_IDLE;
    }

    /* ------------------------------------------------ clock edge: arrays */
    /* data array: read port (registered), then write port (read-first) */
    int da_host_rd = h_rd && hsp == CP_SP_DA;
    uint32_t da_raddr = da_host_rd ? (hidx & dam) : d_addr;
    int da_ren = da_host_rd || m->state == CP_ST_RUN;
    uint32_t da_new_q = da_ren ? m->da[da_raddr] : m->da_q;
    int clr_da = m->clr_cnt != 0u && m->clr_what == CP_CMD_CLRDA;
    int clr_bt = m->clr_cnt != 0u && m->clr_what == CP_CMD_CLRBT;
    uint32_t da_waddr = 0, da_wdata = 0;
    int da_we = 0;
    if (dwe) {
        da_we = 1;
        da_waddr = m->e_daddr;
        da_wdata = dwdata;
    } else if (h_wr && hsp == CP_SP_DA) {
        da_we = 1;
        da_waddr = hidx & dam;
        da_wdata = (uint32_t)in->host_wdata;
    } else if (clr_da) {
        da_we = 1;
        da_waddr = (m->clr_cnt - 1u) & dam;
        da_wdata = 0;
    }
    int byp_next = dwe && m->state == CP_ST_RUN && da_waddr == da_raddr;
    if (da_we) m->da[da_waddr] = da_wdata;
    m->byp_hit = byp_next;
    m->byp_data = da_wdata;
    m->da_q = da_new_q;

    /* microcode: read port (fetch or host), write port (host) */
    uint64_t uc_new_q = m->uc_q;
    if (f_en) uc_new_q = m->uc[f_addr];
    else if (h_rd && hsp == CP_SP_UC) uc_new_q = m->uc[hidx & ucm];
    if (h_wr && hsp == CP_SP_UC) m->uc[hidx & ucm] = in->host_wdata;
    m->uc_q = uc_new_q;

    /* filter bit table: read port (filter), write port (host / clear) */
    uint32_t bt_raddr = cp_fold(m->h.pc, cf->ft_aw);
    int bt_new_q = m->bt[bt_raddr];
    /* the host copy of the table: same writes, read port for the host */
    int bth_new_q = (h_rd && hsp == CP_SP_BT) ? m->bt[hidx & ftm] : m->bth_q;
    if (h_wr && hsp == CP_SP_BT) m->bt[hidx & ftm] = (uint8_t)(in->host_wdata & 1u);
    else if (clr_bt) m->bt[(m->clr_cnt - 1u) & ftm] = 0;
    m->bt_q = bt_new_q;
    m->bth_q = bth_new_q;

    /* ------------------------------------------------ clock edge: host port */
    uint64_t rsp_new = m->rsp_q;
    uint32_t rsp_src_new = m->rsp_src;
    if (h_rd) {
        rsp_src_new = 0;
        rsp_new = 0;
        switch (hsp) {
        case CP_SP_UC: rsp_src_new = 1; break;
        case CP_SP_DA: rsp_src_new = 2; break;
        case CP_SP_BT: rsp_src_new = 3; break;
        case CP_SP_CAM:
            rsp_new = ((uint64_t)m->cam_valid[hidx & cam_m] << 32) | m->cam_key[hidx & cam_m];
            break;
        case CP_SP_REG:
            if (hidx < 0x08u) rsp_new = m->v[hidx];
            else if (hidx < 0x10u) rsp_new = m->c[hidx - 0x08u];
            else if (hidx < 0x18u) rsp_new = m->i[hidx - 0x10u];
            else if (hidx < 0x20u) rsp_new = m->iwid[hidx - 0x18u];
            else if (hidx < 0x24u) rsp_new = m->b[hidx - 0x20u];
            else if (hidx < 0x28u) rsp_new = m->t[hidx - 0x24u];
            else if (hidx == CP_R_CNTW) rsp_new = m->cntw;
            else if (hidx == CP_R_LFSR) rsp_new = m->lfsr;
            else if (hidx >= 0x30u && hidx < 0x40u) rsp_new = m->ctab[hidx - 0x30u];
            break;
        case CP_SP_FILT:
            switch (hidx) {
            case CP_F_CLSEN: rsp_new = m->cls_en; break;
            case CP_F_PMASK: rsp_new = m->pmask; break;
            case CP_F_PMATCH: rsp_new = m->pmatch; break;
            case CP_F_FSEL: rsp_new = m->fsel; break;
            case CP_F_STATUS:
                rsp_new = m->state | (m->sb_count << 4) | ((uint32_t)m->h_valid << 16) |
                          ((uint32_t)m->s1_valid << 17);
                break;
            case CP_F_RETIRED: rsp_new = m->retired; break;
            case CP_F_TAGGED: rsp_new = m->tagged; break;
            case CP_F_DROPPED: rsp_new = m->dropped; break;
            case CP_F_PROCESSED: rsp_new = m->processed; break;
            case CP_F_INTERRUPTS: rsp_new = m->interrupts; break;
            case CP_F_IRQUPC: rsp_new = m->irq_upc; break;
            case CP_F_ABORTED: rsp_new = m->aborted; break;
            default: break;
            }
            break;
        default: break;
        }
    }
    int rsp_valid_new = h_rd ? 1 : (m->rsp_valid && !in->rsp_ready) ? 1 : 0;

    /* ------------------------------------------------ clock edge: registers */
    uint32_t hw32 = (uint32_t)in->host_wdata;
    /* execute-stage writes */
    if (e_fire && vwe) m->v[vd] = vres;
    if (e_fire && iwe) m->i[id] = ires;
    if (e_fire && vop == CP_V_RAND) m->lfsr = cp_lfsr_next(m->lfsr);
    if (cwe) {
        uint32_t ck = m->i[ci] & cam_m;
        if (cop == CP_C_WRITE) {
            m->cam_key[ck] = A;
            m->cam_valid[ck] = 1;
        } else if (cop == CP_C_INVAL) {
            m->cam_valid[ck] = 0;
        } else {
            for (uint32_t k = 0; k < cam_n; k++) m->cam_valid[k] = 0;
        }
    }
    /* the host CAM write accepted last cycle (the execute stage does not
     * run while the host writes the CAM) */
    if (m->hcw_valid) {
        m->cam_key[m->hcw_idx] = (uint32_t)m->hcw_data;
        m->cam_valid[m->hcw_idx] = (uint8_t)((m->hcw_data >> 32) & 1u);
    }
    m->hcw_valid = h_wr && hsp == CP_SP_CAM;
    m->hcw_idx = hidx & cam_m;
    m->hcw_data = in->host_wdata & 0x1ffffffffull;
    m->stop_q = stop_req;
    /* host writes (only while halted for these spaces; filter any time) */
    if (h_wr) {
        switch (hsp) {
        case CP_SP_REG:
            if (hidx < 0x08u) m->v[hidx] = hw32;
            else if (hidx < 0x10u) m->c[hidx - 0x08u] = hw32;
            else if (hidx < 0x18u) m->i[hidx - 0x10u] = hw32 & imask(m->iwid[hidx - 0x10u]);
            else if (hidx < 0x20u) m->iwid[hidx - 0x18u] = (hw32 & 31u) == 0u ? 1u
                                                          : (hw32 & 31u) > 16u ? 16u : (hw32 & 31u);
            else if (hidx < 0x24u) m->b[hidx - 0x20u] = hw32 & dam;
            else if (hidx < 0x28u) m->t[hidx - 0x24u] = hw32 & ucm;
            else if (hidx == CP_R_CNTW) m->cntw = (hw32 & 63u) == 0u ? 1u : (hw32 & 63u) > 32u ? 32u : (hw32 & 63u);
            else if (hidx == CP_R_LFSR) m->lfsr = hw32 == 0u ? 1u : hw32;
            else if (hidx >= 0x30u && hidx < 0x40u) m->ctab[hidx - 0x30u] = hw32 & ucm;
            break;
        case CP_SP_FILT:
            if (hidx == CP_F_CLSEN) m->cls_en = hw32 & 0xffffu;
            else if (hidx == CP_F_PMASK) m->pmask = hw32 & ftm;
            else if (hidx == CP_F_PMATCH) m->pmatch = hw32 & ftm;
            else if (hidx == CP_F_FSEL) m->fsel = hw32 & 15u;
            break;
        default: break;
        }
    }
    if (h_cmd && hidx == CP_CMD_INVCAM)
        for (uint32_t k = 0; k < cam_n; k++) m->cam_valid[k] = 0;
    if (m->clr_cnt != 0u) m->clr_cnt--;
    if (h_cmd && hidx == CP_CMD_CLRDA) {
        m->clr_cnt = dam + 1u;
        m->clr_what = CP_CMD_CLRDA;
    }
    if (h_cmd && hidx == CP_CMD_CLRBT) {
        m->clr_cnt = ftm + 1u;
        m->clr_what = CP_CMD_CLRBT;
    }
    m->rsp_valid = rsp_valid_new;
    m->rsp_q = rsp_new;
    m->rsp_src = rsp_src_new;

    /* counters and status */
    if (stop_cmd && m->state == CP_ST_RUN) m->aborted++;
    if (do_done || do_int) m->processed++;
    if (do_int) {
        m->interrupts++;
        m->irq_upc = m->e_upc;
    }

    /* sample buffer */
    int pop = load;
    if (push) {
        cp_sample s = m->s1;
        if (!(m->fsel & CP_FS_INSN)) s.insn = 0;
        if (!(m->fsel & CP_FS_VALUE)) s.value = 0;
        if (!(m->fsel & CP_FS_ADDR)) s.addr = 0;
        if (!(m->fsel & CP_FS_NPC)) s.npc = 0;
        m->sb[m->sb_wr] = s;
        m->sb_wr = (m->sb_wr + 1u) & (sbn - 1u);
    }
    if (load) {
        m->cur = *head;
        m->cur_d = hd;
    }
    if (pop) m->sb_rd = (m->sb_rd + 1u) & (sbn - 1u);
    m->sb_count = m->sb_count + (uint32_t)push - (uint32_t)pop;
    if (m->s1_valid) m->retired++;
    if (tag) m->tagged++;
    if (tag && !push) m->dropped++;

    /* filter input: the held record moves on when the next one arrives */
    if (in->ret_valid) {
        m->s1_valid = m->h_valid;
        m->s1 = m->h;
        m->s1.npc = in->ret_pc;
        m->s1_hpc = bt_raddr;
        m->h_valid = 1;
        m->h.pc = in->ret_pc;
        m->h.insn = in->ret_insn;
        m->h.value = in->ret_value;
        m->h.addr = in->ret_addr;
        m->h.npc = 0;
        m->h.cls = (uint8_t)(in->ret_cls & 15u);
        m->h.flags = (uint8_t)(in->ret_flags & 7u);
    } else {
        m->s1_valid = 0;
    }

    /* pipeline: on a hazard fetch and decode hold and the read stage gets a bubble */
    m->x = x_new;
    m->e_valid = m->r_valid && !rhold && !squash && nstate == CP_ST_RUN;
    m->e_upc = m->r_upc;
    m->e_word = m->r_word;
    m->e_daddr = m->r_daddr;
    m->r_drw = rhold;
    m->r_drh = r_da;
    m->r_valid = rhold || (m->d_valid && !hold && !squash && nstate == CP_ST_RUN);
    /* the read stage's word and operands hold for a second read cycle
     * (r_first); when a squash takes that cycle instead they are invalid */
    if (!r_first) {
        m->r_upc = m->d_upc;
        m->r_word = dw;
        m->r_a = d_a;
        m->r_b = d_b;
        m->r_daddr = d_addr;
    }
    if (!hold) {
        m->d_valid = f_en && nstate == CP_ST_RUN;
        m->d_upc = f_addr;
    }
    m->state = nstate;
}
