//! The typing rule of each instruction.

use super::TypeSafety;
use crate::error::{crash, VResult};
use crate::view::{
    instantiate, instantiate_cow, is_assignable, is_assignable_instantiated, is_struct_type,
    materialize,
};
use std::borrow::Cow;
use tern_binary::*;
use tern_primitives::{Ability, AbilitySet, StatusCode};

use SignatureToken as ST;
use StatusCode as S;

/// Checks one instruction at `pc`.
pub(super) fn verify_instr(c: &mut TypeSafety<'_, '_>, instr: &Bytecode, pc: u16) -> VResult<()> {
    use Bytecode as B;
    let b = c.binary;
    match instr {
        B::Pop => {
            let ty = c.pop()?;
            if !c.abilities(&ty)?.has(Ability::Drop) {
                return Err(c.error(S::POP_WITHOUT_DROP_ABILITY, pc));
            }
        }
        B::BrTrue(_) | B::BrFalse(_) => expect(c, &ST::Bool, S::BR_TYPE_MISMATCH_ERROR, pc)?,
        B::StLoc(idx) => {
            let ty = c.pop()?;
            if !is_assignable(c.local(*idx)?, &ty) {
                return Err(c.error(S::STLOC_TYPE_MISMATCH_ERROR, pc));
            }
        }
        B::Abort => expect(c, &ST::U64, S::ABORT_TYPE_MISMATCH_ERROR, pc)?,
        B::AbortMsg => {
            let message = ST::Vector(Box::new(ST::U8));
            expect(c, &message, S::ABORT_TYPE_MISMATCH_ERROR, pc)?;
            expect(c, &ST::U64, S::ABORT_TYPE_MISMATCH_ERROR, pc)?;
        }
        B::Ret => {
            for ty in c.view.returns.0.iter().rev() {
                let value = c.pop()?;
                if !is_assignable(ty, &value) {
                    return Err(c.error(S::RET_TYPE_MISMATCH_ERROR, pc));
                }
            }
        }
        B::Branch(_) | B::Nop => {}
        B::FreezeRef => match c.pop()? {
            Cow::Owned(ST::MutableReference(inner)) => c.push(ST::Reference(inner))?,
            Cow::Borrowed(ST::MutableReference(inner)) => c.push(ST::Reference(inner.clone()))?,
            _ => return Err(c.error(S::FREEZEREF_TYPE_MISMATCH_ERROR, pc)),
        },
        B::MutBorrowField(h) => borrow_field(c, pc, true, Field::Plain(*h), &[])?,
        B::ImmBorrowField(h) => borrow_field(c, pc, false, Field::Plain(*h), &[])?,
        B::MutBorrowFieldGeneric(i) | B::ImmBorrowFieldGeneric(i) => {
            let inst = b.field_inst(*i)?;
            let args = &b.sig(inst.type_parameters)?.0;
            c.charge_all(args)?;
            let mutable = matches!(instr, B::MutBorrowFieldGeneric(_));
            borrow_field(c, pc, mutable, Field::Plain(inst.handle), args)?
        }
        B::MutBorrowVariantField(h) => borrow_field(c, pc, true, Field::Variant(*h), &[])?,
        B::ImmBorrowVariantField(h) => borrow_field(c, pc, false, Field::Variant(*h), &[])?,
        B::MutBorrowVariantFieldGeneric(i) | B::ImmBorrowVariantFieldGeneric(i) => {
            let inst = b.variant_field_inst(*i)?;
            let args = &b.sig(inst.type_parameters)?.0;
            c.charge_all(args)?;
            let mutable = matches!(instr, B::MutBorrowVariantFieldGeneric(_));
            borrow_field(c, pc, mutable, Field::Variant(inst.handle), args)?
        }
        B::LdU8(_) => c.push(ST::U8)?,
        B::LdU16(_) => c.push(ST::U16)?,
        B::LdU32(_) => c.push(ST::U32)?,
        B::LdU64(_) => c.push(ST::U64)?,
        B::LdU128(_) => c.push(ST::U128)?,
        B::LdU256(_) => c.push(ST::U256)?,
        B::LdI8(_) => c.push(ST::I8)?,
        B::LdI16(_) => c.push(ST::I16)?,
        B::LdI32(_) => c.push(ST::I32)?,
        B::LdI64(_) => c.push(ST::I64)?,
        B::LdI128(_) => c.push(ST::I128)?,
        B::LdI256(_) => c.push(ST::I256)?,
        B::LdConst(idx) => c.push_ty(Cow::Borrowed(&b.constant(*idx)?.type_))?,
        B::LdTrue | B::LdFalse => c.push(ST::Bool)?,
        B::CopyLoc(idx) => {
            let ty = c.local(*idx)?;
            if !c.abilities(ty)?.has(Ability::Copy) {
                return Err(c.error(S::COPYLOC_WITHOUT_COPY_ABILITY, pc));
            }
            c.push_ty(Cow::Borrowed(ty))?
        }
        B::MoveLoc(idx) => {
            let ty = c.local(*idx)?;
            c.push_ty(Cow::Borrowed(ty))?
        }
        B::MutBorrowLoc(idx) => borrow_loc(c, pc, true, *idx)?,
        B::ImmBorrowLoc(idx) => borrow_loc(c, pc, false, *idx)?,
        B::Call(h) => call(c, pc, *h, &[])?,
        B::CallGeneric(i) => {
            let inst = b.function_inst(*i)?;
            let args = &b.sig(inst.type_parameters)?.0;
            c.charge_all(args)?;
            call(c, pc, inst.handle, args)?
        }
        B::PackClosure(h, mask) => pack_closure(c, pc, *h, &[], *mask)?,
        B::PackClosureGeneric(i, mask) => {
            let inst = b.function_inst(*i)?;
            let args = &b.sig(inst.type_parameters)?.0;
            c.charge_all(args)?;
            pack_closure(c, pc, inst.handle, args, *mask)?
        }
        B::CallClosure(sig) => {
            let ty = b.sig(*sig)?.0.first().ok_or_else(crash)?;
            call_closure(c, pc, ty)?
        }
        _ => return verify_data_instr(c, instr, pc),
    }
    Ok(())
}

