//! The table steps of the bounds checker (§10 steps 1–16), one function per table.

use super::site::Site;
use super::tokens::{check_signature_token, check_type, check_type_params, signature_type_params};
use super::Tables;
use crate::errors::BinaryResult;
use crate::index::{IndexKind, SignatureIndex, StructDefinitionIndex};
use crate::model::*;
use std::fmt;
use tern_primitives::StatusCode;

/// Step 1: every struct node of every signature; also records each signature's type-parameter
/// bound for the later steps.
pub(super) fn signatures(t: &mut Tables<'_>) -> BinaryResult<()> {
    let mut bounds = Vec::with_capacity(t.signatures.len());
    for (row, sig) in t.signatures.iter().enumerate() {
        let mut bound = 0;
        for (pos, tok) in sig.0.iter().enumerate() {
            check_signature_token(t.struct_handles, tok, &mut bound).map_err(|f| {
                f.into_error(
                    Site::entry(IndexKind::Signature, row),
                    format_args!("token {pos}"),
                )
            })?;
        }
        bounds.push(bound);
    }
    t.type_param_bounds = bounds;
    Ok(())
}

/// Step 2: every struct node of every constant's type.
pub(super) fn constants(t: &Tables<'_>) -> BinaryResult<()> {
    for (row, constant) in t.constant_pool.iter().enumerate() {
        check_type(t.struct_handles, &constant.type_).map_err(|f| {
            f.into_error(
                Site::entry(IndexKind::ConstantPool, row),
                format_args!("type"),
            )
        })?;
    }
    Ok(())
}

/// Checks the address and name of a module handle or friend declaration.
fn module_handle(t: &Tables<'_>, site: Site, handle: &ModuleHandle) -> BinaryResult<()> {
    site.check(
        "address index",
        handle.address.idx(),
        t.address_identifiers.len(),
        "addresses",
    )?;
    t.identifier(site, "name identifier index", handle.name.idx())
}

/// Step 3: module handles.
pub(super) fn module_handles(t: &Tables<'_>) -> BinaryResult<()> {
    for (row, handle) in t.module_handles.iter().enumerate() {
        module_handle(t, Site::entry(IndexKind::ModuleHandle, row), handle)?;
    }
    Ok(())
}

/// Step 5: struct handles.
pub(super) fn struct_handles(t: &Tables<'_>) -> BinaryResult<()> {
    for (row, handle) in t.struct_handles.iter().enumerate() {
        let site = Site::entry(IndexKind::StructHandle, row);
        let modules = t.module_handles.len();
        site.check(
            "module handle index",
            handle.module.idx(),
            modules,
            "module handles",
        )?;
        t.identifier(site, "name identifier index", handle.name.idx())?;
    }
    Ok(())
}

/// Step 6: function handles, including the type parameters of their signatures. Access
/// specifiers and attributes are not checked.
pub(super) fn function_handles(t: &Tables<'_>) -> BinaryResult<()> {
    for (row, handle) in t.function_handles.iter().enumerate() {
        let site = Site::entry(IndexKind::FunctionHandle, row);
        let modules = t.module_handles.len();
        site.check(
            "module handle index",
            handle.module.idx(),
            modules,
            "module handles",
        )?;
        t.identifier(site, "name identifier index", handle.name.idx())?;
        t.signature(site, "parameters signature index", handle.parameters.idx())?;
        t.signature(site, "return signature index", handle.return_.idx())?;
        let count = handle.type_parameters.len();
        signature_type_params(t, handle.parameters, count, site, &"parameters")?;
        signature_type_params(t, handle.return_, count, site, &"return")?;
    }
    Ok(())
}

