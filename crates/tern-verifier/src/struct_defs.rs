//! Recursive struct definitions: no struct of this module may contain itself, directly or
//! through other structs of this module (through fields, vectors or type arguments). The reported definition is the one the peer's graph library reports: a self-loop
//! node, or the second node of the first cycle found by a depth-first topological sort.

use crate::error::{err_at, invariant, VResult};
use crate::view::{Binary, MAX_WALK_DEPTH};
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, BTreeSet};
use tern_binary::{SignatureToken, StructFieldInformation};
use tern_primitives::{Flavor, IndexKind, StatusCode};

/// Checks the struct definitions of a module (without its location). In a Sui module the
/// enums are nodes too, numbered after the structs (the order Sui's graph sorts them in), and
/// a cycle is `RECURSIVE_DATATYPE_DEFINITION`.
pub(crate) fn verify(binary: Binary<'_>) -> VResult<()> {
    let structs = binary.struct_defs().len();
    let mut handle_to_def = FxHashMap::default();
    for (idx, def) in binary.struct_defs().iter().enumerate() {
        handle_to_def.insert(def.struct_handle, idx);
    }
    for (idx, def) in binary.enum_defs().iter().enumerate() {
        handle_to_def.insert(def.enum_handle, structs.saturating_add(idx));
    }
    let mut neighbors: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for (idx, def) in binary.struct_defs().iter().enumerate() {
        let fields: Vec<&SignatureToken> = match &def.field_information {
            StructFieldInformation::Native => Vec::new(),
            StructFieldInformation::Declared(fields) => fields.iter().map(|f| &f.type_).collect(),
            StructFieldInformation::DeclaredVariants(variants) => variants
                .iter()
                .flat_map(|v| &v.fields)
                .map(|f| &f.type_)
                .collect(),
        };
        for ty in fields {
            add_token(&handle_to_def, &mut neighbors, idx, ty, 0)?;
        }
    }
    for (idx, def) in binary.enum_defs().iter().enumerate() {
        let node = structs.saturating_add(idx);
        for field in def.variants.iter().flat_map(|v| &v.fields) {
            add_token(&handle_to_def, &mut neighbors, node, &field.type_, 0)?;
        }
    }
    let edges = neighbors
        .into_iter()
        .flat_map(|(parent, children)| children.into_iter().map(move |child| (parent, child)));
    match Graph::from_edges(edges).cycle() {
        Some(node) if binary.flavor() == Flavor::Sui && node >= structs => Err(err_at(
            StatusCode::RECURSIVE_DATATYPE_DEFINITION,
            IndexKind::EnumDefinition,
            node.saturating_sub(structs),
        )),
        Some(node) if binary.flavor() == Flavor::Sui => Err(err_at(
            StatusCode::RECURSIVE_DATATYPE_DEFINITION,
            IndexKind::StructDefinition,
            node,
        )),
        Some(node) => Err(err_at(
            StatusCode::RECURSIVE_STRUCT_DEFINITION,
            IndexKind::StructDefinition,
            node,
        )),
        None => Ok(()),
    }
}

