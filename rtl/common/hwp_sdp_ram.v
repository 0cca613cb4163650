// SPDX-License-Identifier: Apache-2.0
//
// hwp_sdp_ram: simple dual-port memory, one write port and one registered
// read port with read enable, no reset; written in the form Yosys maps to
// block RAM on iCE40 (SB_RAM40_4K) and ECP5 (DP16KD). A read of the address
// written in the same cycle returns the old word; users bypass that case
// themselves where it matters (or, like mhash, never use that word). Used
// for strat's counter table, mhash's banks (read enable tied high) and the
// co-processor's microcode, data and filter arrays.
`default_nettype none

module hwp_sdp_ram #(
    parameter integer DW = 32,  // word width
    parameter integer AW = 9    // address bits (depth 2^AW)
) (
    input  wire          clk_i,
    input  wire          we_i,
    input  wire [AW-1:0] waddr_i,
    input  wire [DW-1:0] wdata_i,
    input  wire          re_i,
    input  wire [AW-1:0] raddr_i,
    output reg  [DW-1:0] rdata_o
);
    reg [DW-1:0] mem [0:(1<<AW)-1] /* verilator public_flat_rd */;

    always @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
    end
    always @(posedge clk_i) begin
        if (re_i) rdata_o <= mem[raddr_i];
    end
endmodule

`default_nettype wire
