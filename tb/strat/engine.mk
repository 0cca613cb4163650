# Engine strat (Sastry, Bodik, Smith 2001): lockstep regression of
# rtl/strat/hwp_strat.v against cmodel/strat (cycle model, and the functional
# model on every delivered message). Build-time RTL parameters in
# SIM_GPARAMS_<cfg>, run-time configuration inputs in SIM_ARGS_<cfg>.
SIM_TOP     := hwp_strat
SIM_RTL     := common/hwp_hash.v common/hwp_sdp_ram.v strat/hwp_strat_fifo.v strat/hwp_strat_ak.v strat/hwp_strat_set.v strat/hwp_strat.v
SIM_CSRC    := tb/strat/adapter.cpp
SIM_CONFIGS := default tagged pfifo tagsmall crsmall

# default: H[P_256]_2048 (the paper's stratified periodic sampler), no A_k
SIM_GPARAMS_default := W=64 IDX_W=11 WAYS=2 CNT_W=16 MISS_W=3 TAG_W=2 AK_K=16 FIFO_AW=9 HASH_SEED=1 OREG=1
SIM_ARGS_default    := --param mode=hp --param rate=256 --param ak=0

# tagged: section 4 compressor, 2-bit tags, 2-way 2048 entries, r=256, with A_16
SIM_GPARAMS_tagged := W=64 IDX_W=11 WAYS=2 CNT_W=16 MISS_W=3 TAG_W=2 AK_K=16 FIFO_AW=9 HASH_SEED=1 OREG=1
SIM_ARGS_tagged    := --param mode=tag --param rate=256 --param evict=16 --param replace=4 --param ak=1

# pfifo: P_1 (a message per event) into a 4-deep FIFO and A_5: the FIFO fills
# under output backpressure, so the input stalls; A_k evicts constantly
SIM_GPARAMS_pfifo := W=64 IDX_W=4 WAYS=1 CNT_W=4 MISS_W=2 TAG_W=1 AK_K=5 FIFO_AW=2 HASH_SEED=9
SIM_ARGS_pfifo    := --param mode=p --param rate=1 --param ak=1

# tagsmall: tagged, 4-way 16 entries, tiny counters and thresholds: every
# transition of Figure 6 happens often; 32-bit fields
SIM_GPARAMS_tagsmall := W=32 IDX_W=4 WAYS=4 CNT_W=4 MISS_W=2 TAG_W=3 AK_K=3 FIFO_AW=2 HASH_SEED=5 OREG=1
SIM_ARGS_tagsmall    := --param mode=tag --param rate=9 --param evict=3 --param replace=3 --param ak=1 --param lfsr_seed=77

# crsmall: H[CR_6]_8 with a 3-bit counter (forced samples at 8), random R
# decisions from the LFSR, 1-way
SIM_GPARAMS_crsmall := W=64 IDX_W=3 WAYS=1 CNT_W=3 MISS_W=1 TAG_W=3 AK_K=16 FIFO_AW=3 HASH_SEED=3
SIM_ARGS_crsmall    := --param mode=hcr --param rate=6 --param evict=8 --param replace=2 --param ak=0 --param lfsr_seed=0x1234567

# every bundled trace, each to its end (no --max-events), records mapped to
# events as hwprof maps them (strat_event_of in cmodel/strat/strat.c):
# 2-tuples as <a, b>, 1-tuples (-bb) as <a, 0>, of a retire trace the loads
# with a value as <pc, loaded value> (other retired instructions are no
# event; the PASS line counts them as not_events); plus the synthetic Zipf
# text trace
SIM_TRACES := $(sort $(wildcard tests/traces/*.hwpt)) $(wildcard tests/traces/synthetic-zipf.txt)
ifeq ($(strip $(SIM_TRACES)),)
SIM_TRACES := tests/traces/synthetic-zipf.txt
endif

# Board builds (make synth BOARD=icebreaker|ulx3s ENGINE=strat): every mode
# stays available at run time (the bench drives the configuration inputs).
# iCE40 UP5K: 32-bit fields, 2048 counters (2 ways x 1024 sets), FIFO 256, and
# A_4: each A_k entry is 97 flip-flops that cannot share a logic cell with a
# LUT (the tuple is loaded straight from the FIFO head), so A_16 alone takes
# ~1550 of the 5280 cells plus ~45 LUTs of tuple compare per entry; with A_16
# the design needs ~6460 cells (122%).
SYNTH_VFLAGS_ice40 := -GW=32 -GIDX_W=11 -GWAYS=2 -GCNT_W=16 -GMISS_W=3 -GTAG_W=2 -GAK_K=4 -GFIFO_AW=8 -GHASH_SEED=1
# ECP5-85F: the simulation default, 64-bit fields.
SYNTH_VFLAGS_ecp5  := -GW=64 -GIDX_W=11 -GWAYS=2 -GCNT_W=16 -GMISS_W=3 -GTAG_W=2 -GAK_K=16 -GFIFO_AW=9 -GHASH_SEED=1 -GOREG=1
SYNTH_FREQ_icebreaker := 48
SYNTH_FREQ_ulx3s      := 125
