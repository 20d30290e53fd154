//! The cryptography natives of Sui's framework at `0x2` (protocol 130): hashes, HMAC,
//! signatures (Ed25519, ECDSA k1/r1, BLS12-381), Groth16, `group_ops` (BLS12-381 and
//! ristretto255), Poseidon, the ECVRF, Bulletproofs range proofs (`rangeproofs`) and the
//! class-group VDF (`vdf`), over [`tern_crypto`].
//!
//! Each native validates, answers (`false` or an abort code) and charges gas as Sui's does;
//! the costs are the table of [`gas`]. Features are those of `sui move test` (Sui's latest
//! protocol version off mainnet): mainnet at protocol 130 has not yet enabled the
//! multi-scalar multiplication of `group_ops`, its ristretto255 groups, `rangeproofs`
//! (`enable_verify_bulletproofs_ristretto255`) nor `vdf` (`enable_vdf`, devnet only), which
//! are enabled here.
//!
//! The `zklogin_verified_*` checks derive zkLogin addresses (Poseidon over BN254, then
//! BLAKE2b) and `nitro_attestation` parses and verifies AWS Nitro Enclaves attestations (CBOR,
//! COSE, an X.509 chain to AWS's root): every native `0x2` declares is implemented.

pub mod gas;
mod group_ops;
mod nitro_attestation;
mod vdf;
mod zklogin;

use crate::bad_args;
use std::sync::Arc;
use tern_crypto::ecdsa::{self, Curve, HashFunction};
use tern_crypto::CryptoError;
use tern_primitives::{AccountAddress, StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeRegistry, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Value};

/// Abort codes of `ecdsa_k1` / `ecdsa_r1` natives.
pub mod ecdsa_abort {
    /// No key can be recovered (also a hash id other than 0 or 1).
    pub const FAIL_TO_RECOVER_PUBKEY: u64 = 0;
    /// The recoverable signature is malformed.
    pub const INVALID_SIGNATURE: u64 = 1;
    /// `decompress_pubkey` got no valid key.
    pub const INVALID_PUBKEY: u64 = 2;
}

/// Abort codes of `groth16` natives.
pub mod groth16_abort {
    /// The verifying key is malformed.
    pub const INVALID_VERIFYING_KEY: u64 = 0;
    /// The curve id is neither 0 (BLS12-381) nor 1 (BN254).
    pub const INVALID_CURVE: u64 = 1;
    /// More than 8 public inputs.
    pub const TOO_MANY_PUBLIC_INPUTS: u64 = 2;
}

/// Abort codes of `poseidon::poseidon_bn254_internal`.
pub mod poseidon_abort {
    /// An input is not a canonical field element, or there is none.
    pub const NON_CANONICAL_INPUT: u64 = 0;
    /// More than 16 inputs.
    pub const TOO_MANY_INPUTS: u64 = 2;
}

/// Abort codes of `ecvrf::ecvrf_verify`.
pub mod ecvrf_abort {
    /// The output hash is not 64 bytes.
    pub const INVALID_HASH_LENGTH: u64 = 1;
    /// The public key is not a ristretto255 point.
    pub const INVALID_PUBLIC_KEY: u64 = 2;
    /// The proof is malformed.
    pub const INVALID_PROOF: u64 = 3;
}

/// Abort codes of `rangeproofs::verify_bulletproofs_with_dst_ristretto255_internal`.
pub mod rangeproofs_abort {
    /// The proof is longer than 864 bytes or malformed.
    pub const INVALID_PROOF: u64 = 1;
    /// The range is not 8, 16, 32 or 64 bits.
    pub const INVALID_RANGE: u64 = 2;
    /// The number of commitments is not a power of two, or covers more than 512 bits.
    pub const INVALID_BATCH_SIZE: u64 = 3;
}

pub use group_ops::abort as group_ops_abort;
pub use nitro_attestation::abort as nitro_attestation_abort;
pub use vdf::abort as vdf_abort;
pub use zklogin::abort as zklogin_abort;

/// Most public inputs of a Groth16 key or proof.
const MAX_PUBLIC_INPUTS: usize = 8;

