//! The table builder: appends entries to the tables of the unit being built, deduplicating
//! each request the way the peer does (an existing entry returns its index; a new one is
//! appended), and enforcing the 65535-entry limit per table.

use super::ast::ModName;
use std::collections::HashMap;
use std::hash::Hash;
use tern_binary::*;
use tern_primitives::{AccountAddress, Identifier};

/// Tables may hold at most this many entries.
pub(crate) const TABLE_MAX: usize = u16::MAX as usize;

/// The lookup maps that make requests idempotent.
#[derive(Default)]
pub(crate) struct Lookups {
    modules: HashMap<ModName, ModuleHandleIndex>,
    names: HashMap<String, IdentifierIndex>,
    addresses: HashMap<AccountAddress, AddressIdentifierIndex>,
    /// Function handles by (module, function name).
    pub(crate) functions: HashMap<(ModName, String), FunctionHandleIndex>,
    /// Struct handles by (module, struct name).
    pub(crate) structs: HashMap<(ModName, String), StructHandleIndex>,
    fun_insts: HashMap<(FunctionHandleIndex, SignatureIndex), FunctionInstantiationIndex>,
    signatures: HashMap<Signature, SignatureIndex>,
    constants: HashMap<(Vec<u8>, SignatureToken), ConstantPoolIndex>,
    struct_insts: HashMap<(StructDefinitionIndex, SignatureIndex), StructDefInstantiationIndex>,
    fields: HashMap<(StructDefinitionIndex, MemberCount), FieldHandleIndex>,
    field_insts: HashMap<(FieldHandleIndex, SignatureIndex), FieldInstantiationIndex>,
    variant_fields:
        HashMap<(StructDefinitionIndex, Vec<VariantIndex>, MemberCount), VariantFieldHandleIndex>,
    variant_field_insts:
        HashMap<(VariantFieldHandleIndex, SignatureIndex), VariantFieldInstantiationIndex>,
    variants: HashMap<(StructDefinitionIndex, VariantIndex), StructVariantHandleIndex>,
    variant_insts:
        HashMap<(StructVariantHandleIndex, SignatureIndex), StructVariantInstantiationIndex>,
    enum_insts: HashMap<(EnumDefinitionIndex, SignatureIndex), EnumDefInstantiationIndex>,
    sui_variants: HashMap<(EnumDefinitionIndex, VariantIndex), VariantHandleIndex>,
    sui_variant_insts:
        HashMap<(EnumDefInstantiationIndex, VariantIndex), VariantInstantiationHandleIndex>,
}

/// Appends `entry` to `table` under `key` unless the key is known; returns the index.
pub(crate) fn intern<K: Hash + Eq, E, I: Copy>(
    table: &mut Vec<E>,
    lookup: &mut HashMap<K, I>,
    key: K,
    entry: impl FnOnce() -> E,
    mk: fn(u16) -> I,
    what: &str,
) -> Result<I, String> {
    if let Some(idx) = lookup.get(&key) {
        return Ok(*idx);
    }
    let idx = mk(bounded(table.len(), what)?);
    table.push(entry());
    lookup.insert(key, idx);
    Ok(idx)
}

/// `len` as a table index, or the peer's table-size error.
pub(crate) fn bounded(len: usize, what: &str) -> Result<u16, String> {
    match u16::try_from(len) {
        Ok(idx) if len < TABLE_MAX => Ok(idx),
        _ => Err(format!(
            "exceeded maximal {what} table size: {len} >= {TABLE_MAX}"
        )),
    }
}

/// The unit under construction plus its lookup maps.
pub(crate) struct Tables {
    pub(crate) module: CompiledModule,
    pub(crate) lookups: Lookups,
}

impl Tables {
    /// Empty tables for a module `id` (identifier 0, address 0 and module handle 0 = self)
    /// or, when `id` is `None`, for a script (all tables empty).
    pub(crate) fn new(
        id: Option<&ModName>,
        flavor: Flavor,
        version: u32,
    ) -> Result<Tables, String> {
        let mut tables = Tables {
            module: CompiledModule {
                flavor,
                version,
                ..CompiledModule::default()
            },
            lookups: Lookups::default(),
        };
        if let Some(id) = id {
            tables.module_index(id)?;
        }
        Ok(tables)
    }

