// SPDX-License-Identifier: Apache-2.0
// ULX3S (LFE5U-85F): the engine sizes and engine clock of the composed board
// top fpga/ulx3s/hwp_board.v, per engine (rtl/board/hwp_engines.vh selects).
//   HWP_PLL           the PLL wrapper (rtl/board/)
//   HWP_ENG_MHZ       engine clock from the EHXPLLL (a multiple of 5)
//   HWP_ENG_W         the engine's input field width
//   HWP_ENG_CW        (mhash) its counter width, part of the output word
//   HWP_ENGINE_SIZES  the adapter's parameters
//   HWP_LINK_SIZES    the link's receive slots and output queue
// strat: the ECP5 configuration of tb/strat/engine.mk (SYNTH_VFLAGS_ecp5)
// with A_4 instead of A_16 (docs/fpga.md: A_16 beside the link did not route).
`ifndef HWP_SIZES_VH
`define HWP_SIZES_VH
`define HWP_PLL          hwp_pll_ecp5
`ifdef HWP_ENGINE_STRAT
`define HWP_ENG_MHZ      50
`define HWP_ENG_W        64
`define HWP_ENGINE_SIZES .W(64), .IDX_W(11), .WAYS(2), .CNT_W(16), .MISS_W(3), .TAG_W(2), .AK_K(4), .FIFO_AW(9), .HASH_SEED(32'h1), .OREG(1)
`define HWP_LINK_SIZES   .NS_LOG(3), .OQ_AW(9)
`endif
// mhash: the ECP5 configuration of tb/mhash/engine.mk (SYNTH_GPARAMS_ecp5):
// 4 tables x 512 counters in 4 banks, the paper's k = 100 accumulator in
// its hashed form (4 ways of 64 slots in block RAM, an 8-entry stash)
`ifdef HWP_ENGINE_MHASH
`define HWP_ENG_MHZ      50
`define HWP_ENG_W        64
`define HWP_ENG_CW       24
`define HWP_ENGINE_SIZES .W(64), .N_COUNTERS(2048), .CW(24), .EW(8), .MAX_TABLES(4), .ACC_K(100), .ACC_WAYS(4), .ACC_SETS(64), .ACC_STASH(8), .LW(32), .SEED(32'h1)
`define HWP_LINK_SIZES   .NS_LOG(3), .OQ_AW(9)
`endif
// rap: 128 TCAM entries (the size whose error bound holds at eps 20 %,
// docs/rap.md), RAM TCAM, tournament longest-prefix match registered every
// two levels and at its result (ARB_OREG: the counter and prefix RAMs read
// from a registered address), the input through a skid register
// (OPT_INREG: the event source's select does not reach the stage-0 buffer's
// compare in the same clock); routed figures in docs/results/speed.md
`ifdef HWP_ENGINE_RAP
`define HWP_ENG_MHZ      50
`define HWP_ENG_W        32
`define HWP_ENGINE_SIZES .W(32), .K(2), .N(128), .CW(32), .SB(3), .CB(16), .MERGE_FIRST(32'd1024), .MERGE_Q(2), .OPT_TCAM_RAM(1), .TCAM_CHUNK(4), .ARB_RG(2), .ARB_OREG(1), .OPT_INREG(1)
`define HWP_LINK_SIZES   .NS_LOG(3), .OQ_AW(9)
`endif
// pfp: the default 4-wide front end with 32-bit pcs and 64-bit counters (the
// widths `hwprof run` models), engine clock 50 MHz (docs/results/fpga.md)
`ifdef HWP_ENGINE_PFP
`define HWP_ENG_MHZ      50
`define HWP_ENG_W        32
`define HWP_ENGINE_SIZES .FETCH_W(4), .DEC_W(4), .FQ(32), .WIN_BITS(5), .SET_BITS(4), .MIN_LEN(4), .SKIP_BITS(3), .BR_PEN(3), .PC_W(32), .CNT_W(64)
`define HWP_LINK_SIZES   .NS_LOG(3), .OQ_AW(9)
`endif
// coproc: the default sizes of docs/coproc.md (256 x 64-bit microcode,
// 64-entry CAM, 512-word data array, 16-entry sample buffer, 4096-bit PC
// filter table), retire FIFO 256, command FIFO 64; routed figures in
// docs/results/fpga.md
`ifdef HWP_ENGINE_COPROC
`define HWP_ENG_MHZ      40
`define HWP_ENG_W        32
`define HWP_ENGINE_SIZES .UC_AW(8), .CAM_AW(6), .DA_AW(9), .SB_AW(4), .FT_AW(12), .RISCV(1), .RF_AW(8), .CF_AW(6)
`define HWP_LINK_SIZES   .NS_LOG(3), .OQ_AW(9)
`endif
`endif
