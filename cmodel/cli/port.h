/* SPDX-License-Identifier: Apache-2.0
 *
 * The board's tty for `hwprof stream` (cmodel/cli/port.c).
 */
#ifndef HWP_PORT_H
#define HWP_PORT_H

#include <stdint.h>

#include "link/link.h"

/* Opens the device raw (8N1, no flow control), exclusive and locked, at the
 * boot rate 115200, and fills io; 0, or -1 with a message printed
 * ("hwprof stream: --port DEV: ..."). */
int hwp_port_open(const char *name, hwl_io *io);
void hwp_port_close(hwl_io *io);
/* 1 if this host's termios can set the rate baud. */
int hwp_port_baud_ok(uint32_t baud);

#endif
