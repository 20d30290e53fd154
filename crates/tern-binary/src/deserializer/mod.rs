//! The deserializer: bytes → [`CompiledModule`] / [`CompiledScript`], following the Aptos
//! reference exactly (spec `binary-format.md` §2–§8), including its error codes and their
//! precedence, and Sui's rules for Sui-flavored binaries (the version word tells the flavors
//! apart from v7; [`FlavorPolicy`] decides for plain v5/v6 words).
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
use crate::table::TableKind;
use crate::{IDENTIFIER_SIZE_MAX, LEGACY_IDENTIFIER_SIZE_MAX, VERSION_MAX};
use reader::DeResult;
use tables::Ctx;
use tern_primitives::{Flavor, StatusCode};

pub(crate) use access::{ACCESS_SPECIFIERS_MAX, ATTRIBUTES_MAX};
pub(crate) use code::{JUMP_TABLE_COUNT_MAX, VARIANT_HANDLE_INDEX_MAX};
pub(crate) use defs::{FLAG_ENTRY, FLAG_NATIVE};

/// Which flavors a deserializer reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlavorPolicy {
    /// Only this flavor, with its own reading of the version word: an Aptos reader rejects a
    /// Sui word (`UNKNOWN_VERSION`, as Aptos does), a Sui reader an unflavored v7 word and any
    /// version above 7 (as Sui does); plain v5/v6 words are read in this flavor.
    Only(Flavor),
    /// Either flavor, as the version word says: `0x05` in the top byte of a v7+ word is Sui,
    /// any other word is read by Aptos's rules; a plain v5/v6 word, the same format in both
    /// except in corner cases, is read as `unflavored`.
    Detect {
        /// The flavor of unflavored v5/v6 binaries.
        unflavored: Flavor,
    },
}

/// Limits and rules the deserializer applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeserializerConfig {
    /// The highest bytecode version accepted (capped at [`VERSION_MAX`], and at
    /// [`SUI_VERSION_MAX`](crate::SUI_VERSION_MAX) for Sui binaries).
    pub max_binary_format_version: u32,
    /// The longest identifier accepted, in bytes.
    pub max_identifier_size: u64,
    /// Which flavors are read.
    pub flavor: FlavorPolicy,
    /// Sui binaries only: the global-storage instructions and a non-empty acquires list are
    /// `DEPRECATED_BYTECODE_FORMAT` (Sui's standard setting; Aptos has no such rule).
    pub deprecate_global_storage_ops: bool,
    /// Sui binaries only: a metadata table is `MALFORMED` and bytes after the module's self
    /// handle are `TRAILING_BYTES` (Sui's standard setting; Aptos ignores trailing bytes).
    pub check_no_extraneous_bytes: bool,
    /// Sui binaries only: the lowest version accepted (`UNKNOWN_VERSION` below it).
    pub sui_min_version: u32,
    /// Sui binaries only: the most entries each table may hold (`MALFORMED` past them).
    pub sui_table_limits: SuiTableLimits,
}

/// The most entries each table of a Sui binary may hold, as Sui's protocol sets them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuiTableLimits {
    /// Module handles.
    pub module_handles: u16,
    /// Datatype (struct and enum) handles.
    pub datatype_handles: u16,
    /// Function handles.
    pub function_handles: u16,
    /// Function instantiations.
    pub function_instantiations: u16,
    /// Signatures.
    pub signatures: u16,
    /// Constants.
    pub constant_pool: u16,
    /// Identifiers.
    pub identifiers: u16,
    /// Addresses.
    pub address_identifiers: u16,
    /// Struct definitions.
    pub struct_defs: u16,
    /// Struct definition instantiations.
    pub struct_def_instantiations: u16,
    /// Function definitions.
    pub function_defs: u16,
    /// Field handles.
    pub field_handles: u16,
    /// Field instantiations.
    pub field_instantiations: u16,
    /// Friend declarations.
    pub friend_decls: u16,
    /// Enum definitions.
    pub enum_defs: u16,
    /// Enum definition instantiations.
    pub enum_def_instantiations: u16,
    /// Variant handles.
    pub variant_handles: u16,
    /// Variant instantiation handles.
    pub variant_instantiation_handles: u16,
}

impl SuiTableLimits {
    /// No limit below the format's own (65535 entries per table).
    pub const UNLIMITED: SuiTableLimits = SuiTableLimits {
        module_handles: u16::MAX,
        datatype_handles: u16::MAX,
        function_handles: u16::MAX,
        function_instantiations: u16::MAX,
        signatures: u16::MAX,
        constant_pool: u16::MAX,
        identifiers: u16::MAX,
        address_identifiers: u16::MAX,
        struct_defs: u16::MAX,
        struct_def_instantiations: u16::MAX,
        function_defs: u16::MAX,
        field_handles: u16::MAX,
        field_instantiations: u16::MAX,
        friend_decls: u16::MAX,
        enum_defs: u16::MAX,
        enum_def_instantiations: u16::MAX,
        variant_handles: u16::MAX,
        variant_instantiation_handles: u16::MAX,
    };

