// SPDX-License-Identifier: Apache-2.0
// Purpose: the hwprof SoC with a profiling engine on the core's retirement
// port (issue 20, docs/soc.md), shaped as an engine adapter: the standard
// port bundle (rtl/board/hwp_adapt_ports.vh), so a board top puts it in the
// engine clock domain of the two-clock shell (rtl/link/hwp_shell_cdc.v) in
// place of a plain adapter (rtl/board/hwp_board_core.v, HWP_SOC), and the
// simulation top hwp_soc_eng wraps it with one clock. Inside: hwp_soc, an
// event queue, and one engine behind its board adapter
// (rtl/board/hwp_adapt_<engine>.v), all on eclk_i. The engine is the one
// define HWP_ENGINE_<NAME> selects (rtl/board/hwp_engines.vh); its sizes
// come from hwp_soc_sizes.vh (HWP_ENG_W, HWP_ENG_CW, HWP_ENGINE_SIZES):
// written by tb/soc/soc.mk from the engine's preset for simulation, and
// fpga/<board>/hwp_soc_sizes.vh for a board.
//
// Run: erst_i holds the core, the queue and the engine in reset. On a board
// the shell releases it at the host's EOS after CONFIG (its link, SRC = 1,
// refuses TUPLES), so the program starts then. Input words from the link
// (in_*_i, HOSTOP entries aside) are taken and ignored, and so is the
// link's EOS (eos_i): the engine's input is the core's retire stream, and
// its EOS is the program's end.
//
// Events: each retirement becomes the record a retire trace holds
// (hwp_soc's retire port), and the event is that record mapped as `hwprof
// run --engine <engine>` maps a retire trace record:
//   rap    every retirement, key = pc
//   mhash  every retirement, <pc, rd value> (0 when no register is written)
//   strat  the loads that write a register, <pc, loaded value>
//   coproc every retirement, the whole record: pc, insn, class, flags
//          (value, address, taken), value, address
// The record's fields go through the adapter's record mapping (rec_a_i ..
// rec_d_i -> rec_w_o, the board's TUPLES path) into the event queue, and
// from there into the engine. Values are the 32-bit ones, zero-extended.
// The last event is the exit store (the store that retires once the exit
// register is written, the last record of the trace); after it the core is
// held, the queue drains and EOS goes to the engine. A trap or a bus error
// ends the events the same way (the run's end, eng_fault_o set), so a board
// host always receives END.
//
// Backpressure: while the queue holds 2^EQ_AW - 2 events or more (two slots
// or fewer free, kept for instructions already fetched), no memory access
// starts (hwp_soc hold_i), so the core stops retiring. The engine's input
// stalls when its output is not taken (out_ready_i: the shell's output
// FIFO), so a slow link holds the core too. An event that still finds the
// queue full is dropped and counted (eng_dropped_o).
//
// Count: eng_events_o counts the events the engine took from the queue,
// saturating at 2^32 - 1. The board top reports it to the host as STATUS
// field 1 (docs/protocol.md, record kind 0: the engine fed on the board),
// so that `hwprof stream` prints the summaries of `hwprof run` on the
// retire trace; it is final once eng_eos_o is set.
`default_nettype none
`include "hwp_soc_sizes.vh"
`include "hwp_engines.vh"

module hwp_soc_adapt #(
    parameter [31:0] MEM_BASE = 32'h0002_0000,  // memory base (reset pc)
    parameter integer MEM_AW = 17,  // memory size: 2^MEM_AW bytes
    parameter [31:0] MMIO_BASE = 32'h1000_0000,  // UART and exit registers (4 KiB page)
    parameter integer EQ_AW = 2,  // event queue: 2^EQ_AW entries (>= 2)
    parameter integer IFW = `HWP_IFW,  // the engine adapter's input word
    parameter integer OFW = `HWP_OFW  // the engine adapter's output word
) (
`include "hwp_adapt_ports.vh"
    ,
