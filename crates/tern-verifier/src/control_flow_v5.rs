//! Legacy control-flow rules for bytecode v5 and older: loops are structured; a backward jump
//! continues the innermost loop, a forward jump out of a loop goes right after its last
//! continue, no forward jump enters a loop, and loops nest at most `max_loop_depth` deep.

use crate::config::VerifierConfig;
use crate::error::{err_offset, invariant, VResult};
use rustc_hash::FxHashSet;
use tern_binary::Bytecode;
use tern_primitives::StatusCode;

#[derive(Clone, Copy)]
enum Label {
    Loop { last_continue: u16 },
    Code,
}

type LoopStack = Vec<(u16, u16)>;

/// Checks the jumps of a code unit (the fall-through check is done by the caller).
pub(crate) fn verify(config: &VerifierConfig, function: u16, code: &[Bytecode]) -> VResult<()> {
    let mut labels = vec![Label::Code; code.len()];
    for (i, instr) in code.iter().enumerate() {
        let i = crate::error::idx_u16(i);
        if let Some(target) = instr.branch_target() {
            if target <= i {
                if let Some(l) = labels.get_mut(usize::from(target)) {
                    *l = Label::Loop { last_continue: i };
                }
            }
        }
    }
    let error = |status, pc| err_offset(status, function, pc);
    // Continues go to the innermost loop.
    walk(code, &labels, |stack, i, instr| {
        match instr.branch_target() {
            Some(t) if t <= i => match stack.last() {
                Some((head, _)) if *head == t => Ok(()),
                Some(_) => Err(error(StatusCode::INVALID_LOOP_CONTINUE, i)),
                None => Err(invariant("continue outside of a loop")),
            },
            _ => Ok(()),
        }
    })?;
    // Breaks go right after the last continue.
    walk(code, &labels, |stack, i, instr| {
        match instr.branch_target() {
            Some(t) if t > i => match stack.last() {
                Some((_, last)) if t > *last && t != last.saturating_add(1) => {
                    Err(error(StatusCode::INVALID_LOOP_BREAK, i))
                }
                _ => Ok(()),
            },
            _ => Ok(()),
        }
    })?;
    let depth = loop_depths(&labels);
    let depth_at = |i: u16| depth.get(usize::from(i)).copied().unwrap_or(0);
    walk(code, &labels, |stack, i, instr| {
        match instr.branch_target() {
            Some(j) if j > i && stack.last().is_none_or(|(_, last)| j <= *last) => {
                let after = match labels.get(usize::from(j)) {
                    Some(Label::Loop { .. }) => depth_at(j).saturating_sub(1),
                    _ => depth_at(j),
                };
                if depth_at(i) != after {
                    Err(error(StatusCode::INVALID_LOOP_SPLIT, i))
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    })?;
    if let Some(max) = config.max_loop_depth {
        walk(code, &labels, |_, i, _| {
            if depth_at(i) > max {
                Err(error(StatusCode::LOOP_MAX_DEPTH_REACHED, i))
            } else {
                Ok(())
            }
        })?;
    }
    Ok(())
}

fn walk(
    code: &[Bytecode],
    labels: &[Label],
    mut check: impl FnMut(&LoopStack, u16, &Bytecode) -> VResult<()>,
) -> VResult<()> {
    let mut stack: LoopStack = Vec::new();
    for ((i, instr), label) in code.iter().enumerate().zip(labels) {
        let i = crate::error::idx_u16(i);
        if let Label::Loop { last_continue } = label {
            stack.push((i, *last_continue));
        }
        check(&stack, i, instr)?;
        if let Some(t) = instr.branch_target() {
            if t <= i {
                let (_, last) = stack.last().ok_or_else(|| invariant("loop stack"))?;
                if i == *last {
                    stack.pop();
                }
            }
        }
    }
    Ok(())
}

fn loop_depths(labels: &[Label]) -> Vec<usize> {
    let last_continues: FxHashSet<usize> = labels
        .iter()
        .filter_map(|l| match l {
            Label::Loop { last_continue } => Some(usize::from(*last_continue)),
            Label::Code => None,
        })
        .collect();
    let mut count = 0usize;
    let mut counts = Vec::with_capacity(labels.len());
    for (idx, label) in labels.iter().enumerate() {
        if let Label::Loop { .. } = label {
            count = count.saturating_add(1);
        }
        counts.push(count);
        if last_continues.contains(&idx) {
            count = count.saturating_sub(1);
        }
    }
    counts
}