/// Struct, variant, reference, arithmetic, global and vector instructions.
fn verify_data_instr(c: &mut TypeSafety<'_, '_>, instr: &Bytecode, pc: u16) -> VResult<()> {
    use Bytecode as B;
    let b = c.binary;
    match instr {
        B::Pack(d) => pack(c, pc, b.struct_def(*d)?, None, &[])?,
        B::Unpack(d) => unpack(c, pc, b.struct_def(*d)?, None, &[])?,
        B::PackGeneric(i) | B::UnpackGeneric(i) => {
            let inst = b.struct_inst(*i)?;
            let def = b.struct_def(inst.def)?;
            let args = &b.sig(inst.type_parameters)?.0;
            c.charge_all(args)?;
            if matches!(instr, B::PackGeneric(_)) {
                pack(c, pc, def, None, args)?
            } else {
                unpack(c, pc, def, None, args)?
            }
        }
        B::PackVariant(h) | B::UnpackVariant(h) => {
            let handle = b.struct_variant_handle(*h)?;
            let def = b.struct_def(handle.struct_index)?;
            if matches!(instr, B::PackVariant(_)) {
                pack(c, pc, def, Some(handle.variant), &[])?
            } else {
                unpack(c, pc, def, Some(handle.variant), &[])?
            }
        }
        B::PackVariantGeneric(i) | B::UnpackVariantGeneric(i) => {
            let inst = b.struct_variant_inst(*i)?;
            let handle = b.struct_variant_handle(inst.handle)?;
            let def = b.struct_def(handle.struct_index)?;
            let args = &b.sig(inst.type_parameters)?.0;
            c.charge_all(args)?;
            if matches!(instr, B::PackVariantGeneric(_)) {
                pack(c, pc, def, Some(handle.variant), args)?
            } else {
                unpack(c, pc, def, Some(handle.variant), args)?
            }
        }
        B::TestVariant(h) => {
            let handle = b.struct_variant_handle(*h)?;
            test_variant(c, pc, b.struct_def(handle.struct_index)?, &[])?
        }
        B::TestVariantGeneric(i) => {
            let inst = b.struct_variant_inst(*i)?;
            let handle = b.struct_variant_handle(inst.handle)?;
            let args = &b.sig(inst.type_parameters)?.0;
            test_variant(c, pc, b.struct_def(handle.struct_index)?, args)?
        }
        B::ReadRef => {
            let inner = match c.pop()? {
                Cow::Owned(ST::Reference(inner) | ST::MutableReference(inner)) => {
                    Cow::Owned(*inner)
                }
                Cow::Borrowed(ST::Reference(inner) | ST::MutableReference(inner)) => {
                    Cow::Borrowed(&**inner)
                }
                _ => return Err(c.error(S::READREF_TYPE_MISMATCH_ERROR, pc)),
            };
            if !c.abilities(&inner)?.has(Ability::Copy) {
                return Err(c.error(S::READREF_WITHOUT_COPY_ABILITY, pc));
            }
            c.push_ty(inner)?
        }
        B::WriteRef => write_ref(c, pc)?,
        B::SuiPackVariant(_)
        | B::SuiPackVariantGeneric(_)
        | B::SuiUnpackVariant(_)
        | B::SuiUnpackVariantImmRef(_)
        | B::SuiUnpackVariantMutRef(_)
        | B::SuiUnpackVariantGeneric(_)
        | B::SuiUnpackVariantGenericImmRef(_)
        | B::SuiUnpackVariantGenericMutRef(_)
        | B::VariantSwitch(_) => return super::ops_sui::verify_sui_instr(c, instr, pc),
        _ => return verify_value_instr(c, instr, pc),
    }
    Ok(())
}

