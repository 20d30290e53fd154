//! `aggregator_v2`: aggregators, snapshots and derived strings as Aptos runs them without its
//! parallel "delayed fields" (sequential, in memory): an aggregator is its Move struct
//! `Aggregator<T> { value: T, max_value: T }`, read and written in place; a snapshot is
//! `AggregatorSnapshot<T> { value: T }`; a derived string is `DerivedStringSnapshot { value:
//! String, padding: vector<u8> }`, padded as Aptos pads it so that its serialized size is
//! the one the parallel executor reserves.
//!
//! `T` is `u64` or `u128`; any other type aborts with [`EUNSUPPORTED_AGGREGATOR_TYPE`] (or
//! [`EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE`] for a snapshot), as in Aptos. `try_add` and
//! `try_sub` return `false` instead of going above `max_value` or below zero.
//!
//! gas: each native charges its Aptos base first, before any abort
//! (`aggregator_v2.create_aggregator.base` for both constructors, `try_add.base`,
//! `try_sub.base`, `is_at_least.base`, `read.base`, `snapshot.base`, `create_snapshot.base`,
//! `read_snapshot.base` also for `read_derived_string`); `create_derived_string` adds
//! `create_snapshot.per_byte` × the string's bytes and `derive_string_concat`
//! (`string_concat.base`) `string_concat.per_byte` × the suffix's bytes, then × the
//! prefix's, both before the length check. `copy_snapshot` and `string_concat` abort
//! without a charge, as in Aptos.

use super::ret;
use crate::bad_args;
use tern_primitives::{StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::{TypeId, TypeNode};
use tern_vm::values::{Container, Place, Ref, Value};

/// Abort code for a snapshot of a type other than `u64` and `u128`
/// (`error::invalid_state(5)`, raw).
pub const EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE: u64 = 0x03_0005;
/// Abort code for an aggregator of a type other than `u64` and `u128`.
pub const EUNSUPPORTED_AGGREGATOR_TYPE: u64 = 0x03_0007;
/// Abort code of `create_derived_string` and `derive_string_concat` when the input strings
/// are longer than [`DERIVED_STRING_INPUT_MAX_LENGTH`] bytes.
pub const EINPUT_STRING_LENGTH_TOO_LARGE: u64 = 0x03_0008;
/// Abort code of the natives Aptos declares but does not support (`copy_snapshot`,
/// `string_concat`).
pub const EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED: u64 = 0x03_0009;
/// The longest input of a derived string, in bytes (prefix and suffix together).
pub const DERIVED_STRING_INPUT_MAX_LENGTH: usize = 1024;

/// The bases several natives share.
const CREATE_AGGREGATOR: &str = "aptos_framework.aggregator_v2.create_aggregator.base";
const CREATE_SNAPSHOT: &str = "aptos_framework.aggregator_v2.create_snapshot.base";
const READ_SNAPSHOT: &str = "aptos_framework.aggregator_v2.read_snapshot.base";

/// Decimal digits of `u64::MAX` and of `u128::MAX`: the widest a snapshot's value prints.
const U64_MAX_DIGITS: usize = 20;
const U128_MAX_DIGITS: usize = 39;

/// The integer width of an aggregator or snapshot element type: `Some(false)` for `u64`,
/// `Some(true)` for `u128`, `None` for anything else.
fn wide(ctx: &NativeContext<'_>, ty: TypeId) -> Result<Option<bool>, VmError> {
    Ok(match ctx.type_node(ty)? {
        TypeNode::U64 => Some(false),
        TypeNode::U128 => Some(true),
        _ => None,
    })
}

/// A `u64` or `u128` value as `u128`.
fn int(v: Value) -> Result<u128, VmError> {
    match v {
        Value::U64(x) => Ok(u128::from(x)),
        Value::U128(x) => Ok(x.u128()),
        _ => Err(bad_args()),
    }
}

/// `x` as a value of the element type (`wide`: `u128`); a `u64` that does not fit is an
/// invariant violation, as in Aptos.
fn int_value(x: u128, wide: bool) -> Result<Value, VmError> {
    if wide {
        return Ok(Value::u128(x));
    }
    u64::try_from(x).map(Value::U64).map_err(|_| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message("Cannot cast u128 into u64")
    })
}

