//! A uniform, panic-free view over a module or a script, and type helpers (abilities,
//! instantiation) used by several passes.
//!
//! Getters return a [`VResult`]: an index out of range (only possible when the bounds checker
//! was skipped) is a crash as in the peer; a module-only table asked of a script is
//! `INVALID_OPERATION_IN_SCRIPT`, as the peer's binary view reports it.

use crate::error::{crash, err, VResult};
pub(crate) use crate::type_walk::{for_each_node, is_assignable_instantiated, node_count};
use tern_binary::*;
use tern_primitives::{Ability, AbilitySet, AccountAddress, Identifier, ModuleId, StatusCode};

/// Deepest type the helpers walk; deeper types (impossible after deserialization, which stops at
/// 256) are rejected instead of recursing further.
pub(crate) const MAX_WALK_DEPTH: usize = 512;

/// A module or a script.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Binary<'a> {
    /// A module.
    Module(&'a CompiledModule),
    /// A script.
    Script(&'a CompiledScript),
}

fn get<T>(slice: &[T], idx: usize) -> VResult<&T> {
    slice.get(idx).ok_or_else(crash)
}

macro_rules! shared_table {
    ($name:ident, $ty:ty) => {
        /// The table, shared by modules and scripts.
        pub(crate) fn $name(&self) -> &'a [$ty] {
            match self {
                Binary::Module(m) => &m.$name,
                Binary::Script(s) => &s.$name,
            }
        }
    };
}

macro_rules! module_table {
    ($name:ident, $getter:ident, $ty:ty, $idx:ty) => {
        /// The module-only table (empty for a script).
        #[allow(dead_code)]
        pub(crate) fn $name(&self) -> &'a [$ty] {
            match self {
                Binary::Module(m) => &m.$name,
                Binary::Script(_) => &[],
            }
        }

        /// The entry at `idx`.
        #[allow(dead_code)]
        pub(crate) fn $getter(&self, idx: $idx) -> VResult<&'a $ty> {
            match self {
                Binary::Module(m) => get(&m.$name, idx.idx()),
                Binary::Script(_) => Err(err(StatusCode::INVALID_OPERATION_IN_SCRIPT)),
            }
        }
    };
}

impl<'a> Binary<'a> {
    shared_table!(module_handles, ModuleHandle);
    shared_table!(struct_handles, StructHandle);
    shared_table!(function_handles, FunctionHandle);
    shared_table!(function_instantiations, FunctionInstantiation);
    shared_table!(signatures, Signature);
    shared_table!(identifiers, Identifier);
    shared_table!(address_identifiers, AccountAddress);
    shared_table!(constant_pool, Constant);

    module_table!(
        struct_defs,
        struct_def,
        StructDefinition,
        StructDefinitionIndex
    );
    module_table!(
        function_defs,
        function_def,
        FunctionDefinition,
        FunctionDefinitionIndex
    );
    module_table!(field_handles, field_handle, FieldHandle, FieldHandleIndex);
    module_table!(
        struct_def_instantiations,
        struct_inst,
        StructDefInstantiation,
        StructDefInstantiationIndex
    );
    module_table!(
        field_instantiations,
        field_inst,
        FieldInstantiation,
        FieldInstantiationIndex
    );
    module_table!(
        variant_field_handles,
        variant_field_handle,
        VariantFieldHandle,
        VariantFieldHandleIndex
    );
    module_table!(
        variant_field_instantiations,
        variant_field_inst,
        VariantFieldInstantiation,
        VariantFieldInstantiationIndex
    );
    module_table!(
        struct_variant_handles,
        struct_variant_handle,
        StructVariantHandle,
        StructVariantHandleIndex
    );
    module_table!(
        struct_variant_instantiations,
        struct_variant_inst,
        StructVariantInstantiation,
        StructVariantInstantiationIndex
    );
    module_table!(enum_defs, enum_def, EnumDefinition, EnumDefinitionIndex);
    module_table!(
        enum_def_instantiations,
        enum_inst,
        EnumDefInstantiation,
        EnumDefInstantiationIndex
    );
    module_table!(
        variant_handles,
        sui_variant_handle,
        VariantHandle,
        VariantHandleIndex
    );
    module_table!(
        variant_instantiation_handles,
        sui_variant_inst,
        VariantInstantiationHandle,
        VariantInstantiationHandleIndex
    );

