//! `aggregator` (v1) and `aggregator_factory::new_aggregator` over an [`AggregatorStore`].
//!
//! A v1 `Aggregator { handle, key, limit }` names its value, which Aptos keeps as an item of
//! the factory's table; Tern keeps the values in the session's [`AggregatorStore`], which a
//! host carries from one session to the next (the chain setup of the `tern` crate does).
//!
//! Sequential semantics: the value is always known, so an `add` past the limit aborts with
//! [`EADD_OVERFLOW`] and a `sub` below zero with [`ESUB_UNDERFLOW`] at once. (Aptos keeps a
//! delta while the value is unread and may report the same failure when the delta is
//! applied.) An aggregator the store does not hold (one not created through a factory)
//! fails with `VM_EXTENSION_ERROR`, where Aptos fails when it is read.
//!
//! gas: each native charges its Aptos base first (`aggregator.add.base`, `sub.base`,
//! `read.base`, `destroy.base`, `aggregator_factory.new_aggregator.base`), so an `add` or
//! `sub` that aborts has paid it.

use super::{ret, state};
use crate::bad_args;
use sha3::Digest;
use std::collections::{BTreeMap, BTreeSet};
use tern_primitives::{AccountAddress, StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Place, Ref, Value};

/// Abort code of `add` past the limit.
pub const EADD_OVERFLOW: u64 = 0x02_0001;
/// Abort code of `sub` below zero.
pub const ESUB_UNDERFLOW: u64 = 0x02_0002;

/// An aggregator's id: its factory's table handle and its key.
pub type AggregatorId = (AccountAddress, AccountAddress);

/// The v1 aggregators' values, by id; and the session hash and ids used this session, from
/// which new keys derive.
#[derive(Debug, Default, Clone)]
pub struct AggregatorStore {
    session_hash: [u8; 32],
    used: BTreeSet<AggregatorId>,
    /// Every live aggregator's value.
    pub values: BTreeMap<AggregatorId, u128>,
}

impl AggregatorStore {
    /// A store holding `values` (from earlier sessions), whose new keys derive from `hash`
    /// (Aptos uses the transaction's hash): the SHA3-256 of `hash` and the number of
    /// aggregators the session has used so far, as 4 big-endian bytes.
    pub fn new(hash: [u8; 32], values: BTreeMap<AggregatorId, u128>) -> AggregatorStore {
        AggregatorStore {
            session_hash: hash,
            used: BTreeSet::new(),
            values,
        }
    }

    /// A known aggregator's value, recording the use.
    fn get(&mut self, id: AggregatorId) -> Result<&mut u128, VmError> {
        let value = self.values.get_mut(&id).ok_or_else(|| {
            VmError::new(StatusCode::VM_EXTENSION_ERROR)
                .with_message("Could not find the value of the aggregator")
        })?;
        self.used.insert(id);
        Ok(value)
    }
}

/// The `(handle, key, limit)` of the `Aggregator` a reference (or value) points to.
fn info(ctx: &NativeContext<'_>, v: Option<&Value>) -> Result<(AggregatorId, u128), VmError> {
    let v = match v {
        Some(Value::Ref(Ref {
            place: Place::Whole(c),
        })) => Value::Container(*c),
        Some(v @ Value::Container(_)) => *v,
        _ => return Err(bad_args()),
    };
    match ctx.struct_fields(v)? {
        [Value::Address(handle), Value::Address(key), Value::U128(limit)] => {
            Ok(((*handle, *key), limit.u128()))
        }
        _ => Err(bad_args()),
    }
}

/// Argument `i`, a `u128`.
fn u128_arg(args: &[Value], i: usize) -> Result<u128, VmError> {
    match args.get(i) {
        Some(Value::U128(v)) => Ok(v.u128()),
        _ => Err(bad_args()),
    }
}

/// `aggregator_factory::new_aggregator(factory: &mut AggregatorFactory, limit: u128):
/// Aggregator`: a new aggregator at 0 under the factory's table handle.
pub(super) fn new_aggregator(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(
        &[("aptos_framework.aggregator_factory.new_aggregator.base", 1)],
        1,
    );
    let limit = u128_arg(args, 1)?;
    let Some(Value::Ref(Ref {
        place: Place::Whole(factory),
    })) = args.first()
    else {
        return Err(bad_args());
    };
    // `AggregatorFactory { phantom_table: Table { handle } }`.
    let table = ctx
        .struct_fields(Value::Container(*factory))?
        .first()
        .copied()
        .ok_or_else(bad_args)?;
    let handle = match ctx.struct_fields(table)? {
        [Value::Address(h), ..] => *h,
        _ => return Err(bad_args()),
    };
    let store = state::<AggregatorStore>(ctx)?;
    let mut digest = sha3::Sha3_256::new();
    digest.update(store.session_hash);
    digest.update((store.used.len() as u32).to_be_bytes());
    let key = AccountAddress::new(digest.finalize().into());
    store.values.insert((handle, key), 0);
    store.used.insert((handle, key));
    let fields = vec![
        Value::Address(handle),
        Value::Address(key),
        Value::u128(limit),
    ];
    ret(Value::Container(
        ctx.heap.alloc(Container::Struct(fields.into())),
    ))
}

/// `aggregator::add(aggregator: &mut Aggregator, value: u128)`.
pub(super) fn add(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.aggregator.add.base", 1)], 1);
    let input = u128_arg(args, 1)?;
    let (id, limit) = info(ctx, args.first())?;
    let value = state::<AggregatorStore>(ctx)?.get(id)?;
    match value.checked_add(input).filter(|v| *v <= limit) {
        Some(v) => *value = v,
        None => return Ok(NativeResult::Abort(EADD_OVERFLOW)),
    }
    Ok(NativeResult::Return(vec![]))
}

/// `aggregator::sub(aggregator: &mut Aggregator, value: u128)`.
pub(super) fn sub(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.aggregator.sub.base", 1)], 1);
    let input = u128_arg(args, 1)?;
    let (id, _) = info(ctx, args.first())?;
    let value = state::<AggregatorStore>(ctx)?.get(id)?;
    match value.checked_sub(input) {
        Some(v) => *value = v,
        None => return Ok(NativeResult::Abort(ESUB_UNDERFLOW)),
    }
    Ok(NativeResult::Return(vec![]))
}

/// `aggregator::read(aggregator: &Aggregator): u128`.
pub(super) fn read(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.aggregator.read.base", 1)], 1);
    let (id, _) = info(ctx, args.first())?;
    let value = *state::<AggregatorStore>(ctx)?.get(id)?;
    ret(Value::u128(value))
}

/// `aggregator::destroy(aggregator: Aggregator)`: forgets its value.
pub(super) fn destroy(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.aggregator.destroy.base", 1)], 1);
    let (id, _) = info(ctx, args.first())?;
    if let Some(v) = args.first() {
        ctx.heap.free_value(*v);
    }
    let store = state::<AggregatorStore>(ctx)?;
    store.values.remove(&id);
    store.used.remove(&id);
    Ok(NativeResult::Return(vec![]))
}
