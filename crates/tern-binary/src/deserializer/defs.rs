//! Module-only tables (spec §4.4, §4.9–§4.11) and pass 2 of the decode order (§8 step 6).

use super::code::read_code_unit;
use super::header::Header;
use super::reader::{DeResult, Reader};
use super::signature::read_token;
use super::tables::{read_module_handle, read_rows, Ctx};
use crate::index::*;
use crate::model::*;
use crate::table::TableKind;
use tern_primitives::{Flavor, StatusCode};

/// Sui's largest variant tag (its variant count limit, 127, minus one).
const SUI_VARIANT_TAG_MAX: u16 = 126;

/// Function definition flag: entry function (v5+).
pub(crate) const FLAG_ENTRY: u8 = 0x04;
/// Function definition flag: native function (no code unit).
pub(crate) const FLAG_NATIVE: u8 = 0x02;

/// Pass 2 for modules: decodes the module-only tables in offset order.
pub(crate) fn read_module_tables(
    header: &Header<'_>,
    ctx: Ctx,
    m: &mut CompiledModule,
) -> DeResult<()> {
    for entry in &header.tables {
        let r = &mut header.table_reader(entry)?;
        match entry.kind {
            TableKind::StructDefinitions => {
                m.struct_defs = read_rows(r, 10, |r| read_struct_def(r, ctx))?
            }
            TableKind::StructDefInstantiations => {
                m.struct_def_instantiations = read_rows(r, 2, |r| {
                    Ok(StructDefInstantiation {
                        def: StructDefinitionIndex(r.index()?),
                        type_parameters: SignatureIndex(r.index()?),
                    })
                })?
            }
            TableKind::FunctionDefinitions => {
                m.function_defs = read_rows(r, 96, |r| read_function_def(r, ctx))?
            }
            TableKind::FieldHandles => m.field_handles = read_rows(r, 2, read_field_handle)?,
            TableKind::FieldInstantiations => {
                m.field_instantiations = read_rows(r, 2, |r| {
                    Ok(FieldInstantiation {
                        handle: FieldHandleIndex(r.index()?),
                        type_parameters: SignatureIndex(r.index()?),
                    })
                })?
            }
            TableKind::FriendDeclarations => m.friend_decls = read_rows(r, 2, read_module_handle)?,
            TableKind::VariantFieldHandles
            | TableKind::VariantFieldInstantiations
            | TableKind::StructVariantHandles
            | TableKind::StructVariantInstantiations => read_variant_table(r, entry.kind, m)?,
            TableKind::EnumDefinitions
            | TableKind::EnumDefInstantiations
            | TableKind::VariantHandles
            | TableKind::VariantInstantiationHandles => read_enum_table(r, entry.kind, ctx, m)?,
            TableKind::ModuleHandles
            | TableKind::StructHandles
            | TableKind::FunctionHandles
            | TableKind::FunctionInstantiations
            | TableKind::Signatures
            | TableKind::ConstantPool
            | TableKind::Identifiers
            | TableKind::AddressIdentifiers
            | TableKind::Metadata => continue,
        }
        ctx.check_table_size(r, entry.kind, module_table_len(m, entry.kind))?;
    }
    Ok(())
}

/// The number of rows read into a module-only table.
fn module_table_len(m: &CompiledModule, kind: TableKind) -> usize {
    match kind {
        TableKind::StructDefinitions => m.struct_defs.len(),
        TableKind::StructDefInstantiations => m.struct_def_instantiations.len(),
        TableKind::FunctionDefinitions => m.function_defs.len(),
        TableKind::FieldHandles => m.field_handles.len(),
        TableKind::FieldInstantiations => m.field_instantiations.len(),
        TableKind::FriendDeclarations => m.friend_decls.len(),
        TableKind::EnumDefinitions => m.enum_defs.len(),
        TableKind::EnumDefInstantiations => m.enum_def_instantiations.len(),
        TableKind::VariantHandles => m.variant_handles.len(),
        TableKind::VariantInstantiationHandles => m.variant_instantiation_handles.len(),
        _ => 0,
    }
}