    /// The plain bytecode version.
    /// The binary's flavor (scripts are Aptos).
    #[allow(dead_code)] // read by the Sui passes
    pub(crate) fn flavor(&self) -> tern_primitives::Flavor {
        match self {
            Binary::Module(m) => m.flavor,
            Binary::Script(_) => tern_primitives::Flavor::Aptos,
        }
    }

    /// The enum definition and variant tag a Sui variant handle names.
    pub(crate) fn sui_variant(
        &self,
        handle: VariantHandleIndex,
    ) -> VResult<(EnumDefinitionIndex, &'a VariantDefinition)> {
        let handle = self.sui_variant_handle(handle)?;
        let def = self.enum_def(handle.enum_def)?;
        let variant = get(&def.variants, usize::from(handle.variant))?;
        Ok((handle.enum_def, variant))
    }

    /// The enum instantiation and variant a Sui variant instantiation handle names.
    pub(crate) fn sui_variant_instantiated(
        &self,
        handle: VariantInstantiationHandleIndex,
    ) -> VResult<(&'a EnumDefInstantiation, &'a VariantDefinition)> {
        let handle = self.sui_variant_inst(handle)?;
        let inst = self.enum_inst(handle.enum_def)?;
        let def = self.enum_def(inst.def)?;
        let variant = get(&def.variants, usize::from(handle.variant))?;
        Ok((inst, variant))
    }

    pub(crate) fn version(&self) -> u32 {
        match self {
            Binary::Module(m) => m.version,
            Binary::Script(s) => s.version,
        }
    }

    /// The signature at `idx`.
    pub(crate) fn sig(&self, idx: SignatureIndex) -> VResult<&'a Signature> {
        get(self.signatures(), idx.idx())
    }

    /// The struct handle at `idx`.
    pub(crate) fn struct_handle(&self, idx: StructHandleIndex) -> VResult<&'a StructHandle> {
        get(self.struct_handles(), idx.idx())
    }

    /// The function handle at `idx`.
    pub(crate) fn function_handle(&self, idx: FunctionHandleIndex) -> VResult<&'a FunctionHandle> {
        get(self.function_handles(), idx.idx())
    }

    /// The module handle at `idx`.
    pub(crate) fn module_handle(&self, idx: ModuleHandleIndex) -> VResult<&'a ModuleHandle> {
        get(self.module_handles(), idx.idx())
    }

    /// The function instantiation at `idx`.
    pub(crate) fn function_inst(
        &self,
        idx: FunctionInstantiationIndex,
    ) -> VResult<&'a FunctionInstantiation> {
        get(self.function_instantiations(), idx.idx())
    }

    /// The identifier at `idx`.
    pub(crate) fn identifier(&self, idx: IdentifierIndex) -> VResult<&'a Identifier> {
        get(self.identifiers(), idx.idx())
    }

    /// The address at `idx`.
    pub(crate) fn address(&self, idx: AddressIdentifierIndex) -> VResult<&'a AccountAddress> {
        get(self.address_identifiers(), idx.idx())
    }

    /// The constant at `idx`.
    pub(crate) fn constant(&self, idx: ConstantPoolIndex) -> VResult<&'a Constant> {
        get(self.constant_pool(), idx.idx())
    }

    /// The friend declarations (empty for a script).
    pub(crate) fn friend_decls(&self) -> &'a [ModuleHandle] {
        match self {
            Binary::Module(m) => &m.friend_decls,
            Binary::Script(_) => &[],
        }
    }

    /// The module's own handle index (`None` for a script).
    pub(crate) fn self_handle_idx(&self) -> Option<ModuleHandleIndex> {
        match self {
            Binary::Module(m) => Some(m.self_module_handle_idx),
            Binary::Script(_) => None,
        }
    }

    /// The id a module handle names.
    pub(crate) fn module_id_for_handle(&self, handle: &ModuleHandle) -> VResult<ModuleId> {
        Ok(ModuleId::new(
            *self.address(handle.address)?,
            self.identifier(handle.name)?.clone(),
        ))
    }

    /// The address and name a module handle names (without building a `ModuleId`).
    pub(crate) fn module_name(
        &self,
        handle: &ModuleHandle,
    ) -> VResult<(&'a AccountAddress, &'a str)> {
        Ok((
            self.address(handle.address)?,
            self.identifier(handle.name)?.as_str(),
        ))
    }

    /// The module's own id (`None` for a script).
    pub(crate) fn self_id(&self) -> VResult<Option<ModuleId>> {
        match self.self_handle_idx() {
            Some(idx) => Ok(Some(self.module_id_for_handle(self.module_handle(idx)?)?)),
            None => Ok(None),
        }
    }

    /// The abilities of `ty` where type parameter `i` has `type_params[i]`.
    pub(crate) fn abilities(
        &self,
        ty: &SignatureToken,
        type_params: &[AbilitySet],
    ) -> VResult<AbilitySet> {
        self.abilities_at(ty, type_params, 0)
    }

    fn abilities_at(
        &self,
        ty: &SignatureToken,
        type_params: &[AbilitySet],
        depth: usize,
    ) -> VResult<AbilitySet> {
        use SignatureToken as T;
        if depth > MAX_WALK_DEPTH {
            return Err(crash());
        }
        let next = depth.saturating_add(1);
        Ok(match ty {
            T::Bool | T::U8 | T::U16 | T::U32 | T::U64 | T::U128 | T::U256 | T::Address => {
                AbilitySet::PRIMITIVES
            }
            T::I8 | T::I16 | T::I32 | T::I64 | T::I128 | T::I256 => AbilitySet::PRIMITIVES,
            T::Signer => AbilitySet::SIGNER,
            T::Reference(_) | T::MutableReference(_) => AbilitySet::REFERENCES,
            T::TypeParameter(i) => *get(type_params, usize::from(*i))?,
            T::Function(_, _, abilities) => *abilities,
            T::Vector(inner) => {
                let inner = self.abilities_at(inner, type_params, next)?;
                polymorphic(AbilitySet::VECTOR, std::iter::once((false, inner)))
            }
            T::Struct(idx) => self.struct_handle(*idx)?.abilities,
            T::StructInstantiation(idx, args) => {
                self.struct_abilities_at(*idx, args, type_params, next)?
            }
        })
    }

    /// The abilities of `S<args>` (`S` if `args` is empty) for struct handle `idx`.
    pub(crate) fn struct_abilities(
        &self,
        idx: StructHandleIndex,
        args: &[SignatureToken],
        type_params: &[AbilitySet],
    ) -> VResult<AbilitySet> {
        self.struct_abilities_at(idx, args, type_params, 0)
    }

    fn struct_abilities_at(
        &self,
        idx: StructHandleIndex,
        args: &[SignatureToken],
        type_params: &[AbilitySet],
        depth: usize,
    ) -> VResult<AbilitySet> {
        let handle = self.struct_handle(idx)?;
        if args.is_empty() {
            return Ok(handle.abilities);
        }
        let next = depth.saturating_add(1);
        let mut arg_abilities: smallvec::SmallVec<[(bool, AbilitySet); 8]> =
            smallvec::SmallVec::new();
        for (param, arg) in handle.type_parameters.iter().zip(args) {
            let abilities = self.abilities_at(arg, type_params, next)?;
            arg_abilities.push((param.is_phantom, abilities));
        }
        Ok(polymorphic(handle.abilities, arg_abilities))
    }
}

