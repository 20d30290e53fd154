//! The assembler: `.masm` text to a [`CompiledModule`] or [`CompiledScript`], built exactly the
//! way the peer's (Aptos) assembler builds it — same table order and deduplication, so table
//! indices, code offsets and error locations match — with the peer's diagnostics.
//!
//! A `.masm` text holds exactly one unit (a `module` or a `script`); test files hold several
//! units only as separate tasks, which the test runner splits before calling [`assemble`].
//!
//! ```
//! use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
//!
//! let src = "module 0x66::m\npublic fun one(): u64\n    ld_u64 1\n    ret";
//! let CompiledUnit::Module(m) = assemble(src, &[], &AsmOptions::default()).unwrap() else {
//!     panic!("expected a module");
//! };
//! assert_eq!(m.function_defs.len(), 1);
//!
//! let err = assemble("module 0x66::m\nfun f()\n    ld_u8 512", &[], &AsmOptions::default())
//!     .unwrap_err();
//! assert_eq!((err.line, err.column), (3, 5));
//! assert_eq!(err.message, "number 512 out of range (max 255)");
//! ```

#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

mod ast;
mod builder;
mod compile;
mod errors;
mod instr;
mod lexer;
mod literals;
mod parser;
mod render;
mod resolve;

pub use errors::{AsmError, Diagnostic, Span};
use tern_binary::{CompiledModule, CompiledScript, VERSION_DEFAULT};

/// What a `.masm` text holds.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // one value per assembled text, moved once
pub enum CompiledUnit {
    /// A `module ADDR::name` unit.
    Module(CompiledModule),
    /// A `script` unit.
    Script(CompiledScript),
}

/// Assembler options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmOptions {
    /// The bytecode version recorded in the unit (default 9, the peer's `VERSION_DEFAULT`;
    /// the peer's test harness then serializes with version 10).
    pub version: u32,
}

impl Default for AsmOptions {
    fn default() -> Self {
        AsmOptions {
            version: VERSION_DEFAULT,
        }
    }
}

/// Assembles one module or script.
///
/// `deps` are the context modules: compiled modules whose functions and structs `use`d names
/// may refer to (their handles and signatures are copied into the result). When two have the
/// same id, the later one wins. Never panics; every failure is an [`AsmError`] carrying all
/// diagnostics in the peer's order (parse errors: only the first).
pub fn assemble(
    source: &str,
    deps: &[&CompiledModule],
    options: &AsmOptions,
) -> Result<CompiledUnit, AsmError> {
    let unit = parser::parse(source).map_err(|d| AsmError::from_diags(source, vec![d]))?;
    compile::compile(&unit, options.version, deps).map_err(|ds| AsmError::from_diags(source, ds))
}

/// Whether `source` declares Sui's flavor: its first line that is neither blank nor a comment
/// is `flavor sui`.
pub fn declares_sui_flavor(source: &str) -> bool {
    source
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .is_some_and(|l| l.split_whitespace().eq(["flavor", "sui"]))
}

/// The source line of each instruction of each function of `source`, by function name: the
/// line of the instruction at code offset `i` is `lines[i]` (instructions assemble one to one
/// into bytecode). `None` when the text does not parse.
pub fn instruction_lines(source: &str) -> Option<std::collections::HashMap<String, Vec<u32>>> {
    let unit = parser::parse(source).ok()?;
    Some(
        unit.functions
            .iter()
            .map(|f| {
                let lines = f
                    .instrs
                    .iter()
                    .map(|i| errors::line_column(source, i.loc.start).0)
                    .collect();
                (f.name.clone(), lines)
            })
            .collect(),
    )
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests;
