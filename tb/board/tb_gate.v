// SPDX-License-Identifier: Apache-2.0
// Line-level bench of a board top (module TOP, pins clk_i, uart_rx_i,
// uart_tx_o), the same for the RTL and for the Yosys netlist (gate-level
// check, tests/checks/board-gatelevel.sh). It plays a short host session of
// docs/protocol.md on the pins: SET_BAUD to 4 clocks per bit at the boot
// rate, HELLO(1), RESET, CONFIG (not for coproc, which has no CONFIG
// register), two TUPLES packets of the engine's record kind, EOS, (coproc)
// HOSTOP entries that run it and end the session, POLLs until the END
// record is out (NPOLL at most), STATUS, and writes every byte the board sends as "RX xx" (and each
// request as "TX <type>", the engine and the number of records sent) to the
// log, so the RTL and the netlist logs can be compared
// (tb/board/gate_check.py checks each).
// Board: the iCEBreaker top (12 MHz, led_g_n_o/led_r_n_o) by default;
// -DBOARD_ULX3S for the ULX3S top (25 MHz, led_o[7:0]); -DHWP_SIM_PLL
// -DTOP=hwp_board for a composed top (the bench drives its engine clock);
// -DHWP_ENGINE_<E> -DGATE_ENG=\"<e>\" -DGATE_NF=<fields> the engine the top
// was built with (strat by default).
// The bench acts only on the falling clock edge (drives rx, samples tx), so
// it never races the design's rising-edge flip-flops and runs the same in
// Icarus and under the timing mode of Verilator (which simulates the ULX3S
// netlists).
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

    // receiver on the board's TX pin; body_n unstuffed bytes of the frame so
    // far, tail its last three; at each closing END last_n = the frame's
    // body length and last_pay its last payload byte (the one before the CRC)
    reg [7:0] rb;
    reg [23:0] tail = 24'd0;
    reg [7:0] last_pay = 8'd0;
    reg esc = 1'b0;
    integer body_n = 0, last_n = 0;
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
            if (rb == 8'hc0) begin
                frames = frames + 1;
                if (body_n != 0) begin last_n = body_n; last_pay = tail[23:16]; end
                body_n = 0; esc = 1'b0;
            end else if (rb == 8'hdb) esc = 1'b1;
            else begin
                tail = {tail[15:0], esc ? (rb == 8'hdc ? 8'hc0 : 8'hdb) : rb};
                body_n = body_n + 1; esc = 1'b0;
            end
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

    // records of the engine's kind (docs/protocol.md, "TUPLES"): each field a
    // varint of the zigzag delta against the previous record of the packet
    // (retire: insn and meta raw)
    integer np;
    task varint(input [63:0] v);
        reg [63:0] x;
        begin
            x = v;
            while (x > 64'd127) begin pl[np] = {1'b1, x[6:0]}; np = np + 1; x = x >> 7; end
            pl[np] = {1'b0, x[6:0]}; np = np + 1;
        end
    endtask
    function [63:0] zz(input [63:0] cur, input [63:0] prev);
        reg [63:0] d;
        begin
            d = cur - prev;
            zz = {d[62:0], 1'b0} ^ {64{d[63]}};
        end
    endfunction
    // the engine's name and record fields (1 tuple1, 2 tuple2, 5 retire), from
    // tests/checks/board-gatelevel.sh; NREC records per TUPLES packet
`ifndef GATE_ENG
`define GATE_ENG "strat"
`endif
`ifndef GATE_NF
`define GATE_NF 2
`endif
    localparam integer NF = `GATE_NF, NREC = NF == 5 ? 20 : 40;
    localparam integer NPOLL = 12;
    integer j, k2, seq;
    reg [63:0] a, b, pa, pb;
    initial begin
        logf = $fopen(`LOGFILE, "w");
        $fdisplay(logf, "ENGINE %s RECORDS %0d", `GATE_ENG, 2 * NREC);
        repeat (200) @(negedge clk);
        // SET_BAUD: divisor 4.0 (0x400), token 0x5a
        pl[0] = 8'h00; pl[1] = 8'h04; pl[2] = 8'h00; pl[3] = 8'h00; pl[4] = 8'h5a;
        packet(8'h02, 8'd0, 5);
        bt = 4;
        repeat (100) @(negedge clk);
        pl[0] = 8'h01; packet(8'h01, 8'd0, 1);                  // HELLO(1): opens the session
        packet(8'h03, 8'd0, 0);                                 // RESET
        seq = 1;
        // CONFIG: settings that make the engine report on a short stream
        // (those of tb/board/host_smoke.py)
        np = 0;
`ifdef HWP_ENGINE_RAP
        pl[0] = 8'd1; np = 1; varint(64'd3276);                 // eps 5 %
`elsif HWP_ENGINE_MHASH
        pl[0] = 8'd6; np = 1; varint(64'd40); pl[np] = 8'd7; np = np + 1; varint(64'd3);
`elsif HWP_ENGINE_PFP
        pl[0] = 8'd1; np = 1; varint(64'd1);                    // predictor on
`elsif HWP_ENGINE_COPROC
`else
        pl[0] = 8'd2; np = 1; varint(64'd4); pl[np] = 8'd3; np = np + 1; varint(64'd16384);  // rate 4, rthr 16384
`endif
        if (np != 0) begin packet(8'h04, seq[7:0], np); seq = seq + 1; end
        // two TUPLES packets of NREC records from a small set; retire:
        // sequential addi x1, x1, 1 (class 0, 4 bytes) from pc 0x1000
        for (j = 0; j < 2; j = j + 1) begin
            np = 0; pa = 0; pb = 0;
            for (k2 = 0; k2 < NREC; k2 = k2 + 1) begin
                if (NF == 5) begin
                    a = 64'h1000 + 4 * (j * NREC + k2);
                    varint(zz(a, pa)); varint(64'h00100093); varint(64'h40000); varint(64'd0); varint(64'd0);
                end else begin
                    a = 64'h10 + ((k2 * 7 + j) % 3); b = 64'h20 + ((k2 * 5) % 2);
                    varint(zz(a, pa));
                    if (NF == 2) varint(zz(b, pb));
                end
                pa = a; pb = b;
            end
            packet(8'h05, seq[7:0], np); seq = seq + 1;
        end
        packet(8'h06, seq[7:0], 0);                             // EOS
`ifdef HWP_ENGINE_COPROC
        // coproc in virtual time (docs/protocol.md): TEOS(100) and RUN(100),
        // then, once the run has stopped, FIN; entries {op u8, addr u16,
        // wdata u64} little-endian. No microcode is loaded: the run is 100
        // cycles that take the 40 records, and one STOP.
        for (j = 0; j < 22; j = j + 1) pl[j] = 8'd0;
        pl[0] = 8'h11; pl[3] = 8'd100; pl[11] = 8'h10; pl[14] = 8'd100;
        seq = seq + 1; packet(8'h09, seq[7:0], 22);
        repeat (2000) @(negedge clk);
        for (j = 0; j < 11; j = j + 1) pl[j] = 8'd0;
        pl[0] = 8'h13;
        seq = seq + 1; packet(8'h09, seq[7:0], 11);
`endif
        repeat (2000) @(negedge clk);
        // POLL until an OUT ends with the END record (tag 0xf0: no varint
        // ends in a byte with bit 7 set); an empty OUT (6-byte header and
        // CRC, chunk and flags) names the same chunk again
        j = 0; k2 = 0;
        while (k2 < NPOLL) begin
            pl[0] = j[7:0]; packet(8'h07, 8'd0, 1);
            k2 = k2 + 1;
            if (last_n > 8) begin
                j = j + 1;
                if (last_pay == 8'hf0) k2 = NPOLL;
            end else repeat (2000) @(negedge clk);
        end
        packet(8'h08, 8'd0, 0);                                 // STATUS
        $fdisplay(logf, "END bytes=%0d frames=%0d", nbytes, frames);
        $fclose(logf);
        $finish;
    end
endmodule
`default_nettype wire
