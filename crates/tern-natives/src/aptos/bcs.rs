//! `bcs::serialized_size`, `bcs::constant_serialized_size` and `from_bcs::from_bytes`
//! (`bcs::to_bytes` is the standard library's).

use super::type_info::{struct_shape, StructShape};
use super::{ref_arg, ret, take_bytes, ty_arg, EFROM_BYTES};
use crate::{bad_args, BCS_SERIALIZATION_FAILURE};
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::{TypeId, TypeNode};
use tern_vm::values::{Container, Value};

/// Variant tags of `0x1::option::Option` (an enum in this framework).
const OPTION_NONE: u16 = 0;
const OPTION_SOME: u16 = 1;

/// `bcs::serialized_size<T>(v: &T): u64`: the length of `to_bytes(v)`; any failure (the
/// type's layout, the read of the value, serialization) aborts with
/// `NFE_BCS_SERIALIZATION_FAILURE` (453), as `to_bytes` does.
pub(super) fn serialized_size(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let ty = ty_arg(ty_args, 0)?;
    let value = ctx.deref(ref_arg(args, 0)?)?;
    ctx.charge_priced(&[("move_stdlib.bcs.serialized_size.base", 1)], 0);
    let size = (|| {
        ctx.check_copy_depth(value)?;
        ctx.check_layout(ty)?;
        ctx.to_bcs(ty, value)
    })();
    match size {
        Ok(bytes) => {
            let per_byte = "move_stdlib.bcs.serialized_size.per_byte_serialized";
            ctx.charge_priced(&[(per_byte, bytes.len() as u64)], 0);
            ret(Value::U64(bytes.len() as u64))
        }
        Err(_) => {
            ctx.charge_priced(&[("move_stdlib.bcs.serialized_size.failure", 1)], 0);
            Ok(NativeResult::Abort(BCS_SERIALIZATION_FAILURE))
        }
    }
}

/// `bcs::constant_serialized_size<T>(): Option<u64>`: `Some(n)` when every value of `T`
/// serializes to `n` bytes (primitives, addresses and structs of such fields), `None` when
/// the size depends on the value (vectors, enums, signers, function values). A type whose
/// layout exceeds the limits is the layout's error, not an abort.
pub(super) fn constant_serialized_size(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    let ty = ty_arg(ty_args, 0)?;
    ctx.charge_priced(&[("move_stdlib.bcs.constant_serialized_size.base", 1)], 0);
    ctx.check_layout(ty)?;
    let size = constant_size(ctx, ty)?;
    let option = match size {
        Some(n) => Container::Variant(OPTION_SOME, vec![Value::U64(n)].into()),
        None => Container::Variant(OPTION_NONE, Box::new([])),
    };
    ret(Value::Container(ctx.heap.alloc(option)))
}

/// The constant BCS size of `ty`, if it has one. Recursion is bounded by the layout depth
/// limit, checked before.
fn constant_size(ctx: &NativeContext<'_>, ty: TypeId) -> Result<Option<u64>, VmError> {
    Ok(match ctx.type_node(ty)? {
        TypeNode::Bool | TypeNode::U8 | TypeNode::I8 => Some(1),
        TypeNode::U16 | TypeNode::I16 => Some(2),
        TypeNode::U32 | TypeNode::I32 => Some(4),
        TypeNode::U64 | TypeNode::I64 => Some(8),
        TypeNode::U128 | TypeNode::I128 => Some(16),
        TypeNode::U256 | TypeNode::I256 | TypeNode::Address => Some(32),
        TypeNode::Signer | TypeNode::Vector(_) | TypeNode::Function(..) => None,
        TypeNode::Struct(..) => match struct_shape(ctx, ty)? {
            StructShape::Variants { .. } => None,
            StructShape::Fields { fields, .. } => {
                let mut total = Some(0u64);
                for (_, field_ty) in fields {
                    match constant_size(ctx, field_ty)? {
                        Some(n) => total = total.and_then(|t| t.checked_add(n)),
                        None => return Ok(None),
                    }
                }
                total
            }
        },
        TypeNode::Reference(_) | TypeNode::MutableReference(_) | TypeNode::TypeParam(_) => {
            return Err(bad_args())
        }
    })
}

/// `from_bcs::from_bytes<T>(bytes: vector<u8>): T`: the value of type `T` the bytes encode
/// (all of them); anything else aborts with [`EFROM_BYTES`]. Gas under a schedule:
/// `util.from_bytes.base` and `per_byte` of the bytes, charged before the abort too.
pub(super) fn from_bytes(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let ty = ty_arg(ty_args, 0)?;
    ctx.check_layout(ty)?;
    let bytes = take_bytes(ctx, super::arg(args, 0)?)?;
    // perf: one unit per 32 bytes read, so that a budget bounds the work.
    let len = bytes.len() as u64;
    ctx.charge_priced(
        &[
            ("aptos_framework.util.from_bytes.base", 1),
            ("aptos_framework.util.from_bytes.per_byte", len),
        ],
        len / 32,
    );
    match ctx.from_bcs(ty, &bytes) {
        Ok(v) => ret(v),
        Err(_) => Ok(NativeResult::Abort(EFROM_BYTES)),
    }
}
