//! Checked access to the tables of a module or script: every lookup returns a
//! [`DisasmError`] instead of panicking when an index is out of range.

use super::DisasmError;
use tern_binary::*;
use tern_primitives::{AccountAddress, IndexKind};

/// The tables of the unit being printed. A script has empty module-only tables and no self
/// handle.
pub(super) struct Tables<'a> {
    pub(super) module_handles: &'a [ModuleHandle],
    pub(super) struct_handles: &'a [StructHandle],
    pub(super) function_handles: &'a [FunctionHandle],
    pub(super) function_instantiations: &'a [FunctionInstantiation],
    pub(super) signatures: &'a [Signature],
    pub(super) identifiers: &'a [tern_primitives::Identifier],
    pub(super) address_identifiers: &'a [AccountAddress],
    pub(super) constant_pool: &'a [Constant],
    pub(super) struct_defs: &'a [StructDefinition],
    pub(super) field_handles: &'a [FieldHandle],
    pub(super) field_instantiations: &'a [FieldInstantiation],
    pub(super) struct_def_instantiations: &'a [StructDefInstantiation],
    pub(super) variant_field_handles: &'a [VariantFieldHandle],
    pub(super) variant_field_instantiations: &'a [VariantFieldInstantiation],
    pub(super) struct_variant_handles: &'a [StructVariantHandle],
    pub(super) struct_variant_instantiations: &'a [StructVariantInstantiation],
    pub(super) enum_defs: &'a [EnumDefinition],
    pub(super) enum_def_instantiations: &'a [EnumDefInstantiation],
    pub(super) variant_handles: &'a [VariantHandle],
    pub(super) variant_instantiation_handles: &'a [VariantInstantiationHandle],
    /// The module's own handle; `None` for a script.
    pub(super) self_handle: Option<ModuleHandleIndex>,
}

/// The entry at `index` of `items`, or an index error naming `kind`.
pub(super) fn get<T>(items: &[T], index: usize, kind: IndexKind) -> Result<&T, DisasmError> {
    items
        .get(index)
        .ok_or(DisasmError::IndexOutOfBounds { kind, index })
}

impl<'a> Tables<'a> {
    /// The tables of a module.
    pub(super) fn of_module(m: &'a CompiledModule) -> Tables<'a> {
        Tables {
            module_handles: &m.module_handles,
            struct_handles: &m.struct_handles,
            function_handles: &m.function_handles,
            function_instantiations: &m.function_instantiations,
            signatures: &m.signatures,
            identifiers: &m.identifiers,
            address_identifiers: &m.address_identifiers,
            constant_pool: &m.constant_pool,
            struct_defs: &m.struct_defs,
            field_handles: &m.field_handles,
            field_instantiations: &m.field_instantiations,
            struct_def_instantiations: &m.struct_def_instantiations,
            variant_field_handles: &m.variant_field_handles,
            variant_field_instantiations: &m.variant_field_instantiations,
            struct_variant_handles: &m.struct_variant_handles,
            struct_variant_instantiations: &m.struct_variant_instantiations,
            enum_defs: &m.enum_defs,
            enum_def_instantiations: &m.enum_def_instantiations,
            variant_handles: &m.variant_handles,
            variant_instantiation_handles: &m.variant_instantiation_handles,
            self_handle: Some(m.self_module_handle_idx),
        }
    }

    /// The tables of a script.
    pub(super) fn of_script(s: &'a CompiledScript) -> Tables<'a> {
        Tables {
            module_handles: &s.module_handles,
            struct_handles: &s.struct_handles,
            function_handles: &s.function_handles,
            function_instantiations: &s.function_instantiations,
            signatures: &s.signatures,
            identifiers: &s.identifiers,
            address_identifiers: &s.address_identifiers,
            constant_pool: &s.constant_pool,
            struct_defs: &[],
            field_handles: &[],
            field_instantiations: &[],
            struct_def_instantiations: &[],
            variant_field_handles: &[],
            variant_field_instantiations: &[],
            struct_variant_handles: &[],
            struct_variant_instantiations: &[],
            enum_defs: &[],
            enum_def_instantiations: &[],
            variant_handles: &[],
            variant_instantiation_handles: &[],
            self_handle: None,
        }
    }

    pub(super) fn identifier(&self, idx: IdentifierIndex) -> Result<&'a str, DisasmError> {
        get(self.identifiers, idx.idx(), IndexKind::Identifier).map(|id| id.as_str())
    }

    pub(super) fn address(
        &self,
        idx: AddressIdentifierIndex,
    ) -> Result<&'a AccountAddress, DisasmError> {
        get(
            self.address_identifiers,
            idx.idx(),
            IndexKind::AddressIdentifier,
        )
    }

