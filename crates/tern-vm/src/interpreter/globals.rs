//! Global storage instructions: `exists`, `borrow_global`, `move_from`, `move_to`.

use super::{invariant, Frame};
use crate::ir::TypeSlot;
use crate::loader::Body;
use crate::session::Session;
use crate::types::TypeId;
use crate::values::{Container, Place, Ref, Value};
use tern_primitives::{AccountAddress, StatusCode, VmError};

impl Session<'_> {
    /// The concrete type of a type slot in the running frame.
    pub(crate) fn slot_type(
        &self,
        frame: &Frame<'_>,
        body: &Body,
        slot: TypeSlot,
    ) -> Result<TypeId, VmError> {
        match frame.generic.as_ref().and_then(|g| g.resolved.as_ref()) {
            Some(resolved) => resolved
                .get(usize::from(slot))
                .ok_or_else(|| invariant("type slot out of range"))?
                .clone(),
            None => body
                .types
                .get(usize::from(slot))
                .copied()
                .ok_or_else(|| invariant("type slot out of range")),
        }
    }

    fn pop_address(&mut self) -> Result<AccountAddress, VmError> {
        match self.pop()? {
            Value::Address(a) => Ok(a),
            _ => Err(invariant("expected an address")),
        }
    }

    pub(crate) fn exists(
        &mut self,
        frame: &Frame<'_>,
        body: &Body,
        slot: TypeSlot,
    ) -> Result<(), VmError> {
        let ty = self.slot_type(frame, body, slot)?;
        let addr = self.pop_address()?;
        let present = self.global_slot(addr, ty)?.value.is_some();
        self.push(Value::Bool(present))
    }

    pub(crate) fn borrow_global(
        &mut self,
        frame: &Frame<'_>,
        body: &Body,
        slot: TypeSlot,
        mutable: bool,
    ) -> Result<(), VmError> {
        let ty = self.slot_type(frame, body, slot)?;
        let addr = self.pop_address()?;
        let g = self.global_slot(addr, ty)?;
        let Some(c) = g.value else {
            return Err(VmError::new(StatusCode::MISSING_DATA).with_message(format!(
                "Failed to borrow global resource from {}",
                addr.full_hex()
            )));
        };
        g.dirty |= mutable;
        self.push(Value::Ref(Ref {
            place: Place::Whole(c),
        }))
    }

    pub(crate) fn move_from(
        &mut self,
        frame: &Frame<'_>,
        body: &Body,
        slot: TypeSlot,
    ) -> Result<(), VmError> {
        let ty = self.slot_type(frame, body, slot)?;
        let addr = self.pop_address()?;
        let g = self.global_slot(addr, ty)?;
        let Some(c) = g.value.take() else {
            return Err(VmError::new(StatusCode::MISSING_DATA)
                .with_message(format!("Failed to move resource from {}", addr.full_hex())));
        };
        g.dirty = true;
        self.push(Value::Container(c))
    }

    pub(crate) fn move_to(
        &mut self,
        frame: &Frame<'_>,
        body: &Body,
        slot: TypeSlot,
    ) -> Result<(), VmError> {
        let ty = self.slot_type(frame, body, slot)?;
        self.ensure_loaded(ty)?;
        let (max_nodes, max_depth) = (
            self.runtime.config.max_layout_nodes,
            self.runtime.config.max_layout_depth,
        );
        self.runtime
            .write()?
            .check_layout(ty, max_nodes, max_depth)?;
        let Value::Container(resource) = self.pop()? else {
            return Err(invariant("move_to of a non-struct"));
        };
        let signer = match self.pop_ref()?.place {
            Place::Whole(c) => c,
            _ => return Err(invariant("move_to without a signer reference")),
        };
        let addr = match self.heap.get(signer)? {
            Container::Variant(_, f) => match f.first() {
                Some(Value::Address(a)) => *a,
                _ => return Err(invariant("malformed signer")),
            },
            _ => return Err(invariant("malformed signer")),
        };
        let g = self.global_slot(addr, ty)?;
        if g.value.is_some() {
            let err = VmError::new(StatusCode::RESOURCE_ALREADY_EXISTS)
                .with_message(format!("Failed to move resource into {}", addr.full_hex()));
            self.heap.free_tree(resource);
            return Err(err);
        }
        g.value = Some(resource);
        g.dirty = true;
        Ok(())
    }
}
