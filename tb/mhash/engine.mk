# Engine mhash (Multi-hash profiler): lockstep regression (tb/common/lockstep.h).
# Build-time RTL parameters go to Verilator (-G) and to the adapter (--param);
# run-time settings (tables, C/R/shield/retain, interval, threshold count)
# are the top's cfg_* inputs, set by the adapter from SIM_ARGS.
SIM_TOP     := hwp_mhash
SIM_RTL     := common/hwp_hash.v common/hwp_sdp_ram.v mhash/hwp_mhash.v
SIM_CSRC    := tb/mhash/adapter.cpp
SIM_CONFIGS := t4c1r0 t1 t16c0r1 ew2 hk100 htight hk1000
MHASH_G     := W=64 N_COUNTERS=2048 CW=24 MAX_TABLES=16 LW=32 SEED=1
# t4c1r0: the paper's best configuration (4 tables, C1-R0, shielding, retaining)
# with a short interval so every trace crosses many interval ends. A 32-entry
# accumulator keeps this default build within the CI synthesis budget (the
# 100-entry accumulator is covered by t1; k = 1000, see big below).
SIM_GPARAMS_t4c1r0 := $(MHASH_G) EW=8 ACC_K=32
SIM_ARGS_t4c1r0    := --param tables=4 --param cons=1 --param reset=0 --param shield=1 \
                      --param retain=1 --param interval=2000 --param thr=20
# t1: single hash table, plain update, reset on promotion (best single hash of section 5)
SIM_GPARAMS_t1 := $(MHASH_G) EW=8 ACC_K=100
SIM_ARGS_t1    := --param tables=1 --param cons=0 --param reset=1 --param shield=1 \
                  --param retain=1 --param interval=1000 --param thr=10
# t16c0r1: 16 tables of 128, C0-R1, no shielding, no retaining, tiny accumulator
# (forces refused promotions and replacement)
SIM_GPARAMS_t16c0r1 := $(MHASH_G) EW=8 ACC_K=8
SIM_ARGS_t16c0r1    := --param tables=16 --param cons=0 --param reset=1 --param shield=0 \
                       --param retain=0 --param interval=997 --param thr=3
# hk100, htight: the hashed accumulator (docs/mhash.md): k = 100 as 4 ways of
# 64 slots and an 8-entry stash with t4c1r0's settings; and a tight one (2
# ways of 8, 2 stash entries, k = 16) with ew2's 2-bit epochs and 40-tuple
# intervals, which refuses promotions by conflict, reuses epochs (lazy clear
# and scrub of the ways) and dumps back to back
SIM_GPARAMS_hk100 := $(MHASH_G) EW=8 ACC_K=100 ACC_WAYS=4 ACC_SETS=64 ACC_STASH=8
SIM_ARGS_hk100    := $(SIM_ARGS_t4c1r0)
SIM_GPARAMS_htight := $(MHASH_G) EW=2 ACC_K=16 ACC_WAYS=2 ACC_SETS=8 ACC_STASH=2
SIM_ARGS_htight    := --param tables=8 --param cons=1 --param reset=1 --param shield=1 \
                      --param retain=1 --param interval=40 --param thr=2
# hk1000: the 0.1% accumulator (k = 1000) in its hashed form, 16 ways of 128
# and a 16-entry stash, with big's settings (3 tables of 512, C1-R0)
SIM_GPARAMS_hk1000 := $(MHASH_G) EW=8 ACC_K=1000 ACC_WAYS=16 ACC_SETS=128 ACC_STASH=16
SIM_ARGS_hk1000    := --param tables=3 --param cons=1 --param reset=0 --param shield=1 \
                      --param retain=1 --param interval=5000 --param thr=5
# big: the 0.1% accumulator (k = 1000), 3 tables (non-power-of-2: 512 counters each).
# NOT in SIM_CONFIGS: Verilator's C++ for 1000 register entries did not finish
# compiling within an hour on the shared machine. k = 1000 is covered by the
# functional-vs-cycle test (tests/unit/test_mhash_equiv.c), not by the RTL.
SIM_GPARAMS_big := $(MHASH_G) EW=8 ACC_K=1000
SIM_ARGS_big    := --max-events 40000 --param tables=3 --param cons=1 --param reset=0 --param shield=1 \
                   --param retain=1 --param interval=5000 --param thr=5
