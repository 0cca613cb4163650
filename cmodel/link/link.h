/* SPDX-License-Identifier: Apache-2.0
 *
 * The hwprof link protocol (docs/protocol.md) in C: CRC-16/CCITT-FALSE, SLIP
 * framing with a byte-at-a-time deframer, packet encode/parse with every
 * check of the doc, LEB128 varints with zigzag deltas, the TUPLES encoder and
 * decoder (tuple1 / tuple2 / retire), output records, and the host session
 * (go-back-N over the device's credits, retransmission on ERR or timeout,
 * POLL/OUT chunks, SET_BAUD handshake) written against an abstract byte I/O
 * so that it runs on a tty, a pty or an in-memory pipe. The device side in C
 * is tests/link/devemu.c; the device side in Verilog is rtl/link/.
 */
#ifndef HWP_LINK_H
#define HWP_LINK_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HWL_PROTO 1
#define HWL_BOOT_BAUD 115200u
#define HWL_MAX_PAYLOAD 256u
#define HWL_HDR 4u
#define HWL_MAX_BODY (HWL_HDR + HWL_MAX_PAYLOAD + 2u)
#define HWL_MAX_FRAME (2u * HWL_MAX_BODY + 2u) /* END + fully stuffed body + END */
#define HWL_WINDOW 64u                        /* W: duplicate window of the device */
#define HWL_MIN_DIV 0x400u                    /* UART divisors, 24.8 clocks per bit: 4.0 .. */
#define HWL_MAX_DIV 0xffffffu                 /* .. 65535.996 (24 bits) */

#define HWL_END 0xC0u
#define HWL_ESC 0xDBu
#define HWL_ESC_END 0xDCu
#define HWL_ESC_ESC 0xDDu

/* Packet types. */
enum {
    HWL_HELLO = 0x01, HWL_SET_BAUD = 0x02, HWL_RESET = 0x03, HWL_CONFIG = 0x04,
    HWL_TUPLES = 0x05, HWL_EOS = 0x06, HWL_POLL = 0x07, HWL_STATUS_REQ = 0x08,
    HWL_HOSTOP = 0x09,
    HWL_ACK = 0x81, HWL_ERR = 0x82, HWL_INFO = 0x83, HWL_OUT = 0x84, HWL_STATUS = 0x85
};

/* ERR codes. */
enum {
    HWL_E_CORRUPT = 1, HWL_E_UNKNOWN = 2, HWL_E_SEQ = 3, HWL_E_STATE = 4, HWL_E_RANGE = 5,
    HWL_E_TOOLONG = 6, HWL_E_SESSION = 7
};

/* ACK / ERR / OUT flags. */
#define HWL_F_OUT 0x01u
#define HWL_F_DONE 0x02u
#define HWL_F_IRQ 0x04u
#define HWL_F_BUSY 0x08u

/* Engine ids (INFO) and output record tags. */
enum { HWL_ENG_MHASH = 1, HWL_ENG_STRAT = 2, HWL_ENG_RAP = 3, HWL_ENG_PFP = 4, HWL_ENG_COPROC = 5 };
/* INFO kind 0: the board feeds its engine itself (an on-chip source, the
 * SoC of docs/soc.md); it takes no TUPLES and STATUS field 1 counts the
 * events its engine took from that source */
#define HWL_KIND_BOARD 0
#define HWL_TAG_END 0xF0u
#define HWL_TAG_COUNTERS 0xF1u

/* STATUS fields, in payload order. REPLYDROP: replies the device dropped
   because its reply queue was full (the RTL's 4-entry descriptor queue under
   a flood of short frames; the emulator replies at once and never drops). */
enum {
    HWL_ST_ACCEPTED, HWL_ST_STALLS, HWL_ST_APPLIED, HWL_ST_CORRUPT, HWL_ST_UNKNOWN,
    HWL_ST_OUTOFSEQ, HWL_ST_DUPLICATES, HWL_ST_OUTQUEUED, HWL_ST_CYCLES, HWL_ST_REPLYDROP, HWL_ST_N
};

