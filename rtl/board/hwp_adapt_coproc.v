// SPDX-License-Identifier: Apache-2.0
// Engine adapter for the profiling co-processor (rtl/coproc, Zilles and Sohi
// 2001) in the two-clock board shell (rtl/link/hwp_shell_cdc.v, HOSTOP = 1),
// port bundle rtl/board/hwp_adapt_ports.vh; in virtual time
// (docs/protocol.md, "coproc: virtual time"; the C reference is cp_seq in
// cmodel/coproc/cp_vtime.c, which this block follows clock for clock of
// virtual time). Link domain: no CONFIG registers (every check fails), the INFO
// build parameters and output record tags of coproc's description
// (hwp_desc_coproc.vh, written by `make gen` from cmodel/link/engdesc.def),
// retire records (pc, insn, meta, value, addr) packed into 135-bit words.
// Engine domain: the words of the input FIFO go into a FIFO of 2^RF_AW
// retire records, host-port commands (HOSTOP ops 0..2) into a FIFO of
// 2^CF_AW; HOSTOP control entries start the sequencer:
//   0x11 TEOS  wdata = T_eos;  0x10 RUN  wdata = T_timer: run with no host
//   command until irq, count >= T_timer, or eos and count >= T_eos;
//   0x12 BATCH (addr bit 0: last): offer the queued commands in order until
//   the queue is empty (and, when last, every read response is back);
//   0x13 FIN: queue END.
// A virtual cycle (the co-processor's ce_i = 1) runs only when at least two
// records are buffered or EOS has arrived (the cycle's eos bit is then
// known), and when the output registers are free; with fewer records, or an
// empty command FIFO in a segment that is not the last, the sequencer stops
// before the cycle. Every read response leaves as 0x01 RDATA data, every
// stop as 0x03 STOP cycles flags(irq, eos << 1) accepted, in output words
// {kind (0 RDATA, 1 STOP, 2 END), accepted, flags, data or cycles}.
// rsp_ready_i is 1 (as `hwprof run`); the retire stream is never held by
// the co-processor.
`default_nettype none
module hwp_adapt_coproc #(
    parameter integer UC_AW = 8,               // engine: microcode words 2^UC_AW
    parameter integer CAM_AW = 6,              // engine: CAM entries 2^CAM_AW
    parameter integer DA_AW = 9,               // engine: data array words 2^DA_AW
    parameter integer SB_AW = 4,               // engine: sample buffer 2^SB_AW
    parameter integer FT_AW = 12,              // engine: PC filter table 2^FT_AW bits
    parameter integer RISCV = 1,               // engine: DFE decodes RISC-V words
    parameter integer RF_AW = 8,               // retire FIFO 2^RF_AW records
    parameter integer CF_AW = 6,               // command FIFO 2^CF_AW entries
    parameter integer IFW   = 3 + 4 + 4 * 32,  // input word: {flags, class, addr, value, insn, pc}
    parameter integer OFW   = 2 + 32 + 2 + 64  // output word
) (
`include "hwp_adapt_ports.vh"
);
    localparam integer VCW = 48;               // virtual cycle counter bits

    // ---------------------------------------------------------------- link domain: INFO, CONFIG, words
    // the INFO word and the (always failing) CONFIG range check chk_ok_o, as
    // the engine's description sets them
