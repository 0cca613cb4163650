# Shared hash unit: lockstep regression (tb/common/lockstep.h).
SIM_TOP     := hwp_hash
SIM_RTL     := common/hwp_sdp_ram.v common/hwp_hash.v
SIM_CSRC    := tb/hash/adapter.cpp
SIM_CONFIGS := default narrow wide noreg
# default: the Multi-hash configuration (4 functions, 2K counters / 4 tables = 512 -> 9 bits),
# with registered ROM outputs (3-stage pipeline, the form built for speed)
SIM_GPARAMS_default := N_FUNC=4 W=64 BITS=9 TAG_W=16 SEED=1 OREG=1
# narrow: FPGA-sized 32-bit fields, 2 functions of 11 bits
SIM_GPARAMS_narrow  := N_FUNC=2 W=32 BITS=11 TAG_W=8 SEED=7 OREG=1
# wide: 16 functions of 7 bits (16 tables x 128 counters), single-bit tag
SIM_GPARAMS_wide    := N_FUNC=16 W=64 BITS=7 TAG_W=1 SEED=12345 OREG=1
# noreg: the 2-stage form mhash and strat instantiate (ROM outputs unregistered)
SIM_GPARAMS_noreg   := N_FUNC=16 W=64 BITS=11 TAG_W=1 SEED=1 OREG=0
SIM_TRACES := $(firstword $(wildcard tests/traces/*-ldval.hwpt)) $(firstword $(wildcard tests/traces/*-bb.hwpt)) $(firstword $(wildcard tests/traces/*-edge.hwpt))
ifeq ($(strip $(SIM_TRACES)),)
SIM_TRACES := tests/traces/synthetic-zipf.txt
endif
# FPGA builds (docs/fpga.md): the default configuration needs 32 RAM4K blocks,
# more than the iCE40UP5K has (30); the iCEBreaker gets the narrow one, without
# the ROM output registers (the iCE40's block RAM has none to use: they would be
# fabric flip-flops that add a stage and gain no speed).
SYNTH_GPARAMS_ice40 := N_FUNC=2 W=32 BITS=11 TAG_W=8 SEED=7 OREG=0
