//! A first subset of the natives of Aptos's `AptosFramework` package at `0x1`, with Aptos's
//! semantics and abort codes, over in-memory host state (the "Aptos chain context"):
//!
//! | Family | Natives | Host state |
//! |---|---|---|
//! | `create_signer` | `create_signer` | — |
//! | `util` | `from_bytes` | — |
//! | `object` | `create_user_derived_object_address_impl`, `exists_at` | — (global storage through [`NativeContext::resource_exists`]) |
//! | `function_info` | `is_identifier` | — |
//! | `transaction_context` | every native the module declares | [`TransactionContext`] |
//! | `event` | `write_to_event_store`, `write_module_event_to_store` | [`EventLog`] |
//! | `randomness` | `fetch_and_increment_txn_counter`, `is_unbiasable` | [`RandomnessContext`] |
//! | `aggregator_v2` | every native the module declares | — (the `Aggregator` structs themselves) |
//! | `aggregator`, `aggregator_factory` | `add`, `sub`, `read`, `destroy`, `new_aggregator` | [`AggregatorStore`] |
//! | `permissioned_signer` | `is_permissioned_signer_impl`, `permission_address`, `signer_from_permissioned_handle_impl` | [`FeatureFlags`] |
//!
//! ```
//! let mut natives = tern_vm::natives::NativeRegistry::new();
//! tern_natives::add_aptos_framework_natives(&mut natives);
//! assert_eq!(natives.len(), 45);
//! ```
//!
//! The chain context is opt-in: these natives are registered only by a host that runs the
//! real framework (`tern::aptos_framework_natives`). Its state lives in the session's
//! extensions ([`NativeContext::extensions`]); each piece is created with its documented
//! defaults on first use when the host put none in, and a host reads what the run left
//! (the events) with `session.extensions_mut().remove::<EventLog>()`.
//!
//! Gas: Tern's units (one per call, plus about one per 32 bytes or per value built), not
//! Aptos's gas schedule.
//!
//! Not implemented (they stay unregistered, so calling one fails with `MISSING_DEPENDENCY`
//! naming it): `event`'s check that a module event's type belongs to the emitting module (a native does
//! not see its caller), `code::request_publish*`, the dispatchable natives
//! (`account_abstraction`, `dispatchable_fungible_asset`, `function_info::load_function_impl`
//! and `check_dispatch_type_compatibility_impl`), `storage_slot`, `state_storage`,
//! `consensus_config` and `confidential_range_proofs`.

mod aggregator_v1;
mod aggregator_v2;
mod event;
pub mod features;
mod object;
mod permissioned_signer;
mod randomness;
mod transaction_context;

#[cfg(test)]
mod tests;

pub use aggregator_v1::{AggregatorId, AggregatorStore, EADD_OVERFLOW, ESUB_UNDERFLOW};
pub use aggregator_v2::{
    DERIVED_STRING_INPUT_MAX_LENGTH, EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED,
    EINPUT_STRING_LENGTH_TOO_LARGE, EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE,
    EUNSUPPORTED_AGGREGATOR_TYPE,
};
pub use event::{Event, EventLog, ECANNOT_CREATE_EVENT};
pub use features::FeatureFlags;
pub use object::derived_object_address;
pub use permissioned_signer::{ENOT_PERMISSIONED_SIGNER, EPERMISSION_SIGNER_DISABLED};
pub use randomness::{RandomnessContext, E_API_USE_SUSCEPTIBLE_TO_TEST_AND_ABORT};
pub use transaction_context::{
    EntryFunctionPayload, MultisigPayload, TransactionContext, TransactionIndex, UserTransaction,
    EMONOTONICALLY_INCREASING_COUNTER_OVERFLOW, ETRANSACTION_CONTEXT_NOT_AVAILABLE,
    ETRANSACTION_INDEX_NOT_AVAILABLE,
};

use crate::bad_args;
use std::sync::Arc;
use tern_primitives::{AccountAddress, StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeRegistry, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Value};

