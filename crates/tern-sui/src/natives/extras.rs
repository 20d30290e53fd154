//! `0x2::scratch` (a per-transaction key-value pad), `0x2::config` (epoch-versioned
//! settings), `0x2::protocol_config` (feature flags) and the accumulator natives behind
//! address balances.

use super::{arg_address, arg_u64, bad_args, native, runtime, struct_tag, type_arg};
use crate::object_runtime::AccumulatorEvent;
use tern_primitives::{StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Value};

/// `scratch`: an entry exists under the key already.
const E_ENTRY_ALREADY_EXISTS: u64 = 0;
/// `scratch`: no entry under the key.
const E_ENTRY_DOES_NOT_EXIST: u64 = 1;
/// `scratch`: the entry has another type.
const E_ENTRY_TYPE_MISMATCH: u64 = 2;
/// `config`: the setting cannot be deserialized.
const E_CONFIG_BCS_FAILURE: u64 = 2;
/// `funds_accumulator`: the amount does not fit a `u64`.
const E_OVERFLOW: u64 = 0;
/// `funds_accumulator`: address balances are off.
const E_ADDRESS_BALANCE_NOT_ENABLED: u64 = 1;

/// Sui's costs (protocol 130).
mod cost {
    pub(super) const SCRATCH: u64 = 52;
    pub(super) const CONFIG_BASE: u64 = 100;
    pub(super) const CONFIG_PER_BYTE: u64 = 40;
    pub(super) const ACCUMULATOR: u64 = 52;
}

pub(super) fn add(table: &mut Vec<(&'static str, &'static str, NativeFunction)>) {
    let entries: [(&str, &str, NativeFunction); 12] = [
        ("scratch", "add_impl", native(scratch_add)),
        ("scratch", "read_impl", native(scratch_read)),
        ("scratch", "remove_impl", native(scratch_remove)),
        ("scratch", "exists_impl", native(scratch_exists)),
        (
            "scratch",
            "exists_with_type_impl",
            native(scratch_exists_with_type),
        ),
        ("config", "read_setting_impl", native(read_setting_impl)),
        (
            "protocol_config",
            "is_feature_enabled",
            native(is_feature_enabled),
        ),
        (
            "accumulator",
            "emit_deposit_event",
            native(emit_deposit_event),
        ),
        (
            "accumulator",
            "emit_withdraw_event",
            native(emit_withdraw_event),
        ),
        (
            "accumulator_settlement",
            "record_settlement_sui_conservation",
            native(record_settlement_sui_conservation),
        ),
        (
            "funds_accumulator",
            "add_to_accumulator_address",
            native(add_to_accumulator_address),
        ),
        (
            "funds_accumulator",
            "withdraw_from_accumulator_address",
            native(withdraw_from_accumulator_address),
        ),
    ];
    table.extend(entries);
}

type Result<T> = std::result::Result<T, VmError>;

fn scratch_add(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::SCRATCH);
    let key = arg_address(args.first())?;
    let value = args.get(1).copied().ok_or_else(bad_args)?;
    let ty = type_arg(tys, 0)?;
    let rt = runtime(ctx.extensions)?;
    if rt.scratch.contains_key(&key) {
        ctx.heap.free_value(value);
        return Ok(NativeResult::Abort(E_ENTRY_ALREADY_EXISTS));
    }
    if rt.scratch.len() >= rt.limits.max_scratch_entries {
        return Err(VmError::new(StatusCode::MEMORY_LIMIT_EXCEEDED)
            .with_message("Per-transaction scratch size limit was exceeded"));
    }
    rt.scratch.insert(key, (ty, value));
    Ok(NativeResult::Return(vec![]))
}

/// The entry under `key` if it has type `ty`, or the abort saying why not.
fn scratch_entry(
    ctx: &mut NativeContext<'_>,
    key_arg: Option<&Value>,
    ty: TypeId,
) -> Result<std::result::Result<Value, u64>> {
    let key = arg_address(key_arg)?;
    Ok(match runtime(ctx.extensions)?.scratch.get(&key) {
        None => Err(E_ENTRY_DOES_NOT_EXIST),
        Some((t, _)) if *t != ty => Err(E_ENTRY_TYPE_MISMATCH),
        Some((_, v)) => Ok(*v),
    })
}

