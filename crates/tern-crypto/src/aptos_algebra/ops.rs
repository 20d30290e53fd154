//! The arithmetic of [`ElementStore`]: constants, field and group operations, scalar
//! multiplication, pairings, casts and hash-to-curve, each over the structures Aptos's
//! native supports for it (others: [`AlgebraError::NotImplemented`]).
//!
//! Gt is written additively in Move and multiplicatively in Fq12: `add` multiplies, `sub`
//! divides, `neg` inverts, `double` squares, `zero` is 1 and `scalar_mul` exponentiates.

use super::{
    order_bytes, AlgebraError, AlgebraResult, ElementStore, Family, HashSuite, Stored, Structure,
};
use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::hashing::{curve_maps::wb::WBMap, map_to_curve_hasher::MapToCurveBasedHasher};
use ark_ec::hashing::{HashToCurve, HashToCurveError};
use ark_ec::pairing::Pairing;
use ark_ec::short_weierstrass::Projective;
use ark_ec::{AffineRepr, CurveGroup, Group, VariableBaseMSM};
use ark_ff::field_hashers::DefaultFieldHasher;
use ark_ff::{Field, One, PrimeField, Zero};
use std::ops::{Add, Mul, Neg, Sub};
use std::sync::OnceLock;

type BlsG1 = Projective<ark_bls12_381::g1::Config>;
type BlsG2 = Projective<ark_bls12_381::g2::Config>;
type BnG1 = Projective<ark_bn254::g1::Config>;
type BnG2 = Projective<ark_bn254::g2::Config>;
type BlsFr = ark_bls12_381::Fr;
type BlsFq12 = ark_bls12_381::Fq12;
type BnFr = ark_bn254::Fr;
type BnFq = ark_bn254::Fq;
type BnFq12 = ark_bn254::Fq12;

fn add<T: Add<Output = T> + Copy>(a: T, b: T) -> T {
    a + b
}
fn sub<T: Sub<Output = T> + Copy>(a: T, b: T) -> T {
    a - b
}
fn mul<T: Mul<Output = T> + Copy>(a: T, b: T) -> T {
    a * b
}
fn neg<T: Neg<Output = T>>(a: T) -> T {
    -a
}
fn square<T: Field>(a: T) -> T {
    a.square()
}
fn double<T: Group>(a: T) -> T {
    a.double()
}

/// `a / b` in a field where `b` is known to be a Gt element (never zero).
fn gt_div<T: Field>(a: T, b: T) -> AlgebraResult<T> {
    b.inverse()
        .map(|inv| a * inv)
        .ok_or(AlgebraError::Invariant("zero element in Gt"))
}

/// The generator of BLS12-381's Gt: the pairing of the G1 and G2 generators.
fn bls_gt_generator() -> BlsFq12 {
    static GENERATOR: OnceLock<BlsFq12> = OnceLock::new();
    *GENERATOR.get_or_init(|| Bls12_381::pairing(BlsG1::generator(), BlsG2::generator()).0)
}

/// The generator of BN254's Gt: the pairing of the G1 and G2 generators.
fn bn_gt_generator() -> BnFq12 {
    static GENERATOR: OnceLock<BnFq12> = OnceLock::new();
    *GENERATOR.get_or_init(|| Bn254::pairing(BnG1::generator(), BnG2::generator()).0)
}

/// Whether an Fq12 element lies in the order-r subgroup (`x^r == 1`).
pub(super) fn in_gt<F: Field, S: PrimeField>(x: &F) -> bool {
    x.pow(S::MODULUS) == F::one()
}

impl ElementStore {
    fn unary<T: Stored>(&mut self, h: u64, f: impl FnOnce(T) -> T) -> AlgebraResult<u64> {
        let x = self.get::<T>(h)?;
        self.push(f(x))
    }

