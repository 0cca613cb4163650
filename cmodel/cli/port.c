/* SPDX-License-Identifier: Apache-2.0
 *
 * The board's tty for `hwprof stream` (cmodel/cli/port.h): opened raw,
 * exclusive and locked at the boot rate, behind the hwl_io functions of the
 * link session (cmodel/link/link.h).
 */
#include "port.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/serial.h>
#endif

typedef struct port {
    int fd;
    const char *name;
} port;

static const struct {
    uint32_t baud;
    speed_t sp;
} speeds[] = {{9600, B9600},       {19200, B19200},     {38400, B38400},     {57600, B57600},
              {115200, B115200},   {230400, B230400},   {460800, B460800},   {500000, B500000},
              {576000, B576000},   {921600, B921600},   {1000000, B1000000}, {1152000, B1152000},
              {1500000, B1500000}, {2000000, B2000000}, {2500000, B2500000}, {3000000, B3000000},
              {3500000, B3500000}, {4000000, B4000000}};

static int speed_of(uint32_t baud, speed_t *sp)
{
    for (size_t i = 0; i < sizeof speeds / sizeof speeds[0]; i++)
        if (speeds[i].baud == baud) {
            *sp = speeds[i].sp;
            return 0;
        }
    return -1;
}

static int port_set_baud(void *ctx, uint32_t baud)
{
    port *p = ctx;
    struct termios t;
    speed_t sp;
    if (speed_of(baud, &sp) || tcgetattr(p->fd, &t)) return -1;
    cfsetispeed(&t, sp);
    cfsetospeed(&t, sp);
    return tcsetattr(p->fd, TCSANOW, &t);
}

static int port_write(void *ctx, const uint8_t *b, size_t n)
{
    port *p = ctx;
    while (n) {
        ssize_t w = write(p->fd, b, n);
        if (w > 0) {
            b += w;
            n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EINTR) return -1;
        struct pollfd pf = {p->fd, POLLOUT, 0};
        if (poll(&pf, 1, 5000) == 0) return -1; /* the line does not drain */
    }
    return 0;
}

static long port_read(void *ctx, uint8_t *b, size_t n, int timeout_ms)
{
    port *p = ctx;
    struct pollfd pf = {p->fd, POLLIN, 0};
    int r = poll(&pf, 1, timeout_ms);
    if (r < 0) return errno == EINTR ? 0 : -1;
    if (r == 0) return 0;
    ssize_t k = read(p->fd, b, n);
    if (k < 0) return (errno == EAGAIN || errno == EINTR) ? 0 : -1;
    if (k == 0 && (pf.revents & POLLHUP)) return -1;
    return (long)k;
}

static int port_drain(void *ctx)
{
    port *p = ctx;
    return tcdrain(p->fd);
}

static int port_open(port *p, const char *name)
{
    p->name = name;
    p->fd = open(name, O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (p->fd < 0) {
        int e = errno;
        if (e == ENOENT)
            fprintf(stderr, "hwprof stream: --port %s: no such device (is the board plugged in?)\n",
                    name);
        else if (e == EBUSY)
            fprintf(stderr, "hwprof stream: --port %s: busy (opened exclusively by another "
                            "program)\n", name);
        else
            fprintf(stderr, "hwprof stream: --port %s: cannot open: %s\n", name, strerror(e));
        return -1;
    }
    if (!isatty(p->fd)) {
        fprintf(stderr, "hwprof stream: --port %s: not a terminal (tty) device\n", name);
        close(p->fd);
        return -1;
    }
    if (flock(p->fd, LOCK_EX | LOCK_NB)) {
        fprintf(stderr, "hwprof stream: --port %s: busy (locked by another program)\n", name);
        close(p->fd);
        return -1;
    }
    ioctl(p->fd, TIOCEXCL);
    struct termios t;
    if (tcgetattr(p->fd, &t)) {
        fprintf(stderr, "hwprof stream: --port %s: tcgetattr: %s\n", name, strerror(errno));
        close(p->fd);
        return -1;
    }
    cfmakeraw(&t);
    t.c_cflag |= CLOCAL | CREAD | CS8;
    t.c_cflag &= ~(tcflag_t)(CRTSCTS | CSTOPB | PARENB);
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY);
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    cfsetispeed(&t, B115200);
    cfsetospeed(&t, B115200);
    if (tcsetattr(p->fd, TCSANOW, &t)) {
        fprintf(stderr, "hwprof stream: --port %s: tcsetattr: %s\n", name, strerror(errno));
        close(p->fd);
        return -1;
    }
    tcflush(p->fd, TCIOFLUSH);
#if defined(__linux__) && defined(TIOCGSERIAL) && defined(ASYNC_LOW_LATENCY)
    /* USB serial adapters (ftdi_sio) hold short replies up to their latency
     * timer (16 ms by default); low latency makes it 1 ms. Best effort: a
     * pty or a driver without it simply refuses. */
    struct serial_struct ss;
    if (ioctl(p->fd, TIOCGSERIAL, &ss) == 0) {
        ss.flags |= ASYNC_LOW_LATENCY;
        ioctl(p->fd, TIOCSSERIAL, &ss);
    }
#endif
    return 0;
}

int hwp_port_open(const char *name, hwl_io *io)
{
    port *p = malloc(sizeof *p);
    if (!p) {
        fprintf(stderr, "hwprof stream: out of memory\n");
        return -1;
    }
    if (port_open(p, name)) {
        free(p);
        return -1;
    }
    hwl_io t = {p, port_write, port_read, port_drain, port_set_baud};
    *io = t;
    return 0;
}

void hwp_port_close(hwl_io *io)
{
    port *p = io->ctx;
    close(p->fd);
    free(p);
}

int hwp_port_baud_ok(uint32_t baud)
{
    speed_t sp;
    return speed_of(baud, &sp) == 0;
}
