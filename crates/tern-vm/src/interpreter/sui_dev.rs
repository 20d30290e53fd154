//! What an instruction costs under Sui's development cost table
//! ([`crate::gas::Pricing::SuiDev`]), read from the state just before it runs: the table
//! cost, times the abstract size of the values the instruction handles for those Sui charges
//! by size (locals moved, copied or stored, fields packed or unpacked, the variant switched
//! on, values read, written, compared or pushed), the element count of a vector pack or
//! unpack, the bytes of a constant, or the arguments of a call.

use super::Frame;
use crate::gas::sui_dev::{self, sized_cost};
use crate::session::Session;
use crate::values::{Container, Heap, PrimVec, Value};
use tern_binary::Bytecode;
use tern_primitives::VmError;

impl Session<'_> {
    /// What `instr`, about to run in `frame`, costs under Sui's development table.
    ///
    /// A value the state does not hold where the instruction expects it counts as size 0
    /// (charged once): the instruction then fails on its own.
    pub(crate) fn sui_dev_cost(
        &mut self,
        frame: &Frame<'_>,
        instr: &Bytecode,
    ) -> Result<u64, VmError> {
        use sui_dev::SizeRule as S;
        let size = match sui_dev::instruction_price(instr).1 {
            S::Once => 0,
            S::Local(i) => {
                let local = self
                    .interpreter
                    .locals
                    .get(frame.base as usize + usize::from(i))
                    .copied();
                self.sui_size_of(local)?
            }
            S::Operand(n) => self.sui_size_of(self.operand(n))?,
            S::Referent => {
                let behind = match self.operand(0) {
                    Some(Value::Ref(r)) => Some(self.deref_shallow(r)?),
                    _ => None,
                };
                self.sui_size_of(behind)?
            }
            S::TopTwo => {
                let lhs = self.sui_size_of(self.operand(0))?;
                lhs.saturating_add(self.sui_size_of(self.operand(1))?)
            }
            S::Pack => {
                let fields = self.packed_field_count(frame, instr)?;
                let mut size = fields as u64;
                for i in 0..fields {
                    size = size.saturating_add(self.sui_size_of(self.operand(i))?);
                }
                size
            }
            S::Unpack { by_ref } => self.unpacked_size(by_ref)?,
            S::Count(n) => n,
            S::Constant(idx) => {
                let unit = super::typecheck::Unit::of(frame.links)?;
                let constant = match unit {
                    super::typecheck::Unit::Module(m) => m.constant_pool.get(idx.idx()),
                    super::typecheck::Unit::Script(s) => s.constant_pool.get(idx.idx()),
                };
                constant.map_or(0, |k| k.data.len() as u64)
            }
            S::CallArguments(h) => {
                let params = self.resolve(frame.links, h.0).map_or(0, |c| c.params.len());
                params as u64 + 1
            }
            S::GenericCallArguments(i) => self
                .generic_callee(frame, i.0)
                .map_or(0, |c| c.function.params.len() as u64),
        };
        Ok(sized_cost(instr, size))
    }

    /// The `n`-th operand from the top of the stack (0 is the top).
    fn operand(&self, n: usize) -> Option<Value> {
        self.interpreter
            .operands
            .top_values(n + 1)
            .and_then(|top| top.first().copied())
    }

    /// The fields a pack of `instr` takes from the stack.
    fn packed_field_count(
        &mut self,
        frame: &Frame<'_>,
        instr: &Bytecode,
    ) -> Result<usize, VmError> {
        use Bytecode as B;
        self.with_cx(frame, |cx| {
            Ok(match instr {
                B::Pack(def) => cx.members(*def, None, None)?.1.len(),
                B::PackGeneric(si) => cx.struct_inst(si.0)?.1.len(),
                B::SuiPackVariant(h) => cx.sui_variant(h.0, None)?.1.len(),
                B::SuiPackVariantGeneric(vi) => cx.sui_variant_inst(vi.0)?.1.len(),
                _ => 0,
            })
        })
    }

    /// The size an unpack of the struct or variant on top of the stack is charged: one per
    /// field plus the fields' sizes, or (`by_ref`, the top being a reference to a variant)
    /// plus a reference's size per field.
    fn unpacked_size(&self, by_ref: bool) -> Result<u64, VmError> {
        let top = match (self.operand(0), by_ref) {
            (Some(Value::Ref(r)), true) => Some(self.deref_shallow(r)?),
            (v, false) => v,
            _ => None,
        };
        let Some(Value::Container(c)) = top else {
            return Ok(0);
        };
        let fields: &[Value] = match self.heap.get(c)? {
            Container::Struct(fields) | Container::Variant(_, fields) => fields,
            _ => return Ok(0),
        };
        let mut size = fields.len() as u64;
        for f in fields {
            let field = if by_ref {
                sui_dev::REFERENCE_SIZE
            } else {
                sui_size(&self.heap, *f)?
            };
            size = size.saturating_add(field);
        }
        Ok(size)
    }

    /// The abstract size of `value` (0 for none).
    fn sui_size_of(&self, value: Option<Value>) -> Result<u64, VmError> {
        value.map_or(Ok(0), |v| sui_size(&self.heap, v))
    }
}

