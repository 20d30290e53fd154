//! Aptos's crypto natives called through a VM from the real AptosStdlib
//! (`../shared/corpus/aptos-framework`, skipped with a message when absent): the Move
//! wrappers of `ed25519`, `multi_ed25519`, `secp256k1`, `bls12381`, `ristretto255` and
//! `crypto_algebra` (over `bls12381_algebra` and `bn254_algebra`) reach the natives with the
//! argument shapes Aptos's compiler produced.

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
fn every_crypto_native_the_corpus_declares_is_registered() {
    let Some(dir) = aptos_common::corpus() else {
        return;
    };
    let natives = tern_natives::aptos_crypto::aptos_crypto_natives();
    let declared = aptos_common::declared_natives(&dir, &["AptosStdlib"]);
    let crypto_modules = [
        "bls12381",
        "crypto_algebra",
        "ed25519",
        "multi_ed25519",
        "ristretto255",
        "ristretto255_bulletproofs",
        "secp256k1",
    ];
    let mut algebra = 0;
    for name in &declared {
        let (module, function) = name.split_once("::").unwrap();
        if !crypto_modules.contains(&module) {
            continue;
        }
        let id = ModuleId::new(AccountAddress::ONE, Identifier::new(module).unwrap());
        assert!(natives.lookup(&id, function).is_some(), "{name}");
        algebra += usize::from(module == "crypto_algebra");
    }
    assert_eq!(algebra, 22);
}

/// `0x1::features`' `CRYPTOGRAPHY_ALGEBRA_NATIVES`, which `crypto_algebra`'s Move wrappers
/// require.
const CRYPTOGRAPHY_ALGEBRA_NATIVES: u64 = 12;

/// Turns on `CRYPTOGRAPHY_ALGEBRA_NATIVES` (committed), as the framework's genesis would.
fn enable_cryptography_algebra(vm: &mut Vm) {
    call(
        vm,
        "0x1::features::change_feature_flags_internal",
        &[
            MoveValue::Signer(AccountAddress::ONE),
            MoveValue::Vector(vec![MoveValue::U64(CRYPTOGRAPHY_ALGEBRA_NATIVES)]),
            MoveValue::Vector(vec![]),
        ],
    );
}

/// Calls of `0x1::crypto_algebra` functions within one session (element handles live as long
/// as their session), arguments and results as BCS.
struct Algebra<'r> {
    session: tern_vm::Session<'r>,
}

impl Algebra<'_> {
    /// `crypto_algebra::function<tys>(args)`: the BCS of each return value, or the error.
    fn try_call(
        &mut self,
        function: &str,
        tys: &[&str],
        args: Vec<Vec<u8>>,
    ) -> Result<Vec<Vec<u8>>, tern_primitives::VmError> {
        let id = ModuleId::new(
            AccountAddress::ONE,
            Identifier::new("crypto_algebra").unwrap(),
        );
        let f = self.session.function(&id, function)?;
        let tys = tys
            .iter()
            .map(|t| self.session.load_type(&aptos_common::ty(t)))
            .collect::<Result<Vec<_>, _>>()?;
        let out = self.session.execute(f, tys, args)?;
        out.return_values
            .into_iter()
            .map(|(ty, v)| self.session.serialize_value(ty, v))
            .collect()
    }

    /// The one return value of a call that must succeed.
    fn call(&mut self, function: &str, tys: &[&str], args: Vec<Vec<u8>>) -> Vec<u8> {
        let mut out = self
            .try_call(function, tys, args)
            .unwrap_or_else(|e| panic!("{function}: {e}"));
        assert_eq!(out.len(), 1, "{function}");
        out.remove(0)
    }

    /// The abort code of a call that must abort.
    fn abort_code(&mut self, function: &str, tys: &[&str], args: Vec<Vec<u8>>) -> u64 {
        let err = self.try_call(function, tys, args).unwrap_err();
        assert_eq!(
            err.status(),
            tern_primitives::StatusCode::ABORTED,
            "{function}: {err}"
        );
        err.sub_status().unwrap()
    }

    fn eq(&mut self, ty: &str, a: &[u8], b: &[u8]) -> bool {
        self.call("eq", &[ty], vec![a.to_vec(), b.to_vec()]) == [1]
    }
}

/// BCS of a `vector<u8>` (a `&vector<u8>` argument).
fn bcs_bytes(bytes: &[u8]) -> Vec<u8> {
    MoveValue::bytes(bytes).to_bcs()
}

