// SPDX-License-Identifier: Apache-2.0
//
// hwp_mhash: the interval-based Multi-hash profiler of Narayanasamy et al.,
// "Catching Accurate Profiles in Hardware" (HPCA 2003), sections 5 and 6.
// Tuples <a, b> stream in at one per clock. A tuple present in the
// accumulator table bumps its exact count there (and, with shielding, skips
// the hash tables); otherwise it hashes into up to MAX_TABLES tables of
// counters that share N_COUNTERS counters (CW-bit, saturating), with plain or
// conservative update (section 6.1: only the minimum counters, ties all
// incremented). When the minimum counter reaches the candidate threshold the
// tuple is promoted into the accumulator (initial count = that minimum),
// optionally resetting its counters (R1). After cfg_interval_i tuples the
// candidates (count >= threshold) are streamed out followed by an
// end-of-interval record, then retaining (section 5.4.1) keeps the candidates
// as replaceable entries with zeroed counts and the hash tables are cleared by
// bumping an epoch (no clearing pass in the input's way; see docs/mhash.md).
//
// Physical layout: MAX_TABLES banks of N_COUNTERS/MAX_TABLES words, each word
// {epoch (EW bits), counter (CW bits)}; a word whose epoch differs from the
// current epoch reads as 0. With T tables in use, table t owns 2^lbpt
// consecutive banks (2^lbpt = largest power of 2 <= MAX_TABLES/T); its index
// is the low bits of the shared hash unit's log2(N_COUNTERS)-bit index of
// function t. A background scrubber rewrites stale words to {epoch, 0} in
// cycles with no tuple reading the banks, so an epoch value is never reused
// while a word still holds it. Accumulator: ACC_K registers searched in
// parallel (a true fully-associative table), or with ACC_WAYS > 0 the hashed
// accumulator (g_hacc): ACC_WAYS block-RAM ways of ACC_SETS slots indexed by
// hash functions the tables already compute, ACC_STASH register entries, at
// most ACC_K of them valid, cleared lazily by the epoch and dumped from a
// block-RAM copy of the interval's writes (docs/mhash.md).
//
// Pipeline, one tuple per clock, never stalling inside: the hash unit, then
// H (bank addressing, reads issued), F (read data, forward, epoch select), T
// (minimum tree per sharing class), I (correction for the tuple 2 ahead), W
// (correction for the tuple 1 ahead, +1, threshold, decision, bank writes,
// accumulator counts) and X (the inserted tuple's tag written into its
// entry). Every stage forwards what the tuples ahead of it wrote, so a
// tuple's update is the one-tuple-at-a-time update (docs/mhash.md).
`default_nettype none

module hwp_mhash #(
    parameter integer W          = 64,        // tuple field width (multiple of 8)
    parameter integer N_COUNTERS = 2048,      // total hash-table counters (power of 2)
    parameter integer CW         = 24,        // counter width (saturating)
    parameter integer EW         = 8,         // epoch tag width per counter
    parameter integer MAX_TABLES = 16,        // banks = most tables usable (power of 2, <= 16)
    parameter integer ACC_K      = 100,       // accumulator entries (hashed: the live-entry limit)
    parameter integer ACC_WAYS   = 0,         // hashed accumulator ways (0: ACC_K register entries)
    parameter integer ACC_SETS   = 64,        // hashed accumulator slots per way (power of 2, 2..bank depth)
    parameter integer ACC_STASH  = 0,         // hashed accumulator register (stash) entries
    parameter integer LW         = 32,        // interval counter width
    parameter [31:0]  SEED       = 32'h1      // hash seed
) (
    input  wire          clk_i,
    input  wire          rst_i,
    // run-time configuration (hold stable after reset)
    input  wire [4:0]    cfg_tables_i,        // tables in use, 1..MAX_TABLES
    input  wire          cfg_cons_i,          // C1: conservative update
    input  wire          cfg_reset_i,         // R1: reset counters on promotion
    input  wire          cfg_shield_i,        // shielding
    input  wire          cfg_retain_i,        // retaining
    input  wire [LW-1:0] cfg_interval_i,      // interval length in tuples, >= 1
    input  wire [CW-1:0] cfg_thr_i,           // candidate threshold count, >= 1
    // tuple input stream
    input  wire          in_valid_i,
    output wire          in_ready_o,
    input  wire [W-1:0]  in_a_i,
    input  wire [W-1:0]  in_b_i,
    // candidate output stream: candidates, then one end-of-interval record
    output wire          out_valid_o,
    input  wire          out_ready_i,
    output wire          out_eoi_o,           // 1: end of interval, count = candidates
    output wire [W-1:0]  out_a_o,
    output wire [W-1:0]  out_b_o,
    output wire [CW-1:0] out_count_o,
    // statistics
    output wire [31:0]   stat_refused_o,      // promotions refused: accumulator full
    output wire [31:0]   stat_promotions_o,   // tuples promoted into the accumulator
    output wire [31:0]   stat_conflict_o      // of the refused, those refused by the hashed accumulator's hashing
);
    function integer clog2;
        input integer v;
        integer r;
        begin
            r = 0;
            while ((1 << r) < v) r = r + 1;
            clog2 = r;
        end
    endfunction

    localparam integer IB = clog2(N_COUNTERS);       // hash index bits
    localparam integer D  = N_COUNTERS / MAX_TABLES; // words per bank
    localparam integer DB = clog2(D);                // bank address bits
    localparam integer MB = clog2(MAX_TABLES);       // bank-number bits
    localparam integer NB = MAX_TABLES;              // banks
    localparam integer WW = EW + CW;                 // bank word width
    localparam [CW-1:0] CMAX = {CW{1'b1}};
    localparam [EW-1:0] EMAX = {EW{1'b1}};
    // hashed accumulator
    localparam integer HACC = (ACC_WAYS > 0) ? 1 : 0;
    localparam integer NPOS = ACC_WAYS * ACC_SETS + ACC_STASH;   // positions
    localparam integer INIT_LEN = (HACC != 0 && NPOS > D) ? NPOS : D; // INIT pass clocks
    localparam integer IAB  = clog2(INIT_LEN);
    localparam integer RK   = (HACC != 0) ? 1 : ACC_K;           // register accumulator entries
    localparam integer HW   = 2 * W + CW;                        // hashed entry {a, b, count}

    localparam [2:0] ST_INIT  = 3'd0;  // clearing the banks after reset
    localparam [2:0] ST_RUN   = 3'd1;  // accepting tuples

    // ---------------------------------------------------------------- config
    // lbpt: log2 of banks per table = largest k with T << k <= MAX_TABLES
    reg [4:0] lbpt;
    integer li;
    always @* begin
        lbpt = 5'd0;
        for (li = 0; li <= MB; li = li + 1) begin
            if (({27'd0, cfg_tables_i} << li) <= MAX_TABLES) lbpt = li[4:0];
        end
    end
    // thr_mK_q = max(threshold - K, 0), registered (the configuration is
    // stable after reset): sat^K(x + K) >= threshold is x >= thr_mK_q, a
    // compare straight from registers instead of one behind K increments
    reg [CW-1:0] thr_q, thr_m1_q, thr_m2_q;
    reg          thr1_q;   // threshold 1 (thr_m1_q == 0): sat(0 + 1) >= threshold
    always @(posedge clk_i) begin
        thr_q    <= cfg_thr_i;
        thr1_q   <= cfg_thr_i == {{(CW-1){1'b0}}, 1'b1};
        thr_m1_q <= cfg_thr_i - 1'b1;
        thr_m2_q <= (cfg_thr_i > {{(CW-2){1'b0}}, 2'd2}) ? cfg_thr_i - {{(CW-2){1'b0}}, 2'd2} : {CW{1'b0}};
    end

    // ---------------------------------------------------------------- state
    reg [2:0]    st_q /* verilator public_flat_rd */;
    reg [IAB-1:0] init_addr_q;
    reg [LW-1:0] icnt_q /* verilator public_flat_rd */;
    reg [EW-1:0] ep_q /* verilator public_flat_rd */;
    reg [EW-1:0] floor_age_q /* verilator public_flat_rd */;
    reg [EW-1:0] pass_age_q /* verilator public_flat_rd */;
    reg [DB-1:0] sc_ptr_q /* verilator public_flat_rd */;
    reg          sr_v_q;
    reg [DB-1:0] sr_addr_q;
    reg [31:0]   refused_q;
    reg [31:0]   promo_q;
    reg [31:0]   conflict_q;
    reg [CW-1:0] ncand_q;     // candidates loaded into the output register this dump
    reg          dmp_q;       // dump in progress (end-of-interval record not yet loaded)
    reg          s1l_q;       // last tuple of an interval in hash stage 1

    // Tuple registers of the stages behind the hash unit: F (read data in),
    // T (minimum tree), I (correction by the tuple two ahead), W (decision
    // and write). The pipeline never stalls, so "the tuple d stages ahead"
    // of a stage is simply the content of the stage d further on.
    reg             f_v_q, t_v_q, i_v_q, w_v_q;
    reg             f_l_q, t_l_q, i_l_q, w_l_q;   // last tuple of an interval
    reg [W-1:0]     f_a_q, f_b_q, t_a_q, t_b_q, i_a_q, i_b_q, w_a_q, w_b_q;
    reg [NB-1:0]    f_en_q, t_en_q, i_en_q, w_en_q;
    reg [NB*DB-1:0] f_addr_q, t_addr_q, i_addr_q, w_addr_q;
    reg [NB*CW-1:0] t_leaf_q, i_leaf_q, w_leaf_q; // counter per bank, exact but for the tuples ahead
    reg [NB*CW-1:0] w_leaf1_q;                    // sat(w_leaf_q + 1), formed in I
    reg [NB-1:0]    t_sh1_q, t_sh2_q;             // bank word shared with the tuple 1 / 2 ahead
    reg [NB-1:0]    i_sh1_q, w_sh1_q;             // ... with the tuple 1 ahead, carried on
    reg [4*CW-1:0]  i_cm_q;                       // class minima, class {sh2, sh1}
    reg [3:0]       i_ne_q;                       // class not empty
    reg [CW-1:0]    w_u_q, w_s_q;                 // minimum over banks not shared / shared with the tuple ahead
    reg             w_se_q;                       // some bank shared with the tuple ahead

    // outcome of the tuple that was in W last cycle (what it did to the
    // words it shares with the tuples behind it)
    reg             o_wr_q;                       // it wrote its words in the current epoch
    reg             o_rs_q;                       // ... and wrote 0 (promoted with R1)
    reg             o_cons_q;                     // ... with conservative update
    reg [CW-1:0]    o_m_q, o_nm_q;                // its minimum, and sat(minimum + 1)

    // the last cycle's bank writes (every stage forwards from them)
    reg [NB-1:0]    fwd_en_q;
    reg [NB*DB-1:0] fwd_addr_q;
    reg [NB*WW-1:0] fwd_word_q;

    // accumulator entries (registers, one generate block per entry; a single
    // unused entry with the hashed accumulator) seen as
    // bit vectors (entry k at [k]) and word arrays (entry k at [k]). The
    // words are arrays, not packed ACC_K*W-bit vectors: Verilator rebuilt a
    // packed vector from its ACC_K slices by repeated concatenation on every
    // clock (quadratic in ACC_K, 3/4 of the simulation time at ACC_K = 100);
    // the logic is the same either way.
    wire [RK-1:0]       acc_v /* verilator public_flat_rd */;
    wire [RK-1:0]       acc_r /* verilator public_flat_rd */;
    wire [W-1:0]        acc_a [0:RK-1] /* verilator public_flat_rd */;
    wire [W-1:0]        acc_b [0:RK-1] /* verilator public_flat_rd */;
    wire [CW-1:0]       acc_c [0:RK-1] /* verilator public_flat_rd */;
    wire [RK-1:0]       acc_m;   // entry holds the tuple in W (one-hot or zero)
    wire [RK-1:0]       pend;    // shadow entry waiting to be streamed out
    wire [RK-1:0]       pend_nx; // ... after this cycle's load (bnd aside)
    wire [RK-1:0]       sx;      // shadow entry is the interval's last tuple, inserted at the end
    wire [W-1:0]        sh_a [0:RK-1];
    wire [W-1:0]        sh_b [0:RK-1];
    wire [CW-1:0]       sh_c [0:RK-1];

    // ---------------------------------------------------------------- helpers
    function [CW-1:0] sat_inc(input [CW-1:0] x);
        sat_inc = (x == CMAX) ? CMAX : x + 1'b1;
    endfunction
    function [CW-1:0] min2(input [CW-1:0] x, input [CW-1:0] y);
        min2 = (y < x) ? y : x;
    endfunction
    // logical counter of a bank word: 0 unless written in the current epoch
    function [CW-1:0] esel(input [WW-1:0] w, input [EW-1:0] e);
        esel = (w[CW +: EW] == e) ? w[CW-1:0] : {CW{1'b0}};
    endfunction
    // balanced minimum tree: level by level, node i = min(node 2i, node 2i+1)
    function [CW-1:0] tree_min(input [NB*CW-1:0] x);
        reg [NB*CW-1:0] y;
        integer n, i;
        begin
            y = x;
            for (n = NB / 2; n >= 1; n = n / 2)
                for (i = 0; i < n; i = i + 1)
                    y[CW*i +: CW] = min2(y[CW*(2*i) +: CW], y[CW*(2*i+1) +: CW]);
            tree_min = y[CW-1:0];
        end
    endfunction
    // a counter x of the tuple that was in W last cycle, after its update
    // (x >= its minimum; monotone in x, so it commutes with min)
    function [CW-1:0] gfn(input [CW-1:0] x, input wr, input rs, input cons,
                          input [CW-1:0] m, input [CW-1:0] nm);
        gfn = !wr ? x : rs ? {CW{1'b0}} : !cons ? sat_inc(x) : (x == m) ? nm : x;
    endfunction

    // ---------------------------------------------------------------- input + hash
    // The last tuple of an interval is held back while the previous
    // interval's candidates are still streaming out, while another last tuple
    // is in flight, or while the epoch cannot advance yet (scrub behind).
    wire last_in   = (icnt_q + 1'b1 == cfg_interval_i);
    wire l_flight  = s1l_q || (h_valid && h_last) || f_l_q || t_l_q || i_l_q || w_l_q;
    wire dump_busy = dmp_q;
    wire in_ok     = (st_q == ST_RUN) &&
                     !(last_in && (dump_busy || l_flight || floor_age_q == EMAX));
    wire fire = in_valid_i && in_ok;
    assign in_ready_o = in_ok;

    wire             h_valid;
    wire [NB*IB-1:0] h_idx;
    wire [W-1:0]     h_a, h_b;
    wire             unused_h_ready;
    wire             h_last;
    hwp_hash #(
        .N_FUNC(MAX_TABLES), .W(W), .BITS(IB), .TAG_W(1), .SEED(SEED)
    ) u_hash (
        .clk_i(clk_i), .rst_i(rst_i),
        .in_valid_i(fire), .in_ready_o(unused_h_ready),
        .in_a_i(in_a_i), .in_b_i(in_b_i), .in_tag_i(last_in),
        .out_valid_o(h_valid), .out_ready_i(1'b1),
        .out_idx_o(h_idx), .out_a_o(h_a), .out_b_o(h_b), .out_tag_o(h_last)
    );

    // ---------------------------------------------------------------- H: bank addressing, reads issued
    // Per bank, from the configuration (stable after reset) and registered:
    // its table (bt_q, one-hot over the hash functions), whether that table
    // is in use (bu_q) and which of the table's banks it is (the index bits
    // above the bank address, masked to lbpt bits: bm_q, bn_q). H then only
    // selects and compares: no shift or part select by a run-time amount.
    reg [NB*NB-1:0] bt_q;        // bank j's table t at [NB*j + t]
    reg [NB-1:0]    bu_q;
    reg [NB*5-1:0]  bm_q, bn_q;  // bank j's mask and number within its table
    wire [4:0]      bmask = (5'd1 << lbpt) - 5'd1;
    integer bk;
    always @(posedge clk_i) begin
        for (bk = 0; bk < NB; bk = bk + 1) begin
            bt_q[NB*bk +: NB] <= {{(NB-1){1'b0}}, 1'b1} << (bk >> lbpt);
            bu_q[bk] <= (bk[4:0] >> lbpt) < cfg_tables_i;
            bm_q[5*bk +: 5] <= bmask;
            bn_q[5*bk +: 5] <= bk[4:0] & bmask;
        end
    end
    reg [NB-1:0]    h_en;
    reg [NB*DB-1:0] h_addr;
    integer bj, bt;
    reg [IB-1:0] bidx;
    reg [31:0]   hi_top;   // the index bits above the bank address
    always @* begin
        h_en   = {NB{1'b0}};
        h_addr = {NB*DB{1'b0}};
        for (bj = 0; bj < NB; bj = bj + 1) begin
            bidx = {IB{1'b0}};
            for (bt = 0; bt < NB; bt = bt + 1)
                bidx = bidx | (h_idx[IB*bt +: IB] & {IB{bt_q[NB*bj + bt]}});
            h_addr[DB*bj +: DB] = bidx[DB-1:0];
            hi_top = {{(32-IB){1'b0}}, bidx} >> DB;
            if (h_valid && bu_q[bj] &&
                ((hi_top & {27'd0, bm_q[5*bj +: 5]}) == {27'd0, bn_q[5*bj +: 5]}))
                h_en[bj] = 1'b1;
        end
    end

    // ---------------------------------------------------------------- banks
    wire [NB*WW-1:0] rd_w;
    reg  [NB-1:0]    we;
    reg  [NB*DB-1:0] waddr;
    reg  [NB*WW-1:0] wdata;
    wire [DB-1:0]    raddr_scrub = sc_ptr_q;
`ifdef FORMAL
    wire [NB*D*WW-1:0] f_bmem;   // the banks' memories, bank j word i at [WW*(D*j + i) +: WW]
