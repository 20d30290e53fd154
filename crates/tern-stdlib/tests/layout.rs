//! The library's items against the definition order of `spec/stdlib.md` §4: struct and function
//! indices, visibilities, natives, `persistent` attributes, signatures and imports.

mod common;

use common::{function_text, module, module_name, modules, struct_text};

/// (module, imported modules, structs in definition order, functions in definition order).
type Layout = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const P: &str = "#[persistent] public ";

/// Transcribed from stdlib.md §4 (headers printed as `common::function_text` does; every
/// public function carries `persistent`, written `P` below).
fn expected() -> Vec<Layout> {
    vec![
        ("ascii", &["option"], &ASCII_STRUCTS, &ASCII),
        ("bcs", &[], &[], &BCS),
        ("bit_vector", &[], &BIT_VECTOR_STRUCTS, &BIT_VECTOR),
        ("error", &[], &[], &ERROR),
        ("fixed_point32", &[], &FIXED_POINT32_STRUCTS, &FIXED_POINT32),
        ("hash", &[], &[], &HASH),
        ("option", &["vector"], &OPTION_STRUCTS, &OPTION),
        ("signer", &[], &[], &SIGNER),
        ("string", &["option", "vector"], &STRING_STRUCTS, &STRING),
        ("type_name", &["ascii"], &TYPE_NAME_STRUCTS, &TYPE_NAME),
        ("vector", &[], &[], &VECTOR),
    ]
}

const ASCII_STRUCTS: [&str; 2] = [
    "struct Char has copy + drop + store { byte: u8 }",
    "struct String has copy + drop + store { bytes: vector<u8> }",
];
const ASCII: [&str; 12] = [
    "P fun string(vector<u8>): ascii::String",
    "P fun length(&ascii::String): u64",
    "P fun all_characters_printable(&ascii::String): bool",
    "P fun as_bytes(&ascii::String): &vector<u8>",
    "P fun byte(ascii::Char): u8",
    "P fun char(u8): ascii::Char",
    "P fun into_bytes(ascii::String): vector<u8>",
    "P fun is_printable_char(u8): bool",
    "P fun is_valid_char(u8): bool",
    "P fun pop_char(&mut ascii::String): ascii::Char",
    "P fun push_char(&mut ascii::String, ascii::Char)",
    "P fun try_string(vector<u8>): option::Option<ascii::String>",
];
const BCS: [&str; 1] = ["P native fun to_bytes<T0>(&T0): vector<u8>"];
const BIT_VECTOR_STRUCTS: [&str; 1] =
    ["struct BitVector has copy + drop + store { length: u64, bit_field: vector<bool> }"];
const BIT_VECTOR: [&str; 7] = [
    "P fun length(&bit_vector::BitVector): u64",
    "P fun is_index_set(&bit_vector::BitVector, u64): bool",
    "P fun longest_set_sequence_starting_at(&bit_vector::BitVector, u64): u64",
    "P fun new(u64): bit_vector::BitVector",
    "P fun set(&mut bit_vector::BitVector, u64)",
    "P fun shift_left(&mut bit_vector::BitVector, u64)",
    "P fun unset(&mut bit_vector::BitVector, u64)",
];
const ERROR: [&str; 13] = [
    "P fun aborted(u64): u64",
    "P fun already_exists(u64): u64",
    "P fun canonical(u64, u64): u64",
    "P fun internal(u64): u64",
    "P fun invalid_argument(u64): u64",
    "P fun invalid_state(u64): u64",
    "P fun not_found(u64): u64",
    "P fun not_implemented(u64): u64",
    "P fun out_of_range(u64): u64",
    "P fun permission_denied(u64): u64",
    "P fun resource_exhausted(u64): u64",
    "P fun unauthenticated(u64): u64",
    "P fun unavailable(u64): u64",
];
const FIXED_POINT32_STRUCTS: [&str; 1] =
    ["struct FixedPoint32 has copy + drop + store { value: u64 }"];
