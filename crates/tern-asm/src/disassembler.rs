//! Disassembler: compiled modules and scripts to `.masm` text.
//!
//! The output follows the peer's disassembler (masm.md §13) line for line, with a few
//! deliberate differences so that the text always assembles back to an equivalent unit and
//! disassembling that unit prints the same text again (a fixpoint):
//!
//! * `use` lines list the imported modules in the order the assembler will request them
//!   when it reads the text back (the table order of any module it built), not in the table
//!   order of the input; modules nothing refers to get no `use` line.
//! * Closure masks print in decimal, which is what `pack_closure` reads (the peer prints them
//!   in binary; [`DisasmOptions::binary_closure_masks`] restores that).
//! * A Sui module starts with a `flavor sui` line and prints its enums after its structs;
//!   `variant_switch` lists the label of each variant's target in tag order.
//! * A function type without results but with abilities prints an empty result list,
//!   `|u64|() has drop`, because `|u64| has drop` reads `has` as the result type.
//!   Function types behind references are parenthesised like plain function types where a
//!   function type would swallow the next token.
//!
//! ```
//! use tern_asm::disassembler::disassemble_script;
//! use tern_binary::{CodeUnit, CompiledScript, Signature, Bytecode, SignatureIndex};
//!
//! let script = CompiledScript {
//!     version: 9,
//!     signatures: vec![Signature(vec![])],
//!     code: CodeUnit { locals: SignatureIndex(0), code: vec![Bytecode::Ret], jump_tables: vec![] },
//!     parameters: SignatureIndex(0),
//!     ..CompiledScript::default()
//! };
//! let text = disassemble_script(&script).unwrap();
//! assert_eq!(
//!     text,
//!     "// Bytecode version v9\nscript\n// Function definition at index 0\n\
//!      entry public fun main()\n    ret\n\n"
//! );
//! ```

#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

mod constants;
mod functions;
mod imports;
mod instructions;
mod structs;
mod tables;
mod types;

use imports::Imports;
use std::fmt::Write as _;
use tables::Tables;
use tern_binary::{CompiledModule, CompiledScript};
use tern_primitives::{Flavor, IndexKind};

/// Why a unit cannot be printed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DisasmError {
    /// An index points past the end of its table.
    #[error("{kind} index {index} is out of bounds")]
    IndexOutOfBounds {
        /// The table the index points into.
        kind: IndexKind,
        /// The index.
        index: usize,
    },
    /// A type nests deeper than the printer follows.
    #[error("type nested too deeply")]
    TypeTooDeep,
    /// A vector instruction's signature does not hold exactly one type.
    #[error("vector instruction signature {signature} holds {count} types instead of one")]
    VectorSignature {
        /// The signature index.
        signature: u16,
        /// How many types it holds.
        count: usize,
    },
    /// A name refers to a module that has no `use` line (an internal inconsistency).
    #[error("reference to a module without a `use` line")]
    UnlistedModule,
}

/// Printing choices that differ from the default, round-trippable output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DisasmOptions {
    /// Print closure masks in binary, as the peer's disassembler does. The assembler reads
    /// masks in decimal, so masks of 2 and more then do not assemble back to themselves.
    pub binary_closure_masks: bool,
}

/// What every printing function works with: the unit's tables, its imports and the options.
struct Printer<'a> {
    tables: Tables<'a>,
    imports: Imports<'a>,
    options: DisasmOptions,
}

/// Prints a module as .masm text as the peer's disassembler does (§13), with the
/// round-trip adjustments listed in the module documentation.
pub fn disassemble_module(module: &CompiledModule) -> Result<String, DisasmError> {
    disassemble_module_with(module, DisasmOptions::default())
}

/// Prints a script.
pub fn disassemble_script(script: &CompiledScript) -> Result<String, DisasmError> {
    disassemble_script_with(script, DisasmOptions::default())
}

/// Prints a module with the given options.
pub fn disassemble_module_with(
    module: &CompiledModule,
    options: DisasmOptions,
) -> Result<String, DisasmError> {
    let tables = Tables::of_module(module);
    let imports = imports::collect_module(&tables, &module.function_defs)?;
    let self_id = tables.module_id(module.self_module_handle_idx)?;
    let printer = Printer {
        tables,
        imports,
        options,
    };
    let mut out = format!("// Bytecode version v{}\n", module.version);
    if module.flavor == Flavor::Sui {
        out.push_str("flavor sui\n");
    }
    let _ = writeln!(
        out,
        "module 0x{}::{}",
        self_id.address.short_hex(),
        self_id.name
    );
    printer.use_lines(&mut out);
    for friend in &module.friend_decls {
        let address = printer.tables.address(friend.address)?;
        let name = printer.tables.identifier(friend.name)?;
        let _ = writeln!(out, "friend 0x{}::{name}", address.short_hex());
    }
    for def in &module.struct_defs {
        printer.struct_block(&mut out, def)?;
    }
    for def in &module.enum_defs {
        printer.enum_block(&mut out, def)?;
    }
    for (index, def) in module.function_defs.iter().enumerate() {
        printer.function_block(&mut out, index, def)?;
    }
    Ok(out)
}

/// Prints a script with the given options.
pub fn disassemble_script_with(
    script: &CompiledScript,
    options: DisasmOptions,
) -> Result<String, DisasmError> {
    let tables = Tables::of_script(script);
    let imports = imports::collect_script(&tables, script)?;
    let printer = Printer {
        tables,
        imports,
        options,
    };
    let mut out = format!("// Bytecode version v{}\nscript\n", script.version);
    printer.use_lines(&mut out);
    printer.script_block(&mut out, script)?;
    Ok(out)
}

impl Printer<'_> {
    /// `use 0xADDR::name[ as alias]`, one per imported module.
    fn use_lines(&self, out: &mut String) {
        for (key, alias) in &self.imports.lines {
            let _ = write!(out, "use 0x{}::{}", key.address.short_hex(), key.name);
            if alias != key.name {
                let _ = write!(out, " as {alias}");
            }
            out.push('\n');
        }
    }
}
