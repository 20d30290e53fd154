//! Instantiation loops: generic functions of this module must not call each other in a cycle
//! that wraps a type parameter in a type constructor each time round (`f<T>` calling
//! `f<S<T>>`), which would create infinitely many instantiations.
//!
//! Nodes are the type parameters of function definitions; a call `g<..>` from `f` adds an edge
//! from each type parameter of `f` used in the i-th type argument to `g`'s i-th parameter,
//! marked "constructor" unless the argument is the bare parameter. A strongly connected
//! component containing a constructor edge is a loop (`LOOP_IN_INSTANTIATION_GRAPH`, no index).

use crate::error::{err, VResult};
use crate::view::Binary;
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;
use tern_binary::{Bytecode, FunctionDefinitionIndex, SignatureToken};
use tern_primitives::StatusCode;

type Node = (u16, u16);

#[derive(Default)]
struct Graph {
    ids: FxHashMap<Node, usize>,
    edges: Vec<Vec<usize>>,
    constructor_edges: Vec<(usize, usize)>,
}

impl Graph {
    fn node(&mut self, node: Node) -> usize {
        let next = self.ids.len();
        let id = *self.ids.entry(node).or_insert(next);
        if id == next {
            self.edges.push(Vec::new());
        }
        id
    }

    fn add_edge(&mut self, from: Node, to: Node, constructor: bool) {
        let a = self.node(from);
        let b = self.node(to);
        if let Some(list) = self.edges.get_mut(a) {
            list.push(b);
        }
        if constructor {
            self.constructor_edges.push((a, b));
        }
    }
}

/// Checks the generic calls of a module (without its location).
pub(crate) fn verify(binary: Binary<'_>) -> VResult<()> {
    let mut handle_to_def = FxHashMap::default();
    for (idx, def) in binary.function_defs().iter().enumerate() {
        handle_to_def.insert(def.function, idx_u16(idx));
    }
    let mut graph = Graph::default();
    for (caller, def) in binary.function_defs().iter().enumerate() {
        let Some(code) = &def.code else { continue };
        for instr in &code.code {
            let (Bytecode::CallGeneric(inst) | Bytecode::PackClosureGeneric(inst, _)) = instr
            else {
                continue;
            };
            let inst = binary.function_inst(*inst)?;
            let Some(&callee) = handle_to_def.get(&inst.handle) else {
                continue;
            };
            let args = binary.sig(inst.type_parameters)?;
            add_call(&mut graph, idx_u16(caller), callee, &args.0);
        }
    }
    let components = strongly_connected(&graph.edges);
    let looping = graph
        .constructor_edges
        .iter()
        .any(|&(a, b)| components.get(a).is_some() && components.get(a) == components.get(b));
    if looping {
        return Err(err(StatusCode::LOOP_IN_INSTANTIATION_GRAPH));
    }
    Ok(())
}

fn idx_u16(idx: usize) -> u16 {
    FunctionDefinitionIndex(crate::error::idx_u16(idx)).0
}

fn add_call(graph: &mut Graph, caller: u16, callee: u16, args: &[SignatureToken]) {
    for (formal, ty) in args.iter().enumerate() {
        let formal = crate::error::idx_u16(formal);
        match ty {
            SignatureToken::TypeParameter(actual) => {
                graph.add_edge((caller, *actual), (callee, formal), false)
            }
            _ => {
                let params: BTreeSet<u16> = ty
                    .preorder()
                    .filter_map(|t| match t {
                        SignatureToken::TypeParameter(i) => Some(*i),
                        _ => None,
                    })
                    .collect();
                for param in params {
                    graph.add_edge((caller, param), (callee, formal), true);
                }
            }
        }
    }
}

/// The strongly connected component of each node (iterative Tarjan).
fn strongly_connected(edges: &[Vec<usize>]) -> Vec<usize> {
    let n = edges.len();
    let unset = usize::MAX;
    let mut index = vec![unset; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![unset; n];
    let mut stack = Vec::new();
    let mut next_index = 0usize;
    let mut next_component = 0usize;
    for root in 0..n {
        if index.get(root) != Some(&unset) {
            continue;
        }
        // Work items: (node, position of the next edge to follow).
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut pos)) = work.last_mut() {
            if *pos == 0 && index.get(v) == Some(&unset) {
                set(&mut index, v, next_index);
                set(&mut low, v, next_index);
                next_index = next_index.saturating_add(1);
                stack.push(v);
                set(&mut on_stack, v, true);
            }
            let succs = edges.get(v).map(Vec::as_slice).unwrap_or(&[]);
            if let Some(&w) = succs.get(*pos) {
                *pos = pos.saturating_add(1);
                if index.get(w) == Some(&unset) {
                    work.push((w, 0));
                } else if on_stack.get(w) == Some(&true) {
                    let m = low_of(&low, v).min(index.get(w).copied().unwrap_or(unset));
                    set(&mut low, v, m);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                let m = low_of(&low, parent).min(low_of(&low, v));
                set(&mut low, parent, m);
            }
            if low.get(v) == index.get(v) {
                while let Some(w) = stack.pop() {
                    set(&mut on_stack, w, false);
                    set(&mut component, w, next_component);
                    if w == v {
                        break;
                    }
                }
                next_component = next_component.saturating_add(1);
            }
        }
    }
    component
}

fn low_of(low: &[usize], v: usize) -> usize {
    low.get(v).copied().unwrap_or(usize::MAX)
}

fn set<T: Copy>(slice: &mut [T], i: usize, value: T) {
    if let Some(slot) = slice.get_mut(i) {
        *slot = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_of_a_cycle_match() {
        let edges = vec![vec![1], vec![2], vec![0], vec![0]];
        let c = strongly_connected(&edges);
        assert_eq!(c[0], c[1]);
        assert_eq!(c[1], c[2]);
        assert_ne!(c[3], c[0]);
    }
}
