//! Running test files: one file to its output text, or many files (folders walked
//! recursively) compared with their expected `.exp` files, optionally in parallel.

use crate::adapter::TestAdapter;
use crate::diff::unified_diff;
use crate::exec::run_test_file_with;
use crate::testfile::TestFile;
use crate::toolchain::{MasmToolchain, Toolchain};
use crate::RunnerError;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Longest diff printed under a failing file (lines).
const MAX_DIFF_LINES: usize = 60;

/// Runs the test file at `path` with a fresh adapter from `adapter_factory` (given the file's
/// [`RunConfig`]) and returns the complete output text.
pub fn run_test_file<A: TestAdapter>(
    path: &Path,
    adapter_factory: impl Fn(RunConfig) -> A,
) -> Result<String, RunnerError> {
    let text = std::fs::read_to_string(path).map_err(|e| RunnerError::io(path, &e))?;
    let mut adapter = adapter_factory(RunConfig::for_path(path));
    run_test_text(&text, &mut adapter)
}

/// Runs the text of a test file with the `.masm` toolchain.
pub fn run_test_text<A: TestAdapter>(text: &str, adapter: &mut A) -> Result<String, RunnerError> {
    run_test_text_with(text, adapter, &MasmToolchain)
}

/// Runs the text of a test file with the given toolchain.
pub fn run_test_text_with<A: TestAdapter, T: Toolchain>(
    text: &str,
    adapter: &mut A,
    toolchain: &T,
) -> Result<String, RunnerError> {
    let file = TestFile::parse(text)?;
    Ok(run_test_file_with(&file, adapter, toolchain))
}

/// Options of [`run_tests`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunTestsOptions {
    /// Write the produced output to the expected file instead of comparing.
    pub update: bool,
    /// Only files whose path contains this substring.
    pub filter: Option<String>,
    /// Worker threads (0: one per available core).
    pub jobs: usize,
    /// Print a diff (or the error) under each failing file.
    pub verbose: bool,
}

/// The result of [`run_tests`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files whose output matched (or was written with `update`).
    pub passed: usize,
    /// Files that differed or could not be run.
    pub failed: usize,
    /// The failing files, in path order.
    pub failures: Vec<PathBuf>,
}

/// What happened to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Outcome {
    Passed,
    Updated,
    Mismatch(String),
    Error(String),
}

/// The configuration of the peer's harness a test file runs under, chosen by its folder as the
/// peer's suite chooses it (`transactional-tests.md` §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunConfig {
    /// The production verifier and limits: every folder but those below.
    Baseline,
    /// A file under a `paranoid-tests/` folder: the peer runs these with the bytecode verifier
    /// switched off (and with runtime type checks of its own, which Tern does not model:
    /// `docs/conformance.md`).
    Paranoid,
    /// A file under a `sui/` folder: Sui code run as Sui's Move test runner runs it.
    Sui,
}

impl RunConfig {
    /// The configuration of the test file at `path`.
    pub fn for_path(path: &Path) -> RunConfig {
        if path.components().any(|c| c.as_os_str() == "paranoid-tests") {
            RunConfig::Paranoid
        } else if path.components().any(|c| c.as_os_str() == "sui") {
            RunConfig::Sui
        } else {
            RunConfig::Baseline
        }
    }
}

/// The expected-output file of a test: `X.baseline.exp` when it exists (folders with
/// per-configuration expectations), else `X.exp`.
pub fn expected_path(test: &Path) -> PathBuf {
    let baseline = test.with_extension("baseline.exp");
    if baseline.is_file() {
        baseline
    } else {
        test.with_extension("exp")
    }
}

