// SPDX-License-Identifier: Apache-2.0
// Proof harness (tests/formal/hwp_uart_rx.sby): the UART receiver alone, the
// pin driven at will, any supported divisor (4.0 .. 65535.996 clocks per
// bit). Proved:
// - the filter is as documented: the filtered line is the majority of three
//   consecutive pin samples after the two-flop synchroniser (pin history
//   kept here), so a low of one clock never reaches it; a pin that never
//   stays low on two of any three consecutive clocks leaves the receiver
//   idle for good: no start, no byte, no framing error;
// - framing: a byte ends only at its stop-bit sample; a low stop bit pulses
//   frame_err_o and delivers nothing, a high one delivers the byte and no
//   error; the two pulses never come together.
// With the loopback proof (hwp_uart.sby: every sample the receiver takes
// reads the bit the transmitter put on the line) a stop bit sent low is
// flagged and its byte dropped.
`default_nettype none
module hwp_uart_rx_chk (
    input  wire clk_i,
    input  wire rst_i,
    input  wire rx_i
);
    `include "hwp_uart_fenv.vh"

    wire        ov, ferr, busy, start;
    wire [7:0]  od;
    wire [24:0] t;
    wire [3:0]  n;
    wire [6:0]  pipe;
    hwp_uart_rx u_rx (
        .clk_i(clk_i), .rst_i(rst_i), .div_i(div), .rx_i(rx_i),
        .out_valid_o(ov), .out_data_o(od), .frame_err_o(ferr), .busy_o(busy),
        .f_t_o(t), .f_nbit_o(n), .f_pipe_o(pipe), .f_start_o(start)
    );
    wire       filt = pipe[1], filt_prev = pipe[0];

    // the pin's last 7 clocks (h[0] the latest), all high out of reset as
    // the receiver's pipeline is
    reg  [6:0] h;
    // clean: since reset the pin was never low on two of three consecutive clocks
    reg        clean;
    wire       two_low = (!rx_i && !h[0]) || (!rx_i && !h[1]) || (!h[0] && !h[1]);
    always @(posedge clk_i) begin
        if (rst_i) begin h <= 7'h7f; clean <= 1'b1; end
        else begin h <= {h[5:0], rx_i}; if (two_low) clean <= 1'b0; end
    end

    // the stop-bit sample of the last clock and the filtered line then
    wire sample = busy && $signed(t) < $signed(25'h80);
    reg  stop_q, stop_hi_q;
    always @(posedge clk_i) begin
        stop_q    <= !rst_i && sample && n == 4'd9;
        stop_hi_q <= filt;
    end

    always @(*) if (f_past && !rst_i) begin
        // synchroniser, majority samples, filtered line: the pin's history
        assert(pipe[6:5] == h[1:0] && pipe[4:2] == h[4:2]);
        assert(filt == maj3(h[5:3]) && filt_prev == maj3(h[6:4]));
        if (clean) assert(filt && filt_prev && !busy && !ov && !ferr);
        assert(n <= 4'd9);
        assert(ov == (stop_q && stop_hi_q));
        assert(ferr == (stop_q && !stop_hi_q));
    end
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && clean && !h[3] && h[2] && h[4]);   // a one-clock low went by
        cover(f_past && !rst_i && ferr);                              // a framing error
        cover(f_past && !rst_i && ov);                                // a byte
    end
endmodule
`default_nettype wire
