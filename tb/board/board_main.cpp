// SPDX-License-Identifier: Apache-2.0
// Verilator model of a complete hwprof board top (fpga/<board>/hwp_board.v:
// pins clk_i, uart_rx_i, uart_tx_o) bridged to a pseudo-terminal, so that the
// unmodified host program talks to it exactly as to /dev/ttyUSB1.
//
// The bridge opens a pty (posix_openpt), prints "PTY <slave path>" on stdout
// (and into --pty-file), and plays the FTDI chip: every byte the host writes
// is sent on uart_rx_i as 8N1 bit times at the baud rate the host has set on
// the tty (read with tcgetattr, converted to clock cycles at the board
// clock), and uart_tx_o is sampled at the same rate and the bytes written
// back. Seeded error injection on the line, both directions: --flip P (one
// bit of a byte flipped with probability P) and --drop P (a byte lost with
// probability P). Runs until the host closes the tty (or --max-cycles), then
// prints one summary line: "BOARD cycles=... host_bytes=... dev_bytes=...".
// --reset-after N power-cycles the board once N host bytes have gone onto
// the line: the model is built anew (every register at its power-up value,
// the link back at the boot rate) and the byte in flight on either line is
// cut off.
//
// Board tops (fpga/<board>/hwp_board.v, built with the PLL's simulation
// model, HWP_SIM_PLL) have a second clock: the engine clock
// sim_eclk_i, driven here at --eclk-ratio times the board clock (default:
// the PLL's nominal HWP_ENG_MHZ) with its first edge at a random phase
// (--phase-seed); both clocks' rising edges are evaluated in time order.
// --meta-seed N passes +meta_seed=N to the synchronizers' metastability
// model (rtl/common/hwp_sync2.v under HWP_SIM_META).
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include "verilated.h"
#include VTOP_H

namespace {

struct Rng {  // xorshift64*
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    uint64_t next() { s ^= s >> 12; s ^= s << 25; s ^= s >> 27; return s * 0x2545F4914F6CDD1Dull; }
    double uni() { return (double)(next() >> 11) / 9007199254740992.0; }
};

long baud_of(speed_t s)
{
    switch (s) {
    case B9600: return 9600;
    case B19200: return 19200;
    case B38400: return 38400;
    case B57600: return 57600;
    case B115200: return 115200;
    case B230400: return 230400;
    case B460800: return 460800;
    case B500000: return 500000;
    case B576000: return 576000;
    case B921600: return 921600;
    case B1000000: return 1000000;
    case B1152000: return 1152000;
    case B1500000: return 1500000;
    case B2000000: return 2000000;
    case B2500000: return 2500000;
    case B3000000: return 3000000;
    case B3500000: return 3500000;
    case B4000000: return 4000000;
    default: return 0;
    }
}

void usage(FILE *f)
{
    std::fprintf(f,
        "usage: %s [options]\n"
        "Verilator model of the board top bridged to a pseudo-terminal.\n"
        "  --pty-file F     also write the slave path to F\n"
        "  --flip P         probability that a byte (either direction) has one bit flipped (0)\n"
        "  --drop P         probability that a byte (either direction) is lost (0)\n"
        "  --seed N         error-injection seed (1)\n"
        "  --max-cycles N   stop after N clock cycles (0: until the host closes the tty)\n"
        "  --sessions N     stop when the host has closed the tty N times (1); the board\n"
        "                   keeps its state between sessions, as a real one does\n"
        "  --reset-after N  power-cycle the board after N host bytes (0: never)\n"
        "  --log F          write every line byte to F (\"<cycle> H xx\" host to device, \"D xx\" back)\n"
        "  --eclk-ratio R   engine clock = R x board clock (%g, the PLL's nominal clock)\n"
        "  --phase-seed N   seed of the engine clock's random phase (1)\n"
        "  --meta-seed N    seed of the synchronizers' metastability model (1)\n"
        "  --help\n"
        "Board clock: %.0f Hz (" HWP_BOARD_NAME ", engine " HWP_ENGINE_NAME ").\n",
        HWP_PROG,
        HWP_ENG_MHZ * 1e6 / (double)HWP_CLK_HZ,
        (double)HWP_CLK_HZ);
}

}  // namespace

