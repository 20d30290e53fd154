//! Aptos's non-cryptographic stdlib natives called through a VM running the real
//! `MoveStdlib` and `AptosStdlib` (`../shared/corpus/aptos-framework`, skipped with a message
//! when absent): the Move functions reach the natives with the argument shapes Aptos's
//! compiler produced, and the results are Aptos's, byte for byte.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod aptos_common;

use aptos_common::{call, corpus, declared_natives, hex, stdlib_vm, stdlib_vm_with, ty};
use std::collections::BTreeSet;
use tern::{MoveValue, Vm};
use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode, TypeTag};

/// The natives under test, with Aptos's crypto natives (AptosStdlib declares both).
fn natives() -> tern_vm::natives::NativeRegistry {
    let mut natives = tern_natives::aptos_stdlib_natives();
    tern_natives::add_aptos_crypto_natives(&mut natives);
    natives
}

/// A VM with MoveStdlib and AptosStdlib published; `None` without the corpus.
fn aptos_vm() -> Option<Vm> {
    stdlib_vm(natives())
}

/// The abort code of a call that must abort.
fn abort_code(vm: &mut Vm, function: &str, tys: &[&str], args: &[MoveValue]) -> u64 {
    let tys: Vec<TypeTag> = tys.iter().map(|t| ty(t)).collect();
    let err = vm.call(function, &tys, args).unwrap_err();
    assert_eq!(err.status(), StatusCode::ABORTED, "{function}: {err}");
    err.sub_status().unwrap()
}

fn bytes_of(v: &MoveValue) -> Vec<u8> {
    match v {
        MoveValue::Vector(e) => e
            .iter()
            .map(|b| match b {
                MoveValue::U8(x) => *x,
                other => panic!("not a byte: {other:?}"),
            })
            .collect(),
        other => panic!("not bytes: {other:?}"),
    }
}

/// The text of a `0x1::string::String`.
fn text(v: &MoveValue) -> String {
    match v {
        MoveValue::Struct(f) if f.len() == 1 => String::from_utf8(bytes_of(&f[0])).unwrap(),
        other => panic!("not a String: {other:?}"),
    }
}

fn string(s: &str) -> MoveValue {
    MoveValue::Struct(vec![MoveValue::bytes(s)])
}

fn u64s(v: &[u64]) -> MoveValue {
    MoveValue::Vector(v.iter().map(|x| MoveValue::U64(*x)).collect())
}

#[test]
fn only_the_vector_instructions_are_left_unregistered() {
    let Some(dir) = corpus() else { return };
    let declared = declared_natives(&dir, &["MoveStdlib", "AptosStdlib"]);
    assert_eq!(declared.len(), 22 + 88, "{declared:?}");
    let lookup = |registry: &tern_vm::natives::NativeRegistry, name: &str| {
        let (module, function) = name.split_once("::").unwrap();
        let id = ModuleId::new(AccountAddress::ONE, Identifier::new(module).unwrap());
        registry.lookup(&id, function).is_some()
    };
    // This registry alone: everything but the cryptography and the `vector`
    // functions that are bytecode instructions, which Aptos does not register as natives
    // either (a direct call of one fails with MISSING_DEPENDENCY there too).
    let vector_instructions = [
        "empty",
        "length",
        "borrow",
        "borrow_mut",
        "push_back",
        "pop_back",
        "destroy_empty",
        "swap",
    ];
    let ours = tern_natives::aptos_stdlib_natives();
    let missing: BTreeSet<&str> = declared
        .iter()
        .filter(|n| !lookup(&ours, n))
        .map(|n| n.as_str())
        .collect();
    let crypto_modules = [
        "bls12381",
        "crypto_algebra",
        "ed25519",
        "multi_ed25519",
        "ristretto255",
        "ristretto255_bulletproofs",
        "secp256k1",
    ];
    let expected: BTreeSet<&str> = declared
        .iter()
        .map(|n| n.as_str())
        .filter(|n| {
            let (module, function) = n.split_once("::").unwrap();
            crypto_modules.contains(&module)
                || (module == "vector" && vector_instructions.contains(&function))
        })
        .collect();
    assert_eq!(missing, expected);
    assert_eq!(declared.len() - missing.len(), 36);
    // With Aptos's crypto natives (`crypto_algebra` included): only the vector instructions.
    let all = natives();
    let missing: BTreeSet<&str> = declared
        .iter()
        .filter(|n| !lookup(&all, n))
        .map(|n| n.as_str())
        .collect();
    let expected: BTreeSet<&str> = declared
        .iter()
        .map(|n| n.as_str())
        .filter(|n| {
            n.strip_prefix("vector::")
                .is_some_and(|f| vector_instructions.contains(&f))
        })
        .collect();
    assert_eq!(missing, expected);
}

