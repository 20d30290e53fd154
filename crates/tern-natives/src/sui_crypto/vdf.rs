//! `0x2::vdf`: hashing to a class-group element and Wesolowski VDF verification, over
//! [`tern_crypto::vdf`].
//!
//! As in Sui, each native charges its flat cost first ([`gas::VDF_HASH_TO_INPUT`],
//! [`gas::VDF_VERIFY`]), then reads its arguments. Bytes that do not decode as a form abort
//! with [`abort::INVALID_INPUT`] (`vdf::EInvalidInput`); forms outside Sui's group, and
//! proofs that do not check, give `false`. The iteration count is not bounded (verification
//! only computes `2^T` modulo a 264-bit prime). Sui gates both natives on `enable_vdf`, on
//! off mainnet and testnet, which is the configuration `sui move test` runs and Tern follows,
//! so [`abort::NOT_SUPPORTED`] is never raised here.

use super::{bytes, gas, ret_bool, ret_bytes, Outcome};
use crate::bad_args;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// Abort codes of the `vdf` natives.
pub mod abort {
    /// An input, output or proof is not the encoding of a form (`vdf::EInvalidInput`).
    pub const INVALID_INPUT: u64 = 0;
    /// Sui's abort when `enable_vdf` is off (mainnet, testnet); not raised by Tern.
    pub const NOT_SUPPORTED: u64 = 1;
}

/// `hash_to_input_internal(message: &vector<u8>): vector<u8>`.
pub(super) fn hash_to_input(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    ctx.charge(gas::VDF_HASH_TO_INPUT);
    let message = bytes(ctx, args, 0)?;
    match tern_crypto::vdf::hash_to_input(&message) {
        Ok(input) => ret_bytes(ctx, input),
        Err(_) => Ok(NativeResult::Abort(abort::INVALID_INPUT)),
    }
}

/// `vdf_verify_internal(input: &vector<u8>, output: &vector<u8>, proof: &vector<u8>,
/// iterations: u64): bool`.
pub(super) fn vdf_verify(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    ctx.charge(gas::VDF_VERIFY);
    let iterations = match args.get(3) {
        Some(Value::U64(n)) => *n,
        _ => return Err(bad_args()),
    };
    let (input, output, proof) = (
        bytes(ctx, args, 0)?,
        bytes(ctx, args, 1)?,
        bytes(ctx, args, 2)?,
    );
    match tern_crypto::vdf::verify(&input, &output, &proof, iterations) {
        Ok(verified) => ret_bool(verified),
        Err(_) => Ok(NativeResult::Abort(abort::INVALID_INPUT)),
    }
}
