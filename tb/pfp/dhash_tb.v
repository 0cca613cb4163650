// SPDX-License-Identifier: Apache-2.0
// Bench of the board's dispatch hash (tests/checks/pfp-dhash.sh, Icarus):
// hwp_pfp with its dispatch slots feeding hwp_pfp_dhash, as in
// rtl/board/hwp_adapt_pfp.v, but with a record offered every cycle (not at
// link speed), the fastest input, at which the FIFO fills most. Reads +recs=<file> (the text form of an instrumented retire
// trace, `hwprof convert`), at most +max=<n> records; prints
// "DHASH hash=<16 hex> ovf=<0|1> records=<n> cycles=<n> max_fill=<n>"
// once the engine is done and the FIFO has drained, or "DHASH timeout".
`timescale 1ns / 1ps
`default_nettype none
module dhash_tb;
    parameter integer FETCH_W = 4, DEC_W = 4, FQ = 32, WIN_BITS = 5, SET_BITS = 4, MIN_LEN = 4,
                      SKIP_BITS = 3, BR_PEN = 3, PC_W = 32, CNT_W = 64, NMAX = 20000,
                      DQ_ROWS = 9;   // the FIFO: DEC_W * DQ_ROWS entries (as the shell)
    reg clk = 1'b0, rst = 1'b1;
    always #5 clk = !clk;
    reg [63:0] r_pc [0:NMAX-1];
    reg [31:0] r_insn [0:NMAX-1];
    reg [7:0]  r_cls [0:NMAX-1];
    reg        r_tkn [0:NMAX-1], r_val [0:NMAX-1], r_len2 [0:NMAX-1];
    integer n, i, fd, rc, maxn, cycles, max_fill;
    reg [63:0] f_pc, f_val, f_addr;
    reg [31:0] f_insn, f_cls, f_flags, f_len, f_rd;
    reg [1023:0] path;
    wire in_ready, go, done, bdt_write, drained, ovf;
    wire [3:0] disp_n, disp_pi_n, res_cnt;
    wire [PC_W-1:0] disp_pc, lar;
    wire [DEC_W*PC_W-1:0] spc;
    wire [DEC_W*4-1:0] skind;
    wire [19*CNT_W-1:0] stat;
    wire [WIN_BITS:0] hd, fp, tl;
    wire [7:0] fq_n, flags;
    wire [2*PC_W+2:0] bdt;
    wire [63:0] hash;
    wire in_valid = !rst && i < n;
    wire eos = !rst && i >= n;
    hwp_pfp #(.FETCH_W(FETCH_W), .DEC_W(DEC_W), .FQ(FQ), .WIN_BITS(WIN_BITS), .SET_BITS(SET_BITS),
              .MIN_LEN(MIN_LEN), .SKIP_BITS(SKIP_BITS), .BR_PEN(BR_PEN), .PC_W(PC_W), .CNT_W(CNT_W)) u_eng (
        .clk_i(clk), .rst_i(rst), .in_valid_i(in_valid), .in_ready_o(in_ready),
        .in_pc_i(r_pc[i < n ? i : 0][PC_W-1:0]), .in_insn_i(r_insn[i < n ? i : 0]),
        .in_cls_i(r_cls[i < n ? i : 0] > 8'd15 ? 4'd0 : r_cls[i < n ? i : 0][3:0]),
        .in_taken_i(r_tkn[i < n ? i : 0]), .in_val_i(r_val[i < n ? i : 0]),
        .in_len2_i(r_len2[i < n ? i : 0]), .eos_i(eos), .disp_ready_i(1'b1), .pfp_en_i(1'b1),
        .go_o(go), .done_o(done), .disp_n_o(disp_n), .disp_pi_n_o(disp_pi_n), .disp_pc_o(disp_pc),
        .disp_slot_pc_o(spc), .disp_slot_kind_o(skind), .bdt_write_o(bdt_write), .stat_o(stat),
        .hd_o(hd), .fp_o(fp), .tl_o(tl), .fq_n_o(fq_n), .flags_o(flags), .res_cnt_o(res_cnt),
        .lar_o(lar), .dbg_bdt_idx_i({(SET_BITS + 1){1'b0}}), .dbg_bdt_o(bdt));
    hwp_pfp_dhash #(.DEC_W(DEC_W), .WIN_BITS(WIN_BITS), .PC_W(PC_W), .DQ_ROWS(DQ_ROWS)) u_dh (
        .clk_i(clk), .rst_i(rst), .disp_n_i(disp_n), .disp_slot_pc_i(spc), .disp_slot_kind_i(skind),
        .drained_o(drained), .hash_o(hash), .ovf_o(ovf));
    initial begin
        if (!$value$plusargs("recs=%s", path)) begin $display("DHASH usage: +recs=<file>"); $finish; end
        if (!$value$plusargs("max=%d", maxn)) maxn = NMAX;
        if (maxn > NMAX) maxn = NMAX;
        fd = $fopen(path, "r");
        if (fd == 0) begin $display("DHASH cannot open %0s", path); $finish; end
        n = 0;
        rc = 8;
        while (n < maxn && rc == 8) begin
            rc = $fscanf(fd, "%h %h %h %h %h %h %h %h\n", f_pc, f_insn, f_cls, f_flags, f_len, f_rd,
                         f_val, f_addr);
            if (rc == 8) begin
                r_pc[n] = f_pc; r_insn[n] = f_insn; r_cls[n] = f_cls[7:0]; r_tkn[n] = f_flags[2];
                r_val[n] = f_val[0]; r_len2[n] = f_len == 32'd2;
                n = n + 1;
            end
        end
        $fclose(fd);
        i = 0; cycles = 0; max_fill = 0;
        repeat (3) @(posedge clk);
        rst <= 1'b0;
        while (!(done && drained) && cycles < 64 * n + 10000) begin
            @(posedge clk);
            if (in_valid && in_ready) i <= i + 1;
            if (u_dh.cnt_q > max_fill) max_fill = u_dh.cnt_q;
            cycles = cycles + 1;
            #1;
        end
        if (done && drained)
            $display("DHASH hash=%016x ovf=%0d records=%0d cycles=%0d max_fill=%0d",
                     hash, ovf, n, cycles, max_fill);
        else $display("DHASH timeout records=%0d accepted=%0d cycles=%0d", n, i, cycles);
        $finish;
    end
endmodule
`default_nettype wire
