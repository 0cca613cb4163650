# Profile flag predictor front end (pfp): lockstep regression on instrumented
# dynamic instruction streams. The streams are made at build time by
# `hwprof instrument` from two real RISC-V retire traces recorded with
# `hwprof record --kind retire` (tests/traces/pfp/: 60K instructions each of
# tests/programs/sort.c and wordcount.c, from the part where they make calls)
# and from a seeded synthetic program walk that reaches the rare paths
# (mis-fetches, late jal/b redirects, deep call nesting).
SIM_TOP  := hwp_pfp
SIM_RTL  := pfp/hwp_pfp.v pfp/hwp_pfp_lookup.v pfp/hwp_pfp_wbrd.v pfp/hwp_pfp_wb.v pfp/hwp_pfp_dhash.v
SIM_CSRC := tb/pfp/adapter.cpp
SIM_CONFIGS := default paper small wide ice40
# default: the paper's front end (fetch queue 32, decode 4), MIN_LEN 4, a 2 x 16 descriptor
# table, 24-bit addresses, 32-record window, skips of up to 8 instructions (this is the
# configuration the Yosys check synthesizes for both families, so it is kept moderate)
SIM_GPARAMS_default := FETCH_W=4 DEC_W=4 FQ=32 WIN_BITS=5 SET_BITS=4 MIN_LEN=4 SKIP_BITS=3 BR_PEN=3 PC_W=24 CNT_W=32
# paper: the same with the paper's 2 x 64 table (section VII-C)
SIM_GPARAMS_paper   := FETCH_W=4 DEC_W=4 FQ=32 WIN_BITS=5 SET_BITS=6 MIN_LEN=4 SKIP_BITS=3 BR_PEN=3 PC_W=24 CNT_W=32
# small: 2-wide, tiny queue and table (replacement pressure), MIN_LEN 3, 24-bit addresses,
# 16-bit wrapping counters; profile flag prediction switched on and off at random every cycle
SIM_GPARAMS_small   := FETCH_W=2 DEC_W=2 FQ=6 WIN_BITS=5 SET_BITS=2 MIN_LEN=3 SKIP_BITS=3 BR_PEN=1 PC_W=24 CNT_W=16
SIM_ARGS_small      := --param pfp_en=2
# wide: 8-wide fetch and decode, 64-bit addresses and 40-bit counters
SIM_GPARAMS_wide    := FETCH_W=8 DEC_W=8 FQ=64 WIN_BITS=7 SET_BITS=4 MIN_LEN=4 SKIP_BITS=5 BR_PEN=5 PC_W=64 CNT_W=40
# ice40: the iCEBreaker board configuration (SYNTH_GPARAMS_ice40 below, the
# pfp section of fpga/icebreaker/hwp_sizes.vh)
SIM_GPARAMS_ice40   := FETCH_W=1 DEC_W=1 FQ=4 WIN_BITS=4 SET_BITS=2 MIN_LEN=3 SKIP_BITS=2 BR_PEN=3 PC_W=16 CNT_W=8

PFP_TR := $(BUILD)/pfp-traces
# name | source | instrument options
PFP_STREAMS := \
  sort-bb-25:tests/traces/pfp/sort-retire.hwpt:-k_bb_-p_25_-w_4000 \
  sort-bb-0:tests/traces/pfp/sort-retire.hwpt:-k_bb_-p_0 \
  wordcount-bb-10:tests/traces/pfp/wordcount-retire.hwpt:-k_bb_-p_10_-w_3000 \
  sort-cg-50:tests/traces/pfp/sort-retire.hwpt:-k_cg_-p_50_-w_4000 \
  wordcount-cg-100:tests/traces/pfp/wordcount-retire.hwpt:-k_cg_-p_100 \
  synth-both-50:synth:-k_both_-p_50_-w_900_-i_40_--synth_50000_--seed_1
define pfp_stream
$(PFP_TR)/$(word 1,$(subst :, ,$(1))).hwpt: $(filter-out synth,$(word 2,$(subst :, ,$(1)))) $(HWPROF)
	@mkdir -p $(PFP_TR)
	@$(HWPROF) instrument $(subst _, ,$(word 3,$(subst :, ,$(1)))) -o $$@.$$$$$$$$.tmp $(filter-out synth,$(word 2,$(subst :, ,$(1)))) && mv -f $$@.$$$$$$$$.tmp $$@
endef
$(foreach s,$(PFP_STREAMS),$(eval $(call pfp_stream,$(s))))
SIM_TRACES := $(foreach s,$(PFP_STREAMS),$(PFP_TR)/$(word 1,$(subst :, ,$(s))).hwpt)
sim-build: $(SIM_TRACES)

# FPGA builds (make synth BOARD=icebreaker|ulx3s ENGINE=pfp). The window and
# the descriptor table are read combinationally by several ports per cycle
# (FETCH_W + DEC_W window reads, a lookup and an update per cycle), so they
# are flip-flops or LUT RAM, not block RAM (docs/pfp.md). ECP5-85F builds the
# default configuration; the iCE40 build is scaled down.
# iCE40 UP5K: 1-wide, 2 x 4 descriptors, 16-entry window, 16-bit addresses, 8-bit counters;
# skips of blocks of 3 or 4 instructions: the call-graph sequence (mov/b, jal/b, mov/b) but
# not the 5-instruction block counter, which needs SKIP_BITS 3 and so a 32-record window
# (2^WIN_BITS >= 2 (FETCH_W + 2^SKIP_BITS)). 2-wide with 2 x 8 descriptors and 20-bit
# addresses needed 118 % of the UP5K's logic cells.
SYNTH_GPARAMS_ice40 := $(SIM_GPARAMS_ice40)
# Timing targets of the engine alone (make synth-bench): the clocks of the
# cores pfp is meant to serve (issue targets, as fpga/speed-targets.txt)
SYNTH_FREQ_icebreaker := 24
SYNTH_FREQ_ulx3s      := 75