const char *hwl_type_name(int type);   /* "ACK", ... or "type 0x.." (static buffer-free) */
const char *hwl_err_name(int code);    /* "corrupt", "sequence", ... */
const char *hwl_engine_name(int id);   /* "mhash", ... or NULL */
int hwl_engine_id(const char *name);   /* 0 if unknown */
int hwl_host_type(int type);           /* 1 if a host-to-device type */
int hwl_dev_type(int type);            /* 1 if a device-to-host type */
int hwl_sequenced(int type);           /* RESET CONFIG TUPLES EOS HOSTOP */

/* ------------------------------------------------------------ CRC, framing */
/* CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor.
 * hwl_crc16_update continues from crc. */
uint16_t hwl_crc16_update(uint16_t crc, const uint8_t *p, size_t n);
uint16_t hwl_crc16(const uint8_t *p, size_t n);

/* END, stuffed body, END into out (at least 2 * n + 2 bytes); returns the
 * length. */
size_t hwl_slip_encode(const uint8_t *body, size_t n, uint8_t *out);

/* Streaming deframer. Feed one byte at a time. */
enum {
    HWL_DF_NONE = 0,    /* nothing complete yet (also: empty frame ignored) */
    HWL_DF_FRAME = 1,   /* a body is complete: d->buf, d->n */
    HWL_DF_BADESC = -1, /* a frame with broken stuffing ended (discarded) */
    HWL_DF_TOOLONG = -2 /* a frame longer than HWL_MAX_BODY ended (discarded) */
};
typedef struct hwl_deframer {
    uint8_t buf[HWL_MAX_BODY];
    size_t n;
    int esc, bad_esc, too_long;
    size_t raw; /* bytes of the current frame (stuffed) */
} hwl_deframer;
void hwl_deframer_init(hwl_deframer *d);
int hwl_deframe_byte(hwl_deframer *d, uint8_t c);

/* ------------------------------------------------------------ packets */
typedef struct hwl_pkt {
    uint8_t type, seq;
    uint16_t len;
    uint8_t pl[HWL_MAX_PAYLOAD];
} hwl_pkt;

/* Parse results. */
enum { HWL_P_OK = 0, HWL_P_SIZE = -1, HWL_P_CRC = -2, HWL_P_LEN = -3 };
/* Body (header, payload, CRC) into out (HWL_MAX_BODY bytes); returns its size. */
size_t hwl_pkt_body(const hwl_pkt *p, uint8_t *out);
/* Body + framing into out (HWL_MAX_FRAME bytes); returns the frame size. */
size_t hwl_pkt_frame(const hwl_pkt *p, uint8_t *out);
/* Checks a body: size, len, CRC. Does not judge the type. */
int hwl_pkt_parse(const uint8_t *body, size_t n, hwl_pkt *p);
const char *hwl_parse_name(int rc);

/* ------------------------------------------------------------ varints */
#define HWL_VARINT_MAX 10
static inline uint64_t hwl_zz(uint64_t d) { return (d << 1) ^ (uint64_t)(-(int64_t)(d >> 63)); }
static inline uint64_t hwl_unzz(uint64_t z) { return (z >> 1) ^ (uint64_t)(-(int64_t)(z & 1)); }
/* Writes v, returns the bytes used (1..10). */
size_t hwl_uvar_put(uint8_t *out, uint64_t v);
size_t hwl_uvar_len(uint64_t v);
/* Reads a varint at p[*pos], n = end. 0 ok (*pos advanced), -1 the data ends
 * inside it, -2 longer than 10 bytes or more than 64 bits. */
int hwl_uvar_get(const uint8_t *p, size_t n, size_t *pos, uint64_t *v);

/* ------------------------------------------------------------ tuple encoding */
/* Field widths the decoder enforces: w0 for a / pc, w1 for b (tuple2). */
typedef struct hwl_kind {
    int kind; /* HWP_KIND_* */
    int w0, w1;
} hwl_kind;

/* Bytes one record takes after prev (NULL = first of a packet). */
size_t hwl_rec_encode(int kind, const hwp_rec *prev, const hwp_rec *r, uint8_t *out);
#define HWL_REC_MAX (5 * HWL_VARINT_MAX)

