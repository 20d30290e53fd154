//! The operations common to the prime-order groups (and their scalar fields) that Sui's
//! `group_ops` exposes: decoding with validation, encoding, addition, subtraction, scalar
//! multiplication and division by a scalar.

use crate::error::Result;

/// An element of a group (or of a scalar field, which is a group under addition whose
/// "scalar multiplication" is field multiplication) with a fixed-length encoding.
pub trait Group: Sized + Copy {
    /// The scalars that multiply elements.
    type Scalar: Group;
    /// The length of an encoding.
    const LENGTH: usize;
    /// Decodes a canonical encoding of an element of the prime-order group (validated:
    /// canonical, on the curve, in the subgroup).
    fn from_bytes(bytes: &[u8]) -> Result<Self>;
    /// Decodes an encoding already known to be valid, skipping the costlier checks (subgroup
    /// membership); what Sui does for elements it produced or validated before.
    fn from_trusted_bytes(bytes: &[u8]) -> Result<Self> {
        Self::from_bytes(bytes)
    }
    /// The canonical encoding.
    fn to_bytes(&self) -> Vec<u8>;
    /// `self + other` (the group law, written additively).
    fn add(&self, other: &Self) -> Self;
    /// `self - other`.
    fn sub(&self, other: &Self) -> Self;
    /// `self · scalar`.
    fn mul(&self, scalar: &Self::Scalar) -> Self;
    /// `self · scalar⁻¹`; dividing by the zero scalar is an error.
    fn div(&self, scalar: &Self::Scalar) -> Result<Self>;
}
