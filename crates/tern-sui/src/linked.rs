//! The code one execution sees: modules by original id, served by the package versions its
//! linkage names.

use crate::package::{Linkage, PackageStore};
use std::sync::Arc;
use tern_binary::CompiledModule;
use tern_primitives::{AccountAddress, ModuleId, StructTag};
use tern_vm::{Storage, StorageError};

/// Storage of code for one linkage: `module(0xORIGINAL::m)` is module `m` of the package
/// version the linkage uses for that original id. Sui has no global resources.
#[derive(Debug, Clone)]
pub(crate) struct LinkedStorage {
    pub packages: Arc<PackageStore>,
    pub linkage: Linkage,
}

impl Storage for LinkedStorage {
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError> {
        Ok(self
            .linkage
            .storage_id(&id.address)
            .and_then(|storage_id| self.packages.get(&storage_id))
            .and_then(|p| p.module(id.name.as_str()).cloned()))
    }

    fn resource(
        &self,
        _address: &AccountAddress,
        _tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        Ok(None)
    }
}
