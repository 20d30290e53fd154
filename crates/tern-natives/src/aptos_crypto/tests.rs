//! Argument handling of the natives (values by value and by reference, freed after use).

use super::*;
use tern_vm::natives::Extensions;
use tern_vm::values::Heap;
use tern_vm::{Runtime, VmConfig};

fn run(native: Native, build: impl FnOnce(&mut Heap) -> Vec<Value>) -> (NativeResult, Heap) {
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    let mut heap = Heap::new();
    let args = build(&mut heap);
    let mut extensions = Extensions::new();
    let mut ctx = NativeContext::detached(&mut heap, &runtime, &mut [], &mut extensions);
    let out = native(&mut ctx, &args).unwrap();
    (out, heap)
}

fn bytes(heap: &mut Heap, b: &[u8]) -> Value {
    Value::Container(heap.alloc(Container::Bytes(b.to_vec())))
}

#[test]
fn every_native_of_the_six_families_is_registered() {
    // 2 ed25519 + 3 multi_ed25519 + 1 secp256k1 + 9 bls12381 + 27 ristretto255 + 2
    // ristretto255_bulletproofs + 22 crypto_algebra.
    assert_eq!(algebra::COUNT, 22);
    assert_eq!(aptos_crypto_natives().len(), 66);
}

#[test]
fn secp256k1_aborts_on_a_short_message_and_frees_its_arguments() {
    let (out, heap) = run(secp256k1::NATIVES[0].2, |h| {
        vec![bytes(h, &[0; 31]), Value::U8(0), bytes(h, &[0; 64])]
    });
    assert!(matches!(out, NativeResult::Abort(NFE_DESERIALIZE)));
    assert_eq!(heap.live(), 0);
}

#[test]
fn secp256k1_zero_signature_is_none() {
    let (out, heap) = run(secp256k1::NATIVES[0].2, |h| {
        vec![bytes(h, &[1; 32]), Value::U8(0), bytes(h, &[0; 64])]
    });
    let NativeResult::Return(values) = out else {
        panic!("{out:?}")
    };
    assert!(matches!(values.get(1), Some(Value::Bool(false))));
    let Some(Value::Container(c)) = values.first() else {
        panic!("{values:?}")
    };
    assert!(matches!(heap.get(*c), Ok(Container::Bytes(b)) if b.is_empty()));
}

#[test]
fn bls_aggregation_reads_the_bytes_field_of_each_struct() {
    // Two copies of one key: the sum is its double (a valid key).
    let pk: Vec<u8> = (0..96)
        .step_by(2)
        .map(|i| {
            u8::from_str_radix(
                &"8a53e7ae5270e3e765cd8a4032c2e77c6f7e87a44ebb85bf28a4d7865565698f975346714262f9e47c6f3e0d5d951660"[i..i + 2],
                16,
            )
            .unwrap()
        })
        .collect();
    let (out, heap) = run(bls12381::NATIVES[0].2, |h| {
        let structs = (0..2)
            .map(|_| {
                let b = bytes(h, &pk);
                Value::Container(h.alloc(Container::Struct(vec![b].into())))
            })
            .collect();
        vec![Value::Container(h.alloc(Container::Vec(structs)))]
    });
    let NativeResult::Return(values) = out else {
        panic!("{out:?}")
    };
    assert!(matches!(values.get(1), Some(Value::Bool(true))));
    let Some(Value::Container(c)) = values.first() else {
        panic!("{values:?}")
    };
    let Ok(Container::Bytes(sum)) = heap.get(*c) else {
        panic!()
    };
    assert!(tern_crypto::aptos_bls12381::validate_pubkey(sum));
    assert_eq!(heap.live(), 1);
}

#[test]
fn wrong_argument_shapes_are_errors_not_panics() {
    for (_, _, native) in [
        ed25519::NATIVES,
        ed25519::MULTI_NATIVES,
        secp256k1::NATIVES,
        bls12381::NATIVES,
    ]
    .into_iter()
    .flatten()
    {
        let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
        let mut heap = Heap::new();
        let mut extensions = Extensions::new();
        let mut ctx = NativeContext::detached(&mut heap, &runtime, &mut [], &mut extensions);
        assert!(native(&mut ctx, &[]).is_err());
        assert!(native(&mut ctx, &[Value::U64(1), Value::Bool(true), Value::U8(1)]).is_err());
    }
}