/* Packs records into TUPLES payloads, never splitting a record. */
typedef struct hwl_enc {
    int kind;
    uint8_t pl[HWL_MAX_PAYLOAD];
    size_t len;
    size_t nrec;
    hwp_rec prev;
} hwl_enc;
void hwl_enc_init(hwl_enc *e, int kind);
/* 1 = added; 0 = the packet is full (take pl/len/nrec, hwl_enc_init, add again). */
int hwl_enc_add(hwl_enc *e, const hwp_rec *r);

/* Decodes a TUPLES payload into out (capacity cap, HWL_MAX_PAYLOAD is
 * always enough). Returns the record count, or -1 with a message in msg
 * (n bytes): the whole packet is refused (ERR(RANGE)). */
long hwl_tuples_decode(const hwl_kind *k, const uint8_t *pl, size_t n, hwp_rec *out, size_t cap,
                       char *msg, size_t msgn);

/* ------------------------------------------------------------ output records */
#define HWL_OREC_MAXF 24
typedef struct hwl_orec {
    uint8_t tag;
    int nf;
    uint64_t f[HWL_OREC_MAXF];
} hwl_orec;
/* Fields of a tag for an engine, -1 if the engine has no such tag (the TAG
 * rows of the engines' descriptions, cmodel/link/engdesc.def). */
int hwl_orec_fields(int engine, uint8_t tag);
/* Appends r at out[*len] if it fits in cap; 1 = added, 0 = no room. */
int hwl_orec_put(uint8_t *out, size_t cap, size_t *len, const hwl_orec *r);
size_t hwl_orec_size(const hwl_orec *r);
/* Reads one record at p[*pos]: 0 ok, -1 with msg (unknown tag, truncated). */
int hwl_orec_get(int engine, const uint8_t *p, size_t n, size_t *pos, hwl_orec *r, char *msg,
                 size_t msgn);

/* ------------------------------------------------------------ INFO */
#define HWL_INFO_MAXP 32
typedef struct hwl_info {
    int proto, board, engine, kind, slots;
    uint32_t clk_khz, divisor;
    int np;
    uint8_t pid[HWL_INFO_MAXP];
    uint64_t pval[HWL_INFO_MAXP];
} hwl_info;
int hwl_info_parse(const hwl_pkt *p, hwl_info *info, char *msg, size_t msgn);
/* INFO payload into pl; returns its length, 0 if the parameters do not fit
 * in one payload (each takes 11 bytes: at most 22). */
size_t hwl_info_build(const hwl_info *info, uint8_t *pl);
/* Value of build parameter id; 1 found, 0 absent. */
int hwl_info_param(const hwl_info *info, int id, uint64_t *v);

/* Divisor (24.8 clocks per bit) for baud at clk_khz; 0 if unreachable
 * (below 4 clocks per bit or above 2^24). */
uint32_t hwl_divisor(uint32_t clk_khz, uint32_t baud);
double hwl_divisor_baud(uint32_t clk_khz, uint32_t div);

/* ------------------------------------------------------------ host session */
typedef struct hwl_io {
    void *ctx;
    /* Writes all n bytes: 0 or -1. */
    int (*write)(void *ctx, const uint8_t *p, size_t n);
    /* Waits up to timeout_ms for bytes; returns the count (0 = timeout) or -1. */
    long (*read)(void *ctx, uint8_t *p, size_t n, int timeout_ms);
    /* Optional: waits until written bytes have left (tcdrain). */
    int (*drain)(void *ctx);
    /* Optional: sets the host's line rate. */
    int (*set_baud)(void *ctx, uint32_t baud);
} hwl_io;

/* Called for every new OUT chunk's payload records (after the chunk and
 * flags bytes); nonzero = stop with an error (message in the host's err). */
typedef int (*hwl_out_fn)(void *ctx, const uint8_t *recs, size_t n);

