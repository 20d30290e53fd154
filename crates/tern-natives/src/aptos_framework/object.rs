//! `object::create_user_derived_object_address_impl` and `object::exists_at`.
//!
//! gas: `create_user_derived_object_address_impl` charges Aptos's
//! `object.user_derived_address.base`; `exists_at` its `object.exists_at.base`, both first.
//!
//! Not priced exactly: Aptos's `exists_at` also charges, when the resource is loaded into
//! the transaction's data cache for the first time, `object.exists_at.per_item_loaded` +
//! `per_byte_loaded` × the bytes loaded. Those bytes are the resource's, plus for a member
//! of a resource group (`ObjectCore` is in `ObjectGroup`) the whole group's size on the
//! group's first access; and a load by the native spares a later `borrow_global` of the
//! resource its read. Tern models neither resource groups nor a native's view of what the
//! session has loaded (a native sees only whether the resource exists), so the native
//! charges the base alone and a later instruction's first access is charged as a read.

use super::{address_arg, ret};
use sha3::Digest;
use tern_primitives::{AccountAddress, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// The scheme byte Aptos appends to derive an object's address from another object's
/// (`DeriveObjectAddressFromObject`).
const DERIVE_OBJECT_ADDRESS_FROM_OBJECT: u8 = 0xFC;

/// The address of the object derived from `derive_from` by `source`:
/// SHA3-256 of `source ‖ derive_from ‖ 0xFC`.
pub fn derived_object_address(
    source: AccountAddress,
    derive_from: AccountAddress,
) -> AccountAddress {
    let mut digest = sha3::Sha3_256::new();
    digest.update(source.into_bytes());
    digest.update(derive_from.into_bytes());
    digest.update([DERIVE_OBJECT_ADDRESS_FROM_OBJECT]);
    AccountAddress::new(digest.finalize().into())
}

/// `object::create_user_derived_object_address_impl(source: address, derive_from: address):
/// address`: [`derived_object_address`].
pub(super) fn create_user_derived_object_address(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(
        &[("aptos_framework.object.user_derived_address.base", 1)],
        1,
    );
    let source = address_arg(args, 0)?;
    let derive_from = address_arg(args, 1)?;
    ret(Value::Address(derived_object_address(source, derive_from)))
}

/// `object::exists_at<T: key>(object: address): bool`: whether a `T` resource is at `object`,
/// as the running transaction sees it (its own `move_to`s and `move_from`s included).
pub(super) fn exists_at(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let object = address_arg(args, 0)?;
    let ty = *ty_args.first().ok_or_else(crate::bad_args)?;
    // The base only: the first-load charge is not modelled (see the module's notes).
    ctx.charge_priced(&[("aptos_framework.object.exists_at.base", 1)], 1);
    ret(Value::Bool(ctx.resource_exists(object, ty)?))
}
