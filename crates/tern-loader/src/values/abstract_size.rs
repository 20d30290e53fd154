//! The abstract size of a value, as a gas schedule prices copies and comparisons
//! ([`ValueSizes`]): one node per primitive, struct, variant tag, closure, vector or
//! reference, with the elements of primitive vectors counted at their packed size.

use super::{Container, Heap, PrimVec, Value};
use crate::gas::ValueSizes;
use tern_primitives::{StatusCode, VmError};

/// How references and some vectors count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeMode {
    /// As a copy counts it (`copy_loc`, `read_ref`): a reference is one node.
    Copy,
    /// As a comparison counts it (`eq`, `neq`), the value given being already the one behind
    /// a reference: vectors of `u16`, `u32` and `u256` count each element as a node (the
    /// peer's comparison sizes them element by element).
    Compare,
}

/// The abstract size of `value` (containers looked up in `heap`), failing with
/// `VM_MAX_VALUE_DEPTH_REACHED` for a value nested deeper than `max_depth`.
pub fn abstract_size(
    heap: &Heap,
    value: Value,
    sizes: &ValueSizes,
    mode: SizeMode,
    max_depth: u64,
) -> Result<u64, VmError> {
    let mut total = 0u64;
    // (value, depth) pairs still to visit: the order does not change a sum.
    let mut pending: Vec<(Value, u64)> = vec![(value, 0)];
    while let Some((v, depth)) = pending.pop() {
        if depth > max_depth {
            return Err(VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED));
        }
        let Value::Container(c) = v else {
            // A primitive, an address, a reference, or an unset local (which no
            // instruction sizes).
            total = total.saturating_add(sizes.node);
            continue;
        };
        let container = heap.get(c)?;
        let units = match container {
            Container::Free(_) => {
                return Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR))
            }
            Container::Struct(fields) => {
                pending.extend(fields.iter().map(|f| (*f, depth + 1)));
                sizes.node
            }
            // The tag counts as a `u16` field.
            Container::Variant(_, fields) => {
                pending.extend(fields.iter().map(|f| (*f, depth + 1)));
                sizes.node.saturating_mul(2)
            }
            Container::Closure(closure) => {
                pending.extend(closure.captured.iter().map(|f| (*f, depth + 1)));
                sizes.node
            }
            Container::Bytes(b) => packed(sizes, sizes.per_byte_packed, b.len()),
            Container::Prims(p) => prim_vec_size(sizes, p, mode),
            Container::Vec(elements) => match elements.first() {
                // A vector of primitives a native built boxed counts as the peer's
                // unboxed vector of the same elements.
                Some(first) if !matches!(first, Value::Container(_)) => {
                    match packed_width(sizes, first, mode) {
                        Some(width) => packed(sizes, width, elements.len()),
                        None => {
                            pending.extend(elements.iter().map(|e| (*e, depth + 1)));
                            sizes.node
                        }
                    }
                }
                _ => {
                    pending.extend(elements.iter().map(|e| (*e, depth + 1)));
                    sizes.node
                }
            },
        };
        total = total.saturating_add(units);
    }
    Ok(total)
}

/// A vector node plus `len` elements of `width` units each.
fn packed(sizes: &ValueSizes, width: u64, len: usize) -> u64 {
    sizes.node.saturating_add(width.saturating_mul(len as u64))
}

/// The packed width of a primitive element, `None` for one that counts as a node of its
/// own (a reference, which no vector holds).
fn packed_width(sizes: &ValueSizes, element: &Value, mode: SizeMode) -> Option<u64> {
    let per_node = |packed: u64| match mode {
        SizeMode::Copy => packed,
        SizeMode::Compare => sizes.node,
    };
    Some(match element {
        Value::Bool(_) | Value::U8(_) | Value::I8(_) => sizes.per_byte_packed,
        Value::U16(_) => per_node(sizes.per_u16_packed),
        Value::I16(_) => sizes.per_u16_packed,
        Value::U32(_) => per_node(sizes.per_u32_packed),
        Value::I32(_) => sizes.per_u32_packed,
        Value::U64(_) | Value::I64(_) => sizes.per_u64_packed,
        Value::U128(_) | Value::I128(_) => sizes.per_u128_packed,
        Value::U256(_) => per_node(sizes.per_u256_packed),
        Value::I256(_) => sizes.per_u256_packed,
        Value::Address(_) => sizes.per_address_packed,
        Value::Invalid | Value::Container(_) | Value::Ref(_) => return None,
    })
}

