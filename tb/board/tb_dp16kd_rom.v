// SPDX-License-Identifier: Apache-2.0
// Bench of tests/checks/dp16kd-rom-ecp5.sh: a ROM (rtl/common/hwp_sdp_ram.v,
// INIT_EN = 1, OREG = 0, DW x 2^AW words) as RTL and as the Yosys synth_ecp5
// netlist of the same module (renamed dp16kd_rom_gate; its DP16KD simulated
// by tb/board/gate_ecp5_dp16kd.v) read at every address; every word must
// agree. Yosys lays out an inferred ROM's INITVAL itself and wires the port
// it does not use with its clock and CE tied low, which the hash unit's
// gate-level check (explicit DP16KD primitives, OREG = 1) never shows.
// -DDW= -DAW= set the shape (the netlist was made with the same).
`default_nettype none
module dp16kd_rom #(parameter integer DW = 32, parameter integer AW = 8) (
    input  wire          clk,
    input  wire [AW-1:0] a,
    output wire [DW-1:0] d
);
    function [DW*(1<<AW)-1:0] tinit(input integer unused);
        integer i;
        reg [31:0] x;
        begin
            tinit = {DW*(1<<AW){1'b0}};
            for (i = 0; i < (1 << AW); i = i + 1) begin
                x = (i * 32'h9e3779b1) ^ (i << 3) ^ 32'h5a5a0000 ^ unused;
                tinit[DW*i +: DW] = {2{x}};
            end
        end
    endfunction
    hwp_sdp_ram #(.DW(DW), .AW(AW), .OREG(0), .INIT_EN(1), .INIT(tinit(0))) u_rom (
        .clk_i(clk), .we_i(1'b0), .waddr_i({AW{1'b0}}), .wdata_i({DW{1'b0}}), .re_i(1'b1),
        .raddr_i(a), .oce_i(1'b1), .rdata_o(d));
endmodule

`ifdef TB
module tb_dp16kd_rom;
    reg clk = 1'b0;
    always #5 clk = !clk;
    reg  [`AW-1:0] a = {`AW{1'b0}};
    wire [`DW-1:0] d_g, d_r;
    dp16kd_rom_gate u_g (.clk(clk), .a(a), .d(d_g));
    dp16kd_rom #(.DW(`DW), .AW(`AW)) u_r (.clk(clk), .a(a), .d(d_r));
    integer i, bad = 0;
    initial begin
        // the word of address a is on d one clock after a
        for (i = 0; i < (1 << `AW) + 1; i = i + 1) begin
            @(negedge clk);
            if (i >= 1 && d_g !== d_r) begin
                bad = bad + 1;
                if (bad <= 3) $display("ERROR address %0d: netlist %h, RTL %h", i - 1, d_g, d_r);
            end
            a = a + 1'b1;
        end
        $display("words %0d mismatches %0d", 1 << `AW, bad);
        $finish;
    end
endmodule
`endif
`default_nettype wire
