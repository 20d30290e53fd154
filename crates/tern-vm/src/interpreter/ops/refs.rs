//! References (borrows, reads, writes), structs and enum variants, constants.

use crate::interpreter::ops::arith::is_plain;
use crate::interpreter::ops::locals::{frame_local, frame_local_mut, is_scalar};
use crate::interpreter::ops::vector::elem_ref;
use crate::interpreter::{
    invariant, missing_operands, type_mismatch, Frame, OperandStack, PARANOID_FAILURE,
};
use crate::loader::{Body, ConstValue};
use crate::session::Session;
use crate::values::{Container, ContainerId, Heap, Place, Ref, Value};
use tern_ir::field_path;
use tern_primitives::{StatusCode, VmError};

impl Session<'_> {
    /// Pops a reference (anything else is a type error).
    pub(crate) fn pop_ref(&mut self) -> Result<Ref, VmError> {
        self.pop_ref_as("reference")
    }

    /// A reference popped for an instruction whose peer casts it to `target`.
    pub(crate) fn pop_ref_as(&mut self, target: &str) -> Result<Ref, VmError> {
        match self.pop()? {
            Value::Ref(r) => Ok(r),
            v => Err(self.cannot_cast(v, target)),
        }
    }

    /// A reference to a struct or an enum value, as the peer takes one (`ContainerRef`).
    fn pop_whole(&mut self) -> Result<u32, VmError> {
        match self.pop_ref_as("ContainerRef")? {
            Ref {
                place: Place::Whole(c),
            } => Ok(c),
            // A reference to a primitive slot (the peer's `IndexedRef`).
            r => Err(self.cannot_cast(Value::Ref(r), "ContainerRef")),
        }
    }

    /// `borrow_loc` (immutable or mutable) of local `i`.
    pub(crate) fn borrow_local(&mut self, frame: &Frame<'_>, i: u8) -> Result<(), VmError> {
        let abs = frame.base + u32::from(i);
        let v = self.local(frame, i)?;
        let r = match v {
            Value::Container(c) => Value::Ref(Ref {
                place: Place::Whole(c),
            }),
            // The peer borrows a local holding a value; one holding a reference (code that
            // skipped the verifier) it refuses, naming it.
            Value::Invalid | Value::Ref(_) => {
                return Err(invariant(&format!(
                    "cannot borrow local {}",
                    self.describe(v)
                )))
            }
            _ => Value::Ref(Ref {
                place: Place::Local(abs),
            }),
        };
        self.push(r)
    }

    /// `borrow_field` at `offset` of the struct reference on top.
    pub(crate) fn borrow_field(&mut self, offset: u16) -> Result<(), VmError> {
        let c = self.pop_whole()?;
        let i = usize::from(offset);
        let v = match self.heap.get(c)? {
            Container::Struct(fields) => *fields
                .get(i)
                .ok_or_else(|| slot_out_of_range(i, fields.len()))?,
            // Only code that skipped the verifier gets here. The peer borrows slot `i` of
            // whatever container it is given (the runtime type checks then fail): an enum's
            // slot 0 is its tag, a vector's slots are its elements.
            Container::Variant(_, fields) => {
                return self.borrow_enum_slot(c, i, fields.len(), slot_out_of_range)
            }
            other @ (Container::Vec(_) | Container::Bytes(_) | Container::Prims(_)) => {
                let len = other.vector_len().unwrap_or_default();
                if i >= len {
                    return Err(slot_out_of_range(i, len));
                }
                element(other, i)?
            }
            _ => return Err(type_mismatch("field borrow on a non-struct")),
        };
        self.push(elem_ref(c, u32::from(offset), &v))
    }

    /// A value written through a reference to slot `i` of container `c` that the slot cannot
    /// take (code that skipped the verifier), refused as the peer refuses it: a container or
    /// a reference as an invariant violation naming it and the container, a primitive of
    /// another type than a vector's as a type error naming the reference.
    #[cold]
    fn element_of_another_kind(&self, c: u32, i: u32, v: Value) -> VmError {
        match v {
            Value::Container(_) | Value::Ref(_) | Value::Invalid => invariant(&format!(
                "invalid IndexedRef element {} for container {}",
                self.describe(v),
                self.describe_container(c)
            )),
            _ => type_mismatch(&format!(
                "cannot write value {} to indexed ref {}",
                self.describe(v),
                self.describe_indexed_ref(c, i)
            )),
        }
    }

    /// A reference to slot `i` of enum value `c` (of `fields` fields) as the peer lays it out,
    /// its tag in slot 0, for code that skipped the verifier and borrows an element or a
    /// field of an enum value; `out_of_range` words a slot past the end. The tag has no place
    /// of its own here, so its slot gives a reference to the whole value, which the runtime
    /// type checks refuse at once, as they refuse the peer's.
    pub(super) fn borrow_enum_slot(
        &mut self,
        c: u32,
        i: usize,
        fields: usize,
        out_of_range: fn(usize, usize) -> VmError,
    ) -> Result<(), VmError> {
        if i > fields {
            return Err(out_of_range(i, fields + 1));
        }
        let Some(field) = i.checked_sub(1) else {
            return self.push(Value::Ref(Ref {
                place: Place::Whole(c),
            }));
        };
        let v = match self.heap.get(c)? {
            Container::Variant(_, values) => values
                .get(field)
                .copied()
                .ok_or_else(|| invariant("field offset out of range"))?,
            _ => return Err(invariant("not an enum value")),
        };
        self.push(elem_ref(c, field as u32, &v))
    }

    /// `borrow_variant_field` at `offset` of the enum reference on top, its variant checked by
    /// `body`'s variant check `check`.
    pub(crate) fn borrow_variant_field(
        &mut self,
        body: &Body,
        offset: u16,
        check: u16,
    ) -> Result<(), VmError> {
        let c = self.pop_whole()?;
        let check = body
            .variant_checks
            .get(usize::from(check))
            .ok_or_else(|| invariant("bad variant check"))?;
        let container = self.heap.get(c)?;
        // A struct taken for an enum (code that skipped the verifier): its first field is
        // read as the tag, as the peer reads it.
        if let Container::Struct(fields) = container {
            let tag = enum_tag(container)?;
            if !check.allowed.contains(&tag) {
                return Err(variant_field_mismatch(check, tag));
            }
            let i = usize::from(offset) + 1;
            let v = *fields
                .get(i)
                .ok_or_else(|| slot_out_of_range(i, fields.len()))?;
            return self.push(elem_ref(c, i as u32, &v));
        }
        let v = match container {
            Container::Variant(tag, fields) => {
                if !check.allowed.contains(tag) {
                    return Err(variant_field_mismatch(check, *tag));
                }
                *fields
                    .get(usize::from(offset))
                    .ok_or_else(|| invariant("field offset out of range"))?
            }
            other => {
                return Err(enum_tag(other)
                    .err()
                    .unwrap_or_else(|| invariant("not an enum")))
            }
        };
        self.push(elem_ref(c, u32::from(offset), &v))
    }

    /// The value at a place, without copying containers.
    pub(crate) fn deref_shallow(&self, r: Ref) -> Result<Value, VmError> {
        match r.place {
            Place::Local(abs) => self
                .interpreter
                .locals
                .get(abs as usize)
                .copied()
                .ok_or_else(|| invariant("dangling local reference")),
            Place::Whole(c) => Ok(Value::Container(c)),
            Place::Elem(c, i) => element(self.heap.get(c)?, i as usize),
        }
    }

    /// `read_ref`: replaces the reference on top by a copy of what it points to.
    pub(crate) fn read_ref(&mut self) -> Result<(), VmError> {
        let r = self.pop_ref()?;
        let v = self.deref_shallow(r)?;
        let v = self.heap.copy_referenced(v)?;
        self.push(v)
    }

    /// `write_ref`: writes the value under the reference on top through it.
    pub(crate) fn write_ref(&mut self) -> Result<(), VmError> {
        let r = self.pop_ref()?;
        let v = self.pop()?;
        self.write_place(r.place, v)
    }

    /// Stores `v` at a place, dropping what was there.
    pub(crate) fn write_place(&mut self, place: Place, v: Value) -> Result<(), VmError> {
        match place {
            Place::Local(abs) => {
                let slot = self
                    .interpreter
                    .locals
                    .get_mut(abs as usize)
                    .ok_or_else(|| invariant("dangling local reference"))?;
                let old = std::mem::replace(slot, v);
                self.heap.free_value(old);
            }
            Place::Elem(c, i) => {
                // A reference to a slot holds a primitive or a closure (a container in a
                // slot is borrowed whole): anything else is refused, as the peer refuses it.
                let closure = matches!(v, Value::Container(x) if self.heap.is_closure(x));
                if matches!(v, Value::Container(_) | Value::Ref(_) | Value::Invalid) && !closure {
                    return Err(self.element_of_another_kind(c, i, v));
                }
                let old = match set_element(self.heap.get_mut(c)?, i as usize, v) {
                    Err(SetFailure::Kind) => return Err(self.element_of_another_kind(c, i, v)),
                    Err(SetFailure::Range) => return Err(invariant("element index out of range")),
                    Ok(old) => old,
                };
                self.heap.free_value(old);
            }
            Place::Whole(c) => {
                let Value::Container(src) = v else {
                    return Err(invariant(
                        "writing a non-container through a container reference",
                    ));
                };
                let contents = self.heap.take(src)?;
                let old = self.heap.replace(c, contents)?;
                self.heap.free_contents(&old);
            }
        }
        Ok(())
    }

    /// `pack` (or `pack_variant` of `variant`) of the top `n` operands.
    pub(crate) fn pack(&mut self, n: u16, variant: Option<u16>) -> Result<(), VmError> {
        let fields: Box<[Value]> = self
            .interpreter
            .operands
            .take_top(usize::from(n))
            .ok_or_else(|| missing_operands(usize::from(n)))?
            .into();
        let c = match variant {
            Some(tag) => Container::Variant(tag, fields),
            None => Container::Struct(fields),
        };
        let id = self.heap.alloc(c);
        self.push(Value::Container(id))
    }

    fn push_fields(&mut self, fields: &[Value]) -> Result<(), VmError> {
        for f in fields.iter() {
            self.push(*f)?;
        }
        Ok(())
    }

    /// `unpack` of a struct of `n` fields onto the stack.
    pub(crate) fn unpack(&mut self, n: u16) -> Result<(), VmError> {
        let v = self.pop()?;
        let Value::Container(c) = v else {
            return Err(self.cannot_cast(v, "struct"));
        };
        if !matches!(
            self.heap.get(c)?,
            Container::Struct(_) | Container::Variant(..)
        ) {
            return Err(self.cannot_cast(v, "struct"));
        }
        match self.heap.take(c)? {
            Container::Struct(fields) if fields.len() == usize::from(n) => {
                self.push_fields(&fields)
            }
            // An enum value unpacked as a struct (code that skipped the verifier): the peer
            // holds it as a struct whose slot 0 is the tag, and unpacks every slot.
            Container::Variant(tag, fields) => {
                let slots = fields.len() + 1;
                if slots != usize::from(n) {
                    return Err(field_count_mismatch(n, slots));
                }
                self.push(Value::U16(tag))?;
                self.push_fields(&fields)
            }
            // A struct of another definition (only code that skipped the verifier unpacks
            // one), reported as the peer does.
            Container::Struct(fields) => Err(field_count_mismatch(n, fields.len())),
            _ => Err(type_mismatch("unpack of a non-struct")),
        }
    }

    /// `unpack_variant` of the enum on top, checked to be the expected variant.
    pub(crate) fn unpack_variant(
        &mut self,
        body: &Body,
        check: u16,
        n: u16,
    ) -> Result<(), VmError> {
        let v = self.pop()?;
        let Value::Container(c) = v else {
            return Err(self.cannot_cast(v, "struct"));
        };
        let check = body
            .variant_checks
            .get(usize::from(check))
            .ok_or_else(|| invariant("bad variant check"))?;
        let tag = match self.heap.get(c)? {
            Container::Variant(tag, _) => *tag,
            // A struct unpacked as an enum value (code that skipped the verifier): the peer
            // reads its first field as the tag.
            Container::Struct(fields) => match fields.first() {
                None => return Err(invariant("invalid empty enum variant")),
                Some(Value::U16(tag)) => *tag,
                Some(other) => return Err(self.cannot_cast(*other, "u16")),
            },
            _ => return Err(self.cannot_cast(v, "struct")),
        };
        if !check.allowed.contains(&tag) {
            return Err(check.error(tag));
        }
        match self.heap.take(c)? {
            Container::Variant(_, fields) if fields.len() == usize::from(n) => {
                self.push_fields(&fields)
            }
            Container::Struct(fields) if fields.len() == usize::from(n) + 1 => {
                self.push_fields(fields.get(1..).unwrap_or_default())
            }
            _ => Err(type_mismatch("unpack of a non-enum")),
        }
    }

    /// `UnpackVariantRef`: pops a reference to an enum value, checks its variant and pushes a
    /// reference to each of its fields.
    pub(crate) fn unpack_variant_ref(
        &mut self,
        body: &Body,
        check: u16,
        n: u16,
    ) -> Result<(), VmError> {
        let c = self.pop_whole()?;
        let check = body
            .variant_checks
            .get(usize::from(check))
            .ok_or_else(|| invariant("bad variant check"))?;
        match self.heap.get(c)? {
            Container::Variant(tag, _) if !check.allowed.contains(tag) => {
                return Err(check.error(*tag))
            }
            Container::Variant(_, fields) if fields.len() == usize::from(n) => {}
            _ => return Err(type_mismatch("variant unpack by reference of a non-enum")),
        }
        for i in 0..u32::from(n) {
            let v = match self.heap.get(c)? {
                Container::Variant(_, fields) => fields
                    .get(i as usize)
                    .copied()
                    .ok_or_else(|| invariant("field offset out of range"))?,
                _ => return Err(type_mismatch("variant unpack by reference of a non-enum")),
            };
            self.push(elem_ref(c, i, &v))?;
        }
        Ok(())
    }

    /// `VariantSwitch`: pops a reference to an enum value; the op its variant branches to in
    /// jump table `table`.
    pub(crate) fn variant_switch(&mut self, body: &Body, table: u16) -> Result<u32, VmError> {
        let c = self.pop_whole()?;
        let tag = match self.heap.get(c)? {
            Container::Variant(tag, _) => *tag,
            _ => return Err(type_mismatch("variant switch on a non-enum")),
        };
        body.jump_tables
            .get(usize::from(table))
            .and_then(|t| t.get(usize::from(tag)))
            .copied()
            .ok_or_else(|| invariant("variant tag beyond its jump table"))
    }

    /// `test_variant`: whether the enum reference on top holds `variant`.
    pub(crate) fn test_variant(&mut self, variant: u16) -> Result<(), VmError> {
        let c = self.pop_whole()?;
        let tag = enum_tag(self.heap.get(c)?)?;
        self.push(Value::Bool(tag == variant))
    }

    /// `ld_const` of constant `i` of the frame's module.
    pub(crate) fn load_constant(&mut self, frame: &Frame<'_>, i: u32) -> Result<(), VmError> {
        let c = frame
            .links
            .constants
            .get(i as usize)
            .ok_or_else(|| invariant("constant index out of range"))?;
        // A constant's containers are made anew at every load, so they count toward the
        // value quota as a copy does (a large constant loaded in a loop and kept would
        // otherwise grow the heap without bound).
        if !matches!(c, ConstValue::Prim(_)) {
            self.heap.charge_copy(quota_units(c))?;
        }
        let v = self.materialize(c);
        self.push(v)
    }

    fn materialize(&mut self, c: &ConstValue) -> Value {
        match c {
            ConstValue::Prim(v) => *v,
            ConstValue::Bytes(b) => Value::Container(self.heap.alloc(Container::Bytes(b.clone()))),
            ConstValue::Vector(items) => {
                let values: Vec<Value> = items.iter().map(|i| self.materialize(i)).collect();
                Value::Container(self.heap.alloc(Container::Vec(values)))
            }
        }
    }
}

