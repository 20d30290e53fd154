//! `0x1::ed25519` and `0x1::multi_ed25519` (rules: [`tern_crypto::aptos_ed25519`]).

use super::{owned_bytes, ret_bool, Native, Outcome};
use tern_crypto::aptos_ed25519 as ed;
use tern_vm::natives::NativeContext;
use tern_vm::values::Value;

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
fn public_key_validate(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    ret_bool(
        <[u8; ed::PUBLIC_KEY_LENGTH]>::try_from(key.as_slice())
            .is_ok_and(|k| ed::is_valid_point(&k)),
    )
}

/// `signature_verify_strict_internal(signature, public_key, message): bool`.
fn verify_strict(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let signature = owned_bytes(ctx, args, 0)?;
    let key = owned_bytes(ctx, args, 1)?;
    let message = owned_bytes(ctx, args, 2)?;
    ret_bool(ed::verify_strict(&signature, &key, &message))
}

fn multi_validate_v1(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    ret_bool(ed::multi_public_key_validate_v1(&key))
}

fn multi_validate_v2(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let key = owned_bytes(ctx, args, 0)?;
    ret_bool(ed::multi_public_key_validate_v2(&key))
}

/// `signature_verify_strict_internal(multisignature, public_key, message): bool`.
fn multi_verify_strict(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let signature = owned_bytes(ctx, args, 0)?;
    let key = owned_bytes(ctx, args, 1)?;
    let message = owned_bytes(ctx, args, 2)?;
    ret_bool(ed::multi_verify_strict(&signature, &key, &message))
}