/// Aptos's four variant tables (0x11–0x14).
fn read_variant_table(r: &mut Reader<'_>, kind: TableKind, m: &mut CompiledModule) -> DeResult<()> {
    match kind {
        TableKind::VariantFieldHandles => {
            m.variant_field_handles = read_rows(r, 4, read_variant_field_handle)?
        }
        TableKind::VariantFieldInstantiations => {
            m.variant_field_instantiations = read_rows(r, 2, |r| {
                Ok(VariantFieldInstantiation {
                    handle: VariantFieldHandleIndex(r.index()?),
                    type_parameters: SignatureIndex(r.index()?),
                })
            })?
        }
        TableKind::StructVariantHandles => {
            m.struct_variant_handles = read_rows(r, 2, |r| {
                Ok(StructVariantHandle {
                    struct_index: StructDefinitionIndex(r.index()?),
                    variant: r.uleb_u16(127)?,
                })
            })?
        }
        _ => {
            m.struct_variant_instantiations = read_rows(r, 2, |r| {
                Ok(StructVariantInstantiation {
                    handle: StructVariantHandleIndex(r.index()?),
                    type_parameters: SignatureIndex(r.index()?),
                })
            })?
        }
    }
    Ok(())
}

/// Sui's four enum tables (0x11–0x14).
fn read_enum_table(
    r: &mut Reader<'_>,
    kind: TableKind,
    ctx: Ctx,
    m: &mut CompiledModule,
) -> DeResult<()> {
    match kind {
        TableKind::EnumDefinitions => m.enum_defs = read_rows(r, 8, |r| read_enum_def(r, ctx))?,
        TableKind::EnumDefInstantiations => {
            m.enum_def_instantiations = read_rows(r, 2, |r| {
                Ok(EnumDefInstantiation {
                    def: EnumDefinitionIndex(r.index()?),
                    type_parameters: SignatureIndex(r.index()?),
                })
            })?
        }
        TableKind::VariantHandles => {
            m.variant_handles = read_rows(r, 2, |r| {
                Ok(VariantHandle {
                    enum_def: EnumDefinitionIndex(r.index()?),
                    variant: r.uleb_u16(SUI_VARIANT_TAG_MAX)?,
                })
            })?
        }
        _ => {
            m.variant_instantiation_handles = read_rows(r, 2, |r| {
                Ok(VariantInstantiationHandle {
                    enum_def: EnumDefInstantiationIndex(r.index()?),
                    variant: r.uleb_u16(SUI_VARIANT_TAG_MAX)?,
                })
            })?
        }
    }
    Ok(())
}