/// A registry holding Sui's crypto natives at `0x2`.
pub fn sui_crypto_natives() -> NativeRegistry {
    let mut r = NativeRegistry::new();
    add_sui_crypto_natives(&mut r);
    r
}

/// Adds Sui's crypto natives at `0x2` to `registry` (the unsupported ones fail when called).
pub fn add_sui_crypto_natives(registry: &mut NativeRegistry) {
    let two = AccountAddress::from_u64(2);
    let table: [(&str, &str, NativeFunction); 20] = [
        (
            "hash",
            "blake2b256",
            Arc::new(|c, _, a| digest(c, a, gas::BLAKE2B256, tern_crypto::hash::blake2b256)),
        ),
        (
            "hash",
            "keccak256",
            Arc::new(|c, _, a| digest(c, a, gas::KECCAK256, tern_crypto::hash::keccak256)),
        ),
        ("hmac", "hmac_sha3_256", Arc::new(hmac_sha3_256)),
        ("ed25519", "ed25519_verify", Arc::new(ed25519_verify)),
        (
            "ecdsa_k1",
            "secp256k1_ecrecover",
            Arc::new(|c, _, a| ecrecover(c, a, Curve::Secp256k1)),
        ),
        ("ecdsa_k1", "decompress_pubkey", Arc::new(decompress_pubkey)),
        (
            "ecdsa_k1",
            "secp256k1_verify",
            Arc::new(|c, _, a| ecdsa_verify(c, a, Curve::Secp256k1)),
        ),
        (
            "ecdsa_r1",
            "secp256r1_ecrecover",
            Arc::new(|c, _, a| ecrecover(c, a, Curve::Secp256r1)),
        ),
        (
            "ecdsa_r1",
            "secp256r1_verify",
            Arc::new(|c, _, a| ecdsa_verify(c, a, Curve::Secp256r1)),
        ),
        (
            "bls12381",
            "bls12381_min_sig_verify",
            Arc::new(|c, _, a| bls_verify(c, a, true)),
        ),
        (
            "bls12381",
            "bls12381_min_pk_verify",
            Arc::new(|c, _, a| bls_verify(c, a, false)),
        ),
        (
            "groth16",
            "prepare_verifying_key_internal",
            Arc::new(groth16_prepare),
        ),
        (
            "groth16",
            "verify_groth16_proof_internal",
            Arc::new(groth16_verify),
        ),
        (
            "poseidon",
            "poseidon_bn254_internal",
            Arc::new(poseidon_bn254),
        ),
        ("ecvrf", "ecvrf_verify", Arc::new(ecvrf_verify)),
        (
            "vdf",
            "hash_to_input_internal",
            Arc::new(vdf::hash_to_input),
        ),
        ("vdf", "vdf_verify_internal", Arc::new(vdf::vdf_verify)),
        (
            "rangeproofs",
            "verify_bulletproofs_with_dst_ristretto255_internal",
            Arc::new(verify_bulletproofs),
        ),
        (
            "zklogin_verified_id",
            "check_zklogin_id_internal",
            Arc::new(zklogin::check_id),
        ),
        (
            "zklogin_verified_issuer",
            "check_zklogin_issuer_internal",
            Arc::new(zklogin::check_issuer),
        ),
    ];
    for (module, function, native) in table {
        registry.register(two, module, function, native);
    }
    registry.register(
        two,
        "nitro_attestation",
        "load_nitro_attestation_internal",
        Arc::new(nitro_attestation::load_nitro_attestation_internal),
    );
    group_ops::register(registry);
    crate::expect_sui_signatures(registry);
}

type Outcome = Result<NativeResult, VmError>;

/// The container a `&vector<…>` (or a `vector<…>` value) argument stands for.
fn container(ctx: &NativeContext<'_>, args: &[Value], i: usize) -> Result<u32, VmError> {
    let value = match *args.get(i).ok_or_else(bad_args)? {
        Value::Ref(r) => ctx.deref(r)?,
        v => v,
    };
    match value {
        Value::Container(c) => Ok(c),
        _ => Err(bad_args()),
    }
}

