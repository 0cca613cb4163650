// SPDX-License-Identifier: Apache-2.0
//
// hwp_rst_sync: a reset for the clock domain of clk_i, asserted at once
// (asynchronously) while arst_i is high and released synchronously, N clocks
// of clk_i after arst_i falls, so that every flip-flop of the domain leaves
// reset at the same clock edge. arst_i may come from any domain (or none: a
// PLL's lock output, a pin); it must be glitch-free (a register or a pin).
// The first stage may go metastable on release; N >= 2 gives it a clock to
// settle before the release reaches rst_o.
`default_nettype none

module hwp_rst_sync #(
    parameter integer N = 2            // release stages (>= 2)
) (
    input  wire clk_i,
    input  wire arst_i,                // asynchronous reset request, active high
    output wire rst_o                  // synchronous release, active high
);
    reg [N-1:0] q = {N{1'b1}};
    always @(posedge clk_i or posedge arst_i) begin
        if (arst_i) q <= {N{1'b1}};
        else        q <= {q[N-2:0], 1'b0};
    end
    assign rst_o = q[N-1];
endmodule

`default_nettype wire
