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
// parallel (a true fully-associative table).
//
// Pipeline: accept -> hash stage 1 -> hash stage 2 (bank reads issued) ->
// S3 (read data, forwarding of the previous cycle's writes, min, update,
// accumulator search/update, bank writes). The accumulator is read and written
// in S3 only, so back-to-back tuples see each other's updates.
`default_nettype none

module hwp_mhash #(
    parameter integer W          = 64,        // tuple field width (multiple of 8)
    parameter integer N_COUNTERS = 2048,      // total hash-table counters (power of 2)
    parameter integer CW         = 24,        // counter width (saturating)
    parameter integer EW         = 8,         // epoch tag width per counter
    parameter integer MAX_TABLES = 16,        // banks = most tables usable (power of 2, <= 16)
    parameter integer ACC_K      = 100,       // accumulator entries
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
    output wire [31:0]   stat_promotions_o    // tuples promoted into the accumulator
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
    localparam integer KB = (ACC_K > 1) ? clog2(ACC_K) : 1;
    localparam integer WW = EW + CW;                 // bank word width
    localparam [CW-1:0] CMAX = {CW{1'b1}};
    localparam [EW-1:0] EMAX = {EW{1'b1}};

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

    // ---------------------------------------------------------------- state
    reg [2:0]    st_q /* verilator public_flat_rd */;
    reg [DB-1:0] init_addr_q;
    reg [LW-1:0] icnt_q /* verilator public_flat_rd */;
    reg [EW-1:0] ep_q /* verilator public_flat_rd */;
    reg [EW-1:0] floor_age_q /* verilator public_flat_rd */;
    reg [EW-1:0] pass_age_q /* verilator public_flat_rd */;
    reg [DB-1:0] sc_ptr_q /* verilator public_flat_rd */;
    reg          sr_v_q;
    reg [DB-1:0] sr_addr_q;
    reg [31:0]   refused_q;
    reg [31:0]   promo_q;
    reg [CW-1:0] ncand_q;     // candidates streamed out of the current dump
    reg          eoi_q;       // end-of-interval record still to send
    reg          s1l_q;       // last tuple of an interval in hash stage 1
    reg          s3l_q;       // ... in S3

    reg          s3v_q;
    reg          same_q;      // the tuple in S3 equals the one before it
    reg [W-1:0]  s3_a_q, s3_b_q;
    reg [NB-1:0] s3_en_q;
    reg [NB*DB-1:0] s3_addr_q;

    reg [NB-1:0]    fwd_en_q;
    reg [NB*DB-1:0] fwd_addr_q;
    reg [NB*WW-1:0] fwd_word_q;

    // accumulator entries (registers, one generate block per entry) seen as
    // bit vectors (entry k at [k]) and word arrays (entry k at [k]). The
    // words are arrays, not packed ACC_K*W-bit vectors: Verilator rebuilt a
    // packed vector from its ACC_K slices by repeated concatenation on every
    // clock (quadratic in ACC_K, 3/4 of the simulation time at ACC_K = 100);
    // the logic is the same either way.
    wire [ACC_K-1:0]    acc_v /* verilator public_flat_rd */;
    wire [ACC_K-1:0]    acc_r /* verilator public_flat_rd */;
    wire [W-1:0]        acc_a [0:ACC_K-1] /* verilator public_flat_rd */;
    wire [W-1:0]        acc_b [0:ACC_K-1] /* verilator public_flat_rd */;
    wire [CW-1:0]       acc_c [0:ACC_K-1] /* verilator public_flat_rd */;
    wire [ACC_K-1:0]    acc_m;   // entry holds the tuple in S3 (one-hot or zero)
    wire [ACC_K-1:0]    pend;    // shadow entry waiting to be streamed out
    wire [W-1:0]        sh_a [0:ACC_K-1];
    wire [W-1:0]        sh_b [0:ACC_K-1];
    wire [CW-1:0]       sh_c [0:ACC_K-1];

    // ---------------------------------------------------------------- input + hash
    // The last tuple of an interval is held back while the previous
    // interval's candidates are still streaming out, while another last tuple
    // is in flight, or while the epoch cannot advance yet (scrub behind).
    wire last_in   = (icnt_q + 1'b1 == cfg_interval_i);
    wire l_flight  = s1l_q || (h_valid && h_last) || s3l_q;
    wire dump_busy = eoi_q;
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

    // ---------------------------------------------------------------- bank addressing (hash stage 2)
    reg [NB-1:0]    h_en;
    reg [NB*DB-1:0] h_addr;
    integer bj;
    reg [IB-1:0] bidx;
    reg [4:0]    btab;
    always @* begin
        h_en   = {NB{1'b0}};
        h_addr = {NB*DB{1'b0}};
        for (bj = 0; bj < NB; bj = bj + 1) begin
            btab = bj[4:0] >> lbpt;
            bidx = h_idx[IB*(bj >> lbpt) +: IB];
            h_addr[DB*bj +: DB] = bidx[DB-1:0];
            if (h_valid && (btab < cfg_tables_i) &&
                ((({{(32-IB){1'b0}}, bidx} >> DB) & ((32'd1 << lbpt) - 32'd1)) ==
                 (bj & ((32'd1 << lbpt) - 32'd1))))
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
            hwp_sdp_ram #(.DW(WW), .AW(DB)) u_ram (
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

    // ---------------------------------------------------------------- S3: counters
    reg [NB*CW-1:0] v;        // logical counter value per bank
    reg [NB-1:0]    scrub_need;
    reg [CW-1:0]    mn, newmin;
    reg [WW-1:0]    word;
    integer sj;
    always @* begin
        v          = {NB*CW{1'b0}};
        scrub_need = {NB{1'b0}};
        mn         = CMAX;
        for (sj = 0; sj < NB; sj = sj + 1) begin
            word = (fwd_en_q[sj] && fwd_addr_q[DB*sj +: DB] == s3_addr_q[DB*sj +: DB]) ?
                   fwd_word_q[WW*sj +: WW] : rd_w[WW*sj +: WW];
            if (word[CW +: EW] == ep_q) v[CW*sj +: CW] = word[CW-1:0];
            if (s3_en_q[sj] && v[CW*sj +: CW] < mn) mn = v[CW*sj +: CW];
            word = (fwd_en_q[sj] && fwd_addr_q[DB*sj +: DB] == sr_addr_q) ?
                   fwd_word_q[WW*sj +: WW] : rd_w[WW*sj +: WW];
            scrub_need[sj] = sr_v_q && (word[CW +: EW] != ep_q);
        end
        newmin = (mn == CMAX) ? CMAX : mn + 1'b1;
    end

    // ---------------------------------------------------------------- S3: accumulator search
    reg          free_found, rep_found;
    reg [KB-1:0] free_idx, rep_idx;
    integer ak;
    always @* begin
        free_found = 1'b0; rep_found = 1'b0;
        free_idx = {KB{1'b0}}; rep_idx = {KB{1'b0}};
        for (ak = ACC_K - 1; ak >= 0; ak = ak - 1) begin
            if (!acc_v[ak]) begin
                free_found = 1'b1; free_idx = ak[KB-1:0];
            end
            if (acc_v[ak] && acc_r[ak]) begin
                rep_found = 1'b1; rep_idx = ak[KB-1:0];
            end
        end
    end

    // Tags are unique, so at most one entry matches: the match vector is
    // one-hot and each entry updates itself (no index encode, no count mux).
    wire          hit     = |acc_m;
    wire          upd     = s3v_q && (!hit || !cfg_shield_i);
    wire          promo   = s3v_q && !hit && (newmin >= cfg_thr_i);
    wire          ins     = promo && (free_found || rep_found);
    wire          refuse  = promo && !(free_found || rep_found);
    wire [KB-1:0] slot    = free_found ? free_idx : rep_idx;

    // bank writes: init clear, pipeline update, or scrub
    integer wj;
    reg [CW-1:0] nv;
    always @* begin
        we    = {NB{1'b0}};
        waddr = {NB*DB{1'b0}};
        wdata = {NB*WW{1'b0}};
        for (wj = 0; wj < NB; wj = wj + 1) begin
            nv = v[CW*wj +: CW];
            if (ins && cfg_reset_i)
                nv = {CW{1'b0}};
            else if (!(cfg_cons_i && nv != mn))
                nv = (nv == CMAX) ? CMAX : nv + 1'b1;
            if (st_q == ST_INIT) begin
                we[wj] = 1'b1;
                waddr[DB*wj +: DB] = init_addr_q;
                wdata[WW*wj +: WW] = {ep_q, {CW{1'b0}}};
            end else if (upd && s3_en_q[wj]) begin
                we[wj] = 1'b1;
                waddr[DB*wj +: DB] = s3_addr_q[DB*wj +: DB];
                wdata[WW*wj +: WW] = {ep_q, nv};
            end else if (scrub_need[wj]) begin
                we[wj] = 1'b1;
                waddr[DB*wj +: DB] = sr_addr_q;
                wdata[WW*wj +: WW] = {ep_q, {CW{1'b0}}};
            end
        end
    end

    // ---------------------------------------------------------------- dump selection
    reg          pend_any;
    reg [KB-1:0] pend_idx;
    integer pk;
    always @* begin
        pend_any = 1'b0;
        pend_idx = {KB{1'b0}};
        for (pk = ACC_K - 1; pk >= 0; pk = pk - 1) begin
            if (pend[pk]) begin
                pend_any = 1'b1; pend_idx = pk[KB-1:0];
            end
        end
    end

    wire bnd       = s3v_q && s3l_q;             // interval ends with this S3 tuple
    wire end_ok    = bnd;
    wire out_fire  = eoi_q && out_ready_i;
    wire pass_done = sr_v_q && (sr_addr_q == D[DB-1:0] - 1'b1);

    assign out_valid_o = eoi_q;
    assign out_eoi_o   = eoi_q && !pend_any;
    assign out_a_o     = (eoi_q && pend_any) ? sh_a[pend_idx] : {W{1'b0}};
    assign out_b_o     = (eoi_q && pend_any) ? sh_b[pend_idx] : {W{1'b0}};
    assign out_count_o = !eoi_q ? {CW{1'b0}} : pend_any ? sh_c[pend_idx] : ncand_q;
    assign stat_refused_o = refused_q;
    assign stat_promotions_o = promo_q;

    // ---------------------------------------------------------------- control registers
    always @(posedge clk_i) begin
        if (rst_i) begin
            st_q        <= ST_INIT;
            init_addr_q <= {DB{1'b0}};
            icnt_q      <= {LW{1'b0}};
            s3v_q       <= 1'b0;
            ep_q        <= {EW{1'b0}};
            floor_age_q <= {EW{1'b0}};
            pass_age_q  <= {EW{1'b0}};
            sc_ptr_q    <= {DB{1'b0}};
            sr_v_q      <= 1'b0;
            refused_q   <= 32'd0;
            promo_q     <= 32'd0;
            ncand_q     <= {CW{1'b0}};
            eoi_q       <= 1'b0;
            s1l_q       <= 1'b0;
            s3l_q       <= 1'b0;
            fwd_en_q    <= {NB{1'b0}};
        end else begin
            s3v_q    <= h_valid;
            fwd_en_q <= we;
            if (refuse) refused_q <= refused_q + 32'd1;
            if (ins) promo_q <= promo_q + 32'd1;
            // scrubber: read when no tuple reads the banks
            sr_v_q <= !h_valid && (st_q != ST_INIT);
            if (!h_valid && (st_q != ST_INIT)) sc_ptr_q <= sc_ptr_q + 1'b1;
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
            s3l_q <= h_valid && h_last;
            if (bnd) begin
                eoi_q   <= 1'b1;
                ncand_q <= {CW{1'b0}};
                ep_q    <= ep_q + 1'b1;
            end else if (out_fire) begin
                if (pend_any) ncand_q <= ncand_q + 1'b1;
                else eoi_q <= 1'b0;
            end
            case (st_q)
                ST_INIT: begin
                    init_addr_q <= init_addr_q + 1'b1;
                    if (init_addr_q == D[DB-1:0] - 1'b1) st_q <= ST_RUN;
                end
                ST_RUN:  st_q <= ST_RUN;
                default: st_q <= ST_INIT;
            endcase
        end
    end

    // ---------------------------------------------------------------- datapath registers
    always @(posedge clk_i) begin
        s3_a_q     <= h_a;
        same_q     <= (h_a == s3_a_q) && (h_b == s3_b_q);
        s3_b_q     <= h_b;
        s3_en_q    <= h_en;
        s3_addr_q  <= h_addr;
        sr_addr_q  <= sc_ptr_q;
        fwd_addr_q <= waddr;
        fwd_word_q <= wdata;
    end

    // ---------------------------------------------------------------- accumulator
    genvar gk;
    generate
        for (gk = 0; gk < ACC_K; gk = gk + 1) begin : g_acc
            reg          v_q, r_q, p_q;
            reg [W-1:0]  a_q, b_q, sa_q, sb_q;
            reg [CW-1:0] c_q, sc_q;
            wire         hit_me = s3v_q && acc_m[gk];
            wire [CW-1:0] hit_inc = (c_q == CMAX) ? CMAX : c_q + 1'b1;
            wire         ins_me = ins && (slot == gk);
            // entry after this cycle's S3 update
            wire [CW-1:0] c_nx  = ins_me ? newmin : hit_me ? hit_inc : c_q;
            wire          v_nx  = v_q || ins_me;
            wire          r_nx  = r_q && !ins_me && !(hit_me && hit_inc >= cfg_thr_i);
            wire [W-1:0]  a_nx  = ins_me ? s3_a_q : a_q;
            wire [W-1:0]  b_nx  = ins_me ? s3_b_q : b_q;
            wire          cand  = v_nx && (c_nx >= cfg_thr_i);
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
                    if (out_fire && pend_any && pend_idx == gk) p_q <= 1'b0;
                end
            end
            always @(posedge clk_i) begin
                if (ins_me) begin
                    a_q <= s3_a_q;
                    b_q <= s3_b_q;
                end
                if (bnd) begin
                    sa_q <= a_nx;
                    sb_q <= b_nx;
                    sc_q <= c_nx;
                end
            end
            assign acc_v[gk]            = v_q;
            assign acc_r[gk]            = r_q;
            assign acc_a[gk]            = a_q;
            assign acc_b[gk]            = b_q;
            assign acc_c[gk]            = c_q;
            // tag compare against the tuple leaving the hash unit, registered;
            // in S3 corrected for the entry the previous tuple just wrote
            reg m_q, insd_q;
            always @(posedge clk_i) begin
                m_q    <= (a_q == h_a) && (b_q == h_b);
                insd_q <= ins_me;
            end
            assign acc_m[gk]            = v_q && (insd_q ? same_q : m_q);
            assign pend[gk]             = p_q;
            assign sh_a[gk]             = sa_q;
            assign sh_b[gk]             = sb_q;
            assign sh_c[gk]             = sc_q;
        end
    endgenerate
`ifdef FORMAL
    // Properties (tests/formal/hwp_mhash.sby): the pipelined update equals
    // one tuple at a time. The banks' memories (f_bmem) are what S3 wrote,
    // cycle by cycle; the counter values S3 works on in every bank (from the
    // word forwarded from the previous cycle's write, or read a cycle
    // earlier) are the memory's words now, and so is the scrubber's verdict; the accumulator entries that
    // match the tuple in S3 (acc_m, precomputed a cycle ahead and corrected
    // for the entry the previous tuple wrote) are exactly the valid entries
    // holding it; tags stay unique, so a tuple is never in two entries.
    // Any configuration, changing at will; interval ends and promotions as
    // the inputs make them.
    reg f_past = 1'b0;
    always @(posedge clk_i) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst_i);
    function [WW-1:0] f_word(input integer j, input [DB-1:0] i);
        f_word = f_bmem[WW*(D*j + i) +: WW];
    endfunction
    reg [WW-1:0] f_w;
    integer fj, fk, fk2;
    always @(*) if (f_past && !rst_i) begin
        for (fj = 0; fj < NB; fj = fj + 1) begin
            // the write of the previous cycle is in the memory (the forwarding source)
            if (fwd_en_q[fj]) assert(fwd_word_q[WW*fj +: WW] == f_word(fj, fwd_addr_q[DB*fj +: DB]));
            // the counter values S3 uses, and the scrubber's verdict, are the
            // memory's words now (a word of another epoch reads as 0)
            if (s3v_q && s3_en_q[fj]) begin
                f_w = f_word(fj, s3_addr_q[DB*fj +: DB]);
                assert(v[CW*fj +: CW] == ((f_w[CW +: EW] == ep_q) ? f_w[CW-1:0] : {CW{1'b0}}));
            end
            f_w = f_word(fj, sr_addr_q);
            if (sr_v_q) assert(scrub_need[fj] == (f_w[CW +: EW] != ep_q));
            else assert(!scrub_need[fj]);
        end
        for (fk = 0; fk < ACC_K; fk = fk + 1) begin
            if (s3v_q) assert(acc_m[fk] == (acc_v[fk] && acc_a[fk] == s3_a_q && acc_b[fk] == s3_b_q));
            for (fk2 = fk + 1; fk2 < ACC_K; fk2 = fk2 + 1)
                if (acc_v[fk] && acc_v[fk2]) assert(acc_a[fk] != acc_a[fk2] || acc_b[fk] != acc_b[fk2]);
        end
        assert(!(s3v_q && sr_v_q));
    end
    always @(posedge clk_i) begin
        cover(f_past && !rst_i && s3v_q && same_q && fwd_en_q[0] && ins);      // a promotion, its twin behind
        cover(f_past && !rst_i && s3v_q && hit && fwd_en_q[0]);
        cover(f_past && !rst_i && bnd && ncand_q == {CW{1'b0}} && promo_q != 32'd0);
    end
`endif
endmodule

`default_nettype wire
