//! Ed25519 and MultiEd25519 under the rules of Aptos's `0x1::ed25519` and
//! `0x1::multi_ed25519` natives (RFC 8032 PureEdDSA with strict verification).
//!
//! Aptos's rules, which differ from the ZIP-215 rules of [`crate::ed25519`]:
//! - a public key is 32 bytes that decompress to a curve point (any order);
//!   `public_key_validate` additionally refuses points of small order;
//! - a signature is 64 bytes `R ‖ S` with `S < ℓ` (canonical);
//! - verification is `ed25519-dalek`'s `verify_strict`: `R` and the key must not be of small
//!   order, and `[S]B = R + [k]A` must hold without the cofactor.
//!
//! Aptos runs `ed25519-dalek` 1, which compares the recomputed `R` as a point; version 2 (used
//! here) compares encodings. They differ only on a signature whose `R` has a non-canonical
//! encoding of a point of large order, which nobody can produce without a discrete log.
//!
//! MultiEd25519 (Aptos's own t-of-n format): a public key is `n` keys of 32 bytes followed by
//! the threshold byte `t` (1 ≤ t ≤ n ≤ 32); a signature is `m` signatures of 64 bytes followed
//! by a 4-byte bitmap whose bit `i` (most significant bit of byte 0 first) says key `i` signed.

use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::scalar::Scalar;

/// Length of an Ed25519 public key.
pub const PUBLIC_KEY_LENGTH: usize = 32;
/// Length of an Ed25519 signature.
pub const SIGNATURE_LENGTH: usize = 64;
/// Most keys (and signatures) of a MultiEd25519 key.
pub const MAX_NUM_OF_KEYS: usize = 32;
/// Length of the bitmap ending a MultiEd25519 signature.
pub const BITMAP_NUM_OF_BYTES: usize = 4;

/// Whether 32 bytes decompress to a point that is not of small order (Aptos's public-key
/// validation, also applied to each key of a MultiEd25519 key).
pub fn is_valid_point(key: &[u8; PUBLIC_KEY_LENGTH]) -> bool {
    CompressedEdwardsY(*key)
        .decompress()
        .is_some_and(|point| !point.is_small_order())
}

/// Whether `key` deserializes as Aptos's `Ed25519PublicKey` does: 32 bytes that decompress to
/// a curve point (of any order). The step after which `signature_verify_strict` charges for
/// the signature.
pub fn public_key_deserializes(key: &[u8]) -> bool {
    <[u8; PUBLIC_KEY_LENGTH]>::try_from(key)
        .is_ok_and(|k| ed25519_dalek::VerifyingKey::from_bytes(&k).is_ok())
}

/// Whether 32 bytes decompress to a curve point, of any order (the step after which
/// `public_key_validate` charges for the small-order check).
pub fn decompresses(key: &[u8; PUBLIC_KEY_LENGTH]) -> bool {
    CompressedEdwardsY(*key).decompress().is_some()
}

/// Whether `signature` deserializes as Aptos's `Ed25519Signature` does: 64 bytes whose `S`
/// is canonical.
pub fn signature_deserializes(signature: &[u8]) -> bool {
    signature.len() == SIGNATURE_LENGTH && signature.get(32..).is_some_and(s_is_canonical)
}

/// Whether `public_key` deserializes as Aptos's `MultiEd25519PublicKey` does: a well-formed
/// t-of-n key whose every key decompresses.
pub fn multi_public_key_deserializes(public_key: &[u8]) -> bool {
    multi_threshold(public_key).is_some()
        && public_key
            .chunks_exact(PUBLIC_KEY_LENGTH)
            .all(public_key_deserializes)
}

/// Whether `signature` deserializes as Aptos's `MultiEd25519Signature` does: 1 to 32
/// canonical signatures and a bitmap with as many bits set.
pub fn multi_signature_deserializes(signature: &[u8]) -> bool {
    parse_multi_signature(signature).is_some()
}

/// Whether `S` (the last 32 bytes of a signature) is below the group order.
fn s_is_canonical(s: &[u8]) -> bool {
    <[u8; 32]>::try_from(s).is_ok_and(|s| bool::from(Scalar::from_canonical_bytes(s).is_some()))
}

/// Strict verification of one Ed25519 `signature` of `message` under `public_key`: `false`
/// for a key or signature of the wrong length, a key off the curve, a non-canonical `S`, a
/// small-order `R` or key, or a signature that does not verify.
pub fn verify_strict(signature: &[u8], public_key: &[u8], message: &[u8]) -> bool {
    let Ok(key) = <[u8; PUBLIC_KEY_LENGTH]>::try_from(public_key) else {
        return false;
    };
    let Ok(key) = ed25519_dalek::VerifyingKey::from_bytes(&key) else {
        return false;
    };
    verify_with_key(signature, &key, message)
}

fn verify_with_key(signature: &[u8], key: &ed25519_dalek::VerifyingKey, message: &[u8]) -> bool {
    let Ok(signature) = <[u8; SIGNATURE_LENGTH]>::try_from(signature) else {
        return false;
    };
    if !s_is_canonical(&signature[32..]) {
        return false;
    }
    let signature = ed25519_dalek::Signature::from_bytes(&signature);
    key.verify_strict(message, &signature).is_ok()
}

