//! Verify, publish and run: a module that passes Tern's verifier is published into a VM with
//! Tern's standard library, and every function the fuzzer can build arguments for is called,
//! metered with a budget of 10 000 units.
//!
//! Input: `[n] [n argument bytes] [module bytes]`. Functions are called in definition order;
//! their type arguments (one of `u64`, `bool`, `address`, `vector<u8>` each) and arguments
//! (integers, signed integers, `bool`, `address`, `signer`, `&signer`, `vector<u8>`, and type
//! parameters of those) are read from the argument bytes, zeros once they run out. A function
//! with any other parameter type is skipped.
//!
//! Each call runs twice, in two VMs that saw the same calls: with the runtime type checks off
//! and on. Errors are expected. Findings: a panic or abort; the two runs ending differently
//! (verified code never fails a runtime type check); a failed run that changed storage; a
//! successful run whose storage is not the old one plus its reported changes; one of the
//! interpreter's consistency errors (`UNKNOWN_INVARIANT_VIOLATION_ERROR`,
//! `INTERNAL_TYPE_ERROR`, `EMPTY_VALUE_STACK`, `UNREACHABLE`) on verified code.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, Mutex, OnceLock};
use tern::{
    AccountAddress, ChangeSet, InMemoryStorage, ModuleId, PublishedModule, ResourceChange,
    StatusCode, Storage, StorageBackend, StorageError, StructTag, TypeTag, Vm, VmConfig,
};
use tern_binary::{CompiledModule, SignatureToken};
use tern_verifier::{verify_module, VerifierConfig};

/// The gas budget of each call.
const BUDGET: u64 = 10_000;

fuzz_target!(|data: &[u8]| {
    let Some((&n, rest)) = data.split_first() else {
        return;
    };
    let (args, bytes) = rest.split_at(usize::from(n).min(rest.len()));
    let Ok(module) = CompiledModule::deserialize(bytes) else {
        return;
    };
    // Publishing verifies again; this filters out most inputs before a VM is built.
    if verify_module(&module, &VerifierConfig::default()).is_err() {
        return;
    }
    let calls = plan_calls(&module, args);
    let mut plain = Harness::new(false);
    let Ok(id) = plain.vm.publish(bytes) else {
        return;
    };
    let mut checked = Harness::new(true);
    checked
        .vm
        .publish(bytes)
        .expect("a module published once publishes again");
    for call in &calls {
        let a = plain.run(&id, call);
        let b = checked.run(&id, call);
        assert_eq!(a, b, "{}: type checks off, on", call.function);
    }
});

/// One call: the function, its type arguments and BCS arguments (signers as addresses).
struct Call {
    function: String,
    type_args: Vec<TypeTag>,
    args: Vec<Vec<u8>>,
}

/// The argument bytes, read front to back, zeros once exhausted.
struct Source<'a>(&'a [u8]);

impl Source<'_> {
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        let take = n.min(self.0.len());
        let (head, tail) = self.0.split_at(take);
        self.0 = tail;
        let mut out = head.to_vec();
        out.resize(n, 0);
        out
    }

    fn byte(&mut self) -> u8 {
        self.bytes(1)[0]
    }
}

/// The calls to make: every defined function whose parameters can be built.
fn plan_calls(module: &CompiledModule, args: &[u8]) -> Vec<Call> {
    let mut source = Source(args);
    let mut calls = Vec::new();
    for def in &module.function_defs {
        let Some(handle) = module.function_handles.get(def.function.0 as usize) else {
            continue;
        };
        let Some(name) = module.identifiers.get(handle.name.0 as usize) else {
            continue;
        };
        let Some(params) = module.signatures.get(handle.parameters.0 as usize) else {
            continue;
        };
        let type_args: Vec<TypeTag> = handle
            .type_parameters
            .iter()
            .map(|_| match source.byte() % 4 {
                0 => TypeTag::U64,
                1 => TypeTag::Bool,
                2 => TypeTag::Address,
                _ => TypeTag::Vector(Box::new(TypeTag::U8)),
            })
            .collect();
        let args: Option<Vec<Vec<u8>>> = params
            .0
            .iter()
            .map(|t| argument(t, &type_args, &mut source))
            .collect();
        if let Some(args) = args {
            calls.push(Call {
                function: name.to_string(),
                type_args,
                args,
            });
        }
    }
    calls
}

/// The BCS bytes of an argument of type `token`, or `None` when the fuzzer cannot build one.
fn argument(
    token: &SignatureToken,
    type_args: &[TypeTag],
    source: &mut Source<'_>,
) -> Option<Vec<u8>> {
    use SignatureToken as S;
    Some(match token {
        S::Bool => vec![source.byte() & 1],
        S::U8 | S::I8 => source.bytes(1),
        S::U16 | S::I16 => source.bytes(2),
        S::U32 | S::I32 => source.bytes(4),
        S::U64 | S::I64 => source.bytes(8),
        S::U128 | S::I128 => source.bytes(16),
        S::U256 | S::I256 => source.bytes(32),
        S::Address | S::Signer => address(source),
        S::Reference(inner) if **inner == S::Signer => address(source),
        S::Vector(inner) if **inner == S::U8 => vector(source),
        S::TypeParameter(i) => match type_args.get(usize::from(*i))? {
            TypeTag::U64 => source.bytes(8),
            TypeTag::Bool => vec![source.byte() & 1],
            TypeTag::Address => address(source),
            _ => vector(source),
        },
        _ => return None,
    })
}

