//! The natives of Aptos's `AptosFramework` package at `0x1` (all but two), with Aptos's
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
//! | `function_info`, `dispatchable_fungible_asset`, `account_abstraction` | `load_function_impl`, `check_dispatch_type_compatibility_impl`, the dispatchers (native dynamic dispatch, `NativeResult::CallFunction`) | [`tern_vm::natives::VisitedModules`], [`FeatureFlags`] |
//! | `code` | `request_publish`, `request_publish_with_allowed_deps` | [`CodeContext`] (the host publishes the request) |
//! | `state_storage`, `consensus_config` | `get_state_storage_usage_only_at_epoch_beginning`, `validator_txn_enabled_internal` | [`StateStorageUsage`] |
//! | `storage_slot` | `borrow_storage_slot_resource`, `borrow_storage_slot_resource_mut` (a reference into global storage, `NativeResult::BorrowGlobal`) | global storage |
//! | `confidential_range_proofs` | `verify_batch_range_proof_internal` (`ristretto255_bulletproofs`'s) | the ristretto255 point store |
//!
//! ```
//! let mut natives = tern_vm::natives::NativeRegistry::new();
//! tern_natives::add_aptos_framework_natives(&mut natives);
//! assert_eq!(natives.len(), 59);
//! ```
//!
//! The chain context is opt-in: these natives are registered only by a host that runs the
//! real framework (`tern::aptos_framework_natives`). Its state lives in the session's
//! extensions ([`NativeContext::extensions`]); each piece is created with its documented
//! defaults on first use when the host put none in, and a host reads what the run left
//! (the events) with `session.extensions_mut().remove::<EventLog>()`.
//!
//! Gas: under a schedule every native charges Aptos's parameters (`aptos_framework.*`), with
//! Aptos's counts and at the same points relative to its aborts, except what
//! `object::exists_at` and `storage_slot`'s borrows pay for loading a resource (see
//! `object.rs`, `storage_slot.rs` and `docs/gas.md`); without one, Tern's units (one per
//! call, plus about one per 32 bytes or per value built).
//!
//! Not implemented (they stay unregistered, so calling one fails with `MISSING_DEPENDENCY`
//! naming it): `storage_slot`'s two natives, which return references into global storage;
//! and `event`'s check that a module event's type belongs to the emitting module (a native
//! does not see its caller).

mod aggregator_v1;
mod aggregator_v2;
mod code;
mod consensus_config;
mod dispatch;
mod event;
pub mod features;
mod object;
mod permissioned_signer;
mod randomness;
mod storage_slot;
mod transaction_context;

#[cfg(test)]
mod tests;

pub use aggregator_v1::{AggregatorId, AggregatorStore, EADD_OVERFLOW, ESUB_UNDERFLOW};
pub use aggregator_v2::{
    DERIVED_STRING_INPUT_MAX_LENGTH, EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED,
    EINPUT_STRING_LENGTH_TOO_LARGE, EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE,
    EUNSUPPORTED_AGGREGATOR_TYPE,
};
pub use code::{CodeContext, PublishRequest, EALREADY_REQUESTED};
pub use consensus_config::{validator_txn_enabled, StateStorageUsage};
pub use dispatch::{EINVALID_FUNCTION, EINVALID_IDENTIFIER, ENOT_LOADED, ENOT_MASTER_SIGNER};
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
    table.extend(dispatch_natives());
    table.extend(host_natives());
    for (module, function, native) in table {
        registry.register(one, module, function, native);
    }
    crate::expect_aptos_signatures(registry);
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

/// The natives of native dynamic dispatch (`function_info`, `dispatchable_fungible_asset`,
/// `account_abstraction`).
fn dispatch_natives() -> Vec<(&'static str, &'static str, NativeFunction)> {
    let fa = "dispatchable_fungible_asset";
    vec![
        (
            "function_info",
            "load_function_impl",
            Arc::new(dispatch::load_function_impl),
        ),
        (
            "function_info",
            "check_dispatch_type_compatibility_impl",
            Arc::new(dispatch::check_dispatch_type_compatibility_impl),
        ),
        (
            fa,
            "dispatchable_withdraw",
            Arc::new(dispatch::dispatch_fungible_asset),
        ),
        (
            fa,
            "dispatchable_deposit",
            Arc::new(dispatch::dispatch_fungible_asset),
        ),
        (
            fa,
            "dispatchable_derived_balance",
            Arc::new(dispatch::dispatch_fungible_asset),
        ),
        (
            fa,
            "dispatchable_derived_supply",
            Arc::new(dispatch::dispatch_fungible_asset),
        ),
        (
            "account_abstraction",
            "dispatchable_authenticate",
            Arc::new(dispatch::dispatchable_authenticate),
        ),
    ]
}

