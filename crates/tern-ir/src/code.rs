//! A function's lowered code with the bounds the dispatch loop relies on checked once.
//!
//! [`Code`] is the only way to build the op list the interpreter runs. Its constructor fuses
//! super-instructions, appends an [`Op::EndOfCode`] sentinel and checks that every local index
//! is below the code's locals window, every branch target is an op of the code, and every op
//! that continues past itself (a super-instruction skipping the ops it shadows) stays within
//! the code. The dispatch loop then fetches ops and reads the current frame's locals without
//! bounds checks (see `interpreter::exec`): a frame is entered with `window` slots, and
//! every pc the loop can reach is an index of the op list.

use crate::{fuse, Op};
use tern_primitives::{StatusCode, VmError};

/// Lowered, fused and checked instructions of one function (see the module documentation).
#[derive(Debug, Clone)]
pub struct Code {
    /// The ops, 1:1 with bytecode offsets, then the sentinel.
    ops: Box<[Op]>,
    /// Locals slots a frame running this code has (parameters and declared locals).
    window: usize,
}

impl Default for Code {
    fn default() -> Self {
        Code {
            ops: Box::new([Op::EndOfCode]),
            window: 0,
        }
    }
}

impl Code {
    /// Fuses `ops` (one per bytecode instruction), appends the sentinel and checks the bounds
    /// for a frame with one locals slot per entry of `u64_locals` (parameters and declared
    /// locals; each entry tells whether that local is declared `u64`, see [`fuse`]). An
    /// out-of-range index (code that skipped the bounds checker) is `INDEX_OUT_OF_BOUNDS`
    /// naming the offset.
    pub fn new(ops: Vec<Op>, u64_locals: &[bool]) -> Result<Code, VmError> {
        Code::with_jump_tables(ops, u64_locals, &[])
    }

    /// [`Code::new`] for code with jump tables (`VariantSwitch`): every target of every
    /// table must be an op of the code too.
    pub fn with_jump_tables(
        mut ops: Vec<Op>,
        u64_locals: &[bool],
        jump_tables: &[Box<[u32]>],
    ) -> Result<Code, VmError> {
        let window = u64_locals.len();
        let jump_targets: Vec<u32> = jump_tables.iter().flat_map(|t| t.iter().copied()).collect();
        fuse(&mut ops, u64_locals, &jump_targets);
        let end = ops.len();
        if let Some(t) = jump_targets.iter().find(|t| **t as usize >= end) {
            return Err(
                VmError::new(StatusCode::INDEX_OUT_OF_BOUNDS).with_message(format!(
                    "jump table target {t} out of bounds ({end} instructions)"
                )),
            );
        }
        for (pc, op) in ops.iter().enumerate() {
            let locals_ok = op
                .locals()
                .into_iter()
                .flatten()
                .all(|l| usize::from(l) < window);
            let target_ok = op.target().is_none_or(|t| (t as usize) <= end);
            if !locals_ok || !target_ok || pc + op.span() > end {
                return Err(
                    VmError::new(StatusCode::INDEX_OUT_OF_BOUNDS).with_message(format!(
                    "code offset {pc}: {op:?} out of bounds ({end} instructions, {window} locals)"
                )),
                );
            }
        }
        ops.push(Op::EndOfCode);
        Ok(Code {
            ops: ops.into_boxed_slice(),
            window,
        })
    }

    /// The ops, followed by the [`Op::EndOfCode`] sentinel.
    #[inline(always)]
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    /// The op at `pc` (`None` past the sentinel).
    #[inline]
    pub fn get(&self, pc: usize) -> Option<&Op> {
        self.ops.get(pc)
    }

    /// Number of instructions (the sentinel excluded).
    pub fn len(&self) -> usize {
        self.ops.len() - 1
    }

    /// Whether there are no instructions.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Locals slots a frame running this code is given.
    #[inline(always)]
    pub fn window(&self) -> usize {
        self.window
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_ends_with_the_sentinel_and_keeps_offsets() {
        let code = Code::new(vec![Op::CopyLoc(0), Op::Ret], &[false]).expect("in bounds");
        assert_eq!(code.len(), 2);
        assert_eq!(code.ops(), &[Op::CopyLoc(0), Op::Ret, Op::EndOfCode]);
        assert_eq!(code.window(), 1);
        assert_eq!(Code::default().ops(), &[Op::EndOfCode]);
    }

    #[test]
    fn out_of_range_locals_and_targets_are_rejected() {
        let local = Code::new(vec![Op::CopyLoc(1), Op::Ret], &[false]).expect_err("local 1 of 1");
        assert_eq!(local.status(), StatusCode::INDEX_OUT_OF_BOUNDS);
        assert!(local.message().is_some_and(|m| m.contains("code offset 0")));
        // A branch may land on the sentinel (running it is an invariant error), not past it.
        assert!(Code::new(vec![Op::Branch(1)], &[]).is_ok());
        assert!(Code::new(vec![Op::Branch(2)], &[]).is_err());
        // Fused locals are checked too.
        let fused = vec![Op::MoveLoc(0), Op::LdU64(1), Op::Add, Op::StLoc(3), Op::Ret];
        assert!(Code::new(fused.clone(), &[false; 3]).is_err());
        assert!(Code::new(fused, &[false; 4]).is_ok());
    }

    #[test]
    fn jump_table_targets_are_ops_of_the_code() {
        let ops = vec![Op::BorrowLoc(0), Op::VariantSwitch(0), Op::Ret, Op::Ret];
        let tables: Vec<Box<[u32]>> = vec![vec![2, 3].into()];
        assert!(Code::with_jump_tables(ops.clone(), &[false], &tables).is_ok());
        let beyond: Vec<Box<[u32]>> = vec![vec![2, 4].into()];
        let e = Code::with_jump_tables(ops, &[false], &beyond).expect_err("target 4 of 4 ops");
        assert_eq!(e.status(), StatusCode::INDEX_OUT_OF_BOUNDS);
    }

    #[test]
    fn every_span_stays_within_the_code() {
        // A super-instruction is only formed when the whole sequence is present, so the
        // span check never rejects fused code; a hand-made one running off the end is.
        let code = Code::new(
            vec![Op::CopyLoc(0), Op::LdU64(0), Op::Gt, Op::BrFalse(0)],
            &[true],
        )
        .expect("fused test");
        assert!(matches!(code.ops()[0], Op::CmpLocImmBrFalse { .. }));
        let mut tail = vec![Op::Ret; 2];
        tail.push(Op::AddImm(1));
        assert!(Code::new(tail, &[]).is_err());
    }
}
