/* SPDX-License-Identifier: Apache-2.0
 * hwprof SoC runtime (docs/soc.md): besides picolibc's stdio (printf,
 * putchar go to the UART) a program may call these directly. */
#ifndef SOC_H
#define SOC_H

#define SOC_UART 0 /* word index of the UART transmit register in .mmio */
#define SOC_EXIT 1 /* word index of the exit register */

int soc_putchar(int c);
void _exit(int code) __attribute__((noreturn));

#endif
