/* SPDX-License-Identifier: Apache-2.0
 *
 * devemu: the C device model of the hwprof link (cmodel/link/devemu.c)
 * serving a pseudo-terminal, so that `hwprof stream` can be tested without
 * a board and without the RTL. Prints the slave path ("PTY /dev/pts/N") on
 * stdout, then serves until SIGTERM / SIGINT. Optional line errors, seeded,
 * in both directions: --flip P flips one bit of a byte with probability P,
 * --drop P drops a byte with probability P. The line rate is checked: bytes
 * sent while the host's tty rate (the pty's termios) and the device's rate
 * differ by more than 5% are lost, as on a real line. Faults for the
 * fault-injection checks: --reset-after N power-cycles the device once after
 * N bytes from the host (a board reset mid-stream); --blackout-after N loses
 * every byte in both directions from then on for --blackout-ms M (0: for
 * good), a burst of errors longer than the host's retries.
 *
 * Built by tests/checks/link-host-e2e.sh:
 *   cc -Icmodel/common -Icmodel tests/link/devemu_main.c build/libhwp.a -lzstd -lm
 */
#define _XOPEN_SOURCE 600 /* posix_openpt, grantpt, unlockpt, ptsname */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "link/devemu.h"
#include "link/engdesc.h"
#include "link/link.h"
#include "trace.h"

static volatile sig_atomic_t stop_flag; /* the signal handler's only channel */

static void on_signal(int s)
{
    (void)s;
    stop_flag = 1;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

typedef struct inj {
    uint64_t s;
    double flip, drop;
    uint64_t flipped, dropped;
} inj;

static uint64_t rnd(inj *j)
{
    uint64_t x = j->s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return j->s = x;
}

static int chance(inj *j, double p) { return p > 0 && (double)(rnd(j) >> 11) * 0x1p-53 < p; }

static size_t inject(inj *j, uint8_t *p, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (chance(j, j->drop)) {
            j->dropped++;
            continue;
        }
        uint8_t b = p[i];
        if (chance(j, j->flip)) {
            b ^= (uint8_t)(1u << (rnd(j) % 8));
            j->flipped++;
        }
        p[o++] = b;
    }
    return o;
}

static uint32_t speed_baud(speed_t s)
{
    static const struct {
        speed_t s;
        uint32_t b;
    } t[] = {{B9600, 9600},       {B19200, 19200},     {B38400, 38400},     {B57600, 57600},
             {B115200, 115200},   {B230400, 230400},   {B460800, 460800},   {B500000, 500000},
             {B576000, 576000},   {B921600, 921600},   {B1000000, 1000000}, {B1152000, 1152000},
             {B1500000, 1500000}, {B2000000, 2000000}, {B2500000, 2500000}, {B3000000, 3000000},
             {B3500000, 3500000}, {B4000000, 4000000}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].s == s) return t[i].b;
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: devemu --engine mhash|strat|rap|pfp|coproc [options]\n"
            "Serves the C device model of the hwprof link on a new pseudo-terminal;\n"
            "prints \"PTY <slave path>\" on stdout, runs until SIGTERM/SIGINT.\n"
            "  --set NAME=V      build parameter by its RTL name (mhash: W N_COUNTERS CW EW\n"
            "                    MAX_TABLES ACC_K LW SEED ACC_WAYS ACC_SETS ACC_STASH;\n"
            "                    strat: W IDX_W WAYS CNT_W MISS_W\n"
            "                    TAG_W AK_K FIFO_AW HASH_SEED; rap: W K N CW SB CB\n"
            "                    MERGE_FIRST MERGE_Q; pfp: FETCH_W DEC_W FQ\n"
            "                    WIN_BITS SET_BITS MIN_LEN SKIP_BITS BR_PEN PC_W CNT_W;\n"
            "                    coproc: UC_AW CAM_AW DA_AW SB_AW FT_AW RISCV RF_AW CF_AW);\n"
            "                    repeatable\n"
            "  --slots N         receive buffer packets (8)\n"
            "  --outq N          output records before the engine stalls (256)\n"
            "  --clk-khz N       board clock reported in INFO (48000)\n"
            "  --engine-rate R   records per second the engine takes (0 = no limit)\n"
            "  --flip P          per byte, both directions: flip one bit with probability P\n"
            "  --drop P          per byte, both directions: drop it with probability P\n"
            "  --seed N          error injection seed (1)\n"
            "  --no-rate-check   do not lose bytes when the host's and device's rates differ\n"
            "  --reset-after N   power-cycle the device once after N bytes from the host\n"
            "  --blackout-after N  lose every byte both ways after N bytes from the host ...\n"
            "  --blackout-ms M   ... for M ms (0: for good; default 0)\n"
            "  --source TRACE    a board that feeds its engine itself (the SoC; mhash, strat,\n"
            "                    rap): INFO record kind 0, TUPLES refused, and after EOS the\n"
            "                    engine takes TRACE's records (the engine's record kind)\n"
            "  --help            this text\n");
}

