// SPDX-License-Identifier: Apache-2.0
// Payload decoder of the link (docs/protocol.md, "Tuple encoding" and
// CONFIG). One byte in per transfer, one record out per transfer.
//   mode 0 (TUPLES): NF fields per record, each a LEB128 varint of the
//     zigzag delta against the same field of the previous record of the
//     packet (the first record against 0); a value that does not fit in W
//     bits is an error. The record is the fields' new values (prev*_q).
//     NF = 5 is a retire record: pc (delta, W bits), insn and meta (raw,
//     at most 32 bits each, else an error), value and addr (deltas of
//     64-bit values: any 64-bit varint is valid; only the low RVW / RAW bits
//     are kept, which the modular sum gives exactly). out_f0_o = pc,
//     out_f1_o = {meta, insn}, out_f2_o = value, out_f3_o = addr.
//   mode 1 (CONFIG): pairs of a raw register byte and a raw varint value
//     (out_f0_o = register, out_f1_o = value).
// A varint of more than 10 bytes, or whose 10th byte is above 1, is an
// error. Only VW value bits are kept: a varint with a bit set above them is
// an error too (W < 64: a zigzag delta of W + 2 bits or more cannot give a
// W-bit value; CONFIG values never exceed 33 bits), which keeps the block
// small on the iCE40. err_o is sticky until clear_i; idle_o is high at a
// record boundary (the packet may end there). The same block checks a
// packet while it is received and decodes it from the receive buffer. The
// check instance (KEEP = 0) makes the same checks but keeps no record
// fields, which nothing reads there: out_f1_o is the CONFIG value in mode
// 1 and 0 in mode 0, out_f2_o and out_f3_o are 0 (the retire insn, meta,
// value and addr registers go).
`default_nettype none
module hwp_link_dec #(
    parameter integer NF = 2,          // fields per tuple record (1, 2, or 5: retire)
    parameter integer W  = 64,         // engine field width (8 .. 62, or 64)
    parameter integer VW = 64,         // value bits kept: 64 if W = 64, else >= max(W + 2, 34)
    parameter integer RVW = 1,         // retire: value bits kept (1 .. VW - 1)
    parameter integer RAW = 1,         // retire: addr bits kept (1 .. VW - 1)
    parameter integer KEEP = 1         // 0: check only, the record fields are not output
) (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire        clear_i,        // start of a packet
    input  wire        mode_i,         // 0 tuples, 1 config pairs
    input  wire        in_valid_i,
    output wire        in_ready_o,
    input  wire [7:0]  in_byte_i,
    output wire        out_valid_o,
    input  wire        out_ready_i,
    output wire [63:0] out_f0_o,
    output wire [63:0] out_f1_o,
    output wire [63:0] out_f2_o,
    output wire [63:0] out_f3_o,
    output wire        err_o,
    output wire        idle_o
);
    reg  [2:0]   fld_q;                // field within the record (CONFIG: 0 register, 1 value)
    reg  [3:0]   k_q;                  // byte within the varint
    reg  [VW-1:0] acc_q;
    reg  [W-1:0] prev0_q, prev1_q;     // CONFIG: prev0_q is the register byte
    reg          err_q;
    reg          ov_q;

    wire take = in_valid_i && in_ready_o;

    // acc with this byte's 7 bits placed at 7k; bits beyond VW overflow.
    // k_q decoded once (kone), the bit positions are constants per k
    wire [15:0]   kone = 16'd1 << k_q;
    wire [VW-1:0] acc_new;
    genvar j;
    generate
        for (j = 0; j < VW; j = j + 1) begin : g_acc
            localparam integer KJ = j / 7;
            assign acc_new[j] = acc_q[j] | (kone[KJ] & in_byte_i[j % 7]);
        end
    endgenerate
    // byte bits that land at or above VW: bit j of byte k, k >= (VW - j + 6) / 7
    wire [6:0] lost;
    generate
        for (j = 0; j < 7; j = j + 1) begin : g_lost
            localparam integer KL = (VW - j + 6) / 7;   // first byte whose bit j is lost
            if (KL > 15) begin : g_none
                assign lost[j] = 1'b0;
            end else begin : g_some
                localparam [3:0] KL4 = KL[3:0];
                assign lost[j] = in_byte_i[j] && k_q >= KL4;
            end
        end
    endgenerate
    wire more    = in_byte_i[7];
    // retire fields: 1 insn, 2 meta (raw, 32 bits); 3 value, 4 addr (64-bit deltas, low bits kept)
    wire ret     = NF == 5 && !mode_i;
    wire raw32   = ret && (fld_q == 3'd1 || fld_q == 3'd2);
    wire wide    = ret && (fld_q == 3'd3 || fld_q == 3'd4);
    wire too_big = (k_q == 4'd9 && in_byte_i[7:1] != 7'd0) || (lost != 7'd0 && !wide) ||
                   (raw32 && acc_new[VW-1:32] != {(VW - 32){1'b0}});
    wire last_f  = (NF == 1) || (NF == 2 && fld_q == 3'd1) || (NF == 5 && fld_q == 3'd4);

    // zigzag delta -> signed, added to the previous value of the field
    wire [VW-1:0] sdelta = {1'b0, acc_new[VW-1:1]} ^ {VW{acc_new[0]}};
    wire [W-1:0]  prev   = fld_q != 3'd0 ? prev1_q : prev0_q;
    wire [W-1:0]  val;
    wire          fits;
    generate
        if (W == 64) begin : g_w64
            assign val  = prev + sdelta[63:0];
            assign fits = 1'b1;
        end else begin : g_wn
            // prev + s is in range iff s fits in W+2 bits signed and the
            // (W+2)-bit sum has its top two bits clear
            wire [W+1:0] sum = {2'b00, prev} + sdelta[W+1:0];
            assign val = sum[W-1:0];
            if (VW > W + 2) begin : g_hi
                assign fits = (sdelta[VW-1:W+1] == {(VW - W - 1){sdelta[W+1]}}) && (sum[W+1:W] == 2'b00);
            end else begin : g_nohi
                assign fits = sum[W+1:W] == 2'b00;
            end
        end
    endgenerate

    // retire value / addr: low bits of the zigzag delta (bit i = z[i+1] ^ z[0])
    reg  [31:0]   insn_q, meta_q;
    reg  [RVW-1:0] rval_q;
    reg  [RAW-1:0] radr_q;
    wire [RVW-1:0] rval_d = rval_q + (acc_new[RVW:1] ^ {RVW{acc_new[0]}});
    wire [RAW-1:0] radr_d = radr_q + (acc_new[RAW:1] ^ {RAW{acc_new[0]}});
    // fields that carry a range check (pc, and b of a tuple2)
    wire chk_f = !ret || fld_q == 3'd0;

    always @(posedge clk_i) begin
        if (rst_i || clear_i) begin
            fld_q <= 3'd0; k_q <= 4'd0; acc_q <= {VW{1'b0}}; prev0_q <= {W{1'b0}}; prev1_q <= {W{1'b0}};
            err_q <= 1'b0; ov_q <= 1'b0;
            insn_q <= 32'd0; meta_q <= 32'd0; rval_q <= {RVW{1'b0}}; radr_q <= {RAW{1'b0}};
        end else begin
            if (ov_q && out_ready_i) ov_q <= 1'b0;
            if (take) begin
                if (mode_i && fld_q == 3'd0) begin
                    prev0_q <= {{(W - 8){1'b0}}, in_byte_i};
                    acc_q <= {VW{1'b0}};
                    fld_q <= 3'd1;
                end else if (too_big) begin
                    err_q <= 1'b1;
                    k_q <= 4'd0; acc_q <= {VW{1'b0}}; fld_q <= 3'd0;
                end else if (more) begin
                    k_q <= k_q + 4'd1;
                    acc_q <= acc_new;
                end else begin
                    k_q <= 4'd0;
                    if (mode_i) begin
                        // the value stays in acc_q until the next register byte
                        acc_q <= acc_new;
                        fld_q <= 3'd0;
                        if (!err_q) ov_q <= 1'b1;
                    end else begin
                        acc_q <= {VW{1'b0}};
                        if (chk_f && !fits) err_q <= 1'b1;
                        if (!ret) begin
                            if (fld_q != 3'd0) prev1_q <= val; else prev0_q <= val;
                        end else begin
                            case (fld_q)
                                3'd0: prev0_q <= val;
                                3'd1: insn_q <= acc_new[31:0];
                                3'd2: meta_q <= acc_new[31:0];
                                3'd3: rval_q <= rval_d;
                                default: radr_q <= radr_d;
                            endcase
                        end
                        if (last_f) begin
                            fld_q <= 3'd0;
                            if (!err_q && (fits || !chk_f)) ov_q <= 1'b1;
                        end else begin
                            fld_q <= fld_q + 3'd1;
                        end
                    end
                end
            end
        end
    end

    // outputs (held while out_valid_o && !out_ready_i: no byte is taken then).
    // The mode is fixed from clear_i to clear_i, so the registers of the
    // other mode hold 0 and the outputs need no mode multiplexer: f0 is
    // prev0_q (a CONFIG register byte is kept there), f1 is acc_q | p1 (in
    // mode 0 acc_q is 0 while a record is out, in mode 1 p1 is 0).
    wire [63:0] p0 = {{(64 - W){1'b0}}, prev0_q};
    wire [63:0] p1 = (NF == 1 || KEEP == 0) ? 64'd0 : (NF == 5) ? {meta_q, insn_q} : {{(64 - W){1'b0}}, prev1_q};
    wire [63:0] cv = {{(64 - VW){1'b0}}, acc_q};
    assign in_ready_o  = !ov_q || out_ready_i;
    assign out_valid_o = ov_q;
    assign out_f0_o    = p0;
    assign out_f1_o    = KEEP == 0 ? (mode_i ? cv : 64'd0) : (cv | p1);
    assign out_f2_o    = KEEP == 0 ? 64'd0 : {{(64 - RVW){1'b0}}, rval_q};
    assign out_f3_o    = KEEP == 0 ? 64'd0 : {{(64 - RAW){1'b0}}, radr_q};
    assign err_o       = err_q;
    assign idle_o      = fld_q == 3'd0 && k_q == 4'd0;

endmodule
`default_nettype wire
