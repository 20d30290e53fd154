//! The control-flow graph of a code unit, built the way the peer builds it: blocks start at
//! offset 0, at branch targets (a Sui `variant_switch`'s jump-table targets included) and after
//! branches; successors come in ascending order (a jump table's repeated targets repeated); loop
//! heads and back edges come from a depth-first walk from the entry; blocks are visited in
//! reverse post-order (unreachable blocks exist but are never visited).

use crate::error::{err_offset, VResult};
use smallvec::SmallVec;
use tern_binary::{Bytecode, CodeOffset, VariantJumpTable};
use tern_primitives::StatusCode;

/// One basic block.
#[derive(Debug, Clone)]
pub(crate) struct Block {
    /// First instruction (also the block's id).
    pub(crate) start: CodeOffset,
    /// Last instruction.
    pub(crate) end: CodeOffset,
    /// Successor block ids, ascending.
    pub(crate) successors: SmallVec<[CodeOffset; 2]>,
}

/// The control-flow graph.
#[derive(Debug)]
pub(crate) struct Cfg {
    /// All blocks, by ascending start.
    pub(crate) blocks: Vec<Block>,
    /// Block position of each instruction that starts a block (`u32::MAX` otherwise).
    block_at: Vec<u32>,
    /// Next block in traversal order, by block position.
    next: Vec<Option<CodeOffset>>,
    /// Position in traversal order, by block position (unreachable blocks: after all).
    order: Vec<usize>,
    /// Back edges as (source, loop head), sorted.
    back_edges: Vec<(CodeOffset, CodeOffset)>,
}

/// The targets of a branch instruction within the code: its label, or the targets of a
/// `variant_switch`'s jump table (in table order, repeats included).
fn targets(instr: &Bytecode, jump_tables: &[VariantJumpTable]) -> SmallVec<[CodeOffset; 2]> {
    match instr {
        Bytecode::VariantSwitch(table) => jump_tables
            .get(table.idx())
            .map(|t| t.targets.iter().copied().collect())
            .unwrap_or_default(),
        other => other.branch_target().into_iter().collect(),
    }
}

/// The successors of the instruction at `pc`, ascending.
fn successors(
    pc: usize,
    code: &[Bytecode],
    jump_tables: &[VariantJumpTable],
) -> SmallVec<[CodeOffset; 2]> {
    let Some(instr) = code.get(pc) else {
        return SmallVec::new();
    };
    let mut v = targets(instr, jump_tables);
    let next = pc.saturating_add(1);
    if next >= code.len() {
        return v;
    }
    let next = crate::error::idx_u16(next);
    if !instr.is_unconditional_branch() && !v.contains(&next) {
        v.push(next);
    }
    v.sort_unstable();
    v
}

impl Cfg {
    /// Builds the graph; `function` is the definition index used if a branch target is out of
    /// range (only possible without bounds checking).
    pub(crate) fn new(
        code: &[Bytecode],
        jump_tables: &[VariantJumpTable],
        function: u16,
    ) -> VResult<Cfg> {
        let len = code.len();
        let mut is_start = vec![false; len.max(1)];
        if let Some(first) = is_start.first_mut() {
            *first = true;
        }
        for (pc, instr) in code.iter().enumerate() {
            for target in targets(instr, jump_tables) {
                match is_start.get_mut(usize::from(target)) {
                    Some(slot) if usize::from(target) < len => *slot = true,
                    _ => {
                        return Err(err_offset(
                            StatusCode::INDEX_OUT_OF_BOUNDS,
                            function,
                            crate::error::idx_u16(pc),
                        ))
                    }
                }
            }
            if instr.is_branch() {
                if let Some(slot) = is_start.get_mut(pc.saturating_add(1)) {
                    *slot = true;
                }
            }
        }
        let mut blocks = Vec::new();
        let mut block_at = vec![u32::MAX; len.max(1)];
        let mut start = 0usize;
        for pc in 0..len {
            let last =
                pc.saturating_add(1) == len || is_start.get(pc.saturating_add(1)) == Some(&true);
            if last {
                if let Some(slot) = block_at.get_mut(start) {
                    *slot = u32::try_from(blocks.len()).unwrap_or(u32::MAX);
                }
                blocks.push(Block {
                    start: crate::error::idx_u16(start),
                    end: crate::error::idx_u16(pc),
                    successors: successors(pc, code, jump_tables),
                });
                start = pc.saturating_add(1);
            }
        }
        let mut cfg = Cfg {
            next: vec![None; blocks.len()],
            order: vec![usize::MAX; blocks.len()],
            back_edges: Vec::new(),
            blocks,
            block_at,
        };
        if !cfg.blocks.is_empty() {
            cfg.explore();
        }
        Ok(cfg)
    }

    /// The position in `blocks` of the block starting at `id`.
    pub(crate) fn position(&self, id: CodeOffset) -> Option<usize> {
        match self.block_at.get(usize::from(id)) {
            Some(&p) if p != u32::MAX => usize::try_from(p).ok(),
            _ => None,
        }
    }