/// Arithmetic, comparisons, casts, globals and vectors.
fn verify_value_instr(c: &mut TypeSafety<'_, '_>, instr: &Bytecode, pc: u16) -> VResult<()> {
    use Bytecode as B;
    match instr {
        B::CastU8 => cast(c, pc, ST::U8),
        B::CastU16 => cast(c, pc, ST::U16),
        B::CastU32 => cast(c, pc, ST::U32),
        B::CastU64 => cast(c, pc, ST::U64),
        B::CastU128 => cast(c, pc, ST::U128),
        B::CastU256 => cast(c, pc, ST::U256),
        B::CastI8 => cast(c, pc, ST::I8),
        B::CastI16 => cast(c, pc, ST::I16),
        B::CastI32 => cast(c, pc, ST::I32),
        B::CastI64 => cast(c, pc, ST::I64),
        B::CastI128 => cast(c, pc, ST::I128),
        B::CastI256 => cast(c, pc, ST::I256),
        B::Add | B::Sub | B::Mul | B::Mod | B::Div => binary_int(c, pc, ST::is_integer, false),
        B::BitOr | B::BitAnd | B::Xor => binary_int(c, pc, is_unsigned, false),
        B::Lt | B::Gt | B::Le | B::Ge => binary_int(c, pc, ST::is_integer, true),
        B::Shl | B::Shr => {
            let amount = c.pop()?;
            let value = c.pop()?;
            if is_unsigned(&value) && *amount == ST::U8 {
                c.push_ty(value)
            } else {
                Err(c.error(S::INTEGER_OP_TYPE_MISMATCH_ERROR, pc))
            }
        }
        B::Negate => {
            let value = c.pop()?;
            if value.is_signed_integer() {
                c.push_ty(value)
            } else {
                Err(c.error(S::INTEGER_OP_TYPE_MISMATCH_ERROR, pc))
            }
        }
        B::Or | B::And => {
            let a = c.pop()?;
            let b = c.pop()?;
            if *a == ST::Bool && *b == ST::Bool {
                c.push(ST::Bool)
            } else {
                Err(c.error(S::BOOLEAN_OP_TYPE_MISMATCH_ERROR, pc))
            }
        }
        B::Not => expect(c, &ST::Bool, S::BOOLEAN_OP_TYPE_MISMATCH_ERROR, pc)
            .and_then(|()| c.push(ST::Bool)),
        B::Eq | B::Neq => {
            let a = c.pop()?;
            let b = c.pop()?;
            if c.abilities(&a)?.has(Ability::Drop) && a == b {
                c.push(ST::Bool)
            } else {
                Err(c.error(S::EQUALITY_OP_TYPE_MISMATCH_ERROR, pc))
            }
        }
        _ => super::ops_global::verify_global_or_vector(c, instr, pc),
    }
}

fn is_unsigned(ty: &SignatureToken) -> bool {
    ty.is_integer() && !ty.is_signed_integer()
}

/// Pops a value that must equal `expected`.
pub(super) fn expect(
    c: &mut TypeSafety<'_, '_>,
    expected: &SignatureToken,
    status: StatusCode,
    pc: u16,
) -> VResult<()> {
    if *c.pop()? != *expected {
        return Err(c.error(status, pc));
    }
    Ok(())
}

fn cast(c: &mut TypeSafety<'_, '_>, pc: u16, to: SignatureToken) -> VResult<()> {
    if !c.pop()?.is_integer() {
        return Err(c.error(S::INTEGER_OP_TYPE_MISMATCH_ERROR, pc));
    }
    c.push(to)
}

fn binary_int(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    accepts: fn(&SignatureToken) -> bool,
    comparison: bool,
) -> VResult<()> {
    let a = c.pop()?;
    let b = c.pop()?;
    if !(accepts(&a) && a == b) {
        return Err(c.error(S::INTEGER_OP_TYPE_MISMATCH_ERROR, pc));
    }
    if comparison {
        c.push(ST::Bool)
    } else {
        c.push_ty(a)
    }
}

