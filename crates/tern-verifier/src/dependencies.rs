//! Linking: every imported module exists (`LINKER_ERROR`, location `undefined`, as the peer's
//! loader reports it), and every imported struct and function handle matches a definition of
//! its module: same name, compatible abilities and type parameters, same signature, and a
//! function visible to the importer (public, or friend when the importer is a friend).
//! Mismatches are `LOOKUP_FAILED` / `TYPE_MISMATCH` located at the importer.

use crate::error::{err, err_at, finish, with_index, VResult};
use crate::view::Binary;
use rustc_hash::FxHashMap;
use tern_binary::*;
use tern_primitives::{AccountAddress, IndexKind, Location, ModuleId, StatusCode, VmError};

/// The loader's error for a module that does not exist.
pub(crate) fn linker_error(id: &ModuleId) -> VmError {
    err(StatusCode::LINKER_ERROR).with_message(format!(
        "Linker Error: Module {}::{} doesn't exist",
        id.address.full_hex(),
        id.name
    ))
}

/// One loaded dependency with lazily built name indexes of its definitions.
struct Dep<'b> {
    module: &'b CompiledModule,
    structs: Option<FxHashMap<&'b str, StructHandleIndex>>,
    functions: Option<FxHashMap<&'b str, FunctionHandleIndex>>,
}

/// Everything the checks need about the dependencies.
struct Context<'a, 'b> {
    binary: Binary<'a>,
    /// The importer's own address and name (`None` for a script).
    self_name: Option<(&'a AccountAddress, &'a str)>,
    deps: Vec<Dep<'b>>,
    /// The dependency of each module handle of the importer (by handle index).
    handle_dep: Vec<Option<usize>>,
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
        let id = binary
            .module_id_for_handle(handle)
            .map_err(|e| finish(e, location))?;
        ids.push((idx, id));
    }
    let mut friends = Vec::new();
    for friend in binary.friend_decls() {
        friends.push(
            binary
                .module_id_for_handle(friend)
                .map_err(|e| finish(e, location))?,
        );
    }
    let mut resolved = Vec::with_capacity(ids.len());
    for (idx, id) in &ids {
        match resolve(id) {
            Some(module) => resolved.push((*idx, id, module)),
            None => return Err(linker_error(id)),
        }
    }
    for id in &friends {
        if resolve(id).is_none() {
            return Err(linker_error(id));
        }
    }
    check(binary, &resolved).map_err(|e| finish(e, location))
}

pub(crate) fn check(
    binary: Binary<'_>,
    resolved: &[(usize, &ModuleId, &CompiledModule)],
) -> VResult<()> {
    let self_id = binary.self_id()?;
    let self_name = match binary.self_handle_idx() {
        Some(idx) => Some(binary.module_name(binary.module_handle(idx)?)?),
        None => None,
    };
    let mut context = Context {
        binary,
        self_name,
        deps: Vec::with_capacity(resolved.len()),
        handle_dep: vec![None; binary.module_handles().len()],
    };
    for &(handle_idx, id, module) in resolved {
        if Some(id) == self_id.as_ref() {
            continue;
        }
        if let Some(slot) = context.handle_dep.get_mut(handle_idx) {
            *slot = Some(context.deps.len());
        }
        context.deps.push(Dep {
            module,
            structs: None,
            functions: None,
        });
    }
    verify_imported_structs(&mut context)?;
    verify_imported_functions(&mut context)
}

/// The dependency a module handle of the importer names.
fn owner(context: &Context<'_, '_>, module: ModuleHandleIndex) -> VResult<usize> {
    context
        .handle_dep
        .get(module.idx())
        .copied()
        .flatten()
        .ok_or_else(|| crate::error::invariant("dependency not loaded"))
}

/// The handle of the struct (or Sui enum) named `name` defined by dependency `dep`.
fn find_struct<'b>(
    context: &mut Context<'_, 'b>,
    dep: usize,
    name: &str,
) -> VResult<Option<(&'b CompiledModule, StructHandleIndex)>> {
    let entry = context.deps.get_mut(dep).ok_or_else(crate::error::crash)?;
    let module = entry.module;
    if entry.structs.is_none() {
        let b = Binary::Module(module);
        let mut map = FxHashMap::default();
        // A Sui module's enums are datatypes imported like its structs.
        let defined = module.struct_defs.iter().map(|d| d.struct_handle);
        for handle_idx in defined.chain(module.enum_defs.iter().map(|d| d.enum_handle)) {
            let handle = b.struct_handle(handle_idx)?;
            map.insert(b.identifier(handle.name)?.as_str(), handle_idx);
        }
        entry.structs = Some(map);
    }
    Ok(entry
        .structs
        .as_ref()
        .and_then(|m| m.get(name))
        .map(|h| (module, *h)))
}