typedef struct hwl_host_stats {
    uint64_t tx_bytes, rx_bytes;
    uint64_t tx_packets, rx_packets;
    uint64_t tx_seq_packets;     /* sequenced packets sent first time */
    uint64_t retransmits;        /* sequenced packets sent again */
    uint64_t timeouts;           /* waits that ended with no reply */
    uint64_t err_replies[8];     /* ERR by code */
    uint64_t rx_corrupt;         /* device frames that failed checks */
    uint64_t rx_unknown;         /* device frames of an unknown type */
    uint64_t rx_stale;           /* replies that no longer matched (late duplicates) */
    uint64_t polls, out_chunks, out_dup;
    uint64_t probes;             /* credit probes */
    uint64_t tuples_payload_bytes, tuples_frame_bytes, tuples_packets;
    uint64_t units_acked;        /* units of the sequenced packets the device acknowledged */
} hwl_host_stats;

typedef struct hwl_slot {
    uint8_t frame[HWL_MAX_FRAME];
    size_t n;
    uint8_t type, seq;
    uint32_t units; /* what the caller counts in it (records of a TUPLES packet) */
} hwl_slot;

typedef struct hwl_host {
    hwl_io io;
    int timeout_ms;   /* reply wait before a retransmission */
    int retries;      /* consecutive fruitless waits before giving up */
    uint32_t baud;    /* current host rate (for messages) */
    hwl_deframer df;
    uint8_t next_seq; /* seq of the next new sequenced packet */
    uint8_t expect;   /* device's expect, from the latest reply */
    unsigned credit;  /* device's credit, from the latest reply */
    hwl_slot *win;    /* unacknowledged packets, ring of HWL_WINDOW */
    unsigned nwin;    /* count; the oldest has seq == expect */
    hwl_slot last;    /* newest acknowledged sequenced packet (credit probe) */
    int have_last;
    int rtx_mark;     /* expect at the last go-back-N, -1 none */
    uint8_t flags;    /* device flags from the latest ACK/ERR/OUT */
    uint8_t chunk;    /* next OUT chunk to fetch */
    unsigned acks_since_poll;
    int fatal_code;   /* ERR(STATE/RANGE) seen */
    int session;      /* this host's HELLO(1) has been answered */
    hwl_out_fn on_out;
    void *out_ctx;
    uint8_t rxb[4096]; /* bytes read but not yet deframed */
    size_t rxp, rxn;
    int fails;         /* consecutive waits in which nothing at all arrived */
    int noisy;         /* consecutive waits that ended with only corrupt bytes */
    uint64_t rx_seen;  /* rx_bytes when the last wait ended */
    hwl_host_stats st;
    void *trace;       /* FILE *: one line per packet sent / received, or NULL */
    char err[512];
} hwl_host;

/* 0 or -1 (out of memory). */
int hwl_host_init(hwl_host *h, const hwl_io *io, int timeout_ms, int retries);
void hwl_host_free(hwl_host *h);
/* Every function below returns 0 or -1 with h->err set. */
/* HELLO(new_session) until INFO. new_session also restarts seq and chunk. */
int hwl_host_hello(hwl_host *h, int new_session, hwl_info *info);
/* SET_BAUD handshake to baud (the device is at h->baud). info is the INFO
 * the device sent at the new rate. */
int hwl_host_set_baud(hwl_host *h, const hwl_info *cur, uint32_t baud, hwl_info *info);
/* Queues a sequenced packet, waiting for credit as needed. */
int hwl_host_send(hwl_host *h, uint8_t type, const uint8_t *pl, size_t n);
/* The same, for a packet that carries `units` of what the caller counts
 * (records): st.units_acked adds them once the device acknowledges it. */
int hwl_host_send_units(hwl_host *h, uint8_t type, const uint8_t *pl, size_t n, uint32_t units);
/* Waits until every sequenced packet is acknowledged. */
int hwl_host_flush(hwl_host *h);
/* Fetches OUT chunks until an empty one (calls on_out for each new one). */
int hwl_host_poll(hwl_host *h);
/* STATUS request: fills st[HWL_ST_N]. */
int hwl_host_status(hwl_host *h, uint64_t *st);
/* Reads whatever the device sent within timeout_ms and handles it.
 * Returns 1 if a packet was handled, 0 on timeout, -1 on error. */
int hwl_host_pump(hwl_host *h, int timeout_ms, hwl_pkt *got);

#ifdef __cplusplus
}
#endif
#endif
