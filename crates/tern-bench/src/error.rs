//! Errors of the harness.

use tern_primitives::VmError;
use thiserror::Error;

/// Why a benchmark could not be prepared or run.
#[derive(Debug, Error)]
pub enum BenchError {
    /// The `.masm` text does not assemble.
    #[error("assembly failed: {0}")]
    Assemble(String),
    /// The `.masm` text holds a script, not a module.
    #[error("the source holds a script; benchmarks run module functions")]
    NotAModule,
    /// The module could not be serialized.
    #[error("serialization failed: {0}")]
    Serialize(String),
    /// The VM refused to publish the module or failed to run the function.
    #[error("{0}")]
    Vm(#[from] VmError),
    /// A measured call failed with a status other than the one expected.
    #[error("instruction count: {0}")]
    Count(String),
    /// A memory measurement could not run or read its figure.
    #[error("memory measurement: {0}")]
    Memory(String),
    /// Some other failure (named in the message).
    #[error("{0}")]
    Other(String),
}
