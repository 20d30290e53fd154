//! The readable printer on every kind of value.

use super::*;
use crate::MoveValue as V;
use crate::{RunOutput, Vm};

const MODULE: &str = "module 0x42::p
struct S has copy + drop
    a: address
    b: vector<u8>
    c: Shape
enum Shape has copy + drop
    Empty
    Line
        x: u64
        y: u64
struct Box<T> has copy + drop
    v: T
struct Small has copy + drop
    n: u8
    i: i16
    list: vector<u16>
public fun add(a: u64, b: u8): u64
    move_loc a
    move_loc b
    cast_u64
    add
    ret
fun secret(a: u64): u64
    move_loc a
    ret
public fun clo(): |u8|u64 has copy + drop
    ld_u64 5
    pack_closure add, 1
    ret
public fun clo_box(): Box<|u64, u8|u64 has copy + drop>
    pack_closure add, 0
    pack Box<|u64, u8|u64 has copy + drop>
    ret
public fun private_clo(): |u64|u64 has copy + drop
    pack_closure secret, 0
    ret
";

fn vm() -> Vm {
    let mut vm = Vm::with_stdlib().expect("the standard library publishes");
    vm.publish_masm(MODULE).expect("the test module publishes");
    vm
}

fn ty(text: &str) -> TypeTag {
    text.parse().expect("a valid type")
}

fn show(vm: &Vm, t: &str, v: &MoveValue) -> String {
    let modules = |id: &ModuleId| vm.storage().module(id).ok().flatten();
    describe(&ty(t), v, &modules).unwrap_or_else(|| panic!("{t} {v:?} does not print"))
}

fn addr(x: u64) -> AccountAddress {
    AccountAddress::from_u64(x)
}

fn line(x: u64, y: u64) -> V {
    V::Variant(1, vec![V::U64(x), V::U64(y)])
}

#[test]
fn prints_struct_with_enum_bytes_and_address() {
    let vm = vm();
    let s = V::Struct(vec![V::Address(addr(0x42)), V::bytes(b"hi"), line(1, 2)]);
    assert_eq!(
        show(&vm, "0x42::p::S", &s),
        "0x42::p::S { a: @0x42, b: b\"hi\", c: Shape::Line { x: 1, y: 2 } }"
    );
    let empty = V::Struct(vec![
        V::Address(addr(0)),
        V::bytes([0u8, 255]),
        V::Variant(0, vec![]),
    ]);
    assert_eq!(
        show(&vm, "0x42::p::S", &empty),
        "0x42::p::S { a: @0x0, b: x\"00ff\", c: Shape::Empty }"
    );
    // An enum at the top names its module.
    assert_eq!(
        show(&vm, "0x42::p::Shape", &line(3, 4)),
        "0x42::p::Shape::Line { x: 3, y: 4 }"
    );
}

#[test]
fn integers_carry_suffixes_only_where_their_type_is_not_visible() {
    let vm = vm();
    assert_eq!(show(&vm, "u8", &V::U8(7)), "7u8");
    assert_eq!(show(&vm, "u64", &V::U64(55)), "55");
    assert_eq!(show(&vm, "i64", &V::I64(-3)), "-3i64");
    assert_eq!(show(&vm, "u256", &V::U256(U256::from(1u8))), "1u256");
    assert_eq!(show(&vm, "i8", &V::I8(-128)), "-128i8");
    assert_eq!(show(&vm, "bool", &V::Bool(true)), "true");
    let list = V::Vector(vec![V::U16(1), V::U16(2)]);
    assert_eq!(show(&vm, "vector<u16>", &list), "[1u16, 2u16]");
    let small = V::Struct(vec![V::U8(1), V::I16(-2), list]);
    assert_eq!(
        show(&vm, "0x42::p::Small", &small),
        "0x42::p::Small { n: 1, i: -2, list: [1, 2] }"
    );
}

