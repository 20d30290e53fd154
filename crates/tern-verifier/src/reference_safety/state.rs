//! The abstract state of reference safety: what each local holds (a reference or a value) and
//! the borrow graph, rooted at a frame node whose edges borrow locals and globals.

use super::borrow_graph::{BorrowGraph, Label, RefId};
use crate::absint::Domain;
use crate::error::{err_offset, invariant, VResult};
use crate::meter::{Meter, Scope};
use smallvec::SmallVec;
use std::borrow::Cow;
use tern_binary::SignatureToken;
use tern_primitives::{StatusCode, VmError};

pub(crate) const STEP_BASE_COST: u128 = 10;
pub(crate) const STEP_PER_LOCAL_COST: u128 = 20;
pub(crate) const STEP_PER_GRAPH_ITEM_COST: u128 = 50;
const JOIN_BASE_COST: u128 = 100;
const JOIN_PER_LOCAL_COST: u128 = 10;
const JOIN_PER_GRAPH_ITEM_COST: u128 = 50;
const REF_PARAM_EDGE_COST: u128 = 100;
const REF_PARAM_EDGE_COST_GROWTH: f32 = 1.5;
const CALL_PER_ACQUIRES_COST: u128 = 100;

/// A short list (arguments, results, resources) kept inline.
pub(crate) type Values<T> = SmallVec<[T; 8]>;

/// Sorted, deduplicated reference ids of `values`.
fn ref_ids<'v>(values: impl IntoIterator<Item = &'v Value>) -> Values<RefId> {
    let mut ids: Values<RefId> = values.into_iter().filter_map(|v| v.ref_id()).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// A value on the abstract stack or in a local.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    /// A reference, by id.
    Ref(RefId),
    /// Any non-reference value.
    NonRef,
}

impl Value {
    /// The reference id, if a reference.
    pub(crate) fn ref_id(self) -> Option<RefId> {
        match self {
            Value::Ref(id) => Some(id),
            Value::NonRef => None,
        }
    }
}

/// Locals, graph and id allocator.
#[derive(Debug)]
pub(crate) struct State {
    function: u16,
    locals: SmallVec<[Value; 8]>,
    graph: BorrowGraph,
    next_id: RefId,
    /// Sui's rules (its `copy_loc` and vector element borrows check more, see there).
    sui: bool,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            function: self.function,
            locals: SmallVec::from_slice(&self.locals),
            graph: self.graph.clone(),
            next_id: self.next_id,
            sui: self.sui,
        }
    }
}

impl State {
    /// The state at function entry: reference parameters are fresh references; `sui` selects
    /// Sui's rules.
    pub(crate) fn new(
        function: u16,
        parameters: &[SignatureToken],
        local_count: usize,
        sui: bool,
    ) -> State {
        let mut state = State {
            function,
            locals: smallvec::smallvec![Value::NonRef; local_count],
            graph: BorrowGraph::default(),
            next_id: local_count.saturating_add(1),
            sui,
        };
        for (idx, ty) in parameters.iter().enumerate() {
            if ty.is_reference() {
                state.graph.new_ref(idx, ty.is_mutable_reference());
                if let Some(slot) = state.locals.get_mut(idx) {
                    *slot = Value::Ref(idx);
                }
            }
        }
        let root = state.frame_root();
        state.graph.new_ref(root, true);
        state
    }

    fn frame_root(&self) -> RefId {
        self.locals.len()
    }

    /// Number of locals (metered).
    pub(crate) fn local_count(&self) -> usize {
        self.locals.len()
    }

    /// Size of the graph (metered).
    pub(crate) fn graph_size(&self) -> usize {
        self.graph.size()
    }

    fn error(&self, status: StatusCode, pc: u16) -> VmError {
        err_offset(status, self.function, pc)
    }

    fn new_ref(&mut self, mutable: bool) -> RefId {
        let id = self.next_id;
        self.graph.new_ref(id, mutable);
        self.next_id = self.next_id.saturating_add(1);
        id
    }

