//! `serialize<S, F>` and `deserialize<S, F>` of [`ElementStore`]: arkworks' uncompressed
//! encoding of field elements (little-endian; the `Msb` formats reverse the bytes), and
//! arkworks' compressed or uncompressed encoding of the affine form of points.
//!
//! Deserialization answers `None` for a wrong length (checked first, before any parsing), a
//! value out of range, a point off the curve or outside the prime-order subgroup, bad flag
//! bits, and for Gt an Fq12 element outside the order-r subgroup.

use super::ops::in_gt;
use super::{AlgebraError, AlgebraResult, ElementStore, Format, Stored, Structure};
use ark_ec::short_weierstrass::Projective;
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{Field, PrimeField};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError};

type BlsFr = ark_bls12_381::Fr;
type BlsFq12 = ark_bls12_381::Fq12;
type BnFr = ark_bn254::Fr;
type BnFq = ark_bn254::Fq;
type BnFq12 = ark_bn254::Fq12;

/// Whether the bytes are written most significant first (the `Msb` formats).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    Lsb,
    Msb,
}

/// What a deserialization error becomes: `None` for invalid data or flags (Aptos's `false`),
/// an invariant violation for anything else (unreachable once the length is checked).
fn rejected<T>(e: SerializationError) -> AlgebraResult<Option<T>> {
    match e {
        SerializationError::InvalidData | SerializationError::UnexpectedFlags => Ok(None),
        _ => Err(AlgebraError::Invariant("unexpected deserialization error")),
    }
}

