//! The borrow graph: nodes are references, an edge `parent -> child` labelled with a path says
//! the child borrows from the parent at that path (exactly, if strong; at that path or any
//! extension of it, if weak). Edge sets between two nodes hold at most 10 edges; beyond that
//! they collapse to one weak edge with an empty path (borrows anything).
//!
//! The operations follow the peer's graph exactly (iteration orders included, since the
//! collapse of large edge sets makes results order-dependent). The representation is flat, so
//! that states are cheap to copy: a node table indexed by reference id and one edge list
//! sorted by parent, child and edge (the peer's iteration order). Every operation is linear in
//! the size of the graph at most, which the reference-safety meter charges for.

use smallvec::SmallVec;
use std::ops::Range;

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
    /// A field of one variant of a Sui enum: enum definition, variant tag, field offset.
    VariantField(u16, u16, u16),
}

type Path = SmallVec<[Label; 3]>;

/// An edge: exact (strong) or prefix (weak) borrow at `path`. Ordered by strength, then path.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    strong: bool,
    path: Path,
}

impl Clone for Edge {
    fn clone(&self) -> Edge {
        // `from_slice` copies the (`Copy`) labels at once.
        Edge {
            strong: self.strong,
            path: Path::from_slice(&self.path),
        }
    }
}

impl Edge {
    fn leq(&self, other: &Edge) -> bool {
        self == other || (!self.strong && other.path.starts_with(&self.path))
    }

    fn any() -> Edge {
        Edge {
            strong: false,
            path: Path::new(),
        }
    }
}

/// One edge of the graph; the derived order is the graph's order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    parent: RefId,
    child: RefId,
    edge: Edge,
}

/// Most edges kept between two nodes.
const MAX_EDGE_SET_SIZE: usize = 10;

/// The graph.
#[derive(Debug, Default)]
pub(crate) struct BorrowGraph {
    /// Per reference id: absent, or present with its mutability.
    nodes: SmallVec<[Option<bool>; 32]>,
    /// Number of present nodes.
    alive: usize,
    /// All edges, sorted.
    edges: Vec<Entry>,
    /// The (parent, child) pairs whose edge set has collapsed, sorted.
    overflown: Vec<(RefId, RefId)>,
}

impl Clone for BorrowGraph {
    fn clone(&self) -> BorrowGraph {
        let mut edges = Vec::with_capacity(self.edges.len());
        for e in &self.edges {
            edges.push(e.clone());
        }
        BorrowGraph {
            nodes: SmallVec::from_slice(&self.nodes),
            alive: self.alive,
            edges,
            overflown: self.overflown.clone(),
        }
    }
}

impl BorrowGraph {
    fn exists(&self, id: RefId) -> bool {
        self.nodes.get(id).is_some_and(Option::is_some)
    }

    /// Number of nodes plus number of edges (metered).
    pub(crate) fn size(&self) -> usize {
        self.alive.saturating_add(self.edges.len())
    }

    /// Whether `id` is a mutable reference.
    pub(crate) fn is_mutable(&self, id: RefId) -> bool {
        matches!(self.nodes.get(id), Some(Some(true)))
    }

    /// Adds a reference (replacing one with the same id).
    pub(crate) fn new_ref(&mut self, id: RefId, mutable: bool) {
        if self.nodes.len() <= id {
            self.nodes.resize(id.saturating_add(1), None);
        }
        if let Some(slot) = self.nodes.get_mut(id) {
            if slot.is_none() {
                self.alive = self.alive.saturating_add(1);
            }
            *slot = Some(mutable);
        }
    }

    /// The positions of the edges from `parent`.
    fn parent_range(&self, parent: RefId) -> Range<usize> {
        let start = self.edges.partition_point(|e| e.parent < parent);
        let end = self.edges.partition_point(|e| e.parent <= parent);
        start..end.max(start)
    }

    /// The positions of the edges from `parent` to `child`.
    fn pair_range(&self, parent: RefId, child: RefId) -> Range<usize> {
        let key = (parent, child);
        let start = self.edges.partition_point(|e| (e.parent, e.child) < key);
        let end = self.edges.partition_point(|e| (e.parent, e.child) <= key);
        start..end.max(start)
    }

    fn edges_of(&self, id: RefId) -> &[Entry] {
        self.edges.get(self.parent_range(id)).unwrap_or(&[])
    }

    /// Whether some reference borrows all of `id` (an edge with an empty path).
    pub(crate) fn has_full_borrows(&self, id: RefId) -> bool {
        self.edges_of(id).iter().any(|e| e.edge.path.is_empty())
    }

    /// Whether `id` is borrowed: by a full borrow, or by a field borrow (at `label` if given).
    /// With `mutable_only`, only borrows by mutable references count.
    pub(crate) fn has_consistent_borrows(
        &self,
        id: RefId,
        label: Option<Label>,
        mutable_only: bool,
    ) -> bool {
        self.edges_of(id).iter().any(|e| {
            let counts = match (e.edge.path.first(), label) {
                (Some(first), Some(l)) => *first == l,
                _ => true,
            };
            counts && (!mutable_only || self.is_mutable(e.child))
        })
    }

