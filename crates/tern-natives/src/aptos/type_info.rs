//! `type_info::type_of`, `type_name` and `chain_id_internal`, and the struct shapes (fields
//! and variants, instantiated) that other natives walk.

use super::{ret, string_value, ty_arg, NFE_EXPECTED_STRUCT_TYPE_TAG};
use crate::bad_args;
use tern_primitives::{Identifier, StatusCode, StructTag, TypeTag, VmError};
use tern_vm::loader::StructLayout;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::{TypeId, TypeNode};
use tern_vm::values::{Container, Value};

/// The chain id `type_info::chain_id` returns: a session extension the host sets; without
/// one, 4, the id of Aptos's test chain (`ChainId::test()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChainId(pub u8);

impl Default for ChainId {
    fn default() -> ChainId {
        ChainId(4)
    }
}

/// Fields by name and instantiated type.
pub(super) type Fields = Vec<(Identifier, TypeId)>;

/// A struct or enum type's body, its field types instantiated.
pub(super) enum StructShape {
    /// A struct.
    Fields {
        /// Its tag (`0x1::m::S<u8>`).
        tag: StructTag,
        /// Its fields.
        fields: Fields,
    },
    /// An enum: each variant's name and fields.
    Variants {
        /// Its variants.
        variants: Vec<(Identifier, Fields)>,
    },
}

/// The shape of struct type `ty`.
pub(super) fn struct_shape(ctx: &NativeContext<'_>, ty: TypeId) -> Result<StructShape, VmError> {
    let TypeNode::Struct(sid, list) = ctx.type_node(ty)? else {
        return Err(bad_args());
    };
    let tag = match ctx.type_tag(ty)? {
        TypeTag::Struct(tag) => *tag,
        _ => return Err(bad_args()),
    };
    let info = ctx.struct_info(sid)?.ok_or_else(|| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message(format!("struct `{}` is not loaded", tag.name))
    })?;
    let args = ctx.type_list(list)?;
    let instantiate = |fields: &[tern_vm::loader::FieldInfo]| -> Result<Fields, VmError> {
        fields
            .iter()
            .map(|f| Ok((f.name.clone(), ctx.substitute(f.ty, &args)?)))
            .collect()
    };
    Ok(match &info.layout {
        StructLayout::Fields(fields) => StructShape::Fields {
            tag,
            fields: instantiate(fields)?,
        },
        StructLayout::Variants(variants) => StructShape::Variants {
            variants: variants
                .iter()
                .map(|v| Ok((v.name.clone(), instantiate(&v.fields)?)))
                .collect::<Result<_, VmError>>()?,
        },
    })
}

/// A type's name as Aptos's `type_info::type_name` and `string_utils` print it: addresses
/// as `0x` and their short hex, type arguments separated by `, `
/// (`0x1::table::Table<u64, vector<u8>>`), function types as `|args|(results) has …`.
pub fn canonical_type_name(tag: &TypeTag) -> String {
    match tag {
        TypeTag::Bool => "bool".into(),
        TypeTag::U8 => "u8".into(),
        TypeTag::U16 => "u16".into(),
        TypeTag::U32 => "u32".into(),
        TypeTag::U64 => "u64".into(),
        TypeTag::U128 => "u128".into(),
        TypeTag::U256 => "u256".into(),
        TypeTag::I8 => "i8".into(),
        TypeTag::I16 => "i16".into(),
        TypeTag::I32 => "i32".into(),
        TypeTag::I64 => "i64".into(),
        TypeTag::I128 => "i128".into(),
        TypeTag::I256 => "i256".into(),
        TypeTag::Address => "address".into(),
        TypeTag::Signer => "signer".into(),
        TypeTag::Vector(t) => format!("vector<{}>", canonical_type_name(t)),
        TypeTag::Struct(s) => canonical_struct_name(s),
        TypeTag::Function(f) => {
            let list = |l: &[TypeTag]| -> String {
                l.iter()
                    .map(canonical_type_name)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let abilities = if f.abilities.is_empty() {
                String::new()
            } else {
                format!(" has {}", f.abilities)
            };
            format!("|{}|({}){abilities}", list(&f.args), list(&f.results))
        }
    }
}

/// A struct tag as [`canonical_type_name`] prints it.
pub(super) fn canonical_struct_name(s: &StructTag) -> String {
    format!(
        "0x{}::{}::{}{}",
        s.address.short_hex(),
        s.module,
        s.name,
        type_args_suffix(&s.type_args)
    )
}

/// `<A, B>` for type arguments, nothing for none.
fn type_args_suffix(args: &[TypeTag]) -> String {
    if args.is_empty() {
        return String::new();
    }
    let names: Vec<String> = args.iter().map(canonical_type_name).collect();
    format!("<{}>", names.join(", "))
}

/// `type_info::type_of<T>(): TypeInfo`: the address, module name and name (with type
/// arguments) of struct `T`; any other type aborts with `NFE_EXPECTED_STRUCT_TYPE_TAG` (1).
/// Gas under a schedule: `type_info.type_of.base` and its `per_abstract_memory_unit` (per
/// byte) for the bytes of `T`'s [`canonical_type_name`], charged before the abort too.
pub(super) fn type_of(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    let ty = ty_arg(ty_args, 0)?;
    let tag = ctx.type_tag(ty)?;
    if ctx.schedule.is_some() {
        let name_len = canonical_type_name(&tag).len() as u64;
        let per_byte = "aptos_framework.type_info.type_of.per_abstract_memory_unit";
        let base = "aptos_framework.type_info.type_of.base";
        ctx.charge_priced(&[(base, 1), (per_byte, name_len)], 0);
    }
    let TypeTag::Struct(s) = tag else {
        return Ok(NativeResult::Abort(NFE_EXPECTED_STRUCT_TYPE_TAG));
    };
    let name = format!("{}{}", s.name, type_args_suffix(&s.type_args));
    let module = ctx.new_bytes(s.module.as_str().as_bytes().to_vec());
    let name = ctx.new_bytes(name.into_bytes());
    let fields = vec![Value::Address(s.address), module, name];
    ret(Value::Container(
        ctx.heap.alloc(Container::Struct(fields.into())),
    ))
}

/// `type_info::type_name<T>(): String`: [`canonical_type_name`] of `T`. Gas under a
/// schedule: `type_info.type_name.base` and its `per_abstract_memory_unit` (per byte of the
/// name).
pub(super) fn type_name(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    let ty = ty_arg(ty_args, 0)?;
    let name = canonical_type_name(&ctx.type_tag(ty)?);
    let len = name.len() as u64;
    ctx.charge_priced(
        &[
            ("aptos_framework.type_info.type_name.base", 1),
            (
                "aptos_framework.type_info.type_name.per_abstract_memory_unit",
                len,
            ),
        ],
        len / 32,
    );
    let s = string_value(ctx, name.into_bytes());
    ret(s)
}

/// `type_info::chain_id_internal(): u8`: the session's [`ChainId`]. Gas under a schedule:
/// `type_info.chain_id.base`.
pub(super) fn chain_id(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.type_info.chain_id.base", 1)], 0);
    let id = ctx.extensions.get::<ChainId>().copied().unwrap_or_default();
    ret(Value::U8(id.0))
}
