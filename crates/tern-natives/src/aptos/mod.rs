//! The non-cryptographic natives of Aptos's `MoveStdlib` and `AptosStdlib` at `0x1`, with
//! Aptos's semantics and abort codes: `bcs`, `cmp`, `mem`, `vector::move_range`,
//! `hash`/`aptos_hash`, `type_info`, `from_bcs`, `string_utils`, `debug`, `table` and
//! `reflect::native_resolve` (plus the
//! natives whose names and semantics Tern's own standard library shares: `signer`, `string`,
//! `bcs::to_bytes`).
//!
//! ```
//! let natives = tern_natives::aptos_stdlib_natives();
//! assert_eq!(natives.len(), 39);
//! ```
//!
//! Host state lives in the session's extensions ([`NativeContext::extensions`]): the
//! [`DebugLog`] that `debug::print` writes to, the [`ChainId`] `type_info::chain_id` reads and
//! the in-memory [`TableStore`] of `table` (see its limits there). The log and the store are
//! created on first use when the host put none in; the chain id defaults to 4.
//!
//! Gas: without a gas schedule, natives charge Tern's units (about one per value visited or
//! per 32–64 bytes processed) so that a budget bounds their work; under one
//! ([`NativeContext::charge_priced`]) they charge Aptos's parameters with Aptos's counts
//! (each module says which), and `debug` charges nothing, as Aptos's production natives.
//!
//! Like Aptos, the `vector` functions that are bytecode instructions (`empty`, `length`,
//! `borrow`, …) are not registered: a direct call of one fails as it does on Aptos.
//!
//! The cryptographic natives are in `aptos_crypto`.

mod bcs;
mod cmp;
mod debug;
mod hash;
mod reflect;
mod string_utils;
mod table;
mod type_info;
mod vector;

#[cfg(test)]
mod tests;

pub use debug::DebugLog;
pub use string_utils::{EARGS_MISMATCH, EINVALID_FORMAT, EUNABLE_TO_FORMAT};
pub use table::{TableEntries, TableStore, TABLE_ALREADY_EXISTS, TABLE_NOT_FOUND};
pub use type_info::{canonical_type_name, ChainId};

use crate::bad_args;
use std::sync::Arc;
use tern_primitives::{AccountAddress, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeRegistry, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Ref, Value};

/// Abort code of `from_bcs::from_bytes` for bytes that are not a value of the type
/// (`error::invalid_argument(1)`).
pub const EFROM_BYTES: u64 = 0x01_0001;

/// Abort code of `vector::move_range` for a range or position outside the vectors.
pub const EINDEX_OUT_OF_BOUNDS: u64 = 1;

/// Abort code of `type_info::type_of` for a type that is not a struct.
pub const NFE_EXPECTED_STRUCT_TYPE_TAG: u64 = 1;

/// A registry holding the non-cryptographic natives of Aptos's `MoveStdlib` and
/// `AptosStdlib`.
pub fn aptos_stdlib_natives() -> NativeRegistry {
    let mut r = NativeRegistry::new();
    add_aptos_stdlib_natives(&mut r);
    r
}

