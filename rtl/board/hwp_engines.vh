// SPDX-License-Identifier: Apache-2.0
// The engine of a composed board top (rtl/board/hwp_board_core.v), chosen by
// one define: HWP_ENGINE_STRAT (default), HWP_ENGINE_MHASH, HWP_ENGINE_RAP,
// HWP_ENGINE_PFP or HWP_ENGINE_COPROC. Per engine: its adapter
// (rtl/board/hwp_adapt_<engine>.v), the adapter's word widths and the
// link's engine parameters (NF, NPARAM, ENGINE_ID and KIND from the engine's
// description: hwp_desc_engines.vh, written by `make gen`). Its sizes (HWP_ENGINE_SIZES, HWP_ENG_W, link
// buffer sizes HWP_LINK_SIZES) are the board's: fpga/<board>/hwp_sizes.vh.
`ifndef HWP_ENGINES_VH
`define HWP_ENGINES_VH
`include "hwp_desc_engines.vh"
`ifndef HWP_ENGINE_MHASH
`ifndef HWP_ENGINE_RAP
`ifndef HWP_ENGINE_PFP
`ifndef HWP_ENGINE_COPROC
`ifndef HWP_ENGINE_STRAT
`define HWP_ENGINE_STRAT
`endif
`ifdef HWP_ENGINE_COPROC
`define HWP_ADAPTER     hwp_adapt_coproc
`define HWP_IFW         135
`define HWP_OFW         100
`define HWP_LINK_ENGINE `HWP_DESC_COPROC, .W(32), .RVW(32), .RAW(32), .HOSTOP(1), .OW(64)
`endif
`endif
`endif
`ifdef HWP_ENGINE_COPROC
`define HWP_ADAPTER     hwp_adapt_coproc
`define HWP_IFW         135
`define HWP_OFW         100
`define HWP_LINK_ENGINE `HWP_DESC_COPROC, .W(32), .RVW(32), .RAW(32), .HOSTOP(1), .OW(64)
`endif
`endif
`endif
`ifdef HWP_ENGINE_STRAT
`define HWP_ADAPTER     hwp_adapt_strat
`define HWP_IFW         (2 * `HWP_ENG_W)
`define HWP_OFW         (2 * `HWP_ENG_W + 33)
`define HWP_LINK_ENGINE `HWP_DESC_STRAT, .W(`HWP_ENG_W), .OW((`HWP_ENG_W > 32) ? `HWP_ENG_W : 32)
`endif
`ifdef HWP_ENGINE_MHASH
`define HWP_ADAPTER     hwp_adapt_mhash
`define HWP_IFW         (2 * `HWP_ENG_W)
`define HWP_OFW         (2 + ((2 * `HWP_ENG_W + `HWP_ENG_CW > 96) ? 2 * `HWP_ENG_W + `HWP_ENG_CW : 96))
`define HWP_LINK_ENGINE `HWP_DESC_MHASH, .W(`HWP_ENG_W), .OW((`HWP_ENG_W > 32) ? `HWP_ENG_W : 32)
`endif
`ifdef HWP_ENGINE_RAP
`define HWP_ADAPTER     hwp_adapt_rap
`define HWP_IFW         `HWP_ENG_W
`define HWP_OFW         138
`define HWP_LINK_ENGINE `HWP_DESC_RAP, .W(`HWP_ENG_W), .OW(64)
`endif
`ifdef HWP_ENGINE_PFP
`define HWP_ADAPTER     hwp_adapt_pfp
`define HWP_IFW         (`HWP_ENG_W + 39)
`define HWP_OFW         5
`define HWP_LINK_ENGINE `HWP_DESC_PFP, .W(`HWP_ENG_W), .OW(64)
`endif
`ifdef HWP_ENGINE_COPROC
`define HWP_ADAPTER     hwp_adapt_coproc
`define HWP_IFW         135
`define HWP_OFW         100
`define HWP_LINK_ENGINE `HWP_DESC_COPROC, .W(32), .RVW(32), .RAW(32), .HOSTOP(1), .OW(64)
`endif
`endif
