// SPDX-License-Identifier: Apache-2.0
//
// hwp_strat_fifo: the output message queue of engine strat (Sastry et al.
// section 3.5, Figure 5 "output queue"). A block-RAM array of 2^AW words
// (rtl/common/hwp_sdp_ram.v) plus
// a registered head word (dout_o, valid dv_o): a word written at one edge can
// be read into the head at the next, so the array is never read at the
// address being written. count_o is the number of words in the array (not
// counting the head, nor with OREG = 1 the word between array and head,
// pre_o); the writer must not push when count_o == 2^AW. afull_o is
// count_o == 2^AW - 1, from a register (for a writer that pushes a clock
// after it decides).
`default_nettype none

module hwp_strat_fifo #(
    parameter integer DW = 145, // word width
    parameter integer AW = 9,   // array address bits (depth 2^AW)
    parameter integer OREG = 0  // 1: the RAM's output register is the head (one more stage)
) (
    input  wire          clk_i,
    input  wire          rst_i,
    input  wire          push_i,
    input  wire [DW-1:0] push_data_i,
    input  wire          pop_i,      // consume the head (only when dv_o)
    output wire [AW:0]   count_o,
    output wire          afull_o,    // count_o == 2^AW - 1
    output wire          dv_o,
    output wire [DW-1:0] dout_o,
    output wire          pre_o       // OREG: a word is on its way to the head
);
    reg [AW-1:0] rd_q, wr_q;
    reg [AW:0]   cnt_q;
    reg          af_q;
    reg          dv_q;
    wire [DW-1:0] dout_w;
`ifdef FORMAL
    wire [DW-1:0]          f_rdw;   // the RAM's read register (OREG: the word pv holds)
    wire [DW*(1<<AW)-1:0]  f_mem;   // the array
`endif

    // OREG = 1: the read word first lands in the block RAM's read latch
    // (pv: it holds a word) and moves into the head (the RAM's output
    // register) when the head is free or leaving
    wire pv;
    wire h_load = (OREG != 0) ? (pv && (!dv_q || pop_i)) : 1'b0;
    wire rd = ((OREG != 0) ? (!pv || h_load) : (!dv_q || pop_i)) && (cnt_q != {(AW+1){1'b0}});

    // the word read is never the one being written (that needs a full FIFO)
    hwp_sdp_ram #(.DW(DW), .AW(AW), .OREG(OREG), .RW_OLD(0)) u_mem (
        .clk_i(clk_i), .we_i(push_i), .waddr_i(wr_q), .wdata_i(push_data_i),
        .re_i(rd), .raddr_i(rd_q), .oce_i(h_load), .rdata_o(dout_w)
`ifdef FORMAL
        , .f_rd_o(f_rdw), .f_mem_o(f_mem)
