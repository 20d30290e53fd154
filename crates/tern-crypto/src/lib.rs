//! Cryptographic primitives over byte slices for Tern's framework natives: hashes and HMAC,
//! Ed25519, ECDSA over secp256k1 and secp256r1, BLS12-381 (signatures, group operations,
//! pairing), ristretto255, an ECVRF, Groth16 verification over BN254 and BLS12-381,
//! Bulletproofs range proofs, and the Poseidon hash over BN254.
//!
//! Every function takes and returns bytes and follows the acceptance rules of the libraries
//! Sui runs (documented per module), so that a native built on it answers exactly as Sui's
//! does; nothing here knows about the VM.
//!
//! ```
//! let digest = tern_crypto::hash::keccak256(b"hello world!");
//! assert_eq!(digest[..4], [0x57, 0xca, 0xa1, 0x76]);
//! ```
//!
//! Dependencies, each with the reason it was chosen (the rule: a maintained crate for every
//! signature scheme, proof system and hash; only byte-level glue is written here):
//! - `sha2`, `sha3`, `blake2`, `hmac` (RustCrypto): the standard maintained SHA-2, SHA-3/Keccak,
//!   BLAKE2b and HMAC implementations (the ones fastcrypto uses).
//! - `ed25519-consensus`: Ed25519 verification under ZIP-215, the crate Sui runs.
//! - `k256`, `p256`, `ecdsa`, `elliptic-curve` (RustCrypto): ECDSA verification and recovery
//!   over secp256k1 and P-256 (fastcrypto runs `p256` for r1; for k1 it runs libsecp256k1,
//!   whose rules `k256` matches: low-`s` verification); `elliptic-curve` also provides RFC
//!   9380's `expand_message_xmd` for hashing to ristretto255.
//! - `blst`: BLS signature verification (min-sig and min-pk), the library fastcrypto uses.
//! - `curve25519-dalek` 4: the ristretto255 group (encoding, Elligator map, arithmetic).
//! - `ed25519-dalek` 2 (BSD-3-Clause, the dalek maintainers; on `curve25519-dalek` 4, already
//!   here): `verify_strict`, the strict Ed25519 verification Aptos's natives run (Aptos pins
//!   `ed25519-dalek` 1, whose rules version 2 keeps; see [`aptos_ed25519`]). Aptos's secp256k1
//!   recovery (libsecp256k1 in Aptos) reuses `k256` with the libsecp256k1 glue of [`ecdsa`],
//!   and Aptos's BLS (blst's `min_pk` in Aptos) calls the same safe `blst` API.
//! - `bulletproofs` 5 (MIT, zkcrypto's maintained continuation of dalek's crate, on
//!   `curve25519-dalek` 4) and `merlin` 3 (MIT, its transcript): Aptos's range proofs, the
//!   same protocol and proof format as the version 4 Aptos runs (see [`aptos_bulletproofs`]),
//!   and Sui's, the very crate and version fastcrypto wraps (see [`sui_bulletproofs`]).
//! - arkworks 0.4 (`ark-ff`, `ark-ec`, `ark-serialize`, `ark-bn254`, `ark-bls12-381`,
//!   `ark-groth16`): BLS12-381 group arithmetic, pairing and hash-to-curve for `group_ops`,
//!   Groth16 verification over BN254 and BLS12-381, and Aptos's `crypto_algebra` structures
//!   ([`aptos_algebra`]: Aptos runs arkworks too, so the encodings are Aptos's own); 0.4 is the version fastcrypto-zkp builds
//!   on, so the BN254 encodings read exactly as Sui reads them. `blst`'s group API needs
//!   `unsafe` calls, which this crate forbids.
//! - `light-poseidon` 0.2: the maintained circom-compatible Poseidon over BN254 on arkworks
//!   0.4, the permutation and the parameters for 1 to 12 inputs (see [`poseidon`] for 13–16).
//! - `ciborium` 0.2, `x509-parser` 0.18 and `p384` 0.13: AWS Nitro attestations
//!   ([`nitro_attestation`]), with the CBOR decoder, certificate parser and P-384 ECDSA that
//!   Sui runs, so that the documents and certificates accepted are Sui's (x509-parser without
//!   its `ring`-based `verify` feature; certificate signatures are checked with `p384`/`p256`).
//! - `num-bigint`, `num-integer`, `num-traits` (the maintained `num` crates fastcrypto's VDF
//!   computes with) and `rand_chacha` 0.3 (the generator fastcrypto seeds when hashing to
//!   the group): Sui's class-group VDF ([`vdf`]), whose arithmetic is written here because
//!   no published crate implements it.

