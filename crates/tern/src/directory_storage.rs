//! [`DirectoryStorage`]: published modules and committed resources kept in a folder, so that
//! successive runs (`tern run --state DIR`) see what earlier ones published and wrote.
//!
//! Layout, one file per item, readable with the usual tools:
//!
//! | path | holds |
//! |---|---|
//! | `modules/ADDRESS/NAME.mv` | a published module's bytes (`tern disasm` reads it) |
//! | `resources/ADDRESS/TYPE.bcs` | a resource's BCS bytes; `TYPE` is the struct tag with every character other than a letter, a digit, `_`, `.` or `-` written `%XX` |
//!
//! Everything is read when the storage is opened and written through as the VM publishes and
//! commits (each file written whole under a temporary name, then renamed over the old one).
//! A publish or commit whose files cannot all be written puts back the files it had written,
//! keeps the memory as it was, records the failure in the [`Journal`]
//! ([`StateLog::write_errors`]) and fails with a [`StorageError`] (the VM's `STORAGE_ERROR`).

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use tern_binary::CompiledModule;
use tern_primitives::{AccountAddress, ModuleId, StructTag};
use tern_vm::storage::{
    ChangeSet, InMemoryStorage, PublishedModule, ResourceChange, Storage, StorageBackend,
    StorageError,
};

/// Why a state folder could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// A file or folder could not be read or created.
    #[error("{path}: {message}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A file in the folder is not what its place says it is.
    #[error("{path}: {message}")]
    Malformed {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
}

