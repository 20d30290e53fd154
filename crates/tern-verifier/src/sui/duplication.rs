//! Sui's duplicate-entry rules, in Sui's order: the shared tables, the variant handles, then the
//! module's definitions — fields, functions (definitions point at this module, every local
//! handle defined), structs (at least one field, distinct field names), struct
//! instantiations, enums (at least one variant, distinct variant and field names), enum
//! instantiations, and finally every local datatype handle defined by a struct or an enum.

use crate::error::{err_at, VResult};
use rustc_hash::FxHashSet;
use std::hash::Hash;
use tern_binary::{
    BinaryTables, CompiledModule, FunctionHandleIndex, StructFieldInformation, StructHandleIndex,
};
use tern_primitives::{IndexKind, StatusCode, VmError};

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
        Some(idx) => Err(duplicate(kind, idx)),
        None => Ok(()),
    }
}

fn duplicate(kind: IndexKind, idx: usize) -> VmError {
    err_at(StatusCode::DUPLICATE_ELEMENT, kind, idx)
}

/// Checks a Sui module (without its location).
pub(crate) fn verify(m: &CompiledModule) -> VResult<()> {
    check(&m.identifiers, IndexKind::Identifier)?;
    check(&m.address_identifiers, IndexKind::AddressIdentifier)?;
    check(&m.constant_pool, IndexKind::ConstantPool)?;
    check(&m.signatures, IndexKind::Signature)?;
    check(&m.module_handles, IndexKind::ModuleHandle)?;
    check(&m.friend_decls, IndexKind::ModuleHandle)?;
    check(
        m.struct_handles.iter().map(|h| (h.module, h.name)),
        IndexKind::StructHandle,
    )?;
    check(
        m.function_handles.iter().map(|h| (h.module, h.name)),
        IndexKind::FunctionHandle,
    )?;
    check(&m.function_instantiations, IndexKind::FunctionInstantiation)?;
    check(
        m.variant_handles.iter().map(|h| (h.enum_def, h.variant)),
        IndexKind::VariantHandle,
    )?;
    check(&m.field_handles, IndexKind::FieldHandle)?;
    check(&m.field_instantiations, IndexKind::FieldInstantiation)?;
    function_definitions(m)?;
    struct_definitions(m)?;
    check(
        &m.struct_def_instantiations,
        IndexKind::StructDefInstantiation,
    )?;
    enum_definitions(m)?;
    check(&m.enum_def_instantiations, IndexKind::EnumDefInstantiation)?;
    datatype_handles_defined(m)
}

/// Whether a datatype handle belongs to this module.
fn is_local_datatype(m: &CompiledModule, handle: StructHandleIndex) -> bool {
    m.struct_handle_at(handle)
        .is_some_and(|h| h.module == m.self_module_handle_idx)
}

fn function_definitions(m: &CompiledModule) -> VResult<()> {
    check(
        m.function_defs.iter().map(|d| d.function),
        IndexKind::FunctionDefinition,
    )?;
    for (idx, def) in m.function_defs.iter().enumerate() {
        if first_duplicate(&def.acquires_global_resources).is_some() {
            return Err(err_at(
                StatusCode::DUPLICATE_ACQUIRES_ANNOTATION,
                IndexKind::FunctionDefinition,
                idx,
            ));
        }
    }
    let foreign = m.function_defs.iter().position(|d| {
        m.function_handle_at(d.function)
            .is_none_or(|h| h.module != m.self_module_handle_idx)
    });
    if let Some(idx) = foreign {
        return Err(err_at(
            StatusCode::INVALID_MODULE_HANDLE,
            IndexKind::FunctionDefinition,
            idx,
        ));
    }
    let defined: FxHashSet<FunctionHandleIndex> =
        m.function_defs.iter().map(|d| d.function).collect();
    let undefined = m.function_handles.iter().enumerate().position(|(i, h)| {
        h.module == m.self_module_handle_idx && !defined.contains(&FunctionHandleIndex(i as u16))
    });
    match undefined {
        Some(idx) => Err(err_at(
            StatusCode::UNIMPLEMENTED_HANDLE,
            IndexKind::FunctionHandle,
            idx,
        )),
        None => Ok(()),
    }
}

fn struct_definitions(m: &CompiledModule) -> VResult<()> {
    check(
        m.struct_defs.iter().map(|d| d.struct_handle),
        IndexKind::StructDefinition,
    )?;
    for (idx, def) in m.struct_defs.iter().enumerate() {
        let fields = match &def.field_information {
            StructFieldInformation::Native => continue,
            StructFieldInformation::Declared(fields) => fields.as_slice(),
            // Not in a Sui module (its deserializer has no such struct).
            StructFieldInformation::DeclaredVariants(_) => &[],
        };
        if fields.is_empty() {
            return Err(err_at(
                StatusCode::ZERO_SIZED_STRUCT,
                IndexKind::StructDefinition,
                idx,
            ));
        }
        if let Some(field) = first_duplicate(fields.iter().map(|f| f.name)) {
            return Err(duplicate(IndexKind::FieldDefinition, field));
        }
    }
    let foreign = m
        .struct_defs
        .iter()
        .position(|d| !is_local_datatype(m, d.struct_handle));
    match foreign {
        Some(idx) => Err(err_at(
            StatusCode::INVALID_MODULE_HANDLE,
            IndexKind::StructDefinition,
            idx,
        )),
        None => Ok(()),
    }
}

fn enum_definitions(m: &CompiledModule) -> VResult<()> {
    // A handle defined twice, among the structs and enums together.
    let handles = m
        .struct_defs
        .iter()
        .map(|d| d.struct_handle)
        .chain(m.enum_defs.iter().map(|d| d.enum_handle));
    check(handles, IndexKind::EnumDefinition)?;
    for (idx, def) in m.enum_defs.iter().enumerate() {
        if def.variants.is_empty() {
            return Err(err_at(
                StatusCode::ZERO_SIZED_ENUM,
                IndexKind::EnumDefinition,
                idx,
            ));
        }
        if let Some(variant) = first_duplicate(def.variants.iter().map(|v| v.name)) {
            return Err(duplicate(IndexKind::EnumDefinition, idx)
                .at_index(IndexKind::VariantTag, variant as u16));
        }
        for (tag, variant) in def.variants.iter().enumerate() {
            if let Some(field) = first_duplicate(variant.fields.iter().map(|f| f.name)) {
                return Err(duplicate(IndexKind::FieldDefinition, field)
                    .at_index(IndexKind::VariantTag, tag as u16)
                    .at_index(IndexKind::EnumDefinition, idx as u16));
            }
        }
    }
    let foreign = m
        .enum_defs
        .iter()
        .position(|d| !is_local_datatype(m, d.enum_handle));
    match foreign {
        Some(idx) => Err(err_at(
            StatusCode::INVALID_MODULE_HANDLE,
            IndexKind::EnumDefinition,
            idx,
        )),
        None => Ok(()),
    }
}

fn datatype_handles_defined(m: &CompiledModule) -> VResult<()> {
    let defined: FxHashSet<StructHandleIndex> = m
        .struct_defs
        .iter()
        .map(|d| d.struct_handle)
        .chain(m.enum_defs.iter().map(|d| d.enum_handle))
        .collect();
    let undefined = m.struct_handles.iter().enumerate().position(|(i, h)| {
        h.module == m.self_module_handle_idx && !defined.contains(&StructHandleIndex(i as u16))
    });
    match undefined {
        Some(idx) => Err(err_at(
            StatusCode::UNIMPLEMENTED_HANDLE,
            IndexKind::StructHandle,
            idx,
        )),
        None => Ok(()),
    }
}