fn prim_vec_size(sizes: &ValueSizes, p: &PrimVec, mode: SizeMode) -> u64 {
    let compare = mode == SizeMode::Compare;
    let width = match p {
        PrimVec::Bool(_) | PrimVec::I8(_) => sizes.per_byte_packed,
        PrimVec::U16(_) if compare => sizes.node,
        PrimVec::U16(_) | PrimVec::I16(_) => sizes.per_u16_packed,
        PrimVec::U32(_) if compare => sizes.node,
        PrimVec::U32(_) | PrimVec::I32(_) => sizes.per_u32_packed,
        PrimVec::U64(_) | PrimVec::I64(_) => sizes.per_u64_packed,
        PrimVec::U128(_) | PrimVec::I128(_) => sizes.per_u128_packed,
        PrimVec::U256(_) if compare => sizes.node,
        PrimVec::U256(_) | PrimVec::I256(_) => sizes.per_u256_packed,
        PrimVec::Address(_) => sizes.per_address_packed,
    };
    packed(sizes, width, p.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gas::GasSchedule;
    use crate::types::TypeId;
    use crate::values::Heap;
    use tern_primitives::AccountAddress;

    fn size(heap: &Heap, v: Value, mode: SizeMode) -> u64 {
        let s = GasSchedule::aptos();
        abstract_size(heap, v, &s.sizes, mode, 128).unwrap_or(u64::MAX)
    }

    #[test]
    fn primitives_structs_variants_and_vectors_have_the_peers_sizes() {
        let mut heap = Heap::default();
        assert_eq!(size(&heap, Value::U64(7), SizeMode::Copy), 40);
        let addr = Value::Address(AccountAddress::ONE);
        assert_eq!(size(&heap, addr, SizeMode::Copy), 40);
        let s = heap.alloc(Container::Struct(
            vec![Value::U64(1), Value::Bool(true)].into(),
        ));
        assert_eq!(size(&heap, Value::Container(s), SizeMode::Copy), 120);
        let signer = heap.alloc(Container::Variant(0, vec![addr].into()));
        assert_eq!(size(&heap, Value::Container(signer), SizeMode::Copy), 120);
        let bytes = heap.alloc(Container::Bytes(vec![0; 10]));
        assert_eq!(size(&heap, Value::Container(bytes), SizeMode::Copy), 50);
        let mut words = PrimVec::for_type(TypeId::U64, 3).unwrap_or(PrimVec::U64(Vec::new()));
        for i in 0..3 {
            words.push(Value::U64(i));
        }
        let words = heap.alloc(Container::Prims(words));
        assert_eq!(size(&heap, Value::Container(words), SizeMode::Copy), 64);
        let boxed = heap.alloc(Container::Vec(vec![addr, addr]));
        assert_eq!(size(&heap, Value::Container(boxed), SizeMode::Copy), 104);
        let nested = heap.alloc(Container::Vec(vec![Value::Container(s)]));
        assert_eq!(size(&heap, Value::Container(nested), SizeMode::Copy), 160);
    }

    #[test]
    fn comparisons_count_u16_u32_and_u256_vector_elements_as_nodes() {
        let mut heap = Heap::default();
        let halves = heap.alloc(Container::Vec(vec![Value::U16(1), Value::U16(2)]));
        assert_eq!(size(&heap, Value::Container(halves), SizeMode::Copy), 44);
        assert_eq!(
            size(&heap, Value::Container(halves), SizeMode::Compare),
            120
        );
    }

    #[test]
    fn a_value_deeper_than_the_limit_fails() {
        let mut heap = Heap::default();
        let mut v = Value::U8(0);
        for _ in 0..3 {
            v = Value::Container(heap.alloc(Container::Struct(vec![v].into())));
        }
        let s = GasSchedule::aptos();
        assert!(abstract_size(&heap, v, &s.sizes, SizeMode::Copy, 3).is_ok());
        let err = abstract_size(&heap, v, &s.sizes, SizeMode::Copy, 2).err();
        assert_eq!(
            err.map(|e| e.status()),
            Some(StatusCode::VM_MAX_VALUE_DEPTH_REACHED)
        );
    }
}
