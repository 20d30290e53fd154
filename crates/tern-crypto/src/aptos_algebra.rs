//! The algebraic structures of Aptos's `0x1::crypto_algebra` natives (BLS12-381 and BN254, as
//! `0x1::bls12381_algebra` and `0x1::bn254_algebra` name them), with the arithmetic,
//! serialization formats, outcomes and abort codes of Aptos's natives, on arkworks 0.4 (Aptos
//! runs arkworks 0.5, whose encodings, validity checks and RFC 9380 hashing are those of 0.4,
//! as the Move tests' vectors confirm; the formats are arkworks' own, little-endian with
//! arkworks' flag bits for BN254 and ZCash's big-endian flags for BLS12-381 points).
//!
//! Elements live in an [`ElementStore`], one per session; Move holds `u64` handles into it
//! (allocated in order from 0, as Aptos allocates them). Each element is kept in the type
//! Aptos keeps it in (fields as field elements, G1 and G2 points in projective coordinates,
//! Gt elements as their Fq12 value), and the store charges each new element the in-memory
//! size of that type against a budget of [`MEMORY_LIMIT_IN_BYTES`] per session, so the
//! session runs out at exactly the element Aptos's does
//! ([`AlgebraError::TooMuchMemoryUsed`], abort [`E_TOO_MUCH_MEMORY_USED`]).
//!
//! Structures a family of which is switched off ([`EnabledStructures`], Aptos's
//! `BLS12_381_STRUCTURES` and `BN254_STRUCTURES` feature flags), and operations a structure
//! does not support (`mul` on a group, `scalar_mul` of a BN254 point by a BLS12-381 scalar, a
//! format of another structure…), fail with [`AlgebraError::NotImplemented`]
//! (abort [`E_NOT_IMPLEMENTED`]) before any handle is looked at, as in Aptos.
//!
//! ```
//! use tern_crypto::aptos_algebra::{ElementStore, Format, Structure};
//! let mut store = ElementStore::default();
//! let seven = store.from_u64(Structure::Bls12381Fr, 7).unwrap();
//! let bytes = store.serialize(Structure::Bls12381Fr, Format::Bls12381FrMsb, seven).unwrap();
//! assert_eq!(bytes[31], 7);
//! ```

mod codec;
mod ops;
#[cfg(test)]
mod tests;

use ark_ec::short_weierstrass::Projective;
use ark_ff::{BigInteger, PrimeField};
use std::sync::OnceLock;

/// Abort code of an unsupported structure, operation or format, or of a structure family
/// switched off (`std::error::not_implemented(1)`).
pub const E_NOT_IMPLEMENTED: u64 = 0x0C_0001;
/// Abort code of `multi_scalar_mul` and `multi_pairing` given vectors of different lengths
/// (`std::error::invalid_argument(2)`).
pub const E_INPUT_VECTOR_SIZES_NOT_MATCHING: u64 = 0x01_0002;
/// Abort code when a session's elements would exceed [`MEMORY_LIMIT_IN_BYTES`]
/// (`std::error::resource_exhausted(3)`).
pub const E_TOO_MUCH_MEMORY_USED: u64 = 0x09_0003;
/// Abort code when the BLS12-381 G1 hash-to-curve mapper cannot be built.
pub const E_HASH_TO_G1_MAPPER_FAILED: u64 = 0x0A_000C;
/// Abort code when hashing to BLS12-381 G1 fails.
pub const E_HASH_TO_G1_HASH_FAILED: u64 = 0x0A_000D;
/// Abort code when the BLS12-381 G2 hash-to-curve mapper cannot be built.
pub const E_HASH_TO_G2_MAPPER_FAILED: u64 = 0x0A_000E;
/// Abort code when hashing to BLS12-381 G2 fails.
pub const E_HASH_TO_G2_HASH_FAILED: u64 = 0x0A_000F;
/// The most bytes of elements one session may hold (Aptos's limit: 1 MiB).
pub const MEMORY_LIMIT_IN_BYTES: usize = 1 << 20;

