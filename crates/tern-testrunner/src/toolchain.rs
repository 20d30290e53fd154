//! The assembler, serializer and disassembler as the runner uses them, behind a trait so the
//! runner can be driven by the real `.masm` toolchain ([`MasmToolchain`]) or a stand-in.

use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_asm::disassembler::{disassemble_module_with, disassemble_script_with, DisasmOptions};
use tern_binary::{BinaryError, CompiledModule, CompiledScript};

/// The bytecode version the runner serializes Aptos units at (the VM's maximum).
pub const SERIALIZE_VERSION: u32 = 10;

/// The bytecode version the runner serializes Sui modules at (Sui's maximum).
pub const SUI_SERIALIZE_VERSION: u32 = 7;

/// The file name assembler diagnostics are rendered with.
pub const DIAGNOSTICS_FILE_NAME: &str = "test";

/// An assembled unit.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // one value per test task, moved once
pub enum Unit {
    /// A module.
    Module(CompiledModule),
    /// A script.
    Script(CompiledScript),
}

/// Assembling, serializing and disassembling. Every error is the text printed after
/// `Error: ` in the test output.
pub trait Toolchain {
    /// Assembles `source` against `deps`; on failure, the rendered diagnostics (spec §7).
    fn assemble(&self, source: &str, deps: &[&CompiledModule]) -> Result<Unit, String>;
    /// Serializes a module at version [`SERIALIZE_VERSION`] ([`SUI_SERIALIZE_VERSION`] for a
    /// Sui module).
    fn serialize_module(&self, module: &CompiledModule) -> Result<Vec<u8>, String>;
    /// Serializes a script at version [`SERIALIZE_VERSION`].
    fn serialize_script(&self, script: &CompiledScript) -> Result<Vec<u8>, String>;
    /// Disassembles a module as the peer prints it (`masm.md` §13).
    fn disassemble_module(&self, module: &CompiledModule) -> Result<String, String>;
    /// Disassembles a script as the peer prints it.
    fn disassemble_script(&self, script: &CompiledScript) -> Result<String, String>;
}

/// What Sui's IR compiler says where the assembler finds a Sui module naming a module it is
/// not given: `Dependency not provided for ADDRESS::NAME` (`None` for other errors, and for
/// Aptos sources, whose runner prints the diagnostics).
fn sui_compiler_message(source: &str, e: &tern_asm::assembler::AsmError) -> Option<String> {
    let sui = tern_asm::assembler::declares_sui_flavor(source);
    let first = e.diagnostics.first()?;
    let module = first
        .message
        .strip_prefix("unknown module `")?
        .strip_suffix('`')?;
    sui.then(|| format!("Dependency not provided for {module}"))
}

/// The Tern `.masm` assembler, the `tern-binary` serializer and the peer-faithful disassembler.
#[derive(Debug, Clone, Copy, Default)]
pub struct MasmToolchain;

impl Toolchain for MasmToolchain {
    fn assemble(&self, source: &str, deps: &[&CompiledModule]) -> Result<Unit, String> {
        match assemble(source, deps, &AsmOptions::default()) {
            Ok(CompiledUnit::Module(m)) => Ok(Unit::Module(m)),
            Ok(CompiledUnit::Script(s)) => Ok(Unit::Script(s)),
            Err(e) => Err(sui_compiler_message(source, &e)
                .unwrap_or_else(|| e.render(DIAGNOSTICS_FILE_NAME, source))),
        }
    }

    fn serialize_module(&self, module: &CompiledModule) -> Result<Vec<u8>, String> {
        let version = match module.flavor {
            tern_binary::Flavor::Aptos => SERIALIZE_VERSION,
            tern_binary::Flavor::Sui => SUI_SERIALIZE_VERSION,
        };
        module
            .serialize_for_version(version)
            .map_err(|e| serializer_message(&e))
    }

    fn serialize_script(&self, script: &CompiledScript) -> Result<Vec<u8>, String> {
        script
            .serialize_for_version(SERIALIZE_VERSION)
            .map_err(|e| serializer_message(&e))
    }

    fn disassemble_module(&self, module: &CompiledModule) -> Result<String, String> {
        disassemble_module_with(module, peer_disasm_options()).map_err(|e| e.to_string())
    }

    fn disassemble_script(&self, script: &CompiledScript) -> Result<String, String> {
        disassemble_script_with(script, peer_disasm_options()).map_err(|e| e.to_string())
    }
}

fn peer_disasm_options() -> DisasmOptions {
    DisasmOptions {
        binary_closure_masks: true,
    }
}

/// The peer's text for a serializer failure. A format-limit refusal (`<what> <value> exceeds
/// the format limit <max>`) is printed `value (<value>) cannot exceed (<max>)`; anything else
/// as the serializer words it.
pub fn serializer_message(err: &BinaryError) -> String {
    limit_message(&err.message).unwrap_or_else(|| err.message.clone())
}

fn limit_message(message: &str) -> Option<String> {
    let (head, max) = message.split_once(" exceeds the format limit ")?;
    let value = head.rsplit(' ').next()?;
    let max = max.split_whitespace().next()?;
    if value.parse::<u64>().is_err() || max.parse::<u64>().is_err() {
        return None;
    }
    Some(format!("value ({value}) cannot exceed ({max})"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tern_primitives::StatusCode;

    #[test]
    fn limit_messages_are_reworded() {
        let e = BinaryError::new(
            StatusCode::MALFORMED,
            "signature length 256 exceeds the format limit 255",
        );
        assert_eq!(serializer_message(&e), "value (256) cannot exceed (255)");
        let e = BinaryError::new(StatusCode::MALFORMED, "table contents exceed 4 GiB");
        assert_eq!(serializer_message(&e), "table contents exceed 4 GiB");
    }
}
