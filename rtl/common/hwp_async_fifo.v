// SPDX-License-Identifier: Apache-2.0
//
// hwp_async_fifo: a first-word-fall-through FIFO between two unrelated
// clocks (the link's board clock and an engine's PLL clock). 2^AW words in a
// memory written at wclk_i and read at rclk_i (block RAM with independent
// clocks on iCE40 and ECP5), pointers of AW+1 bits that cross the domains
// gray-coded through two-flop synchronizers (rtl/common/hwp_sync2.v), so a
// pointer seen in the other domain is always one the pointer really held:
// at worst old, which only makes the FIFO look fuller to the writer and
// emptier to the reader than it is.
//
//   write side: w_valid_i / w_ready_o (ready = not full), w_data_i
//   read side:  r_valid_o / r_ready_i, r_data_o (registered head word)
//
// Each side has its own synchronous reset; both must be asserted together
// (for at least a few clocks of the slower side) and neither side used
// before both are released. Words in the FIFO: up to 2^AW in the memory plus
// the head word.
`default_nettype none

module hwp_async_fifo #(
    parameter integer DW = 32,
    parameter integer AW = 4
) (
    input  wire          wclk_i,
    input  wire          wrst_i,
    input  wire          w_valid_i,
    output wire          w_ready_o,
    input  wire [DW-1:0] w_data_i,

    input  wire          rclk_i,
    input  wire          rrst_i,
    output wire          r_valid_o,
    input  wire          r_ready_i,
    output wire [DW-1:0] r_data_o
);
    function [AW:0] bin2gray(input [AW:0] b);
        bin2gray = b ^ (b >> 1);
    endfunction

    reg [DW-1:0] mem [0:(1<<AW)-1];
    reg [AW:0]   wbin_q, wgray_q;        // write pointer (write domain)
    reg [AW:0]   rbin_q, rgray_q;        // read pointer (read domain)

    // ---------------------------------------------------------------- write domain
    wire [AW:0] rgray_w;                 // read pointer, synchronized (gray)
    hwp_sync2 #(.W(AW+1)) u_sync_r2w (.clk_i(wclk_i), .d_i(rgray_q), .q_o(rgray_w));
    // full: the write pointer is one lap (2^AW) ahead of the read pointer;
    // in gray code that is the top two bits inverted and the rest equal
    wire full = (wgray_q == {~rgray_w[AW:AW-1], rgray_w[AW-2:0]});
    wire push = w_valid_i && !full;
    wire [AW:0] wbin_nx = wbin_q + {{AW{1'b0}}, push};

    always @(posedge wclk_i) begin
        if (push) mem[wbin_q[AW-1:0]] <= w_data_i;
    end
    always @(posedge wclk_i) begin
        if (wrst_i) begin
            wbin_q  <= {(AW+1){1'b0}};
            wgray_q <= {(AW+1){1'b0}};
        end else begin
            wbin_q  <= wbin_nx;
            wgray_q <= bin2gray(wbin_nx);
        end
    end
    assign w_ready_o = !full;

    // ---------------------------------------------------------------- read domain
    wire [AW:0] wgray_w;                 // write pointer, synchronized (gray)
    hwp_sync2 #(.W(AW+1)) u_sync_w2r (.clk_i(rclk_i), .d_i(wgray_q), .q_o(wgray_w));
    wire empty = (rgray_q == wgray_w);
    reg          hv_q;                   // head word valid
    reg [DW-1:0] head_q;
    // the memory is read into the head when the head is free or leaving
    wire load = !empty && (!hv_q || r_ready_i);
    wire [AW:0] rbin_nx = rbin_q + {{AW{1'b0}}, load};

    always @(posedge rclk_i) begin
        if (load) head_q <= mem[rbin_q[AW-1:0]];
    end
    always @(posedge rclk_i) begin
        if (rrst_i) begin
            rbin_q  <= {(AW+1){1'b0}};
            rgray_q <= {(AW+1){1'b0}};
            hv_q    <= 1'b0;
        end else begin
            rbin_q  <= rbin_nx;
            rgray_q <= bin2gray(rbin_nx);
            if (load) hv_q <= 1'b1;
            else if (r_ready_i) hv_q <= 1'b0;
        end
    end
    assign r_valid_o = hv_q;
    assign r_data_o  = head_q;
endmodule

`default_nettype wire
