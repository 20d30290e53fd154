//! The heap of containers owned by one session: structs, enum variants, vectors, closures.

use super::{ContainerId, PrimVec, Value};
use crate::loader::LinkedFunction;
use crate::types::{TypeId, TypeListId};
use std::borrow::Cow;
use std::sync::Arc;
use tern_primitives::{Identifier, ModuleId, StatusCode, VmError};

/// The maximum nesting depth of values the peer allows (`VM_MAX_VALUE_DEPTH_REACHED`), the
/// default of [`Heap::with_max_depth`].
pub(crate) const MAX_VALUE_DEPTH: usize = 128;

/// The function a closure calls: resolved when packed by running code, or only named when
/// read back from storage (resolved on first call).
#[derive(Debug, Clone)]
pub enum ClosureTarget {
    /// A loaded function, with its module's link tables.
    Resolved(LinkedFunction),
    /// A function named by module and name, with the serialized layouts of the captured
    /// values (kept so the closure serializes back to the same bytes).
    Unresolved {
        /// The function's module.
        module: ModuleId,
        /// The function's name.
        name: Identifier,
        /// BCS of the `MoveTypeLayout` of each captured value.
        layouts: Vec<Vec<u8>>,
    },
}

impl ClosureTarget {
    /// The function's module (`None` for a script function).
    pub fn module(&self) -> Option<&ModuleId> {
        match self {
            ClosureTarget::Resolved(f) => f.id.module.as_ref(),
            ClosureTarget::Unresolved { module, .. } => Some(module),
        }
    }

    /// The function's name.
    pub fn name(&self) -> &Identifier {
        match self {
            ClosureTarget::Resolved(f) => &f.name,
            ClosureTarget::Unresolved { name, .. } => name,
        }
    }

    /// Whether both name the same function.
    pub fn same_function(&self, other: &ClosureTarget) -> bool {
        match (self, other) {
            (ClosureTarget::Resolved(a), ClosureTarget::Resolved(b))
                if LinkedFunction::ptr_eq(a, b) =>
            {
                true
            }
            _ => self.module() == other.module() && self.name() == other.name(),
        }
    }
}

/// A function value.
#[derive(Debug, Clone)]
pub struct Closure {
    /// The function it calls.
    pub target: ClosureTarget,
    /// The function's type arguments.
    pub ty_args: TypeListId,
    /// Which parameters are captured.
    pub mask: u64,
    /// The captured values, in parameter order.
    pub captured: Vec<Value>,
}

/// A heap object.
#[derive(Debug, Clone)]
pub enum Container {
    /// A free slot (next free slot, or `u32::MAX`).
    Free(u32),
    /// A struct's fields.
    Struct(Box<[Value]>),
    /// An enum value: variant tag and fields. A signer is variant 0 holding its address.
    Variant(u16, Box<[Value]>),
    /// A vector.
    Vec(Vec<Value>),
    /// A `vector<u8>` stored as bytes.
    Bytes(Vec<u8>),
    /// A vector of another primitive type, stored unboxed (a vector the interpreter makes for
    /// a primitive element type; natives may still make such vectors as [`Container::Vec`]).
    Prims(PrimVec),
    /// A function value. perf: copies of a closure that captures no container share one
    /// `Closure` (it is immutable), so copying it allocates nothing; a closure that captures
    /// containers is never shared, so it owns them alone.
    Closure(Arc<Closure>),
}

impl Container {
    /// A vector's length, whatever its storage (`None` for a non-vector).
    #[inline]
    pub fn vector_len(&self) -> Option<usize> {
        match self {
            Container::Vec(e) => Some(e.len()),
            Container::Bytes(b) => Some(b.len()),
            Container::Prims(p) => Some(p.len()),
            _ => None,
        }
    }

    /// A vector's element `i` (`None` out of range or for a non-vector).
    #[inline]
    pub fn vector_get(&self, i: usize) -> Option<Value> {
        match self {
            Container::Vec(e) => e.get(i).copied(),
            Container::Bytes(b) => b.get(i).map(|x| Value::U8(*x)),
            Container::Prims(p) => p.get(i),
            _ => None,
        }
    }

    /// A vector's elements as values, whatever its storage (`None` for a non-vector).
    pub fn vector_values(&self) -> Option<Cow<'_, [Value]>> {
        match self {
            Container::Vec(e) => Some(Cow::Borrowed(e)),
            Container::Bytes(b) => Some(Cow::Owned(b.iter().map(|x| Value::U8(*x)).collect())),
            Container::Prims(p) => Some(Cow::Owned(p.to_values())),
            _ => None,
        }
    }

    /// Whether this is a vector, whatever its storage.
    #[inline]
    pub fn is_vector(&self) -> bool {
        matches!(
            self,
            Container::Vec(_) | Container::Bytes(_) | Container::Prims(_)
        )
    }
}

