//! The ristretto255 group under the rules of Aptos's `0x1::ristretto255` natives, on
//! `curve25519-dalek` 4 (Aptos runs version 3 of the same library; the operations used here
//! have the same definitions in both).
//!
//! Points live in a [`PointStore`] and Move code holds `u64` handles to them (indices into
//! the store, allocated in order, at most [`MAX_POINTS`] per session). Scalars travel as 32
//! canonical little-endian bytes; a non-canonical scalar or a bad handle reaching the store is
//! an invariant violation ([`StoreError`]), since Aptos's Move wrappers never pass one.

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_TABLE;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{Identity, VartimeMultiscalarMul};
use sha2::Sha512;

/// Most points one session may create (Aptos's limit: 1.6 MB of points).
pub const MAX_POINTS: usize = 10_000;

/// Why a point-store operation failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreError {
    /// The session already holds [`MAX_POINTS`] points (Aptos aborts with
    /// `error::resource_exhausted(4)`).
    TooManyPoints,
    /// A handle that names no point.
    UnknownHandle,
    /// A scalar that is not 32 canonical bytes, or an input of the wrong length.
    BadInput,
}

/// The result of a point-store operation.
pub type StoreResult<T> = Result<T, StoreError>;

/// A canonical scalar from 32 bytes.
fn scalar(bytes: &[u8]) -> StoreResult<Scalar> {
    let bytes = <[u8; 32]>::try_from(bytes).map_err(|_| StoreError::BadInput)?;
    Option::from(Scalar::from_canonical_bytes(bytes)).ok_or(StoreError::BadInput)
}

/// The points of one session, addressed by handle.
#[derive(Debug, Default, Clone)]
pub struct PointStore {
    points: Vec<RistrettoPoint>,
}

impl PointStore {
    /// An empty store.
    pub fn new() -> PointStore {
        PointStore::default()
    }

    /// Number of points created so far.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether no point was created.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The point behind a handle.
    pub(crate) fn point(&self, handle: u64) -> StoreResult<RistrettoPoint> {
        usize::try_from(handle)
            .ok()
            .and_then(|i| self.points.get(i))
            .copied()
            .ok_or(StoreError::UnknownHandle)
    }

    fn push(&mut self, point: RistrettoPoint) -> StoreResult<u64> {
        let handle = self.points.len();
        if handle >= MAX_POINTS {
            return Err(StoreError::TooManyPoints);
        }
        self.points.push(point);
        Ok(handle as u64)
    }

    /// Stores `point` under a new handle, or over `handle` when `in_place`.
    fn put(&mut self, point: RistrettoPoint, handle: u64, in_place: bool) -> StoreResult<u64> {
        if !in_place {
            return self.push(point);
        }
        let slot = usize::try_from(handle)
            .ok()
            .and_then(|i| self.points.get_mut(i))
            .ok_or(StoreError::UnknownHandle)?;
        *slot = point;
        Ok(handle)
    }

    /// A new identity point.
    pub fn identity(&mut self) -> StoreResult<u64> {
        self.push(RistrettoPoint::identity())
    }

    /// The point 32 canonical bytes encode, stored; `None` (nothing stored) otherwise.
    pub fn decompress(&mut self, bytes: &[u8]) -> StoreResult<Option<u64>> {
        match decompress(bytes) {
            Some(point) => self.push(point).map(Some),
            None => Ok(None),
        }
    }

    /// A copy of a point under a new handle.
    pub fn clone_point(&mut self, handle: u64) -> StoreResult<u64> {
        let point = self.point(handle)?;
        self.push(point)
    }

    /// The canonical encoding of a point.
    pub fn compress(&self, handle: u64) -> StoreResult<[u8; 32]> {
        Ok(self.point(handle)?.compress().to_bytes())
    }

    /// Whether two points are equal.
    pub fn equals(&self, a: u64, b: u64) -> StoreResult<bool> {
        Ok(self.point(a)? == self.point(b)?)
    }

    /// `[s]P`, new or in place of `P`.
    pub fn mul(&mut self, handle: u64, s: &[u8], in_place: bool) -> StoreResult<u64> {
        let s = scalar(s)?;
        let point = self.point(handle)? * s;
        self.put(point, handle, in_place)
    }

    /// `-P`, new or in place.
    pub fn neg(&mut self, handle: u64, in_place: bool) -> StoreResult<u64> {
        let point = -self.point(handle)?;
        self.put(point, handle, in_place)
    }

    /// `A + B`, new or in place of `A`.
    pub fn add(&mut self, a: u64, b: u64, in_place: bool) -> StoreResult<u64> {
        let point = self.point(a)? + self.point(b)?;
        self.put(point, a, in_place)
    }

    /// `A - B`, new or in place of `A`.
    pub fn sub(&mut self, a: u64, b: u64, in_place: bool) -> StoreResult<u64> {
        let point = self.point(a)? - self.point(b)?;
        self.put(point, a, in_place)
    }

