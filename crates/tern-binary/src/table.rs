//! Table kinds of the binary format's table directory.

use std::fmt;

/// The kind byte of a table in the directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum TableKind {
    /// 0x01.
    ModuleHandles = 0x01,
    /// 0x02.
    StructHandles = 0x02,
    /// 0x03.
    FunctionHandles = 0x03,
    /// 0x04.
    FunctionInstantiations = 0x04,
    /// 0x05.
    Signatures = 0x05,
    /// 0x06.
    ConstantPool = 0x06,
    /// 0x07.
    Identifiers = 0x07,
    /// 0x08.
    AddressIdentifiers = 0x08,
    /// 0x0A.
    StructDefinitions = 0x0A,
    /// 0x0B.
    StructDefInstantiations = 0x0B,
    /// 0x0C.
    FunctionDefinitions = 0x0C,
    /// 0x0D.
    FieldHandles = 0x0D,
    /// 0x0E.
    FieldInstantiations = 0x0E,
    /// 0x0F.
    FriendDeclarations = 0x0F,
    /// 0x10.
    Metadata = 0x10,
    /// 0x11.
    VariantFieldHandles = 0x11,
    /// 0x12.
    VariantFieldInstantiations = 0x12,
    /// 0x13.
    StructVariantHandles = 0x13,
    /// 0x14.
    StructVariantInstantiations = 0x14,
}

impl TableKind {
    /// The order in which the serializer writes tables (not numeric: identifiers and addresses
    /// come before constants).
    pub const SERIALIZATION_ORDER: [TableKind; 19] = [
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

    /// The kind for a directory byte, if known.
    pub fn from_byte(byte: u8) -> Option<TableKind> {
        Self::SERIALIZATION_ORDER
            .into_iter()
            .find(|k| *k as u8 == byte)
    }

    /// The lowest version that may contain the table.
    pub fn min_version(self) -> u32 {
        match self {
            TableKind::FriendDeclarations => 2,
            TableKind::Metadata => 5,
            TableKind::VariantFieldHandles
            | TableKind::VariantFieldInstantiations
            | TableKind::StructVariantHandles
            | TableKind::StructVariantInstantiations => 7,
            _ => 1,
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
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
