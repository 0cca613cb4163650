// SPDX-License-Identifier: Apache-2.0
// Device side of the hwprof link protocol (docs/protocol.md, version 1):
// UART, SLIP framing, CRC-16/CCITT-FALSE, sequencing with duplicate and
// loss detection, a receive buffer of packet slots (block RAM) with credits,
// the TUPLES / CONFIG decoder feeding the engine shell, the output queue
// (block RAM) with POLL / OUT chunks, STATUS counters, INFO and SET_BAUD with
// the fall-back to the boot rate. Engine-independent: the board shell
// (rtl/link/hwp_shell_cdc.v, with the engine's adapter
// rtl/board/hwp_adapt_<engine>.v) maps records, CONFIG registers and output
// records to one engine.
//
// Structure:
//   receiver   line bytes -> unstuffed body; header, CRC, length and payload
//              checks while the frame arrives; TUPLES / CONFIG payloads go
//              into slot rp of the receive buffer. At the closing END the
//              frame is judged in one clock: a sequenced packet with
//              seq == expect that passes its checks is committed (rp += 1),
//              everything else only produces a reply. Replies are queued as
//              small descriptors.
//   apply      slots ap .. rp-1 in order: TUPLES -> decoder -> engine records,
//              CONFIG -> register writes, RESET -> clear, EOS -> eos_o.
//   encoder    engine output records -> tag + varints -> output queue (a
//              record of more than 3 fields arrives in pieces: orec_cont_i;
//              only whole records are visible to OUT).
//   builder    one reply at a time: header, payload, CRC -> SLIP -> UART TX.
// credit = free slots of the receive buffer; idempotent packets and refused
// packets never take a slot.
`default_nettype none
module hwp_link #(
    parameter integer NS_LOG    = 3,         // log2 of the receive-buffer slots (256 bytes each)
    parameter integer OQ_AW     = 9,         // log2 of the output-queue bytes (8 or 9)
    parameter integer OW        = 64,        // widest output-record field (bits)
    parameter integer NF        = 2,         // fields per input record (1, 2, or 5: retire)
    parameter integer W         = 64,        // engine input field width (<= 62, or 64; retire: pc)
    parameter integer RVW       = 1,         // retire: value bits passed on (rec_c_o, 1..32)
    parameter integer RAW       = 1,         // retire: addr bits passed on (rec_d_o, 1..32)
    parameter integer NPARAM    = 1,         // build parameters listed in INFO (ids 1..NPARAM)
    parameter [7:0]   BOARD_ID  = 8'd0,      // INFO board: 0 sim, 1 icebreaker, 2 ulx3s
    parameter [7:0]   ENGINE_ID = 8'd1,      // INFO engine: 1 mhash, 2 strat, 3 rap, 4 pfp, 5 coproc
    parameter [7:0]   KIND      = 8'd2,      // INFO record kind: 1 tuple1, 2 tuple2, 3 retire
    parameter [31:0]  CLK_KHZ   = 32'd12000, // board clock in kHz (INFO)
    parameter [31:0]  BOOT_DIV  = 32'h682b,  // boot-rate divisor, 24.8 clocks per bit (115200 at 12 MHz)
    parameter [31:0]  FALLBACK  = 32'd1200000, // clocks without a valid packet after SET_BAUD -> boot rate (< 2^24)
    parameter integer LED_W     = 18,        // LED pulse stretch: 2^LED_W clocks
    parameter integer HOSTOP    = 0,         // 1: HOSTOP entries go to the hop_* port (coproc)
    parameter integer SRC       = 0          // 1: the engine's events come from the board itself (SoC):
                                             //    INFO kind 0, TUPLES refused, STATUS field 1 = src_n_i
) (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire        rx_i,
    output wire        tx_o,
    // engine shell
    output wire        eng_rst_o,        // engine held in reset (after RESET until the first TUPLES / EOS)
    output wire        eos_o,            // EOS applied (until RESET)
    output wire        cfg_def_o,        // pulse: CONFIG registers back to their reset values
    output wire        cfg_we_o,         // pulse: write CONFIG register
    output wire [7:0]  cfg_reg_o,
    output wire [63:0] cfg_val_o,
    output wire [7:0]  chk_reg_o,        // CONFIG check while receiving: is (reg, value) valid?
    output wire [63:0] chk_val_o,
    input  wire        chk_ok_i,
    output wire        rec_valid_o,      // input records for the engine
    input  wire        rec_ready_i,
    output wire [63:0] rec_a_o,          // tuple a; retire: pc
    output wire [63:0] rec_b_o,          // tuple b; retire: {meta, insn}
    output wire [63:0] rec_c_o,          // retire: value (low RVW bits)
    output wire [63:0] rec_d_o,          // retire: addr (low RAW bits)
    input  wire        orec_valid_i,     // output records from the engine shell (held until taken)
    output wire        orec_ready_o,     // taken once written into the output queue
    input  wire [7:0]  orec_tag_i,
    input  wire [1:0]  orec_n_i,         // number of fields (0..3)
    input  wire        orec_cont_i,      // continue the previous record (no tag byte)
    input  wire        orec_last_i,      // the record is complete after these fields
    input  wire [63:0] orec_f0_i,
    input  wire [63:0] orec_f1_i,
    input  wire [63:0] orec_f2_i,
    output wire        hop_valid_o,      // HOSTOP entries (HOSTOP = 1), in order
    input  wire        hop_ready_i,
    output wire [7:0]  hop_op_o,
    output wire [15:0] hop_addr_o,
    output wire [63:0] hop_data_o,
    input  wire        done_i,           // every result queued (END included)
    input  wire [31:0] src_n_i,          // SRC: events the engine took from the board's source
                                         // (final once done_i is set, 0 before)
    input  wire        irq_i,
    output wire [3:0]  info_idx_o,       // INFO build parameter id - 1
    input  wire [31:0] info_val_i,       // its value
    output wire        led_act_o,
    output wire        led_err_o
`ifdef FORMAL
    ,
    input  wire        f_rxb_valid_i,    // proofs drive the receiver with line bytes
    input  wire [7:0]  f_rxb_i,          // (the UART has a proof of its own)
    input  wire        f_rx_ferr_i
`endif
);
    localparam integer NS    = 1 << NS_LOG;
    localparam integer OQ_N  = 1 << OQ_AW;
    // decoder value bits: every engine value (W) and CONFIG value (<= 33 bits)
    localparam integer VW    = (W == 64) ? 64 : ((W + 2 > 34) ? W + 2 : 34);
    localparam [7:0] T_HELLO = 8'h01, T_SETBAUD = 8'h02, T_RESET = 8'h03, T_CONFIG = 8'h04,
                     T_TUPLES = 8'h05, T_EOS = 8'h06, T_POLL = 8'h07, T_STATUS = 8'h08,
                     T_HOSTOP = 8'h09;
    localparam [7:0] SLIP_END = 8'hc0, SLIP_ESC = 8'hdb, SLIP_EEND = 8'hdc, SLIP_EESC = 8'hdd;
    localparam [31:0] MIN_DIV = 32'h400;     // 4 clocks per bit
    localparam [31:0] MAX_DIV = 32'hffffff;  // 65535.996 clocks per bit (divisors are 24 bits here)
    // reply descriptors
    localparam [2:0] D_ACK = 3'd0, D_ERR = 3'd1, D_INFO = 3'd2, D_OUT = 3'd3, D_STATUS = 3'd4,
                     D_BAUD = 3'd5;
    localparam [7:0] E_CORRUPT = 8'd1, E_UNKNOWN = 8'd2, E_SEQ = 8'd3, E_STATE = 8'd4, E_RANGE = 8'd5,
                     E_TOOLONG = 8'd6, E_SESSION = 8'd7;

    // CRC-16/CCITT-FALSE, one byte, MSB first
    function [15:0] crc_upd;
        input [15:0] c;
        input [7:0]  b;
        integer i;
        reg [15:0] x;
        begin
            x = c ^ {b, 8'h00};
            for (i = 0; i < 8; i = i + 1)
                x = x[15] ? ({x[14:0], 1'b0} ^ 16'h1021) : {x[14:0], 1'b0};
            crc_upd = x;
        end
    endfunction

    // ------------------------------------------------------------------ UART
    reg  [23:0] div_q;
    wire        rxb_valid, rx_ferr, rx_busy;
    wire [7:0]  rxb;
`ifdef FORMAL
    assign rxb_valid = f_rxb_valid_i;
    assign rxb       = f_rxb_i;
    assign rx_ferr   = f_rx_ferr_i;
    assign rx_busy   = rx_i;
