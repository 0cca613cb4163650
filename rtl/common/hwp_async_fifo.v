// SPDX-License-Identifier: Apache-2.0
//
// hwp_async_fifo: a first-word-fall-through FIFO between two unrelated
// clocks (the link's board clock and an engine's PLL clock). 2^AW words in a
// memory written at wclk_i and read at rclk_i (block RAM with independent
// clocks on iCE40 and ECP5), pointers of AW+1 bits that cross the domains
// gray-coded through two-flop synchronizers (rtl/common/hwp_sync2.v), so a
// pointer seen in the other domain is always one the pointer really held:
// at worst old, which only makes the FIFO look fuller to the writer and
// emptier to the reader than it is.
//
//   write side: w_valid_i / w_ready_o (ready = not full), w_data_i
//   read side:  r_valid_o / r_ready_i, r_data_o (registered head word)
//
// Each side has its own synchronous reset; both must be asserted together
// (for at least a few clocks of the slower side) and neither side used
// before both are released. Words in the FIFO: up to 2^AW in the memory plus
// the head word.
`default_nettype none

module hwp_async_fifo #(
    parameter integer DW = 32,
    parameter integer AW = 4
) (
    input  wire          wclk_i,
    input  wire          wrst_i,
    input  wire          w_valid_i,
    output wire          w_ready_o,
    input  wire [DW-1:0] w_data_i,

    input  wire          rclk_i,
    input  wire          rrst_i,
    output wire          r_valid_o,
    input  wire          r_ready_i,
    output wire [DW-1:0] r_data_o
);
    function [AW:0] bin2gray(input [AW:0] b);
        bin2gray = b ^ (b >> 1);
    endfunction

    reg [DW-1:0] mem [0:(1<<AW)-1];
    reg [AW:0]   wbin_q, wgray_q;        // write pointer (write domain)
    reg [AW:0]   rbin_q, rgray_q;        // read pointer (read domain)
`ifdef FORMAL
    wire [AW:0]  f_rgray1, f_wgray1;     // the synchronizers' first flops
    wire [AW:0]  f_ralt, f_walt;         // what a metastable first flop may resolve to
`endif

    // ---------------------------------------------------------------- write domain
    wire [AW:0] rgray_w;                 // read pointer, synchronized (gray)
    hwp_sync2 #(.W(AW+1)) u_sync_r2w (.clk_i(wclk_i), .d_i(rgray_q), .q_o(rgray_w)
`ifdef FORMAL
        , .f_alt_i(f_ralt), .f_s1_o(f_rgray1)
`endif
    );
    // full: the write pointer is one lap (2^AW) ahead of the read pointer;
    // in gray code that is the top two bits inverted and the rest equal
    wire full = (wgray_q == {~rgray_w[AW:AW-1], rgray_w[AW-2:0]});
    wire push = w_valid_i && !full;
    wire [AW:0] wbin_nx = wbin_q + {{AW{1'b0}}, push};

    always @(posedge wclk_i) begin
        if (push) mem[wbin_q[AW-1:0]] <= w_data_i;
    end
    always @(posedge wclk_i) begin
        if (wrst_i) begin
            wbin_q  <= {(AW+1){1'b0}};
            wgray_q <= {(AW+1){1'b0}};
        end else begin
            wbin_q  <= wbin_nx;
            wgray_q <= bin2gray(wbin_nx);
        end
    end
    assign w_ready_o = !full;

    // ---------------------------------------------------------------- read domain
    wire [AW:0] wgray_w;                 // write pointer, synchronized (gray)
    hwp_sync2 #(.W(AW+1)) u_sync_w2r (.clk_i(rclk_i), .d_i(wgray_q), .q_o(wgray_w)
`ifdef FORMAL
        , .f_alt_i(f_walt), .f_s1_o(f_wgray1)
