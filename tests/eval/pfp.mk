# Engine pfp: `make eval-pfp` (part of `make eval-all`) instruments the bundled
# real RISC-V retire traces (basic-block and call-graph profiling, profiling on
# for 0/10/25/50/100% of each window), runs the front end with and without
# profile flag prediction and writes docs/results/pfp.md (Table V/VI-style
# overheads, fetch savings, table-size sweep).
EVAL_ALL += eval-pfp
PFP_EVAL_TRACES ?= $(sort $(wildcard tests/traces/rv-*-retire.hwpt)) $(sort $(wildcard tests/traces/pfp/*-retire.hwpt))
.PHONY: eval-pfp
eval-pfp: $(HWPROF)
	@test -n "$(strip $(PFP_EVAL_TRACES))" || { echo "eval-pfp: no retire traces" >&2; exit 1; }
	@mkdir -p $(BUILD)/eval/pfp docs/results
	$(PYTHON) tests/eval/pfp_sweep.py --hwprof $(HWPROF) --tmp $(BUILD)/eval/pfp \
	  --json-out $(BUILD)/eval/pfp.json --out docs/results/pfp.md $(PFP_EVAL_TRACES)
