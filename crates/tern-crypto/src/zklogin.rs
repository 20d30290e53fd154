//! zkLogin addresses: how Sui derives an address from an OpenID identity, and the two checks
//! behind Sui's `zklogin_verified_id` and `zklogin_verified_issuer` natives (fastcrypto-zkp's
//! `verify_zk_login_id` and `verify_zk_login_iss`).
//!
//! ```text
//! address      = BLAKE2b-256(0x05 ‖ len(iss) as one byte ‖ iss ‖ address_seed as 32 bytes BE)
//! address_seed = Poseidon(F(name, 32), F(value, 115), F(aud, 145), pin_hash)
//! pin_hash     = Poseidon(salt)
//! ```
//!
//! `F(s, n)` packs a string into one field element ([`hash_ascii_str_to_field`]): each
//! character becomes one byte (its code point, which must be at most U+00FF), the bytes are
//! padded with zeros to `n`, cut from the end into 31-byte (248-bit) big-endian chunks (the
//! first chunk holding what is left over), and the chunks are hashed with Poseidon in order.
//! More than 16 chunks are hashed as fastcrypto's `poseidon_zk_login` does: each run of 16
//! hashed, then the hashes, up to 64 chunks in all. The Poseidon permutation is circom's over
//! BN254's scalar field, the one of [`crate::poseidon`] (fastcrypto runs the same for zkLogin
//! and for Sui's `poseidon_bn254`).
//!
//! Field elements (address seeds, pin hashes, salts) travel as 32-byte big-endian integers
//! and are taken modulo the field order, as fastcrypto does (it parses their decimal form
//! with arkworks, which reduces). Lengths are counted in characters, not bytes. The issuer is
//! used as given: `"accounts.google.com"` and `"https://accounts.google.com"` give different
//! addresses, it has no length limit, and its length byte wraps past 255 (fastcrypto writes
//! `len as u8`).

use crate::error::{CryptoError, Result};
use ark_bn254::Fr;
use ark_ff::{BigInteger, PrimeField};

/// The signature-scheme flag of zkLogin, the first byte hashed into an address.
pub const ADDRESS_FLAG: u8 = 0x05;
/// The most characters of a key claim name (`"sub"`, `"email"`, …).
pub const MAX_KEY_CLAIM_NAME_LENGTH: usize = 32;
/// The most characters of a key claim value.
pub const MAX_KEY_CLAIM_VALUE_LENGTH: usize = 115;
/// The most characters of an audience (the wallet's client id).
pub const MAX_AUD_LENGTH: usize = 145;
/// Bytes of a string packed into one field element (248 bits).
const CHUNK_LENGTH: usize = 31;
/// Inputs of one Poseidon hash in the tree of [`poseidon_zk_login`].
const TREE_DEGREE: usize = crate::poseidon::MAX_INPUTS;
/// The most inputs of [`poseidon_zk_login`].
const MAX_TREE_INPUTS: usize = 64;

/// Whether `address` is the zkLogin address of the key claim `key_claim_name` =
/// `key_claim_value`, the issuer `issuer`, the audience `audience` and the salt whose Poseidon
/// hash is `pin_hash` (Sui's `check_zklogin_id_internal`; the arguments in its order).
///
/// A string that is not UTF-8 is [`CryptoError::InvalidEncoding`]; a claim name, claim value
/// or audience longer than its maximum is [`CryptoError::TooLong`], one with a character above
/// U+00FF [`CryptoError::InvalidEncoding`].
pub fn check_id(
    address: &[u8; 32],
    key_claim_name: &[u8],
    key_claim_value: &[u8],
    issuer: &[u8],
    audience: &[u8],
    pin_hash: &[u8; 32],
) -> Result<bool> {
    let (name, value) = (utf8(key_claim_name)?, utf8(key_claim_value)?);
    let (issuer, audience) = (utf8(issuer)?, utf8(audience)?);
    let seed = address_seed(pin_hash, name, value, audience)?;
    Ok(zklogin_address(&seed, issuer) == *address)
}

/// Whether `address` is the zkLogin address of `address_seed` and `issuer` (Sui's
/// `check_zklogin_issuer_internal`). An issuer that is not UTF-8 is
/// [`CryptoError::InvalidEncoding`].
pub fn check_issuer(address: &[u8; 32], address_seed: &[u8; 32], issuer: &[u8]) -> Result<bool> {
    Ok(zklogin_address(address_seed, utf8(issuer)?) == *address)
}

/// The zkLogin address of `address_seed` (a big-endian integer, taken modulo the field order)
/// and the issuer `iss`.
pub fn zklogin_address(address_seed: &[u8; 32], iss: &str) -> [u8; 32] {
    let seed = to_bytes(field(address_seed));
    let mut data = Vec::with_capacity(2 + iss.len() + seed.len());
    data.push(ADDRESS_FLAG);
    // fastcrypto writes the length with `as u8`: an issuer of 256 bytes or more wraps.
    data.push(iss.len() as u8);
    data.extend_from_slice(iss.as_bytes());
    data.extend_from_slice(&seed);
    crate::hash::blake2b256(&data)
}