fn io_error(path: &Path, e: std::io::Error) -> StateError {
    StateError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// What the commits since the storage was opened did, and the writes that failed.
#[derive(Debug, Default)]
pub struct StateLog {
    /// Resource changes in commit order.
    pub changes: Vec<(AccountAddress, StructTag, ResourceChange)>,
    /// Files that could not be written or removed.
    pub write_errors: Vec<StateError>,
}

/// A shared handle on a [`StateLog`] (see [`DirectoryStorage::journal`]).
pub type Journal = Arc<Mutex<StateLog>>;

/// Storage in a folder, one file per item, readable with the usual tools:
/// `modules/ADDRESS/NAME.mv` holds a published module's bytes (`tern disasm` reads it),
/// `resources/ADDRESS/TYPE.bcs` a resource's BCS bytes (`TYPE` is the struct tag with every
/// character other than a letter, a digit, `_`, `.` or `-` written `%XX`).
///
/// Everything is read when the storage is opened and written through as the VM publishes and
/// commits (each file written whole under a temporary name, then renamed over the old one).
/// A publish or commit whose files cannot all be written puts back the files it had written,
/// keeps the memory as it was, records the failure in the [`Journal`]
/// ([`StateLog::write_errors`]) and fails with a [`StorageError`].
#[derive(Debug)]
pub struct DirectoryStorage {
    root: PathBuf,
    memory: InMemoryStorage,
    journal: Journal,
}

impl DirectoryStorage {
    /// Opens the state in `root`, creating the folder if it does not exist, and reads every
    /// module and resource in it.
    pub fn open(root: &Path) -> Result<DirectoryStorage, StateError> {
        std::fs::create_dir_all(root).map_err(|e| io_error(root, e))?;
        let mut memory = InMemoryStorage::new();
        for (path, _) in files_under(&root.join("modules"), "mv")? {
            let bytes = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
            let module =
                CompiledModule::deserialize(&bytes).map_err(|e| StateError::Malformed {
                    path: path.clone(),
                    message: format!("not a module: {e}"),
                })?;
            let id = module.self_id().ok_or_else(|| StateError::Malformed {
                path: path.clone(),
                message: "a module without a name".to_string(),
            })?;
            memory.put_module(id, bytes, Arc::new(module));
        }
        let mut changes = ChangeSet::default();
        for (path, (address, name)) in files_under(&root.join("resources"), "bcs")? {
            let malformed = |message: String| StateError::Malformed {
                path: path.clone(),
                message,
            };
            let address = AccountAddress::from_hex_literal(&address)
                .map_err(|_| malformed(format!("`{address}` is not an address")))?;
            let tag = decode_name(&name)
                .and_then(|t| StructTag::from_str(&t).ok())
                .ok_or_else(|| malformed(format!("`{name}` is not a struct tag")))?;
            let bytes = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
            changes
                .resources
                .insert((address, tag), ResourceChange::Added(bytes));
        }
        memory.apply(changes);
        Ok(DirectoryStorage {
            root: root.to_path_buf(),
            memory,
            journal: Journal::default(),
        })
    }

    /// The folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A handle on the record of what was committed since the storage was opened and of the
    /// writes that failed (shared: it stays readable after the storage is moved into a VM).
    pub fn journal(&self) -> Journal {
        Arc::clone(&self.journal)
    }

    /// The resources in the folder.
    pub fn resources(&self) -> impl Iterator<Item = (&(AccountAddress, StructTag), &Vec<u8>)> {
        self.memory.resources()
    }

    fn module_path(&self, id: &ModuleId) -> PathBuf {
        self.root
            .join("modules")
            .join(id.address.to_hex_literal())
            .join(format!("{}.mv", id.name))
    }

    fn resource_path(&self, address: &AccountAddress, tag: &StructTag) -> PathBuf {
        self.root
            .join("resources")
            .join(address.to_hex_literal())
            .join(format!("{}.bcs", encode_name(&tag.to_string())))
    }

    fn record(&mut self, result: Result<(), StateError>) {
        if let (Err(e), Ok(mut log)) = (result, self.journal.lock()) {
            log.write_errors.push(e);
        }
    }
}

impl Storage for DirectoryStorage {
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError> {
        self.memory.module(id)
    }

    fn resource(
        &self,
        address: &AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        self.memory.resource(address, tag)
    }
}

impl StorageBackend for DirectoryStorage {
    fn put_modules(&mut self, modules: Vec<PublishedModule>) -> Result<(), StorageError> {
        let writes = modules
            .iter()
            .filter(|(id, bytes, _)| self.memory.module_bytes(id) != Some(bytes.as_slice()))
            .map(|(id, bytes, _)| {
                let old = self.memory.module_bytes(id).map(<[u8]>::to_vec);
                (self.module_path(id), Some(bytes.clone()), old)
            })
            .collect();
        self.write_all(writes)?;
        for (id, bytes, module) in modules {
            self.memory.put_module(id, bytes, module);
        }
        Ok(())
    }

    fn apply(&mut self, changes: ChangeSet) -> Result<(), StorageError> {
        let writes = changes
            .resources
            .iter()
            .map(|((address, tag), change)| {
                let new = match change {
                    ResourceChange::Added(b) | ResourceChange::Modified(b) => Some(b.clone()),
                    ResourceChange::Deleted => None,
                };
                let old = self.memory.get_resource(address, tag);
                (self.resource_path(address, tag), new, old)
            })
            .collect();
        self.write_all(writes)?;
        if let Ok(mut log) = self.journal.lock() {
            for ((address, tag), change) in &changes.resources {
                log.changes.push((*address, tag.clone(), change.clone()));
            }
        }
        self.memory.apply(changes);
        Ok(())
    }
}

/// One file a write makes: its path, its new bytes (`None`: removed) and its old ones.
type FileWrite = (PathBuf, Option<Vec<u8>>, Option<Vec<u8>>);

impl DirectoryStorage {
    /// Makes every write, or none: after a failure the files written so far get their old
    /// contents back (as far as the folder lets them), the failure is journaled and returned.
    fn write_all(&mut self, writes: Vec<FileWrite>) -> Result<(), StorageError> {
        for (done, (path, new, _)) in writes.iter().enumerate() {
            if let Err(e) = set_file(path, new.as_deref()) {
                let message = e.to_string();
                for (path, _, old) in writes.iter().take(done) {
                    self.record(set_file(path, old.as_deref()));
                }
                self.record(Err(e));
                return Err(StorageError::new(message));
            }
        }
        Ok(())
    }
}

/// Writes `bytes` to `path` whole, or removes `path` (absent already is fine).
fn set_file(path: &Path, bytes: Option<&[u8]>) -> Result<(), StateError> {
    match bytes {
        Some(b) => write_whole(path, b),
        None => match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io_error(path, e)),
            _ => Ok(()),
        },
    }
}

