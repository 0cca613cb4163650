# SPDX-License-Identifier: Apache-2.0
# docs/results/hashed-tables.md: the hashed counter tables' results, assembled
# from the two engines' fragments (written by eval-mhash and eval-strat).
EVAL_ALL += eval-hashed
.PHONY: eval-hashed
eval-hashed: eval-mhash eval-strat
	bash tests/eval/hashed_tables.sh > docs/results/hashed-tables.md
