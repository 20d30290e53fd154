//! Sui's zkLogin natives: `zklogin_verified_id::check_zklogin_id_internal` and
//! `zklogin_verified_issuer::check_zklogin_issuer_internal`, over [`tern_crypto::zklogin`].
//!
//! Each charges its fixed cost first (200, `check_zklogin_id_cost_base` and
//! `check_zklogin_issuer_cost_base`, set at protocol 28 and not gated by a feature flag: the
//! strings are bounded, so Sui prices them as constant), then answers whether the address is
//! the zkLogin address of its arguments, or aborts with [`abort::INVALID_INPUT`] when a string
//! is not UTF-8, or a claim name, claim value or audience is too long or holds a character
//! above U+00FF.

use super::{bytes, gas, ret_bool, Outcome};
use crate::bad_args;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// Abort codes of the zkLogin natives (the same in both modules).
pub mod abort {
    /// A string is not UTF-8, or a claim name, claim value or audience is longer than 32,
    /// 115 or 145 characters or holds a character above U+00FF.
    pub const INVALID_INPUT: u64 = 0;
}

/// `check_zklogin_id_internal(address, key_claim_name, key_claim_value, issuer, audience,
/// pin_hash): bool`.
pub(super) fn check_id(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    ctx.charge(gas::ZKLOGIN_CHECK_ID);
    let address = address_arg(args, 0)?;
    let (name, value) = (bytes(ctx, args, 1)?, bytes(ctx, args, 2)?);
    let (issuer, audience) = (bytes(ctx, args, 3)?, bytes(ctx, args, 4)?);
    let pin_hash = u256_arg(args, 5)?;
    answer(tern_crypto::zklogin::check_id(
        &address, &name, &value, &issuer, &audience, &pin_hash,
    ))
}

/// `check_zklogin_issuer_internal(address, address_seed, issuer): bool`.
pub(super) fn check_issuer(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    ctx.charge(gas::ZKLOGIN_CHECK_ISSUER);
    let address = address_arg(args, 0)?;
    let seed = u256_arg(args, 1)?;
    let issuer = bytes(ctx, args, 2)?;
    answer(tern_crypto::zklogin::check_issuer(&address, &seed, &issuer))
}

/// Sui's answer: the check's result, or [`abort::INVALID_INPUT`] for any rejected input.
fn answer(checked: tern_crypto::Result<bool>) -> Outcome {
    match checked {
        Ok(matches) => ret_bool(matches),
        Err(_) => Ok(NativeResult::Abort(abort::INVALID_INPUT)),
    }
}

fn address_arg(args: &[Value], i: usize) -> Result<[u8; 32], tern_primitives::VmError> {
    match args.get(i) {
        Some(Value::Address(a)) => Ok(*a.as_bytes()),
        _ => Err(bad_args()),
    }
}

/// A `u256` argument as 32 big-endian bytes.
fn u256_arg(args: &[Value], i: usize) -> Result<[u8; 32], tern_primitives::VmError> {
    match args.get(i) {
        Some(Value::U256(w)) => Ok(w.u256().to_be_bytes()),
        _ => Err(bad_args()),
    }
}

#[cfg(test)]
mod tests;
