// SPDX-License-Identifier: Apache-2.0
// Gate-level check of the hash unit on the ECP5 (tests/checks/hash-gatelevel-ecp5.sh):
// the RTL (behavioural memories) and its synth_ecp5 netlist (hwp_hash_gate:
// DP16KD block RAMs with their output registers, from hwp_sdp_ram with
// HWP_ECP5, simulated by tb/board/gate_ecp5_dp16kd.v) get the same random
// tuples with random input gaps and output stalls for CYCLES clocks; every
// clock in_ready and out_valid must agree, and when a result leaves, index,
// tuple and tag. Prints "DONE outputs=N" or "ERROR ..." lines.
`timescale 1ns / 1ps
`default_nettype none
module tb_gate_ecp5;
    parameter integer N_FUNC = 4, W = 64, BITS = 9, TAG_W = 16, OREG = 1;
    parameter [31:0]  SEED = 32'h1;
    parameter integer CYCLES = 6000;

    reg clk = 1'b0, rst = 1'b1;
    reg in_valid = 1'b0, out_ready = 1'b0;
    reg [W-1:0] a = 0, b = 0;
    reg [TAG_W-1:0] tag = 0;
    wire r_ready, g_ready, r_valid, g_valid;
    wire [N_FUNC*BITS-1:0] r_idx, g_idx;
    wire [W-1:0] r_a, g_a, r_b, g_b;
    wire [TAG_W-1:0] r_tag, g_tag;

    hwp_hash #(.N_FUNC(N_FUNC), .W(W), .BITS(BITS), .TAG_W(TAG_W), .SEED(SEED), .OREG(OREG)) u_rtl (
        .clk_i(clk), .rst_i(rst), .in_valid_i(in_valid), .in_ready_o(r_ready),
        .in_a_i(a), .in_b_i(b), .in_tag_i(tag),
        .out_valid_o(r_valid), .out_ready_i(out_ready), .out_idx_o(r_idx),
        .out_a_o(r_a), .out_b_o(r_b), .out_tag_o(r_tag));
    hwp_hash_gate u_gate (
        .clk_i(clk), .rst_i(rst), .in_valid_i(in_valid), .in_ready_o(g_ready),
        .in_a_i(a), .in_b_i(b), .in_tag_i(tag),
        .out_valid_o(g_valid), .out_ready_i(out_ready), .out_idx_o(g_idx),
        .out_a_o(g_a), .out_b_o(g_b), .out_tag_o(g_tag));

    always #5 clk = !clk;

    integer cyc = 0, outs = 0, errs = 0;
    reg [31:0] r;
    initial begin
        repeat (4) @(posedge clk);
        rst <= 1'b0;
        for (cyc = 0; cyc < CYCLES; cyc = cyc + 1) begin
            @(negedge clk);
            if (r_ready !== g_ready || r_valid !== g_valid) begin
                $display("ERROR cycle %0d: in_ready %b/%b out_valid %b/%b (RTL/netlist)", cyc, r_ready, g_ready, r_valid, g_valid);
                errs = errs + 1;
            end else if (r_valid && out_ready && (r_idx !== g_idx || r_a !== g_a || r_b !== g_b || r_tag !== g_tag)) begin
                $display("ERROR cycle %0d: tag %0d: idx %h/%h a %h/%h b %h/%h (RTL/netlist)", cyc, r_tag, r_idx, g_idx, r_a, g_a, r_b, g_b);
                errs = errs + 1;
            end
            if (r_valid && out_ready) outs = outs + 1;
            if (errs > 5) begin $display("ERROR giving up"); $finish; end
            // next inputs: a new tuple once the current one is taken
            if (!in_valid || r_ready) begin
                r = $random;
                in_valid = r[2:0] != 0;
                a = {$random, $random};
                b = r[3] ? {$random, $random} : a ^ {$random} ;  // some near-duplicates
                if (r[4]) a[63:16] = 48'd0;                        // small values: the low lanes vary
                tag = tag + 1'b1;
            end
            r = $random;
            out_ready = r[1:0] != 0;
        end
        $display("DONE outputs=%0d", outs);
        $finish;
    end
endmodule
`default_nettype wire
