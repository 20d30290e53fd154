//! Vector instructions, with the peer's `VECTOR_OPERATION_ERROR` sub-statuses
//! (1 index out of bounds, 2 pop from empty, 3 unpack length mismatch).

use crate::interpreter::ops::arith::is_plain;
use crate::interpreter::ops::locals::{frame_local, frame_local_mut, is_scalar};
use crate::interpreter::ops::refs::element;
use crate::interpreter::{missing_operands, type_mismatch, Frame, OperandStack};
use crate::loader::Body;
use crate::session::Session;
use crate::types::TypeId;
use crate::values::{Container, ContainerId, Heap, Place, PrimVec, Ref, Value};
use tern_ir::{vec_push, TypeSlot};
use tern_primitives::{StatusCode, VmError};

#[cold]
fn vec_error(sub: u64) -> VmError {
    VmError::new(StatusCode::VECTOR_OPERATION_ERROR).with_sub_status(sub)
}

impl Session<'_> {
    fn pop_u64(&mut self) -> Result<u64, VmError> {
        match self.pop()? {
            Value::U64(v) => Ok(v),
            v => Err(self.cannot_cast(v, "u64")),
        }
    }

    fn pop_vec_ref(&mut self) -> Result<u32, VmError> {
        match self.pop_ref_as("vector reference")? {
            Ref {
                place: Place::Whole(c),
            } => Ok(c),
            // A reference to a primitive slot (the peer's `IndexedRef`).
            r => Err(self.cannot_cast(Value::Ref(r), "vector reference")),
        }
    }

    /// `vec_pack`: packs the top `n` operands into a vector of the element type in `slot`.
    pub(crate) fn vec_pack(
        &mut self,
        frame: &Frame<'_>,
        body: &Body,
        slot: TypeSlot,
        n: u32,
    ) -> Result<(), VmError> {
        let ty = self.slot_type(frame, body, slot)?;
        // The vector's own type is instantiated here, within the runtime type limits (in a
        // generic frame: the element's type was checked when the frame was made, its vector
        // is one level deeper).
        if frame.generic.is_some() {
            let cache = self.runtime.read()?;
            let info = cache.types.info(ty);
            let (nodes, depth) = (info.nodes.saturating_add(1), info.depth.saturating_add(1));
            crate::types::check_size(nodes, depth, &cache.limits)?;
        }
        let is_bytes = ty == TypeId::U8;
        // perf: the values are copied straight from the stack (no temporary vector).
        let items = self
            .interpreter
            .operands
            .pop_top_values(n as usize)
            .ok_or_else(|| missing_operands(n as usize))?;
        let c = if is_bytes {
            let mut bytes = Vec::with_capacity(items.len());
            for v in items {
                match *v {
                    Value::U8(b) => bytes.push(b),
                    _ => return Err(type_mismatch("vector<u8> element is not a u8")),
                }
            }
            Container::Bytes(bytes)
        } else if let Some(mut prims) = self.heap.new_prims(ty) {
            for v in items {
                if !prims.push(*v) {
                    return Err(type_mismatch("vector element of another type"));
                }
            }
            Container::Prims(prims)
        } else {
            let mut v = self.heap.new_vec();
            v.extend_from_slice(items);
            Container::Vec(v)
        };
        let id = self.heap.alloc(c);
        self.push(Value::Container(id))
    }

    /// `vec_len` of the vector reference on top.
    pub(crate) fn vec_len(&mut self) -> Result<(), VmError> {
        let c = self.pop_vec_ref()?;
        let container = self.heap.get(c)?;
        let Some(len) = container.vector_len() else {
            return Err(non_vector(
                container,
                "length_as_usize",
                "length of a non-vector",
            ));
        };
        self.push(Value::U64(len as u64))
    }

    /// `vec_borrow` (immutable or mutable) of an element of the vector reference under the index.
    pub(crate) fn vec_borrow(&mut self) -> Result<(), VmError> {
        let i = self.pop_u64()?;
        let c = self.pop_vec_ref()?;
        let container = self.heap.get(c)?;
        let len = match container {
            // A struct or an enum value taken for a vector (code that skipped the verifier):
            // the peer borrows slot `i` of the row it keeps the value in (an enum's slot 0 is
            // its tag); the runtime type checks then refuse the reference.
            Container::Struct(fields) => fields.len(),
            Container::Variant(_, fields) => {
                let fields = fields.len();
                if i > fields as u64 {
                    return Err(vec_error(1));
                }
                return self.borrow_enum_slot(c, i as usize, fields, |_, _| vec_error(1));
            }
            other => other
                .vector_len()
                .ok_or_else(|| type_mismatch("borrow of a non-vector"))?,
        };
        if i >= len as u64 {
            return Err(vec_error(1));
        }
        let v = element(container, i as usize)?;
        let r = match v {
            Value::Container(inner) => Ref {
                place: Place::Whole(inner),
            },
            _ => Ref {
                place: Place::Elem(c, i as u32),
            },
        };
        self.push(Value::Ref(r))
    }

    /// `vec_push_back` of the value on top onto the vector reference under it.
    pub(crate) fn vec_push_back(&mut self) -> Result<(), VmError> {
        let v = self.pop()?;
        let c = self.pop_vec_ref()?;
        let container = self.heap.get(c)?;
        if container.vector_len().is_none() {
            return Err(non_vector(container, "push_back", "push onto a non-vector"));
        }
        self.heap.reserve_push(c)?;
        match (self.heap.get_mut(c)?, v) {
            (Container::Vec(e), v) => e.push(v),
            (Container::Bytes(b), Value::U8(x)) => b.push(x),
            (Container::Prims(p), v) => {
                if !p.push(v) {
                    return Err(type_mismatch("push of an element of another type"));
                }
            }
            _ => return Err(type_mismatch("push onto a non-vector")),
        }
        Ok(())
    }

    /// `vec_pop_back` from the vector reference on top.
    pub(crate) fn vec_pop_back(&mut self) -> Result<(), VmError> {
        let c = self.pop_vec_ref()?;
        let v = match self.heap.get_mut(c)? {
            Container::Vec(e) => e.pop(),
            Container::Bytes(b) => b.pop().map(Value::U8),
            Container::Prims(p) => p.pop(),
            other => return Err(non_vector(other, "pop", "pop from a non-vector")),
        };
        let v = v.ok_or_else(|| vec_error(2))?;
        self.push(v)
    }

    /// `vec_unpack` of a vector of exactly `n` elements onto the stack.
    pub(crate) fn vec_unpack(&mut self, n: u32) -> Result<(), VmError> {
        let v = self.pop()?;
        let Value::Container(c) = v else {
            return Err(self.cannot_cast(v, "vector"));
        };
        let Some(len) = self.heap.get(c)?.vector_len() else {
            return Err(match self.heap.get(c)? {
                Container::Struct(_) | Container::Variant(..) => {
                    crate::interpreter::invariant("Unexpected non-vector container")
                }
                _ => type_mismatch("unpack of a non-vector"),
            });
        };
        if len != n as usize {
            return Err(vec_error(3));
        }
        match self.heap.take(c)? {
            Container::Vec(e) => {
                for v in e {
                    self.push(v)?;
                }
            }
            Container::Bytes(b) => {
                for x in b {
                    self.push(Value::U8(x))?;
                }
            }
            Container::Prims(p) => {
                for v in p.to_values() {
                    self.push(v)?;
                }
            }
            _ => return Err(type_mismatch("unpack of a non-vector")),
        }
        Ok(())
    }

    /// `vec_swap` of two elements of the vector reference under the two indices.
    pub(crate) fn vec_swap(&mut self) -> Result<(), VmError> {
        let j = self.pop_u64()?;
        let i = self.pop_u64()?;
        let c = self.pop_vec_ref()?;
        let ok = match self.heap.get_mut(c)? {
            Container::Vec(e) => swap_checked(e, i, j),
            Container::Bytes(b) => swap_checked(b, i, j),
            Container::Prims(p) => match (usize::try_from(i), usize::try_from(j)) {
                (Ok(i), Ok(j)) => p.swap(i, j),
                _ => false,
            },
            other => return Err(non_vector(other, "swap", "swap in a non-vector")),
        };
        if ok {
            Ok(())
        } else {
            Err(vec_error(1))
        }
    }
}