/// Charges the `aggregator_v2` parameter `name` once under a schedule, else Tern's unit.
fn charge_base(ctx: &mut NativeContext<'_>, name: &str) {
    ctx.charge_priced(&[(name, 1)], 1);
}

/// The container a struct reference points to.
fn struct_ref(v: Option<&Value>) -> Result<tern_vm::values::ContainerId, VmError> {
    match v {
        Some(Value::Ref(Ref {
            place: Place::Whole(c),
        })) => Ok(*c),
        _ => Err(bad_args()),
    }
}

/// Field `i` of the struct in container `c`, a `u64` or `u128`, as `u128`.
fn int_field(
    ctx: &NativeContext<'_>,
    c: tern_vm::values::ContainerId,
    i: usize,
) -> Result<u128, VmError> {
    let fields = ctx.struct_fields(Value::Container(c))?;
    int(fields.get(i).copied().ok_or_else(bad_args)?)
}

/// A new struct holding `fields`.
fn pack(ctx: &mut NativeContext<'_>, fields: Vec<Value>) -> Value {
    Value::Container(ctx.heap.alloc(Container::Struct(fields.into())))
}

/// Whether the element type `$ty` is `u128` (else `u64`); for any other type, returns an
/// abort with `$code` from the native.
macro_rules! width_or_abort {
    ($ctx:expr, $ty:expr, $code:expr) => {
        match wide($ctx, $ty)? {
            Some(w) => w,
            None => return Ok(NativeResult::Abort($code)),
        }
    };
}

/// `create_aggregator<T>(max_value: T): Aggregator<T>`: value 0, bounded by `max_value`.
pub(super) fn create_aggregator(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    charge_base(ctx, CREATE_AGGREGATOR);
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    let w = width_or_abort!(ctx, ty, EUNSUPPORTED_AGGREGATOR_TYPE);
    let max = int(args.first().copied().ok_or_else(bad_args)?)?;
    let fields = vec![int_value(0, w)?, int_value(max, w)?];
    ret(pack(ctx, fields))
}

/// `create_unbounded_aggregator<T>(): Aggregator<T>`: value 0, bounded by `T`'s maximum.
pub(super) fn create_unbounded_aggregator(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    charge_base(ctx, CREATE_AGGREGATOR);
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    let w = width_or_abort!(ctx, ty, EUNSUPPORTED_AGGREGATOR_TYPE);
    let max = if w { u128::MAX } else { u128::from(u64::MAX) };
    let fields = vec![int_value(0, w)?, int_value(max, w)?];
    ret(pack(ctx, fields))
}

/// What `try_add`, `try_sub` and `is_at_least_impl` do to the aggregator's value.
#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    AtLeast,
}

/// `try_add`, `try_sub` (`&mut Aggregator<T>`, `T`: whether the value changed) and
/// `is_at_least_impl` (`&Aggregator<T>`, `T`: whether `value >= min`).
fn apply(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
    op: Op,
) -> Result<NativeResult, VmError> {
    let base = match op {
        Op::Add => "aptos_framework.aggregator_v2.try_add.base",
        Op::Sub => "aptos_framework.aggregator_v2.try_sub.base",
        Op::AtLeast => "aptos_framework.aggregator_v2.is_at_least.base",
    };
    charge_base(ctx, base);
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    let w = width_or_abort!(ctx, ty, EUNSUPPORTED_AGGREGATOR_TYPE);
    let rhs = int(args.get(1).copied().ok_or_else(bad_args)?)?;
    let c = struct_ref(args.first())?;
    let (value, max) = (int_field(ctx, c, 0)?, int_field(ctx, c, 1)?);
    let result = match op {
        // Aptos's bounded addition: a value above the bound cannot grow.
        Op::Add => (value <= max && rhs <= max - value).then(|| value + rhs),
        Op::Sub | Op::AtLeast => value.checked_sub(rhs),
    };
    if let (Some(new), Op::Add | Op::Sub) = (result, op) {
        let new = int_value(new, w)?;
        match ctx.heap.get_mut(c)? {
            Container::Struct(fields) => *fields.first_mut().ok_or_else(bad_args)? = new,
            _ => return Err(bad_args()),
        }
    }
    ret(Value::Bool(result.is_some()))
}

