//! The Move binary format in both flavors: as Aptos defines it (bytecode v5–v10, version word
//! `0x0A000000 | v` from v7) and as Sui defines it (v5–v7, version word `0x05000000 | v` from
//! v7): the in-memory model of compiled modules and scripts, the instruction set defined once
//! ([`isa`]), the deserializer, the serializer and the bounds checker.

mod errors;
mod index;
mod instruction;
pub mod isa;
mod model;
mod table;

#[doc(hidden)]
pub mod __isa {
    //! Types the instruction table's macros name from other crates.
    pub use tern_primitives::{I256, U256};
}

pub use errors::{BinaryError, BinaryResult, ErrorLocation};
pub use index::*;
pub use instruction::{
    Bytecode, ClosureMask, Encoding, Opcode, Operand, OperandKind, Operands, StackEffect,
};
pub use model::*;
pub use table::TableKind;
pub use tern_primitives::Flavor;

/// The magic bytes every binary starts with.
pub const MAGIC: [u8; 4] = [0xA1, 0x1C, 0xEB, 0x0B];
/// The Aptos flavor bits of the version word.
pub const APTOS_VERSION_MASK: u32 = 0x0A00_0000;
/// The Sui flavor byte of a v7+ version word (`0x05000000 | v`).
pub const SUI_FLAVOR_BYTE: u8 = 0x05;
/// The highest bytecode version of the Sui flavor.
pub const SUI_VERSION_MAX: u32 = 7;
/// The highest bytecode version Tern reads and writes.
pub const VERSION_MAX: u32 = 10;
/// The lowest version the serializer writes.
pub const VERSION_MIN: u32 = 5;
/// The version `serialize` writes when none is given.
pub const VERSION_DEFAULT: u32 = 9;
/// The maximum nesting depth of a signature token.
pub const SIGNATURE_TOKEN_DEPTH_MAX: usize = 256;
/// Default limit on identifier length in bytes.
pub const IDENTIFIER_SIZE_MAX: u64 = 255;
/// Legacy (configurable) identifier length limit.
pub const LEGACY_IDENTIFIER_SIZE_MAX: u64 = 65535;

mod bounds;
pub mod compatibility;
pub use bounds::{check_module, check_script};

mod deserializer;
mod serializer;
pub use deserializer::{DeserializerConfig, FlavorPolicy, SuiTableLimits};

#[cfg(any(test, feature = "arbitrary"))]
pub mod arbitrary;
