//! The serializer: [`CompiledModule`] / [`CompiledScript`] → bytes (spec §9).
//!
//! Non-empty tables are written in the fixed order of [`TableKind::serialization_order`], the
//! directory in the same order with offsets tiling the content from 0; every ULEB is minimal and
//! function-definition flags are recomputed, so a binary deserialized at version `v` and
//! serialized at `v` comes out byte-identical (up to trailing bytes, table order and version-word
//! flavor, which are normalized). The module's flavor decides the version word, the opcode
//! bytes and which tables exist. Aptos versions 5..=10 and Sui versions 5..=7 can be written;
//! the refusals of §9.1 (and writing what the flavor lacks) are errors with status MALFORMED
//! (UNKNOWN_VERSION for an unsupported version).

#![cfg_attr(
    not(test),
    deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)
)]

mod code;
mod signature;
mod tables;
mod writer;

use crate::errors::{BinaryError, BinaryResult};
use crate::model::{CompiledModule, CompiledScript};
use crate::table::TableKind;
use crate::{
    APTOS_VERSION_MASK, MAGIC, SUI_FLAVOR_BYTE, SUI_VERSION_MAX, VERSION_MAX, VERSION_MIN,
};
use tables::*;
use tern_primitives::{Flavor, StatusCode};
use writer::{in_table, refuse, Writer};

/// The format being written: its flavor and version.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Target {
    /// The flavor.
    pub(crate) flavor: Flavor,
    /// The plain version.
    pub(crate) version: u32,
}

impl Target {
    /// The version word: `0x0A000000 | v` (Aptos) or `0x05000000 | v` (Sui) from v7, the
    /// plain version below.
    fn version_word(self) -> u32 {
        match self.flavor {
            _ if self.version < 7 => self.version,
            Flavor::Aptos => APTOS_VERSION_MASK | self.version,
            Flavor::Sui => (u32::from(SUI_FLAVOR_BYTE) << 24) | self.version,
        }
    }
}

impl CompiledModule {
    /// Serializes at the module's own version (`self.version`), so that deserialize → serialize
    /// reproduces canonical input byte for byte.
    pub fn serialize(&self) -> BinaryResult<Vec<u8>> {
        self.serialize_for_version(self.version)
    }

    /// Serializes at `version` (Aptos 5..=10, Sui 5..=7) in the module's flavor.
    pub fn serialize_for_version(&self, version: u32) -> BinaryResult<Vec<u8>> {
        let target = Target {
            flavor: self.flavor,
            version,
        };
        check_version(target)?;
        let mut t = TableWriter::new(capacity(&[
            (self.identifiers.len(), 12),
            (self.function_defs.len(), 64),
        ]));
        write_common(&mut t, CommonRef::module(self), target)?;
        write_module_only(&mut t, self, target)?;
        let mut tail = Writer::with_capacity(3);
        tail.index(self.self_module_handle_idx.0);
        t.finish(target, tail.as_bytes())
    }
}

impl CompiledScript {
    /// Serializes at the script's own version (`self.version`).
    pub fn serialize(&self) -> BinaryResult<Vec<u8>> {
        self.serialize_for_version(self.version)
    }

    /// Serializes at `version` (5..=10); scripts exist in the Aptos flavor only.
    pub fn serialize_for_version(&self, version: u32) -> BinaryResult<Vec<u8>> {
        let target = Target {
            flavor: Flavor::Aptos,
            version,
        };
        check_version(target)?;
        let mut t = TableWriter::new(capacity(&[(self.identifiers.len(), 12), (1, 256)]));
        write_common(&mut t, CommonRef::script(self), target)?;
        let mut tail = Writer::with_capacity(capacity(&[(self.code.code.len(), 3), (1, 8)]));
        write_type_parameters(&mut tail, &self.type_parameters)?;
        tail.index(self.parameters.0);
        if version >= 8 {
            write_access_specifiers(&mut tail, self.access_specifiers.as_deref())?;
        } else if self.access_specifiers.is_some() {
            return Err(refuse(format!(
                "script access specifiers cannot be serialized at bytecode version {version} \
                 (needs 8)"
            )));
        }
        code::write_code_unit(&mut tail, &self.code, target)?;
        t.finish(target, tail.as_bytes())
    }
}

/// A buffer size estimate: the sum of `count * bytes` (saturating).
fn capacity(parts: &[(usize, usize)]) -> usize {
    parts.iter().fold(0usize, |acc, (n, b)| {
        acc.saturating_add(n.saturating_mul(*b))
    })
}

/// Refuses versions outside 5..=10 (Aptos) or 5..=7 (Sui).
fn check_version(target: Target) -> BinaryResult<()> {
    let max = match target.flavor {
        Flavor::Aptos => VERSION_MAX,
        Flavor::Sui => SUI_VERSION_MAX,
    };
    let version = target.version;
    if !(VERSION_MIN..=max).contains(&version) {
        return Err(BinaryError::new(
            StatusCode::UNKNOWN_VERSION,
            format!(
                "The requested bytecode version {version} is not supported. Only \
                 {VERSION_MIN} to {max} are ({} flavor).",
                target.flavor
            ),
        ));
    }
    Ok(())
}

