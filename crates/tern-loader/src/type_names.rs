//! Names of runtime types (`TypeTag`s, canonical strings) and the `view` printer of resources.

use crate::loader::{CodeCache, StructLayout};
use crate::types::{TypeId, TypeNode};
use crate::values::{Container, Heap, Value};
use tern_primitives::{Ability, FunctionTag, StructTag, TypeTag, VmError};

/// The user-facing tag of a concrete type.
pub fn type_tag(cache: &CodeCache, ty: TypeId) -> Result<TypeTag, VmError> {
    Ok(match cache.types.node(ty) {
        TypeNode::Bool => TypeTag::Bool,
        TypeNode::U8 => TypeTag::U8,
        TypeNode::U16 => TypeTag::U16,
        TypeNode::U32 => TypeTag::U32,
        TypeNode::U64 => TypeTag::U64,
        TypeNode::U128 => TypeTag::U128,
        TypeNode::U256 => TypeTag::U256,
        TypeNode::I8 => TypeTag::I8,
        TypeNode::I16 => TypeTag::I16,
        TypeNode::I32 => TypeTag::I32,
        TypeNode::I64 => TypeTag::I64,
        TypeNode::I128 => TypeTag::I128,
        TypeNode::I256 => TypeTag::I256,
        TypeNode::Address => TypeTag::Address,
        TypeNode::Signer => TypeTag::Signer,
        TypeNode::Vector(t) => TypeTag::Vector(Box::new(type_tag(cache, *t)?)),
        TypeNode::Struct(sid, args) => {
            let info = cache
                .struct_info(*sid)
                .ok_or_else(crate::loader::bad_index)?;
            let type_args = cache
                .types
                .list(*args)
                .iter()
                .map(|t| type_tag(cache, *t))
                .collect::<Result<_, _>>()?;
            TypeTag::Struct(Box::new(StructTag {
                address: info.module.address,
                module: info.module.name.clone(),
                name: info.name.clone(),
                type_args,
            }))
        }
        TypeNode::Function(a, r, abilities) => {
            let list = |l| -> Result<Vec<TypeTag>, VmError> {
                cache
                    .types
                    .list(l)
                    .iter()
                    .map(|t| type_tag(cache, *t))
                    .collect()
            };
            TypeTag::Function(Box::new(FunctionTag {
                args: list(*a)?,
                results: list(*r)?,
                abilities: *abilities,
            }))
        }
        TypeNode::Reference(_) | TypeNode::MutableReference(_) | TypeNode::TypeParam(_) => {
            return Err(crate::loader::bad_index())
        }
    })
}

/// The `view` rendering of a resource (abilities, tag, fields one per line).
pub fn view_value(cache: &CodeCache, heap: &Heap, ty: TypeId, v: Value) -> Result<String, VmError> {
    let mut out = String::new();
    write_view(cache, heap, ty, v, 0, &mut out)?;
    Ok(out)
}

fn indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("    ");
    }
}

fn write_view(
    cache: &CodeCache,
    heap: &Heap,
    ty: TypeId,
    v: Value,
    level: usize,
    out: &mut String,
) -> Result<(), VmError> {
    match (cache.types.node(ty), v) {
        (TypeNode::U64, Value::U64(x)) => out.push_str(&x.to_string()),
        (TypeNode::U8, Value::U8(x)) => out.push_str(&format!("{x}u8")),
        (TypeNode::U16, Value::U16(x)) => out.push_str(&format!("{x}u16")),
        (TypeNode::U32, Value::U32(x)) => out.push_str(&format!("{x}u32")),
        (TypeNode::U128, Value::U128(x)) => out.push_str(&format!("{}u128", x.u128())),
        (TypeNode::U256, Value::U256(x)) => out.push_str(&format!("{}u256", x.u256())),
        (TypeNode::I8, Value::I8(x)) => out.push_str(&format!("{x}i8")),
        (TypeNode::I16, Value::I16(x)) => out.push_str(&format!("{x}i16")),
        (TypeNode::I32, Value::I32(x)) => out.push_str(&format!("{x}i32")),
        (TypeNode::I64, Value::I64(x)) => out.push_str(&format!("{x}i64")),
        (TypeNode::I128, Value::I128(x)) => out.push_str(&format!("{}i128", x.i128())),
        (TypeNode::I256, Value::I256(x)) => out.push_str(&format!("{}i256", x.i256())),
        (TypeNode::Bool, Value::Bool(b)) => out.push_str(if b { "true" } else { "false" }),
        (TypeNode::Address, Value::Address(a)) => out.push_str(&a.short_hex()),
        (TypeNode::Vector(elem), Value::Container(c)) => {
            write_vector(cache, heap, *elem, c, level, out)?
        }
        (TypeNode::Struct(sid, args), Value::Container(c)) => {
            let info = cache
                .struct_info(*sid)
                .ok_or_else(crate::loader::bad_index)?;
            for a in Ability::ALL {
                if info.abilities.has(a) {
                    out.push_str(a.name());
                    out.push(' ');
                }
            }
            out.push_str(&type_tag(cache, ty)?.to_string());
            let (fields, values) = match (&info.layout, heap.get(c)?) {
                (StructLayout::Fields(f), Container::Struct(v)) => (f, v),
                (StructLayout::Variants(vs), Container::Variant(tag, v)) => {
                    let variant = vs
                        .get(usize::from(*tag))
                        .ok_or_else(crate::loader::bad_index)?;
                    out.push_str("::");
                    out.push_str(variant.name.as_str());
                    (&variant.fields, v)
                }
                _ => return Err(crate::loader::bad_index()),
            };
            out.push_str(" {\n");
            let args = cache.types.list(*args);
            for (f, v) in fields.iter().zip(values.iter()) {
                indent(out, level + 1);
                out.push_str(f.name.as_str());
                out.push_str(": ");
                let fty = instantiate_view(cache, f.ty, args);
                write_view(cache, heap, fty, *v, level + 1, out)?;
                out.push('\n');
            }
            indent(out, level);
            out.push('}');
        }
        (TypeNode::Signer, _) => out.push_str("signer"),
        (TypeNode::Function(..), Value::Container(c)) => match heap.get(c)? {
            Container::Closure(cl) => {
                if let Some(m) = cl.target.module() {
                    out.push_str(&format!("{}::{}::", m.address.to_hex_literal(), m.name));
                }
                out.push_str(cl.target.name().as_str());
                out.push_str("()");
            }
            _ => return Err(crate::loader::bad_index()),
        },
        _ => out.push_str(&crate::values::debug_value(v)),
    }
    Ok(())
}