/// Step 7: field handles; the offset must be below the owner's field count (0 for enums).
pub(super) fn field_handles(m: &CompiledModule) -> BinaryResult<()> {
    for (row, handle) in m.field_handles.iter().enumerate() {
        let site = Site::entry(IndexKind::FieldHandle, row);
        let owner = handle.owner.idx();
        site.check(
            "owner struct definition index",
            owner,
            m.struct_defs.len(),
            "struct definitions",
        )?;
        if let Some(def) = m.struct_defs.get(owner) {
            let field = usize::from(handle.field);
            site.check("field offset", field, def.fields().len(), "fields")?;
        }
    }
    Ok(())
}

/// Step 8: friend declarations.
pub(super) fn friend_decls(t: &Tables<'_>, m: &CompiledModule) -> BinaryResult<()> {
    for (row, friend) in m.friend_decls.iter().enumerate() {
        module_handle(t, Site::entry(IndexKind::FriendDeclaration, row), friend)?;
    }
    Ok(())
}

/// One instantiation table: the generic item (`what` in a table of `len` `unit`) and the type
/// arguments signature of each row.
fn instantiations<T>(
    t: &Tables<'_>,
    rows: &[T],
    kind: IndexKind,
    (what, len, unit): (&'static str, usize, &'static str),
    parts: impl Fn(&T) -> (usize, SignatureIndex),
) -> BinaryResult<()> {
    for (row, inst) in rows.iter().enumerate() {
        let site = Site::entry(kind, row);
        let (target, sig) = parts(inst);
        site.check(what, target, len, unit)?;
        t.signature(site, "type arguments signature index", sig.idx())?;
    }
    Ok(())
}

/// Step 9: struct definition instantiations.
pub(super) fn struct_def_instantiations(t: &Tables<'_>, m: &CompiledModule) -> BinaryResult<()> {
    let target = (
        "struct definition index",
        m.struct_defs.len(),
        "struct definitions",
    );
    instantiations(
        t,
        &m.struct_def_instantiations,
        IndexKind::StructDefInstantiation,
        target,
        |i| (i.def.idx(), i.type_parameters),
    )
}

/// Step 10: function instantiations.
pub(super) fn function_instantiations(t: &Tables<'_>) -> BinaryResult<()> {
    let target = (
        "function handle index",
        t.function_handles.len(),
        "function handles",
    );
    instantiations(
        t,
        t.function_instantiations,
        IndexKind::FunctionInstantiation,
        target,
        |i| (i.handle.idx(), i.type_parameters),
    )
}

/// Step 11: field instantiations.
pub(super) fn field_instantiations(t: &Tables<'_>, m: &CompiledModule) -> BinaryResult<()> {
    let target = ("field handle index", m.field_handles.len(), "field handles");
    instantiations(
        t,
        &m.field_instantiations,
        IndexKind::FieldInstantiation,
        target,
        |i| (i.handle.idx(), i.type_parameters),
    )
}

/// Step 15: variant field instantiations.
pub(super) fn variant_field_instantiations(t: &Tables<'_>, m: &CompiledModule) -> BinaryResult<()> {
    let handles = m.variant_field_handles.len();
    let target = (
        "variant field handle index",
        handles,
        "variant field handles",
    );
    instantiations(
        t,
        &m.variant_field_instantiations,
        IndexKind::VariantFieldInstantiation,
        target,
        |i| (i.handle.idx(), i.type_parameters),
    )
}

/// Step 16: struct variant instantiations.
pub(super) fn struct_variant_instantiations(
    t: &Tables<'_>,
    m: &CompiledModule,
) -> BinaryResult<()> {
    let handles = m.struct_variant_handles.len();
    let target = (
        "struct variant handle index",
        handles,
        "struct variant handles",
    );
    instantiations(
        t,
        &m.struct_variant_instantiations,
        IndexKind::StructVariantInstantiation,
        target,
        |i| (i.handle.idx(), i.type_parameters),
    )
}

/// The position of a field in a struct or a variant, for messages.
#[derive(Debug, Clone, Copy)]
struct FieldPos {
    variant: Option<usize>,
    field: usize,
}

