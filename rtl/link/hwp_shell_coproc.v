// SPDX-License-Identifier: Apache-2.0
// Board shell for the profiling co-processor (rtl/coproc, Zilles and Sohi
// 2001) behind the link (hwp_link), in virtual time (docs/protocol.md,
// "coproc: virtual time"; the C reference is cp_seq in
// cmodel/coproc/cp_vtime.c, which this block follows clock for clock of
// virtual time). The link's retire records (pc, insn, meta, value, addr) go
// into a FIFO of 2^RF_AW records, HOSTOP host-port commands into a FIFO of
// 2^CF_AW; HOSTOP control entries start the sequencer:
//   0x11 TEOS  wdata = T_eos;  0x10 RUN  wdata = T_timer: run with no host
//   command until irq, count >= T_timer, or eos and count >= T_eos;
//   0x12 BATCH (addr bit 0: last): offer the queued commands in order until
//   the queue is empty (and, when last, every read response is back);
//   0x13 FIN: queue END, report done.
// A virtual cycle (the co-processor's ce_i = 1) runs only when at least two
// records are buffered or EOS has been applied (the cycle's eos bit is then
// known), and when the shell's output registers are free; with fewer
// records, or an empty command FIFO in a segment that is not the last, the
// sequencer stops before the cycle. Every read response is queued as
// 0x01 RDATA data, every stop as 0x03 STOP cycles flags(irq, eos << 1)
// accepted. rsp_ready_i is 1 (as `hwprof run`), the retire stream is never
// held by the co-processor (ret_ready_o = 1). No CONFIG registers. INFO build
// parameters 1..8: UC_AW CAM_AW DA_AW SB_AW FT_AW RISCV RF_AW CF_AW.
`default_nettype none
module hwp_shell_coproc #(
    parameter integer UC_AW    = 8,           // engine: microcode words 2^UC_AW
    parameter integer CAM_AW   = 6,           // engine: CAM entries 2^CAM_AW
    parameter integer DA_AW    = 9,           // engine: data array words 2^DA_AW
    parameter integer SB_AW    = 4,           // engine: sample buffer 2^SB_AW
    parameter integer FT_AW    = 12,          // engine: PC filter table 2^FT_AW bits
    parameter integer RISCV    = 1,           // engine: DFE decodes RISC-V words
    parameter integer RF_AW    = 8,           // shell: retire FIFO 2^RF_AW records
    parameter integer CF_AW    = 6,           // shell: command FIFO 2^CF_AW entries
    parameter [7:0]   BOARD_ID = 8'd0,        // link: INFO board id
    parameter [31:0]  CLK_KHZ  = 32'd12000,   // link: clock in kHz
    parameter [31:0]  BOOT_DIV = 32'h682b,    // link: boot-rate divisor (24.8)
    parameter [31:0]  FALLBACK = 32'd1200000, // link: SET_BAUD fall-back clocks
    parameter integer OQ_AW    = 9,           // link: log2 output-queue bytes (8 or 9)
    parameter integer NS_LOG   = 3,           // link: log2 receive slots
    parameter integer LED_W    = 18           // link: LED stretch bits
) (
    input  wire clk_i,
    input  wire rst_i,
    input  wire uart_rx_i,
    output wire uart_tx_o,
    output wire led_act_o,
    output wire led_err_o
);
    localparam integer VCW = 48;              // virtual cycle counter bits
    wire        eng_rst, eos, cfg_def, cfg_we;
    wire [7:0]  cfg_reg, chk_reg;
    wire [63:0] cfg_val, chk_val;
    wire        rec_valid, rec_ready;
    wire [63:0] rec_a, rec_b, rec_c, rec_d;
    wire        orec_valid, orec_ready;
    wire [3:0]  info_idx;
    reg  [31:0] info_val;
    wire        hop_valid;
    wire        hop_ready;
    wire [7:0]  hop_op;
    wire [15:0] hop_addr;
    wire [63:0] hop_data;
    wire        srst = rst_i || eng_rst;
    wire unused_cfg = &{1'b0, cfg_def, cfg_we, cfg_reg, cfg_val, chk_val};

    localparam [31:0] P1 = UC_AW, P2 = CAM_AW, P3 = DA_AW, P4 = SB_AW, P5 = FT_AW, P6 = RISCV,
                      P7 = RF_AW, P8 = CF_AW;
    always @(*) begin
        case (info_idx)
            4'd0: info_val = P1;
            4'd1: info_val = P2;
            4'd2: info_val = P3;
            4'd3: info_val = P4;
            4'd4: info_val = P5;
            4'd5: info_val = P6;
            4'd6: info_val = P7;
            default: info_val = P8;
        endcase
    end

    // ------------------------------------------------------------ FIFOs
    // retire record: {flags, class, addr, value, insn, pc}
    localparam integer RW = 3 + 4 + 4 * 32;
    wire [31:0] r_meta = rec_b[63:32];
    wire unused_rec = &{1'b0, rec_a[63:32], rec_c[63:32], rec_d[63:32], r_meta[31:11], r_meta[7:4]};
    wire          rf_valid, rf_pop;
    wire [RW-1:0] rf_q;
    wire [RF_AW:0] rf_cnt;
    hwp_fifo_fwft #(.W(RW), .AW(RF_AW)) u_rf (
        .clk_i(clk_i), .rst_i(srst),
        .in_valid_i(rec_valid), .in_ready_o(rec_ready),
        .in_data_i({r_meta[10:8], r_meta[3:0], rec_d[31:0], rec_c[31:0], rec_b[31:0], rec_a[31:0]}),
        .out_valid_o(rf_valid), .out_ready_i(rf_pop), .out_data_o(rf_q), .count_o(rf_cnt)
    );
    // host-port command: {op, addr, wdata}
    wire        cmd_in = hop_valid && hop_op[7:2] == 6'd0;
    wire        cf_ready, cf_valid, cf_pop;
    wire [81:0] cf_q;
    wire [CF_AW:0] cf_cnt;
    hwp_fifo_fwft #(.W(82), .AW(CF_AW)) u_cf (
        .clk_i(clk_i), .rst_i(srst),
        .in_valid_i(cmd_in), .in_ready_o(cf_ready), .in_data_i({hop_op[1:0], hop_addr, hop_data}),
        .out_valid_o(cf_valid), .out_ready_i(cf_pop), .out_data_o(cf_q), .count_o(cf_cnt)
    );
    assign hop_ready = !cmd_in || cf_ready;

    // ------------------------------------------------------------ sequencer
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

    wire have_recs   = rf_cnt > {{RF_AW{1'b0}}, 1'b1} || eos;
    wire starved_cmd = mode_q == M_BATCH && cf_cnt == {(CF_AW + 1){1'b0}} &&
                       (!last_q || outst_q == 16'd0);
    wire pre_stop    = mode_q != M_IDLE && (!have_recs || starved_cmd);
    wire ce          = mode_q != M_IDLE && !pre_stop && !rd_pend_q && !st_pend_q;

    wire        c_ret_ready, c_host_ready, c_rsp_valid, c_irq;
    wire [63:0] c_rsp_data;
    wire        host_valid = mode_q == M_BATCH && cf_valid;
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
        .clk_i(clk_i), .rst_i(srst), .ce_i(ce),
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
    wire           eos_n   = eos && rf_cnt == {{RF_AW{1'b0}}, rf_pop};
    wire           cf_empty_n = cf_cnt == {{CF_AW{1'b0}}, cf_pop};
    wire           post_stop = mode_q == M_BATCH ? (cf_empty_n && (!last_q || outst_n == 16'd0))
                                                 : (c_irq || vc_n >= tt_q || (eos_n && vc_n >= te_q));
    wire           ctl = hop_valid && hop_op[7:2] != 6'd0;

    always @(posedge clk_i) begin
        if (srst) begin
            mode_q <= M_IDLE; last_q <= 1'b0; fin_q <= 1'b0;
            vc_q <= {VCW{1'b0}}; tt_q <= {VCW{1'b0}}; te_q <= {VCW{1'b0}};
            acc_q <= 32'd0; outst_q <= 16'd0; irq_q <= 1'b0; veos_q <= 1'b0;
            rd_pend_q <= 1'b0; st_pend_q <= 1'b0; rd_q <= 64'd0;
            st_vc_q <= {VCW{1'b0}}; st_fl_q <= 2'd0; st_acc_q <= 32'd0;
        end else begin
            // HOSTOP control entries (the host sends them only while idle)
            if (ctl) begin
                case (hop_op)
                    8'h10: begin tt_q <= hop_data[63:VCW] != {(64 - VCW){1'b0}} ? {VCW{1'b1}} : hop_data[VCW-1:0];
                                 mode_q <= M_RUN; end
                    8'h11: te_q <= hop_data[63:VCW] != {(64 - VCW){1'b0}} ? {VCW{1'b1}} : hop_data[VCW-1:0];
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
            if (orec_ready) begin
                if (rd_pend_q) rd_pend_q <= 1'b0;
                else if (st_pend_q) st_pend_q <= 1'b0;
            end
        end
    end
    always @(posedge clk_i) begin
        if (srst) end_sent_q <= 1'b0;
        else if (fin_q && !rd_pend_q && !st_pend_q && orec_ready) end_sent_q <= 1'b1;
    end
    wire o_end = fin_q && !end_sent_q && !rd_pend_q && !st_pend_q;
    assign orec_valid = rd_pend_q || st_pend_q || o_end;
    wire [7:0]  orec_tag = rd_pend_q ? 8'h01 : st_pend_q ? 8'h03 : 8'hf0;
    wire [1:0]  orec_n   = rd_pend_q ? 2'd1 : st_pend_q ? 2'd3 : 2'd0;
    wire [63:0] f0 = rd_pend_q ? rd_q : {{(64 - VCW){1'b0}}, st_vc_q};
    wire [63:0] f1 = {62'd0, st_fl_q};
    wire [63:0] f2 = {32'd0, st_acc_q};

    hwp_link #(
        .NS_LOG(NS_LOG), .OQ_AW(OQ_AW), .OW(64), .NF(5), .W(32), .RVW(32), .RAW(32), .NPARAM(8),
        .BOARD_ID(BOARD_ID), .ENGINE_ID(8'd5), .KIND(8'd3), .CLK_KHZ(CLK_KHZ), .BOOT_DIV(BOOT_DIV),
        .FALLBACK(FALLBACK), .LED_W(LED_W), .HOSTOP(1)
    ) u_link (
        .clk_i(clk_i), .rst_i(rst_i), .rx_i(uart_rx_i), .tx_o(uart_tx_o),
        .eng_rst_o(eng_rst), .eos_o(eos), .cfg_def_o(cfg_def), .cfg_we_o(cfg_we), .cfg_reg_o(cfg_reg),
        .cfg_val_o(cfg_val), .chk_reg_o(chk_reg), .chk_val_o(chk_val), .chk_ok_i(1'b0),
        .rec_valid_o(rec_valid), .rec_ready_i(rec_ready), .rec_a_o(rec_a), .rec_b_o(rec_b),
        .rec_c_o(rec_c), .rec_d_o(rec_d),
        .orec_valid_i(orec_valid), .orec_ready_o(orec_ready), .orec_tag_i(orec_tag), .orec_n_i(orec_n),
        .orec_cont_i(1'b0), .orec_last_i(1'b1),
        .orec_f0_i(f0), .orec_f1_i(f1), .orec_f2_i(f2),
        .hop_valid_o(hop_valid), .hop_ready_i(hop_ready), .hop_op_o(hop_op), .hop_addr_o(hop_addr),
        .hop_data_o(hop_data),
        .done_i(end_sent_q), .irq_i(irq_q), .info_idx_o(info_idx), .info_val_i(info_val),
        .led_act_o(led_act_o), .led_err_o(led_err_o)
    );
    wire unused_chk = &{1'b0, chk_reg};
endmodule
`default_nettype wire
