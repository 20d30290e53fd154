//! Property: BCS bytes of any value (primitives of every width, addresses, signers, nested
//! vectors, structs and enum variants) decode into the VM's heap and encode back identically.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use proptest::prelude::*;
use tern::{MoveValue, TypeTag, Vm};
use tern_primitives::{AccountAddress, I256, U256};
use tern_vm::Session;

/// A type and a value of it.
fn arb_typed_value() -> impl Strategy<Value = (TypeTag, MoveValue)> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(|v| (TypeTag::Bool, MoveValue::Bool(v))),
        any::<u8>().prop_map(|v| (TypeTag::U8, MoveValue::U8(v))),
        any::<u16>().prop_map(|v| (TypeTag::U16, MoveValue::U16(v))),
        any::<u32>().prop_map(|v| (TypeTag::U32, MoveValue::U32(v))),
        any::<u64>().prop_map(|v| (TypeTag::U64, MoveValue::U64(v))),
        any::<u128>().prop_map(|v| (TypeTag::U128, MoveValue::U128(v))),
        any::<[u8; 32]>().prop_map(|v| (TypeTag::U256, MoveValue::U256(U256::from_le_bytes(v)))),
        any::<i8>().prop_map(|v| (TypeTag::I8, MoveValue::I8(v))),
        any::<i16>().prop_map(|v| (TypeTag::I16, MoveValue::I16(v))),
        any::<i32>().prop_map(|v| (TypeTag::I32, MoveValue::I32(v))),
        any::<i64>().prop_map(|v| (TypeTag::I64, MoveValue::I64(v))),
        any::<i128>().prop_map(|v| (TypeTag::I128, MoveValue::I128(v))),
        any::<[u8; 32]>().prop_map(|v| (TypeTag::I256, MoveValue::I256(I256::from_le_bytes(v)))),
        any::<[u8; 32]>()
            .prop_map(|v| (TypeTag::Address, MoveValue::Address(AccountAddress::new(v)))),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        // A vector of values of one element type: generate the type from one sample and
        // keep only samples of that type.
        prop::collection::vec(inner, 0..4).prop_map(|items| {
            let elem = items.first().map(|(t, _)| t.clone()).unwrap_or(TypeTag::U8);
            let values = items
                .into_iter()
                .filter(|(t, _)| *t == elem)
                .map(|(_, v)| v)
                .collect();
            (TypeTag::Vector(Box::new(elem)), MoveValue::Vector(values))
        })
    })
}

fn round_trip(vm: &Vm, tag: &TypeTag, bytes: &[u8]) -> Vec<u8> {
    let mut session = Session::new(vm.runtime(), vm.storage());
    let ty = session.load_type(tag).unwrap();
    let v = session.deserialize_value(ty, bytes).unwrap();
    session.serialize_value(ty, v).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn values_round_trip((tag, value) in arb_typed_value()) {
        let vm = Vm::default();
        let bytes = value.to_bcs();
        prop_assert_eq!(round_trip(&vm, &tag, &bytes), bytes);
    }

    #[test]
    fn trailing_or_missing_bytes_are_rejected((tag, value) in arb_typed_value(), extra in any::<u8>()) {
        let vm = Vm::default();
        let mut bytes = value.to_bcs();
        bytes.push(extra);
        let mut session = Session::new(vm.runtime(), vm.storage());
        let ty = session.load_type(&tag).unwrap();
        prop_assert!(session.deserialize_value(ty, &bytes).is_err());
        // BCS is prefix-free for a fixed type: no strict prefix of an encoding decodes.
        bytes.truncate(bytes.len().saturating_sub(2));
        prop_assert!(session.deserialize_value(ty, &bytes).is_err());
    }
}

