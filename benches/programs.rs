//! Program benchmarks: each program of `crates/tern-bench` (fib, int_arith_loop, nested_loop,
//! merge_sort, bst, match_sum, countdown, call_loop) on Tern beside its native Rust twin, at the
//! sizes used for published figures. Publishing, verification and input generation happen
//! before the timed region; one timed iteration is one call.
//!
//! `cargo bench --bench programs`, or `cargo bench --bench programs -- fib` for one group.

use criterion::Criterion;
use std::hint::black_box;
use std::time::Duration;
use tern_bench::{harness, PROGRAMS};

fn programs(c: &mut Criterion) {
    for program in PROGRAMS.iter() {
        let size = program.figure_size;
        let prepared = match harness::prepare(program, size) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("skipped {}: {e}", program.name);
                continue;
            }
        };
        let input = program.input(size);
        let mut group = c.benchmark_group(program.name);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        group.bench_function("tern", |b| {
            b.iter(|| black_box(harness::run(&prepared).is_ok()))
        });
        group.bench_function("native", |b| {
            b.iter(|| black_box(program.run_native(black_box(&input))))
        });
        group.finish();
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    programs(&mut c);
    c.final_summary();
}