impl ElementStore {
    /// `serialize<S, F>(x)`: the bytes of an element in a format of its structure.
    pub fn serialize(&self, s: Structure, f: Format, h: u64) -> AlgebraResult<Vec<u8>> {
        self.check(f.family())?;
        use Format as F;
        use Structure as S;
        match (s, f) {
            (S::Bls12381Fr, F::Bls12381FrLsb) => self.write_field::<BlsFr>(h, Order::Lsb),
            (S::Bls12381Fr, F::Bls12381FrMsb) => self.write_field::<BlsFr>(h, Order::Msb),
            (S::Bls12381Fq12, F::Bls12381Fq12LscLsb) | (S::Bls12381Gt, F::Bls12381Gt) => {
                self.write_field::<BlsFq12>(h, Order::Lsb)
            }
            (S::Bls12381G1, F::Bls12381G1Uncompr) => {
                self.write_point::<Projective<ark_bls12_381::g1::Config>>(h, Compress::No)
            }
            (S::Bls12381G1, F::Bls12381G1Compr) => {
                self.write_point::<Projective<ark_bls12_381::g1::Config>>(h, Compress::Yes)
            }
            (S::Bls12381G2, F::Bls12381G2Uncompr) => {
                self.write_point::<Projective<ark_bls12_381::g2::Config>>(h, Compress::No)
            }
            (S::Bls12381G2, F::Bls12381G2Compr) => {
                self.write_point::<Projective<ark_bls12_381::g2::Config>>(h, Compress::Yes)
            }
            (S::Bn254Fr, F::Bn254FrLsb) => self.write_field::<BnFr>(h, Order::Lsb),
            (S::Bn254Fr, F::Bn254FrMsb) => self.write_field::<BnFr>(h, Order::Msb),
            (S::Bn254Fq, F::Bn254FqLsb) => self.write_field::<BnFq>(h, Order::Lsb),
            (S::Bn254Fq, F::Bn254FqMsb) => self.write_field::<BnFq>(h, Order::Msb),
            (S::Bn254Fq12, F::Bn254Fq12LscLsb) | (S::Bn254Gt, F::Bn254Gt) => {
                self.write_field::<BnFq12>(h, Order::Lsb)
            }
            (S::Bn254G1, F::Bn254G1Uncompr) => {
                self.write_point::<Projective<ark_bn254::g1::Config>>(h, Compress::No)
            }
            (S::Bn254G1, F::Bn254G1Compr) => {
                self.write_point::<Projective<ark_bn254::g1::Config>>(h, Compress::Yes)
            }
            (S::Bn254G2, F::Bn254G2Uncompr) => {
                self.write_point::<Projective<ark_bn254::g2::Config>>(h, Compress::No)
            }
            (S::Bn254G2, F::Bn254G2Compr) => {
                self.write_point::<Projective<ark_bn254::g2::Config>>(h, Compress::Yes)
            }
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    fn write_field<T: Stored + CanonicalSerialize>(
        &self,
        h: u64,
        order: Order,
    ) -> AlgebraResult<Vec<u8>> {
        let mut buf = Vec::new();
        self.get::<T>(h)?
            .serialize_uncompressed(&mut buf)
            .map_err(|_| AlgebraError::Invariant("serialization failed"))?;
        if order == Order::Msb {
            buf.reverse();
        }
        Ok(buf)
    }

    fn write_point<P: Stored + CurveGroup>(
        &self,
        h: u64,
        compress: Compress,
    ) -> AlgebraResult<Vec<u8>> {
        let mut buf = Vec::new();
        self.get::<P>(h)?
            .into_affine()
            .serialize_with_mode(&mut buf, compress)
            .map_err(|_| AlgebraError::Invariant("serialization failed"))?;
        Ok(buf)
    }

    /// `deserialize<S, F>(bytes)`: a new element, or `None` when the bytes do not encode an
    /// element of the structure in the format.
    pub fn deserialize(
        &mut self,
        s: Structure,
        f: Format,
        bytes: &[u8],
    ) -> AlgebraResult<Option<u64>> {
        self.check(f.family())?;
        use Format as F;
        use Structure as S;
        match (s, f) {
            (S::Bls12381Fr, F::Bls12381FrLsb) => self.read_field::<BlsFr>(bytes, 32, Order::Lsb),
            (S::Bls12381Fr, F::Bls12381FrMsb) => self.read_field::<BlsFr>(bytes, 32, Order::Msb),
            (S::Bls12381Fq12, F::Bls12381Fq12LscLsb) => {
                self.read_field::<BlsFq12>(bytes, 576, Order::Lsb)
            }
            (S::Bls12381G1, F::Bls12381G1Uncompr) => {
                self.read_point::<ark_bls12_381::G1Affine>(bytes, 96, Compress::No)
            }
            (S::Bls12381G1, F::Bls12381G1Compr) => {
                self.read_point::<ark_bls12_381::G1Affine>(bytes, 48, Compress::Yes)
            }
            (S::Bls12381G2, F::Bls12381G2Uncompr) => {
                self.read_point::<ark_bls12_381::G2Affine>(bytes, 192, Compress::No)
            }
            (S::Bls12381G2, F::Bls12381G2Compr) => {
                self.read_point::<ark_bls12_381::G2Affine>(bytes, 96, Compress::Yes)
            }
            (S::Bls12381Gt, F::Bls12381Gt) => self.read_gt::<BlsFq12, BlsFr>(bytes, 576),
            (S::Bn254Fr, F::Bn254FrLsb) => self.read_field::<BnFr>(bytes, 32, Order::Lsb),
            (S::Bn254Fr, F::Bn254FrMsb) => self.read_field::<BnFr>(bytes, 32, Order::Msb),
            (S::Bn254Fq, F::Bn254FqLsb) => self.read_field::<BnFq>(bytes, 32, Order::Lsb),
            (S::Bn254Fq, F::Bn254FqMsb) => self.read_field::<BnFq>(bytes, 32, Order::Msb),
            (S::Bn254Fq12, F::Bn254Fq12LscLsb) => self.read_field::<BnFq12>(bytes, 384, Order::Lsb),
            (S::Bn254G1, F::Bn254G1Uncompr) => {
                self.read_point::<ark_bn254::G1Affine>(bytes, 64, Compress::No)
            }
            (S::Bn254G1, F::Bn254G1Compr) => {
                self.read_point::<ark_bn254::G1Affine>(bytes, 32, Compress::Yes)
            }
            (S::Bn254G2, F::Bn254G2Uncompr) => {
                self.read_point::<ark_bn254::G2Affine>(bytes, 128, Compress::No)
            }
            (S::Bn254G2, F::Bn254G2Compr) => {
                self.read_point::<ark_bn254::G2Affine>(bytes, 64, Compress::Yes)
            }
            (S::Bn254Gt, F::Bn254Gt) => self.read_gt::<BnFq12, BnFr>(bytes, 384),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    fn read_field<T: Stored + CanonicalDeserialize>(
        &mut self,
        bytes: &[u8],
        len: usize,
        order: Order,
    ) -> AlgebraResult<Option<u64>> {
        if bytes.len() != len {
            return Ok(None);
        }
        let mut buf = bytes.to_vec();
        if order == Order::Msb {
            buf.reverse();
        }
        match T::deserialize_uncompressed(buf.as_slice()) {
            Ok(x) => self.push(x).map(Some),
            Err(e) => rejected(e),
        }
    }

    fn read_point<A>(
        &mut self,
        bytes: &[u8],
        len: usize,
        compress: Compress,
    ) -> AlgebraResult<Option<u64>>
    where
        A: AffineRepr + CanonicalDeserialize,
        A::Group: Stored,
    {
        if bytes.len() != len {
            return Ok(None);
        }
        match A::deserialize_with_mode(bytes, compress, ark_serialize::Validate::Yes) {
            Ok(p) => self.push(p.into_group()).map(Some),
            Err(e) => rejected(e),
        }
    }

    fn read_gt<T: Stored + Field + CanonicalDeserialize, S: PrimeField>(
        &mut self,
        bytes: &[u8],
        len: usize,
    ) -> AlgebraResult<Option<u64>> {
        if bytes.len() != len {
            return Ok(None);
        }
        match T::deserialize_uncompressed(bytes) {
            Ok(x) if in_gt::<T, S>(&x) => self.push(x).map(Some),
            _ => Ok(None),
        }
    }
}
