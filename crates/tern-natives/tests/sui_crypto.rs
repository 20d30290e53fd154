//! Sui's crypto natives at `0x2` called as the VM calls them: arguments in a heap, a
//! `NativeContext`, the result, the abort code and the gas charged checked against Sui's.
//! (The vectors' cryptographic correctness is tested in `tern-crypto`; these tests check the
//! argument handling, the abort codes and the gas of each native.)

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tern_natives::sui_crypto::{
    ecdsa_abort, ecvrf_abort, groth16_abort, group_ops_abort, poseidon_abort, rangeproofs_abort,
};
use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode};
use tern_vm::natives::{Extensions, NativeContext, NativeRegistry, NativeResult};
use tern_vm::values::{Container, Heap, Place, Ref, Value};
use tern_vm::{Runtime, VmConfig};

/// An argument of a native call.
enum Arg {
    Bytes(Vec<u8>),
    Vectors(Vec<Vec<u8>>),
    U8(u8),
}

/// What a native call gave.
#[derive(Debug, PartialEq, Eq)]
enum Out {
    Bytes(Vec<u8>),
    Bool(bool),
    Struct(Vec<Vec<u8>>),
    Abort(u64),
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn bytes_of(heap: &Heap, c: u32) -> Vec<u8> {
    match heap.get(c).unwrap() {
        Container::Bytes(b) => b.clone(),
        other => panic!("not bytes: {other:?}"),
    }
}

/// Calls `0x2::module::function` with `args`; the outcome and the gas charged.
fn call(module: &str, function: &str, args: Vec<Arg>) -> (Result<Out, StatusCode>, u64) {
    let natives = tern_natives::sui_crypto_natives();
    let id = ModuleId::new(
        AccountAddress::from_u64(2),
        Identifier::new(module).unwrap(),
    );
    let native = natives.lookup(&id, function).expect("registered");
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    let mut heap = Heap::new();
    let mut extensions = Extensions::new();
    let values: Vec<Value> = args
        .into_iter()
        .map(|a| match a {
            Arg::U8(v) => Value::U8(v),
            Arg::Bytes(b) => {
                let c = heap.alloc(Container::Bytes(b));
                Value::Ref(Ref {
                    place: Place::Whole(c),
                })
            }
            Arg::Vectors(vs) => {
                let elements = vs
                    .into_iter()
                    .map(|b| Value::Container(heap.alloc(Container::Bytes(b))))
                    .collect();
                let c = heap.alloc(Container::Vec(elements));
                Value::Ref(Ref {
                    place: Place::Whole(c),
                })
            }
        })
        .collect();
    let mut ctx = NativeContext::detached(&mut heap, &runtime, &mut [], &mut extensions);
    let result = native(&mut ctx, &[], &values);
    let gas = ctx.gas_charged;
    let out = match result {
        Err(e) => Err(e.status()),
        Ok(NativeResult::Abort(code)) => Ok(Out::Abort(code)),
        Ok(NativeResult::CallFunction { .. } | NativeResult::BorrowGlobal { .. }) => {
            panic!("a Sui crypto native dispatched or borrowed global storage")
        }
        Ok(NativeResult::Return(values)) => Ok(match values.as_slice() {
            [Value::Bool(b)] => Out::Bool(*b),
            [Value::Container(c)] => match heap.get(*c).unwrap() {
                Container::Bytes(b) => Out::Bytes(b.clone()),
                Container::Struct(fields) => Out::Struct(
                    fields
                        .iter()
                        .map(|f| match f {
                            Value::Container(c) => bytes_of(&heap, *c),
                            other => panic!("field {other:?}"),
                        })
                        .collect(),
                ),
                other => panic!("returned {other:?}"),
            },
            other => panic!("returned {other:?}"),
        }),
    };
    (out, gas)
}

use Arg::{Bytes as B, U8};

#[test]
fn every_crypto_native_of_the_framework_is_registered() {
    let natives = tern_natives::sui_crypto_natives();
    assert_eq!(natives.len(), 31);
    // The natives the mainnet framework declares (corpus/sui-framework/0x2-sui-framework).
    for (module, function) in [
        ("hash", "blake2b256"),
        ("hmac", "hmac_sha3_256"),
        ("ecdsa_k1", "decompress_pubkey"),
        ("groth16", "verify_groth16_proof_internal"),
        ("group_ops", "internal_sum"),
        ("poseidon", "poseidon_bn254_internal"),
        ("ecvrf", "ecvrf_verify"),
        ("nitro_attestation", "load_nitro_attestation_internal"),
    ] {
        let id = ModuleId::new(
            AccountAddress::from_u64(2),
            Identifier::new(module).unwrap(),
        );
        assert!(
            natives.lookup(&id, function).is_some(),
            "{module}::{function}"
        );
    }
}

#[test]
fn hashes_charge_per_byte_and_block() {
    // 10 + 2·12 bytes + 2·1 block.
    let (out, gas) = call("hash", "keccak256", vec![B(b"hello world!".to_vec())]);
    assert_eq!(
        out,
        Ok(Out::Bytes(hex(
            "57caa176af1ac0433c5df30e8dabcd2ec1af1e92a26eced5f719b88458777cd6"
        )))
    );
    assert_eq!(gas, 36);
    let (out, gas) = call("hash", "blake2b256", vec![B(vec![0; 129])]);
    assert!(matches!(out, Ok(Out::Bytes(b)) if b.len() == 32));
    assert_eq!(gas, 10 + 2 * 129 + 2 * 2);
    // The empty vector may be a `Vec` container (`vector[]`).
    let (out, _) = call("hash", "blake2b256", vec![B(vec![])]);
    assert_eq!(
        out,
        Ok(Out::Bytes(hex(
            "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8"
        )))
    );
}

#[test]
fn hmac_charges_both_inputs() {
    let (out, gas) = call(
        "hmac",
        "hmac_sha3_256",
        vec![B(b"my key!".to_vec()), B(b"hello world!".to_vec())],
    );
    assert_eq!(
        out,
        Ok(Out::Bytes(hex(
            "f6d6ae02f426eb9664e89e3c6d86c60e6103ce22b916819219c26e34e8d236dc"
        )))
    );
    // 52 + 2·19 + 2·((19 + 270) / 136).
    assert_eq!(gas, 52 + 38 + 4);
}

const K1_SIG: &str = "7e4237ebfbc36613e166bfc5f6229360a9c1949242da97ca04867e4de57b2df30c8340bcb320328cf46d71bda51fcb519e3ce53b348eec62de852e350edbd886";
const K1_PK: &str = "02337cca2171fdbfcfd657fa59881f46269f1e590b5ffab6023686c7ad2ecc2c1c";

#[test]
fn ecrecover_aborts_as_sui_does() {
    let msg = || B(b"Hello, world!".to_vec());
    let mut sig = hex(K1_SIG);
    sig.push(0);
    let (out, gas) = call(
        "ecdsa_k1",
        "secp256k1_ecrecover",
        vec![B(sig.clone()), msg(), U8(0)],
    );
    assert_eq!(out, Ok(Out::Bytes(hex(K1_PK))));
    assert_eq!(gas, 500 + 2 * 13 + 2);
    // Unknown hash id: 100 gas and EFailToRecoverPubKey.
    let (out, gas) = call(
        "ecdsa_k1",
        "secp256k1_ecrecover",
        vec![B(sig.clone()), msg(), U8(2)],
    );
    assert_eq!(
        (out, gas),
        (Ok(Out::Abort(ecdsa_abort::FAIL_TO_RECOVER_PUBKEY)), 100)
    );
    let (out, _) = call(
        "ecdsa_k1",
        "secp256k1_ecrecover",
        vec![B(hex(K1_SIG)), msg(), U8(1)],
    );
    assert_eq!(out, Ok(Out::Abort(ecdsa_abort::INVALID_SIGNATURE)));
    let (out, _) = call(
        "ecdsa_k1",
        "secp256k1_ecrecover",
        vec![B(vec![0; 65]), B(vec![0]), U8(1)],
    );
    assert_eq!(out, Ok(Out::Abort(ecdsa_abort::FAIL_TO_RECOVER_PUBKEY)));
    let (out, _) = call(
        "ecdsa_r1",
        "secp256r1_ecrecover",
        vec![B(vec![0; 64]), msg(), U8(1)],
    );
    assert_eq!(out, Ok(Out::Abort(ecdsa_abort::INVALID_SIGNATURE)));
}

#[test]
fn ecdsa_verify_returns_false_for_bad_input() {
    let msg = || B(b"Hello, world!".to_vec());
    let (out, gas) = call(
        "ecdsa_k1",
        "secp256k1_verify",
        vec![B(hex(K1_SIG)), B(hex(K1_PK)), msg(), U8(0)],
    );
    assert_eq!((out, gas), (Ok(Out::Bool(true)), 1470 + 26 + 2));
    let (out, gas) = call(
        "ecdsa_k1",
        "secp256k1_verify",
        vec![B(hex(K1_SIG)), B(hex(K1_PK)), msg(), U8(7)],
    );
    assert_eq!((out, gas), (Ok(Out::Bool(false)), 100));
    let (out, _) = call(
        "ecdsa_k1",
        "secp256k1_verify",
        vec![B(hex(K1_SIG)), B(vec![2; 3]), msg(), U8(0)],
    );
    assert_eq!(out, Ok(Out::Bool(false)));
    let (out, _) = call(
        "ecdsa_r1",
        "secp256r1_verify",
        vec![B(hex(K1_SIG)), B(hex(K1_PK)), msg(), U8(0)],
    );
    assert_eq!(out, Ok(Out::Bool(false)));
}

#[test]
fn decompress_pubkey_aborts_on_a_bad_key() {
    let (out, gas) = call("ecdsa_k1", "decompress_pubkey", vec![B(hex(K1_PK))]);
    assert!(matches!(out, Ok(Out::Bytes(b)) if b.len() == 65 && b[0] == 4));
    assert_eq!(gas, 52);
    let (out, _) = call("ecdsa_k1", "decompress_pubkey", vec![B(hex(&K1_PK[..64]))]);
    assert_eq!(out, Ok(Out::Abort(ecdsa_abort::INVALID_PUBKEY)));
}

#[test]
fn ed25519_and_bls_verify_never_abort() {
    let (out, gas) = call(
        "ed25519",
        "ed25519_verify",
        vec![B(vec![1; 64]), B(vec![]), B(vec![0; 200])],
    );
    assert_eq!((out, gas), (Ok(Out::Bool(false)), 1802 + 400 + 4));
    let (out, gas) = call(
        "bls12381",
        "bls12381_min_sig_verify",
        vec![B(vec![]), B(vec![]), B(vec![1])],
    );
    assert_eq!((out, gas), (Ok(Out::Bool(false)), 44064 + 2 + 2));
    let (out, gas) = call(
        "bls12381",
        "bls12381_min_pk_verify",
        vec![B(vec![]), B(vec![]), B(vec![])],
    );
    assert_eq!((out, gas), (Ok(Out::Bool(false)), 49282));
}

#[test]
fn groth16_aborts_as_sui_does() {
    let (out, gas) = call(
        "groth16",
        "prepare_verifying_key_internal",
        vec![U8(2), B(vec![])],
    );
    assert_eq!(
        (out, gas),
        (Ok(Out::Abort(groth16_abort::INVALID_CURVE)), 100)
    );
    let (out, gas) = call(
        "groth16",
        "prepare_verifying_key_internal",
        vec![U8(1), B(vec![])],
    );
    assert_eq!(
        (out, gas),
        (Ok(Out::Abort(groth16_abort::INVALID_VERIFYING_KEY)), 82010)
    );
    // A key the length of 9 BN254 inputs.
    let (out, _) = call(
        "groth16",
        "prepare_verifying_key_internal",
        vec![U8(1), B(vec![0; 264 + 9 * 32])],
    );
    assert_eq!(out, Ok(Out::Abort(groth16_abort::TOO_MANY_PUBLIC_INPUTS)));
    let parts = || (0..4).map(|_| B(vec![])).collect::<Vec<_>>();
    let mut args = vec![U8(0)];
    args.extend(parts());
    args.extend([B(vec![0; 9 * 32]), B(vec![])]);
    let (out, gas) = call("groth16", "verify_groth16_proof_internal", args);
    assert_eq!(
        (out, gas),
        (
            Ok(Out::Abort(groth16_abort::TOO_MANY_PUBLIC_INPUTS)),
            72090 + 9 * 8213 + 2 * 288
        )
    );
    let mut args = vec![U8(1)];
    args.extend(parts());
    args.extend([B(vec![0; 32]), B(vec![])]);
    let (out, gas) = call("groth16", "verify_groth16_proof_internal", args);
    assert_eq!((out, gas), (Ok(Out::Bool(false)), 115502 + 9484 + 64));
}

#[test]
fn groth16_prepares_a_key_struct() {
    // Sui's test_prepare_verifying_key_bn254 key.
    let vk = hex("53d75f472c207c7fcf6a34bc1e50cf0d7d2f983dd2230ffcaf280362d162c3871cae3e4f91b77eadaac316fe625e3764fb39af2bb5aa25007e9bc6b116f6f02f597ad7c28c4a33da5356e656dcef4660d7375973fe0d7b6dc642d51f16b6c8806030ca5b462a3502d560df7ff62b7f1215195233f688320de19e4b3a2a2cb6120ae49bcc0abbd3cbbf06b29b489edbf86e3b679f4e247464992145f468e3c08db41e5e09002a7170cb4cc56ae96b152d17b6b0d1b9333b41f2325c3c8a9d2e2df98f8e2315884fae52b3c6bb329df0359daac4eff4d2e7ce729078b10d79d42f02000000000000001dcc52e058148a622c51acfdee6e181252ec0e9717653f0be1faaf2a68222e0dd2ccf4e1e8b088efccfdb955a1ff4a0fd28ae2ccbe1a112449ddae8738fb40b0");
    let (out, _) = call(
        "groth16",
        "prepare_verifying_key_internal",
        vec![U8(1), B(vk)],
    );
    let Ok(Out::Struct(fields)) = out else {
        panic!("{out:?}")
    };
    assert_eq!(fields.len(), 4);
    assert_eq!(fields[0], hex("1dcc52e058148a622c51acfdee6e181252ec0e9717653f0be1faaf2a68222e0dd2ccf4e1e8b088efccfdb955a1ff4a0fd28ae2ccbe1a112449ddae8738fb40b0"));
}

#[test]
fn poseidon_aborts_as_sui_does() {
    let one = {
        let mut v = vec![0u8; 32];
        v[0] = 1;
        v
    };
    let (out, gas) = call(
        "poseidon",
        "poseidon_bn254_internal",
        vec![Arg::Vectors(vec![one.clone()])],
    );
    assert_eq!(
        out,
        Ok(Out::Bytes(hex(
            "33018202c57d898b84338b16d1a4960e133c6a4d656cfec1bd62a9ea00611729"
        )))
    );
    assert_eq!(gas, 260 + 388);
    let (out, gas) = call(
        "poseidon",
        "poseidon_bn254_internal",
        vec![Arg::Vectors(vec![one.clone(); 17])],
    );
    assert_eq!(
        (out, gas),
        (Ok(Out::Abort(poseidon_abort::TOO_MANY_INPUTS)), 260)
    );
    let (out, _) = call(
        "poseidon",
        "poseidon_bn254_internal",
        vec![Arg::Vectors(vec![])],
    );
    assert_eq!(out, Ok(Out::Abort(poseidon_abort::NON_CANONICAL_INPUT)));
    let (out, _) = call(
        "poseidon",
        "poseidon_bn254_internal",
        vec![Arg::Vectors(vec![vec![0xff; 32]])],
    );
    assert_eq!(out, Ok(Out::Abort(poseidon_abort::NON_CANONICAL_INPUT)));
}

#[test]
fn ecvrf_aborts_by_input() {
    let output = hex("4fad431c7402fa1d4a7652e975aeb9a2b746540eca0b1b1e59c8d19c14a7701918a8249136e355455b8bc73851f7fc62c84f2e39f685b281e681043970026ed8");
    let key = hex("1ea6f0f467574295a2cd5d21a3fd3a712ade354d520d3bd0fe6088d7b7c2e00e");
    let proof = hex("d8ad2eafb4f2eaf317447726e541359f26dfce248431fe09984fdc73144abb6ceb006c57a29a742eae5a81dd04239870769e310a81046cbbaff8b0bd27a6d6affee167ebba50549b58ffdf9aa192f506");
    let alpha = || B(b"Hello, world!".to_vec());
    let (out, gas) = call(
        "ecvrf",
        "ecvrf_verify",
        vec![B(output.clone()), alpha(), B(key.clone()), B(proof.clone())],
    );
    assert_eq!((out, gas), (Ok(Out::Bool(true)), 4848 + 26 + 2));
    let (out, _) = call(
        "ecvrf",
        "ecvrf_verify",
        vec![B(vec![1; 12]), alpha(), B(key.clone()), B(proof.clone())],
    );
    assert_eq!(out, Ok(Out::Abort(ecvrf_abort::INVALID_HASH_LENGTH)));
    let (out, _) = call(
        "ecvrf",
        "ecvrf_verify",
        vec![B(output.clone()), alpha(), B(vec![1; 5]), B(proof)],
    );
    assert_eq!(out, Ok(Out::Abort(ecvrf_abort::INVALID_PUBLIC_KEY)));
    let (out, _) = call(
        "ecvrf",
        "ecvrf_verify",
        vec![B(output), alpha(), B(key), B(vec![1; 5])],
    );
    assert_eq!(out, Ok(Out::Abort(ecvrf_abort::INVALID_PROOF)));
}

/// Sui's `test_bulletproof_with_dst` vector (`rangeproofs_tests.move`): a 32-bit proof for
/// one commitment under the tag `sui-rangeproof-dst-v1`.
const RANGE_PROOF: &str = "3c63f5d2134352fc588a289433ee897bc6bcb570c17207eb834e48ea00a6c003c0c662a4d04d0bf5935f47e4ab545cec1aeb9411836e2821ab2c9edb58ce1b61f635508e1dcd6034d23d0e269361b2d2d30d447c4de473629177fb5eab15b548d46096a4c4b832e176cd1ae17f6a0fa021fb3d4722a760faadef8a9607974633a5c2340116256c532e62f81e646fa3419d78882ab48793387158ea4973821d05eb5a433bf04843370831bd1853c4034cb2748e010464eba8d40353b4e042490a2ab62de8a8adf78bfc768972f8e529eb2e77055202ef79be15b9de06581daf049055d44918c08827e24f43c3d0ee6ef41e31981e82e6f6bed48f9a2804e309235adf24dd41616a87a8472796633a2105810c9c93dbf39688c23ecaa131cfc726daf3c0ac50df7e5bdc5ac74f67945c9310b5ef56e6a08166665bf7cb9e28b0010288b51cf63feed33d7873c5bd7d6bc7fa5b29b955932f8a292c4e17d9ef200c5c34a4f2eb73db70a6cbad9879b003086e898c63a9a8f52faae40cbbc4cccb3b586fd1970289429d11ed8ecc4d91f90137da6f5ad367d95d9ea11d662d6f547d0c54c958177b92311b7fc3b43de7d7588fa55674bc152f43953e8a8321e81b105423410b41a2b99d6ac75d476c5d9f462c1903380938df601bf1682ae6974623ca1ccbd86b9c74c0617986e2e48528d7aee8c4d3a410eb6823f9d8afa62f677ef8b28f171766f37608f79fc514aaf059eef1eb3900896a74480e7949649dfb6f299b60acaaa7637e919a3542814923634db98036fdd5cd2bc90f6ddad4b0080b50360c37da3327e57d53d63ef76533138248eae132106c75895125b6dbbe8d06";
const RANGE_COMM: &str = "283042a73a56c0b936b6bf83a5751dc60c8abece4e2eed11aa5105266f4b8d7a";

fn verify_range(
    proof: Vec<u8>,
    bits: u8,
    comms: Vec<Vec<u8>>,
    dst: &[u8],
) -> (Result<Out, StatusCode>, u64) {
    call(
        "rangeproofs",
        "verify_bulletproofs_with_dst_ristretto255_internal",
        vec![B(proof), U8(bits), Arg::Vectors(comms), B(dst.to_vec())],
    )
}

#[test]
fn rangeproofs_verify_abort_and_charge_as_sui_does() {
    use rangeproofs_abort::{INVALID_BATCH_SIZE, INVALID_PROOF, INVALID_RANGE};
    let (proof, comm) = (hex(RANGE_PROOF), hex(RANGE_COMM));
    let dst = b"sui-rangeproof-dst-v1";
    let full = 23866 + 1324 * 32;
    let ok = verify_range(proof.clone(), 32, vec![comm.clone()], dst);
    assert_eq!(ok, (Ok(Out::Bool(true)), full));
    let other_tag = verify_range(proof.clone(), 32, vec![comm.clone()], b"");
    assert_eq!(other_tag, (Ok(Out::Bool(false)), full));
    let narrower = verify_range(proof.clone(), 16, vec![comm.clone()], dst);
    assert_eq!(narrower, (Ok(Out::Bool(false)), 23866 + 1324 * 16));
    // Aborts charge the base only, and come in Sui's order: proof, range, batch size.
    let too_long = [proof.clone(), vec![0; 300]].concat();
    for (proof, bits, comms, code) in [
        (too_long, 7, vec![], INVALID_PROOF),
        (vec![1; 100], 32, vec![comm.clone()], INVALID_PROOF),
        (proof.clone(), 7, vec![], INVALID_RANGE),
        (proof.clone(), 0, vec![comm.clone()], INVALID_RANGE),
        (proof.clone(), 32, vec![], INVALID_BATCH_SIZE),
        (proof.clone(), 32, vec![comm.clone(); 3], INVALID_BATCH_SIZE),
        (
            proof.clone(),
            64,
            vec![comm.clone(); 16],
            INVALID_BATCH_SIZE,
        ),
    ] {
        let (out, gas) = verify_range(proof, bits, comms, dst);
        assert_eq!((out, gas), (Ok(Out::Abort(code)), 23866), "{code}");
    }
    // A commitment that is not a point fails as it does in Sui, after the per-bit charge.
    let (out, gas) = verify_range(proof, 32, vec![vec![0xff; 32]], dst);
    assert_eq!((out, gas), (Err(StatusCode::INTERNAL_TYPE_ERROR), full));
}

const G1_GENERATOR: &str = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
const G2_GENERATOR: &str = "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";

fn scalar_be(n: u64) -> Vec<u8> {
    let mut v = vec![0u8; 24];
    v.extend_from_slice(&n.to_be_bytes());
    v
}

#[test]
fn group_ops_validate_and_arithmetic() {
    let g = || B(hex(G1_GENERATOR));
    let (out, gas) = call("group_ops", "internal_validate", vec![U8(1), g()]);
    assert_eq!((out, gas), (Ok(Out::Bool(true)), 2848));
    // GT and unknown groups are never valid, and cost nothing.
    let (out, gas) = call(
        "group_ops",
        "internal_validate",
        vec![U8(3), B(vec![0; 576])],
    );
    assert_eq!((out, gas), (Ok(Out::Bool(false)), 0));
    let (out, _) = call(
        "group_ops",
        "internal_validate",
        vec![U8(0), B(scalar_be(7)[1..].to_vec())],
    );
    assert_eq!(out, Ok(Out::Bool(false)));
    // 54321 · G1 (Sui's regression vector).
    let (out, gas) = call(
        "group_ops",
        "internal_mul",
        vec![U8(1), B(scalar_be(54321)), g()],
    );
    assert_eq!(out, Ok(Out::Bytes(hex("821285b97f9c0420a2d37951edbda3d7c3ebac40c6f194faa0256f6e569eba49829cd69c27f1dd9df2dd83bac1f5aa49"))));
    assert_eq!(gas, 4842);
    let (out, _) = call("group_ops", "internal_sub", vec![U8(1), g(), g()]);
    assert_eq!(
        out,
        Ok(Out::Bytes({
            let mut v = vec![0xc0];
            v.extend([0; 47]);
            v
        }))
    );
    // Division: e2 / e1; by zero aborts.
    let (out, _) = call(
        "group_ops",
        "internal_div",
        vec![U8(0), B(scalar_be(3)), B(scalar_be(15))],
    );
    assert_eq!(out, Ok(Out::Bytes(scalar_be(5))));
    let (out, gas) = call(
        "group_ops",
        "internal_div",
        vec![U8(1), B(scalar_be(0)), g()],
    );
    assert_eq!(
        (out, gas),
        (Ok(Out::Abort(group_ops_abort::INVALID_INPUT)), 5091)
    );
    let (out, gas) = call("group_ops", "internal_add", vec![U8(9), g(), g()]);
    assert_eq!(
        (out, gas),
        (Ok(Out::Abort(group_ops_abort::INVALID_INPUT)), 0)
    );
}

#[test]
fn group_ops_ristretto255() {
    let generator = hex("e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76");
    let mut scalar = vec![0u8; 32];
    scalar[..2].copy_from_slice(&54321u16.to_le_bytes());
    let (out, gas) = call(
        "group_ops",
        "internal_mul",
        vec![U8(6), B(scalar), B(generator.clone())],
    );
    assert_eq!(
        out,
        Ok(Out::Bytes(hex(
            "6e94dc1325cae4b7cdbdaacf2686f0ae8fa67ec9c59fe818312f6d7eaea13e30"
        )))
    );
    assert_eq!(gas, 1763);
    let (out, _) = call("group_ops", "internal_validate", vec![U8(6), B(generator)]);
    assert_eq!(out, Ok(Out::Bool(true)));
    let order = hex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
    let (out, gas) = call("group_ops", "internal_validate", vec![U8(5), B(order)]);
    assert_eq!((out, gas), (Ok(Out::Bool(false)), 5));
}

#[test]
fn group_ops_hash_msm_pairing_convert_sum() {
    let (out, gas) = call("group_ops", "internal_hash_to", vec![U8(1), B(vec![])]);
    assert_eq!(
        (out, gas),
        (Ok(Out::Abort(group_ops_abort::INVALID_INPUT)), 0)
    );
    let (out, gas) = call(
        "group_ops",
        "internal_hash_to",
        vec![U8(2), B(vec![1, 2, 3])],
    );
    assert!(matches!(out, Ok(Out::Bytes(b)) if b.len() == 96));
    assert_eq!(gas, 8688 + 6);
    // MSM: 2·G + 3·G = 5·G, and the limits.
    let g = hex(G1_GENERATOR);
    let scalars = [scalar_be(2), scalar_be(3)].concat();
    let (out, gas) = call(
        "group_ops",
        "internal_multi_scalar_mul",
        vec![U8(1), B(scalars), B([g.clone(), g.clone()].concat())],
    );
    let (five, _) = call(
        "group_ops",
        "internal_mul",
        vec![U8(1), B(scalar_be(5)), B(g.clone())],
    );
    assert_eq!(out, five);
    assert_eq!(gas, 2 * 7 + 2 * 2848 + 62648 + 1333 * 896);
    let (out, _) = call(
        "group_ops",
        "internal_multi_scalar_mul",
        vec![U8(1), B(vec![]), B(vec![])],
    );
    assert_eq!(out, Ok(Out::Abort(group_ops_abort::INVALID_INPUT)));
    let (out, gas) = call(
        "group_ops",
        "internal_multi_scalar_mul",
        vec![U8(1), B(scalar_be(1).repeat(33)), B(g.repeat(33))],
    );
    assert_eq!(
        (out, gas),
        (Ok(Out::Abort(group_ops_abort::INPUT_TOO_LONG)), 0)
    );
    // e(G1, G2) is GT's generator; only the G1 id pairs.
    let (out, gas) = call(
        "group_ops",
        "internal_pairing",
        vec![U8(1), B(g.clone()), B(hex(G2_GENERATOR))],
    );
    assert!(
        matches!(out, Ok(Out::Bytes(b)) if b.len() == 576 && b[..4] == [0x12, 0x50, 0xeb, 0xd8])
    );
    assert_eq!(gas, 26897);
    let (out, _) = call(
        "group_ops",
        "internal_pairing",
        vec![U8(0), B(g.clone()), B(hex(G2_GENERATOR))],
    );
    assert_eq!(out, Ok(Out::Abort(group_ops_abort::INVALID_INPUT)));
    // G1 → uncompressed → G1, and sums.
    let (out, gas) = call(
        "group_ops",
        "internal_convert",
        vec![U8(1), U8(4), B(g.clone())],
    );
    let Ok(Out::Bytes(uncompressed)) = out else {
        panic!("{out:?}")
    };
    assert_eq!((uncompressed[0], gas), (0x17, 2099));
    let (out, gas) = call(
        "group_ops",
        "internal_convert",
        vec![U8(4), U8(1), B(uncompressed.clone())],
    );
    assert_eq!((out, gas), (Ok(Out::Bytes(g.clone())), 677));
    let (out, _) = call(
        "group_ops",
        "internal_convert",
        vec![U8(4), U8(1), B(uncompressed[1..].to_vec())],
    );
    assert_eq!(out, Ok(Out::Abort(group_ops_abort::INVALID_INPUT)));
    let (out, gas) = call(
        "group_ops",
        "internal_sum",
        vec![U8(4), Arg::Vectors(vec![uncompressed.clone(); 2])],
    );
    let (two, _) = call(
        "group_ops",
        "internal_mul",
        vec![U8(1), B(scalar_be(2)), B(g)],
    );
    let Ok(Out::Bytes(two)) = two else { panic!() };
    let (two_uncompressed, _) = call("group_ops", "internal_convert", vec![U8(1), U8(4), B(two)]);
    assert_eq!(out, two_uncompressed);
    assert_eq!(gas, 77 + 2 * 26);
    let (out, _) = call(
        "group_ops",
        "internal_sum",
        vec![U8(4), Arg::Vectors(vec![])],
    );
    assert!(matches!(out, Ok(Out::Bytes(b)) if b[0] == 0x40));
    let (out, gas) = call(
        "group_ops",
        "internal_sum",
        vec![U8(4), Arg::Vectors(vec![uncompressed; 1201])],
    );
    assert_eq!(
        (out, gas),
        (Ok(Out::Abort(group_ops_abort::INPUT_TOO_LONG)), 0)
    );
}

/// Every crypto native fed junk bytes of many lengths, and junk type ids: an abort, `false`
/// or a value, never a panic.
#[test]
fn every_native_survives_malformed_bytes() {
    let mut junk: Vec<Vec<u8>> = Vec::new();
    for len in [0usize, 1, 31, 32, 33, 48, 64, 65, 80, 96, 192, 576] {
        for fill in [0x00u8, 0x80, 0xc0, 0xff] {
            junk.push(vec![fill; len]);
        }
    }
    let ids = [0u8, 1, 2, 3, 4, 5, 6, 7, 255];
    for b in &junk {
        let bytes = || B(b.clone());
        let vectors = || Arg::Vectors(vec![b.clone(); 3]);
        let _ = call("hash", "blake2b256", vec![bytes()]);
        let _ = call("hash", "keccak256", vec![bytes()]);
        let _ = call("hmac", "hmac_sha3_256", vec![bytes(), bytes()]);
        let _ = call("ed25519", "ed25519_verify", vec![bytes(), bytes(), bytes()]);
        let _ = call("ecdsa_k1", "decompress_pubkey", vec![bytes()]);
        for id in [0u8, 1, 2] {
            for module in ["ecdsa_k1", "ecdsa_r1"] {
                let curve = &module[6..];
                let recover = format!("secp256{curve}_ecrecover");
                let verify = format!("secp256{curve}_verify");
                let _ = call(module, &recover, vec![bytes(), bytes(), U8(id)]);
                let _ = call(module, &verify, vec![bytes(), bytes(), bytes(), U8(id)]);
            }
            let _ = call(
                "groth16",
                "prepare_verifying_key_internal",
                vec![U8(id), bytes()],
            );
            let mut args = vec![U8(id)];
            args.extend((0..6).map(|_| bytes()));
            let _ = call("groth16", "verify_groth16_proof_internal", args);
        }
        for name in ["bls12381_min_sig_verify", "bls12381_min_pk_verify"] {
            let _ = call("bls12381", name, vec![bytes(), bytes(), bytes()]);
        }
        let _ = call("poseidon", "poseidon_bn254_internal", vec![vectors()]);
        let _ = call(
            "ecvrf",
            "ecvrf_verify",
            vec![bytes(), bytes(), bytes(), bytes()],
        );
        for bits in [0u8, 8, 32, 64, 255] {
            let _ = verify_range(b.clone(), bits, vec![b.clone(); 2], b);
            let _ = verify_range(b.clone(), bits, vec![b.clone()], b);
        }
        for id in ids {
            let _ = call("group_ops", "internal_validate", vec![U8(id), bytes()]);
            for op in [
                "internal_add",
                "internal_sub",
                "internal_mul",
                "internal_div",
            ] {
                let _ = call("group_ops", op, vec![U8(id), bytes(), bytes()]);
            }
            let _ = call("group_ops", "internal_hash_to", vec![U8(id), bytes()]);
            let _ = call(
                "group_ops",
                "internal_multi_scalar_mul",
                vec![U8(id), bytes(), bytes()],
            );
            let _ = call(
                "group_ops",
                "internal_pairing",
                vec![U8(id), bytes(), bytes()],
            );
            let _ = call(
                "group_ops",
                "internal_convert",
                vec![U8(id), U8(id), bytes()],
            );
            let _ = call("group_ops", "internal_sum", vec![U8(id), vectors()]);
        }
    }
}