    fn is_overflown(&self, parent: RefId, child: RefId) -> bool {
        !self.overflown.is_empty() && self.overflown.binary_search(&(parent, child)).is_ok()
    }

    /// Inserts `edge` into the edge set from `parent` to `child` (collapsing it when full).
    fn add_edge(&mut self, parent: RefId, edge: Edge, child: RefId) {
        if parent == child || !self.exists(child) || !self.exists(parent) {
            return;
        }
        if self.is_overflown(parent, child) {
            return;
        }
        let range = self.pair_range(parent, child);
        if range.len().saturating_add(1) > MAX_EDGE_SET_SIZE {
            let start = range.start;
            self.edges.drain(range);
            let entry = Entry {
                parent,
                child,
                edge: Edge::any(),
            };
            self.edges.insert(start.min(self.edges.len()), entry);
            if let Err(at) = self.overflown.binary_search(&(parent, child)) {
                self.overflown.insert(at, (parent, child));
            }
            return;
        }
        let start = range.start;
        let found = self
            .edges
            .get(range)
            .unwrap_or(&[])
            .binary_search_by(|e| e.edge.cmp(&edge));
        if let Err(at) = found {
            let at = start.saturating_add(at).min(self.edges.len());
            self.edges.insert(
                at,
                Entry {
                    parent,
                    child,
                    edge,
                },
            );
        }
    }

    /// Forgets collapse marks of pairs that no longer have edges.
    fn prune_overflown(&mut self) {
        if self.overflown.is_empty() {
            return;
        }
        let mut overflown = std::mem::take(&mut self.overflown);
        overflown.retain(|&(p, c)| !self.pair_range(p, c).is_empty());
        self.overflown = overflown;
    }

    /// Adds a strong edge at `path`, moving the parent's edges at or below `path` under the
    /// new child.
    fn factor(&mut self, parent: RefId, path: Path, intermediate: RefId) {
        let range = self.parent_range(parent);
        let mut factored: SmallVec<[Entry; 4]> = SmallVec::new();
        if self
            .edges
            .get(range.clone())
            .is_some_and(|es| es.iter().any(|e| e.edge.path.starts_with(&path)))
        {
            let mut kept: SmallVec<[Entry; 4]> = SmallVec::new();
            for e in self.edges.drain(range.clone()) {
                if e.edge.path.starts_with(&path) {
                    factored.push(e);
                } else {
                    kept.push(e);
                }
            }
            let at = range.start.min(self.edges.len());
            self.edges.splice(at..at, kept);
            self.prune_overflown();
        }
        for e in factored {
            let suffix: Path = e.edge.path.get(path.len()..).unwrap_or(&[]).into();
            let moved = Edge {
                strong: e.edge.strong,
                path: suffix,
            };
            self.add_edge(intermediate, moved, e.child);
        }
        self.add_edge(parent, Edge { strong: true, path }, intermediate);
    }

    /// `child` is an exact copy of `parent`.
    pub(crate) fn add_strong_borrow(&mut self, parent: RefId, child: RefId) {
        self.factor(parent, Path::new(), child)
    }

    /// `child` borrows exactly `label` of `parent`.
    pub(crate) fn add_strong_field_borrow(&mut self, parent: RefId, label: Label, child: RefId) {
        let mut path = Path::new();
        path.push(label);
        self.factor(parent, path, child)
    }

    /// `child` borrows some part of `parent`.
    pub(crate) fn add_weak_borrow(&mut self, parent: RefId, child: RefId) {
        self.add_edge(parent, Edge::any(), child)
    }

    /// `child` borrows some part of `label` of `parent`.
    pub(crate) fn add_weak_field_borrow(&mut self, parent: RefId, label: Label, child: RefId) {
        let mut path = Path::new();
        path.push(label);
        self.add_edge(
            parent,
            Edge {
                strong: false,
                path,
            },
            child,
        )
    }

