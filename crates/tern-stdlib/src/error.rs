//! Errors raised while building the library from its sources.

use thiserror::Error;

/// Why the standard library could not be built.
///
/// The sources are fixed, so any of these means a bug in a source file or in the assembler.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StdlibError {
    /// The assembler rejected a source file.
    #[error("cannot assemble 0x1::{module}: {message}")]
    Assemble {
        /// The module whose source was rejected.
        module: &'static str,
        /// The assembler's diagnostic.
        message: String,
    },
    /// A source file assembled to a script instead of a module.
    #[error("the source of 0x1::{module} is a script, not a module")]
    NotAModule {
        /// The module expected.
        module: &'static str,
    },
    /// A source file declares a module other than the one its table entry names.
    #[error("the source of 0x1::{expected} declares module {found}")]
    WrongModule {
        /// The module expected.
        expected: &'static str,
        /// The module found (address and name, or `<unnamed>`).
        found: String,
    },
}