# ew2: 2-bit epoch tags and 8 tables, 40-tuple intervals: exercises epoch reuse,
# the scrubber and the interval-end wait for a complete scrub pass
SIM_GPARAMS_ew2 := $(MHASH_G) EW=2 ACC_K=16
SIM_ARGS_ew2    := --param tables=8 --param cons=1 --param reset=1 --param shield=1 \
                   --param retain=1 --param interval=40 --param thr=2
# Every bundled trace (tests/traces/*.hwpt: -bb, -edge, -ldaddr, -ldval,
# rv-*-retire) and tests/traces/synthetic-zipf.txt, one event per record:
# 2-tuples as <a, b>, 1-tuples as <a, 0>, retire records as <pc, value> (the
# same mapping as `hwprof run/eval --engine mhash` and tb/strat). Every
# configuration runs every trace to its end (6,499,342 records per
# configuration; times in docs/mhash.md, "Lockstep regression").
# Simulation speed (the Verilator build of `make sim`/`make wave` only;
# lint and synthesis read SIM_VFLAGS_<cfg>, which these do not touch):
#   --unroll-stmts: lets Verilator unroll the hash unit's per-function loop
#     (rtl/common/hwp_hash.v, 16 functions x 64 bits of index folding); left
#     as a loop it cost ~30% of the instructions of a t1 run (same logic);
#   OPT_SLOW=-O0: the run-once code (constructors, initial settle, wave
#     setup) compiled without optimisation: ~10 s less C++ compile per build.
MHASH_SIM_SPEED := --unroll-stmts 200000 -MAKEFLAGS OPT_SLOW=-O0
$(foreach c,$(SIM_CONFIGS),$(eval sim-build: SIM_VFLAGS_$(c) += $(MHASH_SIM_SPEED)))
SIM_TRACES := $(sort $(wildcard tests/traces/*.hwpt)) $(wildcard tests/traces/synthetic-zipf.txt)
ifeq ($(strip $(SIM_TRACES)),)
SIM_TRACES := tests/traces/synthetic-zipf.txt
endif

# FPGA builds (`make synth-bench BOARD=icebreaker|ulx3s ENGINE=mhash`:
# fpga/synth.sh, out-of-context bench; results in docs/mhash.md and
# docs/results/speed.md). ECP5-85F: 4 tables x 512 counters (64-bit tuple
# fields, 4 banks of 512 x {8-bit epoch, 24-bit counter}, one DP16KD each),
# the paper's k = 100 accumulator in its hashed form (hk100's: 4 ways of 64
# slots in block RAM and an 8-entry stash, docs/mhash.md). iCE40 UP5K (5280 LUTs, 30 EBRs): 16-bit
# tuple fields, 4 banks, 16-bit counters and a 4-entry accumulator: the
# pipeline's registers and class trees leave no room for the 12 register
# entries the one-stage design had (nextpnr: 6686 / 5280 LCs with 12); the
# paper's k=100 needs the accumulator in block RAM (see docs/mhash.md).
SYNTH_GPARAMS_ecp5 := W=64 N_COUNTERS=2048 CW=24 MAX_TABLES=4 LW=32 SEED=1 EW=8 ACC_K=100 ACC_WAYS=4 ACC_SETS=64 ACC_STASH=8
SYNTH_VFLAGS_ice40 := -GW=16 -GN_COUNTERS=2048 -GCW=16 -GEW=8 -GMAX_TABLES=4 -GACC_K=4 -GLW=24
SYNTH_FREQ_icebreaker := 48
SYNTH_FREQ_ulx3s      := 100
# nextpnr-ecp5 with router2 (negotiated congestion): router1 on the ECP5
# bench (k=32) re-routed most arcs it routed and did not converge
SYNTH_PNR_OPTS_ecp5 := --router router2
