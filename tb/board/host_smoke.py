#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Scripted host for the board model (tb/board/): talks docs/protocol.md over
# the model's pty with termios and checks the device's answers: INFO,
# SET_BAUD to the fast rate, RESET, TUPLES (ACK, credit), a duplicate (ACK,
# not applied twice), a gap (ERR sequence), a corrupt frame (ERR corrupt), an
# unknown type (ERR unknown), CONFIG range errors, EOS, POLL/OUT until done
# (records parsed, END last, a repeated POLL returns the same chunk), a flood
# of one-byte frames (each answered or counted as a dropped reply), STATUS
# counters. Retire records (pfp): every field of the encoding, a value
# delta that needs all 64 bits (valid), an insn wider than 32 bits (ERR
# range). Prints "PASS host-smoke ..." or "FAIL host-smoke: <why>", exit 0/1.
# Also: SET_BAUD not followed by the host -> the device falls back to the
# boot rate.
# usage: host_smoke.py PTY ENGINE [--baud B] [--tuples N] [--trace-seed S]
import argparse, os, random, select, sys, termios, time

END, ESC = 0xC0, 0xDB
BAUDS = {115200: termios.B115200, 1000000: termios.B1000000, 2000000: termios.B2000000,
         3000000: termios.B3000000}

def crc16(data):
    c = 0xFFFF
    for b in data:
        c ^= b << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
    return c

def slip(body):
    out = bytearray([END])
    for b in body:
        if b == END: out += bytes([ESC, 0xDC])
        elif b == ESC: out += bytes([ESC, 0xDD])
        else: out.append(b)
    out.append(END)
    return bytes(out)

def pkt(t, seq, pl=b""):
    body = bytes([t, seq & 0xFF, len(pl) & 0xFF, len(pl) >> 8]) + bytes(pl)
    c = crc16(body)
    return body + bytes([c & 0xFF, c >> 8])

def uvar(v):
    out = bytearray()
    while True:
        b = v & 0x7F; v >>= 7
        if v: out.append(b | 0x80)
        else: out.append(b); return bytes(out)

def zz(d):
    d &= (1 << 64) - 1
    s = d - (1 << 64) if d >> 63 else d
    return ((s << 1) ^ (s >> 63)) & ((1 << 64) - 1)

def getvar(p, i):
    v, sh = 0, 0
    while True:
        b = p[i]; i += 1
        v |= (b & 0x7F) << sh; sh += 7
        if not b & 0x80: return v, i

class Fail(Exception):
    pass

