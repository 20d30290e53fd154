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
