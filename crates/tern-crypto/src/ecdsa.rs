//! ECDSA over secp256k1 (`k256`) and secp256r1 / NIST P-256 (`p256`): verification,
//! public-key recovery and secp256k1 key decompression, with the acceptance rules of the
//! libraries Sui runs (libsecp256k1 for k1; `p256` with fastcrypto's low-`s` rule for r1).
//!
//! Shared rules: signatures are `r ‖ s` (32 bytes each, big-endian, each in `1..n`); the
//! message is hashed by the caller-chosen [`HashFunction`] and the 32-byte digest is the
//! prehash; verification accepts only low-`s` signatures (`s ≤ n/2`, libsecp256k1's rule, which
//! fastcrypto also applies to r1); recovery accepts either `s` and returns the compressed key.
//!
//! What is ours is glue only: the libsecp256k1 key forms `k256` does not parse (hybrid
//! `06`/`07`), the zero-`r`/`s` outcome of libsecp256k1's recovery, and the low-`s`
//! normalisation before `k256`'s recovery (which re-verifies, so it would refuse a high `s`
//! that libsecp256k1 recovers from).

use crate::error::{array, CryptoError, Result};
use elliptic_curve::scalar::IsHigh;
use k256::ecdsa::signature::hazmat::PrehashVerifier;

/// The curve of an ECDSA operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Curve {
    /// secp256k1 (Bitcoin, Ethereum).
    Secp256k1,
    /// secp256r1, also known as NIST P-256 or prime256v1.
    Secp256r1,
}

/// The hash applied to the message before signing or verifying.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HashFunction {
    /// Keccak-256.
    Keccak256,
    /// SHA-256.
    Sha256,
}

impl HashFunction {
    fn digest(self, message: &[u8]) -> [u8; 32] {
        match self {
            HashFunction::Keccak256 => crate::hash::keccak256(message),
            HashFunction::Sha256 => crate::hash::sha256(message),
        }
    }
}

/// Length of a compact signature `r ‖ s`.
pub const SIGNATURE_LENGTH: usize = 64;
/// Length of a recoverable signature `r ‖ s ‖ v`.
pub const RECOVERABLE_SIGNATURE_LENGTH: usize = 65;
/// Length of a compressed public key.
pub const COMPRESSED_KEY_LENGTH: usize = 33;
/// Length of an uncompressed public key.
pub const UNCOMPRESSED_KEY_LENGTH: usize = 65;

const BAD_SIGNATURE: CryptoError = CryptoError::InvalidEncoding("ECDSA signature");

/// Verifies `signature` (64 bytes, `r ‖ s`) of `message` under `public_key` (SEC 1, compressed
/// or uncompressed). Malformed signatures or keys are errors; a well-formed signature that
/// does not verify (including a high-`s` one) is `Ok(false)`.
pub fn verify(
    curve: Curve,
    signature: &[u8],
    public_key: &[u8],
    message: &[u8],
    hash: HashFunction,
) -> Result<bool> {
    let signature: [u8; SIGNATURE_LENGTH] = array("ECDSA signature", signature)?;
    let digest = hash.digest(message);
    match curve {
        Curve::Secp256k1 => {
            let signature =
                k256::ecdsa::Signature::from_slice(&signature).map_err(|_| BAD_SIGNATURE)?;
            let key = parse_k1_key(public_key)?;
            // `k256` refuses a high `s` itself, as libsecp256k1 does.
            Ok(key.verify_prehash(&digest, &signature).is_ok())
        }
        Curve::Secp256r1 => {
            let signature =
                p256::ecdsa::Signature::from_slice(&signature).map_err(|_| BAD_SIGNATURE)?;
            let key = p256::ecdsa::VerifyingKey::from_sec1_bytes(public_key)
                .map_err(|_| CryptoError::InvalidEncoding("secp256r1 public key"))?;
            // fastcrypto refuses a high `s` on r1 too (non-malleability); `p256` does not.
            if bool::from(signature.s().is_high()) {
                return Ok(false);
            }
            Ok(key.verify_prehash(&digest, &signature).is_ok())
        }
    }
}

/// Recovers the compressed public key (33 bytes) that signed `message` from a recoverable
/// signature `r ‖ s ‖ v` (65 bytes, `v` in 0..=3: bit 0 the parity of the nonce point's `y`,
/// bit 1 whether its `x` is `r + n`).
///
/// A signature of the wrong length, with `v > 3` or with `r` or `s` not below `n` (for
/// secp256r1 also zero) is [`CryptoError::InvalidEncoding`] (or `InvalidLength`); a
/// signature from which no key follows is [`CryptoError::RecoveryFailed`].
pub fn recover(
    curve: Curve,
    signature: &[u8],
    message: &[u8],
    hash: HashFunction,
) -> Result<[u8; 33]> {
    let signature: [u8; RECOVERABLE_SIGNATURE_LENGTH] =
        array("recoverable ECDSA signature", signature)?;
    let (rs, v) = signature.split_at(SIGNATURE_LENGTH);
    let v = v.first().copied().unwrap_or(u8::MAX);
    if v > 3 {
        return Err(CryptoError::InvalidEncoding("recovery id"));
    }
    let digest = hash.digest(message);
    match curve {
        Curve::Secp256k1 => recover_k1(rs, v, &digest),
        Curve::Secp256r1 => recover_r1(rs, v, &digest),
    }
}

