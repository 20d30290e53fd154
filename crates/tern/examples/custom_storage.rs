//! A custom storage backend: the [`Storage`] (reads) and [`StorageBackend`] (publish and
//! commit) traits implemented over a shared "database" that logs every read and write.
//!
//! Shows what the VM asks of storage when it publishes, runs, commits, and fails (a failed run
//! reads but never writes), and that a second [`Vm`] over the same database sees what the
//! first one committed. The traits cannot return errors: a backend that can fail (a disk, a
//! network) has to keep its errors on the side, as `tern::DirectoryStorage` does.
//!
//! Run with `cargo run --release -p tern --example custom_storage`.

use std::collections::BTreeMap;
use std::error::Error;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tern::{
    AccountAddress, ChangeSet, ModuleId, MoveValue, PublishedModule, ResourceChange, StatusCode,
    Storage, StorageBackend, StorageError, Vm,
};
use tern::{CompiledModule, StructTag};

/// The tables of the "database", and the log of what was asked of it.
#[derive(Default)]
struct Tables {
    modules: BTreeMap<ModuleId, (Vec<u8>, Arc<CompiledModule>)>,
    resources: BTreeMap<(AccountAddress, StructTag), Vec<u8>>,
    log: Vec<String>,
}

/// A handle on the shared tables: the VM owns its storage (`Box<dyn StorageBackend>`), so
/// whatever the embedder wants to look at afterwards is shared with it.
#[derive(Clone, Default)]
struct LoggingStorage {
    db: Arc<Mutex<Tables>>,
}

impl LoggingStorage {
    fn tables(&self) -> MutexGuard<'_, Tables> {
        // A panic while holding the lock cannot leave the maps half-updated: keep going.
        self.db.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The log entries since the last call, leaving the log empty.
    fn take_log(&self) -> Vec<String> {
        std::mem::take(&mut self.tables().log)
    }
}

impl Storage for LoggingStorage {
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError> {
        let mut t = self.tables();
        let found = t.modules.get(id).map(|(_, m)| m.clone());
        t.log.push(format!(
            "read module {id}{}",
            if found.is_some() { "" } else { " (none)" }
        ));
        Ok(found)
    }

    fn resource(
        &self,
        address: &AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        let mut t = self.tables();
        let found = t.resources.get(&(*address, tag.clone())).cloned();
        let what = match &found {
            Some(bytes) => format!("{} bytes", bytes.len()),
            None => "none".to_string(),
        };
        t.log
            .push(format!("read resource {tag} at {address}: {what}"));
        Ok(found)
    }
}

impl StorageBackend for LoggingStorage {
    fn put_modules(&mut self, modules: Vec<PublishedModule>) -> Result<(), StorageError> {
        let mut t = self.tables();
        for (id, bytes, module) in modules {
            t.log
                .push(format!("write module {id} ({} bytes)", bytes.len()));
            t.modules.insert(id, (bytes, module));
        }
        Ok(())
    }

    fn apply(&mut self, changes: ChangeSet) -> Result<(), StorageError> {
        let mut t = self.tables();
        for ((address, tag), change) in changes.resources {
            let entry = match &change {
                ResourceChange::Added(b) => format!("add {tag} at {address}: {b:?}"),
                ResourceChange::Modified(b) => format!("modify {tag} at {address}: {b:?}"),
                ResourceChange::Deleted => format!("delete {tag} at {address}"),
            };
            t.log.push(entry);
            match change {
                ResourceChange::Added(b) | ResourceChange::Modified(b) => {
                    t.resources.insert((address, tag), b);
                }
                ResourceChange::Deleted => {
                    t.resources.remove(&(address, tag));
                }
            }
        }
        Ok(())
    }
}

const COUNTER: &str = "module 0x42::counter

struct Counter has key
  value: u64

public fun init(account: &signer)
    move_loc account
    ld_u64 0
    pack Counter
    move_to Counter
    ret

public fun incr(owner: address): u64 acquires Counter
    local c: &mut u64
    move_loc owner
    mut_borrow_global Counter
    mut_borrow_field Counter, value
    st_loc c
    copy_loc c
    read_ref
    ld_u64 1
    add
    copy_loc c
    write_ref
    move_loc c
    read_ref
    ret

public fun get(owner: address): u64 acquires Counter
    move_loc owner
    borrow_global Counter
    borrow_field Counter, value
    read_ref
    ret
";

/// Prints a step's log entries and returns them.
fn show(step: &str, storage: &LoggingStorage) -> Vec<String> {
    let log = storage.take_log();
    println!("{step}:");
    for entry in &log {
        println!("    {entry}");
    }
    log
}

fn main() -> Result<(), Box<dyn Error>> {
    let storage = LoggingStorage::default();
    let mut vm = Vm::with_storage(Box::new(storage.clone()));

    // The standard library and our module: every module is written once.
    vm.publish_stdlib()?;
    let stdlib = storage.take_log();
    let writes = stdlib
        .iter()
        .filter(|e| e.starts_with("write module"))
        .count();
    println!(
        "publish_stdlib: {} log entries, {writes} modules written",
        stdlib.len()
    );
    assert!(writes > 0);
    let id = vm.publish_masm(COUNTER)?;
    let log = show("publish 0x42::counter", &storage);
    assert!(log
        .iter()
        .any(|e| e.starts_with(&format!("write module {id} "))));

    let alice = AccountAddress::from_u64(0xa);
    let tag: StructTag = "0x42::counter::Counter".parse()?;

    // A run reads what it touches and commits its changes in one `apply`.
    vm.call("0x42::counter::init", &[], &[MoveValue::Signer(alice)])?;
    let log = show("init(alice)", &storage);
    assert!(log.contains(&format!("add {tag} at {alice}: [0, 0, 0, 0, 0, 0, 0, 0]")));

    let out = vm.call("0x42::counter::incr", &[], &[MoveValue::Address(alice)])?;
    assert_eq!(out.values, vec![MoveValue::U64(1)]);
    let log = show("incr(alice)", &storage);
    assert!(log.contains(&format!("read resource {tag} at {alice}: 8 bytes")));
    assert!(log.contains(&format!(
        "modify {tag} at {alice}: [1, 0, 0, 0, 0, 0, 0, 0]"
    )));

    // A failed run reads but writes nothing.
    let err = match vm.call("0x42::counter::init", &[], &[MoveValue::Signer(alice)]) {
        Ok(out) => return Err(format!("a second init succeeded: {out:?}").into()),
        Err(e) => e,
    };
    assert_eq!(err.status(), StatusCode::RESOURCE_ALREADY_EXISTS);
    let log = show("init(alice) again", &storage);
    assert!(log.iter().all(|e| e.starts_with("read ")), "{log:?}");
    println!("    -> {err}");

    // A second VM over the same database: nothing to publish, the counter is there.
    let mut other = Vm::with_storage(Box::new(storage.clone()));
    let out = other.call("0x42::counter::get", &[], &[MoveValue::Address(alice)])?;
    assert_eq!(out.values, vec![MoveValue::U64(1)]);
    let log = show("get(alice) on a second VM", &storage);
    assert!(log.contains(&format!("read module {id}")));
    assert_eq!(
        other.resource_bytes(alice, &tag)?,
        Some(1u64.to_le_bytes().to_vec())
    );
    println!("    -> {}", out.return_values.join(", "));
    Ok(())
}