impl fmt::Display for FieldPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(v) = self.variant {
            write!(f, "variant {v} ")?;
        }
        write!(f, "field {}", self.field)
    }
}

/// The fields of a struct or of one variant: name, struct nodes, then type parameters
/// (against the struct handle's `count`).
fn field_defs(
    t: &Tables<'_>,
    site: Site,
    variant: Option<usize>,
    fields: &[FieldDefinition],
    count: usize,
) -> BinaryResult<()> {
    for (field, def) in fields.iter().enumerate() {
        let pos = FieldPos { variant, field };
        let name = def.name.idx();
        if name >= t.identifiers.len() {
            let what = format_args!("{pos} name identifier index");
            return Err(site.out_of_bounds(what, name, t.identifiers.len(), "identifiers"));
        }
        check_type(t.struct_handles, &def.type_)
            .and_then(|()| check_type_params(&def.type_, count))
            .map_err(|f| f.into_error(site, format_args!("{pos} type")))?;
    }
    Ok(())
}

/// The variants of an enum: name then fields of each; an enum needs at least one variant.
fn variant_defs(
    t: &Tables<'_>,
    site: Site,
    variants: &[VariantDefinition],
    count: usize,
) -> BinaryResult<()> {
    for (v, variant) in variants.iter().enumerate() {
        let name = variant.name.idx();
        if name >= t.identifiers.len() {
            let what = format_args!("variant {v} name identifier index");
            return Err(site.out_of_bounds(what, name, t.identifiers.len(), "identifiers"));
        }
        field_defs(t, site, Some(v), &variant.fields, count)?;
    }
    if variants.is_empty() {
        return Err(site.error(
            StatusCode::ZERO_VARIANTS_ERROR,
            format_args!("enum has no variants"),
        ));
    }
    Ok(())
}

/// Step 12: struct definitions.
pub(super) fn struct_defs(t: &Tables<'_>, m: &CompiledModule) -> BinaryResult<()> {
    for (row, def) in m.struct_defs.iter().enumerate() {
        let site = Site::entry(IndexKind::StructDefinition, row);
        let handle = def.struct_handle.idx();
        site.check(
            "struct handle index",
            handle,
            t.struct_handles.len(),
            "struct handles",
        )?;
        let Some(handle) = t.struct_handles.get(handle) else {
            continue;
        };
        let count = handle.type_parameters.len();
        match &def.field_information {
            StructFieldInformation::Native => {}
            StructFieldInformation::Declared(fields) => field_defs(t, site, None, fields, count)?,
            StructFieldInformation::DeclaredVariants(variants) => {
                variant_defs(t, site, variants, count)?
            }
        }
    }
    Ok(())
}

/// Checks a struct definition index of a variant table row and returns the definition.
fn variant_owner(
    m: &CompiledModule,
    site: Site,
    def: StructDefinitionIndex,
) -> BinaryResult<Option<&StructDefinition>> {
    let idx = def.idx();
    site.check(
        "struct definition index",
        idx,
        m.struct_defs.len(),
        "struct definitions",
    )?;
    Ok(m.struct_defs.get(idx))
}

/// Step 13: variant field handles: a non-empty variant list, each variant in range, and the
/// field offset in range for each of them.
pub(super) fn variant_field_handles(m: &CompiledModule) -> BinaryResult<()> {
    for (row, handle) in m.variant_field_handles.iter().enumerate() {
        let site = Site::entry(IndexKind::VariantFieldHandle, row);
        let owner = variant_owner(m, site, handle.struct_index)?;
        if handle.variants.is_empty() {
            return Err(site.error(
                StatusCode::ZERO_VARIANTS_ERROR,
                format_args!("variant field handle lists no variants"),
            ));
        }
        let Some(def) = owner else { continue };
        let variants = def.variants();
        let field = usize::from(handle.field);
        for &v in &handle.variants {
            let v = usize::from(v);
            site.check("variant index", v, variants.len(), "variants")?;
            let fields = variants.get(v).map_or(0, |variant| variant.fields.len());
            if field >= fields {
                let what = format_args!("variant {v} field offset");
                return Err(site.out_of_bounds(what, field, fields, "fields"));
            }
        }
    }
    Ok(())
}

