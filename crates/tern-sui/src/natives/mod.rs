//! Sui's framework natives at `0x2` that need the object runtime (transaction context,
//! objects, transfers, dynamic fields, events, scratch space, configs, accumulators) and the
//! pure ones beside them (`address`, `types`); the cryptographic ones come from
//! `tern_natives::sui_crypto`.
//!
//! Each reads and writes the call's object runtime (`ObjectRuntime`) from the session's
//! extensions. Their abort codes are Sui's, raised from the native's own module as Sui raises
//! them.

mod dynamic_field;
mod extras;
mod object;
mod tx_context;

use crate::object_runtime::ObjectRuntime;
use std::sync::Arc;
use tern_primitives::{AccountAddress, StatusCode, StructTag, TypeTag, VmError};
use tern_vm::natives::{Extensions, NativeContext, NativeFunction, NativeRegistry};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// Adds Sui's framework natives at `0x2` (all 74 of protocol 130: these and the
/// cryptographic ones) to `registry`.
pub fn add_sui_framework_natives(registry: &mut NativeRegistry) {
    let two = AccountAddress::from_u64(2);
    let mut table: Vec<(&str, &str, NativeFunction)> = Vec::new();
    tx_context::add(&mut table);
    object::add(&mut table);
    dynamic_field::add(&mut table);
    extras::add(&mut table);
    for (module, function, native) in table {
        registry.register(two, module, function, native);
    }
    tern_natives::sui_crypto::add_sui_crypto_natives(registry);
    tern_natives::expect_sui_signatures(registry);
}

/// A registry with Sui's standard library (`0x1`) and framework (`0x2`) natives.
pub fn sui_natives() -> NativeRegistry {
    let mut registry = tern_natives::sui_stdlib_natives();
    add_sui_framework_natives(&mut registry);
    registry
}

/// The call's object runtime.
pub(crate) fn runtime(extensions: &mut Extensions) -> Result<&mut ObjectRuntime, VmError> {
    extensions.get_mut::<ObjectRuntime>().ok_or_else(|| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR).with_message(
            "Sui's object-runtime natives run only within a Sui call (tern_sui::SuiChain)",
        )
    })
}

#[cold]
pub(crate) fn bad_args() -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message("native called with unexpected arguments")
}

/// A native implemented as a plain function.
pub(crate) type NativeFn = fn(
    &mut NativeContext<'_>,
    &[TypeId],
    &[Value],
) -> Result<tern_vm::natives::NativeResult, VmError>;

/// The native function `f` as a registry entry.
pub(crate) fn native(f: NativeFn) -> NativeFunction {
    Arc::new(f)
}

pub(crate) fn arg_address(v: Option<&Value>) -> Result<AccountAddress, VmError> {
    match v {
        Some(Value::Address(a)) => Ok(*a),
        _ => Err(bad_args()),
    }
}

pub(crate) fn arg_u64(v: Option<&Value>) -> Result<u64, VmError> {
    match v {
        Some(Value::U64(x)) => Ok(*x),
        _ => Err(bad_args()),
    }
}

pub(crate) fn type_arg(tys: &[TypeId], i: usize) -> Result<TypeId, VmError> {
    tys.get(i).copied().ok_or_else(bad_args)
}

/// The struct tag of a struct type (the runtime's names: original ids).
pub(crate) fn struct_tag(ctx: &NativeContext<'_>, ty: TypeId) -> Result<StructTag, VmError> {
    match ctx.type_tag(ty)? {
        TypeTag::Struct(s) => Ok(*s),
        _ => Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message("Sui verifier guarantees this is a struct")),
    }
}

/// A rough size in bytes of a struct tag, for gas (the length of its canonical text).
pub(crate) fn tag_size(tag: &StructTag) -> u64 {
    let args: u64 = tag
        .type_args
        .iter()
        .map(|t| match t {
            TypeTag::Struct(s) => tag_size(s),
            other => other.to_string().len() as u64,
        })
        .sum();
    32 + tag.module.as_str().len() as u64 + tag.name.as_str().len() as u64 + args
}
