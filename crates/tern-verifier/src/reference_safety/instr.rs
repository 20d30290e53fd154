//! The reference-safety effect of each instruction.

use super::state::{State, Value};
use super::ReferenceSafety;
use crate::error::{crash, invariant, VResult};
use crate::meter::Meter;
use tern_binary::*;

use SignatureToken as ST;

/// Executes one instruction on the abstract stack and state.
pub(super) fn execute_instr(
    a: &mut ReferenceSafety<'_, '_>,
    state: &mut State,
    instr: &Bytecode,
    pc: u16,
    meter: &mut Meter,
) -> VResult<()> {
    use Bytecode as B;
    let b = a.binary;
    match instr {
        B::Pop => {
            let v = a.pop()?;
            state.release_value(v);
        }
        B::CopyLoc(l) => {
            let v = state.copy_loc(pc, *l)?;
            a.stack.push(v);
        }
        B::MoveLoc(l) => {
            let v = state.move_loc(pc, *l)?;
            a.stack.push(v);
        }
        B::StLoc(l) => {
            let v = a.pop()?;
            state.st_loc(pc, *l, v)?;
        }
        B::FreezeRef => {
            let id = a.pop_ref()?;
            let v = state.freeze_ref(pc, id)?;
            a.stack.push(v);
        }
        B::Eq | B::Neq => {
            let v1 = a.pop()?;
            let v2 = a.pop()?;
            let v = state.comparison(pc, v1, v2)?;
            a.stack.push(v);
        }
        B::ReadRef => {
            let id = a.pop_ref()?;
            let v = state.read_ref(pc, id)?;
            a.stack.push(v);
        }
        B::WriteRef => {
            let id = a.pop_ref()?;
            a.pop_value()?;
            state.write_ref(pc, id)?;
        }
        B::MutBorrowLoc(l) | B::ImmBorrowLoc(l) => {
            let v = state.borrow_loc(pc, matches!(instr, B::MutBorrowLoc(_)), *l)?;
            a.stack.push(v);
        }
        // Aptos labels a field edge by the field's offset, Sui by the field handle (the order
        // of labels decides how a released borrow's edges are spliced into its parent's).
        B::MutBorrowField(h) | B::ImmBorrowField(h) => {
            let field = if b.flavor() == tern_primitives::Flavor::Sui {
                h.0
            } else {
                b.field_handle(*h)?.field
            };
            borrow_field(a, state, pc, matches!(instr, B::MutBorrowField(_)), field)?;
        }
        B::MutBorrowFieldGeneric(i) | B::ImmBorrowFieldGeneric(i) => {
            let handle = b.field_inst(*i)?.handle;
            let field = if b.flavor() == tern_primitives::Flavor::Sui {
                handle.0
            } else {
                b.field_handle(handle)?.field
            };
            let mutable = matches!(instr, B::MutBorrowFieldGeneric(_));
            borrow_field(a, state, pc, mutable, field)?;
        }
        B::MutBorrowVariantField(h) | B::ImmBorrowVariantField(h) => {
            let field = b.variant_field_handle(*h)?.field;
            let mutable = matches!(instr, B::MutBorrowVariantField(_));
            borrow_field(a, state, pc, mutable, field)?;
        }
        B::MutBorrowVariantFieldGeneric(i) | B::ImmBorrowVariantFieldGeneric(i) => {
            let field = b
                .variant_field_handle(b.variant_field_inst(*i)?.handle)?
                .field;
            let mutable = matches!(instr, B::MutBorrowVariantFieldGeneric(_));
            borrow_field(a, state, pc, mutable, field)?;
        }
        B::MutBorrowGlobal(d) | B::ImmBorrowGlobal(d) => {
            a.pop_value()?;
            let v = state.borrow_global(pc, matches!(instr, B::MutBorrowGlobal(_)), d.0)?;
            a.stack.push(v);
        }
        B::MutBorrowGlobalGeneric(i) | B::ImmBorrowGlobalGeneric(i) => {
            a.pop_value()?;
            let def = b.struct_inst(*i)?.def;
            let mutable = matches!(instr, B::MutBorrowGlobalGeneric(_));
            let v = state.borrow_global(pc, mutable, def.0)?;
            a.stack.push(v);
        }
        B::MoveFrom(d) => {
            a.pop_value()?;
            let v = state.move_from(pc, d.0)?;
            a.stack.push(v);
        }
        B::MoveFromGeneric(i) => {
            a.pop_value()?;
            let v = state.move_from(pc, b.struct_inst(*i)?.def.0)?;
            a.stack.push(v);
        }
        B::Call(h) => a.call(state, pc, *h, meter)?,
        B::CallGeneric(i) => a.call(state, pc, b.function_inst(*i)?.handle, meter)?,
        B::Ret => {
            let values = a.pop_n(a.returns.len())?;
            state.ret(pc, values)?;
        }
        _ => return execute_value_instr(a, state, instr, pc, meter),
    }
    Ok(())
}

