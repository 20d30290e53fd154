//! One-time witness: a struct named like its module in capitals with a single `bool` field is
//! the module's one-time witness type. It has only `drop` and no type parameters; the module's
//! `init` takes it first (and a module without one takes only the `TxContext`); and no
//! function of the module packs it (its one instance is made by the system for `init`).
//! `sui::sui` and the bridge's token modules are exempt.

use super::{RuleError, RuleResult, View, BRIDGE, SUI_FRAMEWORK};
use tern_binary::{
    Bytecode, SignatureToken, StructDefinitionIndex, StructFieldInformation, StructHandle,
};
use tern_primitives::{Ability, AbilitySet};

/// The bridge's token modules.
const BRIDGE_SUPPORTED_ASSETS: [&str; 4] = ["btc", "eth", "usdc", "usdt"];

/// Finds the candidate, checks it, then checks `init` and every function's packs.
pub(super) fn verify(view: &View<'_>) -> RuleResult {
    let (address, module) = (view.address, view.name);
    if *address == SUI_FRAMEWORK && module == "sui" {
        return Ok(());
    }
    if *address == BRIDGE && BRIDGE_SUPPORTED_ASSETS.contains(&module) {
        return Ok(());
    }
    let upper = module.to_ascii_uppercase();
    let mut candidate: Option<(&str, &StructHandle, StructDefinitionIndex)> = None;
    for (idx, def) in view.module.struct_defs.iter().enumerate() {
        let handle = view.datatype(def.struct_handle)?;
        let name = view.ident(handle.name)?;
        if name != upper {
            continue;
        }
        let StructFieldInformation::Declared(fields) = &def.field_information else {
            continue;
        };
        if let [only] = fields.as_slice() {
            if only.type_ == SignatureToken::Bool {
                check_candidate(view, name, handle)?;
                candidate = Some((
                    name,
                    handle,
                    StructDefinitionIndex(crate::error::idx_u16(idx)),
                ));
                break;
            }
        }
    }
    for def in &view.module.function_defs {
        let handle = view.function(def.function)?;
        let function = view.ident(handle.name)?;
        if function == "init" {
            let params = view.sig(handle.parameters)?;
            match candidate {
                Some((name, candidate_handle, _)) => {
                    let first_is_witness = match params.first() {
                        Some(SignatureToken::Struct(idx)) => {
                            view.datatype(*idx)? == candidate_handle
                        }
                        _ => false,
                    };
                    if params.len() != 2 || !first_is_witness {
                        return Err(RuleError::User(format!(
                            "init function of a module containing one-time witness type candidate \
                             must have {}::{name} as the first parameter (a struct which has no \
                             fields or a single field of type bool)",
                            view.id_text()
                        )));
                    }
                }
                None if params.len() != 1 => {
                    let id = view.id_text();
                    let sui = SUI_FRAMEWORK.full_hex();
                    return Err(RuleError::User(format!(
                        "Expected last (and at most second) parameter for {id}::init to be &mut \
                         {sui}::tx_context::TxContext or &{sui}::tx_context::TxContext; optional \
                         first parameter must be of one-time witness type whose name is the same \
                         as the capitalized module name ({id}::{}) and which has no fields or a \
                         single field of type bool",
                        module.to_uppercase()
                    )));
                }
                None => {}
            }
        }
        let Some((name, _, witness)) = candidate else {
            continue;
        };
        let Some(code) = &def.code else { continue };
        let packs_witness = code.code.iter().any(|instr| match instr {
            Bytecode::Pack(idx) => {
                *idx == witness
                    || view.module.struct_def_at(*idx) == view.module.struct_def_at(witness)
            }
            _ => false,
        });
        if packs_witness {
            let id = view.id_text();
            return Err(RuleError::User(format!(
                "one-time witness type {id}::{name} is instantiated in the {id}::{function} \
                 function and must never be"
            )));
        }
    }
    Ok(())
}

/// The candidate has exactly `drop` and no type parameters.
fn check_candidate(view: &View<'_>, name: &str, handle: &StructHandle) -> RuleResult {
    if handle.abilities != AbilitySet::EMPTY.with(Ability::Drop) {
        return Err(RuleError::User(format!(
            "one-time witness type candidate {}::{name} must have a single ability: drop",
            view.id_text()
        )));
    }
    if !handle.type_parameters.is_empty() {
        return Err(RuleError::User(format!(
            "one-time witness type candidate {}::{name} cannot have type parameters",
            view.id_text()
        )));
    }
    Ok(())
}
