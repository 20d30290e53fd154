//! Tern's own golden tests: every `.masm` under `testsuite/` runs through the transactional
//! test runner on Tern and must print exactly its `.exp`. Bless with
//! `cargo run --release -p tern-cli -- test testsuite --update` after reading the diff.
//!
//! The runner keeps the runtime type checks on (the peer's configurations do); the files then
//! run again with them off outside `paranoid-tests/`, through the interpreter's fast loops:
//! code that passed the verifier never fails the checks, so every file must still print its
//! `.exp`.

use std::path::PathBuf;
use std::process::ExitCode;
use tern_testrunner::TernAdapter;
use tern_testrunner::{run_tests, RunConfig, RunTestsOptions};

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
    println!("again with the runtime type checks off (outside paranoid-tests/):");
    let checked = run_tests(&[root], &options, |c| {
        TernAdapter::for_config(c).with_type_checks(c == RunConfig::Paranoid)
    });
    if summary.failed == 0 && summary.passed > 0 && checked.failed == 0 && checked.passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