/// A vector operation given a reference to another container (only code that skipped the
/// verifier does): for a struct or an enum value (which the peer keeps as a struct), the
/// peer's invariant violation naming its `operation`; otherwise `INTERNAL_TYPE_ERROR` with
/// `otherwise`.
#[cold]
fn non_vector(c: &Container, operation: &str, otherwise: &str) -> VmError {
    match c {
        Container::Struct(_) | Container::Variant(..) => crate::interpreter::invariant(&format!(
            "{operation} called on non-vector container (Locals or Struct)"
        )),
        _ => type_mismatch(otherwise),
    }
}

fn swap_checked<T>(v: &mut [T], i: u64, j: u64) -> bool {
    let len = v.len() as u64;
    if i >= len || j >= len {
        return false;
    }
    v.swap(i as usize, j as usize);
    true
}

/// The primitive element `i` of vector `c`, or `None` when the general path must read it
/// (out of range, a container element). perf: a u64 as tag and payload (see `on_u64`).
#[inline(always)]
pub(crate) fn primitive_element(heap: &Heap, c: ContainerId, i: u64) -> Option<Value> {
    match heap.get(c) {
        Ok(Container::Prims(PrimVec::U64(e))) => e.get(i as usize).map(|&x| Value::U64(x)),
        Ok(Container::Vec(e)) => match e.get(i as usize) {
            Some(&Value::U64(x)) => Some(Value::U64(x)),
            Some(v) if is_plain(v) => Some(*v),
            _ => None,
        },
        Ok(Container::Bytes(b)) => b.get(i as usize).map(|&x| Value::U8(x)),
        Ok(Container::Prims(p)) => p.get(i as usize),
        _ => None,
    }
}

