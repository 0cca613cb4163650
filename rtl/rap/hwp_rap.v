// SPDX-License-Identifier: Apache-2.0
//
// Pipelined range-adaptive profiling engine (Mysore et al. 2008, section 3.3,
// Figure 6). Stage 0: a hash-indexed merging event buffer that combines
// identical events into <id, count> and evicts on conflict (section 3.2.1).
// Stage 1: TCAM range match of the key over every live entry. Stage 2: a
// fixed-priority arbiter over prefix levels picks the longest match; the
// counter and prefix RAMs are read. Stage 3: counter read-modify-write with
// forwarding for back-to-back hits, and the split-threshold compare
// (count + c) * H > (eps_q * n) >> 16, done with one multiplier and no
// divider. A split (split-before-add) flushes the pipeline into a 4-entry
// replay queue, probes the b children in the TCAM, inserts the missing ones
// (lowest free slot first) and replays. Merges run as batches (periodic, with
// period factor MERGE_Q, or forced when a split finds the TCAM full) while
// the input waits in the stage-0 buffer: levels deepest first, slots in
// order, each node folded into its closest live ancestor when the two counts
// together stay within the threshold. After eos_i the buffer is flushed and
// every live node (prefix, length in bits, count) and then the counters are
// streamed out. The C cycle model cmodel/rap/rap_cyc.c mirrors this module
// cycle by cycle; docs/rap.md is the specification.
`default_nettype none

module hwp_rap #(
    parameter integer W            = 32,       // key width (range R = 2^W)
    parameter integer K            = 2,        // log2 of the branching factor b
    parameter integer N            = 64,       // TCAM entries (live nodes)
    parameter integer CW           = 32,       // node counter and event count width
    parameter integer SB           = 3,        // log2 of the stage-0 buffer slots (0 = one slot)
    parameter integer CB           = 16,       // stage-0 buffer count width
    parameter [31:0]  MERGE_FIRST  = 32'd1024, // first merge batch when n reaches this
    parameter integer MERGE_Q      = 2,        // merge period factor q
    parameter integer OPT_TCAM_RAM = 0,        // 0: register/LUT TCAM, 1: block-RAM-sliced TCAM
    parameter integer TCAM_CHUNK   = 4,        // RAM TCAM: key bits per slice (RAM depth 2^chunk)
    parameter integer TCAM_BITWE   = 0,        // RAM TCAM: 1 per-bit write enables (no read-modify-write)
    parameter integer TCAM_KREG    = 0,        // RAM TCAM with the tournament: 1 registers the slices'
                                               // read address (one more stage-2 clock)
    parameter integer ARB_SERIAL   = 0,        // stage-2 arbiter: 0 tournament (hwp_rap_lpm), 1 bit-serial
                                               // (small), 2 bit-serial with the level limit applied by
                                               // the RAM TCAM (needs 2^TCAM_CHUNK > W/K + 1)
    parameter integer ARB_RG       = 0,        // tournament: tree levels per pipeline register (0: none)
    parameter integer ARB_OREG     = 0,        // tournament: 1 registers its result (one more stage-2
                                               // clock), so the counter and prefix RAMs are read from
                                               // a registered address
    parameter integer OPT_CREG     = 0,        // 1: the counter and prefix RAM reads are registered once
                                               // more (stage s3a) before stage 3, which then forwards the
                                               // counter writes of the last two clocks
    parameter integer OPT_INREG    = 0,        // 1: the input enters a two-entry skid register before
                                               // the stage-0 buffer (in_ready_o from a flip-flop)
    parameter integer OPT_LIVE_SUM = 1         // 1: stat_live_sum_o, the event-weighted live-node sum
) (
    input  wire          clk_i,
    input  wire          rst_i,
    input  wire [15:0]   eps_q_i,       // eps as a 16-bit fraction (eps = eps_q / 2^16), static
    // event input stream
    input  wire          in_valid_i,
    output wire          in_ready_o,
    input  wire [W-1:0]  in_id_i,
    input  wire          eos_i,         // every event accepted: flush and read out
    // readout stream: kind 0 = node (prefix, length in bits, count),
    //                 kind 1 = counter (len = counter id, count = value)
    output wire          out_valid_o,
    input  wire          out_ready_i,
    output wire          out_kind_o,
    output wire [W-1:0]  out_prefix_o,
    output wire [7:0]    out_len_o,
    output wire [CW-1:0] out_count_o,
    output wire          done_o,
    // status
    output wire [CW-1:0] dbg_n_o,
    output wire [16:0]   dbg_live_o,
    output wire [4:0]    dbg_state_o,
    // sum over accepted events of the live-node count of the functional model
    // (0 when OPT_LIVE_SUM = 0)
    output wire [63:0]   stat_live_sum_o
);
    localparam integer H   = W / K;
    localparam integer B   = 1 << K;
    localparam integer LB  = $clog2(H + 1);
    localparam integer IB  = $clog2(N);
    localparam integer SBW = (SB > 0) ? SB : 1;
    localparam integer SN  = 1 << SB;
    localparam integer NCTR = 7;
    // stage 2 takes 1 + TP clocks (the RAM TCAM's address register KR and
    // the tournament's registers; with KR the match lines enter the
    // tournament's input register s2_m_q a clock late), s3a CR; the
    // replay queue holds everything in flight at a flush (s1, stage 2, s3a,
    // s3 and the issued item), the eviction-tag FIFO that plus ev and the
    // pipeline
    localparam integer KR  = (OPT_TCAM_RAM != 0 && TCAM_KREG != 0) ? 1 : 0;
    localparam integer TP  = (ARB_SERIAL != 0) ? 0 :
                             ((ARB_RG > 0) ? (IB - 1) / ARB_RG : 0) + ((ARB_OREG != 0) ? 1 : 0) + KR;
    localparam integer TPW = (TP > 0) ? TP : 1;
    localparam integer CR  = (OPT_CREG != 0) ? 1 : 0;
    localparam integer RQ  = TP + CR + 4;
    localparam integer RQB = $clog2(RQ + 1);
    // eviction-tag FIFO: room for one more than it can hold (see the live-node sum)
    localparam integer TQB = $clog2(2 * (TP + CR) + 9);
    localparam [CW-1:0] LIM = {CW{1'b1}};
    localparam [CB-1:0] BMAX = {CB{1'b1}};
    localparam [31:0] MQ32 = MERGE_Q;
    localparam [63:0] MF64 = {32'd0, MERGE_FIRST};
    localparam [4:0]  MQ = MQ32[4:0];

    localparam [4:0] ST_INIT = 5'd0, ST_RUN = 5'd1, ST_PROBE = 5'd2, ST_PWAIT = 5'd3,
                     ST_DECIDE = 5'd4, ST_WR = 5'd5, ST_M_INIT = 5'd6, ST_M_RUN = 5'd7,
                     ST_M_END = 5'd12, ST_M_NEXT = 5'd13, ST_RD = 5'd14, ST_RO_LOAD = 5'd15,
                     ST_RO_WAIT = 5'd16, ST_CNT = 5'd17, ST_CNT_WAIT = 5'd18, ST_DONE = 5'd19, ST_IWAIT = 5'd20;

    // ------------------------------------------------------------------ state
    reg [4:0]    st_q, st_d;
    // stage 0: merging event buffer and its eviction register
    reg [SN-1:0] bv_q, bv_d;
    reg [SN*W-1:0]  bid_q, bid_d;
    reg [SN*CB-1:0] bcnt_q, bcnt_d;
    reg          ev_v_q, ev_v_d;
    reg [W-1:0]  ev_id_q, ev_id_d;
    reg [CB-1:0] ev_c_q, ev_c_d;
    // replay queue
    reg [RQB-1:0]   rq_n_q, rq_n_d;
    reg [RQ*W-1:0]  rq_id_q, rq_id_d;
    reg [RQ*CB-1:0] rq_c_q, rq_c_d;
    reg [RQ-1:0]    rq_ns_q, rq_ns_d;
    // pipeline registers
    reg          s1_v_q, s1_v_d, s1_pr_q, s1_pr_d, s1_ns_q, s1_ns_d;
    reg [W-1:0]  s1_id_q, s1_id_d;
    reg [CB-1:0] s1_c_q, s1_c_d;
    reg [K-1:0]  s1_j_q, s1_j_d;
    reg [LB:0]   s1_lim_q;  // level limit of the search in stage 1 (tournament)
    wire [LB:0]  m_lim;     // level limit of the search whose match lines are out (KR: s1_lim_q's last)
    reg          s2_v_q, s2_v_d, s2_pr_q, s2_pr_d, s2_ns_q, s2_ns_d;
    reg [W-1:0]  s2_id_q, s2_id_d;
    reg [CB-1:0] s2_c_q, s2_c_d;
    reg [K-1:0]  s2_j_q, s2_j_d;
    reg [N-1:0]  s2_m_q, s2_m_d;
    wire [N-1:0] s1_mv;     // stage 1: live match lines (registered into s2_m_q)
    // end of stage 2 (s2e): the item whose tournament result is out, TP
    // clocks after s2; with TP = 0 the s2 registers themselves
    wire         s2e_v, s2e_pr, s2e_ns;
    wire [W-1:0] s2e_id;
    wire [CB-1:0] s2e_c;
    wire [K-1:0] s2e_j;
    wire [CB-1:0] s2n_c;    // the count of the item at s2e next clock (in RUN)
    wire         s2d_any;   // an item in the stage-2 registers after s2 (s2d)
    wire         mae_v;     // merge stage A's end: node x and its count
    wire [IB-1:0] mae_x;
    wire [CW-1:0] mae_cx;
    wire         mad_any;
    reg          s3_v_q, s3_v_d, s3_ns_q, s3_ns_d;
    reg [W-1:0]  s3_id_q, s3_id_d;
    reg [CB-1:0] s3_c_q, s3_c_d;
    reg [IB-1:0] s3_idx_q, s3_idx_d;
    reg [LB-1:0] s3_lvl_q, s3_lvl_d;
    reg [CW-1:0] thr_q, thr_d;
    // the stage before stage 3 (s3p: s3a with OPT_CREG, else the end of
    // stage 2 with the tournament's result) and the RAM words stage 3 uses
    wire         s3p_v, s3p_ns;
    wire [W-1:0] s3p_id;
    wire [CB-1:0] s3p_c;
    wire [CB-1:0] s3n_c;   // the count of the item at s3p next clock (in RUN)
    wire [IB-1:0] s3p_idx;
    wire [LB-1:0] s3p_lvl;
    wire [CW-1:0] s3_crd;
    wire [W-1:0]  s3_prd;
    wire          fw2_v;     // the counter write of two clocks ago (OPT_CREG)
    wire [IB-1:0] fw2_idx;
    wire [CW-1:0] fw2_val;
    wire          s3a_any;
    // forwarding of the last counter write
    reg          fw_v_q, fw_v_d;
    reg [IB-1:0] fw_idx_q, fw_idx_d;
    reg [CW-1:0] fw_val_q, fw_val_d;
    // node table: valid and level in registers, prefix and count in RAM
    reg [N-1:0]  valid_q, valid_d;
    reg [N*LB-1:0] len_q, len_d;
    reg [W-1:0]  pmem [0:N-1];
    // the counter words in LUT RAM on the ECP5: crd_q and crd2_q are then
    // fabric flip-flops (a DP16KD's output takes 5.8 ns, on the paths of
    // stage 3 and of the merge compare). HWP_RAP_CMEM_BLOCK leaves cmem to
    // block RAM, for large N with OPT_CREG, where crd_q only feeds
    // registers (s3a's crd_r, the merge pipeline's mq_cx_q, the readout):
    // a deep LUT RAM's read address fans out to every slice and its word
    // passes several multiplexer levels
`ifdef HWP_ECP5
`ifndef HWP_RAP_CMEM_BLOCK
    (* ram_style = "distributed" *)
`endif
`endif
    reg [CW-1:0] cmem [0:N-1];
    reg [W-1:0]  prd_q;
`ifdef HWP_ECP5
    (* ram_style = "distributed" *)