class Link:
    def __init__(self, path):
        self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        self.buf = bytearray()
        self.set_baud(115200)

    def set_baud(self, b):
        a = termios.tcgetattr(self.fd)
        a[0] = 0; a[1] = 0; a[2] = termios.CS8 | termios.CREAD | termios.CLOCAL; a[3] = 0
        a[4] = a[5] = BAUDS[b]
        a[6][termios.VMIN] = 0; a[6][termios.VTIME] = 0
        termios.tcsetattr(self.fd, termios.TCSANOW, a)

    def send(self, raw):
        os.write(self.fd, raw)

    def recv(self, timeout=20.0):
        """next well-formed device packet (type, seq, payload) or None"""
        t_end = time.time() + timeout
        while True:
            while END in self.buf:
                i = self.buf.index(END)
                frame = bytes(self.buf[:i]); del self.buf[:i + 1]
                if not frame: continue
                body, j = bytearray(), 0
                while j < len(frame):
                    if frame[j] == ESC and j + 1 < len(frame):
                        body.append(END if frame[j + 1] == 0xDC else ESC); j += 2
                    else:
                        body.append(frame[j]); j += 1
                if len(body) < 6: continue
                n = body[2] | body[3] << 8
                if len(body) != n + 6 or crc16(body[:-2]) != (body[-2] | body[-1] << 8):
                    raise Fail("device frame with a bad length or CRC: %s" % body.hex())
                return body[0], body[1], bytes(body[4:4 + n])
            left = t_end - time.time()
            if left <= 0: return None
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                try: self.buf += os.read(self.fd, 4096)
                except OSError: pass

    def req(self, raw, want, what, stale=()):
        """Send raw, return the answer; frames of a type in stale (late
        answers to idempotent requests sent before) are skipped."""
        self.send(raw)
        r = self.recv()
        while r is not None and r[0] in stale and r[0] != want:
            r = self.recv()
        if r is None: raise Fail("no answer to %s" % what)
        if r[0] != want: raise Fail("%s: got type 0x%02x %s, want 0x%02x" % (what, r[0], r[2].hex(), want))
        return r

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pty"); ap.add_argument("engine")
    ap.add_argument("--baud", type=int, default=3000000)
    ap.add_argument("--tuples", type=int, default=300)
    ap.add_argument("--trace-seed", type=int, default=5)
    a = ap.parse_args()
    try:
        L = Link(a.pty)
        t, seq, p = L.req(slip(pkt(0x01, 0, b"\x01")), 0x83, "HELLO(1)")
        proto, board, eng, kind, slots = p[0], p[1], p[2], p[3], p[4]
        clk_khz = int.from_bytes(p[5:9], "little"); div = int.from_bytes(p[9:13], "little")
        params, i = {}, 13
        while i < len(p):
            pid = p[i]; v, i = getvar(p, i + 1); params[pid] = v
        want_eng = {"mhash": 1, "strat": 2, "rap": 3, "pfp": 4}[a.engine]
        if proto != 1 or eng != want_eng or seq != 0:
            raise Fail("INFO proto %d engine %d seq %d" % (proto, eng, seq))
        print("INFO board=%d engine=%d kind=%d slots=%d clk_khz=%d divisor=0x%x params=%s"
              % (board, eng, kind, slots, clk_khz, div, params))
        # SET_BAUD but the host stays at the boot rate: after ~100 ms without
        # a valid packet the device falls back to the boot rate
        ndiv = round(clk_khz * 1000 * 256 / a.baud)
        t, seq, p = L.req(slip(pkt(0x02, 0, ndiv.to_bytes(4, "little") + b"\x33")), 0x81, "SET_BAUD (not followed)")
        if p[0] != 0x33: raise Fail("SET_BAUD ACK carries %d, not the token" % p[0])
        t_end = time.time() + 60
        while True:
            L.send(slip(pkt(0x01, 0, b"\x00")))
            r = L.recv(timeout=1.0)
            if r is not None and r[0] == 0x83: break
            if time.time() > t_end: raise Fail("no fall-back to the boot rate after SET_BAUD")
        if int.from_bytes(r[2][9:13], "little") != div: raise Fail("fall-back divisor 0x%x" % int.from_bytes(r[2][9:13], "little"))
        # switch to the fast rate
        # a HELLO of the loop above that timed out on a slow (loaded) model
        # may still be answered: skip such INFO frames
        L.req(slip(pkt(0x02, 0, ndiv.to_bytes(4, "little") + b"\x07")), 0x81, "SET_BAUD", stale=(0x83,))
        time.sleep(0.05)
        L.set_baud(a.baud)
        t, seq, p = L.req(slip(pkt(0x01, 0, b"\x00")), 0x83, "HELLO(0) at the new rate")
        if int.from_bytes(p[9:13], "little") != ndiv: raise Fail("divisor not switched")
        # unknown type, corrupt frame
        L.req(slip(pkt(0x33, 0)), 0x82, "unknown type")
        bad = bytearray(pkt(0x03, 0)); bad[-1] ^= 0x55
        t, seq, p = L.req(slip(bytes(bad)), 0x82, "corrupt frame")
        if p[0] != 1: raise Fail("corrupt frame: ERR code %d" % p[0])
        s = 0
        t, seq, p = L.req(slip(pkt(0x03, s)), 0x81, "RESET"); s += 1
        credit0 = p[1]
        if not slots - 1 <= credit0 <= slots: raise Fail("credit after RESET %d, slots %d" % (credit0, slots))
        # CONFIG: unknown register -> ERR(RANGE) (uses up the seq)
        t, seq, p = L.req(slip(pkt(0x04, s, b"\x63\x01")), 0x82, "CONFIG bad register"); s += 1
        if p[0] != 5 or seq != s: raise Fail("CONFIG bad register: code %d expect %d" % (p[0], seq))
        # engine settings that make the engine talk on a short stream
        cfgs = {"strat": bytes([2]) + uvar(4) + bytes([3]) + uvar(16384),
                "mhash": bytes([6]) + uvar(40) + bytes([7]) + uvar(3), "rap": bytes([1]) + uvar(3276),
                "pfp": bytes([1]) + uvar(1)}
        t, seq, p = L.req(slip(pkt(0x04, s, cfgs[a.engine])), 0x81, "CONFIG"); s += 1
        # tuples
        rng = random.Random(a.trace_seed)
        nf = {1: 1, 2: 2, 3: 5}[kind]
        wid = params.get(9 if kind == 3 else 1, 64)
        if kind == 3:
            # retire: pc, insn (raw), meta (raw), value, addr; sequential addis
            # with an occasional taken branch (class 4, flags bit 2)
            tuples, pc = [], 0x1000
            for _ in range(a.tuples):
                br = rng.randrange(0, 8) == 0
                tuples.append((pc, 0x00000063 if br else 0x00100093, (4 | 4 << 8 | 4 << 16) if br else 4 << 16,
                               rng.randrange(0, 1 << 64), rng.randrange(0, 1 << 40)))
                pc = pc - 32 if br else pc + 4
        else:
            tuples = [tuple(rng.randrange(0, 4) * 16 + 0x1000 for _ in range(nf)) for _ in range(a.tuples)]
        def enc_rec(tu, prev):
            if nf == 5:
                return (uvar(zz(tu[0] - prev[0])) + uvar(tu[1]) + uvar(tu[2]) + uvar(zz(tu[3] - prev[3]))
                        + uvar(zz(tu[4] - prev[4])))
            return b"".join(uvar(zz(tu[f] - prev[f])) for f in range(nf))
        pkts, cur, prev = [], bytearray(), [0] * nf
        for tu in tuples:
            enc = enc_rec(tu, prev)
            if len(cur) + len(enc) > 256:
                pkts.append(bytes(cur)); cur = bytearray(); prev = [0] * nf
                enc = enc_rec(tu, prev)
            cur += enc; prev = list(tu)
        if cur: pkts.append(bytes(cur))
        for k, pl in enumerate(pkts):
            t, seq, p = L.req(slip(pkt(0x05, s, pl)), 0x81, "TUPLES %d" % k)
            if p[0] != s & 0xFF: raise Fail("ACK acked %d want %d" % (p[0], s))
            s += 1
            if k == 0:
                # the same packet again: a duplicate, ACKed, not applied
                t, seq, p = L.req(slip(pkt(0x05, s - 1, pl)), 0x81, "duplicate TUPLES")
                # a gap: ERR(SEQ)
                t, seq, p = L.req(slip(pkt(0x05, s + 3, pl)), 0x82, "TUPLES after a gap")
                if p[0] != 3: raise Fail("gap: ERR code %d" % p[0])
        # a value wider than the engine's field
        if wid < 64:
            wide = uvar(zz(1 << wid)) + (bytes(4) if nf == 5 else uvar(zz(1 << wid)) * (nf - 1))
            t, seq, p = L.req(slip(pkt(0x05, s, wide)), 0x82, "too wide"); s += 1
            if p[0] != 5: raise Fail("too wide: ERR code %d" % p[0])
        if nf == 5:
            # an insn of 33 bits: ERR(RANGE); a meta of 32 bits and a value
            # delta of 64 bits (a 10-byte varint): valid, one more record
            t, seq, p = L.req(slip(pkt(0x05, s, bytes([0]) + uvar(1 << 32) + bytes(3))), 0x82, "insn too wide"); s += 1
            if p[0] != 5: raise Fail("insn too wide: ERR code %d" % p[0])
            t, seq, p = L.req(slip(pkt(0x05, s, bytes([0]) + uvar(1 << 33) + bytes(3))), 0x82, "insn too wide"); s += 1
            if p[0] != 5: raise Fail("insn 34 bits: ERR code %d" % p[0])
            big = uvar(0x1000) + uvar(0x13) + uvar(0xff000000) + uvar(zz(-(1 << 63))) + uvar((1 << 64) - 1)
            if len(big) != 1 + 2 + 5 + 10 + 10: raise Fail("test encoding")
            t, seq, p = L.req(slip(pkt(0x05, s, big)), 0x81, "retire record with 64-bit deltas"); s += 1
            tuples.append((0x1000, 0x13, 0xff000000, 0, 0))
        t, seq, p = L.req(slip(pkt(0x04, s, cfgs[a.engine])), 0x82, "CONFIG after TUPLES"); s += 1
        if p[0] != 4: raise Fail("CONFIG after TUPLES: ERR code %d" % p[0])
        t, seq, p = L.req(slip(pkt(0x06, s)), 0x81, "EOS"); s += 1
        # poll until done and empty
        chunk, recs, flags, repeated = 0, [], 0, False
        deadline = time.time() + 60
        while True:
            t, seq, p = L.req(slip(pkt(0x07, 0, bytes([chunk]))), 0x84, "POLL %d" % chunk)
            if p[0] != chunk: raise Fail("OUT chunk %d want %d" % (p[0], chunk))
            if len(p) > 2 and not repeated:
                # a chunk with records, asked for again: the same records
                repeated = True
                t2, _, p2 = L.req(slip(pkt(0x07, 0, bytes([chunk]))), 0x84, "POLL %d again" % chunk)
                if p2[2:] != p[2:]: raise Fail("repeated POLL returned other records")
            flags, body, i = p[1], p[2:], 0
            while i < len(body):
                tag = body[i]; i += 1
                nfld = {0x01: 3, 0x02: 2 if a.engine == "pfp" else 1, 0xF0: 0,
                        0xF1: {"rap": 8, "pfp": 19, "mhash": 3}.get(a.engine, 1)}[tag]
                f = []
                for _ in range(nfld):
                    v, i = getvar(body, i); f.append(v)
                recs.append((tag, f))
            if len(p) > 2: chunk = (chunk + 1) & 0xFF   # an empty chunk is asked for again
            if flags & 2 and not flags & 1 and recs and recs[-1][0] == 0xF0: break
            if len(p) == 2: time.sleep(0.01)
            if time.time() > deadline: raise Fail("no END after EOS (flags 0x%x, %d records)" % (flags, len(recs)))
        if [r for r in recs if r[0] == 0xF0] != [recs[-1]]: raise Fail("END not last / not once")
        if a.engine == "pfp":
            # COUNTERS, DHASH (dispatch_hash, FIFO overflow flag 0), END
            if [r[0] for r in recs] != [0xF1, 0x02, 0xF0]: raise Fail("pfp records %s" % recs)
            if recs[1][1][1] != 0: raise Fail("pfp DHASH: dispatch FIFO overflow flag set")
        # a flood of one-byte frames, each answered by an ERR(CORRUPT) ten
        # times its size: the reply queue overflows; every frame is either
        # answered or counted in STATUS "replies dropped"
        nflood = 24
        L.send((b"\x01" + bytes([END])) * nflood)
        nerr = 0
        while True:
            r = L.recv(timeout=1.0)
            if r is None: break
            if r[0] != 0x82 or r[2][0] != 1: raise Fail("flood: got type 0x%02x %s" % (r[0], r[2].hex()))
            nerr += 1
        t, seq, p = L.req(slip(pkt(0x08, 0)), 0x85, "STATUS")
        st, i = [], 0
        while i < len(p):
            v, i = getvar(p, i); st.append(v)
        if len(st) != 10: raise Fail("STATUS has %d values" % len(st))
        if st[9] == 0 or nerr + st[9] != nflood:
            raise Fail("flood of %d frames: %d answered, %d replies dropped" % (nflood, nerr, st[9]))
        if st[0] != len(tuples): raise Fail("STATUS: %d records accepted, %d sent" % (st[0], len(tuples)))
        if st[6] < 1 or st[5] < 1 or st[7] != len(recs):
            raise Fail("STATUS counters %s (records %d)" % (st, len(recs)))
        print("PASS host-smoke engine=%s tuples=%d packets=%d out_records=%d flood=%d answered=%d status=%s"
              % (a.engine, len(tuples), len(pkts), len(recs), nflood, nerr, st))
        return 0
    except Fail as e:
        print("FAIL host-smoke: %s" % e)
        return 1

if __name__ == "__main__":
    sys.exit(main())
