#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Reads a tb/board/tb_gate.v log and checks the board's answers: every frame
# well formed (stuffing, length, CRC-16/CCITT-FALSE), the reply types of the
# session in order (ACK to SET_BAUD with the token, INFO, ACK x5, OUT x4,
# STATUS), an END record in the OUTs, STATUS counting the 80 tuples.
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
    types = [p[0] for p in pk]
    want = [0x81, 0x83, 0x81, 0x81, 0x81, 0x81, 0x81, 0x84, 0x84, 0x84, 0x84, 0x85]
    if types != want:
        print("bad: reply types %s, want %s" % ([hex(t) for t in types], [hex(t) for t in want])); return 1
    if pk[0][2][0] != 0x5A:
        print("bad: SET_BAUD ACK does not echo the token"); return 1
    outs = b"".join(p[2][2:] for p in pk if p[0] == 0x84)
    recs, i = [], 0
    while i < len(outs):
        tag = outs[i]; i += 1
        nf = {0x01: 3, 0xF0: 0}.get(tag)
        if nf is None: print("bad: unknown record tag 0x%02x" % tag); return 1
        f = []
        for _ in range(nf):
            v, i = var(outs, i); f.append(v)
        recs.append((tag, f))
    if not recs or recs[-1][0] != 0xF0:
        print("bad: no END record"); return 1
    st, i = [], 0
    while i < len(pk[-1][2]):
        v, i = var(pk[-1][2], i); st.append(v)
    if len(st) != 10 or st[0] != 80 or st[9] != 0:
        print("bad: STATUS %s (want 10 counters, 80 records accepted, no reply dropped)" % st); return 1
    print("ok %d frames, %d output records (%d messages + END), STATUS %s" % (len(pk), len(recs), len(recs) - 1, st))
    return 0

if __name__ == "__main__":
    sys.exit(main())