#![forbid(unsafe_code)]

pub mod aptos_algebra;
pub mod aptos_bls12381;
pub mod aptos_bulletproofs;
pub mod aptos_ed25519;
pub mod aptos_ristretto255;
pub mod aptos_secp256k1;
pub mod bls12381;
pub mod curve25519;
pub mod ecdsa;
pub mod ecvrf;
pub mod ed25519;
mod error;
pub mod groth16;
mod group;
pub mod hash;
pub mod nitro_attestation;
pub mod poseidon;
pub mod sui_bulletproofs;
pub mod vdf;
pub mod zklogin;

pub use error::{CryptoError, Result};
pub use group::Group;

#[cfg(test)]
pub(crate) mod test_util {
    /// The bytes of a hex string (test vectors).
    pub(crate) fn hex(s: &str) -> Vec<u8> {
        assert!(s.len().is_multiple_of(2), "odd hex length");
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
            .collect()
    }
}

/// Every byte-level entry point fed empty, short, long and junk inputs: errors or `false`,
/// never a panic.
#[cfg(test)]
mod garbage_tests {
    use crate::bls12381::{self, Gt, Scalar, G1, G2};
    use crate::curve25519::{RistrettoPoint, RistrettoScalar};
    use crate::{ecvrf, ed25519, groth16, hash, Group};

    fn inputs() -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for len in [
            0usize, 1, 31, 32, 33, 47, 48, 49, 64, 65, 80, 95, 96, 97, 192, 576, 600,
        ] {
            for fill in [0x00u8, 0x01, 0x40, 0x80, 0xc0, 0xe0, 0xff] {
                out.push(vec![fill; len]);
            }
            out.push((0..len).map(|i| (i * 37 + 11) as u8).collect());
        }
        out
    }

    fn decode_all<T: Group>(bytes: &[u8]) {
        let _ = T::from_bytes(bytes);
        let _ = T::from_trusted_bytes(bytes);
    }

    #[test]
    fn malformed_bytes_never_panic() {
        let all = inputs();
        for a in &all {
            let _ = hash::blake2b256(a);
            let _ = hash::hmac_sha3_256(a, a);
            let _ = ed25519::verify(a, a, a);
            let _ = bls12381::min_sig_verify(a, a, a);
            let _ = bls12381::min_pk_verify(a, a, a);
            let _ = G1::from_uncompressed(a);
            let _ = G1::from_trusted_uncompressed(a);
            let _ = Gt::from_arkworks_bytes(a);
            decode_all::<Scalar>(a);
            decode_all::<G1>(a);
            decode_all::<G2>(a);
            decode_all::<Gt>(a);
            decode_all::<RistrettoPoint>(a);
            decode_all::<RistrettoScalar>(a);
            let _ = ecvrf::verify(a, a, a, a);
            for curve in [groth16::Curve::Bls12381, groth16::Curve::Bn254] {
                let _ = groth16::public_inputs_in_key(curve, a.len());
                let _ = groth16::prepare_verifying_key(curve, a);
                let key = groth16::PreparedVerifyingKey {
                    vk_gamma_abc_g1: a.clone(),
                    alpha_g1_beta_g2: a.clone(),
                    gamma_g2_neg_pc: a.clone(),
                    delta_g2_neg_pc: a.clone(),
                };
                let _ = groth16::verify(curve, &key, a, a);
            }
        }
    }

    #[test]
    fn multi_scalar_mul_rejects_mismatched_lengths() {
        let one = <Scalar as Group>::from_trusted_bytes(&[1u8; 32]).unwrap();
        assert!(G1::multi_scalar_mul(&[], &[]).is_err());
        assert!(G1::multi_scalar_mul(&[one], &[]).is_err());
        assert!(G2::multi_scalar_mul(&[one, one], &[G2::generator()]).is_err());
    }
}