/// A field handle of a struct or of an enum's variants.
#[derive(Clone, Copy)]
enum Field {
    Plain(FieldHandleIndex),
    Variant(VariantFieldHandleIndex),
}

fn borrow_field(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    mutable: bool,
    field: Field,
    args: &[SignatureToken],
) -> VResult<()> {
    let operand = c.pop()?;
    if mutable && !operand.is_mutable_reference() {
        return Err(c.error(S::BORROWFIELD_TYPE_MISMATCH_ERROR, pc));
    }
    let b = c.binary;
    let (def_idx, variants, offset) = match field {
        Field::Plain(h) => {
            let h = b.field_handle(h)?;
            (h.owner, None, usize::from(h.field))
        }
        Field::Variant(h) => {
            let h = b.variant_field_handle(h)?;
            (
                h.struct_index,
                Some(h.variants.as_slice()),
                usize::from(h.field),
            )
        }
    };
    let def = b.struct_def(def_idx)?;
    match &*operand {
        ST::Reference(inner) | ST::MutableReference(inner)
            if is_struct_type(inner, def.struct_handle, args) => {}
        _ => return Err(c.error(S::BORROWFIELD_TYPE_MISMATCH_ERROR, pc)),
    }
    let field_ty = match variants {
        Some([]) => return Err(c.error(S::ZERO_VARIANTS_ERROR, pc)),
        Some(variants) => {
            let mut found: Option<SignatureToken> = None;
            for &v in variants {
                let Some(f) = def
                    .variants()
                    .get(usize::from(v))
                    .and_then(|v| v.fields.get(offset))
                else {
                    return Err(c.error(S::BORROWFIELD_BAD_FIELD_ERROR, pc));
                };
                let ty = instantiate(&f.type_, args);
                match &found {
                    Some(prev) if *prev != ty => {
                        return Err(c.error(S::BORROWFIELD_TYPE_MISMATCH_ERROR, pc))
                    }
                    Some(_) => {}
                    None => found = Some(ty),
                }
            }
            found
        }
        None => def
            .fields()
            .get(offset)
            .map(|f| instantiate(&f.type_, args)),
    };
    match field_ty {
        Some(ty) if mutable => c.push(ST::MutableReference(Box::new(ty))),
        Some(ty) => c.push(ST::Reference(Box::new(ty))),
        None => c.push(ST::Bool),
    }
}

fn borrow_loc(c: &mut TypeSafety<'_, '_>, pc: u16, mutable: bool, idx: u8) -> VResult<()> {
    let ty = c.local(idx)?;
    if ty.is_reference() {
        return Err(c.error(S::BORROWLOC_REFERENCE_ERROR, pc));
    }
    let inner = Box::new(ty.clone());
    c.push(if mutable {
        ST::MutableReference(inner)
    } else {
        ST::Reference(inner)
    })
}

fn call(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    handle: FunctionHandleIndex,
    args: &[SignatureToken],
) -> VResult<()> {
    let b = c.binary;
    let handle = b.function_handle(handle)?;
    for param in b.sig(handle.parameters)?.0.iter().rev() {
        let arg = c.pop()?;
        if !is_assignable_instantiated(param, args, &arg) {
            return Err(c.error(S::CALL_TYPE_MISMATCH_ERROR, pc));
        }
    }
    for ret in &b.sig(handle.return_)?.0 {
        c.push_ty(instantiate_cow(ret, args))?;
    }
    Ok(())
}

fn call_closure<'a>(
    c: &mut TypeSafety<'a, '_>,
    pc: u16,
    expected: &'a SignatureToken,
) -> VResult<()> {
    let ST::Function(params, results, _) = expected else {
        return Err(crate::error::invariant(
            "closure call on a non-function type",
        ));
    };
    let closure = c.pop()?;
    if !is_assignable(expected, &closure) {
        return Err(c
            .error(S::CALL_TYPE_MISMATCH_ERROR, pc)
            .with_message("closure type mismatch"));
    }
    for param in params.iter().rev() {
        let arg = c.pop()?;
        if !is_assignable(param, &arg) {
            return Err(c.error(S::CALL_TYPE_MISMATCH_ERROR, pc));
        }
    }
    for ret in results {
        c.push_ty(Cow::Borrowed(ret))?;
    }
    Ok(())
}

