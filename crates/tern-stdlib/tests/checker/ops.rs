//! The effect of each non-branching instruction on the abstract state.

use super::{expect_eq, Avail, Function, State};
use tern_binary::{
    Bytecode, FieldHandleIndex, FunctionHandleIndex, SignatureIndex, SignatureToken as Tok,
    StructDefinitionIndex,
};
use tern_primitives::Ability;

/// `tok` with type parameters replaced by `args`.
fn subst(tok: &Tok, args: &[Tok]) -> Tok {
    match tok {
        Tok::TypeParameter(i) => args[usize::from(*i)].clone(),
        Tok::Vector(inner) => Tok::Vector(Box::new(subst(inner, args))),
        Tok::Reference(inner) => Tok::Reference(Box::new(subst(inner, args))),
        Tok::MutableReference(inner) => Tok::MutableReference(Box::new(subst(inner, args))),
        Tok::StructInstantiation(h, targs) => {
            Tok::StructInstantiation(*h, targs.iter().map(|t| subst(t, args)).collect())
        }
        other => other.clone(),
    }
}

fn is_int(tok: &Tok) -> bool {
    matches!(
        tok,
        Tok::U8 | Tok::U16 | Tok::U32 | Tok::U64 | Tok::U128 | Tok::U256
    )
}