static int set_param(hwl_dev_cfg *c, const char *kv)
{
    const char *eq = strchr(kv, '=');
    if (!eq) return -1;
    char name[32];
    size_t n = (size_t)(eq - kv);
    if (n >= sizeof name) return -1;
    memcpy(name, kv, n);
    name[n] = 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(eq + 1, &end, 0);
    if (errno || *end || !eq[1]) return -1;
#define P(nm, dst)                        \
    if (strcmp(name, nm) == 0) {          \
        dst = v;                          \
        return 0;                         \
    }
    if (c->engine == HWL_ENG_MHASH) {
        P("W", c->mh.width) P("N_COUNTERS", c->mh.n_counters) P("CW", c->mh.cw) P("EW", c->mh.ew)
        P("MAX_TABLES", c->mh.max_tables) P("ACC_K", c->mh.acc_k) P("LW", c->mh.lw)
        P("SEED", c->mh.seed) P("ACC_WAYS", c->mh.acc_ways) P("ACC_SETS", c->mh.acc_sets)
        P("ACC_STASH", c->mh.acc_stash)
    } else if (c->engine == HWL_ENG_STRAT) {
        P("W", c->st.width) P("IDX_W", c->st.idx_bits) P("WAYS", c->st.ways)
        P("CNT_W", c->st.cnt_bits) P("MISS_W", c->st.miss_bits) P("TAG_W", c->st.tag_bits)
        P("AK_K", c->st.ak_entries) P("FIFO_AW", c->st.fifo_bits) P("HASH_SEED", c->st.hash_seed)
    } else if (c->engine == HWL_ENG_PFP) {
        P("FETCH_W", c->pf.fetch_w) P("DEC_W", c->pf.dec_w) P("FQ", c->pf.fq)
        P("WIN_BITS", c->pf.win_bits) P("SET_BITS", c->pf.set_bits) P("MIN_LEN", c->pf.min_len)
        P("SKIP_BITS", c->pf.skip_bits) P("BR_PEN", c->pf.br_pen) P("PC_W", c->pf.pc_w)
        P("CNT_W", c->pf.cnt_w)
    } else if (c->engine == HWL_ENG_COPROC) {
        P("UC_AW", c->cp.uc_aw) P("CAM_AW", c->cp.cam_aw) P("DA_AW", c->cp.da_aw)
        P("SB_AW", c->cp.sb_aw) P("FT_AW", c->cp.ft_aw) P("RISCV", c->cp_riscv)
        P("RF_AW", c->cp_rf_aw) P("CF_AW", c->cp_cf_aw)
    } else {
        P("W", c->rp.width) P("K", c->rp.k) P("N", c->rp.entries) P("CW", c->rp.cnt_bits)
        P("SB", c->rp.buf_log2) P("CB", c->rp.buf_cnt_bits) P("MERGE_FIRST", c->rp.merge_first)
        P("MERGE_Q", c->rp.merge_q) P("LIVE_SUM", c->rp_live_sum)
    }
#undef P
    return -1;
}

