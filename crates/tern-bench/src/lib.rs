//! Tern's benchmark harness.
//!
//! - [`programs`]: the benchmark programs of `shared/bench-programs/README.md` (fib,
//!   int_arith_loop, nested_loop, merge_sort, bst, match_sum, countdown, call_loop), written in
//!   `.masm`, each with a native Rust twin of the same algorithm ([`native`]); `call_loop_inline`,
//!   the call loop with the callee's body in place of the call, is the baseline that prices a
//!   call and its return ([`table::call_return_ns`]). [`programs::sui`] holds their Sui-flavor
//!   twins ([`SUI_PROGRAMS`]: no closures or signed integers, enums matched by
//!   `variant_switch`), with the same inputs and results.
//! - [`harness`]: [`prepare`] publishes a module and decodes arguments once; [`run`] makes one
//!   call in a fresh session whose writes are discarded; [`count_instructions`] gives the number
//!   of Move instructions one call executes.
//! - [`stats`]: the sampling loop and the median/spread summaries behind `tern bench`;
//!   [`report`] prints one function's figures (text or JSON); [`table`] times every program
//!   beside its native twin; [`flavors`] times each program beside its Sui-flavor twin.
//! - [`memory`]: the peak memory of a `tern run` process building a vector of each primitive
//!   type, per element (`tern bench --memory`).
//! - [`opcodes`]: the per-opcode cost table, measured with gas-calibration-style loop programs.
//!
//! ```
//! use tern_bench::{harness, programs};
//!
//! let fib = programs::find("fib").unwrap();
//! let prepared = harness::prepare(fib, 10).unwrap();
//! harness::run(&prepared).unwrap();
//! assert_eq!(harness::run_results(&prepared).unwrap(), fib.native_output(10).to_bcs());
//! ```

#![forbid(unsafe_code)]

pub mod error;
pub mod flavors;
pub mod harness;
pub mod memory;
pub mod native;
mod native_bst;
pub mod native_calls;
pub mod opcodes;
pub mod programs;
pub mod report;
pub mod stats;
pub mod table;

pub use error::BenchError;
pub use harness::{
    count_instructions, prepare, prepare_source, run, run_in, run_results, run_with_budget,
    CallMode, Prepared, UNEXHAUSTIBLE_BUDGET,
};
pub use programs::sui::PROGRAMS as SUI_PROGRAMS;
pub use programs::{Input, Output, Program, PROGRAMS};