/// The content buffer and the directory being built.
struct TableWriter {
    content: Writer,
    directory: Vec<(TableKind, usize, usize)>,
}

impl TableWriter {
    fn new(capacity: usize) -> TableWriter {
        TableWriter {
            content: Writer::with_capacity(capacity),
            directory: Vec::with_capacity(19),
        }
    }

    /// Writes one table's rows, skipping empty tables entirely.
    fn table<T>(
        &mut self,
        kind: TableKind,
        rows: &[T],
        mut row: impl FnMut(&mut Writer, &T) -> BinaryResult<()>,
    ) -> BinaryResult<()> {
        if rows.is_empty() {
            return Ok(());
        }
        let start = self.content.len();
        for r in rows {
            in_table(row(&mut self.content, r), kind)?;
        }
        let len = self.content.len().saturating_sub(start);
        self.directory.push((kind, start, len));
        Ok(())
    }

    /// Assembles header, directory, content and `tail`.
    fn finish(self, target: Target, tail: &[u8]) -> BinaryResult<Vec<u8>> {
        if self.content.len() > u32::MAX as usize {
            return Err(refuse("table contents exceed 4 GiB"));
        }
        let size = capacity(&[
            (self.directory.len(), 11),
            (1, 10),
            (self.content.len(), 1),
            (tail.len(), 1),
        ]);
        let mut out = Writer::with_capacity(size);
        out.bytes(&MAGIC);
        out.bytes(&target.version_word().to_le_bytes());
        out.uleb(self.directory.len() as u64);
        for (kind, start, len) in &self.directory {
            out.u8(kind.byte());
            out.uleb(*start as u64);
            out.uleb(*len as u64);
        }
        out.bytes(self.content.as_bytes());
        out.bytes(tail);
        Ok(out.into_bytes())
    }
}

/// The shared tables of a module or script.
struct CommonRef<'a> {
    module_handles: &'a [crate::ModuleHandle],
    struct_handles: &'a [crate::StructHandle],
    function_handles: &'a [crate::FunctionHandle],
    function_instantiations: &'a [crate::FunctionInstantiation],
    signatures: &'a [crate::Signature],
    identifiers: &'a [tern_primitives::Identifier],
    address_identifiers: &'a [tern_primitives::AccountAddress],
    constant_pool: &'a [crate::Constant],
    metadata: &'a [crate::Metadata],
}

macro_rules! common_ref {
    ($x:expr) => {
        CommonRef {
            module_handles: &$x.module_handles,
            struct_handles: &$x.struct_handles,
            function_handles: &$x.function_handles,
            function_instantiations: &$x.function_instantiations,
            signatures: &$x.signatures,
            identifiers: &$x.identifiers,
            address_identifiers: &$x.address_identifiers,
            constant_pool: &$x.constant_pool,
            metadata: &$x.metadata,
        }
    };
}

impl<'a> CommonRef<'a> {
    fn module(m: &'a CompiledModule) -> Self {
        common_ref!(m)
    }

    fn script(s: &'a CompiledScript) -> Self {
        common_ref!(s)
    }
}

/// The shared tables, in serialization order: MH, SH, FH, FI, SIG, IDENT, ADDR, CONST, META.
fn write_common(t: &mut TableWriter, c: CommonRef<'_>, target: Target) -> BinaryResult<()> {
    t.table(
        TableKind::ModuleHandles,
        c.module_handles,
        write_module_handle,
    )?;
    t.table(
        TableKind::StructHandles,
        c.struct_handles,
        write_struct_handle,
    )?;
    t.table(TableKind::FunctionHandles, c.function_handles, |w, h| {
        write_function_handle(w, h, target)
    })?;
    t.table(
        TableKind::FunctionInstantiations,
        c.function_instantiations,
        |w, i| write_pair(w, i.handle.0, i.type_parameters.0),
    )?;
    t.table(
        TableKind::Signatures,
        c.signatures,
        signature::write_signature,
    )?;
    t.table(TableKind::Identifiers, c.identifiers, write_identifier)?;
    t.table(
        TableKind::AddressIdentifiers,
        c.address_identifiers,
        write_address,
    )?;
    t.table(TableKind::ConstantPool, c.constant_pool, write_constant)?;
    t.table(TableKind::Metadata, c.metadata, write_metadata)
}

