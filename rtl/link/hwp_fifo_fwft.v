// SPDX-License-Identifier: Apache-2.0
// First-word-fall-through FIFO on a block RAM with a registered read port:
// the RAM is read every clock at the head the FIFO will have after the clock
// (rp + pop), so the head word is always in the read register; a write to
// that address in the same clock is forwarded (the RAM returns the old
// word). Used by the co-processor's board shell (hwp_shell_coproc).
`default_nettype none
module hwp_fifo_fwft #(
    parameter integer W  = 8,   // word bits
    parameter integer AW = 4    // depth 2^AW
) (
    input  wire         clk_i,
    input  wire         rst_i,
    input  wire         in_valid_i,
    output wire         in_ready_o,
    input  wire [W-1:0] in_data_i,
    output wire         out_valid_o,
    input  wire         out_ready_i,
    output wire [W-1:0] out_data_o,
    output wire [AW:0]  count_o
);
    reg [W-1:0] mem [0:(1<<AW)-1];
    reg [AW:0]  wp_q, rp_q;
    reg [W-1:0] rd_q, byp_q;
    reg         byp_sel_q;
    wire [AW:0] cnt  = wp_q - rp_q;
    wire        full = cnt[AW];
    wire        push = in_valid_i && !full;
    wire        pop  = out_ready_i && cnt != {(AW + 1){1'b0}};
    wire [AW:0] rp_n = rp_q + {{AW{1'b0}}, pop};
    always @(posedge clk_i) begin
        if (push) mem[wp_q[AW-1:0]] <= in_data_i;
        rd_q <= mem[rp_n[AW-1:0]];
    end
    always @(posedge clk_i) begin
        if (rst_i) begin
            wp_q <= {(AW + 1){1'b0}};
            rp_q <= {(AW + 1){1'b0}};
            byp_sel_q <= 1'b0;
            byp_q <= {W{1'b0}};
        end else begin
            if (push) wp_q <= wp_q + {{AW{1'b0}}, 1'b1};
            rp_q <= rp_n;
            byp_sel_q <= push && wp_q[AW-1:0] == rp_n[AW-1:0];
            byp_q <= in_data_i;
        end
    end
    assign in_ready_o  = !full;
    assign out_valid_o = cnt != {(AW + 1){1'b0}};
    assign out_data_o  = byp_sel_q ? byp_q : rd_q;
    assign count_o     = cnt;
endmodule
`default_nettype wire