    /// A value of type `ty` produced from nothing (a fresh reference if `ty` is one).
    pub(crate) fn value_for(&mut self, ty: &SignatureToken) -> Value {
        match ty {
            SignatureToken::Reference(_) => Value::Ref(self.new_ref(false)),
            SignatureToken::MutableReference(_) => Value::Ref(self.new_ref(true)),
            _ => Value::NonRef,
        }
    }

    /// Releases the reference a value holds, if any.
    pub(crate) fn release_value(&mut self, value: Value) {
        if let Value::Ref(id) = value {
            self.graph.release(id);
        }
    }

    fn is_writable(&self, id: RefId) -> bool {
        !self.graph.has_consistent_borrows(id, None, false)
    }

    fn is_freezable(&self, id: RefId, label: Option<Label>) -> bool {
        !self.graph.has_consistent_borrows(id, label, true)
    }

    fn is_readable(&self, id: RefId, label: Option<Label>) -> bool {
        !self.graph.is_mutable(id) || self.is_freezable(id, label)
    }

    fn is_local_borrowed(&self, local: u8) -> bool {
        let root = self.frame_root();
        self.graph
            .has_consistent_borrows(root, Some(Label::Local(local)), false)
    }

    fn is_local_mutably_borrowed(&self, local: u8) -> bool {
        let root = self.frame_root();
        self.graph
            .has_consistent_borrows(root, Some(Label::Local(local)), true)
    }

    /// Whether global `resource` is borrowed.
    pub(crate) fn is_global_borrowed(&self, resource: u16) -> bool {
        let root = self.frame_root();
        self.graph
            .has_consistent_borrows(root, Some(Label::Global(resource)), false)
    }

    fn is_global_mutably_borrowed(&self, resource: u16) -> bool {
        let root = self.frame_root();
        self.graph
            .has_consistent_borrows(root, Some(Label::Global(resource)), true)
    }

    fn local(&self, local: u8) -> VResult<Value> {
        self.locals
            .get(usize::from(local))
            .copied()
            .ok_or_else(crate::error::crash)
    }

    fn replace_local(&mut self, local: u8, value: Value) -> VResult<Value> {
        let slot = self
            .locals
            .get_mut(usize::from(local))
            .ok_or_else(crate::error::crash)?;
        Ok(std::mem::replace(slot, value))
    }

    /// `copy_loc`.
    pub(crate) fn copy_loc(&mut self, pc: u16, local: u8) -> VResult<Value> {
        match self.local(local)? {
            Value::Ref(id) => {
                let copy = self.new_ref(self.graph.is_mutable(id));
                self.graph.add_strong_borrow(id, copy);
                Ok(Value::Ref(copy))
            }
            // Sui also refuses the copy when the frame has a full borrow (an overflowed edge
            // set), as it refuses any local borrow then.
            Value::NonRef
                if self.is_local_mutably_borrowed(local)
                    || (self.sui && self.graph.has_full_borrows(self.frame_root())) =>
            {
                Err(self.error(StatusCode::COPYLOC_EXISTS_BORROW_ERROR, pc))
            }
            Value::NonRef => Ok(Value::NonRef),
        }
    }

    /// `move_loc`.
    pub(crate) fn move_loc(&mut self, pc: u16, local: u8) -> VResult<Value> {
        match self.replace_local(local, Value::NonRef)? {
            Value::Ref(id) => Ok(Value::Ref(id)),
            Value::NonRef if self.is_local_borrowed(local) => {
                Err(self.error(StatusCode::MOVELOC_EXISTS_BORROW_ERROR, pc))
            }
            Value::NonRef => Ok(Value::NonRef),
        }
    }

    /// `st_loc`.
    pub(crate) fn st_loc(&mut self, pc: u16, local: u8, value: Value) -> VResult<()> {
        match self.replace_local(local, value)? {
            Value::Ref(id) => {
                self.graph.release(id);
                Ok(())
            }
            Value::NonRef if self.is_local_borrowed(local) => {
                Err(self.error(StatusCode::STLOC_UNSAFE_TO_DESTROY_ERROR, pc))
            }
            Value::NonRef => Ok(()),
        }
    }

