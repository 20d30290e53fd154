//! `event::write_to_event_store` (handle events, "v1") and `event::write_module_event_to_store`
//! (module events, "v2"), appending to the session's [`EventLog`].
//!
//! gas: each charges Aptos's `event.write_to_event_store.base` +
//! `per_abstract_memory_unit` × the abstract size of the event's value (as a copy of it
//! counts, [`NativeContext::abstract_size`]), before anything else: before the module
//! event's type check and the serialization, whose failures leave the charge. Without a
//! schedule, Tern's units: one, plus one per 32 bytes of the serialized event.

use super::state;
use crate::bad_args;
use tern_primitives::{AccountAddress, StatusCode, TypeTag, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// Aptos's abort code for an event whose size cannot be computed (a type tag too complex);
/// Tern's type tags always have a size, so nothing aborts with it.
pub const ECANNOT_CREATE_EVENT: u64 = 1;

/// The length of a BCS `0x1::guid::GUID` (a `u64` creation number and an address).
const GUID_LEN: usize = 8 + AccountAddress::LENGTH;

/// One emitted event: its type, its BCS bytes, and for a handle event the handle's GUID and
/// the event's sequence number in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// For a handle event (`event::emit_event`), the handle's GUID: its creation number and
    /// the account that created it; `None` for a module event (`event::emit`).
    pub handle: Option<(u64, AccountAddress)>,
    /// The event's sequence number in its handle (0 for a module event).
    pub sequence_number: u64,
    /// The event's type.
    pub type_tag: TypeTag,
    /// The event's value, BCS-encoded.
    pub data: Vec<u8>,
}

impl std::fmt::Display for Event {
    /// `0x1::m::E 0x<bcs>` for a module event, `0x1::m::E 0x<bcs> (handle 0xA:N, #S)` for a
    /// handle event.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} 0x", self.type_tag)?;
        for b in &self.data {
            write!(f, "{b:02x}")?;
        }
        if let Some((creation, account)) = &self.handle {
            write!(
                f,
                " (handle {account}:{creation}, #{})",
                self.sequence_number
            )?;
        }
        Ok(())
    }
}

/// The events a session emitted, in order. Created on first emission; take it out with
/// `session.extensions_mut().remove::<EventLog>()`. Like Aptos, an aborted run's events are
/// discarded with its session.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct EventLog {
    /// The events.
    pub events: Vec<Event>,
}

impl EventLog {
    /// One line per event ([`Event`]'s `Display`).
    pub fn lines(&self) -> Vec<String> {
        self.events.iter().map(ToString::to_string).collect()
    }
}

/// `write_to_event_store<T: drop + store>(guid: vector<u8>, count: u64, msg: T)`: logs a
/// handle event. A `guid` that is not a BCS GUID fails with `EVENT_KEY_MISMATCH`.
pub(super) fn write_to_event_store(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let (Some(ty), [guid, Value::U64(seq), msg]) = (ty_args.first().copied(), args) else {
        return Err(bad_args());
    };
    charge(ctx, *msg)?;
    let (data, type_tag) = serialize(ctx, ty, *msg)?;
    let key = ctx.bytes(*guid)?;
    let handle = match <[u8; GUID_LEN]>::try_from(key) {
        Ok(key) => {
            let (creation, account) = key.split_at(8);
            let creation = u64::from_le_bytes(creation.try_into().map_err(|_| bad_args())?);
            let account = AccountAddress::new(account.try_into().map_err(|_| bad_args())?);
            (creation, account)
        }
        Err(_) => return Err(VmError::new(StatusCode::EVENT_KEY_MISMATCH)),
    };
    ctx.heap.free_value(*guid);
    log(ctx, Some(handle), *seq, type_tag, data)
}

/// `write_module_event_to_store<T: drop + store>(msg: T)`: logs a module event. A type that
/// is not a struct fails with `INTERNAL_TYPE_ERROR`. Aptos also checks that the type belongs
/// to the emitting module; a Tern native does not see its caller, so that check is left to
/// the compiler (which requires `#[event]` structs of the emitting module).
pub(super) fn write_module_event_to_store(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let (Some(ty), [msg]) = (ty_args.first().copied(), args) else {
        return Err(bad_args());
    };
    charge(ctx, *msg)?;
    if !matches!(ctx.type_tag(ty)?, TypeTag::Struct(_)) {
        return Err(VmError::new(StatusCode::INTERNAL_TYPE_ERROR)
            .with_message("a module event must be a struct"));
    }
    let (data, type_tag) = serialize(ctx, ty, *msg)?;
    log(ctx, None, 0, type_tag, data)
}

/// Charges what Aptos's event natives charge under a schedule for an event whose value is
/// `msg` (nothing without one: Tern's units come with the serialization).
fn charge(ctx: &mut NativeContext<'_>, msg: Value) -> Result<(), VmError> {
    let size = ctx.abstract_size(msg)?;
    ctx.charge_priced(
        &[
            ("aptos_framework.event.write_to_event_store.base", 1),
            (
                "aptos_framework.event.write_to_event_store.per_abstract_memory_unit",
                size,
            ),
        ],
        0,
    );
    Ok(())
}

/// The BCS bytes and type tag of an event (consumed): failing to serialize it is an
/// invariant violation, as in Aptos.
fn serialize(
    ctx: &mut NativeContext<'_>,
    ty: TypeId,
    msg: Value,
) -> Result<(Vec<u8>, TypeTag), VmError> {
    ctx.check_layout(ty)?;
    let data = ctx.to_bcs(ty, msg).map_err(|e| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message(format!("event serialization failure: {e}"))
    })?;
    ctx.heap.free_value(msg);
    // perf: one unit, plus one per 32 bytes of the event, so that a budget bounds the log
    // (Tern's units only: under a schedule the event was charged by `charge`).
    ctx.charge_priced(&[], 1 + data.len() as u64 / 32);
    Ok((data, ctx.type_tag(ty)?))
}

/// Appends an event to the session's log.
fn log(
    ctx: &mut NativeContext<'_>,
    handle: Option<(u64, AccountAddress)>,
    sequence_number: u64,
    type_tag: TypeTag,
    data: Vec<u8>,
) -> Result<NativeResult, VmError> {
    state::<EventLog>(ctx)?.events.push(Event {
        handle,
        sequence_number,
        type_tag,
        data,
    });
    Ok(NativeResult::Return(vec![]))
}
