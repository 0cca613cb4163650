// SPDX-License-Identifier: Apache-2.0
// Included inside both UART proof harnesses (hwp_uart_loop.v,
// hwp_uart_rx_chk.v), which have inputs clk_i and rst_i: div, the divisor,
// is any supported value chosen by the solver (in 1/256 clock: 4.0 ..
// 65535.996 clocks per bit); f_past is low only in the first cycle, which is
// in reset; maj3 is the majority of three samples, as the receiver's filter
// takes it.
(* anyconst *) reg [23:0] div;
reg f_past = 1'b0;
always @(posedge clk_i) f_past <= 1'b1;
always @(*) begin
    if (!f_past) assume(rst_i);
    assume(div >= 24'h400);
end

function maj3;
    input [2:0] v;
    maj3 = (v[0] & v[1]) | (v[1] & v[2]) | (v[0] & v[2]);
endfunction
