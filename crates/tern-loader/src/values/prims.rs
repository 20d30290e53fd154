//! Vectors of primitives stored unboxed: a `vector<u64>` holds 8 bytes per element, a
//! `vector<bool>` one, a `vector<address>` 32, instead of one [`Value`] (40 bytes) each.
//! (`vector<u8>` has its own container, [`super::Container::Bytes`].)

use super::{Value, W128, W256};
use crate::types::TypeId;
use tern_primitives::AccountAddress;

/// Defines [`PrimVec`] and its element access from one list of (variant, element type,
/// value constructor, type id).
macro_rules! prim_vec {
    ($($variant:ident($elem:ty) = $type_id:literal),* $(,)?) => {
        /// A vector of one primitive type other than `u8`, stored unboxed.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum PrimVec {
            $(
                #[doc = concat!("`vector<", stringify!($variant), ">` elements.")]
                $variant(Vec<$elem>),
            )*
        }

        impl PrimVec {
            /// An empty vector for elements of type `ty` with room for `capacity`, or `None`
            /// when `ty` is not a primitive stored unboxed (`u8`, `signer`, any other type).
            pub fn for_type(ty: TypeId, capacity: usize) -> Option<PrimVec> {
                match ty.0 {
                    $($type_id => Some(PrimVec::$variant(Vec::with_capacity(capacity))),)*
                    _ => None,
                }
            }

            /// The element type.
            #[inline]
            pub fn element_type(&self) -> TypeId {
                match self {
                    $(PrimVec::$variant(_) => TypeId($type_id),)*
                }
            }

            /// Number of elements.
            #[inline]
            pub fn len(&self) -> usize {
                match self {
                    $(PrimVec::$variant(v) => v.len(),)*
                }
            }

            /// Number of elements it has room for without reallocating.
            #[inline]
            pub fn capacity(&self) -> usize {
                match self {
                    $(PrimVec::$variant(v) => v.capacity(),)*
                }
            }

            /// Removes every element, keeping the buffer.
            #[inline]
            pub fn clear(&mut self) {
                match self {
                    $(PrimVec::$variant(v) => v.clear(),)*
                }
            }

            /// Whether it has no elements.
            #[inline]
            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            /// Element `i` as a value.
            #[inline]
            pub fn get(&self, i: usize) -> Option<Value> {
                match self {
                    $(PrimVec::$variant(v) => v.get(i).map(|x| Value::$variant((*x).into())),)*
                }
            }

            /// Stores `value` at `i`; `false` (nothing changed) when `i` is out of range or
            /// the value is of another type.
            #[inline]
            pub fn set(&mut self, i: usize, value: Value) -> bool {
                match (self, value) {
                    $((PrimVec::$variant(v), Value::$variant(x)) => match v.get_mut(i) {
                        Some(slot) => {
                            *slot = x.into();
                            true
                        }
                        None => false,
                    },)*
                    _ => false,
                }
            }

            /// Appends `value`; `false` (nothing changed) when it is of another type.
            #[inline]
            pub fn push(&mut self, value: Value) -> bool {
                match (self, value) {
                    $((PrimVec::$variant(v), Value::$variant(x)) => v.push(x.into()),)*
                    _ => return false,
                }
                true
            }

            /// Removes and returns the last element.
            #[inline]
            pub fn pop(&mut self) -> Option<Value> {
                match self {
                    $(PrimVec::$variant(v) => v.pop().map(|x| Value::$variant(x.into())),)*
                }
            }

            /// Swaps elements `i` and `j`; `false` (nothing changed) when either is out of range.
            pub fn swap(&mut self, i: usize, j: usize) -> bool {
                let len = self.len();
                if i >= len || j >= len {
                    return false;
                }
                match self {
                    $(PrimVec::$variant(v) => v.swap(i, j),)*
                }
                true
            }

            /// Reverses the elements.
            pub fn reverse(&mut self) {
                match self {
                    $(PrimVec::$variant(v) => v.reverse(),)*
                }
            }

            /// Removes the elements from `at` on and returns them (`None` when `at` is past
            /// the end).
            pub fn split_off(&mut self, at: usize) -> Option<PrimVec> {
                if at > self.len() {
                    return None;
                }
                Some(match self {
                    $(PrimVec::$variant(v) => PrimVec::$variant(v.split_off(at)),)*
                })
            }

            /// Appends all of `other`'s elements; `false` (nothing changed) when its elements
            /// are of another type.
            pub fn append(&mut self, other: &mut PrimVec) -> bool {
                match (self, other) {
                    $((PrimVec::$variant(a), PrimVec::$variant(b)) => a.append(b),)*
                    _ => return false,
                }
                true
            }

            /// Inserts `value` at `i`, shifting later elements; `false` (nothing changed)
            /// when `i` is past the end or the value is of another type.
            pub fn insert(&mut self, i: usize, value: Value) -> bool {
                if i > self.len() {
                    return false;
                }
                match (self, value) {
                    $((PrimVec::$variant(v), Value::$variant(x)) => v.insert(i, x.into()),)*
                    _ => return false,
                }
                true
            }

            /// Removes element `i`, shifting later elements (`None` when out of range).
            pub fn remove(&mut self, i: usize) -> Option<Value> {
                if i >= self.len() {
                    return None;
                }
                Some(match self {
                    $(PrimVec::$variant(v) => Value::$variant(v.remove(i).into()),)*
                })
            }

            /// The elements as values.
            pub fn to_values(&self) -> Vec<Value> {
                match self {
                    $(PrimVec::$variant(v) => v.iter().map(|x| Value::$variant((*x).into())).collect(),)*
                }
            }

            /// A vector of `ty` holding `values`, or `None` when `ty` is not stored unboxed or
            /// a value is of another type.
            pub fn from_values(ty: TypeId, values: &[Value]) -> Option<PrimVec> {
                let mut v = PrimVec::for_type(ty, values.len())?;
                for x in values {
                    if !v.push(*x) {
                        return None;
                    }
                }
                Some(v)
            }

            /// Bytes one element takes.
            #[inline]
            pub fn element_size(&self) -> usize {
                match self {
                    $(PrimVec::$variant(_) => std::mem::size_of::<$elem>(),)*
                }
            }
        }
    };
}

