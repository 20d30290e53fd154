//! `randomness::fetch_and_increment_txn_counter` and `randomness::is_unbiasable` over the
//! session's [`RandomnessContext`].
//!
//! These natives hold only the transaction-local counter: the random bytes themselves come
//! from `0x1::randomness`'s Move code, which hashes the block seed stored in the
//! `PerBlockRandomness` resource (so a run that wants random numbers must have published
//! that resource), the transaction hash and this counter.

use super::{ret, state};
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// Abort code of `fetch_and_increment_txn_counter` outside an unbiasable call (an entry
/// function marked `#[randomness]`).
pub const E_API_USE_SUSCEPTIBLE_TO_TEST_AND_ABORT: u64 = 1;

/// The randomness state of a session: whether the running call is unbiasable (Aptos sets this
/// for a private entry function marked `#[randomness]`; in Tern the host sets it) and the
/// transaction-local counter (8 bytes, little-endian, from 0).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RandomnessContext {
    /// Whether randomness may be used. Default: false, so `randomness` APIs abort with
    /// [`E_API_USE_SUSCEPTIBLE_TO_TEST_AND_ABORT`] unless the host allows them.
    pub unbiasable: bool,
    /// The counter's next value.
    pub counter: u64,
}

impl RandomnessContext {
    /// A context that allows randomness, its counter at 0.
    pub fn unbiasable() -> RandomnessContext {
        RandomnessContext {
            unbiasable: true,
            counter: 0,
        }
    }
}

/// `fetch_and_increment_txn_counter(): vector<u8>`: the counter's 8 little-endian bytes,
/// then the counter moves on (wrapping, as Aptos's byte-wise increment does).
///
/// gas: Aptos's `randomness.fetch_and_inc_counter`, first (also when it aborts).
pub(super) fn fetch_and_increment_txn_counter(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(
        &[("aptos_framework.randomness.fetch_and_inc_counter", 1)],
        1,
    );
    let rc = state::<RandomnessContext>(ctx)?;
    if !rc.unbiasable {
        return Ok(NativeResult::Abort(E_API_USE_SUSCEPTIBLE_TO_TEST_AND_ABORT));
    }
    let bytes = rc.counter.to_le_bytes().to_vec();
    rc.counter = rc.counter.wrapping_add(1);
    ret(ctx.new_bytes(bytes))
}

/// `is_unbiasable(): bool`.
///
/// gas: nothing, as in Aptos (which charges this native nothing).
pub(super) fn is_unbiasable(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    let unbiasable = state::<RandomnessContext>(ctx)?.unbiasable;
    ret(Value::Bool(unbiasable))
}
