//! The embedding API end to end: publish, call with typed arguments, `&mut` results, commit
//! and discard, change sets, a custom native and a custom storage backend.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use std::sync::{Arc, Mutex};
use tern::{AccountAddress, MoveValue, StatusCode, Vm, VmConfig, VmError};
use tern_binary::CompiledModule;
use tern_primitives::{ModuleId, StructTag};
use tern_vm::natives::{NativeRegistry, NativeResult};
use tern_vm::values::Value;
use tern_vm::{
    ChangeSet, InMemoryStorage, PublishedModule, ResourceChange, Storage, StorageBackend,
    StorageError,
};

const BANK: &str = "module 0x42::bank
struct Account has key
  balance: u64

public fun open(s: &signer, amount: u64)
    move_loc s
    move_loc amount
    pack Account
    move_to Account
    ret

public fun withdraw(a: address, amount: u64): u64 acquires Account
    local r: &mut u64
    move_loc a
    mut_borrow_global Account
    mut_borrow_field Account, balance
    st_loc r
    copy_loc r
    read_ref
    copy_loc amount
    sub
    move_loc r
    write_ref
    move_loc amount
    ret

public fun close(a: address): u64 acquires Account
    move_loc a
    move_from Account
    unpack Account
    ret

public fun double(x: &mut u64)
    copy_loc x
    read_ref
    ld_u64 2
    mul
    move_loc x
    write_ref
    ret
";

fn account_tag() -> StructTag {
    StructTag {
        address: AccountAddress::from_u64(0x42),
        module: "bank".parse_ident(),
        name: "Account".parse_ident(),
        type_args: vec![],
    }
}

trait ParseIdent {
    fn parse_ident(&self) -> tern_primitives::Identifier;
}

impl ParseIdent for str {
    fn parse_ident(&self) -> tern_primitives::Identifier {
        tern_primitives::Identifier::new(self).unwrap()
    }
}

#[test]
fn vm_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Vm>();
    assert_send_sync::<tern::Runtime>();
}

#[test]
fn publish_call_commit_and_abort_leaves_storage_untouched() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(BANK).unwrap();
    let alice = AccountAddress::from_u64(0xa);
    let opened = vm
        .call(
            "0x42::bank::open",
            &[],
            &[MoveValue::Signer(alice), MoveValue::U64(100)],
        )
        .unwrap();
    let key = (alice, account_tag());
    assert_eq!(
        opened.changes.resources.get(&key),
        Some(&ResourceChange::Added(100u64.to_le_bytes().to_vec()))
    );

    let out = vm
        .call(
            "0x42::bank::withdraw",
            &[],
            &[MoveValue::Address(alice), MoveValue::U64(30)],
        )
        .unwrap();
    assert_eq!(out.return_values, vec!["30"]);
    assert_eq!(
        out.changes.resources.get(&key),
        Some(&ResourceChange::Modified(70u64.to_le_bytes().to_vec()))
    );

    // Underflow aborts with ARITHMETIC_ERROR; the balance stays 70.
    let before = vm.resource_bytes(alice, &account_tag()).unwrap();
    let err = vm
        .call(
            "0x42::bank::withdraw",
            &[],
            &[MoveValue::Address(alice), MoveValue::U64(71)],
        )
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::ARITHMETIC_ERROR);
    assert_eq!(vm.resource_bytes(alice, &account_tag()).unwrap(), before);

    assert_eq!(
        vm.resource(alice, &account_tag()).unwrap(),
        Some(MoveValue::Struct(vec![MoveValue::U64(70)]))
    );
    let closed = vm
        .call("0x42::bank::close", &[], &[MoveValue::Address(alice)])
        .unwrap();
    assert_eq!(closed.return_values, vec!["70"]);
    assert_eq!(
        closed.changes.resources.get(&key),
        Some(&ResourceChange::Deleted)
    );
    assert_eq!(vm.resource_bytes(alice, &account_tag()).unwrap(), None);
}

