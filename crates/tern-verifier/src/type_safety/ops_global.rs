//! Typing rules of global-storage and vector instructions.

use super::ops::expect;
use super::TypeSafety;
use crate::error::{crash, VResult};
use crate::view::{is_assignable, is_struct_type, materialize};
use std::borrow::Cow;
use tern_binary::*;
use tern_primitives::{Ability, StatusCode};

use SignatureToken as ST;
use StatusCode as S;

/// Checks a global-storage or vector instruction.
pub(super) fn verify_global_or_vector(
    c: &mut TypeSafety<'_, '_>,
    instr: &Bytecode,
    pc: u16,
) -> VResult<()> {
    use Bytecode as B;
    let b = c.binary;
    match instr {
        B::MutBorrowGlobal(d) => borrow_global(c, pc, true, *d, &[]),
        B::ImmBorrowGlobal(d) => borrow_global(c, pc, false, *d, &[]),
        B::Exists(d) => exists(c, pc, *d, &[]),
        B::MoveFrom(d) => move_from(c, pc, *d, &[]),
        B::MoveTo(d) => move_to(c, pc, *d, &[]),
        B::MutBorrowGlobalGeneric(i)
        | B::ImmBorrowGlobalGeneric(i)
        | B::ExistsGeneric(i)
        | B::MoveFromGeneric(i)
        | B::MoveToGeneric(i) => {
            let inst = b.struct_inst(*i)?;
            let args = &b.sig(inst.type_parameters)?.0;
            c.charge_all(args)?;
            match instr {
                B::MutBorrowGlobalGeneric(_) => borrow_global(c, pc, true, inst.def, args),
                B::ImmBorrowGlobalGeneric(_) => borrow_global(c, pc, false, inst.def, args),
                B::ExistsGeneric(_) => exists(c, pc, inst.def, args),
                B::MoveFromGeneric(_) => move_from(c, pc, inst.def, args),
                _ => move_to(c, pc, inst.def, args),
            }
        }
        _ => verify_vector(c, instr, pc),
    }
}

fn struct_type(
    c: &TypeSafety<'_, '_>,
    def: StructDefinitionIndex,
    args: &[SignatureToken],
) -> VResult<(SignatureToken, bool)> {
    let def = c.binary.struct_def(def)?;
    let ty = materialize(def.struct_handle, args);
    let has_key = c.abilities(&ty)?.has(Ability::Key);
    Ok((ty, has_key))
}

