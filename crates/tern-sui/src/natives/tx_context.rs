//! `0x2::tx_context`: the sender, epoch, gas figures and fresh object ids of the call's
//! transaction.

use super::{arg_u64, bad_args, native, runtime};
use crate::ids::{derive_object_id, TxDigest};
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeFunction, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Value};

/// Sui's cost of each `tx_context` read (`tx_context_*_cost_base`, protocol 130).
const READ_COST: u64 = 10;
/// Sui's cost of `fresh_id` and `derive_id`.
const FRESH_ID_COST: u64 = 52;

pub(super) fn add(table: &mut Vec<(&'static str, &'static str, NativeFunction)>) {
    let entries: [(&str, NativeFunction); 10] = [
        ("native_sender", native(sender)),
        ("native_epoch", native(epoch)),
        ("native_epoch_timestamp_ms", native(epoch_timestamp_ms)),
        ("native_rgp", native(rgp)),
        ("native_gas_price", native(gas_price)),
        ("native_gas_budget", native(gas_budget)),
        ("native_ids_created", native(ids_created)),
        ("native_sponsor", native(sponsor)),
        ("fresh_id", native(fresh_id)),
        ("derive_id", native(derive_id)),
    ];
    for (name, f) in entries {
        table.push(("tx_context", name, f));
    }
}

type Result<T> = std::result::Result<T, VmError>;

fn read(ctx: &mut NativeContext<'_>, value: Value) -> Result<NativeResult> {
    ctx.charge(READ_COST);
    Ok(NativeResult::Return(vec![value]))
}

fn sender(ctx: &mut NativeContext<'_>, _: &[TypeId], _: &[Value]) -> Result<NativeResult> {
    let v = Value::Address(runtime(ctx.extensions)?.tx.sender);
    read(ctx, v)
}

fn epoch(ctx: &mut NativeContext<'_>, _: &[TypeId], _: &[Value]) -> Result<NativeResult> {
    let v = Value::U64(runtime(ctx.extensions)?.tx.epoch);
    read(ctx, v)
}

fn epoch_timestamp_ms(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    _: &[Value],
) -> Result<NativeResult> {
    let v = Value::U64(runtime(ctx.extensions)?.tx.epoch_timestamp_ms);
    read(ctx, v)
}

fn rgp(ctx: &mut NativeContext<'_>, _: &[TypeId], _: &[Value]) -> Result<NativeResult> {
    let v = Value::U64(runtime(ctx.extensions)?.tx.reference_gas_price);
    read(ctx, v)
}

fn gas_price(ctx: &mut NativeContext<'_>, _: &[TypeId], _: &[Value]) -> Result<NativeResult> {
    let v = Value::U64(runtime(ctx.extensions)?.tx.gas_price);
    read(ctx, v)
}

fn gas_budget(ctx: &mut NativeContext<'_>, _: &[TypeId], _: &[Value]) -> Result<NativeResult> {
    let v = Value::U64(runtime(ctx.extensions)?.tx.gas_budget);
    read(ctx, v)
}

fn ids_created(ctx: &mut NativeContext<'_>, _: &[TypeId], _: &[Value]) -> Result<NativeResult> {
    let v = Value::U64(runtime(ctx.extensions)?.tx.ids_created);
    read(ctx, v)
}

/// The sponsor as a vector of zero or one address.
fn sponsor(ctx: &mut NativeContext<'_>, _: &[TypeId], _: &[Value]) -> Result<NativeResult> {
    let sponsor = runtime(ctx.extensions)?.tx.sponsor;
    let elements = sponsor.map(Value::Address).into_iter().collect();
    let v = Value::Container(ctx.heap.alloc(Container::Vec(elements)));
    read(ctx, v)
}

/// A fresh object id from the transaction's digest and count, recorded as new.
fn fresh_id(ctx: &mut NativeContext<'_>, _: &[TypeId], _: &[Value]) -> Result<NativeResult> {
    ctx.charge(FRESH_ID_COST);
    let rt = runtime(ctx.extensions)?;
    let id = rt.tx.fresh_id();
    rt.new_id(id)?;
    Ok(NativeResult::Return(vec![Value::Address(id)]))
}

/// The id derived from a given digest and count, recorded as new.
fn derive_id(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Result<NativeResult> {
    ctx.charge(FRESH_ID_COST);
    let count = arg_u64(args.get(1))?;
    let digest = args.first().copied().ok_or_else(bad_args)?;
    let digest: [u8; 32] = ctx.bytes(digest)?.try_into().map_err(|_| bad_args())?;
    let id = derive_object_id(&TxDigest(digest), count);
    runtime(ctx.extensions)?.new_id(id)?;
    Ok(NativeResult::Return(vec![Value::Address(id)]))
}
