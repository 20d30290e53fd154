//! `0x1::bls12381` (rules: [`tern_crypto::aptos_bls12381`]). None of these natives aborts.
//!
//! Gas under a schedule: Aptos's `bls12381.*` parameters, charged step by step as Aptos's
//! natives charge them: each deserialization or check is paid for before it runs, a list of
//! keys or signatures is deserialized up to and including the first that fails, and a step
//! that fails ends the charges there. As in Aptos, a key's subgroup check is charged at the
//! price of a key deserialization (`per_pubkey_deserialize`).

use super::{
    owned_byte_vectors, owned_bytes, owned_struct_bytes, ret_bool, ret_optional_bytes, slices,
    Native, Outcome,
};
use tern_crypto::aptos_bls12381 as bls;
use tern_vm::natives::NativeContext;
use tern_vm::values::Value;

const BASE: &str = "aptos_framework.bls12381.base";
const PUBKEY_DESERIALIZE: &str = "aptos_framework.bls12381.per_pubkey_deserialize";
const PUBKEY_AGGREGATE: &str = "aptos_framework.bls12381.per_pubkey_aggregate";
const SIG_DESERIALIZE: &str = "aptos_framework.bls12381.per_sig_deserialize";
const SIG_AGGREGATE: &str = "aptos_framework.bls12381.per_sig_aggregate";
const SIG_SUBGROUP_CHECK: &str = "aptos_framework.bls12381.per_sig_subgroup_check";
const SIG_VERIFY: &str = "aptos_framework.bls12381.per_sig_verify";
const POP_VERIFY: &str = "aptos_framework.bls12381.per_pop_verify";
const PAIRING: &str = "aptos_framework.bls12381.per_pairing";
const MSG_HASHING: &str = "aptos_framework.bls12381.per_msg_hashing";
const BYTE_HASHING: &str = "aptos_framework.bls12381.per_byte_hashing";

/// Charges `priced` under a schedule; these natives charge no Tern units.
fn charge(ctx: &mut NativeContext<'_>, priced: &[(&str, u64)]) {
    ctx.charge_priced(priced, 0);
}

/// Charges `price` for each of `items` deserialized in turn by `deserializes`, up to and
/// including the first that fails; whether all deserialized.
fn charge_each(
    ctx: &mut NativeContext<'_>,
    items: &[Vec<u8>],
    price: &str,
    deserializes: fn(&[u8]) -> bool,
) -> bool {
    let first_bad = items.iter().position(|i| !deserializes(i));
    let charged = first_bad.map_or(items.len(), |i| i + 1) as u64;
    charge(ctx, &[(price, charged)]);
    first_bad.is_none()
}

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
/// Gas: base; then for a non-empty list the keys deserialized, then one aggregation per key.
fn aggregate_pubkeys(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let keys = owned_struct_bytes(ctx, args, 0)?;
    charge(ctx, &[(BASE, 1)]);
    if !keys.is_empty() && charge_each(ctx, &keys, PUBKEY_DESERIALIZE, bls::public_key_deserializes)
    {
        charge(ctx, &[(PUBKEY_AGGREGATE, keys.len() as u64)]);
    }
    let sum = bls::aggregate_pubkeys(&slices(&keys)).map(|k| k.to_vec());
    ret_optional_bytes(ctx, sum)
}

/// `aggregate_signatures_internal(signatures: vector<Signature>): (vector<u8>, bool)`.
/// Gas: base; then for a non-empty list the signatures deserialized, then one aggregation
/// per signature.
fn aggregate_signatures(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let sigs = owned_struct_bytes(ctx, args, 0)?;
    charge(ctx, &[(BASE, 1)]);
    if !sigs.is_empty() && charge_each(ctx, &sigs, SIG_DESERIALIZE, bls::signature_deserializes) {
        charge(ctx, &[(SIG_AGGREGATE, sigs.len() as u64)]);
    }
    let sum = bls::aggregate_signatures(&slices(&sigs)).map(|s| s.to_vec());
    ret_optional_bytes(ctx, sum)
}

