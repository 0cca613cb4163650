// SPDX-License-Identifier: Apache-2.0
//
// hwp_pfp: selective instruction dispatch and the profile flag predictor of
// Vaswani, Srikant and Thazhuthaveetil, "Architectural Support for Online
// Program Instrumentation" (sections III-B, IV-A), inside a trace-driven
// front end. The instrumented dynamic instruction stream (one record per
// committed-path instruction) fills a window of 2^WIN_BITS records; the front
// end advances one cycle ("go") whenever every record it may look at is
// present (LOOK = FETCH_W + 2^SKIP_BITS beyond the fetch pointer, or the end
// of the stream), so its figures do not depend on the input timing.
//
// Fetch: up to FETCH_W records per cycle into a fetch queue of FQ entries,
// ending at a predicted-taken transfer. Conditional branches are predicted
// backward-taken; profile jal/b by the fetch prediction bit (B.2, set and
// reset by fetched setpf/resetpf). A mispredicted transfer holds fetch
// (wrong path) until decode resolves it. The block descriptor table (2 ways
// x 2^SET_BITS sets: tag, follow, prediction bit, lock bit) is looked up for
// the first profile instruction following a non-profile one in the cycle;
// an unlocked entry predicting "ignored" whose block is MIN_LEN..2^SKIP_BITS
// long redirects fetch to the block follow (the leader still enters the
// queue).
// Decode: up to DEC_W per cycle. setpf/resetpf act on the profile flag and
// are not dispatched; profile instructions are dispatched only with the flag
// on (selective dispatch); poppf ends the decode group (B.3). Every profile
// instruction updates the leader's descriptor (one entry per cycle): allocate
// only with the flag off (follow = leader + 4, predicted off, locked), extend
// the follow while locked, unlock when the leader is seen again, prediction
// bit = flag. A skipped leader seen with the flag on is a misprediction:
// refetch after the leader. A dropped predicted-taken jal/b is a mis-fetch.
// The C model cmodel/pfp/pfp.c is the specification (docs/pfp.md).
`default_nettype none

module hwp_pfp #(
    parameter integer FETCH_W   = 4,   // instructions fetched per cycle (1..8)
    parameter integer DEC_W     = 4,   // instructions decoded per cycle (1..8)
    parameter integer FQ        = 32,  // fetch queue entries (1..255)
    parameter integer WIN_BITS  = 6,   // log2 of the record window
    parameter integer SET_BITS  = 6,   // log2 of the descriptor table sets (2 ways)
    parameter integer MIN_LEN   = 4,   // shortest profile block that is skipped
    parameter integer SKIP_BITS = 4,   // longest skip: 2^SKIP_BITS - 1 after the leader
    parameter integer BR_PEN    = 3,   // extra cycles to resolve a mispredicted branch
    parameter integer PC_W      = 32,  // stored address bits
    parameter integer CNT_W     = 32   // statistics counter bits
) (
    input  wire                    clk_i,
    input  wire                    rst_i,
    // instrumented dynamic instruction stream
    input  wire                    in_valid_i,
    output wire                    in_ready_o,
    input  wire [PC_W-1:0]         in_pc_i,
    input  wire [31:0]             in_insn_i,
    input  wire [3:0]              in_cls_i,
    input  wire                    in_taken_i,
    input  wire                    in_val_i,
    input  wire                    in_len2_i,
    input  wire                    eos_i,
    // back end and mode
    input  wire                    disp_ready_i,
    input  wire                    pfp_en_i,
    // per-cycle outputs
    output wire                    go_o,
    output wire                    done_o,
    output wire [3:0]              disp_n_o,
    output wire [3:0]              disp_pi_n_o,
    output wire [PC_W-1:0]         disp_pc_o,
    // every instruction dispatched this cycle in order: slot k (k < disp_n_o)
    // at [k*PC_W +: PC_W] and [k*4 +: 4] (kind); other slots 0
    output wire [DEC_W*PC_W-1:0]   disp_slot_pc_o,
    output wire [DEC_W*4-1:0]      disp_slot_kind_o,
    output wire                    bdt_write_o,
    // statistics, counter s at [s*CNT_W +: CNT_W] (enum pfp_stat)
    output wire [19*CNT_W-1:0]     stat_o,
    // state for the lockstep comparison
    output wire [WIN_BITS:0]       hd_o,
    output wire [WIN_BITS:0]       fp_o,
    output wire [WIN_BITS:0]       tl_o,
    output wire [7:0]              fq_n_o,
    output wire [7:0]              flags_o,   // {lk_st (2), lar_v, chk, fwait, last_pi, pbit, flag}
    output wire [3:0]              res_cnt_o,
    output wire [PC_W-1:0]         lar_o,
    input  wire [SET_BITS:0]       dbg_bdt_idx_i, // {set, way}
    output wire [2*PC_W+2:0]       dbg_bdt_o      // {v, pred, lock, tag (PC_W), follow}
);
    localparam integer W       = 1 << WIN_BITS;
    localparam integer PW      = WIN_BITS + 1;
    localparam integer NE      = 2 << SET_BITS;
    localparam integer TAG_W   = PC_W - 1 - SET_BITS;
    localparam integer LOOK    = FETCH_W + (1 << SKIP_BITS);
    localparam integer NS      = 19;
    localparam integer INC_W   = SKIP_BITS + 4;  // bits of one cycle's counter increment
    localparam integer SKMAX   = 1 << SKIP_BITS;  // records after a leader the longest skip needs

    localparam [3:0] K_ORD = 4'd0, K_BR = 4'd1, K_JMP = 4'd2, K_PI = 4'd3, K_PIJ = 4'd4,
                     K_SET = 4'd5, K_RESET = 4'd6, K_PUSH = 4'd7, K_POP = 4'd8;
    // stat indices
    localparam integer S_CYCLES = 0, S_FETCHED = 1, S_FETCHED_PI = 2, S_FETCH_CYC = 3,
                       S_DECODED = 4, S_DISP = 5, S_DISP_PI = 6, S_IGNORED_PI = 7,
                       S_SKIP_BLK = 8, S_SKIP_INS = 9, S_PFP_MISP = 10, S_SKIPS = 11,
                       S_MISFETCH = 12, S_BR_MISP = 13, S_JMP_LATE = 14, S_POP_STALL = 15,
                       S_DISP_STALL = 16, S_FWAIT_CYC = 17, S_BDT_ALLOC = 18;

    // ------------------------------------------------------------ state
    // Storage as flat vectors (entry i at [i*width +: width]): every array
    // is read by several ports per cycle and some are written from their own
    // reads, so they are registers, never inferred memories (docs/pfp.md).
    reg [W*PC_W-1:0]      win_pc_q;
    reg [W*4-1:0]         win_kind_q;
    reg [W-1:0]           win_taken_q;
    reg [W-1:0]           win_val_q;
    reg [W-1:0]           win_bwd_q;
    reg [W-1:0]           win_sk_q;   // written at fetch
    reg [W-1:0]           win_mp_q;
    reg [W*SKIP_BITS-1:0] win_n_q;
    reg [W*WIN_BITS-1:0]  win_be_q;   // written at fetch: the entry after a skip leader's block

    wire [NE-1:0]       bdt_v_q;
    wire [NE-1:0]       bdt_pred_q;
    wire [NE-1:0]       bdt_lock_q;
    wire [NE*TAG_W-1:0] bdt_tag_q;
    wire [NE*PC_W-1:0]  bdt_follow_q;
    wire [NE-1:0]       bdt_lok_q;        // the follow's block length is skippable
    wire [NE*SKIP_BITS-1:0] bdt_n_q;      // and the skip count it gives

    reg [PW-1:0]   hd_q, fp_q, tl_q;
    reg [7:0]      fq_n_q;
    reg            flag_q, pbit_q, last_pi_q, fwait_q, chk_q, lar_v_q;
    // a squash decoded last cycle: this cycle fetch and decode wait and the
    // fetch pointer and head are redirected behind the leader (hd_q), so no
    // decode result reaches the fetch side's next state in the same clock
    reg            sq_q;
    reg [3:0]      res_cnt_q;
    reg [PC_W-1:0] lar_q;
    reg [NS*CNT_W-1:0] stat_q;
    // the window entries fp + c (c < NFE) and hd + c (c < NDE): the fetch
    // and decode slots' and those the fetch head may move to, registers kept
    // beside the pointers so that no adder precedes those window reads
    localparam integer NFE = 2 * FETCH_W;
    localparam integer NDE = DEC_W + ((FETCH_W > DEC_W) ? FETCH_W : DEC_W);
    reg [NFE*WIN_BITS-1:0]     fe_q;
    reg [NDE*WIN_BITS-1:0]     de_q;
    // the fetch head: the fetch chain's bits {kind, taken, bwd} of fetch
    // slot k's window entry, a registered mirror of the window (below)
    localparam integer FR_W = 6;
    reg [FETCH_W*FR_W-1:0]     fh_q;
    // the decode buffer: decode slot j's control bits {kind, taken, val,
    // sk, mp, n}, the record at hd + j read in the cycle before, and
    // whether it is valid (that record was fetched before that cycle, so
    // no write of the cycle that read it needs forwarding)
    localparam integer DB_W = 8 + SKIP_BITS;
    reg [DEC_W*DB_W-1:0]       db_q;
    reg [DEC_W-1:0]            dv_q;
    // and per slot, loaded with it: whether it holds a skip leader (its
    // sk bit: only a profile instruction is fetched as one), and the
    // window entry after its block (its entry + 1 + n, win_be_q), where
    // decode's buffer reloads if the group ends at that skip, so no adder
    // follows the buffer on the way to that window read
    reg [DEC_W-1:0]            dsl_q;
    reg [DEC_W*WIN_BITS-1:0]   dbe_q;

    // ------------------------------------------------------------ input decode
    wire [6:0] in_opc = in_insn_i[6:0];
    reg  [3:0] in_kind;
    always @* begin
        in_kind = K_ORD;
        if (in_cls_i == 4'd4) in_kind = K_BR;
        else if (in_cls_i == 4'd5 || in_cls_i == 4'd6 || in_cls_i == 4'd7 || in_cls_i == 4'd8)
            in_kind = K_JMP;
        if (!in_len2_i) begin
            if (in_opc == 7'h0b) begin
                if (in_insn_i[14:12] == 3'd7) begin
                    case (in_insn_i[26:25])
                        2'd0:    in_kind = K_SET;
                        2'd1:    in_kind = K_RESET;
                        2'd2:    in_kind = K_PUSH;
                        default: in_kind = K_POP;
                    endcase
                end else begin
                    in_kind = K_PI;
                end
            end else if (in_opc == 7'h2b) begin
                in_kind = K_PI;
            end else if (in_opc == 7'h5b) begin
                in_kind = K_PIJ;
            end
        end
    end
    wire in_bwd = in_len2_i ? in_insn_i[12] : in_insn_i[31];

    // ------------------------------------------------------------ cycle control
    // the pointers' distances tl - hd and tl - fp, registers beside them, so
    // no subtraction precedes the go condition and the chains; their next
    // values are chosen by the chains' selects from sums of registers, like
    // the pointers'. Decode's limit (slot j in front of the fetch pointer)
    // is the fetch queue count: the entries hd .. hd + j of a decode group
    // are fetched ones up to its first skip leader, where the group ends.
    reg  [PW-1:0] occ, avail;
    wire [PW-1:0] room = fp_q - hd_q;
    wire in_ready = (occ < W[PW-1:0]);
    wire in_fire  = in_valid_i && in_ready;
    // tl - hd and tl - fp after this cycle's input, before fetch and decode
    wire [PW-1:0] oc_in = occ + {{(PW-1){1'b0}}, in_fire};
    wire [PW-1:0] av_in = avail + {{(PW-1){1'b0}}, in_fire};
    wire done     = eos_i && (occ == {PW{1'b0}});
    wire go       = !done && (eos_i || ({{(32-PW){1'b0}}, avail} >= LOOK) ||
                              (occ == W[PW-1:0]));
    // in the squash redirect clock decode waits: its buffer is empty
    wire dec_en   = go && disp_ready_i;
    // fetch's window-space rule, fp - hd + LOOK <= W, is a register: its
    // next value uses the decode pointer at the start of the cycle (the
    // space decode frees counts a cycle later), so it is chosen by the
    // fetch run alone from compares of registers (r_le, r_sk below)
    reg  rok_q;
    wire fetch_en = go && !sq_q && !fwait_q && rok_q;


    // ------------------------------------------------------------ slot reads
    // The records decode (hd + j) and fetch (fp + k) may look at this cycle,
    // each read once and shared by the table lookups and the chains.
    wire [DEC_W*PC_W-1:0]        ds_pc;
    wire [DEC_W*4-1:0]           ds_kind;
    wire [DEC_W-1:0]             ds_taken, ds_val, ds_sk, ds_mp;
    wire [DEC_W*SKIP_BITS-1:0]   ds_n;
    wire [FETCH_W*PC_W-1:0]      fs_pc;
    wire [FETCH_W*4-1:0]         fs_kind;
    wire [FETCH_W-1:0]           fs_taken, fs_bwd;
    wire [FETCH_W*WIN_BITS-1:0]  fs_e;
    wire [NFE*WIN_BITS-1:0]      fe_rst;   // fe_q, de_q after reset
    wire [NDE*WIN_BITS-1:0]      de_rst;
    wire [2*DEC_W*DB_W-1:0]      db_rd;
    wire [2*DEC_W-1:0]           db_rv;
    wire [DEC_W*DB_W-1:0]        db_sk;
    wire [DEC_W-1:0]             db_sv;
    wire [2*DEC_W-1:0]           db_rl;    // candidate c is a skip leader
    wire [2*DEC_W*WIN_BITS-1:0]  db_re;    // and the entry after its block
    wire [DEC_W-1:0]             db_sl;    // the same for the after-skip candidates
    wire [DEC_W*WIN_BITS-1:0]    db_se;
    // the after-skip candidates' first entry and validity, of the
    // buffer's first skip leader (slot j: offset j + 1 + n_j from hd, each
    // candidate's validity compared in parallel with the others)
    reg  [WIN_BITS-1:0]          sk_e;
    reg  [DEC_W*DEC_W-1:0]       sk_vj;   // [j*DEC_W + g]: slot j's candidate g is valid
    reg  [DEC_W-1:0]             sk_v;
    reg  [PW-1:0]                sk_oj;
    integer                      jb, gb;
    always @* begin
        for (jb = 0; jb < DEC_W; jb = jb + 1) begin
            sk_oj = jb[PW-1:0] + 1'b1 + {{(PW-SKIP_BITS){1'b0}}, ds_n[jb*SKIP_BITS +: SKIP_BITS]};
            for (gb = 0; gb < DEC_W; gb = gb + 1)
                sk_vj[jb*DEC_W + gb] = ({{(32-PW){1'b0}}, sk_oj} + gb) < {{(32-PW){1'b0}}, room};
        end
        sk_e = dbe_q[0 +: WIN_BITS];
        sk_v = sk_vj[0 +: DEC_W];
        for (jb = DEC_W - 1; jb >= 0; jb = jb - 1) begin
            if (dsl_q[jb]) begin
                sk_e = dbe_q[jb*WIN_BITS +: WIN_BITS];
                sk_v = sk_vj[jb*DEC_W +: DEC_W];
            end
        end
    end
    genvar g, ri;
    generate
        for (g = 0; g < DEC_W; g = g + 1) begin : g_ds
            wire [WIN_BITS-1:0] e = de_q[g*WIN_BITS +: WIN_BITS];
            assign ds_pc[g*PC_W +: PC_W]            = win_pc_q[(e)*PC_W +: PC_W];
            assign {ds_kind[g*4 +: 4], ds_taken[g], ds_val[g], ds_sk[g], ds_mp[g],
                    ds_n[g*SKIP_BITS +: SKIP_BITS]} = db_q[g*DB_W +: DB_W];
        end
        // the decode buffer's candidates: the records at hd + c
        // (c < 2 DEC_W) read at the registered entries de_q, and whether
        // each was fetched before this cycle (c < fp - hd)
        for (g = 0; g < 2 * DEC_W; g = g + 1) begin : g_dbr
            wire [WIN_BITS-1:0] e = de_q[g*WIN_BITS +: WIN_BITS];
            localparam [PW-1:0] C = g;
            assign db_rd[g*DB_W +: DB_W] = {win_kind_q[(e)*4 +: 4], win_taken_q[e], win_val_q[e],
                                            win_sk_q[e], win_mp_q[e], win_n_q[e*SKIP_BITS +: SKIP_BITS]};
            assign db_rv[g] = C < room;
            assign db_rl[g] = win_sk_q[e];
            assign db_re[g*WIN_BITS +: WIN_BITS] = win_be_q[e*WIN_BITS +: WIN_BITS];
        end
        // and the records after the block of the buffer's first skip leader
        // (where a group that decodes it ends): at hd + o + g, o = j + 1 +
        // n_j of that slot j, i.e. at sk_e + g, sk_e registered with the
        // buffer; candidate g reads the window rotated by g (constant
        // wiring) at sk_e, so no adder precedes the read
        for (g = 0; g < DEC_W; g = g + 1) begin : g_dbs
            // entry i of each: the window's entry i + g
            wire [W*4-1:0]         r_kind;
            wire [W-1:0]           r_tk, r_vl, r_sk, r_mp;
            wire [W*SKIP_BITS-1:0] r_n;
            wire [W*WIN_BITS-1:0]  r_be;
            for (ri = 0; ri < W; ri = ri + 1) begin : g_rot
                localparam integer R = (ri + g) % W;
                assign r_kind[ri*4 +: 4] = win_kind_q[R*4 +: 4];
                assign {r_tk[ri], r_vl[ri], r_sk[ri], r_mp[ri]} =
                    {win_taken_q[R], win_val_q[R], win_sk_q[R], win_mp_q[R]};
                assign r_n[ri*SKIP_BITS +: SKIP_BITS] = win_n_q[R*SKIP_BITS +: SKIP_BITS];
                assign r_be[ri*WIN_BITS +: WIN_BITS] = win_be_q[R*WIN_BITS +: WIN_BITS];
            end
            assign db_sk[g*DB_W +: DB_W] = {r_kind[sk_e*4 +: 4], r_tk[sk_e], r_vl[sk_e],
                                            r_sk[sk_e], r_mp[sk_e], r_n[sk_e*SKIP_BITS +: SKIP_BITS]};
            assign db_sv[g] = sk_v[g];
            assign db_sl[g] = r_sk[sk_e];
            assign db_se[g*WIN_BITS +: WIN_BITS] = r_be[sk_e*WIN_BITS +: WIN_BITS];
        end
        for (g = 0; g < NDE; g = g + 1) begin : g_de_rst
            localparam [WIN_BITS-1:0] OFS = g;
            assign de_rst[g*WIN_BITS +: WIN_BITS] = OFS;
        end
        for (g = 0; g < NFE; g = g + 1) begin : g_fe_rst
            localparam [WIN_BITS-1:0] OFS = g;
            assign fe_rst[g*WIN_BITS +: WIN_BITS] = OFS;
        end
        for (g = 0; g < FETCH_W; g = g + 1) begin : g_fs
            wire [WIN_BITS-1:0] e = fe_q[g*WIN_BITS +: WIN_BITS];
            assign fs_e[g*WIN_BITS +: WIN_BITS]     = e;
            assign fs_pc[g*PC_W +: PC_W]            = win_pc_q[(e)*PC_W +: PC_W];
            assign {fs_kind[g*4 +: 4], fs_taken[g], fs_bwd[g]} = fh_q[g*FR_W +: FR_W];
        end
    endgenerate

    // ------------------------------------------------------------ decode
    // decode: up to DEC_W fetched records in order; each slot's conditions
    // (flag in front of it, leader register, dispatch, group end) come from
    // its window read and registers alone (every slot in front of a decoded
    // one is decoded); only the AND that decides how far the group runs is
    // serial, and it gates the slots' results
    integer j;
    reg [DEC_W-1:0] c_pi, c_fin, c_fout, c_lv, c_up, c_brk, c_stop, c_lim, c_disp, c_dec;
    reg [DEC_W*PW-1:0] c_hd;   // the decode pointer after slot j if the group ends there
    reg [DEC_W*PW-1:0] c_oc;   // and tl - hd after this cycle's input
    reg [PW-1:0]   oc_d;
    reg [DEC_W*NDE*WIN_BITS-1:0] c_he; // entry hd + c after slot j: [(j*NDE+c)*WIN_BITS +: WIN_BITS]
    reg [NDE*WIN_BITS-1:0] de_d;
    reg [DEC_W*4-1:0] c_idx;   // slot j's place among the dispatched ones
    reg            c_lf;
    reg [PC_W-1:0] c_L;        // the leader of the group's block
    reg [DEC_W-1:0] o_dec;     // output slot k's instruction is decoded
    reg [DEC_W*PC_W-1:0] o_pc;
    reg [DEC_W*4-1:0]    o_kind;
    reg [3:0]      dk, nd;
    reg            fk_in, run;
    reg            flag_c, lar_v_c, chk_c;
    reg [PC_W-1:0] lar_c;
    reg            squash, resolve;
    reg [3:0]      res_pen;
    reg [PW-1:0]   hd_d;
    reg [7:0]      dec_fetched;
    reg            upd;
    reg [PC_W-1:0] upd_L;
    reg [DEC_W-1:0] upd_sv, upd_flag;
    reg [DEC_W*PC_W-1:0] upd_pc;
    reg [3:0]      d_decoded, d_disp, d_disp_pi, d_ign, d_skipblk, d_misp, d_brmisp, d_misf,
                   d_late, d_pop;
    reg [SKIP_BITS+3:0] d_skipins;
    reg [PC_W-1:0] disp_pc;
    reg [DEC_W*DB_W-1:0] db_d;
    reg [DEC_W-1:0]      dv_d, dsl_d;
    reg [DEC_W*WIN_BITS-1:0] dbe_d;
    reg [DEC_W*PC_W-1:0] disp_spc;
    reg [DEC_W*4-1:0]    disp_skind;
    integer ks;
    always @* begin
        // per slot, in parallel
        fk_in = flag_q;
        nd = 4'd0;
        for (j = 0; j < DEC_W; j = j + 1) begin
            dk = ds_kind[j*4 +: 4];
            c_pi[j]  = (dk == K_PI) || (dk == K_PIJ);
            // slot j is in front of the fetch pointer and in the decode buffer
            c_lim[j] = (fq_n_q > j[7:0]) && dv_q[j];
            c_fin[j] = fk_in;                // the flag in front of slot j
            case (dk)
                K_SET:   fk_in = 1'b1;
                K_RESET: fk_in = 1'b0;
                K_POP:   fk_in = ds_val[j];
                default: fk_in = fk_in;
            endcase
            c_fout[j] = fk_in;
            c_stop[j] = (dk == K_POP) || (c_pi[j] && ds_sk[j]) || (ds_mp[j] && !ds_sk[j]);
            c_disp[j] = c_pi[j] ? c_fin[j] : !(dk == K_SET || dk == K_RESET);
            c_idx[j*4 +: 4] = nd;
            if (c_disp[j]) nd = nd + 4'd1;
        end
        // leader register in front of slot j (every kind sets or clears it),
        // and whether a profile instruction is in front of it
        c_lv[0] = lar_v_q;
        c_up[0] = 1'b0;
        for (j = 1; j < DEC_W; j = j + 1) begin
            c_lv[j] = c_pi[j-1];
            c_up[j] = c_up[j-1] || c_pi[j-1];
        end
        // one descriptor update per cycle: a profile instruction that
        // starts a second block (leader register clear) ends the group
        c_brk = c_pi & c_up & ~c_lv;
        // the decode pointer after each slot (a correct skip leader steps
        // over its block)
        for (j = DEC_W - 1; j >= 0; j = j - 1) begin
            // both sums are formed before the slot's skip condition selects
            // one, so no adder follows the flag prefix
            c_hd[j*PW +: PW] = (c_pi[j] && ds_sk[j] && !c_fin[j]) ?
                hd_q + j[PW-1:0] + 1'b1 + {{(PW-SKIP_BITS){1'b0}}, ds_n[j*SKIP_BITS +: SKIP_BITS]} :
                hd_q + j[PW-1:0] + 1'b1;
            c_oc[j*PW +: PW] = (c_pi[j] && ds_sk[j] && !c_fin[j]) ?
                oc_in - j[PW-1:0] - 1'b1 - {{(PW-SKIP_BITS){1'b0}}, ds_n[j*SKIP_BITS +: SKIP_BITS]} :
                oc_in - j[PW-1:0] - 1'b1;
            for (ks = 0; ks < NDE; ks = ks + 1)
                c_he[(j*NDE+ks)*WIN_BITS +: WIN_BITS] = (c_pi[j] && ds_sk[j] && !c_fin[j]) ?
                    hd_q[WIN_BITS-1:0] + j[WIN_BITS-1:0] + ks[WIN_BITS-1:0] + 1'b1 +
                    {{(WIN_BITS-SKIP_BITS){1'b0}}, ds_n[j*SKIP_BITS +: SKIP_BITS]} :
                    hd_q[WIN_BITS-1:0] + j[WIN_BITS-1:0] + ks[WIN_BITS-1:0] + 1'b1;
        end
        // all profile instructions a group decodes are of one block: its
        // leader is the first one's pc, or the leader register when that
        // one is slot 0 and the register is set
        c_lf = 1'b0; c_L = lar_q;
        for (j = 0; j < DEC_W; j = j + 1) begin
            if (c_pi[j] && !c_lf) begin
                c_lf = 1'b1;
                c_L = c_lv[j] ? lar_q : ds_pc[j*PC_W +: PC_W];
            end
        end

        // how far the group runs
        run = dec_en;
        for (j = 0; j < DEC_W; j = j + 1) begin
            run = run && c_lim[j] && !c_brk[j];
            c_dec[j] = run;
            run = run && !c_stop[j];
        end

        // the decoded slots' results
        hd_d = hd_q; oc_d = oc_in; de_d = de_q; flag_c = flag_q; lar_v_c = lar_v_q; lar_c = lar_q; chk_c = chk_q;
        squash = 1'b0; resolve = 1'b0; res_pen = 4'd0; dec_fetched = 8'd0;
        upd = 1'b0;
        upd_sv = {DEC_W{1'b0}}; upd_flag = {DEC_W{1'b0}}; upd_pc = {(DEC_W*PC_W){1'b0}};
        d_decoded = 4'd0; d_disp = 4'd0; d_disp_pi = 4'd0; d_ign = 4'd0; d_skipblk = 4'd0;
        d_misp = 4'd0; d_brmisp = 4'd0; d_misf = 4'd0; d_late = 4'd0; d_pop = 4'd0;
        d_skipins = {(SKIP_BITS+4){1'b0}};
        disp_spc = {(DEC_W*PC_W){1'b0}};
        disp_skind = {(DEC_W*4){1'b0}};
        ks = 0;  // the slot loop below runs only for dispatched instructions: no latch
        for (j = 0; j < DEC_W; j = j + 1) begin
            dk = ds_kind[j*4 +: 4];
            if (c_dec[j]) begin
                d_decoded = d_decoded + 4'd1;
                dec_fetched = dec_fetched + 8'd1;
                hd_d = c_hd[j*PW +: PW];
                oc_d = c_oc[j*PW +: PW];
                de_d = c_he[j*NDE*WIN_BITS +: NDE*WIN_BITS];
                flag_c = c_fout[j];
                lar_v_c = c_pi[j];
                if (dk == K_POP) d_pop = d_pop + 4'd1;
                if (c_pi[j]) begin
                    // the leader's descriptor is updated by the table
                    // update pipeline (one block per group)
                    upd = 1'b1;
                    upd_sv[j] = 1'b1;
                    upd_pc[j*PC_W +: PC_W] = ds_pc[j*PC_W +: PC_W];
                    upd_flag[j] = c_fin[j];
                    if (!c_fin[j]) d_ign = d_ign + 4'd1;
                    if (ds_sk[j]) begin
                        if (c_fin[j]) begin
                            squash = 1'b1;
                            d_misp = d_misp + 4'd1;
                        end else begin
                            d_skipblk = d_skipblk + 4'd1;
                            d_skipins = d_skipins + {4'd0, ds_n[j*SKIP_BITS +: SKIP_BITS]};
                        end
                    end
                end
                if (c_disp[j]) begin
                    d_disp = d_disp + 4'd1;
                    if (c_pi[j]) d_disp_pi = d_disp_pi + 4'd1;
                end
                if (ds_mp[j] && !ds_sk[j]) begin
                    resolve = 1'b1;
                    if (dk == K_BR) begin
                        d_brmisp = d_brmisp + 4'd1;
                        res_pen = BR_PEN[3:0];
                        chk_c = c_fout[j];
                    end else if (dk == K_PIJ && !ds_taken[j]) begin
                        d_misf = d_misf + 4'd1;
                    end else begin
                        d_late = d_late + 4'd1;
                    end
                end
            end
        end
        // the leader goes to the table update with every group (its read
        // and apply stages use it only with a profile instruction decoded)
        upd_L = c_L;
        if (upd) lar_c = c_L;
        // output slot k: the k-th dispatching slot's pc and kind, chosen
        // from the parallel conditions, shown if that slot is decoded
        o_dec = {DEC_W{1'b0}}; o_pc = {(DEC_W*PC_W){1'b0}}; o_kind = {(DEC_W*4){1'b0}};
        for (j = 0; j < DEC_W; j = j + 1) begin
            if (c_disp[j]) begin
                for (ks = 0; ks < DEC_W; ks = ks + 1) begin
                    if (c_idx[j*4 +: 4] == ks[3:0]) begin
                        o_dec[ks] = c_dec[j];
                        o_pc[ks*PC_W +: PC_W] = ds_pc[j*PC_W +: PC_W];
                        o_kind[ks*4 +: 4]    = ds_kind[j*4 +: 4];
                    end
                end
            end
        end
        for (ks = 0; ks < DEC_W; ks = ks + 1) begin
            if (o_dec[ks]) begin
                disp_spc[ks*PC_W +: PC_W] = o_pc[ks*PC_W +: PC_W];
                disp_skind[ks*4 +: 4]    = o_kind[ks*4 +: 4];
            end
        end
        disp_pc = disp_spc[0 +: PC_W];
        // the decode buffer after this group: slot b holds the record at
        // the next decode pointer + b (n slots decoded: hd + n + b, or past
        // a correct skip's block), chosen by the run from candidates read
        // at register addresses; after a squash and in the squash redirect
        // clock nothing is valid (reloaded a cycle later)
        db_d = db_rd[0 +: DEC_W*DB_W];
        dv_d = db_rv[0 +: DEC_W];
        dsl_d = db_rl[0 +: DEC_W];
        dbe_d = db_re[0 +: DEC_W*WIN_BITS];
        for (j = 0; j < DEC_W; j = j + 1) begin
            if (c_dec[j]) begin
                db_d = db_rd[(j+1)*DB_W +: DEC_W*DB_W];
                dv_d = db_rv[j+1 +: DEC_W];
                dsl_d = db_rl[j+1 +: DEC_W];
                dbe_d = db_re[(j+1)*WIN_BITS +: DEC_W*WIN_BITS];
            end
        end
        if (|(c_dec & c_pi & ds_sk & ~c_fin)) begin
            db_d = db_sk;
            dv_d = db_sv;
            dsl_d = db_sl;
            dbe_d = db_se;
        end
        if (sq_q || |(c_dec & c_pi & ds_sk & c_fin)) dv_d = {DEC_W{1'b0}};
    end

    // ------------------------------------------------------------ predictor lookup
    // predictor lookup: reads the descriptor of the candidate fetch latched
    // last cycle into registers the skip decision uses (hwp_pfp_lookup.v)
    wire [1:0]           lk_st;
    wire                 lk_ok;
    wire [SKIP_BITS-1:0] lk_n;
    reg                  f_latch, f_use;
    reg  [PC_W-1:0]      f_latch_pc;
    hwp_pfp_lookup #(.SET_BITS(SET_BITS), .SKIP_BITS(SKIP_BITS), .PC_W(PC_W)) u_lookup (
        .clk_i(clk_i), .rst_i(rst_i), .go_i(go), .squash_i(sq_q),
        .latch_i(f_latch), .latch_pc_i(f_latch_pc), .use_i(f_use),
        .bdt_v_i(bdt_v_q), .bdt_pred_i(bdt_pred_q), .bdt_lock_i(bdt_lock_q),
        .bdt_tag_i(bdt_tag_q), .bdt_lok_i(bdt_lok_q), .bdt_n_i(bdt_n_q),
        .st_o(lk_st), .ok_o(lk_ok), .n_o(lk_n)
    );

    // ------------------------------------------------------------ fetch head
    // fh_q mirrors the window at fe_q, so the fetch chain starts at
    // registers. Its next value is the record at the entry slot k moves to,
    // chosen late by the same selects as fe_q from candidates read early
    // at addresses that come from registers: the head itself (fp + c,
    // c < FETCH_W), fp + c (FETCH_W <= c < 2 FETCH_W), fp + 1 + lk_n + k
    // (a skip) and hd + k (a squash, redirected the clock after the squash
    // was decoded, from the registered decode pointer); each with this
    // cycle's input write forwarded where one can reach it, so the mirror
    // is exact.
    // The skip candidates come from fh_sk_q: the records at fp + 1 + c,
    // read while the lookup stage reads the candidate's descriptor (state
    // 1, the candidate at the fetch pointer, which then stays put until it
    // is taken or squashed) and kept, input writes forwarded, until the
    // skip decision; lk_n then selects among registers.
    localparam integer NSK = (1 << SKIP_BITS) - 1 + FETCH_W;
    reg  [NSK*FR_W-1:0]             fh_sk_q;
    reg  [NSK*FR_W-1:0]             fh_sk_d;
    reg  [NSK*FR_W-1:0]             fh_sk_f;   // fh_sk_q, input write forwarded
    reg  [2*FETCH_W*FR_W-1:0]       fh_rc;   // the record at fp + c
    reg  [FETCH_W*FR_W-1:0]         fh_rs;   // at fp + 1 + lk_n + k
    reg  [FETCH_W*FR_W-1:0]         fh_sq;   // the record at hd + k (a squash)
    reg  [NFE*WIN_BITS-1:0]         sq_fe;   // entry hd + c (a squash)
    reg  [WIN_BITS-1:0]             fh_a;
    wire [FR_W-1:0]                 in_rec = {in_kind, in_taken_i, in_bwd};
    wire [WIN_BITS-1:0]             tl_e   = tl_q[WIN_BITS-1:0];
    integer c;
    always @* begin
        for (c = 0; c < FETCH_W; c = c + 1) begin
            fh_a = fe_q[c*WIN_BITS +: WIN_BITS];
            fh_rc[c*FR_W +: FR_W] = (in_fire && fh_a == tl_e) ? in_rec : fh_q[c*FR_W +: FR_W];
        end
        for (c = FETCH_W; c < 2 * FETCH_W; c = c + 1) begin
            fh_a = fe_q[c*WIN_BITS +: WIN_BITS];
            fh_rc[c*FR_W +: FR_W] = (in_fire && fh_a == tl_e) ? in_rec :
                {win_kind_q[fh_a*4 +: 4], win_taken_q[fh_a], win_bwd_q[fh_a]};
        end
        for (c = 0; c < NSK; c = c + 1) begin
            fh_a = fp_q[WIN_BITS-1:0] + c[WIN_BITS-1:0] + 1'b1;
            fh_sk_f[c*FR_W +: FR_W] = (in_fire && fh_a == tl_e) ? in_rec : fh_sk_q[c*FR_W +: FR_W];
            fh_sk_d[c*FR_W +: FR_W] = (in_fire && fh_a == tl_e) ? in_rec :
                (lk_st == 2'd1) ? {win_kind_q[fh_a*4 +: 4], win_taken_q[fh_a], win_bwd_q[fh_a]} :
                fh_sk_q[c*FR_W +: FR_W];
        end
        // the skip decision is taken in state 2 only, where fh_sk_q holds
        for (c = 0; c < FETCH_W; c = c + 1)
            fh_rs[c*FR_W +: FR_W] = fh_sk_f[({{(32-SKIP_BITS){1'b0}}, lk_n} + c)*FR_W +: FR_W];
        // after a squash fetch restarts at the decode pointer: the records
        // at hd + k, read at the registered entries de_q. No input write
        // needs forwarding: the redirect happens in a go cycle, and there
        // either no record comes in (end of stream, full window) or
        // tl >= fp + LOOK >= hd + LOOK, so hd + k (k < FETCH_W) are written
        for (c = 0; c < NFE; c = c + 1)
            sq_fe[c*WIN_BITS +: WIN_BITS] = hd_q[WIN_BITS-1:0] + c[WIN_BITS-1:0];
        for (c = 0; c < FETCH_W; c = c + 1) begin
            fh_a = de_q[c*WIN_BITS +: WIN_BITS];
            fh_sq[c*FR_W +: FR_W] = {win_kind_q[fh_a*4 +: 4], win_taken_q[fh_a], win_bwd_q[fh_a]};
        end
    end

    // ------------------------------------------------------------ fetch
    // fetch: up to FETCH_W records into the queue; a leader candidate only
    // first in the group with its lookup ready (skip decision), else it ends
    // the group and is latched for the lookup stage. Each slot's conditions
    // come from its window read and registers alone (the prediction bit in
    // front of slot k is a prefix over the setpf/resetpf of the slots before
    // it, all of which are fetched when k is); only the AND that decides how
    // far the group runs is serial.
    integer k, kf;
    reg [FETCH_W-1:0] s_pi, s_lp, s_cand, s_blk, s_lim, s_stop, s_mp, s_pba;
    reg               s_skip;   // slot 0: the skip decision
    reg [3:0]         fk;
    reg               pbk, fpred, frun;
    reg [PW-1:0]      fp_d;
    reg [PW-1:0]      av_d;   // tl - fp after this group and this cycle's input
    reg [3*FETCH_W*PW-1:0]       fpc;   // fp + c, c < 3 FETCH_W
    reg [NFE*WIN_BITS-1:0]       fsk;   // entry fp + c after a skip
    reg [NFE*WIN_BITS-1:0]       fe_d;  // entry fp + c after this group
    reg [FETCH_W*FR_W-1:0]       fh_d;  // and its record
    reg               pb_c, lp_c, fw_c;
    reg [3:0]         nf, nf_pi, f_skips;
    // per fetch slot: entry written, skip leader, mispredicted, skip count
    reg [FETCH_W-1:0]           fwr, fwr_sk, fwr_mp;
    reg [FETCH_W*SKIP_BITS-1:0] fwr_n;
    // the window-space rule after fetch moves a records on (a <= FETCH_W),
    // or past a skip (1 + lk_n), against the decode pointer of this cycle
    reg [FETCH_W:0]   r_le;
    reg               r_sk, rok_d;
    integer           kr;
    always @* begin
        for (kr = 0; kr <= FETCH_W; kr = kr + 1)
            r_le[kr] = ({{(32-PW){1'b0}}, room} + kr + LOOK <= W);
        r_sk = ({{(32-PW){1'b0}}, room} + 1 + {{(32-SKIP_BITS){1'b0}}, lk_n} + LOOK <= W);
    end
    always @* begin
        // per slot, in parallel
        pbk = pbit_q;
        for (k = 0; k < FETCH_W; k = k + 1) begin
            fk = fs_kind[k*4 +: 4];
            s_pi[k]  = (fk == K_PI) || (fk == K_PIJ);
            // queue and window limits: registers against constants
            s_lim[k] = ({4'd0, fq_n_q} + k[11:0] < FQ[11:0]) && (avail > k[PW-1:0]);
            fpred = 1'b0;
            case (fk)
                K_SET:   pbk = 1'b1;
                K_RESET: pbk = 1'b0;
                K_BR:    fpred = fs_bwd[k];
                K_JMP:   fpred = 1'b1;
                K_PIJ:   fpred = pbk;
                default: fpred = 1'b0;
            endcase
            s_pba[k]  = pbk;                  // prediction bit after slot k
            s_mp[k]   = fpred != fs_taken[k];
            s_stop[k] = fpred || fs_taken[k];
        end
        s_lp[0] = last_pi_q;
        for (k = 1; k < FETCH_W; k = k + 1) s_lp[k] = s_pi[k-1];
        s_cand = s_pi & ~s_lp;
        s_blk  = s_cand;                      // a candidate ends the group in front of it ...
        if (lk_st == 2'd2) s_blk[0] = 1'b0;   // ... unless first with its lookup ready
        // the records of the longest skip are in the window (a register
        // against a constant: lk_n is not in front of the fetch chain)
        s_skip = pfp_en_i && lk_ok && (avail >= SKMAX[PW-1:0]);
        // the candidate the lookup stage latches if the group reaches it:
        // the first slot that ends the group in front of it
        f_latch_pc = {PC_W{1'b0}};
        for (k = FETCH_W - 1; k >= 0; k = k - 1)
            if (s_blk[k]) f_latch_pc = fs_pc[k*PC_W +: PC_W];
        // the fetch bits of slot k if it is fetched: skip leader (slot 0),
        // else mispredicted
        fwr_sk = {FETCH_W{1'b0}};
        fwr_sk[0] = s_cand[0] && s_skip;
        fwr_mp = s_mp & ~fwr_sk;
        fwr_n = {(FETCH_W*SKIP_BITS){1'b0}};
        fwr_n[0 +: SKIP_BITS] = fwr_sk[0] ? lk_n : {SKIP_BITS{1'b0}};

        // the pointers fetch may move to, from registers alone
        kf = 0;  // the loops below assign it only where fetch runs: no latch
        for (k = 0; k < 3 * FETCH_W; k = k + 1)
            fpc[k*PW +: PW] = fp_q + k[PW-1:0];
        for (k = 0; k < NFE; k = k + 1)
            fsk[k*WIN_BITS +: WIN_BITS] = fp_q[WIN_BITS-1:0] + k[WIN_BITS-1:0] + 1'b1 +
                                          {{(WIN_BITS-SKIP_BITS){1'b0}}, lk_n};

        // how far the group runs
        fp_d = fp_q; av_d = av_in; fe_d = fe_q; rok_d = r_le[0]; fh_d = fh_rc[0 +: FETCH_W*FR_W]; pb_c = pbit_q; lp_c = last_pi_q; fw_c = fwait_q;
        nf = 4'd0; nf_pi = 4'd0; f_skips = 4'd0;
        f_latch = 1'b0; f_use = 1'b0;
        fwr = {FETCH_W{1'b0}};
        frun = fetch_en;
        for (k = 0; k < FETCH_W; k = k + 1) begin
            frun = frun && s_lim[k];
            if (frun && s_blk[k]) f_latch = 1'b1;
            frun = frun && !s_blk[k];
            fwr[k] = frun;
            if (frun) begin
                nf = nf + 4'd1;
                if (s_pi[k]) nf_pi = nf_pi + 4'd1;
                lp_c = s_pi[k];
                pb_c = s_pba[k];
                fp_d = fpc[(k+1)*PW +: PW];
                av_d = av_in - k[PW-1:0] - 1'b1;
                rok_d = r_le[k+1];
                for (kf = 0; kf < NFE; kf = kf + 1)
                    fe_d[kf*WIN_BITS +: WIN_BITS] = fpc[(k+1+kf)*PW +: WIN_BITS];
                fh_d = fh_rc[(k+1)*FR_W +: FETCH_W*FR_W];
                if (k == 0 && s_cand[0]) begin
                    // first in the group with its lookup ready: the skip decision
                    f_use = 1'b1;
                    if (s_skip) begin
                        fp_d = fp_q + 1'b1 + {{(PW-SKIP_BITS){1'b0}}, lk_n};
                        av_d = av_in - 1'b1 - {{(PW-SKIP_BITS){1'b0}}, lk_n};
                        fe_d = fsk;
                        fh_d = fh_rs;
                        rok_d = r_sk;
                        f_skips = 4'd1;
                        frun = 1'b0;
                    end
                end
                if (fwr_mp[k]) fw_c = 1'b1;
                frun = frun && !s_stop[k];
            end
        end
    end

    // ------------------------------------------------------------ next state
    reg [NS*INC_W-1:0] sinc;   // increment of counter s at [s*INC_W +: INC_W]
    always @* begin
        sinc = {(NS*INC_W){1'b0}};
        sinc[S_CYCLES*INC_W +: INC_W]     = {{(INC_W-1){1'b0}}, 1'b1};
        sinc[S_FETCHED*INC_W +: INC_W]    = {{(INC_W-4){1'b0}}, nf};
        sinc[S_FETCHED_PI*INC_W +: INC_W] = {{(INC_W-4){1'b0}}, nf_pi};
        sinc[S_FETCH_CYC*INC_W +: INC_W]  = {{(INC_W-1){1'b0}}, nf != 4'd0};
        sinc[S_DECODED*INC_W +: INC_W]    = {{(INC_W-4){1'b0}}, d_decoded};
        sinc[S_DISP*INC_W +: INC_W]       = {{(INC_W-4){1'b0}}, d_disp};
        sinc[S_DISP_PI*INC_W +: INC_W]    = {{(INC_W-4){1'b0}}, d_disp_pi};
        sinc[S_IGNORED_PI*INC_W +: INC_W] = {{(INC_W-4){1'b0}}, d_ign};
        sinc[S_SKIP_BLK*INC_W +: INC_W]   = {{(INC_W-4){1'b0}}, d_skipblk};
        sinc[S_SKIP_INS*INC_W +: INC_W]   = d_skipins;
        sinc[S_PFP_MISP*INC_W +: INC_W]   = {{(INC_W-4){1'b0}}, d_misp};
        sinc[S_SKIPS*INC_W +: INC_W]      = {{(INC_W-4){1'b0}}, f_skips};
        sinc[S_MISFETCH*INC_W +: INC_W]   = {{(INC_W-4){1'b0}}, d_misf};
        sinc[S_BR_MISP*INC_W +: INC_W]    = {{(INC_W-4){1'b0}}, d_brmisp};
        sinc[S_JMP_LATE*INC_W +: INC_W]   = {{(INC_W-4){1'b0}}, d_late};
        sinc[S_POP_STALL*INC_W +: INC_W]  = {{(INC_W-4){1'b0}}, d_pop};
        sinc[S_DISP_STALL*INC_W +: INC_W] = {{(INC_W-1){1'b0}}, !disp_ready_i && (room != {PW{1'b0}})};
        sinc[S_FWAIT_CYC*INC_W +: INC_W]  = {{(INC_W-1){1'b0}}, fwait_q};
        sinc[S_BDT_ALLOC*INC_W +: INC_W]  = {{(INC_W-1){1'b0}}, wb_alloc};
    end

    reg            flag_n, pbit_n, fwait_n, lp_n;
    reg [3:0]      res_n;
    reg [PW-1:0]   fp_n;
    reg [NFE*WIN_BITS-1:0]     fe_n;
    reg [FETCH_W*FR_W-1:0]     fh_n;
    reg [7:0]      fqn_n;
    always @* begin
        flag_n = flag_c; pbit_n = pb_c; fwait_n = fw_c; res_n = res_cnt_q; lp_n = lp_c;
        fp_n = fp_d; fe_n = fe_d; fh_n = fh_d;
        fqn_n = fq_n_q - dec_fetched + {4'd0, nf};
        if (res_cnt_q != 4'd0) begin
            res_n = res_cnt_q - 4'd1;
            if (res_cnt_q == 4'd1) begin
                fwait_n = 1'b0;
                flag_n = chk_q;  // B.4: restore the flag saved at the branch
                pbit_n = chk_q;
            end
        end
        if (sq_q) begin
            fp_n = hd_q; fe_n = sq_fe; fh_n = fh_sq;
            fqn_n = 8'd0;
            fwait_n = 1'b0;
            res_n = 4'd0;
            pbit_n = flag_q;
            lp_n = 1'b1;
        end else if (resolve) begin
            pbit_n = flag_c;
            if (res_pen == 4'd0) fwait_n = 1'b0;
            else res_n = res_pen;
        end
    end

    // statistics: a front-end cycle's increments are registered and added
    // one clock later, so no counter's carry chain follows the fetch and
    // decode chains (stat_o lags the cycle that counts by one clock)
    reg [NS*INC_W-1:0] sinc_q;
    reg [NS*CNT_W-1:0] stat_n;
    wire [PW-1:0] tl_nx = in_fire ? tl_q + 1'b1 : tl_q;
    integer i;
    always @* begin
        for (i = 0; i < NS; i = i + 1)
            stat_n[i*CNT_W +: CNT_W] = stat_q[i*CNT_W +: CNT_W] +
                                       {{(CNT_W-INC_W){1'b0}}, sinc_q[i*INC_W +: INC_W]};
    end
    always @(posedge clk_i) begin
        if (rst_i) begin
            hd_q <= {PW{1'b0}};
            fp_q <= {PW{1'b0}};
            fe_q <= fe_rst;
            fh_q <= {(FETCH_W*FR_W){1'b0}};
            fh_sk_q <= {(NSK*FR_W){1'b0}};
            de_q <= de_rst;
            db_q <= {(DEC_W*DB_W){1'b0}};
            dv_q <= {DEC_W{1'b0}};
            dsl_q <= {DEC_W{1'b0}};
            dbe_q <= {(DEC_W*WIN_BITS){1'b0}};
            tl_q <= {PW{1'b0}};
            occ <= {PW{1'b0}}; avail <= {PW{1'b0}};
            fq_n_q <= 8'd0;
            flag_q <= 1'b0; pbit_q <= 1'b0; last_pi_q <= 1'b0; fwait_q <= 1'b0;
            chk_q <= 1'b0; lar_v_q <= 1'b0; lar_q <= {PC_W{1'b0}};
            sq_q <= 1'b0;
            rok_q <= 1'b1;
            res_cnt_q <= 4'd0;
            sinc_q <= {(NS*INC_W){1'b0}};
            stat_q <= {(NS*CNT_W){1'b0}};
        end else begin
            if (in_fire) tl_q <= tl_nx;
            occ <= go ? oc_d : oc_in;
            avail <= !go ? av_in : sq_q ? oc_in : av_d;
            fh_q <= go ? fh_n : fh_rc[0 +: FETCH_W*FR_W];
            fh_sk_q <= fh_sk_d;
            sinc_q <= go ? sinc : {(NS*INC_W){1'b0}};
            stat_q <= stat_n;
            if (go) begin
                hd_q <= hd_d;
                fp_q <= fp_n;
                fe_q <= fe_n;
                de_q <= de_d;
                db_q <= db_d;
                dv_q <= dv_d;
                dsl_q <= dsl_d;
                dbe_q <= dbe_d;
                fq_n_q <= fqn_n;
                flag_q <= flag_n;
                pbit_q <= pbit_n;
                fwait_q <= fwait_n;
                res_cnt_q <= res_n;
                last_pi_q <= lp_n;
                lar_v_q <= lar_v_c;
                lar_q <= lar_c;
                chk_q <= chk_c;
                sq_q <= squash;
                // after the squash redirect fp = hd: the window is free
                rok_q <= sq_q || rok_d;
            end
        end
    end

    // ------------------------------------------------------------ table update
    // descriptor read: holds decode's update and reads the leader's set,
    // the apply stage's write forwarded (hwp_pfp_wbrd.v)
    wire                  rd_v, rd_hit, rd_way, rd_pred, rd_lock;
    wire [PC_W-1:0]       rd_L, rd_follow;
    wire [DEC_W-1:0]      rd_sv, rd_flag;
    wire [(1<<SET_BITS)-1:0] bdt_lru;
    wire                  wb_write, wb_wr_en, wb_alloc, wb_way, wb_pred, wb_lock;
    wire [PC_W-1:0]       wb_L, wb_follow;
    wire [PC_W-1:0]       rd_L4;
    wire [DEC_W*PC_W-1:0] rd_p4;
    wire [DEC_W-1:0]      rd_geL, rd_eq;
    wire [DEC_W*DEC_W-1:0] rd_ge;
    wire [DEC_W-1:0]      rd_gef;
    wire [PC_W-1:0]       wb_base;
    wire [DEC_W*PC_W-1:0] wb_p4;
    wire [DEC_W-1:0]      wb_ext;
    hwp_pfp_wbrd #(.DEC_W(DEC_W), .SET_BITS(SET_BITS), .PC_W(PC_W)) u_wbrd (
        .clk_i(clk_i), .rst_i(rst_i), .go_i(go),
        .upd_i(upd), .upd_L_i(upd_L), .upd_sv_i(upd_sv), .upd_pc_i(upd_pc), .upd_flag_i(upd_flag),
        .bdt_v_i(bdt_v_q), .bdt_pred_i(bdt_pred_q), .bdt_lock_i(bdt_lock_q),
        .bdt_tag_i(bdt_tag_q), .bdt_follow_i(bdt_follow_q), .lru_i(bdt_lru),
        .wr_i(wb_wr_en), .wr_L_i(wb_L), .wr_way_i(wb_way), .wr_pred_i(wb_pred),
        .wr_lock_i(wb_lock), .wr_follow_i(wb_follow),
        .wr_base_i(wb_base), .wr_p4_i(wb_p4), .wr_ext_i(wb_ext),
        .v_o(rd_v), .L_o(rd_L), .sv_o(rd_sv), .flag_o(rd_flag),
        .hit_o(rd_hit), .way_o(rd_way), .pred_o(rd_pred), .lock_o(rd_lock), .follow_o(rd_follow),
        .L4_o(rd_L4), .p4_o(rd_p4), .geL_o(rd_geL), .eq_o(rd_eq), .ge_o(rd_ge), .gef_o(rd_gef)
    );
    // table write-back: applies the update to the table it owns
    // (hwp_pfp_wb.v)
    hwp_pfp_wb #(.DEC_W(DEC_W), .SET_BITS(SET_BITS), .MIN_LEN(MIN_LEN), .SKIP_BITS(SKIP_BITS),
                 .PC_W(PC_W)) u_wb (
        .clk_i(clk_i), .rst_i(rst_i), .go_i(go),
        .v_i(rd_v), .L_i(rd_L), .sv_i(rd_sv), .flag_i(rd_flag),
        .hit_i(rd_hit), .way_i(rd_way), .pred_i(rd_pred), .lock_i(rd_lock), .follow_i(rd_follow),
        .L4_i(rd_L4), .p4_i(rd_p4), .geL_i(rd_geL), .eq_i(rd_eq), .ge_i(rd_ge), .gef_i(rd_gef),
        .write_o(wb_write), .wr_en_o(wb_wr_en), .alloc_o(wb_alloc), .wr_L_o(wb_L), .wr_way_o(wb_way),
        .wr_pred_o(wb_pred), .wr_lock_o(wb_lock), .wr_follow_o(wb_follow),
        .wr_base_o(wb_base), .wr_p4_o(wb_p4), .wr_ext_o(wb_ext),
        .bdt_v_o(bdt_v_q), .bdt_pred_o(bdt_pred_q), .bdt_lock_o(bdt_lock_q),
        .bdt_tag_o(bdt_tag_q), .bdt_follow_o(bdt_follow_q),
        .bdt_lok_o(bdt_lok_q), .bdt_n_o(bdt_n_q), .lru_o(bdt_lru)
    );

    // window: input writes at the tail (one enable per entry, see the
    // descriptor payload above), fetch writes its per-record bits
    generate
        for (g = 0; g < W; g = g + 1) begin : g_win_wr
            localparam [WIN_BITS-1:0] IDX = g;
            always @(posedge clk_i) begin
                if (in_fire && tl_q[WIN_BITS-1:0] == IDX) begin
                    win_pc_q[g*PC_W +: PC_W] <= in_pc_i;
                    win_kind_q[g*4 +: 4]     <= in_kind;
                    win_taken_q[g]           <= in_taken_i;
                    win_val_q[g]             <= in_val_i;
                    win_bwd_q[g]             <= in_bwd;
                end
            end
        end
    endgenerate
    // fetch writes its per-record bits: slot f's entry fs_e[f] depends on
    // fp_q alone, so only the enables and the bits come late in the cycle
    generate
        for (g = 0; g < W; g = g + 1) begin : g_win_fwr
            localparam [WIN_BITS-1:0] IDX = g;
            reg                 we, sk, mp;
            reg [SKIP_BITS-1:0] n;
            integer f;
            always @* begin
                we = 1'b0; sk = 1'b0; mp = 1'b0; n = {SKIP_BITS{1'b0}};
                for (f = 0; f < FETCH_W; f = f + 1) begin
                    if (fs_e[f*WIN_BITS +: WIN_BITS] == IDX) begin
                        we = fwr[f];
                        sk = fwr_sk[f];
                        mp = fwr_mp[f];
                        n  = fwr_n[f*SKIP_BITS +: SKIP_BITS];
                    end
                end
            end
            always @(posedge clk_i) begin
                if (go && we) begin
                    win_sk_q[g]                    <= sk;
                    win_mp_q[g]                    <= mp;
                    win_n_q[g*SKIP_BITS +: SKIP_BITS] <= n;
                    // only a skip leader's is read, and it is always slot 0
                    win_be_q[g*WIN_BITS +: WIN_BITS] <= fsk[0 +: WIN_BITS];
                end
            end
        end
    endgenerate

    // ------------------------------------------------------------ outputs
    assign in_ready_o  = in_ready;
    assign go_o        = go;
    assign done_o      = done;
    assign disp_n_o    = go ? d_disp : 4'd0;
    assign disp_pi_n_o = go ? d_disp_pi : 4'd0;
    assign disp_pc_o   = disp_pc;
    assign disp_slot_pc_o   = disp_spc;
    assign disp_slot_kind_o = disp_skind;
    assign bdt_write_o = wb_write;
    assign stat_o = stat_q;
    assign hd_o      = hd_q;
    assign fp_o      = fp_q;
    assign tl_o      = tl_q;
    assign fq_n_o    = fq_n_q;
    assign flags_o   = {lk_st, lar_v_q, chk_q, fwait_q, last_pi_q, pbit_q, flag_q};
    assign res_cnt_o = res_cnt_q;
    assign lar_o     = lar_q;
    assign dbg_bdt_o = {bdt_v_q[dbg_bdt_idx_i], bdt_pred_q[dbg_bdt_idx_i], bdt_lock_q[dbg_bdt_idx_i],
                        {{(PC_W-TAG_W){1'b0}}, bdt_tag_q[(dbg_bdt_idx_i)*TAG_W +: TAG_W]},
                        bdt_follow_q[(dbg_bdt_idx_i)*PC_W +: PC_W]};

    wire unused_ok = &{1'b0, fpred, in_insn_i[30:27], in_insn_i[24:15], in_insn_i[11:7]};
endmodule

`default_nettype wire
