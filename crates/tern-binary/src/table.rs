//! Table kinds of the binary format's table directory, in both flavors.
//!
//! The flavors share kinds `0x01`–`0x10`; kinds `0x11`–`0x14` are Aptos's variant tables in
//! an Aptos binary and Sui's enum tables in a Sui binary.

use std::fmt;
use tern_primitives::Flavor;

/// A table of the directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TableKind {
    /// 0x01.
    ModuleHandles,
    /// 0x02 (Sui: datatype handles).
    StructHandles,
    /// 0x03.
    FunctionHandles,
    /// 0x04.
    FunctionInstantiations,
    /// 0x05.
    Signatures,
    /// 0x06.
    ConstantPool,
    /// 0x07.
    Identifiers,
    /// 0x08.
    AddressIdentifiers,
    /// 0x0A.
    StructDefinitions,
    /// 0x0B.
    StructDefInstantiations,
    /// 0x0C.
    FunctionDefinitions,
    /// 0x0D.
    FieldHandles,
    /// 0x0E.
    FieldInstantiations,
    /// 0x0F.
    FriendDeclarations,
    /// 0x10.
    Metadata,
    /// Aptos 0x11.
    VariantFieldHandles,
    /// Aptos 0x12.
    VariantFieldInstantiations,
    /// Aptos 0x13.
    StructVariantHandles,
    /// Aptos 0x14.
    StructVariantInstantiations,
    /// Sui 0x11.
    EnumDefinitions,
    /// Sui 0x12.
    EnumDefInstantiations,
    /// Sui 0x13.
    VariantHandles,
    /// Sui 0x14.
    VariantInstantiationHandles,
}

/// The order in which Aptos writes tables (not numeric: identifiers and addresses come before
/// constants).
const APTOS_ORDER: [TableKind; 19] = [
    TableKind::ModuleHandles,
    TableKind::StructHandles,
    TableKind::FunctionHandles,
    TableKind::FunctionInstantiations,
    TableKind::Signatures,
    TableKind::Identifiers,
    TableKind::AddressIdentifiers,
    TableKind::ConstantPool,
    TableKind::Metadata,
    TableKind::StructDefinitions,
    TableKind::StructDefInstantiations,
    TableKind::FunctionDefinitions,
    TableKind::FieldHandles,
    TableKind::FieldInstantiations,
    TableKind::FriendDeclarations,
    TableKind::VariantFieldHandles,
    TableKind::VariantFieldInstantiations,
    TableKind::StructVariantHandles,
    TableKind::StructVariantInstantiations,
];

/// The order in which Sui writes tables: Aptos's, with its enum tables in the place of the
/// variant tables.
const SUI_ORDER: [TableKind; 19] = [
    TableKind::ModuleHandles,
    TableKind::StructHandles,
    TableKind::FunctionHandles,
    TableKind::FunctionInstantiations,
    TableKind::Signatures,
    TableKind::Identifiers,
    TableKind::AddressIdentifiers,
    TableKind::ConstantPool,
    TableKind::Metadata,
    TableKind::StructDefinitions,
    TableKind::StructDefInstantiations,
    TableKind::FunctionDefinitions,
    TableKind::FieldHandles,
    TableKind::FieldInstantiations,
    TableKind::FriendDeclarations,
    TableKind::EnumDefinitions,
    TableKind::EnumDefInstantiations,
    TableKind::VariantHandles,
    TableKind::VariantInstantiationHandles,
];

