// SPDX-License-Identifier: Apache-2.0
//
// hwp_strat: the stream compressors of Sastry, Bodik and Smith, "Rapid
// Profiling via Stratified Sampling" (ISCA 2001), sections 3 and 4, as one
// datapath whose sampler is chosen at run time (cfg_mode_i):
//   0 R_r     random sampler: select with probability cfg_rthr_i/65536 (~1/r)
//   1 P_r     periodic sampler: every r-th event
//   2 CR_r    random sampler with a stream-length counter (count = events
//             since the last sample; forced sample when the counter is full)
//   3..5      H[R_r]_n, H[P_r]_n, H[CR_r]_n: the same, one counter per
//             substream; the shared hash unit (section 3.5) picks the counter
//   6         tagged compressor (section 4, Figure 6): per entry a valid bit,
//             a TAG_W-bit partial tag, a hit and a miss counter; the Evict
//             state is "valid and miss != 0"; ShouldEvict = hits >=
//             cfg_evict_i, ShouldReplace = misses >= cfg_replace_i; on E5
//             the new tuple inherits hit + miss counts, on E6 the next tuple
//             inherits the miss count (counts are never reset to zero)
// Messages <a, b, count> go through an output FIFO (block RAM) and the
// optional A_k aggregator (cfg_ak_en_i) to out_*; the harness may hold
// out_ready_i low at any time. When the FIFO is full the pipeline stops and
// in_ready_o falls: no event is ever dropped.
//
// Pipeline, 1 event per clock, every stage advancing together when the FIFO
// has room (en):
//   hash unit (2 + OREG stages) -> A: index ready, table read issued
//   -> [B1: OREG = 1 only: the word read, merged with the writes of the
//         second and third events ahead, which the read did not see]
//   -> B: the set (the merged word, or the first event ahead's result),
//         updated, message made; the LFSR advances once per event
//   -> W: the message pushed into the FIFO at the next clock; with
//         OREG = 1 also the updated set (lw1) written into the table at
//         the next advance
// Without OREG, B writes its update into the table as it hands it to lw1,
// and merges the read with the first event ahead only (a select of two
// words before its set tests).
// The forwarding makes the pipeline invisible: B works on the table as every
// earlier event left it. With OREG = 1, writing from lw1 a clock later keeps
// the table's write port off B's path, and the block RAM's clock-to-output
// is off it too (the hash ROMs' through the ECP5's DP16KD output register,
// rtl/common/hwp_sdp_ram.v; the table's through the merge register of B1),
// so B's path is the update alone. The FIFO's push is off it either way.
// After reset the table is cleared, one set per cycle (2^SET_W cycles).
// Cycle model: strat_cyc_step in cmodel/strat/strat.c.
`default_nettype none

module hwp_strat #(
    parameter integer W         = 64,          // tuple field width (multiple of 8)
    parameter integer IDX_W     = 11,          // n = 2^IDX_W counters
    parameter integer WAYS      = 2,           // tagged associativity (1, 2 or 4)
    parameter integer CNT_W     = 16,          // hit / sample counter bits
    parameter integer MISS_W    = 3,           // miss counter bits (< CNT_W)
    parameter integer TAG_W     = 2,           // partial tag bits
    parameter integer AK_K      = 16,          // A_k entries
    parameter integer FIFO_AW   = 9,           // output FIFO depth 2^FIFO_AW
    parameter [31:0]  HASH_SEED = 32'h0000_0001, // hash random-table seed
    parameter integer OREG      = 0            // 1: registered block-RAM outputs (2 more stages)
) (
    input  wire              clk_i,
    input  wire              rst_i,
    // run-time configuration (hold steady from reset on)
    input  wire [2:0]        cfg_mode_i,
    input  wire [CNT_W:0]    cfg_rate_i,     // r, 1..2^CNT_W
    input  wire [16:0]       cfg_rthr_i,     // random select threshold, round(65536/r)
    input  wire [CNT_W:0]    cfg_evict_i,    // ShouldEvict threshold
    input  wire [MISS_W:0]   cfg_replace_i,  // ShouldReplace threshold
    input  wire [31:0]       cfg_seed_i,     // LFSR seed, nonzero
    input  wire              cfg_ak_en_i,
    // event stream <a, b>
    input  wire              in_valid_i,
    output wire              in_ready_o,
    input  wire [W-1:0]      in_a_i,
    input  wire [W-1:0]      in_b_i,
    input  wire              flush_i,        // end of stream: drain, flush A_k
    // message stream <a, b, count>
    output wire              out_valid_o,
    input  wire              out_ready_i,
    output wire [W-1:0]      out_a_o,
    output wire [W-1:0]      out_b_o,
    output wire [31:0]       out_count_o,
    output wire              done_o          // flushed and everything delivered
);
    localparam integer WAY_W = (WAYS == 4) ? 2 : (WAYS == 2) ? 1 : 0;
    localparam integer SET_W = IDX_W - WAY_W;
    localparam integer EW    = CNT_W + MISS_W + TAG_W + 1;   // entry bits
    localparam integer SW    = EW * WAYS;                     // set (memory word) bits
    localparam integer MCW   = CNT_W + 1;                     // message count bits
    localparam integer FW    = 2 * W + MCW;                   // FIFO word

    localparam [2:0] M_R = 3'd0, M_P = 3'd1, M_CR = 3'd2, M_HR = 3'd3, M_HP = 3'd4,
                     M_HCR = 3'd5, M_TAG = 3'd6;

    wire hashed = (cfg_mode_i >= M_HR);

    // ---------------------------------------------------------------- control
    reg              clr_q;
    reg  [SET_W-1:0] clr_addr_q;
    reg  [1:0]       inflight_q;
    wire [FIFO_AW:0] f_cnt;
    wire             f_af;
    wire             f_dv;
    reg              wp_v_q;       // stage W: a message to push into the FIFO
    // the FIFO array has room for B's message after W's
    wire             en = !clr_q && !f_cnt[FIFO_AW] && !(wp_v_q && f_af);

    // ---------------------------------------------------------------- hash unit
    wire             h_valid;
    wire             h_in_ready;
    wire [IDX_W-1:0] h_idx;
    wire [W-1:0]     h_a, h_b;
    wire             unused_h_tag;

    hwp_hash #(
        .N_FUNC(1), .W(W), .BITS(IDX_W), .TAG_W(1), .SEED(HASH_SEED), .OREG(OREG)
    ) u_hash (
        .clk_i      (clk_i),
        .rst_i      (rst_i),
        .in_valid_i (in_valid_i),
        .in_ready_o (h_in_ready),
        .in_a_i     (in_a_i),
        .in_b_i     (in_b_i),
        .in_tag_i   (1'b0),
        .out_valid_o(h_valid),
        .out_ready_i(en),
        .out_idx_o  (h_idx),
        .out_a_o    (h_a),
        .out_b_o    (h_b),
        .out_tag_o  (unused_h_tag)
    );

    wire [IDX_W-1:0] a_idx = hashed ? h_idx : {IDX_W{1'b0}};

    // partial tag: xorfold(a ^ b, TAG_W)
    function automatic [TAG_W-1:0] tagfold(input [W-1:0] v);
        integer s, k;
        begin
            tagfold = {TAG_W{1'b0}};
            for (s = 0; s < W; s = s + TAG_W)
                for (k = 0; k < TAG_W; k = k + 1)
                    if (s + k < W) tagfold[k] = tagfold[k] ^ v[s + k];
        end
    endfunction

    // 16 steps of the Galois LFSR (mask 0x80200003) per event
    function automatic [31:0] lfsr16(input [31:0] s_in);
        integer n;
        reg [31:0] s;
        begin
            s = s_in;
            for (n = 0; n < 16; n = n + 1)
                s = (s >> 1) ^ (s[0] ? 32'h8020_0003 : 32'h0000_0000);
            lfsr16 = s;
        end
    endfunction

    // ---------------------------------------------------------------- stage B1 (OREG)
    // pre_*: the event that enters B at the next advance
    wire             pre_v;
    wire [W-1:0]     pre_a, pre_b;
    wire [IDX_W-1:0] pre_idx;
    generate
        if (OREG != 0) begin : g_b1
            reg              v_q;
            reg  [W-1:0]     a_q, b_q;
            reg  [IDX_W-1:0] idx_q;
            always @(posedge clk_i) begin
                if (rst_i) v_q <= 1'b0;
                else if (en) v_q <= h_valid;
            end
            always @(posedge clk_i) begin
                if (en && h_valid) begin
                    a_q   <= h_a;
                    b_q   <= h_b;
                    idx_q <= a_idx;
                end
            end
            assign pre_v = v_q;
            assign pre_a = a_q;
            assign pre_b = b_q;
            assign pre_idx = idx_q;
        end else begin : g_nob1
            assign pre_v = h_valid;
            assign pre_a = h_a;
            assign pre_b = h_b;
            assign pre_idx = a_idx;
        end
    endgenerate
    wire [SET_W-1:0] pre_set = pre_idx[SET_W-1:0];

    // ---------------------------------------------------------------- stage B
    reg              b_v_q;
    reg  [W-1:0]     b_a_q, b_b_q;
    reg  [IDX_W-1:0] b_idx_q;
    reg  [TAG_W-1:0] b_tag_q;
    // The sets updated at the last two advances (lw1: by the event just
    // ahead, with OREG = 1 still to be written into the table; lw2: by the
    // one before; lwN_v: there was an event) and, for B, whether its set is
    // lw1's (f1): B takes lw1's word instead of the word read (with OREG = 1
    // merged with the writes it missed; below, per OREG).
    reg              f1_q;
    reg              lw1_v_q  /* verilator public_flat_rd */;
    reg  [SET_W-1:0] lw1_set_q /* verilator public_flat_rd */;
    reg  [SW-1:0]    lw1_data_q /* verilator public_flat_rd */;
    wire [SW-1:0]    old_w;    // B's set as the events ahead left it (per OREG below)
    reg  [31:0]      lfsr_q /* verilator public_flat_rd */;
    wire [SW-1:0]    rdata;

    wire [SET_W-1:0] b_set = b_idx_q[SET_W-1:0];
    wire [31:0]      b_way_full = {{(32-IDX_W){1'b0}}, b_idx_q} >> SET_W;
    // The LFSR state after the next event's 16 steps (lfsr16(lfsr_q)) and
    // the random select it gives are computed one event ahead, so neither
    // the 16 steps nor the compare lies on B's path to the FIFO.
    reg  [31:0]      lfsr_nx_q;
    reg              sel_q;
    wire [31:0]      lfsr_nn   = lfsr16(lfsr_nx_q);
    wire [31:0]      lfsr_seed = lfsr16(cfg_seed_i);
    wire             sel = sel_q;
    wire             proc = en && b_v_q;

    // Stage B is the read-modify-write loop of the table, so it is written for
    // depth: everything that depends only on one way (its increments and
    // threshold tests) is computed for every way in parallel with the tag
    // match and victim choice, and the chosen way is a one-hot select; no
    // carry chain comes after the select.
    // The thresholds minus one, registered: the configuration holds steady
    // from reset on, and the table clear after reset gives them time to
    // settle before the first event reaches B, so no subtraction lies on
    // B's paths.
    reg  [CNT_W:0]   rate_m1;      // n >= r  <=>  hit >= r-1
    reg  [CNT_W:0]   rate_n;       // ~(r-1), its own register: rsat's sum
    reg  [CNT_W:0]   evict_m1;
    reg  [MISS_W:0]  replace_m1;
    always @(posedge clk_i) begin
        rate_m1    <= cfg_rate_i - 1'b1;
        rate_n     <= ~(cfg_rate_i - 1'b1);
        evict_m1   <= cfg_evict_i - 1'b1;
        replace_m1 <= cfg_replace_i - 1'b1;
    end

    // What B needs to know of its set before the update (hwp_strat_set):
    // the ways' fields, tag matches, threshold tests and increments, and the
    // victim. Computed per OREG below (g_nf, g_nonf).
    localparam integer TW = 8 * WAYS + WAYS * CNT_W + WAYS * MISS_W + 2 * WAYS * (CNT_W + 1);
    wire [TW-1:0]             tst_b;
    wire [WAYS-1:0]           w_v, w_match, w_sat, w_evk, w_rep, w_rsat, w_full, vict_oh;
    wire [WAYS*CNT_W-1:0]     w_hit;
    wire [WAYS*MISS_W-1:0]    w_miss;
    wire [WAYS*(CNT_W+1)-1:0] w_nrep, w_nhit;
    assign {w_v, w_match, w_sat, w_evk, w_rep, w_rsat, w_full, vict_oh, w_hit, w_miss, w_nrep, w_nhit} = tst_b;
    integer w2, w4;  // one loop variable per always block

    // the way this event works on, one-hot
    reg [WAYS-1:0]  hit_oh, free_oh, idx_oh, tsel;
    reg             hw_f, fw_f;
    always @* begin
        hit_oh = {WAYS{1'b0}};
        free_oh = {WAYS{1'b0}};
        hw_f = 1'b0;
        fw_f = 1'b0;
        for (w2 = 0; w2 < WAYS; w2 = w2 + 1) begin
            // lowest matching way, lowest free way
            if (w_match[w2] && !hw_f) begin hit_oh[w2] = 1'b1; hw_f = 1'b1; end
            if (!w_v[w2] && !fw_f) begin free_oh[w2] = 1'b1; fw_f = 1'b1; end
        end
        for (w2 = 0; w2 < WAYS; w2 = w2 + 1) idx_oh[w2] = (b_way_full == w2);
        if (cfg_mode_i == M_TAG) tsel = hw_f ? hit_oh : (fw_f ? free_oh : vict_oh);
        else tsel = idx_oh;
    end

    // The update of each way as if it were the chosen one (cases as in
    // strat_set_update), all ways in parallel with the victim choice; the
    // one-hot tsel picks among the results at the end, so the victim
    // comparison is not in series with the update. The hit field is written
    // from n_hit (below); u_hit, the same by these cases, is what the FORMAL
    // section proves n_hit equal to.
    reg  [WAYS-1:0]       u_emit, u_v;
    reg  [WAYS*MCW-1:0]   u_count;
    reg  [WAYS*TAG_W-1:0] u_tag;
    reg  [WAYS*MISS_W-1:0] u_miss;
    reg  [WAYS*CNT_W-1:0] u_hit;
    reg              x_sat, x_evk, x_rep, x_rsat, x_full, x_mz;
    reg [CNT_W-1:0]  x_hit;
    reg [MISS_W-1:0] x_miss, x_nmiss;
    reg [CNT_W:0]    x_nrep, x_nhit;
    reg [TAG_W-1:0]  x_tag;
    reg              emit_w;
    reg  [MCW-1:0]   count_w;
    reg              ev_w;
    reg [TAG_W-1:0]  etag_w;
    reg [MISS_W-1:0] emiss_w;
    reg [CNT_W-1:0]  ehit_w;
    integer w5;
    always @* begin
        for (w5 = 0; w5 < WAYS; w5 = w5 + 1) begin
            x_sat  = w_sat[w5];
            x_evk  = w_evk[w5];
            x_rep  = w_rep[w5];
            x_rsat = w_rsat[w5];
            x_full = w_full[w5];
            x_hit  = w_hit[w5*CNT_W +: CNT_W];
            x_miss = w_miss[w5*MISS_W +: MISS_W];
            x_nmiss = w_miss[w5*MISS_W +: MISS_W] + 1'b1;  // miss + 1 < 2^MISS_W when no E5
            x_mz   = (x_miss == {MISS_W{1'b0}});
            x_nrep = w_nrep[w5*(CNT_W+1) +: CNT_W+1];
            x_nhit = w_nhit[w5*(CNT_W+1) +: CNT_W+1];
            x_tag  = old_w[w5*EW + CNT_W + MISS_W +: TAG_W];
            emit_w  = 1'b0;
            count_w = x_nhit;
            ev_w    = 1'b0;
            etag_w  = b_tag_q;
            emiss_w = {MISS_W{1'b0}};
            ehit_w  = x_nhit[CNT_W-1:0];
            case (cfg_mode_i)
                M_R, M_HR: begin
                    emit_w  = sel;
                    count_w = cfg_rate_i;
                    ehit_w  = x_hit;   // the counter is left alone
                end
                M_P, M_HP: begin
                    emit_w = x_sat;
                    if (x_sat) ehit_w = {CNT_W{1'b0}};
                end
                M_CR, M_HCR: begin
                    emit_w = sel || x_full;
                    if (emit_w) ehit_w = {CNT_W{1'b0}};
                end
                M_TAG: begin
                    if (hw_f) begin
                        // E3/E6a accumulate, E2 saturate, E6 evict (hit := miss)
                        emiss_w = x_miss;
                        ev_w    = 1'b1;
                        if (x_sat || (!x_mz && x_evk)) begin
                            emit_w  = 1'b1;
                            ev_w    = 1'b0;
                            ehit_w  = {{(CNT_W-MISS_W){1'b0}}, x_miss};
                            emiss_w = {MISS_W{1'b0}};
                        end
                    end else if (fw_f) begin
                        // E1 allocate, keeping a count carried over by E6
                        emit_w = x_sat;
                        ev_w   = !x_sat;
                        if (x_sat) ehit_w = {CNT_W{1'b0}};
                    end else if (x_rep) begin
                        // E5 replace: the new tuple inherits hit + miss counts
                        emit_w  = x_rsat;
                        count_w = x_nrep;
                        ev_w    = !x_rsat;
                        ehit_w  = x_rsat ? {CNT_W{1'b0}} : x_nrep[CNT_W-1:0];
                    end else begin
                        // E4 / E5a count the miss; the entry stays as it is
                        ev_w    = 1'b1;
                        etag_w  = x_tag;
                        emiss_w = x_nmiss;
                        ehit_w  = x_hit;
                    end
                end
                default: ehit_w = x_hit;
            endcase
            u_emit[w5]                    = emit_w;
            u_count[w5*MCW +: MCW]        = count_w;
            u_v[w5]                       = ev_w;
            u_tag[w5*TAG_W +: TAG_W]      = etag_w;
            u_miss[w5*MISS_W +: MISS_W]   = emiss_w;
            u_hit[w5*CNT_W +: CNT_W]      = ehit_w;
        end
    end

    // The hit field written back, the choice of the way included (the cases
    // of u_hit above), as an and-or of its four sources (hit kept, hit + 1,
    // hit + miss + 1, miss; zero when none) under one-hot selects. The
    // selects' parts known early (the mode, registered: the configuration
    // holds steady from reset on; tag match, free way, way by index) are
    // combined first, so the carry chains' results (threshold tests, victim,
    // sums) enter only the last levels before lw1.
    reg              md_tag_q, md_p_q, md_cr_q;   // cfg_mode_i decoded
    always @(posedge clk_i) begin
        md_tag_q <= (cfg_mode_i == M_TAG);
        md_p_q   <= (cfg_mode_i == M_P) || (cfg_mode_i == M_HP);
        md_cr_q  <= (cfg_mode_i == M_CR) || (cfg_mode_i == M_HCR);
    end
    reg [WAYS*CNT_W-1:0] n_hit;
    reg [WAYS*(EW-CNT_W)-1:0] n_up;   // {v, tag, miss} written back
    reg              k_hwa, k_fwa, k_vic, k_idx, y_sat, y_mev;
    reg              s_keep, s_nhit, s_nrep, s_miss;
    reg              c_vic, c_none, s_v, s_ntag, s_kmiss, s_imiss;
    integer w6;
    always @* begin
        for (w6 = 0; w6 < WAYS; w6 = w6 + 1) begin
            // early: which case this way is in if chosen
            k_hwa = md_tag_q && hw_f && hit_oh[w6];              // E2/E3/E6/E6a
            k_fwa = md_tag_q && !hw_f && fw_f && free_oh[w6];    // E1
            k_vic = md_tag_q && !hw_f && !fw_f;                  // E4/E5 if victim
            k_idx = (md_p_q || md_cr_q) && idx_oh[w6];
            // late: the tests
            y_sat = md_cr_q ? (sel || w_full[w6]) : w_sat[w6];
            y_mev = w_sat[w6] || (w_miss[w6*MISS_W +: MISS_W] != {MISS_W{1'b0}} && w_evk[w6]);
            s_miss = k_hwa && y_mev;
            s_nhit = (k_hwa && !y_mev) || ((k_fwa || k_idx) && !y_sat);
            s_nrep = k_vic && vict_oh[w6] && w_rep[w6] && !w_rsat[w6];
            s_keep = !(k_hwa || k_fwa || k_idx || (k_vic && vict_oh[w6])) ||
                     (k_vic && vict_oh[w6] && !w_rep[w6]);
            n_hit[w6*CNT_W +: CNT_W] =
                ({CNT_W{s_keep}} & old_w[w6*EW +: CNT_W]) |
                ({CNT_W{s_nhit}} & w_nhit[w6*(CNT_W+1) +: CNT_W]) |
                ({CNT_W{s_nrep}} & w_nrep[w6*(CNT_W+1) +: CNT_W]) |
                ({CNT_W{s_miss}} & {{(CNT_W-MISS_W){1'b0}}, w_miss[w6*MISS_W +: MISS_W]});
            // the other fields in the same form (tagged mode only; the
            // sampler modes keep them): valid unless the case samples or
            // evicts, the event's tag unless E4/E5a, the miss count kept on
            // E3/E6a, incremented on E4/E5a, zero otherwise
            c_vic  = k_vic && vict_oh[w6];
            c_none = !(k_hwa || k_fwa || c_vic);
            s_v    = (k_hwa && !y_mev) || (k_fwa && !w_sat[w6]) || (c_vic && !(w_rep[w6] && w_rsat[w6])) ||
                     (c_none && w_v[w6]);
            s_ntag = k_hwa || k_fwa || (c_vic && w_rep[w6]);
            s_kmiss = (k_hwa && !y_mev) || c_none;
            s_imiss = c_vic && !w_rep[w6];
            n_up[w6*(EW-CNT_W) +: EW-CNT_W] = {
                s_v,
                s_ntag ? b_tag_q : old_w[w6*EW + CNT_W + MISS_W +: TAG_W],
                ({MISS_W{s_kmiss}} & w_miss[w6*MISS_W +: MISS_W]) |
                ({MISS_W{s_imiss}} & (w_miss[w6*MISS_W +: MISS_W] + 1'b1))};
        end
    end

    wire unused_u_ref = ^{u_hit, u_v, u_tag, u_miss};   // the reference for n_hit, n_up (FORMAL)

    // the chosen way's result; write back: the chosen way changes, the
    // others keep their entries. In the sampler modes the valid/tag/miss
    // fields of an entry stay zero.
    reg              emit;
    reg  [MCW-1:0]   count;
    reg [SW-1:0]     new_w;
    always @* begin
        emit  = |(tsel & u_emit);
        count = {MCW{1'b0}};
        for (w4 = 0; w4 < WAYS; w4 = w4 + 1) begin
            if (tsel[w4]) count = count | u_count[w4*MCW +: MCW];
            new_w[w4*EW + CNT_W +: EW - CNT_W] = n_up[w4*(EW-CNT_W) +: EW-CNT_W];
            new_w[w4*EW +: CNT_W] = n_hit[w4*CNT_W +: CNT_W];
        end
    end

    // ---------------------------------------------------------------- table
`ifdef FORMAL
    wire [SW-1:0]             f_trd;    // the table's first read register
    wire [SW*(1<<SET_W)-1:0]  f_tmem;   // the table's memory
