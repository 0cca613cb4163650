// SPDX-License-Identifier: Apache-2.0
//
// Block-RAM-sliced ternary CAM for the RAP engine (Mysore et al. 2008,
// section 3.3 stage 1): the W-bit key is cut into W / CHUNK slices; slice s
// is a RAM of 2^CHUNK words of N bits, where bit i of word a says "entry i
// accepts value a in this slice" (its prefix bits equal a wherever the prefix
// length covers them). A search reads one word per slice with the key's
// chunks (cycle t) and ANDs them: match_o in cycle t + 1, one search per
// clock. Writing entry i rewrites bit i of every word, all slices in
// parallel, as a read-modify-write sweep over the 2^CHUNK addresses: after
// wr_i the TCAM is busy for 2^CHUNK + 1 cycles, during which the search port
// is not available (the engine waits). Entry validity is kept by the engine.
// Options: BITWE = 1 writes the one bit of the entry with per-bit write
// enables instead of rewriting whole words (no read-modify-write logic; for
// block RAMs with bit masks such as the iCE40's); LIMIT = 1 adds a slice
// addressed by the search's level limit lim_i (presented with key_i):
// word a holds "the entry's level < a", so match_o only shows entries whose
// level is below the limit (needs 2^CHUNK > H + 1 words); KREG = 1 registers
// the slices' read addresses (the key's chunks, or the sweep's address) before
// the read, so that the wide fan-out of each address bit to the N bits of its
// slice starts at a flip-flop: match_o in cycle t + 2, still one search per
// clock.
`default_nettype none

module hwp_rap_tcam_ram #(
    parameter integer W     = 32,  // key width
    parameter integer K     = 2,   // digit width (log2 of the branching factor)
    parameter integer LB    = 5,   // prefix length field width (digits)
    parameter integer N     = 64,  // entries
    parameter integer IB    = 6,   // entry index width
    parameter integer CHUNK = 4,   // key bits per slice (RAM depth 2^CHUNK); divides W
    parameter integer BITWE = 0,   // 1: per-bit write enables instead of word read-modify-write
    parameter integer LIMIT = 0,   // 1: level-limit slice addressed by lim_i
    parameter integer KREG  = 0    // 1: registered read address (match_o a cycle later)
) (
    input  wire          clk_i,
    input  wire          rst_i,
    input  wire [W-1:0]  key_i,      // search key (every cycle while not busy)
    input  wire [LB:0]   lim_i,      // LIMIT: only entries with level < lim_i match
    output wire [N-1:0]  match_o,    // match lines for last cycle's key (KREG: the one before)
    input  wire          wr_i,       // write one entry (only while not busy)
    input  wire [IB-1:0] wr_idx_i,
    input  wire [W-1:0]  wr_key_i,   // prefix (bits below the length are zero)
    input  wire [LB-1:0] wr_lvl_i,   // prefix length in digits
    output wire          wr_busy_o,
    output wire          wr_busy_nx_o // wr_busy_o of the next clock
);
    localparam integer S = W / CHUNK;
    localparam integer D = 1 << CHUNK;

    reg          busy_q;
    reg [CHUNK:0] cnt_q;     // read address of the sweep; address cnt_q - 1 is written
    (* fsm_encoding = "none" *) reg [IB-1:0] idx_q;  // a slot index, not a state machine
    reg [W-1:0]  key_q;
    reg [W-1:0]  care_q;     // key bits the entry compares
    reg [LB-1:0] lvl_q;      // the entry's level (limit slice)

    wire [31:0]  care_sh = {{(32-LB){1'b0}}, wr_lvl_i} * K;
    wire [W-1:0] care_d  = ~({W{1'b1}} >> care_sh);

    always @(posedge clk_i) begin
        if (rst_i) begin
            busy_q <= 1'b0;
            cnt_q  <= {(CHUNK+1){1'b0}};
        end else if (!busy_q) begin
            if (wr_i) begin
                busy_q <= 1'b1;
                cnt_q  <= {(CHUNK+1){1'b0}};
            end
        end else begin
            cnt_q <= cnt_q + 1'b1;
            if (cnt_q == D[CHUNK:0]) busy_q <= 1'b0;
        end
    end
    always @(posedge clk_i) begin
        if (!busy_q && wr_i) begin
            idx_q  <= wr_idx_i;
            key_q  <= wr_key_i;
            care_q <= care_d;
            lvl_q  <= wr_lvl_i;
        end
    end

    // the read address of every slice: the sweep's (cnt_q) while busy, else
    // the search's; with KREG loaded a clock ahead from the next sweep
    // address or the key
    wire [CHUNK:0]   cnt_nx  = busy_q ? cnt_q + 1'b1 : {(CHUNK+1){1'b0}};
    wire             busy_nx = busy_q ? cnt_q != D[CHUNK:0] : wr_i;
    wire [CHUNK-1:0] wa = cnt_q[CHUNK-1:0] - 1'b1;
    wire             we = busy_q && (cnt_q != {(CHUNK+1){1'b0}});
    wire [N-1:0]     onehot = {{(N-1){1'b0}}, 1'b1} << idx_q;

    wire [N-1:0] slice_rd [0:S-1];
    genvar gs;
    generate
        for (gs = 0; gs < S; gs = gs + 1) begin : g_slice
            reg [N-1:0] mem [0:D-1];
            reg [N-1:0] rd_q;
            wire [CHUNK-1:0] kc = key_q[gs*CHUNK +: CHUNK];
            wire [CHUNK-1:0] cc = care_q[gs*CHUNK +: CHUNK];
            wire             hit = ((wa ^ kc) & cc) == {CHUNK{1'b0}};
            wire [CHUNK-1:0] ra;
            if (KREG != 0) begin : g_kr
                reg [CHUNK-1:0] ra_q;
                always @(posedge clk_i)
                    ra_q <= busy_nx ? cnt_nx[CHUNK-1:0] : key_i[gs*CHUNK +: CHUNK];
                assign ra = ra_q;
            end else begin : g_ka
                assign ra = busy_q ? cnt_q[CHUNK-1:0] : key_i[gs*CHUNK +: CHUNK];
            end
            wire unused_cnx = &{1'b0, cnt_nx};
            if (BITWE != 0) begin : g_bw
                integer b;
                always @(posedge clk_i) begin
                    for (b = 0; b < N; b = b + 1)
                        if (we && onehot[b]) mem[wa][b] <= hit;
                    rd_q <= mem[ra];
                end
            end else begin : g_rmw
                wire [N-1:0] wd = (rd_q & ~onehot) | (hit ? onehot : {N{1'b0}});
                always @(posedge clk_i) begin
                    if (we) mem[wa] <= wd;
                    rd_q <= mem[ra];
                end
            end
            assign slice_rd[gs] = rd_q;
        end
    endgenerate

    // level-limit slice: word a, bit i = (level of entry i < a)
    wire [N-1:0] lim_rd;
    generate
        if (LIMIT != 0) begin : g_lim
            reg [N-1:0] lmem [0:D-1];
            reg [N-1:0] lrd_q;
            wire [31:0]      lim32 = {{(31-LB){1'b0}}, lim_i};
            wire [CHUNK-1:0] lim_c = lim32[CHUNK-1:0];
            wire             hit = {{(32-LB){1'b0}}, lvl_q} < {{(32-CHUNK){1'b0}}, wa};
            wire             unused_lim = &{1'b0, lim32[31:CHUNK]};
            wire [CHUNK-1:0] ra;
            if (KREG != 0) begin : g_kr
                reg [CHUNK-1:0] ra_q;
                always @(posedge clk_i) ra_q <= busy_nx ? cnt_nx[CHUNK-1:0] : lim_c;
                assign ra = ra_q;
            end else begin : g_ka
                assign ra = busy_q ? cnt_q[CHUNK-1:0] : lim_c;
            end
            if (BITWE != 0) begin : g_bw
                integer b;
                always @(posedge clk_i) begin
                    for (b = 0; b < N; b = b + 1)
                        if (we && onehot[b]) lmem[wa][b] <= hit;
                    lrd_q <= lmem[ra];
                end
            end else begin : g_rmw
                wire [N-1:0] wd = (lrd_q & ~onehot) | (hit ? onehot : {N{1'b0}});
                always @(posedge clk_i) begin
                    if (we) lmem[wa] <= wd;
                    lrd_q <= lmem[ra];
                end
            end
            assign lim_rd = lrd_q;
        end else begin : g_nolim
            assign lim_rd = {N{1'b1}};
            wire unused_lim = &{1'b0, lim_i, lvl_q};
        end
    endgenerate

    reg [N-1:0] m;
    integer s;
    always @(*) begin
        m = lim_rd;
        for (s = 0; s < S; s = s + 1) m = m & slice_rd[s];
    end

    assign match_o   = m;
    assign wr_busy_o = busy_q;
    assign wr_busy_nx_o = busy_nx;
endmodule

`default_nettype wire
