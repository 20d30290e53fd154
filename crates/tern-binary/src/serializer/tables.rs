//! Table rows (spec §4) and the refusals of §9.1 that concern them.

use super::code::write_code_unit;
use super::signature::{write_abilities, write_token};
use super::writer::{refuse, Writer};
use super::Target;
use crate::deserializer::{ACCESS_SPECIFIERS_MAX, ATTRIBUTES_MAX, FLAG_ENTRY, FLAG_NATIVE};
use crate::errors::BinaryResult;
use crate::model::*;
use crate::IDENTIFIER_SIZE_MAX;
use tern_primitives::{AbilitySet, AccountAddress, Flavor, Identifier};

/// MODULE_HANDLES / FRIEND_DECLS row.
pub(crate) fn write_module_handle(w: &mut Writer, h: &ModuleHandle) -> BinaryResult<()> {
    w.index(h.address.0);
    w.index(h.name.0);
    Ok(())
}

/// STRUCT_HANDLES row (the phantom flag always: the serializer writes v5+).
pub(crate) fn write_struct_handle(w: &mut Writer, h: &StructHandle) -> BinaryResult<()> {
    w.index(h.module.0);
    w.index(h.name.0);
    write_abilities(w, h.abilities);
    w.count(h.type_parameters.len(), 255, "struct type parameters")?;
    for tp in &h.type_parameters {
        write_abilities(w, tp.constraints);
        w.u8(u8::from(tp.is_phantom));
    }
    Ok(())
}

/// `uleb(255)` count and the constraints of a function's or script's type parameters.
pub(crate) fn write_type_parameters(w: &mut Writer, tps: &[AbilitySet]) -> BinaryResult<()> {
    w.count(tps.len(), 255, "function type parameters")?;
    for tp in tps {
        write_abilities(w, *tp);
    }
    Ok(())
}

/// FUNCTION_HANDLES row, in the layout of the target's version (Sui: never access specifiers
/// or attributes).
pub(crate) fn write_function_handle(
    w: &mut Writer,
    h: &FunctionHandle,
    target: Target,
) -> BinaryResult<()> {
    w.index(h.module.0);
    w.index(h.name.0);
    w.index(h.parameters.0);
    w.index(h.return_.0);
    write_type_parameters(w, &h.type_parameters)?;
    if target.flavor == Flavor::Sui {
        if h.access_specifiers.is_some() || !h.attributes.is_empty() {
            return Err(refuse(
                "access specifiers and function attributes cannot be written in a Sui binary",
            ));
        }
        return Ok(());
    }
    let version = target.version;
    if version >= 7 {
        write_access_specifiers(w, h.access_specifiers.as_deref())?;
    } else if h.access_specifiers.is_some() {
        return Err(refuse(format!(
            "access specifiers cannot be serialized at bytecode version {version} (needs 7)"
        )));
    }
    if version >= 8 {
        write_attributes(w, &h.attributes, version)?;
    } else if !h.attributes.is_empty() {
        return Err(refuse(format!(
            "function attributes cannot be serialized at bytecode version {version} (needs 8)"
        )));
    }
    Ok(())
}

/// `option<uleb(64) count, specifiers>`.
pub(crate) fn write_access_specifiers(
    w: &mut Writer,
    specs: Option<&[AccessSpecifier]>,
) -> BinaryResult<()> {
    let Some(specs) = specs else {
        w.u8(0x01);
        return Ok(());
    };
    w.u8(0x02);
    w.count(specs.len(), ACCESS_SPECIFIERS_MAX, "access specifiers")?;
    for s in specs {
        w.u8(match s.kind {
            AccessKind::Reads => 0x01,
            AccessKind::Writes => 0x02,
        });
        w.u8(if s.negated { 0x02 } else { 0x01 });
        write_resource_specifier(w, &s.resource);
        write_address_specifier(w, &s.address);
    }
    Ok(())
}

fn write_resource_specifier(w: &mut Writer, r: &ResourceSpecifier) {
    match r {
        ResourceSpecifier::Any => w.u8(0x01),
        ResourceSpecifier::DeclaredAtAddress(a) => {
            w.u8(0x02);
            w.index(a.0);
        }
        ResourceSpecifier::DeclaredInModule(m) => {
            w.u8(0x03);
            w.index(m.0);
        }
        ResourceSpecifier::Resource(s) => {
            w.u8(0x04);
            w.index(s.0);
        }
        ResourceSpecifier::ResourceInstantiation(s, sig) => {
            w.u8(0x05);
            w.index(s.0);
            w.index(sig.0);
        }
    }
}

fn write_address_specifier(w: &mut Writer, a: &AddressSpecifier) {
    match a {
        AddressSpecifier::Any => w.u8(0x01),
        AddressSpecifier::Literal(addr) => {
            w.u8(0x02);
            w.index(addr.0);
        }
        AddressSpecifier::Parameter(local, function) => {
            w.u8(0x03);
            w.uleb(u64::from(*local));
            match function {
                None => w.u8(0x01),
                Some(f) => {
                    w.u8(0x02);
                    w.index(f.0);
                }
            }
        }
    }
}

/// `uleb(16)` count and the attributes; kinds 3–9 need v10.
fn write_attributes(w: &mut Writer, attrs: &[FunctionAttribute], version: u32) -> BinaryResult<()> {
    use FunctionAttribute as A;
    w.count(attrs.len(), ATTRIBUTES_MAX, "function attributes")?;
    for a in attrs {
        if version < a.min_version() {
            return Err(refuse(format!(
                "function attribute {a:?} cannot be serialized at bytecode version {version}"
            )));
        }
        w.u8(a.tag());
        match a {
            A::PackVariant(v) | A::UnpackVariant(v) | A::TestVariant(v) => {
                w.bytes(&v.to_le_bytes())
            }
            A::BorrowFieldImmutable(f) | A::BorrowFieldMutable(f) => w.bytes(&f.to_le_bytes()),
            A::Persistent | A::ModuleLock | A::Pack | A::Unpack => {}
        }
    }
    Ok(())
}