/// Gas: base and a deserialization, then the subgroup check if it deserializes.
fn signature_subgroup_check(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let sig = owned_bytes(ctx, args, 0)?;
    charge(ctx, &[(BASE, 1), (SIG_DESERIALIZE, 1)]);
    if bls::signature_deserializes(&sig) {
        charge(ctx, &[(SIG_SUBGROUP_CHECK, 1)]);
    }
    ret_bool(bls::signature_subgroup_check(&sig))
}

/// Gas: base and a deserialization, then the subgroup check (at the deserialization's
/// price, as in Aptos) if it deserializes.
fn validate_pubkey(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    charge(ctx, &[(BASE, 1), (PUBKEY_DESERIALIZE, 1)]);
    if bls::public_key_deserializes(&key) {
        charge(ctx, &[(PUBKEY_DESERIALIZE, 1)]);
    }
    ret_bool(bls::validate_pubkey(&key))
}

/// `verify_aggregate_signature_internal(aggsig, public_keys: vector<PublicKeyWithPoP>,
/// messages: vector<vector<u8>>): bool`. Gas: base; when there are as many keys as
/// messages, the keys deserialized, then the signature; then a pairing per message and one
/// more, and the hashing of each message.
fn verify_aggregate(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let sig = owned_bytes(ctx, args, 0)?;
    let keys = owned_struct_bytes(ctx, args, 1)?;
    let messages = owned_byte_vectors(ctx, args, 2)?;
    charge(ctx, &[(BASE, 1)]);
    if keys.len() == messages.len()
        && charge_each(ctx, &keys, PUBKEY_DESERIALIZE, bls::public_key_deserializes)
        && charge_each(
            ctx,
            std::slice::from_ref(&sig),
            SIG_DESERIALIZE,
            bls::signature_deserializes,
        )
    {
        let count = messages.len() as u64;
        let bytes = messages.iter().map(|m| m.len() as u64).sum::<u64>();
        charge(
            ctx,
            &[
                (PAIRING, count.saturating_add(1)),
                (MSG_HASHING, count),
                (BYTE_HASHING, bytes),
            ],
        );
    }
    ret_bool(bls::verify_aggregate_signature(
        &sig,
        &slices(&keys),
        &slices(&messages),
    ))
}

/// `verify_{normal_signature,multisignature,signature_share}_internal(signature, public_key,
/// message): bool`; only normal signatures subgroup-check the key. Gas: base and the key's
/// deserialization; then the key's subgroup check (normal signatures, at the
/// deserialization's price); then the signature's deserialization; then the verification
/// and the hashing of the message — each step only if the one before succeeded.
fn verify(ctx: &mut NativeContext<'_>, args: &[Value], check_key: bool) -> Outcome {
    let sig = owned_bytes(ctx, args, 0)?;
    let key = owned_bytes(ctx, args, 1)?;
    let message = owned_bytes(ctx, args, 2)?;
    charge(ctx, &[(BASE, 1), (PUBKEY_DESERIALIZE, 1)]);
    let key_ok = bls::public_key_deserializes(&key) && {
        if check_key {
            charge(ctx, &[(PUBKEY_DESERIALIZE, 1)]);
        }
        !check_key || bls::validate_pubkey(&key)
    };
    if key_ok {
        charge(ctx, &[(SIG_DESERIALIZE, 1)]);
        if bls::signature_deserializes(&sig) {
            let bytes = message.len() as u64;
            charge(
                ctx,
                &[(SIG_VERIFY, 1), (MSG_HASHING, 1), (BYTE_HASHING, bytes)],
            );
        }
    }
    ret_bool(bls::verify_signature(&sig, &key, &message, check_key))
}

/// `verify_proof_of_possession_internal(public_key, proof_of_possesion): bool`. Gas: base and
/// the key's deserialization; then the proof's; then the proof's verification.
fn verify_pop(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    let pop = owned_bytes(ctx, args, 1)?;
    charge(ctx, &[(BASE, 1), (PUBKEY_DESERIALIZE, 1)]);
    if bls::public_key_deserializes(&key) {
        charge(ctx, &[(SIG_DESERIALIZE, 1)]);
        if bls::signature_deserializes(&pop) {
            charge(ctx, &[(POP_VERIFY, 1)]);
        }
    }
    ret_bool(bls::verify_proof_of_possession(&key, &pop))
}
