//! The Move standard library that Tern publishes at `0x1`, written in Move assembly.
//!
//! These are the eleven modules the peer's transactional-test harness publishes before the
//! first task (`ascii`, `bcs`, `bit_vector`, `error`, `fixed_point32`, `hash`, `option`,
//! `signer`, `string`, `type_name`, `vector`), with the API, definition order (function and
//! struct indices), abort codes and abort offsets of `spec/stdlib.md`. The bodies are Tern's
//! own, written from the specified semantics; the sources live in `masm/`, one file per module.
//!
//! ```
//! let modules = tern_stdlib::stdlib_modules()?;
//! assert_eq!(modules.len(), tern_stdlib::stdlib_sources().len());
//! for (module, function) in tern_stdlib::stdlib_native_functions() {
//!     println!("register 0x1::{module}::{function}");
//! }
//! # Ok::<(), tern_stdlib::StdlibError>(())
//! ```
#![forbid(unsafe_code)]

mod error;
mod sui;

pub use error::StdlibError;
pub use sui::{sui_framework_binaries, sui_stdlib_binaries};

use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::CompiledModule;
use tern_primitives::AccountAddress;

/// The address the library is published at.
pub const STDLIB_ADDRESS: AccountAddress = AccountAddress::ONE;

/// The bytecode version the peer publishes the library with (its maximum, 10).
pub const STDLIB_BYTECODE_VERSION: u32 = 10;

/// Sources in publish order: every module after the modules it uses.
static SOURCES: [(&str, &str); 11] = [
    ("bcs", include_str!("../masm/bcs.masm")),
    ("bit_vector", include_str!("../masm/bit_vector.masm")),
    ("error", include_str!("../masm/error.masm")),
    ("fixed_point32", include_str!("../masm/fixed_point32.masm")),
    ("hash", include_str!("../masm/hash.masm")),
    ("signer", include_str!("../masm/signer.masm")),
    ("vector", include_str!("../masm/vector.masm")),
    ("option", include_str!("../masm/option.masm")),
    ("ascii", include_str!("../masm/ascii.masm")),
    ("string", include_str!("../masm/string.masm")),
    ("type_name", include_str!("../masm/type_name.masm")),
];

/// Natives with an implementation in the peer's harness (`spec/stdlib.md` §1.3).
static NATIVES: [(&str, &str); 9] = [
    ("bcs", "to_bytes"),
    ("hash", "sha2_256"),
    ("hash", "sha3_256"),
    ("signer", "borrow_address"),
    ("string", "internal_check_utf8"),
    ("string", "internal_index_of"),
    ("string", "internal_is_char_boundary"),
    ("string", "internal_sub_string"),
    ("type_name", "get"),
];

/// `vector` functions declared `native` that stand for vector instructions (§6).
static BYTECODE_NATIVES: [(&str, &str); 8] = [
    ("vector", "borrow"),
    ("vector", "borrow_mut"),
    ("vector", "destroy_empty"),
    ("vector", "empty"),
    ("vector", "length"),
    ("vector", "pop_back"),
    ("vector", "push_back"),
    ("vector", "swap"),
];

/// The sources, in publish order, as (module name, text).
pub fn stdlib_sources() -> &'static [(&'static str, &'static str)] {
    &SOURCES
}

/// The natives the library declares that the VM must implement: (module, function) pairs, so
/// the VM can register Rust implementations at `0x1`.
///
/// The eight `vector` natives are left out on purpose (see [`stdlib_bytecode_natives`]).
pub fn stdlib_native_functions() -> &'static [(&'static str, &'static str)] {
    &NATIVES
}

/// The `vector` functions declared `native` that only stand for vector instructions.
///
/// The peer registers no implementation for them: a call links but fails at run time with
/// `MISSING_DEPENDENCY`, so the VM must not register these.
pub fn stdlib_bytecode_natives() -> &'static [(&'static str, &'static str)] {
    &BYTECODE_NATIVES
}

/// The stdlib modules in publish (dependency) order, assembled, at bytecode version
/// [`STDLIB_BYTECODE_VERSION`].
pub fn stdlib_modules() -> Result<Vec<CompiledModule>, StdlibError> {
    let mut modules: Vec<CompiledModule> = Vec::with_capacity(SOURCES.len());
    for (name, source) in SOURCES {
        let module = assemble_module(name, source, &modules)?;
        modules.push(module);
    }
    Ok(modules)
}

/// Assembles one module against the modules built before it.
fn assemble_module(
    name: &'static str,
    source: &str,
    deps: &[CompiledModule],
) -> Result<CompiledModule, StdlibError> {
    let deps: Vec<&CompiledModule> = deps.iter().collect();
    let options = AsmOptions {
        version: STDLIB_BYTECODE_VERSION,
    };
    let unit = assemble(source, &deps, &options).map_err(|err| StdlibError::Assemble {
        module: name,
        message: err.render(&format!("{name}.masm"), source),
    })?;
    let module = match unit {
        CompiledUnit::Module(module) => module,
        CompiledUnit::Script(_) => return Err(StdlibError::NotAModule { module: name }),
    };
    let declared = (module.address(), module.name().map(|n| n.as_str()));
    if declared != (Some(&STDLIB_ADDRESS), Some(name)) {
        let found = match declared {
            (Some(address), Some(found)) => format!("{}::{found}", address.to_hex_literal()),
            _ => "<unnamed>".to_string(),
        };
        return Err(StdlibError::WrongModule {
            expected: name,
            found,
        });
    }
    Ok(module)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_source_declares_the_module_it_is_listed_as() {
        for (name, source) in stdlib_sources() {
            let header = format!("\nmodule 0x1::{name}\n");
            assert!(
                source.contains(&header),
                "{name}.masm lacks `{}`",
                header.trim()
            );
        }
    }

    #[test]
    fn registered_natives_belong_to_published_modules() {
        for (module, _) in stdlib_native_functions()
            .iter()
            .chain(stdlib_bytecode_natives())
        {
            assert!(stdlib_sources().iter().any(|(name, _)| name == module));
        }
    }

    #[test]
    fn the_library_builds_at_version_10() {
        let modules = stdlib_modules().map_err(|e| e.to_string());
        assert_eq!(modules.as_ref().map(Vec::len), Ok(11));
        for module in modules.iter().flatten() {
            assert_eq!(module.version, 10);
        }
    }
}