/// The abilities a type argument must have for a type with `set` to keep them
/// (`key` requires `store`; the others require themselves).
pub(crate) fn requires(set: AbilitySet) -> AbilitySet {
    set.iter()
        .fold(AbilitySet::EMPTY, |acc, a| acc.with(a.requires()))
}

/// The abilities a generic type with `declared` abilities has, given each argument's
/// `(is_phantom, abilities)`: an ability stays if every non-phantom argument has what it
/// requires.
pub(crate) fn polymorphic(
    declared: AbilitySet,
    args: impl IntoIterator<Item = (bool, AbilitySet)>,
) -> AbilitySet {
    let mut result = declared;
    for (is_phantom, arg) in args {
        if is_phantom {
            continue;
        }
        for ability in Ability::ALL {
            if result.has(ability) && !arg.has(ability.requires()) {
                result = result.without(ability);
            }
        }
    }
    result
}

/// `T` if the instantiation is empty, else `S<args>`.
pub(crate) fn materialize(handle: StructHandleIndex, args: &[SignatureToken]) -> SignatureToken {
    if args.is_empty() {
        SignatureToken::Struct(handle)
    } else {
        SignatureToken::StructInstantiation(handle, args.to_vec())
    }
}

/// Whether `ty` is `materialize(handle, args)` (without building it).
pub(crate) fn is_struct_type(
    ty: &SignatureToken,
    handle: StructHandleIndex,
    args: &[SignatureToken],
) -> bool {
    match ty {
        SignatureToken::Struct(h) => args.is_empty() && *h == handle,
        SignatureToken::StructInstantiation(h, a) => {
            !args.is_empty() && *h == handle && a.as_slice() == args
        }
        _ => false,
    }
}

