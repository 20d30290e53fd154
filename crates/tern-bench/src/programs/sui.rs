//! The Sui-flavor twins of the benchmark programs (`programs/sui/*.masm`): the same algorithms,
//! inputs, sizes, native twins and results as [`super::PROGRAMS`], written as Sui modules.
//!
//! Sui's format has no closures, no signed integers and its own enum instructions, so three
//! programs differ from their Aptos twins beyond the `flavor sui` line:
//!
//! - `int_arith_loop_i64` runs its chain in `u64` (the accumulator stays in `0..1_000_003`, so
//!   every value is the one the `i64` chain computes, with the same bits);
//! - `match_sum_enum` matches its enum with one `variant_switch` instead of a `test_variant`
//!   chain;
//! - `call_loop_closure` packs a one-variant enum naming the callee once and dispatches on it
//!   with `variant_switch` to a direct call each iteration, in place of `pack_closure` and
//!   `call_closure`.
//!
//! The others are the same bytecode in a Sui module. Each twin carries its Aptos program's
//! name, entry function name, sizes, input and native twin; no Aptos MoveVM figure applies.
//!
//! ```
//! use tern_bench::{harness, programs};
//!
//! let fib = programs::sui::find("fib").unwrap();
//! let prepared = harness::prepare(fib, 10).unwrap();
//! assert_eq!(harness::run_results(&prepared).unwrap(), fib.native_output(10).to_bcs());
//! ```

use super::Program;

const FIB: &str = include_str!("../../programs/sui/fib.masm");
const INT_ARITH: &str = include_str!("../../programs/sui/int_arith_loop.masm");
const NESTED: &str = include_str!("../../programs/sui/nested_loop.masm");
const MERGE_SORT: &str = include_str!("../../programs/sui/merge_sort.masm");
const BST: &str = include_str!("../../programs/sui/bst.masm");
const MATCH_SUM: &str = include_str!("../../programs/sui/match_sum.masm");
const COUNTDOWN: &str = include_str!("../../programs/sui/countdown.masm");
const CALL_LOOP: &str = include_str!("../../programs/sui/call_loop.masm");

/// The Sui twin of `aptos`: its source is `source`, everything else (name, entry function,
/// sizes, input, native twin) is `aptos`'s, so the two can only differ in their bytecode.
const fn twin(aptos: Program, source: &'static str) -> Program {
    Program {
        source,
        aptos_ns: None,
        ..aptos
    }
}

const A: [Program; 13] = super::PROGRAMS;

/// Every Sui-flavor program, in the order of (and pairwise the twin of) [`super::PROGRAMS`].
pub const PROGRAMS: [Program; 13] = [
    twin(A[0], FIB),
    twin(A[1], INT_ARITH),
    twin(A[2], INT_ARITH),
    twin(A[3], NESTED),
    twin(A[4], MERGE_SORT),
    twin(A[5], BST),
    twin(A[6], MATCH_SUM),
    twin(A[7], MATCH_SUM),
    twin(A[8], COUNTDOWN),
    twin(A[9], CALL_LOOP),
    twin(A[10], CALL_LOOP),
    twin(A[11], CALL_LOOP),
    twin(A[12], CALL_LOOP),
];

/// The Sui-flavor program called `name`.
pub fn find(name: &str) -> Option<&'static Program> {
    PROGRAMS.iter().find(|p| p.name == name)
}

/// Each Aptos-flavor program with its Sui-flavor twin, in table order.
pub fn pairs() -> impl Iterator<Item = (&'static Program, &'static Program)> {
    super::PROGRAMS.iter().zip(PROGRAMS.iter())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twins_pair_programs_with_sui_sources_of_the_same_module() {
        for (aptos, sui) in pairs() {
            assert_eq!((aptos.name, aptos.function), (sui.name, sui.function));
            assert!(sui.source.contains("\nflavor sui\n"), "{}", sui.name);
            assert!(!aptos.source.contains("flavor sui"), "{}", aptos.name);
            let module = |src: &str| {
                src.lines()
                    .find(|l| l.starts_with("module "))
                    .map(String::from)
            };
            assert_eq!(module(aptos.source), module(sui.source), "{}", sui.name);
            assert_eq!(sui.aptos_ns, None);
        }
        assert_eq!(
            find("call_loop_closure").map(|p| p.function),
            Some("call_loop_closure")
        );
        assert!(find("missing").is_none());
    }
}