/// Adds the non-cryptographic natives of Aptos's `MoveStdlib` and `AptosStdlib` at `0x1` to
/// `registry` (Tern's standard-library natives with them: Aptos declares the same `bcs`,
/// `hash`, `signer` and `string` natives).
pub fn add_aptos_stdlib_natives(registry: &mut NativeRegistry) {
    crate::add_stdlib_natives(registry);
    let one = AccountAddress::ONE;
    let table: [(&str, &str, NativeFunction); 29] = [
        ("bcs", "serialized_size", Arc::new(bcs::serialized_size)),
        (
            "bcs",
            "constant_serialized_size",
            Arc::new(bcs::constant_serialized_size),
        ),
        ("from_bcs", "from_bytes", Arc::new(bcs::from_bytes)),
        ("cmp", "compare", Arc::new(cmp::compare)),
        ("mem", "swap", Arc::new(cmp::swap)),
        (
            "reflect",
            "native_resolve",
            Arc::new(reflect::native_resolve),
        ),
        ("vector", "move_range", Arc::new(vector::move_range)),
        ("aptos_hash", "sip_hash", Arc::new(hash::sip_hash)),
        ("aptos_hash", "keccak256", Arc::new(hash::keccak256)),
        ("aptos_hash", "sha2_512_internal", Arc::new(hash::sha2_512)),
        ("aptos_hash", "sha3_512_internal", Arc::new(hash::sha3_512)),
        (
            "aptos_hash",
            "ripemd160_internal",
            Arc::new(hash::ripemd160),
        ),
        (
            "aptos_hash",
            "blake2b_256_internal",
            Arc::new(hash::blake2b_256),
        ),
        ("type_info", "type_of", Arc::new(type_info::type_of)),
        ("type_info", "type_name", Arc::new(type_info::type_name)),
        (
            "type_info",
            "chain_id_internal",
            Arc::new(type_info::chain_id),
        ),
        (
            "string_utils",
            "native_format",
            Arc::new(string_utils::format),
        ),
        (
            "string_utils",
            "native_format_list",
            Arc::new(string_utils::format_list),
        ),
        ("debug", "native_print", Arc::new(debug::print)),
        ("debug", "native_stack_trace", Arc::new(debug::stack_trace)),
        (
            "table",
            "new_table_handle",
            Arc::new(table::new_table_handle),
        ),
        ("table", "add_box", Arc::new(table::add_box)),
        ("table", "borrow_box", Arc::new(table::borrow_box)),
        ("table", "borrow_box_mut", Arc::new(table::borrow_box)),
        ("table", "contains_box", Arc::new(table::contains_box)),
        ("table", "remove_box", Arc::new(table::remove_box)),
        (
            "table",
            "destroy_empty_box",
            Arc::new(table::destroy_empty_box),
        ),
        (
            "table",
            "drop_unchecked_box",
            Arc::new(table::drop_unchecked_box),
        ),
        // The natives of the old `debug` API, kept by Aptos for replay.
        ("debug", "print", Arc::new(debug::old_print)),
    ];
    for (module, function, native) in table {
        registry.register(one, module, function, native);
    }
    crate::expect_aptos_signatures(registry);
}

/// Argument `i`.
fn arg(args: &[Value], i: usize) -> Result<Value, VmError> {
    args.get(i).copied().ok_or_else(bad_args)
}

/// Argument `i`, a reference.
fn ref_arg(args: &[Value], i: usize) -> Result<Ref, VmError> {
    match args.get(i) {
        Some(Value::Ref(r)) => Ok(*r),
        _ => Err(bad_args()),
    }
}

/// Argument `i`, a `u64`.
fn u64_arg(args: &[Value], i: usize) -> Result<u64, VmError> {
    match args.get(i) {
        Some(Value::U64(v)) => Ok(*v),
        _ => Err(bad_args()),
    }
}

/// Argument `i`, a `bool`.
fn bool_arg(args: &[Value], i: usize) -> Result<bool, VmError> {
    match args.get(i) {
        Some(Value::Bool(v)) => Ok(*v),
        _ => Err(bad_args()),
    }
}

/// The first type argument.
fn ty_arg(ty_args: &[TypeId], i: usize) -> Result<TypeId, VmError> {
    ty_args.get(i).copied().ok_or_else(bad_args)
}

/// Takes an owned `vector<u8>` argument out of the heap.
fn take_bytes(ctx: &mut NativeContext<'_>, v: Value) -> Result<Vec<u8>, VmError> {
    let Value::Container(c) = v else {
        return Err(bad_args());
    };
    match ctx.heap.take(c)? {
        Container::Bytes(b) => Ok(b),
        Container::Vec(e) if e.is_empty() => Ok(Vec::new()),
        _ => Err(bad_args()),
    }
}

/// A new `0x1::string::String` holding `bytes`.
fn string_value(ctx: &mut NativeContext<'_>, bytes: Vec<u8>) -> Value {
    let bytes = ctx.new_bytes(bytes);
    Value::Container(ctx.heap.alloc(Container::Struct(vec![bytes].into())))
}

/// Returns one value.
fn ret(v: Value) -> Result<NativeResult, VmError> {
    Ok(NativeResult::Return(vec![v]))
}