    /// `freeze_ref`.
    pub(crate) fn freeze_ref(&mut self, pc: u16, id: RefId) -> VResult<Value> {
        if !self.is_freezable(id, None) {
            return Err(self.error(StatusCode::FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR, pc));
        }
        let frozen = self.new_ref(false);
        self.graph.add_strong_borrow(id, frozen);
        self.graph.release(id);
        Ok(Value::Ref(frozen))
    }

    /// `eq` / `neq`.
    pub(crate) fn comparison(&mut self, pc: u16, v1: Value, v2: Value) -> VResult<Value> {
        if let (Value::Ref(a), Value::Ref(b)) = (v1, v2) {
            if !self.is_readable(a, None) || !self.is_readable(b, None) {
                return Err(self.error(StatusCode::READREF_EXISTS_MUTABLE_BORROW_ERROR, pc));
            }
            self.graph.release(a);
            self.graph.release(b);
        }
        Ok(Value::NonRef)
    }

    /// `read_ref` (and `test_variant`).
    pub(crate) fn read_ref(&mut self, pc: u16, id: RefId) -> VResult<Value> {
        if !self.is_readable(id, None) {
            return Err(self.error(StatusCode::READREF_EXISTS_MUTABLE_BORROW_ERROR, pc));
        }
        self.graph.release(id);
        Ok(Value::NonRef)
    }

    /// `write_ref`.
    pub(crate) fn write_ref(&mut self, pc: u16, id: RefId) -> VResult<()> {
        if !self.is_writable(id) {
            return Err(self.error(StatusCode::WRITEREF_EXISTS_BORROW_ERROR, pc));
        }
        self.graph.release(id);
        Ok(())
    }

    /// `mut_borrow_loc` / `imm_borrow_loc`.
    pub(crate) fn borrow_loc(&mut self, pc: u16, mutable: bool, local: u8) -> VResult<Value> {
        // The frame has a full (empty-path) borrow only when an edge set overflowed and
        // collapsed; then any local may be borrowed, and the peer refuses a new borrow of
        // either kind (conformance: reference_safety/borrow_edge_overflow).
        let full = self.graph.has_full_borrows(self.frame_root());
        if full || (!mutable && self.is_local_mutably_borrowed(local)) {
            return Err(self.error(StatusCode::BORROWLOC_EXISTS_BORROW_ERROR, pc));
        }
        let id = self.new_ref(mutable);
        let root = self.frame_root();
        self.graph
            .add_strong_field_borrow(root, Label::Local(local), id);
        Ok(Value::Ref(id))
    }

    /// Field borrows through a reference.
    pub(crate) fn borrow_field(
        &mut self,
        pc: u16,
        mutable: bool,
        id: RefId,
        field: u16,
    ) -> VResult<Value> {
        let conflict = if mutable {
            self.graph.has_full_borrows(id)
        } else {
            !self.is_readable(id, Some(Label::Field(field)))
        };
        if conflict {
            return Err(self.error(StatusCode::BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR, pc));
        }
        let child = self.new_ref(mutable);
        self.graph
            .add_strong_field_borrow(id, Label::Field(field), child);
        self.graph.release(id);
        Ok(Value::Ref(child))
    }

    /// Sui's `unpack_variant_ref` / `unpack_variant_mut_ref`: a reference to each field of the
    /// variant, borrowed from the enum reference `id`, which is released.
    pub(crate) fn unpack_variant_ref(
        &mut self,
        pc: u16,
        mutable: bool,
        id: RefId,
        (enum_def, tag, fields): (u16, u16, usize),
    ) -> VResult<Vec<Value>> {
        let conflict = if mutable {
            self.graph.has_full_borrows(id)
        } else {
            !self.is_readable(id, None)
        };
        if conflict {
            return Err(self.error(StatusCode::BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR, pc));
        }
        let mut values = Vec::with_capacity(fields);
        for field in 0..fields {
            let child = self.new_ref(mutable);
            let member = u16::try_from(field).unwrap_or(u16::MAX);
            self.graph.add_strong_field_borrow(
                id,
                Label::VariantField(enum_def, tag, member),
                child,
            );
            values.push(Value::Ref(child));
        }
        self.graph.release(id);
        Ok(values)
    }

