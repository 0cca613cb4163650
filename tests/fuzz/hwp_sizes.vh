// SPDX-License-Identifier: Apache-2.0
// The board sizes of the RTL link fuzz target (tests/fuzz/build_rtl_link.sh):
// rtl/board/hwp_board_core.v with the strat adapter at the sizes
// fuzz_rtl_link.cpp gives the C emulator (16-bit fields, 16 sets of 2 ways,
// 8-bit counters, A_2, a 4-word output FIFO), four receive slots, and the
// PLL's simulation model (HWP_SIM_PLL): the fuzzer drives the engine clock
// with the board clock, so every run is deterministic.
`ifndef HWP_SIZES_VH
`define HWP_SIZES_VH
`define HWP_PLL          hwp_pll_ice40
`define HWP_ENG_MHZ      18
`define HWP_ENG_W        16
`define HWP_ENGINE_SIZES .W(16), .IDX_W(4), .WAYS(2), .CNT_W(8), .MISS_W(3), .TAG_W(2), .AK_K(2), .FIFO_AW(2), .HASH_SEED(32'h1)
`define HWP_LINK_SIZES   .NS_LOG(2), .OQ_AW(9)
`endif
