// SPDX-License-Identifier: Apache-2.0
// Purpose: the simulation top of the hwprof SoC with a profiling engine
// (issue 20, docs/soc.md, make soc-sim ENGINE=e): hwp_soc_adapt (the SoC,
// the event queue and the engine; rtl/soc/hwp_soc_adapt.v says what it
// does) on one clock, with the engine adapter's link-domain side brought
// out to the harness. The harness writes the CONFIG registers (cfg_*, with
// the shell's range check chk_*) while rst_i holds core and engine in reset
// (cfg_rst_i is the registers' own reset), reads the build parameters from
// info_o, and takes every output record (orec_*) in the clock it is valid,
// as the link's encoder would: the engine's output is always ready here.
// The engine is the one define HWP_ENGINE_<NAME> selects; its sizes come
// from hwp_soc_sizes.vh, which the build writes from the engine's
// tb/<engine>/engine.mk preset.
`default_nettype none
`include "hwp_soc_sizes.vh"
`include "hwp_engines.vh"

module hwp_soc_eng #(
    parameter [31:0] MEM_BASE = 32'h0002_0000,  // memory base (reset pc)
    parameter integer MEM_AW = 17,  // memory size: 2^MEM_AW bytes
    parameter [31:0] MMIO_BASE = 32'h1000_0000,  // UART and exit registers (4 KiB page)
    parameter integer EQ_AW = 2  // event queue: 2^EQ_AW entries (>= 2)
) (
    input wire clk_i,
    input wire rst_i,      // core, event queue and engine
    input wire cfg_rst_i,  // the engine's CONFIG registers

`include "hwp_soc_ports.vh"

    // engine configuration (the adapter's link-domain ports)
    input  wire         cfg_def_i,
    input  wire         cfg_we_i,
    input  wire [  7:0] cfg_reg_i,
    input  wire [ 63:0] cfg_val_i,
    input  wire [  7:0] chk_reg_i,
    input  wire [ 63:0] chk_val_i,
    output wire         chk_ok_o,
    output wire [511:0] info_o,

    // HOSTOP entries of the engine's host loop (coproc), one per clock: the
    // harness runs the loop (docs/soc.md) and they reach the adapter as the
    // link's hop words would
    input  wire        hop_valid_i,
    output wire        hop_ready_o,
    input  wire [ 7:0] hop_op_i,
    input  wire [15:0] hop_addr_i,
    input  wire [63:0] hop_data_i,

    // events
    output wire        eng_event_o,    // an event entered the queue this clock
    output wire        eng_hold_o,     // the core is held for the queue (not after the exit)
    output wire [31:0] eng_dropped_o,  // events that found the queue full
    output wire        eng_eos_o,      // the last event is in the engine: EOS
    output wire [31:0] eng_events_o,   // events the engine took (a board's STATUS field 1)

    // output records, one per clock while orec_valid_o (always taken)
    output wire        orec_valid_o,
    output wire [ 7:0] orec_tag_o,
    output wire [ 1:0] orec_n_o,
    output wire        orec_cont_o,
    output wire        orec_last_o,
    output wire        orec_done_o,
    output wire [63:0] orec_f0_o,
    output wire [63:0] orec_f1_o,
    output wire [63:0] orec_f2_o
);
  localparam integer IFW = `HWP_IFW, OFW = `HWP_OFW;
  wire [OFW-1:0] out_w;
  wire [IFW-1:0] unused_rec_w;
  wire in_ready, unused_irq, unused_fault;
  assign hop_ready_o = hop_valid_i && in_ready;
  // a HOSTOP entry as the shell's input word {wdata, addr, op} (coproc's
  // word is wide enough; the other engines take no entries)
`ifdef HWP_ENGINE_COPROC
  wire [IFW-1:0] hop_w = {{(IFW - 88) {1'b0}}, hop_data_i, hop_addr_i, hop_op_i};
`else
  wire [IFW-1:0] hop_w = {IFW{1'b0}};
  wire unused_hop = &{1'b0, hop_op_i, hop_addr_i, hop_data_i};
`endif
  hwp_soc_adapt #(
      .MEM_BASE (MEM_BASE),
      .MEM_AW   (MEM_AW),
      .MMIO_BASE(MMIO_BASE),
      .EQ_AW    (EQ_AW)
  ) u_soc (
      .lclk_i(clk_i), .lrst_i(cfg_rst_i),
      .cfg_def_i(cfg_def_i), .cfg_we_i(cfg_we_i), .cfg_reg_i(cfg_reg_i), .cfg_val_i(cfg_val_i),
      .chk_reg_i(chk_reg_i), .chk_val_i(chk_val_i), .chk_ok_o(chk_ok_o), .info_o(info_o),
      .rec_a_i(64'd0), .rec_b_i(64'd0), .rec_c_i(64'd0), .rec_d_i(64'd0), .rec_w_o(unused_rec_w),
      .orec_w_i(out_w), .orec_tag_o(orec_tag_o), .orec_n_o(orec_n_o), .orec_cont_o(orec_cont_o),
      .orec_last_o(orec_last_o), .orec_done_o(orec_done_o),
      .orec_f0_o(orec_f0_o), .orec_f1_o(orec_f1_o), .orec_f2_o(orec_f2_o),
      .eclk_i(clk_i), .erst_i(rst_i),
      .in_valid_i(hop_valid_i), .in_ready_o(in_ready), .in_w_i(hop_w), .in_hop_i(hop_valid_i),
      .eos_i(1'b0),
      .out_valid_o(orec_valid_o), .out_ready_i(1'b1), .out_w_o(out_w), .irq_o(unused_irq),
      .uart_valid_o(uart_valid_o), .uart_data_o(uart_data_o), .exit_o(exit_o),
      .exit_code_o(exit_code_o), .trap_o(trap_o), .bus_err_o(bus_err_o),
      .bus_err_addr_o(bus_err_addr_o),
      .retire_valid_o(retire_valid_o), .retire_pc_o(retire_pc_o), .retire_insn_o(retire_insn_o),
      .retire_next_pc_o(retire_next_pc_o), .retire_rd_o(retire_rd_o),
      .retire_rd_value_o(retire_rd_value_o), .retire_mem_o(retire_mem_o),
      .retire_addr_o(retire_addr_o), .retire_wmask_o(retire_wmask_o),
      .retire_mem_rdata_o(retire_mem_rdata_o), .retire_mem_wdata_o(retire_mem_wdata_o),
      .eng_event_o(eng_event_o), .eng_hold_o(eng_hold_o), .eng_dropped_o(eng_dropped_o),
      .eng_eos_o(eng_eos_o), .eng_fault_o(unused_fault),
      .eng_events_o(eng_events_o)
  );
endmodule

`default_nettype wire