fn scratch_read(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::SCRATCH);
    match scratch_entry(ctx, args.first(), type_arg(tys, 0)?)? {
        Ok(v) => Ok(NativeResult::Return(vec![ctx.heap.copy_value(v)?])),
        Err(code) => Ok(NativeResult::Abort(code)),
    }
}

fn scratch_remove(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::SCRATCH);
    match scratch_entry(ctx, args.first(), type_arg(tys, 0)?)? {
        Ok(v) => {
            let key = arg_address(args.first())?;
            runtime(ctx.extensions)?.scratch.remove(&key);
            Ok(NativeResult::Return(vec![v]))
        }
        Err(code) => Ok(NativeResult::Abort(code)),
    }
}

fn scratch_exists(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::SCRATCH);
    let key = arg_address(args.first())?;
    let exists = runtime(ctx.extensions)?.scratch.contains_key(&key);
    Ok(NativeResult::Return(vec![Value::Bool(exists)]))
}

fn scratch_exists_with_type(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::SCRATCH);
    let exists = scratch_entry(ctx, args.first(), type_arg(tys, 0)?)?.is_ok();
    Ok(NativeResult::Return(vec![Value::Bool(exists)]))
}

/// `read_setting_impl<Field<Name, Setting<V>>, Setting<V>, SettingData<V>, V>(config, name,
/// epoch)`: the setting's value as of before the current epoch, read from the store as it
/// was when the transaction started (`none` when there is no such setting).
fn read_setting_impl(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::CONFIG_BASE);
    let config = arg_address(args.first())?;
    let name = arg_address(args.get(1))?;
    let epoch = arg_u64(args.get(2))?;
    let field_ty = type_arg(tys, 0)?;
    let value_ty = type_arg(tys, 3)?;
    let tag = struct_tag(ctx, field_ty)?;
    let rt = runtime(ctx.extensions)?;
    let stored = rt
        .stored_child(config, name)
        .filter(|o| crate::package::runtime_tag(&rt.packages, &o.type_) == tag);
    let Some(object) = stored else {
        return option(ctx, None);
    };
    ctx.charge(cost::CONFIG_PER_BYTE.saturating_mul(object.contents.len() as u64));
    let Ok(field) = ctx.from_bcs(field_ty, &object.contents) else {
        return Ok(NativeResult::Abort(E_CONFIG_BCS_FAILURE));
    };
    // Field { id, name, value: Setting { data: Option<SettingData { newer_value_epoch,
    // newer_value: Option<V>, older_value_opt: Option<V> }> } }
    let setting = *ctx.struct_fields(field)?.get(2).ok_or_else(bad_args)?;
    let data_opt = *ctx.struct_fields(setting)?.first().ok_or_else(bad_args)?;
    let Some(data) = option_inner(ctx, data_opt)? else {
        ctx.heap.free_value(field);
        return option(ctx, None);
    };
    let fields = ctx.struct_fields(data)?;
    let (Some(Value::U64(newer_epoch)), Some(newer), Some(older)) = (
        fields.first().copied(),
        fields.get(1).copied(),
        fields.get(2).copied(),
    ) else {
        return Err(bad_args());
    };
    let chosen = if epoch > newer_epoch { newer } else { older };
    let result = ctx.heap.copy_value(chosen)?;
    ctx.heap.free_value(field);
    let _ = value_ty;
    Ok(NativeResult::Return(vec![result]))
}

/// The value inside an `Option<T>` (Sui's option is a struct holding a vector of at most one).
fn option_inner(ctx: &NativeContext<'_>, v: Value) -> Result<Option<Value>> {
    let vec = *ctx.struct_fields(v)?.first().ok_or_else(bad_args)?;
    let Value::Container(c) = vec else {
        return Err(bad_args());
    };
    Ok(ctx.heap.get(c)?.vector_get(0))
}