    /// The identifier `name`, as written: like the peer's assembler, this one never rejects a
    /// name the lexer accepts (`masm.md` §2); an invalid one such as `_` makes the module
    /// fail when it is read back (`MALFORMED` at publish).
    pub(crate) fn name_index(&mut self, name: &str) -> Result<IdentifierIndex, String> {
        if let Some(idx) = self.lookups.names.get(name) {
            return Ok(*idx);
        }
        let ident = Identifier::new_unchecked(name);
        intern(
            &mut self.module.identifiers,
            &mut self.lookups.names,
            name.to_string(),
            || ident,
            IdentifierIndex,
            "identifier",
        )
    }

    /// The address `addr`.
    pub(crate) fn address_index(
        &mut self,
        addr: AccountAddress,
    ) -> Result<AddressIdentifierIndex, String> {
        intern(
            &mut self.module.address_identifiers,
            &mut self.lookups.addresses,
            addr,
            || addr,
            AddressIdentifierIndex,
            "address",
        )
    }

    /// The module handle of `id`: name, then address, then the handle.
    pub(crate) fn module_index(&mut self, id: &ModName) -> Result<ModuleHandleIndex, String> {
        if let Some(idx) = self.lookups.modules.get(id) {
            return Ok(*idx);
        }
        let name = self.name_index(&id.name)?;
        let address = self.address_index(id.address)?;
        intern(
            &mut self.module.module_handles,
            &mut self.lookups.modules,
            id.clone(),
            || ModuleHandle { address, name },
            ModuleHandleIndex,
            "module",
        )
    }

    /// The signature holding `tokens`.
    pub(crate) fn signature_index(
        &mut self,
        tokens: Vec<SignatureToken>,
    ) -> Result<SignatureIndex, String> {
        let sig = Signature(tokens);
        intern(
            &mut self.module.signatures,
            &mut self.lookups.signatures,
            sig.clone(),
            || sig,
            SignatureIndex,
            "signature",
        )
    }

    /// The constant `(data, ty)`.
    pub(crate) fn const_index(
        &mut self,
        data: Vec<u8>,
        type_: SignatureToken,
    ) -> Result<ConstantPoolIndex, String> {
        let entry = Constant {
            type_: type_.clone(),
            data: data.clone(),
        };
        intern(
            &mut self.module.constant_pool,
            &mut self.lookups.constants,
            (data, type_),
            || entry,
            ConstantPoolIndex,
            "constant",
        )
    }

    /// The instantiation of function `handle` with `targs`.
    pub(crate) fn fun_inst_index(
        &mut self,
        handle: FunctionHandleIndex,
        targs: Vec<SignatureToken>,
    ) -> Result<FunctionInstantiationIndex, String> {
        let type_parameters = self.signature_index(targs)?;
        intern(
            &mut self.module.function_instantiations,
            &mut self.lookups.fun_insts,
            (handle, type_parameters),
            || FunctionInstantiation {
                handle,
                type_parameters,
            },
            FunctionInstantiationIndex,
            "function instantiation handle",
        )
    }

    /// The instantiation of struct definition `def` with `targs`.
    pub(crate) fn struct_inst_index(
        &mut self,
        def: StructDefinitionIndex,
        targs: Vec<SignatureToken>,
    ) -> Result<StructDefInstantiationIndex, String> {
        let type_parameters = self.signature_index(targs)?;
        intern(
            &mut self.module.struct_def_instantiations,
            &mut self.lookups.struct_insts,
            (def, type_parameters),
            || StructDefInstantiation {
                def,
                type_parameters,
            },
            StructDefInstantiationIndex,
            "struct handle",
        )
    }

    /// The field handle `(owner, field)`.
    pub(crate) fn field_index(
        &mut self,
        owner: StructDefinitionIndex,
        field: MemberCount,
    ) -> Result<FieldHandleIndex, String> {
        intern(
            &mut self.module.field_handles,
            &mut self.lookups.fields,
            (owner, field),
            || FieldHandle { owner, field },
            FieldHandleIndex,
            "field handle",
        )
    }

