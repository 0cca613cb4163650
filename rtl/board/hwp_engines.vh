// SPDX-License-Identifier: Apache-2.0
// The engine of a composed board top (rtl/board/hwp_board_core.v), chosen by
// one define: HWP_ENGINE_STRAT (default), HWP_ENGINE_MHASH, HWP_ENGINE_RAP,
// HWP_ENGINE_PFP or HWP_ENGINE_COPROC. Per engine: its adapter
// (rtl/board/hwp_adapt_<engine>.v), the adapter's word widths and the
// link's engine parameters. Its sizes (HWP_ENGINE_SIZES, HWP_ENG_W, link
// buffer sizes HWP_LINK_SIZES) are the board's: fpga/<board>/hwp_sizes.vh.
`ifndef HWP_ENGINES_VH
`define HWP_ENGINES_VH
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
`define HWP_LINK_ENGINE .NF(5), .W(32), .RVW(32), .RAW(32), .HOSTOP(1), .OW(64), .NPARAM(8), .ENGINE_ID(8'd5), .KIND(8'd3)
`endif
`endif
`endif
`ifdef HWP_ENGINE_COPROC
`define HWP_ADAPTER     hwp_adapt_coproc
`define HWP_IFW         135
`define HWP_OFW         100
`define HWP_LINK_ENGINE .NF(5), .W(32), .RVW(32), .RAW(32), .HOSTOP(1), .OW(64), .NPARAM(8), .ENGINE_ID(8'd5), .KIND(8'd3)
`endif
`endif
`endif
`ifdef HWP_ENGINE_STRAT
`define HWP_ADAPTER     hwp_adapt_strat
`define HWP_IFW         (2 * `HWP_ENG_W)
`define HWP_OFW         (2 * `HWP_ENG_W + 33)
`define HWP_LINK_ENGINE .NF(2), .W(`HWP_ENG_W), .OW((`HWP_ENG_W > 32) ? `HWP_ENG_W : 32), .NPARAM(9), .ENGINE_ID(8'd2), .KIND(8'd2)
`endif
`ifdef HWP_ENGINE_MHASH
`define HWP_ADAPTER     hwp_adapt_mhash
`define HWP_IFW         (2 * `HWP_ENG_W)
`define HWP_OFW         (2 + ((2 * `HWP_ENG_W + `HWP_ENG_CW > 64) ? 2 * `HWP_ENG_W + `HWP_ENG_CW : 64))
`define HWP_LINK_ENGINE .NF(2), .W(`HWP_ENG_W), .OW((`HWP_ENG_W > 32) ? `HWP_ENG_W : 32), .NPARAM(8), .ENGINE_ID(8'd1), .KIND(8'd2)
`endif
`ifdef HWP_ENGINE_RAP
`define HWP_ADAPTER     hwp_adapt_rap
`define HWP_IFW         `HWP_ENG_W
`define HWP_OFW         138
`define HWP_LINK_ENGINE .NF(1), .W(`HWP_ENG_W), .OW(64), .NPARAM(13), .ENGINE_ID(8'd3), .KIND(8'd1)
`endif
`ifdef HWP_ENGINE_PFP
`define HWP_ADAPTER     hwp_adapt_pfp
`define HWP_IFW         (`HWP_ENG_W + 39)
`define HWP_OFW         197
`define HWP_LINK_ENGINE .NF(5), .W(`HWP_ENG_W), .OW(64), .NPARAM(10), .ENGINE_ID(8'd4), .KIND(8'd3)
`endif
`ifdef HWP_ENGINE_COPROC
`define HWP_ADAPTER     hwp_adapt_coproc
`define HWP_IFW         135
`define HWP_OFW         100
`define HWP_LINK_ENGINE .NF(5), .W(32), .RVW(32), .RAW(32), .HOSTOP(1), .OW(64), .NPARAM(8), .ENGINE_ID(8'd5), .KIND(8'd3)
`endif
`endif
