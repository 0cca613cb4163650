// SPDX-License-Identifier: Apache-2.0
// Proof harness (tests/formal/hwp_uart.sby): the UART transmitter's line
// into the receiver, both at one divisor chosen by the solver (any supported
// value, 4.0 .. 65535.996 clocks per bit), bytes offered at will.
// Proved: every byte taken by the transmitter is received, with its value,
// once, in order; the receiver never reports a framing error on a clean
// line and never drops a start bit as a glitch.
//
// Positions, in 1/256 clock, count from a byte's start edge. The
// transmitter's is px = (b + 1) * div + ph0 - t (b the bit on the line, t
// the time left in it, ph0 the rounding left over when the byte started);
// the receiver's is pr = n * div + div/2 - t (n the bit it samples next).
// Both advance 256 a clock and the receiver starts a fixed number of clocks
// after the transmitter, so px - pr is the same constant all through a byte;
// written with the bit difference b + 1 - n in 0..3 it needs no product.
// The line's last 7 clocks are stated from the transmitter's state (how long
// its bit has been on the line, the previous two bits' values), so the
// receiver's synchroniser and majority filter are tied to the transmitter
// without history of wide registers.
`default_nettype none
module hwp_uart_loop (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       in_valid_i,
    input  wire [7:0] in_data_i
);
    `include "hwp_uart_fenv.vh"

    wire        ready, line, idle;
    wire [24:0] t_x;
    wire [3:0]  left;
    wire [9:0]  tx_sh;
    hwp_uart_tx u_tx (
        .clk_i(clk_i), .rst_i(rst_i), .div_i(div), .in_valid_i(in_valid_i), .in_ready_o(ready),
        .in_data_i(in_data_i), .tx_o(line), .idle_o(idle),
        .f_t_o(t_x), .f_left_o(left), .f_sh_o(tx_sh)
    );
    wire        ov, ferr, rbusy, rstart;
    wire [6:0]  pipe;
    wire [7:0]  od;
    wire [24:0] t_r;
    wire [3:0]  n;
    hwp_uart_rx u_rx (
        .clk_i(clk_i), .rst_i(rst_i), .div_i(div), .rx_i(line),
        .out_valid_o(ov), .out_data_o(od), .frame_err_o(ferr), .busy_o(rbusy),
        .f_t_o(t_r), .f_nbit_o(n), .f_pipe_o(pipe), .f_start_o(rstart)
    );

    localparam integer PW = 27;                    // positions: up to 11 bits of 2^24
    wire [PW-1:0] d    = {3'd0, div};
    wire [PW-1:0] half = {4'd0, div[23:1]};
    wire [PW-1:0] tx   = {2'd0, t_x};               // 128 .. 2^24 + 128: unsigned
    wire [PW-1:0] tr   = {{2{t_r[24]}}, t_r};
    wire [3:0]    b    = 4'd9 - left;              // the bit on the line (0 start .. 9 stop)
    wire          load = in_valid_i && ready;
    wire [PW-1:0] tstep = tx - 27'd256;
    wire          bend = !idle && $signed(tstep) < 27'sd128;   // the bit ends at this edge
    wire          go_idle = bend && left == 4'd0 && !in_valid_i;
    wire          newbit = (idle && load) || (bend && !go_idle);

    // bookkeeping: the bytes (current and previous), the rounding at each
    // byte's and bit's start; the line as pseudo-bits (a stop bit and the
    // idle time after it are one): value now, of the previous two, how long
    // the current one has been on (ex, saturating) and the previous one's
    // length
    reg  [7:0]    f_byte, f_prev;
    reg  [PW-1:0] f_ph0, f_adj, f_phb, f_phb1;
    reg  [PW-1:0] f_ex, f_d1;
    reg           f_v1, f_v2;
    reg  [1:0]    f_ntx, f_nrx;                    // bytes started, mod 4
    reg           f_any;                           // a byte was taken since reset
    reg  [1:0]    f_nov;                           // bytes received, mod 4
    reg  [7:1]    f_lh;                            // f_lh[j]: the line j clocks ago
    localparam [PW-1:0] SAT = 27'h200_0000;
    always @(posedge clk_i) begin
        f_lh <= rst_i ? 7'h7f : {f_lh[6:1], line};
        if (rst_i) begin
            f_ex <= SAT; f_d1 <= SAT + 27'd256; f_v1 <= 1'b1; f_v2 <= 1'b1;
            f_ntx <= 2'd0; f_nrx <= 2'd0; f_nov <= 2'd0; f_any <= 1'b0; f_ph0 <= 0; f_adj <= 0; f_phb <= 0;
        end else begin
            if (newbit) begin
                f_ex <= 0; f_d1 <= f_ex + 27'd256; f_v1 <= line; f_v2 <= f_v1;
                f_phb <= idle ? 27'd0 : tstep; f_phb1 <= f_phb;
            end else if (f_ex < SAT) f_ex <= f_ex + 27'd256;
            if (load) begin
                f_byte <= in_data_i; f_prev <= f_byte;
                // the previous byte's position at this byte's start is
                // 10 * div + f_adj (its stop bit and any idle time since)
                f_ph0 <= idle ? 27'd0 : tstep;
                f_adj <= f_ph0 + f_ex + 27'd256 - d - f_phb;
                f_ntx <= f_ntx + 2'd1; f_any <= 1'b1;
            end
            if (rstart) f_nrx <= f_nrx + 2'd1;
            if (ov) f_nov <= f_nov + 2'd1;
        end
    end

    wire [9:0]  frame  = {1'b1, f_byte, 1'b0};
    wire [19:0] ext    = {10'h3ff, frame};
    wire        ahead  = f_ntx != f_nrx;           // the transmitter is on the next byte
    wire [7:0]  rbyte  = ahead ? f_prev : f_byte;  // the byte the receiver is on
    wire [3:0]  k      = n - 4'd1;                 // data bits received
    wire [15:0] odx    = {od, 8'd0} >> (5'd16 - {1'b0, k});
    wire [7:0]  kmask  = ~(8'hff << k);
    // px - pr with the bit difference bd = b (+ 10 when ahead) + 1 - n
    wire [4:0]  bd     = {1'b0, b} + (ahead ? 5'd11 : 5'd1) - {1'b0, n};
    wire [PW-1:0] bdd  = bd == 5'd0 ? 27'd0 : bd == 5'd1 ? d : bd == 5'd2 ? {d[PW-2:0], 1'b0} : {d[PW-2:0], 1'b0} + d;
    // the transmitter's time left in its bit from how long the bit has been
    // on (t_x itself stands still once the transmitter is idle)
    wire [PW-1:0] txe  = d + f_phb - f_ex;
    wire [PW-1:0] px   = (b == 4'd0 ? d : {d[PW-2:0], 1'b0}) + f_ph0 - txe;   // b 0 or 1
    wire [PW-1:0] off  = bdd + f_ph0 + (ahead ? f_adj : 27'd0) - txe - half + tr;
    localparam [PW-1:0] OFF = 27'd1280;            // 5 clocks: pin to start detection
    integer j;
    always @(*) if (f_past && !rst_i) begin
        // transmitter
        assert(f_ntx - f_nrx <= 2'd1);
        assert(line == (idle ? 1'b1 : frame[b]));
        assert($signed(f_ph0) >= -27'sd128 && $signed(f_ph0) < 27'sd128);
        assert($signed(f_phb) >= -27'sd128 && $signed(f_phb) < 27'sd128);
        if (!idle) begin
            assert(left <= 4'd9 && tx_sh == ext[b +: 10]);
            assert($signed(tx) >= 27'sd128 && $signed(tx) < $signed(d + 27'd128));
            assert(f_any && f_ex == d + f_phb - tx && f_ex[7:0] == 8'd0);
            // the start bit began with the byte; it lasted whole clocks
            if (b == 4'd0) assert(f_phb == f_ph0);
            // the previous bit of this byte lasted what its rounding says
            if (b >= 4'd1) assert(f_d1 == d + f_phb1 - f_phb && $signed(f_phb1) >= -27'sd128 && $signed(f_phb1) < 27'sd128);
            if (b == 4'd1) assert(f_phb1 == f_ph0);
            // the previous two pseudo-bits: this byte's, or the stop bit (and
            // idle time) and last data bit of the byte before
            assert(f_v1 == (b >= 4'd1 ? frame[b - 4'd1] : 1'b1));
            if (b >= 4'd2) assert(f_v2 == frame[b - 4'd2]);
            else if (b == 4'd1) assert(f_v2 == 1'b1);
            else if (f_d1 < SAT) assert(f_v2 == f_prev[7]);
        end else begin
            assert(tx_sh == 10'h3ff && left == 4'd0 && f_ex >= 27'd1024);   // a whole stop bit sent
            if (f_any) assert(f_v1 == f_byte[7] && f_v2 == f_byte[6] && $signed(txe) < 27'sd128);
            else assert(f_ex == SAT && f_d1 == SAT + 27'd256 && f_v1 && f_v2);
        end
        assert(f_d1 >= 27'd1024 && f_d1[7:0] == 8'd0);
        assert(f_ex[7:0] == 8'd0 && f_ex <= SAT && f_d1 <= SAT + 27'd256);
        // the line's last 7 clocks from the pseudo-bits
        for (j = 1; j <= 7; j = j + 1)
            assert(f_lh[j] == ((27'd256 * j <= f_ex) ? line :
                               (27'd256 * j <= f_ex + f_d1) ? f_v1 : f_v2));
        // the receiver's input pipeline holds the line's past
        assert(pipe[6:5] == {f_lh[2], f_lh[1]} && pipe[4:2] == {f_lh[5], f_lh[4], f_lh[3]});
        assert(pipe[1] == maj3(f_lh[6:4]) && pipe[0] == maj3(f_lh[7:5]));
        // receiver
        if (rbusy) begin
            assert(n <= 4'd9 && bd <= 5'd3);
            assert($signed(tr) >= -27'sd128 && $signed(tr) < $signed(d));
            assert(off == OFF);
            assert(!ahead || (n >= 4'd8 && b <= 4'd1 && $signed(f_adj + f_ph0) >= -27'sd128 && $signed(f_adj) <= 27'sd2048));
            if (n >= 4'd1) assert(odx[7:0] == (rbyte & kmask));
        end else begin
            // a byte whose start edge is still in the input pipeline
            if (ahead) assert(!idle && b <= 4'd1 && px <= OFF);
            else begin
                // nothing new on the line: no falling edge anywhere in its past
                for (j = 1; j <= 6; j = j + 1) assert(!(f_lh[j+1] && !f_lh[j]));
                assert(idle || b == 4'd9);
            end
        end
        // the properties: each sample reads its bit (the start bit low: no
        // start bit dropped as a glitch; the stop bit high: no framing
        // error); a byte received is the byte sent, in turn, once
        if (rbusy && $signed(tr) < 27'sd128) begin
            if (n == 4'd0) assert(!pipe[1]);
            else if (n == 4'd9) assert(pipe[1]);
            else assert(pipe[1] == rbyte[k[2:0]]);
        end
        if (ov) assert(od == (ahead ? f_prev : f_byte));
        assert(!(rbusy && ov) && f_nov + {1'b0, rbusy || ov} == f_nrx);
        assert(!ferr);
    end
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && ov && ahead && div[7:0] != 8'd0);   // back to back, fractional divisor
    end
endmodule
`default_nettype wire
