//! Sui's field abilities: every field of a struct, and of each variant of an enum, has the
//! abilities the datatype's own abilities require (`copy` needs `copy`, `drop` needs `drop`,
//! `store` and `key` need `store`), type parameters counting as having every ability
//! (`FIELD_MISSING_TYPE_ABILITY`).

use crate::error::{err_at, VResult};
use crate::view::{requires, Binary};
use tern_binary::{CompiledModule, FieldDefinition, StructFieldInformation, StructHandleIndex};
use tern_primitives::{AbilitySet, IndexKind, StatusCode, VmError};

/// Checks the datatypes of a Sui module (without its location).
pub(crate) fn verify(m: &CompiledModule) -> VResult<()> {
    let binary = Binary::Module(m);
    for (idx, def) in m.struct_defs.iter().enumerate() {
        let StructFieldInformation::Declared(fields) = &def.field_information else {
            continue;
        };
        if let Some(_field) = missing(binary, def.struct_handle, fields)? {
            return Err(err_at(
                StatusCode::FIELD_MISSING_TYPE_ABILITY,
                IndexKind::StructDefinition,
                idx,
            ));
        }
    }
    for (idx, def) in m.enum_defs.iter().enumerate() {
        for (tag, variant) in def.variants.iter().enumerate() {
            if let Some(field) = missing(binary, def.enum_handle, &variant.fields)? {
                return Err(enum_error(idx, tag, field));
            }
        }
    }
    Ok(())
}

fn enum_error(idx: usize, tag: usize, field: usize) -> VmError {
    err_at(
        StatusCode::FIELD_MISSING_TYPE_ABILITY,
        IndexKind::EnumDefinition,
        idx,
    )
    .at_index(IndexKind::VariantTag, tag as u16)
    .at_index(IndexKind::FieldDefinition, field as u16)
}

/// The position of the first field lacking an ability its datatype requires.
fn missing(
    binary: Binary<'_>,
    handle: StructHandleIndex,
    fields: &[FieldDefinition],
) -> VResult<Option<usize>> {
    let handle = binary.struct_handle(handle)?;
    let required = requires(handle.abilities);
    let params = vec![AbilitySet::ALL; handle.type_parameters.len()];
    for (i, field) in fields.iter().enumerate() {
        if !required.is_subset(binary.abilities(&field.type_, &params)?) {
            return Ok(Some(i));
        }
    }
    Ok(None)
}