fn borrow_field(
    a: &mut ReferenceSafety<'_, '_>,
    state: &mut State,
    pc: u16,
    mutable: bool,
    field: u16,
) -> VResult<()> {
    let id = a.pop_ref()?;
    let v = state.borrow_field(pc, mutable, id, field)?;
    a.stack.push(v);
    Ok(())
}

fn field_count(def: &StructDefinition, variant: Option<u16>) -> usize {
    match (&def.field_information, variant) {
        (StructFieldInformation::Declared(fields), None) => fields.len(),
        (StructFieldInformation::DeclaredVariants(vs), Some(v)) => {
            vs.get(usize::from(v)).map_or(0, |v| v.fields.len())
        }
        _ => 0,
    }
}

fn pack(a: &mut ReferenceSafety<'_, '_>, fields: usize) -> VResult<()> {
    for _ in 0..fields {
        a.pop_value()?;
    }
    a.stack.push(Value::NonRef);
    Ok(())
}

fn unpack(a: &mut ReferenceSafety<'_, '_>, fields: usize) -> VResult<()> {
    a.pop_value()?;
    a.stack.extend(std::iter::repeat_n(Value::NonRef, fields));
    Ok(())
}

fn unpack_variant_ref(
    a: &mut ReferenceSafety<'_, '_>,
    state: &mut State,
    pc: u16,
    mutable: bool,
    variant: (u16, u16, usize),
) -> VResult<()> {
    let id = a.pop_ref()?;
    let values = state.unpack_variant_ref(pc, mutable, id, variant)?;
    a.stack.extend(values);
    Ok(())
}

fn variant_fields(a: &ReferenceSafety<'_, '_>, h: StructVariantHandleIndex) -> VResult<usize> {
    let handle = a.binary.struct_variant_handle(h)?;
    let def = a.binary.struct_def(handle.struct_index)?;
    Ok(field_count(def, Some(handle.variant)))
}

fn element_type(a: &ReferenceSafety<'_, '_>, sig: SignatureIndex) -> VResult<SignatureToken> {
    a.binary
        .sig(sig)?
        .0
        .first()
        .cloned()
        .ok_or_else(|| crate::error::err(tern_primitives::StatusCode::VERIFIER_INVARIANT_VIOLATION))
}

fn execute_value_instr(
    a: &mut ReferenceSafety<'_, '_>,
    state: &mut State,
    instr: &Bytecode,
    pc: u16,
    meter: &mut Meter,
) -> VResult<()> {
    use Bytecode as B;
    let b = a.binary;
    match instr {
        B::Branch(_) | B::Nop | B::Not | B::Exists(_) | B::ExistsGeneric(_) => {}
        B::CastU8 | B::CastU16 | B::CastU32 | B::CastU64 | B::CastU128 | B::CastU256 => {}
        B::CastI8 | B::CastI16 | B::CastI32 | B::CastI64 | B::CastI128 | B::CastI256 => {}
        B::Negate => {}
        B::BrTrue(_) | B::BrFalse(_) | B::Abort => a.pop_value()?,
        B::AbortMsg => {
            a.pop_value()?;
            a.pop_value()?;
        }
        B::MoveTo(_) | B::MoveToGeneric(_) => {
            a.pop_value()?;
            let signer = a.pop()?;
            state.release_value(signer);
        }
        B::LdTrue | B::LdFalse => a.stack.push(state.value_for(&ST::Bool)),
        B::LdU8(_) | B::LdU16(_) | B::LdU32(_) | B::LdU64(_) | B::LdU128(_) | B::LdU256(_) => {
            a.stack.push(Value::NonRef)
        }
        B::LdI8(_) | B::LdI16(_) | B::LdI32(_) | B::LdI64(_) | B::LdI128(_) | B::LdI256(_) => {
            a.stack.push(Value::NonRef)
        }
        B::LdConst(idx) => {
            let ty = &b.constant(*idx)?.type_;
            a.stack.push(state.value_for(ty));
        }
        B::Add | B::Sub | B::Mul | B::Mod | B::Div | B::BitOr | B::BitAnd | B::Xor => binary_op(a)?,
        B::Shl | B::Shr | B::Or | B::And | B::Lt | B::Gt | B::Le | B::Ge => binary_op(a)?,
        B::Pack(d) => pack(a, field_count(b.struct_def(*d)?, None))?,
        B::PackGeneric(i) => pack(a, field_count(b.struct_def(b.struct_inst(*i)?.def)?, None))?,
        B::Unpack(d) => unpack(a, field_count(b.struct_def(*d)?, None))?,
        B::UnpackGeneric(i) => unpack(a, field_count(b.struct_def(b.struct_inst(*i)?.def)?, None))?,
        B::PackVariant(h) => pack(a, variant_fields(a, *h)?)?,
        B::PackVariantGeneric(i) => pack(a, variant_fields(a, b.struct_variant_inst(*i)?.handle)?)?,
        B::UnpackVariant(h) => unpack(a, variant_fields(a, *h)?)?,
        B::UnpackVariantGeneric(i) => {
            unpack(a, variant_fields(a, b.struct_variant_inst(*i)?.handle)?)?
        }
        B::TestVariant(_) | B::TestVariantGeneric(_) => {
            let id = a.pop_ref()?;
            let v = state.read_ref(pc, id)?;
            a.stack.push(v);
        }
        B::SuiPackVariant(h) => pack(a, b.sui_variant(*h)?.1.fields.len())?,
        B::SuiPackVariantGeneric(i) => pack(a, b.sui_variant_instantiated(*i)?.1.fields.len())?,
        B::SuiUnpackVariant(h) => unpack(a, b.sui_variant(*h)?.1.fields.len())?,
        B::SuiUnpackVariantGeneric(i) => unpack(a, b.sui_variant_instantiated(*i)?.1.fields.len())?,
        B::SuiUnpackVariantImmRef(h) | B::SuiUnpackVariantMutRef(h) => {
            let handle = b.sui_variant_handle(*h)?;
            let fields = b.sui_variant(*h)?.1.fields.len();
            let mutable = matches!(instr, B::SuiUnpackVariantMutRef(_));
            let variant = (handle.enum_def.0, handle.variant, fields);
            unpack_variant_ref(a, state, pc, mutable, variant)?
        }
        B::SuiUnpackVariantGenericImmRef(i) | B::SuiUnpackVariantGenericMutRef(i) => {
            let handle = b.sui_variant_inst(*i)?;
            let (inst, variant) = b.sui_variant_instantiated(*i)?;
            let mutable = matches!(instr, B::SuiUnpackVariantGenericMutRef(_));
            let variant = (inst.def.0, handle.variant, variant.fields.len());
            unpack_variant_ref(a, state, pc, mutable, variant)?
        }
        B::VariantSwitch(_) => {
            let v = a.pop()?;
            state.release_value(v);
        }
        B::PackClosure(h, mask) => pack_closure(a, *h, *mask)?,
        B::PackClosureGeneric(i, mask) => pack_closure(a, b.function_inst(*i)?.handle, *mask)?,
        B::CallClosure(sig) => {
            let Some(ST::Function(params, results, _)) = b.sig(*sig)?.0.first() else {
                return Err(crate::error::err(
                    tern_primitives::StatusCode::VERIFIER_INVARIANT_VIOLATION,
                ));
            };
            a.pop()?;
            let args = a.pop_n(params.len())?;
            let values = state.core_call(pc, args, results, meter)?;
            a.stack.extend(values);
        }
        _ => return execute_vector_instr(a, state, instr, pc),
    }
    Ok(())
}

