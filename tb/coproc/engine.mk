# Profiling co-processor (Zilles and Sohi 2001): lockstep regression
# (tb/common/lockstep.h). Input stream: a retire trace (random idle cycles);
# the host port is a second stream driven by the host software model
# (cmodel/coproc/cp_host.c) with random idle cycles of its own, and its read
# responses get random backpressure. Programs: tests/coproc/value.s (load
# values), tests/coproc/edge.s (edges), tests/coproc/isa.s (ISA coverage).
# Runs are cut at 150K records.
SIM_TOP     := hwp_coproc
SIM_RTL     := common/hwp_sdp_ram.v coproc/hwp_coproc_dfe.v coproc/hwp_coproc_sb.v coproc/hwp_coproc_rd.v coproc/hwp_coproc.v
SIM_CSRC    := tb/coproc/adapter.cpp
SIM_CONFIGS := small value edge isa
# default sizes (docs/coproc.md): 256 x 64-bit microcode, 64-entry CAM,
# 512-word data array, 16-entry sample buffer, 4096-bit PC filter table
SIM_GPARAMS_value := UC_AW=8 CAM_AW=6 DA_AW=9 SB_AW=4 FT_AW=12 RISCV=1
SIM_ARGS_value    := --param prog=value --max-events 150000
SIM_GPARAMS_edge  := UC_AW=8 CAM_AW=6 DA_AW=9 SB_AW=4 FT_AW=12 RISCV=1
SIM_ARGS_edge     := --param prog=edge --param ce_idle=0.25 --max-events 150000
# small (first: the default of make sim and synth-check): 8 slots, 4-entry
# sample buffer, 6-bit counters: exercises interrupts, thrash partitioning,
# masking, drops and counter saturation
SIM_GPARAMS_small := UC_AW=8 CAM_AW=3 DA_AW=5 SB_AW=2 FT_AW=8 RISCV=1
SIM_ARGS_small    := --param prog=value --param cntw=6 --param ce_idle=0.25 --max-events 150000
# isa: tests/coproc/isa.s, an ISA exerciser (every operation and operand kind,
# data-array bypass, forwarding, predicted t-register branches, CAM ops,
# interrupts; the host copies every register and array word out)
SIM_GPARAMS_isa   := UC_AW=8 CAM_AW=6 DA_AW=9 SB_AW=4 FT_AW=12 RISCV=1
SIM_ARGS_isa      := --param prog=isa --max-events 150000
SIM_TRACES := $(sort $(wildcard tests/traces/*-retire.hwpt))
# synthesis: the first configuration (small) is the reduced iCE40 one
# (docs/coproc.md: it does not fit the UP5K); the ECP5 gets the default sizes
SYNTH_GPARAMS_ecp5  := UC_AW=8 CAM_AW=6 DA_AW=9 SB_AW=4 FT_AW=12 RISCV=1
# The bench target is a clock the default configuration reaches on the
# ECP5-85F; the row coproc-ecp5 of docs/results/speed.md measures it against
# the issue's 50 MHz, and docs/coproc.md names the read stage's path that
# limits it.
SYNTH_FREQ_ulx3s    := 40
