// SPDX-License-Identifier: Apache-2.0
//
// Register/LUT ternary CAM for the RAP engine (Mysore et al. 2008, section
// 3.3 stage 1 and section 4.2). Each of the N entries holds a W-bit prefix and
// a per-digit care mask (a thermometer of the prefix length in K-bit digits).
// A search compares the key with every entry in parallel; match_o (cycle
// t + 1) is the match line vector for the key presented in cycle t. Entry
// validity is kept by the engine, which masks match_o; a write replaces one
// entry in one cycle and is visible to a search presented the next cycle.
`default_nettype none

module hwp_rap_tcam_lut #(
    parameter integer W  = 32,  // key width
    parameter integer K  = 2,   // digit width (log2 of the branching factor)
    parameter integer H  = 16,  // digits per key (W / K)
    parameter integer LB = 5,   // prefix length field width (digits)
    parameter integer N  = 64,  // entries
    parameter integer IB = 6    // entry index width
) (
    input  wire          clk_i,
    input  wire [W-1:0]  key_i,      // search key (every cycle)
    output wire [N-1:0]  match_o,    // match lines for last cycle's key
    input  wire          wr_i,       // write one entry
    input  wire [IB-1:0] wr_idx_i,
    input  wire [W-1:0]  wr_key_i,   // prefix (bits below the length are zero)
    input  wire [LB-1:0] wr_lvl_i,   // prefix length in digits
    output wire          wr_busy_o,  // never busy: writes take one cycle
    output wire          wr_busy_nx_o
);
    reg [W-1:0] pre_q [0:N-1];
    reg [H-1:0] care_q[0:N-1];
    reg [N-1:0] match_q;

    // care mask: digit d (most significant first) is compared when d < lvl
    reg [H-1:0] wr_care;
    integer d;
    always @(*) begin
        for (d = 0; d < H; d = d + 1) wr_care[d] = (d < wr_lvl_i);
    end

    always @(posedge clk_i) begin
        if (wr_i) begin
            pre_q[wr_idx_i]  <= wr_key_i;
            care_q[wr_idx_i] <= wr_care;
        end
    end

    genvar gi, gd;
    generate
        for (gi = 0; gi < N; gi = gi + 1) begin : g_ent
            wire [H-1:0] dig_ok;
            for (gd = 0; gd < H; gd = gd + 1) begin : g_dig
                assign dig_ok[gd] = ~care_q[gi][gd] |
                    (key_i[W-1-gd*K -: K] == pre_q[gi][W-1-gd*K -: K]);
            end
            always @(posedge clk_i) match_q[gi] <= &dig_ok;
        end
    endgenerate

    assign match_o   = match_q;
    assign wr_busy_o = 1'b0;
    assign wr_busy_nx_o = 1'b0;
endmodule

`default_nettype wire
