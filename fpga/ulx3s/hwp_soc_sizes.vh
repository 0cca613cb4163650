// SPDX-License-Identifier: Apache-2.0
// ULX3S: the SoC board top (make synth BOARD=ulx3s TOP=soc ENGINE=e;
// fpga/ulx3s/hwp_board.v with HWP_SOC, rtl/soc/hwp_soc_adapt.v in the engine
// clock domain). The engine's sizes are those of its own board top
// (hwp_sizes.vh); the core and the engine share one clock.
//   HWP_SOC_MHZ     the core's and the engine's clock from the EHXPLLL (a
//                   multiple of 5), the same for every engine
//   HWP_SOC_MEM_AW  program and data memory: 2^HWP_SOC_MEM_AW bytes in block
//                   RAM (64 KiB: 32 DP16KD; tests/soc/lz.c needs 59 KiB with
//                   its 8 KiB stack); the program is linked for this size
`ifndef HWP_SOC_SIZES_VH
`define HWP_SOC_SIZES_VH
`include "hwp_sizes.vh"
`define HWP_SOC_MHZ      50
`define HWP_SOC_MEM_AW   16
`endif
