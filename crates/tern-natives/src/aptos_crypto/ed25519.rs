//! `0x1::ed25519` and `0x1::multi_ed25519` (rules: [`tern_crypto::aptos_ed25519`]).
//!
//! Gas under a schedule: Aptos's `signature.*` parameters (shared by both modules), charged
//! step by step as Aptos's natives charge them — each deserialization or check is paid for
//! before it runs, and a step that fails ends the charges there.

use super::{owned_bytes, ret_bool, Native, Outcome};
use tern_crypto::aptos_ed25519 as ed;
use tern_vm::natives::NativeContext;
use tern_vm::values::Value;

const BASE: &str = "aptos_framework.signature.base";
const PUBKEY_DESERIALIZE: &str = "aptos_framework.signature.per_pubkey_deserialize";
const PUBKEY_SMALL_ORDER: &str = "aptos_framework.signature.per_pubkey_small_order_check";
const SIG_DESERIALIZE: &str = "aptos_framework.signature.per_sig_deserialize";
const SIG_STRICT_VERIFY: &str = "aptos_framework.signature.per_sig_strict_verify";
const MSG_HASHING_BASE: &str = "aptos_framework.signature.per_msg_hashing_base";
const MSG_BYTE_HASHING: &str = "aptos_framework.signature.per_msg_byte_hashing";

/// Charges `priced` under a schedule; these natives charge no Tern units.
fn charge(ctx: &mut NativeContext<'_>, priced: &[(&str, u64)]) {
    ctx.charge_priced(priced, 0);
}

/// The natives of `ed25519`.
pub(super) const NATIVES: &[(&str, &str, Native)] = &[
    (
        "ed25519",
        "public_key_validate_internal",
        public_key_validate,
    ),
    ("ed25519", "signature_verify_strict_internal", verify_strict),
];

/// The natives of `multi_ed25519`.
pub(super) const MULTI_NATIVES: &[(&str, &str, Native)] = &[
    (
        "multi_ed25519",
        "public_key_validate_internal",
        multi_validate_v1,
    ),
    (
        "multi_ed25519",
        "public_key_validate_v2_internal",
        multi_validate_v2,
    ),
    (
        "multi_ed25519",
        "signature_verify_strict_internal",
        multi_verify_strict,
    ),
];

/// `public_key_validate_internal(bytes): bool`: a wrong length is `false` (Aptos's
/// `ED25519_PUBKEY_VALIDATE_RETURN_FALSE_WRONG_LENGTH`, enabled since 2023).
/// Gas: base and one key deserialization, then the small-order check for a key that
/// decompresses.
fn public_key_validate(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    charge(ctx, &[(BASE, 1), (PUBKEY_DESERIALIZE, 1)]);
    let Ok(key) = <[u8; ed::PUBLIC_KEY_LENGTH]>::try_from(key.as_slice()) else {
        return ret_bool(false);
    };
    if !ed::decompresses(&key) {
        return ret_bool(false);
    }
    charge(ctx, &[(PUBKEY_SMALL_ORDER, 1)]);
    ret_bool(ed::is_valid_point(&key))
}

/// `signature_verify_strict_internal(signature, public_key, message): bool`. Gas: base and
/// the key's deserialization; if it deserializes, the signature's; if that does too, the
/// verification and the hashing of the message's bytes.
fn verify_strict(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let signature = owned_bytes(ctx, args, 0)?;
    let key = owned_bytes(ctx, args, 1)?;
    let message = owned_bytes(ctx, args, 2)?;
    charge(ctx, &[(BASE, 1), (PUBKEY_DESERIALIZE, 1)]);
    if !ed::public_key_deserializes(&key) {
        return ret_bool(false);
    }
    charge(ctx, &[(SIG_DESERIALIZE, 1)]);
    if !ed::signature_deserializes(&signature) {
        return ret_bool(false);
    }
    charge(
        ctx,
        &[
            (SIG_STRICT_VERIFY, 1),
            (MSG_HASHING_BASE, 1),
            (MSG_BYTE_HASHING, message.len() as u64),
        ],
    );
    ret_bool(ed::verify_strict(&signature, &key, &message))
}

/// Charges, for the whole 32-byte chunks of a MultiEd25519 key up to and including the
/// first that is not a valid point of large order (all of them when every one is), one key
/// deserialization and one small-order check each.
fn charge_sub_keys(ctx: &mut NativeContext<'_>, key: &[u8]) {
    let chunks = key.chunks_exact(ed::PUBLIC_KEY_LENGTH);
    let total = chunks.len();
    let checked = chunks
        .map(|c| <[u8; ed::PUBLIC_KEY_LENGTH]>::try_from(c).is_ok_and(|k| ed::is_valid_point(&k)))
        .position(|valid| !valid)
        .map_or(total, |first_invalid| first_invalid + 1) as u64;
    charge(
        ctx,
        &[(PUBKEY_DESERIALIZE, checked), (PUBKEY_SMALL_ORDER, checked)],
    );
}

/// Gas: base; then, for a key of at most 32 chunks, each chunk checked ([`charge_sub_keys`]).
fn multi_validate_v1(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    charge(ctx, &[(BASE, 1)]);
    if key.len() / ed::PUBLIC_KEY_LENGTH <= ed::MAX_NUM_OF_KEYS {
        charge_sub_keys(ctx, &key);
    }
    ret_bool(ed::multi_public_key_validate_v1(&key))
}

/// Gas: base; then, for a well-formed t-of-n key, each key checked ([`charge_sub_keys`]).
fn multi_validate_v2(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    charge(ctx, &[(BASE, 1)]);
    if ed::multi_threshold(&key).is_some() {
        charge_sub_keys(ctx, &key);
    }
    ret_bool(ed::multi_public_key_validate_v2(&key))
}

/// `signature_verify_strict_internal(multisignature, public_key, message): bool`. Gas: base
/// and a deserialization per whole 32 bytes of the key; if the key deserializes, one per
/// whole 64 bytes of the signature; if that does too, per signature a verification and the
/// hashing of the message.
fn multi_verify_strict(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let signature = owned_bytes(ctx, args, 0)?;
    let key = owned_bytes(ctx, args, 1)?;
    let message = owned_bytes(ctx, args, 2)?;
    let sub_keys = (key.len() / ed::PUBLIC_KEY_LENGTH) as u64;
    let sub_sigs = (signature.len() / ed::SIGNATURE_LENGTH) as u64;
    charge(ctx, &[(BASE, 1), (PUBKEY_DESERIALIZE, sub_keys)]);
    if !ed::multi_public_key_deserializes(&key) {
        return ret_bool(false);
    }
    charge(ctx, &[(SIG_DESERIALIZE, sub_sigs)]);
    if !ed::multi_signature_deserializes(&signature) {
        return ret_bool(false);
    }
    let hashed = sub_sigs.saturating_mul(message.len() as u64);
    charge(
        ctx,
        &[
            (SIG_STRICT_VERIFY, sub_sigs),
            (MSG_HASHING_BASE, sub_sigs),
            (MSG_BYTE_HASHING, hashed),
        ],
    );
    ret_bool(ed::multi_verify_strict(&signature, &key, &message))
}