/// [`instantiate`], borrowing `ty` when there is nothing to substitute.
pub(crate) fn instantiate_cow<'t>(
    ty: &'t SignatureToken,
    subst: &[SignatureToken],
) -> std::borrow::Cow<'t, SignatureToken> {
    if subst.is_empty() {
        std::borrow::Cow::Borrowed(ty)
    } else {
        std::borrow::Cow::Owned(instantiate_at(ty, subst, 0))
    }
}

/// `ty` with every type parameter replaced by its argument (unchanged when `subst` is empty).
/// A parameter without argument (impossible after bounds checking) is left as is.
pub(crate) fn instantiate(ty: &SignatureToken, subst: &[SignatureToken]) -> SignatureToken {
    if subst.is_empty() {
        return ty.clone();
    }
    instantiate_at(ty, subst, 0)
}

fn instantiate_at(ty: &SignatureToken, subst: &[SignatureToken], depth: usize) -> SignatureToken {
    use SignatureToken as T;
    if depth > MAX_WALK_DEPTH {
        return ty.clone();
    }
    let next = depth.saturating_add(1);
    let each = |tys: &[SignatureToken]| -> Vec<SignatureToken> {
        tys.iter().map(|t| instantiate_at(t, subst, next)).collect()
    };
    match ty {
        T::TypeParameter(i) => subst
            .get(usize::from(*i))
            .cloned()
            .unwrap_or_else(|| ty.clone()),
        T::Vector(inner) => T::Vector(Box::new(instantiate_at(inner, subst, next))),
        T::Reference(inner) => T::Reference(Box::new(instantiate_at(inner, subst, next))),
        T::MutableReference(inner) => {
            T::MutableReference(Box::new(instantiate_at(inner, subst, next)))
        }
        T::StructInstantiation(idx, args) => T::StructInstantiation(*idx, each(args)),
        T::Function(params, results, abilities) => {
            T::Function(each(params), each(results), *abilities)
        }
        other => other.clone(),
    }
}

/// Whether a value of type `source` may be stored where `target` is expected: equal types, or
/// function types with equal parameters and results where `target` asks for fewer abilities
/// (also behind immutable references).
pub(crate) fn is_assignable(target: &SignatureToken, source: &SignatureToken) -> bool {
    use SignatureToken as T;
    match (target, source) {
        (T::Function(p1, r1, a1), T::Function(p2, r2, a2)) => {
            p1 == p2 && r1 == r2 && a1.is_subset(*a2)
        }
        (T::Reference(t), T::Reference(s)) => is_assignable(t, s),
        _ => target == source,
    }
}

/// Where errors about `module` are reported: the module's id, or `undefined` when its own handle
/// cannot be resolved (only possible without bounds checking).
pub(crate) fn module_location(module: &CompiledModule) -> tern_primitives::Location {
    match Binary::Module(module).self_id() {
        Ok(Some(id)) => tern_primitives::Location::Module(id),
        _ => tern_primitives::Location::Undefined,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SignatureToken as T;

    #[test]
    fn polymorphic_abilities_follow_requirements() {
        let declared = AbilitySet::ALL;
        let store_only = AbilitySet::EMPTY.with(Ability::Store);
        let got = polymorphic(declared, [(false, store_only)]);
        assert_eq!(
            got,
            AbilitySet::EMPTY.with(Ability::Store).with(Ability::Key)
        );
        assert_eq!(polymorphic(declared, [(true, AbilitySet::EMPTY)]), declared);
        assert_eq!(
            requires(AbilitySet::EMPTY.with(Ability::Key)),
            AbilitySet::EMPTY.with(Ability::Store)
        );
    }

    #[test]
    fn instantiate_replaces_parameters() {
        let ty = T::Vector(Box::new(T::TypeParameter(1)));
        let got = instantiate(&ty, &[T::Bool, T::U8]);
        assert_eq!(got, T::Vector(Box::new(T::U8)));
        assert_eq!(instantiate(&ty, &[]), ty);
    }

    #[test]
    fn function_types_assign_with_fewer_abilities() {
        let f = |a: AbilitySet| T::Function(vec![T::U8], vec![], a);
        assert!(is_assignable(&f(AbilitySet::EMPTY), &f(AbilitySet::ALL)));
        assert!(!is_assignable(&f(AbilitySet::ALL), &f(AbilitySet::EMPTY)));
        assert!(!is_assignable(&T::U8, &T::U16));
    }
}