/// An address: `0x0` to `0xff` (so that two arguments meet often).
fn address(source: &mut Source<'_>) -> Vec<u8> {
    AccountAddress::from_u64(u64::from(source.byte()))
        .as_bytes()
        .to_vec()
}

/// A `vector<u8>` of up to 32 bytes.
fn vector(source: &mut Source<'_>) -> Vec<u8> {
    let len = source.byte() % 33;
    let mut out = vec![len];
    out.extend(source.bytes(usize::from(len)));
    out
}

/// A VM over storage the harness can also read.
struct Harness {
    vm: Vm,
    storage: Shared,
}

impl Harness {
    /// A metered VM with the standard library published (a copy of a prepared storage).
    fn new(type_checks: bool) -> Harness {
        let storage = Shared(Arc::new(Mutex::new(base_storage().clone())));
        let mut vm = Vm::with_parts(
            VmConfig::default(),
            tern_natives::stdlib_natives(),
            Box::new(storage.clone()),
        );
        vm.set_gas_budget(Some(BUDGET));
        vm.set_type_checks(type_checks);
        // Inputs publish anywhere, the library's addresses included.
        vm.set_reserved_publishing(true);
        Harness { vm, storage }
    }

    /// Runs `call`, checks what it did to storage, and returns its outcome as text.
    fn run(&mut self, id: &ModuleId, call: &Call) -> String {
        let before = self.storage.snapshot();
        let result = self
            .vm
            .run_function(id, &call.function, &call.type_args, call.args.clone());
        let after = self.storage.snapshot();
        match result {
            Ok(out) => {
                let mut expected = before;
                apply(&mut expected, &out.changes);
                assert!(
                    expected == after,
                    "{}: storage is not old + changes",
                    call.function
                );
                format!("ok {:?} {:?}", out.return_bytes, out.mutable_input_bytes)
            }
            Err(e) => {
                assert!(
                    before == after,
                    "{}: a failed run changed storage",
                    call.function
                );
                let status = e.status();
                assert!(
                    !matches!(
                        status,
                        StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR
                            | StatusCode::INTERNAL_TYPE_ERROR
                            | StatusCode::EMPTY_VALUE_STACK
                            | StatusCode::UNREACHABLE
                    ),
                    "{}: a consistency check fired on verified code: {}",
                    call.function,
                    e.render_with(true)
                );
                format!("error {:?} {}", status, e.render())
            }
        }
    }
}

/// Resources by key.
type Resources = std::collections::BTreeMap<(AccountAddress, StructTag), Vec<u8>>;

/// Applies `changes` to a snapshot, as storage applies them.
fn apply(resources: &mut Resources, changes: &ChangeSet) {
    for (key, change) in &changes.resources {
        match change {
            ResourceChange::Added(b) | ResourceChange::Modified(b) => {
                resources.insert(key.clone(), b.clone());
            }
            ResourceChange::Deleted => {
                resources.remove(key);
            }
        }
    }
}

/// In-memory storage shared between the VM and the harness.
#[derive(Clone)]
struct Shared(Arc<Mutex<InMemoryStorage>>);

impl Shared {
    fn snapshot(&self) -> Resources {
        let storage = self.0.lock().expect("storage lock");
        storage
            .resources()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }
}

impl Storage for Shared {
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError> {
        Storage::module(&*self.0.lock().expect("storage lock"), id)
    }

    fn resource(
        &self,
        address: &AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        Storage::resource(&*self.0.lock().expect("storage lock"), address, tag)
    }
}

impl StorageBackend for Shared {
    fn put_modules(&mut self, modules: Vec<PublishedModule>) -> Result<(), StorageError> {
        self.0.lock().expect("storage lock").put_modules(modules)
    }

    fn apply(&mut self, changes: ChangeSet) -> Result<(), StorageError> {
        StorageBackend::apply(&mut *self.0.lock().expect("storage lock"), changes)
    }
}

/// Storage holding the standard library, published once through a VM.
fn base_storage() -> &'static InMemoryStorage {
    static BASE: OnceLock<InMemoryStorage> = OnceLock::new();
    BASE.get_or_init(|| {
        let shared = Shared(Arc::new(Mutex::new(InMemoryStorage::new())));
        let mut vm = Vm::with_storage(Box::new(shared.clone()));
        vm.publish_stdlib().expect("the standard library publishes");
        drop(vm);
        let storage = shared.0.lock().expect("storage lock").clone();
        storage
    })
}