/// `try_add<T>(self: &mut Aggregator<T>, value: T): bool`.
pub(super) fn try_add(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    apply(ctx, ty_args, args, Op::Add)
}

/// `try_sub<T>(self: &mut Aggregator<T>, value: T): bool`.
pub(super) fn try_sub(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    apply(ctx, ty_args, args, Op::Sub)
}

/// `is_at_least_impl<T>(self: &Aggregator<T>, min_amount: T): bool`.
pub(super) fn is_at_least_impl(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    apply(ctx, ty_args, args, Op::AtLeast)
}

/// `read<T>(self: &Aggregator<T>): T`; a value above the bound is an invariant violation,
/// as in Aptos.
pub(super) fn read(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    charge_base(ctx, "aptos_framework.aggregator_v2.read.base");
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    let w = width_or_abort!(ctx, ty, EUNSUPPORTED_AGGREGATOR_TYPE);
    let c = struct_ref(args.first())?;
    let (value, max) = (int_field(ctx, c, 0)?, int_field(ctx, c, 1)?);
    if value > max {
        return Err(
            VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR).with_message(format!(
                "Aggregator read returned the value greater than maximum possible value: \
                 {value} > {max}"
            )),
        );
    }
    ret(int_value(value, w)?)
}

/// `snapshot<T>(self: &Aggregator<T>): AggregatorSnapshot<T>`.
pub(super) fn snapshot(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    charge_base(ctx, "aptos_framework.aggregator_v2.snapshot.base");
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    let w = width_or_abort!(ctx, ty, EUNSUPPORTED_AGGREGATOR_TYPE);
    let value = int_field(ctx, struct_ref(args.first())?, 0)?;
    let fields = vec![int_value(value, w)?];
    ret(pack(ctx, fields))
}

/// `create_snapshot<T>(value: T): AggregatorSnapshot<T>`.
pub(super) fn create_snapshot(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    charge_base(ctx, CREATE_SNAPSHOT);
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    let w = width_or_abort!(ctx, ty, EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE);
    let value = int(args.first().copied().ok_or_else(bad_args)?)?;
    let fields = vec![int_value(value, w)?];
    ret(pack(ctx, fields))
}

/// `read_snapshot<T>(self: &AggregatorSnapshot<T>): T`.
pub(super) fn read_snapshot(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    charge_base(ctx, READ_SNAPSHOT);
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    let w = width_or_abort!(ctx, ty, EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE);
    let value = int_field(ctx, struct_ref(args.first())?, 0)?;
    ret(int_value(value, w)?)
}

/// `copy_snapshot` and `string_concat`: declared, never supported; they abort with
/// [`EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED`], as in Aptos.
pub(super) fn not_supported(
    _ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    Ok(NativeResult::Abort(EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED))
}

/// `read_derived_string(self: &DerivedStringSnapshot): String`: a copy of its `value`.
pub(super) fn read_derived_string(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    charge_base(ctx, READ_SNAPSHOT);
    let c = struct_ref(args.first())?;
    let string = ctx
        .struct_fields(Value::Container(c))?
        .first()
        .copied()
        .ok_or_else(bad_args)?;
    let bytes = string_bytes(ctx, string)?;
    let text = ctx.new_bytes(bytes);
    ret(pack(ctx, vec![text]))
}

/// The bytes of a `String` value (or of the one a reference points to).
fn string_bytes(ctx: &NativeContext<'_>, s: Value) -> Result<Vec<u8>, VmError> {
    Ok(crate::string_bytes(ctx, s)?.to_vec())
}