    fn binary<T: Stored>(
        &mut self,
        h1: u64,
        h2: u64,
        f: impl FnOnce(T, T) -> T,
    ) -> AlgebraResult<u64> {
        let a = self.get::<T>(h1)?;
        let b = self.get::<T>(h2)?;
        self.push(f(a, b))
    }

    /// `zero<S>()`: 0 of a field, the point at infinity, 1 of Gt.
    pub fn zero(&mut self, s: Structure) -> AlgebraResult<u64> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.push(BlsFr::zero()),
            Bls12381Fq12 => self.push(BlsFq12::zero()),
            Bls12381G1 => self.push(BlsG1::zero()),
            Bls12381G2 => self.push(BlsG2::zero()),
            Bls12381Gt => self.push(BlsFq12::one()),
            Bn254Fr => self.push(BnFr::zero()),
            Bn254Fq => self.push(BnFq::zero()),
            Bn254Fq12 => self.push(BnFq12::zero()),
            Bn254G1 => self.push(BnG1::zero()),
            Bn254G2 => self.push(BnG2::zero()),
            Bn254Gt => self.push(BnFq12::one()),
        }
    }

    /// `one<S>()`: 1 of a field, the generator of a group.
    pub fn one(&mut self, s: Structure) -> AlgebraResult<u64> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.push(BlsFr::one()),
            Bls12381Fq12 => self.push(BlsFq12::one()),
            Bls12381G1 => self.push(BlsG1::generator()),
            Bls12381G2 => self.push(BlsG2::generator()),
            Bls12381Gt => self.push(bls_gt_generator()),
            Bn254Fr => self.push(BnFr::one()),
            Bn254Fq => self.push(BnFq::one()),
            Bn254Fq12 => self.push(BnFq12::one()),
            Bn254G1 => self.push(BnG1::generator()),
            Bn254G2 => self.push(BnG2::generator()),
            Bn254Gt => self.push(bn_gt_generator()),
        }
    }

    /// `from_u64<S>(value)`, for fields.
    pub fn from_u64(&mut self, s: Structure, value: u64) -> AlgebraResult<u64> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.push(BlsFr::from(value)),
            Bls12381Fq12 => self.push(BlsFq12::from(value)),
            Bn254Fr => self.push(BnFr::from(value)),
            Bn254Fq => self.push(BnFq::from(value)),
            Bn254Fq12 => self.push(BnFq12::from(value)),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    /// `order<S>()`: the order of the structure, little-endian (the group order r for G1, G2
    /// and Gt, q^12 for Fq12).
    pub fn order(&self, s: Structure) -> AlgebraResult<Vec<u8>> {
        self.check(s.family())?;
        Ok(order_bytes(s))
    }

    /// `eq<S>(x, y)`.
    pub fn eq(&self, s: Structure, h1: u64, h2: u64) -> AlgebraResult<bool> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => Ok(self.get::<BlsFr>(h1)? == self.get::<BlsFr>(h2)?),
            Bls12381Fq12 | Bls12381Gt => Ok(self.get::<BlsFq12>(h1)? == self.get::<BlsFq12>(h2)?),
            Bls12381G1 => Ok(self.get::<BlsG1>(h1)? == self.get::<BlsG1>(h2)?),
            Bls12381G2 => Ok(self.get::<BlsG2>(h1)? == self.get::<BlsG2>(h2)?),
            Bn254Fr => Ok(self.get::<BnFr>(h1)? == self.get::<BnFr>(h2)?),
            Bn254Fq => Ok(self.get::<BnFq>(h1)? == self.get::<BnFq>(h2)?),
            Bn254Fq12 | Bn254Gt => Ok(self.get::<BnFq12>(h1)? == self.get::<BnFq12>(h2)?),
            Bn254G1 => Ok(self.get::<BnG1>(h1)? == self.get::<BnG1>(h2)?),
            Bn254G2 => Ok(self.get::<BnG2>(h1)? == self.get::<BnG2>(h2)?),
        }
    }

    /// `add<S>(x, y)` (Gt: the Fq12 product).
    pub fn add(&mut self, s: Structure, h1: u64, h2: u64) -> AlgebraResult<u64> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.binary(h1, h2, add::<BlsFr>),
            Bls12381Fq12 => self.binary(h1, h2, add::<BlsFq12>),
            Bls12381G1 => self.binary(h1, h2, add::<BlsG1>),
            Bls12381G2 => self.binary(h1, h2, add::<BlsG2>),
            Bls12381Gt => self.binary(h1, h2, mul::<BlsFq12>),
            Bn254Fr => self.binary(h1, h2, add::<BnFr>),
            Bn254Fq => self.binary(h1, h2, add::<BnFq>),
            Bn254Fq12 => self.binary(h1, h2, add::<BnFq12>),
            Bn254G1 => self.binary(h1, h2, add::<BnG1>),
            Bn254G2 => self.binary(h1, h2, add::<BnG2>),
            Bn254Gt => self.binary(h1, h2, mul::<BnFq12>),
        }
    }

    /// `sub<S>(x, y)` (Gt: the Fq12 quotient).
    pub fn sub(&mut self, s: Structure, h1: u64, h2: u64) -> AlgebraResult<u64> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.binary(h1, h2, sub::<BlsFr>),
            Bls12381Fq12 => self.binary(h1, h2, sub::<BlsFq12>),
            Bls12381G1 => self.binary(h1, h2, sub::<BlsG1>),
            Bls12381G2 => self.binary(h1, h2, sub::<BlsG2>),
            Bls12381Gt => self.gt_quotient::<BlsFq12>(h1, h2),
            Bn254Fr => self.binary(h1, h2, sub::<BnFr>),
            Bn254Fq => self.binary(h1, h2, sub::<BnFq>),
            Bn254Fq12 => self.binary(h1, h2, sub::<BnFq12>),
            Bn254G1 => self.binary(h1, h2, sub::<BnG1>),
            Bn254G2 => self.binary(h1, h2, sub::<BnG2>),
            Bn254Gt => self.gt_quotient::<BnFq12>(h1, h2),
        }
    }

    fn gt_quotient<T: Stored + Field>(&mut self, h1: u64, h2: u64) -> AlgebraResult<u64> {
        let q = gt_div(self.get::<T>(h1)?, self.get::<T>(h2)?)?;
        self.push(q)
    }

    /// `mul<S>(x, y)`, for fields.
    pub fn mul(&mut self, s: Structure, h1: u64, h2: u64) -> AlgebraResult<u64> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.binary(h1, h2, mul::<BlsFr>),
            Bls12381Fq12 => self.binary(h1, h2, mul::<BlsFq12>),
            Bn254Fr => self.binary(h1, h2, mul::<BnFr>),
            Bn254Fq => self.binary(h1, h2, mul::<BnFq>),
            Bn254Fq12 => self.binary(h1, h2, mul::<BnFq12>),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    /// `div<S>(x, y)`, for fields: `None` when `y` is zero.
    pub fn div(&mut self, s: Structure, h1: u64, h2: u64) -> AlgebraResult<Option<u64>> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.field_div::<BlsFr>(h1, h2),
            Bls12381Fq12 => self.field_div::<BlsFq12>(h1, h2),
            Bn254Fr => self.field_div::<BnFr>(h1, h2),
            Bn254Fq => self.field_div::<BnFq>(h1, h2),
            Bn254Fq12 => self.field_div::<BnFq12>(h1, h2),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    fn field_div<T: Stored + Field>(&mut self, h1: u64, h2: u64) -> AlgebraResult<Option<u64>> {
        let a = self.get::<T>(h1)?;
        let b = self.get::<T>(h2)?;
        match b.inverse() {
            Some(inv) => self.push(a * inv).map(Some),
            None => Ok(None),
        }
    }

    /// `inv<S>(x)`, for fields: `None` for zero.
    pub fn inv(&mut self, s: Structure, h: u64) -> AlgebraResult<Option<u64>> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.field_inv::<BlsFr>(h),
            Bls12381Fq12 => self.field_inv::<BlsFq12>(h),
            Bn254Fr => self.field_inv::<BnFr>(h),
            Bn254Fq => self.field_inv::<BnFq>(h),
            Bn254Fq12 => self.field_inv::<BnFq12>(h),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    fn field_inv<T: Stored + Field>(&mut self, h: u64) -> AlgebraResult<Option<u64>> {
        match self.get::<T>(h)?.inverse() {
            Some(inv) => self.push(inv).map(Some),
            None => Ok(None),
        }
    }

    /// `neg<S>(x)` (Gt: the Fq12 inverse).
    pub fn neg(&mut self, s: Structure, h: u64) -> AlgebraResult<u64> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.unary(h, neg::<BlsFr>),
            Bls12381Fq12 => self.unary(h, neg::<BlsFq12>),
            Bls12381G1 => self.unary(h, neg::<BlsG1>),
            Bls12381G2 => self.unary(h, neg::<BlsG2>),
            Bls12381Gt => self.gt_inverse::<BlsFq12>(h),
            Bn254Fr => self.unary(h, neg::<BnFr>),
            Bn254Fq => self.unary(h, neg::<BnFq>),
            Bn254Fq12 => self.unary(h, neg::<BnFq12>),
            Bn254G1 => self.unary(h, neg::<BnG1>),
            Bn254G2 => self.unary(h, neg::<BnG2>),
            Bn254Gt => self.gt_inverse::<BnFq12>(h),
        }
    }

    fn gt_inverse<T: Stored + Field>(&mut self, h: u64) -> AlgebraResult<u64> {
        let inv = self
            .get::<T>(h)?
            .inverse()
            .ok_or(AlgebraError::Invariant("zero element in Gt"))?;
        self.push(inv)
    }

    /// `sqr<S>(x)`, for fields.
    pub fn sqr(&mut self, s: Structure, h: u64) -> AlgebraResult<u64> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381Fr => self.unary(h, square::<BlsFr>),
            Bls12381Fq12 => self.unary(h, square::<BlsFq12>),
            Bn254Fr => self.unary(h, square::<BnFr>),
            Bn254Fq => self.unary(h, square::<BnFq>),
            Bn254Fq12 => self.unary(h, square::<BnFq12>),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    /// `double<G>(x)`, for groups (Gt: the Fq12 square).
    pub fn double(&mut self, s: Structure, h: u64) -> AlgebraResult<u64> {
        self.check(s.family())?;
        use Structure::*;
        match s {
            Bls12381G1 => self.unary(h, double::<BlsG1>),
            Bls12381G2 => self.unary(h, double::<BlsG2>),
            Bls12381Gt => self.unary(h, square::<BlsFq12>),
            Bn254G1 => self.unary(h, double::<BnG1>),
            Bn254G2 => self.unary(h, double::<BnG2>),
            Bn254Gt => self.unary(h, square::<BnFq12>),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    /// `scalar_mul<G, S>(element, scalar)`: G1, G2 or Gt by its curve's Fr.
    pub fn scalar_mul(&mut self, g: Structure, s: Structure, h: u64, k: u64) -> AlgebraResult<u64> {
        use Structure::*;
        match (g, s) {
            (Bls12381G1, Bls12381Fr) => self.point_mul::<BlsG1>(Family::Bls12381, h, k),
            (Bls12381G2, Bls12381Fr) => self.point_mul::<BlsG2>(Family::Bls12381, h, k),
            (Bls12381Gt, Bls12381Fr) => self.gt_pow::<BlsFq12, BlsFr>(Family::Bls12381, h, k),
            (Bn254G1, Bn254Fr) => self.point_mul::<BnG1>(Family::Bn254, h, k),
            (Bn254G2, Bn254Fr) => self.point_mul::<BnG2>(Family::Bn254, h, k),
            (Bn254Gt, Bn254Fr) => self.gt_pow::<BnFq12, BnFr>(Family::Bn254, h, k),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    fn point_mul<P>(&mut self, family: Family, h: u64, k: u64) -> AlgebraResult<u64>
    where
        P: Stored + Group,
        P::ScalarField: Stored,
    {
        self.check(family)?;
        let p = self.get::<P>(h)?;
        let k = self.get::<P::ScalarField>(k)?;
        self.push(p.mul_bigint(k.into_bigint()))
    }

    fn gt_pow<T: Stored + Field, S: Stored + PrimeField>(
        &mut self,
        family: Family,
        h: u64,
        k: u64,
    ) -> AlgebraResult<u64> {
        self.check(family)?;
        let x = self.get::<T>(h)?;
        let k = self.get::<S>(k)?;
        self.push(x.pow(k.into_bigint()))
    }

    /// `multi_scalar_mul<G, S>(elements, scalars)`: G1 or G2 by its curve's Fr; the two
    /// vectors must have the same length.
    pub fn multi_scalar_mul(
        &mut self,
        g: Structure,
        s: Structure,
        elements: &[u64],
        scalars: &[u64],
    ) -> AlgebraResult<u64> {
        use Structure::*;
        match (g, s) {
            (Bls12381G1, Bls12381Fr) => self.msm::<BlsG1>(Family::Bls12381, elements, scalars),
            (Bls12381G2, Bls12381Fr) => self.msm::<BlsG2>(Family::Bls12381, elements, scalars),
            (Bn254G1, Bn254Fr) => self.msm::<BnG1>(Family::Bn254, elements, scalars),
            (Bn254G2, Bn254Fr) => self.msm::<BnG2>(Family::Bn254, elements, scalars),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    fn msm<P>(&mut self, family: Family, elements: &[u64], scalars: &[u64]) -> AlgebraResult<u64>
    where
        P: Stored + CurveGroup + VariableBaseMSM,
        P::ScalarField: Stored,
    {
        self.check(family)?;
        if elements.len() != scalars.len() {
            return Err(AlgebraError::SizesNotMatching(
                elements.len(),
                scalars.len(),
            ));
        }
        let bases = elements
            .iter()
            .map(|h| self.get::<P>(*h).map(|p| p.into_affine()))
            .collect::<AlgebraResult<Vec<_>>>()?;
        let scalars = scalars
            .iter()
            .map(|h| self.get::<P::ScalarField>(*h))
            .collect::<AlgebraResult<Vec<_>>>()?;
        let sum = P::msm(&bases, &scalars)
            .map_err(|_| AlgebraError::Invariant("multi-scalar multiplication lengths"))?;
        self.push(sum)
    }

    /// `pairing<G1, G2, Gt>(p, q)`.
    pub fn pairing(
        &mut self,
        g1: Structure,
        g2: Structure,
        gt: Structure,
        p: u64,
        q: u64,
    ) -> AlgebraResult<u64> {
        self.multi_pairing(g1, g2, gt, &[p], &[q])
    }

    /// `multi_pairing<G1, G2, Gt>(ps, qs)`: the product of the pairings of the pairs; the two
    /// vectors must have the same length.
    pub fn multi_pairing(
        &mut self,
        g1: Structure,
        g2: Structure,
        gt: Structure,
        ps: &[u64],
        qs: &[u64],
    ) -> AlgebraResult<u64> {
        use Structure::*;
        match (g1, g2, gt) {
            (Bls12381G1, Bls12381G2, Bls12381Gt) => {
                self.pairings::<Bls12_381>(Family::Bls12381, ps, qs)
            }
            (Bn254G1, Bn254G2, Bn254Gt) => self.pairings::<Bn254>(Family::Bn254, ps, qs),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    fn pairings<E: Pairing>(&mut self, family: Family, ps: &[u64], qs: &[u64]) -> AlgebraResult<u64>
    where
        E::G1: Stored,
        E::G2: Stored,
        E::TargetField: Stored,
    {
        self.check(family)?;
        if ps.len() != qs.len() {
            return Err(AlgebraError::SizesNotMatching(ps.len(), qs.len()));
        }
        let ps = ps
            .iter()
            .map(|h| self.get::<E::G1>(*h).map(|p| p.into_affine()))
            .collect::<AlgebraResult<Vec<_>>>()?;
        let qs = qs
            .iter()
            .map(|h| self.get::<E::G2>(*h).map(|q| q.into_affine()))
            .collect::<AlgebraResult<Vec<_>>>()?;
        self.push(E::multi_pairing(ps, qs).0)
    }

    /// `upcast<S, L>(x)`: Gt into its curve's Fq12; the handle is returned unchanged.
    pub fn upcast(&self, sub: Structure, sup: Structure, h: u64) -> AlgebraResult<u64> {
        use Structure::*;
        match (sub, sup) {
            (Bls12381Gt, Bls12381Fq12) => self.check(Family::Bls12381).map(|()| h),
            (Bn254Gt, Bn254Fq12) => self.check(Family::Bn254).map(|()| h),
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    /// `downcast<L, S>(x)`: whether the Fq12 element lies in Gt; the handle is returned
    /// unchanged either way.
    pub fn downcast(&self, sup: Structure, sub: Structure, h: u64) -> AlgebraResult<(bool, u64)> {
        use Structure::*;
        match (sup, sub) {
            (Bls12381Fq12, Bls12381Gt) => {
                self.check(Family::Bls12381)?;
                Ok((in_gt::<_, BlsFr>(&self.get::<BlsFq12>(h)?), h))
            }
            (Bn254Fq12, Bn254Gt) => {
                self.check(Family::Bn254)?;
                Ok((in_gt::<_, BnFr>(&self.get::<BnFq12>(h)?), h))
            }
            _ => Err(AlgebraError::NotImplemented),
        }
    }

    /// `hash_to<S, H>(dst, msg)`: RFC 9380 hashing to BLS12-381 G1 or G2.
    pub fn hash_to(
        &mut self,
        s: Structure,
        suite: HashSuite,
        dst: &[u8],
        msg: &[u8],
    ) -> AlgebraResult<u64> {
        use super::{
            E_HASH_TO_G1_HASH_FAILED, E_HASH_TO_G1_MAPPER_FAILED, E_HASH_TO_G2_HASH_FAILED,
            E_HASH_TO_G2_MAPPER_FAILED,
        };
        type Hasher<P, C> =
            MapToCurveBasedHasher<P, DefaultFieldHasher<sha2::Sha256, 128>, WBMap<C>>;
        let fail = |code| move |_: HashToCurveError| AlgebraError::HashToCurve(code);
        match (s, suite) {
            (Structure::Bls12381G1, HashSuite::Bls12381G1XmdSha256SswuRo) => {
                self.check(Family::Bls12381)?;
                let hasher = Hasher::<BlsG1, ark_bls12_381::g1::Config>::new(dst)
                    .map_err(fail(E_HASH_TO_G1_MAPPER_FAILED))?;
                let p = hasher.hash(msg).map_err(fail(E_HASH_TO_G1_HASH_FAILED))?;
                self.push(p.into_group())
            }
            (Structure::Bls12381G2, HashSuite::Bls12381G2XmdSha256SswuRo) => {
                self.check(Family::Bls12381)?;
                let hasher = Hasher::<BlsG2, ark_bls12_381::g2::Config>::new(dst)
                    .map_err(fail(E_HASH_TO_G2_MAPPER_FAILED))?;
                let p = hasher.hash(msg).map_err(fail(E_HASH_TO_G2_HASH_FAILED))?;
                self.push(p.into_group())
            }
            _ => Err(AlgebraError::NotImplemented),
        }
    }
}