    /// `borrow_global` / `mut_borrow_global`.
    pub(crate) fn borrow_global(
        &mut self,
        pc: u16,
        mutable: bool,
        resource: u16,
    ) -> VResult<Value> {
        if (mutable && self.is_global_borrowed(resource))
            || self.is_global_mutably_borrowed(resource)
        {
            return Err(self.error(StatusCode::GLOBAL_REFERENCE_ERROR, pc));
        }
        let id = self.new_ref(mutable);
        let root = self.frame_root();
        self.graph
            .add_weak_field_borrow(root, Label::Global(resource), id);
        Ok(Value::Ref(id))
    }

    /// `move_from`.
    pub(crate) fn move_from(&mut self, pc: u16, resource: u16) -> VResult<Value> {
        if self.is_global_borrowed(resource) {
            return Err(self.error(StatusCode::GLOBAL_REFERENCE_ERROR, pc));
        }
        Ok(Value::NonRef)
    }

    /// Vector operations through a reference (`mutable`: an update).
    pub(crate) fn vector_op(&mut self, pc: u16, vector: Value, mutable: bool) -> VResult<()> {
        let id = vector
            .ref_id()
            .ok_or_else(|| invariant("vector op on a value"))?;
        if mutable && !self.is_writable(id) {
            return Err(self.error(StatusCode::VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR, pc));
        }
        self.graph.release(id);
        Ok(())
    }

    /// `vec_imm_borrow` / `vec_mut_borrow`.
    pub(crate) fn vector_element_borrow(
        &mut self,
        pc: u16,
        vector: Value,
        mutable: bool,
    ) -> VResult<Value> {
        let id = vector
            .ref_id()
            .ok_or_else(|| invariant("vector borrow on a value"))?;
        // Sui types an element borrow as a call taking the vector reference: a mutable one must
        // be writable even for an immutable borrow.
        let checked = if self.sui {
            self.graph.is_mutable(id)
        } else {
            mutable
        };
        if checked && !self.is_writable(id) {
            return Err(self.error(
                StatusCode::VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR,
                pc,
            ));
        }
        let elem = self.new_ref(mutable);
        self.graph.add_weak_borrow(id, elem);
        self.graph.release(id);
        Ok(Value::Ref(elem))
    }

    /// A call: acquired resources must not be borrowed; mutable reference arguments must be
    /// writable; returned references borrow from the arguments.
    pub(crate) fn call(
        &mut self,
        pc: u16,
        args: Values<Value>,
        acquires: &[u16],
        results: &[SignatureToken],
        meter: &mut Meter,
    ) -> VResult<Values<Value>> {
        meter.add_items(Scope::Function, CALL_PER_ACQUIRES_COST, acquires.len())?;
        for resource in acquires {
            if self.is_global_borrowed(*resource) {
                return Err(self.error(StatusCode::GLOBAL_REFERENCE_ERROR, pc));
            }
        }
        self.core_call(pc, args, results, meter)
    }

    /// The part of a call shared with closure calls.
    pub(crate) fn core_call(
        &mut self,
        pc: u16,
        args: Values<Value>,
        results: &[SignatureToken],
        meter: &mut Meter,
    ) -> VResult<Values<Value>> {
        let all = ref_ids(&args);
        let mut mutable: Values<RefId> = Values::new();
        for &id in &all {
            if self.graph.is_mutable(id) {
                if !self.is_writable(id) {
                    return Err(self.error(StatusCode::CALL_BORROWED_MUTABLE_REFERENCE_ERROR, pc));
                }
                mutable.push(id);
            }
        }
        let mut returned_refs = 0usize;
        let mut values = Values::with_capacity(results.len());
        for ty in results {
            let value = match ty {
                SignatureToken::MutableReference(_) => {
                    let id = self.new_ref(true);
                    mutable
                        .iter()
                        .for_each(|p| self.graph.add_weak_borrow(*p, id));
                    returned_refs = returned_refs.saturating_add(1);
                    Value::Ref(id)
                }
                SignatureToken::Reference(_) => {
                    let id = self.new_ref(false);
                    all.iter().for_each(|p| self.graph.add_weak_borrow(*p, id));
                    returned_refs = returned_refs.saturating_add(1);
                    Value::Ref(id)
                }
                _ => Value::NonRef,
            };
            values.push(value);
        }
        meter.add_items_with_growth(
            Scope::Function,
            REF_PARAM_EDGE_COST,
            all.len().saturating_mul(returned_refs),
            REF_PARAM_EDGE_COST_GROWTH,
        )?;
        for id in all {
            self.graph.release(id);
        }
        Ok(values)
    }

