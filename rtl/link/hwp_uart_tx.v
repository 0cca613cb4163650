// SPDX-License-Identifier: Apache-2.0
// UART transmitter (8N1, LSB first) with a run-time fractional bit time
// (docs/protocol.md, "UART"): a phase accumulator in 16.8 fixed point (the protocol's 24.8 divisor, limited to 16 integer bits) ends
// each bit at the clock nearest to its ideal boundary, so the error never
// accumulates over a byte. The line idles high. in_ready_o is high when no
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
    reg  [24:0] t_q;                   // time left in the current bit, 24.8, signed
    reg         tx_q;

    wire [24:0] t_step = t_q - 25'h100;
    wire        bit_end = $signed(t_step) < $signed(25'h80);

    always @(posedge clk_i) begin
        if (rst_i) begin
            busy_q <= 1'b0; sh_q <= 10'h3ff; left_q <= 4'd0; t_q <= 25'd0; tx_q <= 1'b1;
        end else if (!busy_q) begin
            if (in_valid_i) begin
                busy_q <= 1'b1;
                sh_q <= {1'b1, in_data_i, 1'b0};
                tx_q <= 1'b0;
                left_q <= 4'd9;
                t_q <= {1'b0, div_i};
            end
        end else if (bit_end) begin
            if (left_q == 4'd0) begin
                // End of the stop bit: the next byte's start bit follows
                // without a gap when one is waiting.
                if (in_valid_i) begin
                    sh_q <= {1'b1, in_data_i, 1'b0};
                    tx_q <= 1'b0;
                    left_q <= 4'd9;
                    t_q <= t_step + {1'b0, div_i};
                end else begin
                    busy_q <= 1'b0;
                    tx_q <= 1'b1;
                end
            end else begin
                sh_q <= {1'b1, sh_q[9:1]};
                tx_q <= sh_q[1];
                left_q <= left_q - 4'd1;
                t_q <= t_step + {1'b0, div_i};
            end
        end else begin
            t_q <= t_step;
        end
    end

    assign in_ready_o = !busy_q || (bit_end && left_q == 4'd0);
    assign tx_o = tx_q;
    assign idle_o = !busy_q;
    wire unused_sh = sh_q[0];          // the bit on the line is tx_q
`ifdef FORMAL
    assign f_t_o = t_q;
    assign f_left_o = left_q;
    assign f_sh_o = sh_q;
`endif
endmodule
`default_nettype wire
