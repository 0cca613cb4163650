# Engine strat: `make eval-strat` (part of `make eval-all`) sweeps the
# paper's compressors (R_256, P_256, H[P_256]_2048, H[P_512]_2048, tagged, and
# A_16 variants) over the bundled value-profile traces and writes
# docs/results/hashed-tables-strat.md with tables and docs/results/strat/*.png.
EVAL_ALL += eval-strat
STRAT_EVAL_TRACES ?= $(sort $(wildcard tests/traces/*-ldval.hwpt))
.PHONY: eval-strat
eval-strat: $(HWPROF)
	@test -n "$(strip $(STRAT_EVAL_TRACES))" || { echo "eval-strat: no tests/traces/*-ldval.hwpt traces" >&2; exit 1; }
	$(PYTHON) tests/eval/strat_sweep.py --hwprof $(HWPROF) -j 2 --out docs/results/strat \
	  --md docs/results/hashed-tables-strat.md --head tests/eval/strat-results-head.md $(STRAT_EVAL_TRACES)
