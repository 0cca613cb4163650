// SPDX-License-Identifier: Apache-2.0
//
// hwp_mhash_ram: one bank of hash-table counters for the Multi-hash profiler
// (Narayanasamy et al., HPCA 2003, section 6.1). A plain simple-dual-port
// memory: one synchronous read port, one write port, DEPTH words of WIDTH bits,
// no reset, written so Yosys maps it to block RAM (iCE40 EBR, ECP5 DP16KD).
// A read of the address written in the same cycle returns the old word; the
// engine never relies on that value (it forwards its own last write and the
// scrubber only rewrites words whose epoch is stale), so the block RAM's own
// collision behaviour does not matter.
`default_nettype none

module hwp_mhash_ram #(
    parameter integer DEPTH = 128,  // words (power of 2)
    parameter integer AB    = 7,    // address bits, log2(DEPTH)
    parameter integer WIDTH = 32    // word width: {epoch, counter}
) (
    input  wire             clk_i,
    input  wire [AB-1:0]    raddr_i,
    output wire [WIDTH-1:0] rdata_o,
    input  wire             we_i,
    input  wire [AB-1:0]    waddr_i,
    input  wire [WIDTH-1:0] wdata_i
);
    reg [WIDTH-1:0] mem_q [0:DEPTH-1] /* verilator public_flat_rd */;
    reg [WIDTH-1:0] rd_q;

    always @(posedge clk_i) begin
        if (we_i) mem_q[waddr_i] <= wdata_i;
        rd_q <= mem_q[raddr_i];
    end

    assign rdata_o = rd_q;
endmodule

`default_nettype wire