/// The signature tokens of `target`'s flavor: Sui's stop at `u256` (no function types or
/// signed integers).
fn check_tokens(c: &CommonRef<'_>, target: Target) -> BinaryResult<()> {
    if target.flavor == Flavor::Aptos {
        return Ok(());
    }
    for token in c
        .signatures
        .iter()
        .flat_map(|s| &s.0)
        .chain(c.constant_pool.iter().map(|k| &k.type_))
    {
        for t in token.preorder() {
            if matches!(
                t,
                crate::SignatureToken::Function(..)
                    | crate::SignatureToken::I8
                    | crate::SignatureToken::I16
                    | crate::SignatureToken::I32
                    | crate::SignatureToken::I64
                    | crate::SignatureToken::I128
                    | crate::SignatureToken::I256
            ) {
                return Err(refuse(format!("{t:?} cannot be written in a Sui binary")));
            }
        }
    }
    Ok(())
}

/// The module-only tables, in serialization order; Aptos's variant tables are dropped below
/// v7.
fn write_module_only(t: &mut TableWriter, m: &CompiledModule, target: Target) -> BinaryResult<()> {
    check_tokens(&CommonRef::module(m), target)?;
    let version = target.version;
    t.table(TableKind::StructDefinitions, &m.struct_defs, |w, d| {
        write_struct_def(w, d, target)
    })?;
    t.table(
        TableKind::StructDefInstantiations,
        &m.struct_def_instantiations,
        |w, i| write_pair(w, i.def.0, i.type_parameters.0),
    )?;
    t.table(TableKind::FunctionDefinitions, &m.function_defs, |w, d| {
        write_function_def(w, d, target)
    })?;
    t.table(
        TableKind::FieldHandles,
        &m.field_handles,
        write_field_handle,
    )?;
    t.table(
        TableKind::FieldInstantiations,
        &m.field_instantiations,
        |w, i| write_pair(w, i.handle.0, i.type_parameters.0),
    )?;
    t.table(
        TableKind::FriendDeclarations,
        &m.friend_decls,
        write_module_handle,
    )?;
    match target.flavor {
        Flavor::Aptos => {
            refuse_tables(m, Flavor::Sui)?;
            if version < 7 {
                return Ok(());
            }
            write_aptos_variant_tables(t, m)
        }
        Flavor::Sui => {
            refuse_tables(m, Flavor::Aptos)?;
            if version < 7 {
                if !m.enum_defs.is_empty() || !m.enum_def_instantiations.is_empty() {
                    return Err(refuse(format!(
                        "enums cannot be serialized at Sui bytecode version {version} (needs 7)"
                    )));
                }
                return Ok(());
            }
            write_sui_enum_tables(t, m)
        }
    }
}

/// Refuses a module holding the tables only `other` has.
fn refuse_tables(m: &CompiledModule, other: Flavor) -> BinaryResult<()> {
    let present = match other {
        Flavor::Aptos => {
            !m.variant_field_handles.is_empty()
                || !m.variant_field_instantiations.is_empty()
                || !m.struct_variant_handles.is_empty()
                || !m.struct_variant_instantiations.is_empty()
        }
        Flavor::Sui => {
            !m.enum_defs.is_empty()
                || !m.enum_def_instantiations.is_empty()
                || !m.variant_handles.is_empty()
                || !m.variant_instantiation_handles.is_empty()
        }
    };
    if present {
        return Err(refuse(format!(
            "a module written in one flavor holds the enum tables of the {other} flavor"
        )));
    }
    Ok(())
}

/// Sui's enum tables (0x11–0x14).
fn write_sui_enum_tables(t: &mut TableWriter, m: &CompiledModule) -> BinaryResult<()> {
    t.table(TableKind::EnumDefinitions, &m.enum_defs, write_enum_def)?;
    t.table(
        TableKind::EnumDefInstantiations,
        &m.enum_def_instantiations,
        |w, i| write_pair(w, i.def.0, i.type_parameters.0),
    )?;
    t.table(TableKind::VariantHandles, &m.variant_handles, |w, h| {
        w.index(h.enum_def.0);
        w.bounded(u64::from(h.variant), 126, "variant tag")
    })?;
    t.table(
        TableKind::VariantInstantiationHandles,
        &m.variant_instantiation_handles,
        |w, h| {
            w.index(h.enum_def.0);
            w.bounded(u64::from(h.variant), 126, "variant tag")
        },
    )
}

/// Aptos's variant tables (0x11–0x14).
fn write_aptos_variant_tables(t: &mut TableWriter, m: &CompiledModule) -> BinaryResult<()> {
    t.table(
        TableKind::VariantFieldHandles,
        &m.variant_field_handles,
        write_variant_field_handle,
    )?;
    t.table(
        TableKind::VariantFieldInstantiations,
        &m.variant_field_instantiations,
        |w, i| write_pair(w, i.handle.0, i.type_parameters.0),
    )?;
    t.table(
        TableKind::StructVariantHandles,
        &m.struct_variant_handles,
        write_struct_variant_handle,
    )?;
    t.table(
        TableKind::StructVariantInstantiations,
        &m.struct_variant_instantiations,
        |w, i| write_pair(w, i.handle.0, i.type_parameters.0),
    )
}

#[cfg(test)]
mod tests;
