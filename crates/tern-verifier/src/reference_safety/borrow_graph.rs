//! The borrow graph: nodes are references, an edge `parent -> child` labelled with a path says
//! the child borrows from the parent at that path (exactly, if strong; at that path or any
//! extension of it, if weak). Edge sets between two nodes hold at most 10 edges; beyond that
//! they collapse to one weak edge with an empty path (borrows anything).
//!
//! The operations follow the peer's graph exactly (iteration orders included), since the
//! collapse of large edge sets makes the result order-dependent.

use std::collections::{BTreeMap, BTreeSet};

/// Identifier of a reference.
pub(crate) type RefId = usize;

/// One step of a borrow path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Label {
    /// A local of the frame (edges from the frame root).
    Local(u8),
    /// A global resource (edges from the frame root).
    Global(u16),
    /// A field, by its offset.
    Field(u16),
}

/// An edge: exact (strong) or prefix (weak) borrow at `path`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    strong: bool,
    path: Vec<Label>,
}

impl Edge {
    fn leq(&self, other: &Edge) -> bool {
        self == other || (!self.strong && is_prefix(&self.path, &other.path))
    }
}

fn is_prefix(lhs: &[Label], rhs: &[Label]) -> bool {
    rhs.starts_with(lhs)
}

/// Most edges kept between two nodes.
const MAX_EDGE_SET_SIZE: usize = 10;

#[derive(Clone, Debug, Default)]
struct EdgeSet {
    edges: BTreeSet<Edge>,
    overflown: bool,
}

impl EdgeSet {
    fn insert(&mut self, edge: Edge) {
        if self.overflown {
            return;
        }
        if self.edges.len().saturating_add(1) > MAX_EDGE_SET_SIZE {
            self.edges = BTreeSet::from([Edge {
                strong: false,
                path: Vec::new(),
            }]);
            self.overflown = true;
        } else {
            self.edges.insert(edge);
        }
    }
}

#[derive(Clone, Debug)]
struct Node {
    borrowed_by: BTreeMap<RefId, EdgeSet>,
    borrows_from: BTreeSet<RefId>,
    mutable: bool,
}

/// The graph.
#[derive(Clone, Debug, Default)]
pub(crate) struct BorrowGraph(BTreeMap<RefId, Node>);

impl BorrowGraph {
    /// Number of nodes plus number of edges (metered).
    pub(crate) fn size(&self) -> usize {
        self.0
            .values()
            .map(|n| {
                n.borrowed_by
                    .values()
                    .map(|s| s.edges.len())
                    .fold(1usize, usize::saturating_add)
            })
            .fold(0usize, usize::saturating_add)
    }

    /// Whether `id` is a mutable reference.
    pub(crate) fn is_mutable(&self, id: RefId) -> bool {
        self.0.get(&id).is_some_and(|n| n.mutable)
    }

    /// Adds a reference.
    pub(crate) fn new_ref(&mut self, id: RefId, mutable: bool) {
        self.0.insert(
            id,
            Node {
                borrowed_by: BTreeMap::new(),
                borrows_from: BTreeSet::new(),
                mutable,
            },
        );
    }

    fn edges_of(&self, id: RefId) -> impl Iterator<Item = (RefId, &Edge)> {
        self.0
            .get(&id)
            .into_iter()
            .flat_map(|n| n.borrowed_by.iter())
            .flat_map(|(child, set)| set.edges.iter().map(move |e| (*child, e)))
    }

    /// Whether some reference borrows all of `id` (an edge with an empty path).
    pub(crate) fn has_full_borrows(&self, id: RefId) -> bool {
        self.edges_of(id).any(|(_, e)| e.path.is_empty())
    }

    /// Whether `id` is borrowed: by a full borrow, or by a field borrow (at `label` if given).
    /// With `mutable_only`, only borrows by mutable references count.
    pub(crate) fn has_consistent_borrows(
        &self,
        id: RefId,
        label: Option<Label>,
        mutable_only: bool,
    ) -> bool {
        self.edges_of(id).any(|(child, e)| {
            let counts = match (e.path.first(), label) {
                (None, _) => true,
                (Some(_), None) => true,
                (Some(first), Some(l)) => *first == l,
            };
            counts && (!mutable_only || self.is_mutable(child))
        })
    }