`endif
    // the table's write port (after the clear), per OREG below
    wire             t_we;
    wire [SET_W-1:0] t_waddr;
    wire [SW-1:0]    t_wdata;

    // a set read in the clock it is written is forwarded (f1 below)
    hwp_sdp_ram #(.DW(SW), .AW(SET_W), .OREG(0), .RW_OLD(0)) u_tab (
        .clk_i  (clk_i),
        .we_i   (t_we),
        .waddr_i(t_waddr),
        .wdata_i(t_wdata),
        .re_i   (en),
        .raddr_i(a_idx[SET_W-1:0]),
        .oce_i  (1'b1),
        .rdata_o(rdata)
`ifdef FORMAL
        , .f_rd_o(f_trd), .f_mem_o(f_tmem)
`endif
    );

    // The word B works on when lw1 is not its set. An event's read misses
    // the write made at the advance that issues it (lw1's then) and the
    // writes of the events between (not yet written).
    //   OREG = 0: the read is issued as the event enters B, and B writes
    //   its update at the advance that ends it: the read missed only the
    //   event now in lw1 (f1).
    //   OREG = 1: the read is issued as the event enters B1; there the word
    //   is merged with the events then in lw1 (g1: two ahead) and lw2 (g2:
    //   three ahead) into nf_q, and f1 covers the one in B (one ahead).
    // The set compares are made one advance before they are used.
`ifdef FORMAL
    wire          f_g1, f_g2;
    wire [SW-1:0] f_nf, f_l1w, f_l2;
