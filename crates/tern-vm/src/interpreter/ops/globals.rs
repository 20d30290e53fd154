//! Global storage instructions: `exists`, `borrow_global`, `move_from`, `move_to`.

use crate::interpreter::{invariant, Frame};
use crate::loader::Body;
use crate::session::Session;
use crate::types::{TypeId, TypeNode};
use crate::values::{Container, Place, Ref, Value};
use tern_ir::{Op, TypeSlot};
use tern_primitives::{AccountAddress, ModuleId, StatusCode, VmError};

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

    /// The peer's re-entrancy rule for global storage: a module is active once for every
    /// frame of it entered from another module (or from a script), or through a closure (a
    /// closure may have been built anywhere); while a module is active more than once, the
    /// resources it defines cannot be accessed (`RUNTIME_DISPATCH_ERROR`).
    pub(crate) fn check_reentrancy(
        &self,
        frame: &Frame<'_>,
        callers: &[Frame<'_>],
        ty: TypeId,
    ) -> Result<(), VmError> {
        // The entry frame counts; a module counted twice is re-entered.
        let mut entered: smallvec::SmallVec<[&ModuleId; 8]> = smallvec::SmallVec::new();
        let mut reentered = false;
        let mut caller: Option<&Frame<'_>> = None;
        for f in callers.iter().chain(std::iter::once(frame)) {
            let counted = match caller {
                None => true,
                Some(c) => c.function.id.module != f.function.id.module || entered_by_closure(c),
            };
            if let (true, Some(m)) = (counted, f.function.id.module.as_ref()) {
                reentered |= entered.contains(&m);
                entered.push(m);
            }
            caller = Some(f);
        }
        if !reentered {
            return Ok(());
        }
        let cache = self.runtime.read()?;
        let TypeNode::Struct(sid, _) = cache.types.node(ty) else {
            return Ok(());
        };
        let Some(info) = cache.struct_info(*sid) else {
            return Err(invariant("unknown struct"));
        };
        if entered.iter().filter(|m| ***m == info.module).count() > 1 {
            return Err(
                VmError::new(StatusCode::RUNTIME_DISPATCH_ERROR).with_message(format!(
                    "Resource `{}::{}` cannot be accessed because of active reentrancy of defining module.",
                    info.module, info.name
                )),
            );
        }
        Ok(())
    }

    fn pop_address(&mut self) -> Result<AccountAddress, VmError> {
        match self.pop()? {
            Value::Address(a) => Ok(a),
            v => Err(self.cannot_cast(v, "AccountAddress")),
        }
    }

    /// The resource type of a global-storage instruction (checked against the re-entrancy
    /// rule) and the address popped from the stack.
    fn resource_at_address(
        &mut self,
        frame: &Frame<'_>,
        callers: &[Frame<'_>],
        body: &Body,
        slot: TypeSlot,
    ) -> Result<(TypeId, AccountAddress), VmError> {
        let ty = self.slot_type(frame, body, slot)?;
        self.check_reentrancy(frame, callers, ty)?;
        Ok((ty, self.pop_address()?))
    }

    /// `exists` of the resource whose type is in `slot` at the address on top.
    pub(crate) fn exists(
        &mut self,
        frame: &Frame<'_>,
        callers: &[Frame<'_>],
        body: &Body,
        slot: TypeSlot,
    ) -> Result<(), VmError> {
        let (ty, addr) = self.resource_at_address(frame, callers, body, slot)?;
        let present = self.global_slot(addr, ty)?.value.is_some();
        self.push(Value::Bool(present))
    }

    /// `borrow_global` (immutable or mutable) of the resource whose type is in `slot`.
    pub(crate) fn borrow_global(
        &mut self,
        frame: &Frame<'_>,
        callers: &[Frame<'_>],
        body: &Body,
        slot: TypeSlot,
        mutable: bool,
    ) -> Result<(), VmError> {
        let (ty, addr) = self.resource_at_address(frame, callers, body, slot)?;
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

    /// `move_from` of the resource whose type is in `slot` at the address on top.
    pub(crate) fn move_from(
        &mut self,
        frame: &Frame<'_>,
        callers: &[Frame<'_>],
        body: &Body,
        slot: TypeSlot,
    ) -> Result<(), VmError> {
        let (ty, addr) = self.resource_at_address(frame, callers, body, slot)?;
        let g = self.global_slot(addr, ty)?;
        let Some(c) = g.value.take() else {
            return Err(VmError::new(StatusCode::MISSING_DATA)
                .with_message(format!("Failed to move resource from {}", addr.full_hex())));
        };
        g.dirty = true;
        self.push(Value::Container(c))
    }

    /// `move_to` of the resource on top under the signer reference below it.
    pub(crate) fn move_to(
        &mut self,
        frame: &Frame<'_>,
        callers: &[Frame<'_>],
        body: &Body,
        slot: TypeSlot,
    ) -> Result<(), VmError> {
        // The operands first, as the peer takes them: the resource (whatever it is), then the
        // signer reference.
        let resource = self.pop()?;
        let signer = match self.pop_ref_as("Signer reference")? {
            Ref {
                place: Place::Whole(c),
            } => c,
            r => return Err(self.cannot_cast(Value::Ref(r), "Signer reference")),
        };
        let ty = self.slot_type(frame, body, slot)?;
        self.check_reentrancy(frame, callers, ty)?;
        self.check_resource_layout(ty)?;
        // The address is slot 1 of the signer as the peer keeps it (its variant tag in slot
        // 0); a reference to another container (code that skipped the verifier) is read the
        // same way.
        let container = self.heap.get(signer)?;
        let addr = match super::refs::peer_slot(container, 1) {
            Some(Value::Address(a)) => a,
            Some(other) => return Err(self.cannot_cast(other, "AccountAddress")),
            None => {
                return Err(super::refs::slot_out_of_range(
                    1,
                    super::refs::peer_slots(container),
                ))
            }
        };
        let failed = format!("Failed to move resource into {}", addr.full_hex());
        // Only a struct or an enum value is a resource (code that skipped the verifier may
        // move anything).
        let is_resource = matches!(resource, Value::Container(c)
            if matches!(self.heap.get(c), Ok(Container::Struct(_) | Container::Variant(..))));
        let g = self.global_slot(addr, ty)?;
        if g.value.is_some() {
            let err = VmError::new(StatusCode::RESOURCE_ALREADY_EXISTS).with_message(failed);
            self.heap.free_value(resource);
            return Err(err);
        }
        let resource = match resource {
            Value::Container(c) if is_resource => c,
            other => {
                self.heap.free_value(other);
                return Err(invariant(&format!(
                    "{failed} @failed to publish fresh: not a resource"
                )));
            }
        };
        g.value = Some(resource);
        g.dirty = true;
        Ok(())
    }
}

/// Whether a suspended caller is waiting in a `call_closure` (its pc is past the call; a
/// fused closure call resumes past the original `call_closure` too).
fn entered_by_closure(caller: &Frame<'_>) -> bool {
    let Some(body) = caller.function.move_body() else {
        return false;
    };
    matches!(
        caller
            .pc
            .checked_sub(1)
            .and_then(|pc| body.code.get(pc as usize)),
        Some(Op::CallClosure(_))
    )
}
