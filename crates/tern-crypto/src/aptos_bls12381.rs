//! BLS signatures over BLS12-381 under the rules of Aptos's `0x1::bls12381` natives: the
//! minimal-public-key-size variant (keys in G1, 48 bytes compressed; signatures in G2, 96
//! bytes compressed) with proofs of possession, on `blst`'s safe `min_pk` API — the library
//! and the calls Aptos's `aptos-crypto` makes, so each check is blst's own.
//!
//! - Deserialization (`from_bytes`) checks only that the bytes encode a curve point.
//! - Key validation refuses the identity and points outside the prime-order subgroup;
//!   signature subgroup checks refuse both too.
//! - Verification hashes with [`DST_SIG`] and always subgroup-checks the signature; it
//!   subgroup-checks the key only for normal signatures (shares and multisignatures assume a
//!   verified proof of possession).
//! - A proof of possession is a signature of the key's compressed bytes under [`DST_POP`],
//!   verified with both subgroup checks.

use blst::min_pk::{AggregatePublicKey, AggregateSignature, PublicKey, Signature};
use blst::BLST_ERROR;

/// Domain separation tag of message signatures (the IETF draft's proof-of-possession suite).
pub const DST_SIG: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
/// Domain separation tag of proofs of possession.
pub const DST_POP: &[u8] = b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

fn public_key(bytes: &[u8]) -> Option<PublicKey> {
    PublicKey::from_bytes(bytes).ok()
}

fn signature(bytes: &[u8]) -> Option<Signature> {
    Signature::from_bytes(bytes).ok()
}

/// Whether `bytes` deserializes to a public key (a G1 point, not subgroup-checked): the step
/// after which Aptos's natives charge for the next one.
pub fn public_key_deserializes(bytes: &[u8]) -> bool {
    public_key(bytes).is_some()
}

/// Whether `bytes` deserializes to a signature or proof of possession (a G2 point, not
/// subgroup-checked).
pub fn signature_deserializes(bytes: &[u8]) -> bool {
    signature(bytes).is_some()
}

/// Whether `bytes` is a public key in the prime-order subgroup other than the identity.
pub fn validate_pubkey(bytes: &[u8]) -> bool {
    public_key(bytes).is_some_and(|key| key.validate().is_ok())
}

/// Whether `bytes` is a signature in the prime-order subgroup other than the identity.
pub fn signature_subgroup_check(bytes: &[u8]) -> bool {
    signature(bytes).is_some_and(|sig| sig.validate(true).is_ok())
}

/// The sum of the public keys (compressed), or `None` when there is none or one does not
/// deserialize. The keys are not subgroup-checked.
pub fn aggregate_pubkeys(keys: &[&[u8]]) -> Option<[u8; 48]> {
    if keys.is_empty() {
        return None;
    }
    let keys: Option<Vec<PublicKey>> = keys.iter().map(|k| public_key(k)).collect();
    let keys = keys?;
    let refs: Vec<&PublicKey> = keys.iter().collect();
    let sum = AggregatePublicKey::aggregate(&refs, false).ok()?;
    Some(sum.to_public_key().to_bytes())
}

/// The sum of the signatures (compressed), or `None` when there is none or one does not
/// deserialize. The signatures are not subgroup-checked.
pub fn aggregate_signatures(signatures: &[&[u8]]) -> Option<[u8; 96]> {
    if signatures.is_empty() {
        return None;
    }
    let sigs: Option<Vec<Signature>> = signatures.iter().map(|s| signature(s)).collect();
    let sigs = sigs?;
    let refs: Vec<&Signature> = sigs.iter().collect();
    let sum = AggregateSignature::aggregate(&refs, false).ok()?;
    Some(sum.to_signature().to_bytes())
}

/// Verifies `sig` on `message` under `key`; `check_key_subgroup` adds the key's validation
/// (normal signatures) to the signature's subgroup check.
pub fn verify_signature(sig: &[u8], key: &[u8], message: &[u8], check_key_subgroup: bool) -> bool {
    let Some(key) = public_key(key) else {
        return false;
    };
    if check_key_subgroup && key.validate().is_err() {
        return false;
    }
    let Some(sig) = signature(sig) else {
        return false;
    };
    sig.verify(true, message, DST_SIG, &[], &key, false) == BLST_ERROR::BLST_SUCCESS
}

/// Verifies the proof of possession `pop` of `key` (validating both).
pub fn verify_proof_of_possession(key: &[u8], pop: &[u8]) -> bool {
    let (Some(pk), Some(pop)) = (public_key(key), signature(pop)) else {
        return false;
    };
    let message = pk.to_bytes();
    pop.verify(true, &message, DST_POP, &[], &pk, true) == BLST_ERROR::BLST_SUCCESS
}

/// Verifies an aggregate signature where `messages[i]` is signed under `keys[i]`: `false`
/// when the counts differ, there is no key, a key or the signature does not deserialize, or
/// the signature is not in the subgroup or does not verify. Keys are not subgroup-checked.
pub fn verify_aggregate_signature(sig: &[u8], keys: &[&[u8]], messages: &[&[u8]]) -> bool {
    if keys.len() != messages.len() {
        return false;
    }
    let keys: Option<Vec<PublicKey>> = keys.iter().map(|k| public_key(k)).collect();
    let Some(keys) = keys else { return false };
    let Some(sig) = signature(sig) else {
        return false;
    };
    let refs: Vec<&PublicKey> = keys.iter().collect();
    sig.aggregate_verify(true, messages, DST_SIG, &refs, false) == BLST_ERROR::BLST_SUCCESS
}

#[cfg(test)]
mod tests;