/// Writes `bytes` to `path` whole: into a temporary file beside it, then renamed over it.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), StateError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
    let mut temp = path.as_os_str().to_os_string();
    temp.push(".tmp");
    let temp = PathBuf::from(temp);
    std::fs::write(&temp, bytes).map_err(|e| io_error(&temp, e))?;
    std::fs::rename(&temp, path).map_err(|e| io_error(path, e))
}

/// A file found under a folder of the state, with its address folder's name and its stem.
type FoundFile = (PathBuf, (String, String));

/// The files with extension `ext` two levels under `dir` (`dir/ADDRESS/STEM.ext`), with the
/// address folder's name and the file stem; none when `dir` does not exist.
fn files_under(dir: &Path, ext: &str) -> Result<Vec<FoundFile>, StateError> {
    let mut found = Vec::new();
    let Ok(addresses) = std::fs::read_dir(dir) else {
        return Ok(found);
    };
    for address in addresses {
        let address = address.map_err(|e| io_error(dir, e))?.path();
        if !address.is_dir() {
            continue;
        }
        let address_name = address
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        for file in std::fs::read_dir(&address).map_err(|e| io_error(&address, e))? {
            let file = file.map_err(|e| io_error(&address, e))?.path();
            if file.extension().and_then(|e| e.to_str()) != Some(ext) {
                continue;
            }
            let stem = file
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            found.push((file, (address_name.clone(), stem)));
        }
    }
    found.sort();
    Ok(found)
}

