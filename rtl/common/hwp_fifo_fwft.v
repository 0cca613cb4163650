// SPDX-License-Identifier: Apache-2.0
// First-word-fall-through FIFO on a block RAM with a registered read port:
// the RAM is read every clock at the head the FIFO will have after the clock
// (rp + pop), so the head word is always in the read register; a write to
// that address in the same clock is forwarded (the RAM returns the old
// word). Used by the link's reply queue (hwp_link), RAP's eviction-tag FIFO
// (hwp_rap) and the co-processor's board adapter (hwp_adapt_coproc).
`default_nettype none
module hwp_fifo_fwft #(
    parameter integer W  = 8,   // word bits
    parameter integer AW = 4    // depth 2^AW
) (
    input  wire         clk_i,
    input  wire         rst_i,
    input  wire         in_valid_i,
    output wire         in_ready_o,
    input  wire [W-1:0] in_data_i,
    output wire         out_valid_o,
    input  wire         out_ready_i,
    output wire [W-1:0] out_data_o,
    output wire [AW:0]  count_o
);
    reg [W-1:0] mem [0:(1<<AW)-1];
    reg [AW:0]  wp_q, rp_q;
    reg [W-1:0] rd_q, byp_q;
    reg         byp_sel_q;
    wire [AW:0] cnt  = wp_q - rp_q;
    wire        full = cnt[AW];
    wire        push = in_valid_i && !full;
    wire        pop  = out_ready_i && cnt != {(AW + 1){1'b0}};
    wire [AW:0] rp_n = rp_q + {{AW{1'b0}}, pop};
    always @(posedge clk_i) begin
        if (push) mem[wp_q[AW-1:0]] <= in_data_i;
        rd_q <= mem[rp_n[AW-1:0]];
    end
    always @(posedge clk_i) begin
        if (rst_i) begin
            wp_q <= {(AW + 1){1'b0}};
            rp_q <= {(AW + 1){1'b0}};
            byp_sel_q <= 1'b0;
            byp_q <= {W{1'b0}};
        end else begin
            if (push) wp_q <= wp_q + {{AW{1'b0}}, 1'b1};
            rp_q <= rp_n;
            byp_sel_q <= push && wp_q[AW-1:0] == rp_n[AW-1:0];
            byp_q <= in_data_i;
        end
    end
    assign in_ready_o  = !full;
    assign out_valid_o = cnt != {(AW + 1){1'b0}};
    assign out_data_o  = byp_sel_q ? byp_q : rd_q;
    assign count_o     = cnt;
`ifdef FORMAL
    // Properties (tests/formal/hwp_fifo_fwft.sby): the count stays within the
    // depth, the head word is the oldest word pushed, a word offered stays
    // offered until popped, and one arbitrary word (anyconst position f_pos of
    // the pointer space) leaves the FIFO as it entered, in its turn.
    reg f_past = 1'b0;
    always @(posedge clk_i) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst_i);

    (* anyconst *) reg [AW:0] f_pos;
    reg         f_in = 1'b0;     // the word pushed at f_pos is in the FIFO
    reg [W-1:0] f_word;
    always @(posedge clk_i) begin
        if (rst_i) f_in <= 1'b0;
        else begin
            if (push && wp_q == f_pos) begin
                f_in <= 1'b1;
                f_word <= in_data_i;
            end
            if (pop && rp_q == f_pos) f_in <= 1'b0;
        end
    end
    wire [AW:0] f_off = f_pos - rp_q;   // place of the tracked word behind the head
    always @(*) if (f_past && !rst_i) begin
        assert(cnt <= (1 << AW));
        assert(f_in == (f_off < cnt));
        if (f_in) assert(mem[f_pos[AW-1:0]] == f_word);
        if (cnt != {(AW + 1){1'b0}}) assert(out_data_o == mem[rp_q[AW-1:0]]);
        if (f_in && f_off == {(AW + 1){1'b0}}) assert(out_valid_o && out_data_o == f_word);
    end
    always @(posedge clk_i) if (f_past && !$past(rst_i) && !rst_i) begin
        if ($past(out_valid_o && !out_ready_i)) assert(out_valid_o && out_data_o == $past(out_data_o));
        if ($past(in_valid_i && !in_ready_o)) assert(cnt == $past(cnt) - $past(pop));
    end
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && full);
        cover(f_past && !rst_i && f_in && f_off == {(AW + 1){1'b0}} && pop && full);
    end
`endif
endmodule
`default_nettype wire
