//! The ristretto255 prime-order group (RFC 9496) and its scalars, over `curve25519-dalek`:
//! encodings, the Elligator map from uniform bytes, hashing to the group, and the group
//! operations of Sui's `group_ops`.

use crate::error::{array, CryptoError, Result};
use crate::group::Group;
use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::CompressedRistretto;
use curve25519_dalek::traits::Identity;
use elliptic_curve::hash2curve::{ExpandMsg, ExpandMsgXmd, Expander};

/// Length of an encoded ristretto255 point or scalar.
pub const ENCODED_LENGTH: usize = 32;

/// An element of the ristretto255 group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RistrettoPoint(pub(crate) curve25519_dalek::RistrettoPoint);

/// A scalar of the ristretto255 group (an integer modulo ℓ).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RistrettoScalar(pub(crate) curve25519_dalek::Scalar);

impl RistrettoPoint {
    /// The identity.
    pub fn identity() -> Self {
        RistrettoPoint(curve25519_dalek::RistrettoPoint::identity())
    }

    /// The generator (the Ed25519 base point).
    pub fn generator() -> Self {
        RistrettoPoint(RISTRETTO_BASEPOINT_POINT)
    }

    /// Decodes a canonical 32-byte encoding (RFC 9496 §4.3.1).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        let bytes: [u8; ENCODED_LENGTH] = array("ristretto255 point", bytes)?;
        CompressedRistretto(bytes)
            .decompress()
            .map(RistrettoPoint)
            .ok_or(CryptoError::InvalidEncoding("ristretto255 point"))
    }

    /// The canonical 32-byte encoding (RFC 9496 §4.3.2).
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.compress().to_bytes()
    }

    /// The point of 64 uniform bytes: the sum of the Elligator maps of each half (RFC 9496
    /// §4.3.4).
    pub fn from_uniform_bytes(bytes: &[u8; 64]) -> Self {
        RistrettoPoint(curve25519_dalek::RistrettoPoint::from_uniform_bytes(bytes))
    }

    /// Hashes messages to the group: `expand_message_xmd` with SHA-512 of the concatenated
    /// messages under `dst` to 64 bytes, then [`Self::from_uniform_bytes`] (RFC 9496 §4.3.4,
    /// RFC 9380 §5.3.1; the expander is RustCrypto's `elliptic-curve`).
    ///
    /// The expander refuses only impossible requests (an output longer than 255 digests), so
    /// this does not fail in practice; the error is passed on rather than unwrapped.
    pub fn hash_to_group(messages: &[&[u8]], dst: &[u8]) -> Result<Self> {
        let dsts = [dst];
        let mut uniform = [0u8; 64];
        let mut expander = ExpandMsgXmd::<sha2::Sha512>::expand_message(messages, &dsts, 64)
            .map_err(|_| CryptoError::InvalidEncoding("hash-to-group domain separation tag"))?;
        expander.fill_bytes(&mut uniform);
        Ok(Self::from_uniform_bytes(&uniform))
    }
}

impl RistrettoScalar {
    /// The scalar of a canonical 32-byte little-endian encoding (below ℓ).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        let bytes: [u8; ENCODED_LENGTH] = array("ristretto255 scalar", bytes)?;
        Option::from(curve25519_dalek::Scalar::from_canonical_bytes(bytes))
            .map(RistrettoScalar)
            .ok_or(CryptoError::InvalidEncoding("ristretto255 scalar"))
    }

    /// The scalar of any 32 bytes read little-endian, reduced modulo ℓ.
    pub fn from_bytes_mod_order(bytes: &[u8; 32]) -> Self {
        RistrettoScalar(curve25519_dalek::Scalar::from_bytes_mod_order(*bytes))
    }

    /// The canonical encoding.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    /// The inverse; zero has none.
    pub fn inverse(&self) -> Result<Self> {
        if self.0 == curve25519_dalek::Scalar::ZERO {
            return Err(CryptoError::DivisionByZero);
        }
        Ok(RistrettoScalar(self.0.invert()))
    }
}

impl Group for RistrettoPoint {
    type Scalar = RistrettoScalar;
    const LENGTH: usize = ENCODED_LENGTH;

    fn from_bytes(bytes: &[u8]) -> Result<Self> {
        RistrettoPoint::from_bytes(bytes)
    }

    fn to_bytes(&self) -> Vec<u8> {
        RistrettoPoint::to_bytes(self).to_vec()
    }

    fn add(&self, other: &Self) -> Self {
        RistrettoPoint(self.0 + other.0)
    }

    fn sub(&self, other: &Self) -> Self {
        RistrettoPoint(self.0 - other.0)
    }

    fn mul(&self, scalar: &RistrettoScalar) -> Self {
        RistrettoPoint(self.0 * scalar.0)
    }

    fn div(&self, scalar: &RistrettoScalar) -> Result<Self> {
        Ok(self.mul(&scalar.inverse()?))
    }
}

impl Group for RistrettoScalar {
    type Scalar = RistrettoScalar;
    const LENGTH: usize = ENCODED_LENGTH;

    fn from_bytes(bytes: &[u8]) -> Result<Self> {
        RistrettoScalar::from_bytes(bytes)
    }

    /// Sui reads trusted scalars modulo ℓ.
    fn from_trusted_bytes(bytes: &[u8]) -> Result<Self> {
        let bytes: [u8; 32] = array("ristretto255 scalar", bytes)?;
        Ok(RistrettoScalar::from_bytes_mod_order(&bytes))
    }

    fn to_bytes(&self) -> Vec<u8> {
        RistrettoScalar::to_bytes(self).to_vec()
    }

    fn add(&self, other: &Self) -> Self {
        RistrettoScalar(self.0 + other.0)
    }

    fn sub(&self, other: &Self) -> Self {
        RistrettoScalar(self.0 - other.0)
    }

    fn mul(&self, other: &Self) -> Self {
        RistrettoScalar(self.0 * other.0)
    }

    fn div(&self, other: &Self) -> Result<Self> {
        Ok(self.mul(&other.inverse()?))
    }
}

#[cfg(test)]
mod tests;