/// What a constant's containers count toward the heap's value quota, as the heap counts a
/// container: one, plus one per element (per 40 bytes of a byte vector).
fn quota_units(c: &ConstValue) -> usize {
    match c {
        ConstValue::Prim(_) => 0,
        ConstValue::Bytes(b) => 1 + b.len() / 40,
        ConstValue::Vector(items) => items
            .iter()
            .fold(1 + items.len(), |n, i| n.saturating_add(quota_units(i))),
    }
}

/// Element `i` of a container (a primitive where the container stores primitives).
pub(crate) fn element(c: &Container, i: usize) -> Result<Value, VmError> {
    let v = match c {
        Container::Struct(f) | Container::Variant(_, f) => f.get(i).copied(),
        Container::Vec(e) => e.get(i).copied(),
        Container::Bytes(b) => b.get(i).map(|x| Value::U8(*x)),
        Container::Prims(p) => p.get(i),
        Container::Closure(_) | Container::Free(_) => None,
    };
    v.ok_or_else(|| invariant("element index out of range"))
}

/// Why a value could not be stored in a container's slot.
enum SetFailure {
    /// No such slot.
    Range,
    /// The slot holds another kind of value (a vector of a primitive type).
    Kind,
}

fn set_element(c: &mut Container, i: usize, v: Value) -> Result<Value, SetFailure> {
    let slot = match c {
        Container::Struct(f) | Container::Variant(_, f) => f.get_mut(i),
        Container::Vec(e) => e.get_mut(i),
        Container::Bytes(b) => {
            let byte = b.get_mut(i).ok_or(SetFailure::Range)?;
            let Value::U8(x) = v else {
                return Err(SetFailure::Kind);
            };
            *byte = x;
            return Ok(Value::Invalid);
        }
        Container::Prims(p) => {
            if i >= p.len() {
                return Err(SetFailure::Range);
            }
            if !p.set(i, v) {
                return Err(SetFailure::Kind);
            }
            return Ok(Value::Invalid);
        }
        Container::Closure(_) | Container::Free(_) => None,
    };
    let slot = slot.ok_or(SetFailure::Range)?;
    Ok(std::mem::replace(slot, v))
}