/// The handle of the function named `name` defined by dependency `dep` and visible to the
/// importer.
fn find_function<'b>(
    context: &mut Context<'_, 'b>,
    dep: usize,
    name: &str,
) -> VResult<Option<(&'b CompiledModule, FunctionHandleIndex)>> {
    let self_name = context.self_name;
    let entry = context.deps.get_mut(dep).ok_or_else(crate::error::crash)?;
    let module = entry.module;
    if entry.functions.is_none() {
        let b = Binary::Module(module);
        let mut is_friend = false;
        for friend in &module.friend_decls {
            if Some(b.module_name(friend)?) == self_name {
                is_friend = true;
            }
        }
        let mut map = FxHashMap::default();
        for def in &module.function_defs {
            let handle = b.function_handle(def.function)?;
            let name = b.identifier(handle.name)?.as_str();
            let visible = match def.visibility {
                Visibility::Public => true,
                Visibility::Friend => is_friend,
                Visibility::Private => false,
            };
            if visible {
                map.insert(name, def.function);
            }
        }
        entry.functions = Some(map);
    }
    Ok(entry
        .functions
        .as_ref()
        .and_then(|m| m.get(name))
        .map(|h| (module, *h)))
}

fn verify_imported_structs(context: &mut Context<'_, '_>) -> VResult<()> {
    let b = context.binary;
    for (idx, handle) in b.struct_handles().iter().enumerate() {
        if Some(handle.module) == b.self_handle_idx() {
            continue;
        }
        let dep = owner(context, handle.module)?;
        let name = b.identifier(handle.name)?.as_str();
        let Some((owner_module, def_handle)) = find_struct(context, dep, name)? else {
            return Err(err_at(
                StatusCode::LOOKUP_FAILED,
                IndexKind::StructHandle,
                idx,
            ));
        };
        let defined = Binary::Module(owner_module).struct_handle(def_handle)?;
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
            return Err(err_at(
                StatusCode::TYPE_MISMATCH,
                IndexKind::StructHandle,
                idx,
            ));
        }
    }
    Ok(())
}

fn verify_imported_functions(context: &mut Context<'_, '_>) -> VResult<()> {
    let b = context.binary;
    for (idx, handle) in b.function_handles().iter().enumerate() {
        if Some(handle.module) == b.self_handle_idx() {
            continue;
        }
        let dep = owner(context, handle.module)?;
        let name = b.identifier(handle.name)?.as_str();
        let Some((owner_module, def_handle)) = find_function(context, dep, name)? else {
            return Err(err_at(
                StatusCode::LOOKUP_FAILED,
                IndexKind::FunctionHandle,
                idx,
            ));
        };
        let dep = Binary::Module(owner_module);
        let defined = dep.function_handle(def_handle)?;
        let compatible = handle.type_parameters.len() == defined.type_parameters.len()
            && handle
                .type_parameters
                .iter()
                .zip(&defined.type_parameters)
                .all(|(local, def)| def.is_subset(*local));
        if !compatible {
            return Err(err_at(
                StatusCode::TYPE_MISMATCH,
                IndexKind::FunctionHandle,
                idx,
            ));
        }
        let at = |e| with_index(e, IndexKind::FunctionHandle, idx);
        compare_signatures(
            context,
            dep,
            b.sig(handle.parameters)?,
            dep.sig(defined.parameters)?,
        )
        .map_err(at)?;
        compare_signatures(
            context,
            dep,
            b.sig(handle.return_)?,
            dep.sig(defined.return_)?,
        )
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

/// Compares an imported signature's type with the definition's; a mismatch the comparison
/// does not describe itself says `imported type mismatches expectation`, as the peer's does.
fn compare_types(
    context: &Context<'_, '_>,
    dep: Binary<'_>,
    local: &SignatureToken,
    defined: &SignatureToken,
    depth: usize,
) -> VResult<()> {
    compare_types_unnamed(context, dep, local, defined, depth).map_err(|e| {
        if e.message().is_none() {
            e.with_message("imported type mismatches expectation")
        } else {
            e
        }
    })
}

fn compare_types_unnamed(
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
    let local_id = b.module_name(b.module_handle(lh.module)?)?;
    let dh = dep.struct_handle(defined)?;
    let def_id = dep.module_name(dep.module_handle(dh.module)?)?;
    if local_id != def_id || b.identifier(lh.name)? != dep.identifier(dh.name)? {
        return Err(err(StatusCode::TYPE_MISMATCH));
    }
    Ok(())
}

/// Whether the abilities of `local` are compatible with `defined` (exposed for tests).
#[cfg(test)]
fn compatible_abilities(
    local: tern_primitives::AbilitySet,
    defined: tern_primitives::AbilitySet,
) -> bool {
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