`endif
    generate
        if (OREG != 0) begin : g_nf
            reg          g1_q, g2_q;
            reg [SW-1:0] nf_q;
            // stage W: lw1's word is written at the next advance, from a
            // second copy stored inverted so that synthesis keeps the two
            // apart: this copy feeds the table's write port and lw2,
            // lw1_data_q only stage B and B1's merge, so B's loop does not
            // reach the block RAM
            reg  [SW-1:0] lw1_wn_q, lw2_data_q;
            wire [SW-1:0] lw1_wr = ~lw1_wn_q;
            always @(posedge clk_i) begin
                if (en) begin
                    lw1_wn_q   <= ~new_w;
                    lw2_data_q <= lw1_wr;
                end
            end
            assign t_we    = clr_q || (en && lw1_v_q);
            assign t_waddr = clr_q ? clr_addr_q : lw1_set_q;
            assign t_wdata = clr_q ? {SW{1'b0}} : lw1_wr;
            wire [TW-1:0] tst_nf, tst_l1;
            // B's set tests on each source straight from its register; f1_q,
            // known a clock ahead, picks the result
            hwp_strat_set #(.WAYS(WAYS), .CNT_W(CNT_W), .MISS_W(MISS_W), .TAG_W(TAG_W)) u_set_nf (
                .set_i(nf_q), .tag_i(b_tag_q), .rate_m1_i(rate_m1), .rate_n_i(rate_n), .evict_m1_i(evict_m1),
                .replace_m1_i(replace_m1), .t_o(tst_nf)
            );
            hwp_strat_set #(.WAYS(WAYS), .CNT_W(CNT_W), .MISS_W(MISS_W), .TAG_W(TAG_W)) u_set_l1 (
                .set_i(lw1_data_q), .tag_i(b_tag_q), .rate_m1_i(rate_m1), .rate_n_i(rate_n), .evict_m1_i(evict_m1),
                .replace_m1_i(replace_m1), .t_o(tst_l1)
            );
            assign tst_b = f1_q ? tst_l1 : tst_nf;
            always @(posedge clk_i) begin
                if (en && h_valid) begin
                    // after this advance: B's event is lw1, lw1's is lw2
                    g1_q <= b_v_q && (a_idx[SET_W-1:0] == b_set);
                    g2_q <= lw1_v_q && (a_idx[SET_W-1:0] == lw1_set_q);
                end
                if (en && pre_v) nf_q <= g1_q ? lw1_data_q : g2_q ? lw2_data_q : rdata;
            end
            assign old_w = f1_q ? lw1_data_q : nf_q;
`ifdef FORMAL
            assign f_g1 = g1_q;
            assign f_g2 = g2_q;
            assign f_nf = nf_q;
            assign f_l1w = lw1_wr;
            assign f_l2 = lw2_data_q;
