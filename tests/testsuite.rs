//! Tern's own golden tests: every `.masm` under `testsuite/` runs through the transactional
//! test runner on Tern and must print exactly its `.exp`. Bless with
//! `cargo run --release -p tern-cli -- test testsuite --update` after reading the diff.

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
    let summary = run_tests(&[root], &options, TernAdapter::for_config);
    if summary.failed == 0 && summary.passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
