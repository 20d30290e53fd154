//! Groth16 proof verification over BN254 and BLS12-381 by `ark-groth16` (the verifier
//! fastcrypto-zkp runs), with the key and proof encodings of Sui's `groth16` module.
//!
//! A verifying key is arkworks' compressed `VerifyingKey`: `α ∈ G1`, `β, γ, δ ∈ G2`, then
//! the number of `γ_abc` points (u64, little-endian) and the points. Preparing it yields four
//! byte strings: the `γ_abc` points concatenated, `e(α, β)` in arkworks' 576-byte (BLS12-381)
//! or 384-byte (BN254) form, `-γ` and `-δ`. Public inputs are 32-byte little-endian scalars,
//! concatenated; a proof is `A ‖ B ‖ C`.
//!
//! BN254 elements use arkworks' compressed encoding (little-endian, flags in the last byte)
//! and are read the way arkworks reads them from a byte slice: trailing bytes after a key, a
//! proof or a GT element are ignored. BLS12-381 points use the ZCash encoding of
//! [`crate::bls12381`] and must have their exact lengths.

use crate::bls12381::{self, Gt, G1, G2};
use crate::error::{CryptoError, Result};
use crate::group::Group;
use ark_bls12_381::Bls12_381;
use ark_bn254::{Bn254, Fq12, G1Affine, G2Affine};
use ark_ec::pairing::Pairing;
use ark_ec::CurveGroup;
use ark_groth16::{Groth16, Proof, VerifyingKey};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};

/// The curve of a Groth16 proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Curve {
    /// BLS12-381.
    Bls12381,
    /// BN254 (alt_bn128), the curve of circom and zkLogin.
    Bn254,
}

/// Length of a public input (a scalar) on either curve.
pub const SCALAR_LENGTH: usize = 32;

/// The four parts of a prepared verifying key, each as bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedVerifyingKey {
    /// The `γ_abc` points, concatenated.
    pub vk_gamma_abc_g1: Vec<u8>,
    /// `e(α, β)`.
    pub alpha_g1_beta_g2: Vec<u8>,
    /// `-γ`.
    pub gamma_g2_neg_pc: Vec<u8>,
    /// `-δ`.
    pub delta_g2_neg_pc: Vec<u8>,
}

impl Curve {
    fn sizes(self) -> (usize, usize) {
        match self {
            Curve::Bls12381 => (bls12381::G1_LENGTH, bls12381::G2_LENGTH),
            Curve::Bn254 => (32, 64),
        }
    }
}

/// The number of public inputs a verifying key of `length` bytes is for, judged by its length
/// alone (the check Sui makes before preparing a key): the key must be at least two G1
/// points, three G2 points and the count long, plus whole G1 points.
pub fn public_inputs_in_key(curve: Curve, length: usize) -> Result<usize> {
    let (g1, g2) = curve.sizes();
    let prefix = 2 * g1 + 3 * g2 + 8;
    let rest = length
        .checked_sub(prefix)
        .ok_or(CryptoError::InvalidEncoding("Groth16 verifying key"))?;
    if rest % g1 != 0 {
        return Err(CryptoError::InvalidEncoding("Groth16 verifying key"));
    }
    Ok(rest / g1)
}

/// Prepares a verifying key for [`verify`].
pub fn prepare_verifying_key(curve: Curve, key: &[u8]) -> Result<PreparedVerifyingKey> {
    match curve {
        Curve::Bls12381 => prepare_bls12381(key),
        Curve::Bn254 => prepare_bn254(key),
    }
}

/// Verifies a proof against a prepared key and public inputs. Malformed parts are errors;
/// a proof that does not verify, or inputs whose number does not match the key, is
/// `Ok(false)`.
pub fn verify(
    curve: Curve,
    key: &PreparedVerifyingKey,
    public_inputs: &[u8],
    proof: &[u8],
) -> Result<bool> {
    if !public_inputs.len().is_multiple_of(SCALAR_LENGTH) {
        return Err(CryptoError::InvalidLength {
            what: "Groth16 public inputs",
            expected: SCALAR_LENGTH,
            actual: public_inputs.len(),
        });
    }
    match curve {
        Curve::Bls12381 => verify_bls12381(key, public_inputs, proof),
        Curve::Bn254 => verify_bn254(key, public_inputs, proof),
    }
}

fn bad(what: &'static str) -> impl Fn(ark_serialize::SerializationError) -> CryptoError {
    move |_| CryptoError::InvalidEncoding(what)
}

