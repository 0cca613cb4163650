// SPDX-License-Identifier: Apache-2.0
// Purpose: the hwprof SoC (issue 20, docs/soc.md): a PicoRV32 core (rv32im,
// taken from the pythondata-cpu-picorv32 package, not copied) with one
// memory for program and data (hwp_soc_mem) and two write-only MMIO
// registers, and the core's RVFI retirement interface brought out as a
// retire port: one valid per retired instruction with the fields of an
// hwprof `retire` record (docs/trace-format.md), for the profiling engines
// that the following slices attach to it.
//
// Memory map (tests/soc/rt/soc.ld says the same to the linker):
//   MEM_BASE .. MEM_BASE + 2^MEM_AW - 1   memory (MEM_BASE a multiple of 2^MEM_AW)
//   MMIO_BASE + 0   UART transmit: a store emits its low byte on uart_*_o
//   MMIO_BASE + 4   exit: a store sets exit_o and exit_code_o (held)
// Reads of MMIO return 0; an access anywhere else pulses bus_err_o (and reads 0).
//
// The core needs `RISCV_FORMAL defined (the RVFI ports); both the simulation
// build and the lint run define it.
`default_nettype none

module hwp_soc #(
    parameter [31:0] MEM_BASE = 32'h0002_0000,  // memory base (reset pc)
    parameter integer MEM_AW = 17,  // memory size: 2^MEM_AW bytes
    parameter [31:0] MMIO_BASE = 32'h1000_0000  // UART and exit registers (4 KiB page)
) (
    input wire clk_i,
    input wire rst_i,
    // no new memory access starts while high (the core waits for its bus):
    // backpressure from a profiling engine (hwp_soc_eng); 0 when unused
    input wire hold_i,

    // program output: one byte per store to the UART register
    output reg       uart_valid_o,
    output reg [7:0] uart_data_o,

    // the program stored its exit code
    output reg        exit_o,
    output reg [31:0] exit_code_o,

    // the core stopped on a trap (illegal or misaligned access); a bus error
    output wire        trap_o,
    output reg         bus_err_o,
    output reg  [31:0] bus_err_addr_o,

    // retire port: one record per retired instruction (RVFI)
    output wire        retire_valid_o,
    output wire [31:0] retire_pc_o,       // pc of the instruction
    output wire [31:0] retire_insn_o,     // instruction word
    output wire [31:0] retire_next_pc_o,  // pc of the next instruction (taken transfers)
    output wire [ 4:0] retire_rd_o,       // destination register, 0: none
    output wire [31:0] retire_rd_value_o, // its new value
    output wire        retire_mem_o,      // load or store
    output wire [31:0] retire_addr_o,     // byte address of a load/store: rs1 + imm
    output wire [ 3:0] retire_wmask_o,    // store byte mask (word-aligned, as RVFI)
    output wire [31:0] retire_mem_rdata_o,// word read by a load
    output wire [31:0] retire_mem_wdata_o // word written by a store
);
  // ------------------------------------------------------------ core
  wire        mem_valid, mem_instr;
  wire [31:0] mem_addr, mem_wdata;
  wire [ 3:0] mem_wstrb;
  reg         mem_ready_q;
  wire [31:0] mem_rdata;

  wire        rvfi_valid, rvfi_trap, rvfi_halt, rvfi_intr;
  wire [63:0] rvfi_order;
  wire [31:0] rvfi_insn, rvfi_rs1_rdata, rvfi_rs2_rdata, rvfi_rd_wdata;
  wire [31:0] rvfi_pc_rdata, rvfi_pc_wdata, rvfi_mem_addr, rvfi_mem_rdata, rvfi_mem_wdata;
  wire [ 4:0] rvfi_rs1_addr, rvfi_rs2_addr, rvfi_rd_addr;
  wire [ 3:0] rvfi_mem_rmask, rvfi_mem_wmask;
  wire [ 1:0] rvfi_mode, rvfi_ixl;
  wire [63:0] rvfi_csr_mcycle_rmask, rvfi_csr_mcycle_wmask, rvfi_csr_mcycle_rdata;
  wire [63:0] rvfi_csr_mcycle_wdata, rvfi_csr_minstret_rmask, rvfi_csr_minstret_wmask;
  wire [63:0] rvfi_csr_minstret_rdata, rvfi_csr_minstret_wdata;

  // interfaces this SoC does not use (look-ahead bus, PCPI, IRQ, trace)
  wire        unused_la_read, unused_la_write;
  wire [31:0] unused_la_addr, unused_la_wdata;
  wire [ 3:0] unused_la_wstrb;
  wire        unused_pcpi_valid;
  wire [31:0] unused_pcpi_insn, unused_pcpi_rs1, unused_pcpi_rs2, unused_eoi;
  wire        unused_trace_valid;
  wire [35:0] unused_trace_data;

  picorv32 #(
      .ENABLE_COUNTERS(1'b0),
      .ENABLE_COUNTERS64(1'b0),
      .COMPRESSED_ISA(1'b0),
      .ENABLE_MUL(1'b1),
      .ENABLE_DIV(1'b1),
      .BARREL_SHIFTER(1'b1),
      .CATCH_MISALIGN(1'b1),
      .CATCH_ILLINSN(1'b1),
      .REGS_INIT_ZERO(1'b0),
      .PROGADDR_RESET(MEM_BASE)
  ) u_core (
      .clk(clk_i),
      .resetn(!rst_i),
      .trap(trap_o),
      .mem_valid(mem_valid),
      .mem_instr(mem_instr),
      .mem_ready(mem_ready_q),
      .mem_addr(mem_addr),
      .mem_wdata(mem_wdata),
      .mem_wstrb(mem_wstrb),
      .mem_rdata(mem_rdata),
      .mem_la_read(unused_la_read),
      .mem_la_write(unused_la_write),
      .mem_la_addr(unused_la_addr),
      .mem_la_wdata(unused_la_wdata),
      .mem_la_wstrb(unused_la_wstrb),
      .pcpi_valid(unused_pcpi_valid),
      .pcpi_insn(unused_pcpi_insn),
      .pcpi_rs1(unused_pcpi_rs1),
      .pcpi_rs2(unused_pcpi_rs2),
      .pcpi_wr(1'b0),
      .pcpi_rd(32'd0),
      .pcpi_wait(1'b0),
      .pcpi_ready(1'b0),
      .irq(32'd0),
      .eoi(unused_eoi),
      .rvfi_valid(rvfi_valid),
      .rvfi_order(rvfi_order),
      .rvfi_insn(rvfi_insn),
      .rvfi_trap(rvfi_trap),
      .rvfi_halt(rvfi_halt),
      .rvfi_intr(rvfi_intr),
      .rvfi_mode(rvfi_mode),
      .rvfi_ixl(rvfi_ixl),
      .rvfi_rs1_addr(rvfi_rs1_addr),
      .rvfi_rs2_addr(rvfi_rs2_addr),
      .rvfi_rs1_rdata(rvfi_rs1_rdata),
      .rvfi_rs2_rdata(rvfi_rs2_rdata),
      .rvfi_rd_addr(rvfi_rd_addr),
      .rvfi_rd_wdata(rvfi_rd_wdata),
      .rvfi_pc_rdata(rvfi_pc_rdata),
      .rvfi_pc_wdata(rvfi_pc_wdata),
      .rvfi_mem_addr(rvfi_mem_addr),
      .rvfi_mem_rmask(rvfi_mem_rmask),
      .rvfi_mem_wmask(rvfi_mem_wmask),
      .rvfi_mem_rdata(rvfi_mem_rdata),
      .rvfi_mem_wdata(rvfi_mem_wdata),
      .rvfi_csr_mcycle_rmask(rvfi_csr_mcycle_rmask),
      .rvfi_csr_mcycle_wmask(rvfi_csr_mcycle_wmask),
      .rvfi_csr_mcycle_rdata(rvfi_csr_mcycle_rdata),
      .rvfi_csr_mcycle_wdata(rvfi_csr_mcycle_wdata),
      .rvfi_csr_minstret_rmask(rvfi_csr_minstret_rmask),
      .rvfi_csr_minstret_wmask(rvfi_csr_minstret_wmask),
      .rvfi_csr_minstret_rdata(rvfi_csr_minstret_rdata),
      .rvfi_csr_minstret_wdata(rvfi_csr_minstret_wdata),
      .trace_valid(unused_trace_valid),
      .trace_data(unused_trace_data)
  );

  // ------------------------------------------------------------ bus
  wire sel_mem = mem_addr[31:MEM_AW] == MEM_BASE[31:MEM_AW];
  wire sel_mmio = mem_addr[31:12] == MMIO_BASE[31:12];
  // one access per request: the core drops mem_valid the clock after ready;
  // none starts under hold_i (each retirement needs a fetch before it, so
  // only an instruction already fetched can still retire)
  wire req = mem_valid && !mem_ready_q && !hold_i;
  reg sel_mem_q;
  wire [31:0] mem_rdata_mem;

  hwp_soc_mem #(
      .AW(MEM_AW)
  ) u_mem (
      .clk_i  (clk_i),
      .req_i  (req && sel_mem),
      .addr_i (mem_addr[MEM_AW-1:0]),
      .wdata_i(mem_wdata),
      .wstrb_i(mem_wstrb),
      .rdata_o(mem_rdata_mem)
  );
  assign mem_rdata = sel_mem_q ? mem_rdata_mem : 32'd0;

  always @(posedge clk_i) begin
    uart_valid_o <= 1'b0;
    bus_err_o <= 1'b0;
    if (rst_i) begin
      mem_ready_q <= 1'b0;
      sel_mem_q <= 1'b0;
      exit_o <= 1'b0;
      exit_code_o <= 32'd0;
    end else begin
      mem_ready_q <= req;
      sel_mem_q <= sel_mem;
      if (req && sel_mmio && mem_wstrb != 4'd0) begin
        if (mem_addr[11:2] == 10'd0) begin
          uart_valid_o <= 1'b1;
          uart_data_o <= mem_wdata[7:0];
        end
        if (mem_addr[11:2] == 10'd1) begin
          exit_o <= 1'b1;
          exit_code_o <= mem_wdata;
        end
      end
      if (req && !sel_mem && !sel_mmio) begin
        bus_err_o <= 1'b1;
        bus_err_addr_o <= mem_addr;
      end
    end
  end

  // ------------------------------------------------------------ retire port
  // RVFI gives loads and stores as word address + mask (reads with mask
  // 1111 for every size); the record's address is the byte address rs1 + imm.
  wire is_load = rvfi_insn[6:0] == 7'b0000011;
  wire is_store = rvfi_insn[6:0] == 7'b0100011;
  wire [31:0] imm_i = {{20{rvfi_insn[31]}}, rvfi_insn[31:20]};
  wire [31:0] imm_s = {{20{rvfi_insn[31]}}, rvfi_insn[31:25], rvfi_insn[11:7]};

  assign retire_valid_o = rvfi_valid;
  assign retire_pc_o = rvfi_pc_rdata;
  assign retire_insn_o = rvfi_insn;
  assign retire_next_pc_o = rvfi_pc_wdata;
  assign retire_rd_o = rvfi_rd_addr;
  assign retire_rd_value_o = rvfi_rd_wdata;
  assign retire_mem_o = is_load || is_store;
  assign retire_addr_o = rvfi_rs1_rdata + (is_store ? imm_s : imm_i);
  assign retire_wmask_o = rvfi_mem_wmask;
  assign retire_mem_rdata_o = rvfi_mem_rdata;
  assign retire_mem_wdata_o = rvfi_mem_wdata;

  // RVFI fields the record does not carry
  wire unused_rvfi = &{1'b0, mem_instr, rvfi_trap, rvfi_halt, rvfi_intr, rvfi_order, rvfi_mode,
                       rvfi_ixl, rvfi_rs1_addr, rvfi_rs2_addr, rvfi_rs2_rdata, rvfi_mem_addr,
                       rvfi_mem_rmask, rvfi_csr_mcycle_rmask, rvfi_csr_mcycle_wmask,
                       rvfi_csr_mcycle_rdata, rvfi_csr_mcycle_wdata, rvfi_csr_minstret_rmask,
                       rvfi_csr_minstret_wmask, rvfi_csr_minstret_rdata, rvfi_csr_minstret_wdata,
                       unused_la_read, unused_la_write, unused_la_addr, unused_la_wdata,
                       unused_la_wstrb, unused_pcpi_valid, unused_pcpi_insn, unused_pcpi_rs1,
                       unused_pcpi_rs2, unused_eoi, unused_trace_valid, unused_trace_data};
endmodule

`default_nettype wire
