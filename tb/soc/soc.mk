# SPDX-License-Identifier: Apache-2.0
# The SoC's simulator and programs (docs/soc.md); included by the Makefile.
#   make soc-sim PROGRAM=<C file or rv32 ELF> [SOC_MAX_CYCLES=n]
#   make soc-programs    build the programs of tests/soc/*.c
SOC_DIR  := $(BUILD)/soc
SOC_SIM  := $(SOC_DIR)/Vhwp_soc
SOC_RTL  := rtl/soc/hwp_soc.v rtl/soc/hwp_soc_mem.v
SOC_CSRC := tb/soc/soc_main.cpp
# the record logic is C99, compiled as C (Verilator would compile it as C++)
SOC_COBJ := $(SOC_DIR)/soc_retire.o
SOC_PROGRAMS := $(patsubst tests/soc/%.c,$(SOC_DIR)/prog/%.elf,$(wildcard tests/soc/*.c))
# PicoRV32 from the installed pythondata-cpu-picorv32 package (make deps);
# looked up in the recipes only, so other targets do not start python
SOC_PICORV32 = $$($(PYTHON) -c 'import pythondata_cpu_picorv32 as p; print(p.data_location)')/picorv32.v
SOC_VFLAGS := --cc --exe --build -j 2 -O2 -Wall --timescale 1ns/1ps -DRISCV_FORMAL \
	--x-assign unique --x-initial unique --top-module hwp_soc \
	-CFLAGS "-O2 -std=c++14 -I$(CURDIR)/cmodel/common -I$(CURDIR)/tb/soc" \
	-LDFLAGS "$(CURDIR)/$(SOC_COBJ) $(CURDIR)/$(LIB) -lzstd -lm"

.PHONY: soc-sim soc-build soc-programs
soc-build: $(SOC_SIM)
$(SOC_COBJ): tb/soc/soc_retire.c tb/soc/soc_retire.h
	@mkdir -p $(SOC_DIR)
	$(CC) $(CFLAGS_COMMON) $(CPPFLAGS_C) -c $< -o $@
$(SOC_SIM): $(SOC_RTL) $(SOC_CSRC) $(SOC_COBJ) rtl/soc/picorv32.vlt $(LIB)
	@mkdir -p $(SOC_DIR)
	@rm -f $@
	@nice $(VERILATOR) $(SOC_VFLAGS) -Mdir $(SOC_DIR)/obj -o $(CURDIR)/$@ \
	  rtl/lint.vlt rtl/soc/picorv32.vlt $(SOC_RTL) $(SOC_PICORV32) $(addprefix $(CURDIR)/,$(SOC_CSRC)) \
	  > $(SOC_DIR)/build.log 2>&1 || { cat $(SOC_DIR)/build.log; echo "FAIL soc: simulator build failed"; exit 1; }

$(SOC_DIR)/prog/%.elf: tests/soc/%.c $(wildcard tests/soc/rt/*)
	@bash tb/soc/soc-run.sh --build-only $< $@

soc-programs: $(SOC_PROGRAMS)

soc-sim: $(SOC_SIM)
	@test -n "$(PROGRAM)" || { echo "make soc-sim needs PROGRAM=<C file or rv32 ELF>" >&2; exit 2; }
	@bash tb/soc/soc-run.sh $(PROGRAM)