#[test]
fn structs_enums_and_signers_round_trip() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(
        "module 0x42::t
struct P has copy + drop
    a: u8
    b: vector<u16>
    c: bool
enum E has copy + drop
    V0
    V1
        x: u64
    V2
        x: u8
        y: u8
struct W<T> has copy + drop
    inner: T
    list: vector<E>
",
    )
    .unwrap();
    let p = TypeTag::parse("0x42::t::P", &|_| None).unwrap();
    let e = TypeTag::parse("0x42::t::E", &|_| None).unwrap();
    let w = TypeTag::parse("0x42::t::W<0x42::t::P>", &|_| None).unwrap();
    let pv = MoveValue::Struct(vec![
        MoveValue::U8(7),
        MoveValue::Vector(vec![MoveValue::U16(1), MoveValue::U16(256)]),
        MoveValue::Bool(true),
    ]);
    assert_eq!(pv.to_bcs(), vec![7, 2, 1, 0, 0, 1, 1]);
    assert_eq!(round_trip(&vm, &p, &pv.to_bcs()), pv.to_bcs());
    for ev in [
        MoveValue::Variant(0, vec![]),
        MoveValue::Variant(1, vec![MoveValue::U64(5)]),
        MoveValue::Variant(2, vec![MoveValue::U8(5), MoveValue::U8(6)]),
    ] {
        assert_eq!(round_trip(&vm, &e, &ev.to_bcs()), ev.to_bcs());
    }
    let wv = MoveValue::Struct(vec![
        pv,
        MoveValue::Vector(vec![MoveValue::Variant(0, vec![])]),
    ]);
    assert_eq!(round_trip(&vm, &w, &wv.to_bcs()), wv.to_bcs());
    // A variant index beyond the enum is rejected.
    let mut session = Session::new(vm.runtime(), vm.storage());
    let ty = session.load_type(&e).unwrap();
    assert!(session.deserialize_value(ty, &[3]).is_err());
    // Signers use the enum form (tag 0 + address).
    let s = [
        vec![0u8],
        AccountAddress::from_u64(0xcafe).into_bytes().to_vec(),
    ]
    .concat();
    assert_eq!(round_trip(&vm, &TypeTag::Signer, &s), s);
}

/// Deserializes `bytes` as `tag` in a fresh session of `vm` and serializes the value back.
fn decode_encode(vm: &Vm, tag: &TypeTag, bytes: &[u8]) -> Result<Vec<u8>, tern::VmError> {
    let mut session = Session::new(vm.runtime(), vm.storage());
    let ty = session.load_type(tag)?;
    let v = session.deserialize_value(ty, bytes)?;
    session.serialize_value(ty, v)
}

/// `vector<T>` nested `n` times around `inner`.
fn nested_vector(n: usize, inner: TypeTag) -> TypeTag {
    (0..n).fold(inner, |t, _| TypeTag::Vector(Box::new(t)))
}

#[test]
fn vectors_of_primitives_reject_bad_elements_and_lengths() {
    use tern_primitives::StatusCode;
    let vm = Vm::default();
    let status = |tag: &TypeTag, bytes: &[u8]| decode_encode(&vm, tag, bytes).unwrap_err().status();
    let bools = TypeTag::Vector(Box::new(TypeTag::Bool));
    let u64s = TypeTag::Vector(Box::new(TypeTag::U64));
    let err = StatusCode::FAILED_TO_DESERIALIZE_ARGUMENT;
    // A bool element other than 0 or 1.
    assert_eq!(status(&bools, &[3, 1, 0, 2]), err);
    assert_eq!(
        decode_encode(&vm, &bools, &[3, 1, 0, 1]).unwrap(),
        [3, 1, 0, 1]
    );
    // A length whose byte count overflows, and one longer than the input: rejected without
    // reserving memory for it.
    let huge = [
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0, 0, 0, 0,
    ];
    assert_eq!(status(&u64s, &huge), err);
    assert_eq!(
        status(&u64s, &[0xff, 0xff, 0xff, 0x7f, 1, 0, 0, 0, 0, 0, 0, 0]),
        err
    );
    // A u64 element cut short.
    assert_eq!(status(&u64s, &[2, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0]), err);
    let two = [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80];
    assert_eq!(decode_encode(&vm, &u64s, &two).unwrap(), two);
}

#[test]
fn nested_vectors_of_primitives_keep_the_depth_limits() {
    use tern_primitives::StatusCode;
    let vm = Vm::default();
    // One u64 inside `n` vectors: the u64 is at value depth n + 1. Serialization allows depth
    // 128 (`VM_MAX_VALUE_DEPTH_REACHED` past it); empty vectors have no deeper value.
    let one_u64 = |n: usize| [vec![1u8; n], 7u64.to_le_bytes().to_vec()].concat();
    let at_limit = nested_vector(127, TypeTag::U64);
    assert_eq!(
        decode_encode(&vm, &at_limit, &one_u64(127)).unwrap(),
        one_u64(127)
    );
    let past_limit = nested_vector(128, TypeTag::U64);
    let err = decode_encode(&vm, &past_limit, &one_u64(128)).unwrap_err();
    assert_eq!(err.status(), StatusCode::VM_MAX_VALUE_DEPTH_REACHED);
    let empty = [vec![1u8; 127], vec![0u8]].concat();
    assert_eq!(decode_encode(&vm, &past_limit, &empty).unwrap(), empty);
}