/// FUNCTION_INST, STRUCT_DEF_INST, FIELD_INST, VARIANT_FIELD_INST, STRUCT_VARIANT_INST row.
#[inline]
pub(crate) fn write_pair(w: &mut Writer, a: u16, b: u16) -> BinaryResult<()> {
    w.index(a);
    w.index(b);
    Ok(())
}

/// CONSTANT_POOL row.
pub(crate) fn write_constant(w: &mut Writer, c: &Constant) -> BinaryResult<()> {
    write_token(w, &c.type_)?;
    w.blob(&c.data, u64::from(u16::MAX), "constant data bytes")
}

/// METADATA row.
pub(crate) fn write_metadata(w: &mut Writer, m: &Metadata) -> BinaryResult<()> {
    w.blob(&m.key, 1023, "metadata key bytes")?;
    w.blob(&m.value, u64::from(u16::MAX), "metadata value bytes")
}

/// IDENTIFIERS row (always limited to 255 bytes, however the identifier was loaded).
pub(crate) fn write_identifier(w: &mut Writer, id: &Identifier) -> BinaryResult<()> {
    w.blob(
        id.as_str().as_bytes(),
        IDENTIFIER_SIZE_MAX,
        "identifier bytes",
    )
}

/// ADDRESS_IDENTIFIERS row.
pub(crate) fn write_address(w: &mut Writer, a: &AccountAddress) -> BinaryResult<()> {
    w.bytes(a.as_bytes());
    Ok(())
}

/// STRUCT_DEFS row; enums need Aptos v7 (Sui enums have their own table).
pub(crate) fn write_struct_def(
    w: &mut Writer,
    d: &StructDefinition,
    target: Target,
) -> BinaryResult<()> {
    let version = target.version;
    w.index(d.struct_handle.0);
    match &d.field_information {
        StructFieldInformation::Native => w.u8(0x01),
        StructFieldInformation::Declared(fields) => {
            w.u8(0x02);
            write_fields(w, fields)?;
        }
        StructFieldInformation::DeclaredVariants(_) if target.flavor == Flavor::Sui => {
            return Err(refuse(
                "a Sui binary holds enums in its enum table, not among its structs",
            ));
        }
        StructFieldInformation::DeclaredVariants(variants) => {
            if version < 7 {
                return Err(refuse(format!(
                    "enums cannot be serialized at bytecode version {version} (needs 7)"
                )));
            }
            w.u8(0x03);
            write_variants(w, variants)?;
        }
    }
    Ok(())
}

/// ENUM_DEFS row (Sui): handle, flag 0x02, variants.
pub(crate) fn write_enum_def(w: &mut Writer, d: &EnumDefinition) -> BinaryResult<()> {
    w.index(d.enum_handle.0);
    w.u8(0x02);
    write_variants(w, &d.variants)
}

/// `uleb(127)` variant count, then name and fields per variant.
fn write_variants(w: &mut Writer, variants: &[VariantDefinition]) -> BinaryResult<()> {
    w.count(variants.len(), 127, "variants in an enum")?;
    for v in variants {
        w.index(v.name.0);
        write_fields(w, &v.fields)?;
    }
    Ok(())
}

fn write_fields(w: &mut Writer, fields: &[FieldDefinition]) -> BinaryResult<()> {
    w.count(fields.len(), 255, "fields in a struct or variant")?;
    for f in fields {
        w.index(f.name.0);
        write_token(w, &f.type_)?;
    }
    Ok(())
}

/// FUNCTION_DEFS row (v5+ layout; flags recomputed from `is_entry` and the code's presence).
pub(crate) fn write_function_def(
    w: &mut Writer,
    d: &FunctionDefinition,
    target: Target,
) -> BinaryResult<()> {
    w.index(d.function.0);
    w.u8(d.visibility as u8);
    let mut flags = 0;
    if d.is_entry {
        flags |= FLAG_ENTRY;
    }
    if d.code.is_none() {
        flags |= FLAG_NATIVE;
    }
    w.u8(flags);
    w.count(d.acquires_global_resources.len(), 255, "acquired resources")?;
    for s in &d.acquires_global_resources {
        w.index(s.0);
    }
    if let Some(code) = &d.code {
        write_code_unit(w, code, target)?;
    }
    Ok(())
}

/// FIELD_HANDLES row.
pub(crate) fn write_field_handle(w: &mut Writer, h: &FieldHandle) -> BinaryResult<()> {
    w.index(h.owner.0);
    w.bounded(u64::from(h.field), 255, "field offset")
}

/// VARIANT_FIELD_HANDLES row: struct, field offset, variant list.
pub(crate) fn write_variant_field_handle(
    w: &mut Writer,
    h: &VariantFieldHandle,
) -> BinaryResult<()> {
    w.index(h.struct_index.0);
    w.bounded(u64::from(h.field), 255, "field offset")?;
    w.count(h.variants.len(), 127, "variants in a variant field handle")?;
    for v in &h.variants {
        w.bounded(u64::from(*v), 127, "variant index")?;
    }
    Ok(())
}

/// STRUCT_VARIANT_HANDLES row.
pub(crate) fn write_struct_variant_handle(
    w: &mut Writer,
    h: &StructVariantHandle,
) -> BinaryResult<()> {
    w.index(h.struct_index.0);
    w.bounded(u64::from(h.variant), 127, "variant index")
}
