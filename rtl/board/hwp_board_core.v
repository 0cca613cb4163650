// SPDX-License-Identifier: Apache-2.0
// Board-independent part of a composed board top (fpga/<board>/hwp_board.v):
// the board's PLL (HWP_PLL, fpga/<board>/hwp_sizes.vh) making the engine
// clock from the board clock, the power-on reset, the two-clock shell (rtl/link/hwp_shell_cdc.v: link at the board clock,
// asynchronous FIFOs) and one engine adapter in the engine clock domain,
// wired through the standard bundle (rtl/board/hwp_adapt_ports.vh). The
// engine is the one define HWP_ENGINE_<NAME> selects: rtl/board/
// hwp_engines.vh names its adapter and link parameters, the board's
// fpga/<board>/hwp_sizes.vh its sizes (on the include path).
// With HWP_SOC defined (make synth TOP=soc) the engine-domain block is the
// SoC with the engine on its retire port (rtl/soc/hwp_soc_adapt.v, the same
// port bundle) at the SoC clock HWP_SOC_MHZ, with 2^HWP_SOC_MEM_AW bytes of
// memory (fpga/<board>/hwp_soc_sizes.vh); soc_exit_o and soc_fault_o show
// the program's end (engine clock domain, for LEDs).
`default_nettype none
`ifdef HWP_SOC
`include "hwp_soc_sizes.vh"
`endif
`include "hwp_engines.vh"
`include "hwp_sizes.vh"
module hwp_board_core #(
    parameter [7:0]  BOARD_ID = 8'd0,          // link: INFO board id
    parameter [31:0] CLK_KHZ  = 32'd12000,     // link: board clock in kHz
    parameter [31:0] BOOT_DIV = 32'h682b,      // link: boot-rate divisor (24.8)
    parameter [31:0] FALLBACK = 32'd1200000    // link: SET_BAUD fall-back clocks
) (
    input  wire clk_i,                         // board oscillator pin
`ifdef HWP_SIM_PLL
    input  wire sim_eclk_i,                    // engine clock (simulation: hwp_pll_sim.v)
`endif
`ifdef HWP_SOC
    output wire soc_exit_o,                    // the program stored its exit code
    output wire soc_fault_o,                   // the run ended on a trap or a bus error
`endif
    output wire locked_o,                      // the PLL is locked
    input  wire uart_rx_i,
    output wire uart_tx_o,
    output wire led_act_o,
    output wire led_err_o
);
    localparam integer IFW = `HWP_IFW, OFW = `HWP_OFW;
`ifdef HWP_SOC
    localparam integer ENG_MHZ = `HWP_SOC_MHZ;
`else
    localparam integer ENG_MHZ = `HWP_ENG_MHZ;
`endif

    // board clock (link) and engine clock
    wire lclk_i, eclk_i;
    `HWP_PLL #(.ENG_MHZ(ENG_MHZ)) u_pll (.clk_i(clk_i),
`ifdef HWP_SIM_PLL
        .sim_eclk_i(sim_eclk_i),
`endif
        .clk_o(lclk_i), .eclk_o(eclk_i), .locked_o(locked_o));

    // power-on reset of the board clock domain: 15 clocks after configuration
    reg  [3:0] por_q = 4'd0;
    reg        por_rst_q = 1'b1;
    always @(posedge lclk_i) begin
        if (!(&por_q)) por_q <= por_q + 4'd1;
        por_rst_q <= !(&por_q);
    end
    wire lrst_i, earst_i;
    hwp_rst_sync u_lrst (.clk_i(lclk_i), .arst_i(por_rst_q), .rst_o(lrst_i));
    // the engine domain waits for the PLL's lock as well (its own reset
    // synchronizer is in the shell, behind the reset handshake)
    assign earst_i = lrst_i || !locked_o;
    wire           cfg_def, cfg_we, chk_ok, orec_cont, orec_last, orec_done;
    wire [7:0]     cfg_reg, chk_reg, orec_tag;
    wire [63:0]    cfg_val, chk_val, rec_a, rec_b, rec_c, rec_d, orec_f0, orec_f1, orec_f2;
    wire [511:0]   info;
    wire [1:0]     orec_n;
    wire [IFW-1:0] rec_w, in_w;
    wire [OFW-1:0] orec_w, out_w;
    wire           erst, in_valid, in_ready, in_hop, eos, out_valid, out_ready, irq;
    wire [31:0]    src_n;                  // the SoC: events its engine took from the core
`ifdef HWP_SOC
    localparam integer SRC = 1;
`else
    localparam integer SRC = 0;
    assign src_n = 32'd0;