    /// `[s]G` for the basepoint `G`.
    pub fn basepoint_mul(&mut self, s: &[u8]) -> StoreResult<u64> {
        let s = scalar(s)?;
        self.push(RISTRETTO_BASEPOINT_TABLE * &s)
    }

    /// `[a]A + [b]G` (variable time).
    pub fn basepoint_double_mul(&mut self, a: &[u8], point: u64, b: &[u8]) -> StoreResult<u64> {
        let (a, b) = (scalar(a)?, scalar(b)?);
        let point =
            RistrettoPoint::vartime_double_scalar_mul_basepoint(&a, &self.point(point)?, &b);
        self.push(point)
    }

    /// `[s1]P1 + [s2]P2` (variable time).
    pub fn double_scalar_mul(
        &mut self,
        p1: u64,
        p2: u64,
        s1: &[u8],
        s2: &[u8],
    ) -> StoreResult<u64> {
        self.multi_scalar_mul(&[p1, p2], &[s1, s2])
    }

    /// `Σ [sᵢ]Pᵢ` (variable time); the two lists must have one length.
    pub fn multi_scalar_mul(&mut self, points: &[u64], scalars: &[&[u8]]) -> StoreResult<u64> {
        if points.len() != scalars.len() {
            return Err(StoreError::BadInput);
        }
        let scalars = scalars
            .iter()
            .map(|s| scalar(s))
            .collect::<StoreResult<Vec<_>>>()?;
        let points = points
            .iter()
            .map(|h| self.point(*h))
            .collect::<StoreResult<Vec<_>>>()?;
        self.push(RistrettoPoint::vartime_multiscalar_mul(&scalars, &points))
    }

    /// The point hashed from `bytes` with SHA-512 (RFC 9496's one-way map of the digest).
    pub fn from_sha512(&mut self, bytes: &[u8]) -> StoreResult<u64> {
        self.push(RistrettoPoint::hash_from_bytes::<Sha512>(bytes))
    }

    /// The point RFC 9496's one-way map gives for 64 uniform bytes.
    pub fn from_64_uniform_bytes(&mut self, bytes: &[u8]) -> StoreResult<u64> {
        let bytes = <[u8; 64]>::try_from(bytes).map_err(|_| StoreError::BadInput)?;
        self.push(RistrettoPoint::from_uniform_bytes(&bytes))
    }
}

fn decompress(bytes: &[u8]) -> Option<RistrettoPoint> {
    let bytes = <[u8; 32]>::try_from(bytes).ok()?;
    CompressedRistretto(bytes).decompress()
}

/// Whether `bytes` is the canonical encoding of a point.
pub fn point_is_canonical(bytes: &[u8]) -> bool {
    decompress(bytes).is_some()
}

/// Whether `bytes` is 32 bytes encoding a scalar below the group order.
pub fn scalar_is_canonical(bytes: &[u8]) -> bool {
    scalar(bytes).is_ok()
}

/// `a⁻¹` (zero for zero, as `curve25519-dalek` defines it).
pub fn scalar_invert(a: &[u8]) -> StoreResult<[u8; 32]> {
    Ok(scalar(a)?.invert().to_bytes())
}

/// `a · b`.
pub fn scalar_mul(a: &[u8], b: &[u8]) -> StoreResult<[u8; 32]> {
    Ok((scalar(a)? * scalar(b)?).to_bytes())
}

/// `a + b`.
pub fn scalar_add(a: &[u8], b: &[u8]) -> StoreResult<[u8; 32]> {
    Ok((scalar(a)? + scalar(b)?).to_bytes())
}

/// `a - b`.
pub fn scalar_sub(a: &[u8], b: &[u8]) -> StoreResult<[u8; 32]> {
    Ok((scalar(a)? - scalar(b)?).to_bytes())
}

/// `-a`.
pub fn scalar_neg(a: &[u8]) -> StoreResult<[u8; 32]> {
    Ok((-scalar(a)?).to_bytes())
}

/// The scalar of a `u128` (also used for `u64`).
pub fn scalar_from_u128(n: u128) -> [u8; 32] {
    Scalar::from(n).to_bytes()
}

/// SHA-512 of `bytes`, reduced modulo the group order.
pub fn scalar_from_sha512(bytes: &[u8]) -> [u8; 32] {
    Scalar::hash_from_bytes::<Sha512>(bytes).to_bytes()
}

/// 32 bytes reduced modulo the group order.
pub fn scalar_reduced_from_32_bytes(bytes: &[u8]) -> StoreResult<[u8; 32]> {
    let bytes = <[u8; 32]>::try_from(bytes).map_err(|_| StoreError::BadInput)?;
    Ok(Scalar::from_bytes_mod_order(bytes).to_bytes())
}

/// 64 bytes reduced modulo the group order.
pub fn scalar_uniform_from_64_bytes(bytes: &[u8]) -> StoreResult<[u8; 32]> {
    let bytes = <[u8; 64]>::try_from(bytes).map_err(|_| StoreError::BadInput)?;
    Ok(Scalar::from_bytes_mod_order_wide(&bytes).to_bytes())
}

#[cfg(test)]
mod tests;
