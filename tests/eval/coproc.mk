# Engine coproc: `make eval-coproc` (part of `make eval-all`) evaluates the
# profiling co-processor's load-value profiling against the exact profile and
# against simple periodic sampling at equal overhead, with convergence series,
# and its edge profiling, on long retire traces of the RISC-V test programs
# (recorded into build/eval/coproc if missing, 4M records each after 100K
# skipped) and on the bundled retire traces; writes docs/results/coproc.md and
# docs/results/img/coproc-convergence-*.png.
EVAL_ALL += eval-coproc
COPROC_LONG_PROGS  ?= interp lz sort wordcount
COPROC_LONG_N      ?= 4000000
COPROC_EVAL_DIR    := $(BUILD)/eval/coproc
COPROC_LONG_TRACES := $(COPROC_LONG_PROGS:%=$(COPROC_EVAL_DIR)/rv-%-long-retire.hwpt)
COPROC_EVAL_TRACES ?= $(COPROC_LONG_TRACES) $(sort $(wildcard tests/traces/rv-*-retire.hwpt))

$(COPROC_EVAL_DIR)/rv-%-long-retire.hwpt: | $(BUILD)/programs/rv/% $(HWPROF)
	@mkdir -p $(dir $@)
	$(HWPROF) record --kind retire --tool qemu --skip 100000 --max $(COPROC_LONG_N) --compress -o $@.tmp -- $(BUILD)/programs/rv/$* > /dev/null
	mv $@.tmp $@

.PHONY: eval-coproc
eval-coproc: $(HWPROF) $(COPROC_LONG_TRACES)
	@mkdir -p $(COPROC_EVAL_DIR) docs/results/img
	$(PYTHON) tests/eval/coproc_report.py --hwprof $(HWPROF) --tmp $(COPROC_EVAL_DIR) \
	  --out docs/results/coproc.md --img-dir docs/results/img $(COPROC_EVAL_TRACES)