/// The sub-status of a reference or value whose enum tag cannot be read.
const INDEXED_REF_TAG_MISMATCH: u64 = 4;

/// The variant tag of an enum value, read as the peer reads it: from slot 0 of the row it
/// keeps a struct or an enum in. Only code that skipped the verifier gives a struct (whose
/// first field must then be a `u16`) or another container.
fn enum_tag(c: &Container) -> Result<u16, VmError> {
    let tag_error = |message: &str| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_sub_status(INDEXED_REF_TAG_MISMATCH)
            .with_message(message)
    };
    match c {
        Container::Variant(tag, _) => Ok(*tag),
        Container::Struct(fields) => match fields.first() {
            Some(Value::U16(tag)) => Ok(*tag),
            _ => Err(tag_error("invalid enum tag")),
        },
        _ => Err(tag_error("expected struct enum container")),
    }
}

/// A struct of another field count than the one unpacked (code that skipped the verifier),
/// with the paranoid sub-status as the peer reports it.
#[cold]
fn field_count_mismatch(expected: u16, got: usize) -> VmError {
    invariant(&format!(
        "Stack size mismatch: expected {expected} fields to be unpacked, got {got}"
    ))
    .with_sub_status(PARANOID_FAILURE)
}

/// Slot `i` of a container as the peer keeps it: a struct's fields, an enum value's tag
/// (as a `u16`) then its fields, a vector's elements; `None` past the end.
pub(super) fn peer_slot(c: &Container, i: usize) -> Option<Value> {
    match c {
        Container::Variant(tag, fields) => match i.checked_sub(1) {
            None => Some(Value::U16(*tag)),
            Some(field) => fields.get(field).copied(),
        },
        Container::Struct(_) | Container::Vec(_) | Container::Bytes(_) | Container::Prims(_) => {
            element(c, i).ok()
        }
        Container::Closure(_) | Container::Free(_) => None,
    }
}

