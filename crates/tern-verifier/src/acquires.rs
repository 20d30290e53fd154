//! Acquires annotations: a function must list every resource of this module it borrows or moves
//! from (directly or through calls to functions of this module that acquire it), must list only
//! those (`EXTRANEOUS_ACQUIRES_ANNOTATION`), and only resources with `key`
//! (`INVALID_ACQUIRES_ANNOTATION`). Closures acquire nothing statically.

use crate::error::{crash, err, err_offset, VResult};
use crate::view::Binary;
use crate::fxhash::FxHashMap;
use std::collections::BTreeSet;
use tern_binary::*;
use tern_primitives::{Ability, StatusCode};

/// Checks the acquires list of definition `index`.
pub(crate) fn verify(
    binary: Binary<'_>,
    handle_to_def: &FxHashMap<FunctionHandleIndex, usize>,
    index: u16,
    def: &FunctionDefinition,
) -> VResult<()> {
    let annotated: BTreeSet<u16> = def.acquires_global_resources.iter().map(|d| d.0).collect();
    let mut actual = BTreeSet::new();
    let code = def.code.as_ref().ok_or_else(crash)?;
    let missing = |pc: usize| {
        err_offset(
            StatusCode::MISSING_ACQUIRES_ANNOTATION,
            index,
            crate::error::idx_u16(pc),
        )
    };
    for (pc, instr) in code.code.iter().enumerate() {
        use Bytecode as B;
        let acquired: BTreeSet<u16> = match instr {
            B::Call(h) => callee_acquires(binary, handle_to_def, *h)?,
            B::CallGeneric(i) => callee_acquires(binary, handle_to_def, binary.function_inst(*i)?.handle)?,
            B::MoveFrom(d) | B::MutBorrowGlobal(d) | B::ImmBorrowGlobal(d) => BTreeSet::from([d.0]),
            B::MoveFromGeneric(i) | B::MutBorrowGlobalGeneric(i) | B::ImmBorrowGlobalGeneric(i) => {
                BTreeSet::from([binary.struct_inst(*i)?.def.0])
            }
            _ => continue,
        };
        if !acquired.is_subset(&annotated) {
            return Err(missing(pc));
        }
        actual.extend(acquired);
    }
    for resource in &annotated {
        if !actual.contains(resource) {
            return Err(err(StatusCode::EXTRANEOUS_ACQUIRES_ANNOTATION));
        }
        let def = binary.struct_def(StructDefinitionIndex(*resource))?;
        if !binary.struct_handle(def.struct_handle)?.abilities.has(Ability::Key) {
            return Err(err(StatusCode::INVALID_ACQUIRES_ANNOTATION));
        }
    }
    Ok(())
}

fn callee_acquires(
    binary: Binary<'_>,
    handle_to_def: &FxHashMap<FunctionHandleIndex, usize>,
    handle: FunctionHandleIndex,
) -> VResult<BTreeSet<u16>> {
    if Some(binary.function_handle(handle)?.module) != binary.self_handle_idx() {
        return Ok(BTreeSet::new());
    }
    match handle_to_def.get(&handle) {
        Some(&def) => {
            let def = binary.function_defs().get(def).ok_or_else(crash)?;
            Ok(def.acquires_global_resources.iter().map(|d| d.0).collect())
        }
        None => Ok(BTreeSet::new()),
    }
}
