# SPDX-License-Identifier: Apache-2.0
# The SoC's simulator and programs (docs/soc.md); included by the Makefile.
#   make soc-sim PROGRAM=<C file or rv32 ELF> [SOC_MAX_CYCLES=n]
#   make soc-sim PROGRAM=... ENGINE=<rap|mhash|strat|coproc> [CONFIG=c] [SOC_OPTS="..."] [SOC_PROFILE=f]
#        the engine on the retire port, sized as CONFIG of tb/<engine>/engine.mk
#        (default its first); SOC_OPTS: the `hwprof run --engine E` options
#        (default SOC_OPTS_<engine>_<config> below); SOC_PROFILE: the profile
#        into that file instead of stdout
#   make soc-sim PROGRAM=... ENGINE=e SOC_BOARD=ulx3s
#        the engine sized as in that board's SoC top (fpga/<board>/hwp_soc_sizes.vh,
#        make synth TOP=soc) instead of a preset; options SOC_OPTS_<engine>_<board>
#   make soc-programs    build the programs of tests/soc/*.c
# The RTL comes from RTL_DIR (default rtl); with BOARD_SIM_TAG set (the
# mutation checks: a mutated copy of rtl/) the simulators are built in
# build/soc-<tag>/, so they never replace the ones of the tree's RTL.
SOC_DIR  := $(BUILD)/soc$(if $(BOARD_SIM_TAG),-$(BOARD_SIM_TAG))
SOC_SIM  := $(SOC_DIR)/Vhwp_soc
SOC_RTL  := $(addprefix $(abspath $(RTL_DIR))/,lint.vlt soc/picorv32.vlt soc/hwp_soc.v soc/hwp_soc_mem.v)
SOC_CSRC := $(CURDIR)/tb/soc/soc_main.cpp
# the record logic is C99, compiled as C (Verilator would compile it as C++)
SOC_COBJ := $(SOC_DIR)/soc_retire.o
SOC_PROGRAMS := $(patsubst tests/soc/%.c,$(BUILD)/soc/prog/%.elf,$(wildcard tests/soc/*.c))
# PicoRV32 from the installed pythondata-cpu-picorv32 package (make deps);
# looked up in the recipes only, so other targets do not start python
SOC_PICORV32 = $$($(PYTHON) -c 'import pythondata_cpu_picorv32 as p; print(p.data_location)')/picorv32.v
# SOC_LINK: the C objects and libraries of the harness (set per simulator)
# SOC_VOPTS: Verilator's options for the SoC (also the FuseSoC core's,
# fpga/fusesoc-gen.sh); SOC_VFLAGS adds this build's files and folders
SOC_VOPTS = -O2 -Wall --timescale 1ns/1ps --x-assign unique --x-initial unique
SOC_VFLAGS = --cc --exe --build -j 2 $(SOC_VOPTS) -DRISCV_FORMAL \
	-CFLAGS "-O2 -std=c++14 -I$(CURDIR)/cmodel/common -I$(CURDIR)/tb/soc" \
	-LDFLAGS "$(abspath $(SOC_LINK)) -lzstd -lm"

.PHONY: soc-sim soc-build soc-programs soc-sizes
$(BUILD)/soc/prog/%.elf: tests/soc/%.c $(wildcard tests/soc/rt/*)
	@bash tb/soc/soc-run.sh --build-only $< $@

soc-programs: $(SOC_PROGRAMS)

ifeq ($(ENGINE),)
soc-build: $(SOC_SIM)
$(SOC_COBJ): tb/soc/soc_retire.c tb/soc/soc_retire.h
	@mkdir -p $(SOC_DIR)
	$(CC) $(CFLAGS_COMMON) $(CPPFLAGS_C) -c $< -o $@
$(SOC_SIM): SOC_LINK := $(SOC_COBJ) $(LIB)
$(SOC_SIM): $(SOC_RTL) $(SOC_CSRC) $(SOC_COBJ) $(LIB)
	@mkdir -p $(SOC_DIR)
	@rm -f $@
	@nice $(VERILATOR) $(SOC_VFLAGS) --top-module hwp_soc -Mdir $(SOC_DIR)/obj -o $(abspath $@) \
	  $(SOC_RTL) $(SOC_PICORV32) $(SOC_CSRC) \
	  > $(SOC_DIR)/build.log 2>&1 || { cat $(SOC_DIR)/build.log; echo "FAIL soc: simulator build failed"; exit 1; }

soc-sim: $(SOC_SIM)
	@test -n "$(PROGRAM)" || { echo "make soc-sim needs PROGRAM=<C file or rv32 ELF>" >&2; exit 2; }
	@SOC_SIM=$(SOC_SIM) bash tb/soc/soc-run.sh $(PROGRAM)
else
# ---------------------------------------------------------------- with an engine
# The engine behind its board adapter in hwp_soc_eng (rtl/soc/hwp_soc_eng.v, around
# rtl/soc/hwp_soc_adapt.v),
# sized by the preset SIM_GPARAMS_<CONFIG> of tb/<engine>/engine.mk: the
# build writes them into hwp_soc_sizes.vh as the adapter's parameters
# (HWP_ENGINE_SIZES, numbers as 32-bit constants), its field width
# (HWP_ENG_W = W; coproc has none) and counter width (HWP_ENG_CW = CW:
# mhash's output word).
# With SOC_BOARD=<board> the sizes are that board's SoC top's instead
# (fpga/<board>/hwp_soc_sizes.vh on the include path, nothing written).
SOC_ECFG   := $(or $(SOC_BOARD),$(CONFIG))
SOC_EDIR   := $(SOC_DIR)/$(ENGINE)-$(SOC_ECFG)
SOC_ESIM   := $(SOC_EDIR)/Vhwp_soc_eng
ifeq ($(SOC_BOARD),)
SOC_ESIZES := $(SOC_EDIR)/hwp_soc_sizes.vh
SOC_EINC   := $(abspath $(SOC_EDIR))
else
SOC_ESIZES := fpga/$(SOC_BOARD)/hwp_soc_sizes.vh fpga/$(SOC_BOARD)/hwp_sizes.vh
SOC_EINC   := $(abspath fpga/$(SOC_BOARD))
endif
SOC_ERTL   := $(addprefix $(abspath $(RTL_DIR))/,$(sort $(SIM_RTL) common/hwp_fifo_fwft.v) \
	board/hwp_adapt_$(ENGINE).v soc/hwp_soc_adapt.v soc/hwp_soc_eng.v)
SOC_GP      = $(SIM_GPARAMS_$(CONFIG))
soc_gpv     = $(patsubst $(1)=%,%,$(filter $(1)=%,$(SOC_GP)))
# The `hwprof run --engine E` options of each preset: its build parameters
# where they differ from hwprof's defaults (the harness checks them against
# the engine's INFO word and stops on a difference) and its run-time
# settings (SIM_ARGS_<config>, in hwprof's words).
SOC_OPTS_strat_default := --mode hp --rate 256
SOC_OPTS_strat_tagged  := --mode tag --rate 256 --evict 16 --replace 4 --ak
SOC_OPTS_rap_default   := --entries 16 --buffer 4 --eps 0.1
SOC_OPTS_rap_full      := --entries 8 --buffer 1 --buffer-count-bits 4 --merge-first 100 --merge-q 3 \
	--eps 0.01
SOC_OPTS_mhash_t4c1r0  := --accumulator 32 --tables 4 --cons 1 --reset 0 --shield 1 --retain 1 \
	--interval 2000 --threshold-count 20
# coproc: the presets' sizes; the programs of SIM_ARGS (small's counter
# width cntw=6 is the lockstep bench's, hwprof run has no option for it)
SOC_OPTS_coproc_small  := --program value --cam-aw 3 --da-aw 5 --sb-aw 2 --ft-aw 8
SOC_OPTS_coproc_value  := --program value
SOC_OPTS_coproc_edge   := --program edge
# the SoC board tops (SOC_BOARD): strat as the default preset (its A_k size
# is not used without --ak), mhash as t4c1r0 with the hashed k = 100
# accumulator, built for at most 4 tables, rap
# with 128 entries, buffer 8, eps 20 % (fpga/ulx3s/hwp_sizes.vh)
SOC_OPTS_strat_ulx3s   := $(SOC_OPTS_strat_default)
SOC_OPTS_mhash_ulx3s   := --accumulator 100 --acc-ways 4 --acc-sets 64 --acc-stash 8 --tables 4 \
	--cons 1 --reset 0 --shield 1 --retain 1 --interval 2000 --threshold-count 20 --max-tables 4
SOC_OPTS_rap_ulx3s     := --entries 128 --buffer 8 --eps 0.2
SOC_OPTS ?= $(SOC_OPTS_$(ENGINE)_$(SOC_ECFG))
# the engine's host side is hwprof's own (cmodel/cli/eng_<engine>.c); the
# harness's objects live in the simulator's folder (a check building the
# plain SoC at the same time writes none of them)
SOC_CLI_LIB := $(SOC_EDIR)/libhwpcli.a
SOC_ECOBJ   := $(SOC_EDIR)/soc_retire.o $(SOC_EDIR)/soc_engine.o
$(SOC_CLI_LIB): $(filter-out %/main.o,$(CLI_OBJ))
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^
$(SOC_EDIR)/soc_retire.o: tb/soc/soc_retire.c tb/soc/soc_retire.h
	@mkdir -p $(SOC_EDIR)
	$(CC) $(CFLAGS_COMMON) $(CPPFLAGS_C) -c $< -o $@
$(SOC_EDIR)/soc_engine.o: tb/soc/soc_engine.c tb/soc/soc_engine.h tb/soc/soc_retire.h cmodel/cli/engine.h
	@mkdir -p $(SOC_EDIR)
	$(CC) $(CFLAGS_COMMON) $(CPPFLAGS_C) -Icmodel/cli -Itb/soc -c $< -o $@

ifeq ($(SOC_BOARD),)
$(SOC_ESIZES): tb/$(ENGINE)/engine.mk tb/soc/soc.mk
	@mkdir -p $(SOC_EDIR)
	@{ echo '// Generated by tb/soc/soc.mk from SIM_GPARAMS_$(CONFIG) of tb/$(ENGINE)/engine.mk'; \
	  echo '`ifndef HWP_SOC_SIZES_VH'; echo '`define HWP_SOC_SIZES_VH'; \
	  $(if $(call soc_gpv,W),echo '`define HWP_ENG_W        $(call soc_gpv,W)';) \
	  $(if $(call soc_gpv,CW),echo '`define HWP_ENG_CW       $(call soc_gpv,CW)';) \
	  echo '`define HWP_ENGINE_SIZES $(SOC_GP)' | sed -E "s/([A-Za-z_0-9]+)=([0-9]+)( |$$)/\\1=32'd\\2\\3/g; s/([A-Za-z_0-9]+)=([^ ]+)/.\\1(\\2)/g; s/\\) \\./), ./g"; \
	  echo '`endif'; \
	} > $@
endif
soc-sizes: $(SOC_ESIZES)

soc-build: $(SOC_ESIM)
$(SOC_ESIM): SOC_LINK := $(SOC_ECOBJ) $(SOC_CLI_LIB) $(LIB)
$(SOC_ESIM): $(SOC_RTL) $(SOC_ERTL) $(SOC_ESIZES) $(SOC_CSRC) $(SOC_ECOBJ) $(SOC_CLI_LIB) $(LIB) \
	  $(wildcard $(RTL_DIR)/board/*.vh)
	@rm -f $@
	@nice $(VERILATOR) $(SOC_VFLAGS) --top-module hwp_soc_eng -I$(abspath $(RTL_DIR))/board -I$(SOC_EINC) \
	  -D$(shell echo HWP_ENGINE_$(ENGINE) | tr a-z A-Z) -CFLAGS -DSOC_ENGINE=$(ENGINE) \
	  -Mdir $(SOC_EDIR)/obj -o $(abspath $@) $(SOC_RTL) $(SOC_ERTL) $(SOC_PICORV32) $(SOC_CSRC) \
	  > $(SOC_EDIR)/build.log 2>&1 || { cat $(SOC_EDIR)/build.log; echo "FAIL soc: simulator build failed ($(ENGINE))"; exit 1; }

soc-sim: $(SOC_ESIM)
	@test -n "$(PROGRAM)" || { echo "make soc-sim needs PROGRAM=<C file or rv32 ELF>" >&2; exit 2; }
	@SOC_SIM=$(SOC_ESIM) bash tb/soc/soc-run.sh $(PROGRAM) -- $(SOC_OPTS)
endif
