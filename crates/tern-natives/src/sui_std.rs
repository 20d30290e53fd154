//! The natives of Sui's standard library at `0x1` (protocol 130): `bcs`, `debug`, `hash`,
//! `string`, `type_name` and `vector` (Sui declares the vector operations as natives).
//!
//! Type names are printed as Sui prints them: addresses in full (64 hex digits) without `0x`.
//! Until Tern models Sui's package upgrades, a type's defining and original ids are both the
//! address of the module that declares it.

use crate::{bad_args, bcs_to_bytes, bytes_value, hash, string_check_utf8, SHA2_256, SHA3_256};
use sha2::Digest;
use std::sync::Arc;
use tern_primitives::{AccountAddress, StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeRegistry, NativeResult};
use tern_vm::types::{TypeId, TypeNode};
use tern_vm::values::{Container, Place, PrimVec, Ref, Value};

/// Abort code of `type_name::defining_id`/`original_id` for a type that no module declares.
pub const E_NON_MODULE_TYPE: u64 = 0;

/// A registry holding Sui's standard-library natives at `0x1`.
pub fn sui_stdlib_natives() -> NativeRegistry {
    let mut r = NativeRegistry::new();
    add_sui_stdlib_natives(&mut r);
    r
}

/// Adds Sui's standard-library natives at `0x1` to `registry`.
pub fn add_sui_stdlib_natives(registry: &mut NativeRegistry) {
    let one = AccountAddress::ONE;
    let table: [(&str, &str, NativeFunction); 23] = [
        ("bcs", "to_bytes", Arc::new(bcs_to_bytes)),
        (
            "debug",
            "print",
            Arc::new(|_, _, _| Ok(NativeResult::Return(vec![]))),
        ),
        (
            "debug",
            "print_stack_trace",
            Arc::new(|_, _, _| Ok(NativeResult::Return(vec![]))),
        ),
        (
            "hash",
            "sha2_256",
            Arc::new(|c, _, a| hash(c, a, SHA2_256, |b| sha2::Sha256::digest(b).to_vec())),
        ),
        (
            "hash",
            "sha3_256",
            Arc::new(|c, _, a| hash(c, a, SHA3_256, |b| sha3::Sha3_256::digest(b).to_vec())),
        ),
        ("string", "internal_check_utf8", Arc::new(string_check_utf8)),
        (
            "string",
            "internal_is_char_boundary",
            Arc::new(crate::string_is_char_boundary),
        ),
        (
            "string",
            "internal_sub_string",
            Arc::new(crate::string_sub_string),
        ),
        (
            "string",
            "internal_index_of",
            Arc::new(crate::string_index_of),
        ),
        (
            "type_name",
            "get",
            Arc::new(|c, t, a| type_name(c, t, a, Ids::Defining)),
        ),
        (
            "type_name",
            "get_with_original_ids",
            Arc::new(|c, t, a| type_name(c, t, a, Ids::Original)),
        ),
        (
            "type_name",
            "with_defining_ids",
            Arc::new(|c, t, a| type_name(c, t, a, Ids::Defining)),
        ),
        (
            "type_name",
            "with_original_ids",
            Arc::new(|c, t, a| type_name(c, t, a, Ids::Original)),
        ),
        (
            "type_name",
            "defining_id",
            Arc::new(|c, t, a| type_id(c, t, a, Ids::Defining)),
        ),
        (
            "type_name",
            "original_id",
            Arc::new(|c, t, a| type_id(c, t, a, Ids::Original)),
        ),
        ("vector", "empty", Arc::new(vector_empty)),
        ("vector", "length", Arc::new(vector_length)),
        ("vector", "borrow", Arc::new(vector_borrow)),
        ("vector", "borrow_mut", Arc::new(vector_borrow)),
        ("vector", "push_back", Arc::new(vector_push_back)),
        ("vector", "pop_back", Arc::new(vector_pop_back)),
        ("vector", "destroy_empty", Arc::new(vector_destroy_empty)),
        ("vector", "swap", Arc::new(vector_swap)),
    ];
    for (module, function, native) in table {
        registry.register(one, module, function, native);
    }
    crate::expect_sui_signatures(registry);
}

/// `VECTOR_OPERATION_ERROR` with a sub-status: 1 index out of bounds, 2 pop from empty,
/// 3 destroy of a non-empty vector.
#[cold]
fn vector_error(sub: u64) -> VmError {
    VmError::new(StatusCode::VECTOR_OPERATION_ERROR).with_sub_status(sub)
}