/// The address seed (big-endian) of a key claim, an audience and the Poseidon hash of the
/// user's salt, `pin_hash` (big-endian, taken modulo the field order); fails as
/// [`check_id`] does on a string too long or with a character above U+00FF.
pub fn address_seed(
    pin_hash: &[u8; 32],
    key_claim_name: &str,
    key_claim_value: &str,
    audience: &str,
) -> Result<[u8; 32]> {
    let inputs = [
        pack(
            key_claim_name,
            MAX_KEY_CLAIM_NAME_LENGTH,
            "zkLogin key claim name",
        )?,
        pack(
            key_claim_value,
            MAX_KEY_CLAIM_VALUE_LENGTH,
            "zkLogin key claim value",
        )?,
        pack(audience, MAX_AUD_LENGTH, "zkLogin audience")?,
        field(pin_hash),
    ];
    poseidon_zk_login(&inputs).map(to_bytes)
}

/// The address seed of a key claim, an audience and the user's salt itself (big-endian,
/// taken modulo the field order): [`address_seed`] of the salt's Poseidon hash (fastcrypto's
/// `gen_address_seed`).
pub fn address_seed_from_salt(
    salt: &[u8; 32],
    key_claim_name: &str,
    key_claim_value: &str,
    audience: &str,
) -> Result<[u8; 32]> {
    let pin_hash = to_bytes(poseidon_zk_login(&[field(salt)])?);
    address_seed(&pin_hash, key_claim_name, key_claim_value, audience)
}

/// `s` packed into one field element (big-endian) as zkLogin packs claims: see the module
/// documentation. More than `max_length` characters is [`CryptoError::TooLong`], a character
/// above U+00FF is [`CryptoError::InvalidEncoding`]; a `max_length` of 0 is
/// [`CryptoError::NoInput`] and one above 64 chunks (1,984 characters)
/// [`CryptoError::TooManyInputs`].
pub fn hash_ascii_str_to_field(s: &str, max_length: usize) -> Result<[u8; 32]> {
    pack(s, max_length, "zkLogin string").map(to_bytes)
}

fn utf8(bytes: &[u8]) -> Result<&str> {
    std::str::from_utf8(bytes).map_err(|_| CryptoError::InvalidEncoding("zkLogin string (UTF-8)"))
}

/// A big-endian integer modulo the field order.
fn field(bytes: &[u8; 32]) -> Fr {
    Fr::from_be_bytes_mod_order(bytes)
}

/// The canonical 32-byte big-endian form of `value`.
fn to_bytes(value: Fr) -> [u8; 32] {
    let mut out = [0u8; 32];
    let be = value.into_bigint().to_bytes_be();
    // Right-aligned: the integer is 32 bytes for BN254, never more.
    for (o, b) in out.iter_mut().rev().zip(be.iter().rev()) {
        *o = *b;
    }
    out
}

/// `s` as one field element: its characters as bytes, zero-padded to `max_length`, in
/// 31-byte chunks counted from the end, hashed.
fn pack(s: &str, max_length: usize, what: &'static str) -> Result<Fr> {
    let length = s.chars().count();
    if length > max_length {
        return Err(CryptoError::TooLong {
            what,
            max: max_length,
            actual: length,
        });
    }
    let mut codes = s
        .chars()
        .map(|c| u8::try_from(u32::from(c)))
        .collect::<std::result::Result<Vec<u8>, _>>()
        .map_err(|_| CryptoError::InvalidEncoding("zkLogin string (a character above U+00FF)"))?;
    codes.resize(max_length, 0);
    let mut chunks: Vec<Fr> = codes
        .rchunks(CHUNK_LENGTH)
        .map(Fr::from_be_bytes_mod_order)
        .collect();
    chunks.reverse();
    poseidon_zk_login(&chunks)
}

/// Poseidon over 1 to 64 inputs: directly up to 16, else over the hashes of each run of 16.
fn poseidon_zk_login(inputs: &[Fr]) -> Result<Fr> {
    if inputs.len() > MAX_TREE_INPUTS {
        return Err(CryptoError::TooManyInputs {
            what: "zkLogin Poseidon",
            max: MAX_TREE_INPUTS,
            actual: inputs.len(),
        });
    }
    poseidon_tree(inputs)
}

fn poseidon_tree(inputs: &[Fr]) -> Result<Fr> {
    if inputs.len() <= TREE_DEGREE {
        return crate::poseidon::permute(inputs);
    }
    let hashes = inputs
        .chunks(TREE_DEGREE)
        .map(crate::poseidon::permute)
        .collect::<Result<Vec<_>>>()?;
    poseidon_tree(&hashes)
}

#[cfg(test)]
mod tests;
