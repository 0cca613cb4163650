// SPDX-License-Identifier: Apache-2.0
// Line-level bench of a board top (module TOP, pins clk_i, uart_rx_i,
// uart_tx_o), the same for the RTL and for the Yosys netlist (gate-level
// check, tests/checks/board-gatelevel.sh). It plays a short host session of
// docs/protocol.md on the pins: SET_BAUD to 4 clocks per bit at the boot
// rate, HELLO(1), RESET, CONFIG, two TUPLES packets, EOS, POLLs, STATUS, and
// writes every byte the board sends as "RX xx" (and each request as "TX
// <type>") to the log, so the RTL and the netlist logs can be compared.
// Board: the iCEBreaker top (12 MHz, led_g_n_o/led_r_n_o) by default;
// -DBOARD_ULX3S for the ULX3S top (25 MHz, led_o[7:0]); -DHWP_SIM_PLL
// -DTOP=hwp_board for a composed top (the bench drives its engine clock). The bench acts only
// on the falling clock edge (drives rx, samples tx), so it never races the
// design's rising-edge flip-flops and runs the same in Icarus and under
// the timing mode of Verilator (which simulates the ULX3S netlist).
`default_nettype none
`ifndef TOP
`define TOP hwp_board
`endif
module tb_gate;
    reg clk = 1'b0;
    always #5 clk = !clk;
    reg  rx = 1'b1;
    wire tx;
`ifdef HWP_SIM_PLL
    // a composed top (hwp_board) with the PLL's simulation model: the engine
    // clock, period 6 against the board clock's 10, its rising edges (even times)
    // never at the board clock's (odd multiples of 5): both simulators order them alike
    reg eclk = 1'b0;
    initial begin
        #2;
        forever #3 eclk = !eclk;
    end
`define SIM_ECLK .sim_eclk_i(eclk),
`else
`define SIM_ECLK
`endif
`ifdef BOARD_ULX3S
    wire [7:0] unused_leds;
    `TOP dut (`SIM_ECLK .clk_i(clk), .uart_rx_i(rx), .uart_tx_o(tx), .led_o(unused_leds));
    integer bt = 217;                  // clocks per bit (boot rate: 25 MHz / 115200 = 217.01)
`else
    wire [1:0] unused_leds;
    `TOP dut (`SIM_ECLK .clk_i(clk), .uart_rx_i(rx), .uart_tx_o(tx), .led_g_n_o(unused_leds[0]),
              .led_r_n_o(unused_leds[1]));
    integer bt = 104;                  // clocks per bit (boot rate: 12 MHz / 115200 = 104.17)
`endif
    integer logf;
    integer frames = 0, nbytes = 0;

    // receiver on the board's TX pin
    reg [7:0] rb;
    integer k;
    initial begin
        forever begin
            @(negedge tx);
            repeat (bt / 2) @(negedge clk);
            for (k = 0; k < 8; k = k + 1) begin
                repeat (bt) @(negedge clk);
                rb[k] = tx;
            end
            repeat (bt) @(negedge clk);
            $fdisplay(logf, "RX %02x%s", rb, tx ? "" : " framing");
            nbytes = nbytes + 1;
            if (rb == 8'hc0) frames = frames + 1;
        end
    end

    task send_byte(input [7:0] b);
        integer i;
        begin
            rx = 1'b0; repeat (bt) @(negedge clk);
            for (i = 0; i < 8; i = i + 1) begin rx = b[i]; repeat (bt) @(negedge clk); end
            rx = 1'b1; repeat (bt) @(negedge clk);
        end
    endtask
    reg [15:0] crc;
    task crc_byte(input [7:0] b);
        integer i;
        begin
            crc = crc ^ {b, 8'h00};
            for (i = 0; i < 8; i = i + 1) crc = crc[15] ? ({crc[14:0], 1'b0} ^ 16'h1021) : {crc[14:0], 1'b0};
        end
    endtask
    task stuffed(input [7:0] b);
        begin
            if (b == 8'hc0) begin send_byte(8'hdb); send_byte(8'hdc); end
            else if (b == 8'hdb) begin send_byte(8'hdb); send_byte(8'hdd); end
            else send_byte(b);
        end
    endtask
    reg [7:0] pl [0:255];
    // one packet: type, seq, payload pl[0..n-1]; then wait for one reply frame
    task packet(input [7:0] t, input [7:0] s, input integer n);
        integer i, f0;
        begin
            $fdisplay(logf, "TX %02x seq %0d len %0d", t, s, n);
            f0 = frames;
            crc = 16'hffff;
            send_byte(8'hc0);
            stuffed(t); crc_byte(t); stuffed(s); crc_byte(s);
            stuffed(n[7:0]); crc_byte(n[7:0]); stuffed({7'd0, n[8]}); crc_byte({7'd0, n[8]});
            for (i = 0; i < n; i = i + 1) begin stuffed(pl[i]); crc_byte(pl[i]); end
            stuffed(crc[7:0]); stuffed(crc[15:8]);
            send_byte(8'hc0);
            // a reply frame is END body END: two more ENDs
            i = 0;
            while (frames < f0 + 2 && i < 400000) begin @(negedge clk); i = i + 1; end
            if (i >= 400000) $fdisplay(logf, "TIMEOUT");
            repeat (bt * 20) @(negedge clk);
        end
    endtask

    integer j, np;
    reg [7:0] a, b, pa, pb;
    initial begin
        logf = $fopen(`LOGFILE, "w");
        repeat (200) @(negedge clk);
        // SET_BAUD: divisor 4.0 (0x400), token 0x5a
        pl[0] = 8'h00; pl[1] = 8'h04; pl[2] = 8'h00; pl[3] = 8'h00; pl[4] = 8'h5a;
        packet(8'h02, 8'd0, 5);
        bt = 4;
        repeat (100) @(negedge clk);
        pl[0] = 8'h01; packet(8'h01, 8'd0, 1);                  // HELLO(1): opens the session
        packet(8'h03, 8'd0, 0);                                 // RESET
        pl[0] = 8'd2; pl[1] = 8'd4; pl[2] = 8'd3; pl[3] = 8'h80; pl[4] = 8'h80; pl[5] = 8'h01;
        packet(8'h04, 8'd1, 6);                                 // CONFIG rate 4, rthr 16384
        // two TUPLES packets of 40 tuples from a small set (zigzag deltas)
        for (j = 0; j < 2; j = j + 1) begin
            np = 0; pa = 0; pb = 0;
            for (k = 0; k < 40; k = k + 1) begin
                a = 8'h10 + ((k * 7 + j) % 3); b = 8'h20 + ((k * 5) % 2);
                pl[np] = {a - pa, 1'b0} ^ {8{a < pa}}; np = np + 1;
                pl[np] = {b - pb, 1'b0} ^ {8{b < pb}}; np = np + 1;
                pa = a; pb = b;
            end
            packet(8'h05, 8'd2 + j[7:0], np);
        end
        packet(8'h06, 8'd4, 0);                                 // EOS
        repeat (2000) @(negedge clk);
        for (j = 0; j < 4; j = j + 1) begin pl[0] = j[7:0]; packet(8'h07, 8'd0, 1); end
        packet(8'h08, 8'd0, 0);                                 // STATUS
        $fdisplay(logf, "END bytes=%0d frames=%0d", nbytes, frames);
        $fclose(logf);
        $finish;
    end
endmodule
`default_nettype wire