/// The threshold and the number of keys of a MultiEd25519 public key, or `None` when the
/// length is not `32·n + 1` with `1 ≤ n ≤ 32` or the threshold is not in `1..=n`.
pub fn multi_threshold(public_key: &[u8]) -> Option<(u8, usize)> {
    let keys = public_key.len() / PUBLIC_KEY_LENGTH;
    if public_key.len() % PUBLIC_KEY_LENGTH != 1 || keys == 0 || keys > MAX_NUM_OF_KEYS {
        return None;
    }
    let threshold = *public_key.last()?;
    (threshold != 0 && usize::from(threshold) <= keys).then_some((threshold, keys))
}

/// `multi_ed25519::public_key_validate_internal` (v1): every whole 32-byte chunk is a valid
/// point of large order and there are at most 32 of them; trailing bytes (the threshold)
/// are not looked at.
pub fn multi_public_key_validate_v1(public_key: &[u8]) -> bool {
    let keys = public_key.len() / PUBLIC_KEY_LENGTH;
    keys <= MAX_NUM_OF_KEYS && all_keys_valid(public_key)
}

/// `multi_ed25519::public_key_validate_v2_internal`: a well-formed t-of-n key whose every key
/// is a valid point of large order.
pub fn multi_public_key_validate_v2(public_key: &[u8]) -> bool {
    multi_threshold(public_key).is_some() && all_keys_valid(public_key)
}

fn all_keys_valid(public_key: &[u8]) -> bool {
    public_key
        .chunks_exact(PUBLIC_KEY_LENGTH)
        .all(|chunk| <[u8; PUBLIC_KEY_LENGTH]>::try_from(chunk).is_ok_and(|k| is_valid_point(&k)))
}

/// Whether bit `index` of the bitmap is set (bit 0 is the top bit of byte 0).
fn bitmap_bit(bitmap: &[u8; BITMAP_NUM_OF_BYTES], index: usize) -> bool {
    bitmap
        .get(index / 8)
        .is_some_and(|byte| byte & (0x80 >> (index % 8)) != 0)
}

/// Strict verification of a MultiEd25519 `signature` of `message` under `public_key`: the key
/// must be well formed and each of its keys on the curve; the signature must hold 1 to 32
/// canonical signatures and a bitmap with as many bits set, none beyond the last key and at
/// least the threshold; each signature must verify strictly under the key its bit names.
pub fn multi_verify_strict(signature: &[u8], public_key: &[u8], message: &[u8]) -> bool {
    let Some((threshold, _)) = multi_threshold(public_key) else {
        return false;
    };
    let keys: Option<Vec<_>> = public_key
        .chunks_exact(PUBLIC_KEY_LENGTH)
        .map(|chunk| {
            let bytes = <[u8; PUBLIC_KEY_LENGTH]>::try_from(chunk).ok()?;
            ed25519_dalek::VerifyingKey::from_bytes(&bytes).ok()
        })
        .collect();
    let Some(keys) = keys else { return false };
    let Some((signatures, bitmap)) = parse_multi_signature(signature) else {
        return false;
    };
    let ones = bitmap.iter().map(|b| b.count_ones()).sum::<u32>();
    let last_ok = (0..MAX_NUM_OF_KEYS)
        .rev()
        .find(|i| bitmap_bit(&bitmap, *i))
        .is_some_and(|last| last < keys.len());
    if !last_ok || ones < u32::from(threshold) {
        return false;
    }
    let signers = (0..MAX_NUM_OF_KEYS).filter(|i| bitmap_bit(&bitmap, *i));
    signatures.zip(signers).all(|(signature, index)| {
        keys.get(index)
            .is_some_and(|key| verify_with_key(signature, key, message))
    })
}

/// The signatures and the bitmap of a MultiEd25519 signature, or `None` when its length is
/// not `64·m + 4` with `1 ≤ m ≤ 32`, the bitmap does not have `m` bits set, or an `S` is not
/// canonical.
fn parse_multi_signature(
    signature: &[u8],
) -> Option<(std::slice::ChunksExact<'_, u8>, [u8; BITMAP_NUM_OF_BYTES])> {
    let count = signature.len() / SIGNATURE_LENGTH;
    if signature.len() % SIGNATURE_LENGTH != BITMAP_NUM_OF_BYTES
        || count == 0
        || count > MAX_NUM_OF_KEYS
    {
        return None;
    }
    let start = signature.len().checked_sub(BITMAP_NUM_OF_BYTES)?;
    let bitmap = <[u8; BITMAP_NUM_OF_BYTES]>::try_from(signature.get(start..)?).ok()?;
    if bitmap
        .iter()
        .map(|b| b.count_ones() as usize)
        .sum::<usize>()
        != count
    {
        return None;
    }
    let chunks = signature.chunks_exact(SIGNATURE_LENGTH);
    if !chunks
        .clone()
        .all(|sig| sig.get(32..).is_some_and(s_is_canonical))
    {
        return None;
    }
    Some((chunks, bitmap))
}

#[cfg(test)]
mod tests;