/// `option::none()` or `option::some(v)`.
fn option(ctx: &mut NativeContext<'_>, v: Option<Value>) -> Result<NativeResult> {
    let vec = ctx.heap.alloc(Container::Vec(v.into_iter().collect()));
    let opt = ctx.heap.alloc(Container::Struct(
        vec![Value::Container(vec)].into_boxed_slice(),
    ));
    Ok(NativeResult::Return(vec![Value::Container(opt)]))
}

/// Whether a protocol feature is on, by its name in Sui's protocol configuration (names
/// Tern does not know are off, as Sui treats them).
fn is_feature_enabled(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    let v = args.first().copied().ok_or_else(bad_args)?;
    let name = String::from_utf8_lossy(ctx.bytes(v)?).into_owned();
    ctx.heap.free_value(v);
    let on = runtime(ctx.extensions)?.features.is_enabled(&name);
    Ok(NativeResult::Return(vec![Value::Bool(on)]))
}

/// Records a change to an address balance: `(accumulator, address, amount)` of type `T`.
fn accumulator_event(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
    merge: bool,
    amount: u64,
) -> Result<()> {
    let accumulator = arg_address(args.first())?;
    let address = arg_address(args.get(1))?;
    let tag = ctx.type_tag(type_arg(tys, 0)?)?;
    let rt = runtime(ctx.extensions)?;
    let type_ = rt.linkage.defining_type_tag(&rt.packages, &tag);
    rt.accumulator_events.push(AccumulatorEvent {
        accumulator,
        address,
        type_,
        merge,
        amount,
    });
    Ok(())
}

fn emit_deposit_event(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::ACCUMULATOR);
    let amount = arg_u64(args.get(2))?;
    accumulator_event(ctx, tys, args, true, amount)?;
    Ok(NativeResult::Return(vec![]))
}

fn emit_withdraw_event(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::ACCUMULATOR);
    let amount = arg_u64(args.get(2))?;
    accumulator_event(ctx, tys, args, false, amount)?;
    Ok(NativeResult::Return(vec![]))
}

/// Settlement bookkeeping of the system's own transactions: recorded, with no effect here.
fn record_settlement_sui_conservation(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    arg_u64(args.first())?;
    arg_u64(args.get(1))?;
    let _ = ctx;
    Ok(NativeResult::Return(vec![]))
}

/// Sends a `Balance<T>` (its one `u64` field) to an address balance.
fn add_to_accumulator_address(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::ACCUMULATOR);
    let balance = args.get(2).copied().ok_or_else(bad_args)?;
    let Some(Value::U64(amount)) = ctx.struct_fields(balance)?.first().copied() else {
        return Err(bad_args());
    };
    if !runtime(ctx.extensions)?.features.accumulators {
        return Ok(NativeResult::Abort(E_ADDRESS_BALANCE_NOT_ENABLED));
    }
    ctx.heap.free_value(balance);
    accumulator_event(ctx, tys, args, true, amount)?;
    Ok(NativeResult::Return(vec![]))
}

/// Takes `amount` out of an address balance as a `Balance<T>`; the chain checks at the end
/// of the call that the balance covers every withdrawal.
fn withdraw_from_accumulator_address(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::ACCUMULATOR);
    let amount = match args.get(2) {
        Some(Value::U256(w)) => match u64::try_from(w.u256()) {
            Ok(a) => a,
            Err(_) => return Ok(NativeResult::Abort(E_OVERFLOW)),
        },
        _ => return Err(bad_args()),
    };
    if !runtime(ctx.extensions)?.features.accumulators {
        return Ok(NativeResult::Abort(E_ADDRESS_BALANCE_NOT_ENABLED));
    }
    accumulator_event(ctx, tys, args, false, amount)?;
    let balance = ctx.heap.alloc(Container::Struct(
        vec![Value::U64(amount)].into_boxed_slice(),
    ));
    Ok(NativeResult::Return(vec![Value::Container(balance)]))
}
