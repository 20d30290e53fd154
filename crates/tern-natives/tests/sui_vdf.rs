//! `0x2::vdf`'s natives called as the VM calls them: results, abort codes and gas against
//! Sui's (`vdf_hash_to_input_cost` 100, `vdf_verify_vdf_cost` 1500, charged before the
//! arguments are read). The arithmetic is tested in `tern-crypto`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tern_natives::sui_crypto::vdf_abort;
use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode};
use tern_vm::natives::{Extensions, NativeContext, NativeRegistry, NativeResult};
use tern_vm::values::{Container, Heap, Place, Ref, Value};
use tern_vm::{Runtime, VmConfig};

const VECTORS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tern-crypto/testdata/vdf/vectors.txt"
));

fn vector(name: &str) -> Vec<u8> {
    let line = VECTORS
        .lines()
        .find(|line| line.split(' ').next() == Some(name))
        .unwrap();
    let hex = line.split(' ').nth(1).unwrap();
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

/// What a call gave: returned bytes, a returned bool, or an abort code.
#[derive(Debug, PartialEq, Eq)]
enum Out {
    Bytes(Vec<u8>),
    Bool(bool),
    Abort(u64),
}

/// Calls `0x2::vdf::function` with `&vector<u8>` arguments and, when given, a trailing `u64`:
/// the outcome and the gas charged.
fn call(function: &str, bytes: &[&[u8]], count: Option<u64>) -> (Result<Out, StatusCode>, u64) {
    let natives = tern_natives::sui_crypto_natives();
    let id = ModuleId::new(AccountAddress::from_u64(2), Identifier::new("vdf").unwrap());
    let native = natives.lookup(&id, function).expect("registered");
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    let (mut heap, mut extensions) = (Heap::new(), Extensions::new());
    let mut args: Vec<Value> = bytes
        .iter()
        .map(|b| {
            let c = heap.alloc(Container::Bytes(b.to_vec()));
            Value::Ref(Ref {
                place: Place::Whole(c),
            })
        })
        .collect();
    args.extend(count.map(Value::U64));
    let mut ctx = NativeContext::detached(&mut heap, &runtime, &mut [], &mut extensions);
    let result = native(&mut ctx, &[], &args);
    let gas = ctx.gas_charged;
    let out = match result {
        Err(e) => Err(e.status()),
        Ok(NativeResult::Abort(code)) => Ok(Out::Abort(code)),
        Ok(NativeResult::Return(values)) => Ok(match values.as_slice() {
            [Value::Bool(b)] => Out::Bool(*b),
            [Value::Container(c)] => match heap.get(*c).unwrap() {
                Container::Bytes(b) => Out::Bytes(b.clone()),
                other => panic!("returned {other:?}"),
            },
            other => panic!("returned {other:?}"),
        }),
        Ok(_) => panic!("vdf natives only return or abort"),
    };
    (out, gas)
}

#[test]
fn hash_to_input_returns_suis_element_for_100_gas() {
    let (out, gas) = call("hash_to_input_internal", &[b"seed"], None);
    assert_eq!(out, Ok(Out::Bytes(vector("sui_seed_hash"))));
    assert_eq!(gas, 100);
    let (out, _) = call("hash_to_input_internal", &[b""], None);
    assert!(matches!(out, Ok(Out::Bytes(b)) if !b.is_empty()));
}

#[test]
fn vdf_verify_answers_for_1500_gas_whatever_the_count() {
    let (input, output, proof) = (
        vector("sui_input"),
        vector("sui_output_100"),
        vector("sui_proof_100"),
    );
    let forms: [&[u8]; 3] = [&input, &output, &proof];
    for (count, expected) in [(100, true), (101, false), (0, false), (u64::MAX, false)] {
        let (out, gas) = call("vdf_verify_internal", &forms, Some(count));
        assert_eq!(out, Ok(Out::Bool(expected)), "{count}");
        assert_eq!(gas, 1500);
    }
}

#[test]
fn vdf_verify_aborts_with_invalid_input_after_charging() {
    let (output, proof) = (vector("sui_other_output"), vector("sui_proof_100"));
    for junk in [&b""[..], &[0xab, 0xcd], &[1, 0, 1, 0]] {
        let (out, gas) = call("vdf_verify_internal", &[junk, &output, &proof], Some(100));
        assert_eq!(out, Ok(Out::Abort(vdf_abort::INVALID_INPUT)));
        assert_eq!(gas, 1500);
    }
    // A missing or mistyped count is the VM's error, not an abort.
    let (out, _) = call("vdf_verify_internal", &[&output, &output, &proof], None);
    assert!(out.is_err());
}
