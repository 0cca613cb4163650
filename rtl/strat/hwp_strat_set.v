// SPDX-License-Identifier: Apache-2.0
//
// hwp_strat_set: what engine strat's stage B needs to know of one set of the
// counter table before it updates it, all ways in parallel and without the
// update itself: per way the fields, the tag match, the threshold tests
// (against r-1, evict-1, replace-1: the configuration's thresholds minus
// one), the increments hit+1 and hit+miss+1, and for the set the victim (the
// way with the fewest hits, the lowest on a tie). Combinational, all of it
// on t_o. With OREG, hwp_strat has two: one on the word B1 merged and one on
// the update of the event just ahead, each straight from its register, and
// picks between their results, so no multiplexer lies before the carry
// chains.
`default_nettype none

module hwp_strat_set #(
    parameter integer WAYS   = 2,
    parameter integer CNT_W  = 16,
    parameter integer MISS_W = 3,
    parameter integer TAG_W  = 2
) (
    input  wire [WAYS*(CNT_W+MISS_W+TAG_W+1)-1:0] set_i,   // way w: {v, tag, miss, hit}
    input  wire [TAG_W-1:0]          tag_i,      // the event's partial tag
    input  wire [CNT_W:0]            rate_m1_i,
    input  wire [CNT_W:0]            rate_n_i,   // ~(r-1), for rsat
    input  wire [CNT_W:0]            evict_m1_i,
    input  wire [MISS_W:0]           replace_m1_i,
    // {v, match, sat, evk, rep, rsat, full, vict, hit, miss, nrep, nhit} (below)
    output wire [8*WAYS+WAYS*CNT_W+WAYS*MISS_W+2*WAYS*(CNT_W+1)-1:0] t_o
);
    localparam integer EW = CNT_W + MISS_W + TAG_W + 1;
    reg  [WAYS-1:0] v;
    reg  [WAYS-1:0] match;
    reg  [WAYS-1:0] sat;  // hit >= r-1
    reg  [WAYS-1:0] evk;  // hit >= evict-1
    reg  [WAYS-1:0] rep;  // miss >= replace-1
    reg  [WAYS-1:0] rsat;  // hit + miss + 1 >= r
    reg  [WAYS-1:0] full;  // hit all ones
    reg  [WAYS*CNT_W-1:0] hit;
    reg  [WAYS*MISS_W-1:0] miss;
    reg  [WAYS*(CNT_W+1)-1:0] nrep;  // hit + miss + 1
    reg  [WAYS*(CNT_W+1)-1:0] nhit;  // hit + 1
    reg  [WAYS-1:0] vict;  // one-hot
    assign t_o = {v, match, sat, evk, rep, rsat, full, vict, hit, miss, nrep, nhit};
    // rsat = hit + miss + 1 >= r  <=>  hit + miss + ~(r-1) + 1 >= 2^(CNT_W+1):
    // the three operands in carry-save form (one LUT level), then one carry
    // chain whose top bit is the answer, instead of an adder then a comparator
    reg  [CNT_W:0]   cs_x, cs_y, cs_s, cs_c;
    reg  [CNT_W+1:0] cs_t;
    reg  [CNT_W-1:0] vmin;
    integer w;
    always @* begin
        for (w = 0; w < WAYS; w = w + 1) begin
            hit[w*CNT_W +: CNT_W]    = set_i[w*EW +: CNT_W];
            miss[w*MISS_W +: MISS_W] = set_i[w*EW + CNT_W +: MISS_W];
            v[w]     = set_i[w*EW + EW - 1];
            match[w] = v[w] && set_i[w*EW + CNT_W + MISS_W +: TAG_W] == tag_i;
            sat[w]   = {1'b0, hit[w*CNT_W +: CNT_W]} >= rate_m1_i;
            evk[w]   = {1'b0, hit[w*CNT_W +: CNT_W]} >= evict_m1_i;
            rep[w]   = {1'b0, miss[w*MISS_W +: MISS_W]} >= replace_m1_i;
            full[w]  = &hit[w*CNT_W +: CNT_W];
            nrep[w*(CNT_W+1) +: CNT_W+1] = {1'b0, hit[w*CNT_W +: CNT_W]} +
                {{(CNT_W-MISS_W){1'b0}}, miss[w*MISS_W +: MISS_W]} + 1'b1;
            nhit[w*(CNT_W+1) +: CNT_W+1] = {1'b0, hit[w*CNT_W +: CNT_W]} + 1'b1;
            cs_x = {1'b0, hit[w*CNT_W +: CNT_W]};
            cs_y = {{(CNT_W+1-MISS_W){1'b0}}, miss[w*MISS_W +: MISS_W]};
            cs_s = cs_x ^ cs_y ^ rate_n_i;
            cs_c = (cs_x & cs_y) | (cs_x & rate_n_i) | (cs_y & rate_n_i);
            cs_t = {1'b0, cs_s} + {cs_c, 1'b1};
            rsat[w]  = cs_t[CNT_W+1];
        end
        // victim: fewest hits, lowest way on a tie
        vict = {WAYS{1'b0}};
        vict[0] = 1'b1;
        vmin = hit[CNT_W-1:0];
        for (w = 1; w < WAYS; w = w + 1) begin
            if (hit[w*CNT_W +: CNT_W] < vmin) begin
                vmin = hit[w*CNT_W +: CNT_W];
                vict = {WAYS{1'b0}};
                vict[w] = 1'b1;
            end
        end
    end
endmodule

`default_nettype wire
