#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# pfp mutation: the dispatch slots report a profile jal/b (K_PIJ) as an
# ordinary profile instruction (K_PI) (on the synthetic walk: sort-bb-25
# dispatches none). Only the per-slot kind (and so the
# board's dispatch_hash) changes; the lockstep regression must fail.
set -eu
make --no-print-directory -s build/pfp-traces/synth-both-50.hwpt ENGINE=pfp >/dev/null
tests/mutate.sh pfp-dslot pfp default pfp/hwp_pfp.v \
  's/disp_skind\[ks\*4 +: 4\]    = dk;/disp_skind[ks*4 +: 4]    = (dk == K_PIJ) ? K_PI : dk;/' \
  build/pfp-traces/synth-both-50.hwpt
