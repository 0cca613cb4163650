/* SPDX-License-Identifier: Apache-2.0
 * The hwprof SoC runtime's two devices (docs/soc.md): the UART transmit
 * register (a store prints its low byte) and the exit register (a store ends
 * the simulation with the stored code). Both live in the .mmio section, which
 * the linker script places at the SoC's MMIO address as plain writable
 * memory, so the same ELF runs under qemu-riscv32 user mode, where the stores
 * go to memory and the Linux exit system call after them ends the process. */
#include <stdio.h>
#include <stdint.h>
#include "soc.h"

volatile uint32_t soc_mmio[2] __attribute__((section(".mmio")));

int soc_putchar(int c)
{
    soc_mmio[SOC_UART] = (uint8_t)c;
    return (uint8_t)c;
}

/* picolibc's stdio: stdout and stderr both go to the UART */
static int uart_put(char c, FILE *f)
{
    (void)f;
    soc_putchar(c);
    return (uint8_t)c;
}
static FILE uart_file = FDEV_SETUP_STREAM(uart_put, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &uart_file;
FILE *const stdout = &uart_file;
FILE *const stderr = &uart_file;

/* a7 = 93 is loaded before the store, so that the store is the last
 * instruction either platform retires with a record: the SoC stops at it,
 * qemu's retire trace has no record for the final ecall (docs/record.md) */
void _exit(int code)
{
    register long a0 __asm__("a0") = code;
    register long a7 __asm__("a7") = 93;
    __asm__ volatile("sw a0, %1(%2)\n\tecall"
                     :
                     : "r"(a0), "i"(4 * SOC_EXIT), "r"(soc_mmio), "r"(a7)
                     : "memory");
    for (;;)
        ;
}