    /// `ret`: references in locals are dropped, then nothing may still borrow the frame, and
    /// returned mutable references must be writable.
    pub(crate) fn ret(&mut self, pc: u16, values: Values<Value>) -> VResult<()> {
        for id in ref_ids(&self.locals) {
            self.graph.release(id);
        }
        let root = self.frame_root();
        if self.graph.has_consistent_borrows(root, None, false) {
            return Err(self.error(StatusCode::UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED, pc));
        }
        for id in values.into_iter().filter_map(Value::ref_id) {
            if self.graph.is_mutable(id) && !self.is_writable(id) {
                return Err(self.error(StatusCode::RET_BORROWED_MUTABLE_REFERENCE_ERROR, pc));
            }
        }
        Ok(())
    }

    /// The canonical form at a block end: the reference in local `i` gets id `i`.
    pub(crate) fn canonicalize(&mut self) {
        let root = self.frame_root();
        let mut map: Values<(RefId, RefId)> = Values::new();
        map.push((root, root));
        let mut identity = true;
        for (local, value) in self.locals.iter_mut().enumerate() {
            if let Value::Ref(old) = *value {
                map.push((old, local));
                identity &= old == local;
                *value = Value::Ref(local);
            }
        }
        // Renaming every id to itself changes nothing.
        if !identity {
            self.graph.remap(&map);
        }
        self.next_id = self.locals.len().saturating_add(1);
    }

    /// The joined locals, and the graphs to join (the references that only one side holds
    /// in a local are released from that side's graph first).
    fn joined_parts<'s>(
        &'s self,
        other: &'s State,
    ) -> (
        SmallVec<[Value; 8]>,
        Cow<'s, BorrowGraph>,
        Cow<'s, BorrowGraph>,
    ) {
        let mut mine = Cow::Borrowed(&self.graph);
        let mut theirs = Cow::Borrowed(&other.graph);
        let locals = self
            .locals
            .iter()
            .zip(&other.locals)
            .map(|(a, b)| match (*a, *b) {
                (Value::Ref(id), Value::NonRef) => {
                    mine.to_mut().release(id);
                    Value::NonRef
                }
                (Value::NonRef, Value::Ref(id)) => {
                    theirs.to_mut().release(id);
                    Value::NonRef
                }
                (v, _) => v,
            })
            .collect();
        (locals, mine, theirs)
    }
}

impl Domain for State {
    fn join(&mut self, other: &Self, meter: &mut Meter) -> VResult<bool> {
        let (locals, mine, theirs) = self.joined_parts(other);
        // Without releases and with every edge of `other` covered, the join is `self`.
        let trivial =
            matches!((&mine, &theirs), (Cow::Borrowed(_), Cow::Borrowed(_))) && mine.leq(&theirs);
        let joined_graph = if trivial {
            None
        } else {
            Some(mine.join(&theirs))
        };
        meter.add(Scope::Function, JOIN_BASE_COST)?;
        meter.add_items(Scope::Function, JOIN_PER_LOCAL_COST, self.locals.len())?;
        meter.add_items(Scope::Function, JOIN_PER_GRAPH_ITEM_COST, self.graph.size())?;
        let Some(graph) = joined_graph else {
            return Ok(false);
        };
        let unchanged = self.locals == locals && self.graph.leq(&graph);
        if unchanged {
            Ok(false)
        } else {
            self.locals = locals;
            self.graph = graph;
            Ok(true)
        }
    }
}
