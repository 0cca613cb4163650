// SPDX-License-Identifier: Apache-2.0
//
// hwp_pfp_wb: the apply stage of hwp_pfp's table update and the block
// descriptor table it owns (2 ways x 2^SET_BITS sets: valid, prediction
// bit, lock bit, tag, follow; LRU per set). From the update and the read
// registered by the read stage (hwp_pfp_wbrd.v) it applies section IV-A in
// decode-slot order: allocate only with the flag off (follow = leader + 4,
// predicted off, locked), extend the follow while locked, unlock when the
// leader is seen again, prediction bit = flag; and writes the entry, with
// the block length test of the entry's follow worked out here for the
// lookup stage (hwp_pfp_lookup.v). Twin of the "table write-back" step of
// pfp_step (cmodel/pfp/pfp.c).
`default_nettype none

module hwp_pfp_wb #(
    parameter integer DEC_W    = 4,
    parameter integer SET_BITS  = 6,
    parameter integer MIN_LEN   = 4,   // shortest skippable block (instructions)
    parameter integer SKIP_BITS = 4,   // skip count width: blocks of up to 2^SKIP_BITS
    parameter integer PC_W      = 32
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  go_i,
    // from the read stage
    input  wire                  v_i,
    input  wire [PC_W-1:0]       L_i,
    input  wire [DEC_W-1:0]      sv_i,
    input  wire [DEC_W-1:0]      flag_i,
    input  wire                  hit_i,
    input  wire                  way_i,
    input  wire                  pred_i,
    input  wire                  lock_i,
    input  wire [PC_W-1:0]       follow_i,
    input  wire [PC_W-1:0]       L4_i,
    input  wire [DEC_W*PC_W-1:0] p4_i,
    input  wire [DEC_W-1:0]      geL_i,
    input  wire [DEC_W-1:0]      eq_i,
    input  wire [DEC_W*DEC_W-1:0] ge_i,
    input  wire [DEC_W-1:0]      gef_i,      // pc_j >= follow_i
    // the write at this edge, and forwarded to the read stage the entry
    // written if the front end advances (the read stage's registers load
    // only then, so the forwarding needs no go)
    output wire                  write_o,
    output wire                  wr_en_o,
    output wire                  alloc_o,    // by an allocation
    output wire [PC_W-1:0]       wr_L_o,
    output wire                  wr_way_o,
    output wire                  wr_pred_o,
    output wire                  wr_lock_o,
    output wire [PC_W-1:0]       wr_follow_o,
    // and what that follow is made of, for the read stage's compares
    // (registers, and the slots that extend it)
    output wire [PC_W-1:0]       wr_base_o,
    output wire [DEC_W*PC_W-1:0] wr_p4_o,
    output wire [DEC_W-1:0]      wr_ext_o,
    // the table (entry {set, way}) and its LRU bits
    output wire [(2<<SET_BITS)-1:0]         bdt_v_o,
    output wire [(2<<SET_BITS)-1:0]         bdt_pred_o,
    output wire [(2<<SET_BITS)-1:0]         bdt_lock_o,
    output wire [(2<<SET_BITS)*(PC_W-1-SET_BITS)-1:0]   bdt_tag_o,
    output wire [(2<<SET_BITS)*PC_W-1:0]    bdt_follow_o,
    output wire [(2<<SET_BITS)-1:0]         bdt_lok_o,   // block length skippable
    output wire [(2<<SET_BITS)*SKIP_BITS-1:0] bdt_n_o,   // instructions after the leader
    output wire [(1<<SET_BITS)-1:0] lru_o
);
    localparam integer NE    = 2 << SET_BITS;
    localparam integer TAG_W = PC_W - 1 - SET_BITS;
    // Storage as flat vectors with one enable per entry, never an indexed
    // write: Yosys would infer a memory and share its read ports into a
    // combinational loop (docs/pfp.md).
    reg [NE-1:0]            bdt_v_q;
    reg [(2<<SET_BITS)-1:0]            bdt_pred_q;
    reg [(2<<SET_BITS)-1:0]            bdt_lock_q;
    reg [(2<<SET_BITS)*(PC_W-1-SET_BITS)-1:0]      bdt_tag_q;
    reg [(2<<SET_BITS)*PC_W-1:0]       bdt_follow_q;
    reg [NE-1:0]            bdt_lok_q;
    reg [NE*SKIP_BITS-1:0]  bdt_n_q;
    reg [(1<<SET_BITS)-1:0] lru_q;

    // the update and its read, registered
    reg                  v_q, hit_q, way_q, pred_q, lock_q;
    reg [PC_W-1:0]       L_q, follow_q;
    reg [DEC_W-1:0]      sv_q, flag_q;
    reg [PC_W-1:0]       L4_q;
    reg [DEC_W*PC_W-1:0] p4_q;              // pc_i + 4
    reg [DEC_W-1:0]      geL_q, eq_q;       // pc_j >= leader + 4, pc_j == leader
    reg [DEC_W*DEC_W-1:0] ge_q;             // [j*DEC_W + i]: pc_j >= pc_i + 4
    reg [DEC_W-1:0]      gef_q;             // pc_j >= follow_q

    // Section IV-A over the update's slots, in parallel: all profile
    // instructions of one update see the same flag (a setpf, resetpf or
    // poppf clears the leader register, so a profile instruction after it
    // would start a second block, which ends decode's group). Without a hit
    // the first of them allocates (flag off) and the others update the new
    // entry. The follow after slot j is pc_j + 4 when the entry is still
    // locked and pc_j >= the follow before it: the follow is one of base_f
    // and the pc_i + 4, all compared with each pc_j at once (the read stage
    // compares the pcs among themselves), and the slots that extend it are
    // found from those compares alone.
    wire            fl     = |(sv_q & flag_q);
    wire            alloc  = v_q && !hit_q && !fl && (|sv_q);
    wire            hit    = hit_q || alloc;
    wire [PC_W-1:0] base_f = hit_q ? follow_q : L4_q;
    wire            base_l = hit_q ? lock_q : 1'b1;
    // the slots that apply the update rules: all, or all but the allocating one
    wire [DEC_W-1:0] app = hit_q ? sv_q : (sv_q & ~(sv_q & (~sv_q + 1'b1)));
    wire [DEC_W-1:0] ge0 = hit_q ? gef_q : geL_q;   // pc_j >= base_f
    // lk_b[j]: the entry is locked in front of slot j (a prefix over the
    // leader's own pc); ext[j]: slot j extends the follow, i.e. it applies,
    // the entry is locked and pc_j >= the follow in front of it, which is
    // pc_i + 4 of the last slot i < j that extended it, else base_f
    integer j, i;
    reg [DEC_W-1:0] lk_b, ext;
    reg            e_lock, gej;
    reg [PC_W-1:0] e_follow;
    always @* begin
        e_lock = base_l;
        for (j = 0; j < DEC_W; j = j + 1) begin
            lk_b[j] = e_lock;
            if (app[j] && eq_q[j]) e_lock = 1'b0;
        end
        for (j = 0; j < DEC_W; j = j + 1) begin
            gej = ge0[j];
            for (i = 0; i < j; i = i + 1)
                if (ext[i]) gej = ge_q[j*DEC_W + i];
            ext[j] = app[j] && lk_b[j] && gej;
        end
        e_follow = base_f;
        for (i = 0; i < DEC_W; i = i + 1)
            if (ext[i]) e_follow = p4_q[i*PC_W +: PC_W];
    end
    // Block length of a follow for the lookup stage: (follow - leader) / 4
    // instructions, skippable when MIN_LEN .. 2^SKIP_BITS (the bits above
    // the length's low SKIP_BITS+1 bits are zero and those pick a bit of the
    // constant table LEN_OK), skipping all but the leader. Worked out for
    // every follow the entry may take, in parallel with the extension chain
    // above, and picked by the same slots. The lookup reads it for a pc
    // with the leader's set and tag, i.e. every pc bit but bit 0, which is
    // 0 in every instruction address, so it equals the length of follow -
    // pc the lookup would compute.
    function [(2 << SKIP_BITS)-1:0] len_ok;
        input integer min_len;
        integer v;
        begin
            for (v = 0; v < (2 << SKIP_BITS); v = v + 1)
                len_ok[v] = (v >= min_len) && (v <= (1 << SKIP_BITS));
        end
    endfunction
    localparam [(2 << SKIP_BITS)-1:0] LEN_OK = len_ok(MIN_LEN);
    // {skippable, skip count} of the block from leader l to follow f:
    // d = (f - l) / 4, the low two bits only as the borrow
    function [SKIP_BITS:0] blk;
        input [PC_W-1:0] f;
        input [PC_W-1:0] l;
        reg   [PC_W-3:0] d;
        begin
            d = f[PC_W-1:2] - l[PC_W-1:2] - {{(PC_W-3){1'b0}}, (f[1:0] < l[1:0])};
            blk = {(d[PC_W-3:SKIP_BITS+1] == {(PC_W-3-SKIP_BITS){1'b0}}) && LEN_OK[d[SKIP_BITS:0]],
                   d[SKIP_BITS-1:0] - {{(SKIP_BITS-1){1'b0}}, 1'b1}};
        end
    endfunction
    reg [SKIP_BITS:0] e_blk;
    always @* begin
        e_blk = blk(base_f, L_q);
        for (i = 0; i < DEC_W; i = i + 1)
            if (ext[i]) e_blk = blk(p4_q[i*PC_W +: PC_W], L_q);
    end

    // prediction bit: the flag (0 when allocating); no slot: unchanged
    wire e_pred = (|app) ? fl : (hit_q ? pred_q : 1'b0);
    wire wr = go_i && v_q && hit;
    wire [SET_BITS-1:0] s = L_q[SET_BITS:1];

    always @(posedge clk_i) begin
        if (rst_i) begin
            v_q <= 1'b0; hit_q <= 1'b0; way_q <= 1'b0; pred_q <= 1'b0; lock_q <= 1'b0;
            L_q <= {PC_W{1'b0}}; follow_q <= {PC_W{1'b0}};
            sv_q <= {DEC_W{1'b0}}; flag_q <= {DEC_W{1'b0}};
            L4_q <= {PC_W{1'b0}}; p4_q <= {(DEC_W*PC_W){1'b0}};
            geL_q <= {DEC_W{1'b0}}; eq_q <= {DEC_W{1'b0}}; ge_q <= {(DEC_W*DEC_W){1'b0}};
            gef_q <= {DEC_W{1'b0}};
            bdt_v_q <= {NE{1'b0}};
            lru_q <= {(1 << SET_BITS){1'b0}};
        end else if (go_i) begin
            v_q <= v_i; hit_q <= hit_i; way_q <= way_i; pred_q <= pred_i; lock_q <= lock_i;
            L_q <= L_i; follow_q <= follow_i;
            sv_q <= sv_i; flag_q <= flag_i;
            L4_q <= L4_i; p4_q <= p4_i; geL_q <= geL_i; eq_q <= eq_i; ge_q <= ge_i;
            gef_q <= gef_i;
            if (wr) begin
                bdt_v_q[{s, way_q}] <= 1'b1;
                lru_q[s] <= !way_q;
            end
        end
    end

    // payload: no reset (only the valid bits are reset)
    genvar g;
    generate
        for (g = 0; g < NE; g = g + 1) begin : g_bdt_wr
            localparam [SET_BITS:0] IDX = g;
            always @(posedge clk_i) begin
                if (wr && {s, way_q} == IDX) begin
                    bdt_pred_q[g]                <= e_pred;
                    bdt_lock_q[g]                <= e_lock;
                    bdt_tag_q[g*TAG_W +: TAG_W]  <= L_q[PC_W-1:1+SET_BITS];
                    bdt_follow_q[g*PC_W +: PC_W] <= e_follow;
                    bdt_lok_q[g]                 <= e_blk[SKIP_BITS];
                    bdt_n_q[g*SKIP_BITS +: SKIP_BITS] <= e_blk[SKIP_BITS-1:0];
                end
            end
        end
    endgenerate

    assign write_o      = wr;
    assign wr_en_o      = v_q && hit;
    assign alloc_o      = wr && alloc;
    assign wr_L_o       = L_q;
    assign wr_way_o     = way_q;
    assign wr_pred_o    = e_pred;
    assign wr_lock_o    = e_lock;
    assign wr_follow_o  = e_follow;
    assign wr_base_o    = base_f;
    assign wr_p4_o      = p4_q;
    assign wr_ext_o     = ext;
    assign bdt_v_o      = bdt_v_q;
    assign bdt_pred_o   = bdt_pred_q;
    assign bdt_lock_o   = bdt_lock_q;
    assign bdt_tag_o    = bdt_tag_q;
    assign bdt_follow_o = bdt_follow_q;
    assign bdt_lok_o    = bdt_lok_q;
    assign bdt_n_o      = bdt_n_q;
    assign lru_o        = lru_q;
endmodule

`default_nettype wire