#[test]
fn string_utils_prints_as_aptos_prints() {
    let Some(mut vm) = aptos_vm() else { return };
    let mut to_string =
        |t: &str, v: MoveValue| text(&call(&mut vm, "0x1::string_utils::to_string", &[t], &[v])[0]);
    assert_eq!(to_string("vector<u64>", u64s(&[1, 2])), "[ 1, 2 ]");
    assert_eq!(to_string("vector<u64>", u64s(&[])), "[]");
    assert_eq!(to_string("u64", MoveValue::U64(1)), "1");
    assert_eq!(to_string("bool", MoveValue::Bool(false)), "false");
    assert_eq!(to_string("u8", MoveValue::U8(7)), "7");
    assert_eq!(
        to_string("vector<u8>", MoveValue::bytes([1, 0xab])),
        "0x01ab"
    );
    assert_eq!(
        to_string("address", MoveValue::Address(AccountAddress::ONE)),
        "@0x1"
    );
    assert_eq!(
        to_string(
            "signer",
            MoveValue::Signer(AccountAddress::from_u64(0xcafe))
        ),
        "signer(@0xcafe)"
    );
    assert_eq!(
        to_string("0x1::string::String", string("a \"q\" \\")),
        "\"a \\\"q\\\" \\\\\""
    );
    assert_eq!(
        to_string(
            "0x1::option::Option<u64>",
            MoveValue::Variant(1, vec![MoveValue::U64(1)])
        ),
        "Some(1)"
    );
    assert_eq!(
        to_string("0x1::option::Option<u64>", MoveValue::Variant(0, vec![])),
        "None"
    );
    assert_eq!(
        to_string(
            "0x1::string_utils::Cons<0x1::string::String, u64>",
            MoveValue::Struct(vec![string("My string"), MoveValue::U64(2)])
        ),
        "Cons { car: \"My string\", cdr: 2 }"
    );
    assert_eq!(
        to_string("0x1::cmp::Ordering", MoveValue::Variant(2, vec![])),
        "Greater{}"
    );
    let nested = MoveValue::Vector(vec![u64s(&[1, 2]), u64s(&[3])]);
    assert_eq!(
        to_string("vector<vector<u64>>", nested.clone()),
        "[ [ 1, 2 ], [ 3 ] ]"
    );

    let debug = text(
        &call(
            &mut vm,
            "0x1::string_utils::debug_string",
            &["vector<vector<u64>>"],
            &[nested],
        )[0],
    );
    assert_eq!(debug, "[\n  [ 1, 2 ],\n  [ 3 ]\n]");
    let info = MoveValue::Struct(vec![
        MoveValue::Address(AccountAddress::ONE),
        MoveValue::bytes("ab"),
        MoveValue::bytes("c"),
    ]);
    let debug = text(
        &call(
            &mut vm,
            "0x1::string_utils::debug_string",
            &["0x1::type_info::TypeInfo"],
            &[info],
        )[0],
    );
    assert_eq!(
        debug,
        "0x1::type_info::TypeInfo {\n  account_address: @0x1,\n  module_name: 0x6162,\n  struct_name: 0x63\n}"
    );
    let canonical = text(
        &call(
            &mut vm,
            "0x1::string_utils::to_string_with_canonical_addresses",
            &["address"],
            &[MoveValue::Address(AccountAddress::ONE)],
        )[0],
    );
    assert_eq!(canonical, format!("@{}1", "0".repeat(63)));
}

