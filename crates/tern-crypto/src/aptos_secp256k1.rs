//! ECDSA public-key recovery over secp256k1 under the rules of Aptos's
//! `0x1::secp256k1::ecdsa_recover_internal`, which runs libsecp256k1 (the `libsecp256k1`
//! crate) on a caller-supplied 32-byte digest.
//!
//! Rules: the message must be exactly 32 bytes (taken as the digest, reduced modulo `n`); the
//! recovery id must be 0..=3; the signature must be 64 bytes `r ‖ s` with `r, s < n`. Any of
//! these failing is a deserialization error (Aptos aborts). A zero `r` or `s`, either parity of
//! `s`, or a signature no key follows from is [`CryptoError::RecoveryFailed`] (Aptos returns
//! `false`). The curve work is `k256`'s, through [`crate::ecdsa`]'s libsecp256k1 glue.

use crate::error::{array, CryptoError, Result};
use elliptic_curve::PrimeField;

/// Length of the digest that is signed.
pub const MESSAGE_LENGTH: usize = 32;
/// Length of a signature `r ‖ s`.
pub const SIGNATURE_LENGTH: usize = 64;
/// Length of a raw public key `x ‖ y`.
pub const RAW_PUBLIC_KEY_LENGTH: usize = 64;

/// Whether 32 big-endian bytes are below the group order.
fn below_order(bytes: &[u8]) -> bool {
    <[u8; 32]>::try_from(bytes)
        .is_ok_and(|b| bool::from(k256::Scalar::from_repr(k256::FieldBytes::from(b)).is_some()))
}

/// Recovers the raw public key `x ‖ y` (64 bytes) that signed the 32-byte `message` with
/// `signature` (`r ‖ s`) and `recovery_id`. Malformed inputs are
/// [`CryptoError::InvalidLength`] or [`CryptoError::InvalidEncoding`]; a well-formed signature
/// with no key behind it is [`CryptoError::RecoveryFailed`].
pub fn ecdsa_recover(
    message: &[u8],
    recovery_id: u8,
    signature: &[u8],
) -> Result<[u8; RAW_PUBLIC_KEY_LENGTH]> {
    let digest: [u8; MESSAGE_LENGTH] = array("secp256k1 message", message)?;
    if recovery_id > 3 {
        return Err(CryptoError::InvalidEncoding("recovery id"));
    }
    let signature: [u8; SIGNATURE_LENGTH] = array("secp256k1 signature", signature)?;
    let (r, s) = signature.split_at(32);
    if !below_order(r) || !below_order(s) {
        return Err(CryptoError::InvalidEncoding("secp256k1 signature"));
    }
    let key = crate::ecdsa::recover_k1_key(&signature, recovery_id, &digest)?;
    let point = key.to_encoded_point(false);
    point
        .as_bytes()
        .get(1..)
        .and_then(|raw| raw.try_into().ok())
        .ok_or(CryptoError::RecoveryFailed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::hex;

    // From `aptos-stdlib`'s `secp256k1.move` test: sk 0123…ef, message sha2_256("test aptos
    // secp256k1"), recovery id 0.
    const SIGNATURE: &str = "f7ad936da03f948c14c542020e3c5f4e02aaacd1f20427c11aa6e2fbf8776477646bba0e1a37f9e7c777c423a1d2849baafd7ff6a9930814a43c3f80d59db56f";
    const KEY: &str = "4646ae5047316b4230d0086c8acec687f00b1cd9d1dc634f6cb358ac0a9a8ffffe77b4dd0a4bfb95851f3b7355c781dd60f8418fc8a65d14907aff47c903a559";

    fn digest() -> [u8; 32] {
        crate::hash::sha256(b"test aptos secp256k1")
    }

    #[test]
    fn aptos_vector_recovers_the_key() {
        let key = ecdsa_recover(&digest(), 0, &hex(SIGNATURE)).unwrap();
        assert_eq!(key.to_vec(), hex(KEY));
        // A flipped bit inside `s`: still a signature, of another key.
        let flipped = SIGNATURE.replacen("c777c4", "c7f7c4", 1);
        let other = ecdsa_recover(&digest(), 0, &hex(&flipped)).unwrap();
        assert_ne!(other.to_vec(), hex(KEY));
        // A flipped bit in `r`: no point with that x, so no key.
        let bad = format!("ff{}", &flipped[2..]);
        assert_eq!(
            ecdsa_recover(&digest(), 0, &hex(&bad)),
            Err(CryptoError::RecoveryFailed)
        );
    }

    #[test]
    fn high_s_recovers_the_same_key_with_the_other_parity() {
        let signature = hex(SIGNATURE);
        let s =
            k256::Scalar::from_repr(k256::FieldBytes::clone_from_slice(&signature[32..])).unwrap();
        let high = (-s).to_repr();
        let mirrored = [&signature[..32], high.as_slice()].concat();
        let key = ecdsa_recover(&digest(), 1, &mirrored).unwrap();
        assert_eq!(key.to_vec(), hex(KEY));
    }

    #[test]
    fn malformed_inputs_are_deserialization_errors() {
        let signature = hex(SIGNATURE);
        assert!(matches!(
            ecdsa_recover(&digest()[..31], 0, &signature),
            Err(CryptoError::InvalidLength { .. })
        ));
        assert!(matches!(
            ecdsa_recover(&digest(), 4, &signature),
            Err(CryptoError::InvalidEncoding(_))
        ));
        assert!(matches!(
            ecdsa_recover(&digest(), 0, &signature[..63]),
            Err(CryptoError::InvalidLength { .. })
        ));
        let overflow = [vec![0xff; 32], signature[32..].to_vec()].concat();
        assert!(matches!(
            ecdsa_recover(&digest(), 0, &overflow),
            Err(CryptoError::InvalidEncoding(_))
        ));
        // Zero `r` parses (libsecp256k1) and then recovers nothing.
        let zero_r = [vec![0; 32], signature[32..].to_vec()].concat();
        assert_eq!(
            ecdsa_recover(&digest(), 0, &zero_r),
            Err(CryptoError::RecoveryFailed)
        );
        for len in [0usize, 1, 32, 64, 65] {
            for fill in [0u8, 0xff] {
                let b = vec![fill; len];
                for id in [0u8, 3, 4, 255] {
                    let _ = ecdsa_recover(&b, id, &b);
                }
            }
        }
    }
}
