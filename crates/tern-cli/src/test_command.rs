//! `tern test`: transactional test files against their `.exp` files.

use anyhow::{Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use tern_testrunner::{run_tests, RunTestsOptions, TernAdapter};

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
    let summary = run_tests(paths, &options, TernAdapter::for_config);
    Ok(if summary.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
