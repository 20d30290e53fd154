//! Runs the visible half of the peer's conformance suites (`../shared/conformance/aptos`) on
//! Tern and fails if fewer tests pass than the floor recorded here (raise the floors as Tern
//! improves; `docs/conformance.md` explains the remaining failures). Skips when `../shared` is
//! absent, so a fresh clone passes. Each suite runs twice: as the peer's configurations run
//! it (runtime type checks on), then with the checks off outside `paranoid-tests/`, through
//! the interpreter's fast loops (verified code never fails the checks, so the floors hold for
//! both runs).

use std::path::PathBuf;
use std::process::ExitCode;
use tern_testrunner::TernAdapter;
use tern_testrunner::{run_tests_to, MasmToolchain, RunConfig, RunTestsOptions};

/// (suite folder, minimum number of passing tests).
const FLOORS: [(&str, usize); 2] = [("vm", 166), ("verifier", 159)];

fn main() -> ExitCode {
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/aptos");
    if !shared.is_dir() {
        println!("skipped: {} not found", shared.display());
        println!("0 passed, 0 failed");
        return ExitCode::SUCCESS;
    }
    let mut ok = true;
    for ((suite, floor), checked) in FLOORS.iter().flat_map(|f| [(*f, true), (*f, false)]) {
        let mut sink = Vec::new();
        let summary = run_tests_to(
            &[shared.join(suite)],
            &RunTestsOptions::default(),
            |c| TernAdapter::for_config(c).with_type_checks(checked || c == RunConfig::Paranoid),
            &MasmToolchain,
            &mut sink,
        );
        let how = if checked { "" } else { " (type checks off)" };
        println!(
            "conformance {suite}{how}: {} passed, {} failed (floor {floor})",
            summary.passed, summary.failed
        );
        if summary.passed < floor {
            ok = false;
            for f in &summary.failures {
                println!("  FAILED {}", f.display());
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