    /// The instantiation of field handle `handle` with `targs`.
    pub(crate) fn field_inst_index(
        &mut self,
        handle: FieldHandleIndex,
        targs: Vec<SignatureToken>,
    ) -> Result<FieldInstantiationIndex, String> {
        let type_parameters = self.signature_index(targs)?;
        intern(
            &mut self.module.field_instantiations,
            &mut self.lookups.field_insts,
            (handle, type_parameters),
            || FieldInstantiation {
                handle,
                type_parameters,
            },
            FieldInstantiationIndex,
            "generic field handle",
        )
    }

    /// The variant field handle `(struct, variants, field)`.
    pub(crate) fn variant_field_index(
        &mut self,
        struct_index: StructDefinitionIndex,
        variants: Vec<VariantIndex>,
        field: MemberCount,
    ) -> Result<VariantFieldHandleIndex, String> {
        let entry = VariantFieldHandle {
            struct_index,
            variants: variants.clone(),
            field,
        };
        intern(
            &mut self.module.variant_field_handles,
            &mut self.lookups.variant_fields,
            (struct_index, variants, field),
            || entry,
            VariantFieldHandleIndex,
            "variant field handle",
        )
    }

    /// The instantiation of variant field handle `handle` with `targs`.
    pub(crate) fn variant_field_inst_index(
        &mut self,
        handle: VariantFieldHandleIndex,
        targs: Vec<SignatureToken>,
    ) -> Result<VariantFieldInstantiationIndex, String> {
        let type_parameters = self.signature_index(targs)?;
        intern(
            &mut self.module.variant_field_instantiations,
            &mut self.lookups.variant_field_insts,
            (handle, type_parameters),
            || VariantFieldInstantiation {
                handle,
                type_parameters,
            },
            VariantFieldInstantiationIndex,
            "generic variant field handle",
        )
    }

    /// The struct variant handle `(struct, variant)`.
    pub(crate) fn variant_index(
        &mut self,
        struct_index: StructDefinitionIndex,
        variant: VariantIndex,
    ) -> Result<StructVariantHandleIndex, String> {
        intern(
            &mut self.module.struct_variant_handles,
            &mut self.lookups.variants,
            (struct_index, variant),
            || StructVariantHandle {
                struct_index,
                variant,
            },
            StructVariantHandleIndex,
            "struct variant handle",
        )
    }

    /// The instantiation of struct variant handle `handle` with `targs`.
    pub(crate) fn variant_inst_index(
        &mut self,
        handle: StructVariantHandleIndex,
        targs: Vec<SignatureToken>,
    ) -> Result<StructVariantInstantiationIndex, String> {
        let type_parameters = self.signature_index(targs)?;
        intern(
            &mut self.module.struct_variant_instantiations,
            &mut self.lookups.variant_insts,
            (handle, type_parameters),
            || StructVariantInstantiation {
                handle,
                type_parameters,
            },
            StructVariantInstantiationIndex,
            "generic struct variant handle",
        )
    }

    /// The Sui variant handle `(enum, tag)`.
    pub(crate) fn sui_variant_index(
        &mut self,
        enum_def: EnumDefinitionIndex,
        variant: VariantIndex,
    ) -> Result<VariantHandleIndex, String> {
        intern(
            &mut self.module.variant_handles,
            &mut self.lookups.sui_variants,
            (enum_def, variant),
            || VariantHandle { enum_def, variant },
            VariantHandleIndex,
            "variant handle",
        )
    }

    /// The Sui variant instantiation handle of variant `variant` of enum `def` instantiated
    /// with `targs` (the type arguments, then the enum instantiation, then the handle).
    pub(crate) fn sui_variant_inst_index(
        &mut self,
        def: EnumDefinitionIndex,
        variant: VariantIndex,
        targs: Vec<SignatureToken>,
    ) -> Result<VariantInstantiationHandleIndex, String> {
        let type_parameters = self.signature_index(targs)?;
        let enum_def = intern(
            &mut self.module.enum_def_instantiations,
            &mut self.lookups.enum_insts,
            (def, type_parameters),
            || EnumDefInstantiation {
                def,
                type_parameters,
            },
            EnumDefInstantiationIndex,
            "enum instantiation",
        )?;
        intern(
            &mut self.module.variant_instantiation_handles,
            &mut self.lookups.sui_variant_insts,
            (enum_def, variant),
            || VariantInstantiationHandle { enum_def, variant },
            VariantInstantiationHandleIndex,
            "variant instantiation handle",
        )
    }
}
