//! The natives of the standard library at `0x1` (`bcs`, `hash`, `signer`, `string`,
//! `type_name`, and `unit_test`'s signer factory), registered into a [`NativeRegistry`].
//!
//! ```
//! let natives = tern_natives::stdlib_natives();
//! assert_eq!(natives.len(), 10);
//! ```

pub mod aptos;
pub mod aptos_crypto;
pub mod aptos_framework;
mod aptos_signatures;
pub mod sui_crypto;
mod sui_signatures;
mod sui_std;

pub use aptos::{add_aptos_stdlib_natives, aptos_stdlib_natives};
pub use aptos_crypto::add_aptos_crypto_natives;
pub use aptos_framework::add_aptos_framework_natives;
pub use aptos_signatures::APTOS_NATIVE_SIGNATURES;
pub use sui_crypto::{add_sui_crypto_natives, sui_crypto_natives};
pub use sui_signatures::{SuiNativeSignature, SUI_NATIVE_SIGNATURES};
pub use sui_std::{
    add_sui_stdlib_natives, sui_stdlib_natives, DefiningIds, TypeOrigins, E_NON_MODULE_TYPE,
};

use sha2::Digest;
use std::sync::Arc;
use tern_primitives::{AccountAddress, StatusCode, VmError};
use tern_vm::natives::{
    NativeContext, NativeFunction, NativeRegistry, NativeResult, NativeSignature,
};
use tern_vm::values::{Container, Place, Ref, Value};

/// Abort code of `bcs::to_bytes` when a value cannot be serialized.
pub const BCS_SERIALIZATION_FAILURE: u64 = 453;

/// A registry holding the standard-library natives at `0x1`.
pub fn stdlib_natives() -> NativeRegistry {
    let mut r = NativeRegistry::new();
    add_stdlib_natives(&mut r);
    r
}

/// Gives every native of the Aptos framework that `registry` holds the signature the
/// framework declares it with ([`APTOS_NATIVE_SIGNATURES`]): a module declaring one with
/// another signature binds a native that fails naming both, instead of one reading its
/// arguments as other types.
pub fn expect_aptos_signatures(registry: &mut NativeRegistry) {
    for (module, function, params, returns) in APTOS_NATIVE_SIGNATURES {
        registry.expect_signature(
            AccountAddress::ONE,
            module,
            function,
            NativeSignature::new(params, returns),
        );
    }
}

/// Gives every native of Sui's `0x1` and `0x2` packages that `registry` holds the signature
/// those packages declare it with ([`SUI_NATIVE_SIGNATURES`]), as
/// [`expect_aptos_signatures`] does for Aptos's.
pub fn expect_sui_signatures(registry: &mut NativeRegistry) {
    for (address, module, function, params, returns) in SUI_NATIVE_SIGNATURES {
        registry.expect_signature(
            AccountAddress::from_u64(u64::from(*address)),
            module,
            function,
            NativeSignature::new(params, returns),
        );
    }
}

/// A native's base and per-byte parameters in a gas schedule
/// ([`NativeContext::charge_priced`]).
pub(crate) type BytePrice = (&'static str, &'static str);

/// `hash::sha2_256`'s parameters.
pub(crate) const SHA2_256: BytePrice = (
    "move_stdlib.hash.sha2_256.base",
    "move_stdlib.hash.sha2_256.per_byte",
);

/// `hash::sha3_256`'s parameters.
pub(crate) const SHA3_256: BytePrice = (
    "move_stdlib.hash.sha3_256.base",
    "move_stdlib.hash.sha3_256.per_byte",
);

/// Charges `price` for `len` bytes under a schedule, else `units`.
pub(crate) fn charge_bytes(
    ctx: &mut NativeContext<'_>,
    (base, per_byte): BytePrice,
    len: usize,
    units: u64,
) {
    ctx.charge_priced(&[(base, 1), (per_byte, len as u64)], units);
}

