//! Eight threads over one runtime (one code cache) and one store: thousands of calls, each
//! thread also writing a resource of its own, while another thread publishes an upgrade of
//! the module they call. Every result must equal the sequential run's under the version the
//! call could have seen, every write must land, and nothing may fail.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier, RwLock};
use tern::{AccountAddress, ModuleId, MoveValue, Runtime, Vm, VmConfig};
use tern_binary::CompiledModule;
use tern_primitives::StructTag;
use tern_vm::{ChangeSet, InMemoryStorage, PublishedModule, Storage, StorageBackend, StorageError};

const THREADS: u64 = 8;
const CALLS: u64 = 600;

#[path = "common/counter.rs"]
mod counter;
use counter::COUNTER as V1;

/// `V1` with `f(x) = 3x + 2`: a compatible upgrade (same public signatures and layout).
fn v2() -> String {
    V1.replace("ld_u64 2\n    mul", "ld_u64 3\n    mul")
        .replace(
            "ld_u64 1\n    add\n    ret\n\nfun scale",
            "ld_u64 2\n    add\n    ret\n\nfun scale",
        )
}

/// A store every thread's VM reads and writes.
#[derive(Clone)]
struct Shared(Arc<RwLock<InMemoryStorage>>);

impl Storage for Shared {
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError> {
        Storage::module(&*self.0.read().unwrap(), id)
    }
    fn resource(
        &self,
        address: &AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        Storage::resource(&*self.0.read().unwrap(), address, tag)
    }
}

impl StorageBackend for Shared {
    fn put_modules(&mut self, modules: Vec<PublishedModule>) -> Result<(), StorageError> {
        self.0.write().unwrap().put_modules(modules)
    }
    fn apply(&mut self, changes: ChangeSet) -> Result<(), StorageError> {
        StorageBackend::apply(&mut *self.0.write().unwrap(), changes)
    }
}

fn owner(thread: u64) -> AccountAddress {
    AccountAddress::from_u64(0x100 + thread)
}

fn f_of(vm: &mut Vm, x: u64) -> u64 {
    let out = vm
        .call("0x42::counter::f", &[], &[MoveValue::U64(x)])
        .unwrap();
    match out.values.as_slice() {
        [MoveValue::U64(v)] => *v,
        other => panic!("f({x}) returned {other:?}"),
    }
}

/// What `f` returns for every argument the threads use, run sequentially on a VM of its own
/// under `source`.
fn sequential(source: &str) -> Vec<u64> {
    let mut vm = Vm::new(VmConfig::default());
    vm.publish_masm(source).unwrap();
    (0..THREADS * CALLS).map(|x| f_of(&mut vm, x)).collect()
}

/// One call a thread made: its argument and result, whether the upgrade was published before
/// it started, and whether publishing had begun when it returned.
struct Record {
    x: u64,
    result: u64,
    upgraded_before: bool,
    publishing_after: bool,
}

#[test]
fn eight_threads_share_one_runtime_across_an_upgrade() {
    let (old, new) = (sequential(V1), sequential(&v2()));
    assert_ne!(old, new);

    let runtime = Arc::new(Runtime::new(
        VmConfig::default(),
        tern::natives::stdlib_natives(),
    ));
    let store = Shared(Arc::new(RwLock::new(InMemoryStorage::new())));
    let mut publisher = Vm::with_runtime(runtime.clone(), Box::new(store.clone()));
    publisher.publish_masm(V1).unwrap();
    for t in 0..THREADS {
        publisher
            .call("0x42::counter::init", &[], &[MoveValue::Signer(owner(t))])
            .unwrap();
    }

    let done = Arc::new(AtomicUsize::new(0));
    let publishing = Arc::new(AtomicBool::new(false));
    let upgraded = Arc::new(AtomicBool::new(false));
    let start = Arc::new(Barrier::new(THREADS as usize + 1));
    let workers: Vec<_> = (0..THREADS)
        .map(|t| {
            let (runtime, store) = (runtime.clone(), store.clone());
            let (done, publishing, upgraded) = (done.clone(), publishing.clone(), upgraded.clone());
            let start = start.clone();
            std::thread::spawn(move || {
                let mut vm = Vm::with_runtime(runtime, Box::new(store));
                let mut records = Vec::with_capacity(CALLS as usize);
                let mut bumps = Vec::new();
                start.wait();
                for i in 0..CALLS {
                    // The last quarter of each thread's calls waits for the upgrade, so that
                    // some calls are sure to run the new code however the threads are
                    // scheduled (on two cores the workers could otherwise finish before the
                    // publisher, which starts at the half-way point, is done).
                    if i == CALLS * 3 / 4 {
                        while !upgraded.load(Ordering::SeqCst) {
                            std::thread::yield_now();
                        }
                    }
                    let x = t * CALLS + i;
                    let upgraded_before = upgraded.load(Ordering::SeqCst);
                    let result = f_of(&mut vm, x);
                    let publishing_after = publishing.load(Ordering::SeqCst);
                    records.push(Record {
                        x,
                        result,
                        upgraded_before,
                        publishing_after,
                    });
                    if i % 3 == 0 {
                        let out = vm
                            .call("0x42::counter::incr", &[], &[MoveValue::Address(owner(t))])
                            .unwrap();
                        bumps.push(out.values);
                    }
                    done.fetch_add(1, Ordering::SeqCst);
                }
                (records, bumps)
            })
        })
        .collect();

    // The upgrade lands while the threads are half-way through their calls.
    start.wait();
    while done.load(Ordering::SeqCst) < (THREADS * CALLS / 2) as usize {
        std::thread::yield_now();
    }
    publishing.store(true, Ordering::SeqCst);
    let published = publisher.publish_masm(&v2());
    // Set even if publishing failed, so no worker waits for it forever.
    upgraded.store(true, Ordering::SeqCst);
    published.unwrap();

    let (mut saw_old, mut saw_new) = (0, 0);
    for (t, worker) in workers.into_iter().enumerate() {
        let (records, bumps) = worker.join().expect("a worker thread panicked");
        assert_eq!(records.len() as u64, CALLS);
        for r in records {
            let (v1, v2) = (old[r.x as usize], new[r.x as usize]);
            if r.upgraded_before {
                assert_eq!(r.result, v2, "f({}) after the upgrade", r.x);
            } else if !r.publishing_after {
                assert_eq!(r.result, v1, "f({}) before the upgrade", r.x);
            } else {
                assert!(
                    r.result == v1 || r.result == v2,
                    "f({}) = {}",
                    r.x,
                    r.result
                );
            }
            if r.result == v1 {
                saw_old += 1;
            } else {
                saw_new += 1;
            }
        }
        // Each thread's counter went 1, 2, 3, ... whatever the others did.
        let expected: Vec<Vec<MoveValue>> = (1..=bumps.len() as u64)
            .map(|n| vec![MoveValue::U64(n)])
            .collect();
        assert_eq!(bumps, expected, "thread {t}'s counter");
    }
    assert!(saw_old > 0 && saw_new > 0, "old {saw_old}, new {saw_new}");

    // The store holds every thread's last write, and the new code.
    for t in 0..THREADS {
        let count = publisher
            .call("0x42::counter::incr", &[], &[MoveValue::Address(owner(t))])
            .unwrap();
        assert_eq!(count.values, vec![MoveValue::U64(CALLS.div_ceil(3) + 1)]);
    }
    assert_eq!(f_of(&mut publisher, 10), new[10]);
}
