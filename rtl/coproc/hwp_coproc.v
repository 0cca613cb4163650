// SPDX-License-Identifier: Apache-2.0
//
// hwp_coproc: programmable profiling co-processor (Zilles and Sohi, "A
// Programmable Co-processor for Profiling", HPCA 2001). Section 3.1: the
// decode-time instruction filter (opcode class enable; hashed PC masked and
// compared with a match value to profile one partition at a time; hashed-PC
// indexed exclusion bit table) and the sample buffer, which drops and counts
// samples when full so the main processor never stalls. Sections 3.2-3.3:
// the co-processor proper, a fetch / decode / read / execute pipeline over a
// microcode array of 64-bit microinstructions (value-ALU op, index-ALU op,
// data-array op, associative-array op and a branch slot with a one-bit
// static prediction), partitioned register files (value, index with
// per-register widths, constant, base address, branch target), a CAM with
// valid bits, a data array with saturating read-modify-write, the decoder /
// field extractor with its class -> routine table, and the special branch
// targets `done` and `interrupt`. Section 3.4: the host access port reads and
// writes all state while the co-processor is halted (filter and status at
// any time) and offers invalidate / clear commands.
//
// The cycle model cmodel/coproc/coproc.c is the specification; this file
// follows it statement by statement. docs/coproc.md, docs/coproc-isa.md.
`default_nettype none

module hwp_coproc #(
    parameter integer UC_AW  = 8,   // microcode words = 2^UC_AW (64 bits each), 8..10
    parameter integer CAM_AW = 6,   // associative array entries = 2^CAM_AW, 2..7
    parameter integer DA_AW  = 9,   // data array words = 2^DA_AW (32 bits each), 4..11
    parameter integer SB_AW  = 4,   // sample buffer entries = 2^SB_AW, 1..7
    parameter integer FT_AW  = 12,  // PC filter bit table bits = 2^FT_AW, 4..12
    parameter integer RISCV  = 1    // DFE decodes RISC-V words (0: record class)
) (
    input  wire        clk_i,
    input  wire        rst_i,
    // clock enable: a cycle with ce_i = 0 is a no-op (every register and
    // every array read and write holds; handshakes count only when ce_i = 1),
    // so a shell can run the co-processor in virtual time (docs/protocol.md)
    input  wire        ce_i,
    // retire stream from the main processor (always accepted)
    input  wire        ret_valid_i,
    output wire        ret_ready_o,
    input  wire [31:0] ret_pc_i,
    input  wire [31:0] ret_insn_i,
    input  wire [31:0] ret_value_i,
    input  wire [31:0] ret_addr_i,
    input  wire [3:0]  ret_cls_i,
    input  wire [2:0]  ret_flags_i,
    // host access port: commands in, read responses out
    input  wire        host_valid_i,
    output wire        host_ready_o,
    input  wire [1:0]  host_op_i,
    input  wire [15:0] host_addr_i,
    input  wire [63:0] host_wdata_i,
    output wire        rsp_valid_o,
    input  wire        rsp_ready_i,
    output wire [63:0] rsp_data_o,
    output wire        irq_o,
    // execute-stage trace port (for the lockstep regression and debugging)
    output wire        dbg_e_fire_o,
    output wire [11:0] dbg_e_upc_o,
    output wire [31:0] dbg_vres_o,
    output wire [15:0] dbg_ires_o,
    output wire [11:0] dbg_next_upc_o,
    output wire        dbg_taken_o,
    output wire        dbg_hit_o,
    output wire [7:0]  dbg_midx_o,
    output wire        dbg_dwe_o,
    output wire        dbg_cwe_o,
    output wire [11:0] dbg_daddr_o,
    output wire [31:0] dbg_dwdata_o,
    output wire [31:0] dbg_dr_o,
    output wire [1:0]  dbg_state_o,
    output wire [8:0]  dbg_sb_count_o,
    output wire [31:0] dbg_dropped_o
);
    localparam integer CAM_N = 1 << CAM_AW;
    localparam integer SW    = 32 * 5 + 4 + 3;  // sample word: pc insn value addr npc cls flags
    localparam integer CW    = (DA_AW > FT_AW ? DA_AW : FT_AW) + 1;

    localparam [1:0] ST_STOP = 2'd0, ST_IDLE = 2'd1, ST_RUN = 2'd2, ST_IRQ = 2'd3;

    // ------------------------------------------------------------ state
    // filter
    reg [15:0] cls_en_q;
    reg [FT_AW-1:0] pmask_q, pmatch_q;
    reg [3:0] fsel_q;
    reg h_valid_q;
    reg [31:0] h_pc_q, h_insn_q, h_value_q, h_addr_q;
    reg [3:0] h_cls_q;
    reg [2:0] h_flags_q;
    reg s1_valid_q;
    reg [SW-1:0] s1_q;
    reg [FT_AW-1:0] s1_hpc_q;
    wire bt_q;
    wire bth_q;   // host-port read of the bit table (second copy)
    wire [SW-1:0] head;            // the sample buffer's oldest sample
    wire [SB_AW:0] sb_count;
    wire push;                     // the tagged sample was stored
    reg [31:0] retired_q, tagged_q, dropped_q, processed_q, interrupts_q, aborted_q;
    reg [UC_AW-1:0] irq_upc_q;
    // registers
    reg [31:0] v_q [0:7];
    reg [31:0] c_q [0:7];
    reg [15:0] i_q [0:7];
    reg [4:0]  iwid_q [0:7];
    reg [DA_AW-1:0] b_q [0:3];
    reg [UC_AW-1:0] t_q [0:3];
    reg [5:0]  cntw_q;
    reg [31:0] lfsr_q;
    reg [UC_AW-1:0] ctab_q [0:15];
    reg [CAM_N-1:0] cam_valid_q;
    // control
    reg [1:0] state_q;
    reg [SW-1:0] cur_q;
    reg [3:0] cur_cls_q;
    reg [4:0] cur_rd_q, cur_rs1_q, cur_rs2_q;
    reg [31:0] cur_imm_q;
    reg ld_q;                      // cur_q loads (nxt_q) at the end of this cycle
    reg [SW-1:0] nxt_q;            // the head sample and its DFE fields, every cycle
    reg [3:0] nxt_cls_q;
    reg [4:0] nxt_rd_q, nxt_rs1_q, nxt_rs2_q;
    reg [31:0] nxt_imm_q;
    reg d_valid_q;
    reg [UC_AW-1:0] d_upc_q;
    wire [63:0] uc_q;
    reg r_valid_q;
    reg r_drw_q;   // the read-stage microinstruction (A = dr) is in its second cycle
    reg [31:0] r_drh_q;   // its dr, registered in its first cycle
    reg [UC_AW-1:0] r_upc_q;
    reg [63:0] r_word_q;
    reg [31:0] r_a_q;     // its operands A and B (unless dr), selected in decode
    reg [31:0] r_b_q;
    reg [DA_AW-1:0] r_daddr_q;
    reg e_valid_q;
    reg [UC_AW-1:0] e_upc_q;
    reg [63:0] e_word_q;
    reg [DA_AW-1:0] e_daddr_q;
    reg [15:0] e_ia_q, e_ib_q;     // index operands unless midx or dr (read stage)
    reg [15:0] e_iwm_q;            // destination width mask (read stage)
    wire [31:0] da_q;
    reg byp_hit_q;
    reg [31:0] byp_data_q;
    // read-cycle results (hwp_coproc_rd), used in the execute cycle
    wire [31:0] x_a, x_dr, x_vres;
    wire [31:0] x_dinc;
    wire x_vsat, x_hit, x_dsat;
    wire [CAM_AW-1:0] x_midx;
    // host port
    reg rsp_valid_q;
    reg [1:0] rsp_src_q;
    reg [63:0] rsp_q;
    reg [CW-1:0] clr_cnt_q;
    reg clr_da_q;  // clearing the data array (else the bit table)
    reg stop_q;                // a STOP command accepted last cycle acts in this one
    reg hcw_q;                 // a host CAM write accepted last cycle is written in this one
    reg [CAM_N-1:0] hcw_sel_q; // its entry, one-hot
    reg [32:0] hcw_data_q;     // its valid bit and key

    // sample word fields: pc insn value addr npc (32 bits each), cls (4), flags (3)
    localparam integer P_PC = 0, P_INSN = 32, P_VALUE = 64, P_ADDR = 96, P_NPC = 128;
    localparam integer P_CLS = 160, P_FLAGS = 164;

    // hashed PC: xor-fold of pc >> 1 into FT_AW bits
    function [FT_AW-1:0] fold(input [31:0] pc);
        integer k;
        reg [63:0] x;
        begin
            x = {32'd0, pc} >> 1;
            fold = {FT_AW{1'b0}};
            for (k = 0; k < 32; k = k + FT_AW)
                fold = fold ^ x[k +: FT_AW];
        end
    endfunction

    function [15:0] imask(input [4:0] w);
        imask = ~(16'hffff << w);
    endfunction

    // ------------------------------------------------------------ host port (combinational)
    // A command takes effect in the cycle it is accepted, except a STOP
    // (stop_q) and a CAM write (hcw_q), which act in the next cycle, so that
    // the execute stage's squash and the CAM key registers' 64-way write
    // enables start from flip-flops, not from the host's inputs; the port
    // accepts nothing in that next cycle.
    wire [1:0]  hop  = host_op_i;
    wire [3:0]  hsp  = host_addr_i[15:12];
    wire [11:0] hidx = host_addr_i[11:0];
    wire halted = (state_q == ST_STOP) || (state_q == ST_IRQ);
    reg host_ready;
    always @(*) begin
        host_ready = 1'b0;
        if (!rsp_valid_q && clr_cnt_q == {CW{1'b0}} && !stop_q && !hcw_q) begin
            if (hop == 2'd2)
                host_ready = halted || hidx == 12'd0 || hidx == 12'd1 || hidx == 12'd4;
            else
                host_ready = halted || hsp == 4'd4 || hsp == 4'd5;
        end
    end
    wire hfire    = host_valid_i && host_ready;
    wire h_rd     = hfire && hop == 2'd0;
    wire h_wr     = hfire && hop == 2'd1;
    wire h_cmd    = hfire && hop == 2'd2;
    wire stop_req = h_cmd && hidx == 12'd1;
    wire stop_cmd = stop_q;
    wire run_cmd  = h_cmd && hidx == 12'd0 && halted;
    assign host_ready_o = host_ready;
    assign rsp_valid_o  = rsp_valid_q;
    assign rsp_data_o   = rsp_src_q == 2'd1 ? uc_q : rsp_src_q == 2'd2 ? {32'd0, da_q} :
                          rsp_src_q == 2'd3 ? {63'd0, bth_q} : rsp_q;
    assign irq_o        = state_q == ST_IRQ;
    assign ret_ready_o  = 1'b1;

    // ------------------------------------------------------------ filter stage s1
    wire cls_ok = cls_en_q[s1_q[P_CLS +: 4]];
    wire tag    = s1_valid_q && cls_ok && ((s1_hpc_q & pmask_q) == pmatch_q) && !bt_q;

    // ------------------------------------------------------------ execute stage
    // index ALU, branch condition, register / CAM / data-array writes, branch
    // check against the next microinstruction in flight and the fetch redirect
    wire [63:0] w = e_word_q;
    wire [3:0] vop = w[3:0];
    wire [2:0] vd  = w[6:4];
    wire [2:0] iop = w[19:17];
    wire [2:0] id  = w[22:20];
    wire [3:0] ia  = w[26:23];
    wire [3:0] ib  = w[30:27];
    wire [1:0] dop = w[32:31];
    wire [1:0] cop = w[39:38];
    wire [2:0] ci  = w[42:40];
    wire [3:0] bc  = w[46:43];
    wire [1:0] bk  = w[48:47];
    wire [7:0] bo  = w[56:49];
    wire [31:0] info = {10'd0, cur_rs2_q, cur_rs1_q, cur_rd_q, cur_q[P_FLAGS +: 3], cur_cls_q};

    // CAM keys, one register per entry (not reset: the host writes them). A
    // key is written by the execute stage (cwe, cop 1) or by the host's CAM
    // write a cycle after its command (hcw_q), never both in a clock: the
    // host writes only while halted.
    wire [32*CAM_N-1:0] cam_key_flat;
    wire [CAM_AW-1:0] ck;
    wire [31:0] cam_wkey;
    wire cam_ewr;
    genvar g;
    generate
        for (g = 0; g < CAM_N; g = g + 1) begin : g_key
            localparam [CAM_AW-1:0] IDX = g;
            reg [31:0] key_q;
            always @(posedge clk_i)
                if (!rst_i && ce_i && (hcw_sel_q[g] || (cam_ewr && ck == IDX)))
                    key_q <= cam_wkey;
            assign cam_key_flat[32*g +: 32] = key_q;
        end
    endgenerate

    // the read stage's results
    wire [31:0] A = x_a;
    wire [31:0] dr = x_dr;
    wire [31:0] vres = x_vres;
    wire vsat = x_vsat;
    wire hit = x_hit;
    wire [CAM_AW-1:0] midx = x_midx;
    wire vwe = vop != 4'd0 && vop < 4'd12;

    // index ALU: its operands and width mask were selected in the read stage
    // (e_ia_q, e_ib_q, e_iwm_q) except midx and dr, this stage's inputs
    function [15:0] isrc(input [3:0] s, input [15:0] pre);
        begin
            if (s == 4'd8) isrc = {{(16-CAM_AW){1'b0}}, midx};
            else if (s == 4'd10) isrc = dr[15:0];
            else isrc = pre;
        end
    endfunction
    wire [15:0] iwm = e_iwm_q;
    wire [15:0] IA = isrc(ia, e_ia_q);
    wire [15:0] IB = isrc(ib, e_ib_q);
    reg [15:0] ires;
    reg isat, iwe;
    // one adder and one subtractor on the operands masked to the destination
    // width serve every operation: a saturating add overflows when a bit at
    // or above the width is set, a saturating subtract when it borrows
    wire [15:0] ma = IA & iwm;
    wire [15:0] mb = IB & iwm;
    wire [16:0] isum = {1'b0, ma} + {1'b0, mb};
    wire [16:0] idif = {1'b0, ma} - {1'b0, mb};
    wire iovf = |(isum & ~{1'b0, iwm});
    always @(*) begin
        ires = 16'd0;
        isat = 1'b0;
        iwe  = 1'b1;
        case (iop)
            3'd0: iwe = 1'b0;
            3'd1: ires = ma;
            3'd2: ires = isum[15:0] & iwm;
            3'd3: ires = idif[15:0] & iwm;
            3'd4: begin isat = iovf; ires = iovf ? iwm : isum[15:0]; end
            3'd5: begin isat = idif[16]; ires = idif[16] ? 16'd0 : idif[15:0]; end
            3'd6: ires = ma & IB;
            default: ires = (IA | IB) & iwm;
        endcase
    end

    // read stage: the next microinstruction's index operands (registers,
    // with this stage's index write forwarded, DFE fields and constants)
    // and width mask, registered for the execute stage
    wire [63:0] rw = r_word_q;
    function [15:0] ipre(input [3:0] s, input [15:0] fwd);
        begin
            if (s < 4'd8) ipre = fwd;
            else begin
                case (s[2:0])
                    3'd1: ipre = {12'd0, cur_cls_q};
                    3'd4: ipre = 16'd1;
                    3'd5: ipre = {11'd0, cur_rd_q};
                    3'd6: ipre = {11'd0, cur_rs1_q};
                    3'd7: ipre = {11'd0, cur_rs2_q};
                    default: ipre = 16'd0;  // zero; midx and dr are the execute stage's
                endcase
            end
        end
    endfunction
    wire [3:0] r_ia = rw[26:23];
    wire [3:0] r_ib = rw[30:27];
    wire [15:0] r_iafwd = (e_fire && iwe && id == r_ia[2:0]) ? ires : i_q[r_ia[2:0]];
    wire [15:0] r_ibfwd = (e_fire && iwe && id == r_ib[2:0]) ? ires : i_q[r_ib[2:0]];
    wire [15:0] r_ia_pre = ipre(r_ia, r_iafwd);
    wire [15:0] r_ib_pre = ipre(r_ib, r_ibfwd);
    wire [15:0] r_iwm = imask(iwid_q[rw[22:20]]);

    wire dsat = x_dsat;
    wire taken_f = cur_q[P_FLAGS +: 3] >> 2 != 3'd0;
    reg cond;
    always @(*) begin
        case (bc)
            4'd0: cond = 1'b0;
            4'd1: cond = 1'b1;
            4'd2: cond = vres == 32'd0;
            4'd3: cond = vres != 32'd0;
            4'd4: cond = vsat;
            4'd5: cond = !vsat;
            4'd6: cond = ires == 16'd0;
            4'd7: cond = ires != 16'd0;
            4'd8: cond = isat;
            4'd9: cond = !isat;
            4'd10: cond = hit;
            4'd11: cond = !hit;
            4'd12: cond = dsat;
            4'd13: cond = !dsat;
            4'd14: cond = taken_f;
            default: cond = !taken_f;
        endcase
    end
    wire [15:0] bo16 = {{8{bo[7]}}, bo};
    wire [UC_AW-1:0] bo_ext = bo16[UC_AW-1:0];
    // next microinstruction: the taken target or the sequential one; both are
    // compared with the one in flight (read stage, else decode) before the
    // condition is known, so the condition only selects
    wire [UC_AW-1:0] seq = e_upc_q + {{(UC_AW-1){1'b0}}, 1'b1};
    wire [UC_AW-1:0] tgt = bk[0] ? t_q[bo[1:0]] : e_upc_q + bo_ext;
    wire jmp = cond && !bk[1];
    wire [UC_AW-1:0] next = jmp ? tgt : seq;
    wire [UC_AW-1:0] s_upc = r_valid_q ? r_upc_q : d_upc_q;
    wire s_valid = r_valid_q || d_valid_q;
    wire mispred = jmp ? (!s_valid || s_upc != tgt) : (!s_valid || s_upc != seq);
    wire e_fire  = e_valid_q && !stop_cmd;
    wire do_done = e_fire && cond && bk == 2'd2;
    wire do_int  = e_fire && cond && bk == 2'd3;
    wire dwe     = e_fire && (dop == 2'd2 || dop == 2'd3);
    wire [31:0] dwdata = dop == 2'd3 ? x_dinc : vres;
    wire cwe     = e_fire && cop != 2'd0;

    assign dbg_e_fire_o   = e_fire;
    assign dbg_e_upc_o    = e_fire ? {{(12-UC_AW){1'b0}}, e_upc_q} : 12'd0;
    assign dbg_vres_o     = e_fire ? vres : 32'd0;
    assign dbg_ires_o     = e_fire ? ires : 16'd0;
    assign dbg_next_upc_o = !e_fire ? 12'd0 : (cond && bk[1]) ? 12'hfff : {{(12-UC_AW){1'b0}}, next};
    assign dbg_taken_o    = e_fire && cond;
    assign dbg_hit_o      = e_fire && hit;
    assign dbg_midx_o     = e_fire ? {{(8-CAM_AW){1'b0}}, midx} : 8'd0;
    assign dbg_dwe_o      = dwe;
    assign dbg_cwe_o      = cwe;
    assign dbg_daddr_o    = e_fire ? {{(12-DA_AW){1'b0}}, e_daddr_q} : 12'd0;
    assign dbg_dwdata_o   = e_fire ? dwdata : 32'd0;
    assign dbg_dr_o       = e_fire ? dr : 32'd0;
    assign dbg_state_o    = state_q;
    assign dbg_sb_count_o = {{(8-SB_AW){1'b0}}, sb_count};
    assign dbg_dropped_o  = dropped_q;

    // ------------------------------------------------------------ read stage
    // value operands, data-array word, associative lookup and value ALU, registered
    // (hwp_coproc_rd.v)
    // dr: the word read in the decode stage, bypassed from the write of that
    // cycle (byp_hit_q) and from the execute stage's write of this cycle (byp_e)
    // (not gated by a STOP command: it squashes the read stage anyway)
    wire byp_e = e_valid_q && dop[1] && e_daddr_q == r_daddr_q;
    wire [31:0] r_da = byp_e ? dwdata : byp_hit_q ? byp_data_q : da_q;
    // the same choice with the block RAM's word, which arrives last, chosen
    // last (hwp_coproc_rd.v): dr is da_q or r_dalt
    wire r_dram = !r_drw_q && !byp_e && !byp_hit_q;
    wire [31:0] r_dalt = r_drw_q ? r_drh_q : byp_e ? dwdata : byp_data_q;
    // a microinstruction whose operand A is dr spends two cycles here (the
    // CAM looks up the registered dr): fetch, decode and read hold, execute
    // gets a bubble
    wire r_first = r_valid_q && r_word_q[11:7] == 5'd23 && !r_drw_q;
    hwp_coproc_rd #(.CAM_AW(CAM_AW)) u_rd (
        .clk_i(clk_i), .rst_i(rst_i), .en_i(ce_i && r_valid_q),
        .word_i(r_word_q[16:0]), .da_i(da_q), .dram_i(r_dram), .dalt_i(r_dalt), .drh_i(r_drh_q), .a_i(r_a_q), .b_i(r_b_q),
        .lfsr_i(lfsr_q), .cntw_i(cntw_q), .cam_key_i(cam_key_flat), .cam_valid_i(cam_valid_q),
        .a_o(x_a), .dr_o(x_dr), .vres_o(x_vres), .vsat_o(x_vsat), .hit_o(x_hit),
        .midx_o(x_midx), .dsat_o(x_dsat), .dinc_o(x_dinc)
    );

    // ------------------------------------------------------------ decode stage
    // static prediction, data-array address b | i (index forwarded from the
    // execute stage) and its read, hazard check against the read stage
    wire [63:0] dw = uc_q;
    wire [3:0] d_bc = dw[46:43];
    wire [1:0] d_bk = dw[48:47];
    wire [7:0] d_bo = dw[56:49];
    wire d_bp = dw[57];
    wire [1:0] d_db = dw[34:33];
    wire [2:0] d_di = dw[37:35];
    wire [15:0] d_bo16 = {{8{d_bo[7]}}, d_bo};
    reg [UC_AW-1:0] d_pred;
    always @(*) begin
        d_pred = d_upc_q + {{(UC_AW-1){1'b0}}, 1'b1};
        if (d_bp && d_bc != 4'd0 && d_bk == 2'd0) d_pred = d_upc_q + d_bo16[UC_AW-1:0];
        if (d_bp && d_bc != 4'd0 && d_bk == 2'd1) d_pred = t_q[d_bo[1:0]];
    end
    wire [15:0] d_ival = (e_fire && iwe && id == d_di) ? ires : i_q[d_di];
    wire [DA_AW-1:0] d_addr = b_q[d_db] | d_ival[DA_AW-1:0];
    // value operands A and B (value, constant, index register or
    // head-sample field; dr is the read stage's) are selected here, a cycle
    // before the read stage's CAM and value ALU use them, with the execute
    // stage's value or index register write of this cycle forwarded; the
    // read stage's own writes are the hazard below
    wire [4:0] d_va = dw[11:7];
    wire [4:0] d_vb = dw[16:12];
    // the sample: a routine's first microinstruction is decoded while cur_q
    // loads (ld_q), from nxt_q
    wire [P_CLS-1:0] d_cur = ld_q ? nxt_q[P_CLS-1:0] : cur_q[P_CLS-1:0];
    wire [31:0] d_info = ld_q ? {10'd0, nxt_rs2_q, nxt_rs1_q, nxt_rd_q, nxt_q[P_FLAGS +: 3], nxt_cls_q} : info;
    function [31:0] dsel(input [4:0] s, input [31:0] vfwd, input [15:0] ifwd);
        begin
            case (s[4:3])
                2'd0: dsel = vfwd;
                2'd1: dsel = c_q[s[2:0]];
                2'd2: begin
                    case (s[2:0])
                        3'd0: dsel = d_cur[P_PC +: 32];
                        3'd1: dsel = d_cur[P_INSN +: 32];
                        3'd2: dsel = d_cur[P_VALUE +: 32];
                        3'd3: dsel = d_cur[P_ADDR +: 32];
                        3'd4: dsel = d_cur[P_NPC +: 32];
                        3'd5: dsel = ld_q ? nxt_imm_q : cur_imm_q;
                        default: dsel = d_info;  // 23 (dr) is the read stage's
                    endcase
                end
                default: dsel = {16'd0, ifwd};
            endcase
        end
    endfunction
    wire [31:0] d_vfwd = (e_fire && vwe && vd == d_va[2:0]) ? vres : v_q[d_va[2:0]];
    wire [15:0] d_ifwd = (e_fire && iwe && id == d_va[2:0]) ? ires : i_q[d_va[2:0]];
    wire [31:0] d_vfwdb = (e_fire && vwe && vd == d_vb[2:0]) ? vres : v_q[d_vb[2:0]];
    wire [15:0] d_ifwdb = (e_fire && iwe && id == d_vb[2:0]) ? ires : i_q[d_vb[2:0]];
    wire [31:0] d_a = dsel(d_va, d_vfwd, d_ifwd);
    wire [31:0] d_b = dsel(d_vb, d_vfwdb, d_ifwdb);
    // cur_q's class field is superseded by the DFE's; the reserved microinstruction
    // bits 63:58, bp and the data fields are used by the decode stage instead
    // read-after-write hazards the read stage cannot bypass: the decode-stage
    // microinstruction waits there while the read-stage one is read when that
    // one writes its data-array index register (the address is formed in
    // decode), a value or index register it names as a value operand, the
    // CAM (its lookup), or steps the LFSR that its rand reads
    wire r_vwe = rw[3:0] != 4'd0 && rw[3:0] < 4'd12;
    wire r_iwe = rw[19:17] != 3'd0;
    function vreads(input [4:0] s, input [2:0] vdst, input vw, input [2:0] idst, input iw);
        vreads = (vw && s == {2'b00, vdst}) || (iw && s == {2'b11, idst});
    endfunction
    wire haz = r_valid_q && d_valid_q &&
               ((r_iwe && rw[22:20] == d_di) ||
                vreads(dw[11:7], rw[6:4], r_vwe, rw[22:20], r_iwe) ||
                vreads(dw[16:12], rw[6:4], r_vwe, rw[22:20], r_iwe) ||
                rw[39:38] != 2'd0 ||
                (rw[3:0] == 4'd11 && dw[3:0] == 4'd11));
    wire unused_bits = &{1'b0, cur_q[P_CLS +: 4], w[63:57], w[37:33], w[16:7], d_ival[15:DA_AW],
                         rw[63:40], rw[37:31], rw[16:4],
                         bo16[15:UC_AW], d_bo16[15:UC_AW]};

    // ------------------------------------------------------------ control
    // sample start, done / interrupt, branch redirect, hazard hold; the fetch
    // stage is the microcode RAM read this selects
    wire [3:0] hd_cls;
    wire [4:0] hd_rd, hd_rs1, hd_rs2;
    wire [31:0] hd_imm;
    hwp_coproc_dfe #(.RISCV(RISCV)) u_dfe (
        .insn_i(head[P_INSN +: 32]), .rec_cls_i(head[P_CLS +: 4]),
        .cls_o(hd_cls), .rd_o(hd_rd), .rs1_o(hd_rs1), .rs2_o(hd_rs2), .imm_o(hd_imm)
    );
    wire [UC_AW-1:0] start = ctab_q[hd_cls];
    wire nonempty = sb_count != {(SB_AW+1){1'b0}};
    reg load, f_en, squash, hold, rhold;
    reg [1:0] nstate;
    // the fetch address does not wait for the hazard hold: a held fetch
    // does not read (f_en low) and the microcode RAM keeps its word
    wire [UC_AW-1:0] f_addr = (state_q != ST_RUN || do_done) ? start :
                              (e_fire && mispred) ? next : d_pred;
    always @(*) begin
        load   = 1'b0;
        f_en   = 1'b0;
        squash = 1'b0;
        hold   = 1'b0;
        rhold  = 1'b0;
        nstate = state_q;
        if (stop_cmd) begin
            nstate = ST_STOP;
            squash = 1'b1;
        end else if (state_q == ST_IDLE) begin
            if (nonempty) begin
                load = 1'b1; f_en = 1'b1; nstate = ST_RUN;
            end
        end else if (state_q == ST_RUN) begin
            if (do_done) begin
                squash = 1'b1;
                if (nonempty) begin
                    load = 1'b1; f_en = 1'b1;
                end else begin
                    nstate = ST_IDLE;
                end
            end else if (do_int) begin
                squash = 1'b1;
                nstate = ST_IRQ;
            end else if (e_fire && mispred) begin
                squash = 1'b1; f_en = 1'b1;
            end else if (r_first) begin
                hold = 1'b1; rhold = 1'b1;
            end else if (haz) begin
                hold = 1'b1;
            end else if (d_valid_q) begin
                f_en = 1'b1;
            end
        end else if (run_cmd) begin
            nstate = ST_IDLE;
        end
    end

    // ------------------------------------------------------------ arrays
    // data array
    wire da_host_rd = h_rd && hsp == 4'd2;
    wire [DA_AW-1:0] da_raddr = da_host_rd ? hidx[DA_AW-1:0] : d_addr;
    wire da_ren = da_host_rd || state_q == ST_RUN;
    wire clr_busy = clr_cnt_q != {CW{1'b0}};
    wire [CW-1:0] clr_m1 = clr_cnt_q - {{(CW-1){1'b0}}, 1'b1};
    reg da_we;
    reg [DA_AW-1:0] da_waddr;
    reg [31:0] da_wdata;
    always @(*) begin
        da_we = 1'b0;
        da_waddr = {DA_AW{1'b0}};
        da_wdata = 32'd0;
        if (dwe) begin
            da_we = 1'b1; da_waddr = e_daddr_q; da_wdata = dwdata;
        end else if (h_wr && hsp == 4'd2) begin
            da_we = 1'b1; da_waddr = hidx[DA_AW-1:0]; da_wdata = host_wdata_i[31:0];
        end else if (clr_busy && clr_da_q) begin
            da_we = 1'b1; da_waddr = clr_m1[DA_AW-1:0]; da_wdata = 32'd0;
        end
    end
    // RW_OLD = 0: the word read in a clock that writes the same address is
    // never used (the execute stage's write is bypassed by byp_hit_q; host
    // writes and clears happen only while halted, when nothing else reads)
    hwp_sdp_ram #(.DW(32), .AW(DA_AW), .RW_OLD(0)) u_da (
        .clk_i(clk_i), .we_i(ce_i && da_we), .waddr_i(da_waddr), .wdata_i(da_wdata),
        .re_i(ce_i && da_ren), .raddr_i(da_raddr), .oce_i(1'b1), .rdata_o(da_q)
    );
    wire uc_ren = f_en || (h_rd && hsp == 4'd0);
    // the host reads the microcode only while halted, when nothing is fetched
    wire [UC_AW-1:0] uc_raddr = (h_rd && hsp == 4'd0) ? hidx[UC_AW-1:0] : f_addr;
    // microcode: RW_OLD = 0, the host writes only while halted and a host
    // read and write never share a clock
    hwp_sdp_ram #(.DW(64), .AW(UC_AW), .RW_OLD(0)) u_uc (
        .clk_i(clk_i), .we_i(ce_i && h_wr && hsp == 4'd0), .waddr_i(hidx[UC_AW-1:0]),
        .wdata_i(host_wdata_i), .re_i(ce_i && uc_ren), .raddr_i(uc_raddr), .oce_i(1'b1), .rdata_o(uc_q)
    );
    // PC filter bit table
    wire [FT_AW-1:0] bt_raddr = fold(h_pc_q);
    wire bt_we = ce_i && ((h_wr && hsp == 4'd5) || (clr_busy && !clr_da_q));
    wire [FT_AW-1:0] bt_waddr = (h_wr && hsp == 4'd5) ? hidx[FT_AW-1:0] : clr_m1[FT_AW-1:0];
    wire bt_wdata = (h_wr && hsp == 4'd5) ? host_wdata_i[0] : 1'b0;
    hwp_sdp_ram #(.DW(1), .AW(FT_AW)) u_bt (
        .clk_i(clk_i), .we_i(bt_we), .waddr_i(bt_waddr), .wdata_i(bt_wdata),
        .re_i(ce_i), .raddr_i(bt_raddr), .oce_i(1'b1), .rdata_o(bt_q)
    );
    // host copy of the bit table: the same writes, read by the host port (the
    // filter owns the first copy's read port every cycle)
    hwp_sdp_ram #(.DW(1), .AW(FT_AW)) u_bth (
        .clk_i(clk_i), .we_i(bt_we), .waddr_i(bt_waddr), .wdata_i(bt_wdata),
        .re_i(ce_i && h_rd && hsp == 4'd5), .raddr_i(hidx[FT_AW-1:0]), .oce_i(1'b1), .rdata_o(bth_q)
    );

    // ------------------------------------------------------------ host read data
    reg [63:0] rsp_new;
    reg [1:0] rsp_src_new;
    always @(*) begin
        rsp_new = rsp_q;
        rsp_src_new = rsp_src_q;
        if (h_rd) begin
            rsp_src_new = 2'd0;
            rsp_new = 64'd0;
            case (hsp)
                4'd0: rsp_src_new = 2'd1;
                4'd2: rsp_src_new = 2'd2;
                4'd5: rsp_src_new = 2'd3;
                4'd1: rsp_new = {31'd0, cam_valid_q[hidx[CAM_AW-1:0]], cam_key_flat[32*hidx[CAM_AW-1:0] +: 32]};
                4'd3: begin
                    if (hidx < 12'h008) rsp_new = {32'd0, v_q[hidx[2:0]]};
                    else if (hidx < 12'h010) rsp_new = {32'd0, c_q[hidx[2:0]]};
                    else if (hidx < 12'h018) rsp_new = {48'd0, i_q[hidx[2:0]]};
                    else if (hidx < 12'h020) rsp_new = {59'd0, iwid_q[hidx[2:0]]};
                    else if (hidx < 12'h024) rsp_new = {{(64-DA_AW){1'b0}}, b_q[hidx[1:0]]};
                    else if (hidx < 12'h028) rsp_new = {{(64-UC_AW){1'b0}}, t_q[hidx[1:0]]};
                    else if (hidx == 12'h028) rsp_new = {58'd0, cntw_q};
                    else if (hidx == 12'h029) rsp_new = {32'd0, lfsr_q};
                    else if (hidx >= 12'h030 && hidx < 12'h040)
                        rsp_new = {{(64-UC_AW){1'b0}}, ctab_q[hidx[3:0]]};
                end
                4'd4: begin
                    case (hidx)
                        12'h000: rsp_new = {48'd0, cls_en_q};
                        12'h001: rsp_new = {{(64-FT_AW){1'b0}}, pmask_q};
                        12'h002: rsp_new = {{(64-FT_AW){1'b0}}, pmatch_q};
                        12'h003: rsp_new = {60'd0, fsel_q};
                        12'h008: rsp_new = {46'd0, s1_valid_q, h_valid_q, {(12-SB_AW-1){1'b0}}, sb_count, 2'd0, state_q};
                        12'h009: rsp_new = {32'd0, retired_q};
                        12'h00a: rsp_new = {32'd0, tagged_q};
                        12'h00b: rsp_new = {32'd0, dropped_q};
                        12'h00c: rsp_new = {32'd0, processed_q};
                        12'h00d: rsp_new = {32'd0, interrupts_q};
                        12'h00e: rsp_new = {{(64-UC_AW){1'b0}}, irq_upc_q};
                        12'h00f: rsp_new = {32'd0, aborted_q};
                        default: rsp_new = 64'd0;
                    endcase
                end
                default: rsp_new = 64'd0;
            endcase
        end
    end

    // ------------------------------------------------------------ registers
    wire [31:0] hw32 = host_wdata_i[31:0];
    wire [4:0] hw_iwid = (hw32[4:0] == 5'd0) ? 5'd1 : (hw32[4:0] > 5'd16) ? 5'd16 : hw32[4:0];
    wire [5:0] hw_cntw = (hw32[5:0] == 6'd0) ? 6'd1 : (hw32[5:0] > 6'd32) ? 6'd32 : hw32[5:0];
    assign ck = i_q[ci][CAM_AW-1:0];
    assign cam_wkey = hcw_q ? hcw_data_q[31:0] : A;
    assign cam_ewr = cwe && cop == 2'd1;
    wire h_camwr = h_wr && hsp == 4'd1;
    wire hreg = h_wr && hsp == 4'd3;
    wire hfilt = h_wr && hsp == 4'd4;
    wire [SW-1:0] s1_masked = {s1_q[P_FLAGS +: 3], s1_q[P_CLS +: 4],
                               fsel_q[3] ? s1_q[P_NPC +: 32] : 32'd0,
                               fsel_q[2] ? s1_q[P_ADDR +: 32] : 32'd0,
                               fsel_q[1] ? s1_q[P_VALUE +: 32] : 32'd0,
                               fsel_q[0] ? s1_q[P_INSN +: 32] : 32'd0,
                               s1_q[P_PC +: 32]};
    integer r;

    // the drop counter has its own block (and its own ce_i term) so that the
    // mutation check tests/checks/coproc-mut-noce.sh can remove it alone
    always @(posedge clk_i) begin
        if (rst_i) dropped_q <= 32'd0;
        else if (ce_i && tag && !push) dropped_q <= dropped_q + 32'd1;
    end

    hwp_coproc_sb #(.DW(SW), .AW(SB_AW)) u_sb (
        .clk_i(clk_i), .rst_i(rst_i), .ce_i(ce_i),
        .offer_i(tag), .data_i(s1_masked), .taken_o(push),
        .pop_i(load), .count_o(sb_count), .head_o(head)
    );

    always @(posedge clk_i) begin
        if (rst_i) begin
            cls_en_q <= 16'd0;
            pmask_q <= {FT_AW{1'b0}};
            pmatch_q <= {FT_AW{1'b0}};
            fsel_q <= 4'hf;
            h_valid_q <= 1'b0;
            h_pc_q <= 32'd0; h_insn_q <= 32'd0; h_value_q <= 32'd0; h_addr_q <= 32'd0;
            h_cls_q <= 4'd0; h_flags_q <= 3'd0;
            s1_valid_q <= 1'b0;
            s1_q <= {SW{1'b0}};
            s1_hpc_q <= {FT_AW{1'b0}};
            retired_q <= 32'd0; tagged_q <= 32'd0;
            processed_q <= 32'd0; interrupts_q <= 32'd0; aborted_q <= 32'd0;
            irq_upc_q <= {UC_AW{1'b0}};
            for (r = 0; r < 8; r = r + 1) begin
                v_q[r] <= 32'd0; c_q[r] <= 32'd0; i_q[r] <= 16'd0; iwid_q[r] <= 5'd16;
            end
            for (r = 0; r < 4; r = r + 1) begin
                b_q[r] <= {DA_AW{1'b0}}; t_q[r] <= {UC_AW{1'b0}};
            end
            for (r = 0; r < 16; r = r + 1) ctab_q[r] <= {UC_AW{1'b0}};
            cam_valid_q <= {CAM_N{1'b0}};
            cntw_q <= 6'd32;
            lfsr_q <= 32'd1;
            state_q <= ST_STOP;
            cur_q <= {SW{1'b0}};
            cur_cls_q <= 4'd0; cur_rd_q <= 5'd0; cur_rs1_q <= 5'd0; cur_rs2_q <= 5'd0;
            cur_imm_q <= 32'd0;
            ld_q <= 1'b0;
            nxt_q <= {SW{1'b0}};
            nxt_cls_q <= 4'd0; nxt_rd_q <= 5'd0; nxt_rs1_q <= 5'd0; nxt_rs2_q <= 5'd0;
            nxt_imm_q <= 32'd0;
            d_valid_q <= 1'b0;
            d_upc_q <= {UC_AW{1'b0}};
            r_valid_q <= 1'b0;
            r_drw_q <= 1'b0;
            r_drh_q <= 32'd0;
            r_upc_q <= {UC_AW{1'b0}};
            r_word_q <= 64'd0;
            r_a_q <= 32'd0;
            r_b_q <= 32'd0;
            r_daddr_q <= {DA_AW{1'b0}};
            e_valid_q <= 1'b0;
            e_upc_q <= {UC_AW{1'b0}};
            e_word_q <= 64'd0;
            e_daddr_q <= {DA_AW{1'b0}};
            e_ia_q <= 16'd0; e_ib_q <= 16'd0; e_iwm_q <= 16'd0;
            byp_hit_q <= 1'b0;
            byp_data_q <= 32'd0;
            rsp_valid_q <= 1'b0;
            rsp_src_q <= 2'd0;
            rsp_q <= 64'd0;
            clr_cnt_q <= {CW{1'b0}};
            clr_da_q <= 1'b0;
            stop_q <= 1'b0;
            hcw_q <= 1'b0;
            hcw_sel_q <= {CAM_N{1'b0}};
            hcw_data_q <= 33'd0;
        end else if (ce_i) begin
            // data-array bypass for a read of the word written this cycle
            byp_hit_q <= dwe && state_q == ST_RUN && da_waddr == da_raddr;
            byp_data_q <= da_wdata;
            // host port
            rsp_valid_q <= h_rd ? 1'b1 : (rsp_valid_q && !rsp_ready_i);
            rsp_q <= rsp_new;
            rsp_src_q <= rsp_src_new;
            stop_q <= stop_req;
            hcw_q <= h_camwr;
            for (r = 0; r < CAM_N; r = r + 1)
                hcw_sel_q[r] <= h_camwr && hidx[CAM_AW-1:0] == r[CAM_AW-1:0];
            hcw_data_q <= host_wdata_i[32:0];
            // execute-stage writes
            if (e_fire && vwe) v_q[vd] <= vres;
            if (e_fire && iwe) i_q[id] <= ires;
            if (e_fire && vop == 4'd11) lfsr_q <= {1'b0, lfsr_q[31:1]} ^ (lfsr_q[0] ? 32'h80200003 : 32'd0);
            if (cwe) begin
                if (cop == 2'd1) begin
                    cam_valid_q[ck] <= 1'b1;
                end else if (cop == 2'd2) begin
                    cam_valid_q[ck] <= 1'b0;
                end else begin
                    cam_valid_q <= {CAM_N{1'b0}};
                end
            end
            // host writes
            for (r = 0; r < CAM_N; r = r + 1)
                if (hcw_sel_q[r]) cam_valid_q[r] <= hcw_data_q[32];
            if (hreg) begin
                if (hidx < 12'h008) v_q[hidx[2:0]] <= hw32;
                else if (hidx < 12'h010) c_q[hidx[2:0]] <= hw32;
                else if (hidx < 12'h018) i_q[hidx[2:0]] <= hw32[15:0] & imask(iwid_q[hidx[2:0]]);
                else if (hidx < 12'h020) iwid_q[hidx[2:0]] <= hw_iwid;
                else if (hidx < 12'h024) b_q[hidx[1:0]] <= hw32[DA_AW-1:0];
                else if (hidx < 12'h028) t_q[hidx[1:0]] <= hw32[UC_AW-1:0];
                else if (hidx == 12'h028) cntw_q <= hw_cntw;
                else if (hidx == 12'h029) lfsr_q <= (hw32 == 32'd0) ? 32'd1 : hw32;
                else if (hidx >= 12'h030 && hidx < 12'h040) ctab_q[hidx[3:0]] <= hw32[UC_AW-1:0];
            end
            if (hfilt) begin
                if (hidx == 12'h000) cls_en_q <= hw32[15:0];
                else if (hidx == 12'h001) pmask_q <= hw32[FT_AW-1:0];
                else if (hidx == 12'h002) pmatch_q <= hw32[FT_AW-1:0];
                else if (hidx == 12'h003) fsel_q <= hw32[3:0];
            end
            if (h_cmd && hidx == 12'd2) cam_valid_q <= {CAM_N{1'b0}};
            if (clr_busy) clr_cnt_q <= clr_m1;
            if (h_cmd && hidx == 12'd3) begin
                clr_cnt_q <= {{(CW-DA_AW){1'b0}}, {DA_AW{1'b1}}} + {{(CW-1){1'b0}}, 1'b1};
                clr_da_q <= 1'b1;
            end
            if (h_cmd && hidx == 12'd4) begin
                clr_cnt_q <= {{(CW-FT_AW){1'b0}}, {FT_AW{1'b1}}} + {{(CW-1){1'b0}}, 1'b1};
                clr_da_q <= 1'b0;
            end
            // counters
            if (stop_cmd && state_q == ST_RUN) aborted_q <= aborted_q + 32'd1;
            if (do_done || do_int) processed_q <= processed_q + 32'd1;
            if (do_int) begin
                interrupts_q <= interrupts_q + 32'd1;
                irq_upc_q <= e_upc_q;
            end
            // the popped sample reaches cur_q a cycle after the pop (through
            // nxt_q), so that cur_q's enable is a register (ld_q), not the
            // execute stage's branch condition; only the decode stage reads
            // the sample in that cycle (d_cur), the stages ahead are empty
            nxt_q <= head;
            nxt_cls_q <= hd_cls; nxt_rd_q <= hd_rd; nxt_rs1_q <= hd_rs1; nxt_rs2_q <= hd_rs2;
            nxt_imm_q <= hd_imm;
            ld_q <= load;
            if (ld_q) begin
                cur_q <= nxt_q;
                cur_cls_q <= nxt_cls_q; cur_rd_q <= nxt_rd_q; cur_rs1_q <= nxt_rs1_q;
                cur_rs2_q <= nxt_rs2_q; cur_imm_q <= nxt_imm_q;
            end
            if (s1_valid_q) retired_q <= retired_q + 32'd1;
            if (tag) tagged_q <= tagged_q + 32'd1;
            // filter input: the held record moves on when the next one arrives
            if (ret_valid_i) begin
                s1_valid_q <= h_valid_q;
                s1_q <= {h_flags_q, h_cls_q, ret_pc_i, h_addr_q, h_value_q, h_insn_q, h_pc_q};
                s1_hpc_q <= bt_raddr;
                h_valid_q <= 1'b1;
                h_pc_q <= ret_pc_i; h_insn_q <= ret_insn_i; h_value_q <= ret_value_i;
                h_addr_q <= ret_addr_i; h_cls_q <= ret_cls_i; h_flags_q <= ret_flags_i;
            end else begin
                s1_valid_q <= 1'b0;
            end
            // pipeline: on a hazard fetch and decode hold and the read stage
            // gets a bubble
            e_valid_q <= r_valid_q && !rhold && !squash && nstate == ST_RUN;
            e_upc_q <= r_upc_q;
            e_word_q <= r_word_q;
            e_daddr_q <= r_daddr_q;
            e_ia_q <= r_ia_pre;
            e_ib_q <= r_ib_pre;
            e_iwm_q <= r_iwm;
            r_drw_q <= rhold;
            r_drh_q <= r_da;
            r_valid_q <= rhold || (d_valid_q && !hold && !squash && nstate == ST_RUN);
            // the read stage's word and operands hold for a second read cycle
            // (r_first); when a branch, done or interrupt squashes that cycle
            // instead, they are invalid, so their enable does not wait for
            // the execute stage's branch condition
            if (!r_first) begin
                r_upc_q <= d_upc_q;
                r_word_q <= dw;
                r_a_q <= d_a;
                r_b_q <= d_b;
                r_daddr_q <= d_addr;
            end
            if (!hold) begin
                d_valid_q <= f_en && nstate == ST_RUN;
                d_upc_q <= f_addr;
            end
            state_q <= nstate;
        end
    end
endmodule

`default_nettype wire
