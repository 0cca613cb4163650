// SPDX-License-Identifier: Apache-2.0
// Board shell with the engine in its own clock domain: the link (hwp_link)
// at the board clock lclk_i, the engine at eclk_i (a PLL output), and
// between them an asynchronous FIFO (rtl/common/hwp_async_fifo.v: gray
// pointers, two-flop synchronizers) for the input records and one for the
// output records. Engine-independent: an engine adapter (rtl/board/
// hwp_adapt_<engine>.v) packs its input records into IFW-bit words and its
// output records into OFW-bit words, keeps its CONFIG registers and INFO
// values, and unpacks output words into the link's record fields.
//
// What crosses, and how:
//   input records    the input FIFO, IFW bits plus an end-of-stream flag:
//                    EOS goes through the FIFO behind the last record, so
//                    the engine sees flush only after every record (eos_o).
//   HOSTOP entries   (HOSTOP = 1, coproc) the same FIFO, in link order
//                    among the records, marked by a flag bit: {op, addr,
//                    wdata} in the word's low 88 bits (IFW >= 88), in_hop
//                    set while such a word is offered to the adapter.
//   irq              the adapter's level, through a two-flop synchronizer
//                    to the link's ACK flag.
//   output records   the output FIFO, OFW bits; the adapter marks the word
//                    that completes the session (END) with orec_done_i, and
//                    done_i of the link is set when that word is taken.
//   engine reset     the link's eng_rst (and lrst_i) hold xrst_q, which
//                    resets the link halves of both FIFOs and, through a
//                    reset synchronizer (async assert, sync release), the
//                    engine domain. xrst_q is released only after the engine
//                    domain has been clocked in reset (ack_q, synchronized
//                    back) and 8 more board clocks, so that both FIFO halves
//                    hold empty pointers and the synchronizers between them
//                    have flushed; the link side then uses neither FIFO until
//                    the engine domain's release has been seen (busy).
//   CONFIG           quasi-static: the adapter's registers live in the link
//                    domain and feed the engine directly. The link takes
//                    CONFIG only while the engine is held in reset (after
//                    RESET, before the first TUPLES / EOS; a CONFIG after
//                    TUPLES is refused), and the engine domain leaves reset
//                    two engine clocks after xrst_q falls, which is after the
//                    last CONFIG write: no engine flop that leaves reset
//                    samples a changing register.
//   INFO, chk_ok     build parameters and a check of the value being
//                    received: link domain only, nothing crosses.
//   counters         the link's STATUS counters count in the link domain;
//                    the engine keeps none the link reports, except with
//                    SRC = 1 (the engine fed on the board, the SoC): the
//                    count of its events, e_src_n_i, is STATUS field 1. It
//                    is final before the engine's last output word (END) is
//                    written into the output FIFO, and that word reaches the
//                    link domain only through the FIFO's synchronizers, so
//                    the count has been stable for two board clocks or more
//                    when the link takes END: it is sampled then (src_q),
//                    and is 0 before.
`default_nettype none
module hwp_shell_cdc #(
    parameter integer IFW       = 128,         // input word bits (adapter's packing)
    parameter integer OFW       = 160,         // output word bits (adapter's packing)
    parameter integer XAW       = 4,           // log2 words of each asynchronous FIFO
    parameter integer OW        = 64,          // link: widest output field
    parameter integer NF        = 2,           // link: fields per input record
    parameter integer W         = 64,          // link: input field width
    parameter integer RVW       = 1,           // link: retire value bits
    parameter integer RAW       = 1,           // link: retire address bits
    parameter integer HOSTOP    = 0,           // link: HOSTOP entries to the adapter
    parameter integer NPARAM    = 1,           // link: INFO build parameters
    parameter [7:0]   ENGINE_ID = 8'd0,        // link: INFO engine
    parameter [7:0]   KIND      = 8'd2,        // link: INFO record kind
    parameter [7:0]   BOARD_ID  = 8'd0,        // link: INFO board id
    parameter [31:0]  CLK_KHZ   = 32'd12000,   // link: board clock in kHz
    parameter [31:0]  BOOT_DIV  = 32'h682b,    // link: boot-rate divisor (24.8)
    parameter [31:0]  FALLBACK  = 32'd1200000, // link: SET_BAUD fall-back clocks
    parameter integer OQ_AW     = 9,           // link: log2 output-queue bytes
    parameter integer NS_LOG    = 3,           // link: log2 receive slots
    parameter integer LED_W     = 18,          // link: LED stretch bits
    parameter integer SRC       = 0            // link: 1 the engine is fed on the board (e_src_n_i)
) (
    // board clock domain
    input  wire           lclk_i,
    input  wire           lrst_i,          // synchronous to lclk_i
    input  wire           uart_rx_i,
    output wire           uart_tx_o,
    output wire           led_act_o,
    output wire           led_err_o,
    output wire           cfg_def_o,       // to the adapter's CONFIG registers
    output wire           cfg_we_o,
    output wire [7:0]     cfg_reg_o,
    output wire [63:0]    cfg_val_o,
    output wire [7:0]     chk_reg_o,
    output wire [63:0]    chk_val_o,
    input  wire           chk_ok_i,
    input  wire [511:0]   info_i,          // INFO build parameters, 32 bits each (parameter 1 lowest)
    output wire [63:0]    rec_a_o,         // input record fields, packed by the adapter
    output wire [63:0]    rec_b_o,
    output wire [63:0]    rec_c_o,
    output wire [63:0]    rec_d_o,
    input  wire [IFW-1:0] rec_w_i,
    output wire [OFW-1:0] orec_w_o,        // output word, unpacked by the adapter
    input  wire [7:0]     orec_tag_i,
    input  wire [1:0]     orec_n_i,
    input  wire           orec_cont_i,
    input  wire           orec_last_i,
    input  wire           orec_done_i,     // this record completes the session
    input  wire [63:0]    orec_f0_i,
    input  wire [63:0]    orec_f1_i,
    input  wire [63:0]    orec_f2_i,
    // engine clock domain
    input  wire           eclk_i,
    input  wire           earst_i,         // asynchronous: engine clock not yet usable
    output wire           erst_o,          // engine-domain reset (sync release)
    output wire           e_in_valid_o,
    input  wire           e_in_ready_i,
    output wire [IFW-1:0] e_in_w_o,
    output wire           e_in_hop_o,      // e_in_w_o is a HOSTOP entry {op, addr, wdata}
    input  wire           e_irq_i,         // the engine's interrupt level (ACK flag irq)
    output wire           e_eos_o,         // every record delivered, then end of stream
    input  wire           e_out_valid_i,
    output wire           e_out_ready_o,
    input  wire [OFW-1:0] e_out_w_i,
    input  wire [31:0]    e_src_n_i        // SRC: events the engine took from the board's source
);
    // ---------------------------------------------------------------- link
    wire eng_rst, eos, rec_valid, orec_valid, orec_ready;
    wire rec_ready;
    reg  done_q;
    reg  [31:0] src_q;                 // SRC: the engine's event count, taken with END
    wire        hop_valid, hop_ready, irq_l;
    wire [3:0]  info_idx;
    wire [7:0]  hop_op;
    wire [15:0] hop_addr;
    wire [63:0] hop_data;
    hwp_link #(
        .NS_LOG(NS_LOG), .OQ_AW(OQ_AW), .OW(OW), .NF(NF), .W(W), .RVW(RVW), .RAW(RAW), .NPARAM(NPARAM),
        .BOARD_ID(BOARD_ID), .ENGINE_ID(ENGINE_ID), .KIND(KIND), .CLK_KHZ(CLK_KHZ), .BOOT_DIV(BOOT_DIV),
        .FALLBACK(FALLBACK), .LED_W(LED_W), .HOSTOP(HOSTOP), .SRC(SRC)
    ) u_link (
        .clk_i(lclk_i), .rst_i(lrst_i), .rx_i(uart_rx_i), .tx_o(uart_tx_o),
        .eng_rst_o(eng_rst), .eos_o(eos), .cfg_def_o(cfg_def_o), .cfg_we_o(cfg_we_o), .cfg_reg_o(cfg_reg_o),
        .cfg_val_o(cfg_val_o), .chk_reg_o(chk_reg_o), .chk_val_o(chk_val_o), .chk_ok_i(chk_ok_i),
        .rec_valid_o(rec_valid), .rec_ready_i(rec_ready), .rec_a_o(rec_a_o), .rec_b_o(rec_b_o),
        .rec_c_o(rec_c_o), .rec_d_o(rec_d_o),
        .orec_valid_i(orec_valid), .orec_ready_o(orec_ready), .orec_tag_i(orec_tag_i), .orec_n_i(orec_n_i),
        .orec_cont_i(orec_cont_i), .orec_last_i(orec_last_i),
        .orec_f0_i(orec_f0_i), .orec_f1_i(orec_f1_i), .orec_f2_i(orec_f2_i),
        .hop_valid_o(hop_valid), .hop_ready_i(hop_ready), .hop_op_o(hop_op),
        .hop_addr_o(hop_addr), .hop_data_o(hop_data),
        .done_i(done_q), .src_n_i(src_q), .irq_i(irq_l),
        .info_idx_o(info_idx), .info_val_i(info_i[32 * info_idx +: 32]), .led_act_o(led_act_o), .led_err_o(led_err_o)
    );

    // ---------------------------------------------------------------- reset crossing
    reg        xrst_q = 1'b1;          // link halves of the FIFOs and the engine domain in reset
    reg  [3:0] hold_q = 4'd0;          // board clocks since the engine domain acknowledged reset
    reg        ack_q  = 1'b0;          // engine domain: clocked in reset
    wire       ack_l;                  // ack_q, synchronized
    hwp_rst_sync u_erst (.clk_i(eclk_i), .arst_i(xrst_q || earst_i), .rst_o(erst_o));
    always @(posedge eclk_i) ack_q <= erst_o;
    hwp_sync2 #(.W(1)) u_ack (.clk_i(lclk_i), .d_i(ack_q), .q_o(ack_l)
`ifdef FORMAL
        , .f_alt_i(1'b0), .f_s1_o()
`endif
    );
    always @(posedge lclk_i) begin
        if (lrst_i || eng_rst) begin
            xrst_q <= 1'b1;
            hold_q <= 4'd0;
        end else if (xrst_q) begin
            if (ack_l) hold_q <= hold_q + 4'd1;
            if (hold_q[3]) xrst_q <= 1'b0;
        end
    end
    wire busy = xrst_q || ack_l;       // a FIFO half is still in reset

    // ---------------------------------------------------------------- input records, HOSTOP entries and EOS
    // word: {eos, hop, IFW bits}; the link offers a record, an entry or
    // neither in a clock, and applies EOS after everything before it
    reg  eos_sent_q;
    wire iw_ready;
    wire send_hop = HOSTOP != 0 && hop_valid;
    wire send_eos = eos && !eos_sent_q && !rec_valid && !send_hop;
    wire push_in  = !busy && (rec_valid || send_hop || send_eos);
    assign rec_ready = !busy && iw_ready && !send_hop;
    assign hop_ready = HOSTOP == 0 || (!busy && iw_ready);
    always @(posedge lclk_i) begin
        if (xrst_q) eos_sent_q <= 1'b0;
        else if (push_in && iw_ready && send_eos) eos_sent_q <= 1'b1;
    end
    wire [IFW-1:0] w_word;
    generate
        if (HOSTOP != 0) begin : g_hop
            assign w_word = send_hop ? {{(IFW - 88){1'b0}}, hop_data, hop_addr, hop_op} : rec_w_i;
        end else begin : g_nohop
            assign w_word = rec_w_i;
            wire unused_hop = &{1'b0, hop_op, hop_addr, hop_data};
        end
    endgenerate
    wire           ir_valid, ir_ready;
    wire [IFW+1:0] ir_w;
    reg            e_eos_q;
    hwp_async_fifo #(.DW(IFW + 2), .AW(XAW)) u_in (
        .wclk_i(lclk_i), .wrst_i(xrst_q), .w_valid_i(push_in), .w_ready_o(iw_ready),
        .w_data_i({send_eos, send_hop, w_word}),
        .rclk_i(eclk_i), .rrst_i(erst_o), .r_valid_o(ir_valid), .r_ready_i(ir_ready), .r_data_o(ir_w)
    );
    // the EOS word is taken here; records and entries go to the adapter
    assign e_in_valid_o = ir_valid && !ir_w[IFW+1];
    assign e_in_hop_o   = ir_w[IFW];
    assign e_in_w_o     = ir_w[IFW-1:0];
    assign ir_ready     = ir_w[IFW+1] || e_in_ready_i;
    always @(posedge eclk_i) begin
        if (erst_o) e_eos_q <= 1'b0;
        else if (ir_valid && ir_w[IFW+1]) e_eos_q <= 1'b1;
    end
    assign e_eos_o = e_eos_q;
    hwp_sync2 #(.W(1)) u_irq (.clk_i(lclk_i), .d_i(e_irq_i), .q_o(irq_l)
`ifdef FORMAL
        , .f_alt_i(1'b0), .f_s1_o()
`endif
    );

    // ---------------------------------------------------------------- output records
    wire or_valid;
    hwp_async_fifo #(.DW(OFW), .AW(XAW)) u_out (
        .wclk_i(eclk_i), .wrst_i(erst_o), .w_valid_i(e_out_valid_i), .w_ready_o(e_out_ready_o),
        .w_data_i(e_out_w_i),
        .rclk_i(lclk_i), .rrst_i(xrst_q), .r_valid_o(or_valid), .r_ready_i(orec_ready && !busy),
        .r_data_o(orec_w_o)
    );
    assign orec_valid = or_valid && !busy;
    always @(posedge lclk_i) begin
        if (xrst_q) done_q <= 1'b0;
        else if (orec_valid && orec_ready && orec_done_i) done_q <= 1'b1;
    end
    // the engine's own event count (SRC), taken with END (see the header)
    always @(posedge lclk_i) begin
        if (xrst_q || SRC == 0) src_q <= 32'd0;
        else if (orec_valid && orec_ready && orec_done_i) src_q <= e_src_n_i;
    end
endmodule
`default_nettype wire