#[test]
fn mutable_reference_arguments_are_reported() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(BANK).unwrap();
    let out = vm
        .call("0x42::bank::double", &[], &[MoveValue::U64(21)])
        .unwrap();
    assert_eq!(out.mutable_inputs, vec![(0, "42".to_string())]);
    assert_eq!(
        out.mutable_input_bytes,
        vec![(0, 42u64.to_le_bytes().to_vec())]
    );
    assert_eq!(out.mutable_input_values, vec![(0, MoveValue::U64(42))]);
}

const SHAPES: &str = "module 0x42::shapes
struct Point has copy + drop
  x: u64
  y: i8

enum Shape has drop
  Dot
    at: Point
  Line
    from: Point
    to: Point

public fun all(s: signer, a: address): (bool, u128, vector<u8>, vector<u64>, Point, Shape, signer, address)
    ld_true
    ld_u128 340282366920938463463374607431768211455
    ld_const<vector<u8>> [1, 2]
    ld_u64 7
    ld_u64 8
    vec_pack <u64>, 2
    ld_u64 3
    ld_i8 -4
    pack Point
    ld_u64 1
    ld_i8 1
    pack Point
    ld_u64 2
    ld_i8 -2
    pack Point
    pack_variant Shape, Line
    move_loc s
    move_loc a
    ret

struct Bag<T> has drop
  items: vector<T>
  first: T

// A generic struct whose field uses its type parameter inside another type.
public fun bag(): Bag<Point>
    ld_u64 5
    ld_i8 5
    pack Point
    vec_pack <Point>, 1
    ld_u64 6
    ld_i8 -6
    pack Point
    pack Bag<Point>
    ret

public fun id(x: u64): u64
    move_loc x
    ret

public fun closure(): |u64|u64 has copy + drop
    pack_closure id, 0
    ret
";

#[test]
fn return_values_come_typed() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(SHAPES).unwrap();
    let alice = AccountAddress::from_u64(0xa11ce);
    let out = vm
        .call(
            "0x42::shapes::all",
            &[],
            &[MoveValue::Signer(alice), MoveValue::Address(alice)],
        )
        .unwrap();
    let point = |x: u64, y: i8| MoveValue::Struct(vec![MoveValue::U64(x), MoveValue::I8(y)]);
    assert_eq!(
        out.values,
        vec![
            MoveValue::Bool(true),
            MoveValue::U128(u128::MAX),
            MoveValue::bytes([1, 2]),
            MoveValue::Vector(vec![MoveValue::U64(7), MoveValue::U64(8)]),
            point(3, -4),
            MoveValue::Variant(1, vec![point(1, 1), point(2, -2)]),
            MoveValue::Signer(alice),
            MoveValue::Address(alice),
        ]
    );
    // Each typed value encodes to the BCS bytes the run reported (but a signer: as an argument
    // it is its bare address, as a value its variant form).
    for (value, bytes) in out.values.iter().zip(&out.return_bytes) {
        if !matches!(value, MoveValue::Signer(_)) {
            assert_eq!(&value.to_bcs(), bytes, "{value:?}");
        }
    }
    let out = vm.call("0x42::shapes::bag", &[], &[]).unwrap();
    assert_eq!(
        out.values,
        vec![MoveValue::Struct(vec![
            MoveValue::Vector(vec![point(5, 5)]),
            point(6, -6)
        ])]
    );
    // A closure has no typed form: its bytes stand for it.
    let out = vm.call("0x42::shapes::closure", &[], &[]).unwrap();
    assert_eq!(
        out.values,
        vec![MoveValue::Bcs(out.return_bytes[0].clone())]
    );
}

#[test]
fn simulate_then_commit_or_discard() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(BANK).unwrap();
    let bob = AccountAddress::from_u64(0xb);
    let module = ModuleId::new(AccountAddress::from_u64(0x42), "bank".parse_ident());
    let args = vec![MoveValue::Signer(bob).to_bcs(), MoveValue::U64(5).to_bcs()];
    let sim = vm.simulate_function(&module, "open", &[], args).unwrap();
    assert_eq!(
        vm.resource_bytes(bob, &account_tag()).unwrap(),
        None,
        "simulation commits nothing"
    );
    vm.commit(sim.changes).unwrap();
    assert_eq!(
        vm.resource_bytes(bob, &account_tag()).unwrap(),
        Some(5u64.to_le_bytes().to_vec())
    );
}

