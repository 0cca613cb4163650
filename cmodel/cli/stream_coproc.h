/* SPDX-License-Identifier: Apache-2.0
 *
 * hwprof stream --engine coproc (stream_coproc.c), and the two pieces of
 * stream.c it uses: the tty of the board.
 */
#ifndef HWP_STREAM_COPROC_H
#define HWP_STREAM_COPROC_H

#include "link/link.h"

/* hwprof stream with --engine coproc among the arguments */
int hwp_stream_coproc(int argc, char **argv);
/* Opens and sets up the port as hwprof stream does (raw, exclusive, 115200);
 * 0, or -1 with a message printed. */
int hwp_stream_port_open(const char *name, hwl_io *io);
void hwp_stream_port_close(hwl_io *io);

#endif