/// The `.masm` files under `paths` (files taken as given, folders walked recursively), sorted,
/// keeping those whose path contains `filter`.
pub fn collect_test_files(
    paths: &[PathBuf],
    filter: Option<&str>,
) -> Result<Vec<PathBuf>, RunnerError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut files)?;
        } else if path.is_file() {
            files.push(path.clone());
        } else {
            return Err(RunnerError::Io {
                path: path.clone(),
                message: "no such file or directory".into(),
            });
        }
    }
    files.retain(|f| filter.is_none_or(|s| f.to_string_lossy().contains(s)));
    files.sort();
    files.dedup();
    Ok(files)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), RunnerError> {
    let entries = std::fs::read_dir(dir).map_err(|e| RunnerError::io(dir, &e))?;
    for entry in entries {
        let path = entry.map_err(|e| RunnerError::io(dir, &e))?.path();
        if path.is_dir() {
            walk(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "masm") {
            files.push(path);
        }
    }
    Ok(())
}

/// Runs every `.masm` test under `paths` (each with a fresh adapter from `factory`, given the
/// file's [`RunConfig`]), compares
/// with (or, with `update`, writes) its expected file, prints one line per file to stdout and
/// the final `N passed, N failed` line.
pub fn run_tests<A, F>(paths: &[PathBuf], options: &RunTestsOptions, factory: F) -> Summary
where
    A: TestAdapter,
    F: Fn(RunConfig) -> A + Sync,
{
    run_tests_to(paths, options, factory, &MasmToolchain, std::io::stdout())
}

/// [`run_tests`] with a toolchain and an output sink.
pub fn run_tests_to<A, F, T, W>(
    paths: &[PathBuf],
    options: &RunTestsOptions,
    factory: F,
    toolchain: &T,
    out: W,
) -> Summary
where
    A: TestAdapter,
    F: Fn(RunConfig) -> A + Sync,
    T: Toolchain + Sync,
    W: Write + Send,
{
    let files = match collect_test_files(paths, options.filter.as_deref()) {
        Ok(f) => f,
        Err(e) => {
            let mut out = out;
            let _ = writeln!(out, "error: {e}\n0 passed, 1 failed");
            return Summary {
                passed: 0,
                failed: 1,
                failures: paths.to_vec(),
            };
        }
    };
    let printer = Mutex::new(Printer {
        out,
        results: vec![None; files.len()],
        next: 0,
        summary: Summary::default(),
    });
    let next_file = AtomicUsize::new(0);
    let jobs = worker_count(options.jobs, files.len());
    let work = || loop {
        let index = next_file.fetch_add(1, Ordering::Relaxed);
        let Some(file) = files.get(index) else {
            break;
        };
        let outcome = check_file(file, options, &factory, toolchain);
        if let Ok(mut p) = printer.lock() {
            p.record(index, outcome, &files, options.verbose);
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(work);
        }
    });
    let mut p = match printer.into_inner() {
        Ok(p) => p,
        Err(poisoned) => poisoned.into_inner(),
    };
    let s = &p.summary;
    let _ = writeln!(p.out, "{} passed, {} failed", s.passed, s.failed);
    let _ = p.out.flush();
    p.summary
}

fn worker_count(jobs: usize, files: usize) -> usize {
    let jobs = if jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        jobs
    };
    jobs.clamp(1, files.max(1))
}

/// Prints results in path order as they complete.
struct Printer<W> {
    out: W,
    results: Vec<Option<Outcome>>,
    next: usize,
    summary: Summary,
}

impl<W: Write> Printer<W> {
    fn record(&mut self, index: usize, outcome: Outcome, files: &[PathBuf], verbose: bool) {
        if let Some(slot) = self.results.get_mut(index) {
            *slot = Some(outcome);
        }
        while let Some(Some(outcome)) = self.results.get_mut(self.next).map(Option::take) {
            if let Some(file) = files.get(self.next) {
                self.print(file, outcome, verbose);
            }
            self.next += 1;
        }
        let _ = self.out.flush();
    }

    fn print(&mut self, file: &Path, outcome: Outcome, verbose: bool) {
        let (status, detail) = match outcome {
            Outcome::Passed => ("ok", None),
            Outcome::Updated => ("updated", None),
            Outcome::Mismatch(diff) => ("FAILED", verbose.then_some(diff)),
            Outcome::Error(e) => ("FAILED", Some(format!("  error: {e}\n"))),
        };
        let _ = writeln!(self.out, "{} ... {status}", file.display());
        if let Some(detail) = detail {
            let _ = write!(self.out, "{detail}");
        }
        if status == "FAILED" {
            self.summary.failed += 1;
            self.summary.failures.push(file.to_path_buf());
        } else {
            self.summary.passed += 1;
        }
    }
}

fn check_file<A, F, T>(
    path: &Path,
    options: &RunTestsOptions,
    factory: &F,
    toolchain: &T,
) -> Outcome
where
    A: TestAdapter,
    F: Fn(RunConfig) -> A,
    T: Toolchain,
{
    let run = || -> Result<String, RunnerError> {
        let text = std::fs::read_to_string(path).map_err(|e| RunnerError::io(path, &e))?;
        let mut adapter = factory(RunConfig::for_path(path));
        run_test_text_with(&text, &mut adapter, toolchain)
    };
    let actual = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(Ok(text)) => text,
        Ok(Err(e)) => return Outcome::Error(e.to_string()),
        Err(panic) => return Outcome::Error(format!("panicked: {}", panic_text(&panic))),
    };
    let exp_path = expected_path(path);
    let expected = std::fs::read_to_string(&exp_path)
        .ok()
        .map(|t| t.replace("\r\n", "\n").replace('\r', "\n"));
    if expected.as_deref() == Some(actual.as_str()) {
        return Outcome::Passed;
    }
    if options.update {
        return match std::fs::write(&exp_path, &actual) {
            Ok(()) => Outcome::Updated,
            Err(e) => Outcome::Error(RunnerError::io(exp_path, &e).to_string()),
        };
    }
    match expected {
        None => Outcome::Error(format!("missing expected file `{}`", exp_path.display())),
        Some(expected) => Outcome::Mismatch(unified_diff(&expected, &actual, MAX_DIFF_LINES)),
    }
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}
