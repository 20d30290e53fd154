//! Control flow: the code is not empty and cannot fall off its end, and (bytecode v6+) the
//! control-flow graph is reducible with loops nested at most `max_loop_depth` deep, checked with
//! Tarjan's reducibility test over a depth-first spanning tree. Bytecode v5 and older use the
//! legacy structured-loop rules (see `control_flow_v5`).

use crate::cfg::Cfg;
use crate::config::VerifierConfig;
use crate::error::{err, err_offset, VResult};
use smallvec::SmallVec;
use tern_binary::{Bytecode, VariantJumpTable};
use tern_primitives::StatusCode;

/// Checks the code of definition `function` (0 for a script) of a binary of `version`.
pub(crate) fn verify(
    config: &VerifierConfig,
    version: u32,
    function: u16,
    code: &[Bytecode],
    jump_tables: &[VariantJumpTable],
) -> VResult<Cfg> {
    verify_fallthrough(function, code)?;
    if version <= 5 {
        crate::control_flow_v5::verify(config, function, code)?;
        return Cfg::new(code, jump_tables, function);
    }
    let cfg = Cfg::new(code, jump_tables, function)?;
    // Without back edges the reachable graph has no cycle: no loops to check.
    if cfg.num_back_edges() > 0 {
        verify_reducibility(config, function, &cfg)?;
    }
    Ok(cfg)
}

fn verify_fallthrough(function: u16, code: &[Bytecode]) -> VResult<()> {
    match code.last() {
        None => Err(err(StatusCode::EMPTY_CODE_UNIT)),
        Some(last) if !last.is_unconditional_branch() => Err(err_offset(
            StatusCode::INVALID_FALL_THROUGH,
            function,
            crate::error::idx_u16(code.len().saturating_sub(1)),
        )),
        Some(_) => Ok(()),
    }
}

/// The depth-first spanning tree of the graph: nodes numbered in pre-order, each with its
/// block, number of descendants, back-edge sources and other predecessors.
struct LoopSummary {
    blocks: Vec<u16>,
    descs: Vec<usize>,
    backs: Vec<SmallVec<[usize; 2]>>,
    preds: Vec<SmallVec<[usize; 2]>>,
}

enum Frontier {
    Visit {
        from: usize,
        to: u16,
    },
    Finish {
        block: u16,
        node: usize,
        parent: usize,
    },
}

impl LoopSummary {
    fn new(cfg: &Cfg) -> LoopSummary {
        let n = cfg.num_blocks();
        let mut s = LoopSummary {
            blocks: vec![0; n],
            descs: vec![0; n],
            backs: vec![SmallVec::new(); n],
            preds: vec![SmallVec::new(); n],
        };
        // Exploration state of each block position: None, Some(in_progress, node).
        let mut explored: Vec<Option<(bool, usize)>> = vec![None; n];
        let root = cfg.entry();
        let mut next_node = 1usize;
        set(&mut explored, cfg.position(root), Some((true, 0)));
        let mut stack: Vec<Frontier> = cfg
            .successors(root)
            .iter()
            .map(|&to| Frontier::Visit { from: 0, to })
            .collect();
        while let Some(action) = stack.pop() {
            match action {
                Frontier::Finish {
                    block,
                    node,
                    parent,
                } => {
                    let add = get(&s.descs, node).saturating_add(1);
                    if let Some(d) = s.descs.get_mut(parent) {
                        *d = d.saturating_add(add);
                    }
                    set(&mut explored, cfg.position(block), Some((false, node)));
                }
                Frontier::Visit { from, to } => {
                    let pos = cfg.position(to);
                    match pos.and_then(|p| explored.get(p).copied().flatten()) {
                        Some((true, to_node)) => push(&mut s.backs, to_node, from),
                        Some((false, to_node)) => push(&mut s.preds, to_node, from),
                        None => {
                            let node = next_node;
                            next_node = next_node.saturating_add(1);
                            set(&mut explored, pos, Some((true, node)));
                            if let Some(b) = s.blocks.get_mut(node) {
                                *b = to;
                            }
                            push(&mut s.preds, node, from);
                            stack.push(Frontier::Finish {
                                block: to,
                                node,
                                parent: from,
                            });
                            stack.extend(
                                cfg.successors(to)
                                    .iter()
                                    .map(|&t| Frontier::Visit { from: node, to: t }),
                            );
                        }
                    }
                }
            }
        }
        s
    }

    fn is_descendant(&self, ancestor: usize, descendant: usize) -> bool {
        ancestor <= descendant && descendant <= ancestor.saturating_add(get(&self.descs, ancestor))
    }
}

fn get(v: &[usize], i: usize) -> usize {
    v.get(i).copied().unwrap_or(0)
}

fn push(v: &mut [SmallVec<[usize; 2]>], i: usize, x: usize) {
    if let Some(list) = v.get_mut(i) {
        list.push(x);
    }
}