/// Variant tags of `0x1::option::Option` (an enum in this framework).
const OPTION_NONE: u16 = 0;
const OPTION_SOME: u16 = 1;

/// Adds the `AptosFramework` natives Tern implements (see the module's table) to `registry`.
pub fn add_aptos_framework_natives(registry: &mut NativeRegistry) {
    let one = AccountAddress::ONE;
    let mut table: Vec<(&str, &str, NativeFunction)> = vec![
        ("create_signer", "create_signer", Arc::new(create_signer)),
        ("util", "from_bytes", Arc::new(util_from_bytes)),
        (
            "object",
            "create_user_derived_object_address_impl",
            Arc::new(object::create_user_derived_object_address),
        ),
        ("object", "exists_at", Arc::new(object::exists_at)),
        ("function_info", "is_identifier", Arc::new(is_identifier)),
        (
            "event",
            "write_to_event_store",
            Arc::new(event::write_to_event_store),
        ),
        (
            "event",
            "write_module_event_to_store",
            Arc::new(event::write_module_event_to_store),
        ),
        (
            "randomness",
            "fetch_and_increment_txn_counter",
            Arc::new(randomness::fetch_and_increment_txn_counter),
        ),
        (
            "randomness",
            "is_unbiasable",
            Arc::new(randomness::is_unbiasable),
        ),
    ];
    table.extend(aggregator_natives());
    table.extend(permissioned_signer_natives());
    table.extend(transaction_context::natives());
    for (module, function, native) in table {
        registry.register(one, module, function, native);
    }
}

/// The `aggregator`, `aggregator_factory` and `aggregator_v2` natives.
fn aggregator_natives() -> Vec<(&'static str, &'static str, NativeFunction)> {
    use aggregator_v1 as v1;
    use aggregator_v2 as v2;
    vec![
        ("aggregator", "add", Arc::new(v1::add)),
        ("aggregator", "sub", Arc::new(v1::sub)),
        ("aggregator", "read", Arc::new(v1::read)),
        ("aggregator", "destroy", Arc::new(v1::destroy)),
        (
            "aggregator_factory",
            "new_aggregator",
            Arc::new(v1::new_aggregator),
        ),
        (
            "aggregator_v2",
            "create_aggregator",
            Arc::new(v2::create_aggregator),
        ),
        (
            "aggregator_v2",
            "create_unbounded_aggregator",
            Arc::new(v2::create_unbounded_aggregator),
        ),
        ("aggregator_v2", "try_add", Arc::new(v2::try_add)),
        ("aggregator_v2", "try_sub", Arc::new(v2::try_sub)),
        (
            "aggregator_v2",
            "is_at_least_impl",
            Arc::new(v2::is_at_least_impl),
        ),
        ("aggregator_v2", "read", Arc::new(v2::read)),
        ("aggregator_v2", "snapshot", Arc::new(v2::snapshot)),
        (
            "aggregator_v2",
            "create_snapshot",
            Arc::new(v2::create_snapshot),
        ),
        (
            "aggregator_v2",
            "copy_snapshot",
            Arc::new(v2::not_supported),
        ),
        (
            "aggregator_v2",
            "read_snapshot",
            Arc::new(v2::read_snapshot),
        ),
        (
            "aggregator_v2",
            "string_concat",
            Arc::new(v2::not_supported),
        ),
        (
            "aggregator_v2",
            "read_derived_string",
            Arc::new(v2::read_derived_string),
        ),
        (
            "aggregator_v2",
            "create_derived_string",
            Arc::new(v2::create_derived_string),
        ),
        (
            "aggregator_v2",
            "derive_string_concat",
            Arc::new(v2::derive_string_concat),
        ),
    ]
}

