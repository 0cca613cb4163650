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
`endif
