# Engine rap: `make eval-rap` (part of `make eval-all`) profiles the bundled
# code traces (*-bb.hwpt, basic-block pcs) and value / address traces
# (*-ldval.hwpt, *-ldaddr.hwpt, field b) at eps = 10% and 1% and writes
# docs/results/rap.md with error tables, node-count plots, the engine's
# events per clock (docs/results/rap/*.png) and the routed rap rows of
# docs/results/speed.md (make speed-report builds them).
EVAL_ALL += eval-rap
RAP_EVAL_TRACES ?= $(sort $(wildcard tests/traces/*-bb.hwpt tests/traces/*-ldval.hwpt tests/traces/*-ldaddr.hwpt))
.PHONY: eval-rap
eval-rap: $(HWPROF)
	@test -n "$(strip $(RAP_EVAL_TRACES))" || { echo "eval-rap: no bundled traces in tests/traces" >&2; exit 1; }
	$(PYTHON) tests/eval/rap_eval.py --hwprof $(HWPROF) -j 2 --out docs/results/rap \
	  --md docs/results/rap.md $(RAP_EVAL_TRACES)