#[test]
fn custom_native_registered_by_the_embedder() {
    let mut natives = NativeRegistry::new();
    tern_natives::add_stdlib_natives(&mut natives);
    natives.register(
        AccountAddress::from_u64(0x77),
        "host",
        "answer",
        Arc::new(|_ctx, _tys, args| match args.first() {
            Some(Value::U64(x)) => Ok(NativeResult::Return(vec![Value::U64(x + 42)])),
            _ => Ok(NativeResult::Abort(1)),
        }),
    );
    let mut vm = Vm::with_parts(
        VmConfig::default(),
        natives,
        Box::new(InMemoryStorage::new()),
    );
    vm.publish_stdlib().unwrap();
    vm.publish_masm(
        "module 0x77::host
public native fun answer(x: u64): u64
public native fun missing(): u64
",
    )
    .unwrap();
    let out = vm
        .call("0x77::host::answer", &[], &[MoveValue::U64(1)])
        .unwrap();
    assert_eq!(out.return_values, vec!["43"]);
    let err = vm.call("0x77::host::missing", &[], &[]).unwrap_err();
    assert_eq!(err.status(), StatusCode::MISSING_DEPENDENCY);
    assert_eq!(err.message(), Some("Missing Native Function `missing`"));
}

/// A storage backend that counts how often resources are read.
struct CountingStorage {
    inner: InMemoryStorage,
    reads: Mutex<usize>,
}

impl Storage for CountingStorage {
    fn module(&self, id: &ModuleId) -> Result<Option<Arc<CompiledModule>>, StorageError> {
        self.inner.module(id)
    }
    fn resource(
        &self,
        address: &AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        *self.reads.lock().unwrap() += 1;
        self.inner.resource(address, tag)
    }
}

impl StorageBackend for CountingStorage {
    fn put_modules(&mut self, modules: Vec<PublishedModule>) -> Result<(), StorageError> {
        self.inner.put_modules(modules)
    }
    fn apply(&mut self, changes: ChangeSet) -> Result<(), StorageError> {
        StorageBackend::apply(&mut self.inner, changes)
    }
}

#[test]
fn custom_storage_backend() {
    let storage = CountingStorage {
        inner: InMemoryStorage::new(),
        reads: Mutex::new(0),
    };
    let mut vm = Vm::with_parts(
        VmConfig::default(),
        tern_natives::stdlib_natives(),
        Box::new(storage),
    );
    vm.publish_stdlib().unwrap();
    vm.publish_masm(BANK).unwrap();
    let carol = AccountAddress::from_u64(0xc);
    vm.call(
        "0x42::bank::open",
        &[],
        &[MoveValue::Signer(carol), MoveValue::U64(1)],
    )
    .unwrap();
    assert_eq!(
        vm.resource_bytes(carol, &account_tag()).unwrap(),
        Some(1u64.to_le_bytes().to_vec())
    );
}

/// A native's host state: a log kept in the session's extensions across calls.
#[derive(Default)]
struct EventLog(Vec<u64>);