/// The struct handle of definition `def` and whether `S<args>` has `key`.
fn struct_key<'s>(
    c: &TypeSafety<'_, '_>,
    def: StructDefinitionIndex,
    args: &'s [SignatureToken],
) -> VResult<((StructHandleIndex, &'s [SignatureToken]), bool)> {
    let handle = c.binary.struct_def(def)?.struct_handle;
    let has_key = c
        .binary
        .struct_abilities(handle, args, c.view.type_parameters)?
        .has(Ability::Key);
    Ok(((handle, args), has_key))
}

fn borrow_global(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    mutable: bool,
    def: StructDefinitionIndex,
    args: &[SignatureToken],
) -> VResult<()> {
    expect(c, &ST::Address, S::BORROWGLOBAL_TYPE_MISMATCH_ERROR, pc)?;
    let (ty, has_key) = struct_type(c, def, args)?;
    if !has_key {
        return Err(c.error(S::BORROWGLOBAL_WITHOUT_KEY_ABILITY, pc));
    }
    c.push(if mutable {
        ST::MutableReference(Box::new(ty))
    } else {
        ST::Reference(Box::new(ty))
    })
}

fn exists(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    def: StructDefinitionIndex,
    args: &[SignatureToken],
) -> VResult<()> {
    let (_, has_key) = struct_key(c, def, args)?;
    if !has_key {
        return Err(c.error(S::EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT, pc));
    }
    expect(
        c,
        &ST::Address,
        S::EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT,
        pc,
    )?;
    c.push(ST::Bool)
}

fn move_from(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    def: StructDefinitionIndex,
    args: &[SignatureToken],
) -> VResult<()> {
    let (ty, has_key) = struct_type(c, def, args)?;
    if !has_key {
        return Err(c.error(S::MOVEFROM_WITHOUT_KEY_ABILITY, pc));
    }
    expect(c, &ST::Address, S::MOVEFROM_TYPE_MISMATCH_ERROR, pc)?;
    c.push(ty)
}

fn move_to(
    c: &mut TypeSafety<'_, '_>,
    pc: u16,
    def: StructDefinitionIndex,
    args: &[SignatureToken],
) -> VResult<()> {
    let (ty, has_key) = struct_key(c, def, args)?;
    if !has_key {
        return Err(c.error(S::MOVETO_WITHOUT_KEY_ABILITY, pc));
    }
    let value = c.pop()?;
    let signer = c.pop()?;
    if !is_struct_type(&value, ty.0, ty.1) {
        return Err(c.error(S::MOVETO_TYPE_MISMATCH_ERROR, pc));
    }
    match &*signer {
        ST::Reference(inner) if **inner == ST::Signer => Ok(()),
        _ => Err(c.error(S::MOVETO_TYPE_MISMATCH_ERROR, pc)),
    }
}

/// The element type of a reference to a vector (mutable only if `mut_only`).
fn element_of(ty: &SignatureToken, mut_only: bool) -> Option<&SignatureToken> {
    match ty {
        ST::Reference(inner) if !mut_only => match &**inner {
            ST::Vector(elem) => Some(elem),
            _ => None,
        },
        ST::MutableReference(inner) => match &**inner {
            ST::Vector(elem) => Some(elem),
            _ => None,
        },
        _ => None,
    }
}

fn declared<'a>(c: &TypeSafety<'a, '_>, sig: SignatureIndex) -> VResult<&'a SignatureToken> {
    c.binary.sig(sig)?.0.first().ok_or_else(crash)
}

fn verify_vector(c: &mut TypeSafety<'_, '_>, instr: &Bytecode, pc: u16) -> VResult<()> {
    use Bytecode as B;
    let mismatch = |c: &TypeSafety<'_, '_>| c.error(S::TYPE_MISMATCH, pc);
    match instr {
        B::VecPack(sig, n) => {
            let elem = declared(c, *sig)?;
            for _ in 0..*n {
                let value = c.pop()?;
                if !is_assignable(elem, &value) {
                    return Err(mismatch(c));
                }
            }
            c.stack.push(Cow::Owned(ST::Vector(Box::new(elem.clone()))));
            Ok(())
        }
        B::VecLen(sig) => {
            let vector = c.pop()?;
            let elem = declared(c, *sig)?;
            match element_of(&vector, false) {
                Some(found) if found == elem => c.push(ST::U64),
                _ => Err(mismatch(c)),
            }
        }
        B::VecImmBorrow(sig) | B::VecMutBorrow(sig) => {
            let mutable = matches!(instr, B::VecMutBorrow(_));
            let elem = declared(c, *sig)?;
            let index = c.pop()?;
            let vector = c.pop()?;
            if *index != ST::U64 {
                return Err(mismatch(c));
            }
            match element_of(&vector, mutable) {
                Some(found) if found == elem && mutable => {
                    c.push(ST::MutableReference(Box::new(elem.clone())))
                }
                Some(found) if found == elem => c.push(ST::Reference(Box::new(elem.clone()))),
                _ => Err(mismatch(c)),
            }
        }
        B::VecPushBack(sig) => {
            let value = c.pop()?;
            let vector = c.pop()?;
            let elem = declared(c, *sig)?;
            if !is_assignable(elem, &value) {
                return Err(mismatch(c));
            }
            match element_of(&vector, true) {
                Some(found) if found == elem => Ok(()),
                _ => Err(mismatch(c)),
            }
        }
        B::VecPopBack(sig) => {
            let vector = c.pop()?;
            let elem = declared(c, *sig)?;
            match element_of(&vector, true) {
                Some(found) if found == elem => c.push_ty(Cow::Borrowed(elem)),
                _ => Err(mismatch(c)),
            }
        }
        B::VecUnpack(sig, n) => {
            let vector = c.pop()?;
            let elem = declared(c, *sig)?;
            if !matches!(&*vector, ST::Vector(inner) if **inner == *elem) {
                return Err(mismatch(c));
            }
            for _ in 0..*n {
                c.push_ty(Cow::Borrowed(elem))?;
            }
            Ok(())
        }
        B::VecSwap(sig) => {
            let i2 = c.pop()?;
            let i1 = c.pop()?;
            let vector = c.pop()?;
            if *i1 != ST::U64 || *i2 != ST::U64 {
                return Err(mismatch(c));
            }
            let elem = declared(c, *sig)?;
            match element_of(&vector, true) {
                Some(found) if found == elem => Ok(()),
                _ => Err(mismatch(c)),
            }
        }
        _ => Err(crate::error::invariant(
            "type safety: unhandled instruction",
        )),
    }
}