fn set<T>(v: &mut [T], i: Option<usize>, x: T) {
    if let Some(slot) = i.and_then(|i| v.get_mut(i)) {
        *slot = x;
    }
}

/// Union-find of collapsed loops with their nesting depths.
struct LoopPartition {
    parents: Vec<usize>,
    depths: Vec<usize>,
}

impl LoopPartition {
    fn containing_loop(&mut self, id: usize) -> usize {
        let mut root = id;
        while let Some(&p) = self.parents.get(root) {
            if p == root {
                break;
            }
            root = p;
        }
        let mut node = id;
        while node != root {
            let Some(slot) = self.parents.get_mut(node) else {
                break;
            };
            node = std::mem::replace(slot, root);
        }
        root
    }

    fn collapse_loop(&mut self, head: usize, body: &[usize]) -> usize {
        let mut depth = get(&self.depths, head);
        for &constituent in body {
            if let Some(p) = self.parents.get_mut(constituent) {
                *p = head;
            }
            depth = depth.max(get(&self.depths, constituent));
        }
        depth = depth.saturating_add(1);
        if let Some(d) = self.depths.get_mut(head) {
            *d = depth;
        }
        depth
    }
}

fn verify_reducibility(config: &VerifierConfig, function: u16, cfg: &Cfg) -> VResult<()> {
    let summary = LoopSummary::new(cfg);
    let n = summary.blocks.len();
    let mut partition = LoopPartition {
        parents: (0..n).collect(),
        depths: vec![0; n],
    };
    // The body of the loop being collapsed: its members, and a membership mark per node.
    let mut body: Vec<usize> = Vec::new();
    let mut in_body = vec![false; n];
    let mut frontier: Vec<usize> = Vec::new();
    for head in (0..n).rev() {
        let Some(back) = summary.backs.get(head).filter(|b| !b.is_empty()) else {
            continue;
        };
        for &node in &body {
            set(&mut in_body, Some(node), false);
        }
        body.clear();
        let mut insert = |body: &mut Vec<usize>, node: usize| {
            let fresh = in_body.get(node).is_some_and(|m| !m);
            if fresh {
                set(&mut in_body, Some(node), true);
                body.push(node);
            }
            fresh
        };
        for &node in back {
            let node = partition.containing_loop(node);
            if node != head {
                insert(&mut body, node);
            }
        }
        // Explored from the highest node down, as the peer's ordered set is.
        body.sort_unstable();
        frontier.clear();
        frontier.extend(body.iter().copied());
        while let Some(node) = frontier.pop() {
            for &pred in summary.preds.get(node).map(|p| p.as_slice()).unwrap_or(&[]) {
                let pred = partition.containing_loop(pred);
                if !summary.is_descendant(head, pred) {
                    let block = summary.blocks.get(pred).copied().unwrap_or(0);
                    return Err(err_offset(StatusCode::INVALID_LOOP_SPLIT, function, block));
                }
                if pred != head && insert(&mut body, pred) {
                    frontier.push(pred);
                }
            }
        }
        let depth = partition.collapse_loop(head, &body);
        if config.max_loop_depth.is_some_and(|max| depth > max) {
            let block = summary.blocks.get(head).copied().unwrap_or(0);
            return Err(err_offset(
                StatusCode::LOOP_MAX_DEPTH_REACHED,
                function,
                block,
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Bytecode as B;

    fn check(code: Vec<B>) -> Result<(), StatusCode> {
        verify(&VerifierConfig::production(), 9, 0, &code, &[])
            .map(|_| ())
            .map_err(|e| e.status())
    }

    #[test]
    fn fall_through_and_empty_code() {
        assert_eq!(check(vec![]), Err(StatusCode::EMPTY_CODE_UNIT));
        assert_eq!(check(vec![B::Nop]), Err(StatusCode::INVALID_FALL_THROUGH));
        assert_eq!(check(vec![B::Ret]), Ok(()));
    }

    #[test]
    fn irreducible_graph_is_rejected() {
        // Two entries into the cycle {2, 4}: 0 -> 2 or 4; 2 -> 4; 4 -> 2.
        let code = vec![
            B::LdTrue,    // 0
            B::BrTrue(4), // 1
            B::Nop,       // 2
            B::Branch(4), // 3
            B::Branch(2), // 4
        ];
        assert_eq!(check(code), Err(StatusCode::INVALID_LOOP_SPLIT));
    }

    fn nested_loops(depth: u16) -> Vec<B> {
        let mut code: Vec<B> = (0..depth).map(|_| B::Nop).collect();
        for head in (0..depth).rev() {
            code.push(B::LdTrue);
            code.push(B::BrTrue(head));
        }
        code.push(B::Ret);
        code
    }

    #[test]
    fn loop_depth_is_bounded() {
        assert_eq!(check(nested_loops(5)), Ok(()));
        assert_eq!(
            check(nested_loops(6)),
            Err(StatusCode::LOOP_MAX_DEPTH_REACHED)
        );
    }
}