/// `ark-groth16`'s verification against a prepared key given by its parts; a key for another
/// number of inputs (`MalformedVerifyingKey`) or any other refusal is `false`.
fn ark_verify<E: Pairing>(
    gamma_abc_g1: Vec<E::G1Affine>,
    alpha_g1_beta_g2: E::TargetField,
    gamma_g2_neg: E::G2Affine,
    delta_g2_neg: E::G2Affine,
    proof: &Proof<E>,
    inputs: &[E::ScalarField],
) -> bool {
    let key = ark_groth16::PreparedVerifyingKey {
        vk: VerifyingKey {
            gamma_abc_g1,
            ..VerifyingKey::default()
        },
        alpha_g1_beta_g2,
        gamma_g2_neg_pc: gamma_g2_neg.into(),
        delta_g2_neg_pc: delta_g2_neg.into(),
    };
    Groth16::<E>::verify_proof(&key, proof, inputs).unwrap_or(false)
}

fn prepare_bn254(key: &[u8]) -> Result<PreparedVerifyingKey> {
    let what = "BN254 verifying key";
    let mut reader = key;
    let alpha_g1 = G1Affine::deserialize_compressed(&mut reader).map_err(bad(what))?;
    let beta_g2 = G2Affine::deserialize_compressed(&mut reader).map_err(bad(what))?;
    let gamma_g2 = G2Affine::deserialize_compressed(&mut reader).map_err(bad(what))?;
    let delta_g2 = G2Affine::deserialize_compressed(&mut reader).map_err(bad(what))?;
    let count = u64::deserialize_compressed(&mut reader).map_err(bad(what))?;
    // Read one point at a time: the count comes from the input, so nothing is reserved for it.
    let mut gamma_abc_g1 = Vec::new();
    for _ in 0..count {
        gamma_abc_g1.push(G1Affine::deserialize_compressed(&mut reader).map_err(bad(what))?);
    }
    let vk = VerifyingKey::<Bn254> {
        alpha_g1,
        beta_g2,
        gamma_g2,
        delta_g2,
        gamma_abc_g1,
    };
    let prepared = ark_groth16::prepare_verifying_key(&vk);
    let mut out = PreparedVerifyingKey {
        vk_gamma_abc_g1: Vec::new(),
        alpha_g1_beta_g2: Vec::new(),
        gamma_g2_neg_pc: Vec::new(),
        delta_g2_neg_pc: Vec::new(),
    };
    let encode = bad(what);
    for point in &vk.gamma_abc_g1 {
        point
            .serialize_compressed(&mut out.vk_gamma_abc_g1)
            .map_err(&encode)?;
    }
    prepared
        .alpha_g1_beta_g2
        .serialize_compressed(&mut out.alpha_g1_beta_g2)
        .map_err(&encode)?;
    // The prepared (line-coefficient) forms do not serialize back to points: encode `-γ`, `-δ`.
    (-vk.gamma_g2)
        .serialize_compressed(&mut out.gamma_g2_neg_pc)
        .map_err(&encode)?;
    (-vk.delta_g2)
        .serialize_compressed(&mut out.delta_g2_neg_pc)
        .map_err(&encode)?;
    Ok(out)
}

fn verify_bn254(key: &PreparedVerifyingKey, inputs: &[u8], proof: &[u8]) -> Result<bool> {
    let what = "BN254 Groth16 input";
    let mut reader = proof;
    let proof = Proof::<Bn254> {
        a: G1Affine::deserialize_compressed(&mut reader).map_err(bad(what))?,
        b: G2Affine::deserialize_compressed(&mut reader).map_err(bad(what))?,
        c: G1Affine::deserialize_compressed(&mut reader).map_err(bad(what))?,
    };
    let scalars = inputs
        .chunks_exact(SCALAR_LENGTH)
        .map(|chunk| ark_bn254::Fr::deserialize_compressed(chunk).map_err(bad(what)))
        .collect::<Result<Vec<_>>>()?;
    if !key.vk_gamma_abc_g1.len().is_multiple_of(32) {
        return Err(CryptoError::InvalidEncoding(what));
    }
    let gamma_abc = key
        .vk_gamma_abc_g1
        .chunks_exact(32)
        .map(|chunk| G1Affine::deserialize_compressed(chunk).map_err(bad(what)))
        .collect::<Result<Vec<_>>>()?;
    let alpha_beta = Fq12::deserialize_compressed(&key.alpha_g1_beta_g2[..]).map_err(bad(what))?;
    let gamma_neg =
        G2Affine::deserialize_compressed(&key.gamma_g2_neg_pc[..]).map_err(bad(what))?;
    let delta_neg =
        G2Affine::deserialize_compressed(&key.delta_g2_neg_pc[..]).map_err(bad(what))?;
    Ok(ark_verify(
        gamma_abc, alpha_beta, gamma_neg, delta_neg, &proof, &scalars,
    ))
}