impl Function<'_> {
    fn sig(&self, idx: SignatureIndex) -> Vec<Tok> {
        self.module.signatures[idx.idx()].0.clone()
    }

    fn elem(&self, idx: SignatureIndex) -> Result<Tok, String> {
        match self.sig(idx).as_slice() {
            [t] => Ok(t.clone()),
            other => Err(format!("vector instruction signature {other:?}")),
        }
    }

    /// The type of struct `def` instantiated with `args`.
    fn struct_type(&self, def: StructDefinitionIndex, args: &[Tok]) -> Tok {
        let handle = self.module.struct_defs[def.idx()].struct_handle;
        match args.is_empty() {
            true => Tok::Struct(handle),
            false => Tok::StructInstantiation(handle, args.to_vec()),
        }
    }

    fn field_types(&self, def: StructDefinitionIndex, args: &[Tok]) -> Vec<Tok> {
        let def = &self.module.struct_defs[def.idx()];
        def.fields().iter().map(|f| subst(&f.type_, args)).collect()
    }

    fn borrow_field(&self, s: &mut State, fh: FieldHandleIndex, args: &[Tok], mutable: bool) -> R {
        let handle = &self.module.field_handles[fh.idx()];
        let owner = self.struct_type(handle.owner, args);
        let field = self.field_types(handle.owner, args)[usize::from(handle.field)].clone();
        match (self.pop(s)?, mutable) {
            (Tok::MutableReference(inner), _) | (Tok::Reference(inner), false)
                if *inner == owner => {}
            (other, _) => return Err(format!("borrow_field of {owner:?} on {other:?}")),
        }
        s.stack.push(match mutable {
            true => Tok::MutableReference(Box::new(field)),
            false => Tok::Reference(Box::new(field)),
        });
        Ok(())
    }

    fn call(&self, s: &mut State, fh: FunctionHandleIndex, args: &[Tok]) -> R {
        let handle = &self.module.function_handles[fh.idx()];
        for (constraint, arg) in handle.type_parameters.iter().zip(args) {
            if !constraint.is_subset(self.abilities(arg)) {
                return Err(format!("type argument {arg:?} lacks {constraint:?}"));
            }
        }
        let params: Vec<Tok> = self
            .sig(handle.parameters)
            .iter()
            .map(|t| subst(t, args))
            .collect();
        let at = s
            .stack
            .len()
            .checked_sub(params.len())
            .ok_or("stack underflow")?;
        let given = s.stack.split_off(at);
        expect_eq(&given, &params, "call arguments")?;
        s.stack
            .extend(self.sig(handle.return_).iter().map(|t| subst(t, args)));
        Ok(())
    }

    fn local(&self, s: &State, i: u8) -> Result<(usize, Tok), String> {
        let i = usize::from(i);
        if s.available[i] != Avail::Yes {
            return Err(format!("local {i} is not available"));
        }
        Ok((i, self.locals[i].clone()))
    }

    fn pop_vec_ref(&self, s: &mut State, elem: &Tok, mutable: bool) -> R {
        let want = Tok::Vector(Box::new(elem.clone()));
        match (self.pop(s)?, mutable) {
            (Tok::MutableReference(inner), _) | (Tok::Reference(inner), false)
                if *inner == want =>
            {
                Ok(())
            }
            (other, _) => Err(format!("expected a reference to {want:?}, found {other:?}")),
        }
    }

    fn need(&self, tok: &Tok, ability: Ability) -> R {
        match self.abilities(tok).has(ability) {
            true => Ok(()),
            false => Err(format!("{tok:?} lacks {ability:?}")),
        }
    }

    /// Applies a non-branching instruction.
    pub(super) fn apply(&self, op: &Bytecode, s: &mut State) -> R {
        match op {
            Bytecode::Nop => Ok(()),
            Bytecode::Pop => {
                let t = self.pop(s)?;
                self.need(&t, Ability::Drop)
            }
            Bytecode::LdU8(_) => push(s, Tok::U8),
            Bytecode::LdU64(_) => push(s, Tok::U64),
            Bytecode::LdU128(_) => push(s, Tok::U128),
            Bytecode::LdTrue | Bytecode::LdFalse => push(s, Tok::Bool),
            Bytecode::CastU64 | Bytecode::CastU128 => {
                let t = self.pop(s)?;
                if !is_int(&t) {
                    return Err(format!("cast of {t:?}"));
                }
                push(
                    s,
                    if *op == Bytecode::CastU64 {
                        Tok::U64
                    } else {
                        Tok::U128
                    },
                )
            }
            Bytecode::CopyLoc(i) => {
                let (_, t) = self.local(s, *i)?;
                self.need(&t, Ability::Copy)?;
                push(s, t)
            }
            Bytecode::MoveLoc(i) => {
                let (i, t) = self.local(s, *i)?;
                s.available[i] = Avail::No;
                push(s, t)
            }
            Bytecode::StLoc(i) => self.st_loc(s, usize::from(*i)),
            Bytecode::MutBorrowLoc(i) | Bytecode::ImmBorrowLoc(i) => {
                let (_, t) = self.local(s, *i)?;
                if t.is_reference() {
                    return Err("borrow of a reference local".into());
                }
                let r = match op {
                    Bytecode::MutBorrowLoc(_) => Tok::MutableReference(Box::new(t)),
                    _ => Tok::Reference(Box::new(t)),
                };
                push(s, r)
            }
            _ => self.apply_data(op, s),
        }
    }

    fn st_loc(&self, s: &mut State, i: usize) -> R {
        let t = self.pop(s)?;
        expect_eq(&[t], std::slice::from_ref(&self.locals[i]), "st_loc")?;
        if s.available[i] != Avail::No {
            self.need(&self.locals[i], Ability::Drop)?;
        }
        s.available[i] = Avail::Yes;
        Ok(())
    }

    fn apply_data(&self, op: &Bytecode, s: &mut State) -> R {
        let m = self.module;
        match op {
            Bytecode::Call(fh) => self.call(s, *fh, &[]),
            Bytecode::CallGeneric(fi) => {
                let inst = &m.function_instantiations[fi.idx()];
                self.call(s, inst.handle, &self.sig(inst.type_parameters))
            }
            Bytecode::Pack(def) => self.pack(s, *def, &[]),
            Bytecode::PackGeneric(di) => {
                let inst = &m.struct_def_instantiations[di.idx()];
                self.pack(s, inst.def, &self.sig(inst.type_parameters))
            }
            Bytecode::Unpack(def) => self.unpack(s, *def, &[]),
            Bytecode::UnpackGeneric(di) => {
                let inst = &m.struct_def_instantiations[di.idx()];
                self.unpack(s, inst.def, &self.sig(inst.type_parameters))
            }
            Bytecode::ImmBorrowField(fh) => self.borrow_field(s, *fh, &[], false),
            Bytecode::MutBorrowField(fh) => self.borrow_field(s, *fh, &[], true),
            Bytecode::ImmBorrowFieldGeneric(fi) | Bytecode::MutBorrowFieldGeneric(fi) => {
                let inst = &m.field_instantiations[fi.idx()];
                let mutable = matches!(op, Bytecode::MutBorrowFieldGeneric(_));
                self.borrow_field(s, inst.handle, &self.sig(inst.type_parameters), mutable)
            }
            _ => self.apply_refs(op, s),
        }
    }

    fn pack(&self, s: &mut State, def: StructDefinitionIndex, args: &[Tok]) -> R {
        let fields = self.field_types(def, args);
        let at = s
            .stack
            .len()
            .checked_sub(fields.len())
            .ok_or("stack underflow")?;
        let given = s.stack.split_off(at);
        expect_eq(&given, &fields, "pack fields")?;
        push(s, self.struct_type(def, args))
    }

    fn unpack(&self, s: &mut State, def: StructDefinitionIndex, args: &[Tok]) -> R {
        self.pop_exact(s, &self.struct_type(def, args))?;
        s.stack.extend(self.field_types(def, args));
        Ok(())
    }

    fn apply_refs(&self, op: &Bytecode, s: &mut State) -> R {
        match op {
            Bytecode::ReadRef => match self.pop(s)? {
                Tok::Reference(t) | Tok::MutableReference(t) => {
                    self.need(&t, Ability::Copy)?;
                    push(s, *t)
                }
                other => Err(format!("read_ref of {other:?}")),
            },
            Bytecode::WriteRef => match self.pop(s)? {
                Tok::MutableReference(t) => {
                    self.need(&t, Ability::Drop)?;
                    self.pop_exact(s, &t)
                }
                other => Err(format!("write_ref through {other:?}")),
            },
            Bytecode::FreezeRef => match self.pop(s)? {
                Tok::MutableReference(t) => push(s, Tok::Reference(t)),
                other => Err(format!("freeze_ref of {other:?}")),
            },
            _ => self.apply_arith(op, s),
        }
    }

    fn apply_arith(&self, op: &Bytecode, s: &mut State) -> R {
        match op {
            Bytecode::Add | Bytecode::Sub | Bytecode::Mul | Bytecode::Div => {
                let t = self.pop(s)?;
                self.pop_exact(s, &t)?;
                if !is_int(&t) {
                    return Err(format!("arithmetic on {t:?}"));
                }
                push(s, t)
            }
            Bytecode::Shl | Bytecode::Shr => {
                self.pop_exact(s, &Tok::U8)?;
                let t = self.pop(s)?;
                if !is_int(&t) {
                    return Err(format!("shift of {t:?}"));
                }
                push(s, t)
            }
            Bytecode::And => {
                self.pop_exact(s, &Tok::Bool)?;
                self.pop_exact(s, &Tok::Bool)?;
                push(s, Tok::Bool)
            }
            Bytecode::Not => {
                self.pop_exact(s, &Tok::Bool)?;
                push(s, Tok::Bool)
            }
            Bytecode::Eq | Bytecode::Neq => {
                let t = self.pop(s)?;
                self.pop_exact(s, &t)?;
                self.need(&t, Ability::Drop)?;
                push(s, Tok::Bool)
            }
            Bytecode::Lt | Bytecode::Gt | Bytecode::Le | Bytecode::Ge => {
                let t = self.pop(s)?;
                self.pop_exact(s, &t)?;
                if !is_int(&t) {
                    return Err(format!("comparison of {t:?}"));
                }
                push(s, Tok::Bool)
            }
            _ => self.apply_vector(op, s),
        }
    }

    fn apply_vector(&self, op: &Bytecode, s: &mut State) -> R {
        match op {
            Bytecode::VecPack(sig, n) => {
                let elem = self.elem(*sig)?;
                for _ in 0..*n {
                    self.pop_exact(s, &elem)?;
                }
                push(s, Tok::Vector(Box::new(elem)))
            }
            Bytecode::VecUnpack(sig, n) => {
                let elem = self.elem(*sig)?;
                self.pop_exact(s, &Tok::Vector(Box::new(elem.clone())))?;
                s.stack.extend((0..*n).map(|_| elem.clone()));
                Ok(())
            }
            Bytecode::VecLen(sig) => {
                self.pop_vec_ref(s, &self.elem(*sig)?, false)?;
                push(s, Tok::U64)
            }
            Bytecode::VecImmBorrow(sig) | Bytecode::VecMutBorrow(sig) => {
                let elem = self.elem(*sig)?;
                let mutable = matches!(op, Bytecode::VecMutBorrow(_));
                self.pop_exact(s, &Tok::U64)?;
                self.pop_vec_ref(s, &elem, mutable)?;
                push(
                    s,
                    match mutable {
                        true => Tok::MutableReference(Box::new(elem)),
                        false => Tok::Reference(Box::new(elem)),
                    },
                )
            }
            Bytecode::VecPushBack(sig) => {
                let elem = self.elem(*sig)?;
                self.pop_exact(s, &elem)?;
                self.pop_vec_ref(s, &elem, true)
            }
            Bytecode::VecPopBack(sig) => {
                let elem = self.elem(*sig)?;
                self.pop_vec_ref(s, &elem, true)?;
                push(s, elem)
            }
            Bytecode::VecSwap(sig) => {
                self.pop_exact(s, &Tok::U64)?;
                self.pop_exact(s, &Tok::U64)?;
                self.pop_vec_ref(s, &self.elem(*sig)?, true)
            }
            other => Err(format!("instruction {other:?} not handled by the checker")),
        }
    }
}

type R = Result<(), String>;

fn push(s: &mut State, t: Tok) -> R {
    s.stack.push(t);
    Ok(())
}
