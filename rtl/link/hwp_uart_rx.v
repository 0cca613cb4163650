// SPDX-License-Identifier: Apache-2.0
// UART receiver (8N1, LSB first) with a run-time fractional bit time
// (docs/protocol.md, "UART"). The pin goes through a two-flop synchroniser and
// a 3-sample majority filter (glitches of one clock are rejected). A falling
// edge of the filtered line starts a byte; the start bit is confirmed at half
// a bit, every data bit is sampled at its centre and the stop bit is checked:
// a low stop bit discards the byte and pulses frame_err_o (the receiver then
// waits for the line to go high before it looks for the next start bit).
// Bit centres are placed by a phase accumulator in 16.8 fixed point (the
// protocol's 24.8 divisor, limited to 16 integer bits), so the sampling
// instant is within half a clock of the ideal one. The accumulator holds the
// time to the next sample plus half a clock, u = t + 0.5, which stays >= 0
// while a byte is received: its integer part is a clock down-counter (the
// sample is due when it reaches 0, t < 0.5) and its fraction changes only at
// a sample, when the divisor's fraction is added and the carry lengthens the
// next bit by a clock. One decrementer serves the three updates.
`default_nettype none
module hwp_uart_rx (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire [23:0] div_i,          // clocks per bit, 16.8 fixed point, >= 4.0
    input  wire        rx_i,           // the pin (asynchronous)
    output wire        out_valid_o,    // one-cycle pulse: a byte was received
    output wire [7:0]  out_data_o,
    output wire        frame_err_o,    // one-cycle pulse: stop bit low, byte dropped
    output wire        busy_o          // a byte is being received
`ifdef FORMAL
    ,
    output wire [24:0] f_t_o,          // proofs (tests/formal/hwp_uart.sby) read the state
    output wire [3:0]  f_nbit_o,
    output wire [6:0]  f_pipe_o,       // {sync, majority samples, filtered, filtered a clock ago}
    output wire        f_start_o       // a start edge is seen this clock
`endif
);
    reg  [1:0]  sync_q;
    reg  [2:0]  maj_q;
    reg         filt_q, filt_prev_q;
    reg         busy_q;
    reg  [3:0]  nbit_q;                // 0: start bit, 1..8: data, 9: stop
    reg  [15:0] ci_q;                  // u = t + 0.5: whole clocks
    reg  [7:0]  cf_q;                  // and 1/256 clock
    reg  [7:0]  sh_q;
    reg         valid_q, ferr_q;

    wire maj = (maj_q[0] & maj_q[1]) | (maj_q[1] & maj_q[2]) | (maj_q[0] & maj_q[2]);
    // Sample at the clock nearest to the ideal instant (t < half a clock).
    wire        start  = !busy_q && filt_prev_q && !filt_q;
    wire        sample = busy_q && ci_q == 16'd0;
    wire [8:0]  cf_sum = {1'b0, cf_q} + {1'b0, div_i[7:0]};
    // next u: start: div/2 - 0.5 (fraction {~div[8], div[7:1]}, a borrow
    // when div[8] is 0); sample: u - 1 + div (with u < 1); else u - 1
    wire [15:0] ci_base = start ? {1'b0, div_i[23:9]} : sample ? div_i[23:8] : ci_q;
    wire        ci_dec  = start ? !div_i[8] : sample ? !cf_sum[8] : 1'b1;
    wire [15:0] ci_next = ci_base - {15'd0, ci_dec};

    always @(posedge clk_i) begin
        if (rst_i) begin
            sync_q <= 2'b11; maj_q <= 3'b111; filt_q <= 1'b1; filt_prev_q <= 1'b1;
            busy_q <= 1'b0; nbit_q <= 4'd0; ci_q <= 16'd0; cf_q <= 8'h80; sh_q <= 8'd0;
            valid_q <= 1'b0; ferr_q <= 1'b0;
        end else begin
            sync_q <= {sync_q[0], rx_i};
            maj_q <= {maj_q[1:0], sync_q[1]};
            filt_q <= maj;
            filt_prev_q <= filt_q;
            valid_q <= 1'b0;
            ferr_q <= 1'b0;
            if (start || busy_q) ci_q <= ci_next;
            if (!busy_q) begin
                if (start) begin
                    // The edge happened during the last clock: the start bit's
                    // centre is half a bit after it.
                    busy_q <= 1'b1;
                    nbit_q <= 4'd0;
                    cf_q <= {!div_i[8], div_i[7:1]};
                end
            end else if (sample) begin
                cf_q <= cf_sum[7:0];
                if (nbit_q == 4'd0) begin
                    if (filt_q) busy_q <= 1'b0;     // glitch, not a start bit
                    nbit_q <= 4'd1;
                end else if (nbit_q == 4'd9) begin
                    busy_q <= 1'b0;
                    if (filt_q) valid_q <= 1'b1;
                    else ferr_q <= 1'b1;
                end else begin
                    sh_q <= {filt_q, sh_q[7:1]};
                    nbit_q <= nbit_q + 4'd1;
                end
            end
        end
    end

    assign out_valid_o = valid_q;
    assign out_data_o  = sh_q;
    assign frame_err_o = ferr_q;
    assign busy_o      = busy_q;
`ifdef FORMAL
    assign f_t_o = {1'b0, ci_q, cf_q} - 25'h80;    // t, 24.8, signed
    assign f_nbit_o = nbit_q;
    assign f_pipe_o = {sync_q, maj_q, filt_q, filt_prev_q};
    assign f_start_o = start;
`endif
endmodule
`default_nettype wire
