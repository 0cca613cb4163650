// SPDX-License-Identifier: Apache-2.0
// Purpose: the SoC's one memory (program and data) on PicoRV32's native
// memory interface: 2^AW bytes as 32-bit words with byte write enables,
// synchronous read, ready one clock after valid (one block-RAM access per
// request). The contents are loaded in simulation by $readmemh from the file
// named by the +hex=FILE plusarg (word addresses relative to the memory's
// base: riscv64-unknown-elf-objcopy -O verilog --verilog-data-width=4
// --change-addresses=-BASE); words not in the file are zero, as the ELF's
// .bss, heap and stack are under qemu. With HWP_SOC_IMAGE defined (board
// builds) the image is baked in instead, from the file hwp_soc_prog.vh names.
`default_nettype none

module hwp_soc_mem #(
    parameter integer AW = 17  // address bits of the byte address (2^AW bytes)
) (
    input  wire          clk_i,
    input  wire          req_i,    // access this clock (the decoder selected the memory)
    input  wire [AW-1:0] addr_i,   // byte address; bits [1:0] ignored
    input  wire [  31:0] wdata_i,
    input  wire [   3:0] wstrb_i,  // 0: read
    output reg  [  31:0] rdata_o   // word read at the request, valid the next clock
);
  localparam integer WORDS = 1 << (AW - 2);

  reg [31:0] mem_q[0:WORDS-1];
  wire [AW-3:0] idx = addr_i[AW-1:2];
  wire [1:0] unused_addr = addr_i[1:0];

`ifdef HWP_SOC_IMAGE
  // the program baked into the memory (board builds): hwp_soc_prog.vh,
  // written by the build, defines HWP_SOC_HEX as the image's path; words
  // the file does not give are zero (the block RAMs' default)
`include "hwp_soc_prog.vh"
`ifndef SYNTHESIS
  integer i;
  initial for (i = 0; i < WORDS; i = i + 1) mem_q[i] = 32'd0;
`endif
  initial $readmemh(`HWP_SOC_HEX, mem_q);
`elsif SYNTHESIS
`else
  reg [1023:0] hex_file;
  integer i;
  initial begin
    for (i = 0; i < WORDS; i = i + 1) mem_q[i] = 32'd0;
    if ($value$plusargs("hex=%s", hex_file)) $readmemh(hex_file, mem_q);
  end
`endif

  always @(posedge clk_i) begin
    if (req_i) begin
      rdata_o <= mem_q[idx];
      if (wstrb_i[0]) mem_q[idx][7:0] <= wdata_i[7:0];
      if (wstrb_i[1]) mem_q[idx][15:8] <= wdata_i[15:8];
      if (wstrb_i[2]) mem_q[idx][23:16] <= wdata_i[23:16];
      if (wstrb_i[3]) mem_q[idx][31:24] <= wdata_i[31:24];
    end
  end
endmodule

`default_nettype wire