/// The number of slots of a container as the peer keeps it (see [`peer_slot`]).
pub(super) fn peer_slots(c: &Container) -> usize {
    match c {
        Container::Struct(fields) => fields.len(),
        Container::Variant(_, fields) => fields.len() + 1,
        other => other.vector_len().unwrap_or_default(),
    }
}

/// A borrowed slot past the end of the container the peer borrows it from.
#[cold]
pub(super) fn slot_out_of_range(i: usize, len: usize) -> VmError {
    invariant(&format!(
        "index out of bounds when borrowing container element: got: {i}, len: {len}"
    ))
}

/// A variant field borrowed from a value of another variant.
#[cold]
fn variant_field_mismatch(check: &crate::loader::VariantCheck, tag: u16) -> VmError {
    let name = |v: u16| check.names.get(usize::from(v)).map(|n| n.as_str());
    let expected: Vec<&str> = check.allowed.iter().filter_map(|v| name(*v)).collect();
    VmError::new(StatusCode::STRUCT_VARIANT_MISMATCH).with_message(format!(
        "expected enum variant {}, found `{}`",
        expected.join(" or "),
        name(tag).unwrap_or("?")
    ))
}

/// A reference to field `offset` of struct `c` with these fields, or `None` past the last.
#[inline(always)]
pub(crate) fn field_ref(c: ContainerId, fields: &[Value], offset: u16) -> Option<Value> {
    fields
        .get(usize::from(offset))
        .map(|v| elem_ref(c, u32::from(offset), v))
}