fn bytes_of(ctx: &NativeContext<'_>, c: u32) -> Result<Vec<u8>, VmError> {
    match ctx.heap.get(c)? {
        Container::Bytes(b) => Ok(b.clone()),
        Container::Vec(e) if e.is_empty() => Ok(Vec::new()),
        _ => Err(bad_args()),
    }
}

/// The bytes of a `&vector<u8>` argument.
fn bytes(ctx: &NativeContext<'_>, args: &[Value], i: usize) -> Result<Vec<u8>, VmError> {
    bytes_of(ctx, container(ctx, args, i)?)
}

/// The elements of a `&vector<vector<u8>>` argument.
fn byte_vectors(
    ctx: &NativeContext<'_>,
    args: &[Value],
    i: usize,
) -> Result<Vec<Vec<u8>>, VmError> {
    let elements = match ctx.heap.get(container(ctx, args, i)?)? {
        Container::Vec(e) => e.clone(),
        Container::Bytes(b) if b.is_empty() => Vec::new(),
        _ => return Err(bad_args()),
    };
    elements
        .into_iter()
        .map(|e| match e {
            Value::Container(c) => bytes_of(ctx, c),
            _ => Err(bad_args()),
        })
        .collect()
}

/// The number of elements of a `&vector<vector<u8>>` argument.
fn vector_len(ctx: &NativeContext<'_>, args: &[Value], i: usize) -> Result<u64, VmError> {
    let len = ctx.heap.get(container(ctx, args, i)?)?.vector_len();
    len.map(|n| n as u64).ok_or_else(bad_args)
}

fn u8_arg(args: &[Value], i: usize) -> Result<u8, VmError> {
    match args.get(i) {
        Some(Value::U8(v)) => Ok(*v),
        _ => Err(bad_args()),
    }
}

fn ret_bytes(ctx: &mut NativeContext<'_>, bytes: Vec<u8>) -> Outcome {
    Ok(NativeResult::Return(vec![crate::bytes_value(ctx, bytes)]))
}

fn ret_bool(b: bool) -> Outcome {
    Ok(NativeResult::Return(vec![Value::Bool(b)]))
}

/// Charges the base, then the length-dependent part of a message cost, as Sui does.
fn charge_message(ctx: &mut NativeContext<'_>, cost: gas::MessageCost, len: usize) {
    let (base, variable) = gas::message(cost, len);
    ctx.charge(base);
    ctx.charge(variable);
}

fn digest<const N: usize>(
    ctx: &mut NativeContext<'_>,
    args: &[Value],
    cost: gas::MessageCost,
    hash: fn(&[u8]) -> [u8; N],
) -> Outcome {
    let data = bytes(ctx, args, 0)?;
    charge_message(ctx, cost, data.len());
    ret_bytes(ctx, hash(&data).to_vec())
}

fn hmac_sha3_256(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    let (key, message) = (bytes(ctx, args, 0)?, bytes(ctx, args, 1)?);
    let (base, per_byte, per_block, block) = gas::HMAC_SHA3_256;
    let len = (key.len() + message.len()) as u64;
    ctx.charge(base);
    // Sui counts the blocks of both HMAC passes: ⌈(len + block - 1) / block⌉ + 1, rounded
    // as (len + 2·block - 2) / block.
    let blocks = (len + 2 * block as u64 - 2) / block as u64;
    ctx.charge(
        per_byte
            .saturating_mul(len)
            .saturating_add(per_block.saturating_mul(blocks)),
    );
    ret_bytes(
        ctx,
        tern_crypto::hash::hmac_sha3_256(&key, &message).to_vec(),
    )
}

fn ed25519_verify(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    let (signature, key, message) = (
        bytes(ctx, args, 0)?,
        bytes(ctx, args, 1)?,
        bytes(ctx, args, 2)?,
    );
    charge_message(ctx, gas::ED25519_VERIFY, message.len());
    ret_bool(tern_crypto::ed25519::verify(&signature, &key, &message).unwrap_or(false))
}

