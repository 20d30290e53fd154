//! `tern test` and `tern run`.

use anyhow::{Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use tern::TernAdapter;
use tern_testrunner::{run_masm_file, run_tests, RunFileOptions, RunTestsOptions};

/// `tern test PATH... [--update] [--filter S] [-j N] [-v]`.
pub(crate) fn test(
    paths: &[PathBuf],
    update: bool,
    filter: Option<String>,
    jobs: usize,
    verbose: bool,
) -> Result<ExitCode> {
    TernAdapter::new().context("the standard library does not publish")?;
    let options = RunTestsOptions {
        update,
        filter,
        jobs,
        verbose,
    };
    let summary = run_tests(paths, &options, TernAdapter::new_or_empty);
    Ok(if summary.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `tern run FILE.masm [TARGET] [--args ...] [--type-args ...] [--signers ...]`.
pub(crate) fn run(
    file: PathBuf,
    target: Option<String>,
    args: Vec<String>,
    type_args: Vec<String>,
    signers: Vec<String>,
    verbose: bool,
    display_trace: bool,
) -> Result<ExitCode> {
    let mut adapter = TernAdapter::new().context("the standard library does not publish")?;
    let options = RunFileOptions {
        target,
        args,
        type_args,
        signers,
        named_addresses: Vec::new(),
        verbose,
        gas_budget: None,
        display_trace,
    };
    let output = run_masm_file(&file, &options, &mut adapter)
        .with_context(|| format!("{}", file.display()))?;
    if output.text.is_empty() || output.text.ends_with('\n') {
        print!("{}", output.text);
    } else {
        println!("{}", output.text);
    }
    Ok(if output.failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
