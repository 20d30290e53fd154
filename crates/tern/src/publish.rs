//! Publishing modules: deserialize, verify, link, check compatibility, store.

use std::sync::Arc;
use tern_binary::CompiledModule;
use tern_primitives::{Location, ModuleId, StatusCode, VmError};
use tern_vm::{Storage, StorageBackend};

/// Why a module could not be published (the peer's located error).
pub type PublishError = VmError;

/// A verification hook run on each module before linking.
pub type ModuleVerifier = dyn Fn(&CompiledModule) -> Result<(), VmError> + Send + Sync;

/// Checks that every module a module imports, and every friend it declares, is published.
pub(crate) fn check_links(
    module: &CompiledModule,
    id: &ModuleId,
    storage: &dyn Storage,
    bundle: &[ModuleId],
) -> Result<(), VmError> {
    for dep in module.immediate_dependencies() {
        if dep != *id && !bundle.contains(&dep) && storage.module(&dep)?.is_none() {
            return Err(VmError::new(StatusCode::LINKER_ERROR)
                .with_message(format!(
                    "Linker Error: Module {}::{} doesn't exist",
                    dep.address.full_hex(),
                    dep.name
                ))
                .at_location(Location::Undefined));
        }
    }
    for friend in &module.friend_decls {
        let addr = module.address_identifiers.get(friend.address.idx());
        let name = module.identifiers.get(friend.name.idx());
        if let (Some(a), Some(n)) = (addr, name) {
            let fid = ModuleId::new(*a, n.clone());
            if !bundle.contains(&fid) && storage.module(&fid)?.is_none() {
                return Err(VmError::new(StatusCode::LINKER_ERROR).with_message(format!(
                    "Linker Error: Module {}::{} doesn't exist",
                    fid.address.full_hex(),
                    fid.name
                )));
            }
        }
    }
    Ok(())
}

/// The imports and declared friends of `module`, as stored now.
pub(crate) fn stored_dependencies(
    module: &CompiledModule,
    storage: &dyn Storage,
    except: &[ModuleId],
) -> Result<Vec<(ModuleId, Arc<CompiledModule>)>, VmError> {
    let mut found = Vec::new();
    for d in module
        .immediate_dependencies()
        .chain(module.friends())
        .filter(|d| !except.contains(d))
    {
        if let Some(m) = storage.module(&d)? {
            found.push((d, m));
        }
    }
    Ok(found)
}

/// The link check of a stored module as a session loads it ([`tern_vm::LinkCheck`]): its
/// imported handles against the modules stored now. A missing module is left to the loader,
/// which raises `LINKER_ERROR` when a call needs it.
pub(crate) fn check_stored_links(
    module: &CompiledModule,
    storage: &dyn Storage,
) -> Result<(), VmError> {
    let deps = stored_dependencies(module, storage, &[])?;
    let lookup = |want: &ModuleId| {
        deps.iter()
            .find(|(d, _)| d == want)
            .map(|(_, m)| m.as_ref())
    };
    match tern_verifier::verify_module_dependencies(module, &lookup) {
        Err(e) if e.status() == StatusCode::LINKER_ERROR => Ok(()),
        result => result,
    }
}

/// Stores a bundle of modules, all or none.
pub(crate) fn store(
    storage: &mut dyn StorageBackend,
    modules: Vec<(ModuleId, Vec<u8>, CompiledModule)>,
) -> Result<(), VmError> {
    let modules = modules
        .into_iter()
        .map(|(id, bytes, module)| (id, bytes, Arc::new(module)))
        .collect();
    Ok(storage.put_modules(modules)?)
}
