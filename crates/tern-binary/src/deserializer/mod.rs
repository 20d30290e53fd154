//! The deserializer: bytes → [`CompiledModule`] / [`CompiledScript`], following the Aptos
//! reference exactly (spec `binary-format.md` §2–§8), including its error codes and their
//! precedence.
//!
//! Decode order: magic and version word; table count and directory (validated: the tables must
//! tile the content); the table contents; then for a module the self handle index, for a script
//! the whole `main` section; pass 1 decodes the shared tables in offset order, pass 2 the
//! module-only ones. Trailing bytes after the last field are ignored.
//!
//! The input is untrusted: nothing is allocated from a count before the bytes that back it
//! exist, nothing panics, and signature recursion is bounded at depth 256.

#![cfg_attr(
    not(test),
    deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)
)]

mod access;
mod code;
mod defs;
mod header;
mod reader;
mod script;
mod signature;
mod tables;

use crate::errors::BinaryResult;
use crate::index::ModuleHandleIndex;
use crate::model::{CompiledModule, CompiledScript};
use crate::{IDENTIFIER_SIZE_MAX, LEGACY_IDENTIFIER_SIZE_MAX, VERSION_MAX};
use reader::DeResult;
use tables::Ctx;

pub(crate) use access::{ACCESS_SPECIFIERS_MAX, ATTRIBUTES_MAX};
pub(crate) use defs::{FLAG_ENTRY, FLAG_NATIVE};

/// Limits the deserializer applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeserializerConfig {
    /// The highest bytecode version accepted (capped at [`VERSION_MAX`]).
    pub max_binary_format_version: u32,
    /// The longest identifier accepted, in bytes.
    pub max_identifier_size: u64,
}

impl Default for DeserializerConfig {
    /// Version 10, identifiers up to 255 bytes.
    fn default() -> DeserializerConfig {
        DeserializerConfig {
            max_binary_format_version: VERSION_MAX,
            max_identifier_size: IDENTIFIER_SIZE_MAX,
        }
    }
}

impl DeserializerConfig {
    /// A configuration with the given limits.
    pub const fn new(max_binary_format_version: u32, max_identifier_size: u64) -> Self {
        DeserializerConfig {
            max_binary_format_version,
            max_identifier_size,
        }
    }

    /// Version 10 and the legacy 65535-byte identifier limit (what the peer's
    /// no-bounds-check test helper uses).
    pub const fn legacy() -> Self {
        Self::new(VERSION_MAX, LEGACY_IDENTIFIER_SIZE_MAX)
    }
}

impl CompiledModule {
    /// Deserializes and bounds-checks a module with the default configuration.
    pub fn deserialize(bytes: &[u8]) -> BinaryResult<CompiledModule> {
        Self::deserialize_with_config(bytes, &DeserializerConfig::default())
    }

    /// Deserializes and bounds-checks a module.
    pub fn deserialize_with_config(
        bytes: &[u8],
        config: &DeserializerConfig,
    ) -> BinaryResult<CompiledModule> {
        let module = Self::deserialize_unchecked(bytes, config)?;
        crate::bounds::check_module(&module)?;
        Ok(module)
    }

    /// Deserializes a module without the bounds check.
    pub fn deserialize_unchecked(
        bytes: &[u8],
        config: &DeserializerConfig,
    ) -> BinaryResult<CompiledModule> {
        read_module(bytes, config).map_err(|e| *e)
    }
}

impl CompiledScript {
    /// Deserializes and bounds-checks a script with the default configuration.
    pub fn deserialize(bytes: &[u8]) -> BinaryResult<CompiledScript> {
        Self::deserialize_with_config(bytes, &DeserializerConfig::default())
    }

    /// Deserializes and bounds-checks a script.
    pub fn deserialize_with_config(
        bytes: &[u8],
        config: &DeserializerConfig,
    ) -> BinaryResult<CompiledScript> {
        let script = Self::deserialize_unchecked(bytes, config)?;
        crate::bounds::check_script(&script)?;
        Ok(script)
    }

    /// Deserializes a script without the bounds check.
    pub fn deserialize_unchecked(
        bytes: &[u8],
        config: &DeserializerConfig,
    ) -> BinaryResult<CompiledScript> {
        script::read_script(bytes, config).map_err(|e| *e)
    }
}

/// Deserializes a module without bounds checking.
fn read_module(bytes: &[u8], config: &DeserializerConfig) -> DeResult<CompiledModule> {
    let header = header::read_header(bytes, config)?;
    let version = header.version;
    let ctx = Ctx {
        version,
        max_identifier_size: config.max_identifier_size,
    };
    let self_module_handle_idx = ModuleHandleIndex(header.rest.clone().index()?);
    let common = tables::read_common_tables(&header, ctx)?;
    let mut module = CompiledModule {
        version,
        self_module_handle_idx,
        module_handles: common.module_handles,
        struct_handles: common.struct_handles,
        function_handles: common.function_handles,
        function_instantiations: common.function_instantiations,
        signatures: common.signatures,
        identifiers: common.identifiers,
        address_identifiers: common.address_identifiers,
        constant_pool: common.constant_pool,
        metadata: common.metadata,
        ..CompiledModule::default()
    };
    defs::read_module_tables(&header, version, &mut module)?;
    Ok(module)
}
