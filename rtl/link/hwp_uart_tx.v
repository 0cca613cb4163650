// SPDX-License-Identifier: Apache-2.0
// UART transmitter (8N1, LSB first) with a run-time fractional bit time
// (docs/protocol.md, "UART"): a phase accumulator in 16.8 fixed point (the
// protocol's 24.8 divisor, limited to 16 integer bits) ends each bit at the
// clock nearest to its ideal boundary, so the error never accumulates over a
// byte. It holds the time left in the current bit less half a clock,
// u = t - 0.5, which stays >= 0 while sending: its integer part is a clock
// down-counter (the bit ends when it reaches 0, t < 1.5) and its fraction
// changes only at a bit's end, when the divisor's fraction is added and the
// carry lengthens the next bit by a clock. The line idles high. in_ready_o is high when no
// byte is being sent and in the last clock of a stop bit (a byte is taken on
// in_valid_i && in_ready_o), so back-to-back bytes leave no idle time.
`default_nettype none
module hwp_uart_tx (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire [23:0] div_i,          // clocks per bit, 16.8 fixed point, >= 4.0
    input  wire        in_valid_i,
    output wire        in_ready_o,
    input  wire [7:0]  in_data_i,
    output wire        tx_o,
    output wire        idle_o          // nothing being sent (line high)
`ifdef FORMAL
    ,
    output wire [24:0] f_t_o,          // proofs (tests/formal/hwp_uart.sby) read the state
    output wire [3:0]  f_left_o,
    output wire [9:0]  f_sh_o
`endif
);
    reg         busy_q;
    reg  [9:0]  sh_q;                  // bits still to send, LSB on the line
    reg  [3:0]  left_q;                // bits after the current one
    reg  [15:0] ci_q;                  // u = t - 0.5: whole clocks
    reg  [7:0]  cf_q;                  // and 1/256 clock
    reg         tx_q;

    wire        start   = !busy_q && in_valid_i;
    wire        bit_end = ci_q == 16'd0;
    wire [8:0]  cf_sum  = {1'b0, cf_q} + {1'b0, div_i[7:0]};
    // next u: start: div - 0.5 (fraction {~div[7], div[6:0]}, a borrow when
    // div[7] is 0); bit end: u - 1 + div (with u < 1); else u - 1
    wire [15:0] ci_base = start ? div_i[23:8] : bit_end ? div_i[23:8] : ci_q;
    wire        ci_dec  = start ? !div_i[7] : bit_end ? !cf_sum[8] : 1'b1;
    wire [15:0] ci_next = ci_base - {15'd0, ci_dec};

    always @(posedge clk_i) begin
        if (rst_i) begin
            busy_q <= 1'b0; sh_q <= 10'h3ff; left_q <= 4'd0; ci_q <= 16'd0; cf_q <= 8'h00; tx_q <= 1'b1;
        end else if (!busy_q) begin
            if (in_valid_i) begin
                busy_q <= 1'b1;
                sh_q <= {1'b1, in_data_i, 1'b0};
                tx_q <= 1'b0;
                left_q <= 4'd9;
                ci_q <= ci_next;
                cf_q <= {!div_i[7], div_i[6:0]};
            end
        end else if (bit_end) begin
            if (left_q == 4'd0) begin
                // End of the stop bit: the next byte's start bit follows
                // without a gap when one is waiting.
                if (in_valid_i) begin
                    sh_q <= {1'b1, in_data_i, 1'b0};
                    tx_q <= 1'b0;
                    left_q <= 4'd9;
                    ci_q <= ci_next;
                    cf_q <= cf_sum[7:0];
                end else begin
                    busy_q <= 1'b0;
                    tx_q <= 1'b1;
                end
            end else begin
                sh_q <= {1'b1, sh_q[9:1]};
                tx_q <= sh_q[1];
                left_q <= left_q - 4'd1;
                ci_q <= ci_next;
                cf_q <= cf_sum[7:0];
            end
        end else begin
            ci_q <= ci_next;
        end
    end

    assign in_ready_o = !busy_q || (bit_end && left_q == 4'd0);
    assign tx_o = tx_q;
    assign idle_o = !busy_q;
    wire unused_sh = sh_q[0];          // the bit on the line is tx_q
`ifdef FORMAL
    assign f_t_o = {1'b0, ci_q, cf_q} + 25'h80;    // t, 24.8
    assign f_left_o = left_q;
    assign f_sh_o = sh_q;
`endif
endmodule
`default_nettype wire