/// Why an operation of the store failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AlgebraError {
    /// The structure, the combination of structures or the format is not supported, or its
    /// family is switched off.
    #[error("not implemented for these structures")]
    NotImplemented,
    /// Two input vectors that must pair up have different lengths.
    #[error("input vectors of lengths {0} and {1} do not pair up")]
    SizesNotMatching(usize, usize),
    /// The new element would take the session past [`MEMORY_LIMIT_IN_BYTES`].
    #[error("element memory limit of {MEMORY_LIMIT_IN_BYTES} bytes exceeded: {used} bytes in use, {requested} asked for")]
    TooMuchMemoryUsed {
        /// Bytes held before the request.
        used: usize,
        /// Bytes the session would hold with the new element.
        requested: usize,
    },
    /// Hash-to-curve failed; the abort code says at which step ([`E_HASH_TO_G1_MAPPER_FAILED`]…).
    #[error("hash-to-curve failed (abort code {0:#x})")]
    HashToCurve(u64),
    /// A handle that names no element of the expected type, or another state Aptos's Move
    /// wrappers never produce (Aptos reports an invariant violation).
    #[error("invariant violated: {0}")]
    Invariant(&'static str),
}

impl AlgebraError {
    /// The Move abort code Aptos's native aborts with, or `None` for an invariant violation
    /// (a VM error, not an abort).
    pub fn abort_code(&self) -> Option<u64> {
        match self {
            AlgebraError::NotImplemented => Some(E_NOT_IMPLEMENTED),
            AlgebraError::SizesNotMatching(..) => Some(E_INPUT_VECTOR_SIZES_NOT_MATCHING),
            AlgebraError::TooMuchMemoryUsed { .. } => Some(E_TOO_MUCH_MEMORY_USED),
            AlgebraError::HashToCurve(code) => Some(*code),
            AlgebraError::Invariant(_) => None,
        }
    }
}

/// The result of a store operation.
pub type AlgebraResult<T> = std::result::Result<T, AlgebraError>;

/// A family of structures, switched on or off together (Aptos's feature flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// `0x1::bls12381_algebra` (feature `BLS12_381_STRUCTURES`).
    Bls12381,
    /// `0x1::bn254_algebra` (feature `BN254_STRUCTURES`).
    Bn254,
}

/// Which structure families a session may use (both, unless a host switches one off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnabledStructures {
    /// BLS12-381 (`0x1::bls12381_algebra`).
    pub bls12_381: bool,
    /// BN254 (`0x1::bn254_algebra`).
    pub bn254: bool,
}

impl EnabledStructures {
    /// Both families (as on Aptos's networks).
    pub const ALL: EnabledStructures = EnabledStructures {
        bls12_381: true,
        bn254: true,
    };

    /// Fails with [`AlgebraError::NotImplemented`] unless `family` is on.
    pub fn check(&self, family: Family) -> AlgebraResult<()> {
        let on = match family {
            Family::Bls12381 => self.bls12_381,
            Family::Bn254 => self.bn254,
        };
        if on {
            Ok(())
        } else {
            Err(AlgebraError::NotImplemented)
        }
    }
}

impl Default for EnabledStructures {
    fn default() -> EnabledStructures {
        EnabledStructures::ALL
    }
}

/// An algebraic structure: a marker type of `bls12381_algebra` or `bn254_algebra`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Structure {
    /// `bls12381_algebra::Fr`, the scalar field.
    Bls12381Fr,
    /// `bls12381_algebra::Fq12`, the degree-12 extension of the base field.
    Bls12381Fq12,
    /// `bls12381_algebra::G1`.
    Bls12381G1,
    /// `bls12381_algebra::G2`.
    Bls12381G2,
    /// `bls12381_algebra::Gt`, the order-r subgroup of Fq12's multiplicative group.
    Bls12381Gt,
    /// `bn254_algebra::Fr`, the scalar field.
    Bn254Fr,
    /// `bn254_algebra::Fq`, the base field.
    Bn254Fq,
    /// `bn254_algebra::Fq12`.
    Bn254Fq12,
    /// `bn254_algebra::G1`.
    Bn254G1,
    /// `bn254_algebra::G2`.
    Bn254G2,
    /// `bn254_algebra::Gt`.
    Bn254Gt,
}