/// A reference to element `i` of vector `c`, or `None` when it is out of range.
#[inline(always)]
pub(crate) fn element_ref(heap: &Heap, c: ContainerId, i: u64) -> Option<Value> {
    match heap.get(c) {
        Ok(Container::Vec(e)) => e.get(i as usize).map(|v| elem_ref(c, i as u32, v)),
        Ok(Container::Bytes(b)) if (i as usize) < b.len() => Some(Value::Ref(Ref {
            place: Place::Elem(c, i as u32),
        })),
        Ok(Container::Prims(p)) if (i as usize) < p.len() => Some(Value::Ref(Ref {
            place: Place::Elem(c, i as u32),
        })),
        _ => None,
    }
}

/// A reference to element `i` of container `c` holding `v` (a whole reference when `v` is a
/// container).
#[inline(always)]
pub(crate) fn elem_ref(c: ContainerId, i: u32, v: &Value) -> Value {
    let place = match *v {
        Value::Container(inner) => Place::Whole(inner),
        _ => Place::Elem(c, i),
    };
    Value::Ref(Ref { place })
}

/// The vector reference and the u64 index at the top of the stack (`vec_borrow`'s operands).
#[inline(always)]
pub(crate) fn vec_and_index(ops: &OperandStack) -> Option<(ContainerId, u64)> {
    match (ops.second(), ops.top()) {
        (
            &Value::Ref(Ref {
                place: Place::Whole(c),
            }),
            &Value::U64(i),
        ) => Some((c, i)),
        _ => None,
    }
}

/// `VecBorrow` of an element in range.
#[inline]
pub(crate) fn vec_borrow_fast(ops: &mut OperandStack, heap: &Heap) -> bool {
    let Some((c, i)) = vec_and_index(ops) else {
        return false;
    };
    let Some(r) = element_ref(heap, c, i) else {
        return false;
    };
    ops.drop_top(1);
    *ops.top_mut() = r;
    true
}

/// `vec_borrow; read_ref` of a primitive element in range: the vector reference and the
/// index are replaced by the element's value.
#[inline]
pub(crate) fn vec_borrow_read_fast(ops: &mut OperandStack, heap: &Heap) -> bool {
    let Some((c, i)) = vec_and_index(ops) else {
        return false;
    };
    let Some(v) = primitive_element(heap, c, i) else {
        return false;
    };
    ops.drop_top(1);
    *ops.top_mut() = v;
    true
}

/// `VecPushBack` of a primitive.
#[inline]
pub(crate) fn vec_push_back_fast(ops: &mut OperandStack, heap: &mut Heap) -> bool {
    let (
        &Value::Ref(Ref {
            place: Place::Whole(c),
        }),
        v,
    ) = (ops.second(), ops.top())
    else {
        return false;
    };
    // A full vector (the push would grow it) goes to the general path, which counts the
    // growth toward the heap's quota.
    match (heap.get_mut(c), v) {
        (Ok(Container::Prims(PrimVec::U64(e))), &Value::U64(x)) if e.len() < e.capacity() => {
            e.push(x)
        }
        (Ok(Container::Vec(e)), &Value::U64(x)) if e.len() < e.capacity() => e.push(Value::U64(x)),
        (Ok(Container::Vec(e)), v) if is_scalar(v) && e.len() < e.capacity() => e.push(*v),
        (Ok(Container::Bytes(b)), &Value::U8(x)) if b.len() < b.capacity() => b.push(x),
        (Ok(Container::Prims(p)), v) if p.len() < p.capacity() => {
            if !p.push(*v) {
                return false;
            }
        }
        _ => return false,
    }
    ops.drop_top(2);
    true
}

/// [`Op::VecBorrowLoc`]: replaces the vector reference `top` (the top of the stack) by a
/// reference to its element at the index in local `idx`; false (nothing changed) for the
/// general path. The caller checks the room for the index's transient push.
#[inline(never)]
pub(crate) fn vec_borrow_loc_fast(
    top: &mut Value,
    locals: &[Value],
    heap: &Heap,
    base: usize,
    idx: u8,
) -> bool {
    let &Value::U64(i) = frame_local(locals, base, idx) else {
        return false;
    };
    let top @ &mut Value::Ref(Ref {
        place: Place::Whole(c),
    }) = top
    else {
        return false;
    };
    match element_ref(heap, c, i) {
        Some(r) => {
            *top = r;
            true
        }
        None => false,
    }
}

