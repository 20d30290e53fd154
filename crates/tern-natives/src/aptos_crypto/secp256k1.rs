//! `0x1::secp256k1` (rules: [`tern_crypto::aptos_secp256k1`]).

use super::{owned_bytes, ret_optional_bytes, u8_arg, Native, Outcome};
use tern_crypto::CryptoError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::values::Value;

/// Abort code of `ecdsa_recover_internal` for a message, recovery id or signature that does
/// not deserialize (`error::invalid_argument(E_DESERIALIZE)`).
pub const NFE_DESERIALIZE: u64 = 0x01_0001;

/// The natives of `secp256k1`.
pub(super) const NATIVES: &[(&str, &str, Native)] =
    &[("secp256k1", "ecdsa_recover_internal", ecdsa_recover)];

/// `ecdsa_recover_internal(message, recovery_id, signature): (vector<u8>, bool)`. Gas under
/// a schedule: `secp256k1.base`, and `secp256k1.ecdsa_recover` once the message, recovery id
/// and signature have deserialized (a recovery that then fails included).
fn ecdsa_recover(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let message = owned_bytes(ctx, args, 0)?;
    let recovery_id = u8_arg(args, 1)?;
    let signature = owned_bytes(ctx, args, 2)?;
    ctx.charge_priced(&[("aptos_framework.secp256k1.base", 1)], 0);
    let result = tern_crypto::aptos_secp256k1::ecdsa_recover(&message, recovery_id, &signature);
    if matches!(result, Ok(_) | Err(CryptoError::RecoveryFailed)) {
        ctx.charge_priced(&[("aptos_framework.secp256k1.ecdsa_recover", 1)], 0);
    }
    match result {
        Ok(key) => ret_optional_bytes(ctx, Some(key.to_vec())),
        Err(CryptoError::RecoveryFailed) => ret_optional_bytes(ctx, None),
        Err(_) => Ok(NativeResult::Abort(NFE_DESERIALIZE)),
    }
}