    /// Removes `id`, connecting its parents to its children.
    pub(crate) fn release(&mut self, id: RefId) {
        match self.nodes.get_mut(id) {
            Some(slot @ Some(_)) => *slot = None,
            _ => return,
        }
        self.alive = self.alive.saturating_sub(1);
        let range = self.parent_range(id);
        let has_parents = self.edges.iter().any(|e| e.child == id);
        if !has_parents {
            // Nothing to reconnect: only the edges to the children go.
            if !range.is_empty() {
                self.edges.drain(range);
                if !self.overflown.is_empty() {
                    self.overflown.retain(|&(p, _)| p != id);
                }
            }
            return;
        }
        if range.is_empty() {
            // Nothing to reconnect: only the edges from the parents go.
            self.edges.retain(|e| e.child != id);
            if !self.overflown.is_empty() {
                self.overflown.retain(|&(_, c)| c != id);
            }
            return;
        }
        let children: SmallVec<[Entry; 4]> = self.edges.drain(range).collect();
        let parents: SmallVec<[Entry; 4]> = self
            .edges
            .iter()
            .filter(|e| e.child == id)
            .cloned()
            .collect();
        if !parents.is_empty() {
            self.edges.retain(|e| e.child != id);
        }
        if !self.overflown.is_empty() {
            self.overflown.retain(|&(p, c)| p != id && c != id);
        }
        for pe in &parents {
            for ce in &children {
                if pe.parent == ce.child {
                    continue;
                }
                let path = if pe.edge.strong {
                    let mut p = pe.edge.path.clone();
                    p.extend_from_slice(&ce.edge.path);
                    p
                } else {
                    pe.edge.path.clone()
                };
                let strong = pe.edge.strong && ce.edge.strong;
                self.add_edge(pe.parent, Edge { strong, path }, ce.child);
            }
        }
    }

    /// Calls `f(parent, child, edges)` for each group of edges of `other` (grouped by parent
    /// and child) not covered by an edge of `self`; each group collapses like an edge set.
    fn for_each_unmatched(&self, other: &BorrowGraph, mut f: impl FnMut(RefId, RefId, &[Edge])) {
        let mut rest = other.edges.as_slice();
        let mut unmatched: SmallVec<[Edge; 4]> = SmallVec::new();
        while let Some(first) = rest.first() {
            let (parent, child) = (first.parent, first.child);
            let len = rest
                .iter()
                .position(|e| (e.parent, e.child) != (parent, child))
                .unwrap_or(rest.len());
            let (group, tail) = rest.split_at(len);
            rest = tail;
            let mine = self
                .edges
                .get(self.pair_range(parent, child))
                .unwrap_or(&[]);
            unmatched.clear();
            let mut count = 0usize;
            for e in group {
                if !mine.iter().any(|m| m.edge.leq(&e.edge)) {
                    count = count.saturating_add(1);
                    unmatched.push(e.edge.clone());
                }
            }
            if count > MAX_EDGE_SET_SIZE {
                unmatched.clear();
                unmatched.push(Edge::any());
            }
            if count > 0 {
                f(parent, child, &unmatched);
            }
        }
    }

    /// Whether every edge of `other` is covered by an edge of `self`.
    pub(crate) fn leq(&self, other: &BorrowGraph) -> bool {
        let mut covered = true;
        self.for_each_unmatched(other, |_, _, _| covered = false);
        covered
    }

    /// `self` plus the edges of `other` it does not cover.
    pub(crate) fn join(&self, other: &BorrowGraph) -> BorrowGraph {
        let mut unmatched: Vec<(RefId, RefId, Edge)> = Vec::new();
        self.for_each_unmatched(other, |p, c, edges| {
            unmatched.extend(edges.iter().map(|e| (p, c, e.clone())));
        });
        let mut joined = self.clone();
        for (parent, child, edge) in unmatched {
            joined.add_edge(parent, edge, child);
        }
        joined
    }

    /// Renames references: `map` pairs old ids with new ones (ids not mapped keep theirs).
    pub(crate) fn remap(&mut self, map: &[(RefId, RefId)]) {
        let rename = |id: RefId| {
            map.iter()
                .find(|(old, _)| *old == id)
                .map_or(id, |(_, new)| *new)
        };
        let mut nodes: SmallVec<[Option<bool>; 32]> = SmallVec::with_capacity(self.nodes.len());
        for (id, node) in self.nodes.iter().enumerate() {
            let Some(mutable) = *node else { continue };
            let new_id = rename(id);
            if nodes.len() <= new_id {
                nodes.resize(new_id.saturating_add(1), None);
            }
            if let Some(slot) = nodes.get_mut(new_id) {
                *slot = Some(mutable);
            }
        }
        self.alive = nodes.iter().flatten().count();
        self.nodes = nodes;
        for e in &mut self.edges {
            e.parent = rename(e.parent);
            e.child = rename(e.child);
        }
        self.edges.sort_unstable();
        self.edges.dedup();
        for pair in &mut self.overflown {
            *pair = (rename(pair.0), rename(pair.1));
        }
        self.overflown.sort_unstable();
        self.overflown.dedup();
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

    #[test]
    fn remap_renames_nodes_and_edges() {
        let mut g = BorrowGraph::default();
        g.new_ref(5, true);
        g.new_ref(9, false);
        g.add_strong_field_borrow(5, Label::Local(1), 9);
        g.remap(&[(5, 5), (9, 1)]);
        assert!(!g.is_mutable(1));
        assert!(g.has_consistent_borrows(5, Some(Label::Local(1)), false));
    }
}