/// A struct tag as a file name: letters, digits, `_`, `.` and `-` as they are, every other
/// byte `%XX`.
fn encode_name(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The inverse of [`encode_name`] (`None` for a malformed escape or text that is not UTF-8).
fn decode_name(name: &str) -> Option<String> {
    let bytes = name.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = name.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_tags_survive_the_file_name_encoding() {
        let tag = "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin, vector<u8>>";
        let name = encode_name(tag);
        assert!(!name.contains(['/', '<', ':', ' ']), "{name}");
        assert_eq!(decode_name(&name).as_deref(), Some(tag));
        assert_eq!(decode_name("bad%zz"), None);
        assert_eq!(decode_name("cut%4"), None);
    }

    /// A publish whose second file cannot be written removes the first one again, keeps the
    /// memory as it was and journals the failure; a commit likewise puts back the old bytes.
    #[test]
    fn a_write_that_fails_half_way_puts_back_what_it_wrote() {
        let root =
            std::env::temp_dir().join(format!("tern-state-fail-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let mut storage = DirectoryStorage::open(&root).unwrap();
        let module = |name: &str| {
            let source =
                format!("module 0x42::{name}\npublic fun f(): u64\n    ld_u64 1\n    ret\n");
            let unit = tern_asm::assembler::assemble(&source, &[], &Default::default()).unwrap();
            let tern_asm::assembler::CompiledUnit::Module(m) = unit else {
                panic!("not a module")
            };
            let id = m.self_id().unwrap();
            (id, m.serialize().unwrap(), Arc::new(m))
        };
        let (a, b) = (module("a"), module("b"));
        // `b.mv` cannot be written: a folder stands where it goes.
        let b_path = storage.module_path(&b.0);
        std::fs::create_dir_all(b_path.join("in-the-way")).unwrap();
        let err = storage.put_modules(vec![a.clone(), b.clone()]).unwrap_err();
        assert!(err.message.contains("b.mv"), "{err}");
        assert!(!storage.module_path(&a.0).exists());
        assert!(storage.module(&a.0).unwrap().is_none());
        assert_eq!(storage.journal().lock().unwrap().write_errors.len(), 1);
        std::fs::remove_dir_all(&b_path).unwrap();
        storage.put_modules(vec![a.clone(), b]).unwrap();
        assert!(storage.module_path(&a.0).exists());

        // A commit: the first resource's old bytes come back when the second cannot be written.
        let alice = AccountAddress::from_u64(0xa);
        let (t1, t2) = (
            StructTag::from_str("0x42::a::R").unwrap(),
            StructTag::from_str("0x42::b::R").unwrap(),
        );
        let mut first = ChangeSet::default();
        first
            .resources
            .insert((alice, t1.clone()), ResourceChange::Added(vec![1]));
        storage.apply(first).unwrap();
        let t2_path = storage.resource_path(&alice, &t2);
        std::fs::create_dir_all(t2_path.join("in-the-way")).unwrap();
        let mut second = ChangeSet::default();
        second
            .resources
            .insert((alice, t1.clone()), ResourceChange::Modified(vec![2]));
        second
            .resources
            .insert((alice, t2.clone()), ResourceChange::Added(vec![3]));
        assert!(storage.apply(second).is_err());
        assert_eq!(storage.resource(&alice, &t1).unwrap(), Some(vec![1]));
        assert_eq!(storage.resource(&alice, &t2).unwrap(), None);
        assert_eq!(
            std::fs::read(storage.resource_path(&alice, &t1)).unwrap(),
            vec![1]
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn modules_and_resources_outlive_the_storage() {
        let root = std::env::temp_dir().join(format!("tern-state-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let tag = StructTag::from_str("0x42::counter::Counter").unwrap();
        let alice = AccountAddress::from_u64(0xa);
        {
            let mut vm = crate::Vm::with_parts(
                tern_vm::VmConfig::default(),
                tern_natives::stdlib_natives(),
                Box::new(DirectoryStorage::open(&root).unwrap()),
            );
            vm.publish_masm(
                "module 0x42::counter
struct Counter has key
    value: u64

public fun create(s: &signer)
    move_loc s
    ld_u64 1
    pack Counter
    move_to Counter
    ret
",
            )
            .unwrap();
            vm.call(
                "0x42::counter::create",
                &[],
                &[crate::MoveValue::Signer(alice)],
            )
            .unwrap();
        }
        let reopened = DirectoryStorage::open(&root).unwrap();
        let id = ModuleId::from_str("0x42::counter").unwrap();
        assert!(reopened.module(&id).unwrap().is_some());
        assert_eq!(
            reopened.resource(&alice, &tag).unwrap(),
            Some(1u64.to_le_bytes().to_vec())
        );
        let journal = reopened.journal();
        assert!(journal.lock().unwrap().changes.is_empty());

        // A deletion removes the file.
        let mut storage = reopened;
        let mut changes = ChangeSet::default();
        changes
            .resources
            .insert((alice, tag.clone()), ResourceChange::Deleted);
        storage.apply(changes).unwrap();
        assert!(DirectoryStorage::open(&root)
            .unwrap()
            .resource(&alice, &tag)
            .unwrap()
            .is_none());
        assert_eq!(journal.lock().unwrap().changes.len(), 1);
        assert!(journal.lock().unwrap().write_errors.is_empty());

        // A file that is not a module is named.
        std::fs::write(root.join("modules/0x42/bad.mv"), b"nope").unwrap();
        let err = DirectoryStorage::open(&root).unwrap_err();
        assert!(err.to_string().contains("bad.mv"), "{err}");
        let _ = std::fs::remove_dir_all(&root);
    }
}