`include "hwp_desc_coproc.vh"
    assign info_o = desc_info;
    wire [31:0] r_meta = rec_b_i[63:32];
    assign rec_w_o = {r_meta[10:8], r_meta[3:0], rec_d_i[31:0], rec_c_i[31:0], rec_b_i[31:0], rec_a_i[31:0]};
    wire unused_link = &{1'b0, lrst_i, cfg_def_i, cfg_we_i, cfg_reg_i, cfg_val_i, chk_reg_i, chk_val_i,
                         rec_a_i[63:32], rec_c_i[63:32], rec_d_i[63:32], r_meta[31:11], r_meta[7:4], lclk_i};
    wire [1:0] o_kind = orec_w_i[OFW-1:OFW-2];
    assign orec_done_o = o_kind == 2'd2;
    assign orec_tag_o  = o_kind == 2'd0 ? TAG_RDATA : o_kind == 2'd1 ? TAG_STOP : TAG_END;
    assign orec_n_o    = o_kind == 2'd0 ? 2'd1 : o_kind == 2'd1 ? 2'd3 : 2'd0;
    assign orec_cont_o = 1'b0;
    assign orec_last_o = 1'b1;
    assign orec_f0_o   = orec_w_i[63:0];
    assign orec_f1_o   = {62'd0, orec_w_i[65:64]};
    assign orec_f2_o   = {32'd0, orec_w_i[97:66]};

    // ---------------------------------------------------------------- engine domain: FIFOs
    wire [7:0]  hop_op   = in_w_i[7:0];
    wire [15:0] hop_addr = in_w_i[23:8];
    wire [63:0] hop_data = in_w_i[87:24];
    wire        rec_in   = in_valid_i && !in_hop_i;
    wire        cmd_in   = in_valid_i && in_hop_i && hop_op[7:2] == 6'd0;
    wire        ctl      = in_valid_i && in_hop_i && hop_op[7:2] != 6'd0;
    wire          rf_ready, rf_valid, rf_pop;
    wire [IFW-1:0] rf_q;
    wire [RF_AW:0] rf_cnt;
    hwp_fifo_fwft #(.W(IFW), .AW(RF_AW)) u_rf (
        .clk_i(eclk_i), .rst_i(erst_i),
        .in_valid_i(rec_in), .in_ready_o(rf_ready), .in_data_i(in_w_i),
        .out_valid_o(rf_valid), .out_ready_i(rf_pop), .out_data_o(rf_q), .count_o(rf_cnt)
    );
    wire        cf_ready, cf_valid, cf_take, cf_pop;
    wire [81:0] cf_d;
    wire [CF_AW:0] cf_fcnt;
    hwp_fifo_fwft #(.W(82), .AW(CF_AW)) u_cf (
        .clk_i(eclk_i), .rst_i(erst_i),
        .in_valid_i(cmd_in), .in_ready_o(cf_ready), .in_data_i({hop_op[1:0], hop_addr, hop_data}),
        .out_valid_o(cf_valid), .out_ready_i(cf_take), .out_data_o(cf_d), .count_o(cf_fcnt)
    );
    // Port register: the co-processor's host port reads the head command
    // from flip-flops (cf_q), not from the block RAM's output. A skid entry
    // behind it lets the FIFO be read on a registered ready (!sk_v_q), so
    // the port's accept (cf_pop) never reaches the RAM's read address, and
    // still refills the port register every clock it is emptied.
    reg         hd_v_q, sk_v_q;
    reg  [81:0] hd_q, sk_q;
    assign cf_take = !sk_v_q;
    wire        cf_xfer = cf_valid && cf_take;
    always @(posedge eclk_i) begin
        if (erst_i) begin
            hd_v_q <= 1'b0; sk_v_q <= 1'b0;
        end else if (!hd_v_q || cf_pop) begin
            hd_v_q <= sk_v_q || cf_xfer;
            sk_v_q <= 1'b0;
        end else if (cf_xfer) begin
            sk_v_q <= 1'b1;
        end
    end
    always @(posedge eclk_i) begin
        if (!hd_v_q || cf_pop) hd_q <= sk_v_q ? sk_q : cf_d;
        if (cf_xfer && hd_v_q && !cf_pop) sk_q <= cf_d;
    end
    wire [81:0] cf_q = hd_q;
    // no command queued (FIFO, skid or port register); the skid holds one
    // only while the port register does
    wire        cf_none = !hd_v_q && !cf_valid;
    wire unused_cf = &{1'b0, cf_fcnt};
    // control entries are always taken
    assign in_ready_o = !in_hop_i ? rf_ready : (hop_op[7:2] != 6'd0 || cf_ready);
    wire unused_w = &{1'b0, in_w_i[IFW-1:88]};

    // ---------------------------------------------------------------- engine domain: sequencer
    localparam [1:0] M_IDLE = 2'd0, M_BATCH = 2'd1, M_RUN = 2'd2;
    reg  [1:0]     mode_q;
    reg            last_q, fin_q, end_sent_q;
    reg  [VCW-1:0] vc_q, tt_q, te_q;
    reg  [31:0]    acc_q;
    reg  [15:0]    outst_q;
    reg            irq_q, veos_q;
    // output registers: a read response, then a stop report
    reg            rd_pend_q, st_pend_q;
    reg  [63:0]    rd_q;
    reg  [VCW-1:0] st_vc_q;
    reg  [1:0]     st_fl_q;
    reg  [31:0]    st_acc_q;

    wire have_recs   = rf_cnt > {{RF_AW{1'b0}}, 1'b1} || eos_i;
    wire starved_cmd = mode_q == M_BATCH && cf_none &&
                       (!last_q || outst_q == 16'd0);
    wire pre_stop    = mode_q != M_IDLE && (!have_recs || starved_cmd);
    // a queued command still on its way to the port register holds the
    // virtual cycle (not a stop: the command is there in virtual time)
    wire cmd_wait    = mode_q == M_BATCH && !hd_v_q && cf_valid;
    wire ce          = mode_q != M_IDLE && !pre_stop && !cmd_wait && !rd_pend_q && !st_pend_q;

    wire        c_ret_ready, c_host_ready, c_rsp_valid, c_irq;
    wire [63:0] c_rsp_data;
    wire        host_valid = mode_q == M_BATCH && hd_v_q;
    assign rf_pop = ce && rf_valid && c_ret_ready;
    assign cf_pop = ce && host_valid && c_host_ready;
    wire        c_dbg_e_fire, c_dbg_taken, c_dbg_hit, c_dbg_dwe, c_dbg_cwe;
    wire [11:0] c_dbg_e_upc, c_dbg_next_upc, c_dbg_daddr;
    wire [31:0] c_dbg_vres, c_dbg_dwdata, c_dbg_dr, c_dbg_dropped;
    wire [15:0] c_dbg_ires;
    wire [7:0]  c_dbg_midx;
    wire [1:0]  c_dbg_state;
    wire [8:0]  c_dbg_sb_count;
    hwp_coproc #(
        .UC_AW(UC_AW), .CAM_AW(CAM_AW), .DA_AW(DA_AW), .SB_AW(SB_AW), .FT_AW(FT_AW), .RISCV(RISCV)
    ) u_eng (
        .clk_i(eclk_i), .rst_i(erst_i), .ce_i(ce),
        .ret_valid_i(rf_valid), .ret_ready_o(c_ret_ready), .ret_pc_i(rf_q[31:0]),
        .ret_insn_i(rf_q[63:32]), .ret_value_i(rf_q[95:64]), .ret_addr_i(rf_q[127:96]),
        .ret_cls_i(rf_q[131:128]), .ret_flags_i(rf_q[134:132]),
        .host_valid_i(host_valid), .host_ready_o(c_host_ready), .host_op_i(cf_q[81:80]),
        .host_addr_i(cf_q[79:64]), .host_wdata_i(cf_q[63:0]),
        .rsp_valid_o(c_rsp_valid), .rsp_ready_i(1'b1), .rsp_data_o(c_rsp_data), .irq_o(c_irq),
        .dbg_e_fire_o(c_dbg_e_fire), .dbg_e_upc_o(c_dbg_e_upc), .dbg_vres_o(c_dbg_vres),
        .dbg_ires_o(c_dbg_ires), .dbg_next_upc_o(c_dbg_next_upc), .dbg_taken_o(c_dbg_taken),
        .dbg_hit_o(c_dbg_hit), .dbg_midx_o(c_dbg_midx), .dbg_dwe_o(c_dbg_dwe), .dbg_cwe_o(c_dbg_cwe),
        .dbg_daddr_o(c_dbg_daddr), .dbg_dwdata_o(c_dbg_dwdata), .dbg_dr_o(c_dbg_dr),
        .dbg_state_o(c_dbg_state), .dbg_sb_count_o(c_dbg_sb_count), .dbg_dropped_o(c_dbg_dropped)
    );
    wire unused_dbg = &{1'b0, c_dbg_e_fire, c_dbg_e_upc, c_dbg_vres, c_dbg_ires, c_dbg_next_upc,
                        c_dbg_taken, c_dbg_hit, c_dbg_midx, c_dbg_dwe, c_dbg_cwe, c_dbg_daddr,
                        c_dbg_dwdata, c_dbg_dr, c_dbg_state, c_dbg_sb_count, c_dbg_dropped};

    // after this virtual cycle
    wire [VCW-1:0] vc_n    = vc_q + {{(VCW - 1){1'b0}}, 1'b1};
    wire           rd_new  = cf_pop && cf_q[81:80] == 2'd0;
    wire [15:0]    outst_n = outst_q + {15'd0, rd_new} - {15'd0, c_rsp_valid && outst_q != 16'd0};
    wire [31:0]    acc_n   = acc_q + {31'd0, cf_pop};
    wire           eos_n   = eos_i && rf_cnt == {{RF_AW{1'b0}}, rf_pop};
    wire           cf_empty_n = !sk_v_q && !cf_valid && (!hd_v_q || cf_pop);
    wire           post_stop = mode_q == M_BATCH ? (cf_empty_n && (!last_q || outst_n == 16'd0))
                                                 : (c_irq || vc_n >= tt_q || (eos_n && vc_n >= te_q));
    wire [VCW-1:0] hop_t   = hop_data[63:VCW] != {(64 - VCW){1'b0}} ? {VCW{1'b1}} : hop_data[VCW-1:0];

    always @(posedge eclk_i) begin
        if (erst_i) begin
            mode_q <= M_IDLE; last_q <= 1'b0; fin_q <= 1'b0;
            vc_q <= {VCW{1'b0}}; tt_q <= {VCW{1'b0}}; te_q <= {VCW{1'b0}};
            acc_q <= 32'd0; outst_q <= 16'd0; irq_q <= 1'b0; veos_q <= 1'b0;
            rd_pend_q <= 1'b0; st_pend_q <= 1'b0; rd_q <= 64'd0;
            st_vc_q <= {VCW{1'b0}}; st_fl_q <= 2'd0; st_acc_q <= 32'd0;
        end else begin
            // HOSTOP control entries (the host sends them only while idle)
            if (ctl) begin
                case (hop_op)
                    8'h10: begin tt_q <= hop_t; mode_q <= M_RUN; end
                    8'h11: te_q <= hop_t;
                    8'h12: begin last_q <= hop_addr[0]; mode_q <= M_BATCH; end
                    default: fin_q <= 1'b1;
                endcase
            end
            if (pre_stop && !st_pend_q) begin
                st_pend_q <= 1'b1;
                st_vc_q <= vc_q; st_fl_q <= {veos_q, irq_q}; st_acc_q <= acc_q;
                acc_q <= 32'd0;
                mode_q <= M_IDLE;
            end
            if (ce) begin
                vc_q <= vc_n;
                outst_q <= outst_n;
                irq_q <= c_irq;
                veos_q <= eos_n;
                if (c_rsp_valid) begin rd_pend_q <= 1'b1; rd_q <= c_rsp_data; end
                if (post_stop) begin
                    st_pend_q <= 1'b1;
                    st_vc_q <= vc_n; st_fl_q <= {eos_n, c_irq}; st_acc_q <= acc_n;
                    acc_q <= 32'd0;
                    mode_q <= M_IDLE;
                end else begin
                    acc_q <= acc_n;
                end
            end
            // output: RDATA before STOP
            if (out_ready_i) begin
                if (rd_pend_q) rd_pend_q <= 1'b0;
                else if (st_pend_q) st_pend_q <= 1'b0;
            end
        end
    end
    always @(posedge eclk_i) begin
        if (erst_i) end_sent_q <= 1'b0;
        else if (fin_q && !rd_pend_q && !st_pend_q && out_ready_i) end_sent_q <= 1'b1;
    end
    wire o_end = fin_q && !end_sent_q && !rd_pend_q && !st_pend_q;
    assign out_valid_o = rd_pend_q || st_pend_q || o_end;
    wire [63:0] o_data = rd_pend_q ? rd_q : {{(64 - VCW){1'b0}}, st_vc_q};
    assign out_w_o = {rd_pend_q ? 2'd0 : st_pend_q ? 2'd1 : 2'd2, st_acc_q, st_fl_q, o_data};
    assign irq_o   = irq_q;
endmodule
`default_nettype wire