/// Step 14: struct variant handles.
pub(super) fn struct_variant_handles(m: &CompiledModule) -> BinaryResult<()> {
    for (row, handle) in m.struct_variant_handles.iter().enumerate() {
        let site = Site::entry(IndexKind::StructVariantHandle, row);
        if let Some(def) = variant_owner(m, site, handle.struct_index)? {
            let variant = usize::from(handle.variant);
            site.check("variant index", variant, def.variants().len(), "variants")?;
        }
    }
    Ok(())
}

/// Sui: enum definitions: handle, then each variant's name and fields (Sui's deserializer
/// already refuses an enum without variants).
pub(super) fn enum_defs(t: &Tables<'_>, m: &CompiledModule) -> BinaryResult<()> {
    for (row, def) in m.enum_defs.iter().enumerate() {
        let site = Site::entry(IndexKind::EnumDefinition, row);
        let handle = def.enum_handle.idx();
        site.check(
            "enum handle index",
            handle,
            t.struct_handles.len(),
            "datatype handles",
        )?;
        let count = t
            .struct_handles
            .get(handle)
            .map_or(0, |h| h.type_parameters.len());
        for (v, variant) in def.variants.iter().enumerate() {
            let name = variant.name.idx();
            if name >= t.identifiers.len() {
                let what = format_args!("variant {v} name identifier index");
                return Err(site.out_of_bounds(what, name, t.identifiers.len(), "identifiers"));
            }
            field_defs(t, site, Some(v), &variant.fields, count)?;
        }
    }
    Ok(())
}

/// Sui: enum definition instantiations.
pub(super) fn enum_def_instantiations(t: &Tables<'_>, m: &CompiledModule) -> BinaryResult<()> {
    for (row, inst) in m.enum_def_instantiations.iter().enumerate() {
        let site = Site::entry(IndexKind::EnumDefInstantiation, row);
        site.check(
            "enum definition index",
            inst.def.idx(),
            m.enum_defs.len(),
            "enum definitions",
        )?;
        t.signature(
            site,
            "type arguments signature index",
            inst.type_parameters.idx(),
        )?;
    }
    Ok(())
}

/// Sui: variant handles: the enum, then the tag among its variants.
pub(super) fn sui_variant_handles(m: &CompiledModule) -> BinaryResult<()> {
    for (row, handle) in m.variant_handles.iter().enumerate() {
        let site = Site::entry(IndexKind::VariantHandle, row);
        let def = handle.enum_def.idx();
        site.check(
            "enum definition index",
            def,
            m.enum_defs.len(),
            "enum definitions",
        )?;
        let variants = m.enum_defs.get(def).map_or(0, |d| d.variants.len());
        site.check(
            "variant tag",
            usize::from(handle.variant),
            variants,
            "variants",
        )?;
    }
    Ok(())
}

/// Sui: variant instantiation handles: the enum instantiation, then the tag among the
/// variants of its enum.
pub(super) fn sui_variant_instantiation_handles(m: &CompiledModule) -> BinaryResult<()> {
    for (row, handle) in m.variant_instantiation_handles.iter().enumerate() {
        let site = Site::entry(IndexKind::VariantInstantiationHandle, row);
        let inst = handle.enum_def.idx();
        let len = m.enum_def_instantiations.len();
        site.check("enum instantiation index", inst, len, "enum instantiations")?;
        let variants = m
            .enum_def_instantiations
            .get(inst)
            .and_then(|i| m.enum_defs.get(i.def.idx()))
            .map_or(0, |d| d.variants.len());
        site.check(
            "variant tag",
            usize::from(handle.variant),
            variants,
            "variants",
        )?;
    }
    Ok(())
}
