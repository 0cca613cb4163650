// SPDX-License-Identifier: Apache-2.0
//
// hwp_hash: the shared hash unit of the hashed counter tables (Narayanasamy
// et al., HPCA 2003, section 5 "hash function", after Sastry et al.). For a
// 2-tuple <a, b> it computes N_FUNC independent indices
//   idx_f = xorfold(flip(randomize_f(a)) ^ randomize_f(b), BITS)
// randomize_f looks every byte up in a 256-entry table of 8-bit random numbers
// (one table per function, generated from SEED by entry(), the same mixing
// function as hwp_hash_entry() in cmodel/common/hash.c); flip reverses the
// W/8 bytes; xorfold xors the BITS-wide chunks of the W-bit value.
//
// Pipeline, 1 tuple per clock, 2 + OREG cycles latency, valid/ready on both
// sides (a stage takes a tuple when it is empty or its tuple moves on):
//   read:  byte lookups, one synchronous-read ROM per byte lane and field
//          (block RAM on iCE40 and ECP5, rtl/common/hwp_sdp_ram.v)
//   OREG:  the block RAM's output register (OREG = 1; on the ECP5 it takes
//          the RAM's 5.8 ns clock-to-output off the fold's path)
//   fold:  flip, xor and fold into the output register
// A sideband tag (TAG_W bits) and the tuple itself travel with the result.
`default_nettype none

module hwp_hash #(
    parameter integer N_FUNC = 4,           // independent hash functions (1..16)
    parameter integer W      = 64,          // tuple field width, multiple of 8
    parameter integer BITS   = 9,           // index bits per function (1..24)
    parameter integer TAG_W  = 1,           // sideband tag width
    parameter [31:0]  SEED   = 32'h0000_0001, // random-table seed
    parameter integer OREG   = 0            // 1: registered ROM outputs (one more stage)
) (
    input  wire                   clk_i,
    input  wire                   rst_i,
    input  wire                   in_valid_i,
    output wire                   in_ready_o,
    input  wire [W-1:0]           in_a_i,
    input  wire [W-1:0]           in_b_i,
    input  wire [TAG_W-1:0]       in_tag_i,
    output wire                   out_valid_o,
    input  wire                   out_ready_i,
    output wire [N_FUNC*BITS-1:0] out_idx_o,
    output wire [W-1:0]           out_a_o,
    output wire [W-1:0]           out_b_o,
    output wire [TAG_W-1:0]       out_tag_o
);
    localparam integer NB = W / 8;          // byte lanes per field
    localparam integer TW = 8 * N_FUNC;     // ROM word: one byte per function

    // Random-table entry: identical to hwp_hash_entry() in the C model.
    function automatic [7:0] entry(input [31:0] seed, input [31:0] func, input [31:0] byte_i);
        reg [31:0] h;
        begin
            h = seed * 32'h9E37_79B1 + (func + 32'd1) * 32'h85EB_CA77 + byte_i * 32'hC2B2_AE3D;
            h = h ^ (h >> 16);
            h = h * 32'h85EB_CA6B;
            h = h ^ (h >> 13);
            h = h * 32'hC2B2_AE35;
            h = h ^ (h >> 16);
            entry = h[7:0];
        end
    endfunction

    // All byte-lane ROMs hold the same table: computed once as a constant so
    // that Yosys elaborates it in seconds (per-entry calls in the initial
    // blocks took it more than 10 minutes).
    function automatic [256*TW-1:0] table_init(input [31:0] seed);
        integer i, f;
        begin
            for (i = 0; i < 256; i = i + 1)
                for (f = 0; f < N_FUNC; f = f + 1)
                    table_init[TW*i + 8*f +: 8] = entry(seed, f, i);
        end
    endfunction
    localparam [256*TW-1:0] TABLE = table_init(SEED);

    // ---------------------------------------------------------------- control
    // Stage k (0-based) holds a tuple when v_q[k]; it takes the next one when
    // it is empty or its own tuple moves on (adv[k]); the last stage moves
    // on when the consumer takes it.
    localparam integer NS = 2 + OREG;       // stages: read, [output register], fold
    reg  [NS-1:0] v_q;
    reg  [NS:0]   adv;
    integer       ka;
    always @* begin
        adv[NS] = out_ready_i;
        for (ka = NS - 1; ka >= 0; ka = ka - 1) adv[ka] = !v_q[ka] || adv[ka+1];
    end
    genvar k;

    always @(posedge clk_i) begin
        if (rst_i) v_q <= {NS{1'b0}};
        else v_q <= (v_q & ~adv[NS-1:0]) | (adv[NS-1:0] & {v_q[NS-2:0], in_valid_i});
    end

    // ---------------------------------------------------------------- byte lookups
    // One ROM per byte lane and field, read at the stage-0 clock (enable
    // adv[0]); with OREG its output register is the second stage (adv[1]).
    wire [W*N_FUNC-1:0] ra_w, rb_w;  // lane-major: lane l, function f at [TW*l + 8*f +: 8]
`ifdef FORMAL
    wire [W*N_FUNC-1:0] f_ra0, f_rb0; // the ROM words of stage 0 (before OREG)
