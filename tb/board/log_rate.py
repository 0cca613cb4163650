#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Streaming rate from a board-model line log (Vboard --log): cycles from the
# first byte of the first TUPLES frame to the last byte of the EOS frame
# (host to device), and the tuples per second that gives at the board clock.
# usage: log_rate.py LOG TUPLES CLOCK_HZ
import sys

def main():
    log, n, hz = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    start = end = None
    frame, fstart = [], None
    for line in open(log):
        f = line.split()
        if len(f) < 3 or f[1] != "H" or "dropped" in line: continue
        c, b = int(f[0]), int(f[2], 16)
        if b == 0xC0:
            if frame:
                if frame[0] == 0x05 and start is None: start = fstart
                if frame[0] == 0x06: end = c
            frame, fstart = [], None
        else:
            if not frame: fstart = c
            frame.append(b)
    if start is None or end is None or end <= start:
        print("rate: no TUPLES..EOS span in the log"); return 1
    cyc = end - start
    print("streaming %d tuples took %d cycles = %.0f tuples/s at %.0f MHz" % (n, cyc, n * hz / cyc, hz / 1e6))
    return 0

if __name__ == "__main__":
    sys.exit(main())