/// The bytes of an owned `String` argument, freeing it; charges the parameter `per_byte`
/// for each byte under a schedule.
fn take_string(
    ctx: &mut NativeContext<'_>,
    s: Option<&Value>,
    per_byte: &str,
) -> Result<Vec<u8>, VmError> {
    let s = s.copied().ok_or_else(bad_args)?;
    let bytes = string_bytes(ctx, s)?;
    ctx.heap.free_value(s);
    let len = bytes.len() as u64;
    ctx.charge_priced(&[(per_byte, len)], len / 32);
    Ok(bytes)
}

/// `create_derived_string(value: String): DerivedStringSnapshot`.
pub(super) fn create_derived_string(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    charge_base(ctx, CREATE_SNAPSHOT);
    let per_byte = "aptos_framework.aggregator_v2.create_snapshot.per_byte";
    let bytes = take_string(ctx, args.first(), per_byte)?;
    if bytes.len() > DERIVED_STRING_INPUT_MAX_LENGTH {
        return Ok(NativeResult::Abort(EINPUT_STRING_LENGTH_TOO_LARGE));
    }
    // Wide enough for the string itself or for the id the parallel executor puts in its
    // place (a `u64`'s digits), each with its length byte.
    let width = (bcs_len(bytes.len()) + 1).max(U64_MAX_DIGITS + 2);
    derived_string(ctx, bytes, width)
}

/// `derive_string_concat<T>(before: String, snapshot: &AggregatorSnapshot<T>, after:
/// String): DerivedStringSnapshot`: `before`, the snapshot's value in decimal, `after`.
pub(super) fn derive_string_concat(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    charge_base(ctx, "aptos_framework.aggregator_v2.string_concat.base");
    let per_byte = "aptos_framework.aggregator_v2.string_concat.per_byte";
    let suffix = take_string(ctx, args.get(2), per_byte)?;
    let prefix = take_string(ctx, args.first(), per_byte)?;
    if prefix.len().saturating_add(suffix.len()) > DERIVED_STRING_INPUT_MAX_LENGTH {
        return Ok(NativeResult::Abort(EINPUT_STRING_LENGTH_TOO_LARGE));
    }
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    let w = width_or_abort!(ctx, ty, EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE);
    let digits = if w { U128_MAX_DIGITS } else { U64_MAX_DIGITS };
    let width = bcs_len(prefix.len() + suffix.len() + digits) + 1;
    let value = int_field(ctx, struct_ref(args.get(1))?, 0)?;
    let mut out = prefix;
    out.extend_from_slice(value.to_string().as_bytes());
    out.extend_from_slice(&suffix);
    derived_string(ctx, out, width)
}

/// A `DerivedStringSnapshot` holding `bytes`, padded with zeros so that it serializes to
/// exactly `width` bytes.
fn derived_string(
    ctx: &mut NativeContext<'_>,
    bytes: Vec<u8>,
    width: usize,
) -> Result<NativeResult, VmError> {
    let padding = width
        .checked_sub(bcs_len(bytes.len()) + 1)
        .filter(|p| *p < 0x80)
        .ok_or_else(|| {
            VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message("DerivedStringSnapshot size issue: no room for the padding")
        })?;
    let text = ctx.new_bytes(bytes);
    let string = pack(ctx, vec![text]);
    let padding = ctx.new_bytes(vec![0; padding]);
    ret(pack(ctx, vec![string, padding]))
}

/// The BCS size of a byte vector of `len` bytes (its ULEB128 length, then the bytes).
fn bcs_len(len: usize) -> usize {
    let mut prefix = 1;
    let mut rest = len;
    while rest >= 0x80 {
        prefix += 1;
        rest >>= 7;
    }
    prefix + len
}

#[cfg(test)]
mod tests {
    use super::bcs_len;

    #[test]
    fn bcs_len_counts_the_uleb128_prefix() {
        assert_eq!(bcs_len(0), 1);
        assert_eq!(bcs_len(127), 128);
        assert_eq!(bcs_len(128), 130);
        assert_eq!(bcs_len(1024 + 39), 1065);
    }
}
