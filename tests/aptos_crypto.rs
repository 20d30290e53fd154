//! Aptos's crypto natives called through a VM from the real AptosStdlib
//! (`../shared/corpus/aptos-framework`, skipped with a message when absent): the Move
//! wrappers of `ed25519`, `multi_ed25519`, `secp256k1` and `bls12381` reach the natives with
//! the argument shapes Aptos's compiler produced.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod aptos_common;

use aptos_common::{hex, stdlib_vm};
use tern::{MoveValue, Vm};
use tern_primitives::{AccountAddress, Identifier, ModuleId};

/// A VM with MoveStdlib and AptosStdlib published, the standard natives and Aptos's crypto
/// natives registered; `None` without the corpus.
fn aptos_vm() -> Option<Vm> {
    let mut natives = tern_natives::stdlib_natives();
    tern_natives::add_aptos_crypto_natives(&mut natives);
    stdlib_vm(natives)
}

fn call(vm: &mut Vm, function: &str, args: &[MoveValue]) -> Vec<MoveValue> {
    vm.call(function, &[], args)
        .unwrap_or_else(|e| panic!("{function}: {e}"))
        .values
}

/// `Option<T>`: an enum in this framework (variant 1 is `Some`), a struct holding a vector
/// of zero or one `T` in older ones.
fn is_some(v: &MoveValue) -> bool {
    match v {
        MoveValue::Variant(tag, _) => *tag == 1,
        MoveValue::Struct(fields) => {
            matches!(fields.first(), Some(MoveValue::Vector(e)) if !e.is_empty())
        }
        other => panic!("not an option: {other:?}"),
    }
}

#[test]
fn ed25519_validation_through_the_framework() {
    let Some(mut vm) = aptos_vm() else { return };
    let f = "0x1::ed25519::new_validated_public_key_from_bytes";
    // RFC 8032 TEST 1's key, then the identity (small order), then a short key.
    let good = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    let mut identity = vec![0u8; 32];
    identity[0] = 1;
    assert!(is_some(&call(&mut vm, f, &[MoveValue::bytes(&good)])[0]));
    assert!(!is_some(
        &call(&mut vm, f, &[MoveValue::bytes(&identity)])[0]
    ));
    assert!(!is_some(
        &call(&mut vm, f, &[MoveValue::bytes(&good[..31])])[0]
    ));
}

#[test]
fn multi_ed25519_validation_through_the_framework() {
    let Some(mut vm) = aptos_vm() else { return };
    let key = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    let one_of_one = [key.clone(), vec![1]].concat();
    let zero_threshold = [key.clone(), vec![0]].concat();
    let mut identity = vec![0u8; 32];
    identity[0] = 1;
    let with_small_order = [key, identity, vec![1]].concat();
    // (`_v2` needs the on-chain feature flag resource, which is not published here.)
    let f = "0x1::multi_ed25519::new_validated_public_key_from_bytes";
    assert!(is_some(
        &call(&mut vm, f, &[MoveValue::bytes(&one_of_one)])[0]
    ));
    // v1 does not look at the threshold byte (the weakness v2 fixes)…
    assert!(is_some(
        &call(&mut vm, f, &[MoveValue::bytes(&zero_threshold)])[0]
    ));
    // …but refuses a small-order key.
    assert!(!is_some(
        &call(&mut vm, f, &[MoveValue::bytes(&with_small_order)])[0]
    ));
}

#[test]
fn secp256k1_recovery_through_the_framework() {
    let Some(mut vm) = aptos_vm() else { return };
    // `secp256k1.move`'s own test vector.
    let digest = tern_crypto::hash::sha256(b"test aptos secp256k1").to_vec();
    let signature = hex("f7ad936da03f948c14c542020e3c5f4e02aaacd1f20427c11aa6e2fbf8776477646bba0e1a37f9e7c777c423a1d2849baafd7ff6a9930814a43c3f80d59db56f");
    let key = hex("4646ae5047316b4230d0086c8acec687f00b1cd9d1dc634f6cb358ac0a9a8ffffe77b4dd0a4bfb95851f3b7355c781dd60f8418fc8a65d14907aff47c903a559");
    // `&ECDSASignature` is a struct of one `vector<u8>`: its BCS is the vector's.
    let out = call(
        &mut vm,
        "0x1::secp256k1::ecdsa_recover",
        &[
            MoveValue::bytes(&digest),
            MoveValue::U8(0),
            MoveValue::bytes(&signature),
        ],
    );
    let MoveValue::Variant(1, fields) = &out[0] else {
        panic!("{out:?}")
    };
    assert_eq!(
        fields.first(),
        Some(&MoveValue::Struct(vec![MoveValue::bytes(&key)]))
    );
    // A 31-byte message aborts in the native with 0x10001.
    let err = vm
        .call(
            "0x1::secp256k1::ecdsa_recover",
            &[],
            &[
                MoveValue::bytes(&digest[..31]),
                MoveValue::U8(0),
                MoveValue::bytes(&signature),
            ],
        )
        .unwrap_err();
    assert_eq!(err.status(), tern_primitives::StatusCode::ABORTED, "{err}");
    assert_eq!(
        err.sub_status(),
        Some(tern_natives::aptos_crypto::NFE_DESERIALIZE),
        "{err}"
    );
}

