// SPDX-License-Identifier: Apache-2.0
//
// hwp_sdp_ram: simple dual-port memory, one write port and one registered
// read port with read enable, no reset; written in the form Yosys maps to
// block RAM on iCE40 (SB_RAM40_4K) and ECP5 (DP16KD). A read of the address
// written in the same clock returns the old word (RW_OLD = 1; Yosys adds a
// bypass of flip-flops and a multiplexer around the block RAM for it). A
// user that never uses that word (it forwards the write itself, or, like
// mhash, never reads it) sets RW_OLD = 0: no bypass is built, the hardware's
// word is undefined, and simulation returns the old word inverted, so that a
// user that did rely on it fails its lockstep checks. Used
// for strat's counter table, mhash's banks (read enable tied high), the
// co-processor's microcode, data and filter arrays, and the hash unit's
// byte tables (as a ROM: INIT_EN = 1, we_i tied low).
//
// OREG = 1 adds an output register with its own clock enable oce_i: the word
// read at clock t (re_i high) is on rdata_o after clock t+1 if oce_i was high
// then. On the ECP5 the block RAM's clock-to-output is 5.8 ns without it and
// about 1 ns with it (the DP16KD's REGMODE "OUTREG"), the difference between
// ~100 and 150+ MHz for logic behind a read. Yosys does not infer OUTREG, so
// with HWP_ECP5 defined (fpga/synth.sh defines it for the ECP5) and
// OREG = 1, AW <= 9, the memory is built from DP16KD primitives in their
// 512 x 36 form, one per 36 data bits, with the contents laid out as Yosys
// lays out its own (tb/board/gate_ecp5_dp16kd.v models that layout; the
// gate-level check of the hash unit compares the result with this RTL).
// Everywhere else (simulation, iCE40, other sizes) the behavioural form
// below is used, and on the iCE40 the output register is a fabric register.
`default_nettype none

module hwp_sdp_ram #(
    parameter integer DW      = 32,  // word width
    parameter integer AW      = 9,   // address bits (depth 2^AW)
    parameter integer OREG    = 0,   // 1: output register (read latency 2)
    parameter integer INIT_EN = 0,   // 1: initial contents from INIT
    parameter integer RW_OLD  = 1,   // 0: the user never uses a word read in the clock it is written
    parameter INIT = 0           // (INIT_EN = 1) DW << AW bits, word i at [DW*i +: DW]
) (
    input  wire          clk_i,
    input  wire          we_i,
    input  wire [AW-1:0] waddr_i,
    input  wire [DW-1:0] wdata_i,
    input  wire          re_i,
    input  wire [AW-1:0] raddr_i,
    input  wire          oce_i,      // output register enable (OREG = 1)
    output wire [DW-1:0] rdata_o
`ifdef FORMAL
    ,
    output wire [DW-1:0] f_rd_o,     // the word read at the last re_i (before OREG)
    output wire [DW*(1<<AW)-1:0] f_mem_o  // the whole memory, word i at [DW*i +: DW]
`endif
);
`ifdef HWP_ECP5
    localparam PRIM = (OREG != 0) && (AW <= 9);