#[test]
fn natives_share_host_state_through_the_session() {
    let mut natives = NativeRegistry::new();
    tern_natives::add_stdlib_natives(&mut natives);
    natives.register(
        AccountAddress::from_u64(0x77),
        "log",
        "emit",
        Arc::new(|ctx, _tys, args| {
            let (Some(Value::U64(x)), Some(log)) =
                (args.first(), ctx.extensions.get_mut::<EventLog>())
            else {
                return Ok(NativeResult::Abort(1));
            };
            log.0.push(*x);
            Ok(NativeResult::Return(vec![]))
        }),
    );
    let mut vm = Vm::with_parts(
        VmConfig::default(),
        natives,
        Box::new(InMemoryStorage::new()),
    );
    vm.publish_stdlib().unwrap();
    vm.publish_masm(
        "module 0x77::log
native fun emit(x: u64)

public fun twice(x: u64)
    copy_loc x
    call emit
    move_loc x
    ld_u64 1
    add
    call emit
    ret
",
    )
    .unwrap();
    let id = ModuleId::new(AccountAddress::from_u64(0x77), "log".parse_ident());
    let mut session = tern_vm::Session::new(vm.runtime(), vm.storage());
    let f = session.function(&id, "twice").unwrap();

    // Without the state the native aborts: nothing was put in.
    let err = session
        .execute(f.clone(), vec![], vec![MoveValue::U64(5).to_bcs()])
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::ABORTED);

    session.extensions_mut().insert(EventLog::default());
    session
        .execute(f.clone(), vec![], vec![MoveValue::U64(5).to_bcs()])
        .unwrap();
    session
        .execute(f, vec![], vec![MoveValue::U64(9).to_bcs()])
        .unwrap();
    assert_eq!(
        session.extensions().get::<EventLog>().map(|l| l.0.clone()),
        Some(vec![5, 6, 9, 10])
    );
    let log = session.extensions_mut().remove::<EventLog>().unwrap();
    assert_eq!(log.0.len(), 4);
    assert!(session.extensions().get::<EventLog>().is_none());
}

/// Reserved addresses: `0x0`–`0xf` and those an embedder reserves take no modules unless the
/// VM allows it, so a module cannot be published where natives bind by name (at `0x1`, a
/// `unit_test::create_signers_for_testing` declared to return `vector<u64>` would read the
/// signers it makes as integers).
#[test]
fn reserved_addresses_refuse_publishing_by_default() {
    let mut vm = Vm::with_stdlib().unwrap();
    let forged = "module 0x1::unit_test
public native fun create_signers_for_testing(n: u64): vector<u64>
";
    let err = VmError::from(vm.publish_masm(forged).unwrap_err());
    assert_eq!(
        err.status(),
        StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER
    );
    assert!(
        err.message()
            .unwrap()
            .starts_with("cannot publish 0x1::unit_test: 0x1 is a reserved address (0x0-0xf"),
        "{err:?}"
    );
    let unit_test = ModuleId::new(AccountAddress::ONE, "unit_test".parse().unwrap());
    assert!(vm.storage().module(&unit_test).unwrap().is_none());
    let plain = |address: &str| {
        format!("module {address}::m\npublic fun f(): u64\n    ld_u64 1\n    ret\n")
    };
    assert!(vm.publish_masm(&plain("0xf")).is_err());
    vm.publish_masm(&plain("0x10")).unwrap();
    // An embedder's own address, once reserved.
    vm.publish_masm(&plain("0x77")).unwrap();
    vm.reserve_addresses([AccountAddress::from_u64(0x77)]);
    assert!(vm.is_reserved_address(&AccountAddress::from_u64(0x77)));
    let again = VmError::from(vm.publish_masm(&plain("0x77")).unwrap_err());
    assert_eq!(
        again.status(),
        StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER
    );
    // Allowed, the embedder publishes there itself.
    vm.set_reserved_publishing(true);
    vm.publish_masm(&plain("0x5")).unwrap();
    vm.publish_masm(&plain("0x77")).unwrap();
}

/// Options given to one call apply to it alone: tracing, a budget under Aptos's schedule, the
/// runtime type checks; the VM's own settings stay as they were.
#[test]
fn call_options_apply_to_one_call() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(
        "module 0x42::opts\npublic fun add(a: u64, b: u64): u64\n    move_loc a\n    move_loc b\n    add\n    ret\n",
    )
    .unwrap();
    let args = [MoveValue::U64(2), MoveValue::U64(3)];
    let defaults = vm.call_options();
    let traced = tern::CallOptions {
        tracing: true,
        type_checks: true,
        ..defaults.clone()
    };
    let out = vm
        .call_with("0x42::opts::add", &[], &args, &traced)
        .unwrap();
    assert_eq!(out.values, vec![MoveValue::U64(5)]);
    assert!(out.trace.is_some());
    let schedule = std::sync::Arc::new(tern::GasSchedule::aptos());
    let metered = tern::CallOptions {
        gas_budget: Some(schedule.internal_units(1_000)),
        gas_schedule: Some(schedule),
        ..defaults
    };
    let out = vm
        .call_with("0x42::opts::add", &[], &args, &metered)
        .unwrap();
    assert!(out.gas_used.is_some_and(|g| g > 0), "{:?}", out.gas_used);
    // The next plain call runs with the VM's settings: untraced, unmetered.
    let plain = vm.call("0x42::opts::add", &[], &args).unwrap();
    assert!(plain.trace.is_none() && plain.gas_used.is_none());
    let options = vm.call_options();
    assert!(!options.tracing && !options.type_checks && options.gas_budget.is_none());
}