/// The primitive field `offset` of these fields, or `None` when the general path must read it
/// (a container field). perf: a u64 as tag and payload (see `on_u64`).
#[inline(always)]
pub(crate) fn primitive_field(fields: &[Value], offset: u16) -> Option<Value> {
    match fields.get(usize::from(offset)) {
        Some(&Value::U64(x)) => Some(Value::U64(x)),
        Some(v) if is_plain(v) => Some(*v),
        _ => None,
    }
}

/// The whole-struct reference at the top of the stack (the slot holding it), the struct's id
/// and its fields.
#[inline(always)]
pub(crate) fn top_struct<'o, 'h>(
    top: &'o mut Value,
    heap: &'h Heap,
) -> Option<(&'o mut Value, ContainerId, &'h [Value])> {
    let top @ &mut Value::Ref(Ref {
        place: Place::Whole(c),
    }) = top
    else {
        return None;
    };
    match heap.get(c) {
        Ok(Container::Struct(fields)) => Some((top, c, fields)),
        _ => None,
    }
}

/// `Pack` / `PackVariant` with the fields on the stack.
///
/// perf: out of line (the compiler made it so; stated, so that a change here does not move
/// the dispatch loop's code).
#[inline(never)]
pub(crate) fn pack_fast(
    ops: &mut OperandStack,
    heap: &mut Heap,
    n: u16,
    variant: Option<u16>,
) -> bool {
    // A value without fields (an enum's plain variant) is pushed on top, and allocates
    // nothing but its slot.
    let fields: Box<[Value]> = if n == 0 {
        if !ops.has_room(1) {
            return false;
        }
        Box::default()
    } else {
        // The struct is pushed where its first field was.
        let Some(fields) = ops.pop_top_values(usize::from(n)) else {
            return false;
        };
        fields.into()
    };
    let c = match variant {
        Some(tag) => Container::Variant(tag, fields),
        None => Container::Struct(fields),
    };
    ops.push_in_room(Value::Container(heap.alloc(c)));
    true
}

