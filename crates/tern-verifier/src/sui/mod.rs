//! The verifier for Sui modules: the Move verifier as Sui runs it when a package is published,
//! in Sui's order, with Sui's limits ([`SuiVerifierConfig`](crate::SuiVerifierConfig)) and
//! statuses.
//!
//! Module-local passes, in order: limits, duplicate entries, signatures, instruction
//! consistency, constants, friends, field abilities, recursive datatypes, instantiation loops,
//! then each function body (control flow with jump tables, block and back-edge limits, stack
//! usage, type safety, locals safety, jump-table use, reference safety), then the legacy entry
//! signatures (binaries older than v5 only). The passes Sui shares with Aptos run the
//! same code as the Aptos verifier, which handles Sui's enum instructions; the passes whose
//! rules differ live here.

mod abilities;
mod duplication;
mod limits;
pub(crate) mod package;
pub(crate) mod rules;
mod signature;

use crate::config::VerifierConfig;
use crate::error::finish;
use crate::view::{module_location, Binary};
use crate::{
    constants, friends, instantiation_loops, instruction_consistency, script_signature, struct_defs,
};
use tern_binary::CompiledModule;
use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode, VmError};

/// The id of a module (`0x0::<unknown>` if its self handle is out of range, which the
/// deserializer's bounds check excludes).
pub(crate) fn module_id(module: &CompiledModule) -> ModuleId {
    module.self_id().unwrap_or_else(|| {
        ModuleId::new(AccountAddress::ZERO, Identifier::new_unchecked("<unknown>"))
    })
}

/// Runs Sui's module-local passes over `module`.
pub(crate) fn verify_module(
    module: &CompiledModule,
    config: &VerifierConfig,
) -> Result<(), VmError> {
    let sui = &config.sui;
    let shared = sui.shared();
    let location = module_location(module);
    let binary = Binary::Module(module);
    let at = |e| sui_names(finish(e, &location));
    limits::verify(sui, module).map_err(at)?;
    duplication::verify(module).map_err(at)?;
    signature::verify(module).map_err(at)?;
    instruction_consistency::verify(binary).map_err(at)?;
    constants::verify(binary).map_err(at)?;
    friends::verify(binary).map_err(at)?;
    abilities::verify(module).map_err(at)?;
    struct_defs::verify(binary).map_err(at)?;
    instantiation_loops::verify(binary).map_err(at)?;
    crate::code_unit::verify_module(&shared, module).map_err(at)?;
    script_signature::verify_module(binary).map_err(at)
}

/// Sui's names for the statuses the shared passes report under Aptos's name (the same number,
/// named differently by the two chains).
fn sui_names(mut e: VmError) -> VmError {
    let renamed = match e.status() {
        StatusCode::BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR => {
            StatusCode::FIELD_EXISTS_MUTABLE_BORROW_ERROR
        }
        StatusCode::RECURSIVE_STRUCT_DEFINITION => StatusCode::RECURSIVE_DATATYPE_DEFINITION,
        other => other,
    };
    e.data_mut().status = renamed;
    e
}
