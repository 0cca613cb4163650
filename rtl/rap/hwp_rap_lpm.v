// SPDX-License-Identifier: Apache-2.0
//
// Longest-prefix resolution of the RAP engine (stage 2) as a tournament: the
// N match lines (already limited to the levels the search may take) and the
// entries' levels enter a balanced tree of pairwise compares, log2 N levels
// deep; each node passes on the longer of its two prefixes and its slot
// index. One search enters per clock; with RG > 0 a register follows every
// RG tree levels except the last ((IB - 1) / RG clocks of latency); with
// RO = 0 the last group of levels drives the RAM read address
// combinationally, as the RG = 0 tree does in the clock it is given the
// match lines; RO = 1 registers the root as well (one more clock), so that
// the result (and the RAM read address) starts at a flip-flop.
// A non-matching entry enters with level 0. The live entries matching one
// key are nested prefixes, at most one per level, and the root (level 0,
// slot 0) matches every key under every limit the engine uses, so the only
// ties are at level 0: the left (lower) slot wins them, which makes the root,
// the leftmost leaf, win when nothing longer matches.
`default_nettype none

module hwp_rap_lpm #(
    parameter integer N  = 64,  // entries
    parameter integer IB = 6,   // index width, 2^IB >= N
    parameter integer LB = 5,   // level width
    parameter integer RG = 0,   // tree levels per pipeline register (0: no registers)
    parameter integer RO = 0    // 1: the root (the result) is registered too
) (
    input  wire          clk_i,
    input  wire [N-1:0]  m_i,     // match lines of the search
    input  wire [N*LB-1:0] lvl_i, // levels of the entries
    output wire [LB-1:0] lvl_o,   // longest matching level, (IB - 1) / RG + RO clocks later
    output wire [IB-1:0] idx_o    // its slot
);
    localparam integer NP = 1 << IB;

    // the tree's nodes, level by level in one vector: level k (NP >> k
    // nodes) starts at node 2 NP - 2 (NP >> k); a node is a key (LB bits,
    // the level of its winner) and an index (IB bits, the winner's slot)
    localparam integer NT = 2 * NP - 1;
    wire [NT*LB-1:0] tk /* verilator split_var */;
    wire [NT*IB-1:0] ti /* verilator split_var */;
    genvar gk, gj;
    generate
        // leaves: a matching entry's level, else 0; the slot index
        for (gj = 0; gj < NP; gj = gj + 1) begin : g_leaf
            localparam [31:0] GJ = gj;
            if (gj < N) begin : g_in
                assign tk[gj*LB +: LB] = m_i[gj] ? lvl_i[gj*LB +: LB] : {LB{1'b0}};
            end else begin : g_pad
                assign tk[gj*LB +: LB] = {LB{1'b0}};
            end
            assign ti[gj*IB +: IB] = GJ[IB-1:0];
        end
        for (gk = 1; gk <= IB; gk = gk + 1) begin : g_lv
            // level gk: pairwise compare of level gk - 1's nodes 2j and 2j+1
            localparam integer NK = NP >> gk;
            localparam integer OP = 2 * NP - 2 * (NP >> (gk - 1));  // first node of level gk - 1
            localparam integer OK = 2 * NP - 2 * NK;                 // first node of level gk
            wire [NK*LB-1:0] key_d;
            wire [NK*IB-1:0] idx_d;
            for (gj = 0; gj < NK; gj = gj + 1) begin : g_p
                localparam integer JL = OP + 2 * gj;
                localparam integer JR = OP + 2 * gj + 1;
                wire [LB-1:0] kl = tk[JL*LB +: LB];
                wire [LB-1:0] kr = tk[JR*LB +: LB];
                wire          rw = kr > kl;  // right wins only if strictly longer
                assign key_d[gj*LB +: LB] = rw ? kr : kl;
                assign idx_d[gj*IB +: IB] = rw ? ti[JR*IB +: IB] : ti[JL*IB +: IB];
            end
            if ((RG != 0 && (gk % RG) == 0 && gk != IB) || (RO != 0 && gk == IB)) begin : g_reg
                reg [NK*LB-1:0] key_q;
                reg [NK*IB-1:0] idx_q;
                always @(posedge clk_i) begin
                    key_q <= key_d;
                    idx_q <= idx_d;
                end
                assign tk[OK*LB +: NK*LB] = key_q;
                assign ti[OK*IB +: NK*IB] = idx_q;
            end else begin : g_comb
                assign tk[OK*LB +: NK*LB] = key_d;
                assign ti[OK*IB +: NK*IB] = idx_d;
            end
        end
    endgenerate

    wire unused_clk = &{1'b0, clk_i};  // RG = 0, RO = 0: no registers
    assign lvl_o = tk[(NT-1)*LB +: LB];
    assign idx_o = ti[(NT-1)*IB +: IB];
endmodule

`default_nettype wire
