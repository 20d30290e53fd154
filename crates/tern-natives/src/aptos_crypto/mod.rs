//! The cryptography natives of Aptos's standard library at `0x1` (`aptos_std`): `ed25519`,
//! `multi_ed25519`, `secp256k1`, `bls12381`, `ristretto255`, `ristretto255_bulletproofs` and
//! `crypto_algebra` (the BLS12-381 and BN254 structures), over [`tern_crypto`].
//!
//! Each native answers as Aptos's does (same acceptance rules, same `false`/`None` outcomes,
//! same abort codes); the rules and the libraries behind them are documented in the
//! `tern_crypto::aptos_*` modules. Gas: under a gas schedule each native charges Aptos's
//! parameters as Aptos's native does (the same parameters and counts, step by step, so that
//! a failing step ends the charges where Aptos's do; each module says how); without one they
//! charge nothing.
//!
//! Not implemented, and so not registered (calling one fails with the VM's
//! `MISSING_DEPENDENCY`, "Missing Native Function" naming it): the `#[test_only]`
//! key-generation, signing and proving natives, and `crypto_algebra::rand_insecure_internal`.

mod algebra;
mod algebra_gas;
mod bls12381;
mod bulletproofs;
mod ed25519;
mod ristretto255;
mod secp256k1;

pub use bulletproofs::{
    NFE_BATCH_SIZE_NOT_SUPPORTED, NFE_DESERIALIZE_RANGE_PROOF, NFE_RANGE_NOT_SUPPORTED,
};
pub use ristretto255::E_TOO_MANY_POINTS_CREATED;
pub use secp256k1::NFE_DESERIALIZE;
pub use tern_crypto::aptos_algebra::{
    EnabledStructures, E_INPUT_VECTOR_SIZES_NOT_MATCHING, E_NOT_IMPLEMENTED, E_TOO_MUCH_MEMORY_USED,
};

use crate::bad_args;
use std::sync::Arc;
use tern_primitives::{AccountAddress, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeRegistry, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Value};

type Outcome = Result<NativeResult, VmError>;

/// A native of this module: the context and the arguments (no type arguments are used).
type Native = fn(&mut NativeContext<'_>, &[Value]) -> Outcome;

/// A registry holding Aptos's crypto natives at `0x1`.
pub fn aptos_crypto_natives() -> NativeRegistry {
    let mut r = NativeRegistry::new();
    add_aptos_crypto_natives(&mut r);
    r
}

/// Adds Aptos's crypto natives at `0x1` to `registry`, `crypto_algebra` with both structure
/// families enabled.
pub fn add_aptos_crypto_natives(registry: &mut NativeRegistry) {
    add_aptos_crypto_natives_with(registry, EnabledStructures::ALL);
}

/// Adds Aptos's crypto natives at `0x1` to `registry`; `crypto_algebra`'s sessions may use
/// the `enabled` structure families (a family switched off aborts with
/// [`E_NOT_IMPLEMENTED`], as Aptos does with its `BLS12_381_STRUCTURES` or
/// `BN254_STRUCTURES` feature off).
pub fn add_aptos_crypto_natives_with(registry: &mut NativeRegistry, enabled: EnabledStructures) {
    algebra::register(registry, enabled);
    let tables: [&[(&str, &str, Native)]; 6] = [
        ed25519::NATIVES,
        ed25519::MULTI_NATIVES,
        secp256k1::NATIVES,
        bls12381::NATIVES,
        ristretto255::NATIVES,
        bulletproofs::NATIVES,
    ];
    for (module, function, native) in tables.into_iter().flatten() {
        let native = *native;
        let f: NativeFunction = Arc::new(move |ctx, _: &[TypeId], args| native(ctx, args));
        registry.register(AccountAddress::ONE, module, function, f);
    }
    crate::expect_aptos_signatures(registry);
}

fn arg(args: &[Value], i: usize) -> Result<Value, VmError> {
    args.get(i).copied().ok_or_else(bad_args)
}

/// The bytes of a `vector<u8>` argument passed by value (freed) or by reference.
fn owned_bytes(ctx: &mut NativeContext<'_>, args: &[Value], i: usize) -> Result<Vec<u8>, VmError> {
    let v = arg(args, i)?;
    let bytes = ctx.bytes(v)?.to_vec();
    ctx.heap.free_value(v);
    Ok(bytes)
}

/// The elements of a vector argument passed by value (freed afterwards).
fn owned_elements(ctx: &NativeContext<'_>, v: Value) -> Result<Vec<Value>, VmError> {
    let Value::Container(c) = v else {
        return Err(bad_args());
    };
    match ctx.heap.get(c)? {
        Container::Vec(e) => Ok(e.clone()),
        Container::Bytes(b) if b.is_empty() => Ok(Vec::new()),
        _ => Err(bad_args()),
    }
}

/// The byte strings of a `vector<vector<u8>>` argument passed by value (freed).
fn owned_byte_vectors(
    ctx: &mut NativeContext<'_>,
    args: &[Value],
    i: usize,
) -> Result<Vec<Vec<u8>>, VmError> {
    let v = arg(args, i)?;
    let out = owned_elements(ctx, v)?
        .into_iter()
        .map(|e| ctx.bytes(e).map(<[u8]>::to_vec))
        .collect::<Result<Vec<_>, _>>()?;
    ctx.heap.free_value(v);
    Ok(out)
}

/// The first field (`bytes: vector<u8>`) of each struct of a `vector<S>` argument passed by
/// value (freed): Aptos reads `vector<PublicKeyWithPoP>` and `vector<Signature>` this way.
fn owned_struct_bytes(
    ctx: &mut NativeContext<'_>,
    args: &[Value],
    i: usize,
) -> Result<Vec<Vec<u8>>, VmError> {
    let v = arg(args, i)?;
    let out = owned_elements(ctx, v)?
        .into_iter()
        .map(|e| {
            let first = *ctx.struct_fields(e)?.first().ok_or_else(bad_args)?;
            ctx.bytes(first).map(<[u8]>::to_vec)
        })
        .collect::<Result<Vec<_>, _>>()?;
    ctx.heap.free_value(v);
    Ok(out)
}

fn u8_arg(args: &[Value], i: usize) -> Result<u8, VmError> {
    match args.get(i) {
        Some(Value::U8(v)) => Ok(*v),
        _ => Err(bad_args()),
    }
}

fn ret_bool(b: bool) -> Outcome {
    Ok(NativeResult::Return(vec![Value::Bool(b)]))
}

/// `(bytes, true)` or `(vector[], false)`: Aptos's encoding of an optional result.
fn ret_optional_bytes(ctx: &mut NativeContext<'_>, bytes: Option<Vec<u8>>) -> Outcome {
    let ok = bytes.is_some();
    let v = ctx.new_bytes(bytes.unwrap_or_default());
    Ok(NativeResult::Return(vec![v, Value::Bool(ok)]))
}

fn slices(v: &[Vec<u8>]) -> Vec<&[u8]> {
    v.iter().map(Vec::as_slice).collect()
}

#[cfg(test)]
mod tests;