#[test]
fn bls12381_through_the_framework() {
    let Some(mut vm) = aptos_vm() else { return };
    // `bls12381.move`'s vectors: a key, and a signature of "Hello Aptos!" under it.
    let pk = hex("8a53e7ae5270e3e765cd8a4032c2e77c6f7e87a44ebb85bf28a4d7865565698f975346714262f9e47c6f3e0d5d951660");
    let sig = hex("a01a65854f987d3434149b7f08f70730e30b241984e8712bc2aca885d632aafced4c3f661209debb6b1c8601326623cc16ca2f6c9edc53b7b88b7435fb6b05ddece418d2c34dc6aca2f5a11a79e67774582c14084a01dcb7820e4cb4bad0ea8d");
    let out = call(
        &mut vm,
        "0x1::bls12381::public_key_from_bytes",
        &[MoveValue::bytes(&pk)],
    );
    assert!(is_some(&out[0]));
    let out = call(
        &mut vm,
        "0x1::bls12381::verify_normal_signature",
        &[
            MoveValue::bytes(&sig),
            MoveValue::bytes(&pk),
            MoveValue::bytes(b"Hello Aptos!"),
        ],
    );
    assert_eq!(out, vec![MoveValue::Bool(true)]);
    let out = call(
        &mut vm,
        "0x1::bls12381::verify_normal_signature",
        &[
            MoveValue::bytes(&sig),
            MoveValue::bytes(&pk),
            MoveValue::bytes(b"Hello Aptos?"),
        ],
    );
    assert_eq!(out, vec![MoveValue::Bool(false)]);
}

#[test]
fn ristretto255_through_the_framework() {
    let Some(mut vm) = aptos_vm() else { return };
    // `ristretto255.move`'s vectors.
    let a_point = hex("e87feda199d72b83de4f5b2d45d34805c57019c6c59c42cb70ee3d19aa996f75");
    let a = hex("1a0e978a90f6622d3747023f8ad8264da758aa1b88e040d1589e7b7f2376ef09");
    let b = hex("dbfd97afd38a06f0138d0527efb28ead5b7109b486465913bf3aa472a8ed4e0d");
    let a_times_b = hex("2ab50e383d7c210f74d5387330735f18315112d10dfb98fcce1e2620c0c01402");
    // A decompressed point is the session's first handle.
    let out = call(
        &mut vm,
        "0x1::ristretto255::new_point_from_bytes",
        &[MoveValue::bytes(&a_point)],
    );
    assert_eq!(
        out,
        vec![MoveValue::Variant(
            1,
            vec![MoveValue::Struct(vec![MoveValue::U64(0)])]
        )]
    );
    let out = call(
        &mut vm,
        "0x1::ristretto255::new_point_from_bytes",
        &[MoveValue::bytes([0xff; 32])],
    );
    assert!(!is_some(&out[0]));
    // B was hashed from "bello!".
    let out = call(
        &mut vm,
        "0x1::ristretto255::new_scalar_from_sha2_512",
        &[MoveValue::bytes(b"bello!")],
    );
    assert_eq!(out, vec![MoveValue::Struct(vec![MoveValue::bytes(&b)])]);
    // `&Scalar` arguments: a struct of one `vector<u8>`.
    let out = call(
        &mut vm,
        "0x1::ristretto255::scalar_mul",
        &[MoveValue::bytes(&a), MoveValue::bytes(&b)],
    );
    assert_eq!(
        out,
        vec![MoveValue::Struct(vec![MoveValue::bytes(&a_times_b)])]
    );
}

#[test]
fn crypto_algebra_is_not_registered_and_the_rest_is() {
    let natives = tern_natives::aptos_crypto::aptos_crypto_natives();
    let id = |m: &str| ModuleId::new(AccountAddress::ONE, Identifier::new(m).unwrap());
    assert!(natives
        .lookup(&id("ed25519"), "signature_verify_strict_internal")
        .is_some());
    assert!(natives
        .lookup(&id("crypto_algebra"), "add_internal")
        .is_none());
    assert!(natives
        .lookup(
            &id("ristretto255_bulletproofs"),
            "verify_range_proof_internal"
        )
        .is_some());
    // Every crypto native the corpus's AptosStdlib declares outside `crypto_algebra` is here.
    for (module, function) in [
        ("multi_ed25519", "public_key_validate_v2_internal"),
        ("secp256k1", "ecdsa_recover_internal"),
        ("bls12381", "verify_aggregate_signature_internal"),
        ("ristretto255", "multi_scalar_mul_internal"),
        ("ristretto255", "point_equals"),
        (
            "ristretto255_bulletproofs",
            "verify_batch_range_proof_internal",
        ),
    ] {
        assert!(
            natives.lookup(&id(module), function).is_some(),
            "{module}::{function}"
        );
    }
}
