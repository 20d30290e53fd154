//! Ed25519 signature verification under the ZIP-215 rules, with the `ed25519-consensus`
//! crate — the crate behind Sui's `ed25519::ed25519_verify`.
//!
//! ZIP-215 (Zcash) fixes the choices RFC 8032 leaves open so every implementation agrees:
//! the public key `A` and the nonce point `R` may be non-canonical encodings, `s` must be
//! canonical (below the group order), and the check is the cofactored equation
//! `[8][s]B = [8]R + [8][k]A`.

use crate::error::{array, CryptoError, Result};

/// Length of a public key.
pub const PUBLIC_KEY_LENGTH: usize = 32;
/// Length of a signature `R ‖ s`.
pub const SIGNATURE_LENGTH: usize = 64;

/// Verifies an Ed25519 `signature` of `message` under `public_key` with the ZIP-215 rules.
/// A signature or key of the wrong length, or a key that is not a curve point, is an error;
/// any other signature that does not verify is `Ok(false)`.
pub fn verify(signature: &[u8], public_key: &[u8], message: &[u8]) -> Result<bool> {
    let signature: [u8; SIGNATURE_LENGTH] = array("ed25519 signature", signature)?;
    let key: [u8; PUBLIC_KEY_LENGTH] = array("ed25519 public key", public_key)?;
    let key = ed25519_consensus::VerificationKey::try_from(key)
        .map_err(|_| CryptoError::InvalidEncoding("ed25519 public key"))?;
    let signature = ed25519_consensus::Signature::from(signature);
    Ok(key.verify(&signature, message).is_ok())
}

#[cfg(test)]
mod tests;
