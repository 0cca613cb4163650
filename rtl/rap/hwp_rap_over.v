// SPDX-License-Identifier: Apache-2.0
//
// Threshold compare of the RAP engine (stage 3's split compare and the
// merge compare): over_o = (a + b) * H > thr, the sum taken without
// wrapping (as the functional model does). With H a power of two, 2^HS,
// this is a + b > thr >> HS (for integers, s * H > t <=> s > floor(t / H)),
// formed as the sign of a + b + ~(thr >> HS): one carry-save layer (a LUT
// per bit) and one carry chain, instead of an adder in series with a
// comparator. Other H: the product form.
`default_nettype none

module hwp_rap_over #(
    parameter integer CW = 32,  // operand width
    parameter integer H  = 16   // the tree height W / K, 1..64
) (
    input  wire [CW-1:0] a_i,
    input  wire [CW-1:0] b_i,
    input  wire [CW-1:0] thr_i,
    output wire          over_o
);
    localparam integer HS = $clog2(H);
    generate
        if ((1 << HS) == H) begin : g_pow2
            // a + b - (thr >> HS) - 1 lies in [-2^CW, 2^(CW+1) - 3]: CW + 2
            // bits hold it with its sign
            wire [CW+1:0] x = {2'b00, a_i};
            wire [CW+1:0] y = {2'b00, b_i};
            wire [CW+1:0] z = ~({2'b00, thr_i} >> HS);
            wire [CW+1:0] s = x ^ y ^ z;
            wire [CW:0]   k = (x[CW:0] & y[CW:0]) | (x[CW:0] & z[CW:0]) | (y[CW:0] & z[CW:0]);
            wire [CW+1:0] d = s + {k, 1'b0};
            assign over_o = !d[CW+1];
        end else begin : g_mul
            localparam [31:0] H32 = H;
            wire [CW:0]   sum = {1'b0, a_i} + {1'b0, b_i};
            wire [CW+7:0] lhs = sum * H32[6:0];
            assign over_o = lhs > {8'd0, thr_i};
        end
    endgenerate
endmodule

`default_nettype wire
