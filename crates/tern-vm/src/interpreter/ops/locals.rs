//! Locals and the operand stack: pushes, pops, the current frame's locals and their
//! fast copies and moves.

use crate::interpreter::{invariant, underflow, Frame};
use crate::session::Session;
use crate::values::Value;
use tern_primitives::{StatusCode, VmError};

impl Session<'_> {
    /// Pushes an operand (`EXECUTION_STACK_OVERFLOW` when the stack is full).
    #[inline]
    pub(crate) fn push(&mut self, v: Value) -> Result<(), VmError> {
        if self.interpreter.operands.push(v) {
            Ok(())
        } else {
            Err(stack_overflow())
        }
    }

    /// Pops an operand (an invariant violation when there is none).
    #[inline]
    pub(crate) fn pop(&mut self) -> Result<Value, VmError> {
        self.interpreter.operands.pop().ok_or_else(underflow)
    }

    /// The value in local `i` of `frame`.
    #[inline]
    pub(crate) fn local(&self, frame: &Frame<'_>, i: u8) -> Result<Value, VmError> {
        self.interpreter
            .locals
            .get(frame.base as usize + usize::from(i))
            .copied()
            .ok_or_else(|| invariant("local index out of range"))
    }

    /// Stores `v` in local `i` of `frame`, returning what it held.
    #[inline]
    pub(crate) fn set_local(
        &mut self,
        frame: &Frame<'_>,
        i: u8,
        v: Value,
    ) -> Result<Value, VmError> {
        let slot = self
            .interpreter
            .locals
            .get_mut(frame.base as usize + usize::from(i))
            .ok_or_else(|| invariant("local index out of range"))?;
        Ok(std::mem::replace(slot, v))
    }
}

/// The current frame's local `i`, read without a bounds check (perf: with the unchecked op
/// fetch, 9-19 % fewer host instructions per program and up to 1.4x faster loops;
/// `docs/performance.md`, "Where the time goes").
#[inline(always)]
pub(crate) fn frame_local(locals: &[Value], base: usize, i: u8) -> &Value {
    let at = base + usize::from(i);
    debug_assert!(at < locals.len());
    // SAFETY: `i` comes from an op of the running frame's code, and `Code::new` checked every
    // local index of that code is below its window. `Interpreter::enter_window` gave the frame
    // at least `window` slots from `base`, and they stay allocated while it runs: callees
    // only grow the locals above them and truncate back to their own base on return.
    unsafe { locals.get_unchecked(at) }
}

/// The current frame's local `i`, mutably (see [`frame_local`]).
#[inline(always)]
pub(crate) fn frame_local_mut(locals: &mut [Value], base: usize, i: u8) -> &mut Value {
    let at = base + usize::from(i);
    debug_assert!(at < locals.len());
    // SAFETY: as in `frame_local`.
    unsafe { locals.get_unchecked_mut(at) }
}

/// Whether a value is a primitive (no container to copy or free).
#[inline(always)]
pub(crate) fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Container(_) | Value::Invalid)
}

/// [`Op::LocStLoc`]: copies (or moves) local `src` into local `dst`; false (nothing changed)
/// for the general path (a container to copy, or one in `dst` to free). With `U64_ONLY`, a
/// u64 only (the form the dispatch loop runs inline).
#[inline(always)]
pub(crate) fn loc_st_loc_fast<const U64_ONLY: bool>(
    locals: &mut [Value],
    base: usize,
    (src, moved, dst): (u8, bool, u8),
) -> bool {
    let v = match frame_local(locals, base, src) {
        &Value::U64(x) => Value::U64(x),
        _ if U64_ONLY => return false,
        &Value::Container(c) if moved => Value::Container(c),
        v if is_scalar(v) => *v,
        _ => return false,
    };
    // The destination must not hold a container that storing would have to free.
    if let Value::Container(_) = frame_local(locals, base, dst) {
        return false;
    }
    if moved {
        *frame_local_mut(locals, base, src) = Value::Invalid;
    }
    match v {
        Value::U64(x) => *frame_local_mut(locals, base, dst) = Value::U64(x),
        other => *frame_local_mut(locals, base, dst) = other,
    }
    true
}

/// A push onto a full operand stack: the peer's `EXECUTION_STACK_OVERFLOW`.
#[cold]
pub(crate) fn stack_overflow() -> VmError {
    VmError::new(StatusCode::EXECUTION_STACK_OVERFLOW)
}
