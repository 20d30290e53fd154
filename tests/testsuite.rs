//! Tern's own golden tests: every `.masm` under `testsuite/` runs through the transactional
//! test runner on Tern and must print exactly its `.exp`. Bless with
//! `cargo run --release -p tern-cli -- test testsuite --update` after reading the diff.
//!
//! The runner keeps the runtime type checks on (the peer's configurations do); the files then
//! run again with them off outside `paranoid-tests/`, through the interpreter's fast loops:
//! code that passed the verifier never fails the checks, so every file must still print its
//! `.exp`. Files that republish a module with the compatibility checks off are left out of the
//! second run: their dependents are stale, and only the checks stop them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tern_testrunner::TernAdapter;
use tern_testrunner::{run_tests, RunConfig, RunTestsOptions};

/// The publish option that lets a module replace another without the compatibility checks.
const NO_COMPATIBILITY_CHECK: &str = "--skip-check-struct-and-pub-function-linking";

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
    let mut consistent = Vec::new();
    masm_files(&root, &mut consistent);
    consistent.retain(|file| {
        std::fs::read_to_string(file).is_ok_and(|text| !text.contains(NO_COMPATIBILITY_CHECK))
    });
    let checked = run_tests(&consistent, &options, |c| {
        TernAdapter::for_config(c).with_type_checks(c == RunConfig::Paranoid)
    });
    if summary.failed == 0 && summary.passed > 0 && checked.failed == 0 && checked.passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Every `.masm` file under `dir`, in a stable order.
fn masm_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            masm_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "masm") {
            out.push(path);
        }
    }
}
