//! Kinds of table entries, as the peer names them in error `indices`.

use std::fmt;

/// The kinds of entities an index may refer to, as the peer names them in error `indices`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IndexKind {
    /// Module handles.
    ModuleHandle,
    /// Struct handles.
    StructHandle,
    /// Function handles.
    FunctionHandle,
    /// Field handles.
    FieldHandle,
    /// Friend declarations.
    FriendDeclaration,
    /// Function instantiations.
    FunctionInstantiation,
    /// Field instantiations.
    FieldInstantiation,
    /// Struct definitions.
    StructDefinition,
    /// Struct definition instantiations.
    StructDefInstantiation,
    /// Function definitions.
    FunctionDefinition,
    /// Field definitions.
    FieldDefinition,
    /// Signatures.
    Signature,
    /// Identifiers.
    Identifier,
    /// Address identifiers.
    AddressIdentifier,
    /// Constants.
    ConstantPool,
    /// Local variable pool.
    LocalPool,
    /// Code definitions.
    CodeDefinition,
    /// Type parameters.
    TypeParameter,
    /// Member counts.
    MemberCount,
    /// Variant field handles.
    VariantFieldHandle,
    /// Variant field instantiations.
    VariantFieldInstantiation,
    /// Struct variant handles.
    StructVariantHandle,
    /// Struct variant instantiations.
    StructVariantInstantiation,
    /// Variant definitions.
    VariantDefinition,
    /// Enum definitions (Sui).
    EnumDefinition,
    /// Enum definition instantiations (Sui).
    EnumDefInstantiation,
    /// Variant handles (Sui).
    VariantHandle,
    /// Variant instantiation handles (Sui).
    VariantInstantiationHandle,
    /// Jump tables of a code unit (Sui).
    VariantJumpTable,
    /// Variant tags (Sui).
    VariantTag,
}

impl IndexKind {
    /// The name the peer prints in `indices: [(Name, i)]`.
    pub fn name(self) -> &'static str {
        match self {
            IndexKind::ModuleHandle => "ModuleHandle",
            IndexKind::StructHandle => "StructHandle",
            IndexKind::FunctionHandle => "FunctionHandle",
            IndexKind::FieldHandle => "FieldHandle",
            IndexKind::FriendDeclaration => "FriendDeclaration",
            IndexKind::FunctionInstantiation => "FunctionInstantiation",
            IndexKind::FieldInstantiation => "FieldInstantiation",
            IndexKind::StructDefinition => "StructDefinition",
            IndexKind::StructDefInstantiation => "StructDefInstantiation",
            IndexKind::FunctionDefinition => "FunctionDefinition",
            IndexKind::FieldDefinition => "FieldDefinition",
            IndexKind::Signature => "Signature",
            IndexKind::Identifier => "Identifier",
            IndexKind::AddressIdentifier => "AddressIdentifier",
            IndexKind::ConstantPool => "ConstantPool",
            IndexKind::LocalPool => "LocalPool",
            IndexKind::CodeDefinition => "CodeDefinition",
            IndexKind::TypeParameter => "TypeParameter",
            IndexKind::MemberCount => "MemberCount",
            IndexKind::VariantFieldHandle => "VariantFieldHandle",
            IndexKind::VariantFieldInstantiation => "VariantFieldInstantiation",
            IndexKind::StructVariantHandle => "StructVariantHandle",
            IndexKind::StructVariantInstantiation => "StructVariantInstantiation",
            IndexKind::VariantDefinition => "VariantDefinition",
            IndexKind::EnumDefinition => "EnumDefinition",
            IndexKind::EnumDefInstantiation => "EnumDefInstantiation",
            IndexKind::VariantHandle => "VariantHandle",
            IndexKind::VariantInstantiationHandle => "VariantInstantiationHandle",
            IndexKind::VariantJumpTable => "VariantJumpTable",
            IndexKind::VariantTag => "VariantTag",
        }
    }
}

impl fmt::Display for IndexKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
