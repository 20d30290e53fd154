//! Loading stored modules into the code cache on demand: a module and the dependencies it
//! needs, each checked by the session's link check as it loads, and a function of a loaded
//! module by name.

use crate::loader::{LinkedFunction, LoadedModule};
use crate::runtime::Runtime;
use crate::storage::Storage;
use std::sync::Arc;
use tern_binary::CompiledModule;
use tern_primitives::{ModuleId, StatusCode, VmError};

/// Checks a stored module's imports against the modules stored now (see
/// `Session::set_link_check` in `tern-vm`); the facade passes the verifier's dependency check.
pub type LinkCheck = fn(&CompiledModule, &dyn Storage) -> Result<(), VmError>;

/// The loaded module with this id, loading it (and then its dependencies not loaded yet, depth
/// first) from `storage` if needed; each module stored is checked by `link_check` as it loads.
///
/// The module loads first (its types name structs by id, allocated by name, so they resolve
/// without the defining modules), each within its importer's `load_module` span. The walk
/// keeps its own stack, so a chain of thousands of modules does not recurse on the Rust stack.
pub fn load_module_from(
    runtime: &Runtime,
    storage: &dyn Storage,
    link_check: Option<LinkCheck>,
    id: &ModuleId,
) -> Result<Arc<LoadedModule>, VmError> {
    if let Some(m) = runtime.read()?.module(id) {
        return Ok(m.clone());
    }
    let (loaded, span, deps) = load_one(runtime, storage, link_check, id)?;
    let mut pending = vec![(span, deps.into_iter())];
    while let Some((_, deps)) = pending.last_mut() {
        let Some(dep) = deps.next() else {
            pending.pop();
            continue;
        };
        if runtime.read()?.module(&dep).is_none() && storage.module(&dep)?.is_some() {
            let (_, span, more) = load_one(runtime, storage, link_check, &dep)?;
            pending.push((span, more.into_iter()));
        }
    }
    Ok(loaded)
}

/// Loads the module `id` alone: the module, its `load_module` span (entered, to stay so while
/// its dependencies load) and its immediate dependencies.
fn load_one(
    runtime: &Runtime,
    storage: &dyn Storage,
    link_check: Option<LinkCheck>,
    id: &ModuleId,
) -> Result<(Arc<LoadedModule>, tracing::span::EnteredSpan, Vec<ModuleId>), VmError> {
    let compiled = storage.module(id)?.ok_or_else(|| linker_error(id))?;
    if let Some(check) = link_check {
        check(&compiled, storage).map_err(|e| unverifiable(id, e))?;
    }
    let deps: Vec<ModuleId> = compiled.immediate_dependencies().collect();
    let span = tracing::debug_span!("load_module", module = %id).entered();
    let mut cache = runtime.write()?;
    if let Some(m) = cache.module(id) {
        return Ok((m.clone(), span, Vec::new()));
    }
    let natives = &runtime.natives;
    let loaded = cache.load_module(compiled, &|m, f, declared| natives.bind(m, f, declared))?;
    Ok((loaded, span, deps))
}

/// The function `name` of the loaded module `m` (whose id is `id`):
/// `FUNCTION_RESOLUTION_FAILURE` when it defines none of that name.
pub fn function_of(m: &LoadedModule, id: &ModuleId, name: &str) -> Result<LinkedFunction, VmError> {
    let idx = m
        .by_name
        .iter()
        .find(|(n, _)| n.as_str() == name)
        .map(|(_, i)| *i)
        .ok_or_else(|| {
            VmError::new(StatusCode::FUNCTION_RESOLUTION_FAILURE).with_message(format!(
                "Function {}::{}::{} does not exist",
                id.address.to_standard_string(),
                id.name,
                name
            ))
        })?;
    let function = m
        .functions
        .get(idx)
        .cloned()
        .ok_or_else(crate::loader::bad_index)?;
    Ok(LinkedFunction {
        function,
        links: m.links.clone(),
    })
}

/// A stored module that fails a check at load: the peer's `UNEXPECTED_VERIFIER_ERROR` at
/// the module, with the check's indices, quoting its error.
fn unverifiable(id: &ModuleId, check: VmError) -> VmError {
    let mut err = VmError::new(StatusCode::UNEXPECTED_VERIFIER_ERROR)
        .with_message(format!(
            "Unexpected verifier/deserialization error! This likely means there is code stored \
             on chain that is unverifiable!\nError: {}",
            check.peer_debug()
        ))
        .at_location(tern_primitives::Location::Module(id.clone()));
    err.data_mut().indices = check.data().indices.clone();
    err
}

/// `LINKER_ERROR` for a module that does not exist.
pub(crate) fn linker_error(id: &ModuleId) -> VmError {
    VmError::new(StatusCode::LINKER_ERROR).with_message(format!(
        "Linker Error: Module {}::{} doesn't exist",
        id.address.full_hex(),
        id.name
    ))
}