/// The abstract size of `value` as Sui's development meter measures it (module docs of
/// [`crate::gas::sui_dev`]); containers are looked up in `heap`, references not followed.
pub(crate) fn sui_size(heap: &Heap, value: Value) -> Result<u64, VmError> {
    let mut total = 0u64;
    let mut pending = vec![value];
    while let Some(v) = pending.pop() {
        let units = match v {
            Value::Container(c) => match heap.get(c)? {
                Container::Struct(fields) | Container::Variant(_, fields) => {
                    pending.extend(fields.iter().copied());
                    sui_dev::CONTAINER_SIZE
                }
                Container::Closure(closure) => {
                    pending.extend(closure.captured.iter().copied());
                    sui_dev::CONTAINER_SIZE
                }
                Container::Bytes(b) => b.len() as u64,
                Container::Prims(p) => prim_width(p).saturating_mul(p.len() as u64),
                Container::Vec(elements) => match elements.first().map(packed_width) {
                    // A vector of primitives a native built boxed: Sui holds it unboxed.
                    Some(Some(width)) => width.saturating_mul(elements.len() as u64),
                    _ => {
                        pending.extend(elements.iter().copied());
                        sui_dev::CONTAINER_SIZE
                    }
                },
                Container::Free(_) => 0,
            },
            Value::Ref(_) => sui_dev::REFERENCE_SIZE,
            Value::U128(_) | Value::I128(_) => sui_dev::U128_SIZE,
            Value::U256(_) | Value::I256(_) => sui_dev::U256_SIZE,
            Value::Address(_) => sui_dev::ADDRESS_SIZE,
            Value::Invalid => 0,
            _ => sui_dev::SMALL_PRIMITIVE_SIZE,
        };
        total = total.saturating_add(units);
    }
    Ok(total)
}

/// The bytes of one element of a primitive vector.
fn prim_width(p: &PrimVec) -> u64 {
    match p {
        PrimVec::Bool(_) | PrimVec::I8(_) => 1,
        PrimVec::U16(_) | PrimVec::I16(_) => 2,
        PrimVec::U32(_) | PrimVec::I32(_) => 4,
        PrimVec::U64(_) | PrimVec::I64(_) => 8,
        PrimVec::U128(_) | PrimVec::I128(_) => 16,
        PrimVec::U256(_) | PrimVec::I256(_) | PrimVec::Address(_) => 32,
    }
}

/// The packed bytes of a primitive element, `None` for any other value.
fn packed_width(element: &Value) -> Option<u64> {
    Some(match element {
        Value::Bool(_) | Value::U8(_) | Value::I8(_) => 1,
        Value::U16(_) | Value::I16(_) => 2,
        Value::U32(_) | Value::I32(_) => 4,
        Value::U64(_) | Value::I64(_) => 8,
        Value::U128(_) | Value::I128(_) => 16,
        Value::U256(_) | Value::I256(_) | Value::Address(_) => 32,
        Value::Invalid | Value::Container(_) | Value::Ref(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_count_containers_primitives_and_packed_vectors() {
        let mut heap = Heap::new();
        // A variant with no fields: 2.
        let empty = heap.alloc(Container::Variant(0, Box::new([])));
        assert_eq!(sui_size(&heap, Value::Container(empty)).unwrap(), 2);
        // A struct of a u64, a u128 and three bytes: 2 + 8 + 16 + 3.
        let bytes = heap.alloc(Container::Bytes(vec![1, 2, 3]));
        let fields = [
            Value::U64(1),
            Value::U128(Default::default()),
            Value::Container(bytes),
        ];
        let s = heap.alloc(Container::Struct(Box::new(fields)));
        assert_eq!(sui_size(&heap, Value::Container(s)).unwrap(), 29);
        // A u64 local costs `copy_loc` (1 + 1) × 8 = 16 internal units.
        let size = sui_size(&heap, Value::U64(7)).unwrap();
        assert_eq!(sized_cost(&Bytecode::CopyLoc(0), size), 16);
    }
}
