//! Typed function handles: the Rust types are checked once against the declaration, and calls
//! then take and return Rust values.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use tern::{AccountAddress, MoveValue, Signer, StatusCode, Vm};

const MODULE: &str = "module 0x42::t
struct Counter has key
    value: u64

struct Pair has copy + drop
    a: u64
    b: bool

public fun create(s: &signer, v: u64)
    move_loc s
    move_loc v
    pack Counter
    move_to Counter
    ret

public fun get(a: address): u64 acquires Counter
    move_loc a
    borrow_global Counter
    borrow_field Counter, value
    read_ref
    ret

public fun lengths(v: vector<u8>, w: vector<vector<u64>>): (u64, u64)
    borrow_loc v
    vec_len <u8>
    borrow_loc w
    vec_len <vector<u64>>
    ret

public fun pair(a: u64): Pair
    move_loc a
    ld_true
    pack Pair
    ret

public fun id<T: drop>(x: T): T
    move_loc x
    ret

public fun nothing()
    ret
";

fn vm() -> Vm {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(MODULE).unwrap();
    vm
}

#[test]
fn typed_calls_take_and_return_rust_values() {
    let mut vm = vm();
    let alice = AccountAddress::from_u64(0xa);
    let create = vm
        .function("0x42::t::create")
        .unwrap()
        .typed::<(Signer, u64), ()>()
        .unwrap();
    create.call(&mut vm, (Signer(alice), 7)).unwrap();
    let get = vm
        .function("0x42::t::get")
        .unwrap()
        .typed::<AccountAddress, u64>()
        .unwrap();
    assert_eq!(get.call(&mut vm, alice).unwrap(), 7);
    // A second create aborts: the typed call reports the VM's error, storage unchanged.
    let err = create.call(&mut vm, (Signer(alice), 9)).unwrap_err();
    assert_eq!(err.status(), StatusCode::RESOURCE_ALREADY_EXISTS);
    assert_eq!(get.call(&mut vm, alice).unwrap(), 7);

    let lengths = vm
        .function("0x42::t::lengths")
        .unwrap()
        .typed::<(Vec<u8>, Vec<Vec<u64>>), (u64, u64)>()
        .unwrap();
    let got = lengths
        .call(
            &mut vm,
            (b"abc".to_vec(), vec![vec![1], vec![], vec![2, 3]]),
        )
        .unwrap();
    assert_eq!(got, (3, 3));

    // Structs come as `MoveValue`, unchecked.
    let pair = vm
        .function("0x42::t::pair")
        .unwrap()
        .typed::<u64, MoveValue>()
        .unwrap();
    assert_eq!(
        pair.call(&mut vm, 5).unwrap(),
        MoveValue::Struct(vec![MoveValue::U64(5), MoveValue::Bool(true)])
    );
    let nothing = vm
        .function("0x42::t::nothing")
        .unwrap()
        .typed::<(), ()>()
        .unwrap();
    nothing.call(&mut vm, ()).unwrap();
}

#[test]
fn types_that_do_not_fit_are_refused_naming_the_first_mismatch() {
    let vm = vm();
    let get = vm.function("0x42::t::get").unwrap();
    let err = get.typed::<u64, u64>().unwrap_err();
    assert_eq!(err.status(), StatusCode::TYPE_MISMATCH);
    assert_eq!(
        err.message(),
        Some(
            "0x42::t::get cannot be called as typed: parameter 1 is address, the Rust type is u64"
        )
    );
    let err = get.typed::<(AccountAddress, u64), u64>().unwrap_err();
    assert!(err
        .message()
        .unwrap()
        .ends_with("it has 1 parameter, the Rust type 2"));
    let err = get.typed::<AccountAddress, bool>().unwrap_err();
    assert!(err
        .message()
        .unwrap()
        .ends_with("result 1 is u64, the Rust type is bool"));
    let pair = vm.function("0x42::t::pair").unwrap();
    let err = pair.typed::<u64, u64>().unwrap_err();
    assert!(err
        .message()
        .unwrap()
        .ends_with("result 1 is Pair, the Rust type is u64"));
    // A signer fits `&signer`, not an address.
    let create = vm.function("0x42::t::create").unwrap();
    assert!(create.typed::<(AccountAddress, u64), ()>().is_err());
    // A generic function is called untyped.
    let id = vm.function("0x42::t::id").unwrap();
    let err = id.typed::<u64, u64>().unwrap_err();
    assert_eq!(err.status(), StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH);
}

