//! The serializer: [`CompiledModule`] / [`CompiledScript`] → bytes (spec §9).
//!
//! Non-empty tables are written in the fixed order of [`TableKind::SERIALIZATION_ORDER`], the
//! directory in the same order with offsets tiling the content from 0; every ULEB is minimal and
//! function-definition flags are recomputed, so a binary deserialized at version `v` and
//! serialized at `v` comes out byte-identical (up to trailing bytes, table order and version-word
//! flavor, which are normalized). Versions 5..=10 can be written; the refusals of §9.1 are
//! errors with status MALFORMED (UNKNOWN_VERSION for an unsupported version).

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
use crate::{APTOS_VERSION_MASK, MAGIC, VERSION_MAX, VERSION_MIN};
use tables::*;
use tern_primitives::StatusCode;
use writer::{in_table, refuse, Writer};

impl CompiledModule {
    /// Serializes at the module's own version (`self.version`), so that deserialize → serialize
    /// reproduces canonical input byte for byte.
    pub fn serialize(&self) -> BinaryResult<Vec<u8>> {
        self.serialize_for_version(self.version)
    }

    /// Serializes at `version` (5..=10).
    pub fn serialize_for_version(&self, version: u32) -> BinaryResult<Vec<u8>> {
        check_version(version)?;
        let mut t = TableWriter::new(capacity(&[
            (self.identifiers.len(), 12),
            (self.function_defs.len(), 64),
        ]));
        write_common(&mut t, CommonRef::module(self), version)?;
        write_module_only(&mut t, self, version)?;
        let mut tail = Writer::with_capacity(3);
        tail.index(self.self_module_handle_idx.0);
        t.finish(version, tail.as_bytes())
    }
}

impl CompiledScript {
    /// Serializes at the script's own version (`self.version`).
    pub fn serialize(&self) -> BinaryResult<Vec<u8>> {
        self.serialize_for_version(self.version)
    }

    /// Serializes at `version` (5..=10).
    pub fn serialize_for_version(&self, version: u32) -> BinaryResult<Vec<u8>> {
        check_version(version)?;
        let mut t = TableWriter::new(capacity(&[(self.identifiers.len(), 12), (1, 256)]));
        write_common(&mut t, CommonRef::script(self), version)?;
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
        code::write_code_unit(&mut tail, &self.code, version)?;
        t.finish(version, tail.as_bytes())
    }
}

/// A buffer size estimate: the sum of `count * bytes` (saturating).
fn capacity(parts: &[(usize, usize)]) -> usize {
    parts.iter().fold(0usize, |acc, (n, b)| {
        acc.saturating_add(n.saturating_mul(*b))
    })
}

/// Refuses versions outside 5..=10.
fn check_version(version: u32) -> BinaryResult<()> {
    if !(VERSION_MIN..=VERSION_MAX).contains(&version) {
        return Err(BinaryError::new(
            StatusCode::UNKNOWN_VERSION,
            format!(
                "The requested bytecode version {version} is not supported. Only \
                 {VERSION_MIN} to {VERSION_MAX} are."
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
            directory: Vec::with_capacity(TableKind::SERIALIZATION_ORDER.len()),
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
    fn finish(self, version: u32, tail: &[u8]) -> BinaryResult<Vec<u8>> {
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
        let word = if version >= 7 {
            APTOS_VERSION_MASK | version
        } else {
            version
        };
        out.bytes(&word.to_le_bytes());
        out.uleb(self.directory.len() as u64);
        for (kind, start, len) in &self.directory {
            out.u8(*kind as u8);
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
fn write_common(t: &mut TableWriter, c: CommonRef<'_>, version: u32) -> BinaryResult<()> {
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
        write_function_handle(w, h, version)
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

/// The module-only tables, in serialization order; variant tables are dropped below v7.
fn write_module_only(t: &mut TableWriter, m: &CompiledModule, version: u32) -> BinaryResult<()> {
    t.table(TableKind::StructDefinitions, &m.struct_defs, |w, d| {
        write_struct_def(w, d, version)
    })?;
    t.table(
        TableKind::StructDefInstantiations,
        &m.struct_def_instantiations,
        |w, i| write_pair(w, i.def.0, i.type_parameters.0),
    )?;
    t.table(TableKind::FunctionDefinitions, &m.function_defs, |w, d| {
        write_function_def(w, d, version)
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
    if version < 7 {
        return Ok(());
    }
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