/// ENUM_DEFS row (Sui): datatype handle, flag 0x02, `uleb(127)` variants (at least one).
fn read_enum_def(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<EnumDefinition> {
    let enum_handle = StructHandleIndex(r.index()?);
    let start = r.pos();
    let Ok(flag) = r.u8() else {
        return Err(r.error_at(start, StatusCode::MALFORMED, "Invalid field info in enum"));
    };
    if flag != 0x02 {
        return Err(r.error_at(
            start,
            StatusCode::UNKNOWN_ENUM_FLAG,
            format!("unknown enum flag {flag:#04x}"),
        ));
    }
    let count_at = r.pos();
    let variants = read_variants(r, ctx)?;
    if variants.is_empty() {
        return Err(r.error_at(
            count_at,
            StatusCode::MALFORMED,
            "Enum type with no variants",
        ));
    }
    Ok(EnumDefinition {
        enum_handle,
        variants,
    })
}

/// STRUCT_DEFS row (flag 0x03, an enum, only in Aptos binaries).
fn read_struct_def(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<StructDefinition> {
    let version = ctx.version;
    let struct_handle = StructHandleIndex(r.index()?);
    let start = r.pos();
    let tag = r.u8()?;
    let field_information = match tag {
        0x01 => StructFieldInformation::Native,
        0x02 => StructFieldInformation::Declared(read_fields(r, ctx)?),
        0x03 if version >= 7 && ctx.flavor == Flavor::Aptos => {
            StructFieldInformation::DeclaredVariants(read_variants(r, ctx)?)
        }
        0x03 if ctx.flavor == Flavor::Aptos => {
            return Err(r.error_at(
                start,
                StatusCode::MALFORMED,
                format!("enum definitions need bytecode version 7, binary is v{version}"),
            ))
        }
        other => {
            return Err(r.error_at(
                start,
                StatusCode::UNKNOWN_NATIVE_STRUCT_FLAG,
                format!("unknown struct field-information tag {other:#04x}"),
            ))
        }
    };
    Ok(StructDefinition {
        struct_handle,
        field_information,
    })
}

/// `uleb(255)` field count, then (name, type) per field.
fn read_fields(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<Vec<FieldDefinition>> {
    let n = r.count(255)?;
    let mut fields = Vec::with_capacity(r.capacity_for(n, 2));
    for _ in 0..n {
        let name = IdentifierIndex(r.index()?);
        let type_ = read_token(r, ctx)?;
        fields.push(FieldDefinition { name, type_ });
    }
    Ok(fields)
}

/// `uleb(127)` variant count, then (name, fields) per variant.
fn read_variants(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<Vec<VariantDefinition>> {
    let n = r.count(127)?;
    let mut variants = Vec::with_capacity(r.capacity_for(n, 2));
    for _ in 0..n {
        let name = IdentifierIndex(r.index()?);
        let fields = read_fields(r, ctx)?;
        variants.push(VariantDefinition { name, fields });
    }
    Ok(variants)
}

/// FIELD_HANDLES row.
fn read_field_handle(r: &mut Reader<'_>) -> DeResult<FieldHandle> {
    Ok(FieldHandle {
        owner: StructDefinitionIndex(r.index()?),
        field: r.uleb_u16(255)?,
    })
}

/// VARIANT_FIELD_HANDLES row: struct, field offset, then the variant list.
fn read_variant_field_handle(r: &mut Reader<'_>) -> DeResult<VariantFieldHandle> {
    let struct_index = StructDefinitionIndex(r.index()?);
    let field = r.uleb_u16(255)?;
    let n = r.count(127)?;
    let mut variants = Vec::with_capacity(r.capacity_for(n, 1));
    for _ in 0..n {
        variants.push(r.uleb_u16(127)?);
    }
    Ok(VariantFieldHandle {
        struct_index,
        variants,
        field,
    })
}

/// FUNCTION_DEFS row, in the layout of the binary's version (§4.10). Bad flag bits are reported
/// only after the acquires list and the code unit were read.
fn read_function_def(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<FunctionDefinition> {
    let function = FunctionHandleIndex(r.index()?);
    let flags_at = r.pos();
    let (visibility, is_entry, flags, allowed) = read_visibility_and_flags(r, ctx.version)?;
    let acquires_at = r.pos();
    let n = r.count(255)?;
    let mut acquires_global_resources = Vec::with_capacity(r.capacity_for(n, 1));
    for _ in 0..n {
        acquires_global_resources.push(StructDefinitionIndex(r.index()?));
    }
    if n > 0 && ctx.sui_deprecated_globals() {
        return Err(r.error_at(
            acquires_at,
            StatusCode::DEPRECATED_BYTECODE_FORMAT,
            "global storage operations are not supported",
        ));
    }
    let code = if flags & FLAG_NATIVE == 0 {
        Some(read_code_unit(r, ctx)?)
    } else {
        None
    };
    if flags & !allowed != 0 {
        return Err(r.error_at(
            flags_at,
            StatusCode::INVALID_FLAG_BITS,
            format!("invalid function definition flags {flags:#04x}"),
        ));
    }
    Ok(FunctionDefinition {
        function,
        visibility,
        is_entry,
        acquires_global_resources,
        code,
    })
}

/// Reads visibility and flags; returns (visibility, is_entry, flags, allowed flag bits).
/// v1: one byte (0x01 public, 0x02 native); v2–v4: visibility (2 = script = public + entry)
/// and flags (only native); v5+: visibility (0, 1, 3) and flags (entry, native).
fn read_visibility_and_flags(
    r: &mut Reader<'_>,
    version: u32,
) -> DeResult<(Visibility, bool, u8, u8)> {
    if version == 1 {
        let flags = r.u8()?;
        let visibility = if flags & 0x01 != 0 {
            Visibility::Public
        } else {
            Visibility::Private
        };
        return Ok((visibility, false, flags & !0x01, FLAG_NATIVE));
    }
    let start = r.pos();
    let (visibility, is_entry) = match r.u8()? {
        0x00 => (Visibility::Private, false),
        0x01 => (Visibility::Public, false),
        0x02 if version < 5 => (Visibility::Public, true),
        0x03 => (Visibility::Friend, false),
        other => {
            return Err(r.error_at(
                start,
                StatusCode::MALFORMED,
                format!("Invalid visibility byte {other:#04x}"),
            ))
        }
    };
    let flags = r.u8()?;
    if version < 5 {
        return Ok((visibility, is_entry, flags, FLAG_NATIVE));
    }
    Ok((
        visibility,
        flags & FLAG_ENTRY != 0,
        flags,
        FLAG_ENTRY | FLAG_NATIVE,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fdef(bytes: &[u8], version: u32) -> Result<FunctionDefinition, StatusCode> {
        let mut r = Reader::new(bytes, 0, None);
        let d = read_function_def(&mut r, Ctx::aptos(version)).map_err(|e| e.status)?;
        assert!(r.is_empty());
        Ok(d)
    }

    #[test]
    fn function_def_flags() {
        for bad in [0x03u8, 0x0A, 0x01, 0x08] {
            let native = bad & FLAG_NATIVE != 0;
            let bytes: &[u8] = if native {
                &[0x00, 0x01, bad, 0x00]
            } else {
                &[0x00, 0x01, bad, 0x00, 0x00, 0x01, 0x02]
            };
            assert_eq!(
                fdef(bytes, 9),
                Err(StatusCode::INVALID_FLAG_BITS),
                "{bad:#x}"
            );
        }
        let d = fdef(&[0x00, 0x01, 0x06, 0x00], 9).unwrap();
        assert!(d.is_entry && d.is_native());
        assert_eq!(
            fdef(&[0x00, 0x02, 0x00, 0x00, 0x00, 0x00], 9),
            Err(StatusCode::MALFORMED)
        );
        assert_eq!(
            fdef(&[0x00, 0x04, 0x00, 0x00, 0x00, 0x00], 9),
            Err(StatusCode::MALFORMED)
        );
        // an error in the code wins over bad flags
        let code_err = [0x00, 0x01, 0x08, 0x00, 0x00, 0x01, 0x00];
        assert_eq!(fdef(&code_err, 9), Err(StatusCode::UNKNOWN_OPCODE));
    }

    #[test]
    fn function_def_legacy_layouts() {
        let d = fdef(&[0x00, 0x03, 0x00], 1).unwrap();
        assert_eq!(d.visibility, Visibility::Public);
        assert!(d.is_native());
        assert_eq!(
            fdef(&[0x00, 0x04, 0x00, 0x00, 0x01, 0x02], 1),
            Err(StatusCode::INVALID_FLAG_BITS)
        );
        let d = fdef(&[0x00, 0x02, 0x02, 0x00], 4).unwrap();
        assert!(d.is_entry && d.visibility == Visibility::Public);
        assert_eq!(
            fdef(&[0x00, 0x01, 0x06, 0x00], 4),
            Err(StatusCode::INVALID_FLAG_BITS)
        );
    }

    #[test]
    fn struct_defs() {
        let sd = |b: &[u8], v| {
            read_struct_def(&mut Reader::new(b, 0, None), Ctx::aptos(v)).map_err(|e| e.status)
        };
        assert_eq!(
            sd(&[0x00, 0x04], 9),
            Err(StatusCode::UNKNOWN_NATIVE_STRUCT_FLAG)
        );
        assert_eq!(sd(&[0x00], 9), Err(StatusCode::MALFORMED));
        assert_eq!(sd(&[0x00, 0x03, 0x00], 6), Err(StatusCode::MALFORMED));
        assert_eq!(
            sd(&[0x00, 0x03, 0x00], 7).unwrap().field_information,
            StructFieldInformation::DeclaredVariants(vec![])
        );
        assert_eq!(
            sd(&[0x00, 0x01], 9).unwrap().field_information,
            StructFieldInformation::Native
        );
        let d = sd(&[0x00, 0x03, 0x01, 0x05, 0x01, 0x06, 0x03], 9).unwrap();
        assert_eq!(d.variants()[0].fields[0].type_, SignatureToken::U64);
        assert_eq!(sd(&[0x00, 0x03, 0x80, 0x01], 9), Err(StatusCode::MALFORMED));
    }

    #[test]
    fn variant_field_handle_field_comes_first() {
        let mut r = Reader::new(&[0x00, 0x00, 0x02, 0x00, 0x01], 0, None);
        let h = read_variant_field_handle(&mut r).unwrap();
        assert_eq!((h.field, h.variants), (0, vec![0, 1]));
        let mut r = Reader::new(&[0x00, 0x00, 0x01, 0x80, 0x01], 0, None);
        assert_eq!(
            read_variant_field_handle(&mut r).unwrap_err().status,
            StatusCode::MALFORMED
        );
    }
}