#[test]
fn string_utils_format_lists_and_their_errors() {
    let Some(mut vm) = aptos_vm() else { return };
    let out = call(
        &mut vm,
        "0x1::string_utils::format3",
        &["u64", "u64", "0x1::string::String"],
        &[
            MoveValue::bytes("a = {} b = {} c = {} {{x}}"),
            MoveValue::U64(1),
            MoveValue::U64(2),
            string("My string"),
        ],
    );
    assert_eq!(text(&out[0]), "a = 1 b = 2 c = \"My string\" {x}");
    let three = MoveValue::bytes("a = {} b = {} c = {}");
    let code = abort_code(
        &mut vm,
        "0x1::string_utils::format2",
        &["u64", "u64"],
        &[three.clone(), MoveValue::U64(1), MoveValue::U64(2)],
    );
    assert_eq!(code, tern_natives::aptos::EARGS_MISMATCH);
    let four = [1, 2, 3, 4].map(MoveValue::U64);
    let code = abort_code(
        &mut vm,
        "0x1::string_utils::format4",
        &["u64", "u64", "u64", "u64"],
        &[&[three][..], &four[..]].concat(),
    );
    assert_eq!(code, tern_natives::aptos::EARGS_MISMATCH);
    for bad in [
        "a = {} b = {} c = {",
        "a = {} b = { c = {}",
        "a = } b = {} c = {}",
    ] {
        let args = [&[MoveValue::bytes(bad)][..], &four[..3]].concat();
        let code = abort_code(
            &mut vm,
            "0x1::string_utils::format3",
            &["u64", "u64", "u64"],
            &args,
        );
        assert_eq!(code, tern_natives::aptos::EINVALID_FORMAT, "{bad}");
    }
}

