//! `0x2::object`, `0x2::transfer`, `0x2::event`, `0x2::types` and `0x2::address`: ids, who
//! owns what, events, one-time witnesses and address conversions.

use super::{arg_address, arg_u64, bad_args, native, runtime, struct_tag, tag_size, type_arg};
use crate::object::Owner;
use crate::object_runtime::{uid_address, Event, ObjectRuntime, Transfer, TransferKind};
use tern_primitives::{AccountAddress, StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeResult};
use tern_vm::types::{TypeId, TypeNode};
use tern_vm::values::{Place, Ref, Value};

/// `transfer`'s abort: sharing or freezing an object that was not created in the call.
const E_SHARED_NON_NEW_OBJECT: u64 = 0;
/// `transfer`'s abort: the received object's type is not the one asked for.
const E_RECEIVING_OBJECT_TYPE_MISMATCH: u64 = 2;
/// `transfer`'s abort: the object cannot be received (not declared, wrong owner or version).
const E_UNABLE_TO_RECEIVE_OBJECT: u64 = 3;
/// `transfer`'s abort: party transfers other than to one owner with every permission.
const E_NOT_SUPPORTED: u64 = 5;
/// `address::from_bytes`'s abort: not 32 bytes.
const E_ADDRESS_PARSE_ERROR: u64 = 0;
/// `event::emit_authenticated`'s abort when authenticated event streams are off.
const E_EVENT_STREAMS_NOT_SUPPORTED: u64 = 0;

/// Sui's costs (protocol 130): bases, and per byte where Sui charges by size.
mod cost {
    pub(super) const BORROW_UID: u64 = 10;
    pub(super) const DELETE_IMPL: u64 = 100;
    pub(super) const RECORD_NEW_UID: u64 = 10;
    pub(super) const TRANSFER: u64 = 52;
    pub(super) const FREEZE: u64 = 52;
    pub(super) const SHARE: u64 = 52;
    pub(super) const RECEIVE: u64 = 52;
    pub(super) const EVENT_BASE: u64 = 52;
    pub(super) const EVENT_PER_BYTE: u64 = 3;
    pub(super) const OTW_BASE: u64 = 52;
    pub(super) const ADDRESS: u64 = 52;
}

pub(super) fn add(table: &mut Vec<(&'static str, &'static str, NativeFunction)>) {
    let entries: [(&str, &str, NativeFunction); 14] = [
        ("object", "borrow_uid", native(borrow_uid)),
        ("object", "delete_impl", native(delete_impl)),
        ("object", "record_new_uid", native(record_new_uid)),
        ("transfer", "transfer_impl", native(transfer_impl)),
        ("transfer", "freeze_object_impl", native(freeze_object_impl)),
        ("transfer", "share_object_impl", native(share_object_impl)),
        (
            "transfer",
            "party_transfer_impl",
            native(party_transfer_impl),
        ),
        ("transfer", "receive_impl", native(receive_impl)),
        ("event", "emit", native(emit)),
        (
            "event",
            "emit_authenticated_impl",
            native(emit_authenticated_impl),
        ),
        ("types", "is_one_time_witness", native(is_one_time_witness)),
        ("address", "from_bytes", native(address_from_bytes)),
        ("address", "to_u256", native(address_to_u256)),
        ("address", "from_u256", native(address_from_u256)),
    ];
    table.extend(entries);
}

type Result<T> = std::result::Result<T, VmError>;

fn done() -> Result<NativeResult> {
    Ok(NativeResult::Return(vec![]))
}

/// `&T` → `&UID`: a reference to the object's first field.
fn borrow_uid(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Result<NativeResult> {
    ctx.charge(cost::BORROW_UID);
    let obj = args.first().copied().ok_or_else(bad_args)?;
    match ctx.struct_fields(obj)?.first() {
        Some(Value::Container(uid)) => Ok(NativeResult::Return(vec![Value::Ref(Ref {
            place: Place::Whole(*uid),
        })])),
        _ => Err(bad_args()),
    }
}

fn delete_impl(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Result<NativeResult> {
    ctx.charge(cost::DELETE_IMPL);
    let id = arg_address(args.first())?;
    runtime(ctx.extensions)?.delete_id(id)?;
    done()
}

fn record_new_uid(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::RECORD_NEW_UID);
    let id = arg_address(args.first())?;
    runtime(ctx.extensions)?.new_id(id)?;
    done()
}

/// Serializes the object `obj` of type `ty`, frees it and records it as going to `owner`.
fn transfer_to(
    ctx: &mut NativeContext<'_>,
    ty: TypeId,
    obj: Value,
    owner: Owner,
) -> Result<TransferKind> {
    let id = ObjectRuntime::object_id(ctx.heap, obj)?;
    let tag = struct_tag(ctx, ty)?;
    let bytes = ctx.to_bcs(ty, obj)?;
    ctx.heap.free_value(obj);
    let rt = runtime(ctx.extensions)?;
    if bytes.len() > rt.limits.max_object_size {
        return Err(object_too_large(bytes.len(), rt.limits.max_object_size));
    }
    rt.transfer(
        id,
        Transfer {
            owner,
            ty,
            tag,
            bytes,
        },
    )
}

#[cold]
pub(crate) fn object_too_large(size: usize, max: usize) -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR).with_message(format!(
        "Move object of {size} bytes is larger than the maximum of {max}"
    ))
}

