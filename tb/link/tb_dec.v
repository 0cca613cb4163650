// SPDX-License-Identifier: Apache-2.0
// Self-checking test of rtl/link/hwp_link_dec.v (Icarus): random tuple
// records (2 fields, W = 32 and 64; 1 field) encoded by the bench's own
// zigzag-delta LEB128 coder (docs/protocol.md), fed with random gaps and
// output backpressure, decoded records compared; CONFIG pairs; and the
// errors: an 11-byte varint, a 10th byte above 1, a value wider than W,
// a negative result, a packet ending inside a record. Retire records
// (NF = 5, W = 16, 32 value / addr bits kept): random pc, insn, meta and
// 64-bit value / addr (deltas of any size), compared field by field; an insn
// or meta of 33 bits and a pc of 17 bits are errors, a 10-byte value delta
// is not. Check-only twins (KEEP = 0) of the 2-field and retire decoders
// are compared with them at every clock.
// Ends with "PASS link-rtl-dec ..." or "FAIL link-rtl-dec: ...".
`default_nettype none
module tb_dec;
    reg clk = 1'b0, rst = 1'b1;
    always #5 clk = !clk;

    reg         clear, mode;
    reg         iv;
    reg  [7:0]  ib;
    reg         ordy;
    wire        ir2, ov2, er2, id2, ir1, ov1, er1, id1, ir3, ov3, er3, id3, ir4, ov4, er4, id4;
    wire [63:0] a2, b2, a1, b1, a3, b3, a4, b4, c4, d4;
    wire [63:0] u0c, u0d, u1c, u1d, u2c, u2d;   // retire outputs of the tuple duts (not checked)
    // dut 0: NF=2 W=32, dut 1: NF=2 W=64, dut 2: NF=1 W=32 (selected by 'sel')
    reg  [1:0]  sel;
    hwp_link_dec #(.NF(2), .W(32), .VW(34)) d0 (.clk_i(clk), .rst_i(rst), .clear_i(clear), .mode_i(mode),
        .in_valid_i(iv && sel == 2'd0), .in_ready_o(ir2), .in_byte_i(ib), .out_valid_o(ov2), .out_ready_i(ordy),
        .out_f0_o(a2), .out_f1_o(b2), .out_f2_o(u0c), .out_f3_o(u0d), .err_o(er2), .idle_o(id2));
    hwp_link_dec #(.NF(2), .W(64)) d1 (.clk_i(clk), .rst_i(rst), .clear_i(clear), .mode_i(mode),
        .in_valid_i(iv && sel == 2'd1), .in_ready_o(ir1), .in_byte_i(ib), .out_valid_o(ov1), .out_ready_i(ordy),
        .out_f0_o(a1), .out_f1_o(b1), .out_f2_o(u1c), .out_f3_o(u1d), .err_o(er1), .idle_o(id1));
    hwp_link_dec #(.NF(1), .W(32)) d2 (.clk_i(clk), .rst_i(rst), .clear_i(clear), .mode_i(mode),
        .in_valid_i(iv && sel == 2'd2), .in_ready_o(ir3), .in_byte_i(ib), .out_valid_o(ov3), .out_ready_i(ordy),
        .out_f0_o(a3), .out_f1_o(b3), .out_f2_o(u2c), .out_f3_o(u2d), .err_o(er3), .idle_o(id3));
    // dut 3: retire, NF=5 W=16, 32 value and addr bits kept
    hwp_link_dec #(.NF(5), .W(16), .VW(34), .RVW(32), .RAW(32)) d3 (.clk_i(clk), .rst_i(rst), .clear_i(clear),
        .mode_i(mode), .in_valid_i(iv && sel == 2'd3), .in_ready_o(ir4), .in_byte_i(ib), .out_valid_o(ov4),
        .out_ready_i(ordy), .out_f0_o(a4), .out_f1_o(b4), .out_f2_o(c4), .out_f3_o(d4), .err_o(er4), .idle_o(id4));
    // check-only twins (KEEP = 0, the link's check instance) of duts 0 and
    // 3, fed the same bytes: same handshake, errors, idle and register,
    // the CONFIG value in mode 1, and no record fields (0) in mode 0
    wire        irk0, ovk0, erk0, idk0, irk3, ovk3, erk3, idk3;
    wire [63:0] ak0, bk0, ck0, dk0, ak3, bk3, ck3, dk3;
    hwp_link_dec #(.NF(2), .W(32), .VW(34), .KEEP(0)) k0 (.clk_i(clk), .rst_i(rst), .clear_i(clear), .mode_i(mode),
        .in_valid_i(iv && sel == 2'd0), .in_ready_o(irk0), .in_byte_i(ib), .out_valid_o(ovk0), .out_ready_i(ordy),
        .out_f0_o(ak0), .out_f1_o(bk0), .out_f2_o(ck0), .out_f3_o(dk0), .err_o(erk0), .idle_o(idk0));
    hwp_link_dec #(.NF(5), .W(16), .VW(34), .RVW(32), .RAW(32), .KEEP(0)) k3 (.clk_i(clk), .rst_i(rst), .clear_i(clear),
        .mode_i(mode), .in_valid_i(iv && sel == 2'd3), .in_ready_o(irk3), .in_byte_i(ib), .out_valid_o(ovk3),
        .out_ready_i(ordy), .out_f0_o(ak3), .out_f1_o(bk3), .out_f2_o(ck3), .out_f3_o(dk3), .err_o(erk3), .idle_o(idk3));
    integer kept = 0;                    // clocks at which the twins were compared with a record out
    always @(posedge clk) if (!rst) begin
        if ({irk0, ovk0, erk0, idk0, ak0} !== {ir2, ov2, er2, id2, a2} || bk0 !== (mode ? b2 : 64'd0) ||
            {ck0, dk0} !== 128'd0 ||
            {irk3, ovk3, erk3, idk3, ak3} !== {ir4, ov4, er4, id4, a4} || bk3 !== (mode ? b4 : 64'd0) ||
            {ck3, dk3} !== 128'd0) begin
            errors = errors + 1;
            $display("FAIL link-rtl-dec: check-only twin differs (sel %0d mode %0d)", sel, mode);
        end
        if ((ov2 && sel == 2'd0) || (ov4 && sel == 2'd3)) kept = kept + 1;
    end
    wire        ir = sel == 2'd0 ? ir2 : sel == 2'd1 ? ir1 : sel == 2'd2 ? ir3 : ir4;
    wire        ov = sel == 2'd0 ? ov2 : sel == 2'd1 ? ov1 : sel == 2'd2 ? ov3 : ov4;
    wire        er = sel == 2'd0 ? er2 : sel == 2'd1 ? er1 : sel == 2'd2 ? er3 : er4;
    wire        idl = sel == 2'd0 ? id2 : sel == 2'd1 ? id1 : sel == 2'd2 ? id3 : id4;
    wire [63:0] oa = sel == 2'd0 ? a2 : sel == 2'd1 ? a1 : sel == 2'd2 ? a3 : a4;
    wire [63:0] ob = sel == 2'd0 ? b2 : sel == 2'd1 ? b1 : sel == 2'd2 ? b3 : b4;
    wire [63:0] oc = sel == 2'd3 ? c4 : 64'd0;
    wire [63:0] od = sel == 2'd3 ? d4 : 64'd0;

    integer errors = 0, checked = 0;
    reg [7:0]   bytes [0:4095];
    integer     nb;
    reg [63:0]  ea [0:1023];
    reg [63:0]  eb [0:1023];
    reg [63:0]  ec [0:1023];
    reg [63:0]  ed [0:1023];
    integer     ne, got;
    reg         lenient = 1'b0;      // error packets: records before the error are not checked

    always @(posedge clk) begin
        if (ov && ordy && !lenient) begin
            if (got >= ne) begin
                errors = errors + 1; $display("FAIL link-rtl-dec: extra record %h %h", oa, ob);
            end else if (oa !== ea[got] || ob !== eb[got] || (sel == 2'd3 && (oc !== ec[got] || od !== ed[got]))) begin
                errors = errors + 1;
                $display("FAIL link-rtl-dec: sel %0d record %0d got %h %h %h %h want %h %h %h %h", sel, got, oa, ob, oc, od,
                         ea[got], eb[got], ec[got], ed[got]);
            end
            got = got + 1; checked = checked + 1;
        end
        ordy <= ($random & 3) != 0;
    end

    task put_var(input [63:0] v);
        reg [63:0] x;
        begin
            x = v;
            while (x >= 64'h80) begin bytes[nb] = {1'b1, x[6:0]}; nb = nb + 1; x = x >> 7; end
            bytes[nb] = {1'b0, x[6:0]}; nb = nb + 1;
        end
    endtask
    function [63:0] zz(input [63:0] d);
        zz = {d[62:0], 1'b0} ^ {64{d[63]}};
    endfunction

    // feed bytes[0..nb-1] with random gaps, wait for the outputs
    task feed;
        integer i;
        begin
            @(posedge clk); #1 clear = 1'b1; @(posedge clk); #1 clear = 1'b0;
            got = 0;
            for (i = 0; i < nb; i = i + 1) begin
                while (($random & 3) == 0) @(posedge clk);
                #1 iv = 1'b1; ib = bytes[i];
                @(posedge clk); while (!ir) @(posedge clk);
                #1 iv = 1'b0;
            end
            repeat (20) @(posedge clk);
        end
    endtask

    task tuples(input [1:0] s, input integer nf, input integer w, input integer n);
        integer i;
        reg [63:0] pa, pb, va, vb, mask;
        begin
            sel = s; mode = 1'b0; nb = 0; ne = n; pa = 0; pb = 0;
            mask = (w == 64) ? ~64'd0 : ((64'd1 << w) - 1);
            for (i = 0; i < n; i = i + 1) begin
                case ($random & 3)
                    0: begin va = pa + ($random & 15); vb = pb - ($random & 7); end
                    1: begin va = {$random, $random}; vb = {$random, $random}; end
                    2: begin va = pa; vb = pb; end
                    default: begin va = mask; vb = 0; end
                endcase
                va = va & mask; vb = vb & mask;
                if (nf == 1) vb = 0;
                ea[i] = va; eb[i] = vb;
                put_var(zz(va - pa));
                if (nf == 2) put_var(zz(vb - pb));
                pa = va; pb = vb;
            end
            feed;
            if (got != ne || er || !idl) begin
                errors = errors + 1;
                $display("FAIL link-rtl-dec: sel %0d: %0d of %0d records, err %b idle %b", s, got, ne, er, idl);
            end
        end
    endtask

    // an erroneous packet: err must be set at the end, or (ends inside a record) idle low
    task bad(input [1:0] s, input integer want_err, input [255:0] what);
        begin
            sel = s; mode = 1'b0; ne = 0; lenient = 1'b1;
            feed;
            lenient = 1'b0;
            if (want_err ? !er : idl) begin
                errors = errors + 1; $display("FAIL link-rtl-dec: %0s not flagged (err %b idle %b)", what, er, idl);
            end
        end
    endtask

    // retire records: pc (delta, 16 bits), insn, meta (raw), value, addr (64-bit deltas)
    task retire(input integer n);
        integer i;
        reg [63:0] pp, pv, pd, vp, vv, vd;
        reg [31:0] vi, vm;
        begin
            sel = 2'd3; mode = 1'b0; nb = 0; ne = n; pp = 0; pv = 0; pd = 0;
            for (i = 0; i < n; i = i + 1) begin
                case ($random & 3)
                    0: vp = pp + 4;
                    1: vp = pp - ($random & 255);
                    2: vp = 64'hffff;
                    default: vp = $random;
                endcase
                vp = vp & 64'hffff;
                vi = $random; vm = ($random & 1) ? 32'hffff_ffff : $random;
                vv = ($random & 1) ? {$random, $random} : pv + 1;
                vd = ($random & 1) ? {$random, $random} : 64'h8000_0000_0000_0000;
                ea[i] = vp; eb[i] = {vm, vi}; ec[i] = {32'd0, vv[31:0]}; ed[i] = {32'd0, vd[31:0]};
                put_var(zz(vp - pp)); put_var({32'd0, vi}); put_var({32'd0, vm});
                put_var(zz(vv - pv)); put_var(zz(vd - pd));
                pp = vp; pv = vv; pd = vd;
            end
            feed;
            if (got != ne || er || !idl) begin
                errors = errors + 1;
                $display("FAIL link-rtl-dec: retire: %0d of %0d records, err %b idle %b", got, ne, er, idl);
            end
        end
    endtask

    integer k;
    initial begin
        clear = 1'b0; mode = 1'b0; iv = 1'b0; ib = 8'd0; sel = 2'd0; ordy = 1'b1;
        repeat (3) @(posedge clk); #1 rst = 1'b0;
        repeat (4) begin
            tuples(2'd0, 2, 32, 60);
            tuples(2'd1, 2, 64, 60);
            tuples(2'd2, 1, 32, 60);
            retire(40);
        end
        // retire: a value delta of -2^63 (a 10-byte varint) is valid; one record
        nb = 0; ne = 1; put_var(zz(64'd4)); put_var(64'h13); put_var(64'd0); put_var(zz(64'h8000_0000_0000_0000));
        put_var(zz(~64'd0));
        ea[0] = 4; eb[0] = 64'h13; ec[0] = 0; ed[0] = 64'hffff_ffff;
        sel = 2'd3; mode = 1'b0; feed;
        if (got != 1 || er || !idl) begin errors = errors + 1; $display("FAIL link-rtl-dec: retire 10-byte value delta (%0d, err %b)", got, er); end
        // retire errors: insn of 33 bits, meta of 33 bits, pc of 17 bits
        nb = 0; put_var(0); put_var(64'h1_0000_0000); put_var(0); put_var(0); put_var(0);
        bad(2'd3, 1, "retire insn 2^32");
        nb = 0; put_var(0); put_var(0); put_var(64'h1_ffff_ffff); put_var(0); put_var(0);
        bad(2'd3, 1, "retire meta 33 bits");
        nb = 0; put_var(zz(64'h1_0000)); put_var(0); put_var(0); put_var(0); put_var(0);
        bad(2'd3, 1, "retire pc 2^16 (W 16)");
        nb = 0; put_var(0); put_var(0); put_var(0); put_var(0);
        bad(2'd3, 0, "retire ends before addr");
        // CONFIG pairs: reg byte, raw varint
        sel = 2'd1; mode = 1'b1; nb = 0; ne = 3;
        bytes[0] = 8'd3; nb = 1; put_var(64'd6553); ea[0] = 3; eb[0] = 6553;
        bytes[nb] = 8'd7; nb = nb + 1; put_var(64'hffff_ffff_ffff_ffff); ea[1] = 7; eb[1] = ~64'd0;
        bytes[nb] = 8'd1; nb = nb + 1; put_var(64'd0); ea[2] = 1; eb[2] = 0;
        feed;
        if (got != 3 || er || !idl) begin errors = errors + 1; $display("FAIL link-rtl-dec: CONFIG pairs (%0d)", got); end
        mode = 1'b0;
        // 11-byte varint
        nb = 0; for (k = 0; k < 10; k = k + 1) begin bytes[nb] = 8'h80; nb = nb + 1; end
        bytes[nb] = 8'h00; nb = nb + 1; bytes[nb] = 8'h00; nb = nb + 1;
        bad(2'd1, 1, "11-byte varint");
        // 10th byte above 1
        nb = 0; for (k = 0; k < 9; k = k + 1) begin bytes[nb] = 8'hff; nb = nb + 1; end
        bytes[nb] = 8'h02; nb = nb + 1; bytes[nb] = 8'h00; nb = nb + 1;
        bad(2'd1, 1, "10th byte 2");
        // a value wider than 32 bits: a = 2^32
        nb = 0; put_var(zz(64'h1_0000_0000)); put_var(0);
        bad(2'd0, 1, "a = 2^32 (W 32)");
        // a delta beyond the kept value bits (VW 34)
        nb = 0; put_var(zz(64'h100_0000_0000)); put_var(0);
        bad(2'd0, 1, "delta 2^40 (VW 34)");
        // a negative value: first delta -1
        nb = 0; put_var(zz(~64'd0)); put_var(0);
        bad(2'd0, 1, "a = -1");
        // wraps past 2^32 from a large previous value
        nb = 0; put_var(zz(64'hffff_fff0)); put_var(0); put_var(zz(64'h20)); put_var(0);
        bad(2'd0, 1, "a = 2^32 + 16 by delta");
        // the largest value by delta from 0 is fine; ends inside a record (W 64: 1 of 2 fields)
        nb = 0; put_var(zz(5));
        bad(2'd1, 0, "ends inside a record");
        nb = 0; put_var(zz(5)); bytes[nb] = 8'h85; nb = nb + 1;
        bad(2'd2, 0, "ends inside a varint");
        if (kept == 0) begin errors = errors + 1; $display("FAIL link-rtl-dec: the check-only twins saw no record"); end
        if (errors == 0) $display("PASS link-rtl-dec records=%0d check-only=%0d", checked, kept);
        else $display("FAIL link-rtl-dec: %0d errors", errors);
        $finish;
    end
endmodule
`default_nettype wire
