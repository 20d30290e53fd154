//! A storage backend that fails on read, on commit or on publish: the run or publish fails
//! with `STORAGE_ERROR` (no panic), the committed state stays byte-identical, and the VM goes
//! on working once the storage does.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code

use std::sync::{Arc, Mutex};
use tern::{AccountAddress, MoveValue, Runtime, StatusCode, Vm, VmConfig, VmError};
use tern_binary::CompiledModule;
use tern_primitives::{ModuleId, StructTag};
use tern_vm::{ChangeSet, InMemoryStorage, PublishedModule, Storage, StorageBackend, StorageError};

/// Every module's bytes and every resource (keyed `address/type`), in key order.
type Snapshot = (Vec<(ModuleId, Vec<u8>)>, Vec<(String, Vec<u8>)>);

/// Which operations fail.
#[derive(Default)]
struct Faults {
    resource_reads: bool,
    module_reads: bool,
    commits: bool,
    publishes: bool,
}

/// In-memory storage with switchable faults, shared with the test.
#[derive(Clone, Default)]
struct Faulty(Arc<Mutex<(InMemoryStorage, Faults)>>);

impl Faulty {
    fn set(&self, f: impl FnOnce(&mut Faults)) {
        f(&mut self.0.lock().unwrap().1);
    }

    /// Every module's bytes and every resource, in key order.
    fn snapshot(&self) -> Snapshot {
        let guard = self.0.lock().unwrap();
        let s = &guard.0;
        let modules = s
            .modules()
            .map(|(id, _)| (id.clone(), s.module_bytes(id).unwrap().to_vec()))
            .collect();
        let resources = s
            .resources()
            .map(|((a, t), b)| (format!("{a}/{t}"), b.clone()))
            .collect();
        (modules, resources)
    }
}

fn fault(what: &str) -> StorageError {
    StorageError::new(format!("the database is unreachable ({what})"))
}

impl Storage for Faulty {
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError> {
        let guard = self.0.lock().unwrap();
        if guard.1.module_reads {
            return Err(fault("module read"));
        }
        Ok(guard.0.get_module(id))
    }

    fn resource(
        &self,
        address: &AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        let guard = self.0.lock().unwrap();
        if guard.1.resource_reads {
            return Err(fault("resource read"));
        }
        Ok(guard.0.get_resource(address, tag))
    }
}

impl StorageBackend for Faulty {
    fn put_modules(&mut self, modules: Vec<PublishedModule>) -> Result<(), StorageError> {
        let mut guard = self.0.lock().unwrap();
        if guard.1.publishes {
            return Err(fault("publish"));
        }
        guard.0.put_modules(modules)
    }

    fn apply(&mut self, changes: ChangeSet) -> Result<(), StorageError> {
        let mut guard = self.0.lock().unwrap();
        if guard.1.commits {
            return Err(fault("commit"));
        }
        StorageBackend::apply(&mut guard.0, changes)
    }
}

#[path = "common/counter.rs"]
mod counter;
use counter::COUNTER;

fn alice() -> AccountAddress {
    AccountAddress::from_u64(0xa11ce)
}

/// A VM with the standard library and the counter published, and Alice's counter at 0.
fn setup() -> (Vm, Faulty) {
    let storage = Faulty::default();
    let mut vm = Vm::with_storage(Box::new(storage.clone()));
    vm.publish_stdlib().unwrap();
    vm.publish_masm(COUNTER).unwrap();
    vm.call("0x42::counter::init", &[], &[MoveValue::Signer(alice())])
        .unwrap();
    (vm, storage)
}

fn incr(vm: &mut Vm) -> Result<u64, VmError> {
    let out = vm.call("0x42::counter::incr", &[], &[MoveValue::Address(alice())])?;
    match out.values.as_slice() {
        [MoveValue::U64(v)] => Ok(*v),
        other => panic!("incr returned {other:?}"),
    }
}

