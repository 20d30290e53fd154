//! Per-opcode micro-benchmarks: the loop of a selection of opcode families of
//! `tern_bench::opcodes` (10 copies of the family's unit per iteration, 1,000 iterations per
//! call). They track regressions; `tern bench --opcodes` turns the same loops into ns per
//! instruction (loop overhead and helper instructions removed) for every family.
//!
//! `cargo bench --bench opcodes`, or `cargo bench --bench opcodes -- "add u64"`.

use criterion::Criterion;
use std::hint::black_box;
use std::time::Duration;
use tern_bench::{harness, opcodes};

/// The families benched here (all of them are in `tern bench --opcodes`).
const SELECTED: [&str; 26] = [
    "loop overhead",
    "ld_u64",
    "st_loc",
    "move_loc",
    "copy_loc u64",
    "ld_const u64",
    "branch",
    "br_false",
    "add u64",
    "mul u64",
    "div u64",
    "lt u64",
    "eq u64",
    "add u8",
    "add u128",
    "add u256",
    "add i64",
    "cast_u8",
    "read_ref u64",
    "write_ref u64",
    "borrow_field",
    "pack 2 fields + drop",
    "vec_borrow",
    "call + ret",
    "call_generic + ret",
    "exists",
];

fn opcode_loops(c: &mut Criterion) {
    let families = opcodes::families::all();
    let mut group = c.benchmark_group("opcodes");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for (index, family) in families.iter().enumerate() {
        if !SELECTED.contains(&family.name.as_str()) {
            continue;
        }
        let mut prepared = match opcodes::prepare_family(family, index) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("skipped {}: {e}", family.name);
                continue;
            }
        };
        prepared.set_args(opcodes::loop_args(family, 1000));
        group.bench_function(family.name.as_str(), |b| {
            b.iter(|| black_box(harness::run(&prepared).is_ok()))
        });
    }
    group.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    opcode_loops(&mut c);
    c.final_summary();
}
