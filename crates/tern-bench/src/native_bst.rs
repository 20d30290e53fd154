//! The native twin of `bst.masm`: a binary search tree map in a vector of nodes with index
//! links (`NONE` = no child) and a free list of slots, step for step like the Move code.

const NONE: u64 = u64::MAX;

#[derive(Debug, Clone, Copy)]
struct Node {
    key: u64,
    value: u64,
    left: u64,
    right: u64,
}

#[derive(Debug, Default)]
struct Tree {
    nodes: Vec<Node>,
    root: u64,
    free: Vec<u64>,
}

/// Applies `(op, key, value)` triples; returns the `(found, value)` records of the gets.
pub(crate) fn run_ops(ops: &[u64]) -> Vec<u64> {
    let mut t = Tree {
        root: NONE,
        ..Tree::default()
    };
    let mut out = Vec::new();
    for op in ops.chunks_exact(3) {
        if let [op, key, value] = *op {
            match op {
                0 => t.insert(key, value),
                1 => {
                    let (found, value) = t.get(key);
                    out.push(found);
                    out.push(value);
                }
                _ => t.remove(key),
            }
        }
    }
    out
}

#[allow(clippy::indexing_slicing)]
impl Tree {
    fn node(&mut self, i: u64) -> &mut Node {
        &mut self.nodes[i as usize]
    }

    fn alloc(&mut self, key: u64, value: u64) -> u64 {
        let node = Node {
            key,
            value,
            left: NONE,
            right: NONE,
        };
        match self.free.pop() {
            Some(idx) => {
                *self.node(idx) = node;
                idx
            }
            None => {
                self.nodes.push(node);
                self.nodes.len() as u64 - 1
            }
        }
    }

    fn insert(&mut self, key: u64, value: u64) {
        if self.root == NONE {
            self.root = self.alloc(key, value);
            return;
        }
        let mut cur = self.root;
        loop {
            let n = *self.node(cur);
            if key == n.key {
                self.node(cur).value = value;
                return;
            }
            let child = if key < n.key { n.left } else { n.right };
            if child != NONE {
                cur = child;
                continue;
            }
            let new = self.alloc(key, value);
            if key < n.key {
                self.node(cur).left = new;
            } else {
                self.node(cur).right = new;
            }
            return;
        }
    }

    fn get(&mut self, key: u64) -> (u64, u64) {
        let mut cur = self.root;
        while cur != NONE {
            let n = *self.node(cur);
            if key == n.key {
                return (1, n.value);
            }
            cur = if key < n.key { n.left } else { n.right };
        }
        (0, 0)
    }

    fn remove(&mut self, key: u64) {
        let (mut cur, mut parent) = (self.root, NONE);
        loop {
            if cur == NONE {
                return;
            }
            let n = *self.node(cur);
            if key == n.key {
                break;
            }
            parent = cur;
            cur = if key < n.key { n.left } else { n.right };
        }
        let n = *self.node(cur);
        if n.left != NONE && n.right != NONE {
            let (mut sp, mut s) = (cur, n.right);
            while self.node(s).left != NONE {
                sp = s;
                s = self.node(s).left;
            }
            let succ = *self.node(s);
            self.node(cur).key = succ.key;
            self.node(cur).value = succ.value;
            if sp == cur {
                self.node(cur).right = succ.right;
            } else {
                self.node(sp).left = succ.right;
            }
            self.free.push(s);
            return;
        }
        let child = if n.left != NONE { n.left } else { n.right };
        if parent == NONE {
            self.root = child;
        } else if self.node(parent).left == cur {
            self.node(parent).left = child;
        } else {
            self.node(parent).right = child;
        }
        self.free.push(cur);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn behaves_like_a_map() {
        let ops = crate::programs::bst_ops(20_000);
        let mut map = BTreeMap::new();
        let mut expected = Vec::new();
        for op in ops.chunks_exact(3) {
            match op[0] {
                0 => {
                    map.insert(op[1], op[2]);
                }
                1 => match map.get(&op[1]) {
                    Some(v) => expected.extend([1, *v]),
                    None => expected.extend([0, 0]),
                },
                _ => {
                    map.remove(&op[1]);
                }
            }
        }
        assert_eq!(run_ops(&ops), expected);
        assert!(expected.iter().step_by(2).any(|f| *f == 1));
    }

    #[test]
    fn small_example() {
        let ops = [
            0, 5, 50, 0, 3, 30, 0, 8, 80, 0, 4, 40, 0, 7, 70, 0, 9, 90, 1, 5, 0, 2, 5, 0, 1, 5, 0,
            1, 7, 0, 1, 4, 0, 2, 3, 0, 1, 4, 0, 1, 3, 0, 0, 5, 55, 1, 5, 0, 0, 4, 44, 1, 4, 0,
        ];
        assert_eq!(
            run_ops(&ops),
            vec![1, 50, 0, 0, 1, 70, 1, 40, 1, 40, 0, 0, 1, 55, 1, 44]
        );
    }
}
