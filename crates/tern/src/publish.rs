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
    for dep in tern_vm::loader::imports(module) {
        if dep != *id && !bundle.contains(&dep) && storage.module(&dep).is_none() {
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
            if !bundle.contains(&fid) && storage.module(&fid).is_none() {
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

/// Stores a module and returns its id.
pub(crate) fn store(
    storage: &mut dyn StorageBackend,
    id: ModuleId,
    bytes: Vec<u8>,
    module: CompiledModule,
) {
    storage.put_module(id, bytes, Arc::new(module));
}
