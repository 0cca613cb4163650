// SPDX-License-Identifier: Apache-2.0
//
// hwp_strat_fifo: the output message queue of engine strat (Sastry et al.
// section 3.5, Figure 5 "output queue"). A block-RAM array of 2^AW words
// (rtl/common/hwp_sdp_ram.v) plus
// a registered head word (dout_o, valid dv_o): a word written at one edge can
// be read into the head at the next, so the array is never read at the
// address being written. count_o is the number of words in the array (not
// counting the head, nor with OREG = 1 the word between array and head,
// pre_o); the writer must not push when count_o == 2^AW.
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
    output wire          dv_o,
    output wire [DW-1:0] dout_o,
    output wire          pre_o       // OREG: a word is on its way to the head
);
    reg [AW-1:0] rd_q, wr_q;
    reg [AW:0]   cnt_q;
    reg          dv_q;
    wire [DW-1:0] dout_w;

    // OREG = 1: the read word first lands in the block RAM's read latch
    // (pv: it holds a word) and moves into the head (the RAM's output
    // register) when the head is free or leaving
    wire pv;
    wire h_load = (OREG != 0) ? (pv && (!dv_q || pop_i)) : 1'b0;
    wire rd = ((OREG != 0) ? (!pv || h_load) : (!dv_q || pop_i)) && (cnt_q != {(AW+1){1'b0}});

    hwp_sdp_ram #(.DW(DW), .AW(AW), .OREG(OREG)) u_mem (
        .clk_i(clk_i), .we_i(push_i), .waddr_i(wr_q), .wdata_i(push_data_i),
        .re_i(rd), .raddr_i(rd_q), .oce_i(h_load), .rdata_o(dout_w)
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

    always @(posedge clk_i) begin
        if (rst_i) begin
            rd_q  <= {AW{1'b0}};
            wr_q  <= {AW{1'b0}};
            cnt_q <= {(AW+1){1'b0}};
            dv_q  <= 1'b0;
        end else begin
            if (rd) rd_q <= rd_q + {{(AW-1){1'b0}}, 1'b1};
            if (push_i) wr_q <= wr_q + {{(AW-1){1'b0}}, 1'b1};
            cnt_q <= cnt_q + {{AW{1'b0}}, push_i} - {{AW{1'b0}}, rd};
            if ((OREG != 0) ? h_load : rd) dv_q <= 1'b1;
            else if (pop_i) dv_q <= 1'b0;
        end
    end

    assign count_o = cnt_q;
    assign dv_o    = dv_q;
    assign dout_o  = dout_w;
    assign pre_o   = pv;
endmodule

`default_nettype wire
