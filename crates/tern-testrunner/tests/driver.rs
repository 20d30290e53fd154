//! The folder driver: expected-file choice, comparison, `update`, `filter`, parallel workers
//! and the summary line.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::MockAdapter;
use std::path::{Path, PathBuf};
use tern_testrunner::{
    collect_test_files, expected_path, run_test_file, run_tests_to, MasmToolchain, RunTestsOptions,
    Summary,
};

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tern-testrunner-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

const MODULE: &str = "//# publish\nmodule 0x66::m\nfun f()\n    ret\n";
const MODULE_EXP: &str = "processed 1 task\ntask 0 lines 1-4:  publish [module 0x66::m]\n";

/// Builds: a/ok.masm (matches), a/b/bad.masm (differs), c/base.masm (uses base.baseline.exp),
/// c/missing.masm (no expected file), notes.txt (ignored).
fn fixture(dir: &Path) {
    write(&dir.join("a/ok.masm"), MODULE);
    write(&dir.join("a/ok.exp"), MODULE_EXP);
    write(&dir.join("a/b/bad.masm"), MODULE);
    write(
        &dir.join("a/b/bad.exp"),
        "processed 1 task\r\nsomething else\r\n",
    );
    write(&dir.join("c/base.masm"), MODULE);
    write(&dir.join("c/base.exp"), "stale\n");
    write(&dir.join("c/base.baseline.exp"), MODULE_EXP);
    write(&dir.join("c/missing.masm"), MODULE);
    write(&dir.join("notes.txt"), "not a test");
}

fn run(dir: &Path, options: &RunTestsOptions) -> (Summary, String) {
    let mut out = Vec::new();
    let summary = run_tests_to(
        &[dir.to_path_buf()],
        options,
        |_| MockAdapter::default(),
        &MasmToolchain,
        &mut out,
    );
    (summary, String::from_utf8(out).unwrap())
}

