//! An aborted transaction leaves the whole store as it was: every resource and every module,
//! compared byte for byte through a storage backend the test can read.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use std::sync::{Arc, Mutex};
use tern::{AccountAddress, MoveValue, StatusCode, Vm, VmConfig};
use tern_binary::CompiledModule;
use tern_primitives::{ModuleId, StructTag};
use tern_vm::{ChangeSet, InMemoryStorage, PublishedModule, Storage, StorageBackend, StorageError};

/// In-memory storage the test keeps a handle to.
struct Shared(Arc<Mutex<InMemoryStorage>>);

impl Storage for Shared {
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError> {
        Storage::module(&*self.0.lock().unwrap(), id)
    }
    fn resource(
        &self,
        address: &AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        Storage::resource(&*self.0.lock().unwrap(), address, tag)
    }
}

impl StorageBackend for Shared {
    fn put_modules(&mut self, modules: Vec<PublishedModule>) -> Result<(), StorageError> {
        self.0.lock().unwrap().put_modules(modules)
    }
    fn apply(&mut self, changes: ChangeSet) -> Result<(), StorageError> {
        StorageBackend::apply(&mut *self.0.lock().unwrap(), changes)
    }
}

/// Every resource and every module's bytes, in key order.
type Snapshot = (
    Vec<((AccountAddress, StructTag), Vec<u8>)>,
    Vec<(ModuleId, Vec<u8>)>,
);

fn snapshot(storage: &Mutex<InMemoryStorage>) -> Snapshot {
    let s = storage.lock().unwrap();
    let resources = s.resources().map(|(k, v)| (k.clone(), v.clone())).collect();
    let modules = s
        .modules()
        .map(|(id, _)| (id.clone(), s.module_bytes(id).unwrap_or_default().to_vec()))
        .collect();
    (resources, modules)
}

const MULTI: &str = "module 0x42::multi
struct R has key
  v: u64

public fun put(s: &signer, v: u64)
    move_loc s
    move_loc v
    pack R
    move_to R
    ret

// Adds an R at `s`, overwrites the one at `a`, removes the one at `b`, then aborts with 7 if
// `fail`.
public fun churn(s: &signer, a: address, b: address, fail: bool) acquires R
    move_loc s
    ld_u64 1
    pack R
    move_to R
    ld_u64 99
    move_loc a
    mut_borrow_global R
    mut_borrow_field R, v
    write_ref
    move_loc b
    move_from R
    unpack R
    pop
    move_loc fail
    br_false done
    ld_u64 7
    abort
done:
    ret
";

#[test]
fn an_abort_leaves_every_resource_and_module_as_it_was() {
    let store = Arc::new(Mutex::new(InMemoryStorage::new()));
    let mut vm = Vm::with_parts(
        VmConfig::default(),
        tern_natives::stdlib_natives(),
        Box::new(Shared(store.clone())),
    );
    vm.publish_stdlib().unwrap();
    vm.publish_masm(MULTI).unwrap();
    let (a, b, c) = (
        AccountAddress::from_u64(0xa),
        AccountAddress::from_u64(0xb),
        AccountAddress::from_u64(0xc),
    );
    for (at, v) in [(a, 10), (b, 20)] {
        vm.call(
            "0x42::multi::put",
            &[],
            &[MoveValue::Signer(at), MoveValue::U64(v)],
        )
        .unwrap();
    }
    let churn = |fail| {
        [
            MoveValue::Signer(c),
            MoveValue::Address(a),
            MoveValue::Address(b),
            MoveValue::Bool(fail),
        ]
    };

    let before = snapshot(&store);
    assert_eq!(before.0.len(), 2);
    let e = vm
        .call("0x42::multi::churn", &[], &churn(true))
        .unwrap_err();
    assert_eq!(e.status(), StatusCode::ABORTED);
    assert_eq!(e.sub_status(), Some(7));
    assert_eq!(snapshot(&store), before);

    // The same transaction without the abort commits all three changes.
    vm.call("0x42::multi::churn", &[], &churn(false)).unwrap();
    let after = snapshot(&store);
    let values: Vec<(AccountAddress, Vec<u8>)> = after
        .0
        .iter()
        .map(|((at, _), v)| (*at, v.clone()))
        .collect();
    assert_eq!(
        values,
        vec![
            (a, 99u64.to_le_bytes().to_vec()),
            (c, 1u64.to_le_bytes().to_vec())
        ]
    );
    assert_eq!(after.1, before.1);
}