/// `BorrowField` of a struct on the top of the stack.
#[inline]
pub(crate) fn borrow_field_fast(top: &mut Value, heap: &Heap, offset: u16) -> bool {
    let Some((top, c, fields)) = top_struct(top, heap) else {
        return false;
    };
    match field_ref(c, fields, offset) {
        Some(r) => {
            *top = r;
            true
        }
        None => false,
    }
}

/// `ReadRef` of a primitive.
#[inline]
pub(crate) fn read_ref_fast(locals: &[Value], top: &mut Value, heap: &Heap) -> bool {
    let top @ &mut Value::Ref(Ref { place }) = top else {
        return false;
    };
    let src: &Value = match place {
        Place::Local(abs) => match locals.get(abs as usize) {
            Some(v) => v,
            None => return false,
        },
        Place::Elem(c, i) => {
            let slot = match heap.get(c) {
                Ok(Container::Struct(f) | Container::Variant(_, f)) => f.get(i as usize),
                Ok(Container::Vec(e)) => e.get(i as usize),
                Ok(Container::Bytes(b)) => match b.get(i as usize) {
                    Some(&x) => {
                        *top = Value::U8(x);
                        return true;
                    }
                    None => return false,
                },
                Ok(Container::Prims(p)) => match p.get(i as usize) {
                    Some(x) => {
                        *top = x;
                        return true;
                    }
                    None => return false,
                },
                _ => None,
            };
            match slot {
                Some(v) => v,
                None => return false,
            }
        }
        Place::Whole(_) => return false,
    };
    // perf: a u64 as tag and payload (see `on_u64`).
    match *src {
        Value::U64(x) => *top = Value::U64(x),
        Value::Container(_) | Value::Invalid => return false,
        v => *top = v,
    }
    true
}

