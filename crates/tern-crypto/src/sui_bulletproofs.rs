//! Bulletproofs range-proof verification under the rules of Sui's
//! `0x2::rangeproofs::verify_bulletproofs_with_dst_ristretto255_internal` native, on the same
//! `bulletproofs` 5 crate that fastcrypto (Sui's crypto library) wraps.
//!
//! Rules, in the order Sui checks them: a proof longer than [`MAX_PROOF_BYTES`] or that does
//! not deserialize is refused ([`SuiRangeProofError::Proof`]); the range must be 8, 16, 32 or
//! 64 bits ([`SuiRangeProofError::Range`]); the number of commitments must be a power of two
//! whose product with the range is at most [`MAX_TOTAL_BITS`]
//! ([`SuiRangeProofError::BatchSize`]); each commitment must be a 32-byte ristretto255 point
//! ([`SuiRangeProofError::Commitment`]). Then the answer is the verification's.
//!
//! fastcrypto's conventions, which differ from Aptos's (see
//! [`aptos_bulletproofs`](crate::aptos_bulletproofs)): the Pedersen value base is the point
//! whose uniform bytes are the SHA-512 digest of `fastcrypto-blinding-gen-01` and the
//! blinding base is the ristretto255 basepoint; the Merlin transcript has an empty label and
//! the domain-separation tag appended as the message `DST` (so no tag needs interning); the
//! generators are `BulletproofGens::new(bits, n)`. Generators are prefix-stable (a party's
//! first `bits` generators do not depend on the capacity), so one set per range, built on
//! first use for the largest batch that range allows, answers every call.

use bulletproofs::{BulletproofGens, PedersenGens, RangeProof};
use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use merlin::Transcript;
use sha2::Sha512;
use std::sync::OnceLock;

/// The longest proof accepted: a proof over [`MAX_TOTAL_BITS`] is exactly this long.
pub const MAX_PROOF_BYTES: usize = 864;
/// The most bits a proof covers: commitments times the range in bits.
pub const MAX_TOTAL_BITS: u64 = 512;
/// The length of a commitment (a compressed ristretto255 point).
pub const COMMITMENT_BYTES: usize = 32;

/// Why a range proof could not be checked, in the order Sui checks (the first three are
/// Sui's aborts `EInvalidProof`, `EInvalidRange` and `EInvalidBatchSize`; the last an
/// invariant violation in Sui, whose Move wrapper only passes valid points).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuiRangeProofError {
    /// The proof is longer than [`MAX_PROOF_BYTES`] or is not a range proof.
    Proof,
    /// The range is not 8, 16, 32 or 64 bits.
    Range,
    /// No commitment, a count that is not a power of two, or more than [`MAX_TOTAL_BITS`].
    BatchSize,
    /// A commitment that is not 32 bytes encoding a ristretto255 point.
    Commitment,
}

/// The bits a batch of `count` commitments over `bits` covers, as Sui charges for them.
pub fn total_bits(count: usize, bits: u8) -> u64 {
    (count as u64).saturating_mul(u64::from(bits))
}

/// Sui's checks before verification: the proof's length and shape, the range, the batch
/// size (the first failure, in Sui's order). Sui charges its per-bit cost only after these
/// pass.
pub fn check_inputs(
    proof: &[u8],
    bits: u8,
    count: usize,
) -> Result<(RangeProof, usize), SuiRangeProofError> {
    if proof.len() > MAX_PROOF_BYTES {
        return Err(SuiRangeProofError::Proof);
    }
    let proof = RangeProof::from_bytes(proof).map_err(|_| SuiRangeProofError::Proof)?;
    if !matches!(bits, 8 | 16 | 32 | 64) {
        return Err(SuiRangeProofError::Range);
    }
    if count == 0 || !count.is_power_of_two() || total_bits(count, bits) > MAX_TOTAL_BITS {
        return Err(SuiRangeProofError::BatchSize);
    }
    Ok((proof, usize::from(bits)))
}

/// Verifies `proof` that each commitment opens to a value below `2^bits` under fastcrypto's
/// bases, with the domain-separation tag `dst`; `Ok(false)` when the proof does not verify.
pub fn verify_range_proof(
    proof: &[u8],
    bits: u8,
    commitments: &[&[u8]],
    dst: &[u8],
) -> Result<bool, SuiRangeProofError> {
    let (proof, bits) = check_inputs(proof, bits, commitments.len())?;
    let commitments = commitments
        .iter()
        .map(|c| commitment(c))
        .collect::<Result<Vec<_>, _>>()?;
    let verified = proof.verify_multiple(
        generators(bits),
        pedersen_gens(),
        &mut transcript(dst),
        &commitments,
        bits,
    );
    Ok(verified.is_ok())
}

/// A commitment as Sui reads it: 32 bytes that decompress to a point.
fn commitment(bytes: &[u8]) -> Result<CompressedRistretto, SuiRangeProofError> {
    let compressed =
        CompressedRistretto::from_slice(bytes).map_err(|_| SuiRangeProofError::Commitment)?;
    match compressed.decompress() {
        Some(point) => Ok(point.compress()),
        None => Err(SuiRangeProofError::Commitment),
    }
}

/// fastcrypto's Merlin transcript: empty label, the tag as the message `DST`.
pub(crate) fn transcript(dst: &[u8]) -> Transcript {
    let mut transcript = Transcript::new(b"");
    transcript.append_message(b"DST", dst);
    transcript
}

/// fastcrypto's Pedersen bases: value base hashed from `fastcrypto-blinding-gen-01`,
/// blinding base the basepoint.
pub(crate) fn pedersen_gens() -> &'static PedersenGens {
    static GENS: OnceLock<PedersenGens> = OnceLock::new();
    GENS.get_or_init(|| PedersenGens {
        B: RistrettoPoint::hash_from_bytes::<Sha512>(b"fastcrypto-blinding-gen-01"),
        B_blinding: RISTRETTO_BASEPOINT_POINT,
    })
}

/// The generators for a range of `bits` (8, 16, 32 or 64), for the largest batch it allows.
pub(crate) fn generators(bits: usize) -> &'static BulletproofGens {
    static GENS: [OnceLock<BulletproofGens>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let slot = match bits {
        8 => &GENS[0],
        16 => &GENS[1],
        32 => &GENS[2],
        _ => &GENS[3],
    };
    let parties = (MAX_TOTAL_BITS as usize / bits.max(1)).max(1);
    slot.get_or_init(|| BulletproofGens::new(bits, parties))
}

#[cfg(test)]
mod tests;