    fn add_edge(&mut self, parent: RefId, edge: Edge, child: RefId) {
        if parent == child || !self.0.contains_key(&child) {
            return;
        }
        let Some(p) = self.0.get_mut(&parent) else { return };
        p.borrowed_by.entry(child).or_default().insert(edge);
        if let Some(c) = self.0.get_mut(&child) {
            c.borrows_from.insert(parent);
        }
    }

    /// Adds a strong edge at `path`, moving the parent's edges at or below `path` under the
    /// new child.
    fn factor(&mut self, parent: RefId, path: Vec<Label>, intermediate: RefId) {
        let mut factored: Vec<(RefId, Edge)> = Vec::new();
        if let Some(p) = self.0.get(&parent) {
            for (child, set) in &p.borrowed_by {
                for edge in &set.edges {
                    if is_prefix(&path, &edge.path) {
                        factored.push((*child, edge.clone()));
                    }
                }
            }
        }
        let mut emptied = BTreeSet::new();
        if let Some(p) = self.0.get_mut(&parent) {
            for (child, edge) in &factored {
                if let Some(set) = p.borrowed_by.get_mut(child) {
                    set.edges.remove(edge);
                    if set.edges.is_empty() {
                        p.borrowed_by.remove(child);
                        emptied.insert(*child);
                    }
                }
            }
        }
        for child in emptied {
            if let Some(c) = self.0.get_mut(&child) {
                c.borrows_from.remove(&parent);
            }
        }
        for (child, edge) in factored {
            let suffix = edge.path.get(path.len()..).unwrap_or(&[]).to_vec();
            let moved = Edge {
                strong: edge.strong,
                path: suffix,
            };
            self.add_edge(intermediate, moved, child);
        }
        self.add_edge(parent, Edge { strong: true, path }, intermediate);
    }

    /// `child` is an exact copy of `parent`.
    pub(crate) fn add_strong_borrow(&mut self, parent: RefId, child: RefId) {
        self.factor(parent, Vec::new(), child)
    }

    /// `child` borrows exactly `label` of `parent`.
    pub(crate) fn add_strong_field_borrow(&mut self, parent: RefId, label: Label, child: RefId) {
        self.factor(parent, vec![label], child)
    }

    /// `child` borrows some part of `parent`.
    pub(crate) fn add_weak_borrow(&mut self, parent: RefId, child: RefId) {
        let edge = Edge {
            strong: false,
            path: Vec::new(),
        };
        self.add_edge(parent, edge, child)
    }

    /// `child` borrows some part of `label` of `parent`.
    pub(crate) fn add_weak_field_borrow(&mut self, parent: RefId, label: Label, child: RefId) {
        let edge = Edge {
            strong: false,
            path: vec![label],
        };
        self.add_edge(parent, edge, child)
    }

    /// Removes `id`, connecting its parents to its children.
    pub(crate) fn release(&mut self, id: RefId) {
        let Some(node) = self.0.remove(&id) else { return };
        for parent in &node.borrows_from {
            let parent_edges = self
                .0
                .get_mut(parent)
                .and_then(|p| p.borrowed_by.remove(&id))
                .unwrap_or_default();
            for parent_edge in &parent_edges.edges {
                for (child, child_edges) in &node.borrowed_by {
                    for child_edge in &child_edges.edges {
                        if parent == child {
                            continue;
                        }
                        let path = if parent_edge.strong {
                            let mut p = parent_edge.path.clone();
                            p.extend_from_slice(&child_edge.path);
                            p
                        } else {
                            parent_edge.path.clone()
                        };
                        let strong = parent_edge.strong && child_edge.strong;
                        self.add_edge(*parent, Edge { strong, path }, *child);
                    }
                }
            }
        }
        for child in node.borrowed_by.keys() {
            if let Some(c) = self.0.get_mut(child) {
                c.borrows_from.remove(&id);
            }
        }
    }