/// `WriteRef` of a primitive over a primitive.
#[inline]
pub(crate) fn write_ref_fast(
    locals: &mut [Value],
    ops: &mut OperandStack,
    heap: &mut Heap,
) -> bool {
    let (&Value::Ref(Ref { place }), v) = (ops.top(), ops.second()) else {
        return false;
    };
    if !is_scalar(v) {
        return false;
    }
    let v = *v;
    let slot = match place {
        Place::Local(abs) => locals.get_mut(abs as usize),
        Place::Elem(c, i) => match heap.get_mut(c) {
            Ok(Container::Struct(f) | Container::Variant(_, f)) => f.get_mut(i as usize),
            Ok(Container::Vec(e)) => e.get_mut(i as usize),
            Ok(Container::Bytes(b)) => match (b.get_mut(i as usize), v) {
                (Some(byte), Value::U8(x)) => {
                    *byte = x;
                    ops.drop_top(2);
                    return true;
                }
                _ => return false,
            },
            Ok(Container::Prims(p)) => {
                if !p.set(i as usize, v) {
                    return false;
                }
                ops.drop_top(2);
                return true;
            }
            _ => None,
        },
        Place::Whole(_) => None,
    };
    match slot {
        Some(slot) if is_scalar(slot) => {
            *slot = v;
            ops.drop_top(2);
            true
        }
        _ => false,
    }
}

/// `borrow_field offset; read_ref` of a primitive field of the struct referenced at the top
/// of the stack (replaced by the field's value).
#[inline]
pub(crate) fn borrow_field_read_fast(top: &mut Value, heap: &Heap, offset: u16) -> bool {
    let Some((top, _, fields)) = top_struct(top, heap) else {
        return false;
    };
    match primitive_field(fields, offset) {
        Some(v) => {
            *top = v;
            true
        }
        None => false,
    }
}

/// [`Op::BorrowFieldLoc`]: a reference to field `offset` of the struct referenced by `local`
/// (moving the local out if `moved`), to push; `None` (nothing changed) for the general path.
/// perf: out of line, so the dispatch loop's other paths keep their registers.
#[inline(never)]
pub(crate) fn borrow_field_loc_fast(
    locals: &mut [Value],
    heap: &Heap,
    base: usize,
    (local, moved, offset): (u8, bool, u16),
) -> Option<Value> {
    let &Value::Ref(Ref {
        place: Place::Whole(c),
    }) = frame_local(locals, base, local)
    else {
        return None;
    };
    let field = match heap.try_get(c) {
        Some(Container::Struct(fields)) => field_ref(c, fields, offset)?,
        _ => return None,
    };
    if moved {
        *frame_local_mut(locals, base, local) = Value::Invalid;
    }
    Some(field)
}

