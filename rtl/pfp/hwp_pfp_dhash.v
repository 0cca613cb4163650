// SPDX-License-Identifier: Apache-2.0
// hwp_pfp_dhash: dispatch_hash of the profile flag predictor front end
// (hwp_pfp) in hardware, for the board adapter (rtl/board/hwp_adapt_pfp.v).
// The hash is hwprof run's (cmodel/pfp/pfp.h pfp_dh_step): over every
// dispatched instruction in order, h = (h ^ (pc * 16 + kind)) * 0x100000001b3
// mod 2^64 from 0xcbf29ce484222325. The engine dispatches up to DEC_W per
// cycle (its disp_slot_* outputs, in order); they enter a FIFO of
// DQ = DEC_W * DQ_ROWS entries {pc, kind}, built as DEC_W banks with one
// write and one registered read port each (entry i in bank i mod DEC_W, so
// block or LUT RAM), and the hash unit takes one entry per clock (the
// multiply by 2^40 + 0x1b3 as shifted adds). The engine is never held.
// Bound: let pend = tl - hd be the records in the engine's window not yet
// decoded (pend + an accepted record <= 2^WIN_BITS = W) and S = fill + pend.
// A cycle dispatches at most the records it decodes and the engine accepts at
// most one record per cycle, so while the FIFO is non-empty (it pops one) S
// does not grow, and after a cycle that began with an empty FIFO S is at most
// the new pend <= W. So the fill never exceeds W, and DQ >= W + 1 (the
// default) cannot overflow, whatever the input timing.
// ovf_o is a sticky flag set if a cycle's dispatches did not fit all the same
// (the shell reports it to the host, which refuses the result;
// tests/checks/pfp-dhash.sh shows it set with a too small FIFO).
// DEC_W = 1: at most one entry a clock arrives and the hash takes one a
// clock, so no FIFO is built: the entry is registered and hashed the clock
// after, and ovf_o stays clear.
// drained_o: FIFO empty and the hash up to date.
`default_nettype none
module hwp_pfp_dhash #(
    parameter integer DEC_W    = 4,    // engine: decode width (1..8)
    parameter integer WIN_BITS = 5,    // engine: log2 of the record window (4..10)
    parameter integer PC_W     = 32,   // engine: address bits
    // FIFO rows per bank: DQ = DEC_W * DQ_ROWS entries, at least 2^WIN_BITS + 1 (see above)
    parameter integer DQ_ROWS  = ((1 << WIN_BITS) + DEC_W) / DEC_W
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire [3:0]            disp_n_i,
    input  wire [DEC_W*PC_W-1:0] disp_slot_pc_i,
    input  wire [DEC_W*4-1:0]    disp_slot_kind_i,
    output wire                  drained_o,
    output wire [63:0]           hash_o,
    output wire                  ovf_o
);
    function integer clog2;
        input integer v;
        begin
            clog2 = 1;
            while ((1 << clog2) < v) clog2 = clog2 + 1;
        end
    endfunction
    localparam integer DQ = DQ_ROWS * DEC_W;                     // FIFO entries
    localparam integer DW = PC_W + 4;                            // FIFO entry: {pc, kind}
    localparam integer CW = 13;                                  // FIFO counts (DQ <= 2^11)
    localparam integer RW = clog2(DQ_ROWS);                      // FIFO row bits
    reg  [CW-1:0]    cnt_q;                  // entries in the FIFO
    reg  [3:0]       wb_q, rb_q, rsel_q;     // write / read bank
    reg  [RW-1:0]    wr_q, rr_q;             // write / read row
    reg              hv_q, ovf_q;            // read data valid; sticky overflow
    reg  [63:0]      h_q;                    // the hash
    wire             pop = cnt_q != {CW{1'b0}};
    wire [CW-1:0]    dn  = {{(CW-4){1'b0}}, disp_n_i};
    wire [4:0]       wsum = {1'b0, wb_q} + {1'b0, disp_n_i};
    wire [DEC_W*DW-1:0] rd_all;              // each bank's read register
`ifdef FORMAL
    // the tracked entry (see the properties below): per bank, whether this
    // clock writes it and where; whether the bank holds it now
    (* anyconst *) reg [7:0] f_n;            // its number among the entries pushed
    reg  [7:0]          f_nin, f_nout;       // entries pushed, popped
    reg  [3:0]          f_bank;
    reg  [RW-1:0]       f_row;
    reg  [DW-1:0]       f_data;
    wire [7:0]          f_off_in = f_n - f_nin;
    wire [DEC_W-1:0]    f_hit, f_memok;
    wire [DEC_W*RW-1:0] f_hrow;
    wire [DEC_W*DW-1:0] f_hdat;