`endif
    );
    wire empty = (rgray_q == wgray_w);
    reg          hv_q;                   // head word valid
    reg [DW-1:0] head_q;
    // the memory is read into the head when the head is free or leaving
    wire load = !empty && (!hv_q || r_ready_i);
    wire [AW:0] rbin_nx = rbin_q + {{AW{1'b0}}, load};

    always @(posedge rclk_i) begin
        if (load) head_q <= mem[rbin_q[AW-1:0]];
    end
    always @(posedge rclk_i) begin
        if (rrst_i) begin
            rbin_q  <= {(AW+1){1'b0}};
            rgray_q <= {(AW+1){1'b0}};
            hv_q    <= 1'b0;
        end else begin
            rbin_q  <= rbin_nx;
            rgray_q <= bin2gray(rbin_nx);
            if (load) hv_q <= 1'b1;
            else if (r_ready_i) hv_q <= 1'b0;
        end
    end
    assign r_valid_o = hv_q;
    assign r_data_o  = head_q;
`ifdef FORMAL
    // Properties (tests/formal/hwp_async_fifo.sby, both clocks free-running
    // at any ratio and phase): each gray pointer is the code of its binary
    // pointer; every pointer value in a synchronizer is one the source held,
    // not newer than the source and not older than the one after it, so
    // rbin <= read side's view of wbin <= wbin and the writer's view of rbin
    // <= rbin (in the pointer space); hence never more than 2^AW words in
    // the memory plus the head (no overflow), and the reader never loads a
    // word not yet written (no underflow). One arbitrary word (pointer value
    // f_pos) stays in its slot until it is loaded, is the head word while it
    // is the head, leaves the head only when taken, and so leaves in its
    // turn.
    function [AW:0] gray2bin(input [AW:0] g);
        integer i;
        begin
            gray2bin[AW] = g[AW];
            for (i = AW - 1; i >= 0; i = i - 1) gray2bin[i] = gray2bin[i+1] ^ g[i];
        end
    endfunction
    localparam [AW:0] LAP = {1'b1, {AW{1'b0}}};   // 2^AW

    // reset: both sides held in reset together (f_rst), released for good
    // once the synchronizers hold the reset pointers (the contract in the
    // header). f_wt counts write clocks in reset, after the first one only
    // those at which the read side was already reset (f_rt != 0); f_rt the
    // same the other way round. The first such clock may sample a pointer
    // caught mid-change (hwp_sync2's formal model), so f_wt >= 3: the write
    // side's first synchronizer flop holds gray(0); f_wt = 4: both do.
    (* anyseq *) reg f_rst;
    reg [2:0] f_wt = 3'd0, f_rt = 3'd0;
    always @(posedge wclk_i)
        if (wrst_i && f_wt != 3'd4 && (f_wt == 3'd0 || f_rt != 3'd0)) f_wt <= f_wt + 3'd1;
    always @(posedge rclk_i)
        if (rrst_i && f_rt != 3'd4 && (f_rt == 3'd0 || f_wt != 3'd0)) f_rt <= f_rt + 3'd1;
    reg f_rst_q = 1'b1;
    (* gclk *) reg f_gclk;
    always @(posedge f_gclk) f_rst_q <= f_rst;
    always @(*) begin
        assume(wrst_i == f_rst && rrst_i == f_rst);
        if (f_wt != 3'd4 || f_rt != 3'd4 || f_rst_q == 1'b0) assume(f_rst == f_rst_q);
    end
    wire f_run = !f_rst;
    always @(*) if (f_rst) begin
        assert(f_wt <= 3'd4 && f_rt <= 3'd4);
        if (f_wt != 3'd0) assert(wbin_q == {(AW+1){1'b0}} && wgray_q == {(AW+1){1'b0}});
        if (f_rt != 3'd0) assert(rbin_q == {(AW+1){1'b0}} && rgray_q == {(AW+1){1'b0}} && !hv_q);
        if (f_wt >= 3'd2) assert(f_rt != 3'd0);
        if (f_rt >= 3'd2) assert(f_wt != 3'd0);
        if (f_wt >= 3'd2) assert(f_rlast == {(AW+1){1'b0}} && f_rcur == {(AW+1){1'b0}});
        if (f_wt >= 3'd3) assert(f_rgray1 == {(AW+1){1'b0}});
        if (f_wt == 3'd4) assert(rgray_w == {(AW+1){1'b0}});
        if (f_rt >= 3'd2) assert(f_wlast == {(AW+1){1'b0}} && f_wcur == {(AW+1){1'b0}});
        if (f_rt >= 3'd3) assert(f_wgray1 == {(AW+1){1'b0}});
        if (f_rt == 3'd4) assert(wgray_w == {(AW+1){1'b0}});
    end else begin
        assert(f_wt == 3'd4 && f_rt == 3'd4);
    end

    wire [AW:0] f_w1 = gray2bin(f_wgray1), f_w2 = gray2bin(wgray_w);  // reader's views of wbin
    wire [AW:0] f_r1 = gray2bin(f_rgray1), f_r2 = gray2bin(rgray_w);  // writer's views of rbin
    wire [AW:0] f_used = wbin_q - rbin_q;   // words in the memory, not counting the head

    // Metastability (hwp_sync2's formal model): per crossing, the source's
    // value before its latest change (f_*pre, tracked on the global clock)
    // and at the destination's previous sample (f_*last); a bit that changed
    // in the latest change and since the previous sample may resolve to
    // f_*pre's value.
    reg [AW:0] f_rcur, f_rprev, f_wcur, f_wprev, f_rlast, f_wlast;
    always @(posedge f_gclk) begin
        if (rgray_q != f_rcur) begin f_rprev <= f_rcur; f_rcur <= rgray_q; end
        if (wgray_q != f_wcur) begin f_wprev <= f_wcur; f_wcur <= wgray_q; end
    end
    always @(posedge wclk_i) f_rlast <= rgray_q;
    always @(posedge rclk_i) f_wlast <= wgray_q;
    wire [AW:0] f_rpre = (rgray_q != f_rcur) ? f_rcur : f_rprev;
    wire [AW:0] f_wpre = (wgray_q != f_wcur) ? f_wcur : f_wprev;
    assign f_ralt = rgray_q ^ ((rgray_q ^ f_rpre) & (rgray_q ^ f_rlast));
    assign f_walt = wgray_q ^ ((wgray_q ^ f_wpre) & (wgray_q ^ f_wlast));
    // the tracking registers' invariants: f_*cur is the source now or just
    // before its latest step, f_*pre its predecessor; the last sample is a
    // value it held, at or before f_*pre when it has changed since
    wire [AW:0] f_rc = gray2bin(f_rcur), f_rp = gray2bin(f_rprev), f_rl = gray2bin(f_rlast);
    wire [AW:0] f_wc = gray2bin(f_wcur), f_wp = gray2bin(f_wprev), f_wl = gray2bin(f_wlast);
    always @(*) if (f_run) begin
        assert(f_rcur == rgray_q || f_rc + 1'b1 == rbin_q);
        assert(f_rcur != rgray_q || f_rl == rbin_q || f_rp + 1'b1 == rbin_q);
        assert(rbin_q - f_rl <= rbin_q - f_r2 && f_r1 - f_r2 <= f_rl - f_r2);
        assert(f_wcur == wgray_q || f_wc + 1'b1 == wbin_q);
        assert(f_wcur != wgray_q || f_wl == wbin_q || f_wp + 1'b1 == wbin_q);
        assert(wbin_q - f_wl <= wbin_q - rbin_q && f_wl - rbin_q >= f_w1 - rbin_q);
    end

    (* anyconst *) reg [AW:0] f_pos;
    reg [DW-1:0] f_word;
    always @(posedge wclk_i) if (push && wbin_q == f_pos) f_word <= w_data_i;
    wire f_inmem  = (f_pos - rbin_q) < f_used;
    wire f_inhead = hv_q && (rbin_q - 1'b1 == f_pos);
    reg  f_keep_q = 1'b0;    // the tracked word was the head and not taken
    always @(posedge rclk_i) f_keep_q <= !rrst_i && f_inhead && !r_ready_i;
    always @(*) if (f_rst && f_rt != 3'd0) assert(!f_keep_q);

    always @(*) if (f_run) begin
        assert(wgray_q == bin2gray(wbin_q) && rgray_q == bin2gray(rbin_q));
        assert(f_used <= LAP);
        // synchronizer contents: past source values, in order
        assert(wbin_q - f_r2 <= LAP);
        assert(rbin_q - f_r2 <= wbin_q - f_r2 && f_r1 - f_r2 <= rbin_q - f_r2);
        assert(f_w2 - rbin_q <= f_w1 - rbin_q && f_w1 - rbin_q <= f_used);
        assert(f_wgray1 == bin2gray(f_w1) && f_rgray1 == bin2gray(f_r1));
        // the tracked word
        if (f_inmem) assert(mem[f_pos[AW-1:0]] == f_word);
        if (f_inhead) assert(r_data_o == f_word);
        // the head word leaves only when taken
        if (f_keep_q) assert(f_inhead);
    end
    always @(*) begin
        cover(f_run && full);
        cover(f_run && f_inhead && f_used == LAP);   // the head and a full memory
    end
`endif
endmodule

`default_nettype wire