const FIXED_POINT32: [&str; 12] = [
    "P fun ceil(fixed_point32::FixedPoint32): u64",
    "P fun create_from_rational(u64, u64): fixed_point32::FixedPoint32",
    "P fun create_from_raw_value(u64): fixed_point32::FixedPoint32",
    "P fun create_from_u64(u64): fixed_point32::FixedPoint32",
    "P fun divide_u64(u64, fixed_point32::FixedPoint32): u64",
    "P fun floor(fixed_point32::FixedPoint32): u64",
    "P fun get_raw_value(fixed_point32::FixedPoint32): u64",
    "P fun is_zero(fixed_point32::FixedPoint32): bool",
    "P fun max(fixed_point32::FixedPoint32, fixed_point32::FixedPoint32): fixed_point32::FixedPoint32",
    "P fun min(fixed_point32::FixedPoint32, fixed_point32::FixedPoint32): fixed_point32::FixedPoint32",
    "P fun multiply_u64(u64, fixed_point32::FixedPoint32): u64",
    "P fun round(fixed_point32::FixedPoint32): u64",
];
const HASH: [&str; 2] = [
    "P native fun sha2_256(vector<u8>): vector<u8>",
    "P native fun sha3_256(vector<u8>): vector<u8>",
];
const OPTION_STRUCTS: [&str; 1] = ["struct Option<T0> has copy + drop + store { vec: vector<T0> }"];
const OPTION: [&str; 17] = [
    "P fun contains<T0>(&option::Option<T0>, &T0): bool",
    "P fun borrow<T0>(&option::Option<T0>): &T0",
    "P fun borrow_mut<T0>(&mut option::Option<T0>): &mut T0",
    "P fun swap<T0>(&mut option::Option<T0>, T0): T0",
    "P fun borrow_with_default<T0>(&option::Option<T0>, &T0): &T0",
    "P fun destroy_none<T0>(option::Option<T0>)",
    "P fun destroy_some<T0>(option::Option<T0>): T0",
    "P fun destroy_with_default<T0: drop>(option::Option<T0>, T0): T0",
    "P fun extract<T0>(&mut option::Option<T0>): T0",
    "P fun fill<T0>(&mut option::Option<T0>, T0)",
    "P fun get_with_default<T0: copy + drop>(&option::Option<T0>, T0): T0",
    "P fun is_none<T0>(&option::Option<T0>): bool",
    "P fun is_some<T0>(&option::Option<T0>): bool",
    "P fun none<T0>(): option::Option<T0>",
    "P fun some<T0>(T0): option::Option<T0>",
    "P fun swap_or_fill<T0>(&mut option::Option<T0>, T0): option::Option<T0>",
    "P fun to_vec<T0>(option::Option<T0>): vector<T0>",
];
const SIGNER: [&str; 2] = [
    "P fun address_of(&signer): address",
    "P native fun borrow_address(&signer): &address",
];
const STRING_STRUCTS: [&str; 1] = ["struct String has copy + drop + store { bytes: vector<u8> }"];
const STRING: [&str; 15] = [
    "P fun index_of(&string::String, &string::String): u64",
    "P fun append(&mut string::String, string::String)",
    "P fun is_empty(&string::String): bool",
    "P fun length(&string::String): u64",
    "P fun into_bytes(string::String): vector<u8>",
    "P fun bytes(&string::String): &vector<u8>",
    "P fun append_utf8(&mut string::String, vector<u8>)",
    "P fun insert(&mut string::String, u64, string::String)",
    "native fun internal_check_utf8(&vector<u8>): bool",
    "native fun internal_index_of(&vector<u8>, &vector<u8>): u64",
    "native fun internal_is_char_boundary(&vector<u8>, u64): bool",
    "native fun internal_sub_string(&vector<u8>, u64, u64): vector<u8>",
    "P fun sub_string(&string::String, u64, u64): string::String",
    "P fun try_utf8(vector<u8>): option::Option<string::String>",
    "P fun utf8(vector<u8>): string::String",
];
const TYPE_NAME_STRUCTS: [&str; 1] =
    ["struct TypeName has copy + drop + store { name: ascii::String }"];