#[test]
fn files_are_collected_sorted_and_filtered() {
    let dir = scratch("collect");
    fixture(&dir);
    let files = collect_test_files(std::slice::from_ref(&dir), None).unwrap();
    let names: Vec<String> = files
        .iter()
        .map(|f| f.strip_prefix(&dir).unwrap().display().to_string())
        .collect();
    assert_eq!(
        names,
        ["a/b/bad.masm", "a/ok.masm", "c/base.masm", "c/missing.masm"]
    );
    let files = collect_test_files(std::slice::from_ref(&dir), Some("c/")).unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(
        expected_path(&dir.join("c/base.masm")),
        dir.join("c/base.baseline.exp")
    );
    assert_eq!(expected_path(&dir.join("a/ok.masm")), dir.join("a/ok.exp"));
    assert!(collect_test_files(&[dir.join("nope")], None).is_err());
    let single = collect_test_files(&[dir.join("a/ok.masm")], None).unwrap();
    assert_eq!(single.len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn results_are_printed_in_path_order_with_a_summary() {
    let dir = scratch("compare");
    fixture(&dir);
    let options = RunTestsOptions {
        jobs: 3,
        verbose: true,
        ..RunTestsOptions::default()
    };
    let (summary, out) = run(&dir, &options);
    assert_eq!((summary.passed, summary.failed), (2, 2));
    assert_eq!(
        summary.failures,
        vec![dir.join("a/b/bad.masm"), dir.join("c/missing.masm")]
    );
    let d = dir.display();
    let expected = format!(
        "{d}/a/b/bad.masm ... FAILED
@@ -1,3 +1,3 @@
 processed 1 task
-something else
+task 0 lines 1-4:  publish [module 0x66::m]
 
{d}/a/ok.masm ... ok
{d}/c/base.masm ... ok
{d}/c/missing.masm ... FAILED
  error: missing expected file `{d}/c/missing.exp`
2 passed, 2 failed
"
    );
    assert_eq!(out, expected);
    // Without `verbose` no diff is printed, and the order is the same with one worker.
    let (_, out) = run(
        &dir,
        &RunTestsOptions {
            jobs: 1,
            ..RunTestsOptions::default()
        },
    );
    assert!(out.starts_with(&format!(
        "{d}/a/b/bad.masm ... FAILED\n{d}/a/ok.masm ... ok\n"
    )));
    assert!(out.ends_with("2 passed, 2 failed\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn update_writes_expected_files_and_filter_limits_the_run() {
    let dir = scratch("update");
    fixture(&dir);
    let options = RunTestsOptions {
        update: true,
        filter: Some("c/".into()),
        ..RunTestsOptions::default()
    };
    let (summary, out) = run(&dir, &options);
    assert_eq!((summary.passed, summary.failed), (2, 0));
    assert!(out.contains("c/base.masm ... ok\n"));
    assert!(out.contains("c/missing.masm ... updated\n"));
    assert_eq!(
        std::fs::read_to_string(dir.join("c/missing.exp")).unwrap(),
        MODULE_EXP
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("c/base.exp")).unwrap(),
        "stale\n"
    );
    // The bad file is untouched by a filtered run, then fixed by an unfiltered one.
    let (summary, _) = run(
        &dir,
        &RunTestsOptions {
            update: true,
            ..RunTestsOptions::default()
        },
    );
    assert_eq!(summary.failed, 0);
    assert_eq!(
        std::fs::read_to_string(dir.join("a/b/bad.exp")).unwrap(),
        MODULE_EXP
    );
    let (summary, _) = run(&dir, &RunTestsOptions::default());
    assert_eq!((summary.passed, summary.failed), (4, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn aborted_and_panicking_files_fail_without_stopping_the_run() {
    let dir = scratch("abort");
    write(
        &dir.join("parse.masm"),
        "//# run --signers Nobody\nscript\n",
    );
    write(&dir.join("parse.exp"), "");
    write(&dir.join("zz.masm"), MODULE);
    write(&dir.join("zz.exp"), MODULE_EXP);
    let (summary, out) = run(&dir, &RunTestsOptions::default());
    assert_eq!((summary.passed, summary.failed), (1, 1));
    assert!(out.contains("parse.masm ... FAILED\n  error: task 0 (line 1): invalid or unknown address `Nobody`\n"), "{out}");
    let mut out = Vec::new();
    let summary = run_tests_to(
        &[dir.join("zz.masm")],
        &RunTestsOptions::default(),
        |_| -> MockAdapter { panic!("no VM today") },
        &MasmToolchain,
        &mut out,
    );
    assert_eq!(summary.failed, 1);
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("zz.masm ... FAILED\n  error: panicked: no VM today\n"),
        "{out}"
    );
    assert!(out.ends_with("0 passed, 1 failed\n"));
    assert_eq!(
        run_test_file(&dir.join("zz.masm"), |_| MockAdapter::default()).unwrap(),
        MODULE_EXP
    );
    assert!(run_test_file(&dir.join("none.masm"), |_| MockAdapter::default()).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_configuration_follows_the_folder() {
    use tern_testrunner::RunConfig;
    let of = |p: &str| RunConfig::for_path(Path::new(p));
    assert_eq!(
        of("vm/paranoid-tests/type_safety/x.masm"),
        RunConfig::Paranoid
    );
    assert_eq!(
        of("/abs/aptos/vm/paranoid-tests/x.masm"),
        RunConfig::Paranoid
    );
    assert_eq!(of("vm/builtins/x.masm"), RunConfig::Baseline);
    // A file whose name merely contains the folder's name is not in it.
    assert_eq!(of("vm/tests/paranoid-tests.masm"), RunConfig::Baseline);
    assert_eq!(of("vm/not-paranoid-tests/x.masm"), RunConfig::Baseline);
    // The factory is asked for the file's configuration.
    let dir = std::env::temp_dir().join(format!("tern-config-{}", std::process::id()));
    write(&dir.join("paranoid-tests/a.masm"), MODULE);
    let asked = std::sync::Mutex::new(Vec::new());
    let _ = run_test_file(&dir.join("paranoid-tests/a.masm"), |config| {
        asked.lock().unwrap().push(config);
        MockAdapter::default()
    });
    assert_eq!(*asked.lock().unwrap(), vec![RunConfig::Paranoid]);
    let _ = std::fs::remove_dir_all(&dir);
}