/// The container a `&vector<T>` or `&mut vector<T>` argument refers to.
fn vector_ref(args: &[Value], i: usize) -> Result<u32, VmError> {
    match args.get(i) {
        Some(Value::Ref(Ref {
            place: Place::Whole(c),
        })) => Ok(*c),
        _ => Err(bad_args()),
    }
}

fn u64_arg(args: &[Value], i: usize) -> Result<u64, VmError> {
    match args.get(i) {
        Some(Value::U64(v)) => Ok(*v),
        _ => Err(bad_args()),
    }
}

fn vector_len(ctx: &NativeContext<'_>, c: u32) -> Result<usize, VmError> {
    ctx.heap.get(c)?.vector_len().ok_or_else(bad_args)
}

fn vector_empty(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    let elem = *ty_args.first().ok_or_else(bad_args)?;
    let container = if elem == TypeId::U8 {
        Container::Bytes(Vec::new())
    } else if let Some(prims) = PrimVec::for_type(elem, 0) {
        Container::Prims(prims)
    } else {
        Container::Vec(Vec::new())
    };
    let v = ctx.heap.alloc(container);
    Ok(NativeResult::Return(vec![Value::Container(v)]))
}

fn vector_length(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let len = vector_len(ctx, vector_ref(args, 0)?)?;
    Ok(NativeResult::Return(vec![Value::U64(len as u64)]))
}

fn vector_borrow(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let c = vector_ref(args, 0)?;
    let i = u64_arg(args, 1)?;
    if i >= vector_len(ctx, c)? as u64 {
        return Err(vector_error(1));
    }
    let element = ctx
        .heap
        .get(c)?
        .vector_get(i as usize)
        .ok_or_else(bad_args)?;
    let place = match element {
        Value::Container(inner) => Place::Whole(inner),
        _ => Place::Elem(c, u32::try_from(i).map_err(|_| bad_args())?),
    };
    Ok(NativeResult::Return(vec![Value::Ref(Ref { place })]))
}

fn vector_push_back(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let c = vector_ref(args, 0)?;
    let v = *args.get(1).ok_or_else(bad_args)?;
    match (ctx.heap.get_mut(c)?, v) {
        (Container::Vec(e), v) => e.push(v),
        (Container::Bytes(b), Value::U8(x)) => b.push(x),
        (Container::Prims(p), v) => {
            if !p.push(v) {
                return Err(bad_args());
            }
        }
        _ => return Err(bad_args()),
    }
    Ok(NativeResult::Return(vec![]))
}

fn vector_pop_back(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let c = vector_ref(args, 0)?;
    let v = match ctx.heap.get_mut(c)? {
        Container::Vec(e) => e.pop(),
        Container::Bytes(b) => b.pop().map(Value::U8),
        Container::Prims(p) => p.pop(),
        _ => return Err(bad_args()),
    };
    let v = v.ok_or_else(|| vector_error(2))?;
    Ok(NativeResult::Return(vec![v]))
}

fn vector_destroy_empty(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let Some(Value::Container(c)) = args.first() else {
        return Err(bad_args());
    };
    if vector_len(ctx, *c)? != 0 {
        return Err(vector_error(3));
    }
    ctx.heap.free_value(Value::Container(*c));
    Ok(NativeResult::Return(vec![]))
}

fn vector_swap(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let c = vector_ref(args, 0)?;
    let (i, j) = (u64_arg(args, 1)?, u64_arg(args, 2)?);
    let len = vector_len(ctx, c)? as u64;
    if i >= len || j >= len {
        return Err(vector_error(1));
    }
    match ctx.heap.get_mut(c)? {
        Container::Vec(e) => e.swap(i as usize, j as usize),
        Container::Bytes(b) => b.swap(i as usize, j as usize),
        Container::Prims(p) => {
            p.swap(i as usize, j as usize);
        }
        _ => return Err(bad_args()),
    }
    Ok(NativeResult::Return(vec![]))
}

/// Where the types of upgraded packages were first defined, for the `type_name` natives that
/// name types by their defining ids (`get`, `with_defining_ids`, `defining_id`). A host that
/// runs upgraded packages puts a [`TypeOrigins`] in the session's extensions; without one,
/// types are named by the ids the runtime knows them by, their packages' original ids (the
/// same ids until a package is upgraded).
pub trait DefiningIds {
    /// The id of the package version that first defined `module::name` of the package
    /// whose original id is `original`, if known.
    fn defining_id(
        &self,
        original: &AccountAddress,
        module: &str,
        name: &str,
    ) -> Option<AccountAddress>;
}

/// The session extension holding a [`DefiningIds`].
pub struct TypeOrigins(pub Box<dyn DefiningIds>);

