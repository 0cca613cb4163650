# Engine mhash: design-space sweep of the Multi-hash profiler on the bundled
# traces (1/2/4/8/16 tables x C0/C1 x R0/R1 at 10K/1% and 1M/0.1%) and the
# throughput of the RTL in simulation, written to docs/results/hashed-tables-mhash.md.
# The FPGA section is hand-kept in tests/eval/mhash-fpga.md (figures from
# `make synth BOARD=icebreaker|ulx3s ENGINE=mhash`, which takes too long to
# run as part of the sweep) and appended as it is; so is the lockstep
# regression section, tests/eval/mhash-verif.md (figures from `make sim ENGINE=mhash`).
EVAL_ALL += eval-mhash
MHASH_EVAL_TRACES ?= $(sort $(wildcard tests/traces/*-ldval.hwpt tests/traces/*-ldaddr.hwpt tests/traces/*-edge.hwpt))
MHASH_TP_TRACE    ?= $(firstword $(MHASH_EVAL_TRACES))

.PHONY: eval-mhash
eval-mhash: $(HWPROF)
	@test -n "$(strip $(MHASH_EVAL_TRACES))" || { echo "eval-mhash: no traces in tests/traces" >&2; exit 1; }
	@mkdir -p $(BUILD)/eval docs/results/img
	$(MAKE) --no-print-directory sim-build ENGINE=mhash CONFIG=t1
	$(BUILD)/sim/mhash/t1/Vhwp_mhash --trace $(MHASH_TP_TRACE) --seed 1 --idle 0 --stall 0 \
	  $(addprefix --param ,W=64 N_COUNTERS=2048 CW=24 MAX_TABLES=16 LW=32 SEED=1 EW=8 ACC_K=100) \
	  --param tables=4 --param cons=1 --param reset=0 --param shield=1 --param retain=1 \
	  --param interval=10000 --param thr=100 --max-events 400000 | tee $(BUILD)/eval/mhash-throughput.txt
	grep -q '^PASS ' $(BUILD)/eval/mhash-throughput.txt
	$(PYTHON) tests/eval/mhash_sweep.py --hwprof $(HWPROF) --jobs 2 \
	  --out docs/results/hashed-tables-mhash.md --img-dir docs/results/img \
	  --json-out $(BUILD)/eval/mhash.json --append tests/eval/mhash-fpga.md --append tests/eval/mhash-verif.md \
	  --throughput "RTL in lockstep simulation (no idle input, no backpressure), default configuration, \`$(notdir $(MHASH_TP_TRACE))\`, first 400,000 events: \`$$(grep -o 'events=[0-9]* cycles=[0-9]* events_per_cycle=[0-9.]*' $(BUILD)/eval/mhash-throughput.txt)\`." \
	  $(MHASH_EVAL_TRACES)