/// [`Op::BorrowFieldReadStLoc`]: stores primitive field `offset` of the struct referenced by
/// `top` (the top of the stack, which the caller pops) in local `dst`; false (nothing
/// changed) for the general path.
#[inline(never)]
pub(crate) fn borrow_field_read_st_loc_fast(
    top: &Value,
    locals: &mut [Value],
    heap: &Heap,
    base: usize,
    (offset, dst): (u16, u8),
) -> bool {
    let &Value::Ref(Ref {
        place: Place::Whole(c),
    }) = top
    else {
        return false;
    };
    let Some(Container::Struct(fields)) = heap.try_get(c) else {
        return false;
    };
    let slot = frame_local_mut(locals, base, dst);
    // The destination must not hold a container that storing would have to free.
    if let Value::Container(_) = slot {
        return false;
    }
    match primitive_field(fields, offset) {
        Some(Value::U64(x)) => *slot = Value::U64(x),
        Some(v) => *slot = v,
        None => return false,
    }
    true
}

/// [`Op::FieldElemFieldRead`]: reads `r.f[i].g` (a primitive; a u64 only if `U64_ONLY`) and
/// stores it in local `dst` or pushes it, with the moved locals unset; false (nothing
/// changed) for the general path. The caller checks the room for the two transient pushes.
#[inline(always)]
pub(crate) fn field_elem_field_read_fast<const U64_ONLY: bool>(
    ops: &mut OperandStack,
    locals: &mut [Value],
    heap: &Heap,
    base: usize,
    (r, f, idx, g, dst, form): (u8, u16, u8, u16, u8, u8),
) -> bool {
    let &Value::Ref(Ref {
        place: Place::Whole(s),
    }) = frame_local(locals, base, r)
    else {
        return false;
    };
    let Some(Container::Struct(fields)) = heap.try_get(s) else {
        return false;
    };
    let Some(&Value::Container(v)) = fields.get(usize::from(f)) else {
        return false;
    };
    let &Value::U64(i) = frame_local(locals, base, idx) else {
        return false;
    };
    let Some(Container::Vec(elements)) = heap.try_get(v) else {
        return false;
    };
    let Some(&Value::Container(e)) = elements.get(i as usize) else {
        return false;
    };
    let Some(Container::Struct(element)) = heap.try_get(e) else {
        return false;
    };
    let store = form & field_path::STORE != 0;
    // The destination must not hold a container that storing would have to free.
    if store && matches!(frame_local(locals, base, dst), Value::Container(_)) {
        return false;
    }
    // perf: a u64 field (the common case) moves as tag and payload; any other primitive is
    // copied whole out of line. Through one `Value` temporary for both, the compiler copied
    // all 40 bytes for a u64 too (bst 1.3 % more host instructions).
    let Some(field) = element.get(usize::from(g)) else {
        return false;
    };
    // perf: only the u64 test on the common path (a match tested for any primitive first).
    let Value::U64(x) = *field else {
        return !U64_ONLY && field_path_finish(ops, locals, base, (r, idx, dst, form), *field);
    };
    unset_field_path_locals(locals, base, (r, idx, form));
    if store {
        *frame_local_mut(locals, base, dst) = Value::U64(x);
    } else {
        ops.push_in_room(Value::U64(x));
    }
    true
}

/// Unsets the reference and index locals of an [`Op::FieldElemFieldRead`] that moved them.
#[inline(always)]
pub(crate) fn unset_field_path_locals(
    locals: &mut [Value],
    base: usize,
    (r, idx, form): (u8, u8, u8),
) {
    if form & field_path::MOVE_REF != 0 {
        *frame_local_mut(locals, base, r) = Value::Invalid;
    }
    if form & field_path::MOVE_IDX != 0 {
        *frame_local_mut(locals, base, idx) = Value::Invalid;
    }
}

/// The end of [`field_elem_field_read_fast`] for a field other than a u64: true if it holds
/// a primitive (then read), else false (nothing changed).
#[inline(never)]
pub(crate) fn field_path_finish(
    ops: &mut OperandStack,
    locals: &mut [Value],
    base: usize,
    (r, idx, dst, form): (u8, u8, u8, u8),
    value: Value,
) -> bool {
    if !is_plain(&value) {
        return false;
    }
    unset_field_path_locals(locals, base, (r, idx, form));
    if form & field_path::STORE != 0 {
        *frame_local_mut(locals, base, dst) = value;
    } else {
        ops.push_in_room(value);
    }
    true
}