    /// Sui mainnet's limits (protocol version 130).
    pub const MAINNET: SuiTableLimits = SuiTableLimits {
        module_handles: 100,
        datatype_handles: 300,
        function_handles: 1500,
        function_instantiations: 750,
        signatures: 1000,
        constant_pool: 4000,
        identifiers: 10000,
        address_identifiers: 100,
        struct_defs: 200,
        struct_def_instantiations: 100,
        function_defs: 1000,
        field_handles: 500,
        field_instantiations: 250,
        friend_decls: 100,
        enum_defs: 200,
        enum_def_instantiations: 100,
        variant_handles: 1024,
        variant_instantiation_handles: 1024,
    };

    /// The limit of a table kind (the Aptos-only kinds have none).
    pub fn of(&self, kind: TableKind) -> u16 {
        match kind {
            TableKind::ModuleHandles => self.module_handles,
            TableKind::StructHandles => self.datatype_handles,
            TableKind::FunctionHandles => self.function_handles,
            TableKind::FunctionInstantiations => self.function_instantiations,
            TableKind::Signatures => self.signatures,
            TableKind::ConstantPool => self.constant_pool,
            TableKind::Identifiers => self.identifiers,
            TableKind::AddressIdentifiers => self.address_identifiers,
            TableKind::StructDefinitions => self.struct_defs,
            TableKind::StructDefInstantiations => self.struct_def_instantiations,
            TableKind::FunctionDefinitions => self.function_defs,
            TableKind::FieldHandles => self.field_handles,
            TableKind::FieldInstantiations => self.field_instantiations,
            TableKind::FriendDeclarations => self.friend_decls,
            TableKind::EnumDefinitions => self.enum_defs,
            TableKind::EnumDefInstantiations => self.enum_def_instantiations,
            TableKind::VariantHandles => self.variant_handles,
            TableKind::VariantInstantiationHandles => self.variant_instantiation_handles,
            TableKind::Metadata
            | TableKind::VariantFieldHandles
            | TableKind::VariantFieldInstantiations
            | TableKind::StructVariantHandles
            | TableKind::StructVariantInstantiations => u16::MAX,
        }
    }
}

impl Default for DeserializerConfig {
    /// Aptos only, version 10, identifiers up to 255 bytes.
    fn default() -> DeserializerConfig {
        DeserializerConfig::new(VERSION_MAX, IDENTIFIER_SIZE_MAX)
    }
}

impl DeserializerConfig {
    /// An Aptos-only configuration with the given limits.
    pub const fn new(max_binary_format_version: u32, max_identifier_size: u64) -> Self {
        DeserializerConfig {
            max_binary_format_version,
            max_identifier_size,
            flavor: FlavorPolicy::Only(Flavor::Aptos),
            deprecate_global_storage_ops: true,
            check_no_extraneous_bytes: true,
            sui_min_version: 6,
            sui_table_limits: SuiTableLimits::MAINNET,
        }
    }

    /// Version 10 and the legacy 65535-byte identifier limit (what the peer's
    /// no-bounds-check test helper uses).
    pub const fn legacy() -> Self {
        Self::new(VERSION_MAX, LEGACY_IDENTIFIER_SIZE_MAX)
    }

    /// Sui binaries only, with the rules of Sui mainnet (v6 to v7, global storage deprecated,
    /// no metadata or trailing bytes, its table size limits; identifiers up to 65535 bytes,
    /// the verifier limits them further).
    pub const fn sui() -> Self {
        Self::new(VERSION_MAX, LEGACY_IDENTIFIER_SIZE_MAX)
            .with_flavor(FlavorPolicy::Only(Flavor::Sui))
    }

    /// Either flavor, told apart by the version word (see [`FlavorPolicy::Detect`]); a Sui
    /// binary is read with Sui's rules and limits.
    pub const fn detect(unflavored: Flavor) -> Self {
        Self::new(VERSION_MAX, IDENTIFIER_SIZE_MAX).with_flavor(FlavorPolicy::Detect { unflavored })
    }

    /// This configuration reading the flavors `policy` names.
    pub const fn with_flavor(mut self, policy: FlavorPolicy) -> Self {
        self.flavor = policy;
        self
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
    let ctx = Ctx::new(&header, config);
    let mut rest = header.rest.clone();
    let self_module_handle_idx = ModuleHandleIndex(rest.index()?);
    let common = tables::read_common_tables(&header, ctx)?;
    let mut module = CompiledModule {
        flavor: ctx.flavor,
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
    defs::read_module_tables(&header, ctx, &mut module)?;
    // Sui checks for bytes after the module only once every table decoded.
    if ctx.sui_strict_bytes() && !rest.is_empty() {
        return Err(rest.error(
            StatusCode::TRAILING_BYTES,
            format!("{} bytes after the end of the module", rest.remaining()),
        ));
    }
    Ok(module)
}