int main(int argc, char **argv)
{
    const char *pty_file = nullptr;
    FILE *logf = nullptr;
    double pflip = 0, pdrop = 0;
    uint64_t seed = 1, max_cycles = 0, sessions = 1, closes = 0, reset_after = 0, resets = 0;
    double eratio = HWP_ENG_MHZ * 1e6 / (double)HWP_CLK_HZ;
    uint64_t phase_seed = 1, meta_seed = 1;
    static const option opts[] = {
        {"pty-file", required_argument, 0, 'p'}, {"flip", required_argument, 0, 'f'},
        {"drop", required_argument, 0, 'd'},     {"seed", required_argument, 0, 's'},
        {"max-cycles", required_argument, 0, 'm'}, {"log", required_argument, 0, 'l'},
        {"sessions", required_argument, 0, 'n'}, {"reset-after", required_argument, 0, 'R'},
        {"eclk-ratio", required_argument, 0, 'r'}, {"phase-seed", required_argument, 0, 'P'},
        {"meta-seed", required_argument, 0, 'M'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "", opts, nullptr)) != -1) {
        char *end = nullptr;
        switch (c) {
        case 'p': pty_file = optarg; break;
        case 'f': pflip = std::strtod(optarg, &end); break;
        case 'd': pdrop = std::strtod(optarg, &end); break;
        case 's': seed = std::strtoull(optarg, &end, 0); break;
        case 'm': max_cycles = std::strtoull(optarg, &end, 0); break;
        case 'n': sessions = std::strtoull(optarg, &end, 0); break;
        case 'R': reset_after = std::strtoull(optarg, &end, 0); break;
        case 'l':
            logf = std::fopen(optarg, "w");
            if (!logf) { std::fprintf(stderr, "board: cannot write %s\n", optarg); return 1; }
            break;
        case 'r': eratio = std::strtod(optarg, &end); break;
        case 'P': phase_seed = std::strtoull(optarg, &end, 0); break;
        case 'M': meta_seed = std::strtoull(optarg, &end, 0); break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
        if (end && *end) {
            std::fprintf(stderr, "board: bad number '%s'\n", optarg);
            return 2;
        }
    }
    if (optind != argc || pflip < 0 || pflip > 1 || pdrop < 0 || pdrop > 1) {
        usage(stderr);
        return 2;
    }

    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) || unlockpt(m)) {
        std::fprintf(stderr, "board: cannot open a pseudo-terminal: %s\n", std::strerror(errno));
        return 1;
    }
    const char *slave = ptsname(m);
    if (!slave) {
        std::fprintf(stderr, "board: ptsname: %s\n", std::strerror(errno));
        return 1;
    }
    // Raw line at the boot rate until the host sets its own (no echo of the
    // device's bytes back into the model).
    termios t;
    if (tcgetattr(m, &t) == 0) {
        cfmakeraw(&t);
        cfsetispeed(&t, B115200);
        cfsetospeed(&t, B115200);
        tcsetattr(m, TCSANOW, &t);
    }
    fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);
    std::printf("PTY %s\n", slave);
    std::fflush(stdout);
    if (pty_file) {
        FILE *f = std::fopen(pty_file, "w");
        if (!f || std::fprintf(f, "%s\n", slave) < 0 || std::fclose(f)) {
            std::fprintf(stderr, "board: cannot write %s\n", pty_file);
            return 1;
        }
    }

    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    if (!(eratio > 0.01 && eratio < 100)) { usage(stderr); return 2; }
    {
        char arg[64];
        std::snprintf(arg, sizeof arg, "+meta_seed=%llu", (unsigned long long)meta_seed);
        const char *args[] = {arg};
        ctx.commandArgsAdd(1, args);
    }
    std::unique_ptr<VTOP> topp(new VTOP(&ctx));
    VTOP *top = topp.get();
    Rng rng(seed);
    const double clk_hz = (double)HWP_CLK_HZ;

    uint64_t cyc = 0, host_bytes = 0, dev_bytes = 0, flips = 0, drops = 0, ferrs = 0;
    // host -> device line
    std::deque<uint8_t> inq;
    bool tx_busy = false;
    double tx_t0 = 0, tx_bt = 0;
    uint16_t tx_bits = 0;
    // device -> host line
    bool rx_busy = false;
    double rx_t0 = 0, rx_bt = 0;
    int rx_k = 0;
    uint16_t rx_sh = 0;
    uint8_t last_tx = 1;
    bool seen_host = false, host_gone = false;
    uint64_t idle_cycles = 0;

    auto cur_baud = [&]() -> long {
        termios tt;
        if (tcgetattr(m, &tt) != 0) return 115200;
        long b = baud_of(cfgetospeed(&tt));
        return b ? b : 115200;
    };
    auto inject = [&](uint8_t b, bool *drop) -> uint8_t {
        *drop = pdrop > 0 && rng.uni() < pdrop;
        if (*drop) { drops++; return b; }
        if (pflip > 0 && rng.uni() < pflip) { flips++; b ^= (uint8_t)(1u << (rng.next() % 8)); }
        return b;
    };

    top->clk_i = 0;
    top->uart_rx_i = 1;
    // times in board-clock periods: board edge k at k, engine edges at
    // e_t, e_t + e_per, ... (first one at a random phase inside its period)
    const double e_per = 1.0 / eratio;
    double e_t = Rng(phase_seed + 0x5eed).uni() * e_per;
    uint64_t ecyc = 0;
    top->sim_eclk_i = 0;
    top->eval();
    while (!ctx.gotFinish()) {
        if (max_cycles && cyc >= max_cycles) break;
        // Talk to the host every 64 cycles (and poll with a short sleep when idle).
        if ((cyc & 63) == 0) {
            uint8_t buf[512];
            ssize_t n = read(m, buf, sizeof buf);
            if (n > 0) {
                seen_host = true;
                for (ssize_t i = 0; i < n; i++) inq.push_back(buf[i]);
            } else if (n < 0 && errno == EIO) {
                if (seen_host) host_gone = true;
            }
            if (host_gone) {
                if (++closes >= sessions) break;
                host_gone = false;
                seen_host = false;
            }
            bool idle = !tx_busy && inq.empty() && !rx_busy;
            idle_cycles = idle ? idle_cycles + 64 : 0;
            if (idle && idle_cycles > 200000 && (cyc & 8191) == 0) {
                pollfd p = {m, POLLIN, 0};
                poll(&p, 1, 1);
            }
        }
        // host -> device: next bit
        if (!tx_busy && !inq.empty()) {
            bool drop;
            uint8_t b = inject(inq.front(), &drop);
            inq.pop_front();
            host_bytes++;
            if (reset_after && host_bytes == reset_after) {
                // power cycle: a new model, both lines idle, this byte lost
                top->final();
                topp.reset(new VTOP(&ctx));
                top = topp.get();
                top->clk_i = 0;
                top->uart_rx_i = 1;
                top->sim_eclk_i = 0;
                top->eval();
                tx_busy = rx_busy = false;
                last_tx = 1;
                resets++;
                if (logf) std::fprintf(logf, "%llu power cycle\n", (unsigned long long)cyc);
                drop = true;
            }
            if (logf) std::fprintf(logf, "%llu H %02x%s\n", (unsigned long long)cyc, b, drop ? " dropped" : "");
            if (!drop) {
                tx_busy = true;
                tx_bt = clk_hz / (double)cur_baud();
                tx_t0 = (double)cyc;
                tx_bits = (uint16_t)((1u << 9) | ((unsigned)b << 1));
            }
        }
        if (tx_busy) {
            int k = (int)(((double)cyc - tx_t0) / tx_bt);
            if (k >= 10) {
                tx_busy = false;
                top->uart_rx_i = 1;
            } else {
                top->uart_rx_i = (tx_bits >> k) & 1;
            }
        }
        // clock
        for (; e_t < (double)cyc + 1.0; e_t += e_per, ecyc++) {
            top->sim_eclk_i = 1;
            top->eval();
            top->sim_eclk_i = 0;
            top->eval();
        }
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->eval();
        cyc++;
        // device -> host: sample the pin
        uint8_t txv = top->uart_tx_o;
        if (!rx_busy) {
            if (last_tx == 1 && txv == 0) {
                rx_busy = true;
                rx_t0 = (double)cyc - 0.5;
                rx_bt = clk_hz / (double)cur_baud();
                rx_k = 0;
                rx_sh = 0;
            }
        } else {
            double centre = rx_t0 + rx_bt * (rx_k + 0.5);
            if ((double)cyc >= centre) {
                rx_sh |= (uint16_t)(txv << rx_k);
                rx_k++;
                if (rx_k == 10) {
                    rx_busy = false;
                    if ((rx_sh & 1) || !((rx_sh >> 9) & 1)) {
                        ferrs++;
                    } else {
                        bool drop;
                        uint8_t b = inject((uint8_t)(rx_sh >> 1), &drop);
                        dev_bytes++;
                        if (logf) std::fprintf(logf, "%llu D %02x%s\n", (unsigned long long)cyc, b, drop ? " dropped" : "");
                        if (!drop) {
                            // Nonblocking; a full pty buffer is waited out.
                            while (write(m, &b, 1) < 0) {
                                if (errno != EAGAIN) { host_gone = seen_host; break; }
                                pollfd p = {m, POLLOUT, 0};
                                poll(&p, 1, 10);
                            }
                        }
                    }
                }
            }
        }
        last_tx = txv;
    }
    top->final();
    if (logf) std::fclose(logf);
    std::printf("BOARD board=%s engine=%s cycles=%llu host_bytes=%llu dev_bytes=%llu flipped=%llu dropped=%llu "
                "line_framing_errors=%llu seed=%llu resets=%llu\n",
                HWP_BOARD_NAME, HWP_ENGINE_NAME, (unsigned long long)cyc, (unsigned long long)host_bytes,
                (unsigned long long)dev_bytes, (unsigned long long)flips, (unsigned long long)drops,
                (unsigned long long)ferrs, (unsigned long long)seed, (unsigned long long)resets);
    std::printf("ECLK ratio=%g engine_cycles=%llu phase_seed=%llu meta_seed=%llu\n", eratio,
                (unsigned long long)ecyc, (unsigned long long)phase_seed, (unsigned long long)meta_seed);
    close(m);
    return 0;
}