fn pack_closure(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    handle_idx: FunctionHandleIndex,
    args: &[SignatureToken],
    mask: ClosureMask,
) -> VResult<()> {
    let b = c.binary;
    let handle = b.function_handle(handle_idx)?;
    let mut abilities = if handle.attributes.contains(&FunctionAttribute::Persistent) {
        AbilitySet::EMPTY
            .with(Ability::Copy)
            .with(Ability::Drop)
            .with(Ability::Store)
    } else {
        AbilitySet::EMPTY.with(Ability::Copy).with(Ability::Drop)
    };
    let params = &b.sig(handle.parameters)?.0;
    let captured: Vec<&SignatureToken> = params
        .iter()
        .enumerate()
        .filter(|(i, _)| mask.is_captured(*i))
        .map(|(_, t)| t)
        .collect();
    for ty in captured.into_iter().rev() {
        let arg = c.pop()?;
        abilities = abilities.intersect(c.abilities(&arg)?);
        if !is_assignable_instantiated(ty, args, &arg) {
            return Err(c
                .error(S::PACK_TYPE_MISMATCH_ERROR, pc)
                .with_message("captured argument type mismatch"));
        }
        if ty.is_reference() {
            return Err(c
                .error(S::PACK_TYPE_MISMATCH_ERROR, pc)
                .with_message("captured argument must not be a reference"));
        }
    }
    let remaining: Vec<SignatureToken> = params
        .iter()
        .enumerate()
        .filter(|(i, _)| !mask.is_captured(*i))
        .map(|(_, t)| t.clone())
        .collect();
    let results = b.sig(handle.return_)?.0.clone();
    c.push(instantiate(
        &ST::Function(remaining, results, abilities),
        args,
    ))
}

/// The field types of a struct or one of its variants, instantiated.
fn fields_of<'d>(
    c: &TypeSafety<'_, '_>,
    pc: u16,
    def: &'d StructDefinition,
    variant: Option<u16>,
    args: &[SignatureToken],
) -> VResult<Vec<Cow<'d, SignatureToken>>> {
    let fields = match (&def.field_information, variant) {
        (StructFieldInformation::Declared(fields), None) => fields,
        (StructFieldInformation::DeclaredVariants(vs), Some(v)) => match vs.get(usize::from(v)) {
            Some(v) => &v.fields,
            None => return Err(c.error(S::PACK_TYPE_MISMATCH_ERROR, pc)),
        },
        _ => return Err(c.error(S::PACK_TYPE_MISMATCH_ERROR, pc)),
    };
    Ok(fields
        .iter()
        .map(|f| instantiate_cow(&f.type_, args))
        .collect())
}

fn pack(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    def: &StructDefinition,
    variant: Option<u16>,
    args: &[SignatureToken],
) -> VResult<()> {
    let ty = materialize(def.struct_handle, args);
    let fields = fields_of(c, pc, def, variant, args)?;
    for field in fields.iter().rev() {
        let arg = c.pop()?;
        if !is_assignable(field, &arg) {
            return Err(c.error(S::PACK_TYPE_MISMATCH_ERROR, pc));
        }
    }
    c.push(ty)
}

fn unpack<'a>(
    c: &mut TypeSafety<'a, '_>,
    pc: u16,
    def: &'a StructDefinition,
    variant: Option<u16>,
    args: &[SignatureToken],
) -> VResult<()> {
    let operand = c.pop()?;
    if !is_struct_type(&operand, def.struct_handle, args) {
        return Err(c.error(S::UNPACK_TYPE_MISMATCH_ERROR, pc));
    }
    for field in fields_of(c, pc, def, variant, args)? {
        c.push_ty(field)?;
    }
    Ok(())
}

fn test_variant(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    def: &StructDefinition,
    args: &[SignatureToken],
) -> VResult<()> {
    match &*c.pop()? {
        ST::Reference(inner) | ST::MutableReference(inner)
            if is_struct_type(inner, def.struct_handle, args) =>
        {
            c.push(ST::Bool)
        }
        _ => Err(c.error(S::TEST_VARIANT_TYPE_MISMATCH_ERROR, pc)),
    }
}

fn write_ref(c: &mut TypeSafety<'_, '_>, pc: u16) -> VResult<()> {
    let reference = c.pop()?;
    let value = c.pop()?;
    let inner = match &*reference {
        ST::MutableReference(inner) => inner,
        _ => return Err(c.error(S::WRITEREF_NO_MUTABLE_REFERENCE_ERROR, pc)),
    };
    if !c.abilities(inner)?.has(Ability::Drop) {
        return Err(c.error(S::WRITEREF_WITHOUT_DROP_ABILITY, pc));
    }
    if !is_assignable(inner, &value) {
        return Err(c.error(S::WRITEREF_TYPE_MISMATCH_ERROR, pc));
    }
    Ok(())
}