/// The containers of one session, with a free list for reuse.
#[derive(Debug)]
pub struct Heap {
    slots: Vec<Container>,
    free_head: u32,
    live: usize,
    /// Buffers of freed vectors, emptied, for new vectors to reuse (perf: a temporary vector
    /// costs no allocation and no regrowth in steady state).
    spare_vecs: Vec<Vec<Value>>,
    /// The capacity of all buffers in `spare_vecs` together.
    spare_total: usize,
    /// Buffers of freed unboxed vectors, emptied, for new ones of the same element type.
    spare_prims: Vec<PrimVec>,
    /// The bytes of all buffers in `spare_prims` together.
    spare_prims_bytes: usize,
    /// What the containers held at the last count (see [`Heap::with_value_quota`]).
    counted_values: usize,
    /// What copies added since.
    copied_values: usize,
    /// The most values the heap may hold when a copy allocates.
    value_quota: usize,
    /// The deepest value a copy, a comparison or a serialization may meet.
    max_depth: usize,
}

/// How many freed vector buffers the heap keeps, the largest capacity it keeps, and the most
/// values all kept buffers hold together: at most 8192 values (about 320 KiB) stay allocated
/// for reuse. perf: buffers up to 4096 values are kept so that a temporary vector that grows
/// to a thousand elements, freed and made again (merge sort's), reuses its buffer instead of
/// regrowing a small one.
const MAX_SPARE_VECS: usize = 32;
const MAX_SPARE_CAPACITY: usize = 4096;
const MAX_SPARE_TOTAL: usize = 8192;
/// The same bounds for freed unboxed vectors, in bytes: at most 64 KiB stay allocated.
const MAX_SPARE_PRIMS: usize = 32;
const MAX_SPARE_PRIM_BYTES: usize = 32 * 1024;
const MAX_SPARE_PRIMS_TOTAL: usize = 64 * 1024;

impl Default for Heap {
    fn default() -> Self {
        Heap {
            slots: Vec::new(),
            free_head: u32::MAX,
            live: 0,
            spare_vecs: Vec::new(),
            spare_total: 0,
            spare_prims: Vec::new(),
            spare_prims_bytes: 0,
            counted_values: 0,
            copied_values: 0,
            value_quota: usize::MAX,
            max_depth: MAX_VALUE_DEPTH,
        }
    }
}

#[cold]
fn dangling(id: ContainerId) -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message(format!("dangling container id {id}"))
}

#[cold]
fn invariant_shared_closure() -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message("copy of a shared closure that captures containers")
}

#[cold]
fn over_quota(quota: usize) -> VmError {
    VmError::new(StatusCode::MEMORY_LIMIT_EXCEEDED)
        .with_message(format!("the heap would hold more than {quota} values"))
}

/// What a container counts toward the value quota: one, plus its fields, elements or
/// captured values (a byte vector one per 40 bytes, the size of a value).
fn quota_units(c: &Container) -> usize {
    1 + match c {
        Container::Struct(f) | Container::Variant(_, f) => f.len(),
        Container::Vec(e) => e.len(),
        Container::Bytes(b) => b.len() / 40,
        Container::Prims(p) => p.len() * p.element_size() / 40,
        Container::Closure(c) => c.captured.len(),
        Container::Free(_) => 0,
    }
}

#[cold]
fn too_deep() -> VmError {
    VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED)
}

impl Heap {
    /// An empty heap (no value quota).
    pub fn new() -> Heap {
        Heap::default()
    }

    /// An empty heap whose copies fail with `MEMORY_LIMIT_EXCEEDED` once it would hold more
    /// than `quota` values (`quota_units` per container). Only copies are checked (they are
    /// the one way a few instructions multiply memory) and only copies are counted as they
    /// happen; when the count would pass the quota the heap recounts what it holds, and fails
    /// if that leaves less than a sixteenth of the quota free. perf: nothing on the paths that
    /// allocate or free containers, and a recount at most once per sixteenth of the quota
    /// copied.
    pub fn with_value_quota(quota: usize) -> Heap {
        Heap {
            value_quota: quota,
            ..Heap::default()
        }
    }

    /// This heap with `depth` as the deepest value its copies, comparisons and serializations
    /// may meet (`VM_MAX_VALUE_DEPTH_REACHED` past it; 128 by default, the peer's limit).
    pub fn with_max_depth(self, depth: usize) -> Heap {
        Heap {
            max_depth: depth,
            ..self
        }
    }

    /// The deepest value copies, comparisons and serializations may meet.
    #[inline]
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// Number of live containers (for leak tests).
    #[inline]
    pub fn live(&self) -> usize {
        self.live
    }