const TYPE_NAME: [&str; 3] = [
    "P fun borrow_string(&type_name::TypeName): &ascii::String",
    "P native fun get<T0>(): type_name::TypeName",
    "P fun into_string(type_name::TypeName): ascii::String",
];
const VECTOR: [&str; 16] = [
    "P fun contains<T0>(&vector<T0>, &T0): bool",
    "P fun index_of<T0>(&vector<T0>, &T0): (bool, u64)",
    "P fun remove<T0>(&mut vector<T0>, u64): T0",
    "P fun append<T0>(&mut vector<T0>, vector<T0>)",
    "P native fun borrow<T0>(&vector<T0>, u64): &T0",
    "P native fun borrow_mut<T0>(&mut vector<T0>, u64): &mut T0",
    "P native fun destroy_empty<T0>(vector<T0>)",
    "P native fun empty<T0>(): vector<T0>",
    "P fun is_empty<T0>(&vector<T0>): bool",
    "P native fun length<T0>(&vector<T0>): u64",
    "P native fun pop_back<T0>(&mut vector<T0>): T0",
    "P native fun push_back<T0>(&mut vector<T0>, T0)",
    "P fun reverse<T0>(&mut vector<T0>)",
    "P fun singleton<T0>(T0): vector<T0>",
    "P native fun swap<T0>(&mut vector<T0>, u64, u64)",
    "P fun swap_remove<T0>(&mut vector<T0>, u64): T0",
];

fn expand(line: &str) -> String {
    match line.strip_prefix("P ") {
        Some(rest) => format!("{P}{rest}"),
        None => line.to_string(),
    }
}

#[test]
fn the_eleven_modules_of_the_spec_are_built() {
    let mut names: Vec<&str> = modules().iter().map(module_name).collect();
    names.sort_unstable();
    let expected: Vec<&str> = expected().iter().map(|l| l.0).collect();
    assert_eq!(names, expected);
}

#[test]
fn function_definitions_are_in_the_peer_order() {
    for (name, _, _, functions) in expected() {
        let m = module(name);
        let actual: Vec<String> = m
            .function_defs
            .iter()
            .map(|d| function_text(m, d))
            .collect();
        let wanted: Vec<String> = functions.iter().map(|l| expand(l)).collect();
        assert_eq!(actual, wanted, "functions of 0x1::{name}");
    }
}

#[test]
fn struct_definitions_are_in_the_peer_order() {
    for (name, _, structs, _) in expected() {
        let m = module(name);
        let actual: Vec<String> = m.struct_defs.iter().map(|d| struct_text(m, d)).collect();
        assert_eq!(actual, structs, "structs of 0x1::{name}");
    }
}

#[test]
fn imports_are_the_peer_ones() {
    for (name, imports, _, _) in expected() {
        let m = module(name);
        let mut actual: Vec<String> = m
            .module_handles
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != m.self_module_handle_idx.idx())
            .map(|(_, h)| {
                assert_eq!(
                    m.address_identifiers[h.address.idx()],
                    tern_stdlib::STDLIB_ADDRESS
                );
                m.identifiers[h.name.idx()].as_str().to_string()
            })
            .collect();
        actual.sort_unstable();
        assert_eq!(actual, imports, "imports of 0x1::{name}");
    }
}

#[test]
fn modules_have_no_constants_friends_or_entry_functions() {
    for m in modules() {
        let name = module_name(m);
        assert!(m.constant_pool.is_empty(), "constants in {name}");
        assert!(m.friend_decls.is_empty(), "friends in {name}");
        assert!(
            m.function_defs.iter().all(|d| !d.is_entry),
            "entry in {name}"
        );
        assert!(
            m.function_defs
                .iter()
                .all(|d| d.acquires_global_resources.is_empty()),
            "acquires in {name}"
        );
        assert_eq!(
            m.version,
            tern_stdlib::STDLIB_BYTECODE_VERSION,
            "version of {name}"
        );
    }
}

#[test]
fn sources_are_listed_after_their_imports() {
    let order: Vec<&str> = tern_stdlib::stdlib_sources().iter().map(|s| s.0).collect();
    for (name, imports, _, _) in expected() {
        let at = order.iter().position(|n| *n == name).unwrap();
        for import in imports {
            let dep = order.iter().position(|n| n == import).unwrap();
            assert!(dep < at, "{name} is listed before {import}");
        }
    }
}