impl Structure {
    /// The structure a marker type `0x1::module::name` stands for.
    pub fn from_name(module: &str, name: &str) -> Option<Structure> {
        use Structure::*;
        Some(match (module, name) {
            ("bls12381_algebra", "Fr") => Bls12381Fr,
            ("bls12381_algebra", "Fq12") => Bls12381Fq12,
            ("bls12381_algebra", "G1") => Bls12381G1,
            ("bls12381_algebra", "G2") => Bls12381G2,
            ("bls12381_algebra", "Gt") => Bls12381Gt,
            ("bn254_algebra", "Fr") => Bn254Fr,
            ("bn254_algebra", "Fq") => Bn254Fq,
            ("bn254_algebra", "Fq12") => Bn254Fq12,
            ("bn254_algebra", "G1") => Bn254G1,
            ("bn254_algebra", "G2") => Bn254G2,
            ("bn254_algebra", "Gt") => Bn254Gt,
            _ => return None,
        })
    }

    /// The family the structure belongs to.
    pub fn family(self) -> Family {
        use Structure::*;
        match self {
            Bls12381Fr | Bls12381Fq12 | Bls12381G1 | Bls12381G2 | Bls12381Gt => Family::Bls12381,
            Bn254Fr | Bn254Fq | Bn254Fq12 | Bn254G1 | Bn254G2 | Bn254Gt => Family::Bn254,
        }
    }
}

/// A serialization format: a format marker type of `bls12381_algebra` or `bn254_algebra`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// `bls12381_algebra::FormatFrLsb`: 32 bytes little-endian.
    Bls12381FrLsb,
    /// `bls12381_algebra::FormatFrMsb`: 32 bytes big-endian.
    Bls12381FrMsb,
    /// `bls12381_algebra::FormatFq12LscLsb`: 576 bytes, the 12 base-field coefficients
    /// least significant first, each 48 bytes little-endian.
    Bls12381Fq12LscLsb,
    /// `bls12381_algebra::FormatG1Uncompr`: 96 bytes (ZCash format).
    Bls12381G1Uncompr,
    /// `bls12381_algebra::FormatG1Compr`: 48 bytes (ZCash format).
    Bls12381G1Compr,
    /// `bls12381_algebra::FormatG2Uncompr`: 192 bytes (ZCash format).
    Bls12381G2Uncompr,
    /// `bls12381_algebra::FormatG2Compr`: 96 bytes (ZCash format).
    Bls12381G2Compr,
    /// `bls12381_algebra::FormatGt`: the Fq12 format, for elements of Gt only.
    Bls12381Gt,
    /// `bn254_algebra::FormatFrLsb`.
    Bn254FrLsb,
    /// `bn254_algebra::FormatFrMsb`.
    Bn254FrMsb,
    /// `bn254_algebra::FormatFqLsb`.
    Bn254FqLsb,
    /// `bn254_algebra::FormatFqMsb`.
    Bn254FqMsb,
    /// `bn254_algebra::FormatFq12LscLsb`: 384 bytes.
    Bn254Fq12LscLsb,
    /// `bn254_algebra::FormatG1Uncompr`: 64 bytes (arkworks: little-endian, flags in the
    /// top bits of the last byte).
    Bn254G1Uncompr,
    /// `bn254_algebra::FormatG1Compr`: 32 bytes.
    Bn254G1Compr,
    /// `bn254_algebra::FormatG2Uncompr`: 128 bytes.
    Bn254G2Uncompr,
    /// `bn254_algebra::FormatG2Compr`: 64 bytes.
    Bn254G2Compr,
    /// `bn254_algebra::FormatGt`: 384 bytes.
    Bn254Gt,
}

