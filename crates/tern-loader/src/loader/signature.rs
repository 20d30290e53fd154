//! Conversion of signature tokens into interned runtime types.

use super::{bad_index, CodeCache};
use crate::types::{TypeId, TypeNode};
use tern_binary::{BinaryTables, SignatureToken};
use tern_primitives::{ModuleId, VmError};

/// Converts a token (which may mention type parameters) into an interned type.
pub fn convert<T: BinaryTables>(
    cache: &mut CodeCache,
    unit: &T,
    tok: &SignatureToken,
) -> Result<TypeId, VmError> {
    use SignatureToken as S;
    let node = match tok {
        S::Bool => TypeNode::Bool,
        S::U8 => TypeNode::U8,
        S::U16 => TypeNode::U16,
        S::U32 => TypeNode::U32,
        S::U64 => TypeNode::U64,
        S::U128 => TypeNode::U128,
        S::U256 => TypeNode::U256,
        S::I8 => TypeNode::I8,
        S::I16 => TypeNode::I16,
        S::I32 => TypeNode::I32,
        S::I64 => TypeNode::I64,
        S::I128 => TypeNode::I128,
        S::I256 => TypeNode::I256,
        S::Address => TypeNode::Address,
        S::Signer => TypeNode::Signer,
        S::Vector(inner) => TypeNode::Vector(convert(cache, unit, inner)?),
        S::Reference(inner) => TypeNode::Reference(convert(cache, unit, inner)?),
        S::MutableReference(inner) => TypeNode::MutableReference(convert(cache, unit, inner)?),
        S::TypeParameter(i) => TypeNode::TypeParam(*i),
        S::Struct(sh) => {
            let sid = struct_of(cache, unit, sh.0)?;
            let empty = cache.types.intern_list(&[]);
            TypeNode::Struct(sid, empty)
        }
        S::StructInstantiation(sh, args) => {
            let sid = struct_of(cache, unit, sh.0)?;
            let list = convert_list(cache, unit, args)?;
            TypeNode::Struct(sid, list)
        }
        S::Function(args, results, abilities) => {
            let a = convert_list(cache, unit, args)?;
            let r = convert_list(cache, unit, results)?;
            TypeNode::Function(a, r, *abilities)
        }
    };
    Ok(cache.types.intern(node))
}

fn convert_list<T: BinaryTables>(
    cache: &mut CodeCache,
    unit: &T,
    toks: &[SignatureToken],
) -> Result<crate::types::TypeListId, VmError> {
    let mut ids = Vec::with_capacity(toks.len());
    for t in toks {
        ids.push(convert(cache, unit, t)?);
    }
    Ok(cache.types.intern_list(&ids))
}

/// The struct id named by a struct handle.
pub fn struct_of<T: BinaryTables>(
    cache: &mut CodeCache,
    unit: &T,
    handle: u16,
) -> Result<crate::types::StructId, VmError> {
    let h = unit
        .struct_handles()
        .get(usize::from(handle))
        .ok_or_else(bad_index)?;
    let mh = unit.module_handle_at(h.module).ok_or_else(bad_index)?;
    let addr = *unit
        .address_identifier_at(mh.address)
        .ok_or_else(bad_index)?;
    let mname = unit.identifier_at(mh.name).ok_or_else(bad_index)?.clone();
    let name = unit.identifier_at(h.name).ok_or_else(bad_index)?.clone();
    Ok(cache.struct_id(&ModuleId::new(addr, mname), &name))
}