/// Field types in generic form: a bare type parameter resolves to its argument (nested
/// generic field types print through their own struct info).
fn instantiate_view(cache: &CodeCache, ty: TypeId, args: &[TypeId]) -> TypeId {
    match cache.types.node(ty) {
        TypeNode::TypeParam(i) => args.get(usize::from(*i)).copied().unwrap_or(ty),
        _ => ty,
    }
}

fn write_vector(
    cache: &CodeCache,
    heap: &Heap,
    elem: TypeId,
    c: u32,
    level: usize,
    out: &mut String,
) -> Result<(), VmError> {
    match heap.get(c)? {
        Container::Bytes(b) => {
            for byte in b {
                out.push_str(&format!("{byte:02x}"));
            }
        }
        Container::Vec(_) | Container::Prims(_) => {
            let items = heap.get(c)?.vector_values().unwrap_or_default();
            out.push_str("[\n");
            for v in items.iter() {
                indent(out, level + 1);
                write_view(cache, heap, elem, *v, level + 1, out)?;
                out.push_str(",\n");
            }
            indent(out, level);
            out.push(']');
        }
        _ => return Err(crate::loader::bad_index()),
    }
    Ok(())
}

/// The canonical name of a type as `type_name::get` returns it: short addresses with `0x`,
/// type arguments joined by `", "`, function types as `|A, B|(R) has copy`, a type parameter
/// (in a generic declaration) as `T0`, `T1`….
pub fn canonical_name(cache: &CodeCache, ty: TypeId) -> Result<String, VmError> {
    let names = |l| -> Result<Vec<String>, VmError> {
        cache
            .types
            .list(l)
            .iter()
            .map(|t| canonical_name(cache, *t))
            .collect()
    };
    Ok(match cache.types.node(ty) {
        TypeNode::Struct(sid, args) => {
            let (module, name) = cache
                .struct_name(*sid)
                .ok_or_else(crate::loader::bad_index)?;
            let mut s = format!(
                "0x{}::{}::{}",
                module.address.short_hex(),
                module.name,
                name
            );
            let args = names(*args)?;
            if !args.is_empty() {
                s.push('<');
                s.push_str(&args.join(", "));
                s.push('>');
            }
            s
        }
        TypeNode::Vector(t) => format!("vector<{}>", canonical_name(cache, *t)?),
        TypeNode::Reference(t) => format!("&{}", canonical_name(cache, *t)?),
        TypeNode::MutableReference(t) => format!("&mut {}", canonical_name(cache, *t)?),
        // In a generic declaration (a native's signature): the parameter's position.
        TypeNode::TypeParam(i) => format!("T{i}"),
        TypeNode::Function(a, r, abilities) => {
            let mut s = format!("|{}|({})", names(*a)?.join(", "), names(*r)?.join(", "));
            if !abilities.is_empty() {
                s.push_str(&format!(" has {abilities}"));
            }
            s
        }
        _ => type_tag(cache, ty)?.to_string(),
    })
}