impl Format {
    /// The format a marker type `0x1::module::name` stands for.
    pub fn from_name(module: &str, name: &str) -> Option<Format> {
        use Format::*;
        Some(match (module, name) {
            ("bls12381_algebra", "FormatFrLsb") => Bls12381FrLsb,
            ("bls12381_algebra", "FormatFrMsb") => Bls12381FrMsb,
            ("bls12381_algebra", "FormatFq12LscLsb") => Bls12381Fq12LscLsb,
            ("bls12381_algebra", "FormatG1Uncompr") => Bls12381G1Uncompr,
            ("bls12381_algebra", "FormatG1Compr") => Bls12381G1Compr,
            ("bls12381_algebra", "FormatG2Uncompr") => Bls12381G2Uncompr,
            ("bls12381_algebra", "FormatG2Compr") => Bls12381G2Compr,
            ("bls12381_algebra", "FormatGt") => Bls12381Gt,
            ("bn254_algebra", "FormatFrLsb") => Bn254FrLsb,
            ("bn254_algebra", "FormatFrMsb") => Bn254FrMsb,
            ("bn254_algebra", "FormatFqLsb") => Bn254FqLsb,
            ("bn254_algebra", "FormatFqMsb") => Bn254FqMsb,
            ("bn254_algebra", "FormatFq12LscLsb") => Bn254Fq12LscLsb,
            ("bn254_algebra", "FormatG1Uncompr") => Bn254G1Uncompr,
            ("bn254_algebra", "FormatG1Compr") => Bn254G1Compr,
            ("bn254_algebra", "FormatG2Uncompr") => Bn254G2Uncompr,
            ("bn254_algebra", "FormatG2Compr") => Bn254G2Compr,
            ("bn254_algebra", "FormatGt") => Bn254Gt,
            _ => return None,
        })
    }

    /// The family the format belongs to (what gates it).
    pub fn family(self) -> Family {
        use Format::*;
        match self {
            Bls12381FrLsb | Bls12381FrMsb | Bls12381Fq12LscLsb | Bls12381G1Uncompr
            | Bls12381G1Compr | Bls12381G2Uncompr | Bls12381G2Compr | Bls12381Gt => {
                Family::Bls12381
            }
            _ => Family::Bn254,
        }
    }
}

/// A hash-to-structure suite: a suite marker type of `bls12381_algebra`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HashSuite {
    /// `bls12381_algebra::HashG1XmdSha256SswuRo`: RFC 9380's `BLS12381G1_XMD:SHA-256_SSWU_RO_`.
    Bls12381G1XmdSha256SswuRo,
    /// `bls12381_algebra::HashG2XmdSha256SswuRo`: RFC 9380's `BLS12381G2_XMD:SHA-256_SSWU_RO_`.
    Bls12381G2XmdSha256SswuRo,
}

impl HashSuite {
    /// The suite a marker type `0x1::module::name` stands for.
    pub fn from_name(module: &str, name: &str) -> Option<HashSuite> {
        match (module, name) {
            ("bls12381_algebra", "HashG1XmdSha256SswuRo") => {
                Some(HashSuite::Bls12381G1XmdSha256SswuRo)
            }
            ("bls12381_algebra", "HashG2XmdSha256SswuRo") => {
                Some(HashSuite::Bls12381G2XmdSha256SswuRo)
            }
            _ => None,
        }
    }
}

/// Declares the pools of the store, one per element type, and the [`Stored`] impls naming them.
macro_rules! pools {
    ($($field:ident: $ty:ty => $kind:ident),* $(,)?) => {
        /// The type of a stored element.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        enum Kind { $($kind),* }

        /// The elements of each type, in creation order.
        #[derive(Debug, Clone, Default)]
        struct Pools { $($field: Vec<$ty>),* }

        $(impl Stored for $ty {
            const KIND: Kind = Kind::$kind;
            fn pool(pools: &Pools) -> &Vec<Self> {
                &pools.$field
            }
            fn pool_mut(pools: &mut Pools) -> &mut Vec<Self> {
                &mut pools.$field
            }
        })*
    };
}

/// An arkworks type the store keeps elements in.
trait Stored: Copy + 'static {
    const KIND: Kind;
    fn pool(pools: &Pools) -> &Vec<Self>;
    fn pool_mut(pools: &mut Pools) -> &mut Vec<Self>;
}

pools! {
    bls_fr: ark_bls12_381::Fr => BlsFr,
    bls_fq12: ark_bls12_381::Fq12 => BlsFq12,
    bls_g1: Projective<ark_bls12_381::g1::Config> => BlsG1,
    bls_g2: Projective<ark_bls12_381::g2::Config> => BlsG2,
    bn_fr: ark_bn254::Fr => BnFr,
    bn_fq: ark_bn254::Fq => BnFq,
    bn_fq12: ark_bn254::Fq12 => BnFq12,
    bn_g1: Projective<ark_bn254::g1::Config> => BnG1,
    bn_g2: Projective<ark_bn254::g2::Config> => BnG2,
}

