//! Storage of published modules and resources behind a trait, with an in-memory default, and
//! the change set a committed session produces.

use std::collections::BTreeMap;
use std::sync::Arc;
use tern_binary::CompiledModule;
use tern_primitives::{AccountAddress, ModuleId, StatusCode, StructTag, VmError};

/// Where published code and committed resources live. Implement it to plug in a database.
///
/// A read that fails (the database is unreachable, a record is corrupt) returns a
/// [`StorageError`]: the run that asked fails with `STORAGE_ERROR` and commits nothing, and
/// the VM stays usable. A missing module or resource is `Ok(None)`.
pub trait Storage: Send + Sync {
    /// A published module.
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError>;
    /// The BCS bytes of a resource.
    fn resource(
        &self,
        address: &AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError>;
}

/// Storage a VM can also write: publishing stores modules, committing applies change sets.
///
/// Each write is all or nothing: on `Err` the storage must be as it was before the call (the
/// VM reports the failure as `STORAGE_ERROR` and changes nothing else).
pub trait StorageBackend: Storage {
    /// Stores a published bundle of modules (each one's id, bytes and deserialized form).
    fn put_modules(&mut self, modules: Vec<PublishedModule>) -> Result<(), StorageError>;
    /// Applies the changes of a committed session.
    fn apply(&mut self, changes: ChangeSet) -> Result<(), StorageError>;
}

/// A module to store: its id, its bytes and its deserialized form.
pub type PublishedModule = (ModuleId, Vec<u8>, Arc<CompiledModule>);

/// A storage backend's failure to read or write, in the backend's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StorageError {
    /// What failed.
    pub message: String,
}

impl StorageError {
    /// A failure described by `message`.
    pub fn new(message: impl Into<String>) -> StorageError {
        StorageError {
            message: message.into(),
        }
    }
}

impl From<StorageError> for VmError {
    fn from(e: StorageError) -> VmError {
        VmError::new(StatusCode::STORAGE_ERROR).with_message(format!("storage: {e}"))
    }
}

/// What a committed session did to one resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResourceChange {
    /// Created with these BCS bytes.
    Added(Vec<u8>),
    /// Possibly modified; the new BCS bytes.
    Modified(Vec<u8>),
    /// Deleted.
    Deleted,
}

/// The effects of a session: resource changes keyed by (address, type).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeSet {
    /// Resource changes, in key order.
    pub resources: BTreeMap<(AccountAddress, StructTag), ResourceChange>,
}

impl ChangeSet {
    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.resources.is_empty()
    }
}

/// Storage in memory: modules and resource bytes in ordered maps.
#[derive(Debug, Clone, Default)]
pub struct InMemoryStorage {
    modules: BTreeMap<ModuleId, (Vec<u8>, Arc<CompiledModule>)>,
    resources: BTreeMap<(AccountAddress, StructTag), Vec<u8>>,
}

impl InMemoryStorage {
    /// Empty storage.
    pub fn new() -> InMemoryStorage {
        InMemoryStorage::default()
    }

    /// Stores a module (its bytes and deserialized form).
    pub fn put_module(&mut self, id: ModuleId, bytes: Vec<u8>, module: Arc<CompiledModule>) {
        self.modules.insert(id, (bytes, module));
    }

    /// A published module (the infallible form of [`Storage::module`]).
    pub fn get_module(&self, id: &ModuleId) -> Option<Arc<CompiledModule>> {
        self.modules.get(id).map(|(_, m)| m.clone())
    }

    /// The BCS bytes of a resource (the infallible form of [`Storage::resource`]).
    pub fn get_resource(&self, address: &AccountAddress, tag: &StructTag) -> Option<Vec<u8>> {
        self.resources.get(&(*address, tag.clone())).cloned()
    }

    /// The bytes of a published module.
    pub fn module_bytes(&self, id: &ModuleId) -> Option<&[u8]> {
        self.modules.get(id).map(|(b, _)| b.as_slice())
    }

    /// All published modules.
    pub fn modules(&self) -> impl Iterator<Item = (&ModuleId, &Arc<CompiledModule>)> {
        self.modules.iter().map(|(k, (_, m))| (k, m))
    }

    /// Applies a change set.
    pub fn apply(&mut self, changes: ChangeSet) {
        for (key, change) in changes.resources {
            match change {
                ResourceChange::Added(b) | ResourceChange::Modified(b) => {
                    self.resources.insert(key, b);
                }
                ResourceChange::Deleted => {
                    self.resources.remove(&key);
                }
            }
        }
    }

    /// All resources.
    pub fn resources(&self) -> impl Iterator<Item = (&(AccountAddress, StructTag), &Vec<u8>)> {
        self.resources.iter()
    }
}

impl StorageBackend for InMemoryStorage {
    fn put_modules(&mut self, modules: Vec<PublishedModule>) -> Result<(), StorageError> {
        for (id, bytes, module) in modules {
            InMemoryStorage::put_module(self, id, bytes, module);
        }
        Ok(())
    }

    fn apply(&mut self, changes: ChangeSet) -> Result<(), StorageError> {
        InMemoryStorage::apply(self, changes);
        Ok(())
    }
}

impl Storage for InMemoryStorage {
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError> {
        Ok(self.get_module(id))
    }

    fn resource(
        &self,
        address: &AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        Ok(self.get_resource(address, tag))
    }
}

/// State of one global resource slot in a session.
#[derive(Debug, Clone, Copy)]
pub struct GlobalSlot {
    /// The current value (a struct container), if the resource exists now.
    pub value: Option<crate::values::ContainerId>,
    /// Whether the resource existed in storage when the session first looked.
    pub existed: bool,
    /// Whether it was moved, created or mutably borrowed.
    pub dirty: bool,
}