#[test]
fn missing_functions_and_modules_are_named() {
    let mut vm = vm();
    let err = vm.function("0x42::t::gett").unwrap_err();
    assert_eq!(err.status(), StatusCode::FUNCTION_RESOLUTION_FAILURE);
    assert_eq!(
        err.message(),
        Some("0x42::t has no function `gett` (it has: create, get, lengths, pair, id, nothing)")
    );
    let err = vm.function("0x42::nope::f").unwrap_err();
    assert_eq!(err.status(), StatusCode::LINKER_ERROR);
    assert_eq!(err.message(), Some("no module 0x42::nope is published"));
    // The untyped handle calls with type arguments.
    let id = vm.function("0x42::t::id").unwrap();
    let out = id
        .call(&mut vm, &[tern::TypeTag::U64], &[MoveValue::U64(3)])
        .unwrap();
    assert_eq!(out.values, vec![MoveValue::U64(3)]);
}

/// Two VMs over their own storages share one runtime: the module published (the same one)
/// into each, resources apart.
#[test]
fn vms_share_a_runtime_over_their_own_storage() {
    let first = vm();
    let mut second = Vm::with_runtime(
        first.runtime().clone(),
        Box::new(tern::InMemoryStorage::new()),
    );
    second.publish_stdlib().unwrap();
    second.publish_masm(MODULE).unwrap();
    let mut first = first;
    let alice = AccountAddress::from_u64(0xa);
    for (vm, value) in [(&mut first, 1u64), (&mut second, 2)] {
        let create = vm.function("0x42::t::create").unwrap();
        create
            .typed::<(Signer, u64), ()>()
            .unwrap()
            .call(vm, (Signer(alice), value))
            .unwrap();
    }
    for (vm, value) in [(&mut first, 1u64), (&mut second, 2)] {
        let get = vm.function("0x42::t::get").unwrap();
        let get = get.typed::<AccountAddress, u64>().unwrap();
        assert_eq!(get.call(vm, alice).unwrap(), value);
    }
    assert!(std::sync::Arc::ptr_eq(first.runtime(), second.runtime()));
}

/// Natives written over Rust values: arguments and results converted, an `Err` aborts with
/// its code, and a native declared with other parameter types fails naming itself.
#[test]
fn typed_natives_convert_abort_and_refuse_other_types() {
    use tern::natives::{register_typed, stdlib_natives};
    let host = AccountAddress::from_u64(0x77);
    let mut natives = stdlib_natives();
    register_typed(&mut natives, host, "h", "reverse", |_, (b,): (Vec<u8>,)| {
        Ok::<_, u64>(b.into_iter().rev().collect::<Vec<u8>>())
    });
    register_typed(
        &mut natives,
        host,
        "h",
        "check",
        |_, (ok, code): (bool, u64)| {
            if ok {
                Ok(())
            } else {
                Err(code)
            }
        },
    );
    register_typed(&mut natives, host, "h", "pair", |_, ()| {
        Ok::<_, u64>((7u8, AccountAddress::from_u64(9)))
    });
    // Declared `(u64)` in Move, registered over a `bool`.
    register_typed(&mut natives, host, "h", "mismatch", |_, (b,): (bool,)| {
        Ok::<_, u64>(b)
    });
    let mut vm = Vm::with_parts(
        tern::VmConfig::default(),
        natives,
        Box::new(tern::InMemoryStorage::new()),
    );
    vm.publish_stdlib().unwrap();
    vm.publish_masm(
        "module 0x77::h
public native fun reverse(b: vector<u8>): vector<u8>
public native fun check(ok: bool, code: u64)
public native fun pair(): (u8, address)
public native fun mismatch(x: u64): bool
",
    )
    .unwrap();
    let reverse = vm
        .function("0x77::h::reverse")
        .unwrap()
        .typed::<Vec<u8>, Vec<u8>>()
        .unwrap();
    assert_eq!(reverse.call(&mut vm, b"abc".to_vec()).unwrap(), b"cba");
    let check = vm.function("0x77::h::check").unwrap();
    let check = check.typed::<(bool, u64), ()>().unwrap();
    check.call(&mut vm, (true, 3)).unwrap();
    let err = check.call(&mut vm, (false, 3)).unwrap_err();
    assert_eq!(
        (err.status(), err.sub_status()),
        (StatusCode::ABORTED, Some(3))
    );
    let pair = vm.function("0x77::h::pair").unwrap();
    let pair = pair.typed::<(), (u8, AccountAddress)>().unwrap();
    assert_eq!(
        pair.call(&mut vm, ()).unwrap(),
        (7, AccountAddress::from_u64(9))
    );
    let err = vm
        .call("0x77::h::mismatch", &[], &[MoveValue::U64(1)])
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR);
    assert!(
        err.message().unwrap().contains("0x77::h::mismatch"),
        "{err}"
    );
}
