#!/bin/bash
# Host instructions (Ir, cachegrind) per run of benchmark programs driven by `tern bench
# --programs` (data-structure programs whose input the harness builds): (Ir(--iters 3) -
# Ir(--iters 1)) / 2, which cancels the setup, the counting call and the warm-up.
# usage: BINS="target/release/tern /tmp/other-tern" [PROGS="bst merge_sort"] scripts/irprog.sh
set -e
cd "$(dirname "$0")/.."
ir() { valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 | grep "I *refs" | awk '{gsub(",","",$4); print $4}'; }
for bin in $BINS; do
  line="$(basename "$bin")"
  for p in ${PROGS:-bst merge_sort match_sum_enum}; do
    a=$(ir "$bin" bench --programs --filter "$p" --iters 1 --samples 1 --warmup-ms 0)
    b=$(ir "$bin" bench --programs --filter "$p" --iters 3 --samples 1 --warmup-ms 0)
    line="$line $p=$(python3 -c "print(round(($b - $a) / 2 / 1e6, 3))")M"
  done
  echo "$line"
done
