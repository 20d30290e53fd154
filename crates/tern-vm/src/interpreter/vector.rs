//! Vector instructions, with the peer's `VECTOR_OPERATION_ERROR` sub-statuses
//! (1 index out of bounds, 2 pop from empty, 3 unpack length mismatch).

use super::refs::element;
use super::{missing_operands, type_mismatch, Frame};
use crate::loader::Body;
use crate::session::Session;
use crate::types::TypeId;
use crate::values::{Container, Place, Ref, Value};
use tern_ir::TypeSlot;
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

    pub(crate) fn vec_unpack(&mut self, n: u32) -> Result<(), VmError> {
        let v = self.pop()?;
        let Value::Container(c) = v else {
            return Err(self.cannot_cast(v, "vector"));
        };
        let Some(len) = self.heap.get(c)?.vector_len() else {
            return Err(match self.heap.get(c)? {
                Container::Struct(_) | Container::Variant(..) => {
                    super::invariant("Unexpected non-vector container")
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
        Container::Struct(_) | Container::Variant(..) => super::invariant(&format!(
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
