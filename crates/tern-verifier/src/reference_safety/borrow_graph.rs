//! The borrow graph: nodes are references, an edge `parent -> child` labelled with a path says
//! the child borrows from the parent at that path (exactly, if strong; at that path or any
//! extension of it, if weak). Edge sets between two nodes hold at most 10 edges; beyond that
//! they collapse to one weak edge with an empty path (borrows anything).
//!
//! The operations follow the peer's graph exactly (iteration orders included, since the
//! collapse of large edge sets makes results order-dependent). Maps and sets are sorted vectors
//! (the graphs are small), nodes are indexed by reference id.

use smallvec::SmallVec;

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

type Path = SmallVec<[Label; 3]>;

/// An edge: exact (strong) or prefix (weak) borrow at `path`. Ordered by strength, then path.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    strong: bool,
    path: Path,
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

/// Most edges kept between two nodes.
const MAX_EDGE_SET_SIZE: usize = 10;

/// A sorted set of edges that collapses when it grows too large.
#[derive(Clone, Debug, Default)]
struct EdgeSet {
    edges: SmallVec<[Edge; 1]>,
    overflown: bool,
}

impl EdgeSet {
    fn insert(&mut self, edge: Edge) {
        if self.overflown {
            return;
        }
        if self.edges.len().saturating_add(1) > MAX_EDGE_SET_SIZE {
            self.edges.clear();
            self.edges.push(Edge::any());
            self.overflown = true;
            return;
        }
        if let Err(at) = self.edges.binary_search(&edge) {
            self.edges.insert(at, edge);
        }
    }

    fn remove(&mut self, edge: &Edge) {
        if let Ok(at) = self.edges.binary_search(edge) {
            self.edges.remove(at);
        }
    }
}

#[derive(Clone, Debug)]
struct Node {
    /// Children with the edges to them, sorted by child.
    borrowed_by: Vec<(RefId, EdgeSet)>,
    /// Parents, sorted.
    borrows_from: SmallVec<[RefId; 2]>,
    mutable: bool,
}

fn insert_sorted(set: &mut SmallVec<[RefId; 2]>, id: RefId) {
    if let Err(at) = set.binary_search(&id) {
        set.insert(at, id);
    }
}

fn remove_sorted(set: &mut SmallVec<[RefId; 2]>, id: RefId) {
    if let Ok(at) = set.binary_search(&id) {
        set.remove(at);
    }
}

/// The graph.
#[derive(Clone, Debug, Default)]
pub(crate) struct BorrowGraph {
    nodes: Vec<Option<Node>>,
}

impl BorrowGraph {
    fn node(&self, id: RefId) -> Option<&Node> {
        self.nodes.get(id).and_then(Option::as_ref)
    }

    fn node_mut(&mut self, id: RefId) -> Option<&mut Node> {
        self.nodes.get_mut(id).and_then(Option::as_mut)
    }

    /// Number of nodes plus number of edges (metered).
    pub(crate) fn size(&self) -> usize {
        self.nodes
            .iter()
            .flatten()
            .map(|n| {
                n.borrowed_by
                    .iter()
                    .map(|(_, s)| s.edges.len())
                    .fold(1usize, usize::saturating_add)
            })
            .fold(0usize, usize::saturating_add)
    }

    /// Whether `id` is a mutable reference.
    pub(crate) fn is_mutable(&self, id: RefId) -> bool {
        self.node(id).is_some_and(|n| n.mutable)
    }

    /// Adds a reference.
    pub(crate) fn new_ref(&mut self, id: RefId, mutable: bool) {
        if self.nodes.len() <= id {
            self.nodes.resize_with(id.saturating_add(1), || None);
        }
        if let Some(slot) = self.nodes.get_mut(id) {
            *slot = Some(Node {
                borrowed_by: Vec::new(),
                borrows_from: SmallVec::new(),
                mutable,
            });
        }
    }

