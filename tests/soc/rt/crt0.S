/* SPDX-License-Identifier: Apache-2.0
 * Start-up of the hwprof SoC runtime (docs/soc.md): clears every register
 * (the core's register file starts undefined; qemu's does not, and a callee
 * saving a register it never wrote must save the same value in both), sets
 * gp, sp and tp, clears .bss, runs the constructors, calls main(0, 0) and
 * passes its result to exit(). Data needs no copy: the SoC loads the whole
 * RAM image from the ELF, as qemu does. */
	.section .text.start, "ax"
	.globl _start
	.type _start, @function
_start:
	li x1, 0
	li x2, 0
	li x3, 0
	li x4, 0
	li x5, 0
	li x6, 0
	li x7, 0
	li x8, 0
	li x9, 0
	li x10, 0
	li x11, 0
	li x12, 0
	li x13, 0
	li x14, 0
	li x15, 0
	li x16, 0
	li x17, 0
	li x18, 0
	li x19, 0
	li x20, 0
	li x21, 0
	li x22, 0
	li x23, 0
	li x24, 0
	li x25, 0
	li x26, 0
	li x27, 0
	li x28, 0
	li x29, 0
	li x30, 0
	li x31, 0
	.option push
	.option norelax
	la gp, __global_pointer$
	.option pop
	la sp, __stack
	la tp, __tls_base
	la t0, __bss_start
	la t1, __bss_end
1:	bgeu t0, t1, 2f
	sw zero, 0(t0)
	addi t0, t0, 4
	j 1b
2:	call __libc_init_array
	li a0, 0
	li a1, 0
	call main
	call exit
	.size _start, . - _start