fn add_token(
    handle_to_def: &FxHashMap<tern_binary::StructHandleIndex, usize>,
    neighbors: &mut BTreeMap<usize, BTreeSet<usize>>,
    current: usize,
    ty: &SignatureToken,
    depth: usize,
) -> VResult<()> {
    use SignatureToken as T;
    if depth > MAX_WALK_DEPTH {
        return Err(crate::error::crash());
    }
    let next = depth.saturating_add(1);
    match ty {
        T::Reference(_) | T::MutableReference(_) => {
            return Err(invariant("Reference field when checking recursive structs"))
        }
        T::Vector(inner) => add_token(handle_to_def, neighbors, current, inner, next)?,
        // A function value holds no value of the types in its signature (its parameters
        // may even be references), so function types add no edge.
        T::Function(..) => {}
        T::Struct(handle) => {
            if let Some(def) = handle_to_def.get(handle) {
                neighbors.entry(current).or_default().insert(*def);
            }
        }
        T::StructInstantiation(handle, args) => {
            if let Some(def) = handle_to_def.get(handle) {
                neighbors.entry(current).or_default().insert(*def);
            }
            for t in args {
                add_token(handle_to_def, neighbors, current, t, next)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// A directed graph whose nodes and adjacency lists keep insertion order.
struct Graph {
    nodes: Vec<usize>,
    outgoing: Vec<Vec<usize>>,
    incoming: Vec<Vec<usize>>,
}

impl Graph {
    fn from_edges(edges: impl Iterator<Item = (usize, usize)>) -> Graph {
        let mut graph = Graph {
            nodes: Vec::new(),
            outgoing: Vec::new(),
            incoming: Vec::new(),
        };
        let mut position: FxHashMap<usize, usize> = FxHashMap::default();
        for (a, b) in edges {
            let pa = graph.add_node(&mut position, a);
            let pb = graph.add_node(&mut position, b);
            if let Some(list) = graph.outgoing.get_mut(pa) {
                list.push(pb);
            }
            if pa != pb {
                if let Some(list) = graph.incoming.get_mut(pb) {
                    list.push(pa);
                }
            }
        }
        graph
    }

    fn add_node(&mut self, position: &mut FxHashMap<usize, usize>, node: usize) -> usize {
        *position.entry(node).or_insert_with(|| {
            self.nodes.push(node);
            self.outgoing.push(Vec::new());
            self.incoming.push(Vec::new());
            self.nodes.len().saturating_sub(1)
        })
    }

    fn node(&self, pos: usize) -> usize {
        self.nodes.get(pos).copied().unwrap_or(usize::MAX)
    }

    /// The node a depth-first topological sort reports for the first cycle, if any.
    fn cycle(&self) -> Option<usize> {
        let n = self.nodes.len();
        let mut discovered = vec![false; n];
        let mut finished = vec![false; n];
        let mut finish_stack = Vec::with_capacity(n);
        for start in 0..n {
            if discovered.get(start).copied().unwrap_or(true) {
                continue;
            }
            let mut stack = vec![start];
            while let Some(&nx) = stack.last() {
                if visit(&mut discovered, nx) {
                    for &succ in self.outgoing.get(nx).map(Vec::as_slice).unwrap_or(&[]) {
                        if succ == nx {
                            return Some(self.node(nx));
                        }
                        if !discovered.get(succ).copied().unwrap_or(true) {
                            stack.push(succ);
                        }
                    }
                } else {
                    stack.pop();
                    if visit(&mut finished, nx) {
                        finish_stack.push(nx);
                    }
                }
            }
        }
        finish_stack.reverse();
        self.second_phase(&finish_stack)
    }

    /// Walks the reversed graph from each node in finishing order; a walk that reaches a second
    /// new node has found a cycle through it.
    fn second_phase(&self, order: &[usize]) -> Option<usize> {
        let mut discovered = vec![false; self.nodes.len()];
        for &i in order {
            let mut stack = vec![i];
            let mut seen_one = false;
            while let Some(node) = stack.pop() {
                if !visit(&mut discovered, node) {
                    continue;
                }
                for &pred in self.incoming.get(node).map(Vec::as_slice).unwrap_or(&[]) {
                    if !discovered.get(pred).copied().unwrap_or(true) {
                        stack.push(pred);
                    }
                }
                if seen_one {
                    return Some(self.node(node));
                }
                seen_one = true;
            }
        }
        None
    }
}

/// Marks `node` visited; true if it was not visited before.
fn visit(visited: &mut [bool], node: usize) -> bool {
    match visited.get_mut(node) {
        Some(v) if !*v => {
            *v = true;
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acyclic_graph_has_no_cycle() {
        assert_eq!(
            Graph::from_edges([(0, 1), (1, 2), (0, 2)].into_iter()).cycle(),
            None
        );
    }

    #[test]
    fn self_loop_reports_its_node() {
        assert_eq!(
            Graph::from_edges([(0, 1), (3, 3)].into_iter()).cycle(),
            Some(3)
        );
    }

    #[test]
    fn two_cycle_reports_a_member() {
        let got = Graph::from_edges([(0, 1), (1, 0)].into_iter()).cycle();
        assert!(matches!(got, Some(0) | Some(1)));
    }
}
