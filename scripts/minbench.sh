#!/bin/bash
# Interleaved `tern bench --programs` runs of several binaries, R rounds; prints per program the
# minimum and the median over rounds of each binary's per-run median, and the change of the
# last binary against the first (by minimum). The host is shared: slow runs come in bursts, so
# the minimum is the steadier estimate. Binaries need distinct file names (copy them first).
# usage: BINS="/tmp/tern-main /tmp/tern-new" R=5 T=0.1 [F=filter] scripts/minbench.sh
set -e
out=$(mktemp -d)
for r in $(seq 1 ${R:-5}); do
  for bin in $BINS; do
    $bin bench --programs ${F:+--filter $F} --time ${T:-0.1} --csv $out/$(basename $bin)_$r.csv > /dev/null
  done
done
python3 - "$out" $BINS <<'PY'
import sys, csv, glob, os, statistics, math
out, bins = sys.argv[1], [os.path.basename(b) for b in sys.argv[2:]]
data = {}
for b in bins:
    for f in sorted(glob.glob(f"{out}/{b}_*.csv")):
        for r in csv.DictReader(open(f)):
            data.setdefault(r['program'], {}).setdefault(b, []).append(float(r['tern_ns_median']))
print('program'.ljust(20) + ''.join((b+' min/med').rjust(24) for b in bins) + '  change(min)')
lg = [0.0]*len(bins)
# Programs some binary lacks (added since) are left out.
data = {p: d for p, d in data.items() if all(b in d for b in bins)}
for p, d in data.items():
    mins = [min(d[b]) for b in bins]; meds = [statistics.median(d[b]) for b in bins]
    for i, m in enumerate(mins): lg[i] += math.log(m)
    print(p.ljust(20) + ''.join(('%.4g / %.4g' % (a/1e6, m/1e6)).rjust(24) for a, m in zip(mins, meds)) + '  %+.1f%%' % (100*(mins[-1]/mins[0]-1)))
print('geomean change (min) %+.1f%%' % (100*(math.exp((lg[-1]-lg[0])/len(data))-1)))
PY