`endif
        end else begin : g_nonf
            // B's update is written as B hands it to lw1, so the select
            // before B's set tests is a two-way one
            assign t_we    = clr_q || proc;
            assign t_waddr = clr_q ? clr_addr_q : b_set;
            assign t_wdata = clr_q ? {SW{1'b0}} : new_w;
            assign old_w   = f1_q ? lw1_data_q : rdata;
            hwp_strat_set #(.WAYS(WAYS), .CNT_W(CNT_W), .MISS_W(MISS_W), .TAG_W(TAG_W)) u_set (
                .set_i(old_w), .tag_i(b_tag_q), .rate_m1_i(rate_m1), .rate_n_i(rate_n), .evict_m1_i(evict_m1),
                .replace_m1_i(replace_m1), .t_o(tst_b)
            );
`ifdef FORMAL
            assign f_g1 = 1'b0;
            assign f_g2 = 1'b0;
            assign f_nf = rdata;
            assign f_l1w = lw1_data_q;
            assign f_l2 = {SW{1'b0}};
`endif
        end
    endgenerate

    always @(posedge clk_i) begin
        if (rst_i) begin
            clr_q      <= 1'b1;
            clr_addr_q <= {SET_W{1'b0}};
            inflight_q <= 2'd0;
            b_v_q      <= 1'b0;
            lw1_v_q    <= 1'b0;
            lfsr_q     <= cfg_seed_i;
            lfsr_nx_q  <= lfsr_seed;
            sel_q      <= {1'b0, lfsr_seed[15:0]} < cfg_rthr_i;
        end else begin
            if (clr_q) begin
                if (clr_addr_q == {SET_W{1'b1}}) clr_q <= 1'b0;
                else clr_addr_q <= clr_addr_q + 1'b1;
            end
            inflight_q <= inflight_q + {1'b0, in_valid_i && h_in_ready} - {1'b0, h_valid && en};
            if (en) begin
                b_v_q   <= pre_v;
                lw1_v_q <= b_v_q;
            end
            if (proc) begin
                lfsr_q    <= lfsr_nx_q;
                lfsr_nx_q <= lfsr_nn;
                sel_q     <= {1'b0, lfsr_nn[15:0]} < cfg_rthr_i;
            end
        end
    end

    always @(posedge clk_i) begin
        if (en && pre_v) begin
            // forwarding decided one stage early: after this advance the
            // event now in B is lw1 and lw1 is lw2
            f1_q    <= b_v_q && (pre_set == b_set);
            b_a_q   <= pre_a;
            b_b_q   <= pre_b;
            b_idx_q <= pre_idx;
            b_tag_q <= tagfold(pre_a ^ pre_b);
        end
        if (en) begin
            lw1_set_q  <= b_set;
            lw1_data_q <= new_w;
        end
    end

    // ---------------------------------------------------------------- FIFO, A_k
    wire          f_pop;
    wire          f_pre;
    wire [FW-1:0] f_dout;
    wire          fl_done;
    wire          ak_busy;
    wire          pipe_empty = inflight_q == 2'd0 && !(OREG != 0 && pre_v) && !b_v_q && !wp_v_q && f_cnt == {(FIFO_AW+1){1'b0}} &&
                               !f_dv && !f_pre && !ak_busy;
    reg           fl_started_q;   // the A_k flush scan has been started
    wire          flush_start = flush_i && pipe_empty && !fl_started_q && cfg_ak_en_i;

    always @(posedge clk_i) begin
        if (rst_i) fl_started_q <= 1'b0;
        else if (flush_start) fl_started_q <= 1'b1;
    end

    // stage W: B's message enters the FIFO a clock later. The word is
    // loaded every clock (used only with wp_v_q), so emit, B's last signal
    // to settle, drives one flip-flop and no clock enables.
    reg [FW-1:0] wp_d_q;
    always @(posedge clk_i) begin
        if (rst_i) wp_v_q <= 1'b0;
        else wp_v_q <= proc && emit;
        wp_d_q <= {b_a_q, b_b_q, count};
    end

    hwp_strat_fifo #(.DW(FW), .AW(FIFO_AW), .OREG(OREG)) u_fifo (
        .clk_i      (clk_i),
        .rst_i      (rst_i),
        .push_i     (wp_v_q),
        .push_data_i(wp_d_q),
        .pop_i      (f_pop),
        .count_o    (f_cnt),
        .afull_o    (f_af),
        .dv_o       (f_dv),
        .dout_o     (f_dout),
        .pre_o      (f_pre)
    );

    hwp_strat_ak #(.W(W), .MCW(MCW), .AK_K(AK_K)) u_ak (
        .clk_i        (clk_i),
        .rst_i        (rst_i),
        .en_i         (cfg_ak_en_i),
        .head_valid_i (f_dv),
        .head_a_i     (f_dout[FW-1 -: W]),
        .head_b_i     (f_dout[MCW +: W]),
        .head_count_i (f_dout[MCW-1:0]),
        .pop_o        (f_pop),
        .busy_o       (ak_busy),
        .flush_start_i(flush_start),
        .fl_done_o    (fl_done),
        .out_valid_o  (out_valid_o),
        .out_ready_i  (out_ready_i),
        .out_a_o      (out_a_o),
        .out_b_o      (out_b_o),
        .out_count_o  (out_count_o)
    );

    assign in_ready_o = h_in_ready;
    assign done_o     = flush_i && pipe_empty && !out_valid_o && (!cfg_ak_en_i || fl_done);
`ifdef FORMAL
    // Properties (tests/formal/hwp_strat.sby): the pipelined table update
    // equals one event at a time. The table (f_arch) is the memory (f_tmem)
    // with lw1's word (with OREG = 1 not yet written) over it: what the
    // events that left stage B made it, in order. Stage B always works on its
    // set as that table holds it (old_w), whatever the distance to the events
    // ahead, the stalls, the mode and the configuration. For the induction:
    // lw2's word (OREG = 1; OREG = 0: lw1's) is the memory's; every
    // forwarding flag is exactly "that event's set is this one's"; a word
    // read and not merged yet is the memory's unless the write it missed
    // (OREG = 0: lw1's; OREG = 1: lw2's) was to its set.
    reg f_past = 1'b0;
    always @(posedge clk_i) f_past <= 1'b1;
    reg              lw2_v_q;     // lw2's event and set, for the proof only
    reg  [SET_W-1:0] lw2_set_q;
    always @(posedge clk_i) begin
        if (rst_i) lw2_v_q <= 1'b0;
        else if (en) lw2_v_q <= lw1_v_q;
        if (en) lw2_set_q <= lw1_set_q;
    end
    always @(*) if (!f_past) assume(rst_i);
    function [SW-1:0] f_set(input [SET_W-1:0] i);
        f_set = f_tmem[SW*i +: SW];
    endfunction
    // B's decisions use tst_b, which with OREG is picked from two sources:
    // it must be what old_w gives
    wire [TW-1:0] f_tst;
    hwp_strat_set #(.WAYS(WAYS), .CNT_W(CNT_W), .MISS_W(MISS_W), .TAG_W(TAG_W)) u_f_set (
        .set_i(old_w), .tag_i(b_tag_q), .rate_m1_i(rate_m1), .rate_n_i(rate_n), .evict_m1_i(evict_m1),
        .replace_m1_i(replace_m1), .t_o(f_tst)
    );
    reg [WAYS*CNT_W-1:0] f_hit;   // the chosen way's u_hit, the others' old hit
    reg [WAYS*(EW-CNT_W)-1:0] f_up;   // and so for the other fields (tagged mode)
    integer f_w;
    always @* begin
        for (f_w = 0; f_w < WAYS; f_w = f_w + 1) begin
            f_hit[f_w*CNT_W +: CNT_W] = tsel[f_w] ? u_hit[f_w*CNT_W +: CNT_W] : old_w[f_w*EW +: CNT_W];
            f_up[f_w*(EW-CNT_W) +: EW-CNT_W] = (tsel[f_w] && cfg_mode_i == M_TAG) ?
                {u_v[f_w], u_tag[f_w*TAG_W +: TAG_W], u_miss[f_w*MISS_W +: MISS_W]} :
                old_w[f_w*EW + CNT_W +: EW - CNT_W];
        end
    end
    function [SW-1:0] f_arch(input [SET_W-1:0] i);
        f_arch = (lw1_v_q && lw1_set_q == i) ? lw1_data_q : f_set(i);
    endfunction
    always @(*) if (f_past && !rst_i) begin
        if (lw1_v_q) begin
            // OREG = 1: lw1's word waits for its write; OREG = 0: written
            assert(!clr_q && f_l1w == lw1_data_q);
            if (OREG == 0) assert(f_set(lw1_set_q) == lw1_data_q);
        end
        if (lw2_v_q && OREG != 0) assert(!clr_q && f_l2 == f_set(lw2_set_q));
        if (b_v_q) begin
            assert(!clr_q);
            assert(f1_q == (lw1_v_q && lw1_set_q == b_set));
            if (!f1_q) assert(f_nf == f_set(b_set));
            assert(old_w == f_arch(b_set));
            assert(tst_b == f_tst);
            // the hit field written is the case form's, whenever the
            // registered mode is the configuration's
            if (md_tag_q == (cfg_mode_i == M_TAG) && md_p_q == (cfg_mode_i == M_P || cfg_mode_i == M_HP) &&
                md_cr_q == (cfg_mode_i == M_CR || cfg_mode_i == M_HCR))
                assert(n_hit == f_hit && n_up == f_up);
        end
        if (OREG != 0 && pre_v) begin
            assert(!clr_q);
            assert(f_g1 == (lw1_v_q && lw1_set_q == pre_set));
            assert(f_g2 == (lw2_v_q && lw2_set_q == pre_set));
            if (!f_g2) assert(f_trd == f_set(pre_set));
        end
    end
    // forwarding used at every distance in the tagged mode, and a sample
    // emitted on a forwarded set
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && proc && f1_q && cfg_mode_i == M_TAG);
        if (OREG == 0) cover(f_past && !rst_i && proc && !f1_q && lw2_v_q && lw2_set_q == b_set && cfg_mode_i == M_TAG);
        if (OREG != 0) begin
            cover(f_past && !rst_i && en && pre_v && f_g1 && !(b_v_q && b_set == pre_set) && cfg_mode_i == M_TAG);
            cover(f_past && !rst_i && en && pre_v && !f_g1 && f_g2 && !(b_v_q && b_set == pre_set) &&
                  cfg_mode_i == M_TAG);
        end
        cover(f_past && !rst_i && proc && emit && f1_q && cfg_mode_i == M_HP);
    end
`endif
endmodule

`default_nettype wire