fn transfer_impl(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::TRANSFER);
    let recipient = arg_address(args.get(1))?;
    let obj = args.first().copied().ok_or_else(bad_args)?;
    transfer_to(ctx, type_arg(tys, 0)?, obj, Owner::Address(recipient))?;
    done()
}

fn freeze_object_impl(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::FREEZE);
    let obj = args.first().copied().ok_or_else(bad_args)?;
    transfer_to(ctx, type_arg(tys, 0)?, obj, Owner::Immutable)?;
    done()
}

/// Shares an object: only one created in this call (or already shared) may be shared.
fn share_object_impl(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::SHARE);
    let obj = args.first().copied().ok_or_else(bad_args)?;
    let owner = Owner::Shared {
        initial_shared_version: 0,
    };
    match transfer_to(ctx, type_arg(tys, 0)?, obj, owner)? {
        TransferKind::New | TransferKind::SameOwner => done(),
        TransferKind::OwnerChanged => Ok(NativeResult::Abort(E_SHARED_NON_NEW_OBJECT)),
    }
}

/// A party transfer: Sui supports one owner with every permission (a consensus-owned
/// object of that address).
fn party_transfer_impl(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    const ALL: u64 = 0b1111;
    ctx.charge(cost::TRANSFER);
    let default_permissions = arg_u64(args.get(1))?;
    let (addresses, permissions) = match (args.get(2), args.get(3)) {
        (Some(a), Some(p)) => (*a, *p),
        _ => return Err(bad_args()),
    };
    let addresses = vector_elements(ctx, addresses)?;
    let permissions = vector_elements(ctx, permissions)?;
    let (&[Value::Address(owner)], &[Value::U64(perm)]) = (&addresses[..], &permissions[..]) else {
        return Err(party_error());
    };
    if perm != ALL || default_permissions != 0 {
        return Err(party_error());
    }
    let obj = args.first().copied().ok_or_else(bad_args)?;
    let owner = Owner::ConsensusAddress {
        start_version: 0,
        owner,
    };
    transfer_to(ctx, type_arg(tys, 0)?, obj, owner)?;
    if let Some(v) = args.get(2) {
        ctx.heap.free_value(*v);
    }
    if let Some(v) = args.get(3) {
        ctx.heap.free_value(*v);
    }
    let _ = E_NOT_SUPPORTED;
    done()
}

#[cold]
fn party_error() -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message("Party transfer only supports one party member with all permissions")
}

/// The elements of a vector value (primitive elements are values too).
pub(crate) fn vector_elements(ctx: &NativeContext<'_>, v: Value) -> Result<Vec<Value>> {
    let c = match v {
        Value::Container(c)
        | Value::Ref(Ref {
            place: Place::Whole(c),
        }) => c,
        _ => return Err(bad_args()),
    };
    match ctx.heap.get(c)?.vector_values() {
        Some(e) => Ok(e.into_owned()),
        None => Err(bad_args()),
    }
}

/// Receives an object sent to `parent`: it must have been declared as a receiving argument
/// of the call, still be owned by `parent` at that version, and have type `T`.
fn receive_impl(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::RECEIVE);
    let ty = type_arg(tys, 0)?;
    let parent = arg_address(args.first())?;
    let version = arg_u64(args.get(2))?;
    let id_value = args.get(1).copied().ok_or_else(bad_args)?;
    let id = uid_address(ctx.heap, id_value, 0)?;
    ctx.heap.free_value(id_value);
    let tag = struct_tag(ctx, ty)?;
    let rt = runtime(ctx.extensions)?;
    let object = match rt.receivable.get(&id) {
        Some(v) if *v == version && !rt.received.contains_key(&id) => rt.store.get(&id).cloned(),
        _ => None,
    };
    let Some(object) = object.filter(|o| o.owner == Owner::Address(parent) && o.version == version)
    else {
        return Ok(NativeResult::Abort(E_UNABLE_TO_RECEIVE_OBJECT));
    };
    if crate::package::runtime_tag(&rt.packages, &object.type_) != tag {
        return Ok(NativeResult::Abort(E_RECEIVING_OBJECT_TYPE_MISMATCH));
    }
    rt.received.insert(id, object.clone());
    let value = ctx.from_bcs(ty, &object.contents)?;
    Ok(NativeResult::Return(vec![value]))
}