`endif
    reg [CW-1:0] cmem2 [0:N-1];  // copy of cmem: second read port for the merge pipeline
    reg [CW-1:0] crd_q, crd2_q;
    // controller
    reg [CW-1:0] n_q, n_d, nm_q, nm_d, nlm_q, nlm_d;
    reg          full_q, full_d;
    reg [16:0]   live_q, live_d;
    reg [NCTR*CW-1:0] ctr_q, ctr_d;
    reg [W-1:0]  sp_pre_q, sp_pre_d;
    reg [LB-1:0] sp_lvl_q, sp_lvl_d;
    reg [K:0]    sp_j_q, sp_j_d;
    reg [W-1:0]  sp_m_q, sp_m_d;  // digit_lsb(sp_lvl_q)
    reg [B-1:0]  pres_q, pres_d, miss_q, miss_d;
    reg [LB-1:0] m_lvl_q, m_lvl_d;
    // slot scanner (merge batches, readout): the level it scans (sl_q,
    // H down to 1; the merge pipeline's m_lvl_q follows it) and a load
    // pending (sc_ld_q: the scanner captures its vector this clock)
    reg [LB-1:0] sl_q, sl_d;
    reg          sc_ld_q, sc_ld_d;
    // merge pipeline: K (RAM data of x), R (x's prefix registered: the TCAM
    // search key starts at a flip-flop, not at the prefix RAM's output), Q
    // (TCAM match), A (arbiter, read the ancestor's count), C (compare, fold)
    reg          mk_v_q, mk_v_d, mr_v_q, mr_v_d, mq_v_q, mq_v_d, ma_v_q, ma_v_d, mc_v_q, mc_v_d;
    (* fsm_encoding = "none" *) reg [IB-1:0] mk_x_q;
    reg [IB-1:0] mk_x_d, mr_x_q, mq_x_q, mq_x_d, ma_x_q, ma_x_d, mc_x_d, mc_a_q, mc_a_d;
    reg [W-1:0]  mr_key_q;
    reg [CW-1:0] mr_cx_q;
    reg [CW-1:0] mq_cx_q, mq_cx_d, ma_cx_q, ma_cx_d, mc_cx_q, mc_cx_d;
    reg          m_per_q, m_per_d;
    reg [2:0]    ro_c_q, ro_c_d;
    reg          out_v_q, out_v_d, out_k_q, out_k_d;
    reg [W-1:0]  out_p_q, out_p_d;
    reg [7:0]    out_l_q, out_l_d;
    reg [CW-1:0] out_n_q, out_n_d;

    // ------------------------------------------------------------------ helpers
    function [SBW-1:0] fold;
        input [W-1:0] v;
        integer i;
        begin
            fold = {SBW{1'b0}};
            if (SB > 0)
                for (i = 0; i < W; i = i + 1) fold[i % SBW] = fold[i % SBW] ^ v[i];
        end
    endfunction

    // the lowest bit of the child digit of a prefix at level l (digits)
    function [W-1:0] digit_lsb;
        input [LB-1:0] l;
        integer sh;
        begin
            sh = W - ({{(32-LB){1'b0}}, l} + 1) * K;
            digit_lsb = {{(W-1){1'b0}}, 1'b1} << sh;
        end
    endfunction

    // child key from the prefix p and its child digit's lowest bit m
    // (digit_lsb): p with digit j set at m, no shifter
    function [W-1:0] child_or;
        input [W-1:0] p;
        input [W-1:0] m;
        input [K-1:0] j;
        integer jk;
        begin
            child_or = p;
            for (jk = 0; jk < K; jk = jk + 1)
                if (j[jk]) child_or = child_or | (m << jk);
        end
    endfunction

    // ------------------------------------------------------------------ TCAM
    reg          tc_wr;
    reg [IB-1:0] tc_wr_idx;
    reg [W-1:0]  tc_wr_key;
    reg [LB-1:0] tc_wr_lvl;
    wire [W-1:0] tc_key;
    reg [LB:0]   tc_lim;    // level limit of the search (levels < tc_lim), RAM TCAM limit slice
    wire [N-1:0] tc_match;
    assign s1_mv = tc_match & valid_q;
    wire         tc_busy, tc_busy_nx;

    generate
        if (OPT_TCAM_RAM != 0) begin : g_tram
            hwp_rap_tcam_ram #(.W(W), .K(K), .LB(LB), .N(N), .IB(IB), .CHUNK(TCAM_CHUNK),
                               .BITWE(TCAM_BITWE), .LIMIT(ARB_SERIAL == 2 ? 1 : 0), .KREG(KR))
            u_tcam (
                .clk_i(clk_i), .rst_i(rst_i), .key_i(tc_key), .lim_i(tc_lim), .match_o(tc_match),
                .wr_i(tc_wr),
                .wr_idx_i(tc_wr_idx), .wr_key_i(tc_wr_key), .wr_lvl_i(tc_wr_lvl),
                .wr_busy_o(tc_busy), .wr_busy_nx_o(tc_busy_nx));
        end else begin : g_tlut
            hwp_rap_tcam_lut #(.W(W), .K(K), .H(H), .LB(LB), .N(N), .IB(IB)) u_tcam (
                .clk_i(clk_i), .key_i(tc_key), .match_o(tc_match), .wr_i(tc_wr),
                .wr_idx_i(tc_wr_idx), .wr_key_i(tc_wr_key), .wr_lvl_i(tc_wr_lvl),
                .wr_busy_o(tc_busy), .wr_busy_nx_o(tc_busy_nx));
            wire unused_rst = &{1'b0, rst_i, tc_lim};
        end
        if (KR != 0) begin : g_klim
            reg [LB:0] lim2_q;
            always @(posedge clk_i) lim2_q <= s1_lim_q;
            assign m_lim = lim2_q;
            if (ARB_SERIAL != 0) begin : g_bad_kreg
                rap_error_TCAM_KREG_needs_the_tournament u_err ();
            end
        end else begin : g_nklim
            assign m_lim = s1_lim_q;
        end
    endgenerate

`ifdef HWP_RAP_CMEM_BLOCK
    generate
        if (OPT_CREG == 0) begin : g_bad_cmem
            rap_error_HWP_RAP_CMEM_BLOCK_needs_OPT_CREG u_err ();
        end
    endgenerate
