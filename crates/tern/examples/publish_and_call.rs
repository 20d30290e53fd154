//! Publish a `.masm` module and call it: a counter resource kept under a signer.
//!
//! Shows [`Vm::with_stdlib`], [`Vm::publish_masm`], [`Vm::call`] with typed arguments, typed
//! return values, the change set of a committed run, reading a resource back
//! ([`Vm::resource`]), and that a run that aborts (even after writing) leaves storage exactly
//! as it was.
//!
//! Run with `cargo run --release -p tern --example publish_and_call`.

use std::error::Error;
use tern::StructTag;
use tern::{AccountAddress, MoveValue, ResourceChange, StatusCode, Vm};

/// A counter under each account: `init` creates it (abort 1 if there is one), `incr` adds one,
/// `add` adds `n` and then aborts with 2 if the result is over 100, `get` reads it.
const COUNTER: &str = "module 0x42::counter

struct Counter has key
  value: u64

public fun init(account: &signer)
    copy_loc account
    call 0x1::signer::address_of
    exists Counter
    br_false create
    ld_u64 1
    abort
create:
    move_loc account
    ld_u64 0
    pack Counter
    move_to Counter
    ret

public fun incr(account: &signer): u64 acquires Counter
    local c: &mut u64
    move_loc account
    call 0x1::signer::address_of
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

// Writes the new value first, then checks it: an abort must undo the write.
public fun add(account: &signer, n: u64): u64 acquires Counter
    local c: &mut u64
    move_loc account
    call 0x1::signer::address_of
    mut_borrow_global Counter
    mut_borrow_field Counter, value
    st_loc c
    copy_loc c
    read_ref
    move_loc n
    add
    copy_loc c
    write_ref
    copy_loc c
    read_ref
    ld_u64 100
    gt
    br_false ok
    move_loc c
    pop
    ld_u64 2
    abort
ok: move_loc c
    read_ref
    ret

public fun get(owner: address): u64 acquires Counter
    move_loc owner
    borrow_global Counter
    borrow_field Counter, value
    read_ref
    ret
";

fn main() -> Result<(), Box<dyn Error>> {
    let mut vm = Vm::with_stdlib()?;
    let id = vm.publish_masm(COUNTER)?;
    println!("published {id}");

    let alice = AccountAddress::from_u64(0xa11ce);
    let tag: StructTag = "0x42::counter::Counter".parse()?;

    // `init` creates the resource: the committed change set says so.
    let out = vm.call("0x42::counter::init", &[], &[MoveValue::Signer(alice)])?;
    assert_eq!(
        out.changes.resources.get(&(alice, tag.clone())),
        Some(&ResourceChange::Added(0u64.to_le_bytes().to_vec()))
    );

    for expected in 1..=3u64 {
        let out = vm.call("0x42::counter::incr", &[], &[MoveValue::Signer(alice)])?;
        assert_eq!(out.values, vec![MoveValue::U64(expected)]);
        println!("incr -> {}", out.return_values.join(", "));
    }
    let out = vm.call(
        "0x42::counter::add",
        &[],
        &[MoveValue::Signer(alice), MoveValue::U64(10)],
    )?;
    assert_eq!(out.values, vec![MoveValue::U64(13)]);
    println!("add 10 -> {}", out.return_values.join(", "));

    // Read it back: through a function, and straight from storage.
    let out = vm.call("0x42::counter::get", &[], &[MoveValue::Address(alice)])?;
    assert_eq!(out.values, vec![MoveValue::U64(13)]);
    // The same call through a typed handle, checked once against the declaration: one
    // parameter is written bare (`AccountAddress`, or `(AccountAddress,)`), none as `()`; a
    // `Signer` stands for `signer` and `&signer` parameters.
    let get = vm
        .function("0x42::counter::get")?
        .typed::<AccountAddress, u64>()?;
    assert_eq!(get.call(&mut vm, alice)?, 13);
    assert_eq!(
        vm.resource(alice, &tag)?,
        Some(MoveValue::Struct(vec![MoveValue::U64(13)]))
    );
    let before = vm.resource_bytes(alice, &tag)?;
    // As `tern view` prints it (`Vm::view` prints the test runner's format).
    println!(
        "stored: {}",
        vm.describe_resource(alice, &tag)?.unwrap_or_default()
    );

    // A second `init` aborts with code 1.
    let err = match vm.call("0x42::counter::init", &[], &[MoveValue::Signer(alice)]) {
        Ok(out) => return Err(format!("init twice succeeded: {out:?}").into()),
        Err(e) => e,
    };
    assert_eq!(err.status(), StatusCode::ABORTED);
    assert_eq!(err.sub_status(), Some(1));
    println!("init again -> {err}");

    // `add` writes 1013 and then aborts with 2: the write is discarded with the run.
    let err = match vm.call(
        "0x42::counter::add",
        &[],
        &[MoveValue::Signer(alice), MoveValue::U64(1000)],
    ) {
        Ok(out) => return Err(format!("add 1000 succeeded: {out:?}").into()),
        Err(e) => e,
    };
    assert_eq!(err.status(), StatusCode::ABORTED);
    assert_eq!(err.sub_status(), Some(2));
    println!("add 1000 -> {err}");
    assert_eq!(vm.resource_bytes(alice, &tag)?, before);
    let out = vm.call("0x42::counter::get", &[], &[MoveValue::Address(alice)])?;
    assert_eq!(out.values, vec![MoveValue::U64(13)]);
    println!("after the aborts, get -> {}", out.return_values.join(", "));

    // An account without a counter: `get` fails with MISSING_DATA, nothing changes.
    let bob = AccountAddress::from_u64(0xb0b);
    let err = match vm.call("0x42::counter::get", &[], &[MoveValue::Address(bob)]) {
        Ok(out) => return Err(format!("get of a missing counter succeeded: {out:?}").into()),
        Err(e) => e,
    };
    assert_eq!(err.status(), StatusCode::MISSING_DATA);
    assert_eq!(vm.resource_bytes(bob, &tag)?, None);
    println!("get at {bob} -> {err}");
    Ok(())
}