/// The `permissioned_signer` natives.
fn permissioned_signer_natives() -> Vec<(&'static str, &'static str, NativeFunction)> {
    use permissioned_signer as p;
    vec![
        (
            "permissioned_signer",
            "is_permissioned_signer_impl",
            Arc::new(p::is_permissioned_signer_impl),
        ),
        (
            "permissioned_signer",
            "permission_address",
            Arc::new(p::permission_address),
        ),
        (
            "permissioned_signer",
            "signer_from_permissioned_handle_impl",
            Arc::new(p::signer_from_permissioned_handle_impl),
        ),
    ]
}

/// `create_signer::create_signer(addr: address): signer`: the (master) signer of `addr`.
fn create_signer(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    let address = address_arg(&args, 0)?;
    ctx.charge(1);
    let signer = Container::Variant(0, Box::new([Value::Address(address)]));
    ret(Value::Container(ctx.heap.alloc(signer)))
}

/// `util::from_bytes<T>(bytes: vector<u8>): T`: the value of type `T` the bytes encode (all of
/// them, signers as bare addresses), as `from_bcs::from_bytes`; anything else aborts with
/// `EFROM_BYTES` (`0x10001`).
fn util_from_bytes(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    ctx.check_layout(ty)?;
    let bytes = take_bytes(ctx, args.first().copied().ok_or_else(bad_args)?)?;
    ctx.charge(1 + bytes.len() as u64 / 32);
    match ctx.from_bcs(ty, &bytes) {
        Ok(v) => ret(v),
        Err(_) => Ok(NativeResult::Abort(crate::aptos::EFROM_BYTES)),
    }
}

/// `function_info::is_identifier(s: &vector<u8>): bool`: whether the bytes are a valid Move
/// identifier (`$` allowed, `<SELF>` and `<SELF>_N` included), as Aptos's `Identifier::is_valid`.
fn is_identifier(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    let bytes = ctx.bytes(args.first().copied().ok_or_else(bad_args)?)?;
    let valid = tern_primitives::is_valid_identifier(bytes, true);
    let len = bytes.len() as u64;
    ctx.charge(1 + len / 32);
    ret(Value::Bool(valid))
}

/// Argument `i`, an address.
fn address_arg(args: &[Value], i: usize) -> Result<AccountAddress, VmError> {
    match args.get(i) {
        Some(Value::Address(a)) => Ok(*a),
        _ => Err(bad_args()),
    }
}

/// Takes an owned `vector<u8>` argument out of the heap.
fn take_bytes(ctx: &mut NativeContext<'_>, v: Value) -> Result<Vec<u8>, VmError> {
    let Value::Container(c) = v else {
        return Err(bad_args());
    };
    match ctx.heap.take(c)? {
        Container::Bytes(b) => Ok(b),
        Container::Vec(e) if e.is_empty() => Ok(Vec::new()),
        _ => Err(bad_args()),
    }
}

/// A new `0x1::string::String` holding `text`.
fn string_value(ctx: &mut NativeContext<'_>, text: &str) -> Value {
    let bytes = ctx.new_bytes(text.as_bytes().to_vec());
    Value::Container(ctx.heap.alloc(Container::Struct(vec![bytes].into())))
}

/// A new `0x1::option::Option`: `Some(v)` or `None`.
fn option_value(ctx: &mut NativeContext<'_>, v: Option<Value>) -> Value {
    let option = match v {
        Some(v) => Container::Variant(OPTION_SOME, vec![v].into()),
        None => Container::Variant(OPTION_NONE, Box::new([])),
    };
    Value::Container(ctx.heap.alloc(option))
}

/// Returns one value.
fn ret(v: Value) -> Result<NativeResult, VmError> {
    Ok(NativeResult::Return(vec![v]))
}

/// The host state of type `T` in the session's extensions, created with its defaults if the
/// host put none in.
fn state<'e, T: Default + 'static>(ctx: &'e mut NativeContext<'_>) -> Result<&'e mut T, VmError> {
    if ctx.extensions.get::<T>().is_none() {
        ctx.extensions.insert(T::default());
    }
    ctx.extensions.get_mut::<T>().ok_or_else(|| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message("a native's host state vanished")
    })
}