#[test]
fn prints_nested_vectors_and_vectors_of_structs() {
    let vm = vm();
    let nested = V::Vector(vec![
        V::Vector(vec![V::U64(1), V::U64(2)]),
        V::Vector(vec![V::U64(3)]),
        V::Vector(vec![]),
    ]);
    assert_eq!(
        show(&vm, "vector<vector<u64>>", &nested),
        "[[1, 2], [3], []]"
    );
    let bytes = V::Vector(vec![V::bytes(b"a\"b\\"), V::bytes([]), V::bytes([1])]);
    assert_eq!(
        show(&vm, "vector<vector<u8>>", &bytes),
        "[b\"a\\\"b\\\\\", x\"\", x\"01\"]"
    );
    let shapes = V::Vector(vec![line(1, 2), V::Variant(0, vec![])]);
    assert_eq!(
        show(&vm, "vector<0x42::p::Shape>", &shapes),
        "[0x42::p::Shape::Line { x: 1, y: 2 }, 0x42::p::Shape::Empty]"
    );
}

#[test]
fn prints_generic_structs_with_their_type_arguments() {
    let vm = vm();
    let boxed = V::Struct(vec![V::Struct(vec![V::U8(9)])]);
    assert_eq!(
        show(&vm, "0x42::p::Box<0x42::p::Box<u8>>", &boxed),
        "0x42::p::Box<0x42::p::Box<u8>> { v: Box<u8> { v: 9 } }"
    );
    let of_vec = V::Struct(vec![V::Vector(vec![line(0, 1)])]);
    assert_eq!(
        show(&vm, "0x42::p::Box<vector<0x42::p::Shape>>", &of_vec),
        "0x42::p::Box<vector<0x42::p::Shape>> { v: [Shape::Line { x: 0, y: 1 }] }"
    );
}

#[test]
fn prints_signers_addresses_strings_and_options() {
    let vm = vm();
    assert_eq!(show(&vm, "signer", &V::Signer(addr(5))), "signer(@0x5)");
    assert_eq!(show(&vm, "address", &V::Address(addr(0xcafe))), "@0xcafe");
    let long = AccountAddress::from_hex_literal(
        "0x0f00000000000000000000000000000000000000000000000000000000000001",
    )
    .expect("an address");
    assert_eq!(
        show(&vm, "address", &V::Address(long)),
        "@0x0f00000000000000000000000000000000000000000000000000000000000001"
    );
    let text = V::Struct(vec![V::bytes("héllo\n")]);
    assert_eq!(show(&vm, "0x1::string::String", &text), "\"héllo\\n\"");
    let none = V::Struct(vec![V::Vector(vec![])]);
    assert_eq!(show(&vm, "0x1::option::Option<u8>", &none), "none");
    let some = V::Struct(vec![V::Vector(vec![V::U8(3)])]);
    assert_eq!(show(&vm, "0x1::option::Option<u8>", &some), "some(3u8)");
}

#[test]
fn reads_values_given_as_bcs_by_their_type() {
    let vm = vm();
    let s = V::Struct(vec![V::Address(addr(1)), V::bytes(b"x"), line(5, 6)]);
    let bcs = V::Bcs(s.to_bcs());
    assert_eq!(
        show(&vm, "0x42::p::S", &bcs),
        "0x42::p::S { a: @0x1, b: b\"x\", c: Shape::Line { x: 5, y: 6 } }"
    );
    // Bytes that do not fit the type (one too few, one too many) do not print.
    let modules = |id: &ModuleId| vm.storage().module(id).ok().flatten();
    let mut short = s.to_bcs();
    short.pop();
    assert_eq!(describe(&ty("0x42::p::S"), &V::Bcs(short), &modules), None);
    let mut long = s.to_bcs();
    long.push(0);
    assert_eq!(describe(&ty("0x42::p::S"), &V::Bcs(long), &modules), None);
    // A value that does not fit its type, or a struct nobody declared, neither.
    assert_eq!(describe(&ty("u8"), &V::U64(1), &modules), None);
    let unknown = V::Struct(vec![V::U8(1)]);
    assert_eq!(describe(&ty("0x99::q::T"), &unknown, &modules), None);
}