    /// Stores a container and returns its id.
    #[inline]
    pub fn alloc(&mut self, c: Container) -> ContainerId {
        self.live += 1;
        if self.free_head != u32::MAX {
            let id = self.free_head;
            if let Some(slot) = self.slots.get_mut(id as usize) {
                if let Container::Free(next) = *slot {
                    self.free_head = next;
                    *slot = c;
                    return id;
                }
            }
        }
        self.slots.push(c);
        (self.slots.len() - 1) as ContainerId
    }

    /// The container with this id.
    #[inline]
    pub fn get(&self, id: ContainerId) -> Result<&Container, VmError> {
        self.try_get(id).ok_or_else(|| dangling(id))
    }

    /// The container with this id, or `None` for a free slot or an id out of range (for fast
    /// paths that leave such a case to the general path, which raises the error).
    ///
    /// perf: builds no error, so a fast path using it has no error to drop and no call.
    #[inline]
    pub fn try_get(&self, id: ContainerId) -> Option<&Container> {
        match self.slots.get(id as usize) {
            Some(Container::Free(_)) | None => None,
            Some(c) => Some(c),
        }
    }

    /// The container with this id, mutably, or `None` (see [`Heap::try_get`]).
    #[inline]
    pub fn try_get_mut(&mut self, id: ContainerId) -> Option<&mut Container> {
        match self.slots.get_mut(id as usize) {
            Some(Container::Free(_)) | None => None,
            Some(c) => Some(c),
        }
    }

    /// The container with this id, mutably.
    #[inline]
    pub fn get_mut(&mut self, id: ContainerId) -> Result<&mut Container, VmError> {
        self.try_get_mut(id).ok_or_else(|| dangling(id))
    }

    /// Removes a container and returns its contents, leaving the slot free (children are not
    /// freed: the caller now owns them).
    #[inline]
    pub fn take(&mut self, id: ContainerId) -> Result<Container, VmError> {
        self.try_take(id).ok_or_else(|| dangling(id))
    }

    /// [`Heap::take`], or `None` (nothing changed) for a free slot or an id out of range.
    #[inline]
    fn try_take(&mut self, id: ContainerId) -> Option<Container> {
        let free = Container::Free(self.free_head);
        let slot = self.try_get_mut(id)?;
        let c = std::mem::replace(slot, free);
        self.free_head = id;
        self.live -= 1;
        Some(c)
    }

    /// Replaces the contents of a container, returning the old contents.
    #[inline]
    pub fn replace(&mut self, id: ContainerId, c: Container) -> Result<Container, VmError> {
        let slot = self.get_mut(id)?;
        Ok(std::mem::replace(slot, c))
    }

    /// Drops a value: frees its container and everything it owns (iteratively).
    #[inline]
    pub fn free_value(&mut self, v: Value) {
        if let Value::Container(id) = v {
            self.free_tree(id);
        }
    }

    /// Frees a container and everything it owns.
    pub fn free_tree(&mut self, root: ContainerId) {
        let Some(c) = self.try_take(root) else { return };
        // perf: most containers own no other container; those are freed without a worklist.
        if !owns_containers(&c) {
            self.recycle(c);
            return;
        }
        let mut pending = Vec::new();
        push_children(&c, &mut pending);
        self.recycle(c);
        while let Some(id) = pending.pop() {
            let Some(c) = self.try_take(id) else { continue };
            push_children(&c, &mut pending);
            self.recycle(c);
        }
    }

    /// Drops freed contents, keeping a vector's buffer for reuse (its children must already
    /// be accounted for).
    #[inline]
    fn recycle(&mut self, c: Container) {
        if let Container::Prims(mut p) = c {
            let bytes = p.capacity() * p.element_size();
            if self.spare_prims.len() < MAX_SPARE_PRIMS
                && bytes > 0
                && bytes <= MAX_SPARE_PRIM_BYTES
                && self.spare_prims_bytes + bytes <= MAX_SPARE_PRIMS_TOTAL
            {
                p.clear();
                self.spare_prims_bytes += bytes;
                self.spare_prims.push(p);
            }
            return;
        }
        if let Container::Vec(mut v) = c {
            let capacity = v.capacity();
            if self.spare_vecs.len() < MAX_SPARE_VECS
                && capacity > 0
                && capacity <= MAX_SPARE_CAPACITY
                && self.spare_total + capacity <= MAX_SPARE_TOTAL
            {
                v.clear();
                self.spare_total += capacity;
                self.spare_vecs.push(v);
                // perf: the largest of the two on top, so a vector made right after one was
                // freed (a temporary made again) gets back the buffer it grew.
                let n = self.spare_vecs.len();
                if n >= 2 && self.spare_vecs[n - 2].capacity() > capacity {
                    self.spare_vecs.swap(n - 2, n - 1);
                }
            }
        }
    }

