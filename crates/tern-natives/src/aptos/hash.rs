//! `aptos_hash`: SipHash-2-4, Keccak-256, SHA2-512, SHA3-512, RIPEMD-160 and BLAKE2b-256 of
//! a `vector<u8>`. RustCrypto's `sha2`, `sha3` (its `Keccak256` is the original Keccak
//! padding, as Aptos's `tiny-keccak` `v256`), `ripemd` and `blake2` (`Blake2b<U32>`: the
//! 32-byte output length is in the parameter block, as `blake2_rfc::blake2b(32, &[], ..)`
//! computes it, not a truncated BLAKE2b-512), and `siphasher`'s `SipHasher` (SipHash-2-4
//! with zero keys, the hasher Aptos uses).

use super::{arg, ret, take_bytes};
use sha2::Digest;
use std::hash::Hasher;
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// Hashes the `vector<u8>` argument with `digest`, charging one unit per 64 bytes.
fn digest_native(
    ctx: &mut NativeContext<'_>,
    args: &[Value],
    digest: fn(&[u8]) -> Vec<u8>,
) -> Result<NativeResult, VmError> {
    let bytes = take_bytes(ctx, arg(args, 0)?)?;
    ctx.charge(bytes.len() as u64 / 64);
    let out = digest(&bytes);
    let v = ctx.new_bytes(out);
    ret(v)
}

/// `aptos_hash::sip_hash(bytes): u64`.
pub(super) fn sip_hash(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    let bytes = take_bytes(ctx, arg(&args, 0)?)?;
    ctx.charge(bytes.len() as u64 / 64);
    let mut hasher = siphasher::sip::SipHasher::new();
    hasher.write(&bytes);
    ret(Value::U64(hasher.finish()))
}

/// `aptos_hash::keccak256(bytes): vector<u8>`.
pub(super) fn keccak256(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    digest_native(ctx, &args, |b| sha3::Keccak256::digest(b).to_vec())
}

/// `aptos_hash::sha2_512_internal(bytes): vector<u8>`.
pub(super) fn sha2_512(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    digest_native(ctx, &args, |b| sha2::Sha512::digest(b).to_vec())
}

/// `aptos_hash::sha3_512_internal(bytes): vector<u8>`.
pub(super) fn sha3_512(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    digest_native(ctx, &args, |b| sha3::Sha3_512::digest(b).to_vec())
}

/// `aptos_hash::ripemd160_internal(bytes): vector<u8>`.
pub(super) fn ripemd160(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    digest_native(ctx, &args, |b| ripemd::Ripemd160::digest(b).to_vec())
}

/// `aptos_hash::blake2b_256_internal(bytes): vector<u8>`.
pub(super) fn blake2b_256(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    digest_native(ctx, &args, |b| {
        blake2::Blake2b::<blake2::digest::consts::U32>::digest(b).to_vec()
    })
}