#[test]
fn prints_function_values_with_their_captured_arguments() {
    let mut vm = vm();
    let out = vm.call("0x42::p::clo", &[], &[]).expect("clo runs");
    let types = vm
        .function_types(&module_id(), "clo", &[])
        .expect("clo's types");
    assert_eq!(
        vm.describe_output(&out, Some(&types)).return_values,
        vec!["fun 0x42::p::add(5, _)".to_string()]
    );
    let out = vm.call("0x42::p::clo_box", &[], &[]).expect("clo_box runs");
    let types = vm.function_types(&module_id(), "clo_box", &[]);
    assert_eq!(
        vm.describe_output(&out, types.as_ref()).to_string(),
        "return values: 0x42::p::Box<|u64, u8|u64 has copy + drop> { v: fun 0x42::p::add(_, _) }\n"
    );
    // A closure over a private function has no bytes: the test format's text stands in.
    let out = vm
        .call("0x42::p::private_clo", &[], &[])
        .expect("private_clo runs");
    let types = vm.function_types(&module_id(), "private_clo", &[]);
    assert_eq!(
        vm.describe_output(&out, types.as_ref()).return_values,
        out.return_values
    );
}

fn module_id() -> ModuleId {
    ModuleId::new(addr(0x42), "p".parse().expect("an identifier"))
}

#[test]
fn describes_mutable_inputs_and_events() {
    let vm = vm();
    let out = RunOutput {
        values: vec![V::U8(1)],
        return_values: vec!["1".into()],
        mutable_input_values: vec![(1, V::Vector(vec![V::U16(4)]))],
        mutable_inputs: vec![(1, "[4]".into())],
        events: vec![
            format!("0x42::p::Shape 0x{}", hex(&line(7, 8).to_bcs())),
            format!(
                "0x42::p::Box<u64> 0x{} (handle 0x5:2, #0)",
                hex(&V::U64(3).to_bcs())
            ),
            "not an event".into(),
        ],
        ..RunOutput::default()
    };
    let types = FunctionTypes {
        parameters: vec![ty("u64"), ty("vector<u16>")],
        returns: vec![ty("u8")],
    };
    assert_eq!(
        vm.describe_output(&out, Some(&types)).to_string(),
        "mutable inputs after call: local#1: [4u16]\n\
         return values: 1u8\n\
         event: 0x42::p::Shape::Line { x: 7, y: 8 }\n\
         event: 0x42::p::Box<u64> { v: 3 } (handle 0x5:2, #0)\n\
         event: not an event\n"
    );
    // Without types, the test format's text.
    assert_eq!(
        vm.describe_output(&out, None).return_values,
        vec!["1".to_string()]
    );
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn falls_back_to_an_untyped_form() {
    let vm = vm();
    let v = V::Struct(vec![
        V::U8(1),
        V::Variant(2, vec![V::U64(3)]),
        V::bytes(b"ok"),
        V::Bcs(vec![0xab]),
    ]);
    assert_eq!(
        vm.describe_value(&ty("0x99::q::T"), &v),
        "{ 1u8, #2 { 3 }, b\"ok\", bcs(0xab) }"
    );
    assert_eq!(
        type_name(&ty("vector<0x1::string::String>")),
        "vector<0x1::string::String>"
    );
}

#[test]
fn resources_print_readably() {
    let mut vm = vm();
    vm.publish_masm(
        "module 0x42::c
struct Counter has key
    value: u64
public fun init(s: &signer)
    move_loc s
    ld_u64 3
    pack Counter
    move_to Counter
    ret
",
    )
    .expect("publishes");
    vm.call("0x42::c::init", &[], &[V::Signer(addr(5))])
        .expect("init runs");
    let tag: StructTag = "0x42::c::Counter".parse().expect("a struct type");
    assert_eq!(
        vm.describe_resource(addr(5), &tag).expect("reads"),
        Some("0x42::c::Counter { value: 3 }".to_string())
    );
    assert_eq!(vm.describe_resource(addr(6), &tag).expect("reads"), None);
}
