// SPDX-License-Identifier: Apache-2.0
// The SoC's program-output and retire ports as hwp_soc has them
// (rtl/soc/hwp_soc.v), brought out by hwp_soc_adapt and hwp_soc_eng (rtl/soc/; each
// includes this file in its port list, followed by more ports).
    // program output, exit, trap and bus error: as hwp_soc
    output wire        uart_valid_o,
    output wire [ 7:0] uart_data_o,
    output wire        exit_o,
    output wire [31:0] exit_code_o,
    output wire        trap_o,
    output wire        bus_err_o,
    output wire [31:0] bus_err_addr_o,

    // retire port: as hwp_soc
    output wire        retire_valid_o,
    output wire [31:0] retire_pc_o,
    output wire [31:0] retire_insn_o,
    output wire [31:0] retire_next_pc_o,
    output wire [ 4:0] retire_rd_o,
    output wire [31:0] retire_rd_value_o,
    output wire        retire_mem_o,
    output wire [31:0] retire_addr_o,
    output wire [ 3:0] retire_wmask_o,
    output wire [31:0] retire_mem_rdata_o,
    output wire [31:0] retire_mem_wdata_o,
