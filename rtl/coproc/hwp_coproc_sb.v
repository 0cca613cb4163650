// SPDX-License-Identifier: Apache-2.0
//
// hwp_coproc_sb: the co-processor's sample buffer (Zilles and Sohi,
// section 3.1): a FIFO of 2^AW samples with an asynchronous read of the
// head, so the control stage sees the oldest sample in the clock it decides
// to take it. A sample offered while the buffer is full is refused
// (taken_o low; the co-processor counts it as dropped), so the main
// processor never stalls. Nothing changes in a clock with ce_i low.
`default_nettype none

module hwp_coproc_sb #(
    parameter integer DW = 167,  // sample bits
    parameter integer AW = 4     // 2^AW samples
) (
    input  wire          clk_i,
    input  wire          rst_i,
    input  wire          ce_i,
    input  wire          offer_i,    // a sample to store
    input  wire [DW-1:0] data_i,
    output wire          taken_o,    // stored (offer_i and not full)
    input  wire          pop_i,      // take the head (only when count_o != 0)
    output wire [AW:0]   count_o,
    output wire [DW-1:0] head_o
);
    localparam integer N = 1 << AW;
    reg [DW-1:0] mem [0:N-1];
    reg [AW-1:0] rd_q, wr_q;
    reg [AW:0]   cnt_q;

    wire take = offer_i && !cnt_q[AW];

    always @(posedge clk_i) begin
        if (ce_i && take) mem[wr_q] <= data_i;
    end

    always @(posedge clk_i) begin
        if (rst_i) begin
            rd_q  <= {AW{1'b0}};
            wr_q  <= {AW{1'b0}};
            cnt_q <= {(AW+1){1'b0}};
        end else if (ce_i) begin
            if (take) wr_q <= wr_q + {{(AW-1){1'b0}}, 1'b1};
            if (pop_i) rd_q <= rd_q + {{(AW-1){1'b0}}, 1'b1};
            cnt_q <= cnt_q + {{AW{1'b0}}, take} - {{AW{1'b0}}, pop_i};
        end
    end

    assign taken_o = take;
    assign count_o = cnt_q;
    assign head_o  = mem[rd_q];
`ifdef FORMAL
    // Properties (tests/formal/hwp_coproc_sb.sby), for a reader that pops
    // only a nonempty buffer: the count stays within the buffer and is the
    // write pointer's lead; an offer is refused exactly when the buffer is
    // full; one sample chosen at will (f_pick as it is taken) sits in its
    // slot with its value while it is inside, f_ahead samples before the
    // head, and is the head when none are left ahead of it.
    reg f_past = 1'b0;
    always @(posedge clk_i) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst_i);
    always @(*) if (!rst_i) assume(!pop_i || cnt_q != {(AW+1){1'b0}});
    (* anyseq *) reg f_pick;
    reg          f_in = 1'b0;    // the chosen sample is inside
    reg [AW:0]   f_ahead;        // samples ahead of it
    reg [DW-1:0] f_word;
    reg [7:0]    f_pops = 8'd0;  // pops since it was chosen (for the cover)
    always @(posedge clk_i) begin
        if (rst_i) begin
            f_in <= 1'b0;
        end else if (ce_i) begin
            if (f_in && pop_i) begin
                if (f_ahead == {(AW+1){1'b0}}) f_in <= 1'b0;
                f_ahead <= f_ahead - {{AW{1'b0}}, 1'b1};
                f_pops  <= f_pops + 8'd1;
            end
            if (!f_in && f_pick && take) begin
                f_in    <= 1'b1;
                f_word  <= data_i;
                f_ahead <= cnt_q - {{AW{1'b0}}, pop_i};
                f_pops  <= 8'd0;
            end
        end
    end
    always @(*) if (f_past && !rst_i) begin
        assert(cnt_q <= N);
        assert(wr_q == rd_q + cnt_q[AW-1:0]);
        assert(taken_o == (offer_i && cnt_q != N));
        if (f_in) begin
            assert(f_ahead < cnt_q);
            assert(mem[rd_q + f_ahead[AW-1:0]] == f_word);
            if (f_ahead == {(AW+1){1'b0}}) assert(head_o == f_word);
        end
    end
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && ce_i && offer_i && !taken_o && pop_i);     // full, refused
        cover(f_past && !rst_i && ce_i && f_in && pop_i && f_ahead == {(AW+1){1'b0}} && f_pops == 8'd3);
    end
`endif
endmodule

`default_nettype wire
