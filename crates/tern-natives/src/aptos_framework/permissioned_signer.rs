//! `permissioned_signer`'s natives. A signer is an enum: variant 0 a master signer `{ addr }`,
//! variant 1 a permissioned signer `{ master_addr, permission_addr }` (`signer::address_of`
//! gives the master address of either). Each native aborts with
//! [`EPERMISSION_SIGNER_DISABLED`] when the `PERMISSIONED_SIGNER` feature is off
//! ([`super::FeatureFlags`]), as in Aptos.
//!
//! gas: Aptos charges each native its `permissioned_signer.*.base` after the feature check
//! (`permission_address` before its own abort). Those parameters are bound to gas feature
//! version 1.26 (30) alone, so at version 50 the on-chain schedule does not list them and
//! they are zero: under a schedule these natives charge nothing. Without one, Tern's unit at
//! the same point.

use super::features::PERMISSIONED_SIGNER;
use super::{address_arg, ret, state, FeatureFlags};
use crate::bad_args;
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Place, Ref, Value};

/// Abort code of `permission_address` for a master signer.
pub const ENOT_PERMISSIONED_SIGNER: u64 = 3;
/// Abort code of every permissioned-signer native when the feature is off.
pub const EPERMISSION_SIGNER_DISABLED: u64 = 9;

/// The variant tag of a permissioned signer.
const PERMISSIONED: u16 = 1;

/// Whether the feature is on.
fn enabled(ctx: &mut NativeContext<'_>) -> Result<bool, VmError> {
    Ok(state::<FeatureFlags>(ctx)?.is_enabled(PERMISSIONED_SIGNER))
}

/// Charges Aptos's base of a permissioned-signer native: zero at gas feature version 50
/// (see the module's notes), so only Tern's unit without a schedule.
fn charge(ctx: &mut NativeContext<'_>) {
    ctx.charge_priced(&[], 1);
}

/// The variant tag and fields of the signer a `&signer` argument points to.
fn signer<'c>(ctx: &'c NativeContext<'_>, args: &[Value]) -> Result<(u16, &'c [Value]), VmError> {
    let Some(Value::Ref(Ref {
        place: Place::Whole(c),
    })) = args.first()
    else {
        return Err(bad_args());
    };
    match ctx.heap.get(*c)? {
        Container::Variant(tag, fields) => Ok((*tag, fields)),
        _ => Err(bad_args()),
    }
}

/// `is_permissioned_signer_impl(s: &signer): bool`.
pub(super) fn is_permissioned_signer_impl(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    if !enabled(ctx)? {
        return Ok(NativeResult::Abort(EPERMISSION_SIGNER_DISABLED));
    }
    charge(ctx);
    let (tag, _) = signer(ctx, args)?;
    ret(Value::Bool(tag == PERMISSIONED))
}

/// `permission_address(permissioned: &signer): address`; a master signer aborts with
/// [`ENOT_PERMISSIONED_SIGNER`].
pub(super) fn permission_address(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    if !enabled(ctx)? {
        return Ok(NativeResult::Abort(EPERMISSION_SIGNER_DISABLED));
    }
    charge(ctx);
    match signer(ctx, args)? {
        (PERMISSIONED, [_, Value::Address(a)]) => ret(Value::Address(*a)),
        (PERMISSIONED, _) => Err(bad_args()),
        _ => Ok(NativeResult::Abort(ENOT_PERMISSIONED_SIGNER)),
    }
}

/// `signer_from_permissioned_handle_impl(master_account_addr: address,
/// permissions_storage_addr: address): signer`: a permissioned signer.
pub(super) fn signer_from_permissioned_handle_impl(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    if !enabled(ctx)? {
        return Ok(NativeResult::Abort(EPERMISSION_SIGNER_DISABLED));
    }
    let (master, permission) = (address_arg(args, 0)?, address_arg(args, 1)?);
    charge(ctx);
    let fields = vec![Value::Address(master), Value::Address(permission)];
    let signer = Container::Variant(PERMISSIONED, fields.into());
    ret(Value::Container(ctx.heap.alloc(signer)))
}