`else
    localparam PRIM = 0;
`endif
    generate
        if (PRIM) begin : g_dp16kd
            // one 512 x 36 DP16KD per 36 data bits: port A writes, port B reads
            localparam integer NT = (DW + 35) / 36;
            genvar t;
            for (t = 0; t < NT; t = t + 1) begin : g_tile
                // 36-bit word w of this tile: bits [36*t +: 36] of INIT word w
                // (zero beyond DW and beyond 2^AW words), as 18-bit words
                // 2w (low half) and 2w+1 (high half), 16 per INITVAL in
                // 20-bit slots
                function [319:0] ival(input integer n);
                    integer i, w, b;
                    begin
                        ival = 320'd0;
                        for (i = 0; i < 16; i = i + 1) begin
                            w = (16 * n + i) / 2;
                            for (b = 0; b < 18; b = b + 1)
                                if (INIT_EN != 0 && w < (1 << AW) && 36 * t + 18 * ((16 * n + i) % 2) + b < DW)
                                    ival[20 * i + b] = INIT[DW * w + 36 * t + 18 * ((16 * n + i) % 2) + b];
                        end
                    end
                endfunction
                wire [35:0] di, dout;
                // the 36-bit word address is AD[13:5]; the write port's
                // byte enables are ADA[3:0]
                wire [8:0]  wa9 = waddr_i | 9'd0;
                wire [8:0]  ra9 = raddr_i | 9'd0;
                wire [13:0] ada = {wa9, 1'b0, 4'b1111};
                wire [13:0] adb = {ra9, 5'b00000};
                genvar b;
                for (b = 0; b < 36; b = b + 1) begin : g_bit
                    if (36 * t + b < DW) begin : g_used
                        assign di[b] = wdata_i[36 * t + b];
                        assign rdata_o[36 * t + b] = dout[b];
                    end else begin : g_pad
                        assign di[b] = 1'b0;
                    end
                end
                DP16KD #(
                    .DATA_WIDTH_A(36), .DATA_WIDTH_B(36),
                    .REGMODE_A("OUTREG"), .REGMODE_B("OUTREG"),
                    .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"),
                    .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
                    .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"),
                    .GSR("AUTO"),
                    .INITVAL_00(ival(8'h00)), .INITVAL_01(ival(8'h01)), .INITVAL_02(ival(8'h02)), .INITVAL_03(ival(8'h03)),
                    .INITVAL_04(ival(8'h04)), .INITVAL_05(ival(8'h05)), .INITVAL_06(ival(8'h06)), .INITVAL_07(ival(8'h07)),
                    .INITVAL_08(ival(8'h08)), .INITVAL_09(ival(8'h09)), .INITVAL_0A(ival(8'h0A)), .INITVAL_0B(ival(8'h0B)),
                    .INITVAL_0C(ival(8'h0C)), .INITVAL_0D(ival(8'h0D)), .INITVAL_0E(ival(8'h0E)), .INITVAL_0F(ival(8'h0F)),
                    .INITVAL_10(ival(8'h10)), .INITVAL_11(ival(8'h11)), .INITVAL_12(ival(8'h12)), .INITVAL_13(ival(8'h13)),
                    .INITVAL_14(ival(8'h14)), .INITVAL_15(ival(8'h15)), .INITVAL_16(ival(8'h16)), .INITVAL_17(ival(8'h17)),
                    .INITVAL_18(ival(8'h18)), .INITVAL_19(ival(8'h19)), .INITVAL_1A(ival(8'h1A)), .INITVAL_1B(ival(8'h1B)),
                    .INITVAL_1C(ival(8'h1C)), .INITVAL_1D(ival(8'h1D)), .INITVAL_1E(ival(8'h1E)), .INITVAL_1F(ival(8'h1F)),
                    .INITVAL_20(ival(8'h20)), .INITVAL_21(ival(8'h21)), .INITVAL_22(ival(8'h22)), .INITVAL_23(ival(8'h23)),
                    .INITVAL_24(ival(8'h24)), .INITVAL_25(ival(8'h25)), .INITVAL_26(ival(8'h26)), .INITVAL_27(ival(8'h27)),
                    .INITVAL_28(ival(8'h28)), .INITVAL_29(ival(8'h29)), .INITVAL_2A(ival(8'h2A)), .INITVAL_2B(ival(8'h2B)),
                    .INITVAL_2C(ival(8'h2C)), .INITVAL_2D(ival(8'h2D)), .INITVAL_2E(ival(8'h2E)), .INITVAL_2F(ival(8'h2F)),
                    .INITVAL_30(ival(8'h30)), .INITVAL_31(ival(8'h31)), .INITVAL_32(ival(8'h32)), .INITVAL_33(ival(8'h33)),
                    .INITVAL_34(ival(8'h34)), .INITVAL_35(ival(8'h35)), .INITVAL_36(ival(8'h36)), .INITVAL_37(ival(8'h37)),
                    .INITVAL_38(ival(8'h38)), .INITVAL_39(ival(8'h39)), .INITVAL_3A(ival(8'h3A)), .INITVAL_3B(ival(8'h3B)),
                    .INITVAL_3C(ival(8'h3C)), .INITVAL_3D(ival(8'h3D)), .INITVAL_3E(ival(8'h3E)), .INITVAL_3F(ival(8'h3F))
                ) u_ram (
                    .CLKA(clk_i), .CEA(we_i), .WEA(1'b1), .OCEA(oce_i), .RSTA(1'b0),
                    .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
                    .ADA13(ada[13]), .ADA12(ada[12]), .ADA11(ada[11]), .ADA10(ada[10]), .ADA9(ada[9]),
                    .ADA8(ada[8]), .ADA7(ada[7]), .ADA6(ada[6]), .ADA5(ada[5]), .ADA4(ada[4]),
                    .ADA3(ada[3]), .ADA2(ada[2]), .ADA1(ada[1]), .ADA0(ada[0]),
                    .DIA17(di[17]), .DIA16(di[16]), .DIA15(di[15]), .DIA14(di[14]), .DIA13(di[13]), .DIA12(di[12]),
                    .DIA11(di[11]), .DIA10(di[10]), .DIA9(di[9]), .DIA8(di[8]), .DIA7(di[7]), .DIA6(di[6]),
                    .DIA5(di[5]), .DIA4(di[4]), .DIA3(di[3]), .DIA2(di[2]), .DIA1(di[1]), .DIA0(di[0]),
                    .DOA17(dout[17]), .DOA16(dout[16]), .DOA15(dout[15]), .DOA14(dout[14]), .DOA13(dout[13]), .DOA12(dout[12]),
                    .DOA11(dout[11]), .DOA10(dout[10]), .DOA9(dout[9]), .DOA8(dout[8]), .DOA7(dout[7]), .DOA6(dout[6]),
                    .DOA5(dout[5]), .DOA4(dout[4]), .DOA3(dout[3]), .DOA2(dout[2]), .DOA1(dout[1]), .DOA0(dout[0]),
                    .CLKB(clk_i), .CEB(re_i), .WEB(1'b0), .OCEB(oce_i), .RSTB(1'b0),
                    .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
                    .ADB13(adb[13]), .ADB12(adb[12]), .ADB11(adb[11]), .ADB10(adb[10]), .ADB9(adb[9]),
                    .ADB8(adb[8]), .ADB7(adb[7]), .ADB6(adb[6]), .ADB5(adb[5]), .ADB4(adb[4]),
                    .ADB3(adb[3]), .ADB2(adb[2]), .ADB1(adb[1]), .ADB0(adb[0]),
                    .DIB17(di[35]), .DIB16(di[34]), .DIB15(di[33]), .DIB14(di[32]), .DIB13(di[31]), .DIB12(di[30]),
                    .DIB11(di[29]), .DIB10(di[28]), .DIB9(di[27]), .DIB8(di[26]), .DIB7(di[25]), .DIB6(di[24]),
                    .DIB5(di[23]), .DIB4(di[22]), .DIB3(di[21]), .DIB2(di[20]), .DIB1(di[19]), .DIB0(di[18]),
                    .DOB17(dout[35]), .DOB16(dout[34]), .DOB15(dout[33]), .DOB14(dout[32]), .DOB13(dout[31]), .DOB12(dout[30]),
                    .DOB11(dout[29]), .DOB10(dout[28]), .DOB9(dout[27]), .DOB8(dout[26]), .DOB7(dout[25]), .DOB6(dout[24]),
                    .DOB5(dout[23]), .DOB4(dout[22]), .DOB3(dout[21]), .DOB2(dout[20]), .DOB1(dout[19]), .DOB0(dout[18])
                );
            end
