//! Linking: every imported module exists (`LINKER_ERROR`, location `undefined`, as the peer's
//! loader reports it), and every imported struct and function handle matches a definition of
//! its module: same name, compatible abilities and type parameters, same signature, and a
//! function visible to the importer (public, or friend when the importer is a friend).
//! Mismatches are `LOOKUP_FAILED` / `TYPE_MISMATCH` located at the importer.

use crate::error::{err, err_at, finish, with_index, VResult};
use crate::view::Binary;
use std::collections::{BTreeMap, BTreeSet};
use tern_binary::*;
use tern_primitives::{IndexKind, Location, ModuleId, StatusCode, VmError};

/// The loader's error for a module that does not exist.
pub(crate) fn linker_error(id: &ModuleId) -> VmError {
    err(StatusCode::LINKER_ERROR).with_message(format!(
        "Linker Error: Module {}::{} doesn't exist",
        id.address.full_hex(),
        id.name
    ))
}

/// Everything the checks need about the dependencies.
struct Context<'a, 'b> {
    binary: Binary<'a>,
    deps: BTreeMap<ModuleId, &'b CompiledModule>,
    structs: BTreeMap<(ModuleId, &'b str), StructHandleIndex>,
    functions: BTreeMap<(ModuleId, &'b str), FunctionHandleIndex>,
}

/// Resolves the immediate dependencies (and, for modules, the friends) and checks the handles.
pub(crate) fn verify<'d>(
    binary: Binary<'_>,
    location: &Location,
    resolve: &dyn Fn(&ModuleId) -> Option<&'d CompiledModule>,
) -> Result<(), VmError> {
    let self_idx = binary.self_handle_idx();
    let mut ids = Vec::new();
    for (idx, handle) in binary.module_handles().iter().enumerate() {
        if Some(ModuleHandleIndex(crate::error::idx_u16(idx))) == self_idx {
            continue;
        }
        ids.push(
            binary
                .module_id_for_handle(handle)
                .map_err(|e| finish(e, location))?,
        );
    }
    let mut friends = Vec::new();
    for friend in binary.friend_decls() {
        friends.push(
            binary
                .module_id_for_handle(friend)
                .map_err(|e| finish(e, location))?,
        );
    }
    let mut deps = BTreeMap::new();
    for id in &ids {
        match resolve(id) {
            Some(module) => {
                deps.insert(id.clone(), module);
            }
            None => return Err(linker_error(id)),
        }
    }
    for id in &friends {
        if resolve(id).is_none() {
            return Err(linker_error(id));
        }
    }
    check(binary, deps).map_err(|e| finish(e, location))
}

fn check(binary: Binary<'_>, deps: BTreeMap<ModuleId, &CompiledModule>) -> VResult<()> {
    let self_id = binary.self_id()?;
    let mut context = Context {
        binary,
        deps: BTreeMap::new(),
        structs: BTreeMap::new(),
        functions: BTreeMap::new(),
    };
    for (id, module) in deps {
        if Some(&id) == self_id.as_ref() {
            continue;
        }
        index_dependency(&mut context, &id, module, self_id.as_ref())?;
        context.deps.insert(id, module);
    }
    verify_imported_structs(&context)?;
    verify_imported_functions(&context)
}

fn index_dependency<'b>(
    context: &mut Context<'_, 'b>,
    id: &ModuleId,
    module: &'b CompiledModule,
    self_id: Option<&ModuleId>,
) -> VResult<()> {
    let dep = Binary::Module(module);
    let mut friends = BTreeSet::new();
    for friend in &module.friend_decls {
        friends.insert(dep.module_id_for_handle(friend)?);
    }
    for def in &module.struct_defs {
        let handle = dep.struct_handle(def.struct_handle)?;
        let name = dep.identifier(handle.name)?.as_str();
        context.structs.insert((id.clone(), name), def.struct_handle);
    }
    for def in &module.function_defs {
        let handle = dep.function_handle(def.function)?;
        let name = dep.identifier(handle.name)?.as_str();
        let visible = match def.visibility {
            Visibility::Public => true,
            Visibility::Friend => self_id.is_some_and(|s| friends.contains(s)),
            Visibility::Private => false,
        };
        if visible {
            context.functions.insert((id.clone(), name), def.function);
        }
    }
    Ok(())
}

