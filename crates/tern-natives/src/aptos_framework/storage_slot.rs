//! `storage_slot::borrow_storage_slot_resource<T, BR>(self: &StorageSlot<T>): &BR` and its
//! `_mut` twin: a reference to the resource of type `BR` (`StorageSlotResource<T>`) stored at
//! the slot's address, as `borrow_global` would give it (loaded from storage on first access,
//! marked written when mutable); [`ESTORAGE_SLOT_NOT_FOUND`] when there is none.
//!
//! gas: each charges Aptos's `base`. Aptos also charges `per_byte_loaded` for the bytes a
//! first access reads; here that read is charged as any resource read under a schedule
//! (`GasSchedule::read_cost`, as a `borrow_global` is), not by the native.

use crate::bad_args;
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// The abort code when the slot's resource is not stored (Aptos's `ESTORAGE_SLOT_NOT_FOUND`).
pub(super) const ESTORAGE_SLOT_NOT_FOUND: u64 = 2;

/// `borrow_storage_slot_resource<T, BR>(self: &StorageSlot<T>): &BR`.
pub(super) fn borrow(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.storage_slot.borrow.base", 1)], 1);
    borrow_resource(ctx, ty_args, args, false)
}

/// `borrow_storage_slot_resource_mut<T, BR>(self: &mut StorageSlot<T>): &mut BR`.
pub(super) fn borrow_mut(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.storage_slot.borrow_mut.base", 1)], 1);
    borrow_resource(ctx, ty_args, args, true)
}

/// The resource `BR` (`ty_args[1]`) at the address held by the `StorageSlot` behind
/// `args[0]`.
fn borrow_resource(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
    mutable: bool,
) -> Result<NativeResult, VmError> {
    let (Some(ty), Some(slot)) = (ty_args.get(1), args.first()) else {
        return Err(bad_args());
    };
    let Some(Value::Address(address)) = ctx.struct_fields(*slot)?.first().copied() else {
        return Err(bad_args());
    };
    Ok(NativeResult::BorrowGlobal {
        address,
        ty: *ty,
        mutable,
        missing: ESTORAGE_SLOT_NOT_FOUND,
    })
}
