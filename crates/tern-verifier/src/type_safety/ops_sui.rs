//! The typing rules of Sui's enum instructions: packing and unpacking a variant (by value, or
//! by reference into references to its fields) and `variant_switch` on an enum reference.

use super::TypeSafety;
use crate::error::VResult;
use crate::view::{instantiate_cow, is_struct_type, materialize};
use std::borrow::Cow;
use tern_binary::*;
use tern_primitives::StatusCode as S;

use SignatureToken as ST;

/// How an unpack takes its operand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unpack {
    Value,
    Ref,
    MutRef,
}

/// Checks one Sui enum instruction at `pc`.
pub(super) fn verify_sui_instr(
    c: &mut TypeSafety<'_, '_>,
    instr: &Bytecode,
    pc: u16,
) -> VResult<()> {
    use Bytecode as B;
    let b = c.binary;
    match instr {
        B::SuiPackVariant(h) => {
            let (def, variant) = b.sui_variant(*h)?;
            pack(c, pc, b.enum_def(def)?.enum_handle, variant, &[])
        }
        B::SuiPackVariantGeneric(i) => {
            let (inst, variant) = b.sui_variant_instantiated(*i)?;
            let args = &b.sig(inst.type_parameters)?.0;
            c.charge_all(args)?;
            pack(c, pc, b.enum_def(inst.def)?.enum_handle, variant, args)
        }
        B::SuiUnpackVariant(h) | B::SuiUnpackVariantImmRef(h) | B::SuiUnpackVariantMutRef(h) => {
            let (def, variant) = b.sui_variant(*h)?;
            let how = match instr {
                B::SuiUnpackVariant(_) => Unpack::Value,
                B::SuiUnpackVariantImmRef(_) => Unpack::Ref,
                _ => Unpack::MutRef,
            };
            unpack(c, pc, b.enum_def(def)?.enum_handle, variant, &[], how)
        }
        B::SuiUnpackVariantGeneric(i)
        | B::SuiUnpackVariantGenericImmRef(i)
        | B::SuiUnpackVariantGenericMutRef(i) => {
            let (inst, variant) = b.sui_variant_instantiated(*i)?;
            let args = &b.sig(inst.type_parameters)?.0;
            c.charge_all(args)?;
            let how = match instr {
                B::SuiUnpackVariantGeneric(_) => Unpack::Value,
                B::SuiUnpackVariantGenericImmRef(_) => Unpack::Ref,
                _ => Unpack::MutRef,
            };
            unpack(c, pc, b.enum_def(inst.def)?.enum_handle, variant, args, how)
        }
        B::VariantSwitch(table) => variant_switch(c, pc, *table),
        _ => Err(crate::error::crash()),
    }
}

/// Pops the variant's fields (last first, each exactly its declared type) and pushes the enum.
fn pack(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    handle: StructHandleIndex,
    variant: &VariantDefinition,
    args: &[SignatureToken],
) -> VResult<()> {
    for field in variant.fields.iter().rev() {
        let expected = instantiate_cow(&field.type_, args);
        if *c.pop()? != *expected {
            return Err(c.error(S::PACK_TYPE_MISMATCH_ERROR, pc));
        }
    }
    c.push(materialize(handle, args))
}

/// Pops the enum (or a reference to it, of the right mutability) and pushes its fields (or
/// references to them).
fn unpack<'a>(
    c: &mut TypeSafety<'a, '_>,
    pc: u16,
    handle: StructHandleIndex,
    variant: &'a VariantDefinition,
    args: &[SignatureToken],
    how: Unpack,
) -> VResult<()> {
    let operand = c.pop()?;
    let value = match (&*operand, how) {
        (ty, Unpack::Value) => ty,
        (ST::Reference(inner), Unpack::Ref) | (ST::MutableReference(inner), Unpack::MutRef) => {
            &**inner
        }
        _ => return Err(c.error(S::UNPACK_TYPE_MISMATCH_ERROR, pc)),
    };
    if !is_struct_type(value, handle, args) {
        return Err(c.error(S::UNPACK_TYPE_MISMATCH_ERROR, pc));
    }
    for field in &variant.fields {
        let ty = instantiate_cow(&field.type_, args);
        let pushed = match how {
            Unpack::Value => ty,
            Unpack::Ref => Cow::Owned(ST::Reference(Box::new(ty.into_owned()))),
            Unpack::MutRef => Cow::Owned(ST::MutableReference(Box::new(ty.into_owned()))),
        };
        c.push_ty(pushed)?;
    }
    Ok(())
}

/// Pops an immutable reference to an enum of the jump table's head enum; the table must have
/// one target per variant.
fn variant_switch(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    table: VariantJumpTableIndex,
) -> VResult<()> {
    let operand = c.pop()?;
    let ST::Reference(inner) = &*operand else {
        return Err(c.error(S::ENUM_SWITCH_BAD_OPERAND, pc));
    };
    let handle = match &**inner {
        ST::Struct(h) | ST::StructInstantiation(h, _) => *h,
        _ => return Err(c.error(S::ENUM_TYPE_MISMATCH, pc)),
    };
    let table = c
        .view
        .jump_tables
        .get(table.idx())
        .ok_or_else(crate::error::crash)?;
    let def = c.binary.enum_def(table.head_enum)?;
    if handle != def.enum_handle {
        return Err(c.error(S::ENUM_TYPE_MISMATCH, pc));
    }
    if table.targets.len() != def.variants.len() {
        return Err(c.error(S::INVALID_ENUM_SWITCH, pc));
    }
    Ok(())
}