`endif
    genvar gb;
    generate
        for (gb = 0; gb < DEC_W; gb = gb + 1) begin : g_bank
            // slot s = (gb - wb) mod DEC_W lands in this bank, one row on if it wrapped
            localparam [3:0] B = gb;
            wire [3:0]    s    = B >= wb_q ? B - wb_q : B + DEC_W[3:0] - wb_q;
            wire          we   = s < disp_n_i;
            wire [RW-1:0] wrow = B >= wb_q ? wr_q : (wr_q == DQ_ROWS[RW-1:0] - 1'b1 ? {RW{1'b0}} : wr_q + 1'b1);
            reg  [DW-1:0] mem [0:DQ_ROWS-1];
            reg  [DW-1:0] wd, rq;
            integer ss;
            always @(*) begin
                wd = {DW{1'b0}};
                for (ss = 0; ss < DEC_W; ss = ss + 1)
                    if (s == ss[3:0]) wd = {disp_slot_pc_i[ss*PC_W +: PC_W], disp_slot_kind_i[ss*4 +: 4]};
            end
            always @(posedge clk_i) begin
                if (we) mem[wrow] <= wd;
                if (pop) rq <= mem[rr_q];
            end
            assign rd_all[gb*DW +: DW] = rq;
`ifdef FORMAL
            assign f_hit[gb]            = we && f_off_in == {4'd0, s};
            assign f_hrow[gb*RW +: RW]  = wrow;
            assign f_hdat[gb*DW +: DW]  = wd;
            assign f_memok[gb]          = f_bank != B || mem[f_row] == f_data;
`endif
        end
    endgenerate
    // DEC_W = 1: the entry dispatched last clock, in place of the FIFO
    reg           dv_q;
    reg  [DW-1:0] dd_q;
    always @(posedge clk_i) begin
        if (rst_i) dv_q <= 1'b0;
        else dv_q <= disp_n_i != 4'd0;
        dd_q <= {disp_slot_pc_i[PC_W-1:0], disp_slot_kind_i[3:0]};
    end
    localparam    DIRECT = DEC_W == 1;
    // the entry to hash this clock (valid x_v), as a 64-bit word pc * 16 + kind (mod 2^64)
    wire          x_v  = DIRECT ? dv_q : hv_q;
    wire [DW-1:0] rdat = DIRECT ? dd_q : rd_all[rsel_q*DW +: DW];
    wire [63:0]   hx;
    generate
        if (DW >= 64) begin : g_x64
            assign hx = h_q ^ rdat[63:0];
            if (DW > 64) begin : g_xu
                wire unused_hx = &{1'b0, rdat[DW-1:64]};
            end
        end else begin : g_x
            assign hx = h_q ^ {{(64-DW){1'b0}}, rdat};
        end
    endgenerate
    // hx * 0x100000001b3: 0x1b3 = 3 * (1 + 2^4 + 2^7), as a chain of
    // two-input adds: keep stops Yosys from merging them into one
    // multi-operand sum, which it builds on the iCE40 as a tree of LUT full
    // adders in front of one carry chain (about half again the LUTs)
    (* keep *) wire [63:0] hy = hx + {hx[62:0], 1'b0};
    (* keep *) wire [63:0] s1 = hy + {hy[59:0], 4'd0};
    (* keep *) wire [63:0] s2 = s1 + {hy[56:0], 7'd0};
    wire [63:0] hp = s2 + {hx[23:0], 40'd0};
    always @(posedge clk_i) begin
        if (rst_i) begin
            cnt_q <= {CW{1'b0}}; wb_q <= 4'd0; rb_q <= 4'd0; rsel_q <= 4'd0;
            wr_q <= {RW{1'b0}}; rr_q <= {RW{1'b0}}; hv_q <= 1'b0; ovf_q <= 1'b0;
            h_q <= 64'hcbf29ce484222325;
        end else begin
            cnt_q <= cnt_q + dn - {{(CW-1){1'b0}}, pop};
            if (cnt_q + dn > DQ[CW-1:0]) ovf_q <= 1'b1;
            if (wsum >= DEC_W[4:0]) begin
                wb_q <= wsum[3:0] - DEC_W[3:0];
                wr_q <= wr_q == DQ_ROWS[RW-1:0] - 1'b1 ? {RW{1'b0}} : wr_q + 1'b1;
            end else begin
                wb_q <= wsum[3:0];
            end
            hv_q <= pop;
            if (pop) begin
                rsel_q <= rb_q;
                if (rb_q == DEC_W[3:0] - 1'b1) begin
                    rb_q <= 4'd0;
                    rr_q <= rr_q == DQ_ROWS[RW-1:0] - 1'b1 ? {RW{1'b0}} : rr_q + 1'b1;
                end else begin
                    rb_q <= rb_q + 1'b1;
                end
            end
            if (x_v) h_q <= hp;
        end
    end
    assign drained_o = DIRECT ? !dv_q : cnt_q == {CW{1'b0}} && !hv_q;
    assign hash_o    = h_q;
    assign ovf_o     = !DIRECT && ovf_q;
`ifdef FORMAL
    // Properties (tests/formal/hwp_pfp_dhash.sby). Environment: at most
    // DEC_W dispatches a clock, never more than the FIFO has room for (the
    // bound in the header). Then: the count is the entries pushed minus
    // popped, never above DQ, and the overflow flag stays clear; the write
    // position is the read position plus the count (mod DQ, positions
    // row * DEC_W + bank); the arbitrary f_n-th entry pushed sits in its
    // bank and row, f_n - f_nout places behind the head, and is the word the
    // hash takes the clock after it is popped, so the hash takes every entry
    // once, in order. (The hash step itself is checked against the C model by
    // tests/checks/pfp-dhash.sh: a 64-bit multiplier equivalence is beyond
    // the solver.)
    reg f_past = 1'b0;
    always @(posedge clk_i) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst_i);
    always @(*) assume(disp_n_i <= DEC_W[3:0]);
    always @(*) if (!rst_i) assume(cnt_q + dn <= DQ[CW-1:0]);

    reg f_rd;                                // the tracked entry was popped last clock
    integer fb;
    always @(posedge clk_i) begin
        if (rst_i) begin
            f_nin <= 8'd0; f_nout <= 8'd0; f_rd <= 1'b0;
        end else begin
            f_nin  <= f_nin + {4'd0, disp_n_i};
            f_nout <= f_nout + {7'd0, pop};
            f_rd   <= pop && f_nout == f_n;
            for (fb = 0; fb < DEC_W; fb = fb + 1)
                if (f_hit[fb]) begin
                    f_bank <= fb[3:0];
                    f_row  <= f_hrow[fb*RW +: RW];
                    f_data <= f_hdat[fb*DW +: DW];
                end
        end
    end
    function [CW-1:0] f_pos(input [RW-1:0] r, input [3:0] b);
        f_pos = r * DEC_W + {{(CW-4){1'b0}}, b};
    endfunction
    function [CW-1:0] f_wrap(input [CW-1:0] p);
        f_wrap = p >= DQ[CW-1:0] ? p - DQ[CW-1:0] : p;
    endfunction
    wire [CW-1:0] f_pr     = f_pos(rr_q, rb_q);
    wire [7:0]    f_behind = f_n - f_nout;
    wire          f_inside = f_behind < f_nin - f_nout;
    always @(*) if (f_past && !rst_i) begin
        assert(cnt_q == {{(CW-8){1'b0}}, f_nin - f_nout});
        assert(cnt_q <= DQ[CW-1:0] && !ovf_q);
        assert(wb_q < DEC_W[3:0] && rb_q < DEC_W[3:0] && rsel_q < DEC_W[3:0]);
        assert(wr_q < DQ_ROWS && rr_q < DQ_ROWS);
        assert(f_pos(wr_q, wb_q) == f_wrap(f_pr + cnt_q));
        if (f_inside) begin
            assert(f_bank < DEC_W[3:0] && f_row < DQ_ROWS);
            assert(f_pos(f_row, f_bank) == f_wrap(f_pr + {{(CW-8){1'b0}}, f_behind}));
            assert(&f_memok);
        end
        if (f_rd) assert(hv_q && rdat == f_data);
    end
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && cnt_q + dn == DQ[CW-1:0]);            // every entry in use
        cover(f_past && !rst_i && f_rd && f_n == 8'd9);                 // a late entry hashed
        cover(f_past && !rst_i && pop && disp_n_i == DEC_W[3:0]);       // DEC_W in while popping
    end
`endif
endmodule
`default_nettype wire
