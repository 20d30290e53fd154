//! `0x1::ristretto255_bulletproofs` (rules: [`tern_crypto::aptos_bulletproofs`]); the
//! Pedersen bases are points of the session's ristretto255 store.
//!
//! Gas under a schedule, as Aptos charges it once the range, batch size and bases are
//! accepted: the single native `bulletproofs.base` and `per_byte_rangeproof_deserialize` for
//! the proof's bytes, then `per_bit_rangeproof_verify` per bit if the proof deserializes; the
//! batch native its `bulletproofs.verify.base_batch_B_bits_N` before deserializing.

use super::ristretto255::{handle, u64_arg, with_store};
use super::{owned_byte_vectors, owned_bytes, ret_bool, slices, Native, Outcome};
use tern_crypto::aptos_bulletproofs::{verify_range_proof, RangeProofError};
use tern_primitives::{StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::values::Value;

/// Abort code for proof bytes that are not a range proof (`error::invalid_argument(1)`).
pub const NFE_DESERIALIZE_RANGE_PROOF: u64 = 0x01_0001;
/// Abort code for a range other than 8, 16, 32 or 64 bits (`error::invalid_argument(3)`).
pub const NFE_RANGE_NOT_SUPPORTED: u64 = 0x01_0003;
/// Abort code for a batch of other than 1, 2, 4, 8 or 16 commitments
/// (`error::invalid_argument(4)`).
pub const NFE_BATCH_SIZE_NOT_SUPPORTED: u64 = 0x01_0004;

/// The natives of `ristretto255_bulletproofs`.
pub(super) const NATIVES: &[(&str, &str, Native)] = &[
    (
        "ristretto255_bulletproofs",
        "verify_range_proof_internal",
        |c, a| verify(c, a, false),
    ),
    (
        "ristretto255_bulletproofs",
        "verify_batch_range_proof_internal",
        |c, a| verify(c, a, true),
    ),
];

/// Charges what Aptos charges for a verification that ended with `result`: nothing when the
/// range, the batch size or a base was refused first.
fn charge(
    ctx: &mut NativeContext<'_>,
    result: &Result<bool, RangeProofError>,
    batch_size: usize,
    proof_len: usize,
    num_bits: u64,
    batch: bool,
) {
    let deserialized = match result {
        Ok(_) | Err(RangeProofError::TooManyTags) => true,
        Err(RangeProofError::Deserialize) => false,
        Err(_) => return,
    };
    if batch {
        let name =
            format!("aptos_framework.bulletproofs.verify.base_batch_{batch_size}_bits_{num_bits}");
        ctx.charge_priced(&[(name.as_str(), 1)], 0);
        return;
    }
    let mut priced = vec![
        ("aptos_framework.bulletproofs.base", 1),
        (
            "aptos_framework.bulletproofs.per_byte_rangeproof_deserialize",
            proof_len as u64,
        ),
    ];
    if deserialized {
        priced.push((
            "aptos_framework.bulletproofs.per_bit_rangeproof_verify",
            num_bits,
        ));
    }
    ctx.charge_priced(&priced, 0);
}

/// `verify_range_proof_internal(com: vector<u8>, …)` / `verify_batch_range_proof_internal(
/// comms: vector<vector<u8>>, …)`, then `(val_base: &RistrettoPoint, rand_base:
/// &RistrettoPoint, proof: vector<u8>, num_bits: u64, dst: vector<u8>): bool`.
fn verify(ctx: &mut NativeContext<'_>, args: &[Value], batch: bool) -> Outcome {
    let commitments = if batch {
        owned_byte_vectors(ctx, args, 0)?
    } else {
        vec![owned_bytes(ctx, args, 0)?]
    };
    let bases = (handle(ctx, args, 1)?, handle(ctx, args, 2)?);
    let proof = owned_bytes(ctx, args, 3)?;
    let num_bits = u64_arg(args, 4)?;
    let dst = owned_bytes(ctx, args, 5)?;
    let refs = slices(&commitments);
    let result = with_store(ctx, |store| {
        verify_range_proof(store, &refs, bases, &proof, num_bits, &dst, batch)
    });
    charge(ctx, &result, refs.len(), proof.len(), num_bits, batch);
    match result {
        Ok(verified) => ret_bool(verified),
        Err(RangeProofError::RangeNotSupported) => Ok(NativeResult::Abort(NFE_RANGE_NOT_SUPPORTED)),
        Err(RangeProofError::BatchSizeNotSupported) => {
            Ok(NativeResult::Abort(NFE_BATCH_SIZE_NOT_SUPPORTED))
        }
        Err(RangeProofError::Deserialize) => Ok(NativeResult::Abort(NFE_DESERIALIZE_RANGE_PROOF)),
        Err(e) => Err(VmError::new(StatusCode::INTERNAL_TYPE_ERROR)
            .with_message(format!("ristretto255_bulletproofs native: {e:?}"))),
    }
}
