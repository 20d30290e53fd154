//! Every benchmark program returns what its native twin returns, at small sizes, and its
//! instruction count is what the loop structure predicts where that is simple.

use tern_bench::{count_instructions, harness, prepare, programs, run_results, PROGRAMS};

#[test]
fn every_program_matches_its_native_twin() {
    for p in PROGRAMS.iter() {
        for size in [0, 1, 2, p.test_size] {
            let prepared = prepare(p, size).unwrap_or_else(|e| panic!("{}: {e}", p.name));
            let got = run_results(&prepared).unwrap_or_else(|e| panic!("{} {size}: {e}", p.name));
            assert_eq!(got, p.native_output(size).to_bcs(), "{} at {size}", p.name);
        }
    }
}

#[test]
fn instruction_counts_follow_the_loops() {
    let count = |name: &str, size: u64| {
        let p = programs::find(name).unwrap();
        count_instructions(&prepare(p, size).unwrap()).unwrap()
    };
    // countdown: 9 per iteration, 5 to leave the loop (4 tests + ret).
    assert_eq!(count("countdown", 100), 9 * 100 + 5);
    // fib: 6 per leaf call, 14 per inner call.
    assert_eq!(count("fib", 10), 6 * 89 + 14 * 88);
    // int_arith_loop: 2 + 4 + 1 + 180 + 1 + 5 per iteration.
    let per_iter = count("int_arith_loop_u64", 11) - count("int_arith_loop_u64", 10);
    assert_eq!(per_iter, 4 + 1 + 180 + 1 + 5);
    // call_loop: 16 per iteration (12 in the loop, 4 in inc).
    let per_iter = count("call_loop", 11) - count("call_loop", 10);
    assert_eq!(per_iter, 16);
}

#[test]
fn larger_inputs_still_agree() {
    for name in ["merge_sort", "bst"] {
        let p = programs::find(name).unwrap();
        let prepared = prepare(p, p.figure_size).unwrap();
        harness::run(&prepared).unwrap();
        assert_eq!(
            run_results(&prepared).unwrap(),
            p.native_output(p.figure_size).to_bcs(),
            "{name}"
        );
    }
}