    /// An empty vector, reusing the buffer of a freed one when there is one (the largest of
    /// the last two freed).
    #[inline]
    pub fn new_vec(&mut self) -> Vec<Value> {
        match self.spare_vecs.pop() {
            Some(v) => {
                self.spare_total -= v.capacity();
                v
            }
            None => Vec::new(),
        }
    }

    /// An empty unboxed vector for elements of type `ty`, reusing the buffer of a freed one of
    /// that type among the last four freed; `None` when `ty` is not stored unboxed.
    #[inline]
    pub fn new_prims(&mut self, ty: TypeId) -> Option<PrimVec> {
        let n = self.spare_prims.len();
        let found = (n.saturating_sub(4)..n)
            .rev()
            .find(|&i| self.spare_prims[i].element_type() == ty);
        match found {
            Some(i) => {
                let p = self.spare_prims.swap_remove(i);
                self.spare_prims_bytes -= p.capacity() * p.element_size();
                Some(p)
            }
            None => PrimVec::for_type(ty, 0),
        }
    }

    /// Frees every container owned by the contents `c` (which was already taken out).
    pub fn free_contents(&mut self, c: &Container) {
        let mut pending = Vec::new();
        push_children(c, &mut pending);
        for id in pending {
            self.free_tree(id);
        }
    }

    /// Deep copy of a value (references and primitives are copied as they are).
    #[inline]
    pub fn copy_value(&mut self, v: Value) -> Result<Value, VmError> {
        self.copy_at_depth(v, 1)
    }

    /// Whether container `c` is a closure.
    #[inline]
    pub fn is_closure(&self, c: ContainerId) -> bool {
        matches!(self.try_get(c), Some(Container::Closure(_)))
    }

    /// A copy of the value a reference reaches, as `read_ref` makes it: the peer keeps a
    /// closure inline in the slot a reference names (a local, a field, an element), and
    /// copies it from one level deeper than a struct or vector the reference names whole.
    pub fn copy_referenced(&mut self, v: Value) -> Result<Value, VmError> {
        let depth = match v {
            Value::Container(id) if self.is_closure(id) => 2,
            _ => 1,
        };
        self.copy_at_depth(v, depth)
    }

    fn copy_at_depth(&mut self, v: Value, depth: usize) -> Result<Value, VmError> {
        let Value::Container(id) = v else {
            return Ok(v);
        };
        if depth > self.max_depth {
            return Err(too_deep());
        }
        // Counted before anything is cloned, so a copy past the quota allocates nothing.
        let units = match self.get(id)? {
            Container::Free(_) => return Err(dangling(id)),
            // The peer checks the depth of every value it copies, a primitive too: what a
            // container holds one by one is one level deeper than it.
            c if depth >= self.max_depth && holds_values(c) => return Err(too_deep()),
            c => quota_units(c),
        };
        self.charge_copy(units)?;
        let copied = match self.get(id)? {
            Container::Struct(f) => Container::Struct(f.clone()),
            Container::Variant(t, f) => Container::Variant(*t, f.clone()),
            Container::Vec(e) => Container::Vec(e.clone()),
            Container::Bytes(b) => {
                let bytes = Container::Bytes(b.clone());
                return Ok(Value::Container(self.alloc(bytes)));
            }
            Container::Prims(p) => {
                let prims = Container::Prims(p.clone());
                return Ok(Value::Container(self.alloc(prims)));
            }
            Container::Closure(c) if !c.captured.iter().any(|v| v.container().is_some()) => {
                let shared = Container::Closure(Arc::clone(c));
                return Ok(Value::Container(self.alloc(shared)));
            }
            Container::Closure(c) => Container::Closure(Arc::new(Closure::clone(c))),
            Container::Free(_) => return Err(dangling(id)),
        };
        let copied = self.copy_children(copied, depth)?;
        Ok(Value::Container(self.alloc(copied)))
    }

    /// Before a push onto vector `c`: when the vector is full (the push would grow it),
    /// counts the room it is about to grow by (as many elements as it holds, at least 4)
    /// toward the value quota, or fails past it, so that a push loop cannot grow the heap
    /// without bound. Nothing for a vector with room.
    #[inline]
    pub fn reserve_push(&mut self, c: ContainerId) -> Result<(), VmError> {
        let units = match self.get(c)? {
            Container::Vec(e) if e.len() == e.capacity() => e.capacity().max(4),
            Container::Bytes(b) if b.len() == b.capacity() => b.capacity().max(4) / 40,
            Container::Prims(p) if p.len() == p.capacity() => {
                p.capacity().max(4).saturating_mul(p.element_size()) / 40
            }
            _ => return Ok(()),
        };
        self.charge_copy(units)
    }