`endif
    );

    generate
        if (OREG != 0) begin : g_pv
            reg pv_q;
            always @(posedge clk_i) begin
                if (rst_i) pv_q <= 1'b0;
                else if (rd) pv_q <= 1'b1;
                else if (h_load) pv_q <= 1'b0;
            end
            assign pv = pv_q;
        end else begin : g_nopv
            assign pv = 1'b0;
        end
    endgenerate

    wire [AW:0] cnt_p1 = cnt_q + {{AW{1'b0}}, 1'b1};
    wire [AW:0] cnt_m1 = cnt_q - {{AW{1'b0}}, 1'b1};
    localparam [AW:0] LAST = (1 << AW) - 1;
    always @(posedge clk_i) begin
        if (rst_i) begin
            rd_q  <= {AW{1'b0}};
            wr_q  <= {AW{1'b0}};
            cnt_q <= {(AW+1){1'b0}};
            af_q  <= LAST == {(AW+1){1'b0}};
            dv_q  <= 1'b0;
        end else begin
            if (rd) rd_q <= rd_q + {{(AW-1){1'b0}}, 1'b1};
            if (push_i) wr_q <= wr_q + {{(AW-1){1'b0}}, 1'b1};
            // push_i is the last signal of the engine's update stage to
            // settle: it only selects between counts computed in advance
            if (push_i && !rd) begin
                cnt_q <= cnt_p1;
                af_q  <= cnt_p1 == LAST;
            end else if (rd && !push_i) begin
                cnt_q <= cnt_m1;
                af_q  <= cnt_m1 == LAST;
            end
            if ((OREG != 0) ? h_load : rd) dv_q <= 1'b1;
            else if (pop_i) dv_q <= 1'b0;
        end
    end

    assign count_o = cnt_q;
    assign afull_o = af_q;
    assign dv_o    = dv_q;
    assign dout_o  = dout_w;
    assign pre_o   = pv;
`ifdef FORMAL
    // Properties (tests/formal/hwp_strat_fifo.sby), for a writer that never
    // pushes into a full array and a reader that pops only a valid head:
    // the count stays within the array; the words inside (array, the word
    // on its way with OREG, the head) are as many as were pushed and not
    // popped; the arbitrary f_n-th word pushed sits where its turn says
    // (array slot, RAM read register, head) with its value, and is the
    // f_n-th popped; a head not popped stays.
    reg f_past = 1'b0;
    always @(posedge clk_i) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst_i);
    // The writer's and the reader's rules: assumed when the FIFO is proved
    // alone (tests/formal/hwp_strat_fifo.sby defines HWP_FORMAL_SFIFO_TOP),
    // asserted inside engine strat's proof, which must show strat keeps them.
`ifdef HWP_FORMAL_SFIFO_TOP
    always @(*) if (!rst_i) begin
        assume(!(push_i && cnt_q[AW]));
        assume(!pop_i || dv_q);
    end
`else
    always @(*) if (f_past && !rst_i) begin
        assert(!(push_i && cnt_q[AW]));
        assert(!pop_i || dv_q);
    end
`endif
    reg [7:0] f_nin = 8'd0, f_nout = 8'd0;
    (* anyconst *) reg [7:0] f_n;
    reg [DW-1:0] f_word;
    always @(posedge clk_i) begin
        if (rst_i) begin
            f_nin <= 8'd0;
            f_nout <= 8'd0;
        end else begin
            if (push_i) f_nin <= f_nin + 8'd1;
            if (pop_i) f_nout <= f_nout + 8'd1;
            if (push_i && f_nin == f_n) f_word <= push_data_i;
        end
    end
    wire [7:0] f_p   = f_n - f_nout;                        // the tracked word's turn
    wire [7:0] f_all = f_nin - f_nout;                      // words inside
    wire [7:0] f_ahead = {7'd0, dv_q} + {7'd0, pv};         // words outside the array
    wire [AW-1:0] f_slot = rd_q + f_p[AW-1:0] - f_ahead[AW-1:0];
    always @(*) if (f_past && !rst_i) begin
        assert(cnt_q <= (1 << AW));
        assert(af_q == (cnt_q == LAST));
        assert(f_all == {{(7-AW){1'b0}}, cnt_q} + f_ahead);
        assert(wr_q == rd_q + cnt_q[AW-1:0]);
        if (OREG == 0) assert(!pv);
        if (f_p < f_all) begin
            if (dv_q && f_p == 8'd0) assert(dout_o == f_word);
            else if (pv && f_p == {7'd0, dv_q}) assert(f_rdw == f_word);
            else assert(f_mem[DW*f_slot +: DW] == f_word);
        end
        if (pop_i && f_p == 8'd0 && f_all != 8'd0) assert(dout_o == f_word);
    end
    always @(posedge clk_i) if (f_past && !$past(rst_i) && !rst_i) begin
        if ($past(dv_q && !pop_i)) assert(dv_q && dout_o == $past(dout_o));
    end
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && cnt_q[AW] && dv_q && (OREG == 0 || pv));  // everything full
        cover(f_past && !rst_i && pop_i && f_p == 8'd0 && f_nout == 8'd6);
    end
`endif
endmodule

`default_nettype wire
