//! Defence in depth: every conformance test file, run with the bytecode verifier switched off
//! (so the interpreter meets ill-typed and unsafe code the verifier would reject), must finish
//! without a panic — the VM reports errors instead. Skips when `../shared` is absent; the
//! project's own `testsuite/` is run the same way always.

use std::path::{Path, PathBuf};
use tern::TernAdapter;
use tern_testrunner::run_test_file;

fn masm_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            masm_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "masm") {
            out.push(p);
        }
    }
}

/// Runs every file with the verifier off; returns the files that panicked.
fn panicking_files(files: &[PathBuf]) -> Vec<String> {
    files
        .iter()
        .filter(|f| std::panic::catch_unwind(|| run_test_file(f, TernAdapter::unverified)).is_err())
        .map(|f| f.display().to_string())
        .collect()
}

#[test]
fn unverified_code_never_panics_the_vm() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/aptos");
    if !root.is_dir() {
        println!("skipped: {} not found", root.display());
        return;
    }
    let mut files = Vec::new();
    masm_files(&root, &mut files);
    files.sort();
    let panicked = panicking_files(&files);
    assert!(files.len() > 300, "only {} files found", files.len());
    assert!(panicked.is_empty(), "panicked on: {panicked:#?}");
}

#[test]
fn unverified_runs_of_the_testsuite_never_panic() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testsuite");
    let mut files = Vec::new();
    masm_files(&root, &mut files);
    files.sort();
    let panicked = panicking_files(&files);
    assert!(files.len() > 90, "only {} files found", files.len());
    assert!(panicked.is_empty(), "panicked on: {panicked:#?}");
}