/// Adds the standard-library natives at `0x1` to `registry`, each with the signature it
/// implements (a module declaring one otherwise binds a native that fails naming both).
pub fn add_stdlib_natives(registry: &mut NativeRegistry) {
    let one = AccountAddress::ONE;
    let bytes_to_bytes = || NativeSignature::new(&["vector<u8>"], &["vector<u8>"]);
    let table: [(&str, &str, NativeSignature, NativeFunction); 10] = [
        (
            "bcs",
            "to_bytes",
            NativeSignature::new(&["&T0"], &["vector<u8>"]),
            Arc::new(bcs_to_bytes),
        ),
        (
            "hash",
            "sha2_256",
            bytes_to_bytes(),
            Arc::new(|c, _, a| hash(c, a, SHA2_256, |b| sha2::Sha256::digest(b).to_vec())),
        ),
        (
            "hash",
            "sha3_256",
            bytes_to_bytes(),
            Arc::new(|c, _, a| hash(c, a, SHA3_256, |b| sha3::Sha3_256::digest(b).to_vec())),
        ),
        (
            "signer",
            "borrow_address",
            NativeSignature::new(&["&signer"], &["&address"]),
            Arc::new(signer_borrow_address),
        ),
        (
            "string",
            "internal_check_utf8",
            NativeSignature::new(&["&vector<u8>"], &["bool"]),
            Arc::new(string_check_utf8),
        ),
        (
            "string",
            "internal_is_char_boundary",
            NativeSignature::new(&["&vector<u8>", "u64"], &["bool"]),
            Arc::new(string_is_char_boundary),
        ),
        (
            "string",
            "internal_sub_string",
            NativeSignature::new(&["&vector<u8>", "u64", "u64"], &["vector<u8>"]),
            Arc::new(string_sub_string),
        ),
        (
            "string",
            "internal_index_of",
            NativeSignature::new(&["&vector<u8>", "&vector<u8>"], &["u64"]),
            Arc::new(string_index_of),
        ),
        (
            "type_name",
            "get",
            NativeSignature::new(&[], &["0x1::type_name::TypeName"]),
            Arc::new(type_name_get),
        ),
        (
            "unit_test",
            "create_signers_for_testing",
            NativeSignature::new(&["u64"], &["vector<signer>"]),
            Arc::new(create_signers_for_testing),
        ),
    ];
    for (module, function, signature, native) in table {
        registry.register_with_signature(one, module, function, signature, native);
    }
}

/// The bytes of a `0x1::string::String` value (or of the one a reference points to).
pub(crate) fn string_bytes<'c>(ctx: &'c NativeContext<'_>, s: Value) -> Result<&'c [u8], VmError> {
    let inner = ctx
        .struct_fields(s)?
        .first()
        .copied()
        .ok_or_else(bad_args)?;
    ctx.bytes(inner)
}

/// The identifier a `String` value (or reference) holds; `None` when it is not one.
pub(crate) fn string_identifier(
    ctx: &NativeContext<'_>,
    s: Value,
) -> Result<Option<tern_primitives::Identifier>, VmError> {
    let text = std::str::from_utf8(string_bytes(ctx, s)?).ok();
    Ok(text.and_then(|t| tern_primitives::Identifier::new(t).ok()))
}

#[cold]
pub(crate) fn bad_args() -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message("native called with unexpected arguments")
}

/// The bytes of a `vector<u8>` value, taking it out of the heap.
fn take_bytes(ctx: &mut NativeContext<'_>, v: Value) -> Result<Vec<u8>, VmError> {
    match v {
        Value::Container(c) => match ctx.heap.take(c)? {
            Container::Bytes(b) => Ok(b),
            _ => Err(bad_args()),
        },
        _ => Err(bad_args()),
    }
}

/// The bytes behind a `&vector<u8>` reference.
pub(crate) fn ref_bytes<'h>(ctx: &'h NativeContext<'_>, v: Value) -> Result<&'h [u8], VmError> {
    match v {
        Value::Ref(Ref {
            place: Place::Whole(c),
        }) => match ctx.heap.get(c)? {
            Container::Bytes(b) => Ok(b),
            _ => Err(bad_args()),
        },
        _ => Err(bad_args()),
    }
}

