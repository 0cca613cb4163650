# Engine rap (Mysore et al. 2008, range-adaptive profiling): lockstep
# regression of rtl/rap/hwp_rap.v against cmodel/rap (cycle model every
# cycle, functional trie model on the final tree). Build-time parameters in
# SIM_GPARAMS_<cfg>; run-time eps (eps * 65536) and event limits in
# SIM_ARGS_<cfg>. Board-sized builds: tests/eval/rap-synth.sh (kept out of
# this file so that the synthesis check only elaborates the small default).
# nextpnr-ecp5 with router2 (negotiated congestion): router1 did not get
# anywhere on the RAM-TCAM builds (docs/rap.md, FPGA builds)
SYNTH_PNR_OPTS_ecp5 := --router router2
SIM_TOP     := hwp_rap
SIM_RTL     := common/hwp_fifo_fwft.v rap/hwp_rap_lsb.v rap/hwp_rap_scan.v rap/hwp_rap_over.v rap/hwp_rap_lpm.v rap/hwp_rap_tcam_lut.v rap/hwp_rap_tcam_ram.v rap/hwp_rap.v
SIM_CSRC    := tb/rap/adapter.cpp
SIM_CONFIGS := default ram full b16 ramfull ice40

# default: register/LUT TCAM with 16 entries, b = 4, W = 32, eps = 10%, 4-slot
# stage-0 buffer, first merge at 1024 events, q = 2: every trace fills the
# TCAM now and then (forced merges, waiting splits) between normal phases;
# the tournament registered after every level (ARB_RG=1: 3 extra stage-2
# clocks, 7-slot replay queue)
SIM_GPARAMS_default := W=32 K=2 N=16 CW=32 SB=2 CB=16 MERGE_FIRST=1024 MERGE_Q=2 OPT_TCAM_RAM=0 ARB_RG=1
SIM_ARGS_default    := --param eps_q=6553

# ram: the block-RAM-sliced TCAM with 64 entries (the iCE40 size; 4-bit
# slices: entry writes take 17 cycles), 8-slot buffer, tournament registered
# every two levels and at its result (ARB_OREG, as the ECP5 builds: 3 extra
# stage-2 clocks, and one more for the TCAM's address register, TCAM_KREG),
# the s3a register stage (OPT_CREG: counter forwarding at distances 1 and 2),
# the input skid register before the buffer (OPT_INREG)
SIM_GPARAMS_ram := W=32 K=2 N=64 CW=32 SB=3 CB=16 MERGE_FIRST=1024 MERGE_Q=2 OPT_TCAM_RAM=1 TCAM_CHUNK=4 TCAM_KREG=1 ARB_RG=2 ARB_OREG=1 OPT_CREG=1 OPT_INREG=1
SIM_ARGS_ram    := --param eps_q=6553

# full: an 8-entry TCAM at eps = 1% is full almost all the time: splits wait,
# forced merge batches, overflowed updates; one-slot buffer with 4-bit counts
# (saturation evictions); first merge at 100 events, q = 3; tournament
# registered after every level (2 extra stage-2 clocks: with the one-slot
# buffer the last items of a run arrive spaced, so the end-of-run drain of
# the tournament's registers matters)
SIM_GPARAMS_full := W=32 K=2 N=8 CW=32 SB=0 CB=4 MERGE_FIRST=100 MERGE_Q=3 OPT_TCAM_RAM=0 ARB_RG=1
SIM_ARGS_full    := --param eps_q=655 --max-events 100000

# b16: branching factor 16 over 64-bit keys (64-bit addresses and values),
# 40 entries (not a power of two), eps = 5%, 24-bit counters, tournament
# without inner registers (ARB_RG=0) but with its result registered
# (ARB_OREG: one extra stage-2 clock), the s3a stage (OPT_CREG) and the
# input skid register (OPT_INREG)
SIM_GPARAMS_b16 := W=64 K=4 N=40 CW=24 SB=2 CB=8 MERGE_FIRST=256 MERGE_Q=2 OPT_TCAM_RAM=0 ARB_OREG=1 OPT_CREG=1 OPT_INREG=1
SIM_ARGS_b16    := --param eps_q=3276 --max-events 100000

# ramfull: RAM TCAM with 2-bit slices and 6 entries (full TCAM), b = 2, eps = 2%
SIM_GPARAMS_ramfull := W=32 K=1 N=6 CW=32 SB=1 CB=6 MERGE_FIRST=64 MERGE_Q=2 OPT_TCAM_RAM=1 TCAM_CHUNK=2 ARB_SERIAL=1
SIM_ARGS_ramfull    := --param eps_q=1310 --max-events 100000

# ice40: the iCEBreaker (UP5K) build of tests/eval/rap-synth.sh (48 entries:
# 64 need 5432 of the 5280 logic cells): RAM TCAM with 8-bit slices
# (257-cycle entry writes) and per-bit write enables, bit-serial arbiter with
# the level limit in the TCAM, 24-bit counters, 2-slot buffer with 8-bit counts
SIM_GPARAMS_ice40 := W=32 K=2 N=48 CW=24 SB=1 CB=8 MERGE_FIRST=1024 MERGE_Q=2 OPT_TCAM_RAM=1 TCAM_CHUNK=8 TCAM_BITWE=1 ARB_SERIAL=2
SIM_ARGS_ice40    := --param eps_q=6553

# Every bundled trace (26), with the field `hwprof run --engine rap` profiles
# by default: -bb field a (block pc), -edge field b (branch target), -ldval
# field b (value), -ldaddr field b (address), rv-*-retire the pc (field a).
SIM_TRACES := $(sort $(wildcard tests/traces/*-bb.hwpt tests/traces/*-edge.hwpt \
                tests/traces/*-ldval.hwpt tests/traces/*-ldaddr.hwpt tests/traces/*-retire.hwpt))
ifeq ($(strip $(SIM_TRACES)),)
SIM_TRACES := tests/traces/synthetic-zipf.txt
endif
# b16 and ice40 (the slowest per trace after ram) keep the 17 bb, ldval and
# ldaddr traces, so that the regression's run time grows by less than 25%
SIM_TRACES_b16   := $(filter-out %-edge.hwpt %-retire.hwpt,$(SIM_TRACES))
SIM_TRACES_ice40 := $(SIM_TRACES_b16)
