//! `object::create_user_derived_object_address_impl` and `object::exists_at`.

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
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    let source = address_arg(&args, 0)?;
    let derive_from = address_arg(&args, 1)?;
    ctx.charge(1);
    ret(Value::Address(derived_object_address(source, derive_from)))
}

/// `object::exists_at<T: key>(object: address): bool`: whether a `T` resource is at `object`,
/// as the running transaction sees it (its own `move_to`s and `move_from`s included).
pub(super) fn exists_at(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    let object = address_arg(&args, 0)?;
    let ty = *ty_args.first().ok_or_else(crate::bad_args)?;
    ctx.charge(1);
    ret(Value::Bool(ctx.resource_exists(object, ty)?))
}