/// Sui's hash ids: 0 Keccak-256, 1 SHA-256.
fn hash_function(id: u8) -> Option<HashFunction> {
    match id {
        0 => Some(HashFunction::Keccak256),
        1 => Some(HashFunction::Sha256),
        _ => None,
    }
}

fn ecdsa_cost(curve: Curve, hash: HashFunction, recover: bool) -> gas::MessageCost {
    use HashFunction::{Keccak256, Sha256};
    match (curve, hash, recover) {
        (Curve::Secp256k1, Keccak256, true) => gas::K1_ECRECOVER_KECCAK256,
        (Curve::Secp256k1, Sha256, true) => gas::K1_ECRECOVER_SHA256,
        (Curve::Secp256k1, Keccak256, false) => gas::K1_VERIFY_KECCAK256,
        (Curve::Secp256k1, Sha256, false) => gas::K1_VERIFY_SHA256,
        (Curve::Secp256r1, Keccak256, true) => gas::R1_ECRECOVER_KECCAK256,
        (Curve::Secp256r1, Sha256, true) => gas::R1_ECRECOVER_SHA256,
        (Curve::Secp256r1, Keccak256, false) => gas::R1_VERIFY_KECCAK256,
        (Curve::Secp256r1, Sha256, false) => gas::R1_VERIFY_SHA256,
    }
}

/// `secp256k1_ecrecover` / `secp256r1_ecrecover(signature, msg, hash): vector<u8>`.
fn ecrecover(ctx: &mut NativeContext<'_>, args: &[Value], curve: Curve) -> Outcome {
    let Some(hash) = hash_function(u8_arg(args, 2)?) else {
        ctx.charge(gas::INVALID_ARGUMENTS);
        return Ok(NativeResult::Abort(ecdsa_abort::FAIL_TO_RECOVER_PUBKEY));
    };
    let (signature, message) = (bytes(ctx, args, 0)?, bytes(ctx, args, 1)?);
    charge_message(ctx, ecdsa_cost(curve, hash, true), message.len());
    match ecdsa::recover(curve, &signature, &message, hash) {
        Ok(key) => ret_bytes(ctx, key.to_vec()),
        Err(CryptoError::RecoveryFailed) => {
            Ok(NativeResult::Abort(ecdsa_abort::FAIL_TO_RECOVER_PUBKEY))
        }
        Err(_) => Ok(NativeResult::Abort(ecdsa_abort::INVALID_SIGNATURE)),
    }
}

/// `secp256k1_verify` / `secp256r1_verify(signature, public_key, msg, hash): bool`.
fn ecdsa_verify(ctx: &mut NativeContext<'_>, args: &[Value], curve: Curve) -> Outcome {
    let Some(hash) = hash_function(u8_arg(args, 3)?) else {
        ctx.charge(gas::INVALID_ARGUMENTS);
        return ret_bool(false);
    };
    let (signature, key, message) = (
        bytes(ctx, args, 0)?,
        bytes(ctx, args, 1)?,
        bytes(ctx, args, 2)?,
    );
    charge_message(ctx, ecdsa_cost(curve, hash, false), message.len());
    ret_bool(ecdsa::verify(curve, &signature, &key, &message, hash).unwrap_or(false))
}

fn decompress_pubkey(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    ctx.charge(gas::K1_DECOMPRESS_PUBKEY);
    match ecdsa::secp256k1_decompress(&bytes(ctx, args, 0)?) {
        Ok(key) => ret_bytes(ctx, key.to_vec()),
        Err(_) => Ok(NativeResult::Abort(ecdsa_abort::INVALID_PUBKEY)),
    }
}

/// `bls12381_min_sig_verify` / `bls12381_min_pk_verify(signature, public_key, msg): bool`.
fn bls_verify(ctx: &mut NativeContext<'_>, args: &[Value], min_sig: bool) -> Outcome {
    let (signature, key, message) = (
        bytes(ctx, args, 0)?,
        bytes(ctx, args, 1)?,
        bytes(ctx, args, 2)?,
    );
    let cost = if min_sig {
        gas::BLS_MIN_SIG_VERIFY
    } else {
        gas::BLS_MIN_PK_VERIFY
    };
    charge_message(ctx, cost, message.len());
    let verify = if min_sig {
        tern_crypto::bls12381::min_sig_verify
    } else {
        tern_crypto::bls12381::min_pk_verify
    };
    ret_bool(verify(&signature, &key, &message).unwrap_or(false))
}

