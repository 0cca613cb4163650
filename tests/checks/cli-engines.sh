#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# The host-side engine interface (cmodel/cli/engine.h) holds: stream.c, the
# board session, names no engine (no HWL_ENG_ id, no engine name, no engine
# model header outside comments), so every engine reaches the board through
# its hwp_engine entry; and the objects of cmodel/ depend on each other
# without a cycle (a symbol one object uses and another defines is an edge;
# a call back from a callee, as a streamer that calls into the session that
# dispatched to it, is a cycle).
set -u
cd "$(dirname "$0")/../.."
make -s all >/dev/null || { echo "cli-engines: FAIL: make"; exit 1; }
fail=0
code=$(python3 - cmodel/cli/stream.c <<'PY'
import re, sys
s = open(sys.argv[1]).read()
s = re.sub(r'/\*.*?\*/', ' ', s, flags=re.S)
s = re.sub(r'//[^\n]*', ' ', s)
print(s)
PY
)
hits=$(grep -nE 'HWL_ENG_|\b(mhash|strat|rap|pfp|coproc)\b' <<<"$code")
if [ -n "$hits" ]; then
    echo "cli-engines: FAIL: cmodel/cli/stream.c names an engine:"
    echo "$hits" | head -5
    fail=1
fi
cyc=$(python3 - <<'PY'
import glob, os, subprocess
objs = sorted(glob.glob('build/obj/cmodel/**/*.o', recursive=True))
defs, und = {}, {}
for o in objs:
    for line in subprocess.run(['nm', o], capture_output=True, text=True).stdout.splitlines():
        p = line.split()
        if len(p) == 3 and p[1] in 'TDRBC':
            defs.setdefault(p[2], o)
        elif len(p) == 2 and p[0] == 'U':
            und.setdefault(o, set()).add(p[1])
g = {o: {defs[s] for s in und.get(o, ()) if defs.get(s, o) != o} for o in objs}
# strongly connected components (Tarjan): one of more than one object is a cycle
idx, low, stack, on, n = {}, {}, [], set(), [0]
def visit(v):
    idx[v] = low[v] = n[0]
    n[0] += 1
    stack.append(v)
    on.add(v)
    for w in g[v]:
        if w not in idx:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], idx[w])
    if low[v] == idx[v]:
        c = []
        while True:
            w = stack.pop()
            on.discard(w)
            c.append(os.path.relpath(w, 'build/obj'))
            if w == v:
                break
        if len(c) > 1:
            print(' '.join(sorted(c)))
for v in objs:
    if v not in idx:
        visit(v)
print('objects', len(objs))
PY
)
if grep -qv '^objects' <<<"$cyc"; then
    echo "cli-engines: FAIL: objects of cmodel/ that depend on each other in a cycle:"
    grep -v '^objects' <<<"$cyc"
    fail=1
fi
grep -q '^objects [1-9]' <<<"$cyc" || { echo "cli-engines: FAIL: no objects under build/obj/cmodel"; fail=1; }
[ $fail -eq 0 ] && echo "cli-engines: PASS ($(sed -n 's/^objects //p' <<<"$cyc") objects, no cycle; stream.c names no engine)" || { echo "cli-engines: FAIL"; exit 1; }