`endif
    genvar l;
    generate
        for (l = 0; l < NB; l = l + 1) begin : g_lane
            hwp_sdp_ram #(.DW(TW), .AW(8), .OREG(OREG), .INIT_EN(1), .INIT(TABLE)) u_rom_a (
                .clk_i(clk_i), .we_i(1'b0), .waddr_i(8'd0), .wdata_i({TW{1'b0}}),
                .re_i(adv[0]), .raddr_i(in_a_i[8*l +: 8]), .oce_i(adv[1]),
                .rdata_o(ra_w[TW*l +: TW])
`ifdef FORMAL
                , .f_rd_o(f_ra0[TW*l +: TW])
`endif
            );
            hwp_sdp_ram #(.DW(TW), .AW(8), .OREG(OREG), .INIT_EN(1), .INIT(TABLE)) u_rom_b (
                .clk_i(clk_i), .we_i(1'b0), .waddr_i(8'd0), .wdata_i({TW{1'b0}}),
                .re_i(adv[0]), .raddr_i(in_b_i[8*l +: 8]), .oce_i(adv[1]),
                .rdata_o(rb_w[TW*l +: TW])
`ifdef FORMAL
                , .f_rd_o(f_rb0[TW*l +: TW])
`endif
            );
        end
    endgenerate

    // ---------------------------------------------------------------- sideband
    // The tuple and its tag travel beside the lookups through stages
    // 0 .. NS-2 (g_sb[k] is stage k's copy).
    generate
        for (k = 0; k < NS - 1; k = k + 1) begin : g_sb
            reg [W-1:0]     a_q, b_q;
            reg [TAG_W-1:0] tag_q;
            if (k == 0) begin : g_first
                always @(posedge clk_i) begin
                    if (adv[0]) begin
                        a_q   <= in_a_i;
                        b_q   <= in_b_i;
                        tag_q <= in_tag_i;
                    end
                end
            end else begin : g_next
                always @(posedge clk_i) begin
                    if (adv[k]) begin
                        a_q   <= g_sb[k-1].a_q;
                        b_q   <= g_sb[k-1].b_q;
                        tag_q <= g_sb[k-1].tag_q;
                    end
                end
            end
        end
    endgenerate

    // ---------------------------------------------------------------- fold (last stage)
    reg [N_FUNC*BITS-1:0] idx_d;
    reg [W-1:0]           mix;
    integer fn, ln, s, kb;
    always @* begin
        idx_d = {N_FUNC*BITS{1'b0}};
        mix   = {W{1'b0}};
        for (fn = 0; fn < N_FUNC; fn = fn + 1) begin
            // flip(randomize(a)) ^ randomize(b): lane ln of a lands in lane NB-1-ln
            for (ln = 0; ln < NB; ln = ln + 1) begin
                mix[8*(NB-1-ln) +: 8] = ra_w[TW*ln + 8*fn +: 8];
            end
            for (ln = 0; ln < NB; ln = ln + 1) begin
                mix[8*ln +: 8] = mix[8*ln +: 8] ^ rb_w[TW*ln + 8*fn +: 8];
            end
            // xorfold to BITS: bit kb of chunk s lands on index bit kb
            for (s = 0; s < W; s = s + BITS) begin
                for (kb = 0; kb < BITS; kb = kb + 1) begin
                    if (s + kb < W) idx_d[BITS*fn + kb] = idx_d[BITS*fn + kb] ^ mix[s + kb];
                end
            end
        end
    end

    reg [N_FUNC*BITS-1:0] o_idx_q;
    reg [W-1:0]           o_a_q, o_b_q;
    reg [TAG_W-1:0]       o_tag_q;
    always @(posedge clk_i) begin
        if (adv[NS-1]) begin
            o_idx_q <= idx_d;
            o_a_q   <= g_sb[NS-2].a_q;
            o_b_q   <= g_sb[NS-2].b_q;
            o_tag_q <= g_sb[NS-2].tag_q;
        end
    end

    assign in_ready_o  = adv[0];
    assign out_valid_o = v_q[NS-1];
    assign out_idx_o   = o_idx_q;
    assign out_a_o     = o_a_q;
    assign out_b_o     = o_b_q;
    assign out_tag_o   = o_tag_q;
`ifdef FORMAL
    // Properties (tests/formal/hwp_hash.sby): whatever the stalls, every
    // index that comes out is the combinational definition (f_hash, written
    // from the header's formula, not from the pipeline) of the tuple that
    // comes out with it; tuples and tags leave in the order they entered,
    // none lost or repeated (the arbitrary f_n-th tuple accepted is the
    // f_n-th delivered); the pipeline holds as many tuples as it took and
    // did not deliver; a stalled output holds still.
    reg f_past = 1'b0;
    always @(posedge clk_i) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst_i);

    // stage k's tuple and tag (the output register is the last stage's)
    wire [W-1:0]     f_sa [0:NS-1];
    wire [W-1:0]     f_sb [0:NS-1];
    wire [TAG_W-1:0] f_st [0:NS-1];
    generate
        for (k = 0; k < NS - 1; k = k + 1) begin : g_fst
            assign f_sa[k] = g_sb[k].a_q;
            assign f_sb[k] = g_sb[k].b_q;
            assign f_st[k] = g_sb[k].tag_q;
        end
    endgenerate
    assign f_sa[NS-1] = o_a_q;
    assign f_sb[NS-1] = o_b_q;
    assign f_st[NS-1] = o_tag_q;
    // f_rom: the byte table as the ROMs hold it; f_wa[k] / f_wb[k]: the
    // table words of stage k's tuple, lane l at [TW*l +: TW] (read from a
    // memory of the same shape as the ROMs, so the solver compares like
    // with like)
    reg [TW-1:0] f_rom [0:255];
    integer fi;
    initial for (fi = 0; fi < 256; fi = fi + 1) f_rom[fi] = TABLE[TW*fi +: TW];
    wire [W*N_FUNC-1:0] f_wa [0:NS-1];
    wire [W*N_FUNC-1:0] f_wb [0:NS-1];
    genvar fk2, fl2;
    generate
        for (fk2 = 0; fk2 < NS; fk2 = fk2 + 1) begin : g_fw
            for (fl2 = 0; fl2 < NB; fl2 = fl2 + 1) begin : g_fl
                assign f_wa[fk2][TW*fl2 +: TW] = f_rom[f_sa[fk2][8*fl2 +: 8]];
                assign f_wb[fk2][TW*fl2 +: TW] = f_rom[f_sb[fk2][8*fl2 +: 8]];
            end
        end
    endgenerate
    // idx_f = xorfold(flip(randomize_f(a)) ^ randomize_f(b), BITS), from
    // the table words of a and b
    function [N_FUNC*BITS-1:0] f_hash(input [W*N_FUNC-1:0] wa, input [W*N_FUNC-1:0] wb);
        reg [W-1:0] m;
        integer f, i, j;
        begin
            f_hash = {N_FUNC*BITS{1'b0}};
            for (f = 0; f < N_FUNC; f = f + 1) begin
                for (i = 0; i < NB; i = i + 1)
                    m[8*i +: 8] = wa[TW*(NB-1-i) + 8*f +: 8] ^ wb[TW*i + 8*f +: 8];
                for (j = 0; j < W; j = j + 1)
                    f_hash[BITS*f + j % BITS] = f_hash[BITS*f + j % BITS] ^ m[j];
            end
        end
    endfunction

    wire        f_take = in_valid_i && in_ready_o;
    wire        f_give = out_valid_o && out_ready_i;
    reg  [7:0]  f_nin = 8'd0, f_nout = 8'd0;   // tuples accepted, delivered
    (* anyconst *) reg [7:0] f_n;
    reg [W-1:0]     f_a, f_b;
    reg [TAG_W-1:0] f_tag;
    always @(posedge clk_i) begin
        if (rst_i) begin
            f_nin  <= 8'd0;
            f_nout <= 8'd0;
        end else begin
            if (f_take) f_nin <= f_nin + 8'd1;
            if (f_give) f_nout <= f_nout + 8'd1;
        end
        if (!rst_i && f_take && f_nin == f_n) begin
            f_a   <= in_a_i;
            f_b   <= in_b_i;
            f_tag <= in_tag_i;
        end
    end
    reg [7:0] f_held;
    integer   fk;
    always @(*) begin
        f_held = 8'd0;
        for (fk = 0; fk < NS; fk = fk + 1) f_held = f_held + {7'd0, v_q[fk]};
    end
    reg [7:0] f_pos;
    integer   fs;
    always @(*) if (f_past && !rst_i) begin
        assert(f_nin - f_nout == f_held);
        // each stage's lookups belong to its own tuple
        if (v_q[0]) assert(f_ra0 == f_wa[0] && f_rb0 == f_wb[0]);
        if (v_q[NS-2]) assert(ra_w == f_wa[NS-2] && rb_w == f_wb[NS-2]);
        if (out_valid_o) assert(out_idx_o == f_hash(f_wa[NS-1], f_wb[NS-1]));
        // the tracked tuple, while inside, sits in the stage its number says
        // (the oldest tuple in the highest occupied stage)
        f_pos = f_nout;
        for (fs = NS - 1; fs >= 0; fs = fs - 1) begin
            if (v_q[fs]) begin
                if (f_pos == f_n) assert(f_sa[fs] == f_a && f_sb[fs] == f_b && f_st[fs] == f_tag);
                f_pos = f_pos + 8'd1;
            end
        end
        if (f_give && f_nout == f_n)
            assert(out_a_o == f_a && out_b_o == f_b && out_tag_o == f_tag);
    end
    always @(posedge clk_i) if (f_past && !$past(rst_i) && !rst_i) begin
        if ($past(out_valid_o && !out_ready_i))
            assert(out_valid_o && out_idx_o == $past(out_idx_o) && out_a_o == $past(out_a_o) &&
                   out_b_o == $past(out_b_o) && out_tag_o == $past(out_tag_o));
    end
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && &v_q && !out_ready_i);      // full and stalled
        cover(f_past && !rst_i && f_give && f_nout == 8'd3);  // a fourth tuple out
    end
`endif
endmodule

`default_nettype wire
