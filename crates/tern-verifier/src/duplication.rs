//! Duplicate entries: every table holds distinct entries (handles are unique by module and
//! name), structs have fields and distinct field and variant names, definitions point at this
//! module, and every handle of this module has a definition.

use crate::error::{err_at, VResult};
use crate::view::Binary;
use rustc_hash::FxHashSet;
use std::hash::Hash;
use tern_binary::{FieldDefinition, StructFieldInformation};
use tern_primitives::{IndexKind, StatusCode};

/// Position of the first element equal to an earlier one.
fn first_duplicate<T: Eq + Hash>(items: impl IntoIterator<Item = T>) -> Option<usize> {
    let mut seen = FxHashSet::default();
    items
        .into_iter()
        .enumerate()
        .find_map(|(i, x)| (!seen.insert(x)).then_some(i))
}

fn check<T: Eq + Hash>(items: impl IntoIterator<Item = T>, kind: IndexKind) -> VResult<()> {
    match first_duplicate(items) {
        Some(idx) => Err(err_at(StatusCode::DUPLICATE_ELEMENT, kind, idx)),
        None => Ok(()),
    }
}

/// Checks a module or script (without its location).
pub(crate) fn verify(binary: Binary<'_>) -> VResult<()> {
    check(binary.identifiers(), IndexKind::Identifier)?;
    check(binary.address_identifiers(), IndexKind::AddressIdentifier)?;
    check(binary.constant_pool(), IndexKind::ConstantPool)?;
    check(binary.signatures(), IndexKind::Signature)?;
    check(binary.module_handles(), IndexKind::ModuleHandle)?;
    if let Binary::Module(_) = binary {
        check(binary.friend_decls(), IndexKind::ModuleHandle)?;
    }
    check(
        binary.struct_handles().iter().map(|h| (h.module, h.name)),
        IndexKind::StructHandle,
    )?;
    check(
        binary.function_handles().iter().map(|h| (h.module, h.name)),
        IndexKind::FunctionHandle,
    )?;
    check(
        binary.function_instantiations(),
        IndexKind::FunctionInstantiation,
    )?;
    if let Binary::Module(_) = binary {
        verify_module_tables(binary)?;
    }
    Ok(())
}

fn verify_module_tables(binary: Binary<'_>) -> VResult<()> {
    check(binary.field_handles(), IndexKind::FieldHandle)?;
    check(binary.field_instantiations(), IndexKind::FieldInstantiation)?;
    check(
        binary.variant_field_handles(),
        IndexKind::VariantFieldHandle,
    )?;
    check(
        binary.variant_field_instantiations(),
        IndexKind::VariantFieldInstantiation,
    )?;
    check(
        binary.struct_variant_handles(),
        IndexKind::StructVariantHandle,
    )?;
    check(
        binary.struct_variant_instantiations(),
        IndexKind::StructVariantInstantiation,
    )?;
    verify_function_defs(binary)?;
    verify_struct_defs(binary)?;
    check(
        binary.struct_def_instantiations(),
        IndexKind::StructDefInstantiation,
    )
}

fn check_fields(fields: &[FieldDefinition]) -> VResult<()> {
    check(fields.iter().map(|f| f.name), IndexKind::FieldDefinition)
}

fn verify_struct_defs(binary: Binary<'_>) -> VResult<()> {
    let defs = binary.struct_defs();
    check(
        defs.iter().map(|d| d.struct_handle),
        IndexKind::StructDefinition,
    )?;
    for (idx, def) in defs.iter().enumerate() {
        match &def.field_information {
            StructFieldInformation::Native => {}
            StructFieldInformation::Declared(fields) => {
                if fields.is_empty() {
                    return Err(err_at(
                        StatusCode::ZERO_SIZED_STRUCT,
                        IndexKind::StructDefinition,
                        idx,
                    ));
                }
                check_fields(fields)?;
            }
            StructFieldInformation::DeclaredVariants(variants) => {
                check(
                    variants.iter().map(|v| v.name),
                    IndexKind::VariantDefinition,
                )?;
                for variant in variants {
                    check_fields(&variant.fields)?;
                }
            }
        }
    }
    let self_idx = binary.self_handle_idx();
    for (idx, def) in defs.iter().enumerate() {
        if Some(binary.struct_handle(def.struct_handle)?.module) != self_idx {
            return Err(err_at(
                StatusCode::INVALID_MODULE_HANDLE,
                IndexKind::StructDefinition,
                idx,
            ));
        }
    }
    let implemented: FxHashSet<_> = defs.iter().map(|d| d.struct_handle.0).collect();
    for (idx, handle) in binary.struct_handles().iter().enumerate() {
        let defined = u16::try_from(idx).is_ok_and(|i| implemented.contains(&i));
        if Some(handle.module) == self_idx && !defined {
            return Err(err_at(
                StatusCode::UNIMPLEMENTED_HANDLE,
                IndexKind::StructHandle,
                idx,
            ));
        }
    }
    Ok(())
}

fn verify_function_defs(binary: Binary<'_>) -> VResult<()> {
    let defs = binary.function_defs();
    check(
        defs.iter().map(|d| d.function),
        IndexKind::FunctionDefinition,
    )?;
    for (idx, def) in defs.iter().enumerate() {
        if first_duplicate(&def.acquires_global_resources).is_some() {
            return Err(err_at(
                StatusCode::DUPLICATE_ACQUIRES_ANNOTATION,
                IndexKind::FunctionDefinition,
                idx,
            ));
        }
    }
    let self_idx = binary.self_handle_idx();
    for (idx, def) in defs.iter().enumerate() {
        if Some(binary.function_handle(def.function)?.module) != self_idx {
            return Err(err_at(
                StatusCode::INVALID_MODULE_HANDLE,
                IndexKind::FunctionDefinition,
                idx,
            ));
        }
    }
    let implemented: FxHashSet<_> = defs.iter().map(|d| d.function.0).collect();
    for (idx, handle) in binary.function_handles().iter().enumerate() {
        let defined = u16::try_from(idx).is_ok_and(|i| implemented.contains(&i));
        if Some(handle.module) == self_idx && !defined {
            return Err(err_at(
                StatusCode::UNIMPLEMENTED_HANDLE,
                IndexKind::FunctionHandle,
                idx,
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_duplicate_reports_second_occurrence() {
        assert_eq!(first_duplicate([1, 2, 3, 2, 1]), Some(3));
        assert_eq!(first_duplicate([1, 2, 3]), None);
    }
}
