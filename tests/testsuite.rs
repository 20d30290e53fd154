//! Tern's own golden tests: every `.masm` under `testsuite/` runs through the transactional
//! test runner on Tern and must print exactly its `.exp`. Bless with
//! `cargo run --release -p tern-cli -- test testsuite --update` after reading the diff.
//!
//! Then the files run again with the runtime type checks on everywhere (the peer's baseline
//! configuration has them on too): code that passed the verifier must never fail them, so
//! every file must still print its `.exp`.

use std::path::PathBuf;
use std::process::ExitCode;
use tern::TernAdapter;
use tern_testrunner::{run_tests, RunTestsOptions};

fn main() -> ExitCode {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testsuite");
    let options = RunTestsOptions {
        verbose: true,
        ..RunTestsOptions::default()
    };
    let summary = run_tests(
        std::slice::from_ref(&root),
        &options,
        TernAdapter::for_config,
    );
    println!("again with runtime type checks on:");
    let checked = run_tests(&[root], &options, |c| {
        TernAdapter::for_config(c).with_type_checks()
    });
    if summary.failed == 0 && summary.passed > 0 && checked.failed == 0 && checked.passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