`endif

    // ------------------------------------------------------------------ stage 2 arbiter
    // The live entries matching one key are nested prefixes, at most one per
    // level; the longest one below the limit wins (levels < arb_lim take
    // part). probe_hit: a matching entry at level sp_lvl + 1 (the probed
    // child is live).
    reg  [LB:0]   arb_lim;
    reg  [LB-1:0] best_lvl;
    wire [IB-1:0] best_idx;
    wire [N-1:0]  arb_sel;
    wire          probe_hit;
    genvar ga, gb;
    generate
        if (ARB_SERIAL == 0) begin : g_arbt
            // pipelined tournament over the match lines, which stage 1 has
            // already limited (s1_lim_q); its result comes with s2e_*
            wire [LB-1:0] lpm_lvl;
            hwp_rap_lpm #(.N(N), .IB(IB), .LB(LB), .RG(ARB_RG), .RO(ARB_OREG)) u_lpm (
                .clk_i(clk_i), .m_i(s2_m_q), .lvl_i(len_q), .lvl_o(lpm_lvl), .idx_o(best_idx));
            always @(*) best_lvl = lpm_lvl;
            assign probe_hit = ({1'b0, best_lvl} == {1'b0, sp_lvl_q} + 1'b1);
            assign arb_sel = {N{1'b0}};
            wire unused_lw = &{1'b0, arb_lim, arb_sel};
        end else begin : g_arbs
            // bit-serial maximum over the binary levels, most significant bit
            // first: keep the candidates with the bit set if there are any
            // (no per-entry one-hot registers; LB rounds of AND-OR logic).
            // Probes run with arb_lim = sp_lvl + 2, so the probed child is
            // live iff the longest match is at sp_lvl + 1.
            // ARB_SERIAL = 2 with the RAM TCAM: the search already applied
            // the limit (tc_lim, equal to arb_lim whenever the result is used)
            localparam integer TLIM = (ARB_SERIAL == 2 && OPT_TCAM_RAM != 0) ? 1 : 0;
            if (TLIM != 0 && (1 << TCAM_CHUNK) <= H + 1) begin : g_bad
                rap_error_ARB_SERIAL_2_needs_2_pow_TCAM_CHUNK_above_W_div_K_plus_1 u_err ();
            end
            // With TLIM the first R1 rounds run in stage 1 on the match lines
            // being registered (retiming: the levels do not change between
            // stage 1 and stage 2 of any search whose result is used; table
            // writes happen only in INIT and WR, and a WR write cycle is
            // always followed by another WR cycle), the rest in stage 2.
            localparam integer R1 = (TLIM != 0) ? (LB + 1) / 2 : 0;
            reg [N-1:0]  c1_d, c1_q, cand;
            reg [LB-1:0] b1_d, b1_q;
            reg [N-1:0]  lbit1, lbit;
            integer ab, ae;
            always @(*) begin
                c1_d = s1_mv;
                b1_d = {LB{1'b0}};
                for (ab = LB - 1; ab >= LB - R1; ab = ab - 1) begin
                    for (ae = 0; ae < N; ae = ae + 1) lbit1[ae] = len_q[ae*LB + ab];
                    b1_d[ab] = |(c1_d & lbit1);
                    if (b1_d[ab]) c1_d = c1_d & lbit1;
                end
            end
            always @(posedge clk_i) begin
                c1_q <= c1_d;
                b1_q <= b1_d;
            end
            always @(*) begin
                best_lvl = b1_q;
                for (ae = 0; ae < N; ae = ae + 1)
                    if (R1 != 0) cand[ae] = c1_q[ae];
                    else cand[ae] = s2_m_q[ae] && (TLIM != 0 || {1'b0, len_q[ae*LB +: LB]} < arb_lim);
                for (ab = LB - 1 - R1; ab >= 0; ab = ab - 1) begin
                    for (ae = 0; ae < N; ae = ae + 1) lbit[ae] = len_q[ae*LB + ab];
                    best_lvl[ab] = |(cand & lbit);
                    if (best_lvl[ab]) cand = cand & lbit;
                end
            end
            assign arb_sel = cand;
            assign probe_hit = ({1'b0, best_lvl} == {1'b0, sp_lvl_q} + 1'b1);
            wire unused_lw = &{1'b0, c1_d, b1_d, s1_lim_q, m_lim};
            for (ga = 0; ga < IB; ga = ga + 1) begin : g_idx
                wire [N-1:0] col;
                for (gb = 0; gb < N; gb = gb + 1) begin : g_ent
                    localparam [31:0] GB = gb;
                    assign col[gb] = arb_sel[gb] & GB[ga];
                end
                assign best_idx[ga] = |col;
            end
        end
    endgenerate

    // ------------------------------------------------------------------ slot scans
    // The merge batch's next node of a level and the readout's next live
    // slot come from the slot scanner (hwp_rap_scan.v): loaded with the
    // level's live slots (all live slots for the readout), it emits them in
    // slot order, one per clock, from a register. The vector is captured
    // once per level: the live slots of a level do not change while it is
    // scanned or while the level before it drains (merge folds clear only
    // nodes of the level being folded, which the scanner has already
    // emitted), so the scanner runs one level ahead of the merge pipeline.
    // The lowest free slot comes from a lowest-set-bit tree (no N-long
    // priority chain) into a register (free_q), so the child writes' RAM
    // and TCAM addresses start from a flip-flop; a child write waits a
    // clock after the previous one so that free_q has seen it (the RAM TCAM
    // is busy longer than that anyway). wr_go_q: a child write happens this
    // clock (ST_WR, a child still missing, the TCAM not busy, no write last
    // clock), loaded a clock ahead from the next state, the next missing set
    // and the TCAM's next busy flag, so that the write's enables (TCAM, RAMs,
    // the new slot's valid bit and level, across the whole table) start at a
    // flip-flop instead of the state decode.
    reg [IB-1:0] free_idx;
    reg [SBW-1:0] bflush_idx;
    reg          bflush_any;
    reg [N-1:0]  sc_vec;
    wire         sc_v, sc_busy;
    wire [IB-1:0] sc_idx;
    wire [LB-1:0] sc_tag;
    reg          sc_take;
    wire [IB-1:0] free_idx_t;
    reg  [IB-1:0] free_q;
    reg           wr_go_q;
    always @(posedge clk_i) begin
        free_q <= free_idx_t;
        wr_go_q <= !rst_i && st_d == ST_WR && miss_d != {B{1'b0}} && !tc_busy_nx && !tc_wr;
    end
    integer pi;
    always @(*)
        for (pi = 0; pi < N; pi = pi + 1)
            sc_vec[pi] = valid_q[pi] && (st_q == ST_RD || len_q[(pi)*LB +: LB] == sl_q);
    hwp_rap_scan #(.N(N), .IB(IB), .TW(LB)) u_scan (
        .clk_i(clk_i), .rst_i(rst_i), .load_i(sc_ld_q), .vec_i(sc_vec), .tag_i(sl_q),
        .take_i(sc_take), .v_o(sc_v), .idx_o(sc_idx), .tag_o(sc_tag), .busy_o(sc_busy));
    // the merge pipeline's level has no node left to enter it
    wire          m_lvl_done = !(sc_v && sc_tag == m_lvl_q) &&
                               (sl_q != m_lvl_q || (!sc_ld_q && !sc_busy));
    wire unused_free_any;
    hwp_rap_lsb #(.N(N), .IB(IB)) u_free (.v_i(~valid_q), .any_o(unused_free_any), .idx_o(free_idx_t));
    always @(*) begin
        free_idx = free_q;
        bflush_idx = {SBW{1'b0}};
        bflush_any = 1'b0;
        for (pi = SN - 1; pi >= 0; pi = pi - 1)
            if (bv_q[pi]) begin
                bflush_idx = pi[SBW-1:0];
                bflush_any = 1'b1;
            end
    end

    // ------------------------------------------------------------------ datapath
    // counter readout multiplexer
    reg [CW-1:0] ctr_sel;
    integer ci;
    always @(*) begin
        ctr_sel = {CW{1'b0}};
        for (ci = 0; ci < NCTR; ci = ci + 1)
            if (ro_c_q == ci[2:0]) ctr_sel = ctr_q[ci*CW +: CW];
    end
    // st_q == ST_RUN, st_q == ST_PROBE and rq_n_q != 0 from their own
    // flip-flops (run_q, probe_q, rq_nz_q), loaded with the next state and
    // count, so that the issue select and the TCAM search key (tc_key) start
    // at flip-flops
    reg           run_q, probe_q, rq_nz_q;
    // the counter and prefix RAMs' read address is the scanner's slot in
    // ST_M_RUN and ST_RD, else the tournament's result; the choice from a
    // flip-flop loaded with the next state (rdsc_q), so that no state
    // decode precedes the RAMs' address (wide fan-out)
    reg           rdsc_q;
    // fsel_q: the slot the merge compare (C) folds if it decides to, one-hot
    // (fsel_q[i]: C holds node i), so that the late fold decision meets only
    // its own slot's valid bit. Loaded from mc_v_d without the next state:
    // mc_v_d is set only in ST_M_RUN while stage A holds a node, when the
    // controller stays in ST_M_RUN (m_busy), so the stage-3 decision (flush)
    // does not reach these N flip-flops
    reg  [N-1:0]  fsel_q;
    // a fold takes effect a clock after C decides it (mf_q, the slot in
    // fsel2_q), so that the decision meets only mf_q's D input, not the
    // enables of N valid bits, the live count and the merge counter. The
    // late valid bit is never read: C holds the level being folded, whose
    // nodes the scanner has passed and no ancestor search reaches, and the
    // batch moves on only after C is empty (m_busy)
    reg  [N-1:0]  fsel2_q;
    reg           mf_q, mf_d;
    integer       fi;
    always @(posedge clk_i) begin
        for (fi = 0; fi < N; fi = fi + 1)
            fsel_q[fi] <= !rst_i && mc_v_d && mc_x_d == fi[IB-1:0];
        fsel2_q <= fsel_q;
    end
    wire          run = run_q;
    wire          iss_rq = run && rq_nz_q;
    wire          iss_ev = run && !rq_nz_q && ev_v_q;
    wire          iss_v  = iss_rq || iss_ev;
    // the issued item (used in RUN only)
    wire [W-1:0]  iss_id = rq_nz_q ? rq_id_q[(0)*W +: W] : ev_id_q;
    wire [CB-1:0] iss_c  = rq_nz_q ? rq_c_q[(0)*CB +: CB] : ev_c_q;
    wire          iss_ns = rq_nz_q && rq_ns_q[0];
    // the eviction register is free (or being issued); otherwise only inputs
    // that need no eviction (a hit below the count limit, or an empty slot)
    // are accepted, so the buffer keeps absorbing events during stalls
    wire          ev_free = !ev_v_q || iss_ev;
    // stage 0's input (b_v, b_in, its buffer slot one-hot in b_sel): the
    // input port itself, or with OPT_INREG the head of a two-entry skid
    // register (g_inreg); b_take: stage 0 takes it this clock. b_hit: b_in's
    // slot is valid and holds b_in's tag; b_full: the slot's count is at its
    // limit (bfull_q[s] == (bcnt_q[s] == BMAX), kept with the counts); b_occ:
    // the slot is valid. Without OPT_INREG these come from the compare of the
    // input port's id against every slot (in_hits) and the slot's flags; with
    // OPT_INREG from flip-flops loaded with the skid head (g_inreg), so that
    // the take decision starts at flip-flops next to it. The slot's words are
    // AND-OR selected, so that no multiplexer by the folded id precedes a
    // compare.
    wire          b_v;
    wire [W-1:0]  b_in;
    wire [SN-1:0] b_sel;
    wire          b_hit, b_full, b_occ;
    wire          b_pend;   // an input waits in the skid register (eos must wait for it)
    reg  [SN-1:0] in_hits;
    reg  [SN-1:0] bfull_q, bfull_d;
    reg  [W-1:0]  b_id;
    reg  [CB-1:0] b_cnt;
    integer si;
    always @(*) begin
        b_id = {W{1'b0}};
        b_cnt = {CB{1'b0}};
        for (si = 0; si < SN; si = si + 1) begin
            in_hits[si] = bv_q[si] && bid_q[si*W +: W] == in_id_i;
            if (b_sel[si]) begin
                b_id = b_id | bid_q[si*W +: W];
                b_cnt = b_cnt | bcnt_q[si*CB +: CB];
            end
        end
    end
    wire          b_noev = b_hit ? !b_full : !b_occ;
    // the full flag stage 0 writes into b_in's slot when it takes it
    wire          full_w = (b_hit && !b_full) ? b_cnt == BMAX - 1'b1 :
                           BMAX == {{(CB-1){1'b0}}, 1'b1};
    wire          b_take = b_v && (ev_free || b_noev);
    // the end-of-stream flush empties the lowest valid slot when no input
    // waits and the eviction register is free
    wire          b_flush = !b_take && eos_i && ev_free && bflush_any && !b_pend;
    generate
        if (OPT_INREG != 0) begin : g_inreg
            // head (0) and second (1) entry; the second is loaded whenever
            // it is empty (harmless if nothing is pushed), the head when it
            // is empty or taken, from the second if that is full. With the
            // second id its slot (sel1) and its per-slot match bits (m1),
            // loaded with it; they need no update while it waits: an entry
            // becomes valid there only in a clock without a take (v1_d) and
            // with the head full (no flush), and leaves with the next take.
            // With the head its slot (sel0) and that slot's hit, full and
            // valid flags as they are in the next clock (h0, f0, o0): the
            // slot stage 0 writes this clock is then valid, holds b_in with
            // full_w (the written count at its limit), so the head hits iff
            // its id equals b_in; any other slot is read as it is; the late
            // take only selects. A head loaded in a flush clock is not valid
            // (a flush follows eos_i, every event accepted: nothing enters),
            // so the flushed slot needs no forward. The held head needs no
            // update: the buffer changes only on a take or a flush, and a
            // flush waits for the head to leave.
            reg          v0_q, v1_q;
            reg [W-1:0]  id0_q, id1_q;
            reg [SN-1:0] sel0_q, sel1_q;
            reg [SN-1:0] m1_q;
            reg          h0_q, f0_q, o0_q;
            wire [SN-1:0] sel_in = {{(SN-1){1'b0}}, 1'b1} << fold(in_id_i);
            wire          push = in_valid_i && !v1_q;
            // the next head's id, slot and match bits before this clock's write
            wire [SN-1:0] sel_n = v1_q ? sel1_q : sel_in;
            wire [SN-1:0] hits_n = v1_q ? m1_q : in_hits;
            wire          eq_n = (v1_q ? id1_q : in_id_i) == b_in;
            wire          same_n = |(sel_n & b_sel);   // the slot stage 0 writes if it takes
            wire          h_r = |(hits_n & sel_n);
            wire          f_r = |(bfull_q & sel_n);
            wire          o_r = |(bv_q & sel_n);
            always @(posedge clk_i) begin
                if (!v1_q) begin
                    id1_q <= in_id_i;
                    sel1_q <= sel_in;
                    m1_q <= in_hits;
                end
                if (b_take || !v0_q) begin
                    id0_q <= v1_q ? id1_q : in_id_i;
                    sel0_q <= sel_n;
                    h0_q <= (b_take && same_n) ? eq_n : h_r;
                    f0_q <= (b_take && same_n) ? full_w : f_r;
                    o0_q <= (b_take && same_n) || o_r;
                end
                if (rst_i) begin
                    v0_q <= 1'b0;
                    v1_q <= 1'b0;
                end else begin
                    v0_q <= b_take ? (v1_q || push) : (v0_q || push);
                    v1_q <= !b_take && (v1_q || (v0_q && push));
                end
            end
            assign {b_v, b_in, b_sel} = {v0_q, id0_q, sel0_q};
            assign {b_hit, b_full, b_occ} = {h0_q, f0_q, o0_q};
            assign b_pend = v0_q;
            assign in_ready_o = !v1_q;
        end else begin : g_noinreg
            assign {b_v, b_in} = {in_valid_i, in_id_i};
            assign b_sel = {{(SN-1){1'b0}}, 1'b1} << fold(in_id_i);
            assign b_hit = |(in_hits & b_sel);
            assign b_full = |(bfull_q & b_sel);
            assign b_occ = |(bv_q & b_sel);
            assign b_pend = 1'b0;
            assign in_ready_o = ev_free || b_noev;
        end
    endgenerate

    // a full TCAM forces a merge batch only if n grew by more than 1/8 since the last one
    // force_ok = n > nlm + nlm / 8 from flip-flops: the bound is registered
    // a clock after nlm_q and the compare is made on next clock's n (n_q, or
    // n_commit when stage 3 commits: the late commit decision only selects).
    // Exact whenever it is used: nlm_q changes only in ST_M_END, which also
    // clears full_q, so for the next clocks no split waits on it (s3_wait),
    // and ST_DECIDE comes at least a probe sweep after the next split.
    reg  [CW:0]   nlm_grow_q;
    reg           force_ok_q;
    wire [CW:0]   nlm_grow = {1'b0, nlm_q} + {4'd0, nlm_q[CW-1:3]};
    wire          force_ok = force_ok_q;

    // stage 3 compare: the sum and its threshold compare (hwp_rap_over.v)
    // are formed for each source of the count (the RAM word, the forwarded
    // writes at distances 1 and 2) in parallel and the results selected, so
    // that the forwarding select is not in series with the adder and the
    // compare
    wire          s3_f1 = (fw_v_q && fw_idx_q == s3_idx_q);
    wire          s3_f2 = (fw2_v && fw2_idx == s3_idx_q);
    wire [CW-1:0] s3_cw = {{(CW-CB){1'b0}}, s3_c_q};
    wire [CW-1:0] s3_sum_r = s3_crd + s3_cw;
    wire [CW-1:0] s3_sum_1 = fw_val_q + s3_cw;
    wire [CW-1:0] s3_sum_2 = fw2_val + s3_cw;
    wire          s3_over_r, s3_over_1, s3_over_2;
    hwp_rap_over #(.CW(CW), .H(H)) u_ov3r (.a_i(s3_crd), .b_i(s3_cw), .thr_i(thr_q), .over_o(s3_over_r));
    hwp_rap_over #(.CW(CW), .H(H)) u_ov31 (.a_i(fw_val_q), .b_i(s3_cw), .thr_i(thr_q), .over_o(s3_over_1));
    hwp_rap_over #(.CW(CW), .H(H)) u_ov32 (.a_i(fw2_val), .b_i(s3_cw), .thr_i(thr_q), .over_o(s3_over_2));
    wire          s3_over = s3_f1 ? s3_over_1 :
                            s3_f2 ? s3_over_2 : s3_over_r;
    wire [CW-1:0] s3_sum = s3_f1 ? s3_sum_1 : s3_f2 ? s3_sum_2 : s3_sum_r;
    wire [CW-1:0] s3_cnt = s3_f1 ? fw_val_q : s3_f2 ? fw2_val : s3_crd;
    // the conditions other than the compare come from registers
    wire          s3_may = s3_v_q && !s3_ns_q && (s3_lvl_q != H[LB-1:0]);
    wire          s3_wait = full_q && !force_ok;  // TCAM full: a split waits
    wire          s3_skip  = s3_may && s3_wait && s3_over;
    wire          s3_split = s3_may && !s3_wait && s3_over;
    wire [CW-1:0] n_commit = n_q + {{(CW-CB){1'b0}}, s3_c_q};
    wire          s3_commit = run && s3_v_q && !s3_split;
    wire          fok_n = {1'b0, n_q} > nlm_grow_q;
    wire          fok_c = {1'b0, n_commit} > nlm_grow_q;
    always @(posedge clk_i) begin
        nlm_grow_q <= rst_i ? {(CW+1){1'b0}} : nlm_grow;
        force_ok_q <= !rst_i && (s3_commit ? fok_c : fok_n);
    end
    // a due merge batch flushes whether or not the item splits. due_q is
    // n_commit >= nm_q formed a clock ahead from next clock's n (n_q, or
    // n_commit when stage 3 commits: the late decision only selects) and
    // count (s3p_c, which s3_c_q always takes). Exact whenever flush is
    // used (RUN with s3_v_q): nm_q changes only in ST_M_NEXT, and a clock
    // of RUN with s3_v_q low follows it (stage 3 is loaded only in RUN).
    reg           due_q;
    wire [CW-1:0] s3p_cw = {{(CW-CB){1'b0}}, s3p_c};
    wire [CW-1:0] due_sn = n_q + s3p_cw;
    wire [CW-1:0] due_sc = n_commit + s3p_cw;
    always @(posedge clk_i) due_q <= s3_commit ? (due_sc >= nm_q) : (due_sn >= nm_q);
    wire          flush = run && s3_v_q && (s3_split || due_q);

    // the one multiplier: thr_q = (eps_q * mn) >> 16, where mn is the n of
    // the stage-3 item (n before it plus its count) in RUN, else n. mn_q is
    // formed a clock ahead of the product, from the items two and one
    // clocks before stage 3 (s3n, s3p), assuming that stage 3 and s3p
    // commit (stage 3 now, s3p next clock). Exact whenever thr_q is used:
    // with stage 3 valid, the item came down the pipeline in RUN, and a
    // split or due merge on the way would have flushed it; in merge
    // batches n_q does not change, and the first merge compare comes
    // clocks after RUN is left.
    reg  [CW-1:0] mn_q;
    wire [CW-1:0] s3_cv  = s3_v_q ? {{(CW-CB){1'b0}}, s3_c_q} : {CW{1'b0}};
    wire [CB:0]   s3pn_c = (s3p_v ? {1'b0, s3p_c} : {(CB+1){1'b0}}) + {1'b0, s3n_c};
    wire [CW-1:0] mn_d   = run ? n_q + s3_cv + {{(CW-CB-1){1'b0}}, s3pn_c} : n_q;
    always @(posedge clk_i) mn_q <= mn_d;
    wire [CW+15:0] mul_p = eps_q_i * mn_q;

    // merge compare and merge-period step
    // (the ancestor's count from the RAM or forwarded: both sums and
    // compares in parallel, as in stage 3)
    wire          mc_f = (fw_v_q && fw_idx_q == mc_a_q);
    wire [CW-1:0] m_sum_r = crd2_q + mc_cx_q;
    wire [CW-1:0] m_sum_1 = fw_val_q + mc_cx_q;
    wire          m_over_r, m_over_1;
    hwp_rap_over #(.CW(CW), .H(H)) u_ovmr (.a_i(crd2_q), .b_i(mc_cx_q), .thr_i(thr_q), .over_o(m_over_r));
    hwp_rap_over #(.CW(CW), .H(H)) u_ovm1 (.a_i(fw_val_q), .b_i(mc_cx_q), .thr_i(thr_q), .over_o(m_over_1));
    wire          m_fold = mc_f ? !m_over_1 : !m_over_r;
    wire [CW-1:0] m_sum = mc_f ? m_sum_1 : m_sum_r;
    wire [CW-1:0] m_cnt = mc_f ? fw_val_q : crd2_q;
    wire          m_busy = mk_v_q || mr_v_q || mq_v_q || ma_v_q || mad_any || mc_v_q;
    wire [CW+4:0] nm_mul = nm_q * MQ;
    wire [CW-1:0] nm_sat = (nm_mul > {5'd0, LIM}) ? LIM : nm_mul[CW-1:0];

    // split decision
    reg [K:0]  miss_cnt;
    reg [K-1:0] miss_j;
    integer mj;
    always @(*) begin
        miss_cnt = {(K+1){1'b0}};
        for (mj = 0; mj < B; mj = mj + 1) miss_cnt = miss_cnt + {{K{1'b0}}, ~pres_q[mj]};
        miss_j = {K{1'b0}};
        for (mj = B - 1; mj >= 0; mj = mj - 1) if (miss_q[mj]) miss_j = mj[K-1:0];
    end
    wire [LB-1:0] ro_lvl;   // level of the slot being read out
    wire [31:0]   lvl_bits32 = {{(32-LB){1'b0}}, ro_lvl} * K;
    wire [7:0]    lvl_bits = lvl_bits32[7:0];
    wire [W-1:0]  sp_child = child_or(sp_pre_q, sp_m_q, sp_j_q[K-1:0]);
    wire [W-1:0]  wr_child = child_or(sp_pre_q, sp_m_q, miss_j);
    // the search key: the split's children in ST_PROBE, the merge
    // pipeline's node at R (mr_v_q is set only in ST_M_RUN), else the issued
    // item (in the other states no search result is used)
    assign tc_key = probe_q ? sp_child : mr_v_q ? mr_key_q : iss_id;

    // RAM ports
    reg          c_we;
    reg [IB-1:0] c_wa, c_ra, c2_ra, p_ra;
    reg [CW-1:0] c_wd;
    reg          p_we;
    reg [IB-1:0] p_wa;
    reg [W-1:0]  p_wd;
    reg [LB-1:0] p_wl;       // level written with the prefix (level RAM for the readout)

    // replay-queue fill on a flush: the flushed pipeline items, oldest
    // first (stage 3 on a split, s2e, the stage-2 registers s2d back to s2,
    // stage 1), then the issued item and the rest of the queue (the queue
    // itself when it issued, else the issued event), compacted in order.
    // Everything in flight fits: RQ = stage 1 + (1 + TP) stage-2 items +
    // stage 3 + the issued item. Items are {ns, count, id}.
    localparam integer IW = W + CB + 1;
    localparam integer NPRE = TP + CR + 3;
    reg [NPRE*IW-1:0]  cd_v;   // pipeline candidates (0: stage 3)
    reg [NPRE-1:0]     cd_ok;
    reg [RQ*IW-1:0]    qb_v;   // queue block, invalid slots zero
    reg [RQB-1:0]      qb_n;
    reg [RQ*IW-1:0]    fq_v;
    reg [RQB-1:0]      fq_n;
    reg [RQ*IW-1:0]    cp_v;      // candidates 1.. compacted
    reg [RQB-1:0]      cp_n;
    reg [RQB-1:0]      pp_n;
    reg [NPRE*RQB-1:0] cp_pos;
    reg [NPRE-1:0]     pp_sel;    // pp_sel[k]: pp_n == k
    wire [TPW*IW-1:0]  s2d_item;   // s2d items, s2d_item[0] the youngest
    wire [TPW-1:0]     s2d_v;
    integer fr, fc;
    always @(*) begin
        fr = 0;
        cd_v = {(NPRE*IW){1'b0}};
        cd_ok = {NPRE{1'b0}};
        cd_v[0 +: IW] = {s3_ns_q, s3_c_q, s3_id_q};
        if (CR != 0) begin
            cd_v[IW +: IW] = {s3p_ns, s3p_c, s3p_id};
            cd_ok[1] = s3p_v;
        end
        cd_v[(CR + 1)*IW +: IW] = {s2e_ns, s2e_c, s2e_id};
        cd_ok[CR + 1] = s2e_v;
        for (fc = 0; fc < TP; fc = fc + 1) begin
            // s2d_item[TP-1] is s2e; the older of the rest come first
            if (fc < TP - 1) begin
                cd_v[(CR + 2 + fc)*IW +: IW] = s2d_item[(TP - 2 - fc)*IW +: IW];
                cd_ok[CR + 2 + fc] = s2d_v[TP - 2 - fc];
            end
        end
        if (TP > 0) begin
            cd_v[(CR + TP + 1)*IW +: IW] = {s2_ns_q, s2_c_q, s2_id_q};
            cd_ok[CR + TP + 1] = s2_v_q;
        end
        cd_v[(CR + TP + 2)*IW +: IW] = {s1_ns_q, s1_c_q, s1_id_q};
        cd_ok[CR + TP + 2] = s1_v_q;
        // the queue block is already contiguous from its slot 0: the queue,
        // or else the event register. ev_v_q stands for iss_ev: the result
        // is used only after a flush, which happens in RUN, where the two
        // agree.
        qb_v = {(RQ*IW){1'b0}};
        if (rq_n_q != {RQB{1'b0}}) begin
            for (fc = 0; fc < RQ; fc = fc + 1)
                if (fc < rq_n_q)
                    qb_v[fc*IW +: IW] = {rq_ns_q[fc], rq_c_q[fc*CB +: CB], rq_id_q[fc*W +: W]};
            qb_n = rq_n_q;
        end else begin
            if (ev_v_q) qb_v[0 +: IW] = {1'b0, ev_c_q, ev_id_q};
            qb_n = {{(RQB-1){1'b0}}, ev_v_q};
        end
        // the pipeline candidates but stage 3 (all from registers) compacted
        // by prefix counts (cp_pos: the slot of candidate fc), with AND-OR
        // selects; the queue block follows them, shifted by their count
        // pp_n (one-hot in pp_sel)
        pp_n = {RQB{1'b0}};
        cp_pos = {(NPRE*RQB){1'b0}};
        for (fc = 1; fc < NPRE; fc = fc + 1) begin
            cp_pos[fc*RQB +: RQB] = pp_n;
            pp_n = pp_n + {{(RQB-1){1'b0}}, cd_ok[fc]};
        end
        for (fc = 0; fc < NPRE; fc = fc + 1)
            pp_sel[fc] = (pp_n == fc[RQB-1:0]);
        cp_n = pp_n + qb_n;
        cp_v = {(RQ*IW){1'b0}};
        for (fr = 0; fr < RQ; fr = fr + 1) begin
            for (fc = 1; fc < NPRE; fc = fc + 1)
                if (cd_ok[fc] && cp_pos[fc*RQB +: RQB] == fr[RQB-1:0])
                    cp_v[fr*IW +: IW] = cp_v[fr*IW +: IW] | cd_v[fc*IW +: IW];
        end
        for (fc = 0; fc < NPRE; fc = fc + 1)
            for (fr = fc; fr < RQ; fr = fr + 1)
                if (pp_sel[fc])
                    cp_v[fr*IW +: IW] = cp_v[fr*IW +: IW] | qb_v[(fr - fc)*IW +: IW];
    end
    // the queue takes the flushed items a clock after the flush (rf_q), from
    // registers loaded on every clock: the compacted candidates, the stage-3
    // item and the split decision, which then only shifts the registered
    // result by one. So neither the split decision nor the flush fans out to
    // the queue's registers in the flush clock. Exact: a flush leaves RUN
    // (for ST_PROBE or ST_M_INIT), and the queue is read only in RUN and
    // written in ST_DECIDE, at least a probe sweep later.
    reg               rf_q, rf_sp_q;
    reg [RQ*IW-1:0]   rf_cp_q;
    reg [RQB-1:0]     rf_n_q;
    reg [IW-1:0]      rf_s3_q;
    always @(posedge clk_i) begin
        rf_q <= !rst_i && flush;
        rf_sp_q <= s3_split;
        rf_cp_q <= cp_v;
        rf_n_q <= cp_n;
        rf_s3_q <= cd_v[0 +: IW];
    end
    always @(*) begin
        if (rf_sp_q) begin
            fq_v = {rf_cp_q[0 +: (RQ-1)*IW], rf_s3_q};
            fq_n = rf_n_q + 1'b1;
        end else begin
            fq_v = rf_cp_q;
            fq_n = rf_n_q;
        end
    end

    // stage 2's registers after s2 (the tournament's pipeline): the items
    // and merge-pipeline nodes whose match lines are inside the tree move
    // along with them; a flush empties them with the rest of the pipeline
    generate
        if (TP > 0) begin : g_s2d
            reg [TP-1:0]    dv_q, dpr_q, mv_q;
            reg [TP*IW-1:0] d_q;    // {ns, count, id}
            reg [TP*K-1:0]  dj_q;
            reg [TP*IB-1:0] mx_q;
            reg [TP*CW-1:0] mcx_q;
            integer di;
            always @(posedge clk_i) begin
                for (di = TP - 1; di > 0; di = di - 1) begin
                    dv_q[di] <= dv_q[di-1] && !flush;
                    dpr_q[di] <= dpr_q[di-1];
                    d_q[di*IW +: IW] <= d_q[(di-1)*IW +: IW];
                    dj_q[di*K +: K] <= dj_q[(di-1)*K +: K];
                    mv_q[di] <= mv_q[di-1];
                    mx_q[di*IB +: IB] <= mx_q[(di-1)*IB +: IB];
                    mcx_q[di*CW +: CW] <= mcx_q[(di-1)*CW +: CW];
                end
                dv_q[0] <= s2_v_q && !flush;
                dpr_q[0] <= s2_pr_q;
                d_q[0 +: IW] <= {s2_ns_q, s2_c_q, s2_id_q};
                dj_q[0 +: K] <= s2_j_q;
                mv_q[0] <= ma_v_q;
                mx_q[0 +: IB] <= ma_x_q;
                mcx_q[0 +: CW] <= ma_cx_q;
                if (rst_i) begin
                    dv_q <= {TP{1'b0}};
                    mv_q <= {TP{1'b0}};
                end
            end
            assign s2e_v = dv_q[TP-1];
            assign s2e_pr = dpr_q[TP-1];
            assign {s2e_ns, s2e_c, s2e_id} = d_q[(TP-1)*IW +: IW];
            assign s2e_j = dj_q[(TP-1)*K +: K];
            if (TP > 1) begin : g_s2n2
                assign s2n_c = d_q[(TP-2)*IW + W +: CB];
            end else begin : g_s2n1
                assign s2n_c = s2_c_q;
            end
            assign s2d_any = |dv_q;
            assign s2d_item = d_q;
            assign s2d_v = dv_q;
            assign mae_v = mv_q[TP-1];
            assign mae_x = mx_q[(TP-1)*IB +: IB];
            assign mae_cx = mcx_q[(TP-1)*CW +: CW];
            assign mad_any = |mv_q;
        end else begin : g_s2n
            assign s2e_v = s2_v_q;
            assign s2e_pr = s2_pr_q;
            assign {s2e_ns, s2e_c, s2e_id} = {s2_ns_q, s2_c_q, s2_id_q};
            assign s2e_j = s2_j_q;
            assign s2n_c = s1_c_q;
            assign s2d_any = 1'b0;
            assign s2d_item = {IW{1'b0}};
            assign s2d_v = 1'b0;
            assign mae_v = ma_v_q;
            assign mae_x = ma_x_q;
            assign mae_cx = ma_cx_q;
            assign mad_any = 1'b0;
        end
    endgenerate

    // s3a (OPT_CREG): the item, its slot and level wait one clock while the
    // counter and prefix words read at s2e are registered again (crd_r,
    // prd_r: on the ECP5 a fabric register right behind the block RAM, so
    // stage 3 starts from a flip-flop instead of the RAM's 5.8 ns output).
    // The counter word was read before the writes of the two stage-3
    // commits since, so stage 3 forwards both (fw, fw2).
    generate
        if (CR != 0) begin : g_s3a
            reg          a_v_q, a_ns_q;
            reg [W-1:0]  a_id_q;
            reg [CB-1:0] a_c_q;
            reg [IB-1:0] a_idx_q;
            reg [LB-1:0] a_lvl_q;
            reg [CW-1:0] crd_r;
            reg [W-1:0]  prd_r;
            reg          f2_v_q;
            reg [IB-1:0] f2_idx_q;
            reg [CW-1:0] f2_val_q;
            always @(posedge clk_i) begin
                a_v_q <= run && s2e_v && !flush && !rst_i;
                a_ns_q <= s2e_ns; a_id_q <= s2e_id; a_c_q <= s2e_c;
                a_idx_q <= best_idx; a_lvl_q <= best_lvl;
                crd_r <= crd_q;
                prd_r <= prd_q;
                f2_v_q <= fw_v_q && !rst_i;
                f2_idx_q <= fw_idx_q;
                f2_val_q <= fw_val_q;
            end
            assign {s3p_v, s3p_ns, s3p_id, s3p_c, s3p_idx, s3p_lvl} =
                   {a_v_q, a_ns_q, a_id_q, a_c_q, a_idx_q, a_lvl_q};
            assign s3_crd = crd_r;
            assign s3_prd = prd_r;
            assign {fw2_v, fw2_idx, fw2_val} = {f2_v_q, f2_idx_q, f2_val_q};
            assign s3a_any = a_v_q;
            assign s3n_c = s2e_c;
            wire   unused_s2n = &{1'b0, s2n_c};
        end else begin : g_nos3a
            assign {s3p_v, s3p_ns, s3p_id, s3p_c, s3p_idx, s3p_lvl} =
                   {s2e_v, s2e_ns, s2e_id, s2e_c, best_idx, best_lvl};
            assign s3_crd = crd_q;
            assign s3_prd = prd_q;
            assign {fw2_v, fw2_idx, fw2_val} = {1'b0, {IB{1'b0}}, {CW{1'b0}}};
            assign s3a_any = 1'b0;
            assign s3n_c = s2n_c;
        end
    endgenerate

    // stage 1's level limit for the tournament (levels < s1_lim_q take
    // part); the bit-serial arbiters apply arb_lim in stage 2 or the RAM
    // TCAM's limit slice instead
    wire [N-1:0] s1_lim_ok;
    generate
        for (gb = 0; gb < N; gb = gb + 1) begin : g_lim
            assign s1_lim_ok[gb] = ARB_SERIAL != 0 || {1'b0, len_q[gb*LB +: LB]} < m_lim;
        end
    endgenerate

    integer wi;
    always @(*) begin
        st_d = st_q;
        bv_d = bv_q;
        bid_d = bid_q;
        bcnt_d = bcnt_q;
        bfull_d = bfull_q;
        ev_v_d = ev_v_q; ev_id_d = ev_id_q; ev_c_d = ev_c_q;
        rq_n_d = rq_n_q; rq_ns_d = rq_ns_q;
        rq_id_d = rq_id_q;
        rq_c_d = rq_c_q;
        s1_v_d = 1'b0; s1_pr_d = 1'b0; s1_ns_d = 1'b0; s1_id_d = s1_id_q; s1_c_d = s1_c_q;
        s1_j_d = s1_j_q;
        s2_v_d = s1_v_q; s2_pr_d = s1_pr_q; s2_ns_d = s1_ns_q; s2_id_d = s1_id_q;
        s2_c_d = s1_c_q; s2_j_d = s1_j_q; s2_m_d = s1_mv & s1_lim_ok;
        s3_v_d = 1'b0; s3_ns_d = s3p_ns; s3_id_d = s3p_id; s3_c_d = s3p_c;
        s3_idx_d = s3p_idx; s3_lvl_d = s3p_lvl;
        thr_d = mul_p[CW+15:16];
        fw_v_d = 1'b0; fw_idx_d = fw_idx_q; fw_val_d = fw_val_q;
        valid_d = valid_q;
        len_d = len_q;
        wi = 0;
        n_d = n_q; nm_d = nm_q; full_d = full_q; nlm_d = nlm_q; live_d = live_q;
        ctr_d = ctr_q;
        sp_pre_d = sp_pre_q; sp_lvl_d = sp_lvl_q; sp_j_d = sp_j_q; sp_m_d = sp_m_q;
        pres_d = pres_q; miss_d = miss_q;
        m_lvl_d = m_lvl_q; sl_d = sl_q; sc_ld_d = 1'b0; sc_take = 1'b0;
        mk_v_d = 1'b0; mr_v_d = 1'b0; mq_v_d = 1'b0; ma_v_d = 1'b0; mc_v_d = 1'b0;
        mk_x_d = mk_x_q; mq_x_d = mr_x_q; ma_x_d = mq_x_q; mc_x_d = mae_x; mc_a_d = best_idx;
        mq_cx_d = mr_cx_q; ma_cx_d = mq_cx_q; mc_cx_d = mae_cx;
        m_per_d = m_per_q;
        ro_c_d = ro_c_q;
        out_v_d = out_v_q; out_k_d = out_k_q; out_p_d = out_p_q; out_l_d = out_l_q;
        out_n_d = out_n_q;
        arb_lim = H[LB:0] + 1'b1;
        tc_lim = H[LB:0] + 1'b1;
        tc_wr = 1'b0; tc_wr_idx = {IB{1'b0}}; tc_wr_key = {W{1'b0}}; tc_wr_lvl = {LB{1'b0}};
        c_we = 1'b0; c_wa = {IB{1'b0}}; c_wd = {CW{1'b0}}; c2_ra = best_idx;
        c_ra = rdsc_q ? sc_idx : best_idx; p_ra = c_ra;
        p_we = 1'b0; p_wa = {IB{1'b0}}; p_wd = {W{1'b0}}; p_wl = {LB{1'b0}};

        if (in_valid_i && !in_ready_o) ctr_d[(6)*CW +: CW] = ctr_q[(6)*CW +: CW] + 1'b1;

        // the fold C decided last clock (in ST_M_RUN, which it has not left)
        mf_d = 1'b0;
        if (mf_q) begin
            for (wi = 0; wi < N; wi = wi + 1)
                if (fsel2_q[wi]) valid_d[wi] = 1'b0;
            live_d = live_q - 1'b1;
            ctr_d[(3)*CW +: CW] = ctr_q[(3)*CW +: CW] + 1'b1;
        end

        // ---- stage 0: eviction register and buffer
        if (iss_ev) ev_v_d = 1'b0;
        if (b_take) begin
            if (b_hit) begin
                if (b_full) begin
                    ev_v_d = 1'b1; ev_id_d = b_in; ev_c_d = BMAX;
                end
            end else if (b_occ) begin
                ev_v_d = 1'b1; ev_id_d = b_id; ev_c_d = b_cnt;
            end
            // per-slot write enables (a dynamic part-select write would
            // synthesize as a barrel shifter over the whole buffer)
            for (wi = 0; wi < SN; wi = wi + 1)
                if (b_sel[wi]) begin
                    bv_d[wi] = 1'b1;
                    if (!b_hit) bid_d[wi*W +: W] = b_in;
                    bcnt_d[wi*CB +: CB] = (b_hit && !b_full) ? b_cnt + 1'b1 :
                                          {{(CB-1){1'b0}}, 1'b1};
                    bfull_d[wi] = full_w;
                end
        end else if (b_flush) begin
            ev_v_d = 1'b1; ev_id_d = bid_q[(bflush_idx)*W +: W]; ev_c_d = bcnt_q[(bflush_idx)*CB +: CB];
            for (wi = 0; wi < SN; wi = wi + 1)
                if (wi[SBW-1:0] == bflush_idx) bv_d[wi] = 1'b0;
        end

        case (st_q)
            ST_INIT: begin  // the root: slot 0, level 0, count 0
                tc_wr = 1'b1; tc_wr_idx = {IB{1'b0}};
                c_we = 1'b1; c_wa = {IB{1'b0}};
                p_we = 1'b1; p_wa = {IB{1'b0}};
                valid_d = {{(N-1){1'b0}}, 1'b1};
                len_d[(0)*LB +: LB] = {LB{1'b0}};
                live_d = 17'd1;
                ctr_d[(5)*CW +: CW] = {{(CW-1){1'b0}}, 1'b1};
                st_d = ST_IWAIT;
            end
            ST_IWAIT: if (!tc_busy) st_d = ST_RUN;
            ST_RUN: begin
                // issue into stage 1
                if (iss_v) begin
                    s1_v_d = 1'b1; s1_id_d = iss_id; s1_c_d = iss_c; s1_ns_d = iss_ns;
                    if (iss_rq) begin
                        rq_n_d = rq_n_q - 1'b1;
                        rq_id_d = {{W{1'b0}}, rq_id_q[RQ*W-1:W]};
                        rq_c_d  = {{CB{1'b0}}, rq_c_q[RQ*CB-1:CB]};
                        rq_ns_d = {1'b0, rq_ns_q[RQ-1:1]};
                    end
                end
                // stage 2 -> 3 (stage 1 -> 2 is the default copy)
                s3_v_d = s3p_v;
                // the split node for ST_PROBE, taken on every clock (a split
                // leaves RUN, so the last one holds the split item's), so
                // that the split decision does not fan out to these registers
                sp_pre_d = s3_prd; sp_lvl_d = s3_lvl_q; sp_j_d = {(K+1){1'b0}};
                sp_m_d = digit_lsb(s3_lvl_q);
                // stage 3: the counter word is written (and forwarded) for
                // every item, the sum on a commit and the count unchanged on
                // a split, so that only the data waits for the decision, not
                // the write enable with the RAM banks' decode
                c_wa = s3_idx_q; c_wd = s3_split ? s3_cnt : s3_sum;
                fw_idx_d = s3_idx_q; fw_val_d = c_wd;
                if (s3_v_q) begin
                    c_we = 1'b1;
                    fw_v_d = 1'b1;
                end
                if (s3_commit) begin
                    n_d = n_commit;
                    ctr_d[(0)*CW +: CW] = n_commit;
                    if (s3_skip) ctr_d[(4)*CW +: CW] = ctr_q[(4)*CW +: CW] + 1'b1;
                end
                if (flush) begin
                    s1_v_d = 1'b0; s2_v_d = 1'b0; s3_v_d = 1'b0;
                    if (s3_split) begin
                        st_d = ST_PROBE;
                    end else begin
                        m_per_d = 1'b1;
                        st_d = ST_M_INIT;
                    end
                end else if (eos_i && !b_pend && !bflush_any && !ev_v_q && rq_n_q == {RQB{1'b0}} && !s1_v_q &&
                             !s2_v_q && !s2d_any && !s3a_any && !s3_v_q) begin
                    sc_ld_d = 1'b1;
                    st_d = ST_RD;
                end
            end
            ST_PROBE: begin  // probe the b children of the split node, one per cycle
                tc_lim = {1'b0, sp_lvl_q} + {{(LB-1){1'b0}}, 2'd2};
                s1_v_d = 1'b1; s1_pr_d = 1'b1; s1_j_d = sp_j_q[K-1:0];
                sp_j_d = sp_j_q + 1'b1;
                if (sp_j_q == B[K:0] - 1'b1) st_d = ST_PWAIT;
            end
            ST_PWAIT: begin
                if (s2e_v && s2e_pr && s2e_j == B[K-1:0] - 1'b1) st_d = ST_DECIDE;
            end
            ST_DECIDE: begin
                if ({15'd0, live_q} + {{(31-K){1'b0}}, miss_cnt} <= N) begin
                    miss_d = ~pres_q;
                    st_d = ST_WR;
                end else if (force_ok) begin
                    m_per_d = 1'b0;
                    st_d = ST_M_INIT;
                end else begin
                    rq_ns_d[0] = 1'b1;
                    full_d = 1'b1;
                    ctr_d[(4)*CW +: CW] = ctr_q[(4)*CW +: CW] + 1'b1;
                    st_d = ST_RUN;
                end
            end
            ST_WR: begin  // insert the missing children (below, wr_go_q)
                if (miss_q == {B{1'b0}} && !tc_busy) begin
                    ctr_d[(1)*CW +: CW] = ctr_q[(1)*CW +: CW] + 1'b1;
                    st_d = ST_RUN;
                end
            end
            ST_M_INIT: begin
                m_lvl_d = H[LB-1:0];
                sl_d = H[LB-1:0];
                sc_ld_d = 1'b1;
                st_d = ST_M_RUN;
            end
            ST_M_RUN: begin  // one node visit per clock, deepest level first
                // scanner: the next level as soon as this one is all emitted
                if (!sc_ld_q && !sc_busy && sl_q != {{(LB-1){1'b0}}, 1'b1}) begin
                    sl_d = sl_q - 1'b1;
                    sc_ld_d = 1'b1;
                end
                // K: the next node of this level from the scanner, read its
                // prefix and count (c_ra, p_ra: rdsc_q)
                tc_lim = {1'b0, m_lvl_q};
                if (sc_v && sc_tag == m_lvl_q) begin
                    sc_take = 1'b1;
                    mk_v_d = 1'b1; mk_x_d = sc_idx;
                end else if (m_lvl_done && !m_busy) begin  // level done and drained
                    if (m_lvl_q == {{(LB-1){1'b0}}, 1'b1}) st_d = ST_M_END;
                    else m_lvl_d = m_lvl_q - 1'b1;
                end
                // K: register the prefix and count of x (mr_key_q, mr_cx_q)
                mr_v_d = mk_v_q;
                // R: search the prefix of x
                mq_v_d = mr_v_q;
                // Q: match lines registered into s2_m_q (default)
                ma_v_d = mq_v_q;
                // A: closest live ancestor (levels below this one); read its count
                arb_lim = {1'b0, m_lvl_q};
                c2_ra = best_idx;
                mc_v_d = mae_v;
                // C: fold x into its ancestor if the two together stay
                // within the threshold; the ancestor's word is written (and
                // forwarded) for every node, unchanged when x stays, so only
                // the data waits for the decision
                c_wa = mc_a_q; c_wd = m_fold ? m_sum : m_cnt;
                fw_idx_d = mc_a_q; fw_val_d = c_wd;
                if (mc_v_q) begin
                    c_we = 1'b1;
                    fw_v_d = 1'b1;
                end
                if (mc_v_q && m_fold) mf_d = 1'b1;
            end
            ST_M_END: begin
                ctr_d[(2)*CW +: CW] = ctr_q[(2)*CW +: CW] + 1'b1;
                nlm_d = n_q;
                full_d = 1'b0;
                st_d = m_per_q ? ST_M_NEXT : ST_RUN;
            end
            ST_M_NEXT: begin
                if (n_q >= nm_q && nm_q != LIM) nm_d = nm_sat;
                else st_d = ST_RUN;
            end
            ST_RD: begin  // the next live slot from the scanner (loaded on entry)
                if (sc_v) begin
                    sc_take = 1'b1;
                    st_d = ST_RO_LOAD;
                end else if (!sc_ld_q && !sc_busy) begin
                    ro_c_d = 3'd0;
                    st_d = ST_CNT;
                end
            end
            ST_RO_LOAD: begin
                out_v_d = 1'b1; out_k_d = 1'b0; out_p_d = prd_q;
                out_l_d = lvl_bits;
                out_n_d = crd_q;
                st_d = ST_RO_WAIT;
            end
            ST_RO_WAIT: begin
                if (out_ready_i) begin
                    out_v_d = 1'b0;
                    st_d = ST_RD;
                end
            end
            ST_CNT: begin
                out_v_d = 1'b1; out_k_d = 1'b1; out_p_d = {W{1'b0}};
                out_l_d = {5'd0, ro_c_q};
                out_n_d = ctr_sel;
                st_d = ST_CNT_WAIT;
            end
            ST_CNT_WAIT: begin
                if (out_ready_i) begin
                    out_v_d = 1'b0;
                    if (ro_c_q == NCTR[2:0] - 1'b1) st_d = ST_DONE;
                    else begin
                        ro_c_d = ro_c_q + 1'b1;
                        st_d = ST_CNT;
                    end
                end
            end
            default: ;  // ST_DONE
        endcase

        // ST_WR: write a missing child (lowest digit) into the lowest free slot
        if (wr_go_q) begin
            tc_wr = 1'b1; tc_wr_idx = free_idx; tc_wr_key = wr_child;
            tc_wr_lvl = sp_lvl_q + 1'b1;
            c_we = 1'b1; c_wa = free_idx; c_wd = {CW{1'b0}};
            p_we = 1'b1; p_wa = free_idx; p_wd = wr_child; p_wl = sp_lvl_q + 1'b1;
            for (wi = 0; wi < N; wi = wi + 1)
                if (wi[IB-1:0] == free_idx) begin
                    valid_d[wi] = 1'b1;
                    len_d[wi*LB +: LB] = sp_lvl_q + 1'b1;
                end
            live_d = live_q + 1'b1;
            if ({{(CW-17){1'b0}}, live_q + 1'b1} > ctr_q[(5)*CW +: CW])
                ctr_d[(5)*CW +: CW] = {{(CW-17){1'b0}}, live_q + 1'b1};
            miss_d[miss_j] = 1'b0;
        end

        // the replay queue takes the items of last clock's flush
        if (rf_q) begin
            rq_n_d = fq_n;
            for (wi = 0; wi < RQ; wi = wi + 1) begin
                rq_id_d[wi*W +: W]  = fq_v[wi*IW +: W];
                rq_c_d[wi*CB +: CB] = fq_v[wi*IW + W +: CB];
                rq_ns_d[wi]         = fq_v[wi*IW + W + CB];
            end
        end

        // stage 2: record probe results (a child is live iff a match at level + 1)
        if (s2e_v && s2e_pr) begin
            arb_lim = {1'b0, sp_lvl_q} + {{(LB-1){1'b0}}, 2'd2};
            pres_d[s2e_j] = probe_hit;
        end
    end


    // ------------------------------------------------------------------ live-node sum
    // The functional model adds, per event, the live count after that event.
    // Here each accepted event adds live_q (before this clock's change), and each live
    // change (+1/-1) adds/subtracts (a - t): a = events accepted so far
    // (including this clock's), t = the index of the event the change belongs
    // to. t comes from a FIFO of eviction tags (pushed when stage 0 creates an
    // eviction, popped when stage 3 commits it); splits and forced merge
    // batches belong to the head eviction, periodic batches to the last
    // committed one, the root to event 0. An eviction lives in exactly one of
    // ev, rq (RQ), s1, stage 2 (1 + TP), s3a (CR), s3 from push to pop, so
    // the FIFO (hwp_fifo_fwft) holds at most 2 (TP + CR) + 8 and is never
    // full when a push comes, even in the clock of a pop. The sum
    // (stat_live_sum_o) lags one clock: each clock's terms are registered
    // and added in the next.
    wire ev_push = b_take ? ((b_hit && b_full) || (!b_hit && b_occ)) : b_flush;
    generate
        if (OPT_LIVE_SUM != 0) begin : g_lsum
            reg  [CW-1:0] ea_q;          // events accepted
            wire [CW-1:0] tq_head;       // the oldest eviction's tag
            wire          tq_ready, tq_valid;
            wire [TQB:0]  tq_cnt;
            wire          unused_tq = &{1'b0, tq_ready, tq_valid, tq_cnt};
            reg  [CW-1:0] tl_q;          // tag of the last committed eviction
            reg  [63:0]   acc_q;
            // a - t for both values of a (ea_q + b_take), from registers;
            // stage 0's handshake (b_take, late) only selects
            wire [CW-1:0] ea_inc = ea_q + 1'b1;
            wire          l_inc = (live_d == live_q + 1'b1);
            wire          l_dec = (live_d == live_q - 1'b1);
            // live decreases only by merge folds (ST_M_RUN), so the tag of a
            // periodic batch's fold does not wait for the fold decision
            wire [CW-1:0] t = (st_q == ST_INIT) ? {CW{1'b0}} :
                              (st_q == ST_M_RUN && m_per_q) ? tl_q : tq_head;
            // this clock's change is registered and added one clock later
            // (the fold decision and the 64-bit sum in separate clocks)
            reg           inc_q, dec_q;
            reg  [CW-1:0] dt_q;
            reg  [16:0]   ev_add_q;
            wire [63:0]   dt64 = {{(64-CW){1'b0}}, dt_q};
            wire [63:0]   acc_d = acc_q + {47'd0, ev_add_q} + (inc_q ? dt64 : 64'd0) -
                                  (dec_q ? dt64 : 64'd0);
            wire          pop = s3_commit;
            // the tag of a pop reaches tl_q a clock later (pop_q, hd_q), so
            // that the commit decision does not fan out to tl_q's enables;
            // tl_q is read in a periodic batch's folds, clocks after the
            // flush that started it
            reg           pop_q;
            reg  [CW-1:0] hd_q;
            hwp_fifo_fwft #(.W(CW), .AW(TQB)) u_tq (
                .clk_i(clk_i), .rst_i(rst_i),
                .in_valid_i(ev_push), .in_ready_o(tq_ready), .in_data_i(ea_q),
                .out_valid_o(tq_valid), .out_ready_i(pop), .out_data_o(tq_head), .count_o(tq_cnt)
            );
            always @(posedge clk_i) begin
                hd_q <= tq_head;
                if (pop_q) tl_q <= hd_q;
                dt_q <= b_take ? ea_inc - t : ea_q - t;
                if (rst_i) begin
                    ea_q <= {CW{1'b0}};
                    acc_q <= 64'd0;
                    inc_q <= 1'b0;
                    dec_q <= 1'b0;
                    ev_add_q <= 17'd0;
                    pop_q <= 1'b0;
                end else begin
                    pop_q <= pop;
                    if (b_take) ea_q <= ea_inc;
                    acc_q <= acc_d;
                    inc_q <= l_inc;
                    dec_q <= l_dec;
                    ev_add_q <= b_take ? live_q : 17'd0;
                end
            end
            assign stat_live_sum_o = acc_q;
        end else begin : g_nolsum
            wire unused_lsum = &{1'b0, ev_push};
            assign stat_live_sum_o = 64'd0;
        end
    endgenerate

    // ------------------------------------------------------------------ registers
    always @(posedge clk_i) begin
        if (rst_i) begin
            st_q <= ST_INIT;
            run_q <= 1'b0; probe_q <= 1'b0; rq_nz_q <= 1'b0; rdsc_q <= 1'b0;
            bv_q <= {SN{1'b0}};
            ev_v_q <= 1'b0;
            rq_n_q <= {RQB{1'b0}};
            rq_ns_q <= {RQ{1'b0}};
            s1_v_q <= 1'b0; s1_pr_q <= 1'b0;
            s2_v_q <= 1'b0; s2_pr_q <= 1'b0;
            s3_v_q <= 1'b0;
            fw_v_q <= 1'b0;
            valid_q <= {N{1'b0}};
            n_q <= {CW{1'b0}};
            nm_q <= MF64[CW-1:0];
            nlm_q <= {CW{1'b0}};
            full_q <= 1'b0;
            live_q <= 17'd0;
            out_v_q <= 1'b0;
            pres_q <= {B{1'b0}};
            miss_q <= {B{1'b0}};
            sc_ld_q <= 1'b0;
            m_lvl_q <= {LB{1'b0}};
            mk_v_q <= 1'b0; mr_v_q <= 1'b0; mq_v_q <= 1'b0; ma_v_q <= 1'b0; mc_v_q <= 1'b0;
            mf_q <= 1'b0;
        end else begin
            st_q <= st_d;
            run_q <= (st_d == ST_RUN); probe_q <= (st_d == ST_PROBE);
            rdsc_q <= (st_d == ST_M_RUN) || (st_d == ST_RD);
            rq_nz_q <= (rq_n_d != {RQB{1'b0}});
            bv_q <= bv_d;
            ev_v_q <= ev_v_d;
            rq_n_q <= rq_n_d;
            rq_ns_q <= rq_ns_d;
            s1_v_q <= s1_v_d; s1_pr_q <= s1_pr_d;
            s2_v_q <= s2_v_d; s2_pr_q <= s2_pr_d;
            s3_v_q <= s3_v_d;
            fw_v_q <= fw_v_d;
            valid_q <= valid_d;
            n_q <= n_d;
            nm_q <= nm_d;
            nlm_q <= nlm_d;
            full_q <= full_d;
            live_q <= live_d;
            out_v_q <= out_v_d;
            pres_q <= pres_d;
            miss_q <= miss_d;
            sc_ld_q <= sc_ld_d;
            m_lvl_q <= m_lvl_d;
            mk_v_q <= mk_v_d; mr_v_q <= mr_v_d; mq_v_q <= mq_v_d; ma_v_q <= ma_v_d; mc_v_q <= mc_v_d;
            mf_q <= mf_d;
        end
    end

    always @(posedge clk_i) begin
        bid_q <= bid_d;
        bcnt_q <= bcnt_d;
        bfull_q <= bfull_d;
        len_q <= len_d;
        ev_id_q <= ev_id_d; ev_c_q <= ev_c_d;
        rq_id_q <= rq_id_d;
        rq_c_q <= rq_c_d;
        s1_lim_q <= tc_lim;
        s1_id_q <= s1_id_d; s1_c_q <= s1_c_d; s1_ns_q <= s1_ns_d; s1_j_q <= s1_j_d;
        s2_id_q <= s2_id_d; s2_c_q <= s2_c_d; s2_ns_q <= s2_ns_d; s2_j_q <= s2_j_d;
        s2_m_q <= s2_m_d;
        s3_id_q <= s3_id_d; s3_c_q <= s3_c_d; s3_ns_q <= s3_ns_d; s3_idx_q <= s3_idx_d;
        s3_lvl_q <= s3_lvl_d;
        thr_q <= thr_d;
        fw_idx_q <= fw_idx_d; fw_val_q <= fw_val_d;
        ctr_q <= rst_i ? {(NCTR*CW){1'b0}} : ctr_d;
        sp_pre_q <= sp_pre_d; sp_lvl_q <= sp_lvl_d; sp_j_q <= sp_j_d; sp_m_q <= sp_m_d;
        sl_q <= sl_d; m_per_q <= m_per_d;
        mk_x_q <= mk_x_d; mr_x_q <= mk_x_q; mr_key_q <= prd_q; mr_cx_q <= crd_q;
        mq_x_q <= mq_x_d; ma_x_q <= ma_x_d; mc_a_q <= mc_a_d;
        mq_cx_q <= mq_cx_d; ma_cx_q <= ma_cx_d; mc_cx_q <= mc_cx_d;
        ro_c_q <= ro_c_d;
        out_k_q <= out_k_d; out_p_q <= out_p_d; out_l_q <= out_l_d; out_n_q <= out_n_d;
    end

    // counter and prefix RAMs: one write and one read port each (block RAM)
    always @(posedge clk_i) begin
        if (c_we) cmem[c_wa] <= c_wd;
        crd_q <= cmem[c_ra];
    end
    always @(posedge clk_i) begin
        if (c_we) cmem2[c_wa] <= c_wd;
        crd2_q <= cmem2[c2_ra];
    end
    always @(posedge clk_i) begin
        if (p_we) pmem[p_wa] <= p_wd;
        prd_q <= pmem[p_ra];
    end

    // the levels again, in block RAM next to the prefixes, for the readout
    // (no N-to-1 multiplexer over the level registers)
    reg [LB-1:0] vmem [0:N-1];
    reg [LB-1:0] vrd_q;
    always @(posedge clk_i) begin
        if (p_we) vmem[p_wa] <= p_wl;
        vrd_q <= vmem[p_ra];
    end
    assign ro_lvl = vrd_q;

    wire unused_ok = &{1'b0, mul_p[15:0], lvl_bits32[31:8]};

    assign out_valid_o  = out_v_q;
    assign out_kind_o   = out_k_q;
    assign out_prefix_o = out_p_q;
    assign out_len_o    = out_l_q;
    assign out_count_o  = out_n_q;
    assign done_o       = (st_q == ST_DONE);
    assign dbg_n_o      = n_q;
    assign dbg_live_o   = live_q;
    assign dbg_state_o  = st_q;
endmodule

`default_nettype wire