/// Sui's curve ids: 0 BLS12-381, 1 BN254.
fn groth16_curve(id: u8) -> Option<tern_crypto::groth16::Curve> {
    match id {
        0 => Some(tern_crypto::groth16::Curve::Bls12381),
        1 => Some(tern_crypto::groth16::Curve::Bn254),
        _ => None,
    }
}

/// `prepare_verifying_key_internal(curve, verifying_key): PreparedVerifyingKey`.
fn groth16_prepare(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    use tern_crypto::groth16::{self as g, Curve as G};
    let Some(curve) = groth16_curve(u8_arg(args, 0)?) else {
        ctx.charge(gas::INVALID_ARGUMENTS);
        return Ok(NativeResult::Abort(groth16_abort::INVALID_CURVE));
    };
    let key = bytes(ctx, args, 1)?;
    let (bls, bn) = gas::GROTH16_PREPARE;
    ctx.charge(if curve == G::Bls12381 { bls } else { bn });
    match g::public_inputs_in_key(curve, key.len()) {
        Err(_) => return Ok(NativeResult::Abort(groth16_abort::INVALID_VERIFYING_KEY)),
        Ok(n) if n > MAX_PUBLIC_INPUTS => {
            return Ok(NativeResult::Abort(groth16_abort::TOO_MANY_PUBLIC_INPUTS))
        }
        Ok(_) => {}
    }
    let Ok(prepared) = g::prepare_verifying_key(curve, &key) else {
        return Ok(NativeResult::Abort(groth16_abort::INVALID_VERIFYING_KEY));
    };
    let fields = [
        prepared.vk_gamma_abc_g1,
        prepared.alpha_g1_beta_g2,
        prepared.gamma_g2_neg_pc,
        prepared.delta_g2_neg_pc,
    ]
    .map(|b| crate::bytes_value(ctx, b));
    let key = ctx.heap.alloc(Container::Struct(fields.to_vec().into()));
    Ok(NativeResult::Return(vec![Value::Container(key)]))
}

/// `verify_groth16_proof_internal(curve, vk_gamma_abc_g1, alpha_g1_beta_g2, gamma_g2_neg_pc,
/// delta_g2_neg_pc, public_inputs, proof_points): bool`.
fn groth16_verify(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    use tern_crypto::groth16::{self as g, Curve as G};
    let Some(curve) = groth16_curve(u8_arg(args, 0)?) else {
        ctx.charge(gas::INVALID_ARGUMENTS);
        return Ok(NativeResult::Abort(groth16_abort::INVALID_CURVE));
    };
    let parts = (1..=6)
        .map(|i| bytes(ctx, args, i))
        .collect::<Result<Vec<_>, _>>()?;
    let [vk, alpha_beta, gamma, delta, inputs, proof] =
        <[Vec<u8>; 6]>::try_from(parts).map_err(|_| bad_args())?;
    let (base, per_input) = gas::GROTH16_VERIFY[usize::from(curve == G::Bn254)];
    let count = inputs.len().div_ceil(g::SCALAR_LENGTH) as u64;
    ctx.charge(base);
    ctx.charge(
        per_input
            .saturating_mul(count)
            .saturating_add(gas::GROTH16_VERIFY_PER_INPUT_BYTE.saturating_mul(inputs.len() as u64)),
    );
    if inputs.len() > g::SCALAR_LENGTH * MAX_PUBLIC_INPUTS {
        return Ok(NativeResult::Abort(groth16_abort::TOO_MANY_PUBLIC_INPUTS));
    }
    let key = g::PreparedVerifyingKey {
        vk_gamma_abc_g1: vk,
        alpha_g1_beta_g2: alpha_beta,
        gamma_g2_neg_pc: gamma,
        delta_g2_neg_pc: delta,
    };
    ret_bool(g::verify(curve, &key, &inputs, &proof).unwrap_or(false))
}

