//! References (borrows, reads, writes), structs and enum variants, constants.

use super::{cannot_cast, invariant, missing_operands, type_mismatch, Frame};
use crate::loader::{Body, ConstValue};
use crate::session::Session;
use crate::values::{Container, Place, Ref, Value};
use tern_primitives::{StatusCode, VmError};

impl Session<'_> {
    pub(crate) fn pop_ref(&mut self) -> Result<Ref, VmError> {
        self.pop_ref_as("reference")
    }

    /// A reference popped for an instruction whose peer casts it to `target`.
    pub(crate) fn pop_ref_as(&mut self, target: &str) -> Result<Ref, VmError> {
        match self.pop()? {
            Value::Ref(r) => Ok(r),
            v => Err(cannot_cast(&v, target)),
        }
    }

    /// A reference to a struct or an enum value, as the peer takes one (`ContainerRef`).
    fn pop_whole(&mut self) -> Result<u32, VmError> {
        match self.pop_ref_as("ContainerRef")?.place {
            Place::Whole(c) => Ok(c),
            _ => Err(type_mismatch("expected a reference to a container")),
        }
    }

    /// A reference to the element at `i` of container `c` (whole if it is a container).
    fn elem_ref(c: u32, i: u32, v: Value) -> Value {
        match v {
            Value::Container(inner) => Value::Ref(Ref {
                place: Place::Whole(inner),
            }),
            _ => Value::Ref(Ref {
                place: Place::Elem(c, i),
            }),
        }
    }

    pub(crate) fn borrow_local(&mut self, frame: &Frame<'_>, i: u8) -> Result<(), VmError> {
        let abs = frame.base + u32::from(i);
        let v = self.local(frame, i)?;
        let r = match v {
            Value::Container(c) => Value::Ref(Ref {
                place: Place::Whole(c),
            }),
            Value::Invalid => return Err(invariant("cannot borrow local Invalid")),
            _ => Value::Ref(Ref {
                place: Place::Local(abs),
            }),
        };
        self.push(r)
    }

    pub(crate) fn borrow_field(&mut self, offset: u16) -> Result<(), VmError> {
        let c = self.pop_whole()?;
        let v = match self.heap.get(c)? {
            Container::Struct(fields) => *fields
                .get(usize::from(offset))
                .ok_or_else(|| invariant("field offset out of range"))?,
            _ => return Err(type_mismatch("field borrow on a non-struct")),
        };
        self.push(Self::elem_ref(c, u32::from(offset), v))
    }

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
        let v = match self.heap.get(c)? {
            Container::Variant(tag, fields) => {
                if !check.allowed.contains(tag) {
                    let expected: Vec<&str> = check
                        .allowed
                        .iter()
                        .filter_map(|v| check.names.get(usize::from(*v)).map(|n| n.as_str()))
                        .collect();
                    let found = check
                        .names
                        .get(usize::from(*tag))
                        .map(|n| n.as_str())
                        .unwrap_or("?");
                    return Err(
                        VmError::new(StatusCode::STRUCT_VARIANT_MISMATCH).with_message(format!(
                            "expected enum variant {}, found `{found}`",
                            expected.join(" or ")
                        )),
                    );
                }
                *fields
                    .get(usize::from(offset))
                    .ok_or_else(|| invariant("field offset out of range"))?
            }
            _ => return Err(type_mismatch("variant field borrow on a non-enum")),
        };
        self.push(Self::elem_ref(c, u32::from(offset), v))
    }

    /// The value at a place, without copying containers.
    pub(crate) fn deref_shallow(&self, r: Ref) -> Result<Value, VmError> {
        match r.place {
            Place::Local(abs) => self
                .machine
                .locals
                .get(abs as usize)
                .copied()
                .ok_or_else(|| invariant("dangling local reference")),
            Place::Whole(c) => Ok(Value::Container(c)),
            Place::Elem(c, i) => element(self.heap.get(c)?, i as usize),
        }
    }

    pub(crate) fn read_ref(&mut self) -> Result<(), VmError> {
        let r = self.pop_ref()?;
        let v = self.deref_shallow(r)?;
        let v = self.heap.copy_referenced(v)?;
        self.push(v)
    }

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
                    .machine
                    .locals
                    .get_mut(abs as usize)
                    .ok_or_else(|| invariant("dangling local reference"))?;
                let old = std::mem::replace(slot, v);
                self.heap.free_value(old);
            }
            Place::Elem(c, i) => {
                let old = set_element(self.heap.get_mut(c)?, i as usize, v)?;
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

    pub(crate) fn pack(&mut self, n: u16, variant: Option<u16>) -> Result<(), VmError> {
        let fields: Box<[Value]> = self
            .machine
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

    pub(crate) fn unpack(&mut self, n: u16) -> Result<(), VmError> {
        let Value::Container(c) = self.pop()? else {
            return Err(type_mismatch("unpack of a non-struct"));
        };
        match self.heap.take(c)? {
            Container::Struct(fields) if fields.len() == usize::from(n) => {
                self.push_fields(&fields)
            }
            // A struct of another definition (only code that skipped the verifier unpacks
            // one), reported as the peer does.
            Container::Struct(fields) => Err(invariant(&format!(
                "Stack size mismatch: expected {n} fields to be unpacked, got {}",
                fields.len()
            ))),
            _ => Err(type_mismatch("unpack of a non-struct")),
        }
    }

    pub(crate) fn unpack_variant(
        &mut self,
        body: &Body,
        check: u16,
        n: u16,
    ) -> Result<(), VmError> {
        let Value::Container(c) = self.pop()? else {
            return Err(type_mismatch("unpack of a non-enum"));
        };
        let check = body
            .variant_checks
            .get(usize::from(check))
            .ok_or_else(|| invariant("bad variant check"))?;
        let tag = match self.heap.get(c)? {
            Container::Variant(tag, _) => *tag,
            _ => return Err(type_mismatch("unpack of a non-enum")),
        };
        if !check.allowed.contains(&tag) {
            return Err(check.error(tag));
        }
        match self.heap.take(c)? {
            Container::Variant(_, fields) if fields.len() == usize::from(n) => {
                self.push_fields(&fields)
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
            self.push(Self::elem_ref(c, i, v))?;
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

    pub(crate) fn test_variant(&mut self, variant: u16) -> Result<(), VmError> {
        let c = self.pop_whole()?;
        let tag = match self.heap.get(c)? {
            Container::Variant(tag, _) => *tag,
            _ => return Err(type_mismatch("variant test on a non-enum")),
        };
        self.push(Value::Bool(tag == variant))
    }

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

fn set_element(c: &mut Container, i: usize, v: Value) -> Result<Value, VmError> {
    let slot = match c {
        Container::Struct(f) | Container::Variant(_, f) => f.get_mut(i),
        Container::Vec(e) => e.get_mut(i),
        Container::Bytes(b) => {
            let (Some(byte), Value::U8(x)) = (b.get_mut(i), v) else {
                return Err(invariant("bad byte write"));
            };
            *byte = x;
            return Ok(Value::Invalid);
        }
        Container::Prims(p) => {
            if !p.set(i, v) {
                return Err(invariant("bad primitive element write"));
            }
            return Ok(Value::Invalid);
        }
        Container::Closure(_) | Container::Free(_) => None,
    };
    let slot = slot.ok_or_else(|| invariant("element index out of range"))?;
    Ok(std::mem::replace(slot, v))
}
