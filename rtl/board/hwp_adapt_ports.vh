// SPDX-License-Identifier: Apache-2.0
// The standard port bundle of an engine adapter (rtl/board/hwp_adapt_*.v),
// the counterpart of rtl/link/hwp_shell_cdc.v's adapter ports: every
// adapter has exactly these, so a board top plugs any engine into the shell
// the same way (rtl/board/hwp_board_core.v). IFW and OFW are the adapter's
// word widths (localparams it defines before including this file).
    // board clock domain
    input  wire           lclk_i,
    input  wire           lrst_i,
    input  wire           cfg_def_i,
    input  wire           cfg_we_i,
    input  wire [7:0]     cfg_reg_i,
    input  wire [63:0]    cfg_val_i,
    input  wire [7:0]     chk_reg_i,
    input  wire [63:0]    chk_val_i,
    output wire           chk_ok_o,
    output wire [511:0]   info_o,          // INFO build parameters: bits 32i+31..32i = parameter i+1
    input  wire [63:0]    rec_a_i,
    input  wire [63:0]    rec_b_i,
    input  wire [63:0]    rec_c_i,
    input  wire [63:0]    rec_d_i,
    output wire [IFW-1:0] rec_w_o,
    input  wire [OFW-1:0] orec_w_i,
    output wire [7:0]     orec_tag_o,
    output wire [1:0]     orec_n_o,
    output wire           orec_cont_o,
    output wire           orec_last_o,
    output wire           orec_done_o,
    output wire [63:0]    orec_f0_o,
    output wire [63:0]    orec_f1_o,
    output wire [63:0]    orec_f2_o,
    // engine clock domain
    input  wire           eclk_i,
    input  wire           erst_i,
    input  wire           in_valid_i,
    output wire           in_ready_o,
    input  wire [IFW-1:0] in_w_i,
    input  wire           in_hop_i,        // in_w_i is a HOSTOP entry (coproc only)
    input  wire           eos_i,
    output wire           out_valid_o,
    input  wire           out_ready_i,
    output wire [OFW-1:0] out_w_o,
    output wire           irq_o            // interrupt level (coproc only; ACK flag irq)