fn recover_k1(rs: &[u8], v: u8, digest: &[u8; 32]) -> Result<[u8; 33]> {
    let key = recover_k1_key(rs, v, digest)?;
    compressed(key.to_encoded_point(true).as_bytes())
}

/// libsecp256k1's recovery of the key behind `r ‖ s` (`rs`, 64 bytes), recovery id `v`
/// (0..=3) and the 32-byte `digest` (reduced modulo `n`), accepting a high `s`; a zero `r` or `s` is
/// [`CryptoError::RecoveryFailed`].
pub(crate) fn recover_k1_key(
    rs: &[u8],
    v: u8,
    digest: &[u8; 32],
) -> Result<k256::ecdsa::VerifyingKey> {
    use k256::ecdsa::{RecoveryId, Signature, VerifyingKey};
    let (r, s) = rs.split_at(32);
    // libsecp256k1 parses a zero `r` or `s` (values below `n`) and then fails to recover.
    if r.iter().all(|b| *b == 0) || s.iter().all(|b| *b == 0) {
        return Err(CryptoError::RecoveryFailed);
    }
    let signature = Signature::from_slice(rs).map_err(|_| BAD_SIGNATURE)?;
    // `(r, n - s)` is the signature with the mirrored nonce point: same key, other parity.
    let (signature, v) = match signature.normalize_s() {
        Some(low) => (low, v ^ 1),
        None => (signature, v),
    };
    let id = RecoveryId::from_byte(v).ok_or(CryptoError::InvalidEncoding("recovery id"))?;
    VerifyingKey::recover_from_prehash(digest, &signature, id)
        .map_err(|_| CryptoError::RecoveryFailed)
}

fn recover_r1(rs: &[u8], v: u8, digest: &[u8; 32]) -> Result<[u8; 33]> {
    use ecdsa::RecoveryId;
    use p256::ecdsa::{Signature, VerifyingKey};
    let signature = Signature::from_slice(rs).map_err(|_| BAD_SIGNATURE)?;
    let id = RecoveryId::from_byte(v).ok_or(CryptoError::InvalidEncoding("recovery id"))?;
    let key = VerifyingKey::recover_from_prehash(digest, &signature, id)
        .map_err(|_| CryptoError::RecoveryFailed)?;
    compressed(key.to_encoded_point(true).as_bytes())
}

fn compressed(bytes: &[u8]) -> Result<[u8; 33]> {
    bytes.try_into().map_err(|_| CryptoError::RecoveryFailed)
}

/// The uncompressed form (65 bytes, `0x04 ‖ x ‖ y`) of a secp256k1 public key given in any
/// form libsecp256k1 parses (compressed, uncompressed or hybrid).
pub fn secp256k1_decompress(public_key: &[u8]) -> Result<[u8; 65]> {
    let key = parse_k1_key(public_key)?;
    key.to_encoded_point(false)
        .as_bytes()
        .try_into()
        .map_err(|_| CryptoError::InvalidEncoding("secp256k1 public key"))
}

/// A secp256k1 key as libsecp256k1's `ec_pubkey_parse` reads it: 33 bytes tagged 02/03, or 65
/// bytes tagged 04 or (hybrid) 06/07 whose tag parity must match `y`. `k256` parses the
/// 02/03/04 forms (and the SEC 1 identity and compact forms, which libsecp256k1 refuses).
fn parse_k1_key(bytes: &[u8]) -> Result<k256::ecdsa::VerifyingKey> {
    let bad = || CryptoError::InvalidEncoding("secp256k1 public key");
    let mut key = bytes.to_vec();
    match (key.len(), key.first().copied()) {
        (COMPRESSED_KEY_LENGTH, Some(0x02 | 0x03)) | (UNCOMPRESSED_KEY_LENGTH, Some(0x04)) => {}
        (UNCOMPRESSED_KEY_LENGTH, Some(tag @ (0x06 | 0x07))) => {
            let y_odd = key.last().is_some_and(|y| y & 1 == 1);
            if y_odd != (tag == 0x07) {
                return Err(bad());
            }
            if let Some(first) = key.first_mut() {
                *first = 0x04;
            }
        }
        _ => return Err(bad()),
    }
    k256::ecdsa::VerifyingKey::from_sec1_bytes(&key).map_err(|_| bad())
}

#[cfg(test)]
mod tests;
