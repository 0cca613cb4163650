#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Reads a tb/board/tb_gate.v log and checks the board's answers: every frame
# well formed (stuffing, length, CRC-16/CCITT-FALSE), one reply per request of
# the right type in order (ACK to SET_BAUD with the token, INFO to HELLO, ACK
# to RESET, CONFIG, TUPLES, EOS and HOSTOP, OUT to each POLL, STATUS), the last OUT
# with records ending in the END record, STATUS counting every record sent
# (the log's "RECORDS n") with no reply dropped. strat's records are parsed
# one by one (tag 0x01, three fields); other engines' only to their END.
# usage: gate_check.py LOG     prints "ok ..." or "bad: ...", exit 0/1
import sys

def crc16(d):
    c = 0xFFFF
    for b in d:
        c ^= b << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
    return c

def var(p, i):
    v = s = 0
    while True:
        b = p[i]; i += 1; v |= (b & 0x7F) << s; s += 7
        if not b & 0x80: return v, i

def main():
    rx = [int(l.split()[1], 16) for l in open(sys.argv[1]) if l.startswith("RX ")]
    if any("framing" in l or "TIMEOUT" in l for l in open(sys.argv[1])):
        print("bad: framing error or timeout in the log"); return 1
    frames, cur = [], []
    for b in rx:
        if b == 0xC0:
            if cur: frames.append(bytes(cur))
            cur = []
        else: cur.append(b)
    pk = []
    for f in frames:
        body = f.replace(b"\xdb\xdc", b"\xc0").replace(b"\xdb\xdd", b"\xdb")
        n = body[2] | body[3] << 8
        if len(body) != n + 6 or crc16(body[:-2]) != (body[-2] | body[-1] << 8):
            print("bad: malformed frame %s" % body.hex()); return 1
        pk.append((body[0], body[1], body[4:4 + n]))
    lines = open(sys.argv[1]).read().split("\n")
    head = [l.split() for l in lines if l.startswith("ENGINE ")]
    if not head:
        print("bad: no ENGINE line in the log"); return 1
    eng, nrec = head[0][1], int(head[0][3])
    reply = {0x02: 0x81, 0x01: 0x83, 0x03: 0x81, 0x04: 0x81, 0x05: 0x81, 0x06: 0x81, 0x07: 0x84, 0x08: 0x85, 0x09: 0x81}
    want = [reply[int(l.split()[1], 16)] for l in lines if l.startswith("TX ")]
    types = [p[0] for p in pk]
    if types != want:
        print("bad: reply types %s, want %s" % ([hex(t) for t in types], [hex(t) for t in want])); return 1
    if pk[0][2][0] != 0x5A:
        print("bad: SET_BAUD ACK does not echo the token"); return 1
    outs = b"".join(p[2][2:] for p in pk if p[0] == 0x84)
    if not outs or outs[-1] != 0xF0:
        print("bad: the OUTs do not end with the END record"); return 1
    nrecs = "%d bytes of records" % len(outs)
    if eng == "strat":
        recs, i = [], 0
        while i < len(outs):
            tag = outs[i]; i += 1
            nf = {0x01: 3, 0xF0: 0}.get(tag)
            if nf is None: print("bad: unknown record tag 0x%02x" % tag); return 1
            f = []
            for _ in range(nf):
                v, i = var(outs, i); f.append(v)
            recs.append((tag, f))
        if recs[-1][0] != 0xF0 or any(r[0] == 0xF0 for r in recs[:-1]):
            print("bad: END is not the last record"); return 1
        nrecs = "%d output records (%d messages + END)" % (len(recs), len(recs) - 1)
    st, i = [], 0
    while i < len(pk[-1][2]):
        v, i = var(pk[-1][2], i); st.append(v)
    if len(st) != 10 or st[0] != nrec or st[9] != 0:
        print("bad: STATUS %s (want 10 counters, %d records accepted, no reply dropped)" % (st, nrec)); return 1
    print("ok %s: %d frames, %s, STATUS %s" % (eng, len(pk), nrecs, st))
    return 0

if __name__ == "__main__":
    sys.exit(main())