/* --source: the trace's records as the board's own source (cfg->src);
 * they must be of the engine's record kind. 0, or 1 with a message. */
static int load_source(const char *path, int eid, hwl_dev_cfg *cfg, hwp_rec **out)
{
    hwp_reader *rd;
    hwp_err err;
    if (hwp_reader_open(&rd, path, &err)) {
        fprintf(stderr, "devemu: --source: %s\n", err.msg);
        return 1;
    }
    const hwl_desc_eng *desc = hwl_desc_find(eid);
    if (hwp_reader_info(rd)->kind != desc->kind) {
        fprintf(stderr, "devemu: --source %s: a %s trace; the engine takes %s records\n", path,
                hwp_kind_name(hwp_reader_info(rd)->kind), hwp_kind_name(desc->kind));
        hwp_reader_close(rd);
        return 1;
    }
    hwp_rec *v = NULL, r;
    uint64_t n = 0, cap = 0;
    int rc;
    while ((rc = hwp_reader_next(rd, &r, &err)) > 0) {
        if (n == cap) {
            cap = cap ? 2 * cap : 4096;
            hwp_rec *nv = realloc(v, (size_t)cap * sizeof *nv);
            if (!nv) {
                rc = -1;
                snprintf(err.msg, sizeof err.msg, "out of memory");
                break;
            }
            v = nv;
        }
        v[n++] = r;
    }
    hwp_reader_close(rd);
    if (rc < 0) {
        fprintf(stderr, "devemu: --source %s: %s\n", path, err.msg);
        free(v);
        return 1;
    }
    cfg->src = 1;
    cfg->src_rec = v;
    cfg->src_n = n;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    static const struct option lo[] = {
        {"engine", required_argument, 0, 'e'}, {"set", required_argument, 0, 's'},
        {"slots", required_argument, 0, 'S'},  {"outq", required_argument, 0, 'q'},
        {"clk-khz", required_argument, 0, 'c'}, {"engine-rate", required_argument, 0, 'r'},
        {"flip", required_argument, 0, 'f'},   {"drop", required_argument, 0, 'd'},
        {"seed", required_argument, 0, 'z'},   {"no-rate-check", no_argument, 0, 'n'},
        {"reset-after", required_argument, 0, 'R'}, {"blackout-after", required_argument, 0, 'B'},
        {"blackout-ms", required_argument, 0, 'M'}, {"source", required_argument, 0, 'x'},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
    const char *eng = NULL, *source = NULL;
    const char *sets[32];
    int nsets = 0, rate_check = 1;
    long slots = 8, outq = 256, clk = 48000;
    double erate = 0, flip = 0, drop = 0;
    unsigned long long seed = 1, reset_after = 0, black_after = 0;
    double black_ms = 0;
    int c;
    while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
        switch (c) {
        case 'e': eng = optarg; break;
        case 's':
            if (nsets == 32) {
                fprintf(stderr, "devemu: too many --set\n");
                return 2;
            }
            sets[nsets++] = optarg;
            break;
        case 'S': slots = strtol(optarg, NULL, 0); break;
        case 'q': outq = strtol(optarg, NULL, 0); break;
        case 'c': clk = strtol(optarg, NULL, 0); break;
        case 'r': erate = strtod(optarg, NULL); break;
        case 'f': flip = strtod(optarg, NULL); break;
        case 'd': drop = strtod(optarg, NULL); break;
        case 'z': seed = strtoull(optarg, NULL, 0); break;
        case 'n': rate_check = 0; break;
        case 'R': reset_after = strtoull(optarg, NULL, 0); break;
        case 'B': black_after = strtoull(optarg, NULL, 0); break;
        case 'M': black_ms = strtod(optarg, NULL); break;
        case 'x': source = optarg; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    int eid = hwl_engine_id(eng);
    if (optind != argc ||
        !(eid == HWL_ENG_MHASH || eid == HWL_ENG_STRAT || eid == HWL_ENG_RAP || eid == HWL_ENG_PFP ||
          eid == HWL_ENG_COPROC) ||
        slots < 1 || slots > 63 || outq < 1 || clk < 1 || flip < 0 || flip > 1 || drop < 0 ||
        drop > 1 || erate < 0 || black_ms < 0) {
        fprintf(stderr, "devemu: bad arguments (--engine mhash|strat|rap|pfp|coproc required; see "
                        "--help)\n");
        return 2;
    }
    hwl_dev_cfg cfg;
    hwl_dev_cfg_default(&cfg, eid);
    cfg.slots = (int)slots;
    cfg.outq_cap = (size_t)outq;
    cfg.clk_khz = (uint32_t)clk;
    for (int i = 0; i < nsets; i++)
        if (set_param(&cfg, sets[i])) {
            fprintf(stderr, "devemu: --set %s: unknown parameter or bad value for %s\n", sets[i],
                    eng);
            return 2;
        }
    if (eid == HWL_ENG_MHASH && cfg.outq_cap < cfg.mh.acc_k + 1u) cfg.outq_cap = cfg.mh.acc_k + 1u;
    hwp_rec *src = NULL;
    if (source && load_source(source, eid, &cfg, &src)) return 1;
    char msg[256];
    hwl_dev *dev;
    if (hwl_dev_new(&dev, &cfg, msg, sizeof msg)) {
        fprintf(stderr, "devemu: %s\n", msg);
        return 1;
    }
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) || unlockpt(m)) {
        perror("devemu: posix_openpt");
        return 1;
    }
    const char *sp = ptsname(m);
    if (!sp) {
        perror("devemu: ptsname");
        return 1;
    }
    char slave[256];
    snprintf(slave, sizeof slave, "%s", sp);
    /* keep one slave descriptor open so the master never sees a hangup
     * between host sessions; start raw at the boot rate */
    int keep = open(slave, O_RDWR | O_NOCTTY);
    struct termios t;
    if (keep < 0 || tcgetattr(m, &t)) {
        perror("devemu: slave");
        return 1;
    }
    cfmakeraw(&t);
    cfsetispeed(&t, B115200);
    cfsetospeed(&t, B115200);
    tcsetattr(m, TCSANOW, &t);
    fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGPIPE, SIG_IGN);
    printf("PTY %s\n", slave);
    fflush(stdout);
    fprintf(stderr, "devemu: engine %s on %s, %ld slots, output queue %ld, flip %g, drop %g, seed %llu\n",
            eng, slave, slots, outq, flip, drop, seed);

    inj rx = {seed * 0x9E3779B97F4A7C15ull | 1, flip, drop, 0, 0};
    inj tx = {(seed + 7) * 0xD1B54A32D192ED03ull | 1, flip, drop, 0, 0};
    uint8_t *txb = malloc(1 << 20);
    size_t txh = 0, txn = 0;
    uint64_t rx_bytes = 0, tx_bytes = 0, rate_lost_rx = 0, rate_lost_tx = 0;
    double last = now_ms(), credit_rec = 0, black_at = -1;
    int resets = 0;
    while (!stop_flag && txb) {
        struct pollfd pf = {m, POLLIN | (txn > txh ? POLLOUT : 0), 0};
        int pr = poll(&pf, 1, 2);
        double now = now_ms();
        int mismatch = 0;
        if (rate_check && tcgetattr(m, &t) == 0) {
            double hb = speed_baud(cfgetospeed(&t)), db = hwl_dev_baud(dev);
            mismatch = hb <= 0 || db <= 0 || (hb > db ? hb - db : db - hb) > 0.05 * db;
        }
        if (pr > 0 && (pf.revents & POLLIN)) {
            uint8_t buf[4096];
            ssize_t n = read(m, buf, sizeof buf);
            if (n > 0) {
                rx_bytes += (uint64_t)n;
                if (reset_after && !resets && rx_bytes >= reset_after) {
                    /* power cycle: a new device at the boot rate, no session */
                    hwl_dev_free(dev);
                    if (hwl_dev_new(&dev, &cfg, msg, sizeof msg)) {
                        fprintf(stderr, "devemu: %s\n", msg);
                        return 1;
                    }
                    txn = txh = 0;
                    resets = 1;
                    fprintf(stderr, "devemu: device reset after %" PRIu64 " bytes\n", rx_bytes);
                    continue;
                }
                if (black_after && black_at < 0 && rx_bytes >= black_after) {
                    black_at = now;
                    fprintf(stderr, "devemu: line dead after %" PRIu64 " bytes\n", rx_bytes);
                }
                if (black_at >= 0 && (black_ms == 0 || now - black_at < black_ms)) {
                    rx.dropped += (uint64_t)n;
                } else if (mismatch) {
                    rate_lost_rx += (uint64_t)n;
                } else {
                    size_t k = inject(&rx, buf, (size_t)n);
                    hwl_dev_rx(dev, buf, k, now);
                }
            }
        }
        if (pr > 0 && (pf.revents & POLLHUP) && !(pf.revents & POLLIN)) {
            struct timespec ts = {0, 2000000};
            nanosleep(&ts, NULL);
        }
        uint64_t budget = 0;
        if (erate > 0) {
            credit_rec += erate * (now - last) / 1000.0;
            if (credit_rec > erate / 10) credit_rec = erate / 10;
            budget = (uint64_t)credit_rec;
            credit_rec -= (double)budget;
        }
        last = now;
        if (erate <= 0 || budget > 0) hwl_dev_run(dev, budget);
        /* replies: rate check at the time they are sent */
        if (txn == txh) txn = txh = 0;
        if (txn < (1u << 20) - HWL_MAX_FRAME) {
            size_t k = hwl_dev_tx(dev, txb + txn, (1u << 20) - txn, now);
            if (k) {
                if (black_at >= 0 && (black_ms == 0 || now - black_at < black_ms)) {
                    tx.dropped += k;
                } else if (mismatch) {
                    rate_lost_tx += k;
                } else {
                    k = inject(&tx, txb + txn, k);
                    txn += k;
                }
            }
        }
        if (txn > txh) {
            ssize_t w = write(m, txb + txh, txn - txh);
            if (w > 0) {
                txh += (size_t)w;
                tx_bytes += (uint64_t)w;
            }
        }
        hwl_dev_tick(dev, now);
    }
    const uint64_t *st = hwl_dev_status(dev);
    fprintf(stderr,
            "devemu: rx %" PRIu64 " bytes (%" PRIu64 " flipped, %" PRIu64 " dropped, %" PRIu64
            " lost to a rate mismatch), tx %" PRIu64 " bytes (%" PRIu64 " flipped, %" PRIu64
            " dropped, %" PRIu64 " lost to a rate mismatch); accepted %" PRIu64 " applied %" PRIu64
            " corrupt %" PRIu64 " unknown %" PRIu64 " out-of-seq %" PRIu64 " duplicates %" PRIu64
            " stalls %" PRIu64 " overruns %" PRIu64 "\n",
            rx_bytes, rx.flipped, rx.dropped, rate_lost_rx, tx_bytes, tx.flipped, tx.dropped,
            rate_lost_tx, st[HWL_ST_ACCEPTED], st[HWL_ST_APPLIED], st[HWL_ST_CORRUPT],
            st[HWL_ST_UNKNOWN], st[HWL_ST_OUTOFSEQ], st[HWL_ST_DUPLICATES], st[HWL_ST_STALLS],
            hwl_dev_overruns(dev));
    free(txb);
    close(keep);
    close(m);
    hwl_dev_free(dev);
    free(src);
    return 0;
}