    pub(super) fn module_handle(
        &self,
        idx: ModuleHandleIndex,
    ) -> Result<&'a ModuleHandle, DisasmError> {
        get(self.module_handles, idx.idx(), IndexKind::ModuleHandle)
    }

    pub(super) fn struct_handle(
        &self,
        idx: StructHandleIndex,
    ) -> Result<&'a StructHandle, DisasmError> {
        get(self.struct_handles, idx.idx(), IndexKind::StructHandle)
    }

    pub(super) fn function_handle(
        &self,
        idx: FunctionHandleIndex,
    ) -> Result<&'a FunctionHandle, DisasmError> {
        get(self.function_handles, idx.idx(), IndexKind::FunctionHandle)
    }

    pub(super) fn function_instantiation(
        &self,
        idx: FunctionInstantiationIndex,
    ) -> Result<&'a FunctionInstantiation, DisasmError> {
        get(
            self.function_instantiations,
            idx.idx(),
            IndexKind::FunctionInstantiation,
        )
    }

    pub(super) fn signature(
        &self,
        idx: SignatureIndex,
    ) -> Result<&'a [SignatureToken], DisasmError> {
        get(self.signatures, idx.idx(), IndexKind::Signature).map(|s| s.0.as_slice())
    }

    pub(super) fn constant(&self, idx: ConstantPoolIndex) -> Result<&'a Constant, DisasmError> {
        get(self.constant_pool, idx.idx(), IndexKind::ConstantPool)
    }

    pub(super) fn struct_def(
        &self,
        idx: StructDefinitionIndex,
    ) -> Result<&'a StructDefinition, DisasmError> {
        get(self.struct_defs, idx.idx(), IndexKind::StructDefinition)
    }

    pub(super) fn field_handle(
        &self,
        idx: FieldHandleIndex,
    ) -> Result<&'a FieldHandle, DisasmError> {
        get(self.field_handles, idx.idx(), IndexKind::FieldHandle)
    }

    pub(super) fn field_instantiation(
        &self,
        idx: FieldInstantiationIndex,
    ) -> Result<&'a FieldInstantiation, DisasmError> {
        get(
            self.field_instantiations,
            idx.idx(),
            IndexKind::FieldInstantiation,
        )
    }

    pub(super) fn struct_def_instantiation(
        &self,
        idx: StructDefInstantiationIndex,
    ) -> Result<&'a StructDefInstantiation, DisasmError> {
        get(
            self.struct_def_instantiations,
            idx.idx(),
            IndexKind::StructDefInstantiation,
        )
    }

    pub(super) fn variant_field_handle(
        &self,
        idx: VariantFieldHandleIndex,
    ) -> Result<&'a VariantFieldHandle, DisasmError> {
        get(
            self.variant_field_handles,
            idx.idx(),
            IndexKind::VariantFieldHandle,
        )
    }

    pub(super) fn variant_field_instantiation(
        &self,
        idx: VariantFieldInstantiationIndex,
    ) -> Result<&'a VariantFieldInstantiation, DisasmError> {
        get(
            self.variant_field_instantiations,
            idx.idx(),
            IndexKind::VariantFieldInstantiation,
        )
    }

    pub(super) fn struct_variant_handle(
        &self,
        idx: StructVariantHandleIndex,
    ) -> Result<&'a StructVariantHandle, DisasmError> {
        get(
            self.struct_variant_handles,
            idx.idx(),
            IndexKind::StructVariantHandle,
        )
    }

    pub(super) fn struct_variant_instantiation(
        &self,
        idx: StructVariantInstantiationIndex,
    ) -> Result<&'a StructVariantInstantiation, DisasmError> {
        get(
            self.struct_variant_instantiations,
            idx.idx(),
            IndexKind::StructVariantInstantiation,
        )
    }

    /// The id (address, name) of a module handle.
    pub(super) fn enum_def(
        &self,
        idx: EnumDefinitionIndex,
    ) -> Result<&'a EnumDefinition, DisasmError> {
        get(self.enum_defs, idx.idx(), IndexKind::EnumDefinition)
    }

    pub(super) fn enum_def_instantiation(
        &self,
        idx: EnumDefInstantiationIndex,
    ) -> Result<&'a EnumDefInstantiation, DisasmError> {
        get(
            self.enum_def_instantiations,
            idx.idx(),
            IndexKind::EnumDefInstantiation,
        )
    }

    pub(super) fn variant_handle(
        &self,
        idx: VariantHandleIndex,
    ) -> Result<&'a VariantHandle, DisasmError> {
        get(self.variant_handles, idx.idx(), IndexKind::VariantHandle)
    }

    pub(super) fn variant_instantiation_handle(
        &self,
        idx: VariantInstantiationHandleIndex,
    ) -> Result<&'a VariantInstantiationHandle, DisasmError> {
        get(
            self.variant_instantiation_handles,
            idx.idx(),
            IndexKind::VariantInstantiationHandle,
        )
    }

    pub(super) fn module_id(&self, idx: ModuleHandleIndex) -> Result<ModuleKey<'a>, DisasmError> {
        let handle = self.module_handle(idx)?;
        Ok(ModuleKey {
            address: *self.address(handle.address)?,
            name: self.identifier(handle.name)?,
        })
    }

    /// The id of this module; `None` for a script.
    pub(super) fn self_id(&self) -> Result<Option<ModuleKey<'a>>, DisasmError> {
        self.self_handle.map(|idx| self.module_id(idx)).transpose()
    }

    /// The name of a struct definition (through its handle).
    pub(super) fn struct_def_name(&self, def: &StructDefinition) -> Result<&'a str, DisasmError> {
        let handle = self.struct_handle(def.struct_handle)?;
        self.identifier(handle.name)
    }
}

/// A module id as printed: address and name. Handles with equal ids print the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct ModuleKey<'a> {
    pub(super) address: AccountAddress,
    pub(super) name: &'a str,
}