`include "hwp_soc_ports.vh"

    // events
    output wire        eng_event_o,    // an event entered the queue this clock
    output wire        eng_hold_o,     // the core is held for the queue (not after the end)
    output reg  [31:0] eng_dropped_o,  // events that found the queue full
    output reg         eng_eos_o,      // the last event is in the engine: EOS
    output reg         eng_fault_o,    // the run ended on a trap or a bus error
    output reg  [31:0] eng_events_o    // events the engine took (saturates at 2^32 - 1)
);
  // ------------------------------------------------------------ SoC
  wire hold;
  hwp_soc #(
      .MEM_BASE (MEM_BASE),
      .MEM_AW   (MEM_AW),
      .MMIO_BASE(MMIO_BASE)
  ) u_soc (
      .clk_i(eclk_i),
      .rst_i(erst_i),
      .hold_i(hold),
      .uart_valid_o(uart_valid_o),
      .uart_data_o(uart_data_o),
      .exit_o(exit_o),
      .exit_code_o(exit_code_o),
      .trap_o(trap_o),
      .bus_err_o(bus_err_o),
      .bus_err_addr_o(bus_err_addr_o),
      .retire_valid_o(retire_valid_o),
      .retire_pc_o(retire_pc_o),
      .retire_insn_o(retire_insn_o),
      .retire_next_pc_o(retire_next_pc_o),
      .retire_rd_o(retire_rd_o),
      .retire_rd_value_o(retire_rd_value_o),
      .retire_mem_o(retire_mem_o),
      .retire_addr_o(retire_addr_o),
      .retire_wmask_o(retire_wmask_o),
      .retire_mem_rdata_o(retire_mem_rdata_o),
      .retire_mem_wdata_o(retire_mem_wdata_o)
  );

  // ------------------------------------------------------------ events
  // the exit store is the last retirement the trace and the engine see
  reg stop_q;
  wire live = retire_valid_o && !stop_q;
  wire exit_store = live && exit_o && retire_wmask_o != 4'd0;
  wire [31:0] rd_val = retire_rd_o != 5'd0 ? retire_rd_value_o : 32'd0;
`ifdef HWP_ENGINE_RAP
  wire ev = live;
  wire [63:0] ev_a = {32'd0, retire_pc_o};
  wire [63:0] ev_b = 64'd0, ev_c = 64'd0, ev_d = 64'd0;
  wire unused_rd_val = &{1'b0, rd_val};
`elsif HWP_ENGINE_MHASH
  wire ev = live;
  wire [63:0] ev_a = {32'd0, retire_pc_o};
  wire [63:0] ev_b = {32'd0, rd_val};
  wire [63:0] ev_c = 64'd0, ev_d = 64'd0;
`elsif HWP_ENGINE_COPROC
  // The record hwp_rv_retire_rec makes (cmodel/common/riscv.c): the class
  // as hwp_rv_decode gives it for the RV32IM instructions the core retires
  // (it traps on any other word, which ends the run); value when a register
  // is written, address of a load or store, taken when a control transfer's
  // next pc is not pc + 4. meta = {rd (0xff: none), length 4, flags, class}.
  wire [6:0] opc = retire_insn_o[6:0];
  wire [4:0] i_rd = retire_insn_o[11:7], i_rs1 = retire_insn_o[19:15];
  wire rd_link = i_rd == 5'd1 || i_rd == 5'd5;
  wire rs1_link = i_rs1 == 5'd1 || i_rs1 == 5'd5;
  reg [3:0] cls;
  always @(*) begin
    case (opc)
      7'h03:   cls = 4'd2;  // load
      7'h23:   cls = 4'd3;  // store
      7'h63:   cls = 4'd4;  // conditional branch
      7'h6f:   cls = rd_link ? 4'd6 : 4'd5;  // jal: call, jump
      7'h67:   cls = rd_link ? 4'd6 : (i_rd == 5'd0 && rs1_link) ? 4'd7 : 4'd8;  // jalr: call, return, indirect
      7'h13, 7'h17, 7'h37: cls = 4'd1;  // op-imm, auipc, lui: alu
      7'h33:   cls = retire_insn_o[31:25] == 7'h01 ? 4'd9 : 4'd1;  // mul/div, alu
      7'h73:   cls = 4'd11;  // system
      default: cls = 4'd0;  // fence: other
    endcase
  end
  wire is_ctl = cls >= 4'd4 && cls <= 4'd8;
  wire taken = is_ctl && retire_next_pc_o != retire_pc_o + 32'd4;
  wire [2:0] flags = {taken, retire_mem_o, retire_rd_o != 5'd0};
  wire [7:0] rd_f = retire_rd_o != 5'd0 ? {3'd0, retire_rd_o} : 8'hff;
  wire ev = live;
  wire [63:0] ev_a = {32'd0, retire_pc_o};
  wire [63:0] ev_b = {rd_f, 8'd4, 5'd0, flags, 4'd0, cls, retire_insn_o};
  wire [63:0] ev_c = {32'd0, rd_val};
  wire [63:0] ev_d = {32'd0, retire_mem_o ? retire_addr_o : 32'd0};
`else
  // strat: loads (class load: opcode LOAD) with a destination register
  wire ev = live && retire_insn_o[6:0] == 7'b0000011 && retire_rd_o != 5'd0;
  wire [63:0] ev_a = {32'd0, retire_pc_o};
  wire [63:0] ev_b = {32'd0, rd_val};
  wire [63:0] ev_c = 64'd0, ev_d = 64'd0;
`endif
  wire [IFW-1:0] ev_w;

  wire q_in_ready, q_valid, e_in_ready;
  wire [IFW-1:0] q_w;
  wire [EQ_AW:0] q_count;
  hwp_fifo_fwft #(
      .W (IFW),
      .AW(EQ_AW)
  ) u_q (
      .clk_i(eclk_i),
      .rst_i(erst_i),
      .in_valid_i(ev),
      .in_ready_o(q_in_ready),
      .in_data_i(ev_w),
      .out_valid_o(q_valid),
      .out_ready_i(q_ready),
      .out_data_o(q_w),
      .count_o(q_count)
  );
  localparam [EQ_AW:0] Q_HOLD = (1 << EQ_AW) - 2;
  assign hold = stop_q || q_count >= Q_HOLD;
  assign eng_event_o = ev && q_in_ready;
  assign eng_hold_o = hold && !stop_q;

  always @(posedge eclk_i) begin
    if (erst_i) begin
      stop_q <= 1'b0;
      eng_eos_o <= 1'b0;
      eng_dropped_o <= 32'd0;
      eng_fault_o <= 1'b0;
      eng_events_o <= 32'd0;
    end else begin
      if (exit_store || trap_o || bus_err_o) stop_q <= 1'b1;
      if (!stop_q && (trap_o || bus_err_o)) eng_fault_o <= 1'b1;
      if (stop_q && q_count == {(EQ_AW + 1) {1'b0}}) eng_eos_o <= 1'b1;
      if (ev && !q_in_ready) eng_dropped_o <= eng_dropped_o + 32'd1;
      if (q_valid && q_ready && eng_events_o != 32'hffff_ffff) eng_events_o <= eng_events_o + 32'd1;
    end
  end

  // The engine's input: a HOSTOP entry of the host (coproc's host loop:
  // in_hop_i, the shell's word {wdata, addr, op}) first, else the queue.
  // Entries go ahead of the queue's records: a record that waits for room
  // in the adapter's retire FIFO must not block the request that lets the
  // co-processor take records. Other input words from the link are taken
  // and ignored (see above), and so is the link's EOS.
`ifdef HWP_ENGINE_COPROC
  wire hop = in_valid_i && in_hop_i;
  wire [IFW-1:0] e_w = hop ? in_w_i : q_w;
  assign in_ready_o = !in_hop_i || e_in_ready;
  wire unused_link_in = &{1'b0, eos_i};
`else
  wire hop = 1'b0;
  wire [IFW-1:0] e_w = q_w;
  assign in_ready_o = 1'b1;
  wire unused_link_in = &{1'b0, in_valid_i, in_w_i, in_hop_i, eos_i};
`endif
  wire q_ready = e_in_ready && !hop;

  // ------------------------------------------------------------ engine
  `HWP_ADAPTER #(`HWP_ENGINE_SIZES) u_eng (
      .lclk_i(lclk_i), .lrst_i(lrst_i),
      .cfg_def_i(cfg_def_i), .cfg_we_i(cfg_we_i), .cfg_reg_i(cfg_reg_i), .cfg_val_i(cfg_val_i),
      .chk_reg_i(chk_reg_i), .chk_val_i(chk_val_i), .chk_ok_o(chk_ok_o), .info_o(info_o),
      .rec_a_i(ev_a), .rec_b_i(ev_b), .rec_c_i(ev_c), .rec_d_i(ev_d),
      .rec_w_o(ev_w),
      .orec_w_i(orec_w_i), .orec_tag_o(orec_tag_o), .orec_n_o(orec_n_o), .orec_cont_o(orec_cont_o),
      .orec_last_o(orec_last_o), .orec_done_o(orec_done_o),
      .orec_f0_o(orec_f0_o), .orec_f1_o(orec_f1_o), .orec_f2_o(orec_f2_o),
      .eclk_i(eclk_i), .erst_i(erst_i),
      .in_valid_i(q_valid || hop), .in_ready_o(e_in_ready), .in_w_i(e_w), .in_hop_i(hop),
      .eos_i(eng_eos_o),
      .out_valid_o(out_valid_o), .out_ready_i(out_ready_i), .out_w_o(out_w_o), .irq_o(irq_o)
  );
  // the link's record words (rec_*_i) are the host's TUPLES: not used
  wire unused_rec = &{1'b0, rec_a_i, rec_b_i, rec_c_i, rec_d_i};
  assign rec_w_o = {IFW{1'b0}};
endmodule

`default_nettype wire
