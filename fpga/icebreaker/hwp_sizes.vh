// SPDX-License-Identifier: Apache-2.0
// iCEBreaker (iCE40UP5K): the engine sizes and engine clock of the composed
// board top fpga/icebreaker/hwp_board.v, per engine (rtl/board/hwp_engines.vh
// selects).
//   HWP_PLL           the PLL wrapper (rtl/board/)
//   HWP_ENG_MHZ       engine clock from the SB_PLL40 (a multiple of 3)
//   HWP_ENG_W         the engine's input field width
//   HWP_ENG_CW        (mhash) its counter width, part of the output word
//   HWP_ENGINE_SIZES  the adapter's parameters
//   HWP_LINK_SIZES    the link's receive slots and output queue
// strat: the UP5K configuration of tb/strat/engine.mk (SYNTH_VFLAGS_ice40)
// with 16-bit tuple fields, A_2 and 12-bit counters (rate and evict
// thresholds up to 4096), so that the link and the two FIFOs fit beside it.
`ifndef HWP_SIZES_VH
`define HWP_SIZES_VH
`define HWP_PLL          hwp_pll_ice40
`ifdef HWP_ENGINE_STRAT
`define HWP_ENG_MHZ      18
`define HWP_ENG_W        16
`define HWP_ENGINE_SIZES .W(16), .IDX_W(11), .WAYS(2), .CNT_W(12), .MISS_W(3), .TAG_W(2), .AK_K(2), .FIFO_AW(8), .HASH_SEED(32'h1)
`define HWP_LINK_SIZES   .NS_LOG(2), .OQ_AW(8)
`endif
// mhash: the UP5K configuration of tb/mhash/engine.mk (SYNTH_VFLAGS_ice40):
// 16-bit tuple fields, 4 banks of 512, 16-bit counters, 4-entry accumulator
`ifdef HWP_ENGINE_MHASH
`define HWP_ENG_MHZ      18
`define HWP_ENG_W        16
`define HWP_ENG_CW       16
`define HWP_ENGINE_SIZES .W(16), .N_COUNTERS(2048), .CW(16), .EW(8), .MAX_TABLES(4), .ACC_K(4), .LW(24), .SEED(32'h1)
`define HWP_LINK_SIZES   .NS_LOG(2), .OQ_AW(8)
`endif
// rap: 64 TCAM entries, RAM TCAM, no live-node sum (the single-clock UP5K
// top's sizes; it did not fit: docs/fpga.md), tournament longest-prefix
// match registered every two levels
`ifdef HWP_ENGINE_RAP
`define HWP_ENG_MHZ      18
`define HWP_ENG_W        32
`define HWP_ENGINE_SIZES .W(32), .K(2), .N(64), .CW(32), .SB(3), .CB(16), .MERGE_FIRST(32'd1024), .MERGE_Q(2), .OPT_TCAM_RAM(1), .TCAM_CHUNK(4), .ARB_RG(2), .LIVE_SUM(0)
`define HWP_LINK_SIZES   .NS_LOG(2), .OQ_AW(8)
`endif
// pfp: the UP5K configuration of tb/pfp/engine.mk (SYNTH_GPARAMS_ice40, its
// SIM config ice40): 1-wide, 2 x 4 descriptors, 16-record window, skips of
// blocks of 3 or 4 instructions, 16-bit pcs, 8-bit counters
`ifdef HWP_ENGINE_PFP
`define HWP_ENG_MHZ      24
`define HWP_ENG_W        16
`define HWP_ENGINE_SIZES .FETCH_W(1), .DEC_W(1), .FQ(4), .WIN_BITS(4), .SET_BITS(2), .MIN_LEN(3), .SKIP_BITS(2), .BR_PEN(3), .PC_W(16), .CNT_W(8)
`define HWP_LINK_SIZES   .NS_LOG(2), .OQ_AW(8)
`endif
// coproc: the reduced configuration of tb/coproc/engine.mk (small: 8-entry
// CAM, 32-word data array, 4-entry sample buffer, 256-bit PC filter table),
// retire FIFO 64, command FIFO 16; built to measure that it does not fit
// (docs/coproc.md: the 32-bit datapath alone is most of the UP5K)
`ifdef HWP_ENGINE_COPROC
`define HWP_ENG_MHZ      18
`define HWP_ENG_W        32
`define HWP_ENGINE_SIZES .UC_AW(8), .CAM_AW(3), .DA_AW(5), .SB_AW(2), .FT_AW(8), .RISCV(1), .RF_AW(6), .CF_AW(4)
`define HWP_LINK_SIZES   .NS_LOG(2), .OQ_AW(8)
`endif
`endif
