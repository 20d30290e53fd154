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

/// The schedule's base and per-byte parameters of `aptos_hash::NAME`.
macro_rules! price {
    ($name:literal) => {
        (
            concat!("aptos_framework.hash.", $name, ".base"),
            concat!("aptos_framework.hash.", $name, ".per_byte"),
        )
    };
}

/// Hashes the `vector<u8>` argument with `digest`, charging `price` for its bytes (one unit
/// per 64 bytes without a schedule).
fn digest_native(
    ctx: &mut NativeContext<'_>,
    args: &[Value],
    price: crate::BytePrice,
    digest: fn(&[u8]) -> Vec<u8>,
) -> Result<NativeResult, VmError> {
    let bytes = take_bytes(ctx, arg(args, 0)?)?;
    crate::charge_bytes(ctx, price, bytes.len(), bytes.len() as u64 / 64);
    let out = digest(&bytes);
    let v = ctx.new_bytes(out);
    ret(v)
}

/// `aptos_hash::sip_hash(bytes): u64`.
pub(super) fn sip_hash(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let bytes = take_bytes(ctx, arg(args, 0)?)?;
    let units = bytes.len() as u64 / 64;
    crate::charge_bytes(ctx, price!("sip_hash"), bytes.len(), units);
    let mut hasher = siphasher::sip::SipHasher::new();
    hasher.write(&bytes);
    ret(Value::U64(hasher.finish()))
}

/// `aptos_hash::keccak256(bytes): vector<u8>`.
pub(super) fn keccak256(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    digest_native(ctx, args, price!("keccak256"), |b| {
        sha3::Keccak256::digest(b).to_vec()
    })
}

/// `aptos_hash::sha2_512_internal(bytes): vector<u8>`.
pub(super) fn sha2_512(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    digest_native(ctx, args, price!("sha2_512"), |b| {
        sha2::Sha512::digest(b).to_vec()
    })
}

/// `aptos_hash::sha3_512_internal(bytes): vector<u8>`.
pub(super) fn sha3_512(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    digest_native(ctx, args, price!("sha3_512"), |b| {
        sha3::Sha3_512::digest(b).to_vec()
    })
}

/// `aptos_hash::ripemd160_internal(bytes): vector<u8>`.
pub(super) fn ripemd160(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    digest_native(ctx, args, price!("ripemd160"), |b| {
        ripemd::Ripemd160::digest(b).to_vec()
    })
}

/// `aptos_hash::blake2b_256_internal(bytes): vector<u8>`.
pub(super) fn blake2b_256(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    digest_native(ctx, args, price!("blake2b_256"), |b| {
        blake2::Blake2b::<blake2::digest::consts::U32>::digest(b).to_vec()
    })
}