/// A raw `Session`'s results convert to `MoveValue`s, as `Vm::call`'s do.
#[test]
fn session_results_convert_to_move_values() {
    let mut vm = Vm::with_stdlib().unwrap();
    let id = vm
        .publish_masm(
            "module 0x42::pair\nstruct P has drop\n  a: u64\n  b: vector<u8>\n\npublic fun make(a: u64): P\n    move_loc a\n    ld_const<vector<u8>> [1, 2]\n    pack P\n    ret\n",
        )
        .unwrap();
    let runtime = vm.runtime().clone();
    let mut session = tern::Session::new(&runtime, vm.storage());
    let f = session.function(&id, "make").unwrap();
    let outcome = session
        .execute(f, Vec::new(), vec![MoveValue::U64(7).to_bcs()])
        .unwrap();
    let (ty, v) = outcome.return_values[0];
    assert_eq!(
        MoveValue::from_session(&session, ty, v).unwrap(),
        Some(MoveValue::Struct(vec![
            MoveValue::U64(7),
            MoveValue::bytes([1, 2])
        ]))
    );
}

/// `Vm::describe_error` names the function and instruction that failed and the abort code's
/// category, as `tern run` prints them.
#[test]
fn errors_are_described_in_words() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(
        "module 0x42::fails\npublic fun check(x: u64)\n    copy_loc x\n    ld_u64 10\n    lt\n    br_true ok\n    ld_u64 65537\n    abort\nok: ret\n",
    )
    .unwrap();
    let err = vm
        .call("0x42::fails::check", &[], &[MoveValue::U64(11)])
        .unwrap_err();
    assert_eq!(
        vm.describe_error(&err),
        "ABORTED in 0x42::fails::check at offset 5 (abort): abort code 65537 (0x10001: \
         INVALID_ARGUMENT, reason 1)"
    );
}

/// A native registered with its signature binds only as that signature: declared otherwise
/// (the issue's `create_signers_for_testing` returning `vector<u64>`), it fails when called,
/// naming both, instead of handing signers over as integers.
#[test]
fn a_native_declared_with_another_signature_does_not_bind() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.set_reserved_publishing(true);
    vm.publish_masm(
        "module 0x1::unit_test
public native fun create_signers_for_testing(n: u64): vector<u64>
",
    )
    .unwrap();
    let err = vm
        .call(
            "0x1::unit_test::create_signers_for_testing",
            &[],
            &[MoveValue::U64(2)],
        )
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::MISSING_DEPENDENCY);
    assert_eq!(
        err.message(),
        Some(
            "native 0x1::unit_test::create_signers_for_testing is declared as (u64): \
             vector<u64>, but implements (u64): vector<signer>"
        )
    );
    // Declared as it is implemented, it binds.
    vm.publish_masm(
        "module 0x1::unit_test
public native fun create_signers_for_testing(n: u64): vector<signer>
",
    )
    .unwrap_err(); // an incompatible upgrade of the module above
    let mut fresh = Vm::with_stdlib().unwrap();
    fresh.set_reserved_publishing(true);
    fresh
        .publish_masm(
            "module 0x1::unit_test
public native fun create_signers_for_testing(n: u64): vector<signer>
",
        )
        .unwrap();
    let out = fresh
        .call(
            "0x1::unit_test::create_signers_for_testing",
            &[],
            &[MoveValue::U64(2)],
        )
        .unwrap();
    assert_eq!(out.values.len(), 1);
}