/// Records an event: its type (by defining ids) and BCS bytes.
fn emit_event(ctx: &mut NativeContext<'_>, ty: TypeId, value: Value) -> Result<NativeResult> {
    ctx.charge(cost::EVENT_BASE);
    let tag = struct_tag(ctx, ty)?;
    let contents = ctx.to_bcs(ty, value)?;
    ctx.heap.free_value(value);
    let size = tag_size(&tag) as usize + contents.len();
    ctx.charge(cost::EVENT_PER_BYTE.saturating_mul(size as u64));
    let rt = runtime(ctx.extensions)?;
    if rt.events.len() >= rt.limits.max_events {
        return Err(VmError::new(StatusCode::MEMORY_LIMIT_EXCEEDED)
            .with_message(format!(
                "Emitting more than {} events is not allowed",
                rt.limits.max_events
            ))
            .with_sub_status(4));
    }
    if size > rt.limits.max_event_size {
        return Err(VmError::new(StatusCode::MEMORY_LIMIT_EXCEEDED)
            .with_message(format!(
                "Emitting event of size {size} bytes. Limit is {} bytes.",
                rt.limits.max_event_size
            ))
            .with_sub_status(5));
    }
    let type_ = rt.linkage.defining_tag(&rt.packages, &tag);
    let (package_id, transaction_module) = rt.current_call.clone();
    rt.events.push(Event {
        package_id,
        transaction_module,
        sender: rt.tx.sender,
        type_,
        contents,
    });
    done()
}

fn emit(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Result<NativeResult> {
    let value = args.first().copied().ok_or_else(bad_args)?;
    emit_event(ctx, type_arg(tys, 0)?, value)
}

/// An event to an authenticated stream: recorded as an ordinary event when the feature is
/// on; Sui's abort when it is off.
fn emit_authenticated_impl(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    if !runtime(ctx.extensions)?
        .features
        .authenticated_event_streams
    {
        if let Some(v) = args.get(2) {
            ctx.heap.free_value(*v);
        }
        return Ok(NativeResult::Abort(E_EVENT_STREAMS_NOT_SUPPORTED));
    }
    let value = args.get(2).copied().ok_or_else(bad_args)?;
    emit_event(ctx, type_arg(tys, 1)?, value)
}

/// Whether `T` is a one-time witness: a struct named as its module in capitals, without type
/// arguments, whose one field is a `bool` (the verifier checks the rest).
fn is_one_time_witness(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::OTW_BASE);
    let _ = args;
    let ty = type_arg(tys, 0)?;
    let otw = match ctx.type_node(ty)? {
        TypeNode::Struct(sid, _) => {
            let info = ctx.struct_info(sid)?.ok_or_else(bad_args)?;
            let one_bool = match &info.layout {
                tern_vm::loader::StructLayout::Fields(fields) => match &fields[..] {
                    [f] => ctx.type_node(f.ty)? == TypeNode::Bool,
                    _ => false,
                },
                tern_vm::loader::StructLayout::Variants(_) => false,
            };
            one_bool
                && info.type_params.is_empty()
                && info.name.as_str() == info.module.name.as_str().to_ascii_uppercase()
        }
        _ => false,
    };
    Ok(NativeResult::Return(vec![Value::Bool(otw)]))
}

fn address_from_bytes(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::ADDRESS);
    let v = args.first().copied().ok_or_else(bad_args)?;
    let address = AccountAddress::from_slice(ctx.bytes(v)?);
    ctx.heap.free_value(v);
    Ok(match address {
        Some(a) => NativeResult::Return(vec![Value::Address(a)]),
        None => NativeResult::Abort(E_ADDRESS_PARSE_ERROR),
    })
}

fn address_to_u256(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::ADDRESS);
    let a = arg_address(args.first())?;
    Ok(NativeResult::Return(vec![Value::u256(a.to_u256())]))
}

fn address_from_u256(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::ADDRESS);
    match args.first() {
        Some(Value::U256(w)) => Ok(NativeResult::Return(vec![Value::Address(
            AccountAddress::from_u256(w.u256()),
        )])),
        _ => Err(bad_args()),
    }
}