fn owner<'b>(context: &Context<'_, 'b>, module: ModuleHandleIndex) -> VResult<(ModuleId, &'b CompiledModule)> {
    let id = context
        .binary
        .module_id_for_handle(context.binary.module_handle(module)?)?;
    let module = *context
        .deps
        .get(&id)
        .ok_or_else(|| crate::error::invariant("dependency not loaded"))?;
    Ok((id, module))
}

fn verify_imported_structs(context: &Context<'_, '_>) -> VResult<()> {
    let b = context.binary;
    for (idx, handle) in b.struct_handles().iter().enumerate() {
        if Some(handle.module) == b.self_handle_idx() {
            continue;
        }
        let (owner_id, owner_module) = owner(context, handle.module)?;
        let name = b.identifier(handle.name)?.as_str();
        let Some(def_handle) = context.structs.get(&(owner_id, name)) else {
            return Err(err_at(StatusCode::LOOKUP_FAILED, IndexKind::StructHandle, idx));
        };
        let defined = Binary::Module(owner_module).struct_handle(*def_handle)?;
        let compatible = handle.abilities.is_subset(defined.abilities)
            && handle.type_parameters.len() == defined.type_parameters.len()
            && handle
                .type_parameters
                .iter()
                .zip(&defined.type_parameters)
                .all(|(local, def)| {
                    (!local.is_phantom || def.is_phantom)
                        && def.constraints.is_subset(local.constraints)
                });
        if !compatible {
            return Err(err_at(StatusCode::TYPE_MISMATCH, IndexKind::StructHandle, idx));
        }
    }
    Ok(())
}

fn verify_imported_functions(context: &Context<'_, '_>) -> VResult<()> {
    let b = context.binary;
    for (idx, handle) in b.function_handles().iter().enumerate() {
        if Some(handle.module) == b.self_handle_idx() {
            continue;
        }
        let (owner_id, owner_module) = owner(context, handle.module)?;
        let name = b.identifier(handle.name)?.as_str();
        let Some(def_handle) = context.functions.get(&(owner_id, name)) else {
            return Err(err_at(StatusCode::LOOKUP_FAILED, IndexKind::FunctionHandle, idx));
        };
        let dep = Binary::Module(owner_module);
        let defined = dep.function_handle(*def_handle)?;
        let compatible = handle.type_parameters.len() == defined.type_parameters.len()
            && handle
                .type_parameters
                .iter()
                .zip(&defined.type_parameters)
                .all(|(local, def)| def.is_subset(*local));
        if !compatible {
            return Err(err_at(StatusCode::TYPE_MISMATCH, IndexKind::FunctionHandle, idx));
        }
        let at = |e| with_index(e, IndexKind::FunctionHandle, idx);
        compare_signatures(context, dep, b.sig(handle.parameters)?, dep.sig(defined.parameters)?)
            .map_err(at)?;
        compare_signatures(context, dep, b.sig(handle.return_)?, dep.sig(defined.return_)?)
            .map_err(at)?;
    }
    Ok(())
}

fn compare_signatures(
    context: &Context<'_, '_>,
    dep: Binary<'_>,
    local: &Signature,
    defined: &Signature,
) -> VResult<()> {
    compare_lists(context, dep, &local.0, &defined.0, 0)
}