prim_vec! {
    Bool(bool) = 1,
    U16(u16) = 2,
    U32(u32) = 3,
    U64(u64) = 4,
    U128(W128) = 5,
    U256(W256) = 6,
    I8(i8) = 7,
    I16(i16) = 8,
    I32(i32) = 9,
    I64(i64) = 10,
    I128(W128) = 11,
    I256(W256) = 12,
    Address(AccountAddress) = 13,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_ids_match_the_type_table() {
        let table = crate::types::TypeTable::new();
        for id in 0..16u32 {
            let ty = TypeId(id);
            if let Some(v) = PrimVec::for_type(ty, 0) {
                assert_eq!(v.element_type(), ty);
                let node = table.node(ty);
                let name = format!("{node:?}").to_lowercase();
                let variant = format!("{v:?}").to_lowercase();
                assert!(variant.starts_with(&name), "{variant} vs {name}");
            }
        }
        assert!(PrimVec::for_type(TypeId::U8, 0).is_none());
        assert!(PrimVec::for_type(TypeId::SIGNER, 0).is_none());
    }

    #[test]
    fn elements_round_trip_and_wrong_kinds_change_nothing() {
        let mut v = PrimVec::for_type(TypeId::U64, 0).unwrap();
        assert!(v.push(Value::U64(3)) && v.push(Value::U64(9)));
        assert!(!v.push(Value::U8(1)));
        assert_eq!(v.len(), 2);
        assert!(v.set(0, Value::U64(4)));
        assert!(!v.set(2, Value::U64(4)));
        assert!(!v.set(0, Value::Bool(true)));
        assert!(v.swap(0, 1) && !v.swap(0, 2));
        assert_eq!(v.to_values(), vec![Value::U64(9), Value::U64(4)]);
        assert!(v.insert(1, Value::U64(5)) && !v.insert(4, Value::U64(5)));
        assert_eq!(v.remove(0), Some(Value::U64(9)));
        assert_eq!(v.pop(), Some(Value::U64(4)));
        assert_eq!(v.element_size(), 8);

        let addr = Value::Address(AccountAddress::from_hex_literal("0x7").unwrap());
        let a = PrimVec::from_values(TypeId(13), &[addr, addr]).unwrap();
        assert_eq!(a.get(1), Some(addr));
        assert_eq!(a.element_size(), 32);
        assert!(PrimVec::from_values(TypeId(13), &[Value::U64(1)]).is_none());

        let mut w = PrimVec::from_values(TypeId(5), &[Value::u128(u128::MAX)]).unwrap();
        let mut tail = w.split_off(0).unwrap();
        assert!(w.is_empty() && w.append(&mut tail) && tail.is_empty());
        assert_eq!(w.get(0), Some(Value::u128(u128::MAX)));
        assert!(w.split_off(2).is_none());
        let mut other = PrimVec::for_type(TypeId::BOOL, 0).unwrap();
        assert!(!w.append(&mut other));
    }
}