`endif
    genvar gb;
    generate
        for (gb = 0; gb < NB; gb = gb + 1) begin : g_bank
            // a word read in the clock it is written is forwarded (fw_f)
            hwp_sdp_ram #(.DW(WW), .AW(DB), .RW_OLD(0)) u_ram (
                .clk_i(clk_i),
                .we_i(we[gb]), .waddr_i(waddr[DB*gb +: DB]), .wdata_i(wdata[WW*gb +: WW]),
                .re_i(1'b1), .raddr_i(h_valid ? h_addr[DB*gb +: DB] : raddr_scrub),
                .oce_i(1'b1), .rdata_o(rd_w[WW*gb +: WW])
`ifdef FORMAL
                , .f_rd_o(), .f_mem_o(f_bmem[WW*D*gb +: WW*D])
`endif
            );
        end
    endgenerate

    // ---------------------------------------------------------------- forwarding from the last cycle's writes
    // fw_X[j]: bank j's word of the tuple in stage X was written last cycle
    // (by the tuple that was then in W); the stage takes that word instead
    // of the one it holds. Each tuple ahead writes while the tuple behind is
    // in exactly one of F, T, I, W, so the four together cover every
    // distance: F the tuple 4 ahead (its write raced the read), T 3, I 2, W 1.
    // W's is formed from registers: the bank words it shares with the tuple
    // 1 ahead (w_sh1_q) if that tuple wrote them in the current epoch
    // (o_wr_q); the scrubber's writes, the only others W can meet, rewrite
    // a stale word, which the tuple already holds as 0. T's and I's are
    // registered: the write's address compared with the address of the
    // tuple then in F (for T) or T (for I) while the write is issued, so
    // their leaf selects start from flip-flops. The forwarded word was
    // written in the epoch of last cycle, which is the current one unless
    // that cycle ended an interval (fwd_cur_q), so its counter needs no
    // epoch compare.
    reg [NB-1:0] fw_f, fw_t, fw_i, fw_w;
    reg [NB-1:0] fw_t_q, fw_i_q;
    reg          fwd_cur_q;
    reg [NB*CW-1:0] fwd_val;
    integer fj, fq;
    always @(posedge clk_i) begin
        for (fq = 0; fq < NB; fq = fq + 1) begin
            fw_t_q[fq] <= !rst_i && we[fq] && waddr[DB*fq +: DB] == f_addr_q[DB*fq +: DB];
            fw_i_q[fq] <= !rst_i && we[fq] && waddr[DB*fq +: DB] == t_addr_q[DB*fq +: DB];
        end
    end
    always @* begin
        for (fj = 0; fj < NB; fj = fj + 1) begin
            fwd_val[CW*fj +: CW] = fwd_word_q[WW*fj +: CW] & {CW{fwd_cur_q}};
            fw_f[fj] = fwd_en_q[fj] && fwd_addr_q[DB*fj +: DB] == f_addr_q[DB*fj +: DB];
            fw_t[fj] = fw_t_q[fj];
            fw_i[fj] = fw_i_q[fj];
            fw_w[fj] = w_sh1_q[fj] && o_wr_q;
        end
    end

    // ---------------------------------------------------------------- F: read data, forward and epoch select
    reg [NB*CW-1:0] f_leaf;
    reg [NB-1:0]    f_sh1, f_sh2;
    reg [NB-1:0]    scrub_need;
    reg [EW-1:0]    word_ep;
    integer sj;
    always @* begin
        for (sj = 0; sj < NB; sj = sj + 1) begin
            f_leaf[CW*sj +: CW] = fw_f[sj] ? fwd_val[CW*sj +: CW] : esel(rd_w[WW*sj +: WW], ep_q);
            // the same bank word as the tuple 1 (in T) / 2 (in I) ahead
            f_sh1[sj] = f_en_q[sj] && t_en_q[sj] && f_addr_q[DB*sj +: DB] == t_addr_q[DB*sj +: DB];
            f_sh2[sj] = f_en_q[sj] && i_en_q[sj] && f_addr_q[DB*sj +: DB] == i_addr_q[DB*sj +: DB];
            // the scrubber's word: stale (another epoch) -> rewrite it
            word_ep = (fwd_en_q[sj] && fwd_addr_q[DB*sj +: DB] == sr_addr_q) ?
                      fwd_word_q[WW*sj+CW +: EW] : rd_w[WW*sj+CW +: EW];
            scrub_need[sj] = sr_v_q && (word_ep != ep_q);
        end
    end

    // ---------------------------------------------------------------- T: minimum tree per sharing class
    // The banks fall into four classes by {shared with the tuple 2 ahead,
    // shared with the tuple 1 ahead}; neither has written yet, so each
    // class's minimum is taken here and corrected for them later (I, W).
    reg [NB*CW-1:0] t_leaf;
    reg [NB*CW-1:0] t_x;
    reg [4*CW-1:0]  t_cm;
    reg [3:0]       t_ne;
    integer tj, tc;
    always @* begin
        for (tj = 0; tj < NB; tj = tj + 1)
            t_leaf[CW*tj +: CW] = fw_t[tj] ? fwd_val[CW*tj +: CW] : t_leaf_q[CW*tj +: CW];
        for (tc = 0; tc < 4; tc = tc + 1) begin
            t_ne[tc] = 1'b0;
            for (tj = 0; tj < NB; tj = tj + 1) begin
                if (t_en_q[tj] && {t_sh2_q[tj], t_sh1_q[tj]} == tc[1:0]) begin
                    t_x[CW*tj +: CW] = t_leaf[CW*tj +: CW];
                    t_ne[tc] = 1'b1;
                end else begin
                    t_x[CW*tj +: CW] = CMAX;
                end
            end
            t_cm[CW*tc +: CW] = tree_min(t_x);
        end
    end

    // the class minima at an interval end: 0, an empty class stays empty (CMAX)
    reg [4*CW-1:0] t_cm0;
    integer zc;
    always @* begin
        for (zc = 0; zc < 4; zc = zc + 1)
            t_cm0[CW*zc +: CW] = t_ne[zc] ? {CW{1'b0}} : CMAX;
    end

    // ---------------------------------------------------------------- I: correction for the tuple 2 ahead (written last cycle)
    reg [NB*CW-1:0] i_leaf;
    reg [CW-1:0]    i_u, i_s;
    wire            unused_ne0 = i_ne_q[0];   // class 0's minimum needs no correction
    integer ij;
    always @* begin
        for (ij = 0; ij < NB; ij = ij + 1)
            i_leaf[CW*ij +: CW] = fw_i[ij] ? fwd_val[CW*ij +: CW] : i_leaf_q[CW*ij +: CW];
        i_u = min2(i_cm_q[0 +: CW], i_ne_q[2] ?
                   gfn(i_cm_q[2*CW +: CW], o_wr_q, o_rs_q, o_cons_q, o_m_q, o_nm_q) : CMAX);
        i_s = min2(i_cm_q[CW +: CW], i_ne_q[3] ?
                   gfn(i_cm_q[3*CW +: CW], o_wr_q, o_rs_q, o_cons_q, o_m_q, o_nm_q) : CMAX);
    end

    // ---------------------------------------------------------------- W: correction for the tuple 1 ahead, minimum, +1, threshold
    // mn = min(u, g(s)), g the update of the tuple ahead (gfn). Every value
    // g(s) can take, min(u, it), its +1 and that +1's threshold compare are
    // formed side by side from registers, then one select picks them, so no
    // carry chain waits for another.
    reg [NB*CW-1:0] w_leaf;      // the tuple's counters, exact
    reg [NB*CW-1:0] w_leaf1;     // ... each + 1 (saturating), from registers
    reg [CW-1:0]    mn, newmin;
    reg             nm_ge;       // newmin >= threshold
    wire [CW-1:0]   w_u1 = sat_inc(w_u_q), w_s1 = sat_inc(w_s_q), w_s2 = sat_inc(w_s1);
    wire [CW-1:0]   w_o1 = sat_inc(o_nm_q);
    wire            w_us  = w_u_q <= w_s_q;     // min(u, s) is u
    wire            w_us1 = w_us || w_u_q == w_s1; // min(u, sat(s+1)) is u
    wire            w_uo  = w_u_q <= o_nm_q;    // min(u, the tuple ahead's new minimum) is u
    wire            w_sm  = w_s_q == o_m_q;     // s is the tuple ahead's minimum
    wire            ge_u1 = w_u_q >= thr_m1_q, ge_s1 = w_s_q >= thr_m1_q, ge_s2 = w_s_q >= thr_m2_q;
    wire            ge_o1 = o_nm_q >= thr_m1_q, ge_1 = thr1_q;
    // which value the minimum is, one-hot (the same choice as mn below):
    // u, s, 0, sat(s+1) or the tuple ahead's new minimum
    wire            w_keep = !o_wr_q || (!o_rs_q && o_cons_q && !w_sm);  // g(s) = s
    wire            sl_u   = !w_se_q || (w_keep ? w_us : !o_rs_q && (o_cons_q ? w_uo : w_us1));
    wire            sl_s   = w_se_q && w_keep && !w_us;
    wire            sl_0   = w_se_q && !w_keep && o_rs_q;
    wire            sl_s1  = w_se_q && !w_keep && !o_rs_q && !o_cons_q && !w_us1;
    wire            sl_o   = w_se_q && !w_keep && !o_rs_q && o_cons_q && !w_uo;
    // w_tie[j]: bank j's counter equals the minimum, compared against every
    // value the minimum can take side by side and picked by the one-hot
    // choice, so no compare waits for the minimum's select
    reg [NB-1:0]    w_tie;
    reg [CW-1:0]    lf;
    integer wk;
    always @* begin
        for (wk = 0; wk < NB; wk = wk + 1) begin
            lf = fw_w[wk] ? fwd_word_q[WW*wk +: CW] : w_leaf_q[CW*wk +: CW];
            w_leaf[CW*wk +: CW] = lf;
            w_leaf1[CW*wk +: CW] = fw_w[wk] ? sat_inc(fwd_word_q[WW*wk +: CW]) : w_leaf1_q[CW*wk +: CW];
            w_tie[wk] = (sl_u && lf == w_u_q) || (sl_s && lf == w_s_q) || (sl_0 && lf == {CW{1'b0}}) ||
                        (sl_s1 && lf == w_s1) || (sl_o && lf == o_nm_q);
        end
        // the minimum, its +1 and that +1's threshold compare, as an AND-OR
        // over the one-hot choice
        mn     = (w_u_q & {CW{sl_u}}) | (w_s_q & {CW{sl_s}}) | (w_s1 & {CW{sl_s1}}) |
                 (o_nm_q & {CW{sl_o}});
        newmin = (w_u1 & {CW{sl_u}}) | (w_s1 & {CW{sl_s}}) | ({{(CW-1){1'b0}}, sl_0}) |
                 (w_s2 & {CW{sl_s1}}) | (w_o1 & {CW{sl_o}});
        // sat(min(u, g(s)) + 1) >= thr is u >= thr - 1 and g(s) >= thr - 1,
        // each g(s) compared from registers: the promotion decision waits
        // for no compare between u and s
        nm_ge  = ge_u1 && (!w_se_q || (w_keep ? ge_s1 : o_rs_q ? ge_1 : o_cons_q ? ge_o1 : ge_s2));
    end

    // ---------------------------------------------------------------- W: accumulator allocation
    // the lowest-index empty entry, else the lowest-index replaceable one,
    // as one-hot vectors (x & -x keeps the lowest set bit), so each entry
    // tests its own bit instead of decoding an encoded index
    wire [RK-1:0]    free_v   = ~acc_v;
    wire [RK-1:0]    rep_v    = acc_v & acc_r;
    wire [RK-1:0]    free_oh  = free_v & (~free_v + 1'b1);
    wire [RK-1:0]    rep_oh   = rep_v & (~rep_v + 1'b1);
    wire             free_found = |free_v;
    wire             rep_found  = |rep_v;
    wire [RK-1:0]    alloc_oh = free_found ? free_oh : rep_oh;

    // the hashed accumulator's verdict on the tuple in W and its dump (g_hacc)
    wire             hh_hit, hh_found, hh_conf, hh_ld, hh_ld_any;
    wire [W-1:0]     hh_oa, hh_ob;
    wire [CW-1:0]    hh_oc;

    // ---------------------------------------------------------------- W: decision and bank writes
    // Tags are unique, so at most one entry matches: the match vector is
    // one-hot and each entry updates itself (no index encode, no count mux).
    wire          hit     = (HACC != 0) ? hh_hit : |acc_m;
    wire          found   = (HACC != 0) ? hh_found : (free_found || rep_found);
    wire          upd     = w_v_q && (!hit || !cfg_shield_i);
    wire          promo   = w_v_q && !hit && nm_ge;
    wire          ins     = promo && found;
    wire          refuse  = promo && !found;

    // bank writes: init clear, pipeline update, or scrub
    integer wj;
    reg [CW-1:0] nv;
    always @* begin
        we    = {NB{1'b0}};
        waddr = {NB*DB{1'b0}};
        wdata = {NB*WW{1'b0}};
        for (wj = 0; wj < NB; wj = wj + 1) begin
            nv = w_leaf[CW*wj +: CW];
            if (ins && cfg_reset_i)
                nv = {CW{1'b0}};
            else if (!(cfg_cons_i && !w_tie[wj]))
                nv = w_leaf1[CW*wj +: CW];
            // the address and data from registers (INIT, a tuple in W, else
            // the scrubber: never two at once), only the enable decided here
            we[wj] = st_q == ST_INIT || (upd && w_en_q[wj]) || scrub_need[wj];
            waddr[DB*wj +: DB] = st_q == ST_INIT ? init_addr_q[DB-1:0] :
                                 w_v_q ? w_addr_q[DB*wj +: DB] : sr_addr_q;
            wdata[WW*wj +: WW] = {ep_q, (w_v_q && st_q != ST_INIT) ? nv : {CW{1'b0}}};
        end
    end

    // ---------------------------------------------------------------- dump: registered scan and output register
    // The candidates leave in entry order through an output register
    // (out_*_o straight from flip-flops). nx_oh_q is the next entry to load,
    // one-hot, chosen a clock ahead: the lowest pending entry other than
    // itself (nx_nx) is formed from registers while it waits, so a load
    // moves to it without a priority search in the loading clock. An
    // interval end clears nx_oh_q and holds the loads one clock (nx_ok_q)
    // while the first choice is formed from the fresh snapshot's flags.
    reg  [RK-1:0]    nx_oh_q;    // next entry to load (zero: the end record is next)
    reg              nx_any_q;   // some entry is still to load (nx_oh_q != 0)
    reg              nx_x_q;     // that entry is the interval's last tuple (shx_*_q)
    reg              nx_ok_q;    // nx_*_q formed from the current snapshot
    reg              ov_q, oe_q; // output record valid; it is the end record
    reg  [W-1:0]     oa_q, ob_q;
    reg  [CW-1:0]    oc_q;
    wire [RK-1:0]    p_rest = pend & ~nx_oh_q;
    wire [RK-1:0]    nx_nx  = p_rest & (~p_rest + 1'b1);   // lowest set bit
    // the output register loads (ld): a candidate (ld_any) or the end record
    wire             ld     = (HACC != 0) ? hh_ld : dmp_q && nx_ok_q && (!ov_q || out_ready_i);
    wire             ld_any = (HACC != 0) ? hh_ld_any : nx_any_q;
    wire             nx_adv = !nx_ok_q || ld;                // nx_*_q take nx_nx
    wire             out_fire = ov_q && out_ready_i;
    // the entry nx_oh_q names, as an AND-OR over the one-hot vector
    reg  [W-1:0]     sel_a, sel_b;
    reg  [CW-1:0]    sel_c;
    integer pk;
    always @* begin
        sel_a = {W{1'b0}};
        sel_b = {W{1'b0}};
        sel_c = {CW{1'b0}};
        for (pk = 0; pk < RK; pk = pk + 1) begin
            sel_a = sel_a | (sh_a[pk] & {W{nx_oh_q[pk]}});
            sel_b = sel_b | (sh_b[pk] & {W{nx_oh_q[pk]}});
            sel_c = sel_c | (sh_c[pk] & {CW{nx_oh_q[pk]}});
        end
    end
    always @(posedge clk_i) begin
        if (rst_i) begin
            nx_oh_q  <= {RK{1'b0}};
            nx_any_q <= 1'b0;
            nx_x_q   <= 1'b0;
            nx_ok_q  <= 1'b0;
            ov_q     <= 1'b0;
            oe_q     <= 1'b0;
            oa_q     <= {W{1'b0}};
            ob_q     <= {W{1'b0}};
            oc_q     <= {CW{1'b0}};
        end else begin
            nx_ok_q <= !bnd;
            if (bnd) begin
                nx_oh_q  <= {RK{1'b0}};
                nx_any_q <= 1'b0;
                nx_x_q   <= 1'b0;
            end else if (nx_adv) begin
                nx_oh_q  <= nx_nx;
                nx_any_q <= |p_rest;
                nx_x_q   <= |(nx_nx & sx);
            end
            if (ld) begin
                ov_q <= 1'b1;
                oe_q <= !ld_any;
                oa_q <= (HACC != 0) ? hh_oa : nx_x_q ? shx_a_q : sel_a;
                ob_q <= (HACC != 0) ? hh_ob : nx_x_q ? shx_b_q : sel_b;
                oc_q <= !ld_any ? ncand_q : (HACC != 0) ? hh_oc : sel_c;
            end else if (out_fire) begin
                ov_q <= 1'b0;
            end
        end
    end

    wire bnd       = w_v_q && w_l_q;             // interval ends with this W tuple
    wire end_ok    = bnd;
    wire pass_done = sr_v_q && (sr_addr_q == D[DB-1:0] - 1'b1);
    // a scrub read only where its write (next cycle) meets no tuple in W
    // and, with the hashed accumulator, where the ways' read port was free
    // for the scrubber last clock (no tuple in F then, none in T now)
    wire sr_issue  = !h_valid && !i_v_q && !(HACC != 0 && t_v_q) && (st_q != ST_INIT);

    assign out_valid_o = ov_q;
    assign out_eoi_o   = oe_q;
    assign out_a_o     = oa_q;
    assign out_b_o     = ob_q;
    assign out_count_o = oc_q;
    assign stat_refused_o = refused_q;
    assign stat_promotions_o = promo_q;
    assign stat_conflict_o = conflict_q;

    // ---------------------------------------------------------------- control registers
    always @(posedge clk_i) begin
        if (rst_i) begin
            st_q        <= ST_INIT;
            init_addr_q <= {IAB{1'b0}};
            icnt_q      <= {LW{1'b0}};
            f_v_q       <= 1'b0;
            t_v_q       <= 1'b0;
            i_v_q       <= 1'b0;
            w_v_q       <= 1'b0;
            f_l_q       <= 1'b0;
            t_l_q       <= 1'b0;
            i_l_q       <= 1'b0;
            w_l_q       <= 1'b0;
            f_en_q      <= {NB{1'b0}};
            t_en_q      <= {NB{1'b0}};
            i_en_q      <= {NB{1'b0}};
            w_en_q      <= {NB{1'b0}};
            o_wr_q      <= 1'b0;
            ep_q        <= {EW{1'b0}};
            floor_age_q <= {EW{1'b0}};
            pass_age_q  <= {EW{1'b0}};
            sc_ptr_q    <= {DB{1'b0}};
            sr_v_q      <= 1'b0;
            refused_q   <= 32'd0;
            promo_q     <= 32'd0;
            conflict_q  <= 32'd0;
            ncand_q     <= {CW{1'b0}};
            dmp_q       <= 1'b0;
            s1l_q       <= 1'b0;
            fwd_en_q    <= {NB{1'b0}};
        end else begin
            f_v_q    <= h_valid;
            t_v_q    <= f_v_q;
            i_v_q    <= t_v_q;
            w_v_q    <= i_v_q;
            f_l_q    <= h_valid && h_last;
            t_l_q    <= f_l_q;
            i_l_q    <= t_l_q;
            w_l_q    <= i_l_q;
            f_en_q   <= h_en;
            t_en_q   <= f_en_q;
            i_en_q   <= t_en_q;
            w_en_q   <= i_en_q;
            // a write of the interval's last tuple is in the old epoch: no
            // effect on the tuples behind it
            o_wr_q   <= upd && !bnd;
            fwd_en_q <= we;
            if (refuse) refused_q <= refused_q + 32'd1;
            if (ins) promo_q <= promo_q + 32'd1;
            if (hh_conf) conflict_q <= conflict_q + 32'd1;
            sr_v_q <= sr_issue;
            if (sr_issue) sc_ptr_q <= sc_ptr_q + 1'b1;
            // epoch age bookkeeping (conservative bound on current - oldest epoch)
            if (pass_done) begin
                floor_age_q <= pass_age_q + {{(EW-1){1'b0}}, end_ok};
                pass_age_q  <= {EW{1'b0}};
            end else if (end_ok) begin
                floor_age_q <= floor_age_q + 1'b1;
                pass_age_q  <= pass_age_q + 1'b1;
            end
            if (fire) icnt_q <= last_in ? {LW{1'b0}} : icnt_q + 1'b1;
            s1l_q <= fire && last_in;
            if (bnd) begin
                dmp_q   <= 1'b1;
                ncand_q <= {CW{1'b0}};
                ep_q    <= ep_q + 1'b1;
            end else if (ld) begin
                if (ld_any) ncand_q <= ncand_q + 1'b1;
                else dmp_q <= 1'b0;
            end
            case (st_q)
                ST_INIT: begin
                    init_addr_q <= init_addr_q + 1'b1;
                    if (init_addr_q == INIT_LEN[IAB-1:0] - 1'b1) st_q <= ST_RUN;
                end
                ST_RUN:  st_q <= ST_RUN;
                default: st_q <= ST_INIT;
            endcase
        end
    end

    // ---------------------------------------------------------------- datapath registers
    integer lk;
    // At an interval end (bnd) every tuple behind the last one belongs to the
    // next interval, whose counters are all 0: their counter values load 0.
    always @(posedge clk_i) begin
        f_a_q    <= h_a;       f_b_q <= h_b;       f_addr_q <= h_addr;
        t_a_q    <= f_a_q;     t_b_q <= f_b_q;     t_addr_q <= f_addr_q;
        i_a_q    <= t_a_q;     i_b_q <= t_b_q;     i_addr_q <= t_addr_q;
        w_a_q    <= i_a_q;     w_b_q <= i_b_q;     w_addr_q <= i_addr_q;
        t_sh1_q  <= f_sh1;
        i_sh1_q  <= t_sh1_q;
        w_sh1_q  <= i_sh1_q;
        t_sh2_q  <= f_sh2;
        t_leaf_q <= bnd ? {NB*CW{1'b0}} : f_leaf;
        i_leaf_q <= bnd ? {NB*CW{1'b0}} : t_leaf;
        w_leaf_q <= bnd ? {NB*CW{1'b0}} : i_leaf;
        for (lk = 0; lk < NB; lk = lk + 1)
            w_leaf1_q[CW*lk +: CW] <= bnd ? {{(CW-1){1'b0}}, 1'b1} : sat_inc(i_leaf[CW*lk +: CW]);
        i_cm_q   <= bnd ? t_cm0 : t_cm;
        i_ne_q   <= t_ne;
        w_u_q    <= bnd ? ((i_ne_q[0] || i_ne_q[2]) ? {CW{1'b0}} : CMAX) : i_u;
        w_s_q    <= bnd ? {CW{1'b0}} : i_s;
        w_se_q   <= i_ne_q[1] || i_ne_q[3];
        o_rs_q   <= ins && cfg_reset_i;
        o_cons_q <= cfg_cons_i;
        o_m_q    <= mn;
        o_nm_q   <= newmin;
        sr_addr_q  <= sc_ptr_q;
        fwd_addr_q <= waddr;
        fwd_word_q <= wdata;
        fwd_cur_q  <= !bnd;
    end

    // ---------------------------------------------------------------- accumulator
    // tag compare one stage early, against the tuple in I, registered;
    // corrected in W for the entry the tuple ahead just wrote
    reg same_q;   // the tuple in W equals the one ahead of it
    always @(posedge clk_i) same_q <= (i_a_q == w_a_q) && (i_b_q == w_b_q);

    // ---------------------------------------------------------------- X: the inserted tuple's tag written
    // A promotion sets the entry's valid bit and count in W; its tag is
    // written one clock later from the tuple registered here (x_a_q, x_b_q
    // into the entry whose insd_q is set), so the decision drives a few
    // bits per entry, not the whole tag. Until then the entry's tag is
    // x_a_q / x_b_q (acc_a / acc_b and the I-stage compare read it that
    // way). The snapshot copies the entries' tag registers one clock after
    // the interval end (snt_q), when every insertion up to the one before
    // the last tuple has written its tag and no later one has yet: a plain
    // enabled copy, no per-entry select. The last tuple's own insertion is
    // snapshotted once (shx_a_q, shx_b_q; sx_q marks its entry).
    reg [W-1:0] x_a_q, x_b_q, shx_a_q, shx_b_q;
    reg         snt_q;    // the snapshot takes the tags this clock
    wire        same_x;   // the tuple in I equals the one whose tag is being written
    always @(posedge clk_i) begin
        x_a_q <= w_a_q;
        x_b_q <= w_b_q;
        snt_q <= !rst_i && bnd;
        if (bnd) begin
            shx_a_q <= w_a_q;
            shx_b_q <= w_b_q;
        end
    end
    assign same_x = (i_a_q == x_a_q) && (i_b_q == x_b_q);
    genvar gk;
    generate
        for (gk = 0; gk < RK; gk = gk + 1) begin : g_acc
            reg          v_q, r_q, p_q, insd_q, sx_q;
            reg [W-1:0]  a_q, b_q, sa_q, sb_q;
            wire [W-1:0] a_cur = insd_q ? x_a_q : a_q;   // the entry's tag now
            wire [W-1:0] b_cur = insd_q ? x_b_q : b_q;
            reg [CW-1:0] c_q, sc_q;
            wire         hit_me = w_v_q && acc_m[gk];
            wire [CW-1:0] hit_inc = sat_inc(c_q);
            wire         ins_me = (HACC == 0) && ins && alloc_oh[gk];
            // the count's threshold compares, from registers: c >= thr and
            // sat(c + 1) >= thr
            wire         ge0    = c_q >= thr_q;
            wire         ge1    = c_q >= thr_m1_q;
            // entry after this cycle's W update
            wire [CW-1:0] c_nx  = ins_me ? newmin : hit_me ? hit_inc : c_q;
            wire          v_nx  = v_q || ins_me;
            wire          r_nx  = r_q && !ins_me && !(hit_me && ge1);
            wire          cand  = v_nx && (ins_me ? nm_ge : hit_me ? ge1 : ge0);
            always @(posedge clk_i) begin
                if (rst_i) begin
                    v_q <= 1'b0;
                    r_q <= 1'b0;
                    c_q <= {CW{1'b0}};
                    p_q <= 1'b0;
                end else if (bnd) begin
                    // end of interval: snapshot the candidates for the dump,
                    // retaining keeps them as replaceable entries, count 0
                    p_q <= cand;
                    v_q <= cfg_retain_i && cand;
                    r_q <= cfg_retain_i && cand;
                    c_q <= {CW{1'b0}};
                end else begin
                    v_q <= v_nx;
                    r_q <= r_nx;
                    c_q <= c_nx;
                    p_q <= pend_nx[gk];
                end
            end
            always @(posedge clk_i) begin
                insd_q <= !rst_i && ins_me;
                if (insd_q) begin
                    a_q <= x_a_q;
                    b_q <= x_b_q;
                end
                if (snt_q) begin
                    sa_q <= a_q;
                    sb_q <= b_q;
                end
                if (bnd) begin
                    sc_q <= c_nx;
                    sx_q <= ins_me;
                end
            end
            assign acc_v[gk]            = v_q;
            assign acc_r[gk]            = r_q;
            assign acc_a[gk]            = a_cur;
            assign acc_b[gk]            = b_cur;
            assign acc_c[gk]            = c_q;
            assign sx[gk]               = sx_q;
            // match against the tuple in I: the tag being written (X) is
            // compared once for all entries (same_x)
            reg m_q;
            always @(posedge clk_i)
                m_q <= insd_q ? same_x : (a_q == i_a_q) && (b_q == i_b_q);
            assign acc_m[gk]            = v_q && (insd_q ? same_q : m_q);
            assign pend[gk]             = p_q;
            assign pend_nx[gk]          = p_q && !(ld && nx_oh_q[gk]);
            assign sh_a[gk]             = sa_q;
            assign sh_b[gk]             = sb_q;
            assign sh_c[gk]             = sc_q;
        end
    endgenerate

    // ---------------------------------------------------------------- hashed accumulator (ACC_WAYS > 0)
    // Positions: way w slot s (ACC_WAYS block-RAM ways L[w] of ACC_SETS
    // words), stash entry j (registers); a tuple may live only in its slot
    // of each way (way w: the top bits of hash function MAX_TABLES-1-w) or
    // in the stash. An L word is {epoch, valid, replaceable, a, b, count}
    // and is read through the lazy rule (hlazy): a word of the previous
    // epoch is a retained candidate (replaceable, count 0) or empty, older
    // words are empty, so an interval end writes nothing. Each tuple's L
    // words are read while it is in T through the block RAM's output
    // register (OREG) and used in W, so the tag compare starts from
    // flip-flops; the writes it can miss are those of the two clocks before
    // (the tuples 2 and 1 ahead, the scrubber, INIT), forwarded from lf2_*_q
    // (distance 2) and lf_*_q (distance 1, the newer, first). The
    // scrubber's words are read the same way, two clocks ahead of its
    // rewrite: while T is empty (so I is empty the clock after, when the
    // banks' scrub read may issue) at the scrub pointer's next value. Every
    // accumulator write of an
    // interval also goes to the dump copy of that interval's parity
    // (D[dpar_q]); after the interval end the dump scans the other copy, one
    // position per clock, streams the words with count >= threshold and
    // writes every word it passed back to 0.
    generate
        if (HACC != 0) begin : g_hacc
            localparam integer NW  = ACC_WAYS;
            localparam integer NS  = ACC_STASH;
            localparam integer NSX = (NS > 0) ? NS : 1;
            localparam integer NP  = NW + NS;                 // positions of one tuple
            localparam integer SB  = clog2(ACC_SETS);         // slot bits
            localparam integer LWW = EW + 2 + HW;             // L word
            localparam integer DAB = clog2(NPOS);             // dump copy address bits
            localparam integer DPB = clog2(NPOS + 1);         // scan position 0..NPOS
            localparam integer KB  = clog2(ACC_K + 1);        // live-entry counts 0..ACC_K
            localparam [DPB-1:0] NPOS_P = NPOS[DPB-1:0];
            localparam [KB-1:0]  K_P    = ACC_K[KB-1:0];

            // logical entry of an L word x in epoch e (written back with e),
            // threshold thr, retaining ret
            function [LWW-1:0] hlazy(input [LWW-1:0] x, input [EW-1:0] e, input [CW-1:0] thr,
                                     input ret);
                reg [EW-1:0] xe;
                reg          keep;
                begin
                    xe   = x[LWW-1 -: EW];
                    keep = (xe == e - 1'b1) && x[HW+1] && (x[CW-1:0] >= thr) && ret;
                    if (xe == e)
                        hlazy = x;
                    else
                        hlazy = {e, keep, keep, x[HW-1:CW], {CW{1'b0}}};
                end
            endfunction

            // H .. W: the tuple's slot in each way
            reg  [NW*SB-1:0] f_as_q, t_as_q, i_as_q, w_as_q;
            wire [NW*SB-1:0] h_as;
            genvar gw;
            for (gw = 0; gw < NW; gw = gw + 1) begin : g_slot
                assign h_as[SB*gw +: SB] = h_idx[IB*(MAX_TABLES-1-gw) + IB - SB +: SB];
            end
            always @(posedge clk_i) begin
                f_as_q <= h_as;
                t_as_q <= f_as_q;
                i_as_q <= t_as_q;
                w_as_q <= i_as_q;
            end

            // ways: read for the tuple in F (or, when F is empty, for the
            // scrubber at the pointer it has next clock), the word out for I
            // (read latency 2)
            wire [NW*LWW-1:0] l_rd;
            reg  [NW-1:0]     l_we;
            reg  [NW*SB-1:0]  l_wa;
            reg  [NW*LWW-1:0] l_wd;
            reg  [NW-1:0]     lf_en_q, lf2_en_q;   // L writes 1 and 2 clocks ago
            reg  [NW*SB-1:0]  lf_a_q, lf2_a_q;
            reg  [NW*LWW-1:0] lf_d_q, lf2_d_q;
            wire [SB-1:0]     sc_ptr_n = sc_ptr_q[SB-1:0] + {{(SB-1){1'b0}}, sr_issue};
            for (gw = 0; gw < NW; gw = gw + 1) begin : g_lway
                hwp_sdp_ram #(.DW(LWW), .AW(SB), .OREG(1), .RW_OLD(0)) u_ram (
                    .clk_i(clk_i),
                    .we_i(l_we[gw]), .waddr_i(l_wa[SB*gw +: SB]), .wdata_i(l_wd[LWW*gw +: LWW]),
                    .re_i(1'b1), .raddr_i(f_v_q ? f_as_q[SB*gw +: SB] : sc_ptr_n),
                    .oce_i(1'b1), .rdata_o(l_rd[LWW*gw +: LWW])
                );
            end

            // way lw's word at slot sa: the block RAM's, unless written 1 or
            // 2 clocks ago (after its read)
            function [LWW-1:0] lfwd(input integer lw, input [SB-1:0] sa);
                begin
                    if (lf_en_q[lw] && lf_a_q[SB*lw +: SB] == sa)
                        lfwd = lf_d_q[LWW*lw +: LWW];
                    else if (lf2_en_q[lw] && lf2_a_q[SB*lw +: SB] == sa)
                        lfwd = lf2_d_q[LWW*lw +: LWW];
                    else
                        lfwd = l_rd[LWW*lw +: LWW];
                end
            endfunction

            // stash
            reg  [NSX-1:0]    s_v_q, s_r_q;
            reg  [NSX*W-1:0]  s_a_q, s_b_q;   // entry j at [W*j +: W]
            reg  [NSX*CW-1:0] s_c_q;
            reg  [KB-1:0]  live_q, rep_q;     // valid entries, replaceable entries
            reg  [KB-1:0]  cnd_q;             // live_q - rep_q: the candidates so far

            // I: the tuple's way words (forwarded for the tuples 3 and 2
            // ahead, lazy rule) reduced to {valid, replaceable, match,
            // sat(count + 1), sat(count + 1) >= threshold} per way,
            // registered for W (W needs the count only incremented). At an
            // interval end (bnd) the tuple in I belongs to the next
            // interval: its bits take the lazy rule once more (a candidate
            // is kept, replaceable with count 0, if retaining; else empty;
            // the tag and so the match stay).
            reg  [NW-1:0]     iv, ir, im, ig;
            reg  [NW*CW-1:0]  ic;
            reg  [NW-1:0]     wv_q, wr_q, wm_q, wg_q;
            reg  [NW*CW-1:0]  wc_q;
            reg  [NW-1:0]     ikeep;
            reg  [LWW-1:0]    xi;
            integer hi;
            always @* begin
                for (hi = 0; hi < NW; hi = hi + 1) begin
                    xi = hlazy(lfwd(hi, i_as_q[SB*hi +: SB]), ep_q, thr_q, cfg_retain_i);
                    iv[hi] = xi[HW+1];
                    ir[hi] = xi[HW];
                    im[hi] = xi[HW+1] && xi[CW + W +: W] == i_a_q && xi[CW +: W] == i_b_q;
                    ic[CW*hi +: CW] = sat_inc(xi[CW-1:0]);
                    ig[hi] = xi[CW-1:0] >= thr_m1_q;
                    ikeep[hi] = cfg_retain_i && xi[HW+1] && xi[CW-1:0] >= thr_q;
                end
            end
            always @(posedge clk_i) begin
                wv_q <= bnd ? ikeep : iv;
                wr_q <= bnd ? ikeep : ir;
                wm_q <= bnd ? (im & ikeep) : im;
                wc_q <= bnd ? {NW{{(CW-1){1'b0}}, 1'b1}} : ic;
                wg_q <= bnd ? {NW{thr1_q}} : ig;
            end

            // The stash takes a write of the tuple in W one clock late, in
            // X (sw_q: the entries written, from W's wr_oh; the word is
            // x_a_q, x_b_q, xr_q, dw_c_q, and lb_q says the writer was the
            // interval's last tuple, so the lazy rule applies to it), so
            // W's decision drives a few registers, not every stash entry's
            // enables. Whoever reads the stash while that write is pending
            // takes it from the X registers: the tags against the tuple in I,
            // registered (stm_q), compare an entry being written with the
            // X tuple (same_x, distance 2); in W an entry the tuple 1 ahead
            // wrote last clock (sw_q) holds that tuple's tag (same_q,
            // distance 1) and its X word (s_v .. s_ge0 below).
            reg  [NSX-1:0]    stm_q, sw_q;
            reg               xr_q;            // replaceable bit of the X write
            reg  [CW-1:0]     dw_c_q;          // count of the X write
            reg               dw_ge_q;         // dw_c_q >= threshold
            integer hs0;
            always @(posedge clk_i) begin
                stm_q <= {NSX{1'b0}};
                sw_q  <= {NSX{1'b0}};
                for (hs0 = 0; hs0 < NS; hs0 = hs0 + 1) begin
                    stm_q[hs0] <= sw_q[hs0] ? same_x :
                                  s_a_q[W*hs0 +: W] == i_a_q && s_b_q[W*hs0 +: W] == i_b_q;
                    sw_q[hs0]  <= !rst_i && wr_oh[NW+hs0];
                end
            end

            // the way positions the tuple in W wrote last clock (lw_q: not
            // the scrubber's or INIT's writes, which leave the logical word
            // as it was)
            reg  [NW-1:0]     lw_q;
            // the tuple's slot in each way is the tuple 1 ahead's (compared
            // while the two are in I and W)
            reg  [NW-1:0]     wsl_q;
            integer hq;
            always @(posedge clk_i)
                for (hq = 0; hq < NW; hq = hq + 1)
                    wsl_q[hq] <= i_as_q[SB*hq +: SB] == w_as_q[SB*hq +: SB];

            // W: the tuple's positions: valid, replaceable, match,
            // sat(count + 1) (pc) and whether that reaches the threshold
            // (pg); a way word the tuple 1 ahead wrote last clock is taken
            // from that write (lazy rule applied: it may be the interval's
            // last tuple), matching iff that tuple equals this one (same_q)
            reg  [NP-1:0]    pv, pr, pm, pg;
            reg  [NP*CW-1:0] pc;
            reg              lb_q;            // the tuple 1 ahead was the interval's last
            reg              lk_q;            // ... and the lazy rule keeps its entry
            reg  [NW*LWW-1:0] sl;             // the scrubber's words, rewritten
            reg  [NW-1:0]     s_stale;
            reg  [LWW-1:0]    x;
            // each stash entry with the X write taken in: valid, replaceable,
            // count, count >= threshold (s_ge0); the X word's sat(count + 1)
            // and its threshold compare (x_c1, x_g) are formed once, from
            // registers, and selected per entry like the way words above
            reg  [NSX-1:0]    s_v, s_r, s_ge0;
            reg  [NSX*CW-1:0] s_c;
            wire [CW-1:0]     x_c1 = lb_q ? {{(CW-1){1'b0}}, 1'b1} : sat_inc(dw_c_q);
            wire              x_g  = lb_q ? thr1_q : dw_c_q >= thr_m1_q;
            integer hw;
            always @* begin
                s_v   = {NSX{1'b0}};
                s_r   = {NSX{1'b0}};
                s_ge0 = {NSX{1'b0}};
                s_c   = {NSX*CW{1'b0}};
                for (hw = 0; hw < NS; hw = hw + 1) begin
                    if (sw_q[hw]) begin
                        s_v[hw]   = !lb_q || lk_q;
                        s_r[hw]   = lb_q ? lk_q : xr_q;
                        s_c[CW*hw +: CW] = lb_q ? {CW{1'b0}} : dw_c_q;
                        s_ge0[hw] = !lb_q && dw_ge_q;
                    end else begin
                        s_v[hw]   = s_v_q[hw];
                        s_r[hw]   = s_r_q[hw];
                        s_c[CW*hw +: CW] = s_c_q[CW*hw +: CW];
                        s_ge0[hw] = s_c_q[CW*hw +: CW] >= thr_q;
                    end
                end
            end
            always @* begin
                for (hw = 0; hw < NW; hw = hw + 1) begin
                    if (lw_q[hw] && wsl_q[hw] && lb_q) begin
                        // written by the interval's last tuple: the lazy
                        // rule keeps it (retaining, a candidate) or empties it
                        pv[hw] = lk_q;
                        pr[hw] = lk_q;
                        pm[hw] = lk_q && same_q;
                        pc[CW*hw +: CW] = {{(CW-1){1'b0}}, 1'b1};
                        pg[hw] = thr1_q;
                    end else if (lw_q[hw] && wsl_q[hw]) begin
                        // written in the current epoch: valid, as written
                        pv[hw] = 1'b1;
                        pr[hw] = lf_d_q[LWW*hw + HW];
                        pm[hw] = same_q;
                        pc[CW*hw +: CW] = sat_inc(lf_d_q[LWW*hw +: CW]);
                        pg[hw] = lf_d_q[LWW*hw +: CW] >= thr_m1_q;
                    end else begin
                        pv[hw] = wv_q[hw];
                        pr[hw] = wr_q[hw];
                        pm[hw] = wm_q[hw];
                        pc[CW*hw +: CW] = wc_q[CW*hw +: CW];
                        pg[hw] = wg_q[hw];
                    end
                    x = lfwd(hw, sr_addr_q[SB-1:0]);
                    sl[LWW*hw +: LWW] = hlazy(x, ep_q, thr_q, cfg_retain_i);
                    s_stale[hw] = sr_v_q && x[LWW-1 -: EW] != ep_q;
                end
                for (hw = 0; hw < NS; hw = hw + 1) begin
                    pv[NW+hw] = s_v[hw];
                    pr[NW+hw] = s_r[hw];
                    pm[NW+hw] = s_v[hw] && (sw_q[hw] ? same_q : stm_q[hw]);
                    pc[CW*(NW+hw) +: CW] = sw_q[hw] ? x_c1 : sat_inc(s_c_q[CW*hw +: CW]);
                    pg[NW+hw] = sw_q[hw] ? x_g : s_c_q[CW*hw +: CW] >= thr_m1_q;
                end
            end

            // hit, allocation (an empty position while fewer than ACC_K are
            // valid, ways before the stash, lowest first; else a replaceable
            // one in the same order), the written entry
            reg  [CW-1:0] c_hit1;                  // sat(hit count + 1)
            integer hc;
            always @* begin
                c_hit1 = {CW{1'b0}};
                for (hc = 0; hc < NP; hc = hc + 1)
                    c_hit1 = c_hit1 | (pc[CW*hc +: CW] & {CW{pm[hc]}});
            end
            wire          r_hit   = |(pm & pr);
            wire          g_hit   = |(pm & pg);    // sat(hit count + 1) >= thr
            wire          room    = live_q < K_P;
            wire [NP-1:0] fv      = ~pv;
            wire [NP-1:0] rv      = pv & pr;
            wire          use_fr  = room && |fv;
            wire [NP-1:0] alloc   = use_fr ? (fv & (~fv + 1'b1)) : (rv & (~rv + 1'b1));
            wire          w_hit   = w_v_q && hh_hit;
            // (alloc is zero when nothing is found, so a promotion's write
            // needs only nm_ge, the last of the decision's terms)
            wire [NP-1:0] wr_oh   = !w_v_q ? {NP{1'b0}} : hh_hit ? pm : nm_ge ? alloc : {NP{1'b0}};
            wire          unmark  = w_hit && r_hit && g_hit;
            wire [CW-1:0] c_new   = w_hit ? c_hit1 : newmin;
            wire          c_new_ge = w_hit ? g_hit : nm_ge;   // c_new >= thr
            wire          r_new   = w_hit && r_hit && !unmark;
            wire [LWW-1:0] word_new = {ep_q, 1'b1, r_new, w_a_q, w_b_q, c_new};
            assign hh_hit   = |pm;
            assign hh_found = use_fr || |rv;
            assign hh_conf  = promo && !hh_found && (room || rep_q != {KB{1'b0}});

            // X: the dump copy's write, one clock after W from registers:
            // the written position (one-hot dw_oh_q, the slots dw_as_q) and
            // count (dw_c_q, dw_ge_q, with the stash's X registers above);
            // the tuple is x_a_q, x_b_q; the copy is dw_par_q's
            reg  [NP-1:0]    dw_oh_q;
            reg  [NW*SB-1:0] dw_as_q;
            reg              dw_par_q;
            // the written position's number (way-major, then the stash)
            reg [DAB-1:0] wpos;
            integer hp;
            always @* begin
                wpos = {DAB{1'b0}};
                for (hp = 0; hp < NW; hp = hp + 1)
                    if (dw_oh_q[hp]) wpos = wpos | (hp[DAB-1:0] * ACC_SETS[DAB-1:0] +
                                                    {{(DAB-SB){1'b0}}, dw_as_q[SB*hp +: SB]});
                for (hp = 0; hp < NS; hp = hp + 1)
                    if (dw_oh_q[NW+hp]) wpos = wpos | (NW[DAB-1:0] * ACC_SETS[DAB-1:0] + hp[DAB-1:0]);
            end

            // L writes: INIT clear, the tuple in W, or the scrubber's rewrite
            always @* begin
                for (hw = 0; hw < NW; hw = hw + 1) begin
                    // address and data from registers (INIT, a tuple in
                    // W, else the scrubber), only the enable decided here
                    l_we[hw] = st_q == ST_INIT || wr_oh[hw] || s_stale[hw];
                    l_wa[SB*hw +: SB] = st_q == ST_INIT ? init_addr_q[SB-1:0] :
                                        w_v_q ? w_as_q[SB*hw +: SB] : sr_addr_q[SB-1:0];
                    l_wd[LWW*hw +: LWW] = st_q == ST_INIT ? {LWW{1'b0}} :
                                          w_v_q ? word_new : sl[LWW*hw +: LWW];
                end
            end
            always @(posedge clk_i) begin
                lw_q     <= rst_i ? {NW{1'b0}} : wr_oh[NW-1:0];
                lb_q     <= bnd;
                lk_q     <= cfg_retain_i && c_new_ge;
                xr_q     <= r_new;

                lf_en_q  <= rst_i ? {NW{1'b0}} : l_we;
                lf_a_q   <= l_wa;
                lf_d_q   <= l_wd;
                lf2_en_q <= rst_i ? {NW{1'b0}} : lf_en_q;
                lf2_a_q  <= lf_a_q;
                lf2_d_q  <= lf_d_q;
            end

            // stash and the live / replaceable counts; at the interval end
            // (after the last tuple's own update) retaining keeps the
            // candidates as replaceable entries with count 0
            // (each of L, R and L - R moves by at most one; the +-1 are
            // formed from the registers beside the decision, which selects)
            wire [KB-1:0] live_p = live_q + 1'b1;
            wire [KB-1:0] rep_m  = rep_q - 1'b1;
            wire [KB-1:0] cnd_p  = cnd_q + 1'b1;
            wire [KB-1:0] live_n = (ins && use_fr) ? live_p : live_q;
            wire [KB-1:0] rep_n  = ((ins && !use_fr) || unmark) ? rep_m : rep_q;
            wire [KB-1:0] cnd_n  = (ins || unmark) ? cnd_p : cnd_q;
            wire [KB-1:0] kept   = cfg_retain_i ? cnd_n : {KB{1'b0}};
            // whether the interval end keeps a stash entry (ke; an entry
            // the last tuple writes is kept or not when that write lands
            // in X, by the lazy rule: lb_q)
            wire [NSX-1:0] ke = {NSX{cfg_retain_i}} & s_v & s_ge0;
            always @(posedge clk_i) begin
                if (rst_i) begin
                    s_v_q  <= {NSX{1'b0}};
                    s_r_q  <= {NSX{1'b0}};
                    live_q <= {KB{1'b0}};
                    rep_q  <= {KB{1'b0}};
                    cnd_q  <= {KB{1'b0}};
                end else begin
                    live_q <= bnd ? kept : live_n;
                    rep_q  <= bnd ? kept : rep_n;
                    cnd_q  <= bnd ? {KB{1'b0}} : cnd_n;
                    s_v_q  <= bnd ? ke : s_v;
                    s_r_q  <= bnd ? ke : s_r;
                end
                s_c_q <= bnd ? {NSX*CW{1'b0}} : s_c;
            end
            genvar gs;
            for (gs = 0; gs < NS; gs = gs + 1) begin : g_stash
                always @(posedge clk_i)
                    if (sw_q[gs]) begin
                        s_a_q[W*gs +: W] <= x_a_q;
                        s_b_q[W*gs +: W] <= x_b_q;
                    end
            end

            // dump copies: D[dpar_q] takes this interval's writes, the other
            // one is scanned. The scanned copy is read one position ahead of
            // the scan (dp_q + 1, or 0 at the interval end), from registers
            // only, so the read address waits for no decision: when the scan
            // moves on, that word is the next position's; when it stays, the
            // current word is held (dh_q, dcur_q) and read from there. The
            // scan writes 0 to its position in every clock it scans (the word
            // is read or held by then). The write of the interval's last tuple
            // lands in X, the clock after the interval end, when its copy is
            // already the scanned one and the scan, waiting that clock
            // (nx_ok_q low, no clear), holds its first position: a write to
            // the held position is taken into the held word (dxf). The write
            // of the tuple before it lands in the interval end's clock, when
            // that copy's first position is read: the held word takes that
            // write too (dxl_q), instead of the block RAM's undefined word.
            // A copy's word is {count >= threshold, a, b, count}: the flag is
            // written with the entry, so the scan's candidate test needs no
            // compare behind the block RAM's read (0 for a cleared word).
            reg            dpar_q;
            reg  [DPB-1:0] dp_q;
            reg  [DAB-1:0] dp_r_q;      // the copy's read address: dp_q + 1
            reg            dh_q;        // the scanned word is dcur_q, not the read
            reg  [HW:0]    dcur_q;
            reg            dxl_q;       // last clock's X write was to position 0, read then
            reg  [HW:0]    dxl_d_q;
            wire [HW:0]    d0_rd, d1_rd;
            wire [HW:0]    d_rd   = dh_q ? dcur_q : dpar_q ? d0_rd : d1_rd;
            wire           at_end = dp_q == NPOS_P;
            wire           cand   = !at_end && d_rd[HW];
            wire           o_room = !ov_q || out_ready_i;
            wire           scan   = dmp_q && nx_ok_q;
            wire           dp_adv = scan && !at_end && (!cand || o_room);
            wire [DAB-1:0] d_ra   = bnd ? {DAB{1'b0}} : dp_r_q;
            // copy p's write: INIT, the tuple's (X, to copy dw_par_q), or
            // the scan's clear (the copy not dpar_q)
            wire           x_we   = |dw_oh_q;
            wire [HW:0]    x_wd   = {dw_ge_q, x_a_q, x_b_q, dw_c_q};
            wire           prv_we = scan && !at_end;
            wire [DAB-1:0] prv_wa = dp_q[DAB-1:0];
            wire           d0_xw  = x_we && !dw_par_q;
            wire           d1_xw  = x_we && dw_par_q;
            wire           d_init = st_q == ST_INIT;
            wire           dxf    = x_we && dw_par_q != dpar_q && wpos == dp_q[DAB-1:0];
            hwp_sdp_ram #(.DW(HW + 1), .AW(DAB), .RW_OLD(0)) u_d0 (
                .clk_i(clk_i),
                .we_i(d_init || d0_xw || (dpar_q && prv_we)),
                .waddr_i(d_init ? init_addr_q[DAB-1:0] : d0_xw ? wpos : prv_wa),
                .wdata_i(d0_xw ? x_wd : {(HW+1){1'b0}}),
                .re_i(1'b1), .raddr_i(d_ra), .oce_i(1'b1), .rdata_o(d0_rd)
            );
            hwp_sdp_ram #(.DW(HW + 1), .AW(DAB), .RW_OLD(0)) u_d1 (
                .clk_i(clk_i),
                .we_i(d_init || d1_xw || (!dpar_q && prv_we)),
                .waddr_i(d_init ? init_addr_q[DAB-1:0] : d1_xw ? wpos : prv_wa),
                .wdata_i(d1_xw ? x_wd : {(HW+1){1'b0}}),
                .re_i(1'b1), .raddr_i(d_ra), .oce_i(1'b1), .rdata_o(d1_rd)
            );
            always @(posedge clk_i) begin
                if (rst_i) begin
                    dpar_q  <= 1'b0;
                    dp_q    <= {DPB{1'b0}};
                    dp_r_q  <= {{(DAB-1){1'b0}}, 1'b1};
                    dw_oh_q <= {NP{1'b0}};
                    dh_q    <= 1'b0;
                    dxl_q   <= 1'b0;
                end else begin
                    if (bnd) dpar_q <= !dpar_q;
                    if (bnd) begin
                        dp_q   <= {DPB{1'b0}};
                        dp_r_q <= {{(DAB-1){1'b0}}, 1'b1};
                    end else if (dp_adv) begin
                        dp_q   <= dp_q + 1'b1;
                        dp_r_q <= dp_r_q + 1'b1;
                    end
                    dw_oh_q <= wr_oh;
                    dh_q    <= !bnd && !dp_adv;
                    dxl_q   <= bnd && x_we && wpos == {DAB{1'b0}};
                end
                dw_as_q  <= w_as_q;
                dw_c_q   <= c_new;
                dw_ge_q  <= c_new_ge;
                dw_par_q <= dpar_q;
                dcur_q   <= dxf ? x_wd : dxl_q ? dxl_d_q : d_rd;
                dxl_d_q  <= x_wd;
            end
            assign hh_ld     = scan && (at_end || cand) && o_room;
            assign hh_ld_any = cand;
            assign hh_oa     = cand ? d_rd[CW+W +: W] : {W{1'b0}};
            assign hh_ob     = cand ? d_rd[CW +: W] : {W{1'b0}};
            assign hh_oc     = d_rd[CW-1:0];
        end else begin : g_nohacc
            assign hh_hit    = 1'b0;
            assign hh_found  = 1'b0;
            assign hh_conf   = 1'b0;
            assign hh_ld     = 1'b0;
            assign hh_ld_any = 1'b0;
            assign hh_oa     = {W{1'b0}};
            assign hh_ob     = {W{1'b0}};
            assign hh_oc     = {CW{1'b0}};
        end
    endgenerate
`ifdef FORMAL
    // Properties (tests/formal/hwp_mhash.sby): the pipelined update equals
    // one tuple at a time. The banks' memories (f_bmem) are what W wrote,
    // cycle by cycle. In every stage the counters a tuple holds (after that
    // stage's forwarding) are the memory's words now: the tuples ahead of
    // it have not written yet, everything older has, at every distance.
    // The class minima are the minima of the memory's words over the class,
    // once corrected for the tuple that wrote last cycle (I, W); so the
    // minimum W works on is the minimum of the memory's words. The
    // scrubber's verdict is the memory's; the accumulator entries that match
    // the tuple in W (acc_m, precomputed a stage ahead and corrected for the
    // entry the tuple ahead wrote) are exactly the valid entries holding it;
    // tags stay unique, so a tuple is never in two entries. Any
    // configuration, changing at will; interval ends and promotions as the
    // inputs make them.
    reg f_past = 1'b0;
    always @(posedge clk_i) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst_i);
    function [WW-1:0] f_word(input integer j, input [DB-1:0] i);
        f_word = f_bmem[WW*(D*j + i) +: WW];
    endfunction
    // memory counter (epoch-selected) of bank j at address vector av
    function [CW-1:0] f_val(input integer j, input [NB*DB-1:0] av);
        f_val = esel(f_word(j, av[DB*j +: DB]), ep_q);
    endfunction
    // minimum of the memory counters of the banks in mask (CMAX if none)
    function [CW-1:0] f_min(input [NB-1:0] mask, input [NB*DB-1:0] av);
        integer j;
        begin
            f_min = CMAX;
            for (j = 0; j < NB; j = j + 1)
                if (mask[j] && f_val(j, av) < f_min) f_min = f_val(j, av);
        end
    endfunction
    // the last tuple of an interval leaving hash stage 1 is at the hash
    // unit's output a cycle later
    reg f_hl_q = 1'b0;
    always @(posedge clk_i) f_hl_q <= !rst_i && s1l_q;
    // sharing flags carried on for the properties
    reg [NB-1:0] f_i_sh1, f_i_sh2, f_w_sh1;
    always @(posedge clk_i) begin
        f_i_sh1 <= t_sh1_q;
        f_i_sh2 <= t_sh2_q;
        f_w_sh1 <= f_i_sh1;
    end
    function [NB-1:0] f_cls(input [NB-1:0] en, input [NB-1:0] s2, input [NB-1:0] s1, input integer c);
        integer j;
        begin
            for (j = 0; j < NB; j = j + 1)
                f_cls[j] = en[j] && {s2[j], s1[j]} == c[1:0];
        end
    endfunction
    function [NB-1:0] f_shr(input [NB-1:0] en_x, input [NB*DB-1:0] ax, input [NB-1:0] en_y,
                            input [NB*DB-1:0] ay);
        integer j;
        begin
            for (j = 0; j < NB; j = j + 1)
                f_shr[j] = en_x[j] && en_y[j] && ax[DB*j +: DB] == ay[DB*j +: DB];
        end
    endfunction
    reg [WW-1:0] f_w;
    integer fb, fa, fk, fk2, fc;
    always @(*) if (f_past && !rst_i) begin
        // stage registers of empty stages enable no bank
        if (!f_v_q) assert(f_en_q == {NB{1'b0}});
        if (!t_v_q) assert(t_en_q == {NB{1'b0}});
        if (!i_v_q) assert(i_en_q == {NB{1'b0}});
        if (!w_v_q) assert(w_en_q == {NB{1'b0}});
        // the sharing flags name the tuples now 1 and 2 ahead
        // (of the banks the tuple uses)
        assert((t_sh1_q & t_en_q) == f_shr(t_en_q, t_addr_q, i_en_q, i_addr_q));
        assert((t_sh2_q & t_en_q) == f_shr(t_en_q, t_addr_q, w_en_q, w_addr_q));
        assert((f_i_sh1 & i_en_q) == f_shr(i_en_q, i_addr_q, w_en_q, w_addr_q));
        // the banks W shares with the tuple ahead were written by it last cycle
        if (o_wr_q) assert((f_w_sh1 & w_en_q & ~fw_w) == {NB{1'b0}});
        for (fb = 0; fb < NB; fb = fb + 1) begin
            // the write of the previous cycle is in the memory (the forwarding source)
            if (fwd_en_q[fb]) assert(fwd_word_q[WW*fb +: WW] == f_word(fb, fwd_addr_q[DB*fb +: DB]));
            // every stage's counters are the memory's words now
            if (f_en_q[fb]) assert(f_leaf[CW*fb +: CW] == f_val(fb, f_addr_q));
            if (t_en_q[fb]) assert(t_leaf[CW*fb +: CW] == f_val(fb, t_addr_q));
            if (i_en_q[fb]) assert(i_leaf[CW*fb +: CW] == f_val(fb, i_addr_q));
            if (w_en_q[fb]) assert(w_leaf[CW*fb +: CW] == f_val(fb, w_addr_q));
            // the scrubber's verdict is the memory's
            f_w = f_word(fb, sr_addr_q);
            if (sr_v_q) assert(scrub_need[fb] == (f_w[CW +: EW] != ep_q));
            else assert(!scrub_need[fb]);
        end
        // class minima: T's are the memory's; I's once corrected for the
        // tuple that wrote last cycle; W's minimum is the memory's
        for (fc = 0; fc < 4; fc = fc + 1)
            if (t_v_q) assert(t_cm[CW*fc +: CW] == f_min(f_cls(t_en_q, t_sh2_q, t_sh1_q, fc), t_addr_q));
        if (i_v_q) begin
            assert(i_u == f_min(i_en_q & ~f_i_sh1, i_addr_q));
            assert(i_s == f_min(i_en_q & f_i_sh1, i_addr_q));
        end
        if (w_v_q) begin
            assert(w_u_q == f_min(w_en_q & ~f_w_sh1, w_addr_q));
            assert(mn == f_min(w_en_q, w_addr_q));
        end
        for (fk = 0; fk < RK; fk = fk + 1) begin
            if (w_v_q) assert(acc_m[fk] == (acc_v[fk] && acc_a[fk] == w_a_q && acc_b[fk] == w_b_q));
            for (fk2 = fk + 1; fk2 < RK; fk2 = fk2 + 1)
                if (acc_v[fk] && acc_v[fk2]) assert(acc_a[fk] != acc_a[fk2] || acc_b[fk] != acc_b[fk2]);
        end
        assert(!(w_v_q && sr_v_q));
        // Epochs never alias (what lets an interval end zero the counters
        // of the tuples in flight): every word's age (current epoch minus
        // its epoch) is at most floor_age_q, at most pass_age_q for the
        // words the scrubber has passed since its pass began, and a last
        // tuple in flight means floor_age_q < EMAX, so the epoch after an
        // interval end is in no word.
        // at most one last tuple in flight, each in a valid stage
        assert((h_valid && h_last) == f_hl_q);
        assert($onehot0({s1l_q, f_hl_q, f_l_q, t_l_q, i_l_q, w_l_q}));
        assert((!f_l_q || f_v_q) && (!t_l_q || t_v_q) && (!i_l_q || i_v_q) && (!w_l_q || w_v_q));
        if (st_q == ST_RUN) begin
            assert(pass_age_q <= floor_age_q);
            if (sr_v_q) assert(sr_addr_q + 1'b1 == sc_ptr_q);
            if (l_flight) assert(floor_age_q != EMAX);
            for (fb = 0; fb < NB; fb = fb + 1)
                for (fa = 0; fa < D; fa = fa + 1) begin
                    f_w = f_word(fb, fa[DB-1:0]);
                    assert(ep_q - f_w[CW +: EW] <= floor_age_q);
                    if (fa < (sr_v_q ? {1'b0, sr_addr_q} : {1'b0, sc_ptr_q}))
                        assert(ep_q - f_w[CW +: EW] <= pass_age_q);
                end
        end else begin
            assert(ep_q == {EW{1'b0}} && floor_age_q == {EW{1'b0}} && pass_age_q == {EW{1'b0}});
            assert(sc_ptr_q == {DB{1'b0}} && !sr_v_q && !l_flight && !f_v_q && !t_v_q && !i_v_q && !w_v_q);
            for (fb = 0; fb < NB; fb = fb + 1)
                for (fa = 0; fa < D; fa = fa + 1) begin
                    f_w = f_word(fb, fa[DB-1:0]);
                    if (fa < init_addr_q) assert(f_w[CW +: EW] == {EW{1'b0}});
                end
        end
    end
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && w_v_q && same_q && fwd_en_q[0] && ins);      // a promotion, its twin behind
        cover(f_past && !rst_i && w_v_q && hit && fwd_en_q[0]);
        cover(f_past && !rst_i && bnd && ncand_q == {CW{1'b0}} && promo_q != 32'd0);
        cover(f_past && !rst_i && (fw_f != 0) && (fw_t != 0) && (fw_i != 0) && (fw_w != 0));
    end
`endif
endmodule

`default_nettype wire
