//! Acquires annotations: a function must list every resource of this module it borrows or moves
//! from (directly or through calls to functions of this module that acquire it), must list only
//! those (`EXTRANEOUS_ACQUIRES_ANNOTATION`), and only resources with `key`
//! (`INVALID_ACQUIRES_ANNOTATION`). Closures acquire nothing statically.

use crate::error::{crash, err, err_offset, VResult};
use crate::view::Binary;
use rustc_hash::FxHashMap;
use tern_binary::*;
use tern_primitives::{Ability, StatusCode};

/// Checks the acquires list of definition `index`.
pub(crate) fn verify(
    binary: Binary<'_>,
    handle_to_def: &FxHashMap<FunctionHandleIndex, usize>,
    index: u16,
    def: &FunctionDefinition,
) -> VResult<()> {
    let mut annotated: Vec<u16> = def.acquires_global_resources.iter().map(|d| d.0).collect();
    annotated.sort_unstable();
    annotated.dedup();
    let mut actual: Vec<u16> = Vec::new();
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
        let single;
        let acquired: &[StructDefinitionIndex] = match instr {
            B::Call(h) => callee_acquires(binary, handle_to_def, *h)?,
            B::CallGeneric(i) => {
                callee_acquires(binary, handle_to_def, binary.function_inst(*i)?.handle)?
            }
            B::MoveFrom(d) | B::MutBorrowGlobal(d) | B::ImmBorrowGlobal(d) => {
                single = [*d];
                &single
            }
            B::MoveFromGeneric(i) | B::MutBorrowGlobalGeneric(i) | B::ImmBorrowGlobalGeneric(i) => {
                single = [binary.struct_inst(*i)?.def];
                &single
            }
            _ => continue,
        };
        for resource in acquired {
            if annotated.binary_search(&resource.0).is_err() {
                return Err(missing(pc));
            }
            actual.push(resource.0);
        }
    }
    actual.sort_unstable();
    actual.dedup();
    for resource in &annotated {
        if actual.binary_search(resource).is_err() {
            return Err(err(StatusCode::EXTRANEOUS_ACQUIRES_ANNOTATION));
        }
        let def = binary.struct_def(StructDefinitionIndex(*resource))?;
        if !binary
            .struct_handle(def.struct_handle)?
            .abilities
            .has(Ability::Key)
        {
            return Err(err(StatusCode::INVALID_ACQUIRES_ANNOTATION));
        }
    }
    Ok(())
}

/// The acquires list of the callee when it is a function of this module.
fn callee_acquires<'a>(
    binary: Binary<'a>,
    handle_to_def: &FxHashMap<FunctionHandleIndex, usize>,
    handle: FunctionHandleIndex,
) -> VResult<&'a [StructDefinitionIndex]> {
    if Some(binary.function_handle(handle)?.module) != binary.self_handle_idx() {
        return Ok(&[]);
    }
    match handle_to_def.get(&handle) {
        Some(&def) => {
            let def = binary.function_defs().get(def).ok_or_else(crash)?;
            Ok(&def.acquires_global_resources)
        }
        None => Ok(&[]),
    }
}