/// The natives over the host's chain state: `code`'s publish requests, `state_storage`,
/// `consensus_config`, `storage_slot`'s borrows of global storage, and `confidential_range_proofs`' batch verification (Aptos's
/// `ristretto255_bulletproofs` native under a second name: the same implementation).
fn host_natives() -> Vec<(&'static str, &'static str, NativeFunction)> {
    let mut natives: Vec<(&'static str, &'static str, NativeFunction)> = vec![
        ("code", "request_publish", Arc::new(code::request_publish)),
        (
            "code",
            "request_publish_with_allowed_deps",
            Arc::new(code::request_publish_with_allowed_deps),
        ),
        (
            "state_storage",
            "get_state_storage_usage_only_at_epoch_beginning",
            Arc::new(consensus_config::get_state_storage_usage),
        ),
        (
            "consensus_config",
            "validator_txn_enabled_internal",
            Arc::new(consensus_config::validator_txn_enabled_internal),
        ),
        (
            "storage_slot",
            "borrow_storage_slot_resource",
            Arc::new(storage_slot::borrow),
        ),
        (
            "storage_slot",
            "borrow_storage_slot_resource_mut",
            Arc::new(storage_slot::borrow_mut),
        ),
    ];
    let bulletproofs = tern_primitives::ModuleId::new(
        AccountAddress::ONE,
        tern_primitives::Identifier::new_unchecked("ristretto255_bulletproofs"),
    );
    let crypto = crate::aptos_crypto::aptos_crypto_natives();
    if let Some(verify) = crypto.lookup(&bulletproofs, "verify_batch_range_proof_internal") {
        natives.push((
            "confidential_range_proofs",
            "verify_batch_range_proof_internal",
            verify,
        ));
    }
    natives
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
///
/// gas: Aptos's `account.create_signer.base`, first.
fn create_signer(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.account.create_signer.base", 1)], 1);
    let address = address_arg(args, 0)?;
    let signer = Container::Variant(0, Box::new([Value::Address(address)]));
    ret(Value::Container(ctx.heap.alloc(signer)))
}

/// `util::from_bytes<T>(bytes: vector<u8>): T`: the value of type `T` the bytes encode (all of
/// them, signers as bare addresses), as `from_bcs::from_bytes`; anything else aborts with
/// `EFROM_BYTES` (`0x10001`).
///
/// gas: once the type's layout is built, Aptos's `util.from_bytes.base` + `per_byte` × the
/// bytes, also when they do not decode.
fn util_from_bytes(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let ty = ty_args.first().copied().ok_or_else(bad_args)?;
    ctx.check_layout(ty)?;
    let bytes = take_bytes(ctx, args.first().copied().ok_or_else(bad_args)?)?;
    let len = bytes.len() as u64;
    ctx.charge_priced(
        &[
            ("aptos_framework.util.from_bytes.base", 1),
            ("aptos_framework.util.from_bytes.per_byte", len),
        ],
        1 + len / 32,
    );
    match ctx.from_bcs(ty, &bytes) {
        Ok(v) => ret(v),
        Err(_) => Ok(NativeResult::Abort(crate::aptos::EFROM_BYTES)),
    }
}

/// `function_info::is_identifier(s: &vector<u8>): bool`: whether the bytes are a valid Move
/// identifier (`$` allowed, `<SELF>` and `<SELF>_N` included), as Aptos's `Identifier::is_valid`.
///
/// gas: Aptos's `function_info.is_identifier.base` + `per_byte` × the bytes.
fn is_identifier(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let bytes = ctx.bytes(args.first().copied().ok_or_else(bad_args)?)?;
    let valid = tern_primitives::is_valid_identifier(bytes, true);
    let len = bytes.len() as u64;
    ctx.charge_priced(
        &[
            ("aptos_framework.function_info.is_identifier.base", 1),
            ("aptos_framework.function_info.is_identifier.per_byte", len),
        ],
        1 + len / 32,
    );
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
