//! Typed indices into the tables of a compiled module or script.

use std::fmt;

macro_rules! define_index {
    ($($(#[$doc:meta])* $name:ident => $kind:ident,)*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
            pub struct $name(pub u16);

            impl $name {
                /// The index as a `usize`, for slicing.
                #[inline]
                pub fn idx(self) -> usize {
                    self.0 as usize
                }

                /// The kind of table this index points into.
                pub const KIND: IndexKind = IndexKind::$kind;
            }

            impl fmt::Debug for $name {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    write!(f, "{}({})", stringify!($name), self.0)
                }
            }

            impl fmt::Display for $name {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    write!(f, "{}", self.0)
                }
            }
        )*
    };
}

define_index! {
    /// Index into the module-handle table.
    ModuleHandleIndex => ModuleHandle,
    /// Index into the struct-handle table.
    StructHandleIndex => StructHandle,
    /// Index into the function-handle table.
    FunctionHandleIndex => FunctionHandle,
    /// Index into the field-handle table.
    FieldHandleIndex => FieldHandle,
    /// Index into the struct-definition-instantiation table.
    StructDefInstantiationIndex => StructDefInstantiation,
    /// Index into the function-instantiation table.
    FunctionInstantiationIndex => FunctionInstantiation,
    /// Index into the field-instantiation table.
    FieldInstantiationIndex => FieldInstantiation,
    /// Index into the identifier pool.
    IdentifierIndex => Identifier,
    /// Index into the address-identifier pool.
    AddressIdentifierIndex => AddressIdentifier,
    /// Index into the constant pool.
    ConstantPoolIndex => ConstantPool,
    /// Index into the signature pool.
    SignatureIndex => Signature,
    /// Index into the struct-definition table.
    StructDefinitionIndex => StructDefinition,
    /// Index into the function-definition table.
    FunctionDefinitionIndex => FunctionDefinition,
    /// Index into the variant-field-handle table.
    VariantFieldHandleIndex => VariantFieldHandle,
    /// Index into the variant-field-instantiation table.
    VariantFieldInstantiationIndex => VariantFieldInstantiation,
    /// Index into the struct-variant-handle table.
    StructVariantHandleIndex => StructVariantHandle,
    /// Index into the struct-variant-instantiation table.
    StructVariantInstantiationIndex => StructVariantInstantiation,
    /// Index into the enum-definition table (Sui).
    EnumDefinitionIndex => EnumDefinition,
    /// Index into the enum-definition-instantiation table (Sui).
    EnumDefInstantiationIndex => EnumDefInstantiation,
    /// Index into the variant-handle table (Sui).
    VariantHandleIndex => VariantHandle,
    /// Index into the variant-instantiation-handle table (Sui).
    VariantInstantiationHandleIndex => VariantInstantiationHandle,
    /// Index into the jump tables of a code unit (Sui).
    VariantJumpTableIndex => VariantJumpTable,
}

/// Index of a local variable (parameters first, then declared locals).
pub type LocalIndex = u8;
/// Index of a type parameter of the enclosing generic.
pub type TypeParameterIndex = u16;
/// Index of an instruction in a code unit (branch targets are absolute instruction indices).
pub type CodeOffset = u16;
/// Offset of a field within its struct or variant.
pub type MemberCount = u16;
/// Index of a variant within its enum.
pub type VariantIndex = u16;

pub use tern_primitives::IndexKind;
