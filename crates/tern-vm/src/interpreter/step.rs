//! The general path: one op at a time, raising the exact error of anything unusual.

use crate::interpreter::exec::Flow;
use crate::interpreter::ops::arith::{cast, negate, shift, BinOp, CmpOp};
use crate::interpreter::{invariant, Frame, Pins};
use crate::session::Session;
use crate::values::Value;
use tern_ir::Op;
use tern_primitives::{StatusCode, VmError};

impl Session<'_> {
    /// Executes one op (the first original op of a super-instruction).
    pub(crate) fn step<'a>(
        &mut self,
        frame: &Frame<'a>,
        callers: &[Frame<'a>],
        body: &crate::loader::Body,
        op: Op,
        pins: &mut Pins<'a>,
    ) -> Result<Flow<'a>, VmError> {
        match op {
            Op::Pop => {
                let v = self.pop()?;
                self.heap.free_value(v);
            }
            Op::Ret => return Ok(Flow::Return),
            Op::BrTrue(t) => {
                if self.pop_bool()? {
                    return Ok(Flow::Jump(t));
                }
            }
            Op::BrFalse(t) => {
                if !self.pop_bool()? {
                    return Ok(Flow::Jump(t));
                }
            }
            Op::Branch(t) => return Ok(Flow::Jump(t)),
            Op::EndOfCode => return Err(pc_overflow()),
            Op::Fail(i) => {
                return Err(body
                    .failures
                    .get(usize::from(i))
                    .cloned()
                    .unwrap_or_else(|| invariant("failure index out of range")))
            }
            Op::CheckedPack(i) => {
                let pack = body
                    .checked_packs
                    .get(usize::from(i))
                    .ok_or_else(|| invariant("checked pack index out of range"))?;
                // The frame's resolution of the pack's own slot carries the checks' outcome.
                self.slot_type(frame, body, pack.slot)?;
                return self.step(frame, callers, body, pack.op, pins);
            }
            Op::LdU8(v) => self.push(Value::U8(v))?,
            Op::LdU16(v) => self.push(Value::U16(v))?,
            Op::LdU32(v) => self.push(Value::U32(v))?,
            Op::LdU64(v) => self.push(Value::U64(v))?,
            Op::LdI8(v) => self.push(Value::I8(v))?,
            Op::LdI16(v) => self.push(Value::I16(v))?,
            Op::LdI32(v) => self.push(Value::I32(v))?,
            Op::LdI64(v) => self.push(Value::I64(v))?,
            Op::LdWide(i) => {
                let v = *body
                    .wide
                    .get(i as usize)
                    .ok_or_else(|| invariant("bad literal"))?;
                self.push(v)?
            }
            Op::LdConst(i) => self.load_constant(frame, i)?,
            Op::LdTrue => self.push(Value::Bool(true))?,
            Op::LdFalse => self.push(Value::Bool(false))?,
            Op::CopyLoc(i) => {
                let v = match self.local(frame, i)? {
                    Value::Invalid => {
                        return Err(invariant(&format!(
                            "cannot copy invalid value at index {i}"
                        )))
                    }
                    v @ Value::Container(_) => self.heap.copy_value(v)?,
                    v => v,
                };
                self.push(v)?
            }
            Op::MoveLoc(i) => {
                let v = self.set_local(frame, i, Value::Invalid)?;
                if let Value::Invalid = v {
                    return Err(invariant(&format!(
                        "cannot move invalid value at index {i}"
                    )));
                }
                self.push(v)?
            }
            Op::StLoc(i) => {
                let v = self.pop()?;
                let old = self.set_local(frame, i, v)?;
                self.heap.free_value(old);
            }
            Op::BorrowLoc(i) => self.borrow_local(frame, i)?,
            Op::BorrowField(offset) => self.borrow_field(offset)?,
            Op::BorrowVariantField { offset, variants } => {
                self.borrow_variant_field(body, offset, variants)?
            }
            Op::Call(h) => return Ok(call_flow(self.call(frame, callers, h, pins)?)),
            Op::CallGeneric(i) => {
                return Ok(call_flow(self.call_generic(frame, callers, i, pins)?))
            }
            Op::Pack(n) => self.pack(n, None)?,
            Op::Unpack(n) => self.unpack(n)?,
            Op::PackVariant { variant, fields } => self.pack(fields, Some(variant))?,
            Op::UnpackVariant { check, fields } => self.unpack_variant(body, check, fields)?,
            Op::TestVariant(v) => self.test_variant(v)?,
            Op::UnpackVariantRef { check, fields } => {
                self.unpack_variant_ref(body, check, fields)?
            }
            Op::VariantSwitch(table) => return Ok(Flow::Jump(self.variant_switch(body, table)?)),
            Op::ReadRef => self.read_ref()?,
            Op::WriteRef => self.write_ref()?,
            Op::FreezeRef | Op::Nop => {}
            Op::Add => self.binop(BinOp::Add)?,
            Op::Sub => self.binop(BinOp::Sub)?,
            Op::Mul => self.binop(BinOp::Mul)?,
            Op::Mod => self.binop(BinOp::Mod)?,
            Op::Div => self.binop(BinOp::Div)?,
            Op::BitOr => self.binop(BinOp::BitOr)?,
            Op::BitAnd => self.binop(BinOp::BitAnd)?,
            Op::Xor => self.binop(BinOp::Xor)?,
            Op::Or => {
                let (b, a) = (self.pop_bool()?, self.pop_bool()?);
                self.push(Value::Bool(a || b))?
            }
            Op::And => {
                let (b, a) = (self.pop_bool()?, self.pop_bool()?);
                self.push(Value::Bool(a && b))?
            }
            Op::Not => {
                let a = self.pop_bool()?;
                self.push(Value::Bool(!a))?
            }
            Op::Eq | Op::Neq => {
                let (b, a) = (self.pop()?, self.pop()?);
                // The top operand first, as the peer compares (and names them in an error).
                let eq = self
                    .values_equal(b, a)
                    .map_err(|e| self.with_operands_described(e, &[b, a]))?;
                self.heap.free_value(a);
                self.heap.free_value(b);
                self.push(Value::Bool(eq == (op == Op::Eq)))?
            }
            Op::Lt => self.cmp(CmpOp::Lt)?,
            Op::Gt => self.cmp(CmpOp::Gt)?,
            Op::Le => self.cmp(CmpOp::Le)?,
            Op::Ge => self.cmp(CmpOp::Ge)?,
            Op::Shl | Op::Shr => {
                let (n, a) = (self.pop()?, self.pop()?);
                let r = shift(op == Op::Shl, a, n)
                    .map_err(|e| self.with_operands_described(e, &[a, n]))?;
                self.push(r)?
            }
            Op::Cast(kind) => {
                let a = self.pop()?;
                let r = cast(a, kind).map_err(|e| self.with_operands_described(e, &[a]))?;
                self.push(r)?
            }
            Op::Negate => {
                let a = self.pop()?;
                let r = negate(a).map_err(|e| self.with_operands_described(e, &[a]))?;
                self.push(r)?
            }
            Op::Abort => {
                let code = match self.pop()? {
                    Value::U64(c) => c,
                    v => return Err(self.cannot_cast(v, "u64")),
                };
                return Err(VmError::new(StatusCode::ABORTED).with_sub_status(code));
            }
            Op::AbortMsg => return Err(self.abort_msg()),
            Op::Exists(t) => self.exists(frame, callers, body, t)?,
            Op::BorrowGlobal { ty, mutable } => {
                self.borrow_global(frame, callers, body, ty, mutable)?
            }
            Op::MoveFrom(t) => self.move_from(frame, callers, body, t)?,
            Op::MoveTo(t) => self.move_to(frame, callers, body, t)?,
            Op::VecPack(t, n) => self.vec_pack(frame, body, t, n)?,
            Op::VecLen => self.vec_len()?,
            Op::VecBorrow => self.vec_borrow()?,
            Op::VecPushBack => self.vec_push_back()?,
            Op::VecPopBack => self.vec_pop_back()?,
            Op::VecUnpack(n) => self.vec_unpack(n)?,
            Op::VecSwap => self.vec_swap()?,
            Op::PackClosure(i) => self.pack_closure(frame, body, i)?,
            Op::CallClosure(t) => {
                return Ok(call_flow(self.call_closure(frame, callers, body, t, pins)?))
            }
            // `unfused` replaced every super-instruction by its first op.
            Op::CmpLocImmBrFalse { .. }
            | Op::CmpLocLocBrFalse { .. }
            | Op::BinLocLoc { .. }
            | Op::BinLocLocStLoc { .. }
            | Op::BorrowFieldRead(_)
            | Op::VecBorrowRead
            | Op::LdU64StLoc { .. }
            | Op::CallClosureLoc { .. }
            | Op::BranchTest(_)
            | Op::BinStLoc { .. }
            | Op::VecReadLoc { .. }
            | Op::BorrowFieldLoc { .. }
            | Op::VecBorrowLoc { .. }
            | Op::BorrowFieldReadStLoc { .. }
            | Op::AddImm(_)
            | Op::SubImm(_)
            | Op::MulImm(_)
            | Op::ModImm(_)
            | Op::DivImm(_)
            | Op::AddImmI64(_)
            | Op::SubImmI64(_)
            | Op::MulImmI64(_)
            | Op::ModImmI64(_)
            | Op::DivImmI64(_)
            | Op::ArithLocImmStLoc { .. }
            | Op::AddLocImmStLoc { .. }
            | Op::SubLocImmStLoc { .. }
            | Op::AddLocImm { .. }
            | Op::SubLocImm { .. }
            | Op::FieldElemFieldRead { .. }
            | Op::LocStLoc { .. }
            | Op::VecPushBackLoc { .. }
            | Op::VecBorrowWrite
            | Op::TestVariantLocBr { .. }
            | Op::VariantSwitchLoc { .. }
            | Op::PackVariantStLoc { .. } => return Err(invariant("unexpanded super-instruction")),
        }
        Ok(Flow::Next)
    }
}

/// The flow after a call: natives have already run.
pub(crate) fn call_flow(frame: Option<Frame<'_>>) -> Flow<'_> {
    match frame {
        Some(f) => Flow::Call(f),
        None => Flow::Next,
    }
}

/// Running past the last instruction (code that does not end with a return or a branch,
/// accepted with the verifier off): the peer's `PC_OVERFLOW`, with no message.
#[cold]
pub(crate) fn pc_overflow() -> VmError {
    VmError::new(StatusCode::PC_OVERFLOW)
}
