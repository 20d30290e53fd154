//! Runtime values.
//!
//! A [`Value`] is a small `Copy` word: a primitive inline (including 256-bit integers and
//! addresses), a [`ContainerId`] naming a struct, enum, vector or closure in the session's
//! [`Heap`], or a reference ([`Ref`]) to a place. Containers are uniquely owned by whoever holds
//! their id; copy is a deep copy, moving an id moves the value, and the interpreter frees a
//! container explicitly where Move drops it. References are places checked by ordinary
//! indexing, so a VM bug becomes a wrong-index error, never undefined behaviour.

pub mod abstract_size;
mod heap;
mod prims;
mod printing;

pub use heap::{Closure, ClosureTarget, Container, Heap};
pub use prims::PrimVec;
pub use printing::{
    debug_value, display_value, display_value_sui, error_container_in, error_indexed_ref_in,
    error_value, error_value_in, integer_digits,
};

use tern_primitives::{AccountAddress, I256, U256};

/// Index of a container in the [`Heap`].
pub type ContainerId = u32;

/// A 128-bit integer stored as two 64-bit halves (keeps [`Value`] 8-byte aligned).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct W128([u64; 2]);

impl W128 {
    /// From an unsigned value.
    #[inline]
    pub fn from_u128(v: u128) -> W128 {
        W128([v as u64, (v >> 64) as u64])
    }
    /// As an unsigned value.
    #[inline]
    pub fn u128(self) -> u128 {
        (self.0[0] as u128) | ((self.0[1] as u128) << 64)
    }
    /// From a signed value.
    #[inline]
    pub fn from_i128(v: i128) -> W128 {
        W128::from_u128(v as u128)
    }
    /// As a signed value.
    #[inline]
    pub fn i128(self) -> i128 {
        self.u128() as i128
    }
}

/// A 256-bit integer stored as four 64-bit limbs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct W256([u64; 4]);

impl W256 {
    /// From an unsigned value.
    #[inline]
    pub fn from_u256(v: U256) -> W256 {
        let (hi, lo) = v.into_words();
        W256([lo as u64, (lo >> 64) as u64, hi as u64, (hi >> 64) as u64])
    }
    /// As an unsigned value.
    #[inline]
    pub fn u256(self) -> U256 {
        let lo = (self.0[0] as u128) | ((self.0[1] as u128) << 64);
        let hi = (self.0[2] as u128) | ((self.0[3] as u128) << 64);
        U256::from_words(hi, lo)
    }
    /// From a signed value.
    #[inline]
    pub fn from_i256(v: I256) -> W256 {
        W256::from_u256(v.as_u256())
    }
    /// As a signed value.
    #[inline]
    pub fn i256(self) -> I256 {
        self.u256().as_i256()
    }
}

/// A place a reference points to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// A local slot holding a primitive (absolute index into the locals of all frames).
    Local(u32),
    /// Element `index` of a container holding a primitive there.
    Elem(ContainerId, u32),
    /// A whole container (a struct, enum, vector or closure value).
    Whole(ContainerId),
}

/// A reference value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ref {
    /// Where it points.
    pub place: Place,
}

/// A runtime value (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Value {
    /// An unset local (moved out or never assigned).
    #[default]
    Invalid,
    /// `bool`.
    Bool(bool),
    /// `u8`.
    U8(u8),
    /// `u16`.
    U16(u16),
    /// `u32`.
    U32(u32),
    /// `u64`.
    U64(u64),
    /// `u128`.
    U128(W128),
    /// `u256`.
    U256(W256),
    /// `i8`.
    I8(i8),
    /// `i16`.
    I16(i16),
    /// `i32`.
    I32(i32),
    /// `i64`.
    I64(i64),
    /// `i128`.
    I128(W128),
    /// `i256`.
    I256(W256),
    /// `address`.
    Address(AccountAddress),
    /// A struct, enum, vector, signer or closure in the heap.
    Container(ContainerId),
    /// A reference.
    Ref(Ref),
}

impl Value {
    /// A `u128` value.
    #[inline]
    pub fn u128(v: u128) -> Value {
        Value::U128(W128::from_u128(v))
    }
    /// A `u256` value.
    #[inline]
    pub fn u256(v: U256) -> Value {
        Value::U256(W256::from_u256(v))
    }
    /// An `i128` value.
    #[inline]
    pub fn i128(v: i128) -> Value {
        Value::I128(W128::from_i128(v))
    }
    /// An `i256` value.
    #[inline]
    pub fn i256(v: I256) -> Value {
        Value::I256(W256::from_i256(v))
    }

    /// The container this value owns, if any.
    #[inline]
    pub fn container(self) -> Option<ContainerId> {
        match self {
            Value::Container(c) => Some(c),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_is_small_and_wide_ints_round_trip() {
        assert!(std::mem::size_of::<Value>() <= 40);
        let big = U256::MAX - U256::from(5u8);
        assert_eq!(W256::from_u256(big).u256(), big);
        let neg = I256::from(-7i8);
        assert_eq!(W256::from_i256(neg).i256(), neg);
        assert_eq!(W128::from_i128(i128::MIN).i128(), i128::MIN);
    }
}
