//! Bulletproofs range-proof verification under the rules of Aptos's
//! `0x1::ristretto255_bulletproofs` natives, on the `bulletproofs` crate (zkcrypto's
//! maintained line of dalek's implementation, on `curve25519-dalek` 4; Aptos runs version 4 of
//! the same code on `curve25519-dalek` 3 — same proof format and Merlin transcript, checked
//! against Aptos's own proof vectors in the tests).
//!
//! Rules: `num_bits` must be 8, 16, 32 or 64 and a batch must hold 1, 2, 4, 8 or 16
//! commitments (else Aptos aborts); the generators are `BulletproofGens::new(64, 16)`; the
//! Pedersen bases are two points of the session's [`PointStore`] (value base, randomness
//! base); the transcript is a Merlin transcript labelled by the caller's domain-separation
//! tag; a proof that does not deserialize aborts; otherwise the answer is the verification's.
//!
//! One difference of means: Aptos runs a fork of `merlin` whose `Transcript::new` takes any
//! label; `merlin` 3 wants a `&'static` label, so each distinct tag is interned once per
//! process (see [`MAX_INTERNED_DST_BYTES`]).

use crate::aptos_ristretto255::{PointStore, StoreError};
use bulletproofs::{BulletproofGens, PedersenGens, RangeProof};
use curve25519_dalek::ristretto::CompressedRistretto;
use merlin::Transcript;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The largest range, in bits.
pub const MAX_RANGE_BITS: usize = 64;
/// The largest batch of commitments one proof covers.
pub const MAX_BATCH_SIZE: usize = 16;

/// Most bytes of domain-separation tags interned per process; a new tag past this budget
/// is refused ([`RangeProofError::TooManyTags`]) rather than growing memory without bound.
pub const MAX_INTERNED_DST_BYTES: usize = 1 << 20;

/// Why a range proof could not be checked (each is an abort in Aptos, except
/// [`RangeProofError::Store`], an invariant violation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeProofError {
    /// `num_bits` is not 8, 16, 32 or 64.
    RangeNotSupported,
    /// The batch size is not 1, 2, 4, 8 or 16.
    BatchSizeNotSupported,
    /// The proof bytes are not a range proof.
    Deserialize,
    /// A base handle or a commitment the store cannot read.
    Store(StoreError),
    /// The process has interned [`MAX_INTERNED_DST_BYTES`] of distinct tags already.
    TooManyTags,
}

/// The interned tags, and the bytes they hold.
#[derive(Default)]
struct Tags {
    by_bytes: HashMap<Vec<u8>, &'static [u8]>,
    used: usize,
}

/// `dst` as a `&'static` slice: the interned copy (made on first sight, within budget).
fn interned(dst: &[u8]) -> Result<&'static [u8], RangeProofError> {
    static TAGS: OnceLock<Mutex<Tags>> = OnceLock::new();
    let tags = TAGS.get_or_init(Mutex::default);
    let mut tags = tags
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(tag) = tags.by_bytes.get(dst) {
        return Ok(tag);
    }
    if tags.used.saturating_add(dst.len()) > MAX_INTERNED_DST_BYTES {
        return Err(RangeProofError::TooManyTags);
    }
    tags.used += dst.len();
    // The one deliberate leak: merlin needs a `'static` label; the budget above bounds it.
    let tag: &'static [u8] = Box::leak(dst.to_vec().into_boxed_slice());
    tags.by_bytes.insert(dst.to_vec(), tag);
    Ok(tag)
}

fn generators() -> &'static BulletproofGens {
    static GENS: OnceLock<BulletproofGens> = OnceLock::new();
    GENS.get_or_init(|| BulletproofGens::new(MAX_RANGE_BITS, MAX_BATCH_SIZE))
}

/// Verifies `proof` that each commitment (32 bytes, compressed) opens to a value below
/// `2^num_bits` under the bases `val_base` and `rand_base` (handles into `store`). `batch`
/// selects Aptos's batch native (`verify_multiple`, batch-size check) over the single one
/// (`verify_single`, exactly one commitment).
pub fn verify_range_proof(
    store: &PointStore,
    commitments: &[&[u8]],
    (val_base, rand_base): (u64, u64),
    proof: &[u8],
    num_bits: u64,
    dst: &[u8],
    batch: bool,
) -> Result<bool, RangeProofError> {
    let bits = match num_bits {
        8 | 16 | 32 | 64 => num_bits as usize,
        _ => return Err(RangeProofError::RangeNotSupported),
    };
    if batch && !matches!(commitments.len(), 1 | 2 | 4 | 8 | 16) {
        return Err(RangeProofError::BatchSizeNotSupported);
    }
    let commitments = commitments
        .iter()
        .map(|c| CompressedRistretto::from_slice(c))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| RangeProofError::Store(StoreError::BadInput))?;
    let bases = PedersenGens {
        B: store.point(val_base).map_err(RangeProofError::Store)?,
        B_blinding: store.point(rand_base).map_err(RangeProofError::Store)?,
    };
    let proof = RangeProof::from_bytes(proof).map_err(|_| RangeProofError::Deserialize)?;
    let mut transcript = Transcript::new(interned(dst)?);
    let verified = match commitments.as_slice() {
        [single] if !batch => {
            proof.verify_single(generators(), &bases, &mut transcript, single, bits)
        }
        _ if !batch => return Err(RangeProofError::Store(StoreError::BadInput)),
        many => proof.verify_multiple(generators(), &bases, &mut transcript, many, bits),
    };
    Ok(verified.is_ok())
}

#[cfg(test)]
mod tests;
