//! Branches and aborts: the fused branch tests, the branch target choice and `abort_msg`.

use crate::interpreter::fast::charge;
use crate::interpreter::modes::Meter;
use crate::interpreter::ops::locals::frame_local;
use crate::interpreter::{type_mismatch, OperandStack};
use crate::session::Session;
use crate::values::{Container, Value};
use tern_ir::Op;
use tern_primitives::{StatusCode, VmError};

impl Session<'_> {
    /// `abort_msg`: the error the abort raises, from its code and message (or why they are wrong).
    pub(crate) fn abort_msg(&mut self) -> VmError {
        let msg = match self.pop() {
            Ok(Value::Container(c)) => match self.heap.take(c) {
                Ok(Container::Bytes(b)) => b,
                _ => return type_mismatch("abort message is not a vector<u8>"),
            },
            Ok(_) => return type_mismatch("abort message is not a vector<u8>"),
            Err(e) => return e,
        };
        let code = match self.pop() {
            Ok(Value::U64(c)) => c,
            Ok(_) => return type_mismatch("abort code is not a u64"),
            Err(e) => return e,
        };
        let limit = self.runtime.config.max_abort_message;
        if msg.len() > limit {
            return VmError::new(StatusCode::ABORT_MESSAGE_LIMIT_EXCEEDED).with_message(format!(
                "Expected at most {limit} bytes, got {} bytes",
                msg.len()
            ));
        }
        match String::from_utf8(msg) {
            Ok(text) => VmError::new(StatusCode::ABORTED)
                .with_sub_status(code)
                .with_message(text),
            Err(e) => VmError::new(StatusCode::INVALID_ABORT_MESSAGE)
                .with_message(format!("Invalid UTF-8 string: {}", e.utf8_error())),
        }
    }

    /// Pops a `bool` (anything else is a type error naming the value).
    #[inline]
    pub(crate) fn pop_bool(&mut self) -> Result<bool, VmError> {
        match self.pop()? {
            Value::Bool(b) => Ok(b),
            v => Err(self.cannot_cast(v, "bool")),
        }
    }
}

/// The pc a conditional branch goes on at: `fallthrough` when `holds`, else `target`.
/// perf: computed by a jump, never by a conditional move. A `cmov` makes the next op's fetch
/// wait for the loads the condition reads, so the loop stops running ahead on the branch
/// predictor: where LLVM chose one for the compare-and-branch super-instructions (after an
/// unrelated change elsewhere in the loop), `countdown` and `match_sum` ran 2x slower at
/// the same host instructions. Marking the jump as the cold side keeps it a branch.
#[inline(always)]
pub(crate) fn branch_pc(holds: bool, fallthrough: u32, target: u32) -> u32 {
    if holds {
        fallthrough
    } else {
        jump_side();
        target
    }
}

/// Marks the side of a branch it is called on as the unlikely one (`std::hint::cold_path`
/// needs a newer Rust than the crate's minimum).
#[cold]
#[inline(always)]
pub(crate) fn jump_side() {}

/// Runs the loop test `test` found at a [`Op::BranchTest`]'s target (`CmpLocImmBrFalse` or
/// `CmpLocLocBrFalse` on u64 operands; its four instructions charged here) and returns the
/// pc it continues at; `None` (nothing changed) when the test must run as usual. perf: the
/// tests' own arms in `fast_step` keep their copy of this; routing them through here (with the
/// units as a parameter) measured 2-4 % more host instructions on match_sum and match_sum_enum.
#[inline(always)]
pub(crate) fn fused_test<M: Meter>(
    ops: &OperandStack,
    locals: &[Value],
    base: usize,
    (test, at): (&Op, u32),
    gas: &mut u64,
) -> Option<u32> {
    let (x, y, cmp, target) = match *test {
        Op::CmpLocImmBrFalse {
            local,
            cmp,
            target,
            imm,
        } => match frame_local(locals, base, local) {
            &Value::U64(x) => (x, imm, cmp, target),
            _ => return None,
        },
        Op::CmpLocLocBrFalse { a, b, cmp, target } => {
            match (frame_local(locals, base, a), frame_local(locals, base, b)) {
                (&Value::U64(x), &Value::U64(y)) => (x, y, cmp, target),
                _ => return None,
            }
        }
        _ => return None,
    };
    let left = charge::<M>(*gas, 4)?;
    // Two transient pushes.
    if !ops.has_room(2) {
        return None;
    }
    let holds = cmp.holds(x, y);
    *gas = left;
    // The test is at `at`; its three shadowed ops follow it.
    Some(branch_pc(holds, at + 4, target))
}