fn compare_lists(
    context: &Context<'_, '_>,
    dep: Binary<'_>,
    local: &[SignatureToken],
    defined: &[SignatureToken],
    depth: usize,
) -> VResult<()> {
    if local.len() != defined.len() {
        return Err(err(StatusCode::TYPE_MISMATCH));
    }
    for (l, d) in local.iter().zip(defined) {
        compare_types(context, dep, l, d, depth)?;
    }
    Ok(())
}

fn compare_types(
    context: &Context<'_, '_>,
    dep: Binary<'_>,
    local: &SignatureToken,
    defined: &SignatureToken,
    depth: usize,
) -> VResult<()> {
    use SignatureToken as T;
    if depth > crate::view::MAX_WALK_DEPTH {
        return Err(crate::error::crash());
    }
    let next = depth.saturating_add(1);
    let mismatch = || Err(err(StatusCode::TYPE_MISMATCH));
    match (local, defined) {
        (T::Vector(a), T::Vector(b))
        | (T::Reference(a), T::Reference(b))
        | (T::MutableReference(a), T::MutableReference(b)) => {
            compare_types(context, dep, a, b, next)
        }
        (T::Function(a1, r1, ab1), T::Function(a2, r2, ab2)) => {
            compare_lists(context, dep, a1, a2, next)?;
            compare_lists(context, dep, r1, r2, next)?;
            if ab1 != ab2 {
                return Err(err(StatusCode::TYPE_MISMATCH)
                    .with_message("Function type ability constraints mismatch"));
            }
            Ok(())
        }
        (T::Struct(a), T::Struct(b)) => compare_structs(context, dep, *a, *b),
        (T::StructInstantiation(a, args1), T::StructInstantiation(b, args2)) => {
            compare_structs(context, dep, *a, *b)?;
            compare_lists(context, dep, args1, args2, next)
        }
        (T::TypeParameter(a), T::TypeParameter(b)) if a == b => Ok(()),
        (T::TypeParameter(_), _) => mismatch(),
        (
            T::Bool | T::U8 | T::U16 | T::U32 | T::U64 | T::U128 | T::U256 | T::Address | T::Signer,
            _,
        )
        | (T::I8 | T::I16 | T::I32 | T::I64 | T::I128 | T::I256, _) => {
            if local == defined {
                Ok(())
            } else {
                mismatch()
            }
        }
        _ => mismatch(),
    }
}

fn compare_structs(
    context: &Context<'_, '_>,
    dep: Binary<'_>,
    local: StructHandleIndex,
    defined: StructHandleIndex,
) -> VResult<()> {
    let b = context.binary;
    let lh = b.struct_handle(local)?;
    let local_id = b.module_id_for_handle(b.module_handle(lh.module)?)?;
    let dh = dep.struct_handle(defined)?;
    let def_id = dep.module_id_for_handle(dep.module_handle(dh.module)?)?;
    if local_id != def_id || b.identifier(lh.name)? != dep.identifier(dh.name)? {
        return Err(err(StatusCode::TYPE_MISMATCH));
    }
    Ok(())
}

/// Whether the abilities of `local` are compatible with `defined` (exposed for tests).
#[cfg(test)]
fn compatible_abilities(local: tern_primitives::AbilitySet, defined: tern_primitives::AbilitySet) -> bool {
    local.is_subset(defined)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tern_primitives::AbilitySet;

    #[test]
    fn local_view_may_drop_abilities() {
        assert!(compatible_abilities(AbilitySet::EMPTY, AbilitySet::ALL));
        assert!(!compatible_abilities(AbilitySet::ALL, AbilitySet::EMPTY));
    }

    #[test]
    fn linker_error_message_names_the_module() {
        let id = ModuleId::new(
            tern_primitives::AccountAddress::from_u64(0x42),
            tern_primitives::Identifier::new("m").unwrap(),
        );
        let e = linker_error(&id);
        assert_eq!(e.status(), StatusCode::LINKER_ERROR);
        assert_eq!(e.location(), &Location::Undefined);
        assert!(e.message().unwrap().ends_with("0042::m doesn't exist"));
    }
}
