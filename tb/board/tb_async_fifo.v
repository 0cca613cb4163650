// SPDX-License-Identifier: Apache-2.0
// Clock-domain-crossing check of rtl/common/hwp_async_fifo.v
// (tests/checks/async-fifo.sh): a writer at WPER_PS and a reader at
// RPER_PS, the read clock starting at a random phase, random gaps on both
// sides, N words (a numbered sequence with scrambled upper bits). Every word
// must come out once, in order, unchanged; the run must end within a time
// bound; and every pointer value a synchronizer delivers to the other domain
// must be one the source pointer really held (one of its last 8 values):
// with one read or write per clock a torn pointer is rarely acted on, so the
// data check alone would not see a FIFO that crosses binary pointers. Run
// with HWP_SIM_META so that the synchronizers resolve bits late at random
// (rtl/common/hwp_sync2.v). Prints "DONE words=N ..." or "ERROR ...".
`timescale 1ps / 1ps
`default_nettype none
module tb_async_fifo;
    parameter integer WPER_PS = 40000;
    parameter integer RPER_PS = 40000;
    parameter integer N       = 20000;
    parameter integer DW      = 32;
    parameter integer AW      = 3;

    reg wclk = 1'b0, rclk = 1'b0, wrst = 1'b1, rrst = 1'b1;
    reg w_valid = 1'b0, r_ready = 1'b0;
    reg [DW-1:0] w_data = 0;
    wire w_ready, r_valid;
    wire [DW-1:0] r_data;

    hwp_async_fifo #(.DW(DW), .AW(AW)) dut (
        .wclk_i(wclk), .wrst_i(wrst), .w_valid_i(w_valid), .w_ready_o(w_ready), .w_data_i(w_data),
        .rclk_i(rclk), .rrst_i(rrst), .r_valid_o(r_valid), .r_ready_i(r_ready), .r_data_o(r_data));

    integer seed, phase;
    initial begin
        if (!$value$plusargs("seed=%d", seed)) seed = 1;
        phase = ($random(seed) & 32'h7fffffff) % RPER_PS;
    end
    always #(WPER_PS / 2) wclk = !wclk;
    initial begin
        #(phase + 1);
        forever #(RPER_PS / 2) rclk = !rclk;
    end

    function [DW-1:0] word(input integer i);
        word = i ^ ((i * 32'h9E3779B1) & 32'hFFF0_0000);
    endfunction

    // writer
    integer sent = 0, wstall = 0;
    reg [31:0] rw;
    // both resets held for 10 clocks of the slower side, released together
    localparam integer MAXP = (WPER_PS > RPER_PS) ? WPER_PS : RPER_PS;
    initial begin
        #(10 * MAXP);
        @(posedge wclk);
        wrst <= 1'b0;
        while (sent < N) begin
            @(posedge wclk);
            if (w_valid && w_ready) sent = sent + 1;
            rw = $random(seed);
            w_valid <= (sent < N) && (rw[2:0] != 0);
            w_data  <= word(sent);
            if (w_valid && !w_ready) wstall = wstall + 1;
        end
        w_valid <= 1'b0;
    end

    // reader
    integer got = 0, errs = 0, rcyc = 0;
    reg [31:0] rr;
    initial begin
        #(10 * MAXP);
        @(posedge rclk);
        rrst <= 1'b0;
    end
    always @(posedge rclk) begin
        rcyc = rcyc + 1;
        if (!rrst && r_valid && r_ready) begin
            if (r_data !== word(got)) begin
                $display("ERROR word %0d: got %h, expected %h", got, r_data, word(got));
                errs = errs + 1;
                if (errs > 5) $finish;
            end
            got = got + 1;
        end
        if (!rrst && !r_valid && r_ready && got > N) begin
            $display("ERROR more words than were written");
            $finish;
        end
        rr = $random(seed);
        r_ready <= rr[1:0] != 0;
        if (got == N) begin
            #(RPER_PS * 20);
            if (r_valid) begin
                $display("ERROR a word after the last one: %h", r_data);
                errs = errs + 1;
            end
            if (errs == 0 && torn == 0)
                $display("DONE words=%0d write_period_ps=%0d read_period_ps=%0d phase_ps=%0d writer_stalls=%0d",
                         got, WPER_PS, RPER_PS, phase, wstall);
            $finish;
        end
    end

    // pointer values delivered across must be values the source held
    // (histories of the last H values, newest in the low bits)
    localparam integer H = 8;
    reg [H*(AW+1)-1:0] wh = 0, rh = 0;
    integer torn = 0;
    function held(input [AW:0] v, input [H*(AW+1)-1:0] hist);
        integer i;
        begin
            held = 1'b0;
            for (i = 0; i < H; i = i + 1) if (hist[i*(AW+1) +: AW+1] === v) held = 1'b1;
        end
    endfunction
    task torn_ptr(input [8*6-1:0] which, input [AW:0] v);
        begin
            $display("ERROR %0s pointer seen across as %b, a value it never held", which, v);
            torn = torn + 1;
            if (torn > 3) $finish;
        end
    endtask
    always @(dut.wgray_q) wh = {wh, dut.wgray_q};
    always @(dut.rgray_q) rh = {rh, dut.rgray_q};
    always @(negedge rclk) if (!rrst && !held(dut.wgray_w, wh)) torn_ptr("write", dut.wgray_w);
    always @(negedge wclk) if (!wrst && !held(dut.rgray_w, rh)) torn_ptr("read", dut.rgray_w);

    // time bound: every word needs at most a few clocks of the slower side
    time tmax;
    initial begin
        tmax = N + 100;
        tmax = tmax * 12 * MAXP;
        #(tmax);
        $display("ERROR timeout: %0d of %0d words written, %0d read", sent, N, got);
        $finish;
    end
endmodule
`default_nettype wire