fn assert_storage_error(err: &VmError, what: &str) {
    assert_eq!(err.status(), StatusCode::STORAGE_ERROR, "{err:?}");
    assert_eq!(
        err.message(),
        Some(format!("storage: the database is unreachable ({what})").as_str())
    );
}

#[test]
fn a_failed_resource_read_fails_the_run_and_changes_nothing() {
    let (mut vm, storage) = setup();
    assert_eq!(incr(&mut vm).unwrap(), 1);
    let before = storage.snapshot();
    storage.set(|f| f.resource_reads = true);
    let err = incr(&mut vm).unwrap_err();
    assert_storage_error(&err, "resource read");
    assert_eq!(storage.snapshot(), before);
    // Reading through the VM reports it too, as an error.
    let tag: StructTag = "0x42::counter::Counter".parse().unwrap();
    assert_storage_error(
        &vm.resource_bytes(alice(), &tag).unwrap_err(),
        "resource read",
    );
    storage.set(|f| f.resource_reads = false);
    assert_eq!(incr(&mut vm).unwrap(), 2);
}

#[test]
fn a_failed_module_read_fails_the_run_and_changes_nothing() {
    let (_, storage) = setup();
    // A VM with an empty code cache has to read the module.
    let runtime = Arc::new(Runtime::new(
        VmConfig::default(),
        tern::natives::stdlib_natives(),
    ));
    let mut vm = Vm::with_runtime(runtime, Box::new(storage.clone()));
    let before = storage.snapshot();
    storage.set(|f| f.module_reads = true);
    let err = incr(&mut vm).unwrap_err();
    assert_storage_error(&err, "module read");
    assert_eq!(storage.snapshot(), before);
    storage.set(|f| f.module_reads = false);
    assert_eq!(incr(&mut vm).unwrap(), 1);
}

#[test]
fn a_failed_commit_fails_the_run_and_changes_nothing() {
    let (mut vm, storage) = setup();
    assert_eq!(incr(&mut vm).unwrap(), 1);
    let before = storage.snapshot();
    storage.set(|f| f.commits = true);
    let err = incr(&mut vm).unwrap_err();
    assert_storage_error(&err, "commit");
    assert_eq!(storage.snapshot(), before);
    storage.set(|f| f.commits = false);
    // The failed run's increment was not kept: the next one counts from 1.
    assert_eq!(incr(&mut vm).unwrap(), 2);
}

#[test]
fn a_failed_publish_stores_nothing_and_keeps_the_old_code() {
    let (mut vm, storage) = setup();
    let before = storage.snapshot();
    storage.set(|f| f.publishes = true);
    // An upgrade and a new module in one bundle: neither is stored.
    let upgrade = COUNTER.replace("ld_u64 1\n    ret\n", "ld_u64 2\n    ret\n");
    let other = "module 0x42::other\npublic fun f(): u64\n    ld_u64 9\n    ret\n";
    let bundle: Vec<Vec<u8>> = [upgrade.as_str(), other]
        .iter()
        .map(|source| {
            let unit = tern_asm::assembler::assemble(source, &[], &Default::default()).unwrap();
            let tern_asm::assembler::CompiledUnit::Module(m) = unit else {
                panic!("not a module")
            };
            m.serialize().unwrap()
        })
        .collect();
    let err = vm.publish_bundle(&bundle).unwrap_err();
    assert_storage_error(&err, "publish");
    assert_eq!(storage.snapshot(), before);
    let version = |vm: &mut Vm| vm.call("0x42::counter::version", &[], &[]).unwrap().values;
    assert_eq!(version(&mut vm), vec![MoveValue::U64(1)]);
    assert!(vm.call("0x42::other::f", &[], &[]).is_err());
    storage.set(|f| f.publishes = false);
    vm.publish_bundle(&bundle).unwrap();
    assert_eq!(version(&mut vm), vec![MoveValue::U64(2)]);
    assert_eq!(
        vm.call("0x42::other::f", &[], &[]).unwrap().values,
        vec![MoveValue::U64(9)]
    );
}
