// SPDX-License-Identifier: Apache-2.0
// Self-checking test of rtl/link/hwp_uart_tx.v and hwp_uart_rx.v (Icarus):
// loop-back at 4.0, 8.33, 104.17 and 217.02 clocks per bit (the boards' 3
// Mbaud and boot rates), a transmitter 3% slow and 3% fast against the
// receiver, one-clock glitches on the line (idle and inside bytes), a short
// false start bit, and a missing stop bit (framing error, byte dropped).
// Ends with "PASS link-rtl-uart ..." or "FAIL link-rtl-uart: ...".
`default_nettype none
module tb_uart;
    reg clk = 1'b0, rst = 1'b1;
    always #5 clk = !clk;
    reg  [23:0] div_tx, div_rx;
    reg         tv;
    reg  [7:0]  td;
    wire        tr, line_tx, txidle;
    wire        rv, ferr, rbusy;
    wire [7:0]  rd;
    reg         force_en = 1'b0, force_val = 1'b1, glitch = 1'b0;
    wire        line = force_en ? force_val : (line_tx ^ glitch);
    hwp_uart_tx u_tx (.clk_i(clk), .rst_i(rst), .div_i(div_tx), .in_valid_i(tv), .in_ready_o(tr),
                      .in_data_i(td), .tx_o(line_tx), .idle_o(txidle));
    hwp_uart_rx u_rx (.clk_i(clk), .rst_i(rst), .div_i(div_rx), .rx_i(line), .out_valid_o(rv),
                      .out_data_o(rd), .frame_err_o(ferr), .busy_o(rbusy));

    integer errors = 0, nrx = 0, nferr = 0, total = 0;
    reg [7:0] exp_q [0:1023];
    integer wr = 0, rdp = 0;
    always @(posedge clk) begin
        if (rv) begin
            nrx = nrx + 1;
            if (rdp >= wr) begin
                errors = errors + 1; $display("FAIL link-rtl-uart: unexpected byte %02x", rd);
            end else begin
                if (rd !== exp_q[rdp[9:0]]) begin
                    errors = errors + 1;
                    $display("FAIL link-rtl-uart: byte %0d got %02x want %02x (div tx %h rx %h)",
                             rdp, rd, exp_q[rdp[9:0]], div_tx, div_rx);
                end
                rdp = rdp + 1;
            end
        end
        if (ferr) nferr = nferr + 1;
    end

    task send_bytes(input integer n, input integer glitches);
        integer i;
        begin
            for (i = 0; i < n; i = i + 1) begin
                td = $random; tv = 1'b1;
                exp_q[wr[9:0]] = td; wr = wr + 1;
                @(posedge clk); while (!tr) @(posedge clk);
                #1 tv = 1'b0;
                if (glitches && (i % 3 == 0)) begin
                    // a one-clock glitch somewhere in the byte, away from bit edges
                    repeat (div_tx[23:8] * 3 + div_tx[23:9]) @(posedge clk);
                    #1 glitch = 1'b1; @(posedge clk); #1 glitch = 1'b0;
                end
            end
            while (!txidle || tv) @(posedge clk);
            repeat (div_rx[23:8] * 12) @(posedge clk);
        end
    endtask

    task loop(input [23:0] dt, input [23:0] dr, input integer n, input integer glitches);
        begin
            div_tx = dt; div_rx = dr;
            send_bytes(n, glitches);
            total = total + n;
            if (rdp != wr) begin
                errors = errors + 1;
                $display("FAIL link-rtl-uart: div tx %h rx %h: %0d of %0d bytes received", dt, dr, rdp, wr);
                rdp = wr;
            end
        end
    endtask

    // bit-bang one frame: 10 bits LSB first, each 'bt' clocks
    task bang(input [9:0] bits, input integer bt);
        integer k;
        begin
            force_en = 1'b1;
            for (k = 0; k < 10; k = k + 1) begin
                force_val = bits[k]; repeat (bt) @(posedge clk);
            end
            force_val = 1'b1; repeat (bt * 3) @(posedge clk);
            force_en = 1'b0;
        end
    endtask

    integer f0;
    initial begin
        tv = 1'b0; td = 8'd0; div_tx = 24'h400; div_rx = 24'h400;
        repeat (5) @(posedge clk); rst = 1'b0; repeat (5) @(posedge clk);
        loop(24'h400, 24'h400, 200, 0);           // 3 Mbaud at 12 MHz
        loop(24'h855, 24'h855, 200, 0);           // 3 Mbaud at 25 MHz
        loop(24'h682b, 24'h682b, 40, 0);          // 115200 at 12 MHz
        loop(24'hd904, 24'hd904, 40, 0);          // 115200 at 25 MHz
        loop(24'h600, 24'h600, 100, 0);           // 2 Mbaud at 12 MHz
        loop(24'h855 * 103 / 100, 24'h855, 100, 0);  // transmitter 3% slow
        loop(24'h855 * 97 / 100, 24'h855, 100, 0);   // transmitter 3% fast
        loop(24'h682b * 103 / 100, 24'h682b, 20, 0);
        loop(24'h682b * 97 / 100, 24'h682b, 20, 0);
        loop(24'h855, 24'h855, 100, 1);           // one-clock glitches inside bytes
        loop(24'h682b, 24'h682b, 20, 1);
        if (nferr != 0) begin errors = errors + 1; $display("FAIL link-rtl-uart: %0d framing errors on clean lines", nferr); end
        // glitches on an idle line: nothing received
        div_rx = 24'h855; f0 = nrx;
        repeat (20) begin
            repeat (37) @(posedge clk);
            #1 glitch = 1'b1; @(posedge clk); #1 glitch = 1'b0;
        end
        repeat (100) @(posedge clk);
        if (nrx != f0 || nferr != 0) begin errors = errors + 1; $display("FAIL link-rtl-uart: idle glitches made bytes"); end
        // a 3-clock low pulse at 104 clocks per bit: not a start bit
        div_rx = 24'h682b;
        force_en = 1'b1; force_val = 1'b0; repeat (3) @(posedge clk); force_val = 1'b1;
        repeat (2000) @(posedge clk); force_en = 1'b0;
        if (nrx != f0 || nferr != 0) begin errors = errors + 1; $display("FAIL link-rtl-uart: a short pulse made a byte"); end
        // missing stop bit: framing error, no byte
        bang({1'b0, 8'h5a, 1'b0}, 104);
        repeat (300) @(posedge clk);
        if (nferr != 1 || nrx != f0) begin errors = errors + 1; $display("FAIL link-rtl-uart: stop bit 0 gave %0d framing errors, %0d bytes", nferr, nrx - f0); end
        // and the receiver recovers: a good frame after it
        exp_q[wr[9:0]] = 8'ha5; wr = wr + 1;
        bang({1'b1, 8'ha5, 1'b0}, 104);
        repeat (300) @(posedge clk);
        if (rdp != wr) begin errors = errors + 1; $display("FAIL link-rtl-uart: no byte after a framing error"); end
        if (errors == 0) $display("PASS link-rtl-uart bytes=%0d", total + 1);
        else $display("FAIL link-rtl-uart: %0d errors", errors);
        $finish;
    end
endmodule
`default_nettype wire