`ifdef FORMAL
            assign f_rd_o  = {DW{1'b0}};
            assign f_mem_o = {DW*(1<<AW){1'b0}};
`endif
        end else begin : g_inferred
            // (the attribute's value is a parameter expression, which Icarus
            // does not take: Yosys alone reads it)
`ifdef SYNTHESIS
            (* no_rw_check = (RW_OLD == 0) *)
`endif
            reg [DW-1:0] mem [0:(1<<AW)-1] /* verilator public_flat_rd */;
            reg [DW-1:0] rd_q;
            if (INIT_EN != 0) begin : g_init
                integer i;
                initial for (i = 0; i < (1 << AW); i = i + 1) mem[i] = INIT[DW * i +: DW];
            end
            always @(posedge clk_i) begin
                if (we_i) mem[waddr_i] <= wdata_i;
            end
            always @(posedge clk_i) begin
                if (re_i) rd_q <= mem[raddr_i];
`ifndef SYNTHESIS
                if (RW_OLD == 0 && re_i && we_i && waddr_i == raddr_i) rd_q <= ~mem[raddr_i];
`endif
            end
            if (OREG != 0) begin : g_oreg
                reg [DW-1:0] out_q;
                always @(posedge clk_i) begin
                    if (oce_i) out_q <= rd_q;
                end
                assign rdata_o = out_q;
            end else begin : g_noreg
                assign rdata_o = rd_q;
                wire unused_oce = oce_i;
            end
`ifdef FORMAL
            assign f_rd_o = rd_q;
            genvar fi;
            for (fi = 0; fi < (1 << AW); fi = fi + 1) begin : g_fmem
                assign f_mem_o[DW*fi +: DW] = mem[fi];
            end
`endif
        end
    endgenerate
endmodule

`default_nettype wire