    /// Counts what value `v` holds (every container of it, as [`Heap::with_value_quota`]
    /// counts them) toward the value quota, or fails past it: for values a native made, and
    /// values a native keeps past the instruction that gave them (a table entry), which grow
    /// the heap as a push does. Counting twice what stays is harmless: past the quota the heap
    /// recounts what it holds.
    #[inline]
    pub fn charge_retained(&mut self, v: Value) -> Result<(), VmError> {
        if self.value_quota == usize::MAX {
            return Ok(());
        }
        let units = self.value_units(v, 0);
        self.charge_copy(units)
    }

    /// The quota units of `v`'s containers (bounded by the value depth limit).
    fn value_units(&self, v: Value, depth: usize) -> usize {
        let Value::Container(id) = v else {
            return 0;
        };
        let Some(c) = self.try_get(id) else {
            return 0;
        };
        let own = quota_units(c);
        if depth >= self.max_depth {
            return own;
        }
        let children: &[Value] = match c {
            Container::Struct(f) | Container::Variant(_, f) => f,
            Container::Vec(e) => e,
            Container::Closure(cl) => &cl.captured,
            Container::Bytes(_) | Container::Prims(_) | Container::Free(_) => &[],
        };
        children.iter().fold(own, |n, child| {
            n.saturating_add(self.value_units(*child, depth + 1))
        })
    }

    /// Counts `units` copied toward the value quota, or fails past it (see
    /// [`Heap::with_value_quota`]).
    pub fn charge_copy(&mut self, units: usize) -> Result<(), VmError> {
        let held = self.counted_values.saturating_add(self.copied_values);
        if held.saturating_add(units) > self.value_quota {
            self.recount();
            let free = self.value_quota.saturating_sub(self.counted_values);
            if free < units.max(self.value_quota / 16) {
                return Err(over_quota(self.value_quota));
            }
        }
        self.copied_values += units;
        Ok(())
    }

    /// Counts what the live containers hold.
    #[cold]
    fn recount(&mut self) {
        self.counted_values = self
            .slots
            .iter()
            .filter(|c| !matches!(c, Container::Free(_)))
            .map(quota_units)
            .fold(0usize, usize::saturating_add);
        self.copied_values = 0;
    }

    fn copy_children(&mut self, mut c: Container, depth: usize) -> Result<Container, VmError> {
        let children: &mut [Value] = match &mut c {
            Container::Struct(f) | Container::Variant(_, f) => f,
            Container::Vec(e) => e,
            // The copy made just above is not shared yet.
            Container::Closure(cl) => match Arc::get_mut(cl) {
                Some(cl) => &mut cl.captured,
                None => return Err(invariant_shared_closure()),
            },
            Container::Bytes(_) | Container::Prims(_) | Container::Free(_) => return Ok(c),
        };
        for i in 0..children.len() {
            if let Some(Value::Container(_)) = children.get(i) {
                let copied = match self.copy_at_depth(children[i], depth + 1) {
                    Ok(v) => v,
                    Err(e) => {
                        // Free what was already copied so nothing leaks.
                        for done in children.iter().take(i) {
                            self.free_value(*done);
                        }
                        return Err(e);
                    }
                };
                children[i] = copied;
            }
        }
        Ok(c)
    }

    /// Deep equality of two values.
    #[inline]
    pub fn equals(&self, a: Value, b: Value) -> Result<bool, VmError> {
        self.equals_at_depth(a, b, 1)
    }

