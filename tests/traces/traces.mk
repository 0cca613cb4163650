# SPDX-License-Identifier: Apache-2.0
# Bundled real traces (included by the top Makefile).
#
#   make traces        re-record every trace in tests/traces from real programs
#                      (valgrind lackey and qemu user mode; about 15 minutes)
#   make rv-programs   build the RISC-V test programs under build/programs/rv
#
# The RISC-V programs are statically linked with Debian's cross compiler; the
# input generator is built natively. Sources: tests/programs/.

RV_CC       ?= riscv64-linux-gnu-gcc
RV_PROGS    := knownloads lz sort wordcount interp fpmix
RV_BIN      := $(RV_PROGS:%=$(BUILD)/programs/rv/%)
GENINPUT    := $(BUILD)/programs/geninput

$(BUILD)/programs/rv/%: tests/programs/%.c tests/programs/common.h
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -static -Wall -Wextra -Werror -o $@ $< -lm

$(GENINPUT): tests/programs/geninput.c tests/programs/common.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -o $@ $<

.PHONY: rv-programs traces
rv-programs: $(RV_BIN) $(GENINPUT)

traces: $(HWPROF) $(RV_BIN) $(GENINPUT)
	BUILD=$(BUILD) HWPROF=$(HWPROF) bash tests/traces/record-all.sh

# Native (x86-64) static build of the known-loads program for the lackey and
# qemu-x86_64 checks: fixed addresses, so nm gives the pcs.
$(BUILD)/programs/x86/knownloads: tests/programs/knownloads.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -static -Wall -Wextra -Werror -o $@ $<
rv-programs: $(BUILD)/programs/x86/knownloads