/// BCS of a `u64`.
fn bcs_u64(v: u64) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}

/// The `Element` in the BCS of an `Option<Element<S>>` (`[1, handle]`), or `None` (`[0]`).
fn some_element(option: &[u8]) -> Option<Vec<u8>> {
    match option.split_first() {
        Some((1, element)) => Some(element.to_vec()),
        Some((0, [])) => None,
        _ => panic!("not an Option<Element>: {option:?}"),
    }
}

/// The `vector<u8>` in its BCS (lengths below 128).
fn bytes_of_bcs(bcs: &[u8]) -> Vec<u8> {
    assert_eq!(usize::from(bcs[0]), bcs.len() - 1, "{bcs:?}");
    bcs[1..].to_vec()
}

/// BCS of a `vector<Element<S>>` (fewer than 128 elements).
fn bcs_elements(elements: &[&[u8]]) -> Vec<u8> {
    let mut out = vec![elements.len() as u8];
    for e in elements {
        out.extend_from_slice(e);
    }
    out
}

/// Runs `f` in a session of a VM with the crypto natives, `natives` deciding which structure
/// families `crypto_algebra` enables; `None` without the corpus.
fn with_algebra(
    enabled: tern_natives::aptos_crypto::EnabledStructures,
    f: impl FnOnce(&mut Algebra<'_>),
) {
    let mut natives = tern_natives::stdlib_natives();
    tern_natives::aptos_crypto::add_aptos_crypto_natives_with(&mut natives, enabled);
    let Some(mut vm) = stdlib_vm(natives) else {
        return;
    };
    enable_cryptography_algebra(&mut vm);
    let runtime = vm.runtime().clone();
    let storage: &dyn tern_vm::Storage = vm.storage();
    let mut algebra = Algebra {
        session: tern_vm::Session::new(&runtime, storage),
    };
    f(&mut algebra);
}

const BLS_G1: &str = "0x1::bls12381_algebra::G1";
const BLS_G2: &str = "0x1::bls12381_algebra::G2";
const BLS_GT: &str = "0x1::bls12381_algebra::Gt";
const BLS_FR: &str = "0x1::bls12381_algebra::Fr";

#[test]
fn bls12381_algebra_through_the_framework() {
    with_algebra(tern_natives::aptos_crypto::EnabledStructures::ALL, |a| {
        // `bls12381_algebra.move`'s vectors.
        let g_compr = hex("97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
        let seven_g_compr = hex("b928f3beb93519eecf0145da903b40a4c97dca00b21f12ac0df3be9116ef2ef27b2ae6bcd4c5bc2d54ef5a70627efcb7");
        let r = hex("01000000fffffffffe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed73");
        let compr = "0x1::bls12381_algebra::FormatG1Compr";
        // Handles count from 0 in the session.
        let g = a.call("one", &[BLS_G1], vec![]);
        assert_eq!(g, bcs_u64(0));
        let out = a.call("serialize", &[BLS_G1, compr], vec![g.clone()]);
        assert_eq!(bytes_of_bcs(&out), g_compr);
        let seven = a.call("from_u64", &[BLS_FR], vec![bcs_u64(7)]);
        let seven_g = a.call("scalar_mul", &[BLS_G1, BLS_FR], vec![g.clone(), seven]);
        let out = a.call("serialize", &[BLS_G1, compr], vec![seven_g.clone()]);
        assert_eq!(bytes_of_bcs(&out), seven_g_compr);
        let out = a.call(
            "deserialize",
            &[BLS_G1, compr],
            vec![bcs_bytes(&seven_g_compr)],
        );
        let seven_g_2 = some_element(&out).unwrap();
        assert!(a.eq(BLS_G1, &seven_g, &seven_g_2));
        // (0, 2) is on the curve but not in the subgroup; a short input is no point either.
        let off_subgroup = [vec![0x80], vec![0; 47]].concat();
        let out = a.call(
            "deserialize",
            &[BLS_G1, compr],
            vec![bcs_bytes(&off_subgroup)],
        );
        assert_eq!(some_element(&out), None);
        let out = a.call(
            "deserialize",
            &[BLS_G1, compr],
            vec![bcs_bytes(&[0xff, 0xff])],
        );
        assert_eq!(some_element(&out), None);
        assert_eq!(bytes_of_bcs(&a.call("order", &[BLS_G1], vec![])), r);
        // RFC 9380's BLS12381G1_XMD:SHA-256_SSWU_RO_ vector for the empty message.
        let out = a.call(
            "hash_to",
            &[BLS_G1, "0x1::bls12381_algebra::HashG1XmdSha256SswuRo"],
            vec![
                bcs_bytes(b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"),
                bcs_bytes(b""),
            ],
        );
        let uncompr = "0x1::bls12381_algebra::FormatG1Uncompr";
        let out = a.call("serialize", &[BLS_G1, uncompr], vec![out]);
        assert_eq!(bytes_of_bcs(&out), hex("052926add2207b76ca4fa57a8734416c8dc95e24501772c814278700eed6d1e4e8cf62d9c09db0fac349612b759e79a108ba738453bfed09cb546dbb0783dbb3a5f1f566ed67bb6be0e8c67e2e81a4cc68ee29813bb7994998f3eae0c9c6a265"));
        // e(7·G1, G2) = 7·e(G1, G2), the Gt generator.
        let q = a.call("one", &[BLS_G2], vec![]);
        let gt = a.call("one", &[BLS_GT], vec![]);
        let e = a.call(
            "pairing",
            &[BLS_G1, BLS_G2, BLS_GT],
            vec![g.clone(), q.clone()],
        );
        assert!(a.eq(BLS_GT, &e, &gt));
        let seven = a.call("from_u64", &[BLS_FR], vec![bcs_u64(7)]);
        let e7 = a.call(
            "pairing",
            &[BLS_G1, BLS_G2, BLS_GT],
            vec![seven_g.clone(), q.clone()],
        );
        let gt7 = a.call("scalar_mul", &[BLS_GT, BLS_FR], vec![gt, seven.clone()]);
        assert!(a.eq(BLS_GT, &e7, &gt7));
        let multi = a.call(
            "multi_pairing",
            &[BLS_G1, BLS_G2, BLS_GT],
            vec![bcs_elements(&[&g, &seven_g]), bcs_elements(&[&q, &q])],
        );
        let product = a.call("add", &[BLS_GT], vec![e, e7]);
        assert!(a.eq(BLS_GT, &multi, &product));
        // Fr: division by zero is `none`.
        let zero = a.call("zero", &[BLS_FR], vec![]);
        let out = a.call("div", &[BLS_FR], vec![seven.clone(), zero]);
        assert_eq!(some_element(&out), None);
    });
}

#[test]
fn bn254_algebra_through_the_framework() {
    with_algebra(tern_natives::aptos_crypto::EnabledStructures::ALL, |a| {
        let (g1, fr, fq12, gt) = (
            "0x1::bn254_algebra::G1",
            "0x1::bn254_algebra::Fr",
            "0x1::bn254_algebra::Fq12",
            "0x1::bn254_algebra::Gt",
        );
        // `bn254_algebra.move`'s vectors.
        let seven_g_uncompr = hex("78e0ffab866b3a9876bd01b8ecc66fcb86936277f425539a758dbbd32e2b07179eafd4607f9f80771bf4185df03bfead7a3719fa4bb57b0152dd30d16cda8a16");
        let uncompr = "0x1::bn254_algebra::FormatG1Uncompr";
        let g = a.call("one", &[g1], vec![]);
        let out = a.call(
            "serialize",
            &[g1, "0x1::bn254_algebra::FormatG1Compr"],
            vec![g.clone()],
        );
        assert_eq!(bytes_of_bcs(&out), [vec![1], vec![0; 31]].concat());
        // 7·G as a multi-scalar multiplication 3·G + 4·G.
        let three = a.call("from_u64", &[fr], vec![bcs_u64(3)]);
        let four = a.call("from_u64", &[fr], vec![bcs_u64(4)]);
        let seven_g = a.call(
            "multi_scalar_mul",
            &[g1, fr],
            vec![bcs_elements(&[&g, &g]), bcs_elements(&[&three, &four])],
        );
        let out = a.call("serialize", &[g1, uncompr], vec![seven_g]);
        assert_eq!(bytes_of_bcs(&out), seven_g_uncompr);
        // Fr in both byte orders.
        let msb = "0x1::bn254_algebra::FormatFrMsb";
        let out = a.call(
            "deserialize",
            &[fr, msb],
            vec![bcs_bytes(&[vec![0; 31], vec![7]].concat())],
        );
        let seven = some_element(&out).unwrap();
        let sum = a.call("add", &[fr], vec![three, four]);
        assert!(a.eq(fr, &seven, &sum));
        // 1 of Fq12 lies in Gt (and is Gt's zero); 7 does not.
        let one = a.call("one", &[fq12], vec![]);
        let out = a.call("downcast", &[fq12, gt], vec![one.clone()]);
        let identity = some_element(&out).unwrap();
        let zero_gt = a.call("zero", &[gt], vec![]);
        assert!(a.eq(gt, &identity, &zero_gt));
        let up = a.call("upcast", &[gt, fq12], vec![zero_gt]);
        assert!(a.eq(fq12, &up, &one));
        let seven_fq12 = a.call("from_u64", &[fq12], vec![bcs_u64(7)]);
        let out = a.call("downcast", &[fq12, gt], vec![seven_fq12]);
        assert_eq!(some_element(&out), None);
        assert_eq!(
            bytes_of_bcs(&a.call("order", &[fr], vec![])),
            hex("010000f093f5e1439170b97948e833285d588181b64550b829a031e1724e6430")
        );
    });
}

#[test]
fn crypto_algebra_aborts_as_aptos_does() {
    with_algebra(tern_natives::aptos_crypto::EnabledStructures::ALL, |a| {
        // An unknown structure (`test_generic_operation_should_abort_with_unsupported_structures`).
        let code = a.abort_code("order", &["0x1::bls12381_algebra::FormatG1Compr"], vec![]);
        assert_eq!(code, 0x0C_0001);
        assert_eq!(a.abort_code("order", &["u64"], vec![]), 0x0C_0001);
        // An operation the structure lacks.
        let g = a.call("one", &[BLS_G1], vec![]);
        assert_eq!(
            a.abort_code("mul", &[BLS_G1], vec![g.clone(), g.clone()]),
            0x0C_0001
        );
        // `test_multi_pairing_should_abort_when_sizes_mismatch` and its MSM twin.
        let q = a.call("one", &[BLS_G2], vec![]);
        let code = a.abort_code(
            "multi_pairing",
            &[BLS_G1, BLS_G2, BLS_GT],
            vec![bcs_elements(&[&g]), bcs_elements(&[&q, &q])],
        );
        assert_eq!(code, 0x01_0002);
        let k = a.call("one", &[BLS_FR], vec![]);
        let code = a.abort_code(
            "multi_scalar_mul",
            &[BLS_G1, BLS_FR],
            vec![bcs_elements(&[&g]), bcs_elements(&[&k, &k])],
        );
        assert_eq!(code, 0x01_0002);
    });
}

#[test]
fn a_session_runs_out_of_element_memory_where_aptos_does() {
    with_algebra(tern_natives::aptos_crypto::EnabledStructures::ALL, |a| {
        // `test_memory_limit_exceeded_with_g1`: 1 MiB holds 7281 G1 points of 144 bytes.
        for i in 0..(1_048_576 / 144) {
            assert_eq!(a.call("zero", &[BLS_G1], vec![]), bcs_u64(i));
        }
        assert_eq!(a.abort_code("zero", &[BLS_G1], vec![]), 0x09_0003);
    });
}

#[test]
fn a_switched_off_structure_family_is_not_implemented() {
    let bls_only = tern_natives::aptos_crypto::EnabledStructures {
        bls12_381: true,
        bn254: false,
    };
    with_algebra(bls_only, |a| {
        assert_eq!(a.call("zero", &[BLS_FR], vec![]), bcs_u64(0));
        let code = a.abort_code("zero", &["0x1::bn254_algebra::Fr"], vec![]);
        assert_eq!(code, 0x0C_0001);
    });
}

#[test]
fn crypto_algebra_needs_its_feature_flag() {
    let mut natives = tern_natives::stdlib_natives();
    tern_natives::add_aptos_crypto_natives(&mut natives);
    let Some(mut vm) = stdlib_vm(natives) else {
        return;
    };
    // Without `CRYPTOGRAPHY_ALGEBRA_NATIVES` the Move wrapper aborts first
    // (`error::not_implemented(0)`).
    let err = vm
        .call(
            "0x1::crypto_algebra::zero",
            &[aptos_common::ty(BLS_FR)],
            &[],
        )
        .unwrap_err();
    assert_eq!(err.sub_status(), Some(0x0C_0000), "{err}");
    enable_cryptography_algebra(&mut vm);
    let out = vm
        .call(
            "0x1::crypto_algebra::zero",
            &[aptos_common::ty(BLS_FR)],
            &[],
        )
        .unwrap();
    assert_eq!(out.values, vec![MoveValue::Struct(vec![MoveValue::U64(0)])]);
}
