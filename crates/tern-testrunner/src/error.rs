//! The runner's error type: everything that aborts a whole test file (as opposed to a task's
//! error, which is printed in the output and does not stop the file).

use std::path::PathBuf;
use thiserror::Error;

/// A failure that aborts a test file (or a single run), with what and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RunnerError {
    /// The file could not be read or written.
    #[error("cannot access `{path}`: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error text.
        message: String,
    },
    /// The template (Tera subset) could not be expanded.
    #[error("template error: {0}")]
    Template(String),
    /// The file could not be split into tasks (e.g. text before the first `//#`).
    #[error("line {line}: {message}")]
    Tasks {
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A command line could not be parsed (the peer's harness aborts the file).
    #[error("task {task} (line {line}): {message}")]
    Command {
        /// The task number.
        task: usize,
        /// The task's first line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A standalone run (`tern run`) was given bad input.
    #[error("{0}")]
    Usage(String),
}

impl RunnerError {
    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>, err: &std::io::Error) -> RunnerError {
        RunnerError::Io {
            path: path.into(),
            message: err.to_string(),
        }
    }
}
