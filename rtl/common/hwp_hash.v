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
// Pipeline, 1 tuple per clock, 2 cycles latency, valid/ready on both sides:
//   stage 1: byte lookups, one synchronous-read ROM per byte lane and field
//            (block RAM on iCE40 and ECP5; read enable = stage advance)
//   stage 2: flip, xor and fold into the output register
// A sideband tag (TAG_W bits) and the tuple itself travel with the result.
`default_nettype none

module hwp_hash #(
    parameter integer N_FUNC = 4,           // independent hash functions (1..16)
    parameter integer W      = 64,          // tuple field width, multiple of 8
    parameter integer BITS   = 9,           // index bits per function (1..24)
    parameter integer TAG_W  = 1,           // sideband tag width
    parameter [31:0]  SEED   = 32'h0000_0001 // random-table seed
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
    reg  s1_valid_q, s2_valid_q;
    wire adv2 = !s2_valid_q || out_ready_i;
    wire adv1 = !s1_valid_q || adv2;

    always @(posedge clk_i) begin
        if (rst_i) begin
            s1_valid_q <= 1'b0;
            s2_valid_q <= 1'b0;
        end else begin
            if (adv1) s1_valid_q <= in_valid_i;
            if (adv2) s2_valid_q <= s1_valid_q;
        end
    end

    // ---------------------------------------------------------------- stage 1
    wire [W*N_FUNC-1:0] ra_w, rb_w;  // lane-major: lane l, function f at [TW*l + 8*f +: 8]
    genvar l;
    generate
        for (l = 0; l < NB; l = l + 1) begin : g_lane
            reg [TW-1:0] rom_a [0:255];
            reg [TW-1:0] rom_b [0:255];
            reg [TW-1:0] rd_a_q, rd_b_q;
            integer i;
            initial begin
                for (i = 0; i < 256; i = i + 1) begin
                    rom_a[i] = TABLE[TW*i +: TW];
                    rom_b[i] = TABLE[TW*i +: TW];
                end
            end
            always @(posedge clk_i) begin
                if (adv1) begin
                    rd_a_q <= rom_a[in_a_i[8*l +: 8]];
                    rd_b_q <= rom_b[in_b_i[8*l +: 8]];
                end
            end
            assign ra_w[TW*l +: TW] = rd_a_q;
            assign rb_w[TW*l +: TW] = rd_b_q;
        end
    endgenerate

    reg [W-1:0]     s1_a_q, s1_b_q;
    reg [TAG_W-1:0] s1_tag_q;
    always @(posedge clk_i) begin
        if (adv1) begin
            s1_a_q   <= in_a_i;
            s1_b_q   <= in_b_i;
            s1_tag_q <= in_tag_i;
        end
    end

    // ---------------------------------------------------------------- stage 2
    reg [N_FUNC*BITS-1:0] idx_d;
    reg [W-1:0]           mix;
    integer fn, ln, s, k;
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
            // xorfold to BITS: bit k of chunk s lands on index bit k
            for (s = 0; s < W; s = s + BITS) begin
                for (k = 0; k < BITS; k = k + 1) begin
                    if (s + k < W) idx_d[BITS*fn + k] = idx_d[BITS*fn + k] ^ mix[s + k];
                end
            end
        end
    end

    reg [N_FUNC*BITS-1:0] s2_idx_q;
    reg [W-1:0]           s2_a_q, s2_b_q;
    reg [TAG_W-1:0]       s2_tag_q;
    always @(posedge clk_i) begin
        if (adv2) begin
            s2_idx_q <= idx_d;
            s2_a_q   <= s1_a_q;
            s2_b_q   <= s1_b_q;
            s2_tag_q <= s1_tag_q;
        end
    end

    assign in_ready_o  = adv1;
    assign out_valid_o = s2_valid_q;
    assign out_idx_o   = s2_idx_q;
    assign out_a_o     = s2_a_q;
    assign out_b_o     = s2_b_q;
    assign out_tag_o   = s2_tag_q;
endmodule

`default_nettype wire
