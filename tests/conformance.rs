//! Runs the visible half of the peer's conformance suites (`../shared/conformance/aptos`) on
//! Tern and fails if fewer tests pass than the floor recorded here (raise the floors as Tern
//! improves; `docs/conformance.md` explains the remaining failures). Skips when `../shared` is
//! absent, so a fresh clone passes. Each suite runs twice: as the peer's configurations run
//! it, then with the runtime type checks on everywhere (the peer's baseline has them on;
//! verified code must never fail them, so the floors hold for both runs).

use std::path::PathBuf;
use std::process::ExitCode;
use tern::TernAdapter;
use tern_testrunner::{run_tests_to, MasmToolchain, RunTestsOptions};

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
    for ((suite, floor), checked) in FLOORS.iter().flat_map(|f| [(*f, false), (*f, true)]) {
        let mut sink = Vec::new();
        let summary = run_tests_to(
            &[shared.join(suite)],
            &RunTestsOptions::default(),
            |c| {
                let adapter = TernAdapter::for_config(c);
                if checked {
                    adapter.with_type_checks()
                } else {
                    adapter
                }
            },
            &MasmToolchain,
            &mut sink,
        );
        let how = if checked { " (type checks on)" } else { "" };
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