    /// Deep equality of two values compared at `depth`: as the peer, every value compared
    /// (a primitive too) must be at most the depth limit deep.
    pub fn equals_at_depth(&self, a: Value, b: Value, depth: usize) -> Result<bool, VmError> {
        if depth > self.max_depth {
            return Err(too_deep());
        }
        match (a, b) {
            (Value::Container(x), Value::Container(y)) => self.containers_equal(x, y, depth),
            (Value::Ref(_), _) | (_, Value::Ref(_)) => {
                Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                    .with_message("cannot compare references by value"))
            }
            // Values of different kinds (only code that skipped the verifier compares them).
            _ if std::mem::discriminant(&a) != std::mem::discriminant(&b) => Err(VmError::new(
                StatusCode::INTERNAL_TYPE_ERROR,
            )
            .with_message(format!(
                "inconsistent argument types passed to equals check: {}, {}",
                super::error_value(a),
                super::error_value(b)
            ))),
            _ => Ok(a == b),
        }
    }

    fn containers_equal(
        &self,
        x: ContainerId,
        y: ContainerId,
        depth: usize,
    ) -> Result<bool, VmError> {
        let (cx, cy) = (self.get(x)?, self.get(y)?);
        let (fx, fy): (&[Value], &[Value]) = match (cx, cy) {
            (Container::Struct(a), Container::Struct(b)) => (a, b),
            // The peer holds the tag as the first of the variant's values: the lengths are
            // compared first, then the tag, one level deeper.
            (Container::Variant(ta, a), Container::Variant(tb, b)) => {
                if a.len() != b.len() {
                    return Ok(false);
                }
                if depth >= self.max_depth {
                    return Err(too_deep());
                }
                if ta != tb {
                    return Ok(false);
                }
                (a, b)
            }
            (Container::Vec(a), Container::Vec(b)) => (a, b),
            (Container::Bytes(a), Container::Bytes(b)) => return Ok(a == b),
            (Container::Prims(a), Container::Prims(b)) => return Ok(a == b),
            // A vector of primitives made by a native as values, against an unboxed one.
            (Container::Prims(p), Container::Vec(e)) | (Container::Vec(e), Container::Prims(p)) => {
                return Ok(
                    p.len() == e.len() && e.iter().enumerate().all(|(i, v)| p.get(i) == Some(*v))
                );
            }
            (Container::Bytes(b), Container::Vec(e)) | (Container::Vec(e), Container::Bytes(b)) => {
                return Ok(b.len() == e.len() && b.iter().zip(e).all(|(x, v)| Value::U8(*x) == *v));
            }
            (Container::Closure(a), Container::Closure(b)) => {
                if !a.target.same_function(&b.target) {
                    return Ok(false);
                }
                if a.ty_args != b.ty_args || a.mask != b.mask {
                    return Ok(false);
                }
                (&a.captured, &b.captured)
            }
            _ => return Ok(false),
        };
        if fx.len() != fy.len() {
            return Ok(false);
        }
        for (a, b) in fx.iter().zip(fy) {
            if !self.equals_at_depth(*a, *b, depth + 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether serializing `v` would exceed the value-depth limit, checked as the peer's
    /// serializer checks it: every value serialized (a primitive too) at most the limit deep,
    /// what a container holds one level deeper than it (a variant's tag is not a value there).
    pub fn exceeds_copy_depth(&self, v: Value) -> Result<bool, VmError> {
        let Value::Container(id) = v else {
            return Ok(false);
        };
        let mut pending = vec![(id, 1usize)];
        let mut children = Vec::new();
        while let Some((id, d)) = pending.pop() {
            let c = self.get(id)?;
            if d > self.max_depth || (d >= self.max_depth && !values_of(c).is_empty()) {
                return Ok(true);
            }
            children.clear();
            push_children(c, &mut children);
            pending.extend(children.iter().map(|c| (*c, d + 1)));
        }
        Ok(false)
    }

    /// The nesting depth of a value (a primitive is 1).
    pub fn depth(&self, v: Value) -> Result<usize, VmError> {
        let Value::Container(id) = v else {
            return Ok(1);
        };
        let mut max = 1;
        let mut pending = vec![(id, 1usize)];
        while let Some((id, d)) = pending.pop() {
            max = max.max(d);
            if d > self.max_depth.saturating_add(1) {
                break;
            }
            let mut children = Vec::new();
            push_children(self.get(id)?, &mut children);
            if children.is_empty() && has_leaf_values(self.get(id)?) {
                max = max.max(d + 1);
            }
            for c in children {
                pending.push((c, d + 1));
            }
        }
        Ok(max)
    }
}

fn has_leaf_values(c: &Container) -> bool {
    match c {
        Container::Struct(f) | Container::Variant(_, f) => !f.is_empty(),
        Container::Vec(e) => !e.is_empty(),
        Container::Bytes(b) => !b.is_empty(),
        Container::Prims(p) => !p.is_empty(),
        Container::Closure(cl) => !cl.captured.is_empty(),
        Container::Free(_) => false,
    }
}

fn push_children(c: &Container, out: &mut Vec<ContainerId>) {
    out.extend(values_of(c).iter().filter_map(|v| v.container()));
}

/// Whether `c` holds another container.
#[inline]
fn owns_containers(c: &Container) -> bool {
    values_of(c)
        .iter()
        .any(|v| matches!(v, Value::Container(_)))
}

/// The values a container holds (none for unboxed primitives or a free slot).
#[inline]
/// Whether the peer holds values one by one in `c`, each one level deeper than it: a
/// struct's fields, a variant's tag and fields, a vector of values' elements, a closure's
/// captured values (a vector of primitives holds its elements unboxed).
fn holds_values(c: &Container) -> bool {
    matches!(c, Container::Variant(..)) || !values_of(c).is_empty()
}

fn values_of(c: &Container) -> &[Value] {
    match c {
        Container::Struct(f) | Container::Variant(_, f) => f,
        Container::Vec(e) => e,
        Container::Closure(cl) => &cl.captured,
        Container::Bytes(_) | Container::Prims(_) | Container::Free(_) => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn closure_over(captured: Vec<Value>) -> Container {
        Container::Closure(Arc::new(Closure {
            target: ClosureTarget::Unresolved {
                module: ModuleId::new(Default::default(), Identifier::new("m").unwrap()),
                name: Identifier::new("f").unwrap(),
                layouts: vec![],
            },
            ty_args: crate::types::TypeListId(0),
            mask: 1,
            captured,
        }))
    }

    #[test]
    fn try_get_sees_live_containers_only() {
        let mut h = Heap::new();
        let a = h.alloc(Container::Vec(vec![Value::U64(1)]));
        let b = h.alloc(Container::Struct(
            vec![Value::Bool(true)].into_boxed_slice(),
        ));
        assert!(matches!(h.try_get(a), Some(Container::Vec(v)) if v.len() == 1));
        if let Some(Container::Vec(v)) = h.try_get_mut(a) {
            v.push(Value::U64(2));
        }
        assert!(matches!(h.get(a), Ok(Container::Vec(v)) if v.len() == 2));
        h.free_tree(b);
        assert!(h.try_get(b).is_none() && h.try_get_mut(b).is_none());
        assert!(h.get(b).is_err());
        assert!(h.try_get(99).is_none() && h.try_get_mut(99).is_none());
    }

    #[test]
    fn closure_copies_share_primitive_captures_and_own_containers() {
        let mut h = Heap::new();
        let shared = h.alloc(closure_over(vec![Value::U64(3)]));
        let copy = h.copy_value(Value::Container(shared)).unwrap();
        let (Ok(Container::Closure(a)), Ok(Container::Closure(b))) =
            (h.get(shared), h.get(copy.container().unwrap()))
        else {
            panic!("closures expected");
        };
        assert!(Arc::ptr_eq(a, b));
        h.free_value(Value::Container(shared));
        assert!(h.equals(copy, copy).unwrap());
        h.free_value(copy);
        assert_eq!(h.live(), 0);

        let v = h.alloc(Container::Vec(vec![Value::U64(1)]));
        let owner = h.alloc(closure_over(vec![Value::Container(v)]));
        let copy = h.copy_value(Value::Container(owner)).unwrap();
        let Ok(Container::Closure(c)) = h.get(copy.container().unwrap()) else {
            panic!("closure expected");
        };
        assert_ne!(c.captured[0], Value::Container(v), "the vector is copied");
        h.free_value(Value::Container(owner));
        assert_eq!(h.live(), 2, "the copy and its own vector remain");
        h.free_value(copy);
        assert_eq!(h.live(), 0);
    }

    #[test]
    fn freed_vector_buffers_are_reused_empty() {
        let mut h = Heap::new();
        let mut v = h.new_vec();
        v.extend([Value::U64(1), Value::U64(2), Value::U64(3)]);
        let id = h.alloc(Container::Vec(v));
        h.free_tree(id);
        let reused = h.new_vec();
        assert!(reused.is_empty());
        assert!(reused.capacity() >= 3);
        // Large buffers are not kept.
        let big = h.alloc(Container::Vec(vec![Value::U64(0); MAX_SPARE_CAPACITY + 1]));
        h.free_tree(big);
        assert_eq!(h.new_vec().capacity(), 0);
    }

    #[test]
    fn kept_vector_buffers_hold_a_bounded_total() {
        let mut h = Heap::new();
        let ids: Vec<ContainerId> = (0..MAX_SPARE_VECS)
            .map(|_| h.alloc(Container::Vec(Vec::with_capacity(MAX_SPARE_CAPACITY))))
            .collect();
        for id in ids {
            h.free_tree(id);
        }
        let kept = MAX_SPARE_TOTAL / MAX_SPARE_CAPACITY;
        assert_eq!(h.spare_vecs.len(), kept);
        assert_eq!(h.spare_total, kept * MAX_SPARE_CAPACITY);
        // Reusing one makes room for one more.
        let reused = h.new_vec();
        assert!(reused.capacity() >= MAX_SPARE_CAPACITY);
        assert_eq!(h.spare_total, (kept - 1) * MAX_SPARE_CAPACITY);
        let id = h.alloc(Container::Vec(reused));
        h.free_tree(id);
        assert_eq!(h.spare_vecs.len(), kept);
        assert_eq!(h.spare_total, kept * MAX_SPARE_CAPACITY);
    }

    #[test]
    fn copies_fail_past_the_value_quota_and_freed_ones_do_not_count() {
        let mut h = Heap::with_value_quota(1600);
        let v = Value::Container(h.alloc(Container::Vec(vec![Value::U64(1); 99])));
        // Each copy counts 100; the original, built without a copy, is only seen by the
        // recount that the seventeenth copy triggers (1700 held: over).
        let mut kept = Vec::new();
        let err = loop {
            match h.copy_value(v) {
                Ok(c) => kept.push(c),
                Err(e) => break e,
            }
        };
        assert_eq!(err.status(), StatusCode::MEMORY_LIMIT_EXCEEDED);
        assert_eq!(kept.len(), 16);
        for c in kept {
            h.free_value(c);
        }
        // Freed copies are gone at the next recount: many more fit, one at a time.
        for _ in 0..100 {
            let c = h.copy_value(v).unwrap();
            h.free_value(c);
        }
        assert_eq!(h.live(), 1);
    }

    #[test]
    fn a_vector_made_after_two_were_freed_gets_the_larger_buffer() {
        let mut h = Heap::new();
        let large = h.alloc(Container::Vec(Vec::with_capacity(1000)));
        let small = h.alloc(Container::Vec(Vec::with_capacity(2)));
        h.free_tree(large);
        h.free_tree(small);
        assert!(h.new_vec().capacity() >= 1000);
        assert!(h.new_vec().capacity() >= 2);
        assert_eq!(h.spare_total, 0);
    }

    #[test]
    fn copy_equals_and_free() {
        let mut h = Heap::new();
        let inner = h.alloc(Container::Bytes(vec![1, 2, 3]));
        let outer = h.alloc(Container::Struct(
            vec![Value::U64(7), Value::Container(inner)].into(),
        ));
        let copy = h.copy_value(Value::Container(outer)).unwrap();
        assert_eq!(h.live(), 4);
        assert!(h.equals(Value::Container(outer), copy).unwrap());
        h.free_value(copy);
        h.free_value(Value::Container(outer));
        assert_eq!(h.live(), 0);
        // Slots are reused.
        let again = h.alloc(Container::Vec(vec![]));
        assert!(again <= 3);
    }

    #[test]
    fn free_tree_frees_leaves_and_whole_trees_once() {
        let mut h = Heap::new();
        // A leaf: a plain variant, then a vector of primitives.
        let plain = h.alloc(Container::Variant(2, Box::default()));
        let numbers = h.alloc(Container::Vec(vec![Value::U64(1); 4]));
        h.free_tree(plain);
        h.free_tree(numbers);
        assert_eq!(h.live(), 0);
        // Freeing again, or an id never allocated, changes nothing.
        h.free_tree(plain);
        h.free_tree(1_000);
        assert_eq!(h.live(), 0);
        // A tree whose containers sit after primitives and under a vector.
        let leaf = h.alloc(Container::Bytes(vec![9]));
        let node = h.alloc(Container::Variant(
            0,
            vec![Value::U8(1), Value::Container(leaf)].into(),
        ));
        let list = h.alloc(Container::Vec(vec![Value::U64(0), Value::Container(node)]));
        let root = h.alloc(Container::Struct(vec![Value::Container(list)].into()));
        assert_eq!(h.live(), 4);
        h.free_tree(root);
        assert_eq!(h.live(), 0);
        for id in [leaf, node, list, root] {
            assert!(h.try_get(id).is_none());
        }
    }

    #[test]
    fn copy_of_too_deep_value_fails() {
        let mut h = Heap::new();
        let mut v = Value::U8(0);
        for _ in 0..130 {
            v = Value::Container(h.alloc(Container::Struct(vec![v].into())));
        }
        let err = h.copy_value(v).unwrap_err();
        assert_eq!(err.status(), StatusCode::VM_MAX_VALUE_DEPTH_REACHED);
        h.free_value(v);
        assert_eq!(h.live(), 0);
    }

    fn closure_chain(h: &mut Heap, n: usize) -> Value {
        let mut v = None;
        for _ in 0..n {
            let captured = v.into_iter().collect();
            v = Some(Value::Container(h.alloc(closure_over(captured))));
        }
        v.unwrap()
    }

    #[test]
    fn a_closure_chain_past_the_limit_cannot_be_copied() {
        // As the peer copies: a closure's captured values one level deeper, like a struct's
        // fields, and no level more (measured with the Aptos VM at `f5bf2b45`).
        let mut h = Heap::new();
        let at = closure_chain(&mut h, 128);
        assert_eq!(h.depth(at).unwrap(), 128);
        assert!(!h.exceeds_copy_depth(at).unwrap());
        let copy = h.copy_value(at).unwrap();
        h.free_value(copy);
        let past = closure_chain(&mut h, 129);
        assert!(h.exceeds_copy_depth(past).unwrap());
        let at = past;
        let before = h.live();
        let err = h.copy_value(at).unwrap_err();
        assert_eq!(err.status(), StatusCode::VM_MAX_VALUE_DEPTH_REACHED);
        assert_eq!(h.live(), before, "a failed copy frees what it copied");
    }
}
