//! `0x1::bls12381` (rules: [`tern_crypto::aptos_bls12381`]). None of these natives aborts.

use super::{
    owned_byte_vectors, owned_bytes, owned_struct_bytes, ret_bool, ret_optional_bytes, slices,
    Native, Outcome,
};
use tern_crypto::aptos_bls12381 as bls;
use tern_vm::natives::NativeContext;
use tern_vm::values::Value;

/// The natives of `bls12381`.
pub(super) const NATIVES: &[(&str, &str, Native)] = &[
    ("bls12381", "aggregate_pubkeys_internal", aggregate_pubkeys),
    (
        "bls12381",
        "aggregate_signatures_internal",
        aggregate_signatures,
    ),
    (
        "bls12381",
        "signature_subgroup_check_internal",
        signature_subgroup_check,
    ),
    ("bls12381", "validate_pubkey_internal", validate_pubkey),
    (
        "bls12381",
        "verify_aggregate_signature_internal",
        verify_aggregate,
    ),
    ("bls12381", "verify_multisignature_internal", |c, a| {
        verify(c, a, false)
    }),
    ("bls12381", "verify_normal_signature_internal", |c, a| {
        verify(c, a, true)
    }),
    (
        "bls12381",
        "verify_proof_of_possession_internal",
        verify_pop,
    ),
    ("bls12381", "verify_signature_share_internal", |c, a| {
        verify(c, a, false)
    }),
];

/// `aggregate_pubkeys_internal(public_keys: vector<PublicKeyWithPoP>): (vector<u8>, bool)`.
fn aggregate_pubkeys(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let keys = owned_struct_bytes(ctx, args, 0)?;
    let sum = bls::aggregate_pubkeys(&slices(&keys)).map(|k| k.to_vec());
    ret_optional_bytes(ctx, sum)
}

/// `aggregate_signatures_internal(signatures: vector<Signature>): (vector<u8>, bool)`.
fn aggregate_signatures(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let sigs = owned_struct_bytes(ctx, args, 0)?;
    let sum = bls::aggregate_signatures(&slices(&sigs)).map(|s| s.to_vec());
    ret_optional_bytes(ctx, sum)
}

fn signature_subgroup_check(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let sig = owned_bytes(ctx, args, 0)?;
    ret_bool(bls::signature_subgroup_check(&sig))
}

fn validate_pubkey(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    ret_bool(bls::validate_pubkey(&key))
}

/// `verify_aggregate_signature_internal(aggsig, public_keys: vector<PublicKeyWithPoP>,
/// messages: vector<vector<u8>>): bool`.
fn verify_aggregate(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let sig = owned_bytes(ctx, args, 0)?;
    let keys = owned_struct_bytes(ctx, args, 1)?;
    let messages = owned_byte_vectors(ctx, args, 2)?;
    ret_bool(bls::verify_aggregate_signature(
        &sig,
        &slices(&keys),
        &slices(&messages),
    ))
}

/// `verify_{normal_signature,multisignature,signature_share}_internal(signature, public_key,
/// message): bool`; only normal signatures subgroup-check the key.
fn verify(ctx: &mut NativeContext<'_>, args: &[Value], check_key: bool) -> Outcome {
    let sig = owned_bytes(ctx, args, 0)?;
    let key = owned_bytes(ctx, args, 1)?;
    let message = owned_bytes(ctx, args, 2)?;
    ret_bool(bls::verify_signature(&sig, &key, &message, check_key))
}

/// `verify_proof_of_possession_internal(public_key, proof_of_possesion): bool`.
fn verify_pop(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    let pop = owned_bytes(ctx, args, 1)?;
    ret_bool(bls::verify_proof_of_possession(&key, &pop))
}