/// The vector an [`Op::VecPushBackLoc`] pushes onto: the container in local `vec` (borrowed
/// by `borrow_loc`) or the one its reference points to.
#[inline(always)]
pub(crate) fn push_target(locals: &[Value], base: usize, vec: u8, form: u8) -> Option<ContainerId> {
    match (form & vec_push::BORROW != 0, frame_local(locals, base, vec)) {
        (
            false,
            &Value::Ref(Ref {
                place: Place::Whole(c),
            }),
        )
        | (true, &Value::Container(c)) => Some(c),
        _ => None,
    }
}

/// [`Op::VecPushBackLoc`]: pushes the primitive in local `value` onto the vector in (or
/// referenced by) local `vec`, unsetting `value` if moved; false (nothing changed) for the
/// general path. With `U64_WITH_ROOM`, only a u64 onto a vector with room for it (no
/// allocation: the dispatch loop runs this form inline).
#[inline(always)]
pub(crate) fn vec_push_back_loc_fast<const U64_WITH_ROOM: bool>(
    locals: &mut [Value],
    heap: &mut Heap,
    base: usize,
    (vec, value, form): (u8, u8, u8),
) -> bool {
    let Some(c) = push_target(locals, base, vec, form) else {
        return false;
    };
    let v = frame_local(locals, base, value);
    // A full vector (the push would grow it) goes to the general path, which counts the
    // growth toward the heap's quota.
    match (heap.try_get_mut(c), v) {
        (Some(Container::Prims(PrimVec::U64(e))), &Value::U64(x)) if e.len() < e.capacity() => {
            e.push(x)
        }
        (Some(Container::Vec(e)), &Value::U64(x)) if e.len() < e.capacity() => {
            e.push(Value::U64(x))
        }
        _ if U64_WITH_ROOM => return false,
        (Some(Container::Vec(e)), v) if is_plain(v) && e.len() < e.capacity() => e.push(*v),
        (Some(Container::Bytes(b)), &Value::U8(x)) if b.len() < b.capacity() => b.push(x),
        (Some(Container::Prims(p)), v) if p.len() < p.capacity() => {
            if !p.push(*v) {
                return false;
            }
        }
        _ => return false,
    }
    if form & vec_push::MOVE_VALUE != 0 {
        *frame_local_mut(locals, base, value) = Value::Invalid;
    }
    true
}

/// [`vec_borrow_write_fast`] for a u64 written over a u64 element.
#[inline(always)]
pub(crate) fn vec_borrow_write_u64(ops: &mut OperandStack, heap: &mut Heap) -> bool {
    let Some(
        &[Value::U64(x), Value::Ref(Ref {
            place: Place::Whole(c),
        }), Value::U64(i)],
    ) = ops.top_values(3)
    else {
        return false;
    };
    match heap.try_get_mut(c) {
        Some(Container::Prims(PrimVec::U64(e))) => match e.get_mut(i as usize) {
            Some(slot) => *slot = x,
            None => return false,
        },
        Some(Container::Vec(e)) => match e.get_mut(i as usize) {
            Some(Value::U64(slot)) => *slot = x,
            _ => return false,
        },
        _ => return false,
    }
    ops.drop_top(3);
    true
}

/// [`Op::VecBorrowWrite`]: writes the primitive under the vector reference and index at the
/// top of the stack over the primitive element there, popping all three; false (nothing
/// changed) for the general path.
#[inline]
pub(crate) fn vec_borrow_write_fast(ops: &mut OperandStack, heap: &mut Heap) -> bool {
    let Some(
        &[ref v, Value::Ref(Ref {
            place: Place::Whole(c),
        }), Value::U64(i)],
    ) = ops.top_values(3)
    else {
        return false;
    };
    // perf: a u64 as tag and payload (see `on_u64`).
    let v = match *v {
        Value::U64(x) => Value::U64(x),
        ref v if is_plain(v) => *v,
        _ => return false,
    };
    match (heap.try_get_mut(c), v) {
        (Some(Container::Vec(e)), v) => match e.get_mut(i as usize) {
            Some(slot) if is_plain(slot) => *slot = v,
            _ => return false,
        },
        (Some(Container::Bytes(b)), Value::U8(x)) => match b.get_mut(i as usize) {
            Some(byte) => *byte = x,
            None => return false,
        },
        (Some(Container::Prims(p)), v) => {
            if !p.set(i as usize, v) {
                return false;
            }
        }
        _ => return false,
    }
    ops.drop_top(3);
    true
}
