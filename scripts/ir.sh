#!/bin/bash
# Host instructions (Ir, cachegrind) per unit of work of the unmetered benchmark loop, for each
# binary: (Ir(--iters 3) - Ir(--iters 1)) / 2 / units, which cancels the publishing, the metered
# counting call and the warm-up call. Deterministic, so it compares binaries on a shared machine.
# usage: BINS="target/release/tern /tmp/other-tern" scripts/ir.sh
set -e
cd "$(dirname "$0")/.."
ir() { valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 | grep "I *refs" | awk '{gsub(",","",$4); print $4}'; }
for bin in $BINS; do
  line="$(basename "$bin")"
  # file function args units-per-call
  for prog in "fib fib 20 21891" "call_loop call_loop 100000 100000" \
      "call_loop call_loop_generic 100000 100000" "call_loop call_loop_closure 100000 100000" \
      "countdown countdown 100000 100000" "nested_loop nested_loop 100 10000" \
      "match_sum match_sum 100000 100000" "int_arith_loop run_u64 1000 1000"; do
    set -- $prog
    f=crates/tern-bench/programs/$1.masm
    a=$(ir "$bin" bench $f 0xbe::$1::$2 --args $3 --iters 1 --samples 1 --warmup-ms 0)
    b=$(ir "$bin" bench $f 0xbe::$1::$2 --args $3 --iters 3 --samples 1 --warmup-ms 0)
    line="$line $2=$(python3 -c "print(round(($b - $a) / 2 / $4, 1))")"
  done
  echo "$line"
done