/// `poseidon_bn254_internal(data: &vector<vector<u8>>): vector<u8>`.
fn poseidon_bn254(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    let (base, per_input) = gas::POSEIDON;
    ctx.charge(base);
    let count = vector_len(ctx, args, 0)?;
    if count > tern_crypto::poseidon::MAX_INPUTS as u64 {
        return Ok(NativeResult::Abort(poseidon_abort::TOO_MANY_INPUTS));
    }
    ctx.charge(per_input.saturating_mul(count));
    let inputs = byte_vectors(ctx, args, 0)?;
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    match tern_crypto::poseidon::poseidon_bn254(&refs) {
        Ok(hash) => ret_bytes(ctx, hash.to_vec()),
        Err(_) => Ok(NativeResult::Abort(poseidon_abort::NON_CANONICAL_INPUT)),
    }
}

/// `ecvrf_verify(hash, alpha_string, public_key, proof): bool`.
fn ecvrf_verify(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    use tern_crypto::ecvrf::{self, EcvrfInput};
    let parts = (0..4)
        .map(|i| bytes(ctx, args, i))
        .collect::<Result<Vec<_>, _>>()?;
    let [output, alpha, key, proof] = <[Vec<u8>; 4]>::try_from(parts).map_err(|_| bad_args())?;
    charge_message(ctx, gas::ECVRF_VERIFY, alpha.len());
    match ecvrf::verify(&output, &alpha, &key, &proof) {
        Ok(verified) => ret_bool(verified),
        Err(EcvrfInput::Output) => Ok(NativeResult::Abort(ecvrf_abort::INVALID_HASH_LENGTH)),
        Err(EcvrfInput::PublicKey) => Ok(NativeResult::Abort(ecvrf_abort::INVALID_PUBLIC_KEY)),
        Err(EcvrfInput::Proof) => Ok(NativeResult::Abort(ecvrf_abort::INVALID_PROOF)),
    }
}

/// `verify_bulletproofs_with_dst_ristretto255_internal(proof, bits, commitments, dst): bool`.
/// Sui charges the base first, the per-bit cost once the proof, range and batch size pass.
fn verify_bulletproofs(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    use tern_crypto::sui_bulletproofs::{self as bp, SuiRangeProofError};
    let abort = |e| match e {
        SuiRangeProofError::Proof => Ok(NativeResult::Abort(rangeproofs_abort::INVALID_PROOF)),
        SuiRangeProofError::Range => Ok(NativeResult::Abort(rangeproofs_abort::INVALID_RANGE)),
        SuiRangeProofError::BatchSize => {
            Ok(NativeResult::Abort(rangeproofs_abort::INVALID_BATCH_SIZE))
        }
        // Sui's Move wrapper passes only valid points; Sui fails the same way otherwise.
        SuiRangeProofError::Commitment => Err(VmError::new(StatusCode::INTERNAL_TYPE_ERROR)
            .with_message("rangeproofs: a commitment is not a ristretto255 point")),
    };
    let (base, per_bit) = gas::BULLETPROOFS_VERIFY;
    ctx.charge(base);
    let (proof, bits, dst) = (bytes(ctx, args, 0)?, u8_arg(args, 1)?, bytes(ctx, args, 3)?);
    let count = usize::try_from(vector_len(ctx, args, 2)?).map_err(|_| bad_args())?;
    if let Err(e) = bp::check_inputs(&proof, bits, count) {
        return abort(e);
    }
    ctx.charge(per_bit.saturating_mul(bp::total_bits(count, bits)));
    let commitments = byte_vectors(ctx, args, 2)?;
    let refs: Vec<&[u8]> = commitments.iter().map(Vec::as_slice).collect();
    match bp::verify_range_proof(&proof, bits, &refs, &dst) {
        Ok(verified) => ret_bool(verified),
        Err(e) => abort(e),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_crypto_native_of_suis_framework_is_registered() {
        let natives = super::sui_crypto_natives();
        assert_eq!(natives.len(), 31);
    }
}