`endif

    hwp_shell_cdc #(
        .IFW(IFW), .OFW(OFW), `HWP_LINK_ENGINE, `HWP_LINK_SIZES,
        .BOARD_ID(BOARD_ID), .CLK_KHZ(CLK_KHZ), .BOOT_DIV(BOOT_DIV), .FALLBACK(FALLBACK), .SRC(SRC)
    ) u_shell (
        .lclk_i(lclk_i), .lrst_i(lrst_i), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .led_act_o(led_act_o), .led_err_o(led_err_o),
        .cfg_def_o(cfg_def), .cfg_we_o(cfg_we), .cfg_reg_o(cfg_reg), .cfg_val_o(cfg_val),
        .chk_reg_o(chk_reg), .chk_val_o(chk_val), .chk_ok_i(chk_ok), .info_i(info),
        .rec_a_o(rec_a), .rec_b_o(rec_b), .rec_c_o(rec_c), .rec_d_o(rec_d), .rec_w_i(rec_w),
        .orec_w_o(orec_w), .orec_tag_i(orec_tag), .orec_n_i(orec_n), .orec_cont_i(orec_cont),
        .orec_last_i(orec_last), .orec_done_i(orec_done),
        .orec_f0_i(orec_f0), .orec_f1_i(orec_f1), .orec_f2_i(orec_f2),
        .eclk_i(eclk_i), .earst_i(earst_i), .erst_o(erst),
        .e_in_valid_o(in_valid), .e_in_ready_i(in_ready), .e_in_w_o(in_w), .e_in_hop_o(in_hop), .e_eos_o(eos),
        .e_out_valid_i(out_valid), .e_out_ready_o(out_ready), .e_out_w_i(out_w),
        .e_irq_i(irq), .e_src_n_i(src_n)
    );

`ifdef HWP_SOC
    // the SoC's program output (UART bytes), exit code, retire port and
    // event counters are not brought out on the board (docs/soc.md)
    wire        unused_uart_v, unused_trap, unused_berr, unused_rv, unused_rmem, unused_ev, unused_hold,
                unused_eos;
    wire [7:0]  unused_uart_d;
    wire [4:0]  unused_rd;
    wire [3:0]  unused_wmask;
    wire [31:0] unused_code, unused_berr_a, unused_pc, unused_insn, unused_npc, unused_rdv, unused_addr,
                unused_mrd, unused_mwd, unused_drop;
    hwp_soc_adapt #(.MEM_AW(`HWP_SOC_MEM_AW)) u_eng (
`else
    `HWP_ADAPTER #(`HWP_ENGINE_SIZES) u_eng (
`endif
        .lclk_i(lclk_i), .lrst_i(lrst_i),
        .cfg_def_i(cfg_def), .cfg_we_i(cfg_we), .cfg_reg_i(cfg_reg), .cfg_val_i(cfg_val),
        .chk_reg_i(chk_reg), .chk_val_i(chk_val), .chk_ok_o(chk_ok), .info_o(info),
        .rec_a_i(rec_a), .rec_b_i(rec_b), .rec_c_i(rec_c), .rec_d_i(rec_d), .rec_w_o(rec_w),
        .orec_w_i(orec_w), .orec_tag_o(orec_tag), .orec_n_o(orec_n), .orec_cont_o(orec_cont),
        .orec_last_o(orec_last), .orec_done_o(orec_done),
        .orec_f0_o(orec_f0), .orec_f1_o(orec_f1), .orec_f2_o(orec_f2),
        .eclk_i(eclk_i), .erst_i(erst),
        .in_valid_i(in_valid), .in_ready_o(in_ready), .in_w_i(in_w), .in_hop_i(in_hop), .eos_i(eos),
        .out_valid_o(out_valid), .out_ready_i(out_ready), .out_w_o(out_w), .irq_o(irq)
`ifdef HWP_SOC
        ,
        .uart_valid_o(unused_uart_v), .uart_data_o(unused_uart_d), .exit_o(soc_exit_o),
        .exit_code_o(unused_code), .trap_o(unused_trap), .bus_err_o(unused_berr),
        .bus_err_addr_o(unused_berr_a), .retire_valid_o(unused_rv), .retire_pc_o(unused_pc),
        .retire_insn_o(unused_insn), .retire_next_pc_o(unused_npc), .retire_rd_o(unused_rd),
        .retire_rd_value_o(unused_rdv), .retire_mem_o(unused_rmem), .retire_addr_o(unused_addr),
        .retire_wmask_o(unused_wmask), .retire_mem_rdata_o(unused_mrd), .retire_mem_wdata_o(unused_mwd),
        .eng_event_o(unused_ev), .eng_hold_o(unused_hold), .eng_dropped_o(unused_drop),
        .eng_eos_o(unused_eos), .eng_fault_o(soc_fault_o), .eng_events_o(src_n)
`endif
    );
endmodule
`default_nettype wire
