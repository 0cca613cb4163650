// SPDX-License-Identifier: Apache-2.0
//
// Lowest-set-bit encoder for the RAP engine's slot vectors (OPT_LEAN): a
// balanced tree of 2:1 selections, log2(N) levels deep, instead of an N-long
// priority chain. idx_o is the index of the lowest set bit of v_i, and 0 when
// no bit is set (any_o = 0).
`default_nettype none

module hwp_rap_lsb #(
    parameter integer N  = 64,  // vector width
    parameter integer IB = 6    // index width, 2^IB >= N
) (
    input  wire [N-1:0]  v_i,
    output wire          any_o,
    output wire [IB-1:0] idx_o
);
    localparam integer NP = 1 << IB;

    reg [NP-1:0]    a, na;
    reg [NP*IB-1:0] x, nx;
    integer k, j;
    always @(*) begin
        a = {{(NP-N){1'b0}}, v_i};
        x = {(NP*IB){1'b0}};
        na = {NP{1'b0}};
        nx = {(NP*IB){1'b0}};
        for (k = 1; k <= IB; k = k + 1) begin
            na = {NP{1'b0}};
            nx = {(NP*IB){1'b0}};
            for (j = 0; j < (NP >> k); j = j + 1) begin
                if (a[2*j]) begin
                    na[j] = 1'b1;
                    nx[j*IB +: IB] = x[(2*j)*IB +: IB];
                end else begin
                    na[j] = a[2*j+1];
                    nx[j*IB +: IB] = x[(2*j+1)*IB +: IB] | ({{(IB-1){1'b0}}, 1'b1} << (k - 1));
                end
            end
            a = na;
            x = nx;
        end
    end

    assign any_o = a[0];
    assign idx_o = a[0] ? x[0 +: IB] : {IB{1'b0}};
endmodule

`default_nettype wire