pub(crate) fn bytes_value(ctx: &mut NativeContext<'_>, bytes: Vec<u8>) -> Value {
    Value::Container(ctx.heap.alloc(Container::Bytes(bytes)))
}

pub(crate) fn bcs_to_bytes(
    ctx: &mut NativeContext<'_>,
    ty_args: &[tern_vm::types::TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let (Some(ty), Some(Value::Ref(r))) = (ty_args.first(), args.first()) else {
        return Err(bad_args());
    };
    let value = ctx.deref(*r)?;
    // The steps of stdlib.md §5.1: the type's layout (any failure aborts), the read of the
    // value (a copy: too deep to copy is the VM's error, as for `read_ref`), then
    // serialization (any failure aborts).
    let failure = "move_stdlib.bcs.to_bytes.failure";
    if ctx.check_layout(*ty).is_err() {
        ctx.charge_priced(&[(failure, 1)], 0);
        return Ok(NativeResult::Abort(BCS_SERIALIZATION_FAILURE));
    }
    ctx.check_copy_depth(value)?;
    match ctx.to_bcs(*ty, value) {
        Ok(bytes) => {
            let per_byte = "move_stdlib.bcs.to_bytes.per_byte_serialized";
            ctx.charge_priced(&[(per_byte, bytes.len() as u64)], 0);
            Ok(NativeResult::Return(vec![bytes_value(ctx, bytes)]))
        }
        Err(_) => {
            ctx.charge_priced(&[(failure, 1)], 0);
            Ok(NativeResult::Abort(BCS_SERIALIZATION_FAILURE))
        }
    }
}

/// `unit_test::create_signers_for_testing(n: u64): vector<signer>` (stdlib.md §2): `n`
/// signers, signer `i` at the address whose first 8 bytes are `i` (little-endian) and the
/// rest zero. Reachable only where a module `0x1::unit_test` declares it. More signers than
/// the heap's value quota allows fail with `MEMORY_LIMIT_EXCEEDED` before anything is built.
fn create_signers_for_testing(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[tern_vm::types::TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let n = u64_arg(args, 0)?;
    // Each signer is a container holding one value, plus its element in the vector.
    let quota = ctx.config().max_heap_values as u64 / 3;
    if n > quota {
        return Err(VmError::new(StatusCode::MEMORY_LIMIT_EXCEEDED)
            .with_message(format!("{n} signers exceed the heap's quota of {quota}")));
    }
    let mut signers = Vec::with_capacity(n as usize);
    for i in 0..n {
        let mut bytes = [0u8; AccountAddress::LENGTH];
        bytes[..8].copy_from_slice(&i.to_le_bytes());
        let address = Value::Address(AccountAddress::new(bytes));
        let signer = Container::Variant(0, Box::new([address]));
        signers.push(Value::Container(ctx.heap.alloc(signer)));
    }
    let vector = ctx.heap.alloc(Container::Vec(signers));
    Ok(NativeResult::Return(vec![Value::Container(vector)]))
}

/// Hashes the `vector<u8>` argument with `digest`, charging `price` for its bytes under a
/// schedule (nothing without one).
pub(crate) fn hash(
    ctx: &mut NativeContext<'_>,
    args: &[Value],
    price: BytePrice,
    digest: fn(&[u8]) -> Vec<u8>,
) -> Result<NativeResult, VmError> {
    let input = take_bytes(ctx, *args.first().ok_or_else(bad_args)?)?;
    charge_bytes(ctx, price, input.len(), 0);
    let out = digest(&input);
    Ok(NativeResult::Return(vec![bytes_value(ctx, out)]))
}

fn signer_borrow_address(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[tern_vm::types::TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("move_stdlib.signer.borrow_address.base", 1)], 0);
    match args.first() {
        Some(Value::Ref(Ref {
            place: Place::Whole(c),
        })) => Ok(NativeResult::Return(vec![Value::Ref(Ref {
            place: Place::Elem(*c, 0),
        })])),
        _ => Err(bad_args()),
    }
}

pub(crate) fn string_check_utf8(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[tern_vm::types::TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let bytes = ref_bytes(ctx, *args.first().ok_or_else(bad_args)?)?;
    let (ok, len) = (std::str::from_utf8(bytes).is_ok(), bytes.len());
    let price = (
        "move_stdlib.string.check_utf8.base",
        "move_stdlib.string.check_utf8.per_byte",
    );
    ctx.charge_priced(&[(price.0, 1), (price.1, len as u64)], 0);
    Ok(NativeResult::Return(vec![Value::Bool(ok)]))
}

fn u64_arg(args: &[Value], i: usize) -> Result<u64, VmError> {
    match args.get(i) {
        Some(Value::U64(v)) => Ok(*v),
        _ => Err(bad_args()),
    }
}

pub(crate) fn string_is_char_boundary(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[tern_vm::types::TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("move_stdlib.string.is_char_boundary.base", 1)], 0);
    let bytes = ref_bytes(ctx, *args.first().ok_or_else(bad_args)?)?;
    let i = u64_arg(args, 1)?;
    let len = bytes.len() as u64;
    let boundary = if i == 0 || i == len {
        true
    } else if i > len {
        false
    } else {
        bytes
            .get(i as usize)
            .is_some_and(|b| *b < 0x80 || *b >= 0xC0)
    };
    Ok(NativeResult::Return(vec![Value::Bool(boundary)]))
}

pub(crate) fn string_sub_string(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[tern_vm::types::TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let (i, j) = (u64_arg(args, 1)?, u64_arg(args, 2)?);
    ctx.charge_priced(&[("move_stdlib.string.sub_string.base", 1)], 0);
    if j < i {
        return Ok(NativeResult::Abort(1));
    }
    let per_byte = "move_stdlib.string.sub_string.per_byte";
    ctx.charge_priced(&[(per_byte, j - i)], 0);
    let bytes = ref_bytes(ctx, *args.first().ok_or_else(bad_args)?)?;
    let part = bytes
        .get(i as usize..j as usize)
        .ok_or_else(bad_args)?
        .to_vec();
    Ok(NativeResult::Return(vec![bytes_value(ctx, part)]))
}

pub(crate) fn string_index_of(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[tern_vm::types::TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let s = ref_bytes(ctx, *args.first().ok_or_else(bad_args)?)?;
    let r = ref_bytes(ctx, *args.get(1).ok_or_else(bad_args)?)?;
    // Linear in the bytes searched (memchr's two-way search), and charged by them, so that a
    // budget bounds the time: one unit per 32 bytes, nothing for short strings.
    let pos = memchr::memmem::find(s, r).unwrap_or(s.len());
    let searched = (s.len() + r.len()) as u64;
    let pattern = r.len() as u64;
    ctx.charge_priced(
        &[
            ("move_stdlib.string.index_of.base", 1),
            ("move_stdlib.string.index_of.per_byte_pattern", pattern),
            ("move_stdlib.string.index_of.per_byte_searched", pos as u64),
        ],
        searched / 32,
    );
    Ok(NativeResult::Return(vec![Value::U64(pos as u64)]))
}

fn type_name_get(
    ctx: &mut NativeContext<'_>,
    ty_args: &[tern_vm::types::TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    let ty = ty_args.first().ok_or_else(bad_args)?;
    let name = ctx.type_name(*ty)?.into_bytes();
    let bytes = bytes_value(ctx, name);
    let ascii = ctx.heap.alloc(Container::Struct(vec![bytes].into()));
    let type_name = ctx
        .heap
        .alloc(Container::Struct(vec![Value::Container(ascii)].into()));
    Ok(NativeResult::Return(vec![Value::Container(type_name)]))
}