/// Splits `n` bytes off the front of `bytes`.
fn take<'a>(bytes: &mut &'a [u8], n: usize) -> Result<&'a [u8]> {
    if bytes.len() < n {
        return Err(CryptoError::InvalidEncoding("Groth16 verifying key"));
    }
    let (head, tail) = bytes.split_at(n);
    *bytes = tail;
    Ok(head)
}

fn prepare_bls12381(key: &[u8]) -> Result<PreparedVerifyingKey> {
    let (g1, g2) = Curve::Bls12381.sizes();
    let bad_key = CryptoError::InvalidEncoding("BLS12-381 verifying key");
    if key.len() < g1 + 3 * g2 + 8 || !(key.len() - (g1 + 3 * g2 + 8)).is_multiple_of(g1) {
        return Err(bad_key);
    }
    let mut rest = key;
    let alpha = G1::from_bytes(take(&mut rest, g1)?)?;
    let beta = G2::from_bytes(take(&mut rest, g2)?)?;
    let gamma = G2::from_bytes(take(&mut rest, g2)?)?;
    let delta = G2::from_bytes(take(&mut rest, g2)?)?;
    let mut count = [0u8; 8];
    count.copy_from_slice(take(&mut rest, 8)?);
    let count = u64::from_le_bytes(count);
    let gamma_abc = rest
        .chunks_exact(g1)
        .map(G1::from_bytes)
        .collect::<Result<Vec<_>>>()?;
    if count == 0 || gamma_abc.len() as u64 != count {
        return Err(bad_key);
    }
    let vk = VerifyingKey::<Bls12_381> {
        alpha_g1: alpha.0.into_affine(),
        beta_g2: beta.0.into_affine(),
        gamma_g2: gamma.0.into_affine(),
        delta_g2: delta.0.into_affine(),
        gamma_abc_g1: gamma_abc.iter().map(|p| p.0.into_affine()).collect(),
    };
    let prepared = ark_groth16::prepare_verifying_key(&vk);
    Ok(PreparedVerifyingKey {
        vk_gamma_abc_g1: gamma_abc.iter().flat_map(|p| p.to_bytes()).collect(),
        alpha_g1_beta_g2: Gt(prepared.alpha_g1_beta_g2).to_arkworks_bytes(),
        gamma_g2_neg_pc: gamma.neg().to_bytes(),
        delta_g2_neg_pc: delta.neg().to_bytes(),
    })
}

fn verify_bls12381(key: &PreparedVerifyingKey, inputs: &[u8], proof: &[u8]) -> Result<bool> {
    let (g1, g2) = Curve::Bls12381.sizes();
    let scalars = inputs
        .chunks_exact(SCALAR_LENGTH)
        .map(|chunk| {
            let mut be = chunk.to_vec();
            be.reverse();
            bls12381::Scalar::from_bytes(&be).map(|s| s.0)
        })
        .collect::<Result<Vec<_>>>()?;
    if proof.len() != 2 * g1 + g2 {
        return Err(CryptoError::InvalidLength {
            what: "BLS12-381 Groth16 proof",
            expected: 2 * g1 + g2,
            actual: proof.len(),
        });
    }
    let (a, rest) = proof.split_at(g1);
    let (b, c) = rest.split_at(g2);
    let proof = Proof::<Bls12_381> {
        a: G1::from_bytes(a)?.0.into_affine(),
        b: G2::from_bytes(b)?.0.into_affine(),
        c: G1::from_bytes(c)?.0.into_affine(),
    };
    if !key.vk_gamma_abc_g1.len().is_multiple_of(g1) {
        return Err(CryptoError::InvalidEncoding(
            "BLS12-381 prepared verifying key",
        ));
    }
    let gamma_abc = key
        .vk_gamma_abc_g1
        .chunks_exact(g1)
        .map(|chunk| G1::from_bytes(chunk).map(|p| p.0.into_affine()))
        .collect::<Result<Vec<_>>>()?;
    let alpha_beta = Gt::from_arkworks_bytes(&key.alpha_g1_beta_g2)?;
    let gamma_neg = G2::from_bytes(&key.gamma_g2_neg_pc)?;
    let delta_neg = G2::from_bytes(&key.delta_g2_neg_pc)?;
    Ok(ark_verify(
        gamma_abc,
        alpha_beta.0,
        gamma_neg.0.into_affine(),
        delta_neg.0.into_affine(),
        &proof,
        &scalars,
    ))
}

#[cfg(test)]
mod tests;