/// The elements of one session, addressed by `u64` handles, with the structure families the
/// session may use.
#[derive(Debug, Clone, Default)]
pub struct ElementStore {
    enabled: EnabledStructures,
    bytes_used: usize,
    /// Handle → (type, index in that type's pool).
    slots: Vec<(Kind, usize)>,
    pools: Pools,
}

impl ElementStore {
    /// An empty store whose session may use the `enabled` families.
    pub fn new(enabled: EnabledStructures) -> ElementStore {
        ElementStore {
            enabled,
            ..ElementStore::default()
        }
    }

    /// Number of elements created so far (the next handle).
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether no element was created.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Bytes of elements held, as charged against [`MEMORY_LIMIT_IN_BYTES`].
    pub fn bytes_used(&self) -> usize {
        self.bytes_used
    }

    /// Fails with [`AlgebraError::NotImplemented`] unless `family` is enabled.
    fn check(&self, family: Family) -> AlgebraResult<()> {
        self.enabled.check(family)
    }

    /// The element behind `handle`, which must be of type `T`.
    fn get<T: Stored>(&self, handle: u64) -> AlgebraResult<T> {
        let bad = AlgebraError::Invariant("handle names no element of this structure");
        let (kind, index) = usize::try_from(handle)
            .ok()
            .and_then(|h| self.slots.get(h))
            .copied()
            .ok_or(bad.clone())?;
        if kind != T::KIND {
            return Err(bad);
        }
        T::pool(&self.pools).get(index).copied().ok_or(bad)
    }

    /// Stores `element` under a new handle, charging its size (Aptos charges
    /// `size_of_val` of the value it keeps, the same arkworks type).
    fn push<T: Stored>(&mut self, element: T) -> AlgebraResult<u64> {
        let requested = self.bytes_used.saturating_add(std::mem::size_of::<T>());
        if requested > MEMORY_LIMIT_IN_BYTES {
            return Err(AlgebraError::TooMuchMemoryUsed {
                used: self.bytes_used,
                requested,
            });
        }
        let pool = T::pool_mut(&mut self.pools);
        let handle = self.slots.len() as u64;
        self.slots.push((T::KIND, pool.len()));
        pool.push(element);
        self.bytes_used = requested;
        Ok(handle)
    }
}

/// Little-endian bytes of `base^exponent`, without trailing zero bytes (schoolbook
/// multiplication over 64-bit limbs; only used once per constant).
fn pow_le_bytes(base: &[u64], exponent: u32) -> Vec<u8> {
    let mut acc: Vec<u64> = vec![1];
    for _ in 0..exponent {
        let mut out = vec![0u64; acc.len() + base.len()];
        for (i, a) in acc.iter().enumerate() {
            let mut carry = 0u128;
            for (j, b) in base.iter().enumerate() {
                let t = u128::from(out[i + j]) + u128::from(*a) * u128::from(*b) + carry;
                out[i + j] = t as u64;
                carry = t >> 64;
            }
            out[i + base.len()] = carry as u64;
        }
        while out.last() == Some(&0) {
            out.pop();
        }
        acc = out;
    }
    let mut bytes: Vec<u8> = acc.iter().flat_map(|l| l.to_le_bytes()).collect();
    while bytes.last() == Some(&0) {
        bytes.pop();
    }
    bytes
}

/// What `order<S>()` returns: the order of the structure, little-endian.
fn order_bytes(s: Structure) -> Vec<u8> {
    static BLS_Q12: OnceLock<Vec<u8>> = OnceLock::new();
    static BN_Q12: OnceLock<Vec<u8>> = OnceLock::new();
    use Structure::*;
    match s {
        Bls12381Fr | Bls12381G1 | Bls12381G2 | Bls12381Gt => {
            ark_bls12_381::Fr::MODULUS.to_bytes_le()
        }
        Bls12381Fq12 => BLS_Q12
            .get_or_init(|| pow_le_bytes(&ark_bls12_381::Fq::MODULUS.0, 12))
            .clone(),
        Bn254Fr | Bn254G1 | Bn254G2 | Bn254Gt => ark_bn254::Fr::MODULUS.to_bytes_le(),
        Bn254Fq => ark_bn254::Fq::MODULUS.to_bytes_le(),
        Bn254Fq12 => BN_Q12
            .get_or_init(|| pow_le_bytes(&ark_bn254::Fq::MODULUS.0, 12))
            .clone(),
    }
}