impl TableKind {
    /// The order in which `flavor` writes its tables.
    pub fn serialization_order(flavor: Flavor) -> &'static [TableKind] {
        match flavor {
            Flavor::Aptos => &APTOS_ORDER,
            Flavor::Sui => &SUI_ORDER,
        }
    }

    /// The directory byte of the kind.
    pub fn byte(self) -> u8 {
        match self {
            TableKind::ModuleHandles => 0x01,
            TableKind::StructHandles => 0x02,
            TableKind::FunctionHandles => 0x03,
            TableKind::FunctionInstantiations => 0x04,
            TableKind::Signatures => 0x05,
            TableKind::ConstantPool => 0x06,
            TableKind::Identifiers => 0x07,
            TableKind::AddressIdentifiers => 0x08,
            TableKind::StructDefinitions => 0x0A,
            TableKind::StructDefInstantiations => 0x0B,
            TableKind::FunctionDefinitions => 0x0C,
            TableKind::FieldHandles => 0x0D,
            TableKind::FieldInstantiations => 0x0E,
            TableKind::FriendDeclarations => 0x0F,
            TableKind::Metadata => 0x10,
            TableKind::VariantFieldHandles | TableKind::EnumDefinitions => 0x11,
            TableKind::VariantFieldInstantiations | TableKind::EnumDefInstantiations => 0x12,
            TableKind::StructVariantHandles | TableKind::VariantHandles => 0x13,
            TableKind::StructVariantInstantiations | TableKind::VariantInstantiationHandles => 0x14,
        }
    }

    /// The kind a directory byte stands for in `flavor`, if known.
    pub fn from_byte(flavor: Flavor, byte: u8) -> Option<TableKind> {
        Self::serialization_order(flavor)
            .iter()
            .copied()
            .find(|k| k.byte() == byte)
    }

    /// The lowest version that may contain the table.
    pub fn min_version(self) -> u32 {
        match self {
            TableKind::FriendDeclarations => 2,
            TableKind::Metadata => 5,
            TableKind::VariantFieldHandles
            | TableKind::VariantFieldInstantiations
            | TableKind::StructVariantHandles
            | TableKind::StructVariantInstantiations
            | TableKind::EnumDefinitions
            | TableKind::EnumDefInstantiations
            | TableKind::VariantHandles
            | TableKind::VariantInstantiationHandles => 7,
            TableKind::ModuleHandles
            | TableKind::StructHandles
            | TableKind::FunctionHandles
            | TableKind::FunctionInstantiations
            | TableKind::Signatures
            | TableKind::ConstantPool
            | TableKind::Identifiers
            | TableKind::AddressIdentifiers
            | TableKind::StructDefinitions
            | TableKind::StructDefInstantiations
            | TableKind::FunctionDefinitions
            | TableKind::FieldHandles
            | TableKind::FieldInstantiations => 1,
        }
    }

    /// Whether a script may contain the table.
    pub fn allowed_in_script(self) -> bool {
        matches!(
            self,
            TableKind::ModuleHandles
                | TableKind::StructHandles
                | TableKind::FunctionHandles
                | TableKind::FunctionInstantiations
                | TableKind::Signatures
                | TableKind::ConstantPool
                | TableKind::Identifiers
                | TableKind::AddressIdentifiers
                | TableKind::Metadata
        )
    }

    /// The table's name as the spec writes it (`FUNCTION_HANDLES`).
    pub fn name(self) -> &'static str {
        match self {
            TableKind::ModuleHandles => "MODULE_HANDLES",
            TableKind::StructHandles => "STRUCT_HANDLES",
            TableKind::FunctionHandles => "FUNCTION_HANDLES",
            TableKind::FunctionInstantiations => "FUNCTION_INST",
            TableKind::Signatures => "SIGNATURES",
            TableKind::ConstantPool => "CONSTANT_POOL",
            TableKind::Identifiers => "IDENTIFIERS",
            TableKind::AddressIdentifiers => "ADDRESS_IDENTIFIERS",
            TableKind::StructDefinitions => "STRUCT_DEFS",
            TableKind::StructDefInstantiations => "STRUCT_DEF_INST",
            TableKind::FunctionDefinitions => "FUNCTION_DEFS",
            TableKind::FieldHandles => "FIELD_HANDLES",
            TableKind::FieldInstantiations => "FIELD_INST",
            TableKind::FriendDeclarations => "FRIEND_DECLS",
            TableKind::Metadata => "METADATA",
            TableKind::VariantFieldHandles => "VARIANT_FIELD_HANDLES",
            TableKind::VariantFieldInstantiations => "VARIANT_FIELD_INST",
            TableKind::StructVariantHandles => "STRUCT_VARIANT_HANDLES",
            TableKind::StructVariantInstantiations => "STRUCT_VARIANT_INST",
            TableKind::EnumDefinitions => "ENUM_DEFS",
            TableKind::EnumDefInstantiations => "ENUM_DEF_INST",
            TableKind::VariantHandles => "VARIANT_HANDLES",
            TableKind::VariantInstantiationHandles => "VARIANT_INST_HANDLES",
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_per_flavor() {
        for flavor in Flavor::ALL {
            for kind in TableKind::serialization_order(flavor) {
                assert_eq!(TableKind::from_byte(flavor, kind.byte()), Some(*kind));
            }
            assert_eq!(TableKind::from_byte(flavor, 0x09), None);
            assert_eq!(TableKind::from_byte(flavor, 0x15), None);
        }
        assert_eq!(
            TableKind::from_byte(Flavor::Sui, 0x11),
            Some(TableKind::EnumDefinitions)
        );
        assert_eq!(
            TableKind::from_byte(Flavor::Aptos, 0x11),
            Some(TableKind::VariantFieldHandles)
        );
    }
}