#[test]
fn hashes_match_their_reference_vectors() {
    let Some(mut vm) = aptos_vm() else { return };
    let mut hash =
        |f: &str, input: &[u8]| bytes_of(&call(&mut vm, f, &[], &[MoveValue::bytes(input)])[0]);
    assert_eq!(
        hash("0x1::aptos_hash::keccak256", b""),
        hex("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
    );
    assert_eq!(
        hash("0x1::aptos_hash::sha2_512_internal", b"abc"),
        hex("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
    );
    assert_eq!(
        hash("0x1::aptos_hash::sha3_512_internal", b"abc"),
        hex("b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0")
    );
    assert_eq!(
        hash("0x1::aptos_hash::ripemd160_internal", b""),
        hex("9c1185a5c5e9fc54612808977ee8f548b2258d31")
    );
    assert_eq!(
        hash("0x1::aptos_hash::blake2b_256_internal", b"abc"),
        hex("bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319")
    );
    assert_eq!(
        hash("0x1::hash::sha3_256", b""),
        hex("a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a")
    );
    // SipHash-2-4 with zero keys (reference values from an independent implementation).
    for (input, expected) in [
        (&b""[..], 2202906307356721367u64),
        (b"abc", 4596069200710135518),
    ] {
        let out = call(
            &mut vm,
            "0x1::aptos_hash::sip_hash",
            &[],
            &[MoveValue::bytes(input)],
        );
        assert_eq!(out, vec![MoveValue::U64(expected)]);
    }
    // Without the `Features` resource, the feature-gated wrappers abort as Aptos's do.
    let code = abort_code(
        &mut vm,
        "0x1::aptos_hash::sha2_512",
        &[],
        &[MoveValue::bytes(b"")],
    );
    assert_eq!(code, 0x30001);
}

#[test]
fn compare_orders_values_as_aptos_does() {
    let Some(mut vm) = aptos_vm() else { return };
    let mut compare = |t: &str, a: MoveValue, b: MoveValue| -> u16 {
        match &call(&mut vm, "0x1::cmp::compare", &[t], &[a, b])[0] {
            MoveValue::Variant(tag, f) if f.is_empty() => *tag,
            other => panic!("not an Ordering: {other:?}"),
        }
    };
    let (less, equal, greater) = (0, 1, 2);
    assert_eq!(compare("u64", MoveValue::U64(1), MoveValue::U64(2)), less);
    assert_eq!(compare("u64", MoveValue::U64(2), MoveValue::U64(2)), equal);
    assert_eq!(
        compare("bool", MoveValue::Bool(true), MoveValue::Bool(false)),
        greater
    );
    assert_eq!(compare("vector<u64>", u64s(&[1, 2]), u64s(&[1])), greater);
    assert_eq!(compare("vector<u64>", u64s(&[1, 2]), u64s(&[2])), less);
    assert_eq!(
        compare(
            "vector<u8>",
            MoveValue::bytes([1, 2]),
            MoveValue::bytes([1, 3])
        ),
        less
    );
    assert_eq!(
        compare("0x1::string::String", string("b"), string("ab")),
        greater
    );
    assert_eq!(
        compare(
            "address",
            MoveValue::Address(AccountAddress::from_u64(0x100)),
            MoveValue::Address(AccountAddress::from_u64(0xff))
        ),
        greater
    );
    let none = MoveValue::Variant(0, vec![]);
    let some = |x| MoveValue::Variant(1, vec![MoveValue::U64(x)]);
    assert_eq!(compare("0x1::option::Option<u64>", none, some(0)), less);
    assert_eq!(
        compare("0x1::option::Option<u64>", some(3), some(2)),
        greater
    );
}

#[test]
fn mem_swap_and_vector_move_range() {
    let Some(mut vm) = aptos_vm() else { return };
    let out = vm
        .call(
            "0x1::mem::swap",
            &[ty("u64")],
            &[MoveValue::U64(1), MoveValue::U64(2)],
        )
        .unwrap();
    assert_eq!(
        out.mutable_input_values,
        vec![(0, MoveValue::U64(2)), (1, MoveValue::U64(1))]
    );
    let out = vm
        .call(
            "0x1::mem::swap",
            &[ty("vector<u64>")],
            &[u64s(&[1]), u64s(&[2, 3])],
        )
        .unwrap();
    assert_eq!(
        out.mutable_input_values,
        vec![(0, u64s(&[2, 3])), (1, u64s(&[1]))]
    );
    // `mem::replace` swaps with a local.
    let out = call(
        &mut vm,
        "0x1::mem::replace",
        &["u64"],
        &[MoveValue::U64(5), MoveValue::U64(6)],
    );
    assert_eq!(out, vec![MoveValue::U64(5)]);

    let move_range = |vm: &mut Vm, from: &[u64], at: u64, len: u64, to: &[u64], pos: u64| {
        vm.call(
            "0x1::vector::move_range",
            &[ty("u64")],
            &[
                u64s(from),
                MoveValue::U64(at),
                MoveValue::U64(len),
                u64s(to),
                MoveValue::U64(pos),
            ],
        )
    };
    let out = move_range(&mut vm, &[1, 2, 3, 4], 1, 2, &[10, 20], 1).unwrap();
    assert_eq!(
        out.mutable_input_values,
        vec![(0, u64s(&[1, 4])), (3, u64s(&[10, 2, 3, 20]))]
    );
    for (at, len, pos) in [(3, 2, 0), (0, 1, 3), (u64::MAX, 2, 0)] {
        let err = move_range(&mut vm, &[1, 2, 3, 4], at, len, &[10, 20], pos).unwrap_err();
        assert_eq!(
            err.sub_status(),
            Some(tern_natives::aptos::EINDEX_OUT_OF_BOUNDS)
        );
    }
    // Bytes, into an empty vector.
    let out = vm
        .call(
            "0x1::vector::move_range",
            &[ty("u8")],
            &[
                MoveValue::bytes([1, 2, 3]),
                MoveValue::U64(0),
                MoveValue::U64(2),
                MoveValue::bytes([]),
                MoveValue::U64(0),
            ],
        )
        .unwrap();
    assert_eq!(
        out.mutable_input_values,
        vec![(0, MoveValue::bytes([3])), (3, MoveValue::bytes([1, 2]))]
    );
}

#[test]
fn bcs_sizes_and_from_bcs() {
    let Some(mut vm) = aptos_vm() else { return };
    let out = call(
        &mut vm,
        "0x1::bcs::serialized_size",
        &["vector<u64>"],
        &[u64s(&[1, 2, 3])],
    );
    assert_eq!(out, vec![MoveValue::U64(1 + 24)]);
    let mut constant = |t: &str| call(&mut vm, "0x1::bcs::constant_serialized_size", &[t], &[]);
    let some = |n| vec![MoveValue::Variant(1, vec![MoveValue::U64(n)])];
    let none = vec![MoveValue::Variant(0, vec![])];
    assert_eq!(constant("u64"), some(8));
    assert_eq!(constant("address"), some(32));
    assert_eq!(constant("0x1::type_info::TypeInfo"), none);
    assert_eq!(constant("0x1::string_utils::Cons<u8, u128>"), some(17));
    assert_eq!(constant("0x1::cmp::Ordering"), none);
    assert_eq!(constant("vector<u8>"), none);
    assert_eq!(constant("signer"), none);

    let out = call(
        &mut vm,
        "0x1::from_bcs::to_u64",
        &[],
        &[MoveValue::bytes(7u64.to_le_bytes())],
    );
    assert_eq!(out, vec![MoveValue::U64(7)]);
    let out = call(
        &mut vm,
        "0x1::from_bcs::to_address",
        &[],
        &[MoveValue::bytes(AccountAddress::ONE.into_bytes())],
    );
    assert_eq!(out, vec![MoveValue::Address(AccountAddress::ONE)]);
    let code = abort_code(
        &mut vm,
        "0x1::from_bcs::to_u64",
        &[],
        &[MoveValue::bytes([1, 2, 3])],
    );
    assert_eq!(code, tern_natives::aptos::EFROM_BYTES);
    // Trailing bytes are refused too.
    let code = abort_code(
        &mut vm,
        "0x1::from_bcs::to_u8",
        &[],
        &[MoveValue::bytes([1, 2])],
    );
    assert_eq!(code, tern_natives::aptos::EFROM_BYTES);
}

#[test]
fn type_info_names_types_canonically() {
    let Some(mut vm) = aptos_vm() else { return };
    let mut name = |t: &str| text(&call(&mut vm, "0x1::type_info::type_name", &[t], &[])[0]);
    assert_eq!(name("u64"), "u64");
    assert_eq!(name("vector<address>"), "vector<address>");
    assert_eq!(name("0x1::type_info::TypeInfo"), "0x1::type_info::TypeInfo");
    assert_eq!(
        name("0x1::string_utils::Cons<u8, vector<0x1::string::String>>"),
        "0x1::string_utils::Cons<u8, vector<0x1::string::String>>"
    );
    let out = call(
        &mut vm,
        "0x1::type_info::type_of",
        &["0x1::string_utils::Cons<u8, bool>"],
        &[],
    );
    assert_eq!(
        out,
        vec![MoveValue::Struct(vec![
            MoveValue::Address(AccountAddress::ONE),
            MoveValue::bytes("string_utils"),
            MoveValue::bytes("Cons<u8, bool>"),
        ])]
    );
    let code = abort_code(&mut vm, "0x1::type_info::type_of", &["u64"], &[]);
    assert_eq!(code, tern_natives::aptos::NFE_EXPECTED_STRUCT_TYPE_TAG);
    let out = call(&mut vm, "0x1::type_info::chain_id_internal", &[], &[]);
    assert_eq!(out, vec![MoveValue::U8(4)]);
}

/// A module exercising `table` within one call (tables live in the session).
const TABLE_TEST: &str = "\
module 0x42::tt
use 0x1::table
public fun run(): (bool, u64, u64, bool, u64, table::Table<u64, u64>)
    local t: table::Table<u64, u64>
    call table::new<u64, u64>
    st_loc t
    mut_borrow_loc t
    ld_u64 1
    ld_u64 100
    call table::add<u64, u64>
    mut_borrow_loc t
    ld_u64 2
    ld_u64 200
    call table::add<u64, u64>
    borrow_loc t
    ld_u64 1
    call table::contains<u64, u64>
    borrow_loc t
    ld_u64 2
    call table::borrow<u64, u64>
    read_ref
    mut_borrow_loc t
    ld_u64 1
    call table::remove<u64, u64>
    borrow_loc t
    ld_u64 1
    call table::contains<u64, u64>
    mut_borrow_loc t
    ld_u64 2
    ld_u64 300
    call table::upsert<u64, u64>
    borrow_loc t
    ld_u64 2
    call table::borrow<u64, u64>
    read_ref
    move_loc t
    ret
public fun twice(): table::Table<u64, u64>
    local t: table::Table<u64, u64>
    call table::new<u64, u64>
    st_loc t
    mut_borrow_loc t
    ld_u64 1
    ld_u64 100
    call table::add<u64, u64>
    mut_borrow_loc t
    ld_u64 1
    ld_u64 100
    call table::add<u64, u64>
    move_loc t
    ret
public fun missing(): (u64, table::Table<u64, u64>)
    local t: table::Table<u64, u64>
    call table::new<u64, u64>
    st_loc t
    borrow_loc t
    ld_u64 9
    call table::borrow<u64, u64>
    read_ref
    move_loc t
    ret
";

#[test]
fn tables_add_borrow_remove_within_a_session() {
    let Some(mut vm) = aptos_vm() else { return };
    vm.publish_masm(TABLE_TEST).unwrap();
    let out = call(&mut vm, "0x42::tt::run", &[], &[]);
    assert_eq!(
        out[..5],
        [
            MoveValue::Bool(true),
            MoveValue::U64(200),
            MoveValue::U64(100),
            MoveValue::Bool(false),
            MoveValue::U64(300),
        ]
    );
    let code = abort_code(&mut vm, "0x42::tt::twice", &[], &[]);
    assert_eq!(code, tern_natives::aptos::TABLE_ALREADY_EXISTS);
    let code = abort_code(&mut vm, "0x42::tt::missing", &[], &[]);
    assert_eq!(code, tern_natives::aptos::TABLE_NOT_FOUND);
}

/// Table entries stay in the session's heap: adding them counts toward the memory quota, as
/// pushing onto a vector does, so an unmetered loop of adds stops at the quota.
#[test]
fn table_entries_count_toward_the_memory_quota() {
    let config = tern::VmConfig {
        max_heap_values: 10_000,
        ..Default::default()
    };
    let Some(mut vm) = stdlib_vm_with(config, natives()) else {
        return;
    };
    vm.publish_masm(
        "module 0x42::fill
use 0x1::table
public fun fill(n: u64): table::Table<u64, u64>
    local t: table::Table<u64, u64>
    local i: u64
    call table::new<u64, u64>
    st_loc t
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    mut_borrow_loc t
    copy_loc i
    copy_loc i
    call table::add<u64, u64>
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    move_loc t
    ret
",
    )
    .unwrap();
    // Each entry is a `Box<u64>`: two quota units.
    call(&mut vm, "0x42::fill::fill", &[], &[MoveValue::U64(1_000)]);
    let err = vm
        .call("0x42::fill::fill", &[], &[MoveValue::U64(20_000)])
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::MEMORY_LIMIT_EXCEEDED, "{err}");
}

#[test]
fn debug_prints_to_the_session_log_and_tables_live_in_their_session() {
    let Some(mut vm) = aptos_vm() else { return };
    vm.publish_masm(TABLE_TEST).unwrap();
    let runtime = vm.runtime().clone();
    let storage: &dyn tern_vm::Storage = vm.storage();
    let mut session = tern_vm::Session::new(&runtime, storage);
    let id = |m: &str| ModuleId::new(AccountAddress::ONE, Identifier::new(m).unwrap());

    let print = session.function(&id("debug"), "print").unwrap();
    let vector = session.load_type(&ty("vector<u64>")).unwrap();
    let arg = u64s(&[1, 2]).to_bcs();
    session.execute(print, vec![vector], vec![arg]).unwrap();
    let trace = session.function(&id("debug"), "print_stack_trace").unwrap();
    session.execute(trace, vec![], vec![]).unwrap();
    let log = session.extensions().get::<tern_natives::aptos::DebugLog>();
    assert_eq!(
        log.unwrap().lines,
        vec!["[debug] [ 1, 2 ]".to_string(), "[debug] ".to_string()]
    );

    // A table made in this session is found by a later call of the same session.
    let run = session
        .function(
            &ModuleId::new(
                AccountAddress::from_u64(0x42),
                Identifier::new("tt").unwrap(),
            ),
            "run",
        )
        .unwrap();
    let out = session.execute(run, vec![], vec![]).unwrap();
    let (_, table) = *out.return_values.last().unwrap();
    let tern_vm::values::Value::Container(c) = table else {
        panic!("{table:?}")
    };
    let handle = match session.heap().get(c).unwrap() {
        tern_vm::values::Container::Struct(f) => match f[0] {
            tern_vm::values::Value::Address(a) => a,
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    };
    // SHA3-256 of a zero session hash and table number 0 (big-endian `u32`).
    assert_eq!(
        handle.into_bytes().to_vec(),
        hex("372d46c3ada9f897c74d349bbfe0e450c798167c9f580f8daf85def57e96c3ea")
    );
    let contains = session.function(&id("table"), "contains").unwrap();
    let tys = vec![
        session.load_type(&TypeTag::U64).unwrap(),
        session.load_type(&TypeTag::U64).unwrap(),
    ];
    let table_arg = MoveValue::Struct(vec![MoveValue::Address(handle)]).to_bcs();
    let out = session
        .execute(
            contains,
            tys,
            vec![table_arg.clone(), MoveValue::U64(2).to_bcs()],
        )
        .unwrap();
    assert!(matches!(
        out.return_values[..],
        [(_, tern_vm::values::Value::Bool(true))]
    ));
    drop(session);
    // Not committed: the next session does not see it.
    let out = vm
        .call(
            "0x1::table::contains",
            &[TypeTag::U64, TypeTag::U64],
            &[MoveValue::Bcs(table_arg), MoveValue::U64(2)],
        )
        .unwrap();
    assert_eq!(out.values, vec![MoveValue::Bool(false)]);
}

/// A function value capturing its first and third parameters, printed by `to_string`.
const CLOSURE_TEST: &str = "\
module 0x42::cl
use 0x1::string_utils
use 0x1::string
#[persistent] public fun add3(a: u64, b: u8, c: u64): u64
    move_loc a
    move_loc c
    add
    ret
public fun show(): string::String
    local f: |u8|u64 has copy + drop + store
    ld_u64 7
    ld_u64 9
    pack_closure add3, 5
    st_loc f
    borrow_loc f
    call string_utils::to_string<|u8|u64 has copy + drop + store>
    ret
public fun show_none(): string::String
    local f: |u64, u8, u64|u64 has copy + drop + store
    pack_closure add3, 0
    st_loc f
    borrow_loc f
    call string_utils::to_string<|u64, u8, u64|u64 has copy + drop + store>
    ret
";

#[test]
fn string_utils_prints_function_values() {
    let Some(mut vm) = aptos_vm() else { return };
    vm.publish_masm(CLOSURE_TEST).unwrap();
    let out = call(&mut vm, "0x42::cl::show", &[], &[]);
    let module = format!("0x{:0>64}::cl::add3", "42");
    assert_eq!(text(&out[0]), format!("{module}(7, _, 9, ..)"));
    let out = call(&mut vm, "0x42::cl::show_none", &[], &[]);
    assert_eq!(text(&out[0]), format!("{module}()"));
}