#[test]
fn ristretto_points_persist_in_the_session_and_are_bounded() {
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    let mut heap = Heap::new();
    let mut extensions = Extensions::new();
    let mut ctx = NativeContext::detached(&mut heap, &runtime, &mut [], &mut extensions);
    let identity = ristretto255::NATIVES[0].2;
    for expected in 0..tern_crypto::aptos_ristretto255::MAX_POINTS as u64 {
        let NativeResult::Return(v) = identity(&mut ctx, &[]).unwrap() else {
            panic!()
        };
        assert!(matches!(v.as_slice(), [Value::U64(h)] if *h == expected));
    }
    assert!(matches!(
        identity(&mut ctx, &[]).unwrap(),
        NativeResult::Abort(E_TOO_MANY_POINTS_CREATED)
    ));
    // A handle the store does not hold is an invariant violation, not a panic.
    let clone = ristretto255::NATIVES[3].2;
    assert!(clone(&mut ctx, &[Value::U64(u64::MAX)]).is_err());
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// A `&RistrettoPoint` argument for `handle`.
fn point_ref(heap: &mut Heap, handle: u64) -> Value {
    let c = heap.alloc(Container::Struct(vec![Value::U64(handle)].into()));
    Value::Ref(tern_vm::values::Ref {
        place: tern_vm::values::Place::Whole(c),
    })
}

#[test]
fn bulletproofs_native_verifies_aptos_vector_against_store_bases() {
    // `ristretto255_bulletproofs.move`'s commitment to A_VALUE and its 64-bit proof under
    // "AptosBulletproofs"; the bases are Aptos's `basepoint()` and `hash_to_point_base()`.
    const BASE: &str = "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76";
    const HASH_BASE: &str = "8c9240b456a9e6dc65c377a1048d745f94a08cdb7f44cbcd7b46f34048871134";
    const COMM: &str = "0a665260a4e42e575882c2cdcb3d0febd6cf168834f6de1e9e61e7b2e53dbf14";
    const PROOF: &str = concat!(
        "d8d422d3fb9511d1942b78e3ec1a8c82fe1c01a0a690c55a4761e7e825633a753cca816667d2cbb716fe04a9c199cad748c2d4e59de4ed04fedf5f04f4341a74",
        "ae75b63c1997fd65d5fb3a8c03ad8771abe2c0a4f65d19496c11d948d6809503eac4d996f2c6be4e64ebe2df31102c96f106695bdf489dc9290c93b4d4b5411f",
        "b6298d0c33afa57e2e1948c38ef567268a661e7b1c099272e29591e717930a06a2c6e0e2d56aedea3078fd59334634f1a4543069865409eba074278f19103908",
        "3102a9a0621791a9be09212a847e22061e083d7a712b05bca7274b25e4cb1201c679c4957f0842d7661fa1d3f5456a651e89112628b456026f8ad3a7abeaba3f",
        "ec8031ec8b0392c0aa6c96205f7b21b0c2d6b5d064bd5bd1a1d91c41625d910688fa0dca35ec0f0e31a45792f8d6a330be970a22e1e0773111a083de893c8941",
        "9ee7de97295978de90bcdf873a2826746809e64f9143417dbed09fa1c124e673febfed65c137cc45fabda963c96b64645802d1440cba5e58717e539f55f3321a",
        "b0c0f60410fba70070c5db500fee874265a343a2a59773fd150bcae09321a5166062e176e2e76bef0e3dd1a9250bcb7f4c971c10f0b24eb2a94e009b72c1fc21",
        "ee4267881e27b4edba8bed627ddf37e0c53cd425bc279d0c50d154d136503e54882e9541820d6394bd52ca2b438fd8c517f186fec0649c4846c4e43ce845d80e",
        "503dee157ce55392188039a7efc78719107ab989db8d9363b9dfc1946f01a84dbca5e742ed5f30b07ac61cf17ce2cf2c6a49d799ed3968a63a3ccb90d9a0e509",
        "60d959f17f202dd5cf0f2c375a8a702e063d339e48c0227e7cf710157f63f13136d8c3076c672ea2c1028fc1825366a145a4311de6c2cc46d3144ae3d2bc5808",
        "819b9817be3fce1664ecb60f74733e75e97ca8e567d1b81bdd4c56c7a340ba00",
    );
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    let mut heap = Heap::new();
    let mut extensions = Extensions::new();
    let mut ctx = NativeContext::detached(&mut heap, &runtime, &mut [], &mut extensions);
    let decompress = ristretto255::NATIVES[2].2;
    for (bytes, expected) in [(BASE, 0u64), (HASH_BASE, 1)] {
        let arg = ctx.new_bytes(hex(bytes));
        let NativeResult::Return(v) = decompress(&mut ctx, &[arg]).unwrap() else {
            panic!()
        };
        assert!(matches!(v.as_slice(), [Value::U64(h), Value::Bool(true)] if *h == expected));
    }
    let verify = bulletproofs::NATIVES[0].2;
    let run = |ctx: &mut NativeContext<'_>, bits: u64, proof: Vec<u8>| {
        let args = [
            ctx.new_bytes(hex(COMM)),
            point_ref(ctx.heap, 0),
            point_ref(ctx.heap, 1),
            ctx.new_bytes(proof),
            Value::U64(bits),
            ctx.new_bytes(b"AptosBulletproofs".to_vec()),
        ];
        verify(ctx, &args).unwrap()
    };
    let NativeResult::Return(v) = run(&mut ctx, 64, hex(PROOF)) else {
        panic!()
    };
    assert!(matches!(v.as_slice(), [Value::Bool(true)]));
    assert!(matches!(
        run(&mut ctx, 10, hex(PROOF)),
        NativeResult::Abort(NFE_RANGE_NOT_SUPPORTED)
    ));
    assert!(matches!(
        run(&mut ctx, 64, Vec::new()),
        NativeResult::Abort(NFE_DESERIALIZE_RANGE_PROOF)
    ));
}