    /// The edges of `other` not covered by an edge of `self`, grouped as the peer groups them
    /// (the groups are edge sets, so they collapse too).
    fn unmatched_edges(&self, other: &BorrowGraph) -> BTreeMap<RefId, BTreeMap<RefId, EdgeSet>> {
        let mut unmatched: BTreeMap<RefId, BTreeMap<RefId, EdgeSet>> = BTreeMap::new();
        for (parent, other_node) in &other.0 {
            let mine = self.0.get(parent).map(|n| &n.borrowed_by);
            for (child, other_edges) in &other_node.borrowed_by {
                for edge in &other_edges.edges {
                    let matched = mine
                        .and_then(|m| m.get(child))
                        .is_some_and(|set| set.edges.iter().any(|e| e.leq(edge)));
                    if !matched {
                        unmatched
                            .entry(*parent)
                            .or_default()
                            .entry(*child)
                            .or_default()
                            .insert(edge.clone());
                    }
                }
            }
        }
        unmatched
    }

    /// Whether every edge of `other` is covered by an edge of `self`.
    pub(crate) fn leq(&self, other: &BorrowGraph) -> bool {
        self.unmatched_edges(other).is_empty()
    }

    /// `self` plus the edges of `other` it does not cover.
    pub(crate) fn join(&self, other: &BorrowGraph) -> BorrowGraph {
        let mut joined = self.clone();
        for (parent, children) in self.unmatched_edges(other) {
            for (child, edges) in children {
                for edge in edges.edges {
                    joined.add_edge(parent, edge, child);
                }
            }
        }
        joined
    }

    /// Renames references (ids not in the map keep their id).
    pub(crate) fn remap(&mut self, map: &BTreeMap<RefId, RefId>) {
        let rename = |id: RefId| map.get(&id).copied().unwrap_or(id);
        self.0 = std::mem::take(&mut self.0)
            .into_iter()
            .map(|(id, node)| {
                let node = Node {
                    borrowed_by: node
                        .borrowed_by
                        .into_iter()
                        .map(|(c, s)| (rename(c), s))
                        .collect(),
                    borrows_from: node.borrows_from.into_iter().map(rename).collect(),
                    mutable: node.mutable,
                };
                (rename(id), node)
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_splices_parent_to_child() {
        let mut g = BorrowGraph::default();
        for id in 0..3 {
            g.new_ref(id, true);
        }
        g.add_strong_field_borrow(0, Label::Field(1), 1);
        g.add_strong_field_borrow(1, Label::Field(2), 2);
        g.release(1);
        assert!(g.has_consistent_borrows(0, Some(Label::Field(1)), false));
        assert!(!g.has_consistent_borrows(0, Some(Label::Field(2)), false));
        assert!(!g.has_full_borrows(0));
    }

    #[test]
    fn copies_take_over_existing_borrows() {
        let mut g = BorrowGraph::default();
        for id in 0..3 {
            g.new_ref(id, true);
        }
        g.add_strong_field_borrow(0, Label::Field(0), 1);
        g.add_strong_borrow(0, 2);
        // The field borrow now hangs below the copy.
        assert!(g.has_full_borrows(0));
        assert!(g.has_consistent_borrows(2, Some(Label::Field(0)), true));
    }

    #[test]
    fn edge_sets_collapse_beyond_ten() {
        let mut g = BorrowGraph::default();
        g.new_ref(0, true);
        g.new_ref(1, true);
        for f in 0..11u16 {
            g.add_weak_field_borrow(0, Label::Field(f), 1);
        }
        assert!(g.has_full_borrows(0));
        assert_eq!(g.size(), 3);
    }

    #[test]
    fn join_adds_uncovered_edges() {
        let mut a = BorrowGraph::default();
        a.new_ref(0, true);
        a.new_ref(1, true);
        let mut b = a.clone();
        b.add_strong_field_borrow(0, Label::Local(0), 1);
        assert!(!a.leq(&b));
        let j = a.join(&b);
        assert!(j.leq(&b));
        assert!(j.has_consistent_borrows(0, Some(Label::Local(0)), false));
    }
}