/// Which ids name a type's modules.
#[derive(Clone, Copy)]
enum Ids {
    /// The package version that first defined each type.
    Defining,
    /// The original package id of each type.
    Original,
}

/// The address naming `module::name` of the package with original id `original`.
fn named_address(
    ctx: &NativeContext<'_>,
    original: AccountAddress,
    module: &str,
    name: &str,
    ids: Ids,
) -> AccountAddress {
    match (ids, ctx.extensions.get::<TypeOrigins>()) {
        (Ids::Defining, Some(origins)) => origins
            .0
            .defining_id(&original, module, name)
            .unwrap_or(original),
        _ => original,
    }
}

/// A type's name as Sui's `type_name` prints it (`u64`, `vector<u8>`,
/// `0000…0002::coin::Coin<0000…0002::sui::SUI>`).
fn sui_type_name(ctx: &NativeContext<'_>, ty: TypeId, ids: Ids) -> Result<String, VmError> {
    let node = ctx.type_node(ty)?;
    Ok(match node {
        TypeNode::Bool => "bool".into(),
        TypeNode::U8 => "u8".into(),
        TypeNode::U16 => "u16".into(),
        TypeNode::U32 => "u32".into(),
        TypeNode::U64 => "u64".into(),
        TypeNode::U128 => "u128".into(),
        TypeNode::U256 => "u256".into(),
        TypeNode::Address => "address".into(),
        TypeNode::Signer => "signer".into(),
        TypeNode::Vector(inner) => format!("vector<{}>", sui_type_name(ctx, inner, ids)?),
        TypeNode::Struct(sid, args) => {
            let (module, name) = ctx.struct_name(sid)?.ok_or_else(bad_args)?;
            let args: Vec<TypeId> = ctx.type_list(args)?;
            let address = named_address(
                ctx,
                module.address,
                module.name.as_str(),
                name.as_str(),
                ids,
            );
            let mut text = format!("{}::{}::{}", address.full_hex(), module.name, name);
            if !args.is_empty() {
                let names = args
                    .iter()
                    .map(|a| sui_type_name(ctx, *a, ids))
                    .collect::<Result<Vec<_>, _>>()?;
                text.push('<');
                text.push_str(&names.join(","));
                text.push('>');
            }
            text
        }
        _ => return Err(bad_args()),
    })
}

/// `type_name::with_defining_ids<T>()` and its siblings: `TypeName { name: String }`.
fn type_name(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    _args: &[Value],
    ids: Ids,
) -> Result<NativeResult, VmError> {
    let ty = *ty_args.first().ok_or_else(bad_args)?;
    let name = sui_type_name(ctx, ty, ids)?.into_bytes();
    let bytes = bytes_value(ctx, name);
    let ascii = ctx.heap.alloc(Container::Struct(vec![bytes].into()));
    let type_name = ctx
        .heap
        .alloc(Container::Struct(vec![Value::Container(ascii)].into()));
    Ok(NativeResult::Return(vec![Value::Container(type_name)]))
}

/// `type_name::defining_id<T>()` / `original_id<T>()`: the address of the module that
/// declares `T`; a type no module declares aborts with [`E_NON_MODULE_TYPE`].
fn type_id(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    _args: &[Value],
    ids: Ids,
) -> Result<NativeResult, VmError> {
    let ty = *ty_args.first().ok_or_else(bad_args)?;
    match ctx.type_node(ty)? {
        TypeNode::Struct(sid, _) => {
            let (module, name) = ctx.struct_name(sid)?.ok_or_else(bad_args)?;
            let address = named_address(
                ctx,
                module.address,
                module.name.as_str(),
                name.as_str(),
                ids,
            );
            Ok(NativeResult::Return(vec![Value::Address(address)]))
        }
        _ => Ok(NativeResult::Abort(E_NON_MODULE_TYPE)),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_native_of_suis_standard_library_is_registered() {
        let natives = super::sui_stdlib_natives();
        assert_eq!(natives.len(), 23);
        let id = |m: &str| {
            tern_primitives::ModuleId::new(
                tern_primitives::AccountAddress::ONE,
                tern_primitives::Identifier::new(m).unwrap_or_else(|_| unreachable!()),
            )
        };
        for (module, function) in [
            ("vector", "borrow_mut"),
            ("type_name", "with_original_ids"),
            ("debug", "print_stack_trace"),
            ("string", "internal_index_of"),
        ] {
            assert!(
                natives.lookup(&id(module), function).is_some(),
                "{module}::{function}"
            );
        }
    }
}
