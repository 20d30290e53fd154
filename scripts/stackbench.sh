#!/bin/bash
# Compares binaries interleaved at several stack positions. The host's speed comes and goes
# in bursts (up to 1.9x, from seconds to an hour; `docs/performance.md`, "Where the time goes"), and where
# the stack starts (it moves with the length of the program's path and of its environment)
# may matter too: each binary is copied under names of N_LIST lengths (the same for every
# binary), the copies run `tern bench --programs` once each, interleaved, and the table gives
# min / median / max over the positions per program, and the change of the medians.
# usage: BINS="/tmp/tern-a /tmp/tern-b" [N_LIST="8 16 24 32 40 48 56 64"] [T=0.08] [F=filter]
#        scripts/stackbench.sh
set -e
out=$(mktemp -d)
for n in ${N_LIST:-8 16 24 32 40 48 56 64}; do
  i=0
  for bin in $BINS; do
    i=$((i + 1))
    copy=$out/b${i}_$(head -c "$n" /dev/zero | tr '\0' x)
    cp "$bin" "$copy"
    "$copy" bench --programs ${F:+--filter $F} --time ${T:-0.08} --csv "$out/b${i}_$n.csv" > /dev/null
    rm "$copy"
  done
done
python3 - "$out" $BINS <<'PY'
import sys, csv, glob, os, statistics, math, collections
out, bins = sys.argv[1], sys.argv[2:]
d = collections.defaultdict(lambda: collections.defaultdict(list))
for f in glob.glob(f"{out}/*.csv"):
    b = int(os.path.basename(f).split('_')[0][1:]) - 1
    for r in csv.DictReader(open(f)):
        d[r['program']][b].append(float(r['tern_ns_median']))
fmt = lambda x: '%.4g/%.4g/%.4g' % (min(x) / 1e6, statistics.median(x) / 1e6, max(x) / 1e6)
print('program'.ljust(20) + ''.join(os.path.basename(b).rjust(28) for b in bins) + '  change(median)')
g = 0.0
for p, v in d.items():
    ch = statistics.median(v[len(bins) - 1]) / statistics.median(v[0]) - 1
    g += math.log(1 + ch)
    print(p.ljust(20) + ''.join(fmt(v[i]).rjust(28) for i in range(len(bins))) + '  %+.1f%%' % (100 * ch))
print('geomean change (median) %+.1f%%' % (100 * (math.exp(g / len(d)) - 1)))
PY
rm -rf "$out"
