//! BLS12-381: BLS signature verification in both variants (by `blst`, which Sui runs), and
//! the groups G1, G2, GT and the scalar field with the operations of Sui's `group_ops`
//! (arkworks' `ark-bls12-381` arithmetic, pairing and RFC 9380 hash-to-curve, read and
//! written in `blst`'s encodings).
//!
//! Encodings (the ZCash format `blst` uses): scalars are 32 bytes big-endian; G1 and G2
//! points are compressed (48 and 96 bytes: `x` big-endian, for G2 `x.c1 ‖ x.c0`, with flag bits
//! 0x80 compressed, 0x40 infinity, 0x20 "`y` is the larger root" in the first byte) or, for
//! G1, uncompressed (96 bytes `x ‖ y`, only the infinity flag allowed); GT elements are 576
//! bytes: the twelve base-field coefficients big-endian in `blst`'s order.

use crate::error::{array, CryptoError, Result};
use crate::group::Group;
use ark_bls12_381::{Bls12_381, Fq12, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::hashing::curve_maps::wb::WBMap;
use ark_ec::hashing::map_to_curve_hasher::MapToCurveBasedHasher;
use ark_ec::hashing::HashToCurve;
use ark_ec::pairing::Pairing;
use ark_ec::{CurveGroup, Group as _, VariableBaseMSM};
use ark_ff::field_hashers::DefaultFieldHasher;
use ark_ff::{BigInteger, Field, One, PrimeField, Zero};

pub(crate) mod encoding;
pub use encoding::{G1_LENGTH, G1_UNCOMPRESSED_LENGTH, G2_LENGTH, GT_LENGTH, SCALAR_LENGTH};

/// Domain separation tag of BLS signatures in G1 (the "minimal signature size" variant).
pub const DST_G1: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
/// Domain separation tag of BLS signatures in G2 (the "minimal public key size" variant).
pub const DST_G2: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_";

/// An element of the scalar field (integers modulo the group order r).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scalar(pub(crate) Fr);
/// An element of G1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct G1(pub(crate) G1Projective);
/// An element of G2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct G2(pub(crate) G2Projective);
/// An element of GT, the order-r subgroup of the multiplicative group of Fq12, written
/// additively like the other groups (`add` is the field product).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gt(pub(crate) Fq12);

/// Hashes `message` to G1 (RFC 9380 `BLS12381G1_XMD:SHA-256_SSWU_RO_`) under `dst`.
pub fn hash_to_g1(message: &[u8], dst: &[u8]) -> G1 {
    type Hasher = MapToCurveBasedHasher<
        G1Projective,
        DefaultFieldHasher<sha2::Sha256, 128>,
        WBMap<ark_bls12_381::g1::Config>,
    >;
    // Both steps fail only on a DST longer than 255 bytes; callers pass constants.
    let point = Hasher::new(dst)
        .and_then(|h| h.hash(message))
        .map(G1Projective::from)
        .unwrap_or_default();
    G1(point)
}

/// Hashes `message` to G2 (RFC 9380 `BLS12381G2_XMD:SHA-256_SSWU_RO_`) under `dst`.
pub fn hash_to_g2(message: &[u8], dst: &[u8]) -> G2 {
    type Hasher = MapToCurveBasedHasher<
        G2Projective,
        DefaultFieldHasher<sha2::Sha256, 128>,
        WBMap<ark_bls12_381::g2::Config>,
    >;
    let point = Hasher::new(dst)
        .and_then(|h| h.hash(message))
        .map(G2Projective::from)
        .unwrap_or_default();
    G2(point)
}

/// The pairing `e(a, b)`.
pub fn pairing(a: &G1, b: &G2) -> Gt {
    Gt(Bls12_381::pairing(a.0, b.0).0)
}

/// The product `Π e(a[i], b[i])` (slices of equal length).
pub fn multi_pairing(a: &[G1], b: &[G2]) -> Gt {
    let a: Vec<G1Affine> = a.iter().map(|p| p.0.into_affine()).collect();
    let b: Vec<G2Affine> = b.iter().map(|p| p.0.into_affine()).collect();
    Gt(Bls12_381::multi_pairing(a, b).0)
}

/// Verifies a "minimal signature size" BLS signature with `blst` (what fastcrypto runs): the
/// signature in G1 (48 bytes compressed or 96 uncompressed), the key in G2 (96 or 192 bytes),
/// `H(m)` in G1 under [`DST_G1`]. Malformed inputs, a key that is the identity or outside G2,
/// and a signature outside G1 are errors.
pub fn min_sig_verify(signature: &[u8], public_key: &[u8], message: &[u8]) -> Result<bool> {
    use blst::min_sig::{PublicKey, Signature};
    let signature = Signature::from_bytes(signature)
        .map_err(|_| CryptoError::InvalidEncoding("BLS12-381 G1 element"))?;
    let key = PublicKey::from_bytes(public_key)
        .map_err(|_| CryptoError::InvalidEncoding("BLS12-381 G2 element"))?;
    key.validate()
        .map_err(|_| CryptoError::NotInSubgroup("BLS public key"))?;
    signature
        .validate(false)
        .map_err(|_| CryptoError::NotInSubgroup("BLS signature"))?;
    let outcome = signature.verify(false, message, DST_G1, &[], &key, false);
    Ok(outcome == blst::BLST_ERROR::BLST_SUCCESS)
}

/// Verifies a "minimal public key size" BLS signature with `blst`: the signature in G2 (96 or
/// 192 bytes), the key in G1 (48 or 96 bytes), `H(m)` in G2 under [`DST_G2`]. Errors as for
/// [`min_sig_verify`].
pub fn min_pk_verify(signature: &[u8], public_key: &[u8], message: &[u8]) -> Result<bool> {
    use blst::min_pk::{PublicKey, Signature};
    let signature = Signature::from_bytes(signature)
        .map_err(|_| CryptoError::InvalidEncoding("BLS12-381 G2 element"))?;
    let key = PublicKey::from_bytes(public_key)
        .map_err(|_| CryptoError::InvalidEncoding("BLS12-381 G1 element"))?;
    key.validate()
        .map_err(|_| CryptoError::NotInSubgroup("BLS public key"))?;
    signature
        .validate(false)
        .map_err(|_| CryptoError::NotInSubgroup("BLS signature"))?;
    let outcome = signature.verify(false, message, DST_G2, &[], &key, false);
    Ok(outcome == blst::BLST_ERROR::BLST_SUCCESS)
}

impl G1 {
    /// The generator.
    pub fn generator() -> Self {
        G1(G1Projective::generator())
    }

    /// The inverse (negation).
    pub fn neg(&self) -> Self {
        G1(-self.0)
    }

    /// Decodes the 96-byte uncompressed form, validated (on the curve, in G1).
    pub fn from_uncompressed(bytes: &[u8]) -> Result<Self> {
        let point = encoding::g1_from_uncompressed(bytes)?;
        if !point.is_in_correct_subgroup_assuming_on_curve() {
            return Err(CryptoError::NotInSubgroup("G1 point"));
        }
        Ok(G1(point.into()))
    }

    /// Decodes the 96-byte uncompressed form without the subgroup check.
    pub fn from_trusted_uncompressed(bytes: &[u8]) -> Result<Self> {
        encoding::g1_from_uncompressed(bytes).map(|p| G1(p.into()))
    }

    /// The 96-byte uncompressed form.
    pub fn to_uncompressed(&self) -> [u8; 96] {
        encoding::g1_to_uncompressed(&self.0.into_affine())
    }

    /// The sum of `points` (the identity for none).
    pub fn sum(points: &[G1]) -> G1 {
        G1(points.iter().map(|p| p.0).sum())
    }

    /// `Σ scalars[i] · points[i]`; the slices must have the same, non-zero length.
    pub fn multi_scalar_mul(scalars: &[Scalar], points: &[G1]) -> Result<G1> {
        msm::<G1Projective>(scalars, points.iter().map(|p| p.0)).map(G1)
    }
}

impl G2 {
    /// The generator.
    pub fn generator() -> Self {
        G2(G2Projective::generator())
    }

    /// The inverse (negation).
    pub fn neg(&self) -> Self {
        G2(-self.0)
    }

    /// `Σ scalars[i] · points[i]`; the slices must have the same, non-zero length.
    pub fn multi_scalar_mul(scalars: &[Scalar], points: &[G2]) -> Result<G2> {
        msm::<G2Projective>(scalars, points.iter().map(|p| p.0)).map(G2)
    }
}

fn msm<P: CurveGroup<ScalarField = Fr> + VariableBaseMSM>(
    scalars: &[Scalar],
    points: impl Iterator<Item = P>,
) -> Result<P> {
    let points: Vec<P::Affine> = P::normalize_batch(&points.collect::<Vec<_>>());
    if scalars.is_empty() || scalars.len() != points.len() {
        return Err(CryptoError::Mismatch(
            "scalars and points of a multi-scalar multiplication",
        ));
    }
    let scalars: Vec<Fr> = scalars.iter().map(|s| s.0).collect();
    P::msm(&points, &scalars).map_err(|_| CryptoError::Mismatch("multi-scalar multiplication"))
}

impl Gt {
    /// The generator `e(g1, g2)`.
    pub fn generator() -> Gt {
        pairing(
            &G1(G1Projective::generator()),
            &G2(G2Projective::generator()),
        )
    }

    /// Decodes the 576-byte arkworks form (coefficients little-endian in arkworks' order)
    /// that Sui's Groth16 prepared keys use, validated.
    pub fn from_arkworks_bytes(bytes: &[u8]) -> Result<Gt> {
        let value = encoding::fq12_from_arkworks(bytes)?;
        check_gt(value)
    }

    /// The 576-byte arkworks form.
    pub fn to_arkworks_bytes(&self) -> Vec<u8> {
        encoding::fq12_to_arkworks(&self.0)
    }
}

fn check_gt(value: Fq12) -> Result<Gt> {
    if value.is_zero() || !value.pow(Fr::MODULUS).is_one() {
        return Err(CryptoError::NotInSubgroup("GT element"));
    }
    Ok(Gt(value))
}

impl Group for Scalar {
    type Scalar = Scalar;
    const LENGTH: usize = SCALAR_LENGTH;

    fn from_bytes(bytes: &[u8]) -> Result<Self> {
        encoding::from_be_canonical(bytes)
            .filter(|_| bytes.len() == SCALAR_LENGTH)
            .map(Scalar)
            .ok_or(CryptoError::InvalidEncoding("BLS12-381 scalar"))
    }

    /// Sui reads trusted scalars modulo r.
    fn from_trusted_bytes(bytes: &[u8]) -> Result<Self> {
        let bytes: [u8; 32] = array("BLS12-381 scalar", bytes)?;
        Ok(Scalar(Fr::from_be_bytes_mod_order(&bytes)))
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.0.into_bigint().to_bytes_be();
        while out.len() > SCALAR_LENGTH && out.first() == Some(&0) {
            out.remove(0);
        }
        out
    }

    fn add(&self, other: &Self) -> Self {
        Scalar(self.0 + other.0)
    }

    fn sub(&self, other: &Self) -> Self {
        Scalar(self.0 - other.0)
    }

    fn mul(&self, other: &Self) -> Self {
        Scalar(self.0 * other.0)
    }

    fn div(&self, other: &Self) -> Result<Self> {
        let inverse = other.0.inverse().ok_or(CryptoError::DivisionByZero)?;
        Ok(Scalar(self.0 * inverse))
    }
}

macro_rules! curve_group {
    ($name:ident, $len:expr, $decode:path, $encode:path, $what:literal) => {
        impl Group for $name {
            type Scalar = Scalar;
            const LENGTH: usize = $len;

            fn from_bytes(bytes: &[u8]) -> Result<Self> {
                let point = $decode(bytes)?;
                if !point.is_in_correct_subgroup_assuming_on_curve() {
                    return Err(CryptoError::NotInSubgroup($what));
                }
                Ok($name(point.into()))
            }

            fn from_trusted_bytes(bytes: &[u8]) -> Result<Self> {
                $decode(bytes).map(|p| $name(p.into()))
            }

            fn to_bytes(&self) -> Vec<u8> {
                $encode(&self.0.into_affine()).to_vec()
            }

            fn add(&self, other: &Self) -> Self {
                $name(self.0 + other.0)
            }

            fn sub(&self, other: &Self) -> Self {
                $name(self.0 - other.0)
            }

            fn mul(&self, scalar: &Scalar) -> Self {
                $name(self.0 * scalar.0)
            }

            fn div(&self, scalar: &Scalar) -> Result<Self> {
                let inverse = scalar.0.inverse().ok_or(CryptoError::DivisionByZero)?;
                Ok($name(self.0 * inverse))
            }
        }
    };
}

curve_group!(
    G1,
    G1_LENGTH,
    encoding::g1_from_compressed,
    encoding::g1_to_compressed,
    "G1 point"
);
curve_group!(
    G2,
    G2_LENGTH,
    encoding::g2_from_compressed,
    encoding::g2_to_compressed,
    "G2 point"
);

impl Group for Gt {
    type Scalar = Scalar;
    const LENGTH: usize = GT_LENGTH;

    fn from_bytes(bytes: &[u8]) -> Result<Self> {
        check_gt(encoding::fq12_from_blst(bytes)?)
    }

    fn from_trusted_bytes(bytes: &[u8]) -> Result<Self> {
        encoding::fq12_from_blst(bytes).map(Gt)
    }

    fn to_bytes(&self) -> Vec<u8> {
        encoding::fq12_to_blst(&self.0)
    }

    fn add(&self, other: &Self) -> Self {
        Gt(self.0 * other.0)
    }

    fn sub(&self, other: &Self) -> Self {
        Gt(self.0 * other.0.inverse().unwrap_or_default())
    }

    fn mul(&self, scalar: &Scalar) -> Self {
        Gt(self.0.pow(scalar.0.into_bigint()))
    }

    fn div(&self, scalar: &Scalar) -> Result<Self> {
        let inverse = scalar.0.inverse().ok_or(CryptoError::DivisionByZero)?;
        Ok(Gt(self.0.pow(inverse.into_bigint())))
    }
}

#[cfg(test)]
mod tests;
