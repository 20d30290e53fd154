//! The one error type of the crate.

/// Why a cryptographic input was rejected or an operation could not be carried out.
///
/// Each variant names what was wrong; callers that must reproduce a protocol's exact outcome
/// (return `false`, abort with code N) match on the variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CryptoError {
    /// An input has the wrong length.
    #[error("{what}: expected {expected} bytes, got {actual}")]
    InvalidLength {
        /// What the input is (`"ed25519 signature"`, …).
        what: &'static str,
        /// The length it must have (or a multiple of which it must be).
        expected: usize,
        /// The length it has.
        actual: usize,
    },
    /// The bytes are not a valid encoding of the element they stand for (not canonical, not on
    /// the curve, bad flags).
    #[error("invalid encoding of {0}")]
    InvalidEncoding(&'static str),
    /// A point is on the curve but outside the prime-order subgroup (or is the identity where
    /// that is not allowed).
    #[error("{0} is not in the prime-order subgroup")]
    NotInSubgroup(&'static str),
    /// A division by the zero scalar.
    #[error("division by zero")]
    DivisionByZero,
    /// A public key could not be recovered from a recoverable signature.
    #[error("no public key can be recovered from this signature")]
    RecoveryFailed,
    /// More inputs than the operation accepts.
    #[error("{what}: at most {max} inputs, got {actual}")]
    TooManyInputs {
        /// What the inputs are.
        what: &'static str,
        /// The most accepted.
        max: usize,
        /// How many were given.
        actual: usize,
    },
    /// Fewer inputs than the operation needs.
    #[error("{what}: no input given")]
    NoInput {
        /// What the inputs are.
        what: &'static str,
    },
    /// Inputs that do not fit together (vectors of different lengths, a key for another
    /// number of public inputs).
    #[error("mismatched inputs: {0}")]
    Mismatch(&'static str),
    /// A string longer than the operation accepts.
    #[error("{what}: at most {max} characters, got {actual}")]
    TooLong {
        /// What the string is.
        what: &'static str,
        /// The most characters accepted.
        max: usize,
        /// How many it has.
        actual: usize,
    },
}

/// The result of this crate's fallible functions.
pub type Result<T> = std::result::Result<T, CryptoError>;

/// Checks that `bytes` has exactly `N` bytes and returns them as an array.
pub(crate) fn array<const N: usize>(what: &'static str, bytes: &[u8]) -> Result<[u8; N]> {
    bytes.try_into().map_err(|_| CryptoError::InvalidLength {
        what,
        expected: N,
        actual: bytes.len(),
    })
}
