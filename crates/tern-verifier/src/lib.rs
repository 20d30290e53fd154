//! The Move bytecode verifier: every pass of the peer's (Aptos's) verifier, run in the peer's
//! order, reporting the peer's status codes, locations, `indices` and `offsets`; Sui modules
//! get Sui's verifier configuration and Sui's own passes (see the `sui_*` items below).
//!
//! Module-local passes ([`verify_module`], [`verify_script`]), in order:
//! feature gates, production limits, duplicate entries, signatures (well-formed types, ability
//! constraints, struct field abilities, phantom positions), instruction consistency,
//! constants, friends, recursive structs, instantiation loops, then each function body
//! (control flow, block limits, stack usage, type safety, locals safety, reference safety,
//! acquires, metering), then entry signatures. The first failure is reported.
//!
//! Linking ([`verify_module_dependencies`], [`verify_script_dependencies`]) checks imported
//! handles against the modules that define them.
//!
//! Inputs are expected to be bounds-checked (the deserializer does it); unchecked input never
//! makes the verifier panic: an out-of-range index is reported as the peer reports a crash of
//! its verifier (`VERIFIER_INVARIANT_VIOLATION`, location `undefined`).
//!
//! ```
//! use tern_binary::*;
//! use tern_primitives::{AccountAddress, Identifier};
//! use tern_verifier::{verify_module, VerifierConfig};
//!
//! // module 0x1::m { fun f() { ret } }
//! let module = CompiledModule {
//!     version: 9,
//!     module_handles: vec![ModuleHandle { address: AddressIdentifierIndex(0), name: IdentifierIndex(0) }],
//!     function_handles: vec![FunctionHandle {
//!         module: ModuleHandleIndex(0),
//!         name: IdentifierIndex(1),
//!         parameters: SignatureIndex(0),
//!         return_: SignatureIndex(0),
//!         type_parameters: vec![],
//!         access_specifiers: None,
//!         attributes: vec![],
//!     }],
//!     signatures: vec![Signature(vec![])],
//!     identifiers: vec![Identifier::new("m").unwrap(), Identifier::new("f").unwrap()],
//!     address_identifiers: vec![AccountAddress::ONE],
//!     function_defs: vec![FunctionDefinition {
//!         function: FunctionHandleIndex(0),
//!         visibility: Visibility::Private,
//!         is_entry: false,
//!         acquires_global_resources: vec![],
//!         code: Some(CodeUnit { locals: SignatureIndex(0), code: vec![Bytecode::Ret], jump_tables: vec![] }),
//!     }],
//!     ..CompiledModule::default()
//! };
//! assert!(verify_module(&module, &VerifierConfig::default()).is_ok());
//! ```

#![forbid(unsafe_code)]
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
#![cfg_attr(test, allow(clippy::indexing_slicing, clippy::arithmetic_side_effects))]

mod absint;
mod acquires;
mod cfg;
mod code_unit;
mod config;
mod constants;
mod control_flow;
mod control_flow_v5;
mod dependencies;
mod duplication;
mod error;
mod features;
mod friends;
mod instantiation_loops;
mod instruction_consistency;
mod limits;
mod locals_safety;
mod meter;
mod reference_safety;
mod script_signature;
mod signature;
mod stack_usage;
mod struct_api;
mod struct_api_checks;
mod struct_defs;
mod sui;
mod type_safety;
mod type_walk;
mod view;

pub use config::{SuiVerifierConfig, VerifierConfig};
pub use sui::package::{
    verify_sui_move_package, verify_sui_package, KnownNatives, SuiPackage, SuiPublishError,
};
pub use sui::rules::SuiRule;

use error::finish;
use tern_binary::{CompiledModule, CompiledScript};
use tern_primitives::{Location, ModuleId, VmError};
use view::{module_location, Binary};

/// Runs every module-local pass over `module`, in the peer's order; the first failure is
/// returned with the module's id as location (or `undefined` where the peer reports so).
///
/// A Sui module runs Sui's verifier instead ([`VerifierConfig::sui`] gives its limits).
pub fn verify_module(module: &CompiledModule, config: &VerifierConfig) -> Result<(), VmError> {
    if module.flavor == tern_primitives::Flavor::Sui {
        return sui::verify_module(module, config);
    }
    let location = module_location(module);
    let binary = Binary::Module(module);
    let at = |e| finish(e, &location);
    features::verify(config, binary).map_err(at)?;
    limits::verify(config, binary).map_err(at)?;
    duplication::verify(binary).map_err(at)?;
    signature::verify(config, binary, &location)?;
    instruction_consistency::verify(binary).map_err(at)?;
    constants::verify(binary).map_err(at)?;
    friends::verify(binary).map_err(at)?;
    struct_defs::verify(binary).map_err(at)?;
    instantiation_loops::verify(binary).map_err(at)?;
    code_unit::verify_module(config, module).map_err(at)?;
    script_signature::verify_module(binary).map_err(at)
}

/// Runs every local pass over `script`; failures are located at `script`.
pub fn verify_script(script: &CompiledScript, config: &VerifierConfig) -> Result<(), VmError> {
    let location = Location::Script;
    let binary = Binary::Script(script);
    let at = |e| finish(e, &location);
    features::verify(config, binary).map_err(at)?;
    limits::verify(config, binary).map_err(at)?;
    duplication::verify(binary).map_err(at)?;
    signature::verify(config, binary, &location)?;
    instruction_consistency::verify(binary).map_err(at)?;
    constants::verify(binary).map_err(at)?;
    code_unit::verify_script(config, script).map_err(at)?;
    script_signature::verify_script(binary, script.parameters).map_err(at)
}

/// Linking checks of a module against its dependencies: `deps` resolves the id of each
/// imported (or friend) module to its compiled module. A missing module is a `LINKER_ERROR`
/// with location `undefined`; handles that do not match their definitions are reported at the
/// module (`LOOKUP_FAILED`, `TYPE_MISMATCH`).
pub fn verify_module_dependencies<'d>(
    module: &CompiledModule,
    deps: &dyn Fn(&ModuleId) -> Option<&'d CompiledModule>,
) -> Result<(), VmError> {
    dependencies::verify(Binary::Module(module), &module_location(module), deps)
}

/// Linking checks of a script against the modules it imports (errors located at `script`,
/// except `LINKER_ERROR` for a missing module, located `undefined`).
pub fn verify_script_dependencies<'d>(
    script: &CompiledScript,
    deps: &dyn Fn(&ModuleId) -> Option<&'d CompiledModule>,
) -> Result<(), VmError> {
    dependencies::verify(Binary::Script(script), &Location::Script, deps)
}
