// SPDX-License-Identifier: Apache-2.0
// Simulation model of the ECP5 block RAM DP16KD for the gate-level check of
// the ULX3S board top (tests/checks/board-gatelevel-ecp5.sh). Yosys 0.70 has
// no behaviour for DP16KD: its ecp5/cells_sim.v declares it as a blackbox
// (ports and parameters only). This model covers what Yosys' ECP5 block RAM
// mapping (share/lattice/brams_map_16kd.v, templates $__DP16KD_ and
// $__PDPW16KD_) emits, and stops the simulation with an "ERROR DP16KD" line
// on anything else:
//   - 16 Kbit + 2 Kbit parity seen as 2048 9-bit bytes; port widths 1, 2, 4
//     (address AD[13:0] / [13:1] / [13:2], data bits of the 8 data bits of a
//     byte), 9 (AD[13:3]), 18 (AD[13:4], byte enables AD[1:0]: DI[8:0],
//     DI[17:9]), and 36 on both ports (the PDPW16KD form Yosys writes as a
//     DP16KD: port A writes {DIB, DIA} at AD[13:5] with byte enables AD[3:0],
//     port B reads {DOB, DOA} at ADB[13:5]);
//   - both ports on one clock (CLKA and CLKB the same net, CLK?MUX not
//     inverted; the netlist has one clock domain), or a ROM: one port
//     unused, its clock and CE tied low; a port acts on the rising
//     edge when CE is high and CS[2:0] = 000 (CSDECODE "0b000" only); WE
//     writes (widths <= 9: the addressed word; 18/36: the enabled bytes);
//   - REGMODE "NOREG": the read word goes to DO at the clock; on a write DO
//     keeps its value (WRITEMODE NORMAL), takes the new word (WRITETHROUGH)
//     or the old one (READBEFOREWRITE); DO is 0 after configuration;
//   - REGMODE "OUTREG" (as rtl/common/hwp_sdp_ram.v instantiates it with
//     HWP_ECP5): the same read word goes through the port's output register,
//     clocked when OCE is high, so DO shows it one clock later; in the 36-bit
//     form both REGMODEs must be equal and OCEA must equal OCEB (the halves
//     of one word);
//   - RST must stay low (Yosys ties it low when the RTL has no read reset);
//   - INITVAL_xx: 16 words of 18 bits in 20-bit slots (Yosys' layout); a
//     non-zero INITVAL with a port narrower than 9 bits is refused;
//   - the data sheet defines neither a read of a word the other port writes
//     at the same clock nor two writes of one byte: the read gives the old
//     word inverted and the byte is stored inverted, a poison value that
//     works in a two-state simulator too, so a netlist that used them would
//     fail the check instead of passing by luck.
// X or Z on CE, CS or (when enabled) WE or an address is an error, not a guess.
// The data layout follows Yosys' mapping, so the model cannot tell whether
// that layout matches the silicon; it checks everything around it (address
// and enable wiring, write modes, clock enables, byte enables, logic).
`default_nettype none
module DP16KD (
    input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
    input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
    input  wire CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
    output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
    input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
    input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
    input  wire CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
    output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
    parameter DATA_WIDTH_A = 18;           // port widths: 1, 2, 4, 9, 18; 36 on both = PDPW16KD form
    parameter DATA_WIDTH_B = 18;
    parameter REGMODE_A = "NOREG";         // NOREG or OUTREG
    parameter REGMODE_B = "NOREG";
    parameter RESETMODE = "SYNC";          // irrelevant: RST must stay low
    parameter ASYNC_RESET_RELEASE = "SYNC";
    parameter CSDECODE_A = "0b000";        // only 0b000 is modelled
    parameter CSDECODE_B = "0b000";
    parameter WRITEMODE_A = "NORMAL";      // NORMAL, WRITETHROUGH, READBEFOREWRITE
    parameter WRITEMODE_B = "NORMAL";
    parameter CLKAMUX = "CLKA";            // CLKA or INV
    parameter CLKBMUX = "CLKB";
    parameter GSR = "ENABLED";             // no GSR cell in the design: unused
    parameter INIT_DATA = "STATIC";
    parameter WID = 0;
    parameter [319:0] INITVAL_00 = 320'd0, INITVAL_01 = 320'd0, INITVAL_02 = 320'd0, INITVAL_03 = 320'd0, INITVAL_04 = 320'd0, INITVAL_05 = 320'd0, INITVAL_06 = 320'd0, INITVAL_07 = 320'd0;
    parameter [319:0] INITVAL_08 = 320'd0, INITVAL_09 = 320'd0, INITVAL_0A = 320'd0, INITVAL_0B = 320'd0, INITVAL_0C = 320'd0, INITVAL_0D = 320'd0, INITVAL_0E = 320'd0, INITVAL_0F = 320'd0;
    parameter [319:0] INITVAL_10 = 320'd0, INITVAL_11 = 320'd0, INITVAL_12 = 320'd0, INITVAL_13 = 320'd0, INITVAL_14 = 320'd0, INITVAL_15 = 320'd0, INITVAL_16 = 320'd0, INITVAL_17 = 320'd0;
    parameter [319:0] INITVAL_18 = 320'd0, INITVAL_19 = 320'd0, INITVAL_1A = 320'd0, INITVAL_1B = 320'd0, INITVAL_1C = 320'd0, INITVAL_1D = 320'd0, INITVAL_1E = 320'd0, INITVAL_1F = 320'd0;
    parameter [319:0] INITVAL_20 = 320'd0, INITVAL_21 = 320'd0, INITVAL_22 = 320'd0, INITVAL_23 = 320'd0, INITVAL_24 = 320'd0, INITVAL_25 = 320'd0, INITVAL_26 = 320'd0, INITVAL_27 = 320'd0;
    parameter [319:0] INITVAL_28 = 320'd0, INITVAL_29 = 320'd0, INITVAL_2A = 320'd0, INITVAL_2B = 320'd0, INITVAL_2C = 320'd0, INITVAL_2D = 320'd0, INITVAL_2E = 320'd0, INITVAL_2F = 320'd0;
    parameter [319:0] INITVAL_30 = 320'd0, INITVAL_31 = 320'd0, INITVAL_32 = 320'd0, INITVAL_33 = 320'd0, INITVAL_34 = 320'd0, INITVAL_35 = 320'd0, INITVAL_36 = 320'd0, INITVAL_37 = 320'd0;
    parameter [319:0] INITVAL_38 = 320'd0, INITVAL_39 = 320'd0, INITVAL_3A = 320'd0, INITVAL_3B = 320'd0, INITVAL_3C = 320'd0, INITVAL_3D = 320'd0, INITVAL_3E = 320'd0, INITVAL_3F = 320'd0;

    localparam [20479:0] INIT_ALL = {
        INITVAL_3F, INITVAL_3E, INITVAL_3D, INITVAL_3C, INITVAL_3B, INITVAL_3A, INITVAL_39, INITVAL_38,
        INITVAL_37, INITVAL_36, INITVAL_35, INITVAL_34, INITVAL_33, INITVAL_32, INITVAL_31, INITVAL_30,
        INITVAL_2F, INITVAL_2E, INITVAL_2D, INITVAL_2C, INITVAL_2B, INITVAL_2A, INITVAL_29, INITVAL_28,
        INITVAL_27, INITVAL_26, INITVAL_25, INITVAL_24, INITVAL_23, INITVAL_22, INITVAL_21, INITVAL_20,
        INITVAL_1F, INITVAL_1E, INITVAL_1D, INITVAL_1C, INITVAL_1B, INITVAL_1A, INITVAL_19, INITVAL_18,
        INITVAL_17, INITVAL_16, INITVAL_15, INITVAL_14, INITVAL_13, INITVAL_12, INITVAL_11, INITVAL_10,
        INITVAL_0F, INITVAL_0E, INITVAL_0D, INITVAL_0C, INITVAL_0B, INITVAL_0A, INITVAL_09, INITVAL_08,
        INITVAL_07, INITVAL_06, INITVAL_05, INITVAL_04, INITVAL_03, INITVAL_02, INITVAL_01, INITVAL_00};
    localparam PDP = (DATA_WIDTH_A == 36);  // port A only writes, port B only reads, 36 bits

    wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
    wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
    wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
    wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};
    reg  [8:0]  mem [0:2047];
    reg  [35:0] do_q [0:1];                // read latch of port A (0) and B (1)
    reg  [35:0] or_q [0:1];                // output register of port A and B (OUTREG)
    localparam OR_A = (REGMODE_A == "OUTREG"), OR_B = (REGMODE_B == "OUTREG");
    wire [35:0] dout_a = OR_A ? or_q[0] : do_q[0];
    wire [35:0] dout_b = OR_B ? or_q[1] : do_q[1];

    assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} =
        dout_a[17:0] & {18{!PDP}} | dout_b[17:0] & {18{PDP}};
    assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} =
        PDP ? dout_b[35:18] : dout_b[17:0];

    task fail(input [8*48-1:0] what);
        begin
            $display("ERROR DP16KD model %m: %0s", what);
            $finish;
        end
    endtask

    function ok_width(input integer w);
        ok_width = w == 1 || w == 2 || w == 4 || w == 9 || w == 18 || w == 36;
    endfunction

    integer k;
    initial begin
        if (!ok_width(DATA_WIDTH_A) || !ok_width(DATA_WIDTH_B) || ((DATA_WIDTH_A == 36) != (DATA_WIDTH_B == 36)))
            fail("DATA_WIDTH_A/B not modelled");
        if ((REGMODE_A != "NOREG" && REGMODE_A != "OUTREG") || (REGMODE_B != "NOREG" && REGMODE_B != "OUTREG"))
            fail("REGMODE other than NOREG or OUTREG");
        if (PDP && REGMODE_A != REGMODE_B) fail("36-bit form with different REGMODE_A and REGMODE_B");
        if (CSDECODE_A != "0b000" || CSDECODE_B != "0b000") fail("CSDECODE other than 0b000 not modelled");
        if (CLKAMUX != "CLKA" || CLKBMUX != "CLKB") fail("inverted clock (CLKAMUX/CLKBMUX) not modelled");
        if ((WRITEMODE_A != "NORMAL" && WRITEMODE_A != "WRITETHROUGH" && WRITEMODE_A != "READBEFOREWRITE") ||
            (WRITEMODE_B != "NORMAL" && WRITEMODE_B != "WRITETHROUGH" && WRITEMODE_B != "READBEFOREWRITE"))
            fail("WRITEMODE_A/B not modelled");
        if (INIT_ALL != 20480'd0 && (DATA_WIDTH_A < 9 || DATA_WIDTH_B < 9)) fail("INITVAL with a port narrower than 9 bits");
        for (k = 0; k < 1024; k = k + 1) begin
            mem[2 * k]     = INIT_ALL[20 * k +: 9];
            mem[2 * k + 1] = INIT_ALL[20 * k + 9 +: 9];
        end
        do_q[0] = 36'd0; do_q[1] = 36'd0;
        or_q[0] = 36'd0; or_q[1] = 36'd0;
    end

    // one clocked process for both ports: sample, locate, read the old
    // words, then write; DO changes in the NBA region like every flip-flop
    wire [17:0] di_p [0:1];
    wire [13:0] ad_p [0:1];
    wire [2:0]  cs_p [0:1];
    wire        ce_p [0:1], we_p [0:1], rst_p [0:1];
    assign di_p[0] = dia; assign ad_p[0] = ada; assign cs_p[0] = {CSA2, CSA1, CSA0};
    assign di_p[1] = dib; assign ad_p[1] = adb; assign cs_p[1] = {CSB2, CSB1, CSB0};
    assign ce_p[0] = CEA; assign we_p[0] = WEA; assign rst_p[0] = RSTA;
    assign ce_p[1] = CEB; assign we_p[1] = WEB; assign rst_p[1] = RSTB;
    reg  [35:0]  din [0:1], old [0:1], nw [0:1];
    reg  [10:0]  fb [0:1];
    reg  [3:0]   be [0:1], rbe [0:1];
    reg  [2:0]   off [0:1];
    reg  [7:0]   nmask [0:1];                // data bits of a narrow word in its byte
    reg          en [0:1], wen [0:1], hit;
    reg  [8*15-1:0] wm;
    reg  [13:0]  a, ba;
    integer      p, q, w, j, i;
    // one clock for both ports: CLKA and CLKB the same net, or (a ROM, one
    // port used) the other port's clock and CE tied low by Yosys
    always @(posedge CLKA or posedge CLKB) begin : ports
        if (CLKA !== CLKB && !(CLKA === 1'b0 && CEA === 1'b0) && !(CLKB === 1'b0 && CEB === 1'b0))
            fail("CLKA and CLKB are different clocks (not modelled)");
        if (OCEA !== 1'b0 && OCEA !== 1'b1 || OCEB !== 1'b0 && OCEB !== 1'b1) fail("X or Z on OCE");
        if (PDP && OR_B && OCEA !== OCEB) fail("36-bit form with OCEA different from OCEB");
        // output registers take the read latch as it was before this edge
        if (OCEA) or_q[0] <= do_q[0];
        if (OCEB) or_q[1] <= do_q[1];
        for (p = 0; p < 2; p = p + 1) begin
            w = p ? DATA_WIDTH_B : DATA_WIDTH_A;
            a = ad_p[p];
            if (rst_p[p] !== 1'b0) fail("RST high (read reset not modelled)");
            if (ce_p[p] !== 1'b0 && ce_p[p] !== 1'b1 || ^cs_p[p] === 1'bx) fail("X or Z on CE or CS");
            en[p] = ce_p[p] && cs_p[p] == 3'b000;
            if (en[p] && (we_p[p] !== 1'b0 && we_p[p] !== 1'b1 || ^a === 1'bx)) fail("X or Z on WE or the address");
            wen[p] = en[p] && we_p[p] && !(PDP && p == 1);
            din[p] = PDP ? {dib, dia} : {18'd0, di_p[p]};
            ba = w == 4 ? {a[13:2], 2'b00} : w == 2 ? {a[13:1], 1'b0} : a;
            fb[p]  = w == 36 ? {a[13:5], 2'b00} : w == 18 ? {a[13:4], 1'b0} : w == 9 ? a[13:3] : ba[13:3];
            off[p] = w < 9 ? ba[2:0] : 3'd0;
            rbe[p] = w == 36 ? 4'b1111 : w == 18 ? 4'b0011 : 4'b0001;
            be[p]  = !wen[p] ? 4'b0000 : w == 36 ? a[3:0] : w == 18 ? {2'b00, a[1:0]} : 4'b0001;
            nmask[p] = w < 9 ? ((8'd1 << w) - 8'd1) << off[p] : 8'hff;
            old[p] = 36'd0;
            for (j = 0; j < 4; j = j + 1) if (rbe[p][j]) old[p][9 * j +: 9] = mem[fb[p] + j];
            nw[p] = old[p];
            for (j = 0; j < 4; j = j + 1) if (be[p][j]) nw[p][9 * j +: 9] = din[p][9 * j +: 9];
            if (w < 9) begin
                old[p] = {28'd0, (old[p][7:0] & nmask[p]) >> off[p]};
                nw[p]  = din[p] & ((36'd1 << w) - 36'd1);
            end
        end
        // a read of a byte the other port writes now: poisoned
        for (p = 0; p < 2; p = p + 1) begin
            q = 1 - p;
            hit = 1'b0;
            for (j = 0; j < 4; j = j + 1)
                for (i = 0; i < 4; i = i + 1)
                    if (en[p] && rbe[p][j] && be[q][i] && fb[p] + j == fb[q] + i) hit = 1'b1;
            if (hit) old[p] = ~old[p];
        end
        for (p = 0; p < 2; p = p + 1) begin
            w = p ? DATA_WIDTH_B : DATA_WIDTH_A;
            q = 1 - p;
            for (j = 0; j < 4; j = j + 1)
                if (be[p][j]) begin
                    if (w < 9) mem[fb[p]] = (mem[fb[p]] & ~{1'b0, nmask[p]}) | ({1'b0, nw[p][7:0]} << off[p]);
                    else mem[fb[p] + j] = nw[p][9 * j +: 9];
                    for (i = 0; i < 4; i = i + 1)      // the other port writes this byte too
                        if (be[q][i] && fb[q] + i == fb[p] + j) mem[fb[p] + j] = ~din[p][9 * j +: 9];
                end
            wm = p ? WRITEMODE_B : WRITEMODE_A;
            if (en[p] && !(PDP && p == 0)) begin
                if (!wen[p] || wm == "READBEFOREWRITE") do_q[p] <= old[p];
                else if (wm == "WRITETHROUGH") do_q[p] <= nw[p];
            end
        end
    end
endmodule
`default_nettype wire
