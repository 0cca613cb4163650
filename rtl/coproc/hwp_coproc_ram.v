// SPDX-License-Identifier: Apache-2.0
//
// hwp_coproc_ram: simple dual-port memory (one write port, one registered
// read port with read enable) for the profiling co-processor's microcode
// array, data array and PC filter bit table (Zilles and Sohi 2001, section
// 3: single-ported arrays; the second port here is the host access bus).
// Written in the form Yosys maps to block RAM on iCE40 and ECP5. A read of
// the address written in the same cycle returns the old word; the
// co-processor bypasses that case itself where it matters.
`default_nettype none

module hwp_coproc_ram #(
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
    reg [DW-1:0] mem [0:(1<<AW)-1];

    always @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
    end
    always @(posedge clk_i) begin
        if (re_i) rdata_o <= mem[raddr_i];
    end
endmodule

`default_nettype wire