`else
    hwp_uart_rx u_rx (
        .clk_i(clk_i), .rst_i(rst_i), .div_i(div_q), .rx_i(rx_i),
        .out_valid_o(rxb_valid), .out_data_o(rxb), .frame_err_o(rx_ferr), .busy_o(rx_busy)
    );
`endif
    wire        txb_valid, txb_ready, tx_idle;
    wire [7:0]  txb;
    hwp_uart_tx u_tx (
        .clk_i(clk_i), .rst_i(rst_i), .div_i(div_q), .in_valid_i(txb_valid), .in_ready_o(txb_ready),
        .in_data_i(txb), .tx_o(tx_o), .idle_o(tx_idle)
    );
    wire unused_rx = rx_busy;

    // ------------------------------------------------------------------ shared state
    reg  [NS_LOG:0] rp_q, ap_q;          // receive buffer: committed tail, apply head
    reg  [7:0]  expect_q;
    reg         tseen_q;                 // a TUPLES accepted since RESET
    reg         open_q;                  // a session is open: HELLO(1) since reset
    wire [NS_LOG:0] used = rp_q - ap_q;
    wire        slot_free = used[NS_LOG] == 1'b0;          // used < NS
    wire [NS_LOG:0] free_slots = NS[NS_LOG:0] - used;
    wire [NS_LOG:0] d_cred = free_slots - {{NS_LOG{1'b0}}, commit};    // credit once this packet is stored
    reg         eos_q, eng_rst_q;
    reg         clr;                     // apply: RESET clears engine side (comb, below)
    reg         rx_clr;                  // receiver: RESET accepted (comb, below)
    reg         use_seq;                 // receiver: this packet uses up expect (comb, below)
    reg         baud_switch;             // builder: SET_BAUD's ACK is out, switch now (comb, below)
    reg         txb_valid_r;
    reg  [7:0]  txb_r;

    // STATUS counters
    // STATUS counters (hwp_link_cnt, below), in reply order: 0 engine
    // records, 1 stalls, 2 packets applied, 3 corrupt, 4 unknown, 5 out of
    // sequence, 6 duplicates, 7 output records, 8 cycles, 9 replies dropped
    // (queue full); 32, 24 or 16 bits, wrapping
    localparam [59:0] ST_WIDTHS = {6'd16, 6'd32, 6'd24, 6'd16, 6'd16, 6'd16, 6'd16, 6'd24, 6'd32, 6'd32};
    wire [19:0] st_inc;
    wire        st_take, st_ok;
    wire [31:0] st_val;

    // ------------------------------------------------------------------ receive buffer
    // the slot written (rp) is never one being read (ap .. rp-1): no
    // read-during-write bypass is built, and simulation poisons that case
    (* no_rw_check *) reg  [7:0]  sram [0:NS*256-1];
    reg         sram_we;
    reg  [NS_LOG+7:0] sram_wa;
    reg  [7:0]  sram_wd;
    reg         sram_re;
    reg  [NS_LOG+7:0] sram_ra;
    reg  [7:0]  sram_rd_q;
    always @(posedge clk_i) begin
        if (sram_we) sram[sram_wa] <= sram_wd;
        if (sram_re) sram_rd_q <= sram[sram_ra];
`ifndef SYNTHESIS
        if (sram_re && sram_we && sram_ra == sram_wa) sram_rd_q <= ~sram[sram_ra];
`endif
    end
    reg  [2:0]  am_type [0:NS-1];        // 0 TUPLES, 1 CONFIG, 2 RESET, 3 EOS, 4 HOSTOP
    reg  [8:0]  am_len  [0:NS-1];

    // ------------------------------------------------------------------ receiver
    reg  [9:0]  n_q;                     // body bytes so far (saturating)
    reg         esc_q, bad_q;
    reg         raw_q;                   // a byte other than END since the last END
    reg  [7:0]  type_q, seq_q;
    reg  [15:0] len_q, crc_q;
    reg  [7:0]  d1_q, d2_q;
    reg         slot_ok_q;
    reg  [31:0] p_q;                     // payload bytes 0, 1, 2 and 4 (SET_BAUD's token at [31:24])
    reg         p_hi_q;                  // payload byte 3 is not 0 (SET_BAUD: divisor above 24 bits)
    reg         cfgbad_q;
    reg  [3:0]  hk_q;                    // HOSTOP: byte within the 11-byte entry
    reg         hbad_q;                  // HOSTOP: an entry with an unknown op
    reg         fb_on_q;                 // fall-back timer running
    // the fall-back timer counts FALLBACK down to 0: FBW bits
    function integer bits_of;
        input [31:0] v;
        integer b;
        begin
            bits_of = 1;
            for (b = 1; b < 32; b = b + 1) if ((v >> b) != 32'd0) bits_of = b + 1;
        end
    endfunction
    localparam integer FBW = bits_of(FALLBACK);
    reg  [FBW-1:0] fb_cnt_q;
    reg  [23:0] newdiv_q;

    // unstuffed data byte this clock
    wire        is_end  = rxb_valid && rxb == SLIP_END;
    wire        is_esc  = rxb_valid && !esc_q && rxb == SLIP_ESC;
    wire        dvalid  = rxb_valid && !is_end && !is_esc && !(esc_q && rxb != SLIP_EEND && rxb != SLIP_EESC);
    wire        esc_bad = rxb_valid && !is_end && esc_q && rxb != SLIP_EEND && rxb != SLIP_EESC;
    wire [7:0]  dbyte   = !esc_q ? rxb : (rxb == SLIP_EEND ? SLIP_END : SLIP_ESC);
    wire [9:0]  pidx    = n_q - 10'd4;   // payload index of this byte
    wire        in_pay  = dvalid && n_q >= 10'd4 && {6'd0, pidx} < len_q;
    wire        store   = (type_q == T_TUPLES || type_q == T_CONFIG || type_q == T_HOSTOP) && slot_ok_q;
    // HOSTOP entry ops: 0..2 host-port read / write / command, 0x10..0x13 sequencer
    wire        hop_known = dbyte <= 8'h02 || (dbyte >= 8'h10 && dbyte <= 8'h13);

    // check decoder: the payload as it arrives; of its outputs only the
    // CONFIG pair is read (a TUPLES packet's chk_ok_i is ignored: cfgbad_q
    // counts only in a CONFIG packet), so it keeps no record fields
    wire        ck_valid, ck_err, ck_idle, ck_ready;
    wire [63:0] ck_f0, ck_f1, ck_f2, ck_f3;
    hwp_link_dec #(.NF(NF), .W(W), .VW(VW), .RVW(RVW), .RAW(RAW), .KEEP(0)) u_chk (
        .clk_i(clk_i), .rst_i(rst_i), .clear_i(dvalid && n_q == 10'd0), .mode_i(type_q == T_CONFIG),
        .in_valid_i(in_pay), .in_ready_o(ck_ready), .in_byte_i(dbyte),
        .out_valid_o(ck_valid), .out_ready_i(1'b1), .out_f0_o(ck_f0), .out_f1_o(ck_f1),
        .out_f2_o(ck_f2), .out_f3_o(ck_f3),
        .err_o(ck_err), .idle_o(ck_idle)
    );
    wire unused_ck = ck_ready;
    assign chk_reg_o = ck_f0[7:0];
    assign chk_val_o = ck_f1;
    wire unused_ckf0 = &{1'b0, ck_f0[63:8], ck_f2, ck_f3};

    // judgement at the closing END
    // a frame ends at END unless no byte came since the last END (an empty
    // frame, ignored); a broken escape alone is a frame, and corrupt. Bytes
    // with a framing error are not bytes here (line noise, a host at another
    // rate): they only spoil the frame they fall into
    wire        fdone    = is_end && raw_q;
    wire        corrupt  = bad_q || esc_bad || esc_q || len_q > 16'd256 || n_q != len_q[9:0] + 10'd6 ||
                           crc_q != {d1_q, d2_q};
    wire        known    = type_q >= T_HELLO && type_q <= T_HOSTOP;
    wire        seqd     = type_q == T_RESET || type_q == T_CONFIG || type_q == T_TUPLES ||
                           type_q == T_EOS || type_q == T_HOSTOP;
    wire [7:0]  sdist     = expect_q - seq_q;
    wire        nosess   = (seqd || type_q == T_POLL) && !open_q;
    wire        pay_bad  = (type_q == T_TUPLES && (ck_err || !ck_idle)) ||
                           (type_q == T_CONFIG && (ck_err || !ck_idle || cfgbad_q)) ||
                           ((type_q == T_RESET || type_q == T_EOS) && len_q != 16'd0) ||
                           (type_q == T_HOSTOP && (HOSTOP == 0 || len_q == 16'd0 || hk_q != 4'd0 || hbad_q));
    wire [31:0] p_div    = {{8{p_hi_q}}, p_q[23:0]};   // its range is all that is read of its top byte
    wire        rx_oos   = fdone && !corrupt && known && (nosess || (seqd && seq_q != expect_q && sdist > 8'd64));
    reg         b_oos_q;                 // the builder answered a POLL with ERR(SEQ)

    // reply descriptor FIFO (4 entries, head always in entry 0): {credit, flags,
    // kind, arg}; credit and flags are taken when the packet is judged, so a
    // reply tells the state right after its packet was stored, however long
    // it waits. Frames shorter than their replies (garbage, a flood of
    // HELLOs) can find it full: that reply is dropped and counted (STATUS
    // "replies dropped"); the host's timeout retransmits.
    localparam integer DQW = 15 + NS_LOG + 1;
    wire [7:0]  flags;                   // {busy, irq, done, out} (assigned with the output queue)
    reg         d_push;
    reg  [2:0]  d_kind;
    reg  [7:0]  d_arg;
    wire        dq_pop;
    wire [DQW-1:0] dq_head;
    reg  [4*DQW-1:0] dq_q;               // entry i at [DQW*i +: DQW], entry 0 the head
    reg  [2:0]  dq_n_q;                  // entries held (0..4)
    wire        dq_full  = dq_n_q[2];
    wire        dq_empty = dq_n_q == 3'd0;
    reg         commit;

    always @(*) begin
        d_push = 1'b0; d_kind = D_ACK; d_arg = 8'd0; commit = 1'b0; rx_clr = 1'b0; use_seq = 1'b0;
        if (fdone) begin
            d_push = 1'b1;
            if (corrupt) begin
                // longer than a body can be (header, 256 payload bytes, CRC)
                // and stuffed correctly: too long; otherwise corrupt
                d_kind = D_ERR;
                d_arg = (!bad_q && !esc_bad && !esc_q && n_q > 10'd262) ? E_TOOLONG : E_CORRUPT;
            end else if (!known) begin
                d_kind = D_ERR; d_arg = E_UNKNOWN;
            end else if (nosess) begin
                d_kind = D_ERR; d_arg = E_SESSION;  // no HELLO(1) since reset: nothing applied
            end else if (seqd) begin
                if (seq_q == expect_q) begin
                    // a board whose engine feeds itself (SRC) takes no records
                    if ((type_q == T_CONFIG && tseen_q) || (SRC != 0 && type_q == T_TUPLES)) begin
                        d_kind = D_ERR; d_arg = E_STATE; use_seq = 1'b1;
                    end else if (pay_bad) begin
                        d_kind = D_ERR; d_arg = E_RANGE; use_seq = 1'b1;
                    end else if (!slot_ok_q) begin
                        d_push = 1'b0;           // no room (the host broke the credit): no reply
                    end else begin
                        commit = 1'b1; use_seq = 1'b1; d_kind = D_ACK; d_arg = seq_q;
                        rx_clr = type_q == T_RESET;
                    end
                end else if (sdist != 8'd0 && sdist <= 8'd64) begin
                    d_kind = D_ACK; d_arg = seq_q;
                end else begin
                    d_kind = D_ERR; d_arg = E_SEQ;
                end
            end else begin
                case (type_q)
                    T_HELLO:   if (len_q != 16'd1) begin d_kind = D_ERR; d_arg = E_RANGE; end
                               else begin d_kind = D_INFO; d_arg = p_q[7:0]; end
                    T_SETBAUD: if (len_q != 16'd5 || p_div < MIN_DIV || p_div > MAX_DIV) begin d_kind = D_ERR; d_arg = E_RANGE; end
                               else begin d_kind = D_BAUD; d_arg = p_q[31:24]; end   // ACK carries the token
                    T_POLL:    if (len_q != 16'd1) begin d_kind = D_ERR; d_arg = E_RANGE; end
                               else begin d_kind = D_OUT; d_arg = p_q[7:0]; end
                    T_STATUS:  d_kind = D_STATUS;
                    default:   d_kind = D_STATUS;
                endcase
            end
        end
    end

    integer ri;
    always @(posedge clk_i) begin
        if (rst_i) begin
            n_q <= 10'd0; esc_q <= 1'b0; bad_q <= 1'b0; raw_q <= 1'b0; type_q <= 8'd0; seq_q <= 8'd0; len_q <= 16'd0;
            crc_q <= 16'hffff; d1_q <= 8'd0; d2_q <= 8'd0; slot_ok_q <= 1'b0; p_q <= 32'd0; p_hi_q <= 1'b0;
            cfgbad_q <= 1'b0; rp_q <= {(NS_LOG + 1){1'b0}}; expect_q <= 8'd0; tseen_q <= 1'b0; open_q <= 1'b0;
            hk_q <= 4'd0; hbad_q <= 1'b0;
            fb_on_q <= 1'b0; fb_cnt_q <= {FBW{1'b0}}; newdiv_q <= BOOT_DIV[23:0];
            for (ri = 0; ri < NS; ri = ri + 1) begin am_type[ri] <= 3'd0; am_len[ri] <= 9'd0; end
        end else begin
            if (rx_ferr) bad_q <= 1'b1;
            if (rxb_valid) raw_q <= !is_end;
            if (rxb_valid) begin
                if (is_end) begin
                    n_q <= 10'd0; esc_q <= 1'b0; bad_q <= 1'b0; crc_q <= 16'hffff; cfgbad_q <= 1'b0;
                    hk_q <= 4'd0; hbad_q <= 1'b0;
                end else if (is_esc) begin
                    esc_q <= 1'b1;
                end else begin
                    esc_q <= 1'b0;
                    if (esc_bad) bad_q <= 1'b1;
                end
            end
            if (dvalid) begin
                if (n_q != 10'h3ff) n_q <= n_q + 10'd1;
                case (n_q)
                    10'd0: begin type_q <= dbyte; slot_ok_q <= slot_free; end
                    10'd1: seq_q <= dbyte;
                    10'd2: len_q[7:0] <= dbyte;
                    10'd3: len_q[15:8] <= dbyte;
                    10'd4: p_q[7:0] <= dbyte;
                    10'd5: p_q[15:8] <= dbyte;
                    10'd6: p_q[23:16] <= dbyte;
                    10'd7: p_hi_q <= dbyte != 8'd0;
                    10'd8: p_q[31:24] <= dbyte;
                    default: ;
                endcase
                d1_q <= dbyte; d2_q <= d1_q;
                if (n_q >= 10'd2) crc_q <= crc_upd(crc_q, d2_q);
            end
            if (ck_valid && !chk_ok_i) cfgbad_q <= 1'b1;
            if (in_pay && type_q == T_HOSTOP) begin
                hk_q <= hk_q == 4'd10 ? 4'd0 : hk_q + 4'd1;
                if (hk_q == 4'd0 && !hop_known) hbad_q <= 1'b1;
            end
            // judgement (the reply descriptor is pushed by the FIFO below)
            if (use_seq) expect_q <= expect_q + 8'd1;
            if (commit) begin
                rp_q <= rp_q + 1'b1;
                am_type[rp_q[NS_LOG-1:0]] <= type_q == T_TUPLES ? 3'd0 : type_q == T_CONFIG ? 3'd1 :
                                             type_q == T_HOSTOP ? 3'd4 :
                                             type_q == T_RESET ? 3'd2 : 3'd3;
                am_len[rp_q[NS_LOG-1:0]] <= len_q[8:0];
                if (type_q == T_TUPLES) tseen_q <= 1'b1;
                if (type_q == T_RESET) tseen_q <= 1'b0;
            end
            if (fdone && !corrupt && known && !seqd && type_q == T_HELLO && len_q == 16'd1 && p_q[7:0] == 8'd1) begin
                expect_q <= 8'd0;
                open_q <= 1'b1;
            end
            if (d_push && d_kind == D_BAUD) newdiv_q <= p_div[23:0];
            // fall-back timer: any valid packet stops it
            if (fdone && !corrupt) fb_on_q <= 1'b0;
            else if (fb_on_q) begin
                if (fb_cnt_q == {FBW{1'b0}}) fb_on_q <= 1'b0;
                else fb_cnt_q <= fb_cnt_q - {{(FBW - 1){1'b0}}, 1'b1};
            end
            if (baud_switch) begin fb_on_q <= 1'b1; fb_cnt_q <= FALLBACK[FBW-1:0]; end
        end
    end
    // receiver counters, judged at the closing END (a RESET accepted clears
    // them, and counts as the first packet applied); refused for lack of room
    // (no reply) counts as corrupt: it was lost. Out of sequence: a packet
    // without a session, a sequenced packet outside the window, a POLL of a
    // chunk that is not current.
    wire st_corr = fdone && (corrupt || (known && seqd && !nosess && seq_q == expect_q && !use_seq));
    wire st_unk  = fdone && !st_corr && !known;
    wire st_appl = fdone && !st_corr && known && commit;
    wire st_dup  = fdone && !st_corr && known && !commit && !nosess && seqd && seq_q != expect_q && sdist <= 8'd64;
    // this clock's increment of each counter; the engine-side ones (0, 1, 7,
    // 8) are cleared by an applied RESET (clr), the receiver's by a RESET
    // accepted (rx_clr)
    assign st_inc = {1'b0, d_push && dq_full,                    // 9 replies dropped
                     1'b0, !eng_rst_q,                           // 8 cycles
                     1'b0, orec_valid_i && orec_ready_o && orec_last_i,  // 7 output records
                     1'b0, st_dup, {1'b0, rx_oos} + {1'b0, b_oos_q},    // 6, 5
                     1'b0, st_unk, 1'b0, st_corr, 1'b0, st_appl,       // 4, 3, 2
                     1'b0, rec_valid_o && !rec_ready_i,           // 1 stalls
                     1'b0, rec_valid_o && rec_ready_i};           // 0 engine records
    wire fb_fire = fb_on_q && fb_cnt_q == {FBW{1'b0}};

    // receive-buffer writes (payload bytes of TUPLES / CONFIG into slot rp)
    always @(*) begin
        sram_we = in_pay && store && pidx < 10'd256;
        sram_wa = {rp_q[NS_LOG-1:0], pidx[7:0]};
        sram_wd = dbyte;
    end

    // ------------------------------------------------------------------ apply
    localparam [2:0] A_IDLE = 3'd0, A_DATA = 3'd1, A_RESET = 3'd2, A_START = 3'd3;
    reg  [2:0]  a_st_q;
    reg  [8:0]  ai_q;                    // next payload byte to fetch
    reg         a_infl_q, a_fbv_q;       // read in flight, fetched byte valid
    reg  [1:0]  a_mode_q;                // 0 TUPLES, 1 CONFIG, 2 HOSTOP
    wire [NS_LOG-1:0] aslot = ap_q[NS_LOG-1:0];
    wire [2:0]  atype = am_type[aslot];
    wire [8:0]  alen  = am_len[aslot];
    wire        ad_ready, ad_valid, ad_err, ad_idle;
    wire [63:0] ad_f0, ad_f1, ad_f2, ad_f3;
    // HOSTOP entries: 11 bytes (op, addr LE, wdata LE) assembled, then held
    // until the shell takes them
    reg  [87:0] hb_q;
    reg  [3:0]  hka_q;
    reg         hv_q;
    wire        a_hop = a_mode_q == 2'd2;
    wire        ad_take = a_fbv_q && (a_hop ? !hv_q : ad_ready);
    hwp_link_dec #(.NF(NF), .W(W), .VW(VW), .RVW(RVW), .RAW(RAW)) u_dec (
        .clk_i(clk_i), .rst_i(rst_i), .clear_i(a_st_q == A_IDLE), .mode_i(a_mode_q == 2'd1),
        .in_valid_i(a_fbv_q && !a_hop), .in_ready_o(ad_ready), .in_byte_i(sram_rd_q),
        .out_valid_o(ad_valid), .out_ready_i(a_mode_q == 2'd1 || rec_ready_i), .out_f0_o(ad_f0), .out_f1_o(ad_f1),
        .out_f2_o(ad_f2), .out_f3_o(ad_f3),
        .err_o(ad_err), .idle_o(ad_idle)
    );
    wire unused_ad = ad_err | ad_idle;
    wire        builder_idle;
    always @(*) begin
        sram_re = a_st_q == A_DATA && !a_infl_q && !a_fbv_q && ai_q != alen;
        sram_ra = {aslot, ai_q[7:0]};
        clr = a_st_q == A_RESET && builder_idle;
    end
    always @(posedge clk_i) begin
        if (rst_i) begin
            a_st_q <= A_IDLE; ai_q <= 9'd0; a_infl_q <= 1'b0; a_fbv_q <= 1'b0; a_mode_q <= 2'd0;
            hb_q <= 88'd0; hka_q <= 4'd0; hv_q <= 1'b0;
            ap_q <= {(NS_LOG + 1){1'b0}}; eos_q <= 1'b0; eng_rst_q <= 1'b1;
        end else begin
            case (a_st_q)
                A_IDLE: if (ap_q != rp_q) begin
                    ai_q <= 9'd0;
                    a_mode_q <= atype == 3'd1 ? 2'd1 : atype == 3'd4 ? 2'd2 : 2'd0;
                    hka_q <= 4'd0;
                    case (atype)
                        3'd0, 3'd4: a_st_q <= eng_rst_q ? A_START : A_DATA;
                        3'd1: a_st_q <= A_DATA;
                        3'd2: a_st_q <= A_RESET;
                        default: begin
                            if (eng_rst_q) a_st_q <= A_START;
                            else begin eos_q <= 1'b1; ap_q <= ap_q + 1'b1; end
                        end
                    endcase
                end
                A_START: begin
                    // leave reset with the CONFIG registers in place
                    eng_rst_q <= 1'b0;
                    a_st_q <= A_IDLE;
                end
                A_DATA: begin
                    if (sram_re) begin a_infl_q <= 1'b1; ai_q <= ai_q + 9'd1; end
                    if (a_infl_q) begin a_infl_q <= 1'b0; a_fbv_q <= 1'b1; end
                    if (ad_take) a_fbv_q <= 1'b0;
                    if (ad_take && a_hop) begin
                        hb_q <= {sram_rd_q, hb_q[87:8]};
                        hka_q <= hka_q == 4'd10 ? 4'd0 : hka_q + 4'd1;
                        if (hka_q == 4'd10) hv_q <= 1'b1;
                    end
                    if (ai_q == alen && !a_infl_q && !a_fbv_q && !ad_valid && !hv_q) begin
                        a_st_q <= A_IDLE;
                        ap_q <= ap_q + 1'b1;
                    end
                end
                A_RESET: if (builder_idle) begin
                    eos_q <= 1'b0; eng_rst_q <= 1'b1;
                    a_st_q <= A_IDLE;
                    ap_q <= ap_q + 1'b1;
                end
                default: a_st_q <= A_IDLE;
            endcase
            if (hv_q && hop_ready_i) hv_q <= 1'b0;
        end
    end
    assign rec_valid_o = ad_valid && a_mode_q == 2'd0;
    assign hop_valid_o = hv_q;
    assign hop_op_o    = hb_q[7:0];
    assign hop_addr_o  = hb_q[23:8];
    assign hop_data_o  = hb_q[87:24];
    assign rec_a_o     = ad_f0;
    assign rec_b_o     = ad_f1;
    assign rec_c_o     = ad_f2;
    assign rec_d_o     = ad_f3;
    assign cfg_we_o    = ad_valid && a_mode_q == 2'd1;
    assign cfg_reg_o   = ad_f0[7:0];
    assign cfg_val_o   = ad_f1;
    assign cfg_def_o   = clr;
    assign eos_o       = eos_q;
    assign eng_rst_o   = eng_rst_q;

    // ------------------------------------------------------------------ output queue + encoder
    // {record start, byte}; the byte written (oq_wp) is never one being read
    // (below oq_ct): no read-during-write bypass, simulation poisons it
    (* no_rw_check *) reg  [8:0]  oram [0:OQ_N-1];
    reg         oram_we;
    reg  [OQ_AW-1:0] oram_wa;
    reg  [8:0]  oram_wd;
    reg         oram_re;
    reg  [OQ_AW-1:0] oram_ra;
    reg  [8:0]  oram_rd_q;
    always @(posedge clk_i) begin
        if (oram_we) oram[oram_wa] <= oram_wd;
        if (oram_re) oram_rd_q <= oram[oram_ra];
`ifndef SYNTHESIS
        if (oram_re && oram_we && oram_ra == oram_wa) oram_rd_q <= ~oram[oram_ra];
`endif
    end
    // pointers count bytes mod 1024 (the queue holds at most OQ_N <= 512)
    reg  [9:0]  oq_wp_q, oq_ct_q, oq_hp_q;  // write, committed tail (whole records), head
    wire [9:0]  oq_used = oq_wp_q - oq_hp_q;
    localparam integer OQ_ROOM_I = OQ_N - 32;
    localparam [9:0] OQ_ROOM = OQ_ROOM_I[9:0];
    wire        oq_room = oq_used <= OQ_ROOM;  // room for the longest record piece (31 bytes)
    reg         e_busy_q, e_tag_q;
    reg  [1:0]  e_left_q;                // fields after the current one
    reg         e_none_q;                // record has no fields
    reg         e_f2_q;                  // the next field is f2 (else f1)
    reg  [OW-1:0] e_v_q;                 // the field being written, shifted
    wire        e_more = e_v_q[OW-1:7] != {(OW - 7){1'b0}};
    // the piece's last byte is written this clock: the piece is taken now
    wire        e_done = e_tag_q ? e_none_q : (!e_more && e_left_q == 2'd0);
    generate
        if (OW < 64) begin : g_ow
            wire unused_of = &{1'b0, orec_f0_i[63:OW], orec_f1_i[63:OW], orec_f2_i[63:OW]};
        end
    endgenerate
    // A piece is started when the queue has room for the longest one and
    // taken (orec_ready_o) in the clock its last byte is written: its tag,
    // last flag and fields are read from the inputs, which hold them until
    // then, so that only the field being written is kept here.
    wire        e_start = !e_busy_q && orec_valid_i && oq_room && !clr;
    assign orec_ready_o = e_busy_q && e_done && !clr;
    always @(*) begin
        oram_we = e_busy_q && !clr;
        oram_wa = oq_wp_q[OQ_AW-1:0];
        oram_wd = e_tag_q ? {1'b1, orec_tag_i} : {1'b0, e_more, e_v_q[6:0]};
    end
    always @(posedge clk_i) begin
        if (rst_i || clr) begin
            e_busy_q <= 1'b0; e_tag_q <= 1'b0; e_left_q <= 2'd0; e_none_q <= 1'b0;
            e_f2_q <= 1'b0; e_v_q <= {OW{1'b0}};
            oq_wp_q <= 10'd0; oq_ct_q <= 10'd0;
        end else if (!e_busy_q) begin
            if (e_start) begin
                e_busy_q <= 1'b1; e_tag_q <= !orec_cont_i;
                e_none_q <= orec_n_i == 2'd0;
                e_left_q <= orec_n_i == 2'd0 ? 2'd0 : orec_n_i - 2'd1;
                e_f2_q <= 1'b0; e_v_q <= orec_f0_i[OW-1:0];
            end
        end else begin
            oq_wp_q <= oq_wp_q + 1'b1;
            if (e_tag_q) begin
                e_tag_q <= 1'b0;
                if (e_none_q) begin e_busy_q <= 1'b0; if (orec_last_i) oq_ct_q <= oq_wp_q + 1'b1; end
            end else if (e_more) begin
                e_v_q <= {7'd0, e_v_q[OW-1:7]};
            end else if (e_left_q != 2'd0) begin
                e_left_q <= e_left_q - 2'd1;
                e_f2_q <= 1'b1; e_v_q <= e_f2_q ? orec_f2_i[OW-1:0] : orec_f1_i[OW-1:0];
            end else begin
                e_busy_q <= 1'b0;
                if (orec_last_i) oq_ct_q <= oq_wp_q + 1'b1;
            end
        end
    end

    // ------------------------------------------------------------------ reply builder + SLIP framer
    localparam [3:0] B_IDLE = 4'd0, B_SCAN = 4'd1, B_SCANW = 4'd2, B_HDR = 4'd3, B_PAY = 4'd4,
                     B_RAMW = 4'd5, B_CRC0 = 4'd6, B_CRC1 = 4'd7, B_END = 4'd8, B_DRAIN = 4'd9,
                     B_SCAN0 = 4'd10;
    reg  [3:0]  b_st_q;
    reg  [2:0]  b_kind_q;
    reg  [7:0]  b_arg_q;
    reg  [7:0]  b_cred_q, b_flags_q;     // ACK / ERR credit and flags, as judged
    reg  [8:0]  b_plen_q;                // payload length
    reg  [8:0]  b_i_q;                   // header / payload byte index
    reg  [15:0] b_crc_q;
    reg  [7:0]  chunk_q;                 // outstanding chunk
    reg  [8:0]  clen_q;                  // its length in bytes (whole records)
    reg         cval_q;                  // an OUT was sent for chunk_q (else none is outstanding)
    reg  [8:0]  sc_i_q, sc_best_q;
    reg  [9:0]  sc_av_q;
    localparam [8:0] SC_END = 9'd255;    // scan index past the longest chunk
    reg  [3:0]  b_pj_q;                  // INFO parameter / STATUS counter index
    reg  [3:0]  b_pr_q;                  // byte within it
    reg  [34:0] b_v_q;                   // varint being sent (values up to 32 bits)
    reg         b_baud_q;                // switch the rate when this reply is out
    // one packet byte towards the framer: raw (END) or stuffed
    reg         pb_v_q, pb_raw_q;
    reg  [7:0]  pb_q;
    reg         st_esc_q;                // second byte of an escape pending
    wire        pb_free = !pb_v_q;
    // STATUS: the builder reads counter b_pj_q before its first byte
    reg  st_sp_q, st_sv_q;               // read issued, value in b_v_q
    // the first field (engine records) of a board whose engine feeds itself is the
    // count of its own source, not the link's count of records passed on
    wire [31:0] st_v = (SRC != 0 && b_pj_q == 4'd0) ? src_n_i : st_val;
    wire st_req = b_st_q == B_PAY && b_kind_q == D_STATUS && b_i_q < b_plen_q && b_pr_q == 4'd0 &&
                  !st_sp_q && !st_sv_q;
    // pending bits: counters 0, 1, 7 and 8 count at most one a clock, 2N =
    // 20 clocks between flushes (5 bits); the others count frames (an END
    // and a byte, 80 clocks or more at the fastest rate) and replies, at
    // most 2 between flushes, plus counter 2's clear value 1 (2 bits)
    localparam [29:0] ST_PW = {3'd2, 3'd5, 3'd5, 3'd2, 3'd2, 3'd2, 3'd2, 3'd2, 3'd5, 3'd5};
    hwp_link_cnt #(.N(10), .WIDTHS(ST_WIDTHS), .PW(5), .PWIDTHS(ST_PW)) u_cnt (
        .clk_i(clk_i), .rst_i(rst_i), .inc_i(st_inc),
        .clr_i({rx_clr, clr, clr, {4{rx_clr}}, rx_clr, clr, clr}),
        .clr_val_i(10'b0000000100),
        .rd_req_i(st_req), .rd_idx_i(b_pj_q), .rd_take_o(st_take), .rd_ok_o(st_ok), .rd_val_o(st_val)
    );
    // A shift register: a pop moves every entry one place towards the head
    // (each bit is one LUT in front of its flip-flop, no read multiplexer);
    // a push writes the first free entry (counted after this clock's pop).
    // Full: the push is refused even if the head leaves in the same clock.
    wire           dq_push = d_push && !dq_full;
    wire           dq_take = dq_pop && !dq_empty;
    wire [DQW-1:0] dq_in   = {d_cred, flags[3:0], d_kind, d_arg};
    wire [2:0]     dq_wi   = dq_n_q - {2'd0, dq_take};   // entry a push writes
    always @(posedge clk_i) begin
        if (rst_i) dq_n_q <= 3'd0;
        else dq_n_q <= dq_n_q + {2'd0, dq_push} - {2'd0, dq_take};
    end
    genvar qi;
    generate
        for (qi = 0; qi < 4; qi = qi + 1) begin : g_dq
            wire wr = dq_push && dq_wi == qi;
            always @(posedge clk_i)
                if (wr || (dq_take && qi < 3)) dq_q[DQW * qi +: DQW] <= wr ? dq_in : dq_q[DQW * ((qi + 1) % 4) +: DQW];
        end
    endgenerate
    assign dq_head = dq_q[DQW-1:0];
    assign dq_pop = b_st_q == B_IDLE && a_st_q != A_RESET;
    assign flags = {4'd0, eos_q && !done_i, irq_i, done_i, oq_ct_q != oq_hp_q};
    assign builder_idle = b_st_q == B_IDLE;

    assign info_idx_o = b_pj_q;
    localparam integer INFO_LEN_I = 13 + 11 * NPARAM;
    localparam [8:0]  INFO_LEN = INFO_LEN_I[8:0];

    // payload byte b_i_q of the fixed-layout replies
    reg  [7:0]  fixb;
    always @(*) begin
        fixb = 8'd0;
        case (b_kind_q)
            D_ACK, D_BAUD, D_ERR: fixb = b_i_q == 9'd0 ? b_arg_q : b_i_q == 9'd1 ? b_cred_q : b_flags_q;
            D_INFO: case (b_i_q)
                9'd0: fixb = 8'd1;
                9'd1: fixb = BOARD_ID;
                9'd2: fixb = ENGINE_ID;
                9'd3: fixb = SRC != 0 ? 8'd0 : KIND;
                9'd4: fixb = NS[7:0];
                9'd5: fixb = CLK_KHZ[7:0];
                9'd6: fixb = CLK_KHZ[15:8];
                9'd7: fixb = CLK_KHZ[23:16];
                9'd8: fixb = CLK_KHZ[31:24];
                9'd9: fixb = div_q[7:0];
                9'd10: fixb = div_q[15:8];
                9'd11: fixb = div_q[23:16];
                default: fixb = 8'd0;
            endcase
            D_OUT: fixb = b_i_q == 9'd0 ? chunk_q : flags;
            default: fixb = 8'd0;
        endcase
    end
    // number of fixed-layout payload bytes before the varint / queue section
    wire [8:0]  nfix = b_kind_q == D_INFO ? 9'd13 : b_kind_q == D_OUT ? 9'd2 :
                       b_kind_q == D_STATUS ? 9'd0 : 9'd3;
    wire        pfix = b_i_q < nfix;
    wire [15:0] b_len16 = {7'd0, b_plen_q};
    // reply type from the kind: ACK (and SET_BAUD's ACK) 0x81, ERR 0x82,
    // INFO 0x83, OUT 0x84, STATUS 0x85
    wire [7:0]  b_type = b_kind_q == D_BAUD ? 8'h81 : {5'b10000, b_kind_q + 3'd1};
    wire [7:0]  hdrb = b_i_q == 9'd0 ? b_type : b_i_q == 9'd1 ? expect_q :
                       b_i_q == 9'd2 ? b_len16[7:0] : b_len16[15:8];
    wire [9:0]  ra_scan = oq_hp_q + {1'b0, sc_i_q};
    wire [9:0]  ra_pay  = oq_hp_q + {1'b0, b_i_q} - 10'd2;
    wire unused_ra = &{1'b0, ra_scan[9:OQ_AW], ra_pay[9:OQ_AW]};
    always @(*) begin
        oram_re = 1'b0; oram_ra = ra_scan[OQ_AW-1:0];
        if (b_st_q == B_SCAN && sc_av_q != 10'd0 && sc_i_q != SC_END && {1'b0, sc_i_q} != sc_av_q) oram_re = 1'b1;
        if (b_st_q == B_PAY && !pfix && pb_free) begin
            oram_re = 1'b1;
            oram_ra = ra_pay[OQ_AW-1:0];
        end
        baud_switch = b_st_q == B_DRAIN && !pb_v_q && !st_esc_q && tx_idle && !txb_valid_r && b_baud_q;
    end

    // packet byte -> SLIP -> UART
    always @(*) begin
        txb_valid_r = pb_v_q;
        txb_r = pb_q;
        if (pb_v_q && !pb_raw_q) begin
            if (st_esc_q) txb_r = pb_q == SLIP_END ? SLIP_EEND : SLIP_EESC;
            else if (pb_q == SLIP_END || pb_q == SLIP_ESC) txb_r = SLIP_ESC;
        end
    end
    assign txb_valid = txb_valid_r;
    assign txb = txb_r;
    wire        pb_needs2 = !pb_raw_q && (pb_q == SLIP_END || pb_q == SLIP_ESC);

    // builder: put one packet byte (updates the CRC unless raw)
    // raw: END (not stuffed, not in the CRC); nocrc: the CRC bytes themselves.
    // The CRC takes the byte one clock later (one CRC circuit for every
    // source); the next put cannot come before, as it waits for pb_free.
    reg         pb_crc_q;
    task put;
        input [7:0] b;
        input raw;
        input nocrc;
        begin
            pb_v_q <= 1'b1; pb_q <= b; pb_raw_q <= raw;
            pb_crc_q <= !raw && !nocrc;
        end
    endtask

    always @(posedge clk_i) begin
        if (rst_i) begin
            b_st_q <= B_IDLE; b_kind_q <= D_ACK; b_arg_q <= 8'd0; b_cred_q <= 8'd0; b_flags_q <= 8'd0; b_oos_q <= 1'b0; b_plen_q <= 9'd0;
            b_i_q <= 9'd0; b_crc_q <= 16'hffff; chunk_q <= 8'hff; clen_q <= 9'd0; cval_q <= 1'b0;
            sc_i_q <= 9'd0; sc_best_q <= 9'd0; sc_av_q <= 10'd0;
            b_pj_q <= 4'd0; b_pr_q <= 4'd0; b_v_q <= 35'd0; b_baud_q <= 1'b0; st_sp_q <= 1'b0; st_sv_q <= 1'b0;
            pb_v_q <= 1'b0; pb_raw_q <= 1'b0; pb_q <= 8'd0; st_esc_q <= 1'b0; pb_crc_q <= 1'b0;
            oq_hp_q <= 10'd0; div_q <= BOOT_DIV[23:0];
        end else begin
            // CRC of the byte put last clock
            pb_crc_q <= 1'b0;
            if (pb_crc_q) b_crc_q <= crc_upd(b_crc_q, pb_q);
            // framer side
            if (pb_v_q && txb_ready) begin
                if (pb_needs2 && !st_esc_q) st_esc_q <= 1'b1;
                else begin st_esc_q <= 1'b0; pb_v_q <= 1'b0; end
            end
            if (clr) begin
                chunk_q <= 8'hff; clen_q <= 9'd0; cval_q <= 1'b0; oq_hp_q <= 10'd0;
            end
            if (baud_switch) div_q <= newdiv_q;
            else if (fb_fire) div_q <= BOOT_DIV[23:0];
            b_oos_q <= 1'b0;
            if (st_take) st_sp_q <= 1'b1;
            // the counter's value goes straight into the varint register,
            // free while the builder waits for it (between two counters)
            if (st_ok) begin st_sp_q <= 1'b0; st_sv_q <= 1'b1; b_v_q <= {3'd0, st_v}; end
            case (b_st_q)
                B_IDLE: if (!dq_empty && a_st_q != A_RESET) begin
                    b_kind_q <= dq_head[10:8]; b_arg_q <= dq_head[7:0];
                    b_flags_q <= {4'd0, dq_head[14:11]};
                    b_cred_q <= {{(7 - NS_LOG){1'b0}}, dq_head[DQW-1:15]};
                    b_i_q <= 9'd0; b_pj_q <= 4'd0; b_pr_q <= 4'd0; b_crc_q <= 16'hffff;
                    b_baud_q <= dq_head[10:8] == D_BAUD;
                    b_st_q <= B_HDR;
                    case (dq_head[10:8])
                        D_ACK, D_BAUD, D_ERR: b_plen_q <= 9'd3;
                        D_INFO: begin
                            b_plen_q <= INFO_LEN;
                            if (dq_head[7:0] == 8'd1) begin chunk_q <= 8'hff; clen_q <= 9'd0; cval_q <= 1'b0; end
                        end
                        D_STATUS: b_plen_q <= 9'd50;
                        default: begin   // D_OUT
                            // the next chunk (chunk 0 when none is outstanding:
                            // chunk_q is then 255), or an empty chunk asked for
                            // again (it takes the records queued meanwhile)
                            if (dq_head[7:0] == chunk_q + 8'd1 || (cval_q && dq_head[7:0] == chunk_q && clen_q == 9'd0)) begin
                                // pop the outstanding chunk, find the next one
                                oq_hp_q <= oq_hp_q + {1'b0, clen_q};
                                chunk_q <= dq_head[7:0]; cval_q <= 1'b1;
                                sc_av_q <= oq_ct_q - (oq_hp_q + {1'b0, clen_q});
                                sc_i_q <= 9'd1; sc_best_q <= 9'd0;
                                b_st_q <= B_SCAN0;
                            end else if (cval_q && dq_head[7:0] == chunk_q) begin
                                b_plen_q <= 9'd2 + clen_q;
                            end else begin
                                b_kind_q <= D_ERR; b_arg_q <= E_SEQ; b_oos_q <= 1'b1;
                                b_plen_q <= 9'd3;
                            end
                        end
                    endcase
                end
                B_SCAN0: b_st_q <= B_SCAN;
                B_SCAN: begin
                    // the chunk: whole records from the head, at most 254
                    // bytes. sc_i_q counts up from 1 and stops at sc_av_q,
                    // so it reaches SC_END only when more than 254 bytes wait
                    if (sc_av_q == 10'd0) begin
                        clen_q <= 9'd0; b_plen_q <= 9'd2; b_st_q <= B_HDR;
                    end else if (sc_i_q == SC_END) begin
                        clen_q <= sc_best_q; b_plen_q <= 9'd2 + sc_best_q; b_st_q <= B_HDR;
                    end else if ({1'b0, sc_i_q} == sc_av_q) begin
                        clen_q <= sc_i_q; b_plen_q <= 9'd2 + sc_i_q; b_st_q <= B_HDR;
                    end else begin
                        b_st_q <= B_SCANW;       // oram_re issued this clock
                    end
                end
                B_SCANW: begin
                    if (oram_rd_q[8]) sc_best_q <= sc_i_q;
                    sc_i_q <= sc_i_q + 9'd1;
                    b_st_q <= B_SCAN;
                end
                B_HDR: if (pb_free) begin
                    // END, type, seq, len (b_i_q counts 0..4: END first)
                    if (b_pr_q == 4'd0) begin
                        put(SLIP_END, 1'b1, 1'b0); b_pr_q <= 4'd1;
                    end else begin
                        put(hdrb, 1'b0, 1'b0);
                        if (b_i_q == 9'd3) begin
                            b_i_q <= 9'd0; b_pr_q <= 4'd0;
                            b_st_q <= b_plen_q == 9'd0 ? B_CRC0 : B_PAY;
                        end else b_i_q <= b_i_q + 9'd1;
                    end
                end
                B_PAY: if (pb_free) begin
                    if (pfix) begin
                        put(fixb, 1'b0, 1'b0);
                        b_i_q <= b_i_q + 9'd1;
                        if (b_i_q + 9'd1 == b_plen_q) b_st_q <= B_CRC0;
                    end else if (b_kind_q == D_OUT) begin
                        b_st_q <= B_RAMW;            // oram_re issued this clock
                    end else if (b_kind_q == D_INFO) begin
                        // pairs: id, then a 10-byte (padded) varint
                        if (b_pr_q == 4'd0) begin
                            put({4'd0, b_pj_q} + 8'd1, 1'b0, 1'b0);
                            b_v_q <= {3'd0, info_val_i};
                        end else begin
                            put({b_pr_q != 4'd10, b_v_q[6:0]}, 1'b0, 1'b0);
                            b_v_q <= {7'd0, b_v_q[34:7]};
                        end
                        if (b_pr_q == 4'd10) begin b_pr_q <= 4'd0; b_pj_q <= b_pj_q + 4'd1; end
                        else b_pr_q <= b_pr_q + 4'd1;
                        b_i_q <= b_i_q + 9'd1;
                        if (b_i_q + 9'd1 == b_plen_q) b_st_q <= B_CRC0;
                    end else if (b_pr_q != 4'd0 || st_sv_q) begin
                        // STATUS: ten counters, each a 5-byte (padded) varint;
                        // the first byte waits for the counter's value
                        put({b_pr_q != 4'd4, b_v_q[6:0]}, 1'b0, 1'b0);
                        b_v_q <= {7'd0, b_v_q[34:7]};
                        if (b_pr_q == 4'd0) st_sv_q <= 1'b0;
                        if (b_pr_q == 4'd4) begin b_pr_q <= 4'd0; b_pj_q <= b_pj_q + 4'd1; end
                        else b_pr_q <= b_pr_q + 4'd1;
                        b_i_q <= b_i_q + 9'd1;
                        if (b_i_q + 9'd1 == b_plen_q) b_st_q <= B_CRC0;
                    end
                end
                B_RAMW: begin
                    put(oram_rd_q[7:0], 1'b0, 1'b0);
                    b_i_q <= b_i_q + 9'd1;
                    b_st_q <= (b_i_q + 9'd1 == b_plen_q) ? B_CRC0 : B_PAY;
                end
                B_CRC0: if (pb_free) begin put(b_crc_q[7:0], 1'b0, 1'b1); b_st_q <= B_CRC1; end
                B_CRC1: if (pb_free) begin put(b_crc_q[15:8], 1'b0, 1'b1); b_st_q <= B_END; end
                B_END:  if (pb_free) begin put(SLIP_END, 1'b1, 1'b0); b_st_q <= B_DRAIN; end
                B_DRAIN: if (!b_baud_q || baud_switch) b_st_q <= B_IDLE;
                default: b_st_q <= B_IDLE;
            endcase
        end
    end

    // LEDs: activity (a byte either way) and errors (corrupt frame, framing
    // error), each held for 2..3 periods of a shared 2^(LED_W-1) prescaler
    reg  [LED_W-2:0] led_pre_q;
    reg  [1:0]  led_a_q, led_e_q;
    wire        led_tick = led_pre_q == {(LED_W - 1){1'b0}};
    always @(posedge clk_i) begin
        if (rst_i) begin
            led_pre_q <= {(LED_W - 1){1'b0}}; led_a_q <= 2'd0; led_e_q <= 2'd0;
        end else begin
            led_pre_q <= led_pre_q + 1'b1;
            if (rxb_valid || (txb_valid && txb_ready)) led_a_q <= 2'd3;
            else if (led_tick && led_a_q != 2'd0) led_a_q <= led_a_q - 2'd1;
            if (rx_ferr || (fdone && corrupt)) led_e_q <= 2'd3;
            else if (led_tick && led_e_q != 2'd0) led_e_q <= led_e_q - 2'd1;
        end
    end
    assign led_act_o = led_a_q != 2'd0;
    assign led_err_o = led_e_q != 2'd0;
`ifdef FORMAL
    // Properties of the receiver (tests/formal/hwp_link.sby), line bytes from
    // f_rxb_*. The protocol's rules are restated here on their own terms
    // (docs/protocol.md: SLIP unstuffing; body size len + 6, len <= 256; the
    // CRC of all but the last two body bytes equals those two, little-endian;
    // no framing error, no broken escape). Proved: a packet is committed to
    // the receive buffer (later applied) only if its body is intact by these
    // rules, it is a sequenced type, and its seq follows the seq of the
    // previous sequenced packet accepted (applied, or refused with ERR
    // STATE/RANGE) since the session opened, starting at 0: no packet is
    // applied twice, none skipped; the receive buffer never holds more than NS packets (credit
    // never negative) and a packet is committed only into a free slot. The
    // output queue's properties follow the receiver's.
    reg f_past = 1'b0;
    always @(posedge clk_i) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst_i);
    reg        f_esc, f_bad, f_have;
    reg [9:0]  f_n;
    reg [15:0] f_c0, f_c1, f_c2;         // CRC of the body so far, without its last byte, without its last two
    reg [7:0]  f_b1, f_b2;               // last body byte, the one before
    reg [7:0]  f_type, f_seq, f_len_lo, f_len_hi, f_p0, f_last;
    wire [15:0] f_len  = {f_len_hi, f_len_lo};
    wire       f_end   = rxb_valid && rxb == SLIP_END;
    wire       f_stuff = rxb_valid && !f_end && !f_esc && rxb == SLIP_ESC;
    wire       f_escok = rxb == SLIP_EEND || rxb == SLIP_EESC;
    wire       f_dv    = rxb_valid && !f_end && !f_stuff && (!f_esc || f_escok);
    wire [7:0] f_d     = !f_esc ? rxb : (rxb == SLIP_EEND ? SLIP_END : SLIP_ESC);
    wire       f_intact = !f_bad && !f_esc && f_len <= 16'd256 && f_n == f_len[9:0] + 10'd6 &&
                          f_c2 == {f_b1, f_b2};
    wire       f_seqd  = f_type == T_RESET || f_type == T_CONFIG || f_type == T_TUPLES ||
                         f_type == T_EOS || f_type == T_HOSTOP;
    wire       f_open  = f_end && f_intact && f_type == T_HELLO && f_len == 16'd1 && f_p0 == 8'd1;
    always @(posedge clk_i) begin
        if (rst_i || f_end) begin
            f_esc <= 1'b0; f_bad <= 1'b0; f_n <= 10'd0;
            f_c0 <= 16'hffff; f_c1 <= 16'hffff; f_c2 <= 16'hffff;
        end else begin
            if (rxb_valid) f_esc <= f_stuff;
            if (rx_ferr || (rxb_valid && f_esc && !f_escok)) f_bad <= 1'b1;
            if (f_dv) begin
                if (f_n != 10'h3ff) f_n <= f_n + 10'd1;
                f_c0 <= crc_upd(f_c0, f_d); f_c1 <= f_c0; f_c2 <= f_c1;
                f_b1 <= f_d; f_b2 <= f_b1;
                if (f_n == 10'd0) f_type <= f_d;
                if (f_n == 10'd1) f_seq <= f_d;
                if (f_n == 10'd2) f_len_lo <= f_d;
                if (f_n == 10'd3) f_len_hi <= f_d;
                if (f_n == 10'd4) f_p0 <= f_d;
            end
        end
        if (rst_i || f_open) f_have <= 1'b0;
        else if (use_seq) begin f_have <= 1'b1; f_last <= f_seq; end
    end
    always @(*) if (f_past && !rst_i) begin
        assert(dq_n_q <= 3'd4);
        if (commit) assert(use_seq && used != NS[NS_LOG:0]);
        if (use_seq) begin
            assert(f_end && f_intact && f_seqd);
            assert(f_seq == (f_have ? f_last + 8'd1 : 8'd0));
        end
        assert(expect_q == (f_have ? f_last + 8'd1 : 8'd0));
        assert(used <= NS[NS_LOG:0]);
        if (n_q != 10'd0 && slot_ok_q) assert(used != NS[NS_LOG:0]);   // the slot seen free at the first byte
        if (n_q != 10'd0 || esc_q) assert(raw_q);                        // a byte since the last END
        if (a_st_q != A_IDLE) assert(ap_q != rp_q);
        // the receiver's state is the restated rules' state
        if (f_n == 10'd0) assert(f_c0 == 16'hffff);
        if (f_n <= 10'd1) assert(f_c1 == 16'hffff);
        if (f_n <= 10'd2) assert(f_c2 == 16'hffff);
        if (f_n >= 10'd1) assert(f_c0 == crc_upd(f_c1, f_b1));
        if (f_n >= 10'd2) assert(f_c1 == crc_upd(f_c2, f_b2));
        assert(esc_q == f_esc && n_q == f_n && crc_q == f_c2);
        if (f_n >= 10'd1) assert(type_q == f_type && d1_q == f_b1);
        if (f_n >= 10'd2) assert(seq_q == f_seq && d2_q == f_b2);
        if (f_n >= 10'd3) assert(len_q[7:0] == f_len_lo);
        if (f_n >= 10'd4) assert(len_q[15:8] == f_len_hi);
        if (f_n >= 10'd5) assert(p_q[7:0] == f_p0);
        assert(bad_q == f_bad);
    end

    // The output queue (the encoder writes records at oq_wp, POLL chunks pop
    // them at oq_hp): it never holds more than OQ_N - 1 bytes, so the encoder
    // never writes over a byte not yet sent, whatever the records and the
    // POLLs; the head never passes the committed tail, nor the tail the write
    // pointer; a chunk (clen, or the scan looking for the next one) never
    // reaches past the committed tail. f_rem: the most bytes the record in the
    // encoder may still write (tag, this field's varint, MAXB per field left).
    localparam integer MAXB = (OW + 6) / 7;
    function [9:0] f_nb(input [OW-1:0] v);   // varint bytes of v
        integer k;
        begin
            f_nb = 10'd1;
            for (k = 7; k < OW; k = k + 7) if ((v >> k) != {OW{1'b0}}) f_nb = f_nb + 10'd1;
        end
    endfunction
    wire [9:0] f_rem  = (e_tag_q ? 10'd1 : 10'd0) +
                        ((e_tag_q && e_none_q) ? 10'd0 : f_nb(e_v_q) + {8'd0, e_left_q} * MAXB[9:0]);
    wire [9:0] f_com  = oq_ct_q - oq_hp_q;
    wire       f_scan = b_st_q == B_SCAN0 || b_st_q == B_SCAN || b_st_q == B_SCANW;
    always @(*) if (f_past && !rst_i) begin
        assert(oq_used <= OQ_N[9:0] - 10'd1);
        if (e_busy_q) assert(oq_used + f_rem <= OQ_N[9:0] - 10'd1);
        assert(f_com <= oq_used);
        if (!f_scan) assert({1'b0, clen_q} <= f_com);
        else begin
            assert(sc_av_q <= f_com);
            if (b_st_q == B_SCAN0) assert(sc_best_q == 9'd0 && sc_i_q == 9'd1);
            else assert(sc_i_q != 9'd0 && sc_i_q <= SC_END && {1'b0, sc_i_q} <= sc_av_q + 10'd1 &&
                        sc_best_q < sc_i_q);
            if (b_st_q == B_SCANW) assert(sc_i_q < SC_END && {1'b0, sc_i_q} < sc_av_q);
            if (b_st_q != B_SCAN0 && sc_av_q != 10'd0) assert({1'b0, sc_i_q} <= sc_av_q);
        end
    end

    always @(posedge clk_i) begin
        cover(f_past && !rst_i && f_com != 10'd0 && e_busy_q && !e_tag_q);   // a record written behind a committed one
        cover(f_past && !rst_i && commit && f_have && f_seq == 8'd1);       // two packets in sequence
        cover(f_past && !rst_i && fdone && !corrupt && seqd && seq_q != expect_q && open_q);   // a duplicate answered
        cover(f_past && !rst_i && used == NS[NS_LOG:0]);                      // receive buffer full
    end
`endif
endmodule
`default_nettype wire