    fn edges_of(&self, id: RefId) -> impl Iterator<Item = (RefId, &Edge)> {
        self.node(id)
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
                (Some(first), Some(l)) => *first == l,
                _ => true,
            };
            counts && (!mutable_only || self.is_mutable(child))
        })
    }

    fn add_edge(&mut self, parent: RefId, edge: Edge, child: RefId) {
        if parent == child || self.node(child).is_none() {
            return;
        }
        let Some(p) = self.node_mut(parent) else { return };
        match p.borrowed_by.binary_search_by_key(&child, |(c, _)| *c) {
            Ok(at) => {
                if let Some((_, set)) = p.borrowed_by.get_mut(at) {
                    set.insert(edge);
                }
            }
            Err(at) => {
                let mut set = EdgeSet::default();
                set.insert(edge);
                p.borrowed_by.insert(at, (child, set));
            }
        }
        if let Some(c) = self.node_mut(child) {
            insert_sorted(&mut c.borrows_from, parent);
        }
    }

    /// Adds a strong edge at `path`, moving the parent's edges at or below `path` under the
    /// new child.
    fn factor(&mut self, parent: RefId, path: Path, intermediate: RefId) {
        let mut factored: Vec<(RefId, Edge)> = Vec::new();
        let mut emptied: SmallVec<[RefId; 4]> = SmallVec::new();
        if let Some(p) = self.node_mut(parent) {
            for (child, set) in &p.borrowed_by {
                for edge in &set.edges {
                    if edge.path.starts_with(&path) {
                        factored.push((*child, edge.clone()));
                    }
                }
            }
            for (child, edge) in &factored {
                if let Ok(at) = p.borrowed_by.binary_search_by_key(child, |(c, _)| *c) {
                    let empty = p.borrowed_by.get_mut(at).is_some_and(|(_, set)| {
                        set.remove(edge);
                        set.edges.is_empty()
                    });
                    if empty {
                        p.borrowed_by.remove(at);
                        emptied.push(*child);
                    }
                }
            }
        }
        for child in emptied {
            if let Some(c) = self.node_mut(child) {
                remove_sorted(&mut c.borrows_from, parent);
            }
        }
        for (child, edge) in factored {
            let suffix: Path = edge.path.get(path.len()..).unwrap_or(&[]).into();
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
        self.add_edge(parent, Edge { strong: false, path }, child)
    }

    /// Removes `id`, connecting its parents to its children.
    pub(crate) fn release(&mut self, id: RefId) {
        let Some(node) = self.nodes.get_mut(id).and_then(Option::take) else {
            return;
        };
        for &parent in &node.borrows_from {
            let parent_edges = self
                .node_mut(parent)
                .and_then(|p| {
                    let at = p.borrowed_by.binary_search_by_key(&id, |(c, _)| *c).ok()?;
                    Some(p.borrowed_by.remove(at).1)
                })
                .unwrap_or_default();
            for parent_edge in &parent_edges.edges {
                for (child, child_edges) in &node.borrowed_by {
                    if parent == *child {
                        continue;
                    }
                    for child_edge in &child_edges.edges {
                        let path = if parent_edge.strong {
                            let mut p = parent_edge.path.clone();
                            p.extend_from_slice(&child_edge.path);
                            p
                        } else {
                            parent_edge.path.clone()
                        };
                        let strong = parent_edge.strong && child_edge.strong;
                        self.add_edge(parent, Edge { strong, path }, *child);
                    }
                }
            }
        }
        for (child, _) in &node.borrowed_by {
            if let Some(c) = self.node_mut(*child) {
                remove_sorted(&mut c.borrows_from, id);
            }
        }
    }

    /// Calls `f(parent, child, edge_set)` for each group of edges of `other` not covered by an
    /// edge of `self`; each group is an edge set (so it collapses too), in the peer's order.
    fn for_each_unmatched(&self, other: &BorrowGraph, mut f: impl FnMut(RefId, RefId, EdgeSet)) {
        for (parent, other_node) in other.nodes.iter().enumerate() {
            let Some(other_node) = other_node else { continue };
            let mine = self.node(parent).map(|n| &n.borrowed_by);
            for (child, other_edges) in &other_node.borrowed_by {
                let covering = mine.and_then(|m| {
                    let at = m.binary_search_by_key(child, |(c, _)| *c).ok()?;
                    m.get(at).map(|(_, set)| set)
                });
                let mut unmatched = EdgeSet::default();
                let mut any = false;
                for edge in &other_edges.edges {
                    let matched = covering.is_some_and(|set| set.edges.iter().any(|e| e.leq(edge)));
                    if !matched {
                        unmatched.insert(edge.clone());
                        any = true;
                    }
                }
                if any {
                    f(parent, *child, unmatched);
                }
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
        let mut unmatched = Vec::new();
        self.for_each_unmatched(other, |p, c, set| unmatched.push((p, c, set)));
        let mut joined = self.clone();
        for (parent, child, set) in unmatched {
            for edge in set.edges {
                joined.add_edge(parent, edge, child);
            }
        }
        joined
    }

    /// Renames references: `map[i]` is the new id of reference `i` (ids not mapped keep
    /// theirs).
    pub(crate) fn remap(&mut self, map: &[(RefId, RefId)]) {
        let rename = |id: RefId| {
            map.iter()
                .find(|(old, _)| *old == id)
                .map_or(id, |(_, new)| *new)
        };
        let old = std::mem::take(&mut self.nodes);
        let mut nodes: Vec<Option<Node>> = Vec::new();
        for (id, node) in old.into_iter().enumerate() {
            let Some(mut node) = node else { continue };
            for (child, _) in node.borrowed_by.iter_mut() {
                *child = rename(*child);
            }
            node.borrowed_by.sort_by_key(|(c, _)| *c);
            for parent in node.borrows_from.iter_mut() {
                *parent = rename(*parent);
            }
            node.borrows_from.sort_unstable();
            let new_id = rename(id);
            if nodes.len() <= new_id {
                nodes.resize_with(new_id.saturating_add(1), || None);
            }
            if let Some(slot) = nodes.get_mut(new_id) {
                *slot = Some(node);
            }
        }
        self.nodes = nodes;
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