    /// The block starting at `id`.
    pub(crate) fn block(&self, id: CodeOffset) -> Option<&Block> {
        self.position(id).and_then(|p| self.blocks.get(p))
    }

    /// Depth-first walk from the entry: records loop heads with their back edges and the
    /// reverse post-order used for traversal.
    fn explore(&mut self) {
        const NEW: u8 = 0;
        const IN_PROGRESS: u8 = 1;
        const DONE: u8 = 2;
        let mut state = vec![NEW; self.blocks.len()];
        let mut post_order: Vec<CodeOffset> = Vec::with_capacity(self.blocks.len());
        let mut stack: Vec<CodeOffset> = vec![0];
        while let Some(block) = stack.pop() {
            let Some(pos) = self.position(block) else {
                continue;
            };
            match state.get(pos).copied() {
                Some(NEW) => {
                    if let Some(s) = state.get_mut(pos) {
                        *s = IN_PROGRESS;
                    }
                    stack.push(block);
                    let succs = self.blocks.get(pos).map(|b| b.successors.clone());
                    for succ in succs.unwrap_or_default() {
                        let Some(sp) = self.position(succ) else {
                            continue;
                        };
                        match state.get(sp).copied() {
                            Some(NEW) => stack.push(succ),
                            Some(IN_PROGRESS) => {
                                self.back_edges.push((block, succ));
                            }
                            _ => {}
                        }
                    }
                }
                Some(IN_PROGRESS) => {
                    post_order.push(block);
                    if let Some(s) = state.get_mut(pos) {
                        *s = DONE;
                    }
                }
                _ => {}
            }
        }
        self.back_edges.sort_unstable();
        self.back_edges.dedup();
        post_order.reverse();
        for (i, block) in post_order.iter().enumerate() {
            if let Some(slot) = self.position(*block).and_then(|p| self.order.get_mut(p)) {
                *slot = i;
            }
        }
        for pair in post_order.windows(2) {
            if let [a, b] = pair {
                if let Some(p) = self.position(*a) {
                    if let Some(slot) = self.next.get_mut(p) {
                        *slot = Some(*b);
                    }
                }
            }
        }
    }

    /// The entry block's id.
    pub(crate) fn entry(&self) -> CodeOffset {
        0
    }

    /// Number of blocks (reachable or not).
    pub(crate) fn num_blocks(&self) -> usize {
        self.blocks.len()
    }

    /// The block after `id` in traversal order.
    pub(crate) fn next_block(&self, id: CodeOffset) -> Option<CodeOffset> {
        self.position(id)
            .and_then(|p| self.next.get(p).copied().flatten())
    }

    /// The position of block `id` in traversal order (`usize::MAX` if never visited).
    pub(crate) fn traversal_index(&self, id: CodeOffset) -> usize {
        self.position(id)
            .and_then(|p| self.order.get(p).copied())
            .unwrap_or(usize::MAX)
    }

    /// The successors of block `id`.
    pub(crate) fn successors(&self, id: CodeOffset) -> &[CodeOffset] {
        self.block(id)
            .map(|b| b.successors.as_slice())
            .unwrap_or(&[])
    }

    /// Whether `cur -> next` is a back edge.
    pub(crate) fn is_back_edge(&self, cur: CodeOffset, next: CodeOffset) -> bool {
        self.back_edges.binary_search(&(cur, next)).is_ok()
    }

    /// Number of back edges.
    pub(crate) fn num_back_edges(&self) -> usize {
        self.back_edges.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Bytecode as B;

    #[test]
    fn blocks_split_at_targets_and_after_branches() {
        // 0: LdTrue 1: BrFalse 4 2: Branch 0 3: Ret(unreachable) 4: Ret
        let code = vec![B::LdTrue, B::BrFalse(4), B::Branch(0), B::Ret, B::Ret];
        let cfg = Cfg::new(&code, &[], 0).unwrap();
        let starts: Vec<_> = cfg.blocks.iter().map(|b| b.start).collect();
        assert_eq!(starts, vec![0, 2, 3, 4]);
        assert_eq!(cfg.successors(0), &[2, 4]);
        assert!(cfg.is_back_edge(2, 0));
        assert_eq!(cfg.num_back_edges(), 1);
        // Reverse post-order: 0, 2, 4 (block 3 unreachable).
        assert_eq!(cfg.next_block(0), Some(2));
        assert_eq!(cfg.next_block(2), Some(4));
        assert_eq!(cfg.next_block(4), None);
    }

    #[test]
    fn out_of_range_target_is_reported() {
        let e = Cfg::new(&[B::Branch(9)], &[], 3).unwrap_err();
        assert_eq!(e.status(), StatusCode::INDEX_OUT_OF_BOUNDS);
        assert_eq!(e.data().offsets, vec![(3, 0)]);
    }
}
