//! Verification of the ECVRF over ristretto255 that Sui's `ecvrf::ecvrf_verify` runs
//! (fastcrypto's construction, suite string `sui_vrf`, in the style of
//! draft-irtf-cfrg-vrf-15 with a 16-byte challenge and SHA-512).
//!
//! A public key is an encoded ristretto255 point (32 bytes); a proof is `Γ ‖ c ‖ s` (80 bytes:
//! an encoded point, a 16-byte challenge, a canonical scalar); the output is 64 bytes.

use crate::curve25519::{RistrettoPoint, RistrettoScalar};
use crate::error::{array, CryptoError, Result};
use crate::group::Group;
use sha2::Digest;

const SUITE: &[u8] = b"sui_vrf";
const DST: &[u8] = b"ECVRF_ristretto255_XMD:SHA-512_R255MAP_RO_sui_vrf";

/// Length of a proof.
pub const PROOF_LENGTH: usize = 80;
/// Length of an output hash.
pub const OUTPUT_LENGTH: usize = 64;

/// Why an ECVRF input was rejected before verification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EcvrfInput {
    /// The output hash is not 64 bytes.
    Output,
    /// The public key is not a ristretto255 point encoding.
    PublicKey,
    /// The proof is not 80 bytes of a point, a challenge and a canonical scalar.
    Proof,
}

/// Checks that `proof` proves `output` is the VRF output of `alpha` under `public_key`.
///
/// Inputs are checked in the order output, key, proof; the first malformed one is returned
/// as `Err`. A well-formed proof that does not verify (including any proof for the identity
/// key) is `Ok(false)`.
pub fn verify(
    output: &[u8],
    alpha: &[u8],
    public_key: &[u8],
    proof: &[u8],
) -> std::result::Result<bool, EcvrfInput> {
    let output: [u8; 64] = output.try_into().map_err(|_| EcvrfInput::Output)?;
    let key = RistrettoPoint::from_bytes(public_key).map_err(|_| EcvrfInput::PublicKey)?;
    let (gamma, c, s) = parse_proof(proof).map_err(|_| EcvrfInput::Proof)?;
    if key == RistrettoPoint::identity() {
        return Ok(false);
    }
    let key_bytes = key.to_bytes();
    // The DST is a non-empty constant, so hashing cannot fail.
    let Ok(h) = RistrettoPoint::hash_to_group(&[&key_bytes, alpha], DST) else {
        return Ok(false);
    };
    let mut c_wide = [0u8; 32];
    c_wide[..16].copy_from_slice(&c);
    let challenge = RistrettoScalar::from_bytes_mod_order(&c_wide);
    let u = RistrettoPoint::generator()
        .mul(&s)
        .sub(&key.mul(&challenge));
    let v = h.mul(&s).sub(&gamma.mul(&challenge));
    let mut hash = sha2::Sha512::new().chain_update(SUITE).chain_update([0x02]);
    for point in [&key, &h, &gamma, &u, &v] {
        hash.update(point.to_bytes());
    }
    let digest = hash.chain_update([0x00]).finalize();
    if digest[..16] != c {
        return Ok(false);
    }
    let beta = sha2::Sha512::new()
        .chain_update(SUITE)
        .chain_update([0x03])
        .chain_update(gamma.to_bytes())
        .chain_update([0x00])
        .finalize();
    Ok(beta[..] == output[..])
}

fn parse_proof(proof: &[u8]) -> Result<(RistrettoPoint, [u8; 16], RistrettoScalar)> {
    let proof: [u8; PROOF_LENGTH] = array("ECVRF proof", proof)?;
    let gamma = RistrettoPoint::from_bytes(&proof[..32])?;
    let mut c = [0u8; 16];
    c.copy_from_slice(&proof[32..48]);
    let s = RistrettoScalar::from_bytes(&proof[48..])
        .map_err(|_| CryptoError::InvalidEncoding("ECVRF proof scalar"))?;
    Ok((gamma, c, s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::hex;

    // Sui's ecvrf_tests.move.
    const OUTPUT: &str = "4fad431c7402fa1d4a7652e975aeb9a2b746540eca0b1b1e59c8d19c14a7701918a8249136e355455b8bc73851f7fc62c84f2e39f685b281e681043970026ed8";
    const KEY: &str = "1ea6f0f467574295a2cd5d21a3fd3a712ade354d520d3bd0fe6088d7b7c2e00e";
    const PROOF: &str = "d8ad2eafb4f2eaf317447726e541359f26dfce248431fe09984fdc73144abb6ceb006c57a29a742eae5a81dd04239870769e310a81046cbbaff8b0bd27a6d6affee167ebba50549b58ffdf9aa192f506";

    #[test]
    fn verifies_suis_vector() {
        assert_eq!(
            verify(&hex(OUTPUT), b"Hello, world!", &hex(KEY), &hex(PROOF)),
            Ok(true)
        );
        assert_eq!(
            verify(&hex(OUTPUT), b"Hello, world?", &hex(KEY), &hex(PROOF)),
            Ok(false)
        );
        let wrong_output = b"invalid hash, invalid hash, invalid hash, invalid hash, invalid ";
        assert_eq!(
            verify(wrong_output, b"Hello, world!", &hex(KEY), &hex(PROOF)),
            Ok(false)
        );
    }

    #[test]
    fn reports_the_first_malformed_input() {
        let (o, k, p) = (hex(OUTPUT), hex(KEY), hex(PROOF));
        let alpha = b"Hello, world!";
        assert_eq!(
            verify(b"invalid hash", alpha, b"bad", b"bad"),
            Err(EcvrfInput::Output)
        );
        assert_eq!(
            verify(&o, alpha, b"invalid public key", &p),
            Err(EcvrfInput::PublicKey)
        );
        assert_eq!(
            verify(&o, alpha, &k, b"invalid proof"),
            Err(EcvrfInput::Proof)
        );
        // The identity key is well-formed but never verifies.
        assert_eq!(verify(&o, alpha, &[0u8; 32], &p), Ok(false));
    }
}