fn binary_op(a: &mut ReferenceSafety<'_, '_>) -> VResult<()> {
    a.pop_value()?;
    a.pop_value()?;
    a.stack.push(Value::NonRef);
    Ok(())
}

fn pack_closure(
    a: &mut ReferenceSafety<'_, '_>,
    handle: FunctionHandleIndex,
    mask: ClosureMask,
) -> VResult<()> {
    let handle = a.binary.function_handle(handle)?;
    let params = a.binary.sig(handle.parameters)?.len();
    let captured = (0..params).filter(|i| mask.is_captured(*i)).count();
    for _ in 0..captured {
        a.pop_value()?;
    }
    a.stack.push(Value::NonRef);
    Ok(())
}

fn execute_vector_instr(
    a: &mut ReferenceSafety<'_, '_>,
    state: &mut State,
    instr: &Bytecode,
    pc: u16,
) -> VResult<()> {
    use Bytecode as B;
    match instr {
        B::VecPack(sig, n) => {
            for _ in 0..*n {
                a.pop_value()?;
            }
            let elem = element_type(a, *sig)?;
            a.stack.push(state.value_for(&ST::Vector(Box::new(elem))));
        }
        B::VecLen(_) => {
            let v = a.pop()?;
            state.vector_op(pc, v, false)?;
            a.stack.push(state.value_for(&ST::U64));
        }
        B::VecImmBorrow(_) | B::VecMutBorrow(_) => {
            a.pop_value()?;
            let v = a.pop()?;
            let elem = state.vector_element_borrow(pc, v, matches!(instr, B::VecMutBorrow(_)))?;
            a.stack.push(elem);
        }
        B::VecPushBack(_) => {
            a.pop_value()?;
            let v = a.pop()?;
            state.vector_op(pc, v, true)?;
        }
        B::VecPopBack(sig) => {
            let v = a.pop()?;
            state.vector_op(pc, v, true)?;
            let elem = element_type(a, *sig)?;
            a.stack.push(state.value_for(&elem));
        }
        B::VecUnpack(sig, n) => {
            a.pop_value()?;
            let elem = element_type(a, *sig)?;
            for _ in 0..*n {
                let v = state.value_for(&elem);
                a.stack.push(v);
            }
        }
        B::VecSwap(_) => {
            a.pop_value()?;
            a.pop_value()?;
            let v = a.pop()?;
            state.vector_op(pc, v, true)?;
        }
        _ => return Err(invariant("reference safety: unhandled instruction")),
    }
    let _ = crash;
    Ok(())
}
